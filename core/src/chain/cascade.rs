//! Explosions in waves, computed for the whole board at once.
//!
//! In one wave every unstable cell explodes once: it loses its critical
//! mass and each neighbour gains one orb per exploding neighbour (spec
//! 4.3, 5.2). Bit-sliced, that is: four shifted copies of the unstable set
//! (the orbs arriving from the west, east, north and south), their sum as a
//! 3-bit number per cell, and one 3-bit addition of that sum and of minus
//! the critical mass of the exploding cells to every count. Counts stay
//! within 7 during a cascade (spec 4.3), so arithmetic modulo 8 is exact.

use super::bits::Bits;
use super::board::Planes;
use super::rules::Rules;

/// How many explosions and waves a move set off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cascade {
    /// Cell explosions, counted once per cell and wave.
    pub explosions: u32,
    /// Waves with at least one explosion.
    pub waves: u32,
}

impl Cascade {
    /// A move that exploded nothing.
    pub const NONE: Cascade = Cascade {
        explosions: 0,
        waves: 0,
    };
}

/// What the waves need to know of a board's shape and rule set, in `N`
/// words: computed once a move (or once a playout).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape<const N: usize> {
    /// The board's cells.
    pub(crate) area: Bits<N>,
    /// Cells with a neighbour to the west (`x > 0`).
    has_west: Bits<N>,
    /// Cells with a neighbour to the east (`x < width - 1`).
    has_east: Bits<N>,
    /// Minus the critical mass, modulo 8, is `4 + 2 * [le2] + [odd]`:
    /// cells whose critical mass is at most 2 ...
    le2: Bits<N>,
    /// ... and cells whose critical mass is odd (1 or 3). Both empty in
    /// `atoms`, where every cell explodes at 4.
    odd: Bits<N>,
    /// The row length: the shift to the next row.
    width: u32,
}

impl<const N: usize> Shape<N> {
    /// The shape of a `width` x `height` board (which fits `N` words).
    pub(crate) fn new(width: u8, height: u8, rules: Rules) -> Shape<N> {
        let (w, h) = (width as usize, height as usize);
        let area = Bits::below(w * h);
        let mut first_column = Bits::EMPTY;
        for y in 0..h {
            first_column = first_column | Bits::single(y * w);
        }
        let last_column = if w > 1 {
            first_column.shift_up(w as u32 - 1)
        } else {
            first_column
        };
        let top = Bits::below(w);
        let bottom = area & !Bits::below((h - 1) * w);
        // cm = 4 - [x = 0] - [x = w-1] - [y = 0] - [y = h-1]: the parity
        // and "at most 2" of the number of sides a cell touches.
        let (le2, odd) = match rules {
            Rules::Classic => {
                let (x_odd, x_two) = (first_column ^ last_column, first_column & last_column);
                let (y_odd, y_two) = (top ^ bottom, top & bottom);
                (x_two | y_two | (x_odd & y_odd), x_odd ^ y_odd)
            }
            Rules::Atoms => (Bits::EMPTY, Bits::EMPTY),
        };
        Shape {
            area,
            has_west: area & !first_column,
            has_east: area & !last_column,
            le2,
            odd,
            width: w as u32,
        }
    }
}

impl<const N: usize> Shape<N> {
    /// For each direction (west, east, north, south): the cells whose
    /// neighbour that way is in `set`.
    #[inline(always)]
    pub(crate) fn beside(&self, set: Bits<N>) -> [Bits<N>; 4] {
        [
            set.shift_up(1) & self.has_west,
            set.shift_down(1) & self.has_east,
            set.shift_up(self.width) & self.area,
            set.shift_down(self.width),
        ]
    }

    /// The cells with at least one neighbour in `set`.
    #[inline(always)]
    pub(crate) fn next_to(&self, set: Bits<N>) -> Bits<N> {
        let [w, e, n, s] = self.beside(set);
        w | e | n | s
    }

    /// The cells of each critical mass: `[cm 1, cm 2, cm 3, cm 4]` (in
    /// `atoms` every cell is of the last kind: threshold 4).
    #[inline(always)]
    pub(crate) fn by_mass(&self) -> [Bits<N>; 4] {
        [
            self.le2 & self.odd,
            self.le2 & !self.odd,
            self.odd & !self.le2,
            self.area & !(self.le2 | self.odd),
        ]
    }
}

impl<const N: usize> Planes<N> {
    /// The cells one orb short of their critical mass (with orbs: an empty
    /// cell of mass 1 is nobody's).
    #[inline(always)]
    pub(crate) fn critical(&self, shape: &Shape<N>) -> Bits<N> {
        let [c0, c1, c2] = self.count;
        let [_, m2, m3, m4] = shape.by_mass();
        !c2 & ((m4 & c0 & c1) | (m3 & !c0 & c1) | (m2 & c0 & !c1))
    }

    /// The cells at or over their critical mass (4 in `atoms`).
    #[inline(always)]
    pub(crate) fn unstable(&self, shape: &Shape<N>) -> Bits<N> {
        // The carry out of count + (8 - cm): set exactly when count >= cm.
        let [c0, c1, c2] = self.count;
        c2 | (c1 & shape.le2) | ((c1 | shape.le2) & c0 & shape.odd)
    }

    /// One wave: every cell of `unstable` explodes once, all at the same
    /// time; every cell that receives an orb becomes the mover's (whose
    /// owner-plane bits are `mover`). A `classic` cell left without orbs
    /// loses its owner; an `atoms` cell keeps it (`residual`).
    #[inline(always)]
    pub(crate) fn wave(
        &mut self,
        unstable: Bits<N>,
        mover: [u64; 3],
        shape: &Shape<N>,
        residual: bool,
    ) {
        let u = unstable;
        let from_west = u.shift_up(1) & shape.has_west;
        let from_east = u.shift_down(1) & shape.has_east;
        let from_north = u.shift_up(shape.width) & shape.area;
        let from_south = u.shift_down(shape.width);
        // Orbs arriving, 0..=4, as bits k0 k1 k2. The two half sums carry
        // into the twos at most once between them.
        let (s, c) = (from_west ^ from_east, from_west & from_east);
        let (t, d) = (from_north ^ from_south, from_north & from_south);
        let k = [s ^ t, (c ^ d) | (s & t), c & d];
        // Minus the critical mass of each exploding cell, modulo 8.
        let minus_cm = [u & shape.odd, u & shape.le2, u];
        let count = add(add(self.count, minus_cm), k);
        self.count = count;
        let received = from_west | from_east | from_north | from_south;
        self.owned = if residual {
            self.owned | received
        } else {
            count[0] | count[1] | count[2]
        };
        for (plane, m) in self.owner.iter_mut().zip(mover) {
            *plane = ((*plane & !received) | (received & Bits([m; N]))) & self.owned;
        }
    }
}

/// Bit-sliced 3-bit addition, modulo 8.
#[inline(always)]
fn add<const N: usize>(a: [Bits<N>; 3], b: [Bits<N>; 3]) -> [Bits<N>; 3] {
    let s0 = a[0] ^ b[0];
    let c0 = a[0] & b[0];
    let x1 = a[1] ^ b[1];
    let s1 = x1 ^ c0;
    let c1 = (a[1] & b[1]) | (x1 & c0);
    [s0, s1, a[2] ^ b[2] ^ c1]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::board::{owner_masks, Board};
    use crate::game::Player;
    use crate::grid::Cell;

    /// The critical mass by the rule (the number of neighbours), for
    /// every cell of every board shape.
    #[test]
    fn unstable_means_count_at_least_the_neighbours() {
        for w in 1..=16u8 {
            for h in 1..=16u8 {
                let Ok(mut board) = Board::empty(w, h) else {
                    continue;
                };
                let shape = Shape::<4>::new(w, h, Rules::Classic);
                for count in 0..=7u8 {
                    for i in 0..board.area() {
                        board.set(i, count, Some(Player::ONE));
                    }
                    let unstable = board.planes::<4>().unstable(&shape);
                    for c in board.cells() {
                        let i = board.index(c).unwrap();
                        let cm = neighbours(c, w, h).count() as u8;
                        assert_eq!(unstable.contains(i), count >= cm, "{w}x{h} {c:?} {count}");
                    }
                }
            }
        }
    }

    fn neighbours(c: Cell, w: u8, h: u8) -> impl Iterator<Item = Cell> {
        let (x, y) = (c.x() as i32, c.y() as i32);
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter(move |&(x, y)| x >= 0 && y >= 0 && x < w as i32 && y < h as i32)
            .filter_map(|(x, y)| Cell::new(x as u8, y as u8))
    }

    /// One wave against the rule applied cell by cell, on boards of every
    /// word count, with random counts, owners and unstable sets.
    #[test]
    fn a_wave_explodes_every_unstable_cell_once() {
        let mut rng = crate::rng::Rng::new(11);
        for (w, h) in [
            (6u8, 9u8),
            (8, 8),
            (16, 16),
            (1, 7),
            (9, 1),
            (13, 10),
            (3, 3),
        ] {
            for rules in [Rules::Classic, Rules::Atoms] {
                for _ in 0..200 {
                    let mut board = Board::empty(w, h).unwrap();
                    let cells: std::vec::Vec<Cell> = board.cells().collect();
                    for &c in &cells {
                        let i = board.index(c).unwrap();
                        // Counts up to 2 cm - 1 (atoms: up to 7), so the
                        // result stays within a digit.
                        let cm = match rules {
                            Rules::Classic => neighbours(c, w, h).count() as u32,
                            Rules::Atoms => 4,
                        };
                        let count = rng.below(2 * cm.min(4)).min(7) as u8;
                        let owner = Player::new(rng.below(3) as usize);
                        let owner = (count > 0 || rules == Rules::Atoms && rng.below(2) == 0)
                            .then_some(owner)
                            .flatten();
                        board.set(i, count, owner);
                    }
                    // In play every unstable cell is the mover's.
                    let mover = Player::new(rng.below(8) as usize).unwrap();
                    let shape = Shape::<4>::new(w, h, rules);
                    for i in board.planes::<4>().unstable(&shape).iter() {
                        let count = board.count(board.cell_at(i));
                        board.set(i, count, Some(mover));
                    }
                    let expected = wave_by_cells(&board, rules, mover);
                    let mut planes = board.planes::<4>();
                    let u = planes.unstable(&shape);
                    planes.wave(u, owner_masks(mover), &shape, rules == Rules::Atoms);
                    planes.store(&mut board);
                    assert_eq!(board, expected, "{w}x{h} {rules:?}");
                }
            }
        }
    }

    fn wave_by_cells(before: &Board, rules: Rules, mover: Player) -> Board {
        let (w, h) = (before.width(), before.height());
        let mut after = *before;
        let cm = |c: Cell| match rules {
            Rules::Classic => neighbours(c, w, h).count() as u8,
            Rules::Atoms => 4,
        };
        let exploding: std::vec::Vec<Cell> = before
            .cells()
            .filter(|&c| before.count(c) >= cm(c))
            .collect();
        for &c in &exploding {
            let i = after.index(c).unwrap();
            let left = after.count(c) - cm(c);
            let owner = (left > 0 || rules == Rules::Atoms).then_some(mover);
            after.set(i, left, owner);
        }
        for &c in &exploding {
            for n in neighbours(c, w, h) {
                let i = after.index(n).unwrap();
                after.set(i, after.count(n) + 1, Some(mover));
            }
        }
        after
    }
}
