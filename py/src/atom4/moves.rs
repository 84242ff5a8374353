//! `atom4.Move`: a cell to place the current tile on, and the ways Python
//! code names one (a `Move`, or an integer action `y * 16 + x`).

use atom4_core::{Cell, MAX_SIDE};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use super::errors;

/// A move: the cell `(x, y)` that receives the current tile.
#[pyclass(module = "atom4", name = "Move", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub cell: Cell,
}

impl Move {
    pub fn of(cell: Cell) -> Move {
        Move { cell }
    }
}

#[pymethods]
impl Move {
    #[new]
    fn new(x: i64, y: i64) -> PyResult<Move> {
        coordinates(x, y).map(Move::of).ok_or_else(|| {
            PyValueError::new_err(format!("no cell ({x}, {y}): x and y go from 0 to 15"))
        })
    }

    /// The move for an integer action `y * 16 + x` (0..256).
    #[staticmethod]
    fn from_action(action: i64) -> PyResult<Move> {
        action_cell(action).map(Move::of).ok_or_else(|| {
            PyValueError::new_err(format!("no action {action}: actions go from 0 to 255"))
        })
    }

    /// Reads the text form `x,y` (as `str(move)` writes it).
    #[staticmethod]
    fn from_text(py: Python<'_>, text: &str) -> PyResult<Move> {
        parse(text).map(Move::of).ok_or_else(|| {
            errors::bad_text(
                py,
                format!("bad move {text:?}: a move is x,y with x and y from 0 to 15"),
                0,
            )
        })
    }

    #[getter]
    fn x(&self) -> u8 {
        self.cell.x()
    }

    #[getter]
    fn y(&self) -> u8 {
        self.cell.y()
    }

    /// `y * 16 + x`: the index of this move among the 256 actions.
    #[getter]
    fn action(&self) -> u8 {
        self.cell.index()
    }

    /// The text form `x,y`.
    fn text(&self) -> String {
        text(self.cell)
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Move({}, {})", self.cell.x(), self.cell.y())
    }

    fn __getnewargs__(&self) -> (u8, u8) {
        (self.cell.x(), self.cell.y())
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// A move's text form `x,y`.
pub fn text(cell: Cell) -> String {
    format!("{},{}", cell.x(), cell.y())
}

/// Moves' text forms separated by spaces, for reprs.
pub fn texts(cells: impl Iterator<Item = Cell>) -> String {
    cells.map(text).collect::<Vec<_>>().join(" ")
}

fn coordinates(x: i64, y: i64) -> Option<Cell> {
    let side = i64::from(MAX_SIDE);
    if (0..side).contains(&x) && (0..side).contains(&y) {
        Cell::new(x as u8, y as u8)
    } else {
        None
    }
}

fn action_cell(action: i64) -> Option<Cell> {
    u8::try_from(action).ok().map(Cell::from_index)
}

/// `x,y` with optional spaces around each number.
pub fn parse(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    coordinates(x.trim().parse().ok()?, y.trim().parse().ok()?)
}

/// What a `Move` or integer argument names: a cell of the 16 x 16 frame,
/// or nothing (an integer outside 0..256).
pub fn move_arg(arg: &Bound<'_, PyAny>, function: &str) -> PyResult<Option<Cell>> {
    if let Ok(mv) = arg.cast::<Move>() {
        return Ok(Some(mv.get().cell));
    }
    // bool is an int subclass, but True is no action.
    if arg.is_instance_of::<PyInt>() && !arg.is_instance_of::<pyo3::types::PyBool>() {
        return Ok(match arg.extract::<i64>() {
            Ok(action) => action_cell(action),
            Err(_) => None, // too large for i64: no action either
        });
    }
    Err(PyTypeError::new_err(format!(
        "{function}() takes a Move or an int action, not {}",
        arg.get_type().name()?
    )))
}
