//! Atom-4's C ABI: the game in caller memory, its rules, text, bare boards
//! for the compatibility headers, and the computer players.

pub mod board;
pub mod game;
pub mod search;

pub use crate::text::{atom4_game_from_text, atom4_game_to_text, ATOM4_TEXT_CAPACITY};
pub use board::*;
pub use game::*;
pub use search::*;
