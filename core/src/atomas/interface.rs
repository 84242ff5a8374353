//! Atomas behind the one game interface ([`State`]): one player; between
//! moves it is chance's turn (the spawn law draws the next atom), with an
//! atom in hand the player's. A reply's action is its gap or entry index
//! (0 to 18), plus 19 for a `-` whose next atom is a plus (`y`); a chance
//! outcome's is the atom's code (`+ - B C` 0 to 3, a number `v` as
//! `3 + v`). Move texts are the protocol's (`4`, `2 y`) and the atoms'
//! (`+`, `17`). The start ring is drawn from the setup's `seed`. The
//! engine is the bot (expectimax).

use core::fmt::{self, Write};

use super::atom::{Atom, Entry, MAX_VALUE};
use super::bot::{Bot, Limits as BotLimits, DEFAULT_WIDTH};
use super::eval::Weights;
use super::protocol::BadReplyKind;
use super::ring::{Ring, CAPACITY};
use super::spawn::DrawError;
use super::state::{Atomas, IllegalReply, Reply};
use super::ENCODED_LEN;
use crate::control::{Control, Report};
use crate::encoding::DecodeError;
use crate::game::{Game, Player, Turn};
use crate::state::{
    self, Action, Choice, Layout, Limits, MoveError, MoveErrorKind, Param, Setup, SetupError,
    Shown, Spot, State, TextError,
};
use crate::Rng;

/// The reply actions: a gap or entry index, then the `-` with `y`.
pub const ACTIONS: u32 = 2 * CAPACITY as u32;

/// The chance outcomes: `+ - B C`, then every number up to [`MAX_VALUE`].
pub const OUTCOMES: u32 = 4 + MAX_VALUE;

/// The bot's depth when the limits give none.
pub const DEFAULT_DEPTH: u8 = 2;

const PARAMS: &[Param] = &[Param {
    name: "seed",
    default: "0",
    help: "draws the six atoms of the start ring",
}];

/// The code of an atom as a chance outcome.
pub fn atom_action(atom: Atom) -> Action {
    match atom {
        Atom::Plus => 0,
        Atom::Minus => 1,
        Atom::Black => 2,
        Atom::Clone => 3,
        Atom::Number(v) => v.saturating_add(3),
    }
}

/// The atom of a chance outcome's code.
pub fn action_atom(action: Action) -> Result<Atom, MoveError> {
    match action {
        0 => Ok(Atom::Plus),
        1 => Ok(Atom::Minus),
        2 => Ok(Atom::Black),
        3 => Ok(Atom::Clone),
        v if v < OUTCOMES => Ok(Atom::Number(v - 3)),
        _ => Err(MoveError::out_of_range(action, OUTCOMES)),
    }
}

/// The action of a reply.
pub fn reply_action(reply: Reply) -> Action {
    match reply {
        Reply::Gap(i) | Reply::Entry(i) => i.into(),
        Reply::Remove { entry, to_plus } => u32::from(entry) + CAPACITY as u32 * u32::from(to_plus),
    }
}

/// The reply an action means for `hand`.
pub fn action_reply(action: Action, hand: Atom) -> Result<Reply, MoveError> {
    let limit = if hand == Atom::Minus {
        ACTIONS
    } else {
        CAPACITY as u32
    };
    if action >= limit {
        return Err(MoveError::out_of_range(action, limit));
    }
    let index = (action % CAPACITY as u32) as u8;
    Ok(match hand {
        Atom::Clone => Reply::Entry(index),
        Atom::Minus => Reply::Remove {
            entry: index,
            to_plus: action >= CAPACITY as u32,
        },
        _ => Reply::Gap(index),
    })
}

fn refused_reply(e: IllegalReply) -> MoveError {
    match e {
        IllegalReply::GameOver | IllegalReply::Exhausted => {
            MoveError::new(MoveErrorKind::Over, format_args!("{e}"))
        }
        IllegalReply::NothingInHand => MoveError::new(
            MoveErrorKind::WrongTurn,
            format_args!("no atom is in hand: chance draws the next one first"),
        ),
        e => MoveError::illegal(e),
    }
}

fn refused_draw(e: DrawError) -> MoveError {
    match e {
        DrawError::GameOver => MoveError::over(),
        DrawError::AlreadyDrawn => MoveError::new(
            MoveErrorKind::WrongTurn,
            format_args!("an atom is in hand already: the player replies first"),
        ),
        e => MoveError::illegal(e),
    }
}

impl State for Atomas {
    const NAME: &'static str = "atomas";
    const TITLE: &'static str = "Atomas";
    const PARAMS: &'static [Param] = PARAMS;
    const ENCODED_LEN: usize = ENCODED_LEN;
    const MAX_PLAYERS: usize = 1;

    fn new(setup: &Setup) -> Result<Atomas, SetupError> {
        setup.only(Self::NAME, &["seed"])?;
        Ok(Atomas::start(&mut Rng::new(setup.seed.unwrap_or(0))))
    }

    fn setup(&self) -> Setup {
        Setup::default()
    }

    fn players(&self) -> usize {
        1
    }

    fn turn(&self) -> Turn {
        Game::turn(self)
    }

    fn action_count(&self) -> u32 {
        ACTIONS
    }

    fn chance_count(&self) -> u32 {
        OUTCOMES
    }

    fn legal_actions(&self, f: &mut dyn FnMut(Action)) {
        self.each_reply(|r| f(reply_action(r)));
    }

    fn chance_outcomes(&self, f: &mut dyn FnMut(Action, u32)) {
        if Game::turn(self) == Turn::Chance {
            self.each_outcome(|atom, weight| f(atom_action(atom), weight));
        }
    }

    fn check(&self, action: Action) -> Result<(), MoveError> {
        match Game::turn(self) {
            Turn::Over => Err(MoveError::over()),
            Turn::Chance => self
                .check_draw(action_atom(action)?)
                .map(|_| ())
                .map_err(refused_draw),
            Turn::Player(_) => {
                let hand = self
                    .hand()
                    .ok_or_else(|| refused_reply(IllegalReply::NothingInHand))?;
                self.check_reply(action_reply(action, hand)?)
                    .map_err(refused_reply)
            }
        }
    }

    fn play(&mut self, action: Action) -> Result<(), MoveError> {
        State::check(self, action)?;
        match self.hand() {
            None => self
                .draw(action_atom(action)?)
                .map(|_| ())
                .map_err(refused_draw),
            Some(hand) => Atomas::play(self, action_reply(action, hand)?)
                .map(|_| ())
                .map_err(refused_reply),
        }
    }

    /// A reply as the protocol writes it (`4`, `2 y`); at a chance turn the
    /// atom (`+`, `17`).
    fn write_move(&self, action: Action, w: &mut dyn Write) -> fmt::Result {
        match self.hand() {
            None => match action_atom(action) {
                Ok(atom) => write!(w, "{atom}"),
                Err(_) => write!(w, "#{action}"),
            },
            Some(hand) => match action_reply(action, hand) {
                Ok(reply) => write!(w, "{reply}"),
                Err(_) => write!(w, "#{action}"),
            },
        }
    }

    fn parse_move(&self, text: &str) -> Result<Action, MoveError> {
        let text = text.trim();
        match self.hand() {
            None => Atom::from_token(text).map(atom_action).ok_or_else(|| {
                MoveError::new(
                    MoveErrorKind::BadText,
                    format_args!(
                        "{} is not an atom: + - B C or a number from 1 to {MAX_VALUE}",
                        Shown(text)
                    ),
                )
            }),
            Some(hand) => match Reply::parse(text, hand, self.ring().len()) {
                Ok(reply) => Ok(reply_action(reply)),
                Err(e) => Err(MoveError::new(
                    match e.kind {
                        BadReplyKind::OutOfRange { .. } | BadReplyKind::Refused(_) => {
                            MoveErrorKind::Illegal
                        }
                        _ => MoveErrorKind::BadText,
                    },
                    format_args!("{} is not a reply to {hand}: {e}", Shown(text)),
                )),
            },
        }
    }

    /// The score, once over (0 before).
    fn returns(&self, _player: Player) -> f64 {
        if Game::turn(self) == Turn::Over {
            self.score() as f64
        } else {
            0.0
        }
    }

    fn write_text(&self, w: &mut dyn Write) -> fmt::Result {
        write!(w, "{self}")
    }

    fn from_text(text: &str) -> Result<Atomas, TextError> {
        Atomas::from_text(text).map_err(TextError::from)
    }

    fn encode(&self, out: &mut [u8]) -> usize {
        out[..ENCODED_LEN].copy_from_slice(&self.to_bytes());
        ENCODED_LEN
    }

    fn decode(bytes: &[u8]) -> Result<Atomas, DecodeError> {
        Atomas::from_bytes(bytes)
    }

    fn layout(&self) -> Layout {
        Layout::Ring {
            entries: self.ring().len() as u16,
        }
    }

    /// Entry `index` of the ring: `+` or its number.
    fn spot(&self, index: usize) -> Spot {
        match self.ring().get(index) {
            Some(Entry::Plus) => Spot {
                symbol: '+',
                ..Spot::default()
            },
            Some(Entry::Number(v)) => Spot {
                symbol: '#',
                count: v,
                ..Spot::default()
            },
            None => Spot::default(),
        }
    }

    /// The ring, the atom in hand and the score.
    fn write_diagram(&self, w: &mut dyn Write) -> fmt::Result {
        w.write_str("ring:")?;
        for entry in self.ring().iter() {
            write!(w, " {entry}")?;
        }
        w.write_str("\nhand: ")?;
        match self.hand() {
            Some(atom) => write!(w, "{atom}")?,
            None => w.write_str("(to draw)")?,
        }
        writeln!(w, "\nscore: {}  move: {}", self.score(), self.move_number())
    }

    /// The bot keeps its search on the stack.
    fn engine_words(&self, _limits: &Limits) -> usize {
        0
    }

    fn search(
        &self,
        limits: &Limits,
        _memory: &mut [u64],
        control: &mut dyn Control<Action>,
    ) -> Choice {
        if Game::turn(self) != Turn::Player(Player::ONE) {
            return Report::none();
        }
        let bot_limits = BotLimits {
            nodes: limits.nodes.unwrap_or(u64::MAX),
            ..BotLimits::depth(limits.depth.unwrap_or(DEFAULT_DEPTH))
        };
        debug_assert_eq!(bot_limits.width, DEFAULT_WIDTH);
        let report = Bot::new(Weights::DEFAULT).search(
            self,
            bot_limits,
            &mut state::Actions::new(control, reply_action),
        );
        report.map(reply_action)
    }
}

/// The ring a state starts from, for tests and doors that draw it
/// themselves.
pub fn start_ring(seed: u64) -> Ring {
    *Atomas::start(&mut Rng::new(seed)).ring()
}
