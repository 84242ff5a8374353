//! Any text as an Atropos state string or move: parsing never panics, an
//! error points inside the text, and whatever parses prints back exactly
//! (the grammar has one spelling of each position and move).
#![no_main]

use atom4_core::atropos::{Atropos, Move};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    match Atropos::from_text(text) {
        Ok(state) => {
            assert_eq!(state.to_string(), text);
            // A parsed position answers every question without panicking.
            let _ = (state.legal_circles(), state.losing_moves(), state.winner());
        }
        Err(e) => assert!(e.offset <= text.len(), "{e:?}"),
    }
    match Move::from_text(text) {
        Ok(mv) => assert_eq!(mv.to_string(), text),
        Err(e) => assert!(e.offset <= text.len(), "{e:?}"),
    }
});
