//! Cells of a 16 x 16 grid and sets of them, one bit a cell.
//!
//! Bit `y * 16 + x` is cell `(x, y)`; each `u64` word holds four rows. Every
//! game of the engine lives on at most 16 x 16 cells, so these types serve
//! them all; smaller boards simply never set the bits outside their area.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// The largest board side.
pub const MAX_SIDE: u8 = 16;

/// A cell `(x, y)` of a grid of at most 16 x 16 (row `y = 0` at the top).
/// Stored as its index `y * 16 + x`, its bit in a [`Bitboard`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell `(x, y)`, if both are below 16.
    #[inline]
    pub const fn new(x: u8, y: u8) -> Option<Cell> {
        if x < MAX_SIDE && y < MAX_SIDE {
            Some(Cell(y * 16 + x))
        } else {
            None
        }
    }

    #[inline]
    pub const fn from_index(index: u8) -> Cell {
        Cell(index)
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    #[inline]
    pub const fn x(self) -> u8 {
        self.0 & 15
    }

    #[inline]
    pub const fn y(self) -> u8 {
        self.0 >> 4
    }

    #[inline]
    pub const fn bit(self) -> Bitboard {
        Bitboard::from_index(self.0)
    }
}

impl core::fmt::Debug for Cell {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "({}, {})", self.x(), self.y())
    }
}

/// Writes `x,y`, the form of the original's messages and of move lists.
impl core::fmt::Display for Cell {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{},{}", self.x(), self.y())
    }
}

/// 256 bits: one per cell of a 16 x 16 grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub [u64; 4]);

/// Bits of one row (16 bits) repeated in the four rows of a word.
const fn replicate_rows(row: u64) -> u64 {
    row * 0x0001_0001_0001_0001
}

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard([0; 4]);
    pub const FULL: Bitboard = Bitboard([u64::MAX; 4]);
    /// Every cell of column 0.
    pub const COLUMN_0: Bitboard = Bitboard([replicate_rows(1); 4]);
    /// Every cell of column 15.
    pub const COLUMN_15: Bitboard = Bitboard([replicate_rows(1 << 15); 4]);
    /// Every cell of the even rows (0, 2, ..., 14).
    pub const EVEN_ROWS: Bitboard = Bitboard([0x0000_FFFF_0000_FFFF; 4]);
    /// Every cell of the odd rows (1, 3, ..., 15).
    pub const ODD_ROWS: Bitboard = Bitboard([0xFFFF_0000_FFFF_0000; 4]);

    /// The cells `(x, y)` with `x < width` and `y < height` (both at most 16).
    pub const fn rectangle(width: u8, height: u8) -> Bitboard {
        let row = if width >= 16 {
            0xFFFF
        } else {
            (1u64 << width) - 1
        };
        let columns = replicate_rows(row);
        let mut words = [0u64; 4];
        let mut w = 0;
        while w < 4 {
            // Rows 4w .. 4w+3 of this word that lie above `height`.
            let first = 4 * w as u32;
            let rows_here = if height as u32 <= first {
                0
            } else if height as u32 >= first + 4 {
                4
            } else {
                height as u32 - first
            };
            let row_mask = if rows_here == 4 {
                u64::MAX
            } else {
                (1u64 << (16 * rows_here)) - 1
            };
            words[w] = columns & row_mask;
            w += 1;
        }
        Bitboard(words)
    }

    #[inline]
    pub const fn from_index(index: u8) -> Bitboard {
        let mut words = [0u64; 4];
        words[(index >> 6) as usize] = 1 << (index & 63);
        Bitboard(words)
    }

    #[inline]
    pub const fn contains(self, index: u8) -> bool {
        self.0[(index >> 6) as usize] >> (index & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, index: u8) {
        self.0[(index >> 6) as usize] |= 1 << (index & 63);
    }

    /// Inserts `index` if `condition`, without a branch.
    #[inline]
    pub fn insert_if(&mut self, index: u8, condition: bool) {
        self.0[(index >> 6) as usize] |= (condition as u64).wrapping_neg() & 1 << (index & 63);
    }

    #[inline]
    pub fn remove(&mut self, index: u8) {
        self.0[(index >> 6) as usize] &= !(1 << (index & 63));
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Every bit moved `n` places up (towards higher indices), `0 < n < 64`.
    #[inline]
    pub const fn shift_up(self, n: u32) -> Bitboard {
        let [a, b, c, d] = self.0;
        Bitboard([
            a << n,
            b << n | a >> (64 - n),
            c << n | b >> (64 - n),
            d << n | c >> (64 - n),
        ])
    }

    /// Every bit moved `n` places down (towards lower indices), `0 < n < 64`.
    #[inline]
    pub const fn shift_down(self, n: u32) -> Bitboard {
        let [a, b, c, d] = self.0;
        Bitboard([
            a >> n | b << (64 - n),
            b >> n | c << (64 - n),
            c >> n | d << (64 - n),
            d >> n,
        ])
    }

    /// The lowest cell of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Cell> {
        let mut w = 0;
        while w < 4 {
            if self.0[w] != 0 {
                return Some(Cell((w as u32 * 64 + self.0[w].trailing_zeros()) as u8));
            }
            w += 1;
        }
        None
    }

    /// The `n`-th cell of the set (from 0, lowest first), if there are that many.
    #[inline]
    pub fn nth(self, mut n: u32) -> Option<Cell> {
        for (w, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones();
            if n < ones {
                return Some(Cell((w as u32 * 64 + select(word, n)) as u8));
            }
            n -= ones;
        }
        None
    }

    /// The cells of the set, lowest index first (row-major order).
    #[inline]
    pub fn iter(self) -> Cells {
        Cells(self)
    }

    #[inline]
    pub const fn has(self, cell: Cell) -> bool {
        self.contains(cell.0)
    }
}

/// The position of the `n`-th set bit of `word` (which has more than `n`):
/// halving by population counts without branches, then at most seven steps
/// inside the last byte.
#[inline]
pub(crate) fn select(mut word: u64, mut n: u32) -> u32 {
    let mut at = 0;
    for half in [32u32, 16, 8] {
        let low = (word & ((1u64 << half) - 1)).count_ones();
        let up = (n >= low) as u32;
        n -= low * up;
        at += half * up;
        word >>= half * up;
    }
    for _ in 0..n {
        word &= word - 1;
    }
    at + word.trailing_zeros()
}

/// Iterator over the cells of a [`Bitboard`], lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Cells(Bitboard);

impl Iterator for Cells {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        for w in 0..4 {
            let word = self.0 .0[w];
            if word != 0 {
                self.0 .0[w] = word & (word - 1);
                return Some(Cell((w as u32 * 64 + word.trailing_zeros()) as u8));
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cells {}

impl core::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Bitboard({:#018x}, {:#018x}, {:#018x}, {:#018x})",
            self.0[0], self.0[1], self.0[2], self.0[3]
        )
    }
}

macro_rules! wordwise {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard([
                    self.0[0] $op rhs.0[0],
                    self.0[1] $op rhs.0[1],
                    self.0[2] $op rhs.0[2],
                    self.0[3] $op rhs.0[3],
                ])
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                *self = *self $op rhs;
            }
        }
    };
}

wordwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] ^ rhs.0[0],
            self.0[1] ^ rhs.0[1],
            self.0[2] ^ rhs.0[2],
            self.0[3] ^ rhs.0[3],
        ])
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangle_holds_exactly_the_cells_inside() {
        for w in 0..=16u8 {
            for h in 0..=16u8 {
                let r = Bitboard::rectangle(w, h);
                for i in 0..=255u8 {
                    let (x, y) = (i % 16, i / 16);
                    assert_eq!(r.contains(i), x < w && y < h, "{w}x{h} cell {i}");
                }
            }
        }
    }

    #[test]
    fn shifts_move_every_bit() {
        for i in 0..=255u8 {
            let b = Bitboard::from_index(i);
            for n in [1u32, 15, 16, 17, 63] {
                let up = b.shift_up(n);
                let down = b.shift_down(n);
                let j = i as u32 + n;
                assert_eq!(up.first(), (j < 256).then_some(Cell(j as u8)));
                let k = i as i32 - n as i32;
                assert_eq!(down.first(), (k >= 0).then_some(Cell(k as u8)));
            }
        }
    }

    #[test]
    fn nth_and_iter_agree() {
        let b = Bitboard([0x8000_0000_0000_0001, 0, 0xF0, 1 << 63]);
        let v: [u8; 7] = [0, 63, 132, 133, 134, 135, 255];
        assert!(b.iter().map(Cell::index).eq(v.iter().copied()));
        for (n, &i) in v.iter().enumerate() {
            assert_eq!(b.nth(n as u32), Some(Cell(i)));
        }
        assert_eq!(b.nth(7), None);
        let dense = Bitboard([0xDEAD_BEEF_0123_4567, u64::MAX, 0, 0x8000_0000_0000_0001]);
        for (n, c) in dense.iter().enumerate() {
            assert_eq!(dense.nth(n as u32), Some(c));
        }
        assert_eq!(b.count(), 7);
    }
}
