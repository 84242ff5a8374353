//! The bot protocol of `atom4 chain engine`: one position a line on
//! standard input (the notation of spec section 3), one line back for
//! each, flushed at once: the strong engine's move (`x,y`, or `pass` in
//! atoms), or `error: <why>` for a line that is not a position in play,
//! after which the program goes on. It ends at the end of its input.
//!
//! Lines are read at most [`MAX_LINE`] bytes at a time: a longer line is
//! answered with an error and the rest of it skipped, so no input makes it
//! hold more than that in memory.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use atom4_core::chain::{letter, Position, Status, StrongEval, StrongSearch};
use atom4_core::control::Stopper;
use atom4_core::search::{Entry, Limits, MAX_PLY};

use super::options::EngineArgs;
use crate::input::{read_line, Line};
use atom4_arena::memory::filled;

/// The longest line read: a 16x16 position is under 600 bytes.
pub const MAX_LINE: usize = 4096;

/// The engine behind the protocol: its table is kept from line to line.
pub struct Bot {
    table: Vec<Entry<atom4_core::chain::Move>>,
    time: Duration,
    nodes: u64,
    seed: u64,
}

impl Bot {
    /// The bot, or why the machine has not got the memory of its table.
    pub fn new(args: &EngineArgs) -> Result<Bot, String> {
        let time = Duration::from_millis(args.time);
        // A slot for each node it may visit, as the arena sizes tables.
        let slots = (time.as_micros().min(1 << 40) as u64 * 4).clamp(1 << 12, 1 << 20);
        Ok(Bot {
            table: filled(
                slots.next_power_of_two() as usize,
                Entry::EMPTY,
                "the search's table",
            )?,
            time,
            nodes: args.nodes.unwrap_or(u64::MAX),
            seed: args.seed,
        })
    }

    /// The answer to one line: a move, or `error: <why>`.
    pub fn answer(&mut self, line: &Line) -> String {
        let text = match line {
            Line::TooLong => return format!("error: a line longer than {MAX_LINE} bytes"),
            Line::Text(bytes) => match std::str::from_utf8(bytes) {
                Ok(text) => text.trim(),
                Err(e) => return format!("error: not UTF-8 text (at byte {})", e.valid_up_to()),
            },
        };
        if text.is_empty() {
            return "error: an empty line: give a position, RULES PLAYERS BOARD TOMOVE PLY OUT RESULT"
                .to_string();
        }
        let position = match text.parse::<Position>() {
            Ok(p) => p,
            Err(e) => return format!("error: not a position: {e}"),
        };
        match position.status() {
            Status::Won(p) => return format!("error: the game is over: won by {}", letter(p)),
            Status::Drawn => return "error: the game is over: drawn".to_string(),
            Status::Playing => {}
        }
        if position.out_of_turns() {
            return "error: no move is legal: the turn counter has no room for another turn"
                .to_string();
        }
        let deadline = Instant::now() + self.time;
        let mut control = Stopper::new().deadline(Some(deadline));
        let limits = Limits {
            depth: MAX_PLY as u8,
            nodes: self.nodes,
            seed: self.seed,
        };
        let report = StrongSearch::new(&mut self.table, StrongEval::default()).run(
            &position,
            limits,
            &mut control,
        );
        match report.best {
            Some(mv) => mv.to_string(),
            None => "error: no move to make".to_string(),
        }
    }
}

/// Serves the protocol on standard input and output until the input ends.
pub fn run(args: &EngineArgs) -> Result<(), String> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    serve(&mut stdin.lock(), &mut stdout.lock(), args)
}

/// Serves the protocol from `input` to `output`.
pub fn serve(
    input: &mut impl BufRead,
    output: &mut impl Write,
    args: &EngineArgs,
) -> Result<(), String> {
    let mut bot = Bot::new(args)?;
    let closed = |e: io::Error| format!("standard output: {e}");
    while let Some(line) = read_line(input, MAX_LINE).map_err(|e| format!("standard input: {e}"))? {
        let answer = bot.answer(&line);
        writeln!(output, "{answer}").map_err(closed)?;
        output.flush().map_err(closed)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args() -> EngineArgs {
        EngineArgs {
            time: 1000,
            nodes: Some(3000),
            seed: 0,
        }
    }

    fn session(input: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        serve(
            &mut io::BufReader::with_capacity(16, input),
            &mut out,
            &args(),
        )
        .unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }

    #[test]
    fn positions_get_moves_and_garbage_gets_errors() {
        let mut input = Vec::new();
        input.extend_from_slice(b"classic 2 1a2b./2b3b2b/1a2b. b 13 - *\n");
        input.extend_from_slice(b"hello\n\n");
        input.extend_from_slice(b"classic 2 3b.2b/.4b./3b.2b - 14 a b\n");
        input.extend_from_slice(b"\xff\xfe\n");
        input.extend(std::iter::repeat_n(b'x', 10 * MAX_LINE));
        input.extend_from_slice(b"\r\natoms 2 1b1b/1b1b b 21 - *\r\n");
        input.extend_from_slice(b"classic 4 ..../..../..../.... a 0 - *");
        let lines = session(&input);
        assert_eq!(lines.len(), 8, "{lines:?}");
        let mut won: Position = "classic 2 1a2b./2b3b2b/1a2b. b 13 - *".parse().unwrap();
        won.play(lines[0].parse().unwrap()).unwrap();
        assert_eq!(won.status(), Status::Won(atom4_core::game::Player::TWO));
        assert!(
            lines[1].starts_with("error: not a position: at byte 0:"),
            "{}",
            lines[1]
        );
        assert!(lines[2].starts_with("error: an empty line"));
        assert_eq!(lines[3], "error: the game is over: won by b");
        assert_eq!(lines[4], "error: not UTF-8 text (at byte 0)");
        assert_eq!(
            lines[5],
            format!("error: a line longer than {MAX_LINE} bytes")
        );
        let atoms: Position = "atoms 2 1b1b/1b1b b 21 - *".parse().unwrap();
        let mv = lines[6].parse().unwrap();
        assert!(atoms.check_move(mv).is_ok(), "{}", lines[6]);
        let four: Position = "classic 4 ..../..../..../.... a 0 - *".parse().unwrap();
        assert!(four.check_move(lines[7].parse().unwrap()).is_ok());
    }
}
