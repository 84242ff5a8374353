//! The exact solver: whether the player to move can force a win, and
//! every move that does, by exhaustive search.
//!
//! A depth-first search of win/loss values (no scores, no windows: every
//! result it stores is exact) over a board of its own made for speed
//! (`board.rs`): colours on a grid with a border, so that the six
//! neighbours of a circle are six fixed offsets, and for every uncoloured
//! circle the set of colours that lose there, kept up to date move by
//! move. A position is keyed by what decides the rest of the game and no
//! more, up to the board's symmetries (a mirror on odd sizes, two
//! rotations on even ones), and its result kept in a transposition table
//! in the caller's memory (`table.rs`). Moves that leave the opponent the
//! fewest safe replies are tried first; one that leaves none wins at once.

pub(crate) mod board;
mod table;

use core::fmt;

use arrayvec::ArrayVec;

use super::geometry::MAX_CIRCLES;
use super::state::{Atropos, Move, MoveList};
use crate::control::Control;
use board::{unpack, Board, Moves};
use table::Table;

/// The value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The player to move can force a win.
    Win,
    /// Whatever the player to move does, the opponent can force a win.
    Loss,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Loss => "loss",
        })
    }
}

/// Why the solver gave no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolveError {
    /// The game is over: there is nothing to solve.
    Finished,
    /// The caller's control stopped the search.
    Stopped,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SolveError::Finished => "the game is over",
            SolveError::Stopped => "the search was stopped",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SolveError {}

/// Nodes between two questions to the caller's control.
const CHECK_EVERY: u64 = 1 << 12;

/// The exact solver, over a transposition table in the caller's memory.
/// Results stay in the table between calls (positions of every size can
/// share it); a larger table finds more of them again.
pub struct Solver<'t> {
    table: Table<'t>,
    nodes: u64,
    stopped: bool,
}

impl fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("table_len", &self.table.len())
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl<'t> Solver<'t> {
    /// A solver over `table`, words of any length (a power of two of at
    /// least four uses all of it; an empty table works, slowly), zero for
    /// an empty table; it keeps what it finds there.
    pub fn new(table: &'t mut [u64]) -> Solver<'t> {
        Solver {
            table: Table::new(table),
            nodes: 0,
            stopped: false,
        }
    }

    /// The positions visited so far, over every call.
    #[inline]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The value of `state` for the player to move. `control` is asked
    /// every few thousand positions whether to stop.
    pub fn value<C: Control<Move>>(
        &mut self,
        state: &Atropos,
        control: &mut C,
    ) -> Result<Value, SolveError> {
        if state.is_finished() {
            return Err(SolveError::Finished);
        }
        let mut board = Board::new(state);
        self.stopped = false;
        let win = self.search(&mut board, control);
        self.result(win)
    }

    /// A winning move of `state` (the first the search proves, not
    /// necessarily the first in the canonical order), `None` when the
    /// player to move loses.
    pub fn winning_move<C: Control<Move>>(
        &mut self,
        state: &Atropos,
        control: &mut C,
    ) -> Result<Option<Move>, SolveError> {
        if state.is_finished() {
            return Err(SolveError::Finished);
        }
        let mut board = Board::new(state);
        self.stopped = false;
        let mut circles = ArrayVec::<u16, MAX_CIRCLES>::new();
        board.candidates(&mut circles);
        let mut moves = Moves::new();
        if let Some(m) = board.safe_moves(&circles, &mut moves) {
            return Ok(board.to_move(unpack(m)));
        }
        moves.sort_unstable();
        for &m in &moves {
            let (g, d) = unpack(m);
            let undo = board.play(g, d);
            let opponent_wins = self.search(&mut board, control);
            board.unplay(g, undo);
            if self.stopped {
                return Err(SolveError::Stopped);
            }
            if !opponent_wins {
                return Ok(board.to_move((g, d)));
            }
        }
        Ok(None)
    }

    /// The value of `state` and, in `winning` (cleared first), every move
    /// that wins, in the canonical order: the safe moves after which the
    /// opponent, to move, has a loss. Empty for a loss.
    pub fn winning_moves<C: Control<Move>>(
        &mut self,
        state: &Atropos,
        winning: &mut MoveList,
        control: &mut C,
    ) -> Result<Value, SolveError> {
        winning.clear();
        if state.is_finished() {
            return Err(SolveError::Finished);
        }
        let mut board = Board::new(state);
        self.stopped = false;
        let size = state.size();
        for mv in state.safe_moves() {
            let Some(i) = size.index(mv.circle) else {
                continue;
            };
            let g = board.grid_of[i] as usize;
            let undo = board.play(g, mv.color.digit());
            let opponent_wins = self.search(&mut board, control);
            board.unplay(g, undo);
            if self.stopped {
                winning.clear();
                return Err(SolveError::Stopped);
            }
            if !opponent_wins {
                winning.push(mv);
            }
        }
        Ok(if winning.is_empty() {
            Value::Loss
        } else {
            Value::Win
        })
    }

    fn result(&self, win: bool) -> Result<Value, SolveError> {
        match (self.stopped, win) {
            (true, _) => Err(SolveError::Stopped),
            (false, true) => Ok(Value::Win),
            (false, false) => Ok(Value::Loss),
        }
    }

    /// Whether the player to move wins (meaningless once stopped).
    fn search<C: Control<Move>>(&mut self, board: &mut Board, control: &mut C) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && control.should_stop(self.nodes) {
            self.stopped = true;
        }
        if self.stopped {
            return false;
        }
        let mut circles = ArrayVec::<u16, MAX_CIRCLES>::new();
        let jump = board.candidates(&mut circles);
        let mut moves = Moves::new();
        if board.safe_moves(&circles, &mut moves).is_some() {
            return true;
        }
        if moves.is_empty() {
            return false;
        }
        // Only now the table: the cheap cases above are cheaper to see again.
        let key = board.key(&circles, jump);
        if let Some(win) = self.table.probe(key) {
            return win;
        }
        let start = self.nodes;
        moves.sort_unstable();
        let mut win = false;
        for &m in &moves {
            let (g, d) = unpack(m);
            let undo = board.play(g, d);
            let opponent_wins = self.search(board, control);
            board.unplay(g, undo);
            if self.stopped {
                return false;
            }
            if !opponent_wins {
                win = true;
                break;
            }
        }
        self.table.store(key, win, self.nodes - start + 1);
        win
    }
}
