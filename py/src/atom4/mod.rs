//! Atom-4 at the top of the package: `atom4.Board`, `atom4.Move`,
//! `atom4.Engine`, the classic levels and batch playouts.

pub mod board;
mod errors;
pub mod moves;
pub mod observation;
pub mod render;
pub mod search;

use pyo3::prelude::*;

/// Adds Atom-4's classes, functions and constants to `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<moves::Move>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::LegalMoves>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<search::Engine>()?;
    m.add_class::<search::SearchResult>()?;
    m.add_class::<search::ClassicAnalysis>()?;
    m.add_class::<search::PlayoutStats>()?;
    m.add_function(wrap_pyfunction!(search::classic_analyse, m)?)?;
    m.add_function(wrap_pyfunction!(search::classic_move, m)?)?;
    m.add_function(wrap_pyfunction!(search::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(board::unpickle_board, m)?)?;
    m.add("BOARD_SIDE", atom4_core::MAX_SIDE)?;
    m.add("ACTIONS", observation::ACTIONS)?;
    m.add("OBSERVATION_LEN", observation::OBSERVATION_LEN)?;
    m.add("PLANES", observation::PLANES)?;
    m.add("CLASSIC_MAX_LEVEL", atom4_core::atom4::classic::MAX_LEVEL)?;
    m.add("MATE", atom4_core::search::MATE)?;
    m.add("MAX_DEPTH", atom4_core::search::MAX_PLY)?;
    Ok(())
}
