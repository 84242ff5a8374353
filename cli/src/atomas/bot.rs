//! `atom4 atomas bot`: a bot that speaks the contest's protocol. It answers
//! every request line it reads until the end of its input (so it serves
//! both process models: one request per process, or one process per game),
//! in either form (`ATOM/BOARD` or `SCORE/MOVE/ATOM/BOARD`), flushing each
//! reply; a malformed request gets one line `error: <why>` and the bot goes
//! on serving.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use atom4_core::atomas::bot::{Bot, Limits};
use atom4_core::atomas::{Atom, Atomas, Reply, Request, Session, Weights};
use atom4_core::control::Stopper;
use clap::Args;

use crate::input::Line;

/// The longest request line the bot reads (a real one is under 300 bytes).
pub const MAX_LINE: usize = 4096;

/// `atom4 atomas bot`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct BotArgs {
    /// The most time a move may take, in milliseconds (the search stops
    /// at the depth it completed by then). Most moves take well under a
    /// millisecond; the crowded rings searched a reply deeper take a few.
    #[arg(long, value_name = "MS", default_value_t = 20.0)]
    pub time: f64,
    /// The deepest search, in replies (one more on rings of 12 entries or
    /// more).
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=atom4_core::atomas::bot::MAX_DEPTH as i64))]
    pub depth: u8,
    /// A node limit a move (replaces the time limit; the same requests
    /// then get the same replies on any machine).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
}

impl BotArgs {
    /// The search limits and the deadline of a move started at `start`.
    fn limits(&self, start: Instant) -> (Limits, Option<Instant>) {
        let mut limits = Limits::depth(self.depth);
        match self.nodes {
            Some(nodes) => {
                limits.nodes = nodes;
                (limits, None)
            }
            None => (
                limits,
                Some(start + Duration::from_secs_f64(self.time.max(0.0) / 1000.0)),
            ),
        }
    }
}

/// Reads one line of at most `MAX_LINE` bytes (without its newline), or
/// says why it is not a line of text; `None` at the end of the input. An
/// overlong line is read to its end and refused.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<Result<String, String>>> {
    Ok(
        crate::input::read_line(input, MAX_LINE)?.map(|line| match line {
            Line::Text(bytes) => {
                String::from_utf8(bytes).map_err(|_| "the line is not UTF-8 text".to_string())
            }
            Line::TooLong => Err(format!("the line is longer than {MAX_LINE} bytes")),
        }),
    )
}

/// The reply the bot gives in `state`: the search's choice, or (when no
/// reply is possible by the rules, as at the engine's limits) the first
/// index, which the protocol accepts.
pub fn choose(bot: &mut Bot, state: &Atomas, limits: Limits, deadline: Option<Instant>) -> Reply {
    let mut stopper = Stopper::new().deadline(deadline);
    let report = bot.search(state, limits, &mut stopper);
    report.best.unwrap_or(match state.hand() {
        Some(Atom::Clone) => Reply::Entry(0),
        Some(Atom::Minus) => Reply::Remove {
            entry: 0,
            to_plus: true,
        },
        _ => Reply::Gap(0),
    })
}

/// Serves requests from `input` until its end, a reply (or error line) to
/// `output` for each, flushed at once. An error says which stream failed.
pub fn serve(
    args: &BotArgs,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<(), String> {
    let mut bot = Bot::new(Weights::DEFAULT);
    let mut session = Session::new();
    let closed = |e: io::Error| format!("standard output: {e}");
    while let Some(line) = read_line(input).map_err(|e| format!("standard input: {e}"))? {
        let start = Instant::now();
        let request = line.and_then(|text| Request::parse(&text).map_err(|e| e.to_string()));
        match request {
            Ok(request) => {
                let state = session.state(&request);
                let (limits, deadline) = args.limits(start);
                let reply = choose(&mut bot, &state, limits, deadline);
                session.played(&state, reply);
                writeln!(output, "{reply}").map_err(closed)?;
            }
            Err(why) => {
                session.reset();
                writeln!(output, "error: {why}").map_err(closed)?;
            }
        }
        output.flush().map_err(closed)?;
    }
    Ok(())
}

/// Runs the bot on standard input and output. A controller that went away
/// (a broken pipe) is an error with a message, as for the chain engine.
pub fn run(args: &BotArgs) -> Result<(), String> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    serve(args, &mut stdin.lock(), &mut stdout.lock())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve_text(input: &[u8]) -> String {
        let args = BotArgs {
            time: 1000.0,
            depth: 1,
            nodes: Some(100_000),
        };
        let mut out = Vec::new();
        serve(&args, &mut &input[..], &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn both_forms_are_answered_and_garbage_gets_an_error_line() {
        let out = serve_text(b"+/1 1 3 2 2 3\n0/1/-/1 2\ngarbage\n\xff\n3/\n1/1 2");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 6, "{out}");
        assert_eq!(lines[0], "3", "the seed's chain: between the two 2s");
        assert!(
            Reply::parse(lines[1], Atom::Minus, 2).is_ok(),
            "{}",
            lines[1]
        );
        assert!(lines[2].starts_with("error: at byte 0:"), "{}", lines[2]);
        assert_eq!(lines[3], "error: the line is not UTF-8 text");
        assert_eq!(lines[4], "0");
        assert!(Reply::parse(lines[5], Atom::Number(1), 2).is_ok());
    }

    #[test]
    fn an_overlong_line_is_refused_and_the_next_one_served() {
        let mut input = vec![b'1'; 3 * MAX_LINE];
        input.extend_from_slice(b"\n+/2 2\n");
        let out = serve_text(&input);
        assert_eq!(
            out,
            format!("error: the line is longer than {MAX_LINE} bytes\n0\n")
        );
    }
}
