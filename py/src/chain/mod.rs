//! Chain Reaction in `atom4._chain`, re-exported as `atom4.chain`:
//! positions of both rule sets, moves, the strong engine, the tutorial's
//! computer player, the reference opponents and batch playouts.

pub mod moves;
pub mod observation;
pub mod position;
pub mod search;

use pyo3::prelude::*;

/// Adds Chain Reaction's classes, functions and constants to `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<moves::Move>()?;
    m.add_class::<position::Position>()?;
    m.add_class::<position::LegalMoves>()?;
    m.add_class::<position::Cascade>()?;
    m.add_class::<position::Outcome>()?;
    m.add_class::<search::Engine>()?;
    m.add_class::<search::SearchResult>()?;
    m.add_class::<search::SeedAi>()?;
    m.add_class::<search::PlayoutStats>()?;
    m.add_function(wrap_pyfunction!(search::reference_move, m)?)?;
    m.add_function(wrap_pyfunction!(search::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(position::unpickle_position, m)?)?;
    m.add("ACTIONS", moves::ACTIONS)?;
    m.add("PASS_ACTION", moves::PASS_ACTION)?;
    m.add("PLANES", observation::PLANES)?;
    m.add("BOARD_SIDE", atom4_core::MAX_SIDE)?;
    m.add("MAX_PLAYERS", atom4_core::chain::MAX_PLAYERS)?;
    m.add("MATE", atom4_core::search::MATE)?;
    m.add("MAX_DEPTH", atom4_core::search::MAX_PLY)?;
    m.add(
        "IllegalMoveError",
        m.py().get_type::<crate::errors::IllegalMoveError>(),
    )?;
    m.add("ParseError", m.py().get_type::<crate::errors::ParseError>())?;
    Ok(())
}
