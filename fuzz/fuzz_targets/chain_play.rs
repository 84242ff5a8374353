//! Chain Reaction games of any size, players and rule set, played with
//! any cells and passes: an illegal move is refused and changes nothing, a
//! legal one keeps the key kept up to date equal to the key from scratch,
//! the text and the binary encoding read back, and watching the waves
//! gives the same game as playing.
#![no_main]

use atom4_core::chain::{Move, Position, Rules};
use atom4_core::Cell;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [w, h, players, rules, moves @ ..] = data else {
        return;
    };
    let rules = if rules & 1 == 0 {
        Rules::Classic
    } else {
        Rules::Atoms
    };
    let Ok(mut position) = Position::new(rules, w % 17, h % 17, players % 9) else {
        return;
    };
    let mut key = position.key();
    for &byte in moves {
        let mv = if byte == 0xFF {
            Move::Pass
        } else {
            match Cell::new(byte & 0x0F, byte >> 4) {
                Some(cell) => Move::Place(cell),
                None => Move::Pass,
            }
        };
        let before = position;
        let mut watched = position;
        let mut waves = 0u32;
        let seen = watched.play_waves(mv, &mut |_| waves += 1);
        match position.play(mv) {
            Ok(cascade) => {
                assert_eq!(seen, Ok(cascade));
                assert_eq!(watched, position);
                let shown = if mv == Move::Pass {
                    0
                } else {
                    cascade.waves + 1
                };
                assert_eq!(waves, shown);
                key = position.rekey(&before, key);
                assert_eq!(key, position.key());
                assert_eq!(position.to_string().parse::<Position>(), Ok(position));
                assert_eq!(Position::from_bytes(&position.to_bytes()), Ok(position));
            }
            Err(e) => {
                assert_eq!(seen, Err(e));
                assert_eq!(position, before);
                assert_eq!(watched, before);
            }
        }
    }
});
