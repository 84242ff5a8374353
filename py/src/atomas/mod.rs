//! Atomas in `atom4.atomas` (the private module `atom4._atomas`): the
//! game with its move stack, replies, the spawn law, the bot, a session
//! that reads requests, and batch random games.

mod atoms;
mod bot;
mod game;

use pyo3::prelude::*;

/// Adds Atomas's classes, functions and constants to `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add(
        "IllegalMoveError",
        py.get_type::<crate::errors::IllegalMoveError>(),
    )?;
    m.add("ParseError", py.get_type::<crate::errors::ParseError>())?;
    m.add_class::<atoms::Reply>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<bot::Bot>()?;
    m.add_class::<bot::BotResult>()?;
    m.add_class::<bot::Session>()?;
    m.add_class::<bot::RandomStats>()?;
    m.add_function(wrap_pyfunction!(bot::random_games, m)?)?;
    m.add_function(wrap_pyfunction!(game::unpickle_game, m)?)?;
    m.add("ACTIONS", atoms::ACTIONS)?;
    m.add("MAX_ENTRIES", atom4_core::atomas::CAPACITY)?;
    m.add("FULL", atom4_core::atomas::FULL)?;
    m.add("MAX_DEPTH", atom4_core::atomas::bot::MAX_DEPTH)?;
    Ok(())
}
