//! Gamma in Python: `atom4.gamma` (the private module `atom4._gamma`,
//! re-exported by `py/python/atom4/gamma.py`): the `Game` over the core's
//! engine, its `Move`, and the computer's move choice.

pub mod engine;
pub mod game;
pub mod moves;

use pyo3::prelude::*;

/// Adds Gamma's classes, functions and constants to `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<moves::Move>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<engine::Engine>()?;
    m.add_function(wrap_pyfunction!(game::unpickle_game, m)?)?;
    m.add_function(wrap_pyfunction!(engine::greedy, m)?)?;
    m.add_function(wrap_pyfunction!(engine::random, m)?)?;
    m.add(
        "IllegalMoveError",
        py.get_type::<crate::errors::IllegalMoveError>(),
    )?;
    m.add("ParseError", py.get_type::<crate::errors::ParseError>())?;
    m.add("MAX_CELLS", atom4_core::gamma::MAX_CELLS)?;
    m.add("COMPUTER_CELLS", atom4_core::gamma::POSITION_CELLS)?;
    m.add("COMPUTER_PLAYERS", atom4_core::game::MAX_PLAYERS)?;
    Ok(())
}
