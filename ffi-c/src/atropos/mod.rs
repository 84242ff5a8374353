//! Atropos's C ABI (`atom4_atropos_*`): the position in caller memory, its
//! rules and the Default player, state strings and moves as text, the
//! exact solver and the engine in caller memory.

mod game;
mod search;

pub use crate::text::{
    atom4_atropos_from_text, atom4_atropos_move_from_text, atom4_atropos_move_to_text,
    atom4_atropos_to_text, ATOM4_ATROPOS_MOVE_CAPACITY, ATOM4_ATROPOS_TEXT_CAPACITY,
};
pub use game::*;
pub use search::*;
