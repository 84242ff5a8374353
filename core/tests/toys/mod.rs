//! Small games written for the tests of the generic searches, each with a
//! value known exactly (by rule or by exhaustive search here).
#![allow(dead_code)]

use arrayvec::ArrayVec;
use atom4_core::game::{Chance, Game, Player, Turn, ZeroSum};

/// Tic-tac-toe: cells 0..9 row by row; a draw with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    /// 0 empty, 1 player one (X), 2 player two (O).
    pub cells: [u8; 9],
    pub to_move: Player,
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

impl TicTacToe {
    pub fn new() -> Self {
        TicTacToe {
            cells: [0; 9],
            to_move: Player::ONE,
        }
    }

    /// From a diagram such as `"X.O/.X./..."` (X moves first).
    pub fn from_rows(text: &str) -> Self {
        let mut game = TicTacToe::new();
        let mut count = 0;
        for (i, c) in text.chars().filter(|&c| c != '/').enumerate() {
            game.cells[i] = match c {
                'X' => 1,
                'O' => 2,
                _ => 0,
            };
            count += (game.cells[i] != 0) as usize;
        }
        game.to_move = if count % 2 == 0 {
            Player::ONE
        } else {
            Player::TWO
        };
        game
    }

    pub fn winner(&self) -> Option<Player> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]];
            (c != 0 && self.cells[l[1]] == c && self.cells[l[2]] == c)
                .then(|| Player::new(c as usize - 1).unwrap())
        })
    }

    fn full(&self) -> bool {
        self.cells.iter().all(|&c| c != 0)
    }

    /// The value for the player to move by plain exhaustive minimax: 1
    /// win, 0 draw, -1 loss.
    pub fn solve(&self) -> i32 {
        if let Some(w) = self.winner() {
            return if w == self.to_move { 1 } else { -1 };
        }
        if self.full() {
            return 0;
        }
        (0..9)
            .filter(|&i| self.cells[i] == 0)
            .map(|i| {
                let mut next = *self;
                Game::play(&mut next, i as u8);
                -next.solve()
            })
            .max()
            .unwrap()
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type List<T: Copy> = ArrayVec<T, 9>;

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.winner().is_some() || self.full() {
            Turn::Over
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_moves(&self, moves: &mut ArrayVec<u8, 9>) {
        moves.clear();
        if self.turn() != Turn::Over {
            moves.extend((0..9u8).filter(|&i| self.cells[i as usize] == 0));
        }
    }

    fn play(&mut self, mv: u8) {
        self.cells[mv as usize] = self.to_move.number();
        self.to_move = self.to_move.other();
    }

    fn returns(&self, player: Player) -> f32 {
        match self.winner() {
            Some(w) if w == player => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        }
    }
}

fn cell_key(cell: u8, mark: u8) -> u64 {
    let mut z = (cell as u64 * 3 + mark as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 29)
}

const SECOND_TO_MOVE: u64 = 0x5DEE_CE66_D1CE_5EED;

impl ZeroSum for TicTacToe {
    type Undo = u8;

    fn hash(&self) -> u64 {
        let mut h = if self.to_move == Player::TWO {
            SECOND_TO_MOVE
        } else {
            0
        };
        for (i, &c) in self.cells.iter().enumerate() {
            if c != 0 {
                h ^= cell_key(i as u8, c);
            }
        }
        h
    }

    fn play_keyed(&mut self, mv: u8, hash: u64) -> u64 {
        let mark = self.to_move.number();
        Game::play(self, mv);
        hash ^ cell_key(mv, mark) ^ SECOND_TO_MOVE
    }

    fn play_undoable(&mut self, mv: u8, hash: u64) -> (u64, u8) {
        (self.play_keyed(mv, hash), mv)
    }

    fn unplay(&mut self, undo: &u8) {
        self.cells[*undo as usize] = 0;
        self.to_move = self.to_move.other();
    }

    fn move_slot(mv: u8) -> usize {
        mv as usize
    }
}

/// Nim on one pile, taking 1, 2 or 3; who takes the last stone wins. The
/// player to move wins exactly when the pile is not a multiple of 4, by
/// leaving one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nim {
    pub pile: u8,
    pub to_move: Player,
    /// Who took the last stone.
    pub last: Option<Player>,
}

impl Nim {
    pub fn new(pile: u8) -> Self {
        Nim {
            pile,
            to_move: Player::ONE,
            last: None,
        }
    }
}

impl Game for Nim {
    type Move = u8;
    type List<T: Copy> = ArrayVec<T, 3>;

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.pile == 0 {
            Turn::Over
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_moves(&self, moves: &mut ArrayVec<u8, 3>) {
        moves.clear();
        moves.extend((1..=3).filter(|&n| n <= self.pile));
    }

    fn play(&mut self, take: u8) {
        self.pile -= take;
        self.last = Some(self.to_move);
        self.to_move = self.to_move.other();
    }

    fn returns(&self, player: Player) -> f32 {
        match self.last {
            Some(p) if p == player => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        }
    }
}

impl ZeroSum for Nim {
    type Undo = u8;

    fn hash(&self) -> u64 {
        cell_key(self.pile, self.to_move.number())
    }

    fn play_keyed(&mut self, mv: u8, _hash: u64) -> u64 {
        Game::play(self, mv);
        self.hash()
    }

    fn play_undoable(&mut self, mv: u8, hash: u64) -> (u64, u8) {
        (self.play_keyed(mv, hash), mv)
    }

    fn unplay(&mut self, undo: &u8) {
        self.pile += undo;
        self.to_move = self.to_move.other();
        self.last = (self.pile > 0 && self.last.is_some()).then(|| self.to_move.other());
    }

    fn move_slot(mv: u8) -> usize {
        mv as usize - 1
    }
}

/// Nim taking one or three stones, where taking three gives the same
/// player another turn: players do not strictly alternate. The player to
/// move loses exactly on piles 2, 5, 8, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwiceNim(pub Nim);

impl TwiceNim {
    /// Whether the player to move wins with `pile` stones left.
    pub fn wins(pile: u8) -> bool {
        [1u8, 3].into_iter().filter(|&t| t <= pile).any(|t| {
            let left = pile - t;
            left == 0
                || if t == 3 {
                    Self::wins(left)
                } else {
                    !Self::wins(left)
                }
        })
    }
}

impl Game for TwiceNim {
    type Move = u8;
    type List<T: Copy> = ArrayVec<T, 3>;

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        self.0.turn()
    }

    fn legal_moves(&self, moves: &mut ArrayVec<u8, 3>) {
        moves.clear();
        moves.extend([1, 3].into_iter().filter(|&t| t <= self.0.pile));
    }

    fn play(&mut self, take: u8) {
        let mover = self.0.to_move;
        self.0.play(take);
        if take == 3 {
            self.0.to_move = mover;
        }
    }

    fn returns(&self, player: Player) -> f32 {
        self.0.returns(player)
    }
}

impl ZeroSum for TwiceNim {
    const ALTERNATES: bool = false;
    /// The stones taken and who took them.
    type Undo = (u8, Player);

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn play_keyed(&mut self, mv: u8, _hash: u64) -> u64 {
        Game::play(self, mv);
        self.hash()
    }

    fn play_undoable(&mut self, mv: u8, hash: u64) -> (u64, (u8, Player)) {
        let mover = self.0.to_move;
        (self.play_keyed(mv, hash), (mv, mover))
    }

    fn unplay(&mut self, &(take, mover): &(u8, Player)) {
        self.0.pile += take;
        self.0.to_move = mover;
    }

    fn move_slot(mv: u8) -> usize {
        mv as usize - 1
    }
}

/// A race for three: players add 1 or 2 to a counter in turn; whoever
/// brings it to `goal` or beyond wins (1), the others lose (-0.5 each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    pub count: u8,
    pub goal: u8,
    pub to_move: Player,
    pub winner: Option<Player>,
}

impl Race {
    pub fn new(count: u8, goal: u8) -> Self {
        Race {
            count,
            goal,
            to_move: Player::ONE,
            winner: None,
        }
    }

    /// Every player's value with each player maximising its own, ties to
    /// the first move (1 before 2): the max^n value by plain recursion.
    pub fn max_n(&self) -> [f32; 3] {
        if self.winner.is_some() {
            return [0, 1, 2].map(|i| self.returns(Player::new(i).unwrap()));
        }
        let me = self.to_move.index();
        let mut best: Option<[f32; 3]> = None;
        for step in [1u8, 2] {
            let mut next = *self;
            next.play(step);
            let v = next.max_n();
            if best.is_none_or(|b| v[me] > b[me]) {
                best = Some(v);
            }
        }
        best.unwrap()
    }
}

impl Game for Race {
    type Move = u8;
    type List<T: Copy> = ArrayVec<T, 2>;

    fn players(&self) -> usize {
        3
    }

    fn turn(&self) -> Turn {
        if self.winner.is_some() {
            Turn::Over
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_moves(&self, moves: &mut ArrayVec<u8, 2>) {
        moves.clear();
        if self.winner.is_none() {
            moves.extend([1, 2]);
        }
    }

    fn play(&mut self, step: u8) {
        self.count += step;
        if self.count >= self.goal {
            self.winner = Some(self.to_move);
        }
        self.to_move = self.to_move.next(3);
    }

    fn returns(&self, player: Player) -> f32 {
        match self.winner {
            Some(w) if w == player => 1.0,
            Some(_) => -0.5,
            None => 0.0,
        }
    }
}

/// One player and a die: `Stop` takes a sure `safe`; `Roll` throws the die
/// (chance, faces 1..=6 with the given weights), after which the player
/// keeps the throw (`Keep`: face / 6) or throws once more (`Again`: the new
/// face / 6).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dice {
    pub safe: f32,
    pub weights: [u32; 6],
    pub state: DiceState,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DiceState {
    Start,
    /// The first throw is to come.
    Throwing,
    /// Thrown this face; keep or throw again.
    Thrown(u8),
    /// The second throw is to come.
    Rethrowing,
    Done(f32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceMove {
    Stop,
    Roll,
    Keep,
    Again,
    Face(u8),
}

/// For MCTS's arena: a word each.
impl atom4_core::mcts::NodeMove for DiceMove {
    fn to_bits(self) -> u32 {
        match self {
            DiceMove::Stop => 0,
            DiceMove::Roll => 1,
            DiceMove::Keep => 2,
            DiceMove::Again => 3,
            DiceMove::Face(f) => 4 + u32::from(f),
        }
    }

    fn from_bits(bits: u32) -> DiceMove {
        match bits {
            0 => DiceMove::Stop,
            1 => DiceMove::Roll,
            2 => DiceMove::Keep,
            3 => DiceMove::Again,
            f => DiceMove::Face((f - 4) as u8),
        }
    }
}

impl Dice {
    pub fn fair(safe: f32) -> Self {
        Dice {
            safe,
            weights: [1; 6],
            state: DiceState::Start,
        }
    }

    /// The best expected value, worked out directly.
    pub fn expected(&self) -> f32 {
        let total: u32 = self.weights.iter().sum();
        let p = |f: usize| self.weights[f] as f32 / total as f32;
        let again: f32 = (0..6).map(|f| p(f) * (f + 1) as f32 / 6.0).sum();
        let roll: f32 = (0..6)
            .map(|f| p(f) * ((f + 1) as f32 / 6.0).max(again))
            .sum();
        roll.max(self.safe)
    }
}

impl Game for Dice {
    type Move = DiceMove;
    type List<T: Copy> = ArrayVec<T, 6>;

    fn players(&self) -> usize {
        1
    }

    fn turn(&self) -> Turn {
        match self.state {
            DiceState::Start | DiceState::Thrown(_) => Turn::Player(Player::ONE),
            DiceState::Throwing | DiceState::Rethrowing => Turn::Chance,
            DiceState::Done(_) => Turn::Over,
        }
    }

    fn legal_moves(&self, moves: &mut ArrayVec<DiceMove, 6>) {
        moves.clear();
        match self.state {
            DiceState::Start => moves.extend([DiceMove::Stop, DiceMove::Roll]),
            DiceState::Thrown(_) => moves.extend([DiceMove::Keep, DiceMove::Again]),
            _ => {}
        }
    }

    fn chance_outcomes(&self, outcomes: &mut ArrayVec<Chance<DiceMove>, 6>) {
        outcomes.clear();
        if matches!(self.state, DiceState::Throwing | DiceState::Rethrowing) {
            outcomes.extend((1..=6u8).map(|f| Chance {
                outcome: DiceMove::Face(f),
                weight: self.weights[f as usize - 1],
            }));
        }
    }

    fn play(&mut self, mv: DiceMove) {
        self.state = match (self.state, mv) {
            (DiceState::Start, DiceMove::Stop) => DiceState::Done(self.safe),
            (DiceState::Start, DiceMove::Roll) => DiceState::Throwing,
            (DiceState::Throwing, DiceMove::Face(f)) => DiceState::Thrown(f),
            (DiceState::Thrown(f), DiceMove::Keep) => DiceState::Done(f as f32 / 6.0),
            (DiceState::Thrown(_), DiceMove::Again) => DiceState::Rethrowing,
            (DiceState::Rethrowing, DiceMove::Face(f)) => DiceState::Done(f as f32 / 6.0),
            (state, mv) => panic!("{mv:?} in {state:?}"),
        }
    }

    fn returns(&self, _player: Player) -> f32 {
        match self.state {
            DiceState::Done(v) => v,
            _ => 0.0,
        }
    }
}
