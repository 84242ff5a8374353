//! Any 40 bytes as the checked binary form of an Atropos position (the C
//! ABI's game and Python's pickle): decoding never panics and what decodes
//! encodes back to the same bytes; positions reached by play encode and
//! decode to themselves.
#![no_main]

use atom4_core::atropos::{Atropos, ENCODED_LEN};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(state) = Atropos::from_bytes(data) {
        assert_eq!(data.len(), ENCODED_LEN);
        assert_eq!(&state.to_bytes()[..], data);
        assert_eq!(Atropos::from_text(&state.to_string()), Ok(state));
    }
    let [size, moves @ ..] = data else { return };
    let Ok(mut state) = Atropos::new(u32::from(size % 16)) else {
        return;
    };
    for &pick in moves {
        let safe = state.safe_moves();
        let list = if safe.is_empty() {
            state.losing_moves()
        } else {
            safe
        };
        let Some(&mv) = list.get(usize::from(pick) % list.len().max(1)) else {
            break;
        };
        state.play(mv).expect("a listed move is legal");
        assert_eq!(Atropos::from_bytes(&state.to_bytes()), Ok(state));
    }
});
