//! Position text in and out: `RULES PLAYERS BOARD TOMOVE PLY OUT RESULT`,
//! the notation of atom4-core's `chain` module (spec section 3).

use core::ffi::c_char;
use std::io::Write as _;

use atom4_core::chain::Position;

use super::game::{atom4_chain_game, read, write};
use crate::boundary::{guard, input_slice, output_array, output_opt};
use crate::status::atom4_status::{self, *};

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
    guard(|| {
        let position = read(game)?;
        let mut text = [0u8; ATOM4_CHAIN_TEXT_CAPACITY];
        let mut cursor = std::io::Cursor::new(&mut text[..]);
        write!(cursor, "{position}\0").map_err(|_| ATOM4_INTERNAL_ERROR)?;
        let with_nul = cursor.position() as usize;
        output_opt(length, with_nul - 1)?;
        output_array(
            buffer.cast::<u8>(),
            capacity,
            core::ptr::null_mut(),
            &text[..with_nul],
        )
    })
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
    guard(|| {
        let bytes = input_slice(text.cast::<u8>(), length)?;
        let parsed = parse(bytes);
        output_opt(error_offset, *parsed.as_ref().err().unwrap_or(&0))?;
        let position = parsed.map_err(|_| ATOM4_BAD_TEXT)?;
        write(game, &position)
    })
}

fn parse(bytes: &[u8]) -> core::result::Result<Position, usize> {
    let text = core::str::from_utf8(bytes).map_err(|e| e.valid_up_to())?;
    text.parse::<Position>().map_err(|e| e.offset)
}
