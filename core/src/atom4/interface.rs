//! Atom-4 behind the one game interface ([`State`]): a state is one round
//! (the next starts with [`State::next_round`]); an action is a cell's
//! index `y * 16 + x`; a move's text is `x,y`; the engine is the strong
//! search, or with [`Limits::level`] the original's classic level.

use core::fmt::{self, Write};

use super::classic;
use super::eval::StrongEval;
use super::notation::Diagram;
use super::state::{Atom4, IllegalMove, Status};
use super::{Color, ENCODED_LEN, MIN_SIDE};
use crate::control::{Control, Report};
use crate::encoding::DecodeError;
use crate::game::{Game, Player, Turn};
use crate::grid::{Cell, MAX_SIDE};
use crate::search::{self, Search, WordTable};
use crate::state::{
    self, Action, Choice, Layout, Limits, MoveError, MoveErrorKind, Param, Setup, SetupError,
    Shown, Spot, State, TextError,
};
use crate::Rng;

/// The actions: one a cell of the 16 x 16 frame.
pub const ACTIONS: u32 = 256;

const PARAMS: &[Param] = &[Param {
    name: "size",
    default: "16x16",
    help: "the board, WxH, each side from 2 to 16",
}];

/// The cell of an action, if it is one.
fn cell_of(action: Action) -> Result<Cell, MoveError> {
    u8::try_from(action)
        .map(Cell::from_index)
        .map_err(|_| MoveError::out_of_range(action, ACTIONS))
}

fn refused(e: IllegalMove) -> MoveError {
    match e {
        IllegalMove::RoundOver => MoveError::new(
            MoveErrorKind::Over,
            format_args!("the round is over (start the next one)"),
        ),
        e => MoveError::illegal(e),
    }
}

impl State for Atom4 {
    const NAME: &'static str = "atom4";
    const TITLE: &'static str = "Atom-4";
    const PARAMS: &'static [Param] = PARAMS;
    const ENCODED_LEN: usize = ENCODED_LEN;
    const MAX_PLAYERS: usize = 2;

    fn new(setup: &Setup) -> Result<Atom4, SetupError> {
        setup.only(Self::NAME, &["size"])?;
        let (w, h) = setup.size.unwrap_or((16, 16));
        let side = |n: u16| {
            u8::try_from(n)
                .ok()
                .filter(|n| (MIN_SIDE..=MAX_SIDE).contains(n))
        };
        match (side(w), side(h)) {
            (Some(w), Some(h)) => {
                Atom4::new(w, h).map_err(|e| SetupError::new("size", format_args!("{e}")))
            }
            _ => Err(SetupError::new(
                "size",
                format_args!("{w}x{h}: each side goes from {MIN_SIDE} to {MAX_SIDE}"),
            )),
        }
    }

    fn setup(&self) -> Setup {
        Setup {
            size: Some((self.width().into(), self.height().into())),
            ..Setup::default()
        }
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        Game::turn(self)
    }

    fn action_count(&self) -> u32 {
        ACTIONS
    }

    fn legal_actions(&self, f: &mut dyn FnMut(Action)) {
        if !self.is_over() {
            for cell in Atom4::legal_moves(self).iter() {
                f(cell.index().into());
            }
        }
    }

    fn check(&self, action: Action) -> Result<(), MoveError> {
        self.check_move(cell_of(action)?).map_err(refused)
    }

    fn play(&mut self, action: Action) -> Result<(), MoveError> {
        Atom4::play(self, cell_of(action)?)
            .map(|_| ())
            .map_err(refused)
    }

    fn write_move(&self, action: Action, w: &mut dyn Write) -> fmt::Result {
        match cell_of(action) {
            Ok(cell) => write!(w, "{cell}"),
            Err(_) => write!(w, "#{action}"),
        }
    }

    /// `x,y`, each from 0 to 15.
    fn parse_move(&self, text: &str) -> Result<Action, MoveError> {
        text.split_once(',')
            .and_then(|(x, y)| {
                let coordinate = |t: &str| crate::text::decimal(t.trim()).filter(|&n| n < 16);
                Some(coordinate(y)? * 16 + coordinate(x)?)
            })
            .map(|a| a as Action)
            .ok_or_else(|| {
                MoveError::new(
                    MoveErrorKind::BadText,
                    format_args!(
                        "{} is not a move: a move is x,y (x and y from 0 to 15)",
                        Shown(text)
                    ),
                )
            })
    }

    fn returns(&self, player: Player) -> f64 {
        Game::returns(self, player).into()
    }

    fn write_text(&self, w: &mut dyn Write) -> fmt::Result {
        write!(w, "{self}")
    }

    fn from_text(text: &str) -> Result<Atom4, TextError> {
        Atom4::from_text(text).map_err(TextError::from)
    }

    fn encode(&self, out: &mut [u8]) -> usize {
        out[..ENCODED_LEN].copy_from_slice(&self.to_bytes());
        ENCODED_LEN
    }

    fn decode(bytes: &[u8]) -> Result<Atom4, DecodeError> {
        Atom4::from_bytes(bytes)
    }

    fn layout(&self) -> Layout {
        Layout::Grid {
            width: self.width().into(),
            height: self.height().into(),
            shifted: true,
        }
    }

    /// Spot `y * width + x`: the piece's letter and colour bits; white
    /// belongs to player 1 and black to player 2 (their propagators).
    fn spot(&self, index: usize) -> Spot {
        let w = usize::from(self.width());
        let cell = self.board().cell((index % w) as u8, (index / w) as u8);
        match cell.and_then(|c| self.board().get(c)) {
            None => Spot {
                symbol: '.',
                ..Spot::default()
            },
            Some(colour) => Spot {
                symbol: colour.letter(),
                owner: match colour {
                    Color::White => 1,
                    Color::Black => 2,
                    _ => 0,
                },
                count: 0,
                colour: colour.bits(),
            },
        }
    }

    fn write_diagram(&self, w: &mut dyn Write) -> fmt::Result {
        write!(w, "{}", Diagram(self.board()))
    }

    fn engine_words(&self, limits: &Limits) -> usize {
        state::table_words(limits, 1_500)
    }

    fn search(
        &self,
        limits: &Limits,
        memory: &mut [u64],
        control: &mut dyn Control<Action>,
    ) -> Choice {
        if self.is_over() {
            return Report::none();
        }
        if let Some(level) = limits.level {
            // The original's level: no table, exact and quick.
            let mut rng = Rng::new(limits.seed);
            return match classic::choose(self, level.min(classic::MAX_LEVEL), &mut rng) {
                Ok(cell) => Report::only(Action::from(cell.index())),
                Err(_) => Report::none(),
            };
        }
        memory.fill(0);
        let mut search = Search::<Atom4, _, _>::with_store(
            WordTable::<Cell>::new(memory),
            StrongEval::default(),
        );
        let report = search.run(
            self,
            search::Limits {
                depth: limits
                    .depth
                    .map_or(search::MAX_PLY as u8, |d| d.min(search::MAX_PLY as u8)),
                nodes: limits.nodes.unwrap_or(u64::MAX),
                seed: limits.seed,
            },
            &mut state::Actions::new(control, |c: Cell| Action::from(c.index())),
        );
        report.map(|c| Action::from(c.index()))
    }

    fn next_round(&mut self) -> bool {
        matches!(self.status(), Status::Won(_) | Status::Stalemate)
            && Atom4::next_round(self).is_ok()
    }
}
