//! Gamma behind the one game interface ([`State`]), in turns (spec section
//! 6) on boards that fit a position of `WORDS` words: an action is
//! `2 * (y * width + x)`, plus 1 for a golden move; a move's text is `x,y`
//! or `g x,y`; the engine is the computer player (MCTS with Gamma's
//! playouts). The course's API (`gamma.h`, huge boards in caller memory)
//! stays beside it, in [`super::Gamma`].

use core::fmt::{self, Write};

use super::encoding::encoded_len;
use super::error::MoveError as GammaMoveError;
use super::notation::{player_symbol, MoveText, PositionText, TEXT_PLAYERS};
use super::policy::Playout;
use super::position::{Move, Position};
use crate::control::{Control, Report};
use crate::encoding::DecodeError;
use crate::game::{Game, Player, Turn};
use crate::mcts::{self, Mcts, NODE_WORDS};
use crate::state::{
    self, Action, Choice, Layout, Limits, MoveError, MoveErrorKind, Param, Setup, SetupError,
    Shown, Spot, State, TextError,
};

const PARAMS: &[Param] = &[
    Param {
        name: "size",
        default: "10x10",
        help: "the board, WxH (up to 32x32 here; the gamma program takes any)",
    },
    Param {
        name: "players",
        default: "2",
        help: "1 to 15 (the course's API takes 16)",
    },
    Param {
        name: "areas",
        default: "3",
        help: "the most areas a player may hold, from 1",
    },
];

impl<const WORDS: usize> Position<WORDS> {
    fn move_of_action(&self, action: Action) -> Result<Move, MoveError> {
        let count = State::action_count(self);
        if action >= count {
            return Err(MoveError::out_of_range(action, count));
        }
        let cell = action / 2;
        Ok(Move {
            x: (cell % self.width()) as u16,
            y: (cell / self.width()) as u16,
            golden: action % 2 == 1,
        })
    }

    fn action_of_move(&self, mv: Move) -> Action {
        2 * (u32::from(mv.y) * self.width() + u32::from(mv.x)) + u32::from(mv.golden)
    }
}

fn refused(e: GammaMoveError) -> MoveError {
    MoveError::illegal(e)
}

impl<const WORDS: usize> State for Position<WORDS> {
    const NAME: &'static str = "gamma";
    const TITLE: &'static str = "Gamma";
    const PARAMS: &'static [Param] = PARAMS;
    const ENCODED_LEN: usize = encoded_len(WORDS);
    // A position's text and binary form hold 15 players (see TEXT_PLAYERS).
    const MAX_PLAYERS: usize = TEXT_PLAYERS;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        setup.only(Self::NAME, &["size", "players", "areas"])?;
        let (w, h) = setup.size.unwrap_or((10, 10));
        let players = setup.players.unwrap_or(2);
        let areas = setup.areas.unwrap_or(3);
        if usize::from(players) > TEXT_PLAYERS {
            return Err(SetupError::new(
                "players",
                format_args!(
                    "{players} players: this game's text and binary form hold 1 to {TEXT_PLAYERS}"
                ),
            ));
        }
        Position::new(w.into(), h.into(), players.into(), areas).map_err(|e| {
            let param = match e {
                super::PositionError::TooManyPlayers => "players",
                super::PositionError::ZeroArgument if players == 0 => "players",
                super::PositionError::ZeroArgument if areas == 0 => "areas",
                _ => "size",
            };
            SetupError::new(param, format_args!("{e}"))
        })
    }

    fn setup(&self) -> Setup {
        Setup {
            size: Some((self.width() as u16, self.height() as u16)),
            players: Some(self.player_count() as u8),
            areas: Some(self.areas()),
            ..Setup::default()
        }
    }

    fn players(&self) -> usize {
        self.player_count() as usize
    }

    fn turn(&self) -> Turn {
        Game::turn(self)
    }

    fn action_count(&self) -> u32 {
        2 * self.width() * self.height()
    }

    fn legal_actions(&self, f: &mut dyn FnMut(Action)) {
        self.each_legal_move(|mv| f(self.action_of_move(mv)));
    }

    fn check(&self, action: Action) -> Result<(), MoveError> {
        if self.player_to_move().is_none() {
            return Err(MoveError::over());
        }
        Position::check(self, self.move_of_action(action)?).map_err(refused)
    }

    fn play(&mut self, action: Action) -> Result<(), MoveError> {
        State::check(self, action)?;
        let mv = self.move_of_action(action)?;
        self.make_move(mv).map_err(refused)
    }

    fn write_move(&self, action: Action, w: &mut dyn Write) -> fmt::Result {
        match self.move_of_action(action) {
            Ok(mv) => write!(w, "{}", MoveText(mv)),
            Err(_) => write!(w, "#{action}"),
        }
    }

    /// `x,y` or `g x,y` on this board.
    fn parse_move(&self, text: &str) -> Result<Action, MoveError> {
        let mv = Move::from_text(text.trim()).map_err(|e| {
            MoveError::new(
                MoveErrorKind::BadText,
                format_args!("{} is not a move: {}", Shown(text), e.kind),
            )
        })?;
        if u32::from(mv.x) >= self.width() || u32::from(mv.y) >= self.height() {
            return Err(MoveError::illegal(format_args!(
                "{},{} is not on the {}x{} board",
                mv.x,
                mv.y,
                self.width(),
                self.height()
            )));
        }
        Ok(self.action_of_move(mv))
    }

    fn returns(&self, player: Player) -> f64 {
        Game::returns(self, player).into()
    }

    fn write_text(&self, w: &mut dyn Write) -> fmt::Result {
        write!(w, "{}", PositionText(self))
    }

    fn from_text(text: &str) -> Result<Self, TextError> {
        Position::from_text(text).map_err(TextError::from)
    }

    fn encode(&self, out: &mut [u8]) -> usize {
        self.encode_into(out)
    }

    fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        Position::decode(bytes)
    }

    /// Rows from the top (`y = height - 1` first), as the program prints
    /// them: spot `r * width + x` is cell `(x, height - 1 - r)`.
    fn layout(&self) -> Layout {
        Layout::Grid {
            width: self.width() as u16,
            height: self.height() as u16,
            shifted: false,
        }
    }

    fn spot(&self, index: usize) -> Spot {
        let w = self.width() as usize;
        let (x, row) = ((index % w) as u32, (index / w) as u32);
        let y = self.height().wrapping_sub(1).wrapping_sub(row);
        match self.owner(x, y) {
            Some(p) => Spot {
                symbol: player_symbol(p),
                owner: p as u8,
                count: 0,
                colour: p as u8,
            },
            None => Spot {
                symbol: '.',
                ..Spot::default()
            },
        }
    }

    /// The board as the `gamma` program prints it.
    fn write_diagram(&self, w: &mut dyn Write) -> fmt::Result {
        write!(w, "{self}")
    }

    /// Tree nodes for the playouts: a node grows a child a legal move
    /// (a hundred and more on 10 x 10), so about 48 nodes an iteration
    /// (20 a millisecond assumed), from 2^14 to 2^22 nodes.
    fn engine_words(&self, limits: &Limits) -> usize {
        let iterations = match (limits.nodes, limits.time_ms) {
            (Some(n), _) => n,
            (None, Some(ms)) => ms.saturating_mul(20),
            (None, None) => 1 << 22,
        };
        let nodes = iterations.saturating_mul(48).clamp(1 << 14, 1 << 22) as usize;
        nodes * NODE_WORDS
    }

    fn search(
        &self,
        limits: &Limits,
        memory: &mut [u64],
        control: &mut dyn Control<Action>,
    ) -> Choice {
        if self.player_to_move().is_none() {
            return Report::none();
        }
        let mut search = Mcts::new(memory, Playout::default());
        let report = search.run(
            self,
            mcts::Limits {
                iterations: limits.nodes.unwrap_or(u64::MAX),
                seed: limits.seed,
            },
            &mut state::Actions::new(control, |mv: Move| self.action_of_move(mv)),
        );
        let report = report.map(|mv| self.action_of_move(mv));
        if report.best.is_some() {
            return report;
        }
        // No room for the tree: the first legal move.
        let mut first = None;
        State::legal_actions(self, &mut |a| {
            first = first.or(Some(a));
        });
        first.map_or(report, Report::only)
    }
}

/// Writes a player's symbol, for doors that draw the board themselves.
pub fn symbol(player: u32) -> char {
    player_symbol(player)
}
