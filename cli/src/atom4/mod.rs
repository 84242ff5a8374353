//! Atom-4 in the terminal: the original's text mode with its flags, and
//! the `play` and `show` subcommands.

pub mod batch;
pub mod options;
pub mod render;
pub mod screen;

use clap::Subcommand;

/// Atom-4's own subcommands.
#[derive(Subcommand, Clone, Debug, PartialEq)]
pub enum Command {
    /// Engines play each other and the game is printed.
    Play(options::Batch),
    /// Prints a position (position text, or the end of a saved game).
    Show(options::ShowArgs),
}

/// Runs Atom-4's interactive game.
pub fn interactive(args: options::InteractiveArgs) -> Result<(), String> {
    let (options, start, engines) = args.into_game()?;
    let atom4 = atom4_core::registry::GameId::Atom4;
    crate::screens::play_on_screen(atom4, start, &options, engines)
}

/// Runs one of Atom-4's subcommands.
pub fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Play(batch) => batch::play(&batch),
        Command::Show(show) => batch::show(&show.into()),
    }
}
