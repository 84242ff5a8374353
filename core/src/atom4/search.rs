//! Atom-4 as the generic searches see it: the [`Game`] and [`ZeroSum`]
//! implementations and its Zobrist keys.

use arrayvec::ArrayVec;

use super::board::{Change, Changes, Recorder};
use super::color::Tile;
use super::state::{Atom4, Status};
use crate::game::{Game, Player, Turn, ZeroSum};
use crate::grid::Cell;
use crate::mcts::NodeMove;
use crate::search::PackedMove;

/// SplitMix64's output function, usable in const tables.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One random key a cell. The key of a colour on a cell is the cell's key
/// rotated by eight bits a colour value, mixed with the colour's own key:
/// 2 KiB of table instead of 16 KiB for a key a (cell, colour) pair, which
/// matters on a microcontroller.
const CELL_KEYS: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        keys[i] =
            mix(0x243F_6A88_85A3_08D3u64
                .wrapping_add((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        i += 1;
    }
    keys
};

const COLOR_KEYS: [u64; 8] = {
    let mut keys = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        keys[i] = mix(0x1319_8A2E_0370_7344 ^ (i as u64 + 1).wrapping_mul(0xA409_3822_299F_31D0));
        i += 1;
    }
    keys
};

const TILE_KEYS: [u64; 6] = {
    let mut keys = [0u64; 6];
    let mut i = 0;
    while i < 6 {
        keys[i] = mix(0x082E_FA98_EC4E_6C89 ^ (i as u64 + 1).wrapping_mul(0x4528_21E6_38D0_1377));
        i += 1;
    }
    keys
};

/// The key of `color` on `cell` (an empty cell has key 0).
#[inline]
fn cell_key(cell: Cell, color: Option<super::Color>) -> u64 {
    match color {
        None => 0,
        Some(c) => {
            CELL_KEYS[cell.index() as usize].rotate_left(8 * c.bits() as u32)
                ^ COLOR_KEYS[c.bits() as usize]
        }
    }
}

#[inline]
fn tile_key(tile: Tile) -> u64 {
    TILE_KEYS[tile.index() as usize]
}

/// Folds each change into a Zobrist key as the move is made.
struct KeyUpdate(u64);

impl Recorder for KeyUpdate {
    #[inline]
    fn record(&mut self, change: Change, changed: bool) {
        let delta = cell_key(change.cell, change.old) ^ cell_key(change.cell, Some(change.new));
        self.0 ^= (changed as u64).wrapping_neg() & delta;
    }
}

/// Records the changes and folds them into the key in one pass.
struct KeyAndChanges(KeyUpdate, Changes);

impl Recorder for KeyAndChanges {
    #[inline]
    fn record(&mut self, change: Change, changed: bool) {
        self.0.record(change, changed);
        self.1.record(change, changed);
    }
}

/// The most legal cells a position has: every cell of 16 x 16.
pub const MAX_MOVES: usize = 256;

/// A list of moves of Atom-4.
pub type MoveList = ArrayVec<Cell, MAX_MOVES>;

/// A cell's index in the 16 x 16 frame.
impl PackedMove for Cell {
    fn to_bits(self) -> u16 {
        self.index() as u16
    }

    fn from_bits(bits: u16) -> Cell {
        Cell::from_index(bits as u8)
    }
}

impl NodeMove for Cell {
    fn to_bits(self) -> u32 {
        self.index().into()
    }

    fn from_bits(bits: u32) -> Cell {
        Cell::from_index(bits as u8)
    }
}

impl Game for Atom4 {
    type Move = Cell;
    type List<T: Copy> = ArrayVec<T, MAX_MOVES>;

    #[inline]
    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.status() {
            Status::Playing => Turn::Player(self.side_to_move()),
            _ => Turn::Over,
        }
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        moves.extend(Atom4::legal_moves(self).iter());
    }

    #[inline]
    fn play(&mut self, mv: Cell) {
        self.play_unchecked(mv, &mut ());
    }

    /// 1 to the winner of the round, -1 to the loser, 0 to both after a
    /// stalemate.
    #[inline]
    fn returns(&self, player: Player) -> f32 {
        match self.status() {
            Status::Won(p) if p == player => 1.0,
            Status::Won(_) => -1.0,
            _ => 0.0,
        }
    }
}

impl ZeroSum for Atom4 {
    type Undo = Changes;

    fn hash(&self) -> u64 {
        let board = self.board();
        board
            .occupied()
            .iter()
            .fold(tile_key(self.tile()), |h, c| h ^ cell_key(c, board.get(c)))
    }

    #[inline]
    fn play_keyed(&mut self, mv: Cell, hash: u64) -> u64 {
        let mut key = KeyUpdate(hash ^ tile_key(self.tile()));
        self.play_unchecked(mv, &mut key);
        key.0 ^ tile_key(self.tile())
    }

    #[inline]
    fn play_undoable(&mut self, mv: Cell, hash: u64) -> (u64, Changes) {
        let mut both = KeyAndChanges(KeyUpdate(hash ^ tile_key(self.tile())), Changes::new());
        self.play_unchecked(mv, &mut both);
        (both.0 .0 ^ tile_key(self.tile()), both.1)
    }

    #[inline]
    fn unplay(&mut self, undo: &Changes) {
        // The search only takes back the move it just made: no checks.
        self.revert_last(undo);
    }

    #[inline]
    fn pass(&mut self, hash: u64) -> Option<u64> {
        let before = tile_key(self.tile());
        self.pass_turn();
        Some(hash ^ before ^ tile_key(self.tile()))
    }

    #[inline]
    fn unpass(&mut self) {
        self.unpass_turn();
    }

    #[inline]
    fn move_slot(mv: Cell) -> usize {
        mv.index() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Making a move in place and taking it back restores the position
    /// exactly, and the key matches `play`'s.
    #[test]
    fn play_undoable_and_unplay_restore_exactly() {
        let mut rng = Rng::new(9);
        let mut moves = MoveList::new();
        let mut game = Atom4::standard();
        let mut hash = ZeroSum::hash(&game);
        while !game.is_over() {
            Game::legal_moves(&game, &mut moves);
            for &mv in moves.iter() {
                let (before, mut copy) = (game, game);
                let (key, undo) = game.play_undoable(mv, hash);
                assert_eq!(key, copy.play_keyed(mv, hash));
                assert_eq!(game, copy);
                ZeroSum::unplay(&mut game, &undo);
                assert_eq!(game, before);
            }
            let mv = moves[rng.below(moves.len() as u32) as usize];
            hash = game.play_keyed(mv, hash);
        }
    }

    /// A pass hands the turn over with the next tile, its key is the key
    /// from scratch, and taking it back restores the position.
    #[test]
    fn pass_and_unpass() {
        let mut rng = Rng::new(11);
        let mut moves = MoveList::new();
        let mut game = Atom4::standard();
        let mut hash = ZeroSum::hash(&game);
        while !game.is_over() {
            let before = game;
            let key = game.pass(hash).unwrap();
            assert_eq!(game.tile(), before.tile().next());
            assert_eq!(game.side_to_move(), before.side_to_move().other());
            assert_eq!(game.board(), before.board());
            assert_eq!(key, ZeroSum::hash(&game));
            game.unpass();
            assert_eq!(game, before);
            Game::legal_moves(&game, &mut moves);
            let mv = moves[rng.below(moves.len() as u32) as usize];
            hash = game.play_keyed(mv, hash);
        }
    }

    /// The key kept up to date move by move equals the key from scratch.
    #[test]
    fn incremental_keys_match_full_keys() {
        let mut rng = Rng::new(5);
        let mut moves = MoveList::new();
        for _ in 0..20 {
            let mut game = Atom4::standard();
            let mut hash = ZeroSum::hash(&game);
            while !game.is_over() {
                Game::legal_moves(&game, &mut moves);
                let mv = moves[rng.below(moves.len() as u32) as usize];
                hash = game.play_keyed(mv, hash);
                assert_eq!(hash, ZeroSum::hash(&game));
            }
        }
    }
}
