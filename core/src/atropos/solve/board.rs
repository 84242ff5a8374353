//! The board as the solver sees it: a grid with the boundary round it,
//! losing sets and keys kept up to date move by move, the moves ordered.

use arrayvec::ArrayVec;

use crate::atropos::geometry::{Circle, Color, Size, MAX_CIRCLES, MAX_SIZE, NEIGHBOR_STEPS};
use crate::atropos::search::mix;
use crate::atropos::state::{Atropos, Bits, Move};

/// The grid of the largest board with its boundary, `17 * 17` circles,
/// rounded up to a power of two so that a masked index needs no check.
const GRID: usize = 512;
const GRID_MASK: usize = GRID - 1;
const _: () = assert!((MAX_SIZE as usize + 2) * (MAX_SIZE as usize + 2) <= GRID);
/// The keys are indexed by canonical index, masked likewise.
const CIRCLE_MASK: usize = 127;
/// The grid index of no circle.
const NONE: usize = usize::MAX;
/// The count of open triangles of circles that are not interior: high
/// enough never to reach 0.
const CLOSED_NEVER: u8 = 64;
/// Keys are kept for three symmetries; boards with fewer repeat one.
const SYMMETRIES: usize = 3;

/// Colours as bits `1 << digit`, with bit 0 unused.
const ALL_COLORS: u8 = 0b1110;

/// `THIRD[a][b]`: the colour (as a bit) that completes a triangle of `a`
/// and `b`, when both are colours and differ; else 0.
const THIRD: [[u8; 4]; 4] = {
    let mut t = [[0u8; 4]; 4];
    let mut a = 1;
    while a < 4 {
        let mut b = 1;
        while b < 4 {
            if a != b {
                t[a][b] = 1 << (6 - a - b);
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// What a neighbour `y` of a circle `g` adds to the count of the
/// opponent's safe replies after `g` is coloured, for each colour of `g`
/// at once: `REPLIES[colour of y][colours losing at y][a][b]`, where `a`
/// and `b` are the two circles next to both `g` and `y`. Bits 0, 8 and 16
/// count the colours left at `y` when `g` is red, blue or green; bit 24
/// counts `y` itself (it is uncoloured). Zero when `y` is coloured.
const REPLIES: [[[[u32; 4]; 4]; 16]; 4] = {
    let mut t = [[[[0u32; 4]; 4]; 16]; 4];
    let mut losing = 0;
    while losing < 16 {
        let mut a = 0;
        while a < 4 {
            let mut b = 0;
            while b < 4 {
                let mut packed = 1 << 24;
                let mut d = 1;
                while d < 4 {
                    let lose = losing as u8 | THIRD[d][a] | THIRD[d][b];
                    packed += ((!lose & ALL_COLORS).count_ones()) << (8 * (d - 1));
                    d += 1;
                }
                t[0][losing][a][b] = packed;
                b += 1;
            }
            a += 1;
        }
        losing += 1;
    }
    t
};

/// The board as the solver sees it: a grid of `(n + 2)` columns, circle
/// `(h, l)` at `h * (n + 2) + l`, so that neighbour `k` of a circle is a
/// fixed offset away and the boundary holds its colours.
///
/// Its key is what decides the rest of the game, no more. A circle that
/// is not live (uncoloured with a colour that does not lose) is never
/// coloured again, short of a losing move, which ends the game. So:
/// - a coloured circle counts with its colour while a small triangle
///   through it has both other circles live (it can still make a colour
///   lose somewhere), and as merely settled after that;
/// - an uncoloured circle with an uncoloured neighbour counts with the
///   colours that lose there;
/// - an uncoloured circle without one is never next to a later last play:
///   a dead one is as good as settled, and a live one is a spare move for
///   whoever may play anywhere, which changes nothing else and lets the
///   opponent play anywhere. Two spare moves cancel (whoever wins without
///   them answers one with the other), so only their number's parity
///   counts.
pub(super) struct Board {
    size: Size,
    /// The six neighbour offsets in the ring order, as wrapping additions.
    steps: [usize; 6],
    /// The colour digit of every circle (boundary included); 0 uncoloured.
    colors: [u8; GRID],
    /// For uncoloured interior circles: the colours that lose there.
    losing: [u8; GRID],
    /// 1 for an uncoloured circle with a colour that does not lose.
    live: [u8; GRID],
    /// For interior circles: how many uncoloured neighbours they have.
    /// Boundary circles start high and never reach 0.
    free: [u8; GRID],
    /// For coloured interior circles: how many small triangles through
    /// them have both other circles live; at 0 the colour leaves the key.
    /// Boundary circles start high and never reach 0.
    open: [u8; GRID],
    /// The canonical index of every interior circle.
    canonical_of: [u8; GRID],
    /// The uncoloured interior circles, by canonical index.
    empty: u128,
    pub(super) grid_of: [u16; MAX_CIRCLES],
    /// The last play's grid index, or [`NONE`].
    last: usize,
    /// The key of the position under each symmetry.
    keys: [u64; SYMMETRIES],
    /// `color_keys[s][i][d]`: the key of digit `d` at the circle of
    /// canonical index `i`, seen through symmetry `s`; digit 0 stands for
    /// a circle coloured but settled (its colour no longer matters).
    color_keys: [[[u64; 4]; CIRCLE_MASK + 1]; SYMMETRIES],
    /// `losing_keys[s][i][set / 2]`: the key of uncoloured circle `i`
    /// where the colours of `set` lose.
    losing_keys: [[[u64; 8]; CIRCLE_MASK + 1]; SYMMETRIES],
    /// `next_keys[s][i]`: the key of circle `i` as one the next move may go on.
    next_keys: [[u64; CIRCLE_MASK + 1]; SYMMETRIES],
    /// Toggled by every spare move (a live circle with no uncoloured neighbour).
    spare_key: u64,
}

/// What [`Board::unplay`] needs: the last play before the move, the
/// losing sets of the six neighbours and the keys.
#[derive(Clone, Copy)]
pub(super) struct Undo {
    last: usize,
    losing: [u8; 6],
    keys: [u64; SYMMETRIES],
}

impl Board {
    pub(super) fn new(state: &Atropos) -> Board {
        let size = state.size();
        let n = size.get() as usize;
        let w = n + 2;
        let up = |dh: i8, dl: i8| (dh as isize * w as isize + dl as isize) as usize;
        let steps = NEIGHBOR_STEPS.map(|(dh, dl)| up(dh, dl));
        let mut board = Board {
            size,
            steps,
            colors: [0; GRID],
            losing: [0; GRID],
            live: [0; GRID],
            free: [CLOSED_NEVER; GRID],
            open: [CLOSED_NEVER; GRID],
            canonical_of: [0; GRID],
            empty: size.all() & !state.occupied(),
            grid_of: [0; MAX_CIRCLES],
            last: NONE,
            keys: [0; SYMMETRIES],
            color_keys: [[[0; 4]; CIRCLE_MASK + 1]; SYMMETRIES],
            losing_keys: [[[0; 8]; CIRCLE_MASK + 1]; SYMMETRIES],
            next_keys: [[0; CIRCLE_MASK + 1]; SYMMETRIES],
            spare_key: 0,
        };
        let size_key = mix(0x50_1E00 + n as u64);
        board.spare_key = mix(size_key ^ 0x5BA4E);
        let symmetries = size.symmetries();
        for h in 0..=n + 1 {
            for l in 0..=n + 1 {
                let Some(r) = (n + 2).checked_sub(h + l) else {
                    continue;
                };
                let g = h * w + l;
                let circle = Circle::new(h as u8, l as u8, r as u8);
                board.colors[g] = state.color(circle).map_or(0, Color::digit);
                let Some(i) = size.index(circle) else {
                    continue;
                };
                board.grid_of[i] = g as u16;
                board.canonical_of[g] = i as u8;
                for s in 0..SYMMETRIES {
                    let sym = symmetries[s % symmetries.len()];
                    let image = size.index(sym.circle(circle)).unwrap_or(i) as u64;
                    let key = |x: u64| mix(size_key ^ image << 8 ^ x);
                    // A colour, or a set of colours, seen through the symmetry.
                    let color = |d: u8| Color::from_digit(d).map_or(0, |c| sym.color(c).digit());
                    for d in 0..4u8 {
                        board.color_keys[s][i][d as usize] = key(color(d) as u64);
                    }
                    for half in 0..8u8 {
                        let set = (1..4u8)
                            .filter(|&d| half << 1 & 1 << d != 0)
                            .fold(0u64, |set, d| set | 1 << color(d));
                        board.losing_keys[s][i][half as usize] = key(0x10 | set);
                    }
                    board.next_keys[s][i] = key(0x80);
                }
            }
        }
        for i in Bits(size.all()) {
            let g = board.grid_of[i] as usize;
            board.losing[g] = board.losing_from_scratch(g);
            board.live[g] = (board.colors[g] == 0 && board.losing[g] != ALL_COLORS) as u8;
        }
        for i in Bits(size.all()) {
            let g = board.grid_of[i] as usize;
            board.free[g] = (0..6)
                .filter(|&k| board.colors[board.at(g, k)] == 0)
                .count() as u8;
        }
        for i in Bits(size.all()) {
            let g = board.grid_of[i] as usize;
            let d = board.colors[g];
            if d == 0 {
                board.toggle_empty(g);
            } else {
                board.open[g] = board.open_triangles(g);
                board.toggle_color(g, d);
            }
        }
        if let Some(i) = state.last_index() {
            board.last = board.grid_of[i] as usize;
        }
        board
    }

    /// Neighbour `k` of `g`, as a checked-free grid index.
    #[inline]
    fn at(&self, g: usize, k: usize) -> usize {
        g.wrapping_add(self.steps[k % 6]) & GRID_MASK
    }

    /// The small triangles through `g` whose two other circles are live.
    #[inline]
    fn open_triangles(&self, g: usize) -> u8 {
        let mut open = 0;
        for k in 0..6 {
            open += self.live[self.at(g, k)] & self.live[self.at(g, k + 1)];
        }
        open
    }

    /// The colours that lose on circle `g`, from its six neighbours.
    fn losing_from_scratch(&self, g: usize) -> u8 {
        let mut set = 0;
        for k in 0..6 {
            let a = self.colors[self.at(g, k)] & 3;
            let b = self.colors[self.at(g, k + 1)] & 3;
            set |= THIRD[a as usize][b as usize];
        }
        set
    }

    /// Adds or removes the key of uncoloured `g` as it stands: its losing
    /// set, or settled (and a spare move when live) without an uncoloured
    /// neighbour.
    #[inline]
    fn toggle_empty(&mut self, g: usize) {
        let g = g & GRID_MASK;
        let i = self.canonical_of[g] as usize & CIRCLE_MASK;
        if self.free[g] == 0 {
            let spare = self.spare_key & (self.live[g] as u64).wrapping_neg();
            for (key, keys) in self.keys.iter_mut().zip(&self.color_keys) {
                *key ^= keys[i][0] ^ spare;
            }
        } else {
            let set = (self.losing[g] >> 1) as usize & 7;
            for (key, keys) in self.keys.iter_mut().zip(&self.losing_keys) {
                *key ^= keys[i][set];
            }
        }
    }

    /// Adds or removes the key of coloured `g` of digit `d` (as settled
    /// when no triangle through it is open).
    #[inline]
    fn toggle_color(&mut self, g: usize, d: u8) {
        let g = g & GRID_MASK;
        let digit = if self.open[g] == 0 { 0 } else { d as usize & 3 };
        let i = self.canonical_of[g] as usize & CIRCLE_MASK;
        for (key, keys) in self.keys.iter_mut().zip(&self.color_keys) {
            *key ^= keys[i][digit];
        }
    }

    /// Turns coloured `g` of digit `d` from open to settled or back.
    #[inline]
    fn toggle_close(&mut self, g: usize, d: u8) {
        let i = self.canonical_of[g & GRID_MASK] as usize & CIRCLE_MASK;
        for (key, keys) in self.keys.iter_mut().zip(&self.color_keys) {
            *key ^= keys[i][d as usize & 3] ^ keys[i][0];
        }
    }

    /// The uncoloured neighbours of the last play, or every uncoloured
    /// circle when it has none (or there is no last play): the jump.
    /// Returns whether it is a jump.
    #[inline]
    pub(super) fn candidates(&self, out: &mut ArrayVec<u16, MAX_CIRCLES>) -> bool {
        if self.last != NONE {
            for k in 0..6 {
                let g = self.at(self.last, k);
                if self.colors[g] == 0 {
                    out.push(g as u16);
                }
            }
            if !out.is_empty() {
                return false;
            }
        }
        for i in Bits(self.empty) {
            out.push(self.grid_of[i]);
        }
        true
    }

    /// The key of the position up to symmetry: the board's and, unless
    /// the next move may go anywhere, the live circles it may go on
    /// (nothing else of the last play matters).
    #[inline]
    pub(super) fn key(&self, circles: &[u16], jump: bool) -> u64 {
        let mut next = [0u64; SYMMETRIES];
        if !jump {
            for &g in circles {
                let g = g as usize & GRID_MASK;
                if self.live[g] != 0 {
                    let i = self.canonical_of[g] as usize & CIRCLE_MASK;
                    for (next, keys) in next.iter_mut().zip(&self.next_keys) {
                        *next ^= keys[i];
                    }
                }
            }
        }
        let images = self.keys.iter().zip(next).map(|(key, next)| key ^ next);
        images.min().unwrap_or(0)
    }

    /// The opponent's safe replies after `g` is coloured, for each colour
    /// at once (see [`REPLIES`]).
    #[inline]
    fn replies(&self, g: usize) -> u32 {
        let ring: [usize; 6] = core::array::from_fn(|k| self.at(g, k));
        let colors = ring.map(|y| self.colors[y] as usize & 3);
        let mut packed = 0;
        for k in 0..6 {
            let losing = self.losing[ring[k]] as usize & 0xF;
            packed += REPLIES[colors[k]][losing][colors[(k + 5) % 6]][colors[(k + 1) % 6]];
        }
        packed
    }

    /// Writes the safe moves on `circles` into `moves`, packed with the
    /// opponent's safe replies after each (a move that lets the opponent
    /// play anywhere last). Stops at a move after which the opponent has
    /// no safe reply and returns it: that move wins.
    #[inline]
    pub(super) fn safe_moves(&self, circles: &[u16], moves: &mut Moves) -> Option<u32> {
        for &g in circles {
            let g = g as usize & GRID_MASK;
            let keeps = !self.losing[g] & ALL_COLORS;
            if keeps == 0 {
                continue;
            }
            let replies = self.replies(g);
            let anywhere = replies >> 24 == 0;
            for d in 1..4u8 {
                if keeps & (1 << d) == 0 {
                    continue;
                }
                let count = (replies >> (8 * (d - 1))) & 0xFF;
                if anywhere {
                    moves.push(pack(ANYWHERE, g, d));
                } else if count == 0 {
                    // The opponent must complete a triangle.
                    return Some(pack(0, g, d));
                } else {
                    moves.push(pack(count, g, d));
                }
            }
        }
        None
    }

    /// The move of a grid index and digit.
    pub(super) fn to_move(&self, (g, d): (usize, u8)) -> Option<Move> {
        let circle = self
            .size
            .circle_at(self.canonical_of[g & GRID_MASK] as usize);
        Color::from_digit(d).map(|color| Move::new(color, circle))
    }

    /// `g` stops being live: for each small triangle through it with one
    /// other circle coloured and the third live, that coloured circle has
    /// one open triangle fewer.
    #[inline]
    fn close_triangles(&mut self, g: usize) {
        for k in 0..6 {
            let p = self.at(g, k);
            let q = self.at(g, k + 1);
            let (cp, cq) = (self.colors[p], self.colors[q]);
            if cp != 0 && self.live[q] != 0 {
                self.settle(p, cp);
            } else if cq != 0 && self.live[p] != 0 {
                self.settle(q, cq);
            }
        }
    }

    /// One open triangle fewer through coloured `y` of digit `d`; at none
    /// its colour leaves the key.
    #[inline]
    fn settle(&mut self, y: usize, d: u8) {
        self.open[y] -= 1;
        if self.open[y] == 0 {
            self.toggle_close(y, d);
        }
    }

    /// Colours `g`, a live circle, with digit `d`, a colour that does not
    /// lose there.
    #[inline]
    pub(super) fn play(&mut self, g: usize, d: u8) -> Undo {
        let g = g & GRID_MASK;
        let keys = self.keys;
        // The triangles through g stop being open for their coloured
        // circles, and those with both other circles live open for g.
        let mut open = 0;
        for k in 0..6 {
            let p = self.at(g, k);
            let q = self.at(g, k + 1);
            let (cp, cq) = (self.colors[p], self.colors[q]);
            let (lp, lq) = (self.live[p], self.live[q]);
            open += lp & lq;
            if cp != 0 && lq != 0 {
                self.settle(p, cp);
            } else if cq != 0 && lp != 0 {
                self.settle(q, cq);
            }
        }
        self.toggle_empty(g);
        self.colors[g] = d;
        self.live[g] = 0;
        self.open[g] = open;
        self.toggle_color(g, d);
        self.empty &= !(1u128 << (self.canonical_of[g] & 127));
        // The losing sets round g grow; a circle that dies (every colour
        // loses) closes the triangles through it.
        let third = &THIRD[d as usize & 3];
        let mut saved = [0u8; 6];
        for (k, before) in saved.iter_mut().enumerate() {
            let y = self.at(g, k);
            *before = self.losing[y];
            self.free[y] -= 1;
            if self.colors[y] != 0 {
                continue;
            }
            let a = self.colors[self.at(g, k + 5)] as usize & 3;
            let b = self.colors[self.at(g, k + 1)] as usize & 3;
            let grown = *before | third[a] | third[b];
            if grown == *before && self.free[y] != 0 {
                // Its key is the same.
                continue;
            }
            self.free[y] += 1;
            self.toggle_empty(y);
            self.losing[y] = grown;
            self.free[y] -= 1;
            let dies = grown == ALL_COLORS && *before != ALL_COLORS;
            if dies {
                self.live[y] = 0;
            }
            self.toggle_empty(y);
            if dies {
                self.close_triangles(y);
            }
        }
        let last = self.last;
        self.last = g;
        Undo {
            last,
            losing: saved,
            keys,
        }
    }

    /// Takes back [`Board::play`] of `g`, in exactly the reverse order
    /// (the keys come back whole).
    #[inline]
    pub(super) fn unplay(&mut self, g: usize, undo: Undo) {
        let g = g & GRID_MASK;
        for k in (0..6).rev() {
            let y = self.at(g, k);
            self.free[y] += 1;
            if self.colors[y] != 0 {
                continue;
            }
            if self.losing[y] == ALL_COLORS && undo.losing[k] != ALL_COLORS {
                self.reopen_triangles(y);
                self.live[y] = 1;
            }
            self.losing[y] = undo.losing[k];
        }
        self.colors[g] = 0;
        self.live[g] = 1;
        self.empty |= 1u128 << (self.canonical_of[g] & 127);
        self.reopen_triangles(g);
        self.last = undo.last;
        self.keys = undo.keys;
    }

    /// Undoes the counts of [`Board::close_triangles`] of `g`
    /// (the keys are restored whole by [`Board::unplay`]).
    #[inline]
    fn reopen_triangles(&mut self, g: usize) {
        for k in 0..6 {
            let p = self.at(g, k);
            let q = self.at(g, k + 1);
            let (cp, cq) = (self.colors[p], self.colors[q]);
            if cp != 0 && self.live[q] != 0 {
                self.open[p] += 1;
            } else if cq != 0 && self.live[p] != 0 {
                self.open[q] += 1;
            }
        }
    }
}

/// The ordering key of a move that lets the opponent play anywhere.
const ANYWHERE: u32 = 1 << 10;

/// A safe move with its ordering key, in one word: the opponent's safe
/// replies, the grid index, the digit.
#[inline]
const fn pack(order: u32, g: usize, d: u8) -> u32 {
    order << 11 | (g as u32) << 2 | d as u32
}

/// The grid index and digit of a packed move.
#[inline]
pub(super) const fn unpack(m: u32) -> (usize, u8) {
    ((m >> 2) as usize & 0x1FF, (m & 3) as u8)
}

/// Packed safe moves, room for all of a position.
pub(super) type Moves = ArrayVec<u32, { 3 * MAX_CIRCLES }>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The parts of a board that must agree with a board made from scratch.
    fn summary(board: &Board, state: &Atropos) -> (u128, [u64; SYMMETRIES], Vec<(u8, u8)>) {
        let cells = Bits(state.size().all())
            .map(|i| {
                let g = board.grid_of[i] as usize;
                match board.colors[g] {
                    0 => (board.free[g] << 4, board.losing[g] | board.live[g]),
                    d => (d | board.free[g] << 4, board.open[g]),
                }
            })
            .collect();
        (board.empty, board.keys, cells)
    }

    /// Moves made and taken back on the solver's board keep its losing
    /// sets, open triangles and keys equal to those made from scratch.
    #[test]
    fn incremental_boards_match_boards_from_scratch() {
        let mut rng = Rng::new(41);
        for n in [1, 2, 3, 4, 5, 7, 8, 11, 15] {
            for _ in 0..20 {
                let mut state = Atropos::new(n).unwrap();
                let mut board = Board::new(&state);
                let start = summary(&board, &state);
                let mut undo = Vec::new();
                loop {
                    let safe = state.safe_moves();
                    if safe.is_empty() {
                        break;
                    }
                    let mv = safe[rng.below(safe.len() as u32) as usize];
                    state.play(mv).unwrap();
                    let g = board.grid_of[state.size().index(mv.circle).unwrap()] as usize;
                    undo.push((g, board.play(g, mv.color.digit())));
                    let fresh = Board::new(&state);
                    assert_eq!(summary(&board, &state), summary(&fresh, &state), "{state}");
                    assert_eq!(board.last, fresh.last);
                }
                while let Some((g, u)) = undo.pop() {
                    board.unplay(g, u);
                }
                assert_eq!(summary(&board, &state), start);
            }
        }
    }
}
