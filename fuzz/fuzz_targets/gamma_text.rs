//! Gamma's position notation (`WxH PLAYERS AREAS BOARD TOMOVE GOLDEN`) and
//! move notation from any text: parsing never panics, an error's offset
//! lies within the text, whatever parses prints back to the very same
//! text, reads back from its binary form, and every move text that parses
//! prints back to a text that reads as the same move.
#![no_main]

use atom4_core::gamma::notation::{MoveText, PositionText};
use atom4_core::gamma::position::{Move, Position};
use atom4_core::registry::GAMMA_WORDS;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    match Position::<GAMMA_WORDS>::from_text(text) {
        Ok(position) => {
            assert_eq!(PositionText(&position).to_string(), text);
            let mut bytes = vec![0u8; atom4_core::gamma::encoding::encoded_len(GAMMA_WORDS)];
            let len = position.encode_into(&mut bytes);
            assert_eq!(
                Position::<GAMMA_WORDS>::decode(&bytes[..len]).as_ref(),
                Ok(&position)
            );
        }
        Err(e) => assert!(e.offset <= text.len(), "{text:?}: {e:?}"),
    }
    match Move::from_text(text) {
        Ok(mv) => {
            let again = MoveText(mv).to_string();
            assert_eq!(Move::from_text(&again), Ok(mv), "{text:?} -> {again:?}");
        }
        Err(e) => assert!(e.offset <= text.len(), "{text:?}: {e:?}"),
    }
});
