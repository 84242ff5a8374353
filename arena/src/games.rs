//! Each game's own engines in matches: one line a game. Every game of the
//! registry also plays the engines of [`crate::any`] (`random`,
//! `engine:<limit>`), with no line here: a new game plays those at once.

use atom4_core::registry::GameId;

use crate::any::{self, AnyEngine, Registered, Typed};
use crate::Engine;

/// A game's own engines, built from specs.
pub trait OwnEngines: Sync {
    /// Which game they play.
    fn game(&self) -> GameId;

    /// Their specs, for help texts and errors.
    fn help(&self) -> &'static str;

    /// The engine a spec names, seeded; `seat` is the spec's place on the
    /// command line (0 first: tuning weights from the environment apply
    /// to it). An error says what is wrong, and which specs there are.
    fn engine(&self, spec: &str, seat: usize, seed: u64) -> Result<Box<dyn AnyEngine>, String>;
}

/// Builds a game's own engine over its rules type `G` from a spec, its
/// seat on the command line and a seed.
pub type BuildEngine<G> = fn(&str, usize, u64) -> Result<Box<dyn Engine<G>>, String>;

/// A game's own engines over its rules type `G`: the line a game has in
/// [`OWN_ENGINES`].
pub struct Own<G> {
    pub game: GameId,
    pub help: &'static str,
    pub engine: BuildEngine<G>,
}

impl<G: Registered> OwnEngines for Own<G> {
    fn game(&self) -> GameId {
        self.game
    }

    fn help(&self) -> &'static str {
        self.help
    }

    fn engine(&self, spec: &str, seat: usize, seed: u64) -> Result<Box<dyn AnyEngine>, String> {
        Ok(Box::new(Typed::new((self.engine)(spec, seat, seed)?)))
    }
}

/// The games with engines of their own, one line each.
pub const OWN_ENGINES: &[&dyn OwnEngines] = &[
    &crate::atom4_engines::OWN,
    &crate::atropos_engines::OWN,
    &crate::chain_engines::OWN,
    &crate::gamma_engines::OWN,
    &crate::atomas_engines::OWN,
];

/// The engines of `game` of its own, if it has some.
pub fn own_engines(game: GameId) -> Option<&'static dyn OwnEngines> {
    OWN_ENGINES.iter().copied().find(|own| own.game() == game)
}

/// The engine `spec` names for `game`, seeded: one of the game's own when
/// it knows the spec, else one that plays every game. `seat` is the
/// spec's place on the command line.
pub fn engine(
    game: GameId,
    spec: &str,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn AnyEngine>, String> {
    let own = own_engines(game).map(|own| own.engine(spec, seat, seed));
    if let Some(Ok(engine)) = own {
        return Ok(engine);
    }
    match (any::engine(spec, seed), own) {
        (Some(result), _) => result,
        (None, Some(Err(e))) => Err(format!("{e}; every game also plays {}", any::HELP)),
        (None, _) => Err(format!(
            "bad engine {spec:?}: {game} plays the engines of every game: {}",
            any::HELP
        )),
    }
}

/// The engines `game` plays, for help texts: its own, then every game's.
pub fn engines_help(game: GameId) -> String {
    match own_engines(game) {
        Some(own) => format!("{}; and {}", own.help(), any::HELP),
        None => any::HELP.to_string(),
    }
}
