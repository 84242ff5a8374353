//! The games of the engine: one line each. Every door iterates [`GAMES`]
//! and plays any of them through [`AnyState`].
//!
//! Adding a game: its folder `core/src/<game>/` with a [`State`]
//! implementation, and one line in the list below.

use core::fmt::{self, Write};

use crate::control::Control;
use crate::encoding::DecodeError;
use crate::game::{Player, Turn};
use crate::state::{
    Action, Choice, Layout, Limits, MoveError, Param, Setup, SetupError, Spot, State, TextError,
};

/// Gamma's storage in [`AnyState`]: planes of this many words hold every
/// board of up to 32 x 32 cells (and any other of `height * (width + 1)`
/// bits up to `64 * GAMMA_WORDS`), the largest the browser offers.
pub const GAMMA_WORDS: usize = 17;

/// Builds [`AnyState`], [`GameId`] and [`GAMES`] from the list of games.
macro_rules! registry {
    ($( $(#[$attr:meta])* $variant:ident => $ty:ty ),* $(,)?) => {
        /// Which game: one variant a game of the registry.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameId {
            $( $(#[$attr])* $variant, )*
        }

        /// A position of any game of the registry: what the doors hold.
        #[derive(Clone, Debug, PartialEq)]
        #[allow(clippy::large_enum_variant)]
        pub enum AnyState {
            $( $(#[$attr])* $variant($ty), )*
        }

        /// Every game of the registry, in the order doors list them.
        pub const GAME_IDS: &[GameId] = &{
            const N: usize = {
                #[allow(unused_mut)]
                let mut n = 0;
                $( $(#[$attr])* { n += 1; } )*
                n
            };
            #[allow(unused_mut, unused_assignments)]
            let mut ids = [GameId::Atom4; N];
            #[allow(unused_mut, unused_assignments)]
            let mut i = 0;
            $( $(#[$attr])* { ids[i] = GameId::$variant; i += 1; } )*
            let _ = i;
            ids
        };

        impl GameId {
            /// The game's name, as every door spells it.
            pub const fn name(self) -> &'static str {
                match self { $( $(#[$attr])* GameId::$variant => <$ty as State>::NAME, )* }
            }

            /// The game's name for people.
            pub const fn title(self) -> &'static str {
                match self { $( $(#[$attr])* GameId::$variant => <$ty as State>::TITLE, )* }
            }

            /// The parameters it takes.
            pub const fn params(self) -> &'static [Param] {
                match self { $( $(#[$attr])* GameId::$variant => <$ty as State>::PARAMS, )* }
            }

            /// The length of its binary form.
            pub const fn encoded_len(self) -> usize {
                match self { $( $(#[$attr])* GameId::$variant => <$ty as State>::ENCODED_LEN, )* }
            }

            /// The most players a game of it has.
            pub const fn max_players(self) -> usize {
                match self { $( $(#[$attr])* GameId::$variant => <$ty as State>::MAX_PLAYERS, )* }
            }

            /// A new game of it.
            pub fn start(self, setup: &Setup) -> Result<AnyState, SetupError> {
                match self { $( $(#[$attr])* GameId::$variant => Ok(AnyState::$variant(<$ty as State>::new(setup)?)), )* }
            }

            /// A position of it in its text notation.
            pub fn from_text(self, text: &str) -> Result<AnyState, TextError> {
                match self { $( $(#[$attr])* GameId::$variant => Ok(AnyState::$variant(<$ty as State>::from_text(text)?)), )* }
            }

            /// A position of it from its binary form.
            pub fn decode(self, bytes: &[u8]) -> Result<AnyState, DecodeError> {
                match self { $( $(#[$attr])* GameId::$variant => Ok(AnyState::$variant(<$ty as State>::decode(bytes)?)), )* }
            }
        }

        impl AnyState {
            /// Which game it is.
            pub fn game(&self) -> GameId {
                match self { $( $(#[$attr])* AnyState::$variant(_) => GameId::$variant, )* }
            }
        }

        /// Every method goes to the game's own.
        impl AnyState {
            pub fn setup(&self) -> Setup { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::setup(s), )* } }
            pub fn players(&self) -> usize { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::players(s), )* } }
            pub fn turn(&self) -> Turn { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::turn(s), )* } }
            pub fn action_count(&self) -> u32 { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::action_count(s), )* } }
            pub fn chance_count(&self) -> u32 { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::chance_count(s), )* } }
            pub fn legal_actions(&self, f: &mut dyn FnMut(Action)) { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::legal_actions(s, f), )* } }
            pub fn chance_outcomes(&self, f: &mut dyn FnMut(Action, u32)) { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::chance_outcomes(s, f), )* } }
            pub fn check(&self, action: Action) -> Result<(), MoveError> { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::check(s, action), )* } }
            pub fn play(&mut self, action: Action) -> Result<(), MoveError> { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::play(s, action), )* } }
            pub fn write_move(&self, action: Action, w: &mut dyn Write) -> fmt::Result { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::write_move(s, action, w), )* } }
            pub fn parse_move(&self, text: &str) -> Result<Action, MoveError> { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::parse_move(s, text), )* } }
            pub fn returns(&self, player: Player) -> f64 { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::returns(s, player), )* } }
            pub fn write_text(&self, w: &mut dyn Write) -> fmt::Result { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::write_text(s, w), )* } }
            pub fn encode(&self, out: &mut [u8]) -> usize { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::encode(s, out), )* } }
            pub fn layout(&self) -> Layout { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::layout(s), )* } }
            pub fn spot(&self, index: usize) -> Spot { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::spot(s, index), )* } }
            pub fn write_diagram(&self, w: &mut dyn Write) -> fmt::Result { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::write_diagram(s, w), )* } }
            pub fn engine_words(&self, limits: &Limits) -> usize { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::engine_words(s, limits), )* } }
            pub fn search(&self, limits: &Limits, memory: &mut [u64], control: &mut dyn Control<Action>) -> Choice {
                match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::search(s, limits, memory, control), )* }
            }
            pub fn next_round(&mut self) -> bool { match self { $( $(#[$attr])* AnyState::$variant(s) => <$ty as State>::next_round(s), )* } }
        }
    };
}

registry! {
    Atom4 => crate::atom4::Atom4,
    Atropos => crate::atropos::Atropos,
    Chain => crate::chain::Position,
    Gamma => crate::gamma::Position<GAMMA_WORDS>,
    Atomas => crate::atomas::Atomas,
    #[cfg(feature = "toy")]
    TicTacToe => crate::toy::TicTacToe,
}

/// The longest encoding of any game: a buffer of this many bytes holds
/// any [`AnyState::encode`].
pub const MAX_ENCODED_LEN: usize = {
    let mut most = 0;
    let mut i = 0;
    while i < GAME_IDS.len() {
        let len = GAME_IDS[i].encoded_len();
        if len > most {
            most = len;
        }
        i += 1;
    }
    most
};

/// The names of the games, as [`GameId::name`] spells them.
pub const GAMES: &[&str] = &{
    let mut names = [""; GAME_IDS.len()];
    let mut i = 0;
    while i < GAME_IDS.len() {
        names[i] = GAME_IDS[i].name();
        i += 1;
    }
    names
};

/// Why a game name is unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownGame;

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no such game (the games are:")?;
        for name in GAMES {
            write!(f, " {name}")?;
        }
        f.write_str(")")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownGame {}

impl core::str::FromStr for GameId {
    type Err = UnknownGame;

    /// A game by its name (ASCII case ignored).
    fn from_str(name: &str) -> Result<GameId, UnknownGame> {
        GAME_IDS
            .iter()
            .copied()
            .find(|id| id.name().eq_ignore_ascii_case(name))
            .ok_or(UnknownGame)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The position text of the game's notation.
impl fmt::Display for AnyState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f)
    }
}

impl AnyState {
    /// A new game by name.
    pub fn start(name: &str, setup: &Setup) -> Result<AnyState, StartError> {
        let id: GameId = name.parse().map_err(StartError::Game)?;
        id.start(setup).map_err(StartError::Setup)
    }

    /// What a player got once over; 0 before.
    pub fn returns_all(&self) -> impl Iterator<Item = f64> + '_ {
        (0..self.players()).map(move |i| self.returns(Player::new(i).unwrap_or(Player::ONE)))
    }

    pub fn is_over(&self) -> bool {
        self.turn() == Turn::Over
    }

    /// Chance's pick at a chance turn, drawn by weight; `None` elsewhere.
    pub fn draw_chance(&self, rng: &mut crate::Rng) -> Option<Action> {
        crate::state::draw_from(|f| self.chance_outcomes(f), rng)
    }
}

impl crate::state::Plays for AnyState {
    fn play_action(&mut self, action: Action) -> Result<(), MoveError> {
        self.play(action)
    }
}

/// Why [`AnyState::start`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartError {
    Game(UnknownGame),
    Setup(SetupError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Game(e) => e.fmt(f),
            StartError::Setup(e) => e.fmt(f),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for StartError {}
