//! Chain Reaction behind the one game interface ([`State`]): an action is
//! a cell's index `y * 16 + x` in the 16 x 16 frame, 256 the pass (`atoms`
//! only); a move's text is `x,y` or `pass`; the engine is the strong
//! search (alpha-beta with two players, paranoid with more).

use core::fmt::{self, Write};
use core::str::FromStr;

use super::board::letter;
use super::position::{Move, Position, Status, MAX_PLAYERS};
use super::rules::{IllegalMove, Rules};
use super::strong::{search_in, StrongEval};
use super::ENCODED_LEN;
use crate::control::{Control, Report};
use crate::encoding::DecodeError;
use crate::game::{Game, Player, Turn};
use crate::grid::Cell;
use crate::search::{self, PackedMove, WordTable};
use crate::state::{
    self, Action, Choice, Layout, Limits, MoveError, MoveErrorKind, Param, Setup, SetupError,
    Shown, Spot, State, TextError,
};

/// The actions: a cell of the 16 x 16 frame, then the pass.
pub const ACTIONS: u32 = 257;

/// The pass's action.
pub const PASS_ACTION: Action = 256;

const PARAMS: &[Param] = &[
    Param {
        name: "size",
        default: "6x9",
        help: "the board, WxH, each side from 2 to 16",
    },
    Param {
        name: "players",
        default: "2",
        help: "2 to 8 (classic), 2 (atoms)",
    },
    Param {
        name: "rules",
        default: "classic",
        help: "classic (the Android game) or atoms (the C tutorial's)",
    },
];

fn move_of(action: Action) -> Result<Move, MoveError> {
    match u16::try_from(action) {
        Ok(bits @ 0..=256) => Ok(Move::from_bits(bits)),
        _ => Err(MoveError::out_of_range(action, ACTIONS)),
    }
}

fn action_of(mv: Move) -> Action {
    mv.to_bits().into()
}

fn refused(e: IllegalMove) -> MoveError {
    match e {
        IllegalMove::GameOver => MoveError::over(),
        e => MoveError::illegal(e),
    }
}

impl State for Position {
    const NAME: &'static str = "chain";
    const TITLE: &'static str = "Chain Reaction";
    const PARAMS: &'static [Param] = PARAMS;
    const ENCODED_LEN: usize = ENCODED_LEN;
    const MAX_PLAYERS: usize = MAX_PLAYERS;

    fn new(setup: &Setup) -> Result<Position, SetupError> {
        setup.only(Self::NAME, &["size", "players", "rules"])?;
        let rules = match setup.rules.as_deref() {
            None | Some("classic") => Rules::Classic,
            Some("atoms") => Rules::Atoms,
            Some(other) => {
                return Err(SetupError::new(
                    "rules",
                    format_args!("{other:?}: the rule sets are classic and atoms"),
                ))
            }
        };
        let (w, h) = setup.size.unwrap_or((6, 9));
        let players = setup.players.unwrap_or(2);
        let side = |n: u16| u8::try_from(n).unwrap_or(u8::MAX);
        Position::new(rules, side(w), side(h), players).map_err(|e| {
            let param = match e {
                super::position::SetupError::Size(_) => "size",
                super::position::SetupError::Players { .. } => "players",
            };
            SetupError::new(param, format_args!("{e}"))
        })
    }

    fn setup(&self) -> Setup {
        let mut rules = arrayvec::ArrayString::new();
        let _ = rules.try_push_str(self.rules().name());
        Setup {
            size: Some((self.board().width().into(), self.board().height().into())),
            players: Some(self.players() as u8),
            rules: Some(rules),
            ..Setup::default()
        }
    }

    fn players(&self) -> usize {
        Position::players(self)
    }

    fn turn(&self) -> Turn {
        Game::turn(self)
    }

    fn action_count(&self) -> u32 {
        ACTIONS
    }

    fn legal_actions(&self, f: &mut dyn FnMut(Action)) {
        if !self.is_over() {
            self.legal_cells()
                .for_each(|c| f(action_of(Move::Place(c))));
            if self.rules() == Rules::Atoms {
                f(PASS_ACTION);
            }
        }
    }

    fn check(&self, action: Action) -> Result<(), MoveError> {
        self.check_move(move_of(action)?).map_err(refused)
    }

    fn play(&mut self, action: Action) -> Result<(), MoveError> {
        Position::play(self, move_of(action)?)
            .map(|_| ())
            .map_err(refused)
    }

    fn write_move(&self, action: Action, w: &mut dyn Write) -> fmt::Result {
        match move_of(action) {
            Ok(mv) => write!(w, "{mv}"),
            Err(_) => write!(w, "#{action}"),
        }
    }

    /// `x,y` or `pass`.
    fn parse_move(&self, text: &str) -> Result<Action, MoveError> {
        Move::from_str(text.trim()).map(action_of).map_err(|e| {
            MoveError::new(
                MoveErrorKind::BadText,
                format_args!(
                    "{} is not a move ({}): a move is x,y or pass",
                    Shown(text),
                    e.kind
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

    fn from_text(text: &str) -> Result<Position, TextError> {
        Position::from_text(text).map_err(TextError::from)
    }

    fn encode(&self, out: &mut [u8]) -> usize {
        out[..ENCODED_LEN].copy_from_slice(&self.to_bytes());
        ENCODED_LEN
    }

    fn decode(bytes: &[u8]) -> Result<Position, DecodeError> {
        Position::from_bytes(bytes)
    }

    fn layout(&self) -> Layout {
        Layout::Grid {
            width: self.board().width().into(),
            height: self.board().height().into(),
            shifted: false,
        }
    }

    /// Spot `y * width + x`: its orbs and their owner (the owner's letter
    /// as the symbol).
    fn spot(&self, index: usize) -> Spot {
        let w = usize::from(self.board().width());
        let cell = Cell::new((index % w) as u8, (index / w) as u8);
        match cell.and_then(|c| Some((c, self.board().owner(c)?))) {
            Some((c, owner)) => Spot {
                symbol: letter(owner),
                owner: owner.number(),
                count: self.board().count(c).into(),
                colour: owner.number(),
            },
            None => Spot {
                symbol: '.',
                ..Spot::default()
            },
        }
    }

    /// A row a line, each cell `.` or its orbs and owner (`2a`).
    fn write_diagram(&self, w: &mut dyn Write) -> fmt::Result {
        let board = self.board();
        for y in 0..board.height() {
            for x in 0..board.width() {
                if x > 0 {
                    w.write_char(' ')?;
                }
                let cell = Cell::new(x, y);
                match cell.and_then(|c| Some((c, board.owner(c)?))) {
                    Some((c, owner)) => write!(w, "{}{}", board.count(c), letter(owner))?,
                    None => w.write_str(" .")?,
                }
            }
            w.write_char('\n')?;
        }
        match self.status() {
            Status::Playing => Ok(()),
            Status::Won(p) => writeln!(w, "won by {}", letter(p)),
            Status::Drawn => writeln!(w, "drawn"),
        }
    }

    fn engine_words(&self, limits: &Limits) -> usize {
        state::table_words(limits, 2_000)
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
        memory.fill(0);
        let report = search_in(
            WordTable::<Move>::new(memory),
            StrongEval::default(),
            self,
            search::Limits {
                depth: limits
                    .depth
                    .map_or(search::MAX_PLY as u8, |d| d.min(search::MAX_PLY as u8)),
                nodes: limits.nodes.unwrap_or(u64::MAX),
                seed: limits.seed,
            },
            &mut state::Actions::new(control, action_of),
        );
        report.map(action_of)
    }
}
