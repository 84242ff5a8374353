//! Tic-tac-toe: a toy game behind the feature `toy`, which shows what a
//! sixth game takes (this folder and one line of [`crate::registry`]) and
//! lets every door's tests play a game they were not written for.
//!
//! Cells `(x, y)` from the top left; action `3 * y + x`; a move's text is
//! `x,y`; the position text is the rows joined by `/` (`X`, `O`, `.`)
//! then the player to move (`X`, `O`, or `-` once over), e.g.
//! `X.O/.X./... O`. The engine is MCTS with random playouts.

use core::fmt::{self, Write};

use arrayvec::ArrayVec;

use crate::control::{Control, Report};
use crate::encoding::DecodeError;
use crate::game::{Game, Player, Turn};
use crate::mcts::{self, Mcts, RandomRollout, NODE_WORDS};
use crate::state::Shown;
use crate::state::{
    self, Action, Choice, Layout, Limits, MoveError, MoveErrorKind, Param, Setup, SetupError, Spot,
    State, TextError,
};

/// A position: 0 empty, 1 X (player 1), 2 O (player 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    cells: [u8; 9],
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

const SYMBOLS: [char; 3] = ['.', 'X', 'O'];

impl TicTacToe {
    fn winner(&self) -> Option<u8> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]];
            (c != 0 && self.cells[l[1]] == c && self.cells[l[2]] == c).then_some(c)
        })
    }

    fn filled(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    fn mover(&self) -> Option<u8> {
        (self.winner().is_none() && self.filled() < 9).then(|| 1 + (self.filled() % 2) as u8)
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type List<T: Copy> = ArrayVec<T, 9>;

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.mover() {
            Some(p) => Turn::Player(Player::from_number(p.into(), 2).unwrap_or(Player::ONE)),
            None => Turn::Over,
        }
    }

    fn legal_moves(&self, moves: &mut ArrayVec<u8, 9>) {
        moves.clear();
        if self.mover().is_some() {
            moves.extend((0..9u8).filter(|&i| self.cells[usize::from(i)] == 0));
        }
    }

    fn play(&mut self, mv: u8) {
        if let (Some(p), Some(c)) = (self.mover(), self.cells.get_mut(usize::from(mv))) {
            if *c == 0 {
                *c = p;
            }
        }
    }

    fn returns(&self, player: Player) -> f32 {
        match self.winner() {
            Some(w) if w == player.number() => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        }
    }
}

const PARAMS: &[Param] = &[];

impl State for TicTacToe {
    const NAME: &'static str = "tictactoe";
    const TITLE: &'static str = "Tic-tac-toe";
    const PARAMS: &'static [Param] = PARAMS;
    const ENCODED_LEN: usize = 11;
    const MAX_PLAYERS: usize = 2;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        setup.only(Self::NAME, &[])?;
        Ok(TicTacToe { cells: [0; 9] })
    }

    fn setup(&self) -> Setup {
        Setup::default()
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        Game::turn(self)
    }

    fn action_count(&self) -> u32 {
        9
    }

    fn legal_actions(&self, f: &mut dyn FnMut(Action)) {
        let mut moves = ArrayVec::new();
        self.legal_moves(&mut moves);
        moves.iter().for_each(|&m| f(m.into()));
    }

    fn check(&self, action: Action) -> Result<(), MoveError> {
        if action >= 9 {
            return Err(MoveError::out_of_range(action, 9));
        }
        if self.mover().is_none() {
            return Err(MoveError::over());
        }
        if self.cells[action as usize] != 0 {
            return Err(MoveError::illegal("that cell is taken"));
        }
        Ok(())
    }

    fn play(&mut self, action: Action) -> Result<(), MoveError> {
        State::check(self, action)?;
        Game::play(self, action as u8);
        Ok(())
    }

    fn write_move(&self, action: Action, w: &mut dyn Write) -> fmt::Result {
        write!(w, "{},{}", action % 3, action / 3)
    }

    fn parse_move(&self, text: &str) -> Result<Action, MoveError> {
        text.trim()
            .split_once(',')
            .and_then(|(x, y)| {
                let (x, y) = (crate::text::decimal(x)?, crate::text::decimal(y)?);
                (x < 3 && y < 3).then(|| (3 * y + x) as Action)
            })
            .ok_or_else(|| {
                MoveError::new(
                    MoveErrorKind::BadText,
                    format_args!("{} is not a move: x,y from 0 to 2", Shown(text)),
                )
            })
    }

    fn returns(&self, player: Player) -> f64 {
        Game::returns(self, player).into()
    }

    fn write_text(&self, w: &mut dyn Write) -> fmt::Result {
        for (i, &c) in self.cells.iter().enumerate() {
            if i > 0 && i % 3 == 0 {
                w.write_char('/')?;
            }
            w.write_char(SYMBOLS[usize::from(c)])?;
        }
        match self.mover() {
            Some(p) => write!(w, " {}", SYMBOLS[usize::from(p)]),
            None => w.write_str(" -"),
        }
    }

    fn from_text(text: &str) -> Result<Self, TextError> {
        let bytes = text.as_bytes();
        let expected = "X.O/.X./... O";
        if bytes.len() != expected.len()
            || bytes[3] != b'/'
            || bytes[7] != b'/'
            || bytes[11] != b' '
        {
            return Err(TextError::new(
                0,
                format_args!("a position is like {expected:?}"),
            ));
        }
        let mut game = TicTacToe { cells: [0; 9] };
        for (k, at) in [0, 1, 2, 4, 5, 6, 8, 9, 10].into_iter().enumerate() {
            game.cells[k] = match bytes[at] {
                b'.' => 0,
                b'X' => 1,
                b'O' => 2,
                _ => return Err(TextError::new(at, format_args!("a cell is X, O or ."))),
            };
        }
        let xs = game.cells.iter().filter(|&&c| c == 1).count();
        let os = game.cells.iter().filter(|&&c| c == 2).count();
        let turn = match bytes[12] {
            b'X' => Some(1),
            b'O' => Some(2),
            b'-' => None,
            _ => {
                return Err(TextError::new(
                    12,
                    format_args!("the player to move is X, O or -"),
                ))
            }
        };
        if !(xs == os || xs == os + 1) || turn != game.mover() {
            return Err(TextError::new(
                0,
                format_args!("no game reaches this position"),
            ));
        }
        Ok(game)
    }

    fn encode(&self, out: &mut [u8]) -> usize {
        out[0..2].copy_from_slice(b"TT");
        out[2..11].copy_from_slice(&self.cells);
        11
    }

    fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let bytes: &[u8; 11] = bytes.try_into().map_err(|_| DecodeError::Length)?;
        if &bytes[0..2] != b"TT" {
            return Err(DecodeError::Header);
        }
        let mut game = TicTacToe { cells: [0; 9] };
        game.cells.copy_from_slice(&bytes[2..]);
        if game.cells.iter().any(|&c| c > 2) {
            return Err(DecodeError::Field);
        }
        let xs = game.cells.iter().filter(|&&c| c == 1).count();
        let os = game.cells.iter().filter(|&&c| c == 2).count();
        if !(xs == os || xs == os + 1) {
            return Err(DecodeError::Inconsistent);
        }
        Ok(game)
    }

    fn layout(&self) -> Layout {
        Layout::Grid {
            width: 3,
            height: 3,
            shifted: false,
        }
    }

    fn spot(&self, index: usize) -> Spot {
        let c = self.cells.get(index).copied().unwrap_or(0);
        Spot {
            symbol: SYMBOLS[usize::from(c)],
            owner: c,
            count: 0,
            colour: c,
        }
    }

    fn write_diagram(&self, w: &mut dyn Write) -> fmt::Result {
        for row in self.cells.chunks(3) {
            for &c in row {
                w.write_char(SYMBOLS[usize::from(c)])?;
            }
            w.write_char('\n')?;
        }
        Ok(())
    }

    fn engine_words(&self, _limits: &Limits) -> usize {
        (1 << 12) * NODE_WORDS
    }

    fn search(
        &self,
        limits: &Limits,
        memory: &mut [u64],
        control: &mut dyn Control<Action>,
    ) -> Choice {
        if self.mover().is_none() {
            return Report::none();
        }
        let mut report = Mcts::new(memory, RandomRollout::default()).run(
            self,
            mcts::Limits {
                iterations: limits.nodes.unwrap_or(2_000),
                seed: limits.seed,
            },
            &mut state::Actions::new(control, Action::from),
        );
        if report.best.is_none() {
            // Memory too small for the tree's root and its children: any
            // amount must give a move, so the first legal one.
            let mut moves = ArrayVec::new();
            self.legal_moves(&mut moves);
            report.best = moves.first().copied();
        }
        report.map(Action::from)
    }
}
