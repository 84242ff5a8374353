//! `atom4.atropos.Board`: a game of Atropos with its move stack, in the
//! manner of python-chess's `chess.Board`; the state string is its text.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use atom4_core::atropos::{Atropos, Circle, Move as CoreMove};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use super::moves::{action_count, action_of, move_arg, Move};
use crate::errors::{bad_text, IllegalMoveError};

/// A game of Atropos: the position and the moves that led to it from
/// `root`.
#[pyclass(module = "atom4.atropos", name = "Board", from_py_object)]
#[derive(Clone)]
pub struct Board {
    pub state: Atropos,
    root: Atropos,
    /// Each move of the stack with the position before it.
    stack: Vec<(CoreMove, Atropos)>,
}

impl Board {
    fn from_state(state: Atropos) -> Board {
        Board {
            state,
            root: state,
            stack: Vec::new(),
        }
    }

    fn parse(py: Python<'_>, text: &str) -> PyResult<Atropos> {
        Atropos::from_text(text).map_err(|e| {
            bad_text(
                py,
                format!("bad state string at byte {}: {}", e.offset, e.kind),
                e.offset,
            )
        })
    }

    /// The move `mv` names, checked: `IllegalMoveError` says why not.
    fn checked(&self, mv: Move) -> PyResult<CoreMove> {
        self.state
            .checked_move(mv.color.into(), mv.h.into(), mv.l.into(), mv.r.into())
            .map_err(|e| IllegalMoveError::new_err(format!("illegal move {}: {e}", mv.text())))
    }

    fn resolve(&self, py: Python<'_>, arg: &Bound<'_, PyAny>, function: &str) -> PyResult<Move> {
        move_arg(py, arg, self.state.size(), function)?.ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "illegal move {}: actions go from 0 to {}",
                arg.repr().map(|r| r.to_string()).unwrap_or_default(),
                action_count(self.state.size()) - 1
            ))
        })
    }

    pub fn push_checked(&mut self, mv: CoreMove) -> PyResult<()> {
        let before = self.state;
        self.state.play(mv).map_err(|e| {
            IllegalMoveError::new_err(format!("illegal move {}: {e}", Move::of(mv).text()))
        })?;
        self.stack.push((mv, before));
        Ok(())
    }
}

fn moves(list: impl IntoIterator<Item = CoreMove>) -> Vec<Move> {
    list.into_iter().map(Move::of).collect()
}

#[pymethods]
impl Board {
    /// A new game on a board of `size` (1 to 15; the course plays 7 and
    /// 10), or the position of the state string `text`.
    #[new]
    #[pyo3(signature = (text = None, *, size = 7))]
    fn new(py: Python<'_>, text: Option<&str>, size: i64) -> PyResult<Board> {
        let state = match text {
            Some(text) => Board::parse(py, text)?,
            None => u32::try_from(size)
                .ok()
                .and_then(|n| Atropos::new(n).ok())
                .ok_or_else(|| {
                    PyValueError::new_err(format!("size {size}: boards go from 1 to 15"))
                })?,
        };
        Ok(Board::from_state(state))
    }

    /// The board size n (n(n+1)/2 circles to colour).
    #[getter]
    fn size(&self) -> u8 {
        self.state.size().get()
    }

    /// The player to move, 1 (who moved first) or 2; None once the game is
    /// over.
    #[getter]
    fn turn(&self) -> Option<u8> {
        self.state.to_move().map(|p| p.number())
    }

    /// The last play, or None at the start.
    #[getter]
    fn last_play(&self) -> Option<Move> {
        self.state.last_play().map(Move::of)
    }

    /// Moves made since the start of the game (not only on the stack).
    #[getter]
    fn moves_made(&self) -> u32 {
        self.state.moves_made()
    }

    /// The colour of circle `(h, l, r)`: 0 uncoloured, 1 red, 2 blue, 3
    /// green (the boundary too); `ValueError` off the board.
    fn color_at(&self, h: i64, l: i64, r: i64) -> PyResult<u8> {
        let size = self.state.size();
        let c = u8::try_from(h)
            .ok()
            .zip(u8::try_from(l).ok())
            .zip(u8::try_from(r).ok())
            .map(|((h, l), r)| Circle::new(h, l, r))
            .filter(|&c| size.is_interior(c) || size.boundary_color(c).is_some())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "({h},{l},{r}) is not a circle of this size-{} board",
                    size.get()
                ))
            })?;
        Ok(self.state.color(c).map_or(0, |c| c.digit()))
    }

    /// The circles the next move may go on, `(h, l, r)` in the canonical
    /// order (by h, then l); empty once the game is over.
    fn legal_circles(&self) -> Vec<(u8, u8, u8)> {
        self.state
            .legal_circles()
            .into_iter()
            .map(|c| (c.h, c.l, c.r))
            .collect()
    }

    /// The legal moves (three colours on each legal circle), canonical
    /// order.
    #[getter]
    fn legal_moves(&self) -> Vec<Move> {
        let mut all = moves(self.state.losing_moves());
        all.extend(moves(self.state.safe_moves()));
        all.sort_by_key(|m| (m.h, m.l, m.color));
        all
    }

    /// The legal moves that complete a three-coloured triangle (and so
    /// lose at once), canonical order.
    fn losing_moves(&self) -> Vec<Move> {
        moves(self.state.losing_moves())
    }

    /// The legal moves that do not lose at once, canonical order.
    fn safe_moves(&self) -> Vec<Move> {
        moves(self.state.safe_moves())
    }

    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match move_arg(py, r#move, self.state.size(), "is_legal") {
            Ok(Some(mv)) => self.checked(mv).is_ok(),
            Ok(None) => false,
            Err(e) if e.is_instance_of::<crate::errors::ParseError>(py) => false,
            Err(e) => return Err(e),
        })
    }

    /// Whether the legal `move` completes a three-coloured triangle.
    fn is_losing(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = self.checked(self.resolve(py, r#move, "is_losing")?)?;
        Ok(self.state.is_losing(mv))
    }

    /// Why `move` is illegal (as `IllegalMoveError` would say), or None.
    fn why_illegal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self
            .resolve(py, r#move, "why_illegal")
            .and_then(|mv| self.checked(mv))
            .err()
            .map(|e| e.to_string()))
    }

    /// Plays `move` (a `Move`, its text `(c,h,l,r)` or an action). An
    /// illegal move raises `IllegalMoveError` and changes nothing; a move
    /// that completes a three-coloured triangle ends the game (its maker
    /// loses).
    fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = self.checked(self.resolve(py, r#move, "push")?)?;
        self.push_checked(mv)
    }

    /// Takes back the last move of the stack and returns it.
    fn pop(&mut self) -> PyResult<Move> {
        let (mv, before) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.state = before;
        Ok(Move::of(mv))
    }

    /// The last move of the stack.
    fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .map(|&(mv, _)| Move::of(mv))
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The moves played since the stack began, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack.iter().map(|&(mv, _)| Move::of(mv)).collect()
    }

    /// The position the move stack starts from.
    fn root(&self) -> Board {
        Board::from_state(self.root)
    }

    /// Whether the last play completed a three-coloured triangle.
    fn is_game_over(&self) -> bool {
        self.state.is_finished()
    }

    /// How the game ended, or None while it is being played.
    fn outcome(&self) -> Option<Outcome> {
        self.state.winner().map(|p| Outcome { winner: p.number() })
    }

    /// The number of actions of this board: 3 for each interior circle.
    #[getter]
    fn action_count(&self) -> usize {
        action_count(self.state.size())
    }

    /// The action of `move`: 3 * (its circle's index in the canonical
    /// order) + colour - 1; `IllegalMoveError` for a move not on an
    /// interior circle or with no such colour.
    fn action(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mv = self.resolve(py, r#move, "action")?;
        let size = self.state.size();
        let circle = Circle::new(mv.h, mv.l, mv.r);
        let color = atom4_core::atropos::Color::from_digit(mv.color);
        match color {
            Some(color) if size.is_interior(circle) => {
                Ok(action_of(size, CoreMove::new(color, circle)))
            }
            _ => Err(IllegalMoveError::new_err(format!(
                "illegal move {}: not a colour on an interior circle",
                mv.text()
            ))),
        }
    }

    /// The legal moves as actions, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        let size = self.state.size();
        let mut all: Vec<usize> = self
            .state
            .losing_moves()
            .into_iter()
            .chain(self.state.safe_moves())
            .map(|mv| action_of(size, mv))
            .collect();
        all.sort_unstable();
        all
    }

    /// `action_count` bytes, 1 where the action is legal.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut mask = vec![0u8; action_count(self.state.size())];
        for a in self.legal_actions() {
            mask[a] = 1;
        }
        PyBytes::new(py, &mask)
    }

    /// The colours of the interior circles in the canonical order (0
    /// uncoloured, 1 red, 2 blue, 3 green), as bytes.
    fn colors<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let n = self.state.size().get();
        let mut out = Vec::with_capacity(action_count(self.state.size()) / 3);
        for h in 1..=n {
            for l in 1..=(n + 1 - h) {
                let c = Circle::new(h, l, n + 2 - h - l);
                out.push(self.state.color(c).map_or(0, |c| c.digit()));
            }
        }
        PyBytes::new(py, &out)
    }

    /// The state string, exactly as the referee passes it to a player.
    fn text(&self) -> String {
        self.state.to_string()
    }

    /// Sets the position from a state string; the move stack starts again.
    /// Bad text raises `ParseError` (a `ValueError`) and changes nothing.
    fn set_text(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        *self = Board::from_state(Board::parse(py, text)?);
        Ok(())
    }

    /// A copy; `stack=False` leaves out the move stack.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> Board {
        if stack {
            self.clone()
        } else {
            Board::from_state(self.state)
        }
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// Pickles as the root position's checked encoding and the moves' text.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let unpickle = py.import("atom4._atropos")?.getattr("unpickle_board")?;
        let root = PyBytes::new(py, &self.root.to_bytes());
        let moves: Vec<String> = self
            .stack
            .iter()
            .map(|&(mv, _)| Move::of(mv).text())
            .collect();
        let args = PyTuple::new(py, [root.into_any(), moves.into_pyobject(py)?.into_any()])?;
        Ok((unpickle, args))
    }

    /// Equal positions; the move stacks may differ, as in python-chess.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Board>()
            .is_ok_and(|other| other.borrow().state.to_bytes() == self.state.to_bytes())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.state.to_bytes().hash(&mut hasher);
        hasher.finish()
    }

    /// The triangle as text, top row first, `.` for uncoloured circles.
    fn __str__(&self) -> String {
        let n = self.state.size().get();
        let mut out = String::new();
        for h in (0..=n + 1).rev() {
            out.push_str(&" ".repeat(usize::from(h)));
            let row: Vec<String> = (0..=(n + 2 - h))
                .filter_map(|l| {
                    let c = Circle::new(h, l, n + 2 - h - l);
                    let size = self.state.size();
                    if !size.is_interior(c) && size.boundary_color(c).is_none() {
                        return None;
                    }
                    Some(match self.state.color(c) {
                        Some(color) => color.digit().to_string(),
                        None => ".".to_string(),
                    })
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }

    fn __repr__(&self) -> String {
        format!("Board({:?})", self.state.to_string())
    }
}

/// Rebuilds a pickled board: decodes the root (checked) and replays the
/// moves; anything inconsistent raises `ValueError`.
#[pyfunction]
pub fn unpickle_board(py: Python<'_>, root: &[u8], moves: Vec<String>) -> PyResult<Board> {
    let root = Atropos::from_bytes(root)
        .map_err(|e| PyValueError::new_err(format!("not a pickled atom4.atropos.Board: {e}")))?;
    let mut board = Board::from_state(root);
    for text in moves {
        let mv = Move::from_text(py, &text)?;
        let mv = board.checked(mv)?;
        board.push_checked(mv)?;
    }
    Ok(board)
}

/// How a game ended: `winner` is the player who did not complete the
/// triangle.
#[pyclass(
    module = "atom4.atropos",
    name = "Outcome",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// 1 or 2.
    #[pyo3(get)]
    winner: u8,
}

#[pymethods]
impl Outcome {
    #[new]
    fn new(winner: i64) -> PyResult<Outcome> {
        match winner {
            1 | 2 => Ok(Outcome {
                winner: winner as u8,
            }),
            w => Err(PyValueError::new_err(format!(
                "winner {w}: players are 1 and 2"
            ))),
        }
    }

    /// Always "triangle": an Atropos game ends when someone completes a
    /// three-coloured triangle.
    #[getter]
    fn termination(&self) -> &'static str {
        "triangle"
    }

    /// `1-0` or `0-1`.
    fn result(&self) -> &'static str {
        if self.winner == 1 {
            "1-0"
        } else {
            "0-1"
        }
    }

    fn __repr__(&self) -> String {
        format!("Outcome(winner={})", self.winner)
    }

    fn __getnewargs__(&self) -> (u8,) {
        (self.winner,)
    }
}
