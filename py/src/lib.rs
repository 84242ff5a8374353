//! `atom4._native`: the Python binding, a thin layer over `atom4-core`.
//!
//! Python code imports `atom4` (py/python/atom4/__init__.py), which
//! re-exports what this module defines for Atom-4. Each kin game's classes
//! live in a private module of their own, `atom4._<game>` (made here, one
//! extension library for all), which `atom4/<game>.py` re-exports as
//! `atom4.<game>`; each private module has its hand-written stub beside
//! it (`_native.pyi`, `_<game>.pyi`). Every call checks its arguments and
//! turns each refusal of the core into a Python exception: nothing a
//! caller does can panic or corrupt a game.

use pyo3::prelude::*;

mod atom4;
mod atomas;
mod atropos;
mod chain;
mod control;
mod errors;
mod gamma;
mod search_table;

/// Makes the module `atom4._<game>`, filled by `register`: `import
/// atom4._<game>` finds it once `atom4._native` is loaded (the package's
/// `__init__` loads it first). It is an attribute of `_native` but not in
/// its `__all__`, so `_native`'s stub needs no line for it.
fn add_game(
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

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    atom4::register(m)?;
    // The kin games, one module each: add_game(m, "<game>", <game>::register)?;
    add_game(m, "atropos", atropos::register)?;
    add_game(m, "gamma", gamma::register)?;
    add_game(m, "atomas", atomas::register)?;
    add_game(m, "chain", chain::register)?;
    Ok(())
}
