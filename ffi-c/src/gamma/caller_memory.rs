//! Gamma in memory the caller provides, for embedded C (no allocation at
//! all): `atom4_gamma_*` functions in `atom4.h`, in the library's style
//! (an `atom4_status` from every call, typed errors, nothing changed on
//! failure). The game is an array of `uint32_t` words, as many as
//! `atom4_gamma_memory_words` says, passed with its length to every call.

use core::ffi::c_char;
use core::fmt::{self, Write as _};
use core::mem::MaybeUninit;

use atom4_core::gamma::{BoardText, Gamma, MoveError, NewError};

use super::memory::caller_words;
use crate::boundary::{guard, output, output_opt, uninit_slice, Result};
use crate::status::atom4_status::{self, *};

/// A Gamma game's board, players, areas limit and empty cells
/// (atom4_gamma_get_info).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct atom4_gamma_info {
    pub width: u32,
    pub height: u32,
    pub players: u32,
    pub areas: u32,
    /// Cells nobody holds.
    pub empty_fields: u64,
}

fn new_error(e: NewError) -> atom4_status {
    match e {
        NewError::ZeroArgument | NewError::TooBig => ATOM4_OUT_OF_RANGE,
        NewError::MemoryTooSmall { .. } => ATOM4_BUFFER_TOO_SMALL,
    }
}

fn move_error(e: MoveError) -> atom4_status {
    match e {
        MoveError::BadPlayer | MoveError::OffBoard => ATOM4_OUT_OF_RANGE,
        MoveError::Occupied => ATOM4_OCCUPIED,
        MoveError::TooManyAreas
        | MoveError::GoldenMoveUsed
        | MoveError::EmptyCell
        | MoveError::OwnCell
        | MoveError::VictimTooManyAreas => ATOM4_ILLEGAL_MOVE,
        MoveError::Corrupted => ATOM4_BAD_GAME,
    }
}

/// Text written into a caller's buffer, which holds at least as many bytes.
struct Slots<'a> {
    slots: &'a mut [MaybeUninit<u8>],
    at: usize,
}

impl fmt::Write for Slots<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self
            .slots
            .get_mut(self.at..self.at + s.len())
            .ok_or(fmt::Error)?;
        for (slot, &byte) in room.iter_mut().zip(s.as_bytes()) {
            slot.write(byte);
        }
        self.at += s.len();
        Ok(())
    }
}

/// The game in the caller's memory.
fn open<'a>(memory: *mut u32, words: usize) -> Result<Gamma<'a>> {
    Gamma::attach(caller_words(memory, words)?).map_err(|_| ATOM4_BAD_GAME)
}

/// A player of `game`, or ATOM4_OUT_OF_RANGE.
fn player_of(game: &Gamma<'_>, player: u32) -> Result<u32> {
    if player == 0 || player > game.players() {
        Err(ATOM4_OUT_OF_RANGE)
    } else {
        Ok(player)
    }
}

/// How many `uint32_t` words a game of `players` on a `width` x `height`
/// board needs (about 7.25 a cell and 7 a player), into `words`.
/// ATOM4_OUT_OF_RANGE when a number is 0 or the board has more than 2^30
/// cells.
#[no_mangle]
pub extern "C" fn atom4_gamma_memory_words(
    width: u32,
    height: u32,
    players: u32,
    words: *mut usize,
) -> atom4_status {
    guard(|| {
        let needed = Gamma::memory_words(width, height, players).ok_or(ATOM4_OUT_OF_RANGE)?;
        output(words, needed)
    })
}

/// Starts a game in `memory` (`words` words, at least
/// atom4_gamma_memory_words; every word the game uses is written).
/// ATOM4_OUT_OF_RANGE when a number is 0 or the board is too big,
/// ATOM4_BUFFER_TOO_SMALL when the memory is short.
#[no_mangle]
pub extern "C" fn atom4_gamma_init(
    memory: *mut u32,
    words: usize,
    width: u32,
    height: u32,
    players: u32,
    areas: u32,
) -> atom4_status {
    guard(|| {
        let words = caller_words(memory, words)?;
        Gamma::new(width, height, players, areas, words)
            .map(drop)
            .map_err(new_error)
    })
}

/// Like atom4_gamma_init for memory known to be all zero (from calloc, or
/// static): only the game's header is written, so a big board costs
/// nothing up front. Memory that is not zero gives a wrong game (wrong
/// answers or ATOM4_INTERNAL_ERROR), never undefined behaviour.
#[no_mangle]
pub extern "C" fn atom4_gamma_init_zeroed(
    memory: *mut u32,
    words: usize,
    width: u32,
    height: u32,
    players: u32,
    areas: u32,
) -> atom4_status {
    guard(|| {
        let words = caller_words(memory, words)?;
        Gamma::new_in_zeroed(width, height, players, areas, words)
            .map(drop)
            .map_err(new_error)
    })
}

/// The game's board size, players, areas limit and empty cells.
#[no_mangle]
pub extern "C" fn atom4_gamma_get_info(
    memory: *mut u32,
    words: usize,
    info: *mut atom4_gamma_info,
) -> atom4_status {
    guard(|| {
        let game = open(memory, words)?;
        output(
            info,
            atom4_gamma_info {
                width: game.width(),
                height: game.height(),
                players: game.players(),
                areas: game.areas(),
                empty_fields: game.empty_fields(),
            },
        )
    })
}

/// An ordinary move: `player`'s pawn on the empty cell (`x`, `y`).
/// ATOM4_OUT_OF_RANGE for a bad player or cell, ATOM4_OCCUPIED, or
/// ATOM4_ILLEGAL_MOVE when the player would hold more areas than allowed.
#[no_mangle]
pub extern "C" fn atom4_gamma_move(
    memory: *mut u32,
    words: usize,
    player: u32,
    x: u32,
    y: u32,
) -> atom4_status {
    guard(|| open(memory, words)?.play(player, x, y).map_err(move_error))
}

/// A golden move: `player` takes another player's cell (`x`, `y`), once a
/// game. ATOM4_OUT_OF_RANGE for a bad player or cell; ATOM4_ILLEGAL_MOVE
/// when the golden move is used, the cell is empty or the player's own, or
/// either player would hold more areas than allowed.
#[no_mangle]
pub extern "C" fn atom4_gamma_golden_move(
    memory: *mut u32,
    words: usize,
    player: u32,
    x: u32,
    y: u32,
) -> atom4_status {
    guard(|| {
        open(memory, words)?
            .golden_move(player, x, y)
            .map_err(move_error)
    })
}

/// The cells `player` holds, into `busy_fields`.
#[no_mangle]
pub extern "C" fn atom4_gamma_busy_fields(
    memory: *mut u32,
    words: usize,
    player: u32,
    busy_fields: *mut u64,
) -> atom4_status {
    guard(|| {
        let game = open(memory, words)?;
        output(busy_fields, game.busy_fields(player_of(&game, player)?))
    })
}

/// The empty cells where an ordinary move of `player` would succeed now,
/// into `free_fields`.
#[no_mangle]
pub extern "C" fn atom4_gamma_free_fields(
    memory: *mut u32,
    words: usize,
    player: u32,
    free_fields: *mut u64,
) -> atom4_status {
    guard(|| {
        let game = open(memory, words)?;
        output(free_fields, game.free_fields(player_of(&game, player)?))
    })
}

/// Whether some golden move of `player` would succeed now, into
/// `possible`.
#[no_mangle]
pub extern "C" fn atom4_gamma_golden_possible(
    memory: *mut u32,
    words: usize,
    player: u32,
    possible: *mut bool,
) -> atom4_status {
    guard(|| {
        let mut game = open(memory, words)?;
        let player = player_of(&game, player)?;
        output(possible, game.golden_possible(player))
    })
}

/// The player holding (`x`, `y`), 0 for an empty cell, into `player`.
#[no_mangle]
pub extern "C" fn atom4_gamma_owner(
    memory: *mut u32,
    words: usize,
    x: u32,
    y: u32,
    player: *mut u32,
) -> atom4_status {
    guard(|| {
        let game = open(memory, words)?;
        if x >= game.width() || y >= game.height() {
            return Err(ATOM4_OUT_OF_RANGE);
        }
        output(player, game.owner(x, y).unwrap_or(0))
    })
}

/// Writes the board text (as gamma_board gives it) with a NUL to `buffer`
/// (`capacity` bytes) and its length without the NUL to `length` (may be
/// NULL). When it does not fit: ATOM4_BUFFER_TOO_SMALL, and `length` says
/// how long it is (allocate `length + 1`).
#[no_mangle]
pub extern "C" fn atom4_gamma_board(
    memory: *mut u32,
    words: usize,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    guard(|| {
        let game = open(memory, words)?;
        let len = game.board_len().ok_or(ATOM4_OUT_OF_RANGE)?;
        output_opt(length, len)?;
        if capacity <= len {
            return Err(ATOM4_BUFFER_TOO_SMALL);
        }
        let slots = uninit_slice(buffer.cast::<MaybeUninit<u8>>(), capacity)?;
        let mut text = Slots { slots, at: 0 };
        write!(text, "{}", BoardText(&game)).map_err(|_| ATOM4_INTERNAL_ERROR)?;
        text.slots[text.at].write(0);
        Ok(())
    })
}
