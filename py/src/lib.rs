//! `atom4._native`: the Python binding, a thin layer over `atom4-core`.
//!
//! One class family for every game: `State` (python-chess's `Board`,
//! written once over the core's one game interface) with a subclass a game
//! (`games.rs` lists them, one line each), `Move`, `Engine`; a game's
//! extras are methods of its class (`extras/<game>.rs`), and its private
//! module `atom4._<game>` holds what is not a method. `py/python/atom4`
//! re-exports them; `_native.pyi` is the hand-written stub. Every call
//! checks its arguments and turns each refusal of the core into a Python
//! exception: nothing a caller does can panic or corrupt a game.

use std::ffi::CString;

use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

mod control;
mod engine;
mod errors;
mod extras;
#[macro_use]
mod games;
mod moves;
mod state;

/// Warns that `old` is deprecated in favour of `new` (kept for one
/// release).
pub fn deprecated(py: Python<'_>, old: &str, new: &str) -> PyResult<()> {
    let message = CString::new(format!(
        "{old} is deprecated and goes in the next release: use {new}"
    ))
    .unwrap_or_default();
    PyErr::warn(py, &py.get_type::<PyDeprecationWarning>(), &message, 2)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("CHANCE", state::CHANCE)?;
    m.add(
        "GAMES",
        PyTuple::new(py, atom4_core::registry::GAMES.iter().copied())?,
    )?;
    m.add_class::<state::State>()?;
    m.add_class::<state::Outcome>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::LegalMoves>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::SearchResult>()?;
    games::add_classes(m)?;
    m.add_function(wrap_pyfunction!(state::load, m)?)?;
    m.add_function(wrap_pyfunction!(state::_unpickle, m)?)?;
    m.add_function(wrap_pyfunction!(moves::_move, m)?)?;
    extras::register(m)?;
    Ok(())
}
