//! Atom-4's C ABI: the game in caller memory, its rules, text, bare boards
//! for the compatibility headers, and the computer players.

pub mod board;
pub mod game;
pub mod search;
pub mod text;

pub use board::*;
pub use game::*;
pub use search::*;
pub use text::*;
