//! The games the match runner knows: one line each.

use crate::matches::{self, MatchOptions, Setup, Standing};

/// The names `match --game` takes.
pub const GAMES: &[&str] = &["atom4", "atomas", "atropos", "chain", "gamma"];

/// Plays a match of `game`.
pub fn run_match(
    game: &str,
    setup: &Setup,
    specs: &[String],
    options: &MatchOptions,
) -> Result<Vec<Standing>, String> {
    match game {
        "atom4" => matches::run(
            &crate::atom4_engines::Atom4Arena::from_env()?,
            setup,
            specs,
            options,
        ),
        "atropos" => matches::run(&crate::atropos_engines::AtroposArena, setup, specs, options),
        "gamma" => crate::gamma_engines::run_match(setup, specs, options),
        "atomas" => matches::run(
            &crate::atomas_engines::AtomasArena::from_env()?,
            setup,
            specs,
            options,
        ),
        "chain" => matches::run(
            &crate::chain_engines::ChainArena::from_env()?,
            setup,
            specs,
            options,
        ),
        _ => Err(format!(
            "no game called {game:?} (games: {})",
            GAMES.join(", ")
        )),
    }
}
