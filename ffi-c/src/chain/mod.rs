//! Chain Reaction's C ABI (`atom4_chain_*`): the game in caller memory,
//! both rule sets, text, the strong engine and the tutorial's computer
//! player.

pub mod game;
pub mod search;

pub use crate::text::{
    atom4_chain_game_from_text, atom4_chain_game_to_text, ATOM4_CHAIN_TEXT_CAPACITY,
};
pub use game::*;
pub use search::*;
