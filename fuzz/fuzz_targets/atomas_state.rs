//! The state notation and the 112-byte encoding: any text or bytes parse
//! or are refused without a panic, what parses prints or encodes back to
//! the same state, and a game driven by the input (draws by the reference
//! generator or chosen atoms, any replies) refuses what is illegal with
//! the state unchanged and always encodes and decodes whole.
#![no_main]

use atom4_core::atomas::{Atom, Atomas, Reference, Reply, ENCODED_LEN};
use libfuzzer_sys::fuzz_target;

fn round_trip(state: &Atomas) {
    assert_eq!(Atomas::from_bytes(&state.to_bytes()), Ok(*state));
    let text = state.to_string();
    assert_eq!(text.parse::<Atomas>(), Ok(*state), "{text}");
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        match text.parse::<Atomas>() {
            Ok(state) => round_trip(&state),
            Err(e) => assert!(e.offset <= text.len(), "offset past the end: {e:?}"),
        }
    }
    if let Ok(state) = Atomas::from_bytes(&data[..data.len().min(ENCODED_LEN)]) {
        round_trip(&state);
        state.each_reply(|reply| {
            let mut next = state;
            assert!(next.play(reply).is_ok(), "{reply} on {state}");
            round_trip(&next);
        });
    }

    // A game: eight bytes of seed, then three bytes a step.
    let (seed, steps) = data.split_at(data.len().min(8));
    let mut word = [0u8; 8];
    word[..seed.len()].copy_from_slice(seed);
    let mut draws = Reference::new(u64::from_le_bytes(word));
    let mut game = Atomas::start(&mut draws);
    for step in steps.chunks_exact(3) {
        let before = game;
        if game.hand().is_none() {
            let drawn = if step[0] & 1 == 0 {
                game.draw_with(&mut draws).map(|_| ())
            } else {
                let atom = match step[1] % 8 {
                    0 => Atom::Plus,
                    1 => Atom::Minus,
                    2 => Atom::Black,
                    3 => Atom::Clone,
                    _ => Atom::Number(u32::from(step[2])),
                };
                game.draw(atom).map(|_| ())
            };
            if drawn.is_err() {
                assert_eq!(game, before);
            }
        } else {
            let index = step[1] % 24;
            let reply = match step[0] % 3 {
                0 => Reply::Gap(index),
                1 => Reply::Entry(index),
                _ => Reply::Remove {
                    entry: index,
                    to_plus: step[2] & 1 != 0,
                },
            };
            if game.play(reply).is_err() {
                assert_eq!(game, before);
            }
        }
        round_trip(&game);
        if game.is_over() || game.is_exhausted() {
            break;
        }
    }
});
