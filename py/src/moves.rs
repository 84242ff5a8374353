//! `atom4.Move`: a move (or a chance outcome) of some game, as its text in
//! the game's notation; and `LegalMoves`, the live view of a state's moves.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use atom4_core::registry::GameId;
use atom4_core::state::Action;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

use crate::state::State;

/// A move of `game`: its text in the game's notation (what `push` reads),
/// its action in the state that made it, and whether it is a chance
/// outcome. Two moves are equal when their game, text and kind are.
#[pyclass(module = "atom4", name = "Move", frozen)]
#[derive(Clone, Debug)]
pub struct Move {
    pub game: GameId,
    pub text: String,
    pub action: Option<Action>,
    pub chance: bool,
}

/// The game of a name, or a `ValueError` listing the games.
pub fn game_id(name: &str) -> PyResult<GameId> {
    name.parse::<GameId>()
        .map_err(|e| PyValueError::new_err(format!("{name:?}: {e}")))
}

#[pymethods]
impl Move {
    /// The move `text` of `game` (`chance`: a chance outcome). Its action
    /// is None: `push` reads the text in the state it is pushed on.
    /// (`Move(x, y)` with two ints, Atom-4's old form, is deprecated.)
    #[new]
    #[pyo3(signature = (game, text, *, chance = false))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        text: &Bound<'_, PyAny>,
        chance: bool,
    ) -> PyResult<Move> {
        if game.is_instance_of::<PyInt>() && text.is_instance_of::<PyInt>() {
            crate::deprecated(py, "atom4.Move(x, y)", "the text: state.push(\"x,y\")")?;
            let (x, y): (i64, i64) = (game.extract()?, text.extract()?);
            if !((0..16).contains(&x) && (0..16).contains(&y)) {
                return Err(PyValueError::new_err(format!(
                    "no cell ({x}, {y}): x and y go from 0 to 15"
                )));
            }
            return Ok(Move {
                game: GameId::Atom4,
                text: format!("{x},{y}"),
                action: Some((y * 16 + x) as Action),
                chance: false,
            });
        }
        let (Ok(game), Ok(text)) = (game.cast::<PyString>(), text.cast::<PyString>()) else {
            return Err(PyTypeError::new_err(
                "Move(game, text): the game's name and the move's text",
            ));
        };
        Ok(Move {
            game: game_id(&game.to_cow()?)?,
            text: text.to_cow()?.into_owned(),
            action: None,
            chance,
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.game.name()
    }

    /// Its action in the state that made it (None for a move made from
    /// text).
    #[getter]
    fn action(&self) -> Option<Action> {
        self.action
    }

    /// Whether it is a chance outcome (an Atomas draw).
    #[getter]
    fn chance(&self) -> bool {
        self.chance
    }

    /// The text in the game's notation.
    fn text(&self) -> String {
        self.text.clone()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let chance = if self.chance { ", chance=True" } else { "" };
        let text = PyString::new(py, &self.text).repr()?;
        Ok(format!("Move('{}', {text}{chance})", self.game.name()))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Move>().is_ok_and(|o| {
            let o = o.get();
            (o.game, &o.text, o.chance) == (self.game, &self.text, self.chance)
        })
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        (self.game, &self.text, self.chance).hash(&mut h);
        h.finish()
    }

    /// Pickles as the game, text, kind and action.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, MoveArgs)> {
        let make = py.import("atom4._native")?.getattr("_move")?;
        Ok((
            make,
            (
                self.game.name(),
                self.text.clone(),
                self.chance,
                self.action,
            ),
        ))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// A pickled move.
#[pyfunction]
pub fn _move(game: &str, text: String, chance: bool, action: Option<Action>) -> PyResult<Move> {
    Ok(Move {
        game: game_id(game)?,
        text,
        action,
        chance,
    })
}

/// What a pickled move is made again from: its game, text, kind and action.
type MoveArgs = (&'static str, String, bool, Option<Action>);

/// The legal moves of a state, always as they are now (at a chance turn,
/// the possible outcomes).
#[pyclass(module = "atom4", name = "LegalMoves", frozen)]
pub struct LegalMoves {
    pub state: Py<State>,
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.state.borrow(py).legal().len()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        !self.state.borrow(py).legal().is_empty()
    }

    fn count(&self, py: Python<'_>) -> usize {
        self.__len__(py)
    }

    /// Whether `move` (a `Move`, a move's text or an action) is legal now;
    /// anything else is not.
    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> bool {
        self.state.borrow(py).is_legal(py, r#move).unwrap_or(false)
    }

    /// The moves as they are at the time of the call, in the game's order.
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let moves = self.state.borrow(py).legal_moves_now();
        Ok(moves.into_pyobject(py)?.try_iter()?.into_any().unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let moves = self.state.borrow(py).legal_moves_now();
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        format!("<LegalMoves ({})>", texts.join(" "))
    }
}
