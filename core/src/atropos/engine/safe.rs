//! Atropos as the engine's searches see it: a player never completes a
//! triangle while a move that does not remains. Such a move loses at once
//! and a safe one never loses sooner, so the game's value is the same; the
//! searches just skip a third of the moves. A player with no safe move
//! has one move, Default's (red on the first legal circle), which loses.

use arrayvec::ArrayVec;

use crate::atropos::geometry::Color;
use crate::atropos::search::Undo;
use crate::atropos::state::{Atropos, Bits, Move, MAX_MOVES};
use crate::game::{Game, Player, Turn, ZeroSum};

/// A position whose moves are its safe moves (see the module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SafeAtropos(pub Atropos);

impl Game for SafeAtropos {
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

    /// The safe moves in the canonical order, or the one losing move
    /// Default makes when there is none.
    fn legal_moves(&self, moves: &mut ArrayVec<Move, MAX_MOVES>) {
        moves.clear();
        let state = &self.0;
        let size = state.size();
        let legal = state.legal_mask();
        for i in Bits(legal) {
            let c = size.circle_at(i);
            for color in state.losing_colors_at(c.h, c.l).complement().iter() {
                moves.push(Move::new(color, c));
            }
        }
        if moves.is_empty() && legal != 0 {
            let first = size.circle_at(legal.trailing_zeros() as usize);
            moves.push(Move::new(Color::Red, first));
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        Game::play(&mut self.0, mv);
    }

    #[inline]
    fn returns(&self, player: Player) -> f32 {
        self.0.returns(player)
    }
}

impl ZeroSum for SafeAtropos {
    type Undo = Undo;

    #[inline]
    fn hash(&self) -> u64 {
        self.0.hash()
    }

    #[inline]
    fn play_keyed(&mut self, mv: Move, hash: u64) -> u64 {
        self.0.play_keyed(mv, hash)
    }

    #[inline]
    fn play_undoable(&mut self, mv: Move, hash: u64) -> (u64, Undo) {
        self.0.play_undoable(mv, hash)
    }

    #[inline]
    fn unplay(&mut self, undo: &Undo) {
        ZeroSum::unplay(&mut self.0, undo)
    }

    #[inline]
    fn move_slot(mv: Move) -> usize {
        Atropos::move_slot(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn moves_are_the_safe_ones_or_defaults_loss() {
        let mut rng = Rng::new(5);
        let mut moves = ArrayVec::new();
        for n in [1, 2, 5, 9, 15] {
            let mut game = SafeAtropos(Atropos::new(n).unwrap());
            while !game.is_over() {
                game.legal_moves(&mut moves);
                let safe = game.0.safe_moves();
                if safe.is_empty() {
                    let first = game.0.legal_circles()[0];
                    assert_eq!(&moves[..], &[Move::new(Color::Red, first)]);
                } else {
                    assert_eq!(&moves[..], &safe[..]);
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                Game::play(&mut game, mv);
                assert_eq!(game.is_over(), safe.is_empty());
            }
        }
    }
}
