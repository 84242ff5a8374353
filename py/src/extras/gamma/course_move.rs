//! `atom4.gamma.CourseMove`: a `Course` move, a player's move or golden
//! move on a cell, with the batch mode's text form (`m 1 2 3`, `g 1 2 3`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::bad_text;

/// A move of `player` on `(x, y)`: an ordinary move, or a golden move
/// (taking another player's pawn) when `golden` is true.
#[pyclass(
    module = "atom4",
    name = "CourseMove",
    frozen,
    eq,
    hash,
    ord,
    from_py_object
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CourseMove {
    #[pyo3(get)]
    pub player: u32,
    #[pyo3(get)]
    pub x: u32,
    #[pyo3(get)]
    pub y: u32,
    #[pyo3(get)]
    pub golden: bool,
}

/// `value` as a `u32`, or a `ValueError` naming `what`.
pub fn number(value: i64, what: &str) -> PyResult<u32> {
    u32::try_from(value).map_err(|_| {
        PyValueError::new_err(format!(
            "{what} {value}: give a number from 0 to 4294967295"
        ))
    })
}

#[pymethods]
impl CourseMove {
    #[new]
    #[pyo3(signature = (player, x, y, *, golden = false))]
    fn new(player: i64, x: i64, y: i64, golden: bool) -> PyResult<CourseMove> {
        let player = number(player, "player")?;
        if player == 0 {
            return Err(PyValueError::new_err("player 0: players go from 1"));
        }
        Ok(CourseMove {
            player,
            x: number(x, "x")?,
            y: number(y, "y")?,
            golden,
        })
    }

    /// Reads the batch mode's text: `m player x y` or `g player x y`.
    #[staticmethod]
    fn from_text(py: Python<'_>, text: &str) -> PyResult<CourseMove> {
        let bad = |offset: usize| {
            bad_text(
                py,
                format!("bad move {text:?}: a move is 'm player x y' or 'g player x y'"),
                offset,
            )
        };
        let mut parts = text.split(' ');
        let golden = match parts.next() {
            Some("m") => false,
            Some("g") => true,
            _ => return Err(bad(0)),
        };
        let mut values = [0u32; 3];
        let mut offset = 2;
        for value in &mut values {
            let part = parts.next().ok_or_else(|| bad(text.len()))?;
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(offset));
            }
            *value = part.parse().map_err(|_| bad(offset))?;
            offset += part.len() + 1;
        }
        if parts.next().is_some() {
            return Err(bad(offset - 1));
        }
        if values[0] == 0 {
            return Err(bad(2));
        }
        Ok(CourseMove {
            player: values[0],
            x: values[1],
            y: values[2],
            golden,
        })
    }

    /// The batch mode's text, `m player x y` or `g player x y`.
    pub fn text(&self) -> String {
        let letter = if self.golden { 'g' } else { 'm' };
        format!("{letter} {} {} {}", self.player, self.x, self.y)
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        if self.golden {
            format!(
                "CourseMove({}, {}, {}, golden=True)",
                self.player, self.x, self.y
            )
        } else {
            format!("CourseMove({}, {}, {})", self.player, self.x, self.y)
        }
    }
}
