//! Text in and out: the state notation
//! (`ring=... hand=... score=... move=... range=L-U carry=... since=...`),
//! the protocol's request line, and a bot's reply line played as text.

use core::ffi::c_char;
use std::io::Write as _;

use atom4_core::atomas::{Atomas, Reply, Request, Session};

use super::game::{atom4_atomas_game, read, reply_status, write};
use crate::boundary::{guard, input_slice, output_array, output_opt, Result};
use crate::status::atom4_status::{self, *};

/// A buffer of this many bytes holds the state text, or the request line,
/// of any state with its NUL.
pub const ATOM4_ATOMAS_TEXT_CAPACITY: usize = 320;

/// Writes `text` and a NUL to a caller's buffer (see the functions).
fn output_text(text: &str, buffer: *mut c_char, capacity: usize, length: *mut usize) -> Result<()> {
    let mut bytes = [0u8; ATOM4_ATOMAS_TEXT_CAPACITY];
    let mut cursor = std::io::Cursor::new(&mut bytes[..]);
    write!(cursor, "{text}\0").map_err(|_| ATOM4_INTERNAL_ERROR)?;
    let with_nul = cursor.position() as usize;
    output_opt(length, with_nul - 1)?;
    output_array(
        buffer.cast::<u8>(),
        capacity,
        core::ptr::null_mut(),
        &bytes[..with_nul],
    )
}

/// The caller's text as UTF-8, or the offset of its first bad byte.
fn text_of<'a>(text: *const c_char, length: usize) -> Result<core::result::Result<&'a str, usize>> {
    let bytes = input_slice(text.cast::<u8>(), length)?;
    Ok(core::str::from_utf8(bytes).map_err(|e| e.valid_up_to()))
}

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
    guard(|| output_text(&read(game)?.to_string(), buffer, capacity, length))
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
    guard(|| {
        let parsed =
            text_of(text, length)?.and_then(|text| text.parse::<Atomas>().map_err(|e| e.offset));
        output_opt(error_offset, *parsed.as_ref().err().unwrap_or(&0))?;
        write(game, &parsed.map_err(|_| ATOM4_BAD_TEXT)?)
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
        let parsed =
            text_of(text, length)?.and_then(|text| Request::parse(text).map_err(|e| e.offset));
        output_opt(error_offset, *parsed.as_ref().err().unwrap_or(&0))?;
        let request = parsed.map_err(|_| ATOM4_BAD_TEXT)?;
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
        output_text(&request.to_string(), buffer, capacity, length)
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
        let text = text_of(text, length)?;
        if state.is_over() || state.is_exhausted() {
            return Err(ATOM4_ROUND_OVER);
        }
        let atom = state.hand().ok_or(ATOM4_ILLEGAL_MOVE)?;
        let parsed = text
            .and_then(|text| Reply::parse(text, atom, state.ring().len()).map_err(|e| e.offset));
        output_opt(error_offset, *parsed.as_ref().err().unwrap_or(&0))?;
        let reply = parsed.map_err(|_| ATOM4_BAD_TEXT)?;
        let played = state.play(reply).map_err(reply_status)?;
        output_opt(points, played.points)?;
        write(game, &state)
    })
}
