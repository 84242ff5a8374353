//! How the computer chooses moves on a [`Position`]: quick policies for
//! playouts and baselines, and the playouts that estimate a position for
//! the MCTS.
//!
//! - [`random_move`]: uniform among the legal moves (golden moves
//!   included), the arena's random player.
//! - [`greedy_move`]: the move that leaves the mover the most free fields
//!   (one ply), the arena's greedy player.
//! - [`Playout`]: the MCTS's leaf estimate: ordinary moves at random (a
//!   golden move only when a player has nothing else), to the end, valued
//!   by the outcome and the margin of cells.

use super::position::{Move, Position};
use crate::game::{Game, Player, Turn, MAX_PLAYERS};
use crate::mcts::{Rollout, Values};
use crate::rng::Rng;

/// A uniformly random legal move of the player on turn (`None` once the
/// game is over). The moves are counted, then the chosen one found again:
/// no list of the largest board's moves on the stack.
pub fn random_move<const WORDS: usize>(position: &Position<WORDS>, rng: &mut Rng) -> Option<Move> {
    let mut count = 0u32;
    position.each_legal_move(|_| count += 1);
    if count == 0 {
        return None;
    }
    let pick = rng.below(count);
    let (mut i, mut chosen) = (0, None);
    position.each_legal_move(|mv| {
        if i == pick {
            chosen = Some(mv);
        }
        i += 1;
    });
    chosen
}

/// The legal move after which the player on turn has the most free fields
/// (ordinary and golden moves alike); ties are broken at random. `None`
/// once the game is over.
pub fn greedy_move<const WORDS: usize>(position: &Position<WORDS>, rng: &mut Rng) -> Option<Move> {
    let player = position.player_to_move()?;
    let mut best: Option<(u32, Move)> = None;
    let mut ties = 0;
    position.each_legal_move(|mv| {
        let mut after = position.clone();
        if after.make_move(mv).is_err() {
            return;
        }
        let free = after.free_fields(player);
        match best {
            Some((b, _)) if free < b => {}
            Some((b, _)) if free == b => {
                // Reservoir sampling: each tied move equally likely.
                ties += 1;
                if rng.below(ties) == 0 {
                    best = Some((free, mv));
                }
            }
            _ => {
                best = Some((free, mv));
                ties = 1;
            }
        }
    });
    best.map(|(_, mv)| mv)
}

/// A quick move for playouts: a random ordinary move (below the areas
/// limit any empty cell, at the limit an empty cell next to the player's
/// own); a random golden move only when the player has no ordinary move.
pub fn playout_move<const WORDS: usize>(position: &Position<WORDS>, rng: &mut Rng) -> Option<Move> {
    let player = position.player_to_move()?;
    position
        .random_free_field(player, rng)
        .or_else(|| random_move(position, rng))
}

/// The MCTS's leaf estimate: [`playout_move`]s to the end of the game,
/// then each player's value: the outcome (1 for the only player holding the
/// most cells, 0 sharing the most, -1 otherwise), times `1 - margin`, plus
/// `margin` times the lead in cells over the best other player, as a share
/// of the cells a player would hold on an evenly shared board (clamped to
/// -1 ..= 1). The margin makes close games tell better from worse.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playout {
    pub margin: f32,
}

impl Default for Playout {
    fn default() -> Self {
        Playout { margin: 0.3 }
    }
}

impl<const WORDS: usize> Rollout<Position<WORDS>> for Playout {
    fn estimate(&mut self, game: &mut Position<WORDS>, rng: &mut Rng, values: &mut Values) {
        while let Some(mv) = playout_move(game, rng) {
            if game.make_move(mv).is_err() {
                break;
            }
        }
        *values = [0.0; MAX_PLAYERS];
        if game.turn() != Turn::Over {
            return;
        }
        let players = game.player_count();
        let fair = (game.cells() as f32 / players as f32).max(1.0);
        for p in 1..=players {
            let mine = game.busy_fields(p) as f32;
            let best_other = (1..=players)
                .filter(|&q| q != p)
                .map(|q| game.busy_fields(q))
                .max()
                .unwrap_or(0) as f32;
            let lead = ((mine - best_other) / fair).clamp(-1.0, 1.0);
            let outcome = Player::new(p as usize - 1).map_or(0.0, |seat| game.returns(seat));
            values[p as usize - 1] = (1.0 - self.margin) * outcome + self.margin * lead;
        }
    }
}
