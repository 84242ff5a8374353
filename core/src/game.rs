//! What the generic search needs to know of a game.
//!
//! A game is a small `Copy` state with make/unmake (the search changes one
//! position in place and restores it: a copy per ply costs stack that small
//! targets lack), a way to list legal moves into a fixed-size list, and a
//! Zobrist key kept up to date move by move. Evaluation is separate
//! (see [`crate::search::Evaluator`]), so several evaluators can share one
//! set of rules. Every game of the engine lives on at most 16 x 16 cells, so
//! 256 moves always suffice.

use arrayvec::ArrayVec;

/// The most legal moves any position of any game here has.
pub const MAX_MOVES: usize = 256;

/// A fixed-capacity move list.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// One of the two sides: 0 moves first in the game's own numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First = 0,
    Second = 1,
}

impl Side {
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Side),
    Draw,
}

/// The rules of a two-player, perfect-information game, as the search sees them.
pub trait Game: Copy {
    type Move: Copy + Eq + core::fmt::Debug;

    /// The side to move.
    fn side_to_move(&self) -> Side;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Writes the legal moves into `moves` (cleared first), in a fixed
    /// order: the same position always lists the same moves the same way.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// Makes `mv`, one of [`Game::legal_moves`], and returns the Zobrist key
    /// of the new position given the key `hash` of this one.
    fn play(&mut self, mv: Self::Move, hash: u64) -> u64;

    /// What [`Game::unplay`] needs to take a move back. The search holds
    /// one per ply instead of a copy of the position: keep it small.
    type Undo: Copy;

    /// Like [`Game::play`], also returning what takes the move back.
    fn play_undoable(&mut self, mv: Self::Move, hash: u64) -> (u64, Self::Undo);

    /// Takes back the move that returned `undo`, the last one made.
    fn unplay(&mut self, undo: &Self::Undo);

    /// The Zobrist key of this position, from scratch.
    fn hash(&self) -> u64;

    /// Lets the other side move now, as if the side to move had passed,
    /// and returns the new key; `None` (nothing changed) for a game where
    /// that means nothing. The search's null-move pruning asks whether a
    /// position is so good that even passing keeps it.
    fn pass(&mut self, _hash: u64) -> Option<u64> {
        None
    }

    /// Takes back a [`Game::pass`].
    fn unpass(&mut self) {}

    /// A number below [`MAX_MOVES`] that tells moves apart, for the search's
    /// history and killer tables.
    fn move_slot(mv: Self::Move) -> usize;
}
