//! `atom4 atomas play`: a game by hand in the terminal (its screen in the
//! app skeleton), with the bot's hint; `--computer 1` lets the bot play.

use atom4_core::registry::GameId;
use atom4_core::state::Setup;
use clap::Args;

use crate::app::options::{PlayOptions, Start};
use crate::app::Engines;

/// `atom4 atomas play [--seed S] [--computer 1] [--load FILE]`: the game
/// of seed S is the controller's game 0 of a run seeded S.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct PlayArgs {
    #[command(flatten)]
    pub play: PlayOptions,
}

/// Runs `atom4 atomas play`.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    let options = &args.play;
    let engines = Engines::strong(options.time, options.seed());
    let start = Start::Setup(Setup::default());
    crate::screens::play_on_screen(GameId::Atomas, start, options, engines)
}
