//! A game of three or more players as a duel of one player against all the
//! others together (the paranoid assumption), so that the two-player
//! alpha-beta search can play it: the others' moves all minimise the one
//! player's value.

use super::game::MoveList;
use super::position::{Move, Position, Status};
use crate::game::{Game, Player, Turn, ZeroSum};

/// `position` from the point of view of `me`: [`Player::ONE`] is `me`,
/// [`Player::TWO`] every other player. A win of `me` is a win of player
/// one; a win of anybody else, a loss; a draw is a draw. Turns do not
/// alternate (the others move one after another).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Paranoid {
    position: Position,
    me: Player,
}

impl Paranoid {
    /// `position` as `me` against all the others.
    pub fn new(position: Position, me: Player) -> Paranoid {
        Paranoid { position, me }
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
}

impl Game for Paranoid {
    type Move = Move;
    type List<T: Copy> = arrayvec::ArrayVec<T, { super::game::MAX_MOVES }>;

    #[inline]
    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.position.to_move() {
            Some(p) if p == self.me => Turn::Player(Player::ONE),
            Some(_) => Turn::Player(Player::TWO),
            None => Turn::Over,
        }
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        self.position.legal_moves(moves)
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        Game::play(&mut self.position, mv)
    }

    fn returns(&self, player: Player) -> f32 {
        let mine = match self.position.status() {
            Status::Won(p) if p == self.me => 1.0,
            Status::Won(_) => -1.0,
            _ => 0.0,
        };
        if player == Player::ONE {
            mine
        } else {
            -mine
        }
    }
}

impl ZeroSum for Paranoid {
    const ALTERNATES: bool = false;
    type Undo = Position;

    /// The position's key and the one player's: a table shared by
    /// searches for different players keeps their values apart.
    fn hash(&self) -> u64 {
        self.position.key() ^ (self.me.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[inline]
    fn play_keyed(&mut self, mv: Move, hash: u64) -> u64 {
        self.play_undoable(mv, hash).0
    }

    #[inline]
    fn play_undoable(&mut self, mv: Move, hash: u64) -> (u64, Position) {
        let before = self.position;
        Game::play(&mut self.position, mv);
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
    fn one_player_against_the_rest() {
        let p: Position = "classic 3 1a1c./.1b./... b 4 - *".parse().unwrap();
        let c = Player::new(2).unwrap();
        assert_eq!(Paranoid::new(p, c).turn(), Turn::Player(Player::TWO));
        assert_eq!(
            Paranoid::new(p, Player::TWO).turn(),
            Turn::Player(Player::ONE)
        );
        let won: Position = "classic 3 3b.2b/.4b./3b.2b - 14 ac b".parse().unwrap();
        let as_b = Paranoid::new(won, Player::TWO);
        assert_eq!(
            (as_b.returns(Player::ONE), as_b.returns(Player::TWO)),
            (1.0, -1.0)
        );
        let as_c = Paranoid::new(won, c);
        assert_eq!(
            (as_c.returns(Player::ONE), as_c.returns(Player::TWO)),
            (-1.0, 1.0)
        );
        assert_eq!(as_c.turn(), Turn::Over);
    }
}
