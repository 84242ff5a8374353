//! Gamma in memory the caller provides, for embedded C (no allocation at
//! all): `atom4_gamma_*` functions in `atom4.h`, in the library's style
//! (an `atom4_status` from every call, typed errors, nothing changed on
//! failure). The game is an array of `uint32_t` words, as many as
//! `atom4_gamma_memory_words` says, passed with its length to every call.

use core::ffi::c_char;

use atom4_core::gamma::{BoardText, Gamma, MoveError, NewError};

use crate::boundary::{guard, initialised_words, output, output_text_sized, Result};
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

/// The game in the caller's memory.
fn open<'a>(memory: *mut u32, words: usize) -> Result<Gamma<'a>> {
    Gamma::attach(initialised_words(memory, words)?).map_err(|_| ATOM4_BAD_GAME)
}

/// Writes to `out` what `ask` says of `player` (ATOM4_OUT_OF_RANGE when
/// the game has no such player).
fn ask_player<T>(
    memory: *mut u32,
    words: usize,
    player: u32,
    out: *mut T,
    ask: impl FnOnce(&mut Gamma<'_>, u32) -> T,
) -> atom4_status {
    guard(|| {
        let mut game = open(memory, words)?;
        if player == 0 || player > game.players() {
            return Err(ATOM4_OUT_OF_RANGE);
        }
        output(out, ask(&mut game, player))
    })
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

/// A new game in the caller's memory, `zeroed` or not.
fn start(
    memory: *mut u32,
    words: usize,
    [w, h, players, areas]: [u32; 4],
    zeroed: bool,
) -> atom4_status {
    guard(|| {
        let words = initialised_words(memory, words)?;
        let made = match zeroed {
            true => Gamma::new_in_zeroed(w, h, players, areas, words),
            false => Gamma::new(w, h, players, areas, words),
        };
        made.map(drop).map_err(new_error)
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
    start(memory, words, [width, height, players, areas], false)
}

/// Like atom4_gamma_init for memory known to be all zero (from calloc, or
/// static): only the game's header is written, so a big board costs
/// nothing up front. Memory that is not zero gives a wrong game (wrong
/// answers or ATOM4_BAD_GAME), never undefined behaviour.
#[no_mangle]
pub extern "C" fn atom4_gamma_init_zeroed(
    memory: *mut u32,
    words: usize,
    width: u32,
    height: u32,
    players: u32,
    areas: u32,
) -> atom4_status {
    start(memory, words, [width, height, players, areas], true)
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
/// ATOM4_ILLEGAL_MOVE when the player would hold more areas than allowed;
/// ATOM4_BAD_GAME when the memory holds no game or its areas were
/// overwritten (found in a bounded walk, never a hang: start a new game).
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
/// either player would hold more areas than allowed; ATOM4_BAD_GAME as for
/// atom4_gamma_move().
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
    ask_player(memory, words, player, busy_fields, |g, p| g.busy_fields(p))
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
    ask_player(memory, words, player, free_fields, |g, p| g.free_fields(p))
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
    ask_player(memory, words, player, possible, |g, p| g.golden_possible(p))
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
        output_text_sized(BoardText(&game), len, buffer, capacity, length)
    })
}
