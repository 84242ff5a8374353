//! The typed families' text, in and out, over the boundary's one text
//! writer and reader: each game's position notation (`*_to_text`,
//! `*_from_text`), Atropos's moves as player programs print them, and the
//! Atomas protocol's lines. Each game's module re-exports its functions.

use core::ffi::c_char;
use core::fmt::Display;

use atom4_core::atom4::Atom4;
use atom4_core::atomas::{Atomas, Reply, Request, Session};
use atom4_core::atropos::{referee::MAX_STATE_LEN, Atropos, Move};
use atom4_core::chain::Position;

use crate::atomas::reply_status;
use crate::atropos::atom4_atropos_move;
use crate::boundary::{guard, input_slice, output, output_opt, output_text, parse_text};
use crate::status::atom4_status::{self, *};
use crate::stored::{
    atom4_atomas_game, atom4_atropos_game, atom4_chain_game, atom4_game, read, write, Stored,
};

/// Writes the position text of a typed family's game as its
/// `*_to_text` function says.
fn game_to_text<T: Stored>(
    game: *const T,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status
where
    T::Game: Display,
{
    guard(|| output_text(read(game)?, buffer, capacity, length))
}

/// Sets a typed family's game to the position `parse` reads from the
/// caller's text, as its `*_from_text` function says.
fn game_from_text<T: Stored>(
    game: *mut T,
    text: *const c_char,
    length: usize,
    error_offset: *mut usize,
    parse: impl FnOnce(&str) -> core::result::Result<T::Game, usize>,
) -> atom4_status {
    guard(|| {
        let parsed = parse_text(text, length, error_offset, parse)?;
        write(game, &parsed)
    })
}

/// A buffer of this many bytes holds the text of any position with its NUL.
pub const ATOM4_TEXT_CAPACITY: usize = 320;

/// Writes the position text of `game`, NUL-terminated, to `buffer`
/// (`capacity` bytes) and its length without the NUL to `length` (may be
/// NULL). When it does not fit, ATOM4_BUFFER_TOO_SMALL and `length` says
/// how long it is (allocate `length + 1`); ATOM4_TEXT_CAPACITY always fits.
#[no_mangle]
pub extern "C" fn atom4_game_to_text(
    game: *const atom4_game,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    game_to_text(game, buffer, capacity, length)
}

/// Sets `game` to the position in `text` (`length` bytes, UTF-8; a NUL
/// terminator is not needed). On ATOM4_BAD_TEXT the game is unchanged and
/// the byte offset of the problem goes to `error_offset` (may be NULL).
#[no_mangle]
pub extern "C" fn atom4_game_from_text(
    game: *mut atom4_game,
    text: *const c_char,
    length: usize,
    error_offset: *mut usize,
) -> atom4_status {
    game_from_text(game, text, length, error_offset, |t| {
        t.parse::<Atom4>().map_err(|e| e.offset)
    })
}

/// A buffer of this many bytes holds the text of any position with its NUL.
pub const ATOM4_CHAIN_TEXT_CAPACITY: usize = 640;

/// Writes the position text of `game`, NUL-terminated, to `buffer`
/// (`capacity` bytes) and its length without the NUL to `length` (may be
/// NULL). When it does not fit, ATOM4_BUFFER_TOO_SMALL and `length` says
/// how long it is (allocate `length + 1`); ATOM4_CHAIN_TEXT_CAPACITY
/// always fits.
#[no_mangle]
pub extern "C" fn atom4_chain_game_to_text(
    game: *const atom4_chain_game,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    game_to_text(game, buffer, capacity, length)
}

/// Sets `game` to the position in `text` (`length` bytes, UTF-8; a NUL
/// terminator is not needed). Every refusal of the notation (spec section
/// 3: fields, rules, ragged rows, counts, owners, unstable cells, ...)
/// gives ATOM4_BAD_TEXT, leaves the game unchanged and writes the byte
/// offset of the problem to `error_offset` (may be NULL).
#[no_mangle]
pub extern "C" fn atom4_chain_game_from_text(
    game: *mut atom4_chain_game,
    text: *const c_char,
    length: usize,
    error_offset: *mut usize,
) -> atom4_status {
    game_from_text(game, text, length, error_offset, |t| {
        t.parse::<Position>().map_err(|e| e.offset)
    })
}

/// A buffer of this many bytes holds any state string with its NUL.
pub const ATOM4_ATROPOS_TEXT_CAPACITY: usize = 256;
/// A buffer of this many bytes holds any move `(c,h,l,r)` with its NUL.
pub const ATOM4_ATROPOS_MOVE_CAPACITY: usize = 16;

const _: () = assert!(MAX_STATE_LEN < ATOM4_ATROPOS_TEXT_CAPACITY);

/// Writes the state string of `game`, NUL-terminated, to `buffer`
/// (`capacity` bytes) and its length without the NUL to `length` (may be
/// NULL). When it does not fit, ATOM4_BUFFER_TOO_SMALL and `length` says
/// how long it is; ATOM4_ATROPOS_TEXT_CAPACITY always fits.
#[no_mangle]
pub extern "C" fn atom4_atropos_to_text(
    game: *const atom4_atropos_game,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    game_to_text(game, buffer, capacity, length)
}

/// Sets `game` to the position of the state string `text` (`length`
/// bytes; a NUL terminator is not needed), as strictly as spec section 2
/// says (the exact printed form, sizes 1 to 15, boundary colours, a last
/// play that agrees with the board). On ATOM4_BAD_TEXT the game is
/// unchanged and the byte offset of the problem goes to `error_offset`
/// (may be NULL).
#[no_mangle]
pub extern "C" fn atom4_atropos_from_text(
    game: *mut atom4_atropos_game,
    text: *const c_char,
    length: usize,
    error_offset: *mut usize,
) -> atom4_status {
    game_from_text(game, text, length, error_offset, |t| {
        Atropos::from_text(t).map_err(|e| e.offset)
    })
}

/// Writes `move` as a player prints it, `(c,h,l,r)`, NUL-terminated, to
/// `buffer` (`capacity` bytes; ATOM4_ATROPOS_MOVE_CAPACITY always fits)
/// and its length to `length` (may be NULL). Any four numbers are written
/// as they are.
#[no_mangle]
pub extern "C" fn atom4_atropos_move_to_text(
    mv: atom4_atropos_move,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    guard(|| {
        let text = format_args!("({},{},{},{})", mv.color, mv.h, mv.l, mv.r);
        output_text(text, buffer, capacity, length)
    })
}

/// Reads a move `(c,h,l,r)` (`length` bytes): decimal numbers without
/// signs, spaces or leading zeros, a colour 1 to 3. Whether it is legal is
/// the position's business (atom4_atropos_check()). On ATOM4_BAD_TEXT
/// `move` is unchanged and the byte offset of the problem goes to
/// `error_offset` (may be NULL).
#[no_mangle]
pub extern "C" fn atom4_atropos_move_from_text(
    text: *const c_char,
    length: usize,
    mv: *mut atom4_atropos_move,
    error_offset: *mut usize,
) -> atom4_status {
    guard(|| {
        let parsed = parse_text(text, length, error_offset, |t| {
            Move::from_text(t).map_err(|e| e.offset)
        })?;
        output(mv, parsed.into())
    })
}

/// A buffer of this many bytes holds the state text, or the request line,
/// of any state with its NUL.
pub const ATOM4_ATOMAS_TEXT_CAPACITY: usize = 320;

/// Writes the state text of `game`, NUL-terminated, to `buffer`
/// (`capacity` bytes) and its length without the NUL to `length` (may be
/// NULL). When it does not fit, ATOM4_BUFFER_TOO_SMALL and `length` says
/// how long it is; ATOM4_ATOMAS_TEXT_CAPACITY always fits.
#[no_mangle]
pub extern "C" fn atom4_atomas_game_to_text(
    game: *const atom4_atomas_game,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    game_to_text(game, buffer, capacity, length)
}

/// Sets `game` to the state in `text` (`length` bytes, UTF-8; no NUL
/// needed). On ATOM4_BAD_TEXT the game is unchanged and the byte offset of
/// the problem goes to `error_offset` (may be NULL).
#[no_mangle]
pub extern "C" fn atom4_atomas_game_from_text(
    game: *mut atom4_atomas_game,
    text: *const c_char,
    length: usize,
    error_offset: *mut usize,
) -> atom4_status {
    game_from_text(game, text, length, error_offset, |t| {
        t.parse::<Atomas>().map_err(|e| e.offset)
    })
}

/// Sets `game` to the decision state behind a request line (`length`
/// bytes, either form, with or without its newline), as a bot that sees
/// this request alone reads it: the 4-field form's score and move, or the
/// 2-field form's estimate (the range one below the median of the numbered
/// atoms, the first range when none is above 3, its first move, a score of
/// move^2 / 100), no move since the last plus. On ATOM4_BAD_TEXT the game is unchanged and the byte offset of
/// the problem goes to `error_offset` (may be NULL).
#[no_mangle]
pub extern "C" fn atom4_atomas_game_from_request(
    game: *mut atom4_atomas_game,
    text: *const c_char,
    length: usize,
    error_offset: *mut usize,
) -> atom4_status {
    guard(|| {
        let request = parse_text(text, length, error_offset, |t| {
            Request::parse(t).map_err(|e| e.offset)
        })?;
        write(game, &Session::new().state(&request))
    })
}

/// Writes the request line for the atom in hand (`fields` 2: `ATOM/BOARD`,
/// 4: `SCORE/MOVE/ATOM/BOARD`; no newline), NUL-terminated, to `buffer`
/// (`capacity` bytes) and its length without the NUL to `length` (may be
/// NULL). ATOM4_ILLEGAL_MOVE between moves (no atom in hand),
/// ATOM4_OUT_OF_RANGE for other `fields`; ATOM4_ATOMAS_TEXT_CAPACITY
/// always fits.
#[no_mangle]
pub extern "C" fn atom4_atomas_request(
    game: *const atom4_atomas_game,
    fields: u8,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let mut request = state.request().ok_or(ATOM4_ILLEGAL_MOVE)?;
        match fields {
            2 => request.header = None,
            4 => {}
            _ => return Err(ATOM4_OUT_OF_RANGE),
        }
        output_text(request, buffer, capacity, length)
    })
}

/// Plays the atom in hand as the reply line `text` says (`length` bytes: a
/// bot's output; its first line counts, blanks around it and a final `\r`
/// ignored, leading zeros allowed) and writes the points to `points` (may
/// be NULL). A bad reply changes nothing: ATOM4_BAD_TEXT with the byte
/// offset in `error_offset` (may be NULL) for text that is no reply to
/// this atom (empty, a sign, a letter, a missing or extra field, an index
/// out of range), ATOM4_ILLEGAL_MOVE when no atom is in hand,
/// ATOM4_ROUND_OVER when the game is over.
#[no_mangle]
pub extern "C" fn atom4_atomas_play_text(
    game: *mut atom4_atomas_game,
    text: *const c_char,
    length: usize,
    points: *mut u64,
    error_offset: *mut usize,
) -> atom4_status {
    guard(|| {
        let mut state = read(game)?;
        // The text is checked first: a bad pointer is refused as such.
        input_slice(text.cast::<u8>(), length)?;
        if state.is_over() || state.is_exhausted() {
            return Err(ATOM4_ROUND_OVER);
        }
        let atom = state.hand().ok_or(ATOM4_ILLEGAL_MOVE)?;
        let entries = state.ring().len();
        let reply = parse_text(text, length, error_offset, |t| {
            Reply::parse(t, atom, entries).map_err(|e| e.offset)
        })?;
        let played = state.play(reply).map_err(reply_status)?;
        output_opt(points, played.points)?;
        write(game, &state)
    })
}
