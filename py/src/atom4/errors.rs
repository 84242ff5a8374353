//! Atom-4's refusals as the package's exceptions.

use atom4_core::atom4::{IllegalMove, ParseError as CoreParseError};
use atom4_core::Cell;
use pyo3::prelude::*;

pub use crate::errors::{bad_text, IllegalMoveError};

/// `move` refused for `reason`.
pub fn illegal_move(cell: Cell, reason: IllegalMove) -> PyErr {
    IllegalMoveError::new_err(format!(
        "illegal move {}: {reason}",
        super::moves::text(cell)
    ))
}

/// A parse error carrying its byte offset as the `offset` attribute.
pub fn parse_error(py: Python<'_>, what: &str, error: CoreParseError) -> PyErr {
    bad_text(
        py,
        format!("bad {what} at byte {}: {}", error.offset, error.kind),
        error.offset,
    )
}
