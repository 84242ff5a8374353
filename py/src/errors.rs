//! The exceptions every game of the package raises: an illegal move, text
//! that does not parse.

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

/// `ParseError` with `message`, carrying `offset` (where in the text the
/// problem is) as its `offset` attribute.
pub fn bad_text(py: Python<'_>, message: String, offset: usize) -> PyErr {
    let err = ParseError::new_err(message);
    // Setting an attribute on a fresh exception object cannot fail in
    // practice; if it did, the message still says where.
    let _ = err.value(py).setattr("offset", offset);
    err
}
