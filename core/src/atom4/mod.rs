//! Atom-4: the rules of atom4 4.1, exactly.
//!
//! Start with [`Atom4`], the whole state of a game.

pub mod board;
pub mod classic;
pub mod color;
pub mod encoding;
pub mod eval;
pub mod geometry;
pub mod interface;
pub mod notation;
pub mod playout;
pub mod search;
pub mod state;

/// The players of Atom-4: player 1 (additive tiles, white rows) and player 2.
pub use crate::game::Player;
pub use board::{BadSize, Board, Change, Changes, NewCells, Placed, Recorder, WIN_ROW};
pub use color::{Color, ColorKind, Tile};
pub use encoding::{DecodeError, ENCODED_LEN};
pub use eval::{StrongEval, StrongSearch, Weights};
pub use geometry::{Direction, MIN_SIDE};
pub use notation::{BoardText, Diagram, ParseError, ParseErrorKind};
pub use search::{MoveList, MAX_MOVES};
pub use state::{propagator, Atom4, IllegalMove, StateError, Status};
