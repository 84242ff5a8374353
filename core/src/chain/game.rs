//! Chain Reaction as the generic searches see it: [`Game`] for any number
//! of players, and [`Duel`], a two-player position with [`ZeroSum`] for
//! the alpha-beta search.

use core::fmt;

use arrayvec::ArrayVec;

use super::position::{Move, Position, Status};
use super::rules::Rules;
use crate::game::{Game, Player, Turn, ZeroSum};
use crate::grid::Cell;
use crate::mcts::NodeMove;
use crate::search::PackedMove;

/// The most moves a position has: every cell of 16 x 16 and a pass.
pub const MAX_MOVES: usize = 257;

/// A list of moves of Chain Reaction.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// A cell's index in the 16 x 16 frame; 256 for the pass.
impl PackedMove for Move {
    fn to_bits(self) -> u16 {
        match self {
            Move::Place(cell) => cell.index() as u16,
            Move::Pass => 256,
        }
    }

    fn from_bits(bits: u16) -> Move {
        match u8::try_from(bits) {
            Ok(index) => Move::Place(Cell::from_index(index)),
            Err(_) => Move::Pass,
        }
    }
}

impl NodeMove for Move {
    fn to_bits(self) -> u32 {
        PackedMove::to_bits(self).into()
    }

    fn from_bits(bits: u32) -> Move {
        <Move as PackedMove>::from_bits(bits.min(256) as u16)
    }
}

impl Game for Position {
    type Move = Move;
    type List<T: Copy> = ArrayVec<T, MAX_MOVES>;

    #[inline]
    fn players(&self) -> usize {
        Position::players(self)
    }

    /// The player to move; players who are out never get a turn, and one
    /// without a legal cell has already forfeited.
    #[inline]
    fn turn(&self) -> Turn {
        match self.to_move() {
            Some(p) => Turn::Player(p),
            None => Turn::Over,
        }
    }

    /// The legal cells row by row from the top, then in `atoms` the pass.
    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        moves.extend(self.legal_cells().map(Move::Place));
        if self.rules() == Rules::Atoms && !self.is_over() && !self.out_of_turns() {
            moves.push(Move::Pass);
        }
    }

    /// Plays `mv`; an illegal move changes nothing.
    #[inline]
    fn play(&mut self, mv: Move) {
        if self.check_move(mv).is_ok() {
            self.play_unchecked(mv);
        }
    }

    /// 1 to the winner, -1 to every other player, 0 to all in a draw (and
    /// while the game is on).
    #[inline]
    fn returns(&self, player: Player) -> f32 {
        match self.status() {
            Status::Won(p) if p == player => 1.0,
            Status::Won(_) => -1.0,
            _ => 0.0,
        }
    }
}

/// Not a two-player position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NotTwoPlayers {
    pub players: u8,
}

impl fmt::Display for NotTwoPlayers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a game of {} players is not a duel", self.players)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for NotTwoPlayers {}

/// A position of a two-player game (either rule set), for the alpha-beta
/// search: zero sum (a win is 1, a loss -1, the draw at the cap 0), turns
/// that always alternate (with two players nobody forfeits and plays on),
/// and make/unmake by copy: a cascade may change every cell, so the undo
/// is the position before the move, smaller than a list of changed cells.
/// It offers no null move ([`ZeroSum::pass`] is `None`): whether null-move
/// pruning suits Chain Reaction is for the search to find out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Duel(Position);

impl Duel {
    /// `position` as a duel, if it has two players.
    pub fn new(position: Position) -> Result<Duel, NotTwoPlayers> {
        if position.players() == 2 {
            Ok(Duel(position))
        } else {
            Err(NotTwoPlayers {
                players: position.players() as u8,
            })
        }
    }

    #[inline]
    pub const fn position(&self) -> &Position {
        &self.0
    }
}

impl From<Duel> for Position {
    fn from(duel: Duel) -> Position {
        duel.0
    }
}

impl Game for Duel {
    type Move = Move;
    type List<T: Copy> = ArrayVec<T, MAX_MOVES>;

    #[inline]
    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        self.0.turn()
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        self.0.legal_moves(moves)
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        Game::play(&mut self.0, mv)
    }

    #[inline]
    fn returns(&self, player: Player) -> f32 {
        self.0.returns(player)
    }
}

impl ZeroSum for Duel {
    type Undo = Position;

    fn hash(&self) -> u64 {
        self.0.key()
    }

    #[inline]
    fn play_keyed(&mut self, mv: Move, hash: u64) -> u64 {
        self.play_undoable(mv, hash).0
    }

    #[inline]
    fn play_undoable(&mut self, mv: Move, hash: u64) -> (u64, Position) {
        let before = self.0;
        Game::play(&mut self.0, mv);
        (self.0.rekey(&before, hash), before)
    }

    #[inline]
    fn unplay(&mut self, undo: &Position) {
        self.0 = *undo;
    }

    /// The cell's index in a 16 x 16 grid; 256 for the pass.
    #[inline]
    fn move_slot(mv: Move) -> usize {
        match mv {
            Move::Place(cell) => cell.index() as usize,
            Move::Pass => 256,
        }
    }
}
