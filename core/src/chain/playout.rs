//! Random playouts: the rules' throughput benchmark, and the batch
//! playouts that learning code and MCTS rollouts can use.

use super::bits::Bits;
use super::cascade::Shape;
use super::position::{Position, Status};
use super::rules::{with_words, Rules};
use crate::rng::Rng;

/// What a playout played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Playout {
    /// Moves and passes made (forfeits are not moves).
    pub moves: u32,
    /// Cell explosions, over all the moves.
    pub explosions: u64,
    /// Waves, over all the moves.
    pub waves: u64,
}

/// Plays a uniformly random legal cell for every player in turn (in
/// `atoms`, a pass only when no cell is legal) until the game ends or
/// `max_moves` moves have been made.
pub fn random_playout(position: &mut Position, rng: &mut Rng, max_moves: u32) -> Playout {
    with_words!(position.board, N => playout::<N>(position, rng, max_moves))
}

fn playout<const N: usize>(position: &mut Position, rng: &mut Rng, max_moves: u32) -> Playout {
    let (w, h) = (position.board.width(), position.board.height());
    let shape = Shape::<N>::new(w, h, position.rules);
    let mut played = Playout::default();
    // A move and the forfeits after it count fewer turns than players.
    let last_ply = u32::MAX - position.players as u32;
    while position.status == Status::Playing && played.moves < max_moves && position.ply <= last_ply
    {
        let legal: Bits<N> = position
            .board
            .planes::<N>()
            .legal(position.to_move, shape.area);
        match legal.nth(rng.below(legal.count())) {
            Some(index) => {
                let cascade = position.place::<N>(index, &shape);
                played.explosions += cascade.explosions as u64;
                played.waves += cascade.waves as u64;
            }
            // Only `atoms` can leave a player without a legal cell.
            None if position.rules == Rules::Atoms => {
                position.play_unchecked(super::position::Move::Pass);
            }
            None => break,
        }
        played.moves += 1;
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::position::Move;

    /// Playouts on every word count agree with games played move by move
    /// through the checked `play` (same random choices), and end.
    #[test]
    fn playouts_play_by_the_rules() {
        let mut rng = Rng::new(5);
        for (rules, w, h, players) in [
            (Rules::Classic, 6, 9, 2),
            (Rules::Classic, 9, 9, 4),
            (Rules::Classic, 16, 12, 3),
            (Rules::Classic, 16, 16, 8),
            (Rules::Classic, 1, 3, 3),
            (Rules::Classic, 2, 2, 6),
            (Rules::Atoms, 8, 8, 2),
            (Rules::Atoms, 1, 2, 2),
        ] {
            for _ in 0..20 {
                let start = Position::new(rules, w, h, players).unwrap();
                let seed = rng.next_u64();
                let mut fast = start;
                let played = random_playout(&mut fast, &mut Rng::new(seed), 3000);
                let mut slow = start;
                let mut picks = Rng::new(seed);
                let (mut moves, mut explosions) = (0, 0);
                while !slow.is_over() && moves < 3000 {
                    let cells: std::vec::Vec<_> = slow.legal_cells().collect();
                    let i = picks.below(cells.len() as u32) as usize;
                    let mv = cells.get(i).map_or(Move::Pass, |&c| Move::Place(c));
                    explosions += slow.play(mv).unwrap().explosions as u64;
                    moves += 1;
                }
                assert_eq!(fast, slow, "{rules:?} {w}x{h} {players}");
                assert_eq!((played.moves, played.explosions), (moves, explosions));
                assert!(rules == Rules::Atoms || fast.is_over());
            }
        }
    }
}
