//! Chain Reaction in the terminal: `atom4 chain atoms` (the learncgames
//! tutorial's console game against its computer player), `atom4 chain
//! play` (2 to 8 players, people and computers, cursor and keys, cascades
//! wave by wave: its screen in the app skeleton) and `atom4 chain engine`
//! (the bot protocol: a position a line in, a move a line out).

pub mod bot;
pub mod options;
pub mod render;
pub mod screen;
pub mod tutorial;

use atom4_core::registry::GameId;
use clap::Subcommand;

/// Chain Reaction's subcommands.
#[derive(Subcommand, Clone, Debug, PartialEq)]
pub enum Command {
    /// The learncgames tutorial's console game (atoms3.c): you play P
    /// against the computer C on 8x8; type the column, then the row.
    Atoms(options::AtomsArgs),
    /// Play in the terminal: 2 to 8 players, people and computers mixed.
    Play(options::PlayArgs),
    /// The bot protocol: one position a line on standard input, one move
    /// (`x,y` or `pass`) a line on standard output.
    Engine(options::EngineArgs),
}

/// Runs one of Chain Reaction's subcommands.
pub fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Atoms(args) => tutorial::run(&args),
        Command::Play(args) => {
            let screen = screen::ChainScreen::new(!args.no_animation);
            let (options, start, engines) = args.into_game()?;
            crate::app::options::play(screen, GameId::Chain, start, &options, engines)
        }
        Command::Engine(args) => bot::run(&args),
    }
}
