//! `atom4.atropos.Move`: a colour on a circle, `(c,h,l,r)` as player
//! programs print it, and the ways Python code names one (a `Move`, its
//! text, or an integer action of a board).

use atom4_core::atropos::{Circle, Color, Move as CoreMove, Size};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::errors::bad_text;

/// A move: colour `color` (1 red, 2 blue, 3 green) on the circle
/// `(h, l, r)`. Any four small numbers make a `Move`; whether it is legal
/// is the board's business.
#[pyclass(
    module = "atom4.atropos",
    name = "Move",
    frozen,
    eq,
    hash,
    ord,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    #[pyo3(get)]
    pub color: u8,
    #[pyo3(get)]
    pub h: u8,
    #[pyo3(get)]
    pub l: u8,
    #[pyo3(get)]
    pub r: u8,
}

impl Move {
    pub fn of(mv: CoreMove) -> Move {
        Move {
            color: mv.color.digit(),
            h: mv.circle.h,
            l: mv.circle.l,
            r: mv.circle.r,
        }
    }
}

fn small(value: i64, what: &str) -> PyResult<u8> {
    u8::try_from(value)
        .map_err(|_| PyValueError::new_err(format!("{what} {value}: give a number from 0 to 255")))
}

#[pymethods]
impl Move {
    #[new]
    fn new(color: i64, h: i64, l: i64, r: i64) -> PyResult<Move> {
        Ok(Move {
            color: small(color, "color")?,
            h: small(h, "h")?,
            l: small(l, "l")?,
            r: small(r, "r")?,
        })
    }

    /// Reads `(c,h,l,r)` exactly as a player prints it (no spaces, no
    /// leading zeros, a colour 1 to 3); `ParseError` otherwise.
    #[staticmethod]
    pub fn from_text(py: Python<'_>, text: &str) -> PyResult<Move> {
        CoreMove::from_text(text).map(Move::of).map_err(|e| {
            bad_text(
                py,
                format!("bad move {text:?} at byte {}: {}", e.offset, e.kind),
                e.offset,
            )
        })
    }

    /// The text form `(c,h,l,r)`.
    pub fn text(&self) -> String {
        format!("({},{},{},{})", self.color, self.h, self.l, self.r)
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Move({}, {}, {}, {})", self.color, self.h, self.l, self.r)
    }

    fn __getnewargs__(&self) -> (u8, u8, u8, u8) {
        (self.color, self.h, self.l, self.r)
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// The number of actions of a board: three colours on each interior
/// circle.
pub fn action_count(size: Size) -> usize {
    let n = usize::from(size.get());
    3 * n * (n + 1) / 2
}

/// The interior circle of index `i` in the canonical order (by h, then l).
fn circle_of_index(size: Size, mut i: usize) -> Option<Circle> {
    let n = size.get();
    for h in 1..=n {
        let row = usize::from(n + 1 - h);
        if i < row {
            let l = i as u8 + 1;
            return Some(Circle::new(h, l, n + 2 - h - l));
        }
        i -= row;
    }
    None
}

/// The action of a move on an interior circle: 3 * (the circle's index
/// in the canonical order) + colour - 1.
pub fn action_of(size: Size, mv: CoreMove) -> usize {
    let n = usize::from(size.get());
    let (h, l) = (usize::from(mv.circle.h), usize::from(mv.circle.l));
    // Rows 1..h hold n, n - 1, ... circles.
    let before: usize = (1..h).map(|row| n + 1 - row).sum();
    3 * (before + l - 1) + usize::from(mv.color.digit()) - 1
}

/// The move of action `a` on a board of `size`, if there is one.
pub fn move_of_action(size: Size, a: i64) -> Option<Move> {
    let a = usize::try_from(a)
        .ok()
        .filter(|&a| a < action_count(size))?;
    let circle = circle_of_index(size, a / 3)?;
    let color = Color::from_digit((a % 3) as u8 + 1)?;
    Some(Move::of(CoreMove::new(color, circle)))
}

/// What a `Move`, a move text or an integer action names on a board of
/// `size`: four numbers (checked by the board), or `None` for an action
/// out of range.
pub fn move_arg(
    py: Python<'_>,
    arg: &Bound<'_, PyAny>,
    size: Size,
    function: &str,
) -> PyResult<Option<Move>> {
    if let Ok(mv) = arg.cast::<Move>() {
        return Ok(Some(*mv.get()));
    }
    if let Ok(text) = arg.cast::<PyString>() {
        return Move::from_text(py, &text.to_cow()?).map(Some);
    }
    // bool is an int subclass, but True is no action.
    if arg.is_instance_of::<PyInt>() && !arg.is_instance_of::<PyBool>() {
        return Ok(arg
            .extract::<i64>()
            .ok()
            .and_then(|a| move_of_action(size, a)));
    }
    Err(PyTypeError::new_err(format!(
        "{function}() takes a Move, a move text \"(c,h,l,r)\" or an int action, not {}",
        arg.get_type().name()?
    )))
}
