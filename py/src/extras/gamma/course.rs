//! `atom4.gamma.Course`: the course's API (`gamma.h`) on boards of any
//! size, in caller memory, with a move stack. It has no turns (any player
//! may move at any time); `player_after` gives the interactive mode's
//! order, and `state()` the position as an `atom4.Gamma` (turns, the
//! engine) on boards that fit one.

use atom4_core::gamma::{BoardText, Gamma, MoveError, Position as GammaPosition};
use atom4_core::registry::{AnyState, GAMMA_WORDS};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::course_move::{number, CourseMove as Move};
use crate::errors::IllegalMoveError;
use crate::state::Outcome;

/// A game of Gamma by the course's API: a board, its players and their
/// areas limit, and the moves made since it began.
#[pyclass(module = "atom4", name = "Course", subclass)]
pub struct Game {
    width: u32,
    height: u32,
    players: u32,
    areas: u32,
    memory: Box<[u32]>,
    stack: Vec<Move>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            memory: self.memory.clone(),
            stack: self.stack.clone(),
            ..*self
        }
    }
}

/// Zeroed words for a game, asked for fallibly and not touched up front.
fn zeroed(words: usize) -> PyResult<Box<[u32]>> {
    bytemuck::allocation::try_zeroed_slice_box::<u32>(words)
        .map_err(|()| PyMemoryError::new_err(format!("no memory for a game of {words} words")))
}

impl Game {
    /// A new empty game; `ValueError` for a number that is 0 or a board of
    /// more than 2^30 cells, `MemoryError` when the memory cannot be had.
    pub fn create(width: u32, height: u32, players: u32, areas: u32) -> PyResult<Game> {
        if width == 0 || height == 0 || players == 0 || areas == 0 {
            return Err(PyValueError::new_err(
                "width, height, players and areas must be at least 1",
            ));
        }
        let words = Gamma::memory_words(width, height, players).ok_or_else(|| {
            PyValueError::new_err(format!(
                "a {width} x {height} board is too big: at most 2^30 cells"
            ))
        })?;
        let mut memory = zeroed(words)?;
        Gamma::new_in_zeroed(width, height, players, areas, &mut memory)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Game {
            width,
            height,
            players,
            areas,
            memory,
            stack: Vec::new(),
        })
    }

    /// The board's width and height.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The number of players.
    pub fn players_count(&self) -> u32 {
        self.players
    }

    /// The engine over this game's memory.
    pub fn engine(&mut self) -> Gamma<'_> {
        Gamma::attach(&mut self.memory).expect("a Game's memory always holds its game")
    }

    /// `player` checked against the game's players.
    pub fn player_arg(&self, player: i64) -> PyResult<u32> {
        match u32::try_from(player) {
            Ok(p) if p >= 1 && p <= self.players => Ok(p),
            _ => Err(PyValueError::new_err(format!(
                "player {player}: players go from 1 to {}",
                self.players
            ))),
        }
    }

    /// `(x, y)` checked against the board.
    fn cell_arg(&self, x: i64, y: i64) -> PyResult<(u32, u32)> {
        match (u32::try_from(x), u32::try_from(y)) {
            (Ok(x), Ok(y)) if x < self.width && y < self.height => Ok((x, y)),
            _ => Err(PyValueError::new_err(format!(
                "({x}, {y}) is not on this {} x {} board",
                self.width, self.height
            ))),
        }
    }

    /// Makes `mv` or says why not (the game unchanged).
    pub fn make(&mut self, mv: Move) -> Result<(), MoveError> {
        let mut game = self.engine();
        if mv.golden {
            game.golden_move(mv.player, mv.x, mv.y)?;
        } else {
            game.play(mv.player, mv.x, mv.y)?;
        }
        drop(game);
        self.stack.push(mv);
        Ok(())
    }

    /// Makes `mv`, or raises `IllegalMoveError` saying why.
    fn push_move(&mut self, mv: Move) -> PyResult<()> {
        self.make(mv).map_err(|why| illegal(mv, why))
    }

    /// Whether `mv` would succeed now, and if not why; nothing changes.
    pub fn check(&mut self, mv: Move) -> Result<(), MoveError> {
        let mut game = self.engine();
        if mv.golden {
            game.check_golden_move(mv.player, mv.x, mv.y)
        } else {
            game.check_move(mv.player, mv.x, mv.y)
        }
    }

    /// The player after `after` (0: from player 1 on) who has a free field
    /// or a golden move, `after` itself last.
    pub fn next_after(&mut self, after: u32) -> Option<u32> {
        let players = self.players;
        let mut game = self.engine();
        (1..=players)
            .map(|step| ((u64::from(after) + u64::from(step) - 1) % u64::from(players)) as u32 + 1)
            .find(|&q| game.free_fields(q) > 0 || game.golden_possible(q))
    }

    /// Every move `player` could make now: ordinary moves, then golden
    /// moves, each in the order of rows from `y = 0`.
    pub fn moves_of(&mut self, player: u32) -> Vec<Move> {
        let (w, h) = (self.width, self.height);
        let mut game = self.engine();
        let mut moves = Vec::new();
        for golden in [false, true] {
            if golden && (game.golden_move_used(player) || !game.golden_possible(player)) {
                break;
            }
            for y in 0..h {
                for x in 0..w {
                    let legal = if golden {
                        game.owner(x, y).is_some_and(|o| o != player)
                            && game.check_golden_move(player, x, y).is_ok()
                    } else {
                        game.check_move(player, x, y).is_ok()
                    };
                    if legal {
                        moves.push(Move {
                            player,
                            x,
                            y,
                            golden,
                        });
                    }
                }
            }
        }
        moves
    }
}

/// `IllegalMoveError` for `mv` refused because of `why`.
pub fn illegal(mv: Move, why: MoveError) -> PyErr {
    IllegalMoveError::new_err(format!("illegal move {}: {why}", mv.text()))
}

#[pymethods]
impl Game {
    /// A new game: a `width` x `height` board, `players` players, each
    /// holding at most `areas` areas.
    #[new]
    fn new(width: i64, height: i64, players: i64, areas: i64) -> PyResult<Game> {
        Game::create(
            number(width, "width")?,
            number(height, "height")?,
            number(players, "players")?,
            number(areas, "areas")?,
        )
    }

    #[getter]
    fn width(&self) -> u32 {
        self.width
    }

    #[getter]
    fn height(&self) -> u32 {
        self.height
    }

    #[getter]
    fn players(&self) -> u32 {
        self.players
    }

    /// The most areas a player may hold.
    #[getter]
    fn areas(&self) -> u32 {
        self.areas
    }

    /// An ordinary move of `player` on the empty cell `(x, y)`; raises
    /// `IllegalMoveError` (a `ValueError`) saying why when it is refused,
    /// and the game is left as it was.
    #[pyo3(name = "move")]
    fn ordinary_move(&mut self, player: i64, x: i64, y: i64) -> PyResult<()> {
        let mv = Move {
            player: self.player_arg(player)?,
            x: number(x, "x")?,
            y: number(y, "y")?,
            golden: false,
        };
        self.push_move(mv)
    }

    /// The golden move of `player` on another player's cell `(x, y)` (once
    /// a game); raises `IllegalMoveError` when it is refused.
    fn golden_move(&mut self, player: i64, x: i64, y: i64) -> PyResult<()> {
        let mv = Move {
            player: self.player_arg(player)?,
            x: number(x, "x")?,
            y: number(y, "y")?,
            golden: true,
        };
        self.push_move(mv)
    }

    /// Makes `move` (a `Move`); raises `IllegalMoveError` when it is
    /// refused, and the game is left as it was.
    fn push(&mut self, r#move: Move) -> PyResult<()> {
        self.push_move(r#move)
    }

    /// Takes back the last move and returns it (the game is replayed from
    /// its start: the cost grows with the moves made; copy the game to
    /// explore instead).
    fn pop(&mut self) -> PyResult<Move> {
        let last = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        let mut fresh = Game::create(self.width, self.height, self.players, self.areas)?;
        for &mv in &self.stack {
            fresh
                .make(mv)
                .map_err(|why| PyValueError::new_err(format!("replaying {}: {why}", mv.text())))?;
        }
        *self = fresh;
        Ok(last)
    }

    /// The last move made.
    fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .copied()
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The moves made since the game began, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack.clone()
    }

    /// Whether `move` would succeed now.
    fn is_legal(&mut self, r#move: Move) -> bool {
        self.check(r#move).is_ok()
    }

    /// Why `move` would be refused now (the `IllegalMoveError` message's
    /// reason), or None when it would succeed.
    fn why_illegal(&mut self, r#move: Move) -> Option<String> {
        self.check(r#move).err().map(|why| why.to_string())
    }

    /// Every move `player` could make now: ordinary moves, then golden
    /// moves, each in the order of rows from `y = 0`.
    #[pyo3(name = "moves_of")]
    fn py_moves_of(&mut self, player: i64) -> PyResult<Vec<Move>> {
        let player = self.player_arg(player)?;
        Ok(self.moves_of(player))
    }

    /// Deprecated: `moves_of(player)`.
    fn legal_moves(&mut self, py: Python<'_>, player: i64) -> PyResult<Vec<Move>> {
        crate::deprecated(py, "Course.legal_moves(player)", "moves_of(player)")?;
        self.py_moves_of(player)
    }

    /// The cells `player` holds.
    fn busy_fields(&mut self, player: i64) -> PyResult<u64> {
        let p = self.player_arg(player)?;
        Ok(self.engine().busy_fields(p))
    }

    /// The empty cells where an ordinary move of `player` would succeed.
    fn free_fields(&mut self, player: i64) -> PyResult<u64> {
        let p = self.player_arg(player)?;
        Ok(self.engine().free_fields(p))
    }

    /// Whether some golden move of `player` would succeed now.
    fn golden_possible(&mut self, player: i64) -> PyResult<bool> {
        let p = self.player_arg(player)?;
        Ok(self.engine().golden_possible(p))
    }

    /// Whether `player` has made its golden move.
    fn golden_move_used(&mut self, player: i64) -> PyResult<bool> {
        let p = self.player_arg(player)?;
        Ok(self.engine().golden_move_used(p))
    }

    /// The areas `player` holds.
    fn areas_of(&mut self, player: i64) -> PyResult<u32> {
        let p = self.player_arg(player)?;
        Ok(self.engine().areas_of(p))
    }

    /// The player holding `(x, y)`, or None for an empty cell.
    fn owner(&mut self, x: i64, y: i64) -> PyResult<Option<u32>> {
        let (x, y) = self.cell_arg(x, y)?;
        Ok(self.engine().owner(x, y))
    }

    /// The cells nobody holds.
    fn empty_fields(&mut self) -> u64 {
        self.engine().empty_fields()
    }

    /// The interactive mode's turn order: the first player after `after`
    /// (`after + 1`, ..., `after` itself last; 0 starts from player 1) who
    /// has a free field or a golden move; None when nobody has, and the
    /// game is over.
    #[pyo3(signature = (after = 0))]
    fn player_after(&mut self, after: i64) -> PyResult<Option<u32>> {
        let after = match u32::try_from(after) {
            Ok(0) => 0,
            _ => self.player_arg(after)?,
        };
        Ok(self.next_after(after))
    }

    /// Deprecated: `player_after(after)` (an `atom4.Gamma` state has
    /// `turn`).
    #[pyo3(signature = (after = 0))]
    fn next_player(&mut self, py: Python<'_>, after: i64) -> PyResult<Option<u32>> {
        crate::deprecated(
            py,
            "next_player(after)",
            "player_after(after), or atom4.Gamma's turn",
        )?;
        self.player_after(after)
    }

    /// Whether nobody can move or make a golden move any more.
    fn is_game_over(&mut self) -> bool {
        self.next_after(0).is_none()
    }

    /// How the game ended (the only player holding the most cells wins;
    /// players sharing the most draw), or None while it goes on.
    fn outcome(&mut self) -> Option<Outcome> {
        if self.next_after(0).is_some() {
            return None;
        }
        let players = self.players;
        let game = self.engine();
        let busy: Vec<f64> = (1..=players).map(|p| game.busy_fields(p) as f64).collect();
        Some(Outcome::of(&busy))
    }

    /// Deprecated: `outcome().winner`.
    fn winner(&mut self, py: Python<'_>) -> PyResult<Option<u8>> {
        crate::deprecated(py, "winner()", "outcome().winner")?;
        Ok(self.outcome().and_then(|o| o.winner()))
    }

    /// The position as an `atom4.Gamma` state (turns in the interactive
    /// mode's order, `player` to move: by default the first who can; the
    /// engine), for boards of up to 32 x 32 cells and 16 players; its
    /// stack starts empty.
    #[pyo3(signature = (player = None))]
    fn state(&mut self, py: Python<'_>, player: Option<i64>) -> PyResult<Py<PyAny>> {
        let to_move = match player {
            Some(p) => self.player_arg(p)?,
            None => self.next_after(0).unwrap_or(1),
        };
        if self.players as usize > atom4_core::gamma::notation::TEXT_PLAYERS {
            return Err(PyValueError::new_err(format!(
                "a state holds at most {} players (this game has {})",
                atom4_core::gamma::notation::TEXT_PLAYERS,
                self.players
            )));
        }
        let position = GammaPosition::<GAMMA_WORDS>::from_game(&self.engine(), to_move)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        crate::games::object(
            py,
            crate::state::State {
                game: crate::games::Game::of(AnyState::Gamma(position)),
            },
        )
    }

    /// The board as `gamma_board` gives it: rows from `y = height - 1`
    /// down, each ending in a newline.
    fn board(&mut self) -> String {
        BoardText(&self.engine()).to_string()
    }

    fn __str__(&mut self) -> String {
        self.board()
    }

    fn __repr__(&self) -> String {
        format!(
            "Course(width={}, height={}, players={}, areas={})",
            self.width, self.height, self.players, self.areas
        )
    }

    /// A copy (the move stack too).
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// Pickles as the game's numbers and its moves, replayed on unpickling.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let unpickle = py.import("atom4._native")?.getattr("_unpickle_course")?;
        let moves: Vec<(u32, u32, u32, bool)> = self
            .stack
            .iter()
            .map(|m| (m.player, m.x, m.y, m.golden))
            .collect();
        let args = (self.width, self.height, self.players, self.areas, moves).into_pyobject(py)?;
        Ok((unpickle, args))
    }

    /// Equal games: the same numbers, board and golden moves used (the
    /// move stacks may differ, as in python-chess).
    fn __eq__(&mut self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<Game>() else {
            return false;
        };
        let Ok(mut other) = other.try_borrow_mut() else {
            // The same object, borrowed by this call.
            return true;
        };
        if (self.width, self.height, self.players, self.areas)
            != (other.width, other.height, other.players, other.areas)
        {
            return false;
        }
        let (w, h, players) = (self.width, self.height, self.players);
        let mine = self.engine();
        let theirs = other.engine();
        (0..h).all(|y| (0..w).all(|x| mine.owner(x, y) == theirs.owner(x, y)))
            && (1..=players).all(|p| mine.golden_move_used(p) == theirs.golden_move_used(p))
    }
}

/// Rebuilds a pickled game by replaying its moves; anything inconsistent
/// raises `ValueError`.
#[pyfunction]
#[pyo3(name = "_unpickle_course")]
pub fn unpickle_course(
    width: u32,
    height: u32,
    players: u32,
    areas: u32,
    moves: Vec<(u32, u32, u32, bool)>,
) -> PyResult<Game> {
    let mut game = Game::create(width, height, players, areas)?;
    for (player, x, y, golden) in moves {
        let mv = Move {
            player,
            x,
            y,
            golden,
        };
        game.make(mv).map_err(|why| {
            PyValueError::new_err(format!("not a pickled Course: {}: {why}", mv.text()))
        })?;
    }
    Ok(game)
}
