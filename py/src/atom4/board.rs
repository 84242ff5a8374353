//! `atom4.Board`: a game of Atom-4 with its move stack, in the manner of
//! python-chess's `chess.Board`.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use atom4_core::atom4::{Atom4, Color, Diagram, Player, Status};
use atom4_core::{Cell, MAX_SIDE};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use super::errors;
use super::moves::{move_arg, Move};
use super::observation;
use super::render;

/// A game of Atom-4: the position (board, tile, round, scores) and the
/// moves of this round that led to it from `root`.
#[pyclass(module = "atom4", name = "Board", from_py_object)]
#[derive(Clone)]
pub struct Board {
    pub game: Atom4,
    /// The position the move stack starts from.
    root: Atom4,
    /// Each move of the stack with the position before it, so that `pop`
    /// restores exactly what was.
    stack: Vec<(Cell, Atom4)>,
}

impl Board {
    fn from_game(game: Atom4) -> Board {
        Board {
            game,
            root: game,
            stack: Vec::new(),
        }
    }

    fn play(&mut self, cell: Cell) -> PyResult<()> {
        let before = self.game;
        self.game
            .play(cell)
            .map_err(|reason| errors::illegal_move(cell, reason))?;
        self.stack.push((cell, before));
        Ok(())
    }

    fn parse(py: Python<'_>, text: &str) -> PyResult<Atom4> {
        Atom4::from_text(text).map_err(|e| errors::parse_error(py, "position text", e))
    }
}

fn size(value: i64, what: &str) -> PyResult<u8> {
    u8::try_from(value)
        .ok()
        .filter(|v| (2..=MAX_SIDE).contains(v))
        .ok_or_else(|| {
            PyValueError::new_err(format!("{what} {value}: boards are 2 to 16 cells each way"))
        })
}

fn letter(color: Color) -> String {
    color.letter().to_string()
}

#[pymethods]
impl Board {
    /// A new game (round 1, 16 x 16 unless given), or the position `text`.
    #[new]
    #[pyo3(signature = (text = None, *, width = 16, height = 16))]
    fn new(py: Python<'_>, text: Option<&str>, width: i64, height: i64) -> PyResult<Board> {
        let game = match text {
            Some(text) => Board::parse(py, text)?,
            None => {
                let (w, h) = (size(width, "width")?, size(height, "height")?);
                Atom4::new(w, h).map_err(|e| PyValueError::new_err(e.to_string()))?
            }
        };
        Ok(Board::from_game(game))
    }

    #[getter]
    fn width(&self) -> u8 {
        self.game.width()
    }

    #[getter]
    fn height(&self) -> u8 {
        self.game.height()
    }

    /// The colour the next move places, as its letter (`r y g c b p`).
    #[getter]
    fn tile(&self) -> String {
        letter(self.game.tile().color())
    }

    /// The player the tile belongs to: 1 (additive tiles, wants white rows)
    /// or 2 (subtractive tiles, black rows). Defined after the round too.
    #[getter]
    fn turn(&self) -> u8 {
        self.game.side_to_move().number()
    }

    #[getter]
    fn round(&self) -> u32 {
        self.game.round()
    }

    /// Rounds won by player 1 and player 2.
    #[getter]
    fn scores(&self) -> (u32, u32) {
        let [a, b] = self.game.scores();
        (a, b)
    }

    /// The piece on `(x, y)` as its letter, or None for an empty cell.
    fn piece_at(&self, x: i64, y: i64) -> PyResult<Option<String>> {
        let cell = u8::try_from(x)
            .ok()
            .zip(u8::try_from(y).ok())
            .and_then(|(x, y)| self.game.board().cell(x, y))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "({x}, {y}) is not on this {} x {} board",
                    self.game.width(),
                    self.game.height()
                ))
            })?;
        Ok(self.game.board().get(cell).map(letter))
    }

    /// The legal moves: a live view (iterate, `len`, `in`, `bool`).
    #[getter]
    fn legal_moves(slf: Py<Board>) -> LegalMoves {
        LegalMoves { board: slf }
    }

    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(move_arg(r#move, "is_legal")?.is_some_and(|c| self.game.check_move(c).is_ok()))
    }

    /// Why `move` is illegal (as the `IllegalMoveError` message would say),
    /// or None if it is legal.
    fn why_illegal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(match move_arg(r#move, "why_illegal")? {
            Some(cell) => self.game.check_move(cell).err().map(|r| r.to_string()),
            None => Some("that action is not a cell of the 16 x 16 frame".to_string()),
        })
    }

    /// The legal moves as actions `y * 16 + x`, ascending.
    fn legal_actions(&self) -> Vec<u16> {
        // u16, not u8: a Vec<u8> would reach Python as bytes.
        self.game
            .legal_moves()
            .iter()
            .map(|c| u16::from(c.index()))
            .collect()
    }

    /// 256 bytes, 1 where the action is legal.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &observation::legal_action_mask(&self.game))
    }

    /// `OBSERVATION_LEN` bytes: for each action `y * 16 + x` the cell (0 off
    /// the board, 1 empty, 2 + colour bits for a piece), then the tile's
    /// colour bits, then the player to move (0 once the round is over).
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &observation::observation(&self.game))
    }

    /// `PLANES * 256` bytes of one-hot feature planes, channels first
    /// (see the README for the planes).
    fn planes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &observation::planes(&self.game))
    }

    /// Plays `move` (a `Move` or an action). An illegal move raises
    /// `IllegalMoveError` and changes nothing.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        match move_arg(r#move, "push")? {
            Some(cell) => self.play(cell),
            None => Err(errors::IllegalMoveError::new_err(format!(
                "illegal move {}: actions go from 0 to 255",
                r#move.repr()?
            ))),
        }
    }

    /// Takes back the last move of the stack and returns it.
    fn pop(&mut self) -> PyResult<Move> {
        let (cell, before) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.game = before;
        Ok(Move::of(cell))
    }

    /// The last move of the stack.
    fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .map(|&(cell, _)| Move::of(cell))
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The moves played since the stack began (this round, or since the
    /// position was set), oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack.iter().map(|&(cell, _)| Move::of(cell)).collect()
    }

    /// The position the move stack starts from.
    fn root(&self) -> Board {
        Board::from_game(self.root)
    }

    /// Whether this round is over (won or stalemate).
    fn is_game_over(&self) -> bool {
        self.game.is_over()
    }

    /// How the round ended, or None while it is being played.
    fn outcome(&self) -> Option<Outcome> {
        match self.game.status() {
            Status::Playing => None,
            Status::Won(p) => Some(Outcome {
                winner: Some(p.number()),
            }),
            Status::Stalemate => Some(Outcome { winner: None }),
        }
    }

    /// Starts the next round (the round must be over): empty board, the
    /// other player first. The move stack starts again.
    fn next_round(&mut self) -> PyResult<()> {
        self.game
            .next_round()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        *self = Board::from_game(self.game);
        Ok(())
    }

    /// The position text `<board> <tile> <round> <s1>-<s2> <status>`.
    fn text(&self) -> String {
        self.game.to_string()
    }

    /// Sets the position from its text; the move stack starts again. Bad
    /// text raises `ParseError` (a `ValueError`) and changes nothing.
    fn set_text(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        *self = Board::from_game(Board::parse(py, text)?);
        Ok(())
    }

    /// A copy; `stack=False` leaves out the move stack.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> Board {
        if stack {
            self.clone()
        } else {
            Board::from_game(self.game)
        }
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// Pickles as the root position's checked encoding and the moves.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let unpickle = py.import("atom4._native")?.getattr("unpickle_board")?;
        let root = PyBytes::new(py, &self.root.to_bytes());
        let moves: Vec<u8> = self.stack.iter().map(|(cell, _)| cell.index()).collect();
        let args = PyTuple::new(py, [root.into_any(), PyBytes::new(py, &moves).into_any()])?;
        Ok((unpickle, args))
    }

    /// Equal positions (board, tile, round, scores, status); the move
    /// stacks may differ, as in python-chess.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Board>()
            .is_ok_and(|other| other.borrow().game == self.game)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.game.hash(&mut hasher);
        hasher.finish()
    }

    /// A text diagram, odd rows shifted half a cell as the original draws.
    fn __str__(&self) -> String {
        Diagram(self.game.board()).to_string()
    }

    fn __repr__(&self) -> String {
        format!("Board({:?})", self.game.to_string())
    }

    /// The diagram in colour for an ANSI terminal, legal cells marked.
    fn ansi(&self) -> String {
        render::ansi(&self.game)
    }

    /// An SVG picture of the board: coloured balls on the hexagonal grid.
    #[pyo3(signature = (*, size = 28))]
    fn svg(&self, size: u32) -> PyResult<String> {
        if !(4..=200).contains(&size) {
            return Err(PyValueError::new_err(
                "size is the cell size in pixels, 4 to 200",
            ));
        }
        Ok(render::svg(
            &self.game,
            size,
            self.stack.last().map(|&(c, _)| c),
        ))
    }

    fn _repr_svg_(&self) -> String {
        render::svg(&self.game, 28, self.stack.last().map(|&(c, _)| c))
    }
}

/// Rebuilds a pickled board: decodes the root (checked) and replays the
/// moves; anything inconsistent raises `ValueError`.
#[pyfunction]
pub fn unpickle_board(root: &[u8], moves: &[u8]) -> PyResult<Board> {
    let root = Atom4::from_bytes(root)
        .map_err(|e| PyValueError::new_err(format!("not a pickled atom4.Board: {e}")))?;
    let mut board = Board::from_game(root);
    for &index in moves {
        board.play(Cell::from_index(index))?;
    }
    Ok(board)
}

/// The legal moves of a board, always as they are now.
#[pyclass(module = "atom4", name = "LegalMoves", frozen)]
pub struct LegalMoves {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.board.borrow(py).game.legal_moves().count() as usize
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        !self.board.borrow(py).game.legal_moves().is_empty()
    }

    fn count(&self, py: Python<'_>) -> usize {
        self.__len__(py)
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> bool {
        // `in` answers for anything: what is not a move is not a legal one.
        match move_arg(r#move, "in") {
            Ok(Some(cell)) => self.board.borrow(py).game.check_move(cell).is_ok(),
            _ => false,
        }
    }

    /// The moves as they are at the time of the call, in action order.
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let moves: Vec<Move> = self
            .board
            .borrow(py)
            .game
            .legal_moves()
            .iter()
            .map(Move::of)
            .collect();
        Ok(moves.into_pyobject(py)?.try_iter()?.into_any().unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let legal = self.board.borrow(py).game.legal_moves();
        format!("<LegalMoves ({})>", super::moves::texts(legal.iter()))
    }
}

/// How a round ended.
#[pyclass(module = "atom4", name = "Outcome", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// 1 or 2; None for a stalemate (the board filled up).
    #[pyo3(get)]
    winner: Option<u8>,
}

#[pymethods]
impl Outcome {
    #[new]
    #[pyo3(signature = (winner))]
    fn new(winner: Option<u8>) -> PyResult<Outcome> {
        match winner {
            None | Some(1) | Some(2) => Ok(Outcome { winner }),
            Some(w) => Err(PyValueError::new_err(format!(
                "winner {w}: players are 1 and 2"
            ))),
        }
    }

    /// "win" or "stalemate".
    #[getter]
    fn termination(&self) -> &'static str {
        if self.winner.is_some() {
            "win"
        } else {
            "stalemate"
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> &'static str {
        match self.winner.and_then(|n| Player::from_number(n.into(), 2)) {
            Some(Player::ONE) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        match self.winner {
            Some(w) => format!("Outcome(winner={w})"),
            None => "Outcome(winner=None)".to_string(),
        }
    }

    fn __getnewargs__(&self) -> (Option<u8>,) {
        (self.winner,)
    }
}
