//! Why a game could not be made or opened, and why a move was refused.
//!
//! A refused move is an ordinary result of the game (spec section 4: `false`
//! from `gamma_move`); these say which rule refused it. Nothing changes.

use core::fmt;

/// Why [`Gamma::new`](super::Gamma::new) made no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NewError {
    /// Width, height, players or areas is 0.
    ZeroArgument,
    /// The board has more than [`MAX_CELLS`](super::MAX_CELLS) cells, or
    /// the memory it needs is not a `usize`.
    TooBig,
    /// The memory given is shorter than
    /// [`Gamma::memory_words`](super::Gamma::memory_words).
    MemoryTooSmall { needed: usize, given: usize },
}

impl fmt::Display for NewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NewError::ZeroArgument => {
                f.write_str("width, height, players and areas must be at least 1")
            }
            NewError::TooBig => f.write_str("the board is too big for this engine"),
            NewError::MemoryTooSmall { needed, given } => {
                write!(f, "the game needs {needed} words of memory, {given} given")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for NewError {}

/// Why [`Gamma::attach`](super::Gamma::attach) found no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttachError {
    /// The memory does not start with a game's header.
    NotAGame,
    /// The header describes a game bigger than the memory, or holds
    /// counters no game can have.
    Inconsistent,
}

impl fmt::Display for AttachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AttachError::NotAGame => "the memory holds no game",
            AttachError::Inconsistent => "the memory's game header does not fit the memory",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for AttachError {}

/// Why a move or golden move was refused. The game is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveError {
    /// The player is 0 or above the number of players.
    BadPlayer,
    /// The cell is not on the board.
    OffBoard,
    /// An ordinary move onto a cell someone holds.
    Occupied,
    /// The mover would hold more areas than the game allows.
    TooManyAreas,
    /// A second golden move of the same player.
    GoldenMoveUsed,
    /// A golden move onto an empty cell.
    EmptyCell,
    /// A golden move onto one of the mover's own cells.
    OwnCell,
    /// The player losing the cell would hold more areas than allowed.
    VictimTooManyAreas,
    /// The game's memory was overwritten: its areas do not make a forest.
    Corrupted,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::BadPlayer => "no such player",
            MoveError::OffBoard => "that cell is not on the board",
            MoveError::Occupied => "that cell is taken",
            MoveError::TooManyAreas => "the move would give its player too many areas",
            MoveError::GoldenMoveUsed => "the player has made its golden move",
            MoveError::EmptyCell => "a golden move needs another player's cell, this one is empty",
            MoveError::OwnCell => {
                "a golden move needs another player's cell, this one is the mover's"
            }
            MoveError::VictimTooManyAreas => {
                "the golden move would give the player losing the cell too many areas"
            }
            MoveError::Corrupted => "the game's memory was overwritten (its areas are corrupted)",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MoveError {}
