//! A state as text and bytes, and as a board to draw: its position text,
//! binary form, setup, moves as text, diagram and spots.

use core::ffi::c_char;
use core::fmt::{self, Display, Formatter};

use atom4_core::registry::{AnyState, MAX_ENCODED_LEN};

use super::{atom4_state, read};
use crate::boundary::{guard, output_array, output_text};
use crate::status::atom4_status;

/// What one spot of the board holds, for drawing it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct atom4_spot {
    /// The notation's character for it (a Unicode scalar value; '.' for
    /// an empty spot).
    pub symbol: u32,
    /// The player it belongs to (1..players), 0 for nobody.
    pub owner: u8,
    /// The game's colour index (Atom-4's colour bits, Atropos's colour
    /// digit), 0 for none.
    pub colour: u8,
    /// A number it carries: orbs (Chain Reaction), an atom's value
    /// (Atomas), 0 otherwise.
    pub count: u32,
}

/// Text that a closure writes (a state's, of the kinds below).
struct Text<F>(F);

impl<F: Fn(&mut Formatter<'_>) -> fmt::Result> Display for Text<F> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

/// Writes `text` of the state behind `state` as atom4_state_to_text()
/// says.
fn write_text(
    state: *const atom4_state,
    text: impl Fn(&AnyState, &mut Formatter<'_>) -> fmt::Result,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    guard(|| {
        let s = read(state)?;
        output_text(
            Text(|f: &mut Formatter<'_>| text(&s, f)),
            buffer,
            capacity,
            length,
        )
    })
}

/// Writes the position in its game's text notation (one line),
/// NUL-terminated, to `buffer` (`capacity` bytes) and its length without
/// the NUL to `length` (may be NULL). When it does not fit,
/// ATOM4_BUFFER_TOO_SMALL and only `length` is written: ask with NULL and
/// 0 for the length, then allocate `length + 1`. The other text functions
/// below write the same way.
#[no_mangle]
pub extern "C" fn atom4_state_to_text(
    state: *const atom4_state,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    write_text(state, |s, f| s.write_text(f), buffer, capacity, length)
}

/// The game's parameters as a setup text that atom4_state_new() reads
/// back ("size=6x9 players=4"), written as atom4_state_to_text() says.
#[no_mangle]
pub extern "C" fn atom4_state_setup(
    state: *const atom4_state,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    write_text(state, |s, f| s.setup().fmt(f), buffer, capacity, length)
}

/// The board as lines of text with the notation's letters (each line
/// ends in a newline), written as atom4_state_to_text() says.
#[no_mangle]
pub extern "C" fn atom4_state_diagram(
    state: *const atom4_state,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    write_text(state, |s, f| s.write_diagram(f), buffer, capacity, length)
}

/// `action` in the game's move notation as it reads now (`3,4`, `pass`,
/// ...; Atomas's moves depend on the atom in hand), written as
/// atom4_state_to_text() says. An action that is no move of the game is
/// written as `#` and its number.
#[no_mangle]
pub extern "C" fn atom4_state_move_text(
    state: *const atom4_state,
    action: u32,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    let text = |s: &AnyState, f: &mut Formatter<'_>| s.write_move(action, f);
    write_text(state, text, buffer, capacity, length)
}

/// Writes the position's checked binary form (what atom4_state_from_bytes()
/// reads with the game's name) to `bytes` (`capacity` bytes;
/// ATOM4_STATE_BYTES always suffice) and its length to `length` (may be
/// NULL). When it does not fit, only `length` is written and
/// ATOM4_BUFFER_TOO_SMALL returned.
#[no_mangle]
pub extern "C" fn atom4_state_to_bytes(
    state: *const atom4_state,
    bytes: *mut u8,
    capacity: usize,
    length: *mut usize,
) -> atom4_status {
    guard(|| {
        let mut encoded = [0u8; MAX_ENCODED_LEN];
        let len = read(state)?.encode(&mut encoded);
        output_array(bytes, capacity, length, &encoded[..len])
    })
}

/// Writes what each spot of the board holds, in the layout's order
/// (atom4_state_info), to `spots` (`capacity` items; the info's `spots`
/// always suffice) and their number to `count` (may be NULL). When they do
/// not fit, only `count` is written and ATOM4_BUFFER_TOO_SMALL returned.
#[no_mangle]
pub extern "C" fn atom4_state_spots(
    state: *const atom4_state,
    spots: *mut atom4_spot,
    capacity: usize,
    count: *mut usize,
) -> atom4_status {
    guard(|| {
        let s = read(state)?;
        let list: Vec<atom4_spot> = (0..s.layout().spots())
            .map(|i| {
                let spot = s.spot(i);
                atom4_spot {
                    symbol: u32::from(spot.symbol),
                    owner: spot.owner,
                    colour: spot.colour,
                    count: spot.count,
                }
            })
            .collect();
        output_array(spots, capacity, count, &list)
    })
}
