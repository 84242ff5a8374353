//! Atoms and replies as Python sees them: an atom is an `int` (a numbered
//! atom) or one of the strings `"+"`, `"-"`, `"B"`, `"C"`; a reply is an
//! `atomas.Reply`, an integer action, or the protocol's reply text.

use atom4_core::atomas::{Atom, Entry, Reply as CoreReply, CAPACITY, MAX_VALUE};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString, PyTuple};

use crate::errors::bad_text;

/// Integer actions: `index` for a gap or an entry (0..18), and for a minus
/// `entry` (`n`) or `19 + entry` (`y`).
pub const ACTIONS: usize = 2 * CAPACITY;

/// An atom as a Python value.
pub fn atom_py(py: Python<'_>, atom: Atom) -> Py<PyAny> {
    match atom {
        Atom::Number(v) => v.into_pyobject(py).map(|v| v.into_any().unbind()),
        other => other
            .to_string()
            .into_pyobject(py)
            .map(|s| s.into_any().unbind()),
    }
    .unwrap_or_else(|e| match e {})
}

/// An entry as a Python value: its number, or `"+"`.
pub fn entry_py(py: Python<'_>, entry: Entry) -> Py<PyAny> {
    atom_py(py, entry.atom())
}

/// A Python value as an atom: an int from 1, or `"+"`, `"-"`, `"B"`, `"C"`.
pub fn atom_arg(value: &Bound<'_, PyAny>) -> PyResult<Atom> {
    if let Ok(int) = value.cast::<PyInt>() {
        let v: i64 = int.extract()?;
        return u32::try_from(v)
            .ok()
            .filter(|&v| (1..=MAX_VALUE).contains(&v))
            .map(Atom::Number)
            .ok_or_else(|| {
                PyValueError::new_err(format!("no atom {v}: numbers go from 1 to {MAX_VALUE}"))
            });
    }
    if let Ok(text) = value.cast::<PyString>() {
        let text: String = text.extract()?;
        return match text.as_str() {
            "+" => Ok(Atom::Plus),
            "-" => Ok(Atom::Minus),
            "B" => Ok(Atom::Black),
            "C" => Ok(Atom::Clone),
            other => Err(PyValueError::new_err(format!(
                "no atom {other:?}: an atom is an int from 1 or one of '+', '-', 'B', 'C'"
            ))),
        };
    }
    Err(PyTypeError::new_err(format!(
        "an atom is an int or a str, not {}",
        value.get_type().name()?
    )))
}

/// A reply: `Reply.gap(i)` for a number, `+` or `B` (gap `i` lies after
/// entry `i`), `Reply.entry(j)` for a `C` (the entry it copies),
/// `Reply.remove(j, to_plus)` for a `-` (the entry it removes; `to_plus`:
/// the next atom is a plus, `y`, rather than the removed atom, `n`).
#[pyclass(
    module = "atom4.atomas",
    name = "Reply",
    frozen,
    eq,
    hash,
    ord,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reply {
    pub reply: CoreReply,
}

fn index_arg(index: i64, what: &str) -> PyResult<u8> {
    u8::try_from(index)
        .ok()
        .filter(|&i| usize::from(i) < CAPACITY)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "{what} {index}: indices go from 0 to {}",
                CAPACITY - 1
            ))
        })
}

impl Reply {
    pub fn of(reply: CoreReply) -> Reply {
        Reply { reply }
    }

    /// The integer action of this reply (see `ACTIONS`).
    pub fn action_of(reply: CoreReply) -> usize {
        match reply {
            CoreReply::Gap(i) | CoreReply::Entry(i) => usize::from(i),
            CoreReply::Remove { entry, to_plus } => {
                usize::from(entry) + CAPACITY * usize::from(to_plus)
            }
        }
    }

    /// The reply an action means for `atom`.
    pub fn from_action_for(action: i64, atom: Atom) -> PyResult<CoreReply> {
        let limit = if atom == Atom::Minus {
            ACTIONS
        } else {
            CAPACITY
        };
        let action = usize::try_from(action)
            .ok()
            .filter(|&a| a < limit)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "no action {action} for the atom {atom}: actions go from 0 to {}",
                    limit - 1
                ))
            })?;
        let index = (action % CAPACITY) as u8;
        Ok(match atom {
            Atom::Clone => CoreReply::Entry(index),
            Atom::Minus => CoreReply::Remove {
                entry: index,
                to_plus: action >= CAPACITY,
            },
            _ => CoreReply::Gap(index),
        })
    }
}

#[pymethods]
impl Reply {
    /// Gap `index`: for a number, a `+` or a `B`.
    #[staticmethod]
    fn gap(index: i64) -> PyResult<Reply> {
        Ok(Reply::of(CoreReply::Gap(index_arg(index, "gap")?)))
    }

    /// Entry `index`, for a `C`.
    #[staticmethod]
    fn entry(index: i64) -> PyResult<Reply> {
        Ok(Reply::of(CoreReply::Entry(index_arg(index, "entry")?)))
    }

    /// Entry `index`, for a `-`; `to_plus`: the next atom is a plus.
    #[staticmethod]
    #[pyo3(signature = (index, to_plus))]
    fn remove(index: i64, to_plus: bool) -> PyResult<Reply> {
        Ok(Reply::of(CoreReply::Remove {
            entry: index_arg(index, "entry")?,
            to_plus,
        }))
    }

    /// The reply integer `action` means for `atom` (see `ACTIONS`).
    #[staticmethod]
    fn from_action(action: i64, atom: &Bound<'_, PyAny>) -> PyResult<Reply> {
        Reply::from_action_for(action, atom_arg(atom)?).map(Reply::of)
    }

    /// Reads a bot's reply line (its first line; blanks around it and a
    /// final `\r` ignored, leading zeros allowed) to `atom` on a ring of
    /// `entries` entries; a bad reply raises `ParseError` with the byte
    /// `offset` of the problem.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str, atom: &Bound<'_, PyAny>, entries: i64) -> PyResult<Reply> {
        let atom = atom_arg(atom)?;
        let entries = usize::try_from(entries)
            .ok()
            .filter(|&n| n <= CAPACITY)
            .ok_or_else(|| {
                PyValueError::new_err(format!("{entries} entries: a ring holds 0 to {CAPACITY}"))
            })?;
        CoreReply::parse(text, atom, entries)
            .map(Reply::of)
            .map_err(|e| bad_text(py, format!("bad reply {text:?}: {e}"), e.offset))
    }

    /// `"gap"`, `"entry"` or `"remove"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.reply {
            CoreReply::Gap(_) => "gap",
            CoreReply::Entry(_) => "entry",
            CoreReply::Remove { .. } => "remove",
        }
    }

    /// The gap or entry.
    #[getter]
    fn index(&self) -> u8 {
        match self.reply {
            CoreReply::Gap(i) | CoreReply::Entry(i) | CoreReply::Remove { entry: i, .. } => i,
        }
    }

    /// For a minus: whether the next atom is a plus (`y`); False otherwise.
    #[getter(to_plus)]
    fn plus_next(&self) -> bool {
        matches!(self.reply, CoreReply::Remove { to_plus: true, .. })
    }

    /// The integer action (see `ACTIONS`).
    #[getter]
    fn action(&self) -> usize {
        Reply::action_of(self.reply)
    }

    /// The protocol's text: `G`, `J`, `J y` or `J n`.
    fn text(&self) -> String {
        self.reply.to_string()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    /// Pickles as the constructor call that makes it again.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let class = py.get_type::<Reply>();
        Ok(match self.reply {
            CoreReply::Gap(i) => (class.getattr("gap")?, (i,).into_pyobject(py)?),
            CoreReply::Entry(i) => (class.getattr("entry")?, (i,).into_pyobject(py)?),
            CoreReply::Remove { entry, to_plus } => (
                class.getattr("remove")?,
                (entry, to_plus).into_pyobject(py)?,
            ),
        })
    }

    fn __repr__(&self) -> String {
        match self.reply {
            CoreReply::Gap(i) => format!("Reply.gap({i})"),
            CoreReply::Entry(i) => format!("Reply.entry({i})"),
            CoreReply::Remove { entry, to_plus } => {
                format!(
                    "Reply.remove({entry}, {})",
                    if to_plus { "True" } else { "False" }
                )
            }
        }
    }
}
