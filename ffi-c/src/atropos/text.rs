//! State strings and moves as text: exactly what the Java referee passes
//! a player program and what a player prints (spec section 2).

use core::ffi::c_char;
use std::io::Write as _;

use atom4_core::atropos::{referee::MAX_STATE_LEN, Atropos, Move};

use super::game::{atom4_atropos_game, atom4_atropos_move, read, write};
use crate::boundary::{guard, input_slice, output, output_array, output_opt};
use crate::status::atom4_status::{self, *};

/// A buffer of this many bytes holds any state string with its NUL.
pub const ATOM4_ATROPOS_TEXT_CAPACITY: usize = 256;
/// A buffer of this many bytes holds any move `(c,h,l,r)` with its NUL.
pub const ATOM4_ATROPOS_MOVE_CAPACITY: usize = 16;

const _: () = assert!(MAX_STATE_LEN < ATOM4_ATROPOS_TEXT_CAPACITY);

/// Writes `text` and a NUL to the caller's buffer (see the functions).
fn write_text(
    text: &str,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> crate::boundary::Result<()> {
    let mut bytes = Vec::with_capacity(text.len() + 1);
    let _ = write!(bytes, "{text}\0");
    output_opt(length, text.len())?;
    output_array(buffer.cast::<u8>(), capacity, core::ptr::null_mut(), &bytes)
}

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
    guard(|| {
        let state = read(game)?;
        write_text(&state.to_string(), buffer, capacity, length)
    })
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
    guard(|| {
        let bytes = input_slice(text.cast::<u8>(), length)?;
        let parsed = core::str::from_utf8(bytes)
            .map_err(|e| e.valid_up_to())
            .and_then(|text| Atropos::from_text(text).map_err(|e| e.offset));
        output_opt(error_offset, *parsed.as_ref().err().unwrap_or(&0))?;
        let state = parsed.map_err(|_| ATOM4_BAD_TEXT)?;
        write(game, &state)
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
        let text = format!("({},{},{},{})", mv.color, mv.h, mv.l, mv.r);
        write_text(&text, buffer, capacity, length)
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
        let bytes = input_slice(text.cast::<u8>(), length)?;
        let parsed = core::str::from_utf8(bytes)
            .map_err(|e| e.valid_up_to())
            .and_then(|text| Move::from_text(text).map_err(|e| e.offset));
        output_opt(error_offset, *parsed.as_ref().err().unwrap_or(&0))?;
        let parsed = parsed.map_err(|_| ATOM4_BAD_TEXT)?;
        output(mv, parsed.into())
    })
}
