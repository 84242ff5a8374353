//! Atom-4's integer views of a position for learning code: the
//! observation bytes and feature planes. The layout is documented in the
//! README ("Python") and in `_native.pyi`; tests pin it.

use atom4_core::atom4::{Atom4, Status};
use atom4_core::Cell;

/// One action per cell of the 16 x 16 frame: `y * 16 + x`.
pub const ACTIONS: usize = 256;

/// 256 cell codes, then the tile, then the player to move.
pub const OBSERVATION_LEN: usize = ACTIONS + 2;

/// Cell codes of the observation.
const OFF_BOARD: u8 = 0;
const EMPTY: u8 = 1;
/// A piece is `PIECE + colour bits` (K 0, r 1, g 2, y 3, b 4, p 5, c 6, W 7).
const PIECE: u8 = 2;

pub fn observation(game: &Atom4) -> [u8; OBSERVATION_LEN] {
    let board = game.board();
    let mut bytes = [OFF_BOARD; OBSERVATION_LEN];
    for (index, code) in bytes[..ACTIONS].iter_mut().enumerate() {
        let cell = Cell::from_index(index as u8);
        if board.contains(cell) {
            *code = board.get(cell).map_or(EMPTY, |c| PIECE + c.bits());
        }
    }
    bytes[ACTIONS] = game.tile().color().bits();
    bytes[ACTIONS + 1] = match game.status() {
        Status::Playing => game.side_to_move().number(),
        _ => 0,
    };
    bytes
}

/// Feature planes of `planes`, each 256 bytes in action order.
pub const PLANES: usize = 14;

/// One-hot planes (0 or 1 bytes) for neural networks, channels first:
/// 0..8 a piece of colour bits `i`, 8 an empty cell, 9 a legal cell,
/// 10..13 the tile's red, green and blue bits, 13 player 2 to move; the
/// last four are constant over the board's cells. Cells off the board are
/// 0 in every plane.
pub fn planes(game: &Atom4) -> [u8; PLANES * ACTIONS] {
    let board = game.board();
    let legal = game.legal_moves();
    let tile = game.tile().color().bits();
    let player_two = u8::from(game.side_to_move().number() == 2);
    let mut bytes = [0u8; PLANES * ACTIONS];
    for index in 0..ACTIONS {
        let cell = Cell::from_index(index as u8);
        if !board.contains(cell) {
            continue;
        }
        let mut set = |plane: usize, on: u8| bytes[plane * ACTIONS + index] = on;
        match board.get(cell) {
            Some(piece) => set(usize::from(piece.bits()), 1),
            None => set(8, 1),
        }
        set(9, u8::from(legal.has(cell)));
        for bit in 0..3 {
            set(10 + bit, (tile >> bit) & 1);
        }
        set(13, player_two);
    }
    bytes
}
