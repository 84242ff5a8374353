//! Atomas's C ABI: the state in caller memory, the rules (draws with the
//! reference generator or by hand, the spawn law, replies), the state
//! notation and the protocol's text, and the bot.

pub mod bot;
pub mod game;
pub mod text;

pub use bot::*;
pub use game::*;
pub use text::*;
