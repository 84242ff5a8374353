//! Atomas: the one-player ring fusion puzzle of the Code Golf KotH "A game
//! of atomic proportions", with the rules of `shared/spec/atomas.md`.
//!
//! Start with [`Atomas`], the whole state of a game: [`Atomas::draw_with`]
//! (or [`Atomas::draw`]) puts the move's atom in hand, [`Atomas::play`]
//! (or [`Atomas::reply`] for a bot's text) plays it.

pub mod atom;
pub mod fusion;
pub mod game;
pub mod notation;
pub mod playout;
pub mod protocol;
pub mod ring;
pub mod spawn;
pub mod state;

pub use atom::{Atom, Entry, MAX_MOVE, MAX_SCORE, MAX_VALUE};
pub use fusion::{Fuser, Fusion, Fusions, Recorder, MAX_FUSIONS};
pub use game::{Move, MAX_MOVES};
pub use notation::{ParseError, ParseErrorKind};
pub use protocol::{BadReply, BadReplyKind, Request};
pub use ring::{Ring, RingError, CAPACITY, FULL};
pub use spawn::{Draw, DrawError, Law, Reference, Source, MAX_OUTCOMES};
pub use state::{range_low, Atomas, IllegalReply, Played, Reply, StateError};
