//! A game of three or more players searched by Best-Reply Search (Schadd
//! and Winands, 2011): one player against the others, where at the others'
//! turn only one of them moves (the reply worst for the one player) and
//! the turn comes straight back. Paranoid lets every opponent move in turn,
//! so it sees fewer of the one player's own moves for the same nodes.
//!
//! The others' moves are plain cells: an orb on a cell an opponent owns is
//! that opponent's move, an orb on an empty cell is the move of the
//! opponent whose turn it really is. The two-player alpha-beta search
//! plays it unchanged.

use super::game::MoveList;
use super::position::{Move, Position, Status};
use crate::game::{Game, Player, Turn, ZeroSum};

/// `position` from the point of view of `me`: [`Player::ONE`] is `me`,
/// [`Player::TWO`] the best reply of any other player. A win of `me` is a
/// win of player one; `me` out or a win of anybody else, a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BestReply {
    position: Position,
    me: Player,
}

impl BestReply {
    /// `position` as `me` against the best reply of the others.
    pub fn new(position: Position, me: Player) -> BestReply {
        BestReply { position, me }
    }

    #[inline]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The player whose value the search maximises.
    #[inline]
    pub const fn me(&self) -> Player {
        self.me
    }

    /// Whether the others are to reply.
    #[inline]
    fn others_to_move(&self) -> bool {
        self.position.to_move() != Some(self.me)
    }
}

impl Game for BestReply {
    type Move = Move;
    type List<T: Copy> = arrayvec::ArrayVec<T, { super::game::MAX_MOVES }>;

    #[inline]
    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.position.to_move() {
            _ if self.position.is_out(self.me) => Turn::Over,
            Some(p) if p == self.me => Turn::Player(Player::ONE),
            Some(_) => Turn::Player(Player::TWO),
            None => Turn::Over,
        }
    }

    /// The one player's cells; for the others, every cell the one player
    /// does not own.
    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        if !self.others_to_move() || self.is_over() || self.position.out_of_turns() {
            return self.position.legal_moves(moves);
        }
        moves.clear();
        let board = self.position.board();
        let planes = board.planes::<4>();
        let area = super::bits::Bits::<4>::below(board.area());
        let open = area & !(planes.own(self.me) & planes.occupied());
        moves.extend(open.iter().map(|i| Move::Place(board.cell_at(i))));
    }

    fn play(&mut self, mv: Move) {
        if !self.others_to_move() {
            return Game::play(&mut self.position, mv);
        }
        if let Move::Place(cell) = mv {
            if let Some(owner) = self.position.board().owner(cell) {
                self.position.to_move = owner;
            }
        }
        Game::play(&mut self.position, mv);
        if self.position.status() == Status::Playing && !self.position.is_out(self.me) {
            self.position.to_move = self.me;
        }
    }

    fn returns(&self, player: Player) -> f32 {
        let mine = match self.position.status() {
            Status::Won(p) if p == self.me => 1.0,
            Status::Won(_) => -1.0,
            _ if self.position.is_out(self.me) => -1.0,
            _ => 0.0,
        };
        if player == Player::ONE {
            mine
        } else {
            -mine
        }
    }
}

impl ZeroSum for BestReply {
    const ALTERNATES: bool = false;
    type Undo = Position;

    /// The position's key, the one player's and this search's: a table
    /// shared with paranoid searches keeps their values apart.
    fn hash(&self) -> u64 {
        self.position.key()
            ^ (self.me.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ 0x5BD1_E995_0000_0B25
    }

    #[inline]
    fn play_keyed(&mut self, mv: Move, hash: u64) -> u64 {
        self.play_undoable(mv, hash).0
    }

    #[inline]
    fn play_undoable(&mut self, mv: Move, hash: u64) -> (u64, Position) {
        let before = self.position;
        Game::play(self, mv);
        (self.position.rekey(&before, hash), before)
    }

    #[inline]
    fn unplay(&mut self, undo: &Position) {
        self.position = *undo;
    }

    #[inline]
    fn move_slot(mv: Move) -> usize {
        super::Duel::move_slot(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_opponent_replies_and_the_turn_comes_back() {
        // a to move in a 3-player game; c owns the corner (2,0).
        let p: Position = "classic 3 1a.1c/.1b./... a 3 - *".parse().unwrap();
        let mut g = BestReply::new(p, Player::ONE);
        assert_eq!(g.turn(), Turn::Player(Player::ONE));
        g.play(Move::Place(crate::Cell::new(0, 2).unwrap()));
        assert_eq!(g.turn(), Turn::Player(Player::TWO));
        let mut replies = MoveList::new();
        g.legal_moves(&mut replies);
        // Every cell but a's two.
        assert_eq!(replies.len(), 7);
        // c explodes its corner although b is next in turn order.
        let kept = g.play_keyed(Move::Place(crate::Cell::new(2, 0).unwrap()), g.hash());
        let c = Player::new(2);
        assert_eq!(
            g.position().board().owner(crate::Cell::new(1, 0).unwrap()),
            c
        );
        assert_eq!(g.turn(), Turn::Player(Player::ONE));
        assert_eq!(kept, g.hash());
    }
}
