//! How good a position is for a player: the strong engine's evaluation,
//! computed for the whole board at once on the bit planes.
//!
//! A player's side of the board scores its orbs and cells, the safety of
//! its cells (a cell beside an enemy cell one orb short of exploding is
//! lost when that cell goes off; a safe corner, edge or loaded cell is
//! worth more), its chains (loaded cells beside loaded cells of its own:
//! one orb sets them all off) and, for the player to move, the initiative
//! (a loaded cell beside the enemy: a capture now). The position's value
//! for a player is their side's score minus the other players' together.

use super::bits::Bits;
use super::board::Planes;
use super::cascade::Shape;
use super::position::{Move, Position};
use super::rules::with_words;
use crate::game::Player;

/// The weights of the evaluation's terms, in its units (a win is far
/// beyond any evaluation: [`crate::search::MATE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights {
    /// Each orb.
    pub orb: i32,
    /// Each cell.
    pub cell: i32,
    /// A safe corner cell (no enemy cell one short of exploding beside it).
    pub corner: i32,
    /// A safe edge cell.
    pub edge: i32,
    /// A safe cell one orb short of exploding.
    pub loaded: i32,
    /// For each enemy loaded cell beside a cell, times `5 - ` its critical
    /// mass (corners lose most): subtracted.
    pub threatened: i32,
    /// A loaded cell beside another loaded cell of the same player.
    pub chain: i32,
    /// The player to move has a loaded cell beside an enemy cell.
    pub initiative: i32,
}

impl Weights {
    /// The tuned weights.
    pub const DEFAULT: Weights = Weights {
        orb: 8,
        cell: 0,
        corner: 24,
        edge: 16,
        loaded: 16,
        threatened: 8,
        chain: 16,
        initiative: 0,
    };

    /// Agnishom's published weights (orbs 1, corner 3, edge 2, loaded 2,
    /// threatened 1, chains 2 a cell), without the winning and losing
    /// scores: the search knows those.
    pub const AGNISHOM: Weights = Weights {
        orb: 1,
        cell: 0,
        corner: 3,
        edge: 2,
        loaded: 2,
        threatened: 1,
        chain: 2,
        initiative: 0,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// The value of `position` for `player`: their side's score minus the
/// other players' (in play or not) together. Meaningful while the game is
/// on; a finished game is the search's business.
pub fn evaluate(position: &Position, player: Player, weights: &Weights) -> i32 {
    let board = position.board();
    with_words!(board, N => {
        let shape = Shape::<N>::new(board.width(), board.height(), position.rules());
        value::<N>(position, &board.planes::<N>(), &shape, player, weights)
    })
}

/// [`evaluate`] on planes already loaded, with the board's shape.
#[inline(always)]
pub(crate) fn value<const N: usize>(
    position: &Position,
    planes: &Planes<N>,
    shape: &Shape<N>,
    player: Player,
    weights: &Weights,
) -> i32 {
    let occupied = planes.occupied();
    let mine = planes.own(player) & occupied;
    let theirs = occupied & !mine;
    let loaded = planes.critical(shape);
    let (my_loaded, their_loaded) = (loaded & mine, loaded & theirs);
    let mut score = side(planes, shape, mine, my_loaded, their_loaded, weights)
        - side(planes, shape, theirs, their_loaded, my_loaded, weights);
    if let Some(mover) = position.to_move() {
        let initiative = |loaded_cells: Bits<N>, enemy: Bits<N>| {
            !(shape.next_to(enemy) & loaded_cells).is_empty()
        };
        if mover == player {
            if initiative(my_loaded, theirs) {
                score += weights.initiative;
            }
        } else if initiative(
            planes.own(mover) & their_loaded,
            occupied & !planes.own(mover),
        ) {
            score -= weights.initiative;
        }
    }
    score
}

/// The score of one side: the cells `mine` (with orbs), of which
/// `my_loaded` are one orb short, facing the enemy's loaded cells.
#[inline(always)]
fn side<const N: usize>(
    planes: &Planes<N>,
    shape: &Shape<N>,
    mine: Bits<N>,
    my_loaded: Bits<N>,
    their_loaded: Bits<N>,
    w: &Weights,
) -> i32 {
    let count = |set: Bits<N>| set.count() as i32;
    let orbs = (0..3)
        .map(|k| count(mine & planes.count[k]) << k)
        .sum::<i32>();
    let [m1, m2, m3, m4] = shape.by_mass();
    let mut threatened = 0;
    let mut near_threat = Bits::EMPTY;
    for beside in shape.beside(their_loaded) {
        let hit = mine & beside;
        near_threat = near_threat | hit;
        threatened +=
            4 * count(hit & m1) + 3 * count(hit & m2) + 2 * count(hit & m3) + count(hit & m4);
    }
    let safe = mine & !near_threat;
    let chained = my_loaded & shape.next_to(my_loaded);
    w.orb * orbs
        + w.cell * count(mine)
        + w.corner * count(safe & m2)
        + w.edge * count(safe & m3)
        + w.loaded * count(safe & my_loaded)
        - w.threatened * threatened
        + w.chain * count(chained)
}

/// One side's score alone: `player`'s cells against every other
/// player's loaded cells (no initiative: that depends on the turn).
pub fn side_score(position: &Position, player: Player, weights: &Weights) -> i32 {
    let board = position.board();
    with_words!(board, N => {
        let shape = Shape::<N>::new(board.width(), board.height(), position.rules());
        let planes = board.planes::<N>();
        let occupied = planes.occupied();
        let mine = planes.own(player) & occupied;
        let loaded = planes.critical(&shape);
        side(&planes, &shape, mine, loaded & mine, loaded & occupied & !mine, weights)
    })
}

/// Whether `mv` sets off an explosion at once (an orb on a cell one short
/// of its critical mass).
pub fn explodes(position: &Position, mv: Move) -> bool {
    let Move::Place(cell) = mv else {
        return false;
    };
    let board = position.board();
    let count = board.count(cell);
    count > 0 && count + 1 >= critical_mass(position, cell.x(), cell.y())
}

/// The critical mass of cell `(x, y)` of `position`'s board (4 everywhere
/// in `atoms`).
pub fn critical_mass(position: &Position, x: u8, y: u8) -> u8 {
    let board = position.board();
    match position.rules() {
        super::Rules::Atoms => 4,
        super::Rules::Classic => {
            let (w, h) = (board.width(), board.height());
            (x > 0) as u8 + (x + 1 < w) as u8 + (y > 0) as u8 + (y + 1 < h) as u8
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::Rules;

    fn position(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn the_value_is_zero_sum_between_two_players() {
        let p = position("classic 2 1a2b./2a3b2b/1a2b. a 13 - *");
        let (a, b) = (Player::ONE, Player::TWO);
        let w = Weights {
            initiative: 0,
            ..Weights::DEFAULT
        };
        assert_eq!(evaluate(&p, a, &w), -evaluate(&p, b, &w));
        let empty = Position::new(Rules::Classic, 6, 9, 2).unwrap();
        assert_eq!(evaluate(&empty, a, &Weights::DEFAULT), 0);
    }

    /// Agnishom's score without its chain quirk and win scores, cell by
    /// cell, for both players minus each other, on random positions.
    #[test]
    fn the_terms_count_what_they_say() {
        let mut rng = crate::rng::Rng::new(3);
        for (w, h) in [(6, 9), (8, 8), (16, 16), (1, 5), (13, 7)] {
            for _ in 0..50 {
                let mut p = Position::new(Rules::Classic, w, h, 2).unwrap();
                for _ in 0..rng.below(60) {
                    if p.is_over() {
                        break;
                    }
                    let cells: std::vec::Vec<_> = p.legal_cells().collect();
                    let c = cells[rng.below(cells.len() as u32) as usize];
                    p.play(Move::Place(c)).unwrap();
                }
                if p.is_over() {
                    continue;
                }
                let weights = Weights::AGNISHOM;
                for player in [Player::ONE, Player::TWO] {
                    let expected = by_cells(&p, player) - by_cells(&p, player.other());
                    assert_eq!(evaluate(&p, player, &weights), expected, "{p}");
                }
            }
        }
    }

    fn by_cells(p: &Position, player: Player) -> i32 {
        let board = p.board();
        let (w, h) = (board.width() as i32, board.height() as i32);
        let cm = |x: i32, y: i32| critical_mass(p, x as u8, y as u8) as i32;
        let at = |x: i32, y: i32| {
            let c = crate::grid::Cell::new(x as u8, y as u8).unwrap();
            (board.count(c) as i32, board.owner(c))
        };
        let neighbours = |x: i32, y: i32| {
            [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                .into_iter()
                .filter(move |&(a, b)| a >= 0 && b >= 0 && a < w && b < h)
        };
        let loaded = |x: i32, y: i32, mine: bool| {
            let (n, o) = at(x, y);
            n > 0 && n == cm(x, y) - 1 && (o == Some(player)) == mine
        };
        let mut score = 0;
        for y in 0..h {
            for x in 0..w {
                let (n, o) = at(x, y);
                if n == 0 || o != Some(player) {
                    continue;
                }
                score += n;
                let threats = neighbours(x, y)
                    .filter(|&(a, b)| loaded(a, b, false))
                    .count() as i32;
                score -= threats * (5 - cm(x, y));
                if threats == 0 {
                    score += match cm(x, y) {
                        3 => 2,
                        2 => 3,
                        _ => 0,
                    };
                    if loaded(x, y, true) {
                        score += 2;
                    }
                }
                if loaded(x, y, true) && neighbours(x, y).any(|(a, b)| loaded(a, b, true)) {
                    score += 2;
                }
            }
        }
        score
    }
}
