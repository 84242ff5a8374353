//! Chain Reaction's C ABI (`atom4_chain_*`): the game in caller memory,
//! both rule sets, text, the strong engine and the tutorial's computer
//! player.

pub mod game;
pub mod search;
pub mod text;

pub use game::*;
pub use search::*;
pub use text::*;
