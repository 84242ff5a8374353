//! Atropos's C ABI (`atom4_atropos_*`): the position in caller memory, its
//! rules and the Default player, state strings and moves as text, the
//! exact solver and the engine in caller memory.

mod game;
mod search;
mod text;

pub use game::*;
pub use search::*;
pub use text::*;
