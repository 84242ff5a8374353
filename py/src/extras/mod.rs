//! What a game alone has: methods of its class (each game's file adds
//! them), and the private module `atom4._<game>` for the rest (functions,
//! helper classes, constants).

pub mod atom4;
mod atomas;
mod atropos;
mod chain;
mod gamma;

use pyo3::prelude::*;

/// Makes the module `atom4._<game>`, filled by `register`: `import
/// atom4._<game>` finds it once `atom4._native` is loaded.
fn add_module(
    m: &Bound<'_, PyModule>,
    game: &str,
    register: fn(&Bound<'_, PyModule>) -> PyResult<()>,
) -> PyResult<()> {
    let py = m.py();
    let name = format!("atom4._{game}");
    let module = PyModule::new(py, &name)?;
    register(&module)?;
    py.import("sys")?
        .getattr("modules")?
        .set_item(&name, &module)?;
    m.setattr(format!("_{game}"), module)?;
    Ok(())
}

/// Adds every game's module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_module(m, "atom4", atom4::register)?;
    add_module(m, "atropos", atropos::register)?;
    add_module(m, "chain", chain::register)?;
    add_module(m, "gamma", gamma::register)?;
    add_module(m, "atomas", atomas::register)?;
    Ok(())
}
