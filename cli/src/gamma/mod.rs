//! Gamma in the terminal: the `gamma` program of the course (batch mode and
//! interactive mode, spec sections 5 and 6) and `atom4 gamma play`, the
//! interactive mode's screen with the computer at some seats.

pub mod batch;
pub mod interactive;
pub mod keys;
pub mod memory;
pub mod play;
pub mod render;
pub mod screen;
pub mod tui;

use std::io::{self, Write};

use atom4_core::gamma::{GameMemory as _, Gamma};
use clap::Subcommand;

/// `atom4 gamma ...`.
#[derive(Subcommand, Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play Gamma on the interactive mode's screen, the computer at the
    /// seats of --computer (keys: arrows, space a move, g a golden move,
    /// c skip, Ctrl-D end).
    Play(play::PlayArgs),
}

/// Runs `atom4 gamma ...`.
pub fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Play(args) => play::run(&args),
    }
}

/// What `gamma --help` prints.
const USAGE: &str = "\
Usage: gamma < COMMANDS

The Gamma course's program. Batch mode: a line `B width height players areas`
starts a game, then one command a line (`m player x y` a move, `g player x y`
a golden move, `b player` busy fields, `f player` free fields, `q player`
whether a golden move is possible, `p` the board); results go to standard
output, `ERROR n` for line n's errors to standard error. A line `I width
height players areas` starts the interactive mode instead: the board in the
terminal, arrows move, space places, g a golden move, c skips, Ctrl-D ends.
";

/// The `gamma` program: the batch mode on standard input, then the
/// interactive mode if an `I` line starts it. Returns the exit status: 0,
/// or 1 after a critical failure (an output that cannot be written, a
/// terminal that cannot be set up), which it reports on standard error.
pub fn program() -> i32 {
    let mut args = std::env::args().skip(1);
    if let Some(arg) = args.next() {
        let (text, status) = match arg.as_str() {
            "-h" | "--help" => (USAGE.to_string(), 0),
            "-V" | "--version" => (format!("gamma {}\n", env!("CARGO_PKG_VERSION")), 0),
            _ => (
                format!("gamma: no arguments are taken ({arg:?}): see gamma --help\n"),
                2,
            ),
        };
        let _ = if status == 0 {
            io::stdout().write_all(text.as_bytes())
        } else {
            io::stderr().write_all(text.as_bytes())
        };
        return status;
    }
    let ended = {
        let mut out = batch::Sink::new(io::stdout().lock());
        let mut err = batch::Sink::new(io::stderr().lock());
        batch::run(&mut io::stdin().lock(), &mut out, &mut err)
    };
    let result = match ended {
        Ok(batch::Ended::Input) => Ok(()),
        Ok(batch::Ended::Interactive { session, pending }) => {
            let mut memory = session.into_memory();
            let played = match Gamma::attach(memory.words()) {
                Ok(game) => tui::play(game, &pending, None),
                Err(e) => Err(format!("the game was lost: {e}")),
            };
            played
        }
        Err(e) => match e
            .get_ref()
            .and_then(|e| e.downcast_ref::<batch::ReadError>())
        {
            Some(read) => Err(read.to_string()),
            None => Err(format!("cannot write the output: {e}")),
        },
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(io::stderr(), "gamma: {e}");
            1
        }
    }
}
