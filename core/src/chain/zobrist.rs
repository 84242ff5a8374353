//! Zobrist keys of positions.
//!
//! A cell's key is a hash of (cell, count, owner) and the rest of the
//! position (player to move, who is out, the result, and the ply while it
//! still matters to the rules) has one key: no tables, so nothing in flash
//! on a microcontroller. The hash is SplitMix64's finaliser, a bijection,
//! so different cell states never share a key. Keys are kept up to date
//! from the cells a move changed ([`Position::rekey`]), found by comparing
//! the planes before and after.

use super::bits::Bits;
use super::board::Board;
use super::position::{Position, Status};
use super::rules::{Rules, ATOMS_FIRST_CHECK};

/// SplitMix64's output function.
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const CELL_SALT: u64 = 0x243F_6A88_85A3_08D3;
const REST_SALT: u64 = 0x1319_8A2E_0370_7344;

/// The key of cell `index` (dense) of `board`: 0 for an empty cell without owner.
#[inline]
fn cell_key(board: &Board, index: usize) -> u64 {
    let cell = board.cell_at(index);
    let count = board.count(cell) as u64;
    match board.owner(cell) {
        None if count == 0 => 0,
        owner => {
            let owner = owner.map_or(0, |p| p.index() as u64 + 1);
            mix(CELL_SALT ^ ((index as u64) << 8 | count << 4 | owner))
        }
    }
}

impl Position {
    /// The key of everything but the cells.
    fn rest_key(&self) -> u64 {
        // The ply matters to the rules only below the first check
        // (`classic`: the last player's first turn; `atoms`: ply 10).
        let phase = match self.rules {
            Rules::Classic => self.ply.min(self.players as u32 - 1),
            Rules::Atoms => self.ply.min(ATOMS_FIRST_CHECK),
        };
        let status = match self.status {
            Status::Playing => 0,
            Status::Drawn => 1,
            Status::Won(p) => 2 + p.index() as u64,
        };
        mix(REST_SALT
            ^ (self.to_move.index() as u64
                | (self.out as u64) << 8
                | status << 16
                | (phase as u64) << 24))
    }

    /// The Zobrist key of this position, from scratch.
    pub fn key(&self) -> u64 {
        let board = &self.board;
        let planes = board.planes::<4>();
        let marked = planes.owned | planes.occupied();
        marked
            .iter()
            .fold(self.rest_key(), |key, i| key ^ cell_key(board, i))
    }

    /// The key of this position given `key`, the key of `before` (a
    /// position of the same game, such as the one before the last move):
    /// only the cells that differ are hashed.
    pub fn rekey(&self, before: &Position, key: u64) -> u64 {
        let (old, new) = (before.board.planes::<4>(), self.board.planes::<4>());
        let mut changed = (old.owned ^ new.owned) & Bits::below(self.board.area());
        for k in 0..3 {
            changed = changed | (old.count[k] ^ new.count[k]) | (old.owner[k] ^ new.owner[k]);
        }
        changed
            .iter()
            .fold(key ^ before.rest_key() ^ self.rest_key(), |key, i| {
                key ^ cell_key(&before.board, i) ^ cell_key(&self.board, i)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::position::Move;
    use crate::rng::Rng;

    /// The key kept up to date move by move equals the key from scratch,
    /// on boards of every word count and both rule sets.
    #[test]
    fn keys_kept_up_to_date_equal_keys_from_scratch() {
        let mut rng = Rng::new(31);
        for (rules, w, h, players) in [
            (Rules::Classic, 6, 9, 2),
            (Rules::Classic, 16, 16, 5),
            (Rules::Classic, 12, 8, 3),
            (Rules::Atoms, 8, 8, 2),
            (Rules::Atoms, 13, 13, 2),
        ] {
            let mut position = Position::new(rules, w, h, players).unwrap();
            let mut key = position.key();
            for _ in 0..300 {
                if position.is_over() {
                    break;
                }
                let cells: std::vec::Vec<_> = position.legal_cells().collect();
                let mv = match cells.len() {
                    0 => Move::Pass,
                    n => Move::Place(cells[rng.below(n as u32) as usize]),
                };
                let before = position;
                position.play(mv).unwrap();
                key = position.rekey(&before, key);
                assert_eq!(key, position.key(), "{before:?} {mv}");
            }
        }
    }
}
