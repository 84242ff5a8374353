//! A lean board for playouts: colours on a grid with the boundary round
//! it (the six neighbours of a circle are six fixed offsets, as in the
//! solver's board) and, for every uncoloured circle, the colours that lose
//! there, kept up to date move by move. About a kilobyte and a half, so a
//! playout copies the board of its search's root and colours the circles
//! the tree added, instead of building one from a position.

use crate::atropos::geometry::{Color, MAX_CIRCLES, MAX_SIZE, NEIGHBOR_STEPS};
use crate::atropos::solve::board::{ALL_COLORS, REPLIES, THIRD};
use crate::atropos::state::{Atropos, Bits};
use crate::game::Player;
use crate::rng::Rng;

/// The grid of the largest board with its boundary, a power of two so
/// that a masked index needs no check.
const GRID: usize = 512;
const GRID_MASK: usize = GRID - 1;
const _: () = assert!((MAX_SIZE as usize + 2) * (MAX_SIZE as usize + 2) <= GRID);
/// No last play.
const NONE: usize = usize::MAX;

/// The playout board (see the module).
#[derive(Clone, Debug)]
pub(crate) struct PlayoutBoard {
    /// The neighbour offsets in the ring order, as wrapping additions.
    steps: [usize; 6],
    /// Colour digits, boundary included; 0 uncoloured (or off the board).
    colors: [u8; GRID],
    /// For uncoloured interior circles: the colours that lose there.
    losing: [u8; GRID],
    /// Uncoloured interior circles by canonical index.
    empty: u128,
    grid_of: [u16; MAX_CIRCLES],
    /// The last play's grid index, or [`NONE`].
    last: usize,
    /// The colour planes of the position the board was made from.
    planes: (u128, u128),
    size: u8,
}

impl PlayoutBoard {
    /// The board of `state`.
    pub(crate) fn new(state: &Atropos) -> PlayoutBoard {
        let size = state.size();
        let n = size.get() as usize;
        let w = n + 2;
        let steps =
            NEIGHBOR_STEPS.map(|(dh, dl)| (dh as isize * w as isize + dl as isize) as usize);
        let mut board = PlayoutBoard {
            steps,
            colors: [0; GRID],
            losing: [0; GRID],
            empty: size.all() & !state.occupied(),
            grid_of: [0; MAX_CIRCLES],
            last: NONE,
            planes: state.planes(),
            size: size.get(),
        };
        for h in 0..=n + 1 {
            for l in 0..=n + 1 {
                let Some(r) = (n + 2).checked_sub(h + l) else {
                    continue;
                };
                let circle = crate::atropos::Circle::new(h as u8, l as u8, r as u8);
                let g = h * w + l;
                board.colors[g] = state.color(circle).map_or(0, Color::digit);
                if let Some(i) = size.index(circle) {
                    board.grid_of[i] = g as u16;
                }
            }
        }
        for i in Bits(board.empty) {
            let g = board.grid_of[i] as usize;
            let mut set = 0;
            for k in 0..6 {
                let a = board.colors[board.at(g, k)] & 3;
                let b = board.colors[board.at(g, k + 1)] & 3;
                set |= THIRD[a as usize][b as usize];
            }
            board.losing[g] = set;
        }
        if let Some(i) = state.last_index() {
            board.last = board.grid_of[i] as usize;
        }
        board
    }

    /// Whether `state` follows from this board's position by colouring
    /// circles (as every position of one search does).
    pub(crate) fn leads_to(&self, state: &Atropos) -> bool {
        let (low, high) = state.planes();
        let occupied = self.planes.0 | self.planes.1;
        state.size().get() == self.size
            && low & occupied == self.planes.0
            && high & occupied == self.planes.1
    }

    /// Turns a copy of this board into the board of `state` (which it
    /// leads to): the circles coloured since, and the last play.
    pub(crate) fn advance_to(&mut self, state: &Atropos) {
        let occupied = self.planes.0 | self.planes.1;
        for i in Bits(state.occupied() & !occupied) {
            let g = self.grid_of[i] as usize;
            self.color(g, state.digit(i));
        }
        self.planes = state.planes();
        self.last = state
            .last_index()
            .map_or(NONE, |i| self.grid_of[i] as usize);
    }

    /// Neighbour `k` of `g`.
    #[inline]
    fn at(&self, g: usize, k: usize) -> usize {
        g.wrapping_add(self.steps[k % 6]) & GRID_MASK
    }

    /// Colours `g` with digit `d`: the losing sets of its uncoloured
    /// neighbours grow by the third colour of each triangle it closes.
    #[inline]
    fn color(&mut self, g: usize, d: u8) {
        let g = g & GRID_MASK;
        self.colors[g] = d;
        self.empty &= !(1u128 << self.index_of(g));
        let third = &THIRD[d as usize & 3];
        for k in 0..6 {
            let y = self.at(g, k);
            if self.colors[y] != 0 {
                continue;
            }
            let a = self.colors[self.at(g, k + 5)] as usize & 3;
            let b = self.colors[self.at(g, k + 1)] as usize & 3;
            self.losing[y] |= third[a] | third[b];
        }
        self.last = g;
    }

    /// The canonical index of interior `g` (rows of `n + 2` circles).
    #[inline]
    fn index_of(&self, g: usize) -> u32 {
        let w = self.size as usize + 2;
        let (h, l) = (g / w, g % w);
        let n = self.size as usize;
        // Rows 1 .. h-1 hold n, n-1, ... circles.
        let below = h.saturating_sub(1);
        ((below * (n + 1) - below * (below + 1) / 2 + l).saturating_sub(1) & 127) as u32
    }

    /// The opponent's safe replies after `g` is coloured, for each colour
    /// at once (the solver's packing: bits 0, 8, 16 for red, blue, green;
    /// bit 24 counts `g`'s uncoloured neighbours).
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

    /// Plays random safe moves (a random safe circle, then a random colour
    /// that does not lose there) until the player to move has none, and
    /// returns that player, who loses; `mover` moves first. With
    /// `take_wins`, a move after which the opponent has no safe reply is
    /// played whenever there is one.
    pub(crate) fn play_out(&mut self, mut mover: Player, rng: &mut Rng, take_wins: bool) -> Player {
        let mut safe = [(0u16, 0u8); MAX_CIRCLES];
        loop {
            let mut count = 0;
            let mut near = false;
            if self.last != NONE {
                for k in 0..6 {
                    let g = self.at(self.last, k);
                    if self.colors[g] == 0 {
                        near = true;
                        let keeps = !self.losing[g] & ALL_COLORS;
                        if keeps != 0 {
                            safe[count] = (g as u16, keeps);
                            count += 1;
                        }
                    }
                }
            }
            if !near {
                for i in Bits(self.empty) {
                    let g = self.grid_of[i] as usize;
                    let keeps = !self.losing[g] & ALL_COLORS;
                    if keeps != 0 {
                        safe[count] = (g as u16, keeps);
                        count += 1;
                    }
                }
            }
            if count == 0 {
                return mover;
            }
            if take_wins {
                for &(g, keeps) in &safe[..count] {
                    let packed = self.replies(g as usize);
                    if packed >> 24 == 0 {
                        // The opponent would play anywhere.
                        continue;
                    }
                    for d in 1..4u8 {
                        if keeps & (1 << d) != 0 && (packed >> (8 * (d - 1))) & 0xFF == 0 {
                            self.color(g as usize, d);
                            return mover.other();
                        }
                    }
                }
            }
            let (g, keeps) = safe[rng.below(count as u32) as usize];
            let mut pick = rng.below(keeps.count_ones());
            let mut d = 1u8;
            loop {
                if keeps & (1 << d) != 0 {
                    if pick == 0 {
                        break;
                    }
                    pick -= 1;
                }
                d += 1;
            }
            self.color(g as usize, d);
            mover = mover.other();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atropos::default_move;
    use crate::atropos::state::Move;

    /// The board's losing sets and candidates agree with the position's
    /// after moves, whether made from scratch or advanced from a root.
    #[test]
    fn boards_follow_positions() {
        let mut rng = Rng::new(21);
        for n in [1, 3, 6, 10, 15] {
            let mut state = Atropos::new(n).unwrap();
            let root = PlayoutBoard::new(&state);
            while let Some(mv) = default_move(&state, &mut rng) {
                if state.safe_moves().is_empty() {
                    break;
                }
                state.play(mv).unwrap();
                let fresh = PlayoutBoard::new(&state);
                let mut advanced = root.clone();
                assert!(root.leads_to(&state));
                advanced.advance_to(&state);
                for board in [&fresh, &advanced] {
                    assert_eq!(board.empty, state.size().all() & !state.occupied());
                    assert_eq!(board.last, fresh.last);
                    for c in state.size().interior_circles() {
                        let i = state.size().index(c).unwrap();
                        let g = board.grid_of[i] as usize;
                        assert_eq!(board.index_of(g) as usize, i);
                        if state.color(c).is_none() {
                            let bits = state.losing_colors(c).bits();
                            assert_eq!(board.losing[g], bits, "{state} {c}");
                        }
                    }
                }
            }
        }
    }

    /// A playout ends with a player who has no safe move, and with
    /// `take_wins` the winner's last move left no safe reply.
    #[test]
    fn playouts_end_where_the_rules_say() {
        let mut rng = Rng::new(2);
        for n in [2, 5, 8, 12] {
            for take_wins in [false, true] {
                let state = Atropos::new(n).unwrap();
                let mut board = PlayoutBoard::new(&state);
                let loser = board.play_out(Player::ONE, &mut rng, take_wins);
                // Rebuild the final position from the board's colours.
                let mut digits = [0u8; MAX_CIRCLES];
                for (i, d) in digits.iter_mut().enumerate().take(state.size().circles()) {
                    *d = board.colors[board.grid_of[i] as usize];
                }
                let coloured = (state.size().all() & !board.empty).count_ones();
                let to_move = if coloured.is_multiple_of(2) {
                    Player::ONE
                } else {
                    Player::TWO
                };
                assert_eq!(to_move, loser);
                let last =
                    (0..state.size().circles()).find(|&i| board.grid_of[i] as usize == board.last);
                let end = Atropos::from_parts(state.size(), &digits, last);
                assert!(!end.is_finished());
                assert!(end.safe_moves().is_empty(), "{end}");
                let _: Option<Move> = end.last_play();
            }
        }
    }
}
