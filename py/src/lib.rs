//! `atom4._native`: the Python binding, a thin layer over `atom4-core`.
//!
//! Python code imports `atom4` (py/python/atom4/__init__.py), which
//! re-exports what this module defines; the stubs are in `_native.pyi`.
//! Every call checks its arguments and turns each refusal of the core into
//! a Python exception: nothing a caller does can panic or corrupt a game.

use pyo3::prelude::*;

mod board;
mod errors;
mod moves;
mod observation;
mod render;
mod search;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
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
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("BOARD_SIDE", atom4_core::MAX_SIDE)?;
    m.add("ACTIONS", observation::ACTIONS)?;
    m.add("OBSERVATION_LEN", observation::OBSERVATION_LEN)?;
    m.add("PLANES", observation::PLANES)?;
    m.add("CLASSIC_MAX_LEVEL", atom4_core::atom4::classic::MAX_LEVEL)?;
    m.add("MATE", atom4_core::search::MATE)?;
    m.add("MAX_DEPTH", atom4_core::search::MAX_PLY)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
