//! Any text: parsing never panics, and whatever parses prints back to a
//! text that parses to the same position.
#![no_main]

use atom4_core::atom4::{Atom4, Board, BoardText};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = Atom4::from_text(text) {
        let again = game.to_string();
        assert_eq!(Atom4::from_text(&again), Ok(game), "{text:?} -> {again:?}");
    } else if let Err(e) = Atom4::from_text(text) {
        assert!(e.offset <= text.len(), "offset past the end: {e:?}");
    }
    if let Ok(board) = Board::from_text(text) {
        let again = BoardText(&board).to_string();
        assert_eq!(Board::from_text(&again), Ok(board));
    }
});
