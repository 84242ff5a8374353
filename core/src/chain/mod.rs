//! Chain Reaction, in both rule sets of the spec: `classic` (critical mass
//! = neighbours, 2 to 8 players) and `atoms` (the learncgames tutorial's
//! game: threshold 4, orbs off the board lost, residual owners, passes).
//!
//! Start with [`Position`], the whole state of a game: [`Position::play`]
//! makes a [`Move`] with its cascade, the text notation reads and writes
//! positions, [`Position::key`] gives its Zobrist key, and it implements
//! the generic [`crate::game::Game`] ([`Duel`] adds
//! [`crate::game::ZeroSum`] for two players). [`SeedAi`] is the tutorial's
//! computer player on glibc's `rand()` ([`GlibcRand`]);
//! [`playout::random_playout`] plays random games fast.

pub mod best_reply;
mod bits;
pub mod board;
pub mod cascade;
pub mod encoding;
pub mod eval;
pub mod game;
pub mod glibc;
pub mod interface;
pub mod notation;
pub mod paranoid;
pub mod playout;
pub mod position;
pub mod quiescence;
pub mod reference;
pub mod rules;
pub mod seed_ai;
pub mod strong;
mod zobrist;

pub use crate::game::Player;
pub use best_reply::BestReply;
pub use board::{letter, BadSize, Board, MAX_COUNT};
pub use cascade::Cascade;
pub use encoding::{DecodeError, ENCODED_LEN};
pub use eval::Weights;
pub use game::{Duel, MoveList, NotTwoPlayers, MAX_MOVES};
pub use glibc::GlibcRand;
pub use notation::{ParseError, ParseErrorKind};
pub use paranoid::Paranoid;
pub use playout::{random_playout, Playout};
pub use position::{Move, Position, SetupError, Status, MAX_PLAYERS};
pub use rules::{IllegalMove, Rules, ATOMS_FIRST_CHECK, CAP_WAVES};
pub use seed_ai::{SeedAi, SeedAiError};
pub use strong::{BestReplySearch, DuelSearch, ParanoidSearch, StrongEval, StrongSearch};
