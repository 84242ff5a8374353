//! Bare boards: cells without a game around them, for callers that keep
//! their own board (the C++ compatibility layer's `board4`) and ask the
//! rules about it: neighbours, legality, splashes, runs of a colour.

use atom4_core::atom4::{Board, Color, Direction};
use atom4_core::{Cell, MAX_SIDE};

use super::game::{atom4_change, atom4_game, output_changes, ATOM4_MAX_CELLS, ATOM4_MAX_CHANGES};
use crate::boundary::{guard, input, output, Result};
use crate::status::atom4_status::{self, *};

/// A board of any contents: `cells[y * 16 + x]` is -1 for an empty cell or
/// a colour 0..7, for x < width and y < height (2..16 each way); the other
/// entries are ignored.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_board {
    pub width: u8,
    pub height: u8,
    pub cells: [i8; ATOM4_MAX_CELLS],
}

impl atom4_board {
    fn decode(&self) -> Result<Board> {
        let mut board = Board::empty(self.width, self.height).map_err(|_| ATOM4_OUT_OF_RANGE)?;
        for y in 0..self.height {
            for x in 0..self.width {
                let cell = board.cell(x, y).ok_or(ATOM4_OUT_OF_RANGE)?;
                let color = match self.cells[usize::from(cell.index())] {
                    -1 => None,
                    c @ 0..=7 => Some(Color::from_bits(c as u8)),
                    _ => return Err(ATOM4_OUT_OF_RANGE),
                };
                board.set(cell, color);
            }
        }
        Ok(board)
    }
}

/// The caller's board and its cell (x, y).
fn board_cell(board: *const atom4_board, x: u8, y: u8) -> Result<(Board, Cell)> {
    let board = input(board)?.decode()?;
    let cell = board.cell(x, y).ok_or(ATOM4_OUT_OF_RANGE)?;
    Ok((board, cell))
}

fn direction(dir: u8) -> Result<Direction> {
    Direction::ALL
        .get(usize::from(dir))
        .copied()
        .ok_or(ATOM4_OUT_OF_RANGE)
}

fn color_of(value: i8) -> Result<Color> {
    u8::try_from(value)
        .ok()
        .filter(|&c| c < 8)
        .map(Color::from_bits)
        .ok_or(ATOM4_OUT_OF_RANGE)
}

/// Copies the board of `game` into `board`.
#[no_mangle]
pub extern "C" fn atom4_game_board(
    game: *const atom4_game,
    board: *mut atom4_board,
) -> atom4_status {
    guard(|| {
        let state = crate::stored::read(game)?;
        let mut out = atom4_board {
            width: state.width(),
            height: state.height(),
            cells: [-1; ATOM4_MAX_CELLS],
        };
        for (index, slot) in out.cells.iter_mut().enumerate() {
            let cell = Cell::from_index(index as u8);
            if state.board().contains(cell) {
                *slot = state.board().get(cell).map_or(-1, |c| c.bits() as i8);
            }
        }
        output(board, out)
    })
}

/// The neighbour of (x, y) in direction `dir` on a width x height board.
/// Directions 0..5 go clockwise from the upper left (0 upper left,
/// 1 upper right, 2 right, 3 lower right, 4 lower left, 5 left); odd rows
/// sit half a cell right. ATOM4_OUT_OF_RANGE when there is no such
/// neighbour (or a bad size, cell or direction).
#[no_mangle]
pub extern "C" fn atom4_board_neighbour(
    width: u8,
    height: u8,
    x: u8,
    y: u8,
    dir: u8,
    nx: *mut u8,
    ny: *mut u8,
) -> atom4_status {
    guard(|| {
        let board = Board::empty(width, height).map_err(|_| ATOM4_OUT_OF_RANGE)?;
        let cell = board.cell(x, y).ok_or(ATOM4_OUT_OF_RANGE)?;
        let next = direction(dir)?
            .step(cell, width, height)
            .ok_or(ATOM4_OUT_OF_RANGE)?;
        if nx.is_null() || ny.is_null() {
            return Err(ATOM4_NULL_ARGUMENT);
        }
        output(nx, next.x())?;
        output(ny, next.y())
    })
}

/// Whether a piece may go to (x, y): the cell is empty and has two
/// occupied neighbours next to each other.
#[no_mangle]
pub extern "C" fn atom4_board_is_legal(
    board: *const atom4_board,
    x: u8,
    y: u8,
    legal: *mut bool,
) -> atom4_status {
    guard(|| {
        let (board, cell) = board_cell(board, x, y)?;
        output(legal, board.is_legal(cell))
    })
}

/// What placing `piece` (a colour 1..6) on the empty cell (x, y) would
/// change, without changing `board`: the placed piece first, then the
/// splashed cells in direction order. A propagator (0 or 7) splashes
/// nothing: the count is 0. ATOM4_OCCUPIED if the cell holds a piece.
#[no_mangle]
pub extern "C" fn atom4_board_splash(
    board: *const atom4_board,
    x: u8,
    y: u8,
    piece: i8,
    changes: *mut atom4_change,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let (board, cell) = board_cell(board, x, y)?;
        let piece = color_of(piece)?;
        if board.is_occupied(cell) {
            return Err(ATOM4_OCCUPIED);
        }
        let list: arrayvec::ArrayVec<atom4_change, ATOM4_MAX_CHANGES> = match piece.propagator() {
            Some(_) => board
                .splash(cell, piece)
                .iter()
                .map(atom4_change::from)
                .collect(),
            None => arrayvec::ArrayVec::new(),
        };
        output_changes(changes, capacity, count, &list)
    })
}

/// How many cells of colour `piece` follow (x, y) in direction `dir`, not
/// counting (x, y) itself, stopping at `limit`.
#[no_mangle]
pub extern "C" fn atom4_board_run(
    board: *const atom4_board,
    x: u8,
    y: u8,
    dir: u8,
    piece: i8,
    limit: u32,
    count: *mut u32,
) -> atom4_status {
    guard(|| {
        let (board, mut at) = board_cell(board, x, y)?;
        let (dir, want) = (direction(dir)?, color_of(piece)?);
        let mut n = 0;
        while n < limit.min(u32::from(MAX_SIDE)) {
            match dir.step(at, board.width(), board.height()) {
                Some(next) if board.get(next) == Some(want) => {
                    n += 1;
                    at = next;
                }
                _ => break,
            }
        }
        output(count, n)
    })
}
