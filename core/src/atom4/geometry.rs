//! Cells and the six directions of the triangular grid.
//!
//! Odd rows sit half a cell to the right of even rows, so every vertex has
//! six neighbours; walking in one direction is a straight line on screen.

use crate::grid::{Bitboard, Cell};

/// The smallest board side.
pub const MIN_SIDE: u8 = 2;

/// `NEIGHBOR_OFFSETS[cell][dir]`: the neighbour's index minus the cell's on
/// the 16 x 16 frame, or 0 when it is off the frame (no cell neighbours
/// itself, and every index 0..=255 is a cell, so no index can mark "none").
/// A neighbour beyond a smaller board's edge is still listed: callers test
/// it against a set of the board's cells.
const NEIGHBOR_OFFSETS: [[i8; 6]; 256] = {
    let mut table = [[0i8; 6]; 256];
    let mut i = 0;
    while i < 256 {
        let mut d = 0;
        while d < 6 {
            if let Some(n) = Direction::ALL[d].step(Cell::from_index(i as u8), 16, 16) {
                table[i][d] = (n.index() as i16 - i as i16) as i8;
            }
            d += 1;
        }
        i += 1;
    }
    table
};

/// One of the six directions, numbered clockwise from the upper left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Direction {
    UpperLeft = 0,
    UpperRight = 1,
    Right = 2,
    LowerRight = 3,
    LowerLeft = 4,
    Left = 5,
}

impl Direction {
    /// All six, in the order splashes are computed.
    pub const ALL: [Direction; 6] = [
        Direction::UpperLeft,
        Direction::UpperRight,
        Direction::Right,
        Direction::LowerRight,
        Direction::LowerLeft,
        Direction::Left,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }

    /// The neighbour of `cell` this way on a `width` x `height` board.
    #[inline]
    pub const fn step(self, cell: Cell, width: u8, height: u8) -> Option<Cell> {
        let (dx, dy) = self.offset(cell.y());
        let x = cell.x() as i8 + dx;
        let y = cell.y() as i8 + dy;
        if x < 0 || y < 0 || x >= width as i8 || y >= height as i8 {
            None
        } else {
            Cell::new(x as u8, y as u8)
        }
    }

    /// The neighbour of `cell` this way on the 16 x 16 frame, which may lie
    /// beyond a smaller board: for walks over a set of cells on the board,
    /// where membership in the set already implies being on it.
    #[inline]
    pub fn step_in_frame(self, cell: Cell) -> Option<Cell> {
        let offset = NEIGHBOR_OFFSETS[cell.index() as usize][self as usize];
        (offset != 0).then(|| Cell::from_index(cell.index().wrapping_add_signed(offset)))
    }

    /// `(dx, dy)` from a cell of row `y` to its neighbour this way.
    #[inline]
    pub const fn offset(self, y: u8) -> (i8, i8) {
        let s = (y & 1) as i8;
        match self {
            Direction::UpperLeft => (s - 1, -1),
            Direction::UpperRight => (s, -1),
            Direction::Right => (1, 0),
            Direction::LowerRight => (s, 1),
            Direction::LowerLeft => (s - 1, 1),
            Direction::Left => (-1, 0),
        }
    }

    /// The cells whose neighbour this way is in `set`, among all cells of the
    /// 16 x 16 grid: the caller masks the result with its board's area. The
    /// column masks stop rows wrapping into each other across the 16-wide
    /// stride.
    #[inline]
    pub const fn cells_toward(self, set: Bitboard) -> Bitboard {
        let even = Bitboard::EVEN_ROWS.0;
        let odd = Bitboard::ODD_ROWS.0;
        let not_first = !Bitboard::COLUMN_0.0[0];
        let not_last = !Bitboard::COLUMN_15.0[0];
        // `shift_up(n)` gives cell i the bit of cell i - n; `shift_down(n)`
        // the bit of cell i + n.
        let (a, b, a_mask, b_mask) = match self {
            // Even rows look at (x-1, y-1) = i-17, odd rows at (x, y-1) = i-16.
            Direction::UpperLeft => (set.shift_up(17), set.shift_up(16), not_first, u64::MAX),
            // Even rows: (x, y-1) = i-16; odd rows: (x+1, y-1) = i-15.
            Direction::UpperRight => (set.shift_up(16), set.shift_up(15), u64::MAX, not_last),
            // Even rows: (x, y+1) = i+16; odd rows: (x+1, y+1) = i+17.
            Direction::LowerRight => (set.shift_down(16), set.shift_down(17), u64::MAX, not_last),
            // Even rows: (x-1, y+1) = i+15; odd rows: (x, y+1) = i+16.
            Direction::LowerLeft => (set.shift_down(15), set.shift_down(16), not_first, u64::MAX),
            Direction::Right => {
                let r = set.shift_down(1);
                return Bitboard([
                    r.0[0] & not_last,
                    r.0[1] & not_last,
                    r.0[2] & not_last,
                    r.0[3] & not_last,
                ]);
            }
            Direction::Left => {
                let l = set.shift_up(1);
                return Bitboard([
                    l.0[0] & not_first,
                    l.0[1] & not_first,
                    l.0[2] & not_first,
                    l.0[3] & not_first,
                ]);
            }
        };
        let mut out = [0u64; 4];
        let mut w = 0;
        while w < 4 {
            out[w] = (a.0[w] & even[w] & a_mask) | (b.0[w] & odd[w] & b_mask);
            w += 1;
        }
        Bitboard(out)
    }

    /// The cells whose cell two steps this way (in a straight line) is in
    /// `set`: the same as [`Direction::cells_toward`] twice. Along a
    /// diagonal two steps move one column whatever the row's parity, so
    /// that is a single shift.
    #[inline]
    pub const fn cells_two_toward(self, set: Bitboard) -> Bitboard {
        let not_first = !Bitboard::COLUMN_0.0[0];
        let not_last = !Bitboard::COLUMN_15.0[0];
        let (moved, mask) = match self {
            // (x-1, y-2) = i-33, (x+1, y-2) = i-31, (x+1, y+2) = i+33,
            // (x-1, y+2) = i+31.
            Direction::UpperLeft => (set.shift_up(33), not_first),
            Direction::UpperRight => (set.shift_up(31), not_last),
            Direction::LowerRight => (set.shift_down(33), not_last),
            Direction::LowerLeft => (set.shift_down(31), not_first),
            Direction::Right | Direction::Left => {
                return self.cells_toward(self.cells_toward(set));
            }
        };
        let m = moved.0;
        Bitboard([m[0] & mask, m[1] & mask, m[2] & mask, m[3] & mask])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_steps_at_once_match_two_single_steps() {
        let mut rng = crate::rng::Rng::new(23);
        for _ in 0..200 {
            let set = Bitboard(core::array::from_fn(|_| rng.next_u64()));
            for d in Direction::ALL {
                assert_eq!(
                    d.cells_two_toward(set),
                    d.cells_toward(d.cells_toward(set)),
                    "{d:?}"
                );
            }
        }
    }

    #[test]
    fn neighbor_table_matches_step() {
        for i in 0..=255 {
            let c = Cell::from_index(i);
            for d in Direction::ALL {
                assert_eq!(d.step_in_frame(c), d.step(c, 16, 16));
            }
        }
    }

    #[test]
    fn opposite_directions_undo_each_other() {
        for y in 1..15 {
            for x in 1..15 {
                let c = Cell::new(x, y).unwrap();
                for d in Direction::ALL {
                    let n = d.step(c, 16, 16).unwrap();
                    assert_eq!(d.opposite().step(n, 16, 16), Some(c));
                }
            }
        }
    }

    /// The bitboard shifts agree with the cell-by-cell neighbour rule on
    /// every board size, for every single cell.
    #[test]
    fn cells_toward_matches_neighbor() {
        for (w, h) in [(16u8, 16u8), (7, 9), (2, 2), (16, 3), (5, 16)] {
            let area = Bitboard::rectangle(w, h);
            for target in area.iter() {
                for d in Direction::ALL {
                    let got = d.cells_toward(target.bit());
                    for c in area.iter() {
                        let expect = d.step(c, w, h) == Some(target);
                        assert_eq!(got.has(c), expect, "{w}x{h} {d:?} {c:?}->{target:?}");
                    }
                }
            }
        }
    }
}
