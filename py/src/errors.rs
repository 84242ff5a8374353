//! The package's exceptions and the conversions from the core's errors.

use atom4_core::atom4::{IllegalMove, ParseError as CoreParseError};
use atom4_core::Cell;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    atom4,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position; the board is left as it was."
);
create_exception!(
    atom4,
    ParseError,
    PyValueError,
    "Text that is not a position (or a move); `offset` is where the problem is."
);

/// `move` refused for `reason`.
pub fn illegal_move(cell: Cell, reason: IllegalMove) -> PyErr {
    IllegalMoveError::new_err(format!(
        "illegal move {}: {reason}",
        crate::moves::text(cell)
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

pub fn bad_text(py: Python<'_>, message: String, offset: usize) -> PyErr {
    let err = ParseError::new_err(message);
    // Setting an attribute on a fresh exception object cannot fail in
    // practice; if it did, the message still says where.
    let _ = err.value(py).setattr("offset", offset);
    err
}
