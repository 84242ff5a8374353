//! Position text in and out: `<board> <tile> <round> <s1>-<s2> <status>`,
//! the notation of atom4-core (see the README).

use core::ffi::c_char;
use std::io::Write as _;

use atom4_core::atom4::Atom4;

use super::game::{atom4_game, read, write};
use crate::boundary::{guard, input_slice, output_array, output_opt};
use crate::status::atom4_status::{self, *};

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
    guard(|| {
        let state = read(game)?;
        let mut text = [0u8; ATOM4_TEXT_CAPACITY];
        let mut cursor = std::io::Cursor::new(&mut text[..]);
        write!(cursor, "{state}\0").map_err(|_| ATOM4_INTERNAL_ERROR)?;
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
/// terminator is not needed). On ATOM4_BAD_TEXT the game is unchanged and
/// the byte offset of the problem goes to `error_offset` (may be NULL).
#[no_mangle]
pub extern "C" fn atom4_game_from_text(
    game: *mut atom4_game,
    text: *const c_char,
    length: usize,
    error_offset: *mut usize,
) -> atom4_status {
    guard(|| {
        let bytes = input_slice(text.cast::<u8>(), length)?;
        let parsed = parse(bytes);
        output_opt(error_offset, *parsed.as_ref().err().unwrap_or(&0))?;
        let state = parsed.map_err(|_| ATOM4_BAD_TEXT)?;
        write(game, &state)
    })
}

fn parse(bytes: &[u8]) -> core::result::Result<Atom4, usize> {
    let text = core::str::from_utf8(bytes).map_err(|e| e.valid_up_to())?;
    text.parse::<Atom4>().map_err(|e| e.offset)
}
