//! Each game's screen in the terminal, found by the game's id: its own
//! screen where it has one, else the generic screen drawn from the one
//! interface. `atom4 game GAME` and the games' subcommands start here.

use atom4_core::registry::GameId;
use atom4_core::state::Setup;

use crate::app::generic::GenericScreen;
use crate::app::options::{load, play, GameArgs, PlayOptions, Start};
use crate::app::Engines;
use crate::atom4::screen::Atom4Screen;
use crate::atomas::screen::AtomasScreen;
use crate::atropos::screen::AtroposScreen;
use crate::chain::screen::ChainScreen;
use crate::gamma;

/// Plays a game of `id` from `start` on its screen until the player quits.
pub fn play_on_screen(
    id: GameId,
    start: Start,
    options: &PlayOptions,
    engines: Engines,
) -> Result<(), String> {
    match id {
        GameId::Atom4 => play(Atom4Screen::new(), id, start, options, engines),
        GameId::Atropos => play(AtroposScreen::new(), id, start, options, engines),
        GameId::Chain => play(ChainScreen::new(true), id, start, options, engines),
        GameId::Gamma => play(gamma::screen::new(), id, start, options, engines),
        GameId::Atomas => play(AtomasScreen::new(), id, start, options, engines),
        // A game added to the registry (a test build's) has no screen of
        // its own.
        #[allow(unreachable_patterns)]
        _ => play(GenericScreen::new(&[]), id, start, options, engines),
    }
}

/// Runs `atom4 game`: the game named, or the one `--load` saved, with
/// the setup given (the strong engine at the seats `--computer` names).
pub fn play_game(args: GameArgs) -> Result<(), String> {
    let options = &args.options;
    let id = match (&options.load, args.game) {
        (Some(path), None) => load(path)?.start.game(),
        (_, Some(id)) => id,
        (None, None) => return Err("name a game, or --load a saved one".into()),
    };
    let setup = Setup::parse(&args.setup.join(" ")).map_err(|e| e.to_string())?;
    let engines = Engines::strong(options.time, options.seed());
    play_on_screen(id, Start::Setup(setup), options, engines)
}
