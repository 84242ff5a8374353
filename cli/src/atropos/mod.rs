//! Atropos from the command line (`atom4 atropos ...`): the player
//! program a referee runs, the exact solver, our referee, and the game in
//! the terminal.

pub mod options;
pub mod player;
pub mod referee;
pub mod render;
pub mod screen;
pub mod solve;

use std::time::Instant;

pub use options::Command;

/// Runs one of Atropos's subcommands.
pub fn run(command: Command) -> Result<(), String> {
    // The player's budget counts from here (the command line is parsed).
    let start = Instant::now();
    match command {
        Command::Player(args) => player::run(&args, start),
        Command::Solve(args) => solve::run(&args),
        Command::Referee(args) => referee::run(&args),
        Command::Play(args) => {
            let (options, start, engines) = args.into_game()?;
            let atropos = atom4_core::registry::GameId::Atropos;
            crate::screens::play_on_screen(atropos, start, &options, engines)
        }
    }
    .map_err(|e| format!("atropos: {e}"))
}
