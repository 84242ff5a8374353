//! The Atom-4 board: which cells hold which colour, which cells are legal,
//! what a splash changes and whether it wins.

use super::color::Color;
use super::geometry::{Direction, MIN_SIDE};
use crate::grid::{Bitboard, Cell, MAX_SIDE};

/// The shortest straight row of one propagator that wins.
pub const WIN_ROW: u32 = 4;

/// A board of `width` x `height` cells (each 2..=16) in fixed 16 x 16
/// storage: four bit planes (occupied, red bit, green bit, blue bit),
/// sliced by row so that one cell's four bits share one word.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// `rows[y]` bit `16 * p + x` is plane `p` of cell `(x, y)`: plane 0
    /// says the cell is occupied, planes 1..=3 hold its colour bits 0..=2
    /// (zero when empty).
    rows: [u64; 16],
    width: u8,
    height: u8,
    /// Empty cells of the board (at most 254 once a round has started, and
    /// 256 only on an empty 16 x 16 board, which saturates): a cache of
    /// `area - occupied` so that the stalemate check is a compare.
    empty: u16,
}

/// Bit 0 of each 16-bit lane of a row word.
const LANES: u64 = 0x0001_0001_0001_0001;
/// Multiplying lane bits (0, 16, 32, 48) by this puts them at bits 45..=48
/// in order, and multiplying a 4-bit value by it and masking with [`LANES`]
/// spreads it back: no two partial products meet, so nothing carries.
const GATHER: u64 = 1 | 1 << 15 | 1 << 30 | 1 << 45;

/// One cell changed by a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Change {
    pub cell: Cell,
    /// The colour before the move (`None`: it was empty, as the placed cell is).
    pub old: Option<Color>,
    pub new: Color,
}

/// The cells a move changes: the placed piece first, then the splashed cells
/// in direction order. At most one a direction, so seven in all. Derefs to
/// a slice of [`Change`]; two lists are equal when their changes are.
#[derive(Clone, Copy)]
pub struct Changes {
    items: [Change; 7],
    len: u8,
}

impl Changes {
    const BLANK: Change = Change {
        cell: Cell::from_index(0),
        old: None,
        new: Color::Black,
    };

    /// An empty list.
    pub const fn new() -> Changes {
        Changes {
            items: [Changes::BLANK; 7],
            len: 0,
        }
    }

    /// Adds `change`; `false` (and nothing added) when all seven places are taken.
    pub fn push(&mut self, change: Change) -> bool {
        self.push_if(change, true)
    }

    /// Writes `change` into the next place and keeps it only if `keep`:
    /// no branch on data the splash cannot predict.
    #[inline]
    fn push_if(&mut self, change: Change, keep: bool) -> bool {
        let Some(slot) = self.items.get_mut(self.len as usize) else {
            return false;
        };
        *slot = change;
        self.len += keep as u8;
        true
    }
}

// Only the changes count: places past the length may hold leftovers of
// `push_if`, which writes before it decides.
impl PartialEq for Changes {
    fn eq(&self, other: &Changes) -> bool {
        self[..] == other[..]
    }
}

impl Eq for Changes {}

impl core::hash::Hash for Changes {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self[..].hash(state)
    }
}

/// What [`Board::place`] learnt on its way, for the caller's bookkeeping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The cell hit in each direction (the placed cell where none was).
    targets: [Cell; 6],
    /// Directions whose target became the mover's propagator.
    created: u8,
    /// The neighbours of the placed cell (itself where off the frame).
    ring: [Cell; 6],
    /// Directions whose neighbour the placement made legal.
    new_legal: u8,
}

impl Placed {
    /// The cells that became the mover's propagator (only these can
    /// complete a winning row).
    #[inline]
    pub fn created(&self) -> NewCells {
        NewCells {
            cells: self.targets,
            directions: self.created,
        }
    }

    /// The cells the placement made legal (see [`Board::new_legal_cells`]).
    #[inline]
    pub fn new_legal(&self) -> NewCells {
        NewCells {
            cells: self.ring,
            directions: self.new_legal,
        }
    }
}

/// Which neighbours of the ring of `cell` gain a legal pair: an empty board
/// neighbour in direction `d` does when its neighbour `d - 1` or `d + 1` (the
/// two cells next to both it and `cell`) is occupied. Bit `d` of `occupied`
/// and `on_board` describes the neighbour in direction `d`.
#[inline]
const fn ring_gains(occupied: u8, on_board: u8) -> u8 {
    let beside = (occupied << 1 | occupied >> 5) | (occupied >> 1 | occupied << 5);
    on_board & !occupied & beside & 0x3F
}

/// Up to six cells, one per direction whose bit is set.
#[derive(Clone, Copy, Debug)]
pub struct NewCells {
    cells: [Cell; 6],
    directions: u8,
}

impl NewCells {
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.directions == 0
    }
}

impl Iterator for NewCells {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.directions == 0 {
            return None;
        }
        let d = self.directions.trailing_zeros() as usize;
        self.directions &= self.directions - 1;
        Some(self.cells[d])
    }
}

/// Receives the changes of a move as [`Board::place`] makes them.
pub trait Recorder {
    /// `change` happened if `changed`; otherwise it is a direction that
    /// changed nothing (passed on so that recording need not branch).
    fn record(&mut self, change: Change, changed: bool);
}

impl Recorder for Changes {
    #[inline]
    fn record(&mut self, change: Change, changed: bool) {
        self.push_if(change, changed);
    }
}

/// Records nothing: for playouts and searches that need only the position.
impl Recorder for () {
    #[inline]
    fn record(&mut self, _: Change, _: bool) {}
}

impl Default for Changes {
    fn default() -> Changes {
        Changes::new()
    }
}

impl core::ops::Deref for Changes {
    type Target = [Change];
    #[inline]
    fn deref(&self) -> &[Change] {
        &self.items[..self.len as usize]
    }
}

impl core::fmt::Debug for Changes {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Why a board size is not supported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BadSize {
    pub width: u8,
    pub height: u8,
}

impl core::fmt::Display for BadSize {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "board size {}x{} is outside {MIN_SIDE}..={MAX_SIDE} each way",
            self.width, self.height
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BadSize {}

impl Board {
    /// An empty board.
    pub const fn empty(width: u8, height: u8) -> Result<Board, BadSize> {
        if width < MIN_SIDE || width > MAX_SIDE || height < MIN_SIDE || height > MAX_SIDE {
            return Err(BadSize { width, height });
        }
        Ok(Board {
            rows: [0; 16],
            width,
            height,
            empty: width as u16 * height as u16,
        })
    }

    /// The row words (see the field `rows`), for a compact encoding.
    #[inline]
    pub const fn rows(&self) -> [u64; 16] {
        self.rows
    }

    /// A board from row words as [`Board::rows`] returns them. `None` unless
    /// every plane bit lies on the board and every colour bit on an
    /// occupied cell, so any words either decode or are refused.
    pub fn from_rows(rows: [u64; 16], width: u8, height: u8) -> Option<Board> {
        let mut board = Board::empty(width, height).ok()?;
        let lane_mask = (1u64 << width) - 1;
        let mut occupied = 0u32;
        for (y, &row) in rows.iter().enumerate() {
            let occ = row & 0xFFFF;
            let on_board = if (y as u8) < height { lane_mask } else { 0 };
            for p in 0..4 {
                let lane = row >> (16 * p) & 0xFFFF;
                if lane & !on_board != 0 || lane & !occ != 0 {
                    return None;
                }
            }
            occupied += occ.count_ones();
        }
        board.rows = rows;
        board.empty -= occupied as u16;
        Some(board)
    }

    #[inline]
    pub const fn width(&self) -> u8 {
        self.width
    }

    #[inline]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Every cell of the board.
    #[inline]
    pub const fn area(&self) -> Bitboard {
        Bitboard::rectangle(self.width, self.height)
    }

    /// The cell `(x, y)` if it lies on this board.
    #[inline]
    pub const fn cell(&self, x: u8, y: u8) -> Option<Cell> {
        if x < self.width && y < self.height {
            Cell::new(x, y)
        } else {
            None
        }
    }

    #[inline]
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.x() < self.width && cell.y() < self.height
    }

    /// The occupied cells.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.lane_set(|row| row)
    }

    /// The four planes as sets: occupied, then colour bits 0 (red), 1
    /// (green) and 2 (blue) of the occupied cells.
    #[inline]
    pub fn planes(&self) -> [Bitboard; 4] {
        // Four row words hold a 4 x 4 matrix of 16-bit lanes (row, plane);
        // a plane's word is a column of it: transpose, lanes in pairs.
        const EVEN_LANES: u64 = 0x0000_FFFF_0000_FFFF;
        const LOW_HALF: u64 = 0x0000_0000_FFFF_FFFF;
        let mut planes = [Bitboard::EMPTY; 4];
        for (w, rows) in self.rows.chunks_exact(4).enumerate() {
            let [a, b, c, d] = [rows[0], rows[1], rows[2], rows[3]];
            // Lanes (a0 b0 a2 b2), (a1 b1 a3 b3), and the same for c, d.
            let ab02 = a & EVEN_LANES | (b & EVEN_LANES) << 16;
            let ab13 = a >> 16 & EVEN_LANES | b & !EVEN_LANES;
            let cd02 = c & EVEN_LANES | (d & EVEN_LANES) << 16;
            let cd13 = c >> 16 & EVEN_LANES | d & !EVEN_LANES;
            planes[0].0[w] = ab02 & LOW_HALF | cd02 << 32;
            planes[1].0[w] = ab13 & LOW_HALF | cd13 << 32;
            planes[2].0[w] = ab02 >> 32 | cd02 & !LOW_HALF;
            planes[3].0[w] = ab13 >> 32 | cd13 & !LOW_HALF;
        }
        planes
    }

    /// A set built from one 16-bit value per row (its low 16 bits).
    #[inline]
    fn lane_set(&self, lane: impl Fn(u64) -> u64) -> Bitboard {
        let mut words = [0u64; 4];
        for (w, word) in words.iter_mut().enumerate() {
            for r in 0..4 {
                *word |= (lane(self.rows[4 * w + r]) & 0xFFFF) << (16 * r);
            }
        }
        Bitboard(words)
    }

    /// The colour at `cell`, `None` when it is empty (or off the board).
    #[inline]
    pub const fn get(&self, cell: Cell) -> Option<Color> {
        let (occupied, bits) = self.raw(cell);
        if occupied {
            Some(Color::from_bits(bits))
        } else {
            None
        }
    }

    /// The four plane bits of `cell`: bit 0 occupied, bits 1..=3 its colour.
    #[inline]
    const fn nibble(&self, cell: Cell) -> u8 {
        let lanes = (self.rows[cell.y() as usize] >> cell.x()) & LANES;
        (lanes.wrapping_mul(GATHER) >> 45) as u8 & 0xF
    }

    /// Whether `cell` is occupied, and its colour bits (0 when empty).
    #[inline]
    const fn raw(&self, cell: Cell) -> (bool, u8) {
        let nibble = self.nibble(cell);
        (nibble & 1 != 0, nibble >> 1)
    }

    /// Whether `cell` is occupied.
    #[inline]
    pub const fn is_occupied(&self, cell: Cell) -> bool {
        self.rows[cell.y() as usize] >> cell.x() & 1 != 0
    }

    /// Flips the plane bits of `cell` set in `flip` (bit 0 occupied, 1..=3 colour).
    #[inline]
    fn flip(&mut self, cell: Cell, flip: u8) {
        let spread = (flip as u64).wrapping_mul(GATHER) & LANES;
        self.rows[cell.y() as usize] ^= spread << cell.x();
    }

    /// Puts `color` (or nothing) at `cell`, which must lie on the board.
    #[inline]
    pub fn set(&mut self, cell: Cell, color: Option<Color>) {
        debug_assert!(self.contains(cell));
        let new = color.map_or(0, |c| 1 | c.bits() << 1);
        let old = self.nibble(cell);
        self.empty = self.empty + (old & 1) as u16 - (new & 1) as u16;
        self.flip(cell, old ^ new);
    }

    /// The cells holding exactly `color`.
    #[inline]
    pub fn cells_of(&self, color: Color) -> Bitboard {
        // Lanes that agree with (occupied, colour bits) become all ones.
        let want = (1 | (color.bits() as u64) << 1).wrapping_mul(GATHER) & LANES;
        let want = want * 0xFFFF;
        self.lane_set(|row| {
            let agree = !(row ^ want);
            agree & agree >> 16 & agree >> 32 & agree >> 48
        })
    }

    #[inline]
    pub const fn is_full(&self) -> bool {
        self.empty == 0
    }

    /// The number of empty cells.
    #[inline]
    pub const fn empty_count(&self) -> u32 {
        self.empty as u32
    }

    /// Empty cells with two occupied neighbours that are consecutive in the
    /// direction cycle.
    #[inline]
    pub fn legal_cells(&self) -> Bitboard {
        let occupied = self.occupied();
        let mut toward = [Bitboard::EMPTY; 6];
        for d in Direction::ALL {
            toward[d.index()] = d.cells_toward(occupied);
        }
        let mut pairs = toward[5] & toward[0];
        for d in 0..5 {
            pairs |= toward[d] & toward[d + 1];
        }
        pairs & !occupied & self.area()
    }

    /// Whether `cell` is a legal place for the next piece (see [`Board::legal_cells`]).
    pub fn is_legal(&self, cell: Cell) -> bool {
        if !self.contains(cell) || self.is_occupied(cell) {
            return false;
        }
        let mut last = self.neighbor_occupied(cell, Direction::Left);
        for d in Direction::ALL {
            let here = self.neighbor_occupied(cell, d);
            if here && last {
                return true;
            }
            last = here;
        }
        false
    }

    #[inline]
    fn neighbor_occupied(&self, cell: Cell, dir: Direction) -> bool {
        match dir.step(cell, self.width, self.height) {
            Some(n) => self.is_occupied(n),
            None => false,
        }
    }

    /// What placing `piece` at the empty on-board `cell` would change,
    /// leaving the board as it is.
    pub fn splash(&self, cell: Cell, piece: Color) -> Changes {
        let mut changes = Changes::new();
        self.preview(cell, piece, &mut changes);
        changes
    }

    /// Places `piece` at the empty on-board `cell` and splashes: for each
    /// direction in order, walks over the mover's own propagators and mixes
    /// the piece into the first other cell, if occupied. Tells `recorder`
    /// each change (the placed piece first); returns what it saw on the way:
    /// the cells that became the mover's propagator and those made legal.
    ///
    /// One pass is exact: the six directions are distinct straight lines out
    /// of `cell`, and walks cross only the mover's propagators, which a splash
    /// never alters, so no direction sees another's writes.
    #[inline]
    pub fn place<R: Recorder>(&mut self, cell: Cell, piece: Color, recorder: &mut R) -> Placed {
        recorder.record(
            Change {
                cell,
                old: None,
                new: piece,
            },
            true,
        );
        self.set(cell, Some(piece));
        // A propagator never moves, so it splashes nothing (`through` then
        // matches no cell and `mix` changes none).
        let own = piece.propagator().map_or(0, Color::bits);
        let through = if piece.propagator().is_some() {
            1 | own << 1
        } else {
            0x10
        };
        let (or, and) = piece.mix_masks();
        let mut placed = Placed {
            targets: [cell; 6],
            created: 0,
            ring: [cell; 6],
            new_legal: 0,
        };
        let (mut ring_occupied, mut ring_on_board) = (0u8, 0u8);
        for dir in Direction::ALL {
            let d = dir.index();
            let Some(first) = dir.step_in_frame(cell) else {
                continue;
            };
            let nibble = self.nibble(first);
            placed.ring[d] = first;
            ring_occupied |= (nibble & 1) << d;
            ring_on_board |=
                ((first.x() < self.width) & (first.y() < self.height)) as u8 * (1 << d);
            let Some((target, nibble)) = self.walk(first, nibble, dir, through) else {
                continue;
            };
            // An empty or off-board cell reads as unoccupied and stays so.
            let (occupied, bits) = (nibble & 1 != 0, nibble >> 1);
            let new_bits = (bits | or) & and;
            let changed = occupied & (new_bits != bits);
            // Flip exactly the bits that differ, and only if the cell changed
            // (no branch: whether a direction changes a cell is unpredictable).
            self.flip(
                target,
                (changed as u8).wrapping_neg() & (bits ^ new_bits) << 1,
            );
            placed.targets[d] = target;
            placed.created |= ((changed & (new_bits == own) & (through != 0x10)) as u8) << d;
            recorder.record(
                Change {
                    cell: target,
                    old: Some(Color::from_bits(bits)),
                    new: Color::from_bits(new_bits),
                },
                changed,
            );
        }
        placed.new_legal = ring_gains(ring_occupied, ring_on_board);
        placed
    }

    /// From `first` (whose nibble is `nibble`), walks on in `dir` while
    /// cells hold the nibble `through` (the mover's propagator); returns the
    /// first other cell and its nibble, or `None` past the frame's edge.
    #[inline]
    fn walk(&self, first: Cell, mut nibble: u8, dir: Direction, through: u8) -> Option<(Cell, u8)> {
        let mut at = first;
        while nibble == through {
            at = dir.step_in_frame(at)?;
            nibble = self.nibble(at);
        }
        Some((at, nibble))
    }

    /// Tells `recorder` what placing `piece` at the empty on-board `cell`
    /// would change (the placed piece first), without changing anything and
    /// without a copy: the directions do not interact, so reading suffices.
    #[inline]
    pub fn preview<R: Recorder>(&self, cell: Cell, piece: Color, recorder: &mut R) {
        recorder.record(
            Change {
                cell,
                old: None,
                new: piece,
            },
            true,
        );
        let Some(own) = piece.propagator() else {
            return;
        };
        let through = 1 | own.bits() << 1;
        let (or, and) = piece.mix_masks();
        for dir in Direction::ALL {
            let Some(first) = dir.step_in_frame(cell) else {
                continue;
            };
            let Some((target, nibble)) = self.walk(first, self.nibble(first), dir, through) else {
                continue;
            };
            let (occupied, bits) = (nibble & 1 != 0, nibble >> 1);
            let new_bits = (bits | or) & and;
            recorder.record(
                Change {
                    cell: target,
                    old: Some(Color::from_bits(bits)),
                    new: Color::from_bits(new_bits),
                },
                occupied & (new_bits != bits),
            );
        }
    }

    /// The legal cells after a piece is placed at `cell`, given the legal
    /// cells before (`legal`) and this board after the placement.
    #[inline]
    pub fn legal_after(&self, legal: Bitboard, cell: Cell) -> Bitboard {
        let mut legal = legal;
        legal.remove(cell.index());
        for n in self.new_legal_cells(cell) {
            legal.insert(n.index());
        }
        legal
    }

    /// The cells that a piece just placed at `cell` made legal (this board
    /// is after the placement): at most six, the empty neighbours of `cell`.
    ///
    /// Neighbour `n` in direction `d` gains the consecutive pair (`cell`,
    /// `m`) exactly when one of the two cells next to both, in directions
    /// `d - 1` and `d + 1` from `cell`, is occupied; no other cell's
    /// legality changes (occupancy only grows by `cell`).
    pub fn new_legal_cells(&self, cell: Cell) -> NewCells {
        let (mut occupied, mut on_board) = (0u8, 0u8);
        let mut ring = [cell; 6];
        for d in Direction::ALL {
            if let Some(n) = d.step_in_frame(cell) {
                ring[d.index()] = n;
                occupied |= (self.is_occupied(n) as u8) << d.index();
                on_board |= (self.contains(n) as u8) << d.index();
            }
        }
        NewCells {
            cells: ring,
            directions: ring_gains(occupied, on_board),
        }
    }

    /// Writes the old colours of `changes` back, last first.
    #[inline]
    pub fn revert(&mut self, changes: &[Change]) {
        for c in changes.iter().rev() {
            self.set(c.cell, c.old);
        }
    }

    /// The length of the straight run of `color` through `cell` (which
    /// holds it) along the axis of `dir`, both ways, counting `cell` itself;
    /// counting stops at `limit`.
    pub fn run_length(&self, cell: Cell, dir: Direction, color: Color, limit: u32) -> u32 {
        let want = 1 | color.bits() << 1;
        let mut n = 1;
        for d in [dir, dir.opposite()] {
            let mut at = cell;
            while n < limit {
                match d.step_in_frame(at) {
                    Some(next) if self.nibble(next) == want => {
                        n += 1;
                        at = next;
                    }
                    _ => break,
                }
            }
        }
        n
    }

    /// Whether `cell` holds `color` in a straight row of at least [`WIN_ROW`].
    pub fn in_winning_row(&self, cell: Cell, color: Color) -> bool {
        self.get(cell) == Some(color) && self.completes_row(cell, color)
    }

    /// Whether `cell`, which holds `color`, lies in a row of [`WIN_ROW`].
    #[inline]
    fn completes_row(&self, cell: Cell, color: Color) -> bool {
        [
            Direction::UpperLeft,
            Direction::UpperRight,
            Direction::Right,
        ]
        .into_iter()
        .any(|axis| self.run_length(cell, axis, color, WIN_ROW) >= WIN_ROW)
    }

    /// Whether any of the `created` cells (which hold `color`) is in a
    /// winning row of `color`.
    #[inline]
    pub fn any_in_winning_row(&self, created: NewCells, color: Color) -> bool {
        !created.is_empty() && { created }.any(|c| self.completes_row(c, color))
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Board(\"{}\")", super::notation::BoardText(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: u8, y: u8) -> Cell {
        Cell::new(x, y).unwrap()
    }

    /// The transposed planes say, cell by cell, what `get` says.
    #[test]
    fn planes_match_the_cells() {
        let mut rng = crate::rng::Rng::new(17);
        for _ in 0..50 {
            let mut board = Board::empty(16, 16).unwrap();
            for c in Bitboard::rectangle(16, 16).iter() {
                let v = rng.below(9);
                board.set(c, (v < 8).then(|| Color::from_bits(v as u8)));
            }
            let [occupied, r, g, b] = board.planes();
            for c in Bitboard::rectangle(16, 16).iter() {
                let bits = board.get(c).map(|k| k.bits());
                assert_eq!(occupied.has(c), bits.is_some());
                let bit = |i: u8| bits.is_some_and(|k| k >> i & 1 != 0);
                assert_eq!([r.has(c), g.has(c), b.has(c)], [bit(0), bit(1), bit(2)]);
            }
        }
    }

    /// The far corner (15, 15) has index 255: splashes and legality must
    /// reach it like any other cell.
    #[test]
    fn the_last_corner_is_a_cell_like_any_other() {
        // Rows 14 and 15 end in `yy` and `.c`: red at (14,15) rests on the
        // two yellows above it (which red leaves as they are), and (15,15) is
        // its right-hand neighbour.
        let mut rows: std::vec::Vec<_> = (0..16).map(|_| ".".repeat(16)).collect();
        rows[14].replace_range(14.., "yy");
        rows[15].replace_range(15.., "c");
        let board = Board::from_text(&rows.join("/")).unwrap();
        let at = cell(14, 15);
        assert!(board.is_legal(at));
        let changes = board.splash(at, Color::Red);
        let corner = Change {
            cell: cell(15, 15),
            old: Some(Color::Cyan),
            new: Color::White,
        };
        assert_eq!(
            *changes,
            [
                Change {
                    cell: at,
                    old: None,
                    new: Color::Red
                },
                corner
            ]
        );
        assert!(board.legal_cells().has(at));
    }
}
