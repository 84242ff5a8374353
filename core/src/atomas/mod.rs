//! Atomas: the one-player ring fusion puzzle of the Code Golf KotH "A game
//! of atomic proportions", with the rules of `docs/rules/atomas.md`.
//!
//! Start with [`Atomas`], the whole state of a game: [`Atomas::draw_with`]
//! (or [`Atomas::draw`]) puts the move's atom in hand, [`Atomas::play`]
//! (or [`Atomas::reply`] for a bot's text) plays it. The searches see it
//! through [`Game`](crate::game::Game): chance draws, one player replies.
//!
//! ```
//! use atom4_core::atomas::{Atom, Atomas, Reference, Reply, Source};
//!
//! // Game 0 of a run seeded 1, drawn as every seeded controller draws it.
//! let mut draws = Reference::for_game(1, 0);
//! let mut game = Atomas::start(&mut draws);
//! assert_eq!(
//!     game.to_string(),
//!     "ring=3,2,1,3,1,3 hand=. score=0 move=1 range=1-3 carry=. since=0"
//! );
//! let (atom, source) = game.draw_with(&mut draws).unwrap();
//! assert_eq!((atom, source), (Atom::Number(1), Source::Random));
//! assert_eq!(game.request().unwrap().to_string(), "0/1/1/3 2 1 3 1 3");
//! let played = game.reply("5").unwrap(); // the last gap: appended
//! assert_eq!(played.points, 0);
//! assert_eq!(
//!     game.to_string(),
//!     "ring=3,2,1,3,1,3,1 hand=. score=0 move=2 range=1-3 carry=. since=1"
//! );
//! assert!(game.play(Reply::Gap(0)).is_err(), "the next atom is not drawn yet");
//! ```

pub mod atom;
pub mod bot;
pub mod encoding;
pub mod eval;
pub mod fusion;
pub mod game;
pub mod interface;
pub mod notation;
pub mod playout;
pub mod protocol;
pub mod ring;
pub mod session;
pub mod spawn;
pub mod state;

pub use atom::{Atom, Entry, MAX_MOVE, MAX_SCORE, MAX_VALUE};
pub use bot::Bot;
pub use encoding::{DecodeError, ENCODED_LEN};
pub use eval::Weights;
pub use fusion::{Fuser, Fusion, Fusions, Recorder, MAX_FUSIONS};
pub use game::{Move, MAX_MOVES};
pub use notation::{ParseError, ParseErrorKind};
pub use protocol::{BadReply, BadReplyKind, Request};
pub use ring::{Ring, RingError, CAPACITY, FULL};
pub use session::Session;
pub use spawn::{Draw, DrawError, Law, Reference, Source, MAX_OUTCOMES};
pub use state::{range_low, Atomas, IllegalReply, Played, Reply, StateError};
