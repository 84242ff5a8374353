//! `atom4 atropos solve`: the exact solver from the command line (spec
//! decision 12). `--size N` prints `size N: win|loss` as soon as the value
//! is known, then the start's line in the format of `solved.tsv` (every
//! winning first move); `--lines` reads state strings on standard input
//! and prints each one's line. Long solves show their progress on
//! standard error.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use atom4_core::atropos::{Atropos, Move, MoveList, SolveError, Solver, Value};
use atom4_core::control::Control;

use super::options::SolveArgs;
use super::player::parse_state;
use atom4_arena::memory::filled;

/// The longest line `--lines` reads (a state string is at most about 230
/// bytes): anything longer is refused without reading it all.
const MAX_LINE: usize = 4096;

/// The line of `solved.tsv` for `state`: `STATE<TAB>win|loss<TAB>WINNING`.
pub fn solved_line(state: &Atropos, value: Value, winning: &[Move]) -> String {
    let moves: Vec<String> = winning.iter().map(Move::to_string).collect();
    format!("{state}\t{value}\t{}", moves.join(" "))
}

/// Reports a long solve's progress on standard error (the shared
/// [`atom4_arena::progress::Progress`]: on a terminal, a line rewritten in
/// place; elsewhere, a line a minute).
pub struct Progress {
    start: Instant,
    line: atom4_arena::progress::Progress,
}

impl Progress {
    pub fn new() -> Progress {
        use std::io::IsTerminal;
        Progress {
            start: Instant::now(),
            line: atom4_arena::progress::Progress::with(
                std::io::stderr().is_terminal(),
                Duration::from_secs(60),
            ),
        }
    }

    /// Clears the progress line, if one is on the terminal.
    pub fn done(&mut self) {
        self.line.clear();
    }
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

impl Control<Move> for Progress {
    fn should_stop(&mut self, nodes: u64) -> bool {
        let start = self.start;
        self.line.show(|| {
            let secs = start.elapsed().as_secs_f64();
            format!(
                "solving: {:.1} M positions, {:.0} s, {:.2} M a second",
                nodes as f64 / 1e6,
                secs,
                nodes as f64 / secs.max(1e-9) / 1e6
            )
        });
        false
    }
}

/// The table's slots for `mb` MiB: a power of two of 8-byte slots.
fn table(mb: u32) -> Result<Vec<u64>, String> {
    let slots = ((mb as usize) << 20 >> 3).next_power_of_two();
    let slots = if slots > (mb as usize) << 17 {
        slots / 2
    } else {
        slots
    };
    filled(slots, 0, &format!("a {mb} MiB table"))
}

fn solve_error(e: SolveError) -> String {
    e.to_string()
}

pub fn run(args: &SolveArgs) -> Result<(), String> {
    // The size is checked before the table is taken.
    let start = args
        .size
        .map(|n| Atropos::new(n).map_err(|e| e.to_string()))
        .transpose()?;
    let mut slots = table(args.hash_mb)?;
    let mut solver = Solver::new(&mut slots);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let write = |out: &mut std::io::StdoutLock<'_>, line: &str| {
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write: {e}"))
    };
    if let (Some(n), Some(start)) = (args.size, start) {
        let mut progress = Progress::new();
        let value = solver.value(&start, &mut progress).map_err(solve_error)?;
        progress.done();
        write(&mut out, &format!("size {n}: {value}"))?;
        if !args.value {
            let mut winning = MoveList::new();
            let value = solver
                .winning_moves(&start, &mut winning, &mut progress)
                .map_err(solve_error)?;
            progress.done();
            write(&mut out, &solved_line(&start, value, &winning))?;
        }
        return Ok(());
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buffer = Vec::new();
    let mut winning = MoveList::new();
    for number in 1.. {
        buffer.clear();
        let read = std::io::Read::take(&mut input, MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buffer)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if read == 0 {
            break;
        }
        if buffer.len() > MAX_LINE {
            return Err(format!("line {number}: longer than {MAX_LINE} bytes"));
        }
        while matches!(buffer.last(), Some(b'\n' | b'\r')) {
            buffer.pop();
        }
        if buffer.is_empty() {
            continue;
        }
        let text =
            std::str::from_utf8(&buffer).map_err(|e| format!("line {number}: not UTF-8 ({e})"))?;
        let state = parse_state(text).map_err(|e| format!("line {number}: {e}"))?;
        let mut progress = Progress::new();
        let value = solver
            .winning_moves(&state, &mut winning, &mut progress)
            .map_err(|e| format!("line {number}: {e}"))?;
        progress.done();
        write(&mut out, &solved_line(&state, value, &winning))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_solved_tsv() {
        let start = Atropos::new(3).unwrap();
        let moves: Vec<Move> = ["(1,1,1,3)", "(2,1,3,1)"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        assert_eq!(
            solved_line(&start, Value::Win, &moves),
            "[13][302][1003][30002][1212]LastPlay:null\twin\t(1,1,1,3) (2,1,3,1)"
        );
        assert!(solved_line(&start, Value::Loss, &[]).ends_with("\tloss\t"));
    }

    #[test]
    fn tables_are_powers_of_two_within_the_size() {
        assert_eq!(table(1).unwrap().len(), 1 << 17);
        assert_eq!(table(3).unwrap().len(), 1 << 18);
    }
}
