//! Atropos as `atom4.atropos` (the private module `atom4._atropos`): the
//! board with its move stack in the manner of python-chess, moves as the
//! referee's `(c,h,l,r)`, integer actions for learning code, the engine
//! behind the player program and the exact solver.

pub mod board;
pub mod moves;
pub mod search;

use pyo3::prelude::*;

/// Adds Atropos's classes, functions and constants to `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<moves::Move>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<search::Solution>()?;
    m.add_class::<search::EngineChoice>()?;
    m.add_function(wrap_pyfunction!(search::engine_move, m)?)?;
    m.add_function(wrap_pyfunction!(search::solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::stop, m)?)?;
    m.add_function(wrap_pyfunction!(board::unpickle_board, m)?)?;
    m.add("MAX_SIZE", atom4_core::atropos::MAX_SIZE)?;
    m.add(
        "IllegalMoveError",
        m.py().get_type::<crate::errors::IllegalMoveError>(),
    )?;
    m.add("ParseError", m.py().get_type::<crate::errors::ParseError>())?;
    Ok(())
}
