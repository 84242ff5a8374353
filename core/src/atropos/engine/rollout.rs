//! How the engine's tree search estimates a position: a game played to
//! the end by random safe moves, as the Default player plays (a random
//! safe circle, then a random colour that does not lose there), taking a
//! move that leaves the opponent no safe reply whenever there is one (a
//! sharper estimate for fewer playouts). Playouts run on the lean board
//! of `playout.rs`, copied from the search's root.

use super::playout::PlayoutBoard;
use super::safe::SafeAtropos;
use crate::atropos::geometry::ColorSet;
use crate::atropos::state::{Atropos, Bits};
use crate::mcts::{Rollout, Values};
use crate::rng::Rng;

/// Random safe moves to the end (see the module).
#[derive(Clone, Debug)]
pub struct SafeRollout {
    /// Take a move that leaves the opponent no safe reply when there is one.
    pub take_wins: bool,
    /// The board of the first position estimated (the search's root, or
    /// near it), which later positions of the same search start from.
    root: Option<PlayoutBoard>,
}

impl SafeRollout {
    /// Playouts that take immediate wins or not.
    pub fn new(take_wins: bool) -> SafeRollout {
        SafeRollout {
            take_wins,
            root: None,
        }
    }
}

impl Default for SafeRollout {
    fn default() -> Self {
        SafeRollout::new(true)
    }
}

/// Whether the player to move has a move that does not lose at once.
#[inline]
pub(crate) fn has_safe_move(state: &Atropos) -> bool {
    let size = state.size();
    Bits(state.legal_mask()).any(|i| {
        let c = size.circle_at(i);
        state.losing_colors_at(c.h, c.l) != ColorSet::ALL
    })
}

impl Rollout<SafeAtropos> for SafeRollout {
    fn estimate(&mut self, game: &mut SafeAtropos, rng: &mut Rng, values: &mut Values) {
        let state = &game.0;
        *values = [0.0; crate::game::MAX_PLAYERS];
        let loser = match state.to_move() {
            // Finished: the last mover lost.
            None => state
                .winner()
                .map_or(crate::game::Player::ONE, |w| w.other()),
            Some(mover) => {
                if !self.root.as_ref().is_some_and(|root| root.leads_to(state)) {
                    self.root = Some(PlayoutBoard::new(state));
                }
                let Some(root) = self.root.as_ref() else {
                    return;
                };
                let mut board = root.clone();
                board.advance_to(state);
                board.play_out(mover, rng, self.take_wins)
            }
        };
        values[loser.index()] = -1.0;
        values[loser.other().index()] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Player};

    #[test]
    fn estimates_pay_the_winner_of_the_playout() {
        let mut rng = Rng::new(3);
        let mut rollout = SafeRollout::default();
        let mut values = [0.0; crate::game::MAX_PLAYERS];
        for n in 1..=15 {
            let mut game = SafeAtropos(Atropos::new(n).unwrap());
            while !game.is_over() {
                rollout.estimate(&mut game.clone(), &mut rng, &mut values);
                assert_eq!(values[0] + values[1], 0.0);
                assert_eq!(values[0].abs(), 1.0);
                let mut moves = Default::default();
                game.legal_moves(&mut moves);
                Game::play(&mut game, moves[rng.below(moves.len() as u32) as usize]);
            }
            rollout.estimate(&mut game, &mut rng, &mut values);
            let winner = game.0.winner().unwrap();
            assert_eq!(values[winner.index()], 1.0);
            assert_eq!(
                values[Player::ONE.index()] + values[Player::TWO.index()],
                0.0
            );
        }
    }
}
