//! Atomas: `atom4 atomas bot` (the contest's protocol), `atom4 atomas
//! koth` (the contest's controller, for any bot program) and `atom4 atomas
//! play` (by hand in the terminal).

pub mod bot;
pub mod child;
pub mod koth;
pub mod log;
pub mod play;
pub mod render;
pub mod screen;

use clap::Subcommand;

/// `atom4 atomas ...`.
#[derive(Subcommand, Clone, Debug, PartialEq)]
pub enum Command {
    /// A bot for the contest's protocol: answers each request line read
    /// from standard input until its end.
    Bot(bot::BotArgs),
    /// The contest's controller: runs a bot program on seeded games.
    Koth(koth::KothArgs),
    /// Play by hand in the terminal: arrows choose the gap or entry,
    /// Enter plays, u undoes, h asks the bot.
    Play(play::PlayArgs),
}

/// Runs an Atomas subcommand.
pub fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Bot(args) => bot::run(&args),
        Command::Koth(args) => koth::run(&args),
        Command::Play(args) => play::run(&args),
    }
}
