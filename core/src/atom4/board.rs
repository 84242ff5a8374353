//! The Atom-4 board: which cells hold which colour, which cells are legal,
//! what a splash changes and whether it wins.

use super::color::Color;
use super::geometry::{Direction, MIN_SIDE};
use crate::grid::{Bitboard, Cell, MAX_SIDE};

/// The shortest straight row of one propagator that wins.
pub const WIN_ROW: u32 = 4;

/// A board of `width` x `height` cells (each 2..=16) in fixed 16 x 16
/// storage: an occupancy plane and one plane per colour bit.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    occupied: Bitboard,
    /// `planes[i]` holds the occupied cells whose colour has bit `i` set.
    planes: [Bitboard; 3],
    width: u8,
    height: u8,
}

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
/// a slice of [`Change`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
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
            occupied: Bitboard::EMPTY,
            planes: [Bitboard::EMPTY; 3],
            width,
            height,
        })
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

    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        self.occupied
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

    /// Whether `cell` is occupied, and its colour bits (0 when empty).
    #[inline]
    const fn raw(&self, cell: Cell) -> (bool, u8) {
        let (w, shift) = ((cell.index() >> 6) as usize, cell.index() & 63);
        let [r, g, b] = &self.planes;
        let colour = (r.0[w] >> shift) as u8 & 1
            | ((g.0[w] >> shift) as u8 & 1) << 1
            | ((b.0[w] >> shift) as u8 & 1) << 2;
        ((self.occupied.0[w] >> shift) & 1 != 0, colour)
    }

    /// Puts `color` (or nothing) at `cell`, which must lie on the board.
    #[inline]
    pub fn set(&mut self, cell: Cell, color: Option<Color>) {
        debug_assert!(self.contains(cell));
        let (w, mask) = ((cell.index() >> 6) as usize, 1u64 << (cell.index() & 63));
        // Branch-free: every plane's bit is cleared, then set from the value.
        let fill = |on: bool| (on as u64).wrapping_neg() & mask;
        let bits = color.map_or(0, Color::bits);
        self.occupied.0[w] = self.occupied.0[w] & !mask | fill(color.is_some());
        for (i, plane) in self.planes.iter_mut().enumerate() {
            plane.0[w] = plane.0[w] & !mask | fill(bits >> i & 1 != 0);
        }
    }

    /// The cells holding exactly `color`.
    #[inline]
    pub fn cells_of(&self, color: Color) -> Bitboard {
        let mut set = self.occupied;
        for (bit, plane) in self.planes.iter().enumerate() {
            if color.bits() >> bit & 1 != 0 {
                set &= *plane;
            } else {
                set &= !*plane;
            }
        }
        set
    }

    #[inline]
    pub fn is_full(&self) -> bool {
        self.occupied == self.area()
    }

    /// Empty cells with two occupied neighbours that are consecutive in the
    /// direction cycle.
    #[inline]
    pub fn legal_cells(&self) -> Bitboard {
        let mut toward = [Bitboard::EMPTY; 6];
        for d in Direction::ALL {
            toward[d.index()] = d.cells_toward(self.occupied);
        }
        let mut pairs = toward[5] & toward[0];
        for d in 0..5 {
            pairs |= toward[d] & toward[d + 1];
        }
        pairs & !self.occupied & self.area()
    }

    /// Whether `cell` is a legal place for the next piece (see [`Board::legal_cells`]).
    pub fn is_legal(&self, cell: Cell) -> bool {
        if !self.contains(cell) || self.occupied.contains(cell.index()) {
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
            Some(n) => self.occupied.contains(n.index()),
            None => false,
        }
    }

    /// What placing `piece` at the empty on-board `cell` would change,
    /// leaving the board as it is.
    pub fn splash(&self, cell: Cell, piece: Color) -> Changes {
        let mut changes = Changes::new();
        self.clone().place(cell, piece, &mut changes);
        changes
    }

    /// Places `piece` at the empty on-board `cell` and splashes: for each
    /// direction in order, walks over the mover's own propagators and mixes
    /// the piece into the first other cell, if occupied. Tells `recorder`
    /// each change (the placed piece first); returns the cells that became
    /// the mover's propagator (only these can complete a winning row).
    ///
    /// One pass is exact: the six directions are distinct straight lines out
    /// of `cell`, and walks cross only the mover's propagators, which a splash
    /// never alters, so no direction sees another's writes.
    #[inline]
    pub fn place<R: Recorder>(&mut self, cell: Cell, piece: Color, recorder: &mut R) -> Bitboard {
        recorder.record(
            Change {
                cell,
                old: None,
                new: piece,
            },
            true,
        );
        let mut created = Bitboard::EMPTY;
        let Some(own) = piece.propagator() else {
            self.set(cell, Some(piece));
            return created;
        };
        let through = self.cells_of(own);
        self.set(cell, Some(piece));
        let (or, and) = piece.mix_masks();
        for dir in Direction::ALL {
            let mut at = cell;
            let target = loop {
                match dir.step_in_frame(at) {
                    Some(n) if through.has(n) => at = n,
                    other => break other,
                }
            };
            let Some(target) = target else { continue };
            // An empty or off-board cell reads as unoccupied and stays so.
            let (occupied, bits) = self.raw(target);
            let new_bits = (bits | or) & and;
            let changed = occupied & (new_bits != bits);
            let kept = if changed { new_bits } else { bits };
            self.set_colour_bits(target, kept);
            created.insert_if(target.index(), changed & (new_bits == own.bits()));
            recorder.record(
                Change {
                    cell: target,
                    old: Some(Color::from_bits(bits)),
                    new: Color::from_bits(new_bits),
                },
                changed,
            );
        }
        created
    }

    /// Rewrites the colour bits of `cell`, leaving its occupancy alone.
    #[inline]
    fn set_colour_bits(&mut self, cell: Cell, bits: u8) {
        let (w, mask) = ((cell.index() >> 6) as usize, 1u64 << (cell.index() & 63));
        for (i, plane) in self.planes.iter_mut().enumerate() {
            plane.0[w] = plane.0[w] & !mask | ((bits >> i & 1) as u64).wrapping_neg() & mask;
        }
    }

    /// The legal cells after a piece is placed at `cell`, given the legal
    /// cells before (`legal`) and this board after the placement.
    ///
    /// Only `cell`'s empty neighbours can become legal: neighbour `n` in
    /// direction `d` gains the consecutive pair (`cell`, `m`) exactly when one
    /// of the two cells next to both, in directions `d - 1` and `d + 1` from
    /// `cell`, is occupied.
    #[inline]
    pub fn legal_after(&self, legal: Bitboard, cell: Cell) -> Bitboard {
        let area = self.area();
        // Ring of `cell`: bit d set when the neighbour in direction d is
        // occupied, and `empty` bit d when it is an empty cell of the board.
        let (mut occupied, mut empty) = (0u8, 0u8);
        let mut ring = [cell; 6];
        for d in Direction::ALL {
            if let Some(n) = d.step_in_frame(cell) {
                ring[d.index()] = n;
                occupied |= (self.occupied.has(n) as u8) << d.index();
                empty |= ((area.has(n) & !self.occupied.has(n)) as u8) << d.index();
            }
        }
        // Neighbour d gains a pair when neighbour d - 1 or d + 1 is occupied.
        let beside = (occupied << 1 | occupied >> 5) | (occupied >> 1 | occupied << 5);
        let gains = empty & beside & 0x3F;
        let mut legal = legal;
        legal.remove(cell.index());
        for (d, n) in ring.iter().enumerate() {
            legal.insert_if(n.index(), gains >> d & 1 != 0);
        }
        legal
    }

    /// Writes the old colours of `changes` back, last first.
    #[inline]
    pub fn revert(&mut self, changes: &[Change]) {
        for c in changes.iter().rev() {
            self.set(c.cell, c.old);
        }
    }

    /// The length of the straight run of `set` through `cell` (which is in
    /// it) along the axis of `dir`, both ways, counting `cell` itself.
    pub fn run_length(set: Bitboard, cell: Cell, dir: Direction) -> u32 {
        let mut n = 1;
        for d in [dir, dir.opposite()] {
            let mut at = cell;
            while let Some(next) = d.step_in_frame(at).filter(|&c| set.has(c)) {
                n += 1;
                at = next;
            }
        }
        n
    }

    /// Whether `cell` holds `color` in a straight row of at least [`WIN_ROW`].
    pub fn in_winning_row(&self, cell: Cell, color: Color) -> bool {
        Board::in_row_of(self.cells_of(color), cell)
    }

    /// Whether any cell of `cells` is in a winning row of `color`.
    #[inline]
    pub fn any_in_winning_row(&self, cells: Bitboard, color: Color) -> bool {
        if cells.is_empty() {
            return false;
        }
        let set = self.cells_of(color);
        cells.iter().any(|c| Board::in_row_of(set, c))
    }

    /// Whether `cell` belongs to a straight row of at least [`WIN_ROW`]
    /// cells of `set` (a set of this board's cells).
    #[inline]
    pub fn in_row_of(set: Bitboard, cell: Cell) -> bool {
        set.has(cell)
            && [
                Direction::UpperLeft,
                Direction::UpperRight,
                Direction::Right,
            ]
            .into_iter()
            .any(|axis| Board::run_length(set, cell, axis) >= WIN_ROW)
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
