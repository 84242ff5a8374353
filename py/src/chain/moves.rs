//! `atom4.chain.Move`: an orb on a cell, or a pass (atoms), and the ways
//! Python code names one (a `Move`, an integer action, or its text).

use atom4_core::chain::Move as CoreMove;
use atom4_core::{Cell, MAX_SIDE};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::errors::bad_text;

/// Actions: one per cell of the 16 x 16 frame (`y * 16 + x`), then the pass.
pub const ACTIONS: usize = 257;
/// The pass's action.
pub const PASS_ACTION: u16 = 256;

/// A move: an orb on the cell `(x, y)`, or a pass (atoms only).
#[pyclass(
    module = "atom4.chain",
    name = "Move",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub mv: CoreMove,
}

impl Move {
    pub fn of(mv: CoreMove) -> Move {
        Move { mv }
    }
}

/// The action of a move: `y * 16 + x`, or 256 for the pass.
pub fn action(mv: CoreMove) -> u16 {
    match mv {
        CoreMove::Place(cell) => u16::from(cell.index()),
        CoreMove::Pass => PASS_ACTION,
    }
}

/// The move of an action, if it is one (0..=256).
pub fn from_action(action: i64) -> Option<CoreMove> {
    match action {
        0..=255 => Some(CoreMove::Place(Cell::from_index(action as u8))),
        256 => Some(CoreMove::Pass),
        _ => None,
    }
}

#[pymethods]
impl Move {
    #[new]
    fn new(x: i64, y: i64) -> PyResult<Move> {
        let side = i64::from(MAX_SIDE);
        if !((0..side).contains(&x) && (0..side).contains(&y)) {
            return Err(PyValueError::new_err(format!(
                "no cell ({x}, {y}): x and y go from 0 to 15"
            )));
        }
        Cell::new(x as u8, y as u8)
            .map(|c| Move::of(CoreMove::Place(c)))
            .ok_or_else(|| PyValueError::new_err(format!("no cell ({x}, {y})")))
    }

    /// The pass (atoms only).
    #[classattr]
    #[pyo3(name = "PASS")]
    fn pass_move() -> Move {
        Move::of(CoreMove::Pass)
    }

    /// The move for an integer action: `y * 16 + x` (0..256), or 256 for
    /// the pass.
    #[staticmethod]
    #[pyo3(name = "from_action")]
    fn py_from_action(action: i64) -> PyResult<Move> {
        from_action(action).map(Move::of).ok_or_else(|| {
            PyValueError::new_err(format!("no action {action}: actions go from 0 to 256"))
        })
    }

    /// Reads `x,y` or `pass` (as `str(move)` writes it).
    #[staticmethod]
    fn from_text(py: Python<'_>, text: &str) -> PyResult<Move> {
        text.parse::<CoreMove>().map(Move::of).map_err(|e| {
            bad_text(
                py,
                format!("bad move {text:?} at byte {}: {}", e.offset, e.kind),
                e.offset,
            )
        })
    }

    /// The column; None for the pass.
    #[getter]
    fn x(&self) -> Option<u8> {
        match self.mv {
            CoreMove::Place(c) => Some(c.x()),
            CoreMove::Pass => None,
        }
    }

    /// The row; None for the pass.
    #[getter]
    fn y(&self) -> Option<u8> {
        match self.mv {
            CoreMove::Place(c) => Some(c.y()),
            CoreMove::Pass => None,
        }
    }

    #[getter]
    fn is_pass(&self) -> bool {
        self.mv == CoreMove::Pass
    }

    /// `y * 16 + x`, or 256 for the pass.
    #[getter]
    #[pyo3(name = "action")]
    fn py_action(&self) -> u16 {
        action(self.mv)
    }

    /// The text form: `x,y` or `pass`.
    fn text(&self) -> String {
        self.mv.to_string()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        match self.mv {
            CoreMove::Place(c) => format!("Move({}, {})", c.x(), c.y()),
            CoreMove::Pass => "Move.PASS".to_string(),
        }
    }

    /// Pickles as its action.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u16,))> {
        let from_action = py
            .import("atom4._chain")?
            .getattr("Move")?
            .getattr("from_action")?;
        Ok((from_action, (action(self.mv),)))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// What a `Move`, an integer action or a move's text names: a move, or
/// nothing (an integer that is no action; text that is no move raises
/// `ParseError`).
pub fn move_arg(arg: &Bound<'_, PyAny>, function: &str) -> PyResult<Option<CoreMove>> {
    if let Ok(mv) = arg.cast::<Move>() {
        return Ok(Some(mv.get().mv));
    }
    // bool is an int subclass, but True is no action.
    if arg.is_instance_of::<PyInt>() && !arg.is_instance_of::<PyBool>() {
        return Ok(arg.extract::<i64>().ok().and_then(from_action));
    }
    if arg.is_instance_of::<PyString>() {
        let text: String = arg.extract()?;
        return Move::from_text(arg.py(), &text).map(|m| Some(m.mv));
    }
    Err(PyTypeError::new_err(format!(
        "{function}() takes a Move, an int action or a move's text, not {}",
        arg.get_type().name()?
    )))
}
