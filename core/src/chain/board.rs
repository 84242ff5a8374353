//! The board: each cell's count of orbs (0..=7) and owner, as bit planes.
//!
//! Seven planes of one bit a cell: the three bits of the count, the three
//! bits of the owner's player index and whether the cell has an owner at
//! all. Cell `(x, y)` is bit `y * width + x`, densely, so that the usual
//! boards (`6x9`, `8x8`) fit one 64-bit word a plane. Whole-board
//! questions (whose cells, which are legal, which are unstable) and whole
//! waves of explosions are then a few word operations, whatever the number
//! of cells.

use core::fmt;

use super::bits::{Bits, WORDS};
use crate::game::Player;
use crate::grid::{Cell, MAX_SIDE};

/// The most orbs a cell holds: one digit in the notation.
pub const MAX_COUNT: u8 = 7;

/// A board size outside `1..=16` each way, or of a single cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BadSize {
    pub width: u8,
    pub height: u8,
}

impl fmt::Display for BadSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {}x{} board: boards are 1 to {MAX_SIDE} cells each way, 2 cells at least",
            self.width, self.height
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BadSize {}

/// The cells of a game: counts and owners. Plain `Copy` data of one size
/// for every board (224 bytes of planes and the two sides).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// `count[k]`: bit `k` of every cell's count.
    count: [[u64; WORDS]; 3],
    /// `owner[k]`: bit `k` of the owner's player index, for owned cells
    /// (0 elsewhere, so that equal boards have equal planes).
    owner: [[u64; WORDS]; 3],
    /// The cells with an owner: those with orbs, and in `atoms` the
    /// exploded cells that kept the mover as owner.
    owned: [u64; WORDS],
    width: u8,
    height: u8,
}

impl Board {
    /// An empty `width` x `height` board: 1 to 16 each way, 2 cells at least.
    pub fn empty(width: u8, height: u8) -> Result<Board, BadSize> {
        let fits = (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height);
        if !fits || (width as u16) * (height as u16) < 2 {
            return Err(BadSize { width, height });
        }
        Ok(Board {
            count: [[0; WORDS]; 3],
            owner: [[0; WORDS]; 3],
            owned: [0; WORDS],
            width,
            height,
        })
    }

    /// Columns.
    #[inline]
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Rows.
    #[inline]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Whether `cell` lies on this board.
    #[inline]
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.x() < self.width && cell.y() < self.height
    }

    /// The orbs on `cell` (0 off the board).
    pub fn count(&self, cell: Cell) -> u8 {
        self.index(cell).map_or(0, |i| {
            (0..3).fold(0, |c, k| c | (bit(&self.count[k], i) as u8) << k)
        })
    }

    /// The owner of `cell`: the player whose orbs are on it or, in `atoms`,
    /// who last exploded it; `None` for a cell without (or off the board).
    pub fn owner(&self, cell: Cell) -> Option<Player> {
        let i = self.index(cell)?;
        if !bit(&self.owned, i) {
            return None;
        }
        Player::new((0..3).fold(0, |p, k| p | (bit(&self.owner[k], i) as usize) << k))
    }

    /// All the orbs of `player` (the sum of the counts of the cells they own).
    pub fn orbs(&self, player: Player) -> u32 {
        let own = self.planes::<WORDS>().own(player);
        (0..3)
            .map(|k| (own & Bits(self.count[k])).count() << k)
            .sum()
    }

    /// The cells `(x, y)` of the board, row by row from the top.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).filter_map(move |x| Cell::new(x, y)))
    }

    /// The dense index of `cell`, if it is on the board.
    #[inline]
    pub(crate) fn index(&self, cell: Cell) -> Option<usize> {
        self.contains(cell)
            .then(|| cell.y() as usize * self.width as usize + cell.x() as usize)
    }

    /// The cell of dense index `index`.
    #[inline]
    pub(crate) fn cell_at(&self, index: usize) -> Cell {
        let w = self.width as usize;
        Cell::from_index(((index / w) * 16 + index % w) as u8)
    }

    /// Cells of the board.
    #[inline]
    pub(crate) fn area(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// How many words the board's planes use.
    #[inline]
    pub(crate) fn words(&self) -> usize {
        self.area().div_ceil(64)
    }

    /// Sets cell `index` to `count` orbs (at most 7) owned by `owner`.
    pub(crate) fn set(&mut self, index: usize, count: u8, owner: Option<Player>) {
        let mut planes = self.planes::<WORDS>();
        let cell = Bits::single(index);
        for k in 0..3 {
            planes.count[k] = planes.count[k] & !cell;
            if count >> k & 1 != 0 {
                planes.count[k] = planes.count[k] | cell;
            }
            planes.owner[k] = planes.owner[k] & !cell;
            if owner.is_some_and(|p| p.index() >> k & 1 != 0) {
                planes.owner[k] = planes.owner[k] | cell;
            }
        }
        planes.owned = planes.owned & !cell;
        if owner.is_some() {
            planes.owned = planes.owned | cell;
        }
        planes.store(self);
    }

    /// The first `N` words of every plane, to work on.
    #[inline(always)]
    pub(crate) fn planes<const N: usize>(&self) -> Planes<N> {
        Planes {
            count: self.count.map(|p| Bits::load(&p)),
            owner: self.owner.map(|p| Bits::load(&p)),
            owned: Bits::load(&self.owned),
        }
    }
}

#[inline]
fn bit(plane: &[u64; WORDS], index: usize) -> bool {
    plane[index / 64] >> (index % 64) & 1 != 0
}

/// Writes the board text: rows from the top joined by `/`, each cell `.`
/// (no orbs, no owner) or its count and owner letter (`2a`, `0b`).
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            if y > 0 {
                f.write_str("/")?;
            }
            for x in 0..self.width {
                let Some(cell) = Cell::new(x, y) else {
                    continue;
                };
                match self.owner(cell) {
                    None => f.write_str(".")?,
                    Some(p) => write!(f, "{}{}", self.count(cell), letter(p))?,
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\"{self}\")")
    }
}

/// The letter of a player: `a` for the first.
#[inline]
pub fn letter(player: Player) -> char {
    (b'a' + player.index() as u8) as char
}

/// The seven planes of a board in `N` words, loaded for a kernel to work
/// on in registers and stored back once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Planes<const N: usize> {
    pub(crate) count: [Bits<N>; 3],
    pub(crate) owner: [Bits<N>; 3],
    pub(crate) owned: Bits<N>,
}

/// Each owner plane's bit of each player index, spread over a whole word.
const OWNER_MASKS: [[u64; 3]; 8] = {
    let mut masks = [[0; 3]; 8];
    let mut p = 0;
    while p < 8 {
        let mut k = 0;
        while k < 3 {
            masks[p][k] = ((p as u64) >> k & 1).wrapping_neg();
            k += 1;
        }
        p += 1;
    }
    masks
};

/// Each owner plane's bit of `player`, spread over a whole word.
#[inline(always)]
pub(crate) fn owner_masks(player: Player) -> [u64; 3] {
    OWNER_MASKS[player.index() & 7]
}

impl<const N: usize> Planes<N> {
    /// Writes the planes back into `board`.
    #[inline(always)]
    pub(crate) fn store(&self, board: &mut Board) {
        for k in 0..3 {
            self.count[k].store(&mut board.count[k]);
            self.owner[k].store(&mut board.owner[k]);
        }
        self.owned.store(&mut board.owned);
    }

    /// The cells with orbs.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bits<N> {
        self.count[0] | self.count[1] | self.count[2]
    }

    /// The cells `player` owns (in `atoms` with exploded, empty ones).
    #[inline(always)]
    pub(crate) fn own(&self, player: Player) -> Bits<N> {
        self.own_index(player.index())
    }

    /// The cells of the player of index `player` (below 8).
    #[inline(always)]
    pub(crate) fn own_index(&self, player: usize) -> Bits<N> {
        let mut differ = Bits::EMPTY;
        for (plane, m) in self.owner.iter().zip(OWNER_MASKS[player & 7]) {
            differ = differ | (*plane ^ Bits([m; N]));
        }
        self.owned & !differ
    }

    /// Whether `player` has orbs on the board.
    #[inline(always)]
    pub(crate) fn has_orbs(&self, player: Player) -> bool {
        !(self.own(player) & self.occupied()).is_empty()
    }

    /// The cells `player` may place an orb on: those without orbs and
    /// their own. `area` is the board's cells.
    #[inline(always)]
    pub(crate) fn legal(&self, player: Player, area: Bits<N>) -> Bits<N> {
        area & !(self.occupied() & !self.own(player))
    }

    /// Adds one orb of `player` to cell `index`, which becomes theirs. The
    /// count must stay within 7 (a stable cell holds at most 3).
    #[inline(always)]
    pub(crate) fn add_orb(&mut self, index: usize, player: Player) {
        let (w, b) = (index / 64, 1u64 << (index % 64));
        let [c0, c1, c2] = &mut self.count;
        let carry0 = c0.0[w] & b;
        c0.0[w] ^= b;
        let carry1 = c1.0[w] & carry0;
        c1.0[w] ^= carry0;
        c2.0[w] ^= carry1;
        self.owned.0[w] |= b;
        let m = owner_masks(player);
        for (plane, m) in self.owner.iter_mut().zip(m) {
            plane.0[w] = plane.0[w] & !b | b & m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: u8, y: u8) -> Cell {
        Cell::new(x, y).unwrap()
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Board::empty(1, 1).is_err());
        assert!(Board::empty(0, 5).is_err());
        assert!(Board::empty(17, 2).is_err());
        assert!(Board::empty(1, 2).is_ok());
        assert!(Board::empty(16, 16).is_ok());
        assert_eq!(
            Board::empty(1, 1).unwrap_err().to_string(),
            "a 1x1 board: boards are 1 to 16 cells each way, 2 cells at least"
        );
    }

    #[test]
    fn cells_keep_count_and_owner() {
        let mut board = Board::empty(16, 16).unwrap();
        let players = [Player::new(0), Player::new(5), Player::new(7)].map(Option::unwrap);
        let cells: std::vec::Vec<Cell> = board.cells().collect();
        assert_eq!(cells.len(), 256);
        for (n, &c) in cells.iter().enumerate() {
            let i = board.index(c).unwrap();
            assert_eq!(board.cell_at(i), c);
            let owner = (n % 4 != 3).then_some(players[n % 3]);
            board.set(i, (n % 8) as u8, owner);
        }
        for (n, &c) in cells.iter().enumerate() {
            assert_eq!(board.count(c), (n % 8) as u8, "{c:?}");
            assert_eq!(board.owner(c), (n % 4 != 3).then_some(players[n % 3]));
        }
        let mut small = Board::empty(3, 5).unwrap();
        small.set(14, 2, Some(players[1]));
        assert_eq!(small.count(cell(2, 4)), 2);
        assert_eq!(small.count(cell(3, 4)), 0);
        assert_eq!(small.owner(cell(2, 5)), None);
        assert!(!small.contains(cell(3, 0)));
    }

    #[test]
    fn orbs_add_up_and_adding_one_takes_the_cell() {
        let mut board = Board::empty(3, 2).unwrap();
        let (a, b) = (Player::ONE, Player::TWO);
        board.set(0, 2, Some(a));
        board.set(5, 3, Some(b));
        assert_eq!((board.orbs(a), board.orbs(b)), (2, 3));
        let mut planes = board.planes::<1>();
        planes.add_orb(5, a);
        planes.store(&mut board);
        assert_eq!((board.orbs(a), board.orbs(b)), (6, 0));
        assert_eq!(board.count(cell(2, 1)), 4);
        assert_eq!(board.to_string(), "2a../..4a");
    }
}
