//! The evaluation of the engine's alpha-beta search: how many safe moves
//! the player to move has (mobility), as the spec's reference opponent
//! counts them. Moves that leave the opponent few safe replies are tried
//! first.

use super::safe::SafeAtropos;
use crate::atropos::state::{Atropos, Bits, Move};
use crate::search::Evaluator;

/// The safe moves of the player to move.
pub fn mobility(state: &Atropos) -> i32 {
    let size = state.size();
    Bits(state.legal_mask())
        .map(|i| {
            let c = size.circle_at(i);
            3 - state.losing_colors_at(c.h, c.l).len() as i32
        })
        .sum()
}

/// Mobility, and moves ordered by the opponent's mobility after them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mobility;

impl Evaluator<SafeAtropos> for Mobility {
    fn evaluate(&mut self, game: &SafeAtropos) -> i32 {
        mobility(&game.0)
    }

    fn move_hint(&mut self, game: &SafeAtropos, mv: Move) -> i32 {
        let mut after = game.0;
        if after.play(mv).is_err() || after.is_finished() {
            return -1000;
        }
        let replies = mobility(&after);
        if replies == 0 {
            // The opponent must complete a triangle.
            return crate::search::TACTICAL;
        }
        -replies
    }
}
