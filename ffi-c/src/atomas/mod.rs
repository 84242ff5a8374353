//! Atomas's C ABI: the state in caller memory, the rules (draws with the
//! reference generator or by hand, the spawn law, replies), the state
//! notation and the protocol's text, and the bot.

pub mod bot;
pub mod game;

pub use crate::text::{
    atom4_atomas_game_from_request, atom4_atomas_game_from_text, atom4_atomas_game_to_text,
    atom4_atomas_play_text, atom4_atomas_request, ATOM4_ATOMAS_TEXT_CAPACITY,
};
pub use bot::*;
pub use game::*;
