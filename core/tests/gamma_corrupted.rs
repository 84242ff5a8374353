//! Gamma in the caller's memory, that memory overwritten at random between
//! calls (issue 31: a C caller may scribble over it). A broken game may
//! give wrong answers, but no call panics: a holder word that is no player
//! reads as an empty cell, and the counters wrap as they would in a release
//! build instead of stopping a debug build.

use atom4_core::gamma::Gamma;
use atom4_core::Rng;

#[test]
fn no_call_panics_on_overwritten_memory() {
    let mut rng = Rng::new(12345);
    let mut memory = vec![0u32; 4096];
    let mut panics = Vec::new();
    for round in 0..6000u32 {
        let (width, height, players) = (3 + round % 6, 2 + round % 5, 2 + round % 13);
        let words = Gamma::memory_words(width, height, players).unwrap();
        {
            let mut game = Gamma::new(width, height, players, 2, &mut memory[..words]).unwrap();
            for _ in 0..12 {
                let player = 1 + rng.below(players);
                let _ = game.play(player, rng.below(width), rng.below(height));
            }
        }
        // Past the header (which `attach` checks): small words in odd
        // rounds (plausible cells and players), any word in even ones.
        for _ in 0..1 + round % 4 {
            let at = 24 + rng.below(words as u32 - 24) as usize;
            memory[at] = if round % 2 == 1 {
                rng.below(64)
            } else {
                rng.next_u64() as u32
            };
        }
        for call in 0..16 {
            let player = 1 + rng.below(players);
            let (x, y) = (rng.below(width), rng.below(height));
            let words = &mut memory[..words];
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let Ok(mut game) = Gamma::attach(words) else {
                    return;
                };
                match call % 5 {
                    0 => drop(game.play(player, x, y)),
                    1 => drop(game.golden_move(player, x, y)),
                    2 => drop(game.golden_possible(player)),
                    3 => drop(game.free_fields(player)),
                    _ => drop(game.write_board(&mut [0u8; 512])),
                }
            }));
            if outcome.is_err() {
                panics.push((round, call));
            }
        }
    }
    assert!(panics.is_empty(), "panics (round, call): {panics:?}");
}
