//! Random playouts: the rules' throughput benchmark, and the batch playouts
//! the bindings offer to learning code.

use super::state::{Atom4, Status};
use crate::rng::Rng;

/// Plays uniformly random legal moves until the round ends; returns the
/// number of moves played.
pub fn random_playout(game: &mut Atom4, rng: &mut Rng) -> u32 {
    let mut moves = 0;
    // Generated once, then updated around each placed piece.
    let mut legal = game.legal_moves();
    while game.status() == Status::Playing {
        let Some(cell) = legal.nth(rng.below(legal.count())) else {
            // In play with no legal cell: only a hand-made position can get
            // here; nothing more can be played.
            break;
        };
        game.play_unchecked(cell, &mut ());
        legal = game.board().legal_after(legal, cell);
        moves += 1;
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The incremental update equals full generation after every move, on
    /// every board shape.
    #[test]
    fn legal_after_matches_full_generation() {
        let mut rng = Rng::new(3);
        for (w, h) in [(16, 16), (7, 9), (2, 2), (16, 3), (5, 16), (3, 3)] {
            for _ in 0..50 {
                let mut game = Atom4::new(w, h).unwrap();
                let mut legal = game.legal_moves();
                while !game.is_over() {
                    let cell = legal.nth(rng.below(legal.count())).unwrap();
                    game.play_unchecked(cell, &mut ());
                    legal = game.board().legal_after(legal, cell);
                    assert_eq!(legal, game.board().legal_cells(), "{w}x{h} after {cell:?}");
                }
            }
        }
    }
}
