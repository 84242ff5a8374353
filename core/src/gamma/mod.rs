//! Gamma: the area-limited board game of the Warsaw IPP course (2019/20),
//! with its final (part 3) rules.
//!
//! Boards reach 25,000,000 cells and games 1,000,000 players, so a game
//! lives in memory the caller provides: [`Gamma::memory_words`] says how
//! many `u32` words, [`Gamma::new`] (or [`Gamma::new_in_zeroed`] for memory
//! from `calloc`, untouched up front) makes the game there and hands back a
//! handle with the engine interface's operations: [`Gamma::play`],
//! [`Gamma::golden_move`], [`Gamma::busy_fields`], [`Gamma::free_fields`],
//! [`Gamma::golden_possible`] and the board text ([`Gamma::write_board`],
//! [`BoardText`]).
//!
//! [`Session`] is the `gamma` program's batch mode over a byte stream.
//!
//! [`Position`] is a game played in turns on a small board, in plain data
//! the searches copy: the computer player ([`policy`]: random, greedy and
//! the MCTS's playouts) plays on it.

pub mod batch;
pub mod board;
pub mod encoding;
pub mod engine;
pub mod error;
mod forest;
mod golden;
pub mod interface;
mod layout;
pub mod lines;
pub mod notation;
mod plane;
pub mod policy;
pub mod position;
mod possible;

pub use batch::{BatchError, Fed, GameMemory, Session};
pub use board::{BoardError, BoardText};
pub use engine::Gamma;
pub use error::{AttachError, MoveError, NewError};
pub use layout::{HEADER_WORDS, MAX_CELLS};
pub use lines::{Command, Line, LineReader};
pub use position::{
    fits, words_for, Move, Position, PositionError, CAPACITIES, MAX_MOVES, POSITION_CELLS,
    POSITION_WORDS,
};
