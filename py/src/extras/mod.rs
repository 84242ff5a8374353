//! What a game alone has: methods of its class (each game's file adds
//! them), and functions, helper classes and constants in `_native`.

pub mod atom4;
mod atomas;
mod atropos;
mod chain;
mod gamma;

use pyo3::prelude::*;

/// Adds every game's functions, helper classes and constants to
/// `_native` (named for their game where two games have one name;
/// `atom4.<game>` re-exports them under their short names).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    atom4::register(m)?;
    atropos::register(m)?;
    chain::register(m)?;
    gamma::register(m)?;
    atomas::register(m)?;
    Ok(())
}
