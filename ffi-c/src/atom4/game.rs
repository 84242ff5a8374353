//! The game in caller memory, and the rules: play, undo, legal moves, cells.

use atom4_core::atom4::{Atom4, Change, Changes, Color, IllegalMove, StateError, Status};
use atom4_core::Cell;

use crate::boundary::{guard, input_slice, output, output_array, output_opt, Result};
pub use crate::status::atom4_round_status;
use crate::status::atom4_status::{self, *};
pub use crate::stored::atom4_game;
use crate::stored::{read, write};

/// Most changes one move makes: the placed piece and one cell a direction.
pub const ATOM4_MAX_CHANGES: usize = 7;
/// Most cells a board has (16 x 16), so most legal moves a position has.
pub const ATOM4_MAX_CELLS: usize = 256;

/// A cell of the board: column x (0 at the left), row y (0 at the top).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_cell {
    pub x: u8,
    pub y: u8,
}

impl From<Cell> for atom4_cell {
    fn from(cell: Cell) -> atom4_cell {
        atom4_cell {
            x: cell.x(),
            y: cell.y(),
        }
    }
}

/// The cell `(x, y)` of `state`'s board, or ATOM4_OUT_OF_RANGE.
pub(crate) fn cell_of(state: &Atom4, x: u8, y: u8) -> Result<Cell> {
    state.board().cell(x, y).ok_or(ATOM4_OUT_OF_RANGE)
}

/// One cell changed by a move. Colours are 0..7 (bit 0 red, bit 1 green,
/// bit 2 blue: 0 black, 7 white).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_change {
    pub x: u8,
    pub y: u8,
    /// The colour before the move, -1 when the cell was empty (as the
    /// placed piece's cell always is).
    pub before: i8,
    /// The colour after the move.
    pub after: u8,
}

impl From<&Change> for atom4_change {
    fn from(change: &Change) -> atom4_change {
        atom4_change {
            x: change.cell.x(),
            y: change.cell.y(),
            before: change.old.map_or(-1, |c| c.bits() as i8),
            after: change.new.bits(),
        }
    }
}

/// Everything about a game but its cells.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_info {
    pub width: u8,
    pub height: u8,
    /// The colour (0..7) of the tile to be placed next.
    pub tile: u8,
    /// Its index in the tile sequence red, yellow, green, cyan, blue, purple (0..5).
    pub tile_index: u8,
    /// The player to move, 1 or 2; 0 once the round is over.
    pub player: u8,
    pub status: atom4_round_status,
    /// The round, from 1.
    pub round: u32,
    /// Rounds won by players 1 and 2.
    pub scores: [u32; 2],
    /// The number of legal cells for the next move (0 once the round is over).
    pub legal_count: u16,
    pub empty_count: u16,
}

/// Starts a new game (round 1) on a `width` x `height` board, 2..16 each
/// way (the original front ends use 16 x 16).
#[no_mangle]
pub extern "C" fn atom4_game_init(game: *mut atom4_game, width: u8, height: u8) -> atom4_status {
    guard(|| {
        let state = Atom4::new(width, height).map_err(|_| ATOM4_OUT_OF_RANGE)?;
        write(game, &state)
    })
}

/// Fills `info` with the game's size, tile, player, status, round and scores.
#[no_mangle]
pub extern "C" fn atom4_game_info(game: *const atom4_game, info: *mut atom4_info) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let status = match state.status() {
            Status::Playing => atom4_round_status::ATOM4_PLAYING,
            Status::Won(p) if p.number() == 1 => atom4_round_status::ATOM4_WON_BY_PLAYER_1,
            Status::Won(_) => atom4_round_status::ATOM4_WON_BY_PLAYER_2,
            Status::Stalemate => atom4_round_status::ATOM4_STALEMATE,
        };
        let legal_count = if state.is_over() {
            0
        } else {
            state.legal_moves().count() as u16
        };
        output(
            info,
            atom4_info {
                width: state.width(),
                height: state.height(),
                tile: state.tile().color().bits(),
                tile_index: state.tile().index(),
                player: state.current_player().map_or(0, |p| p.number()),
                status,
                round: state.round(),
                scores: state.scores(),
                legal_count,
                empty_count: state.board().empty_count() as u16,
            },
        )
    })
}

/// Writes the colour at `(x, y)` to `color`: 0..7, or -1 when empty.
#[no_mangle]
pub extern "C" fn atom4_get_cell(
    game: *const atom4_game,
    x: u8,
    y: u8,
    color: *mut i8,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let cell = cell_of(&state, x, y)?;
        output(
            color,
            state.board().get(cell).map_or(-1, |c| c.bits() as i8),
        )
    })
}

/// ATOM4_OK when the player to move may place the current tile at `(x, y)`;
/// otherwise why not (ATOM4_OUT_OF_RANGE, ATOM4_OCCUPIED, ATOM4_ILLEGAL_MOVE,
/// ATOM4_ROUND_OVER).
#[no_mangle]
pub extern "C" fn atom4_check_move(game: *const atom4_game, x: u8, y: u8) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let cell = cell_of(&state, x, y)?;
        Ok(state.check_move(cell)?)
    })
}

/// Places the current tile at `(x, y)` for the player to move. The cells it
/// changed go to `changes` (`capacity` items; ATOM4_MAX_CHANGES always
/// suffice): the placed piece first, then the splashed cells in direction
/// order. Their number goes to `count` (may be NULL). Pass NULL and 0 for
/// `changes` and `capacity` when the list is not wanted. An illegal move or
/// a too small buffer leaves the game unchanged.
#[no_mangle]
pub extern "C" fn atom4_play(
    game: *mut atom4_game,
    x: u8,
    y: u8,
    changes: *mut atom4_change,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let mut state = read(game)?;
        let cell = cell_of(&state, x, y)?;
        let made = state.play(cell)?;
        let list: arrayvec::ArrayVec<atom4_change, ATOM4_MAX_CHANGES> =
            made.iter().map(atom4_change::from).collect();
        output_changes(changes, capacity, count, &list)?;
        write(game, &state)
    })
}

/// Writes a move's changes as atom4_play() says: NULL and 0 for `changes`
/// and `capacity` ask only for their number.
pub(crate) fn output_changes(
    changes: *mut atom4_change,
    capacity: usize,
    count: *mut usize,
    list: &[atom4_change],
) -> Result<()> {
    if changes.is_null() && capacity == 0 {
        output_opt(count, list.len())
    } else {
        output_array(changes, capacity, count, list)
    }
}

/// Takes back the last move, given the `count` changes atom4_play() wrote
/// for it. ATOM4_NOT_LAST_MOVE (and nothing changes) when they are not the
/// last move of this game. One move can be taken back this way per call;
/// keep the change lists to go back further.
#[no_mangle]
pub extern "C" fn atom4_undo(
    game: *mut atom4_game,
    changes: *const atom4_change,
    count: usize,
) -> atom4_status {
    guard(|| {
        let mut state = read(game)?;
        let given = input_slice(changes, count)?;
        if given.len() > ATOM4_MAX_CHANGES {
            return Err(ATOM4_NOT_LAST_MOVE);
        }
        let mut list = Changes::new();
        for change in given {
            let cell = cell_of(&state, change.x, change.y)?;
            let color = |bits: u8| (bits < 8).then(|| Color::from_bits(bits));
            let new = color(change.after).ok_or(ATOM4_OUT_OF_RANGE)?;
            let old = match change.before {
                -1 => None,
                b => Some(color(b as u8).ok_or(ATOM4_OUT_OF_RANGE)?),
            };
            list.push(Change { cell, old, new });
        }
        state.unplay(&list)?;
        write(game, &state)
    })
}

/// Writes the legal cells for the next move, row by row, to `cells`
/// (`capacity` items; ATOM4_MAX_CELLS always suffice) and their number to
/// `count` (may be NULL). None once the round is over.
#[no_mangle]
pub extern "C" fn atom4_legal_moves(
    game: *const atom4_game,
    cells: *mut atom4_cell,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let mut list: arrayvec::ArrayVec<atom4_cell, ATOM4_MAX_CELLS> = arrayvec::ArrayVec::new();
        if !state.is_over() {
            list.extend(state.legal_moves().iter().map(atom4_cell::from));
        }
        output_array(cells, capacity, count, &list)
    })
}

/// Starts the next round once the current one is over (ATOM4_ROUND_NOT_OVER
/// otherwise): empty board with the two starting pieces, the other player
/// first, scores kept.
#[no_mangle]
pub extern "C" fn atom4_next_round(game: *mut atom4_game) -> atom4_status {
    guard(|| {
        let mut state = read(game)?;
        state.next_round()?;
        write(game, &state)
    })
}

impl From<IllegalMove> for atom4_status {
    fn from(e: IllegalMove) -> atom4_status {
        match e {
            IllegalMove::RoundOver => ATOM4_ROUND_OVER,
            IllegalMove::OffBoard => ATOM4_OUT_OF_RANGE,
            IllegalMove::Occupied => ATOM4_OCCUPIED,
            IllegalMove::Unsupported => ATOM4_ILLEGAL_MOVE,
        }
    }
}

impl From<StateError> for atom4_status {
    fn from(e: StateError) -> atom4_status {
        match e {
            StateError::NotLastMove => ATOM4_NOT_LAST_MOVE,
            StateError::RoundNotOver => ATOM4_ROUND_NOT_OVER,
            StateError::TooManyRounds => ATOM4_OUT_OF_RANGE,
        }
    }
}
