//! `atom4.chain.Position`: a game of Chain Reaction with its move stack,
//! in the manner of python-chess's `chess.Board`.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use atom4_core::chain::{letter, Cascade as CoreCascade, Move as CoreMove, Position as Core};
use atom4_core::chain::{Rules, Status};
use atom4_core::game::Player;
use atom4_core::Cell;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use super::moves::{action, move_arg, Move, ACTIONS};
use super::observation;
use crate::errors::{bad_text, IllegalMoveError};

/// A game of Chain Reaction, either rule set: the position and the moves
/// that led to it from `root`.
#[pyclass(module = "atom4.chain", name = "Position", from_py_object)]
#[derive(Clone)]
pub struct Position {
    pub position: Core,
    root: Core,
    /// Each move of the stack with the position before it, so that `pop`
    /// restores exactly what was.
    stack: Vec<(CoreMove, Core)>,
}

impl Position {
    pub fn from_core(position: Core) -> Position {
        Position {
            position,
            root: position,
            stack: Vec::new(),
        }
    }

    fn play(&mut self, mv: CoreMove) -> PyResult<CoreCascade> {
        let before = self.position;
        let cascade = self
            .position
            .play(mv)
            .map_err(|reason| IllegalMoveError::new_err(format!("illegal move {mv}: {reason}")))?;
        self.stack.push((mv, before));
        Ok(cascade)
    }

    fn parse(py: Python<'_>, text: &str) -> PyResult<Core> {
        text.parse::<Core>().map_err(|e| {
            bad_text(
                py,
                format!("bad position text at byte {}: {}", e.offset, e.kind),
                e.offset,
            )
        })
    }

    /// The cell `(x, y)` if it is on the board, else a `ValueError`.
    fn cell(&self, x: i64, y: i64) -> PyResult<Cell> {
        u8::try_from(x)
            .ok()
            .zip(u8::try_from(y).ok())
            .and_then(|(x, y)| Cell::new(x, y))
            .filter(|&c| self.position.board().contains(c))
            .ok_or_else(|| {
                let b = self.position.board();
                PyValueError::new_err(format!(
                    "({x}, {y}) is not on this {}x{} board",
                    b.width(),
                    b.height()
                ))
            })
    }

    /// The player numbered `number` (1-based), else a `ValueError`.
    fn player(&self, number: i64) -> PyResult<Player> {
        u32::try_from(number)
            .ok()
            .and_then(|n| Player::from_number(n, self.position.players()))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "player {number}: players go from 1 to {}",
                    self.position.players()
                ))
            })
    }
}

fn rules_of(name: &str) -> PyResult<Rules> {
    match name {
        "classic" => Ok(Rules::Classic),
        "atoms" => Ok(Rules::Atoms),
        _ => Err(PyValueError::new_err(format!(
            "rules {name:?}: 'classic' or 'atoms'"
        ))),
    }
}

fn narrow(value: i64, what: &str, range: &str) -> PyResult<u8> {
    u8::try_from(value).map_err(|_| PyValueError::new_err(format!("{what} {value}: {range}")))
}

#[pymethods]
impl Position {
    /// A new game (classic, 6x9, 2 players unless given), or the position
    /// `text`.
    #[new]
    #[pyo3(signature = (text = None, *, rules = "classic", width = 6, height = 9, players = 2))]
    fn new(
        py: Python<'_>,
        text: Option<&str>,
        rules: &str,
        width: i64,
        height: i64,
        players: i64,
    ) -> PyResult<Position> {
        let position = match text {
            Some(text) => Position::parse(py, text)?,
            None => {
                let sides = "boards are 1 to 16 cells each way";
                Core::new(
                    rules_of(rules)?,
                    narrow(width, "width", sides)?,
                    narrow(height, "height", sides)?,
                    narrow(players, "players", "2 to 8 players")?,
                )
                .map_err(|e| PyValueError::new_err(e.to_string()))?
            }
        };
        Ok(Position::from_core(position))
    }

    /// 'classic' or 'atoms'.
    #[getter]
    fn rules(&self) -> &'static str {
        self.position.rules().name()
    }

    #[getter]
    fn width(&self) -> u8 {
        self.position.board().width()
    }

    #[getter]
    fn height(&self) -> u8 {
        self.position.board().height()
    }

    #[getter]
    fn players(&self) -> usize {
        self.position.players()
    }

    /// The player to move, 1..players (1 is `a` in the notation); None
    /// once the game is over.
    #[getter]
    fn turn(&self) -> Option<u8> {
        self.position.to_move().map(|p| p.number())
    }

    /// Turns completed: moves, passes and forfeits.
    #[getter]
    fn ply(&self) -> u32 {
        self.position.ply()
    }

    /// The players who are out, in turn order.
    #[getter]
    fn out(&self) -> Vec<u32> {
        self.position
            .out_players()
            .map(|p| u32::from(p.number()))
            .collect()
    }

    /// The orbs on `(x, y)`.
    fn count_at(&self, x: i64, y: i64) -> PyResult<u8> {
        Ok(self.position.board().count(self.cell(x, y)?))
    }

    /// The owner of `(x, y)` (1..players), or None. An atoms cell emptied
    /// by an explosion keeps its owner with no orbs.
    fn owner_at(&self, x: i64, y: i64) -> PyResult<Option<u8>> {
        Ok(self
            .position
            .board()
            .owner(self.cell(x, y)?)
            .map(|p| p.number()))
    }

    /// The critical mass of `(x, y)`: its neighbours (classic), 4 (atoms).
    fn critical_mass(&self, x: i64, y: i64) -> PyResult<u8> {
        let cell = self.cell(x, y)?;
        Ok(atom4_core::chain::eval::critical_mass(
            &self.position,
            cell.x(),
            cell.y(),
        ))
    }

    /// All the orbs of `player` (1..players).
    fn orbs(&self, player: i64) -> PyResult<u32> {
        Ok(self.position.board().orbs(self.player(player)?))
    }

    /// The legal moves: a live view (iterate, `len`, `in`, `bool`); in
    /// atoms the pass comes last.
    #[getter]
    fn legal_moves(slf: Py<Position>) -> LegalMoves {
        LegalMoves { position: slf }
    }

    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(move_arg(r#move, "is_legal")?.is_some_and(|m| self.position.check_move(m).is_ok()))
    }

    /// Why `move` is illegal (as the `IllegalMoveError` message says), or
    /// None if it is legal.
    fn why_illegal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(match move_arg(r#move, "why_illegal")? {
            Some(mv) => self.position.check_move(mv).err().map(|r| r.to_string()),
            None => Some("that action is no move: actions go from 0 to 256".to_string()),
        })
    }

    /// The legal moves as actions (`y * 16 + x`, 256 the pass), ascending.
    fn legal_actions(&self) -> Vec<u16> {
        let mask = observation::legal_action_mask(&self.position);
        (0..ACTIONS as u16)
            .filter(|&a| mask[usize::from(a)] == 1)
            .collect()
    }

    /// 257 bytes, 1 where the action is legal.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &observation::legal_action_mask(&self.position))
    }

    /// `PLANES * 256` bytes of 0/1 feature planes, index `plane * 256 + y
    /// * 16 + x`, seen from `player` (default: the player to move): 0..8
    /// the owners, that player's first and the others in turn order after
    /// them; 8..15 a count of 1..7 orbs; 15 on the board; 16 one orb short
    /// of the critical mass; 17 legal for the player to move.
    #[pyo3(signature = (player = None))]
    fn planes<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyBytes>> {
        let observer = match player {
            Some(n) => self.player(n)?,
            None => self.position.to_move().unwrap_or(Player::ONE),
        };
        Ok(PyBytes::new(
            py,
            &observation::planes(&self.position, observer),
        ))
    }

    /// Plays `move` (a `Move`, an action or a move's text) and returns
    /// what it set off. An illegal move raises `IllegalMoveError` and
    /// changes nothing.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Cascade> {
        match move_arg(r#move, "push")? {
            Some(mv) => self.play(mv).map(Cascade::of),
            None => Err(IllegalMoveError::new_err(format!(
                "illegal move {}: actions go from 0 to 256",
                r#move.repr()?
            ))),
        }
    }

    /// Takes back the last move of the stack and returns it.
    fn pop(&mut self) -> PyResult<Move> {
        let (mv, before) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.position = before;
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
    fn root(&self) -> Position {
        Position::from_core(self.root)
    }

    fn is_game_over(&self) -> bool {
        self.position.is_over()
    }

    /// How the game ended, or None while it is on.
    fn outcome(&self) -> Option<Outcome> {
        match self.position.status() {
            Status::Playing => None,
            Status::Won(p) => Some(Outcome {
                winner: Some(p.number()),
            }),
            Status::Drawn => Some(Outcome { winner: None }),
        }
    }

    /// The position text `RULES PLAYERS BOARD TOMOVE PLY OUT RESULT`.
    fn text(&self) -> String {
        self.position.to_string()
    }

    /// Sets the position from its text; the move stack starts again. Bad
    /// text raises `ParseError` (a `ValueError`) and changes nothing.
    fn set_text(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        *self = Position::from_core(Position::parse(py, text)?);
        Ok(())
    }

    /// A copy; `stack=False` leaves out the move stack.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> Position {
        if stack {
            self.clone()
        } else {
            Position::from_core(self.position)
        }
    }

    fn __copy__(&self) -> Position {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.clone()
    }

    /// Pickles as the root position's checked encoding and the moves'
    /// actions (two bytes each).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let unpickle = py.import("atom4._chain")?.getattr("unpickle_position")?;
        let root = PyBytes::new(py, &self.root.to_bytes());
        let moves: Vec<u8> = self
            .stack
            .iter()
            .flat_map(|&(mv, _)| action(mv).to_le_bytes())
            .collect();
        let args = PyTuple::new(py, [root.into_any(), PyBytes::new(py, &moves).into_any()])?;
        Ok((unpickle, args))
    }

    /// Equal positions; the move stacks may differ, as in python-chess.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Position>()
            .is_ok_and(|other| other.borrow().position == self.position)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.position.hash(&mut hasher);
        hasher.finish()
    }

    /// A diagram: a row a line, each cell `.` or its count and owner
    /// letter, then whose turn it is.
    fn __str__(&self) -> String {
        let board = self.position.board();
        let mut out = String::new();
        for y in 0..board.height() {
            for x in 0..board.width() {
                let cell = Cell::new(x, y).unwrap_or(Cell::from_index(0));
                match board.owner(cell) {
                    Some(p) => out.push_str(&format!(" {}{}", board.count(cell), letter(p))),
                    None => out.push_str("  ."),
                }
            }
            out.push('\n');
        }
        out.push_str(&match self.position.status() {
            Status::Playing => format!(
                "{} to move",
                letter(self.position.to_move().unwrap_or(Player::ONE))
            ),
            Status::Won(p) => format!("won by {}", letter(p)),
            Status::Drawn => "drawn".to_string(),
        });
        out
    }

    fn __repr__(&self) -> String {
        format!("Position({:?})", self.position.to_string())
    }
}

/// Rebuilds a pickled position: decodes the root (checked) and replays
/// the moves; anything inconsistent raises `ValueError`.
#[pyfunction]
pub fn unpickle_position(root: &[u8], moves: &[u8]) -> PyResult<Position> {
    let root = Core::from_bytes(root)
        .map_err(|e| PyValueError::new_err(format!("not a pickled atom4.chain.Position: {e}")))?;
    if !moves.len().is_multiple_of(2) {
        return Err(PyValueError::new_err(
            "not a pickled atom4.chain.Position: the moves are two bytes each",
        ));
    }
    let mut position = Position::from_core(root);
    for pair in moves.chunks_exact(2) {
        let a = u16::from_le_bytes([pair[0], pair[1]]);
        let mv = super::moves::from_action(i64::from(a))
            .ok_or_else(|| PyValueError::new_err(format!("no action {a} in a pickle")))?;
        position.play(mv)?;
    }
    Ok(position)
}

/// The legal moves of a position, always as they are now.
#[pyclass(module = "atom4.chain", name = "LegalMoves", frozen)]
pub struct LegalMoves {
    position: Py<Position>,
}

impl LegalMoves {
    fn moves(&self, py: Python<'_>) -> Vec<Move> {
        let mut list = atom4_core::chain::MoveList::new();
        atom4_core::game::Game::legal_moves(&self.position.borrow(py).position, &mut list);
        list.iter().copied().map(Move::of).collect()
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.moves(py).len()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        !self.position.borrow(py).position.is_over()
    }

    fn count(&self, py: Python<'_>) -> usize {
        self.__len__(py)
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> bool {
        // `in` answers for anything: what is not a move is not a legal one.
        match move_arg(r#move, "in") {
            Ok(Some(mv)) => self.position.borrow(py).position.check_move(mv).is_ok(),
            _ => false,
        }
    }

    /// The moves as they are at the time of the call, cells row by row,
    /// then the pass (atoms).
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(self
            .moves(py)
            .into_pyobject(py)?
            .try_iter()?
            .into_any()
            .unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let texts: Vec<String> = self.moves(py).iter().map(|m| m.mv.to_string()).collect();
        format!("<LegalMoves ({})>", texts.join(" "))
    }
}

/// What a move set off.
#[pyclass(module = "atom4.chain", name = "Cascade", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cascade {
    /// Cell explosions, once per cell and wave.
    explosions: u32,
    /// Waves of explosions.
    waves: u32,
}

impl Cascade {
    pub fn of(c: CoreCascade) -> Cascade {
        Cascade {
            explosions: c.explosions,
            waves: c.waves,
        }
    }
}

#[pymethods]
impl Cascade {
    fn __repr__(&self) -> String {
        format!(
            "Cascade(explosions={}, waves={})",
            self.explosions, self.waves
        )
    }
}

/// How a game ended.
#[pyclass(
    module = "atom4.chain",
    name = "Outcome",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner (1..players); None for a draw (the cap of 1000 waves).
    #[pyo3(get)]
    winner: Option<u8>,
}

#[pymethods]
impl Outcome {
    #[new]
    #[pyo3(signature = (winner))]
    fn new(winner: Option<u8>) -> PyResult<Outcome> {
        match winner {
            None | Some(1..=8) => Ok(Outcome { winner }),
            Some(w) => Err(PyValueError::new_err(format!(
                "winner {w}: players go from 1 to 8"
            ))),
        }
    }

    /// 'win' or 'draw'.
    #[getter]
    fn termination(&self) -> &'static str {
        if self.winner.is_some() {
            "win"
        } else {
            "draw"
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
