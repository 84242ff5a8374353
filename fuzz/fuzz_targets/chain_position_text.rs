//! Chain Reaction positions and moves from any text: parsing never
//! panics, an error's offset lies within the text, whatever parses prints
//! back to a text that parses to the same position (and through the
//! binary encoding), and a position that parses can be played from.
#![no_main]

use atom4_core::chain::{Move, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Position>() {
        Ok(position) => {
            let again = position.to_string();
            assert_eq!(
                again.parse::<Position>(),
                Ok(position),
                "{text:?} -> {again:?}"
            );
            assert_eq!(Position::from_bytes(&position.to_bytes()), Ok(position));
            assert_eq!(position.key(), again.parse::<Position>().unwrap().key());
            // Any accepted position can be played from: the first legal
            // cell (or a pass) is taken, or refused without a change.
            let mut next = position;
            let mv = position
                .legal_cells()
                .next()
                .map_or(Move::Pass, Move::Place);
            if next.play(mv).is_err() {
                assert_eq!(next, position);
            }
        }
        Err(e) => assert!(e.offset <= text.len(), "offset past the end: {e:?}"),
    }
    match text.parse::<Move>() {
        Ok(mv) => assert_eq!(mv.to_string().parse::<Move>(), Ok(mv)),
        Err(e) => assert!(e.offset <= text.len()),
    }
});
