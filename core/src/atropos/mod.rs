//! Atropos: the Sperner-triangle game of Burke and Teng, as Boston
//! University's Java referee plays it (spec `atropos.md`).
//!
//! Two players take turns colouring an uncoloured circle of a triangular
//! board red, blue or green, next to the last circle coloured when it has
//! an uncoloured neighbour and anywhere otherwise; whoever completes a
//! small triangle of three different colours loses. Start with
//! [`Atropos`], a whole position; it is a [`crate::game::Game`] and a
//! [`crate::game::ZeroSum`] for the generic searches, and [`Solver`]
//! finds its exact value.

pub mod encoding;
pub mod engine;
pub mod geometry;
pub mod interface;
pub mod notation;
pub mod player;
pub mod referee;
pub mod search;
pub mod solve;
pub mod state;

/// The players: player 1 makes the first move.
pub use crate::game::Player;
pub use encoding::{DecodeError, ENCODED_LEN};
pub use engine::{Choice, Config, Engine, Memory, Reason};
pub use geometry::{BadSize, Circle, Color, ColorSet, Size, Symmetry, MAX_CIRCLES, MAX_SIZE};
pub use notation::{ParseError, ParseErrorKind};
pub use player::default_move;
pub use solve::{SolveError, Solver, Value};
pub use state::{Atropos, CircleList, IllegalMove, Move, MoveList, MAX_MOVES};
