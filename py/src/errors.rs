//! The exceptions every game of the package raises: a refused move, text
//! that is not a position; and how the core's refusals become them.

use atom4_core::state::{MoveError, MoveErrorKind, SetupError, TextError};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    atom4,
    IllegalMoveError,
    PyValueError,
    "A move that is illegal, malformed or out of range in the position; the state is left as it was. `kind` says which."
);
create_exception!(
    atom4,
    ParseError,
    PyValueError,
    "Text that is not a position; `offset` is where the problem is."
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

/// Position text refused by the core.
pub fn position_text(py: Python<'_>, e: &TextError) -> PyErr {
    bad_text(
        py,
        format!("bad position text at byte {}: {}", e.offset, e.message),
        e.offset,
    )
}

/// The name of a refusal's kind, as `IllegalMoveError.kind` gives it.
fn kind_name(kind: MoveErrorKind) -> &'static str {
    match kind {
        MoveErrorKind::Over => "over",
        MoveErrorKind::WrongTurn => "wrong_turn",
        MoveErrorKind::OutOfRange => "out_of_range",
        MoveErrorKind::BadText => "bad_text",
        MoveErrorKind::Illegal => "illegal",
    }
}

/// `IllegalMoveError` for the move shown as `shown`, refused for `e`.
pub fn illegal(py: Python<'_>, shown: &str, e: &MoveError) -> PyErr {
    let err = IllegalMoveError::new_err(format!("illegal move {shown}: {}", e.message));
    let _ = err.value(py).setattr("kind", kind_name(e.kind));
    err
}

/// A game's parameters refused.
pub fn setup(e: &SetupError) -> PyErr {
    PyValueError::new_err(e.to_string())
}
