//! Rules throughput: random games of Atomas (uniform legal replies, atoms
//! drawn by the spawn law), moves a second on one core.
//! `cargo bench -p atom4-core --bench atomas`.
//!
//! Two figures: atoms drawn with the crate's generator (multiply-shift,
//! what playouts use) and with the spec's reference generator (modulo, the
//! draws seeded controllers must repeat). A number among the arguments
//! sets the games a run (for `valgrind --tool=callgrind`, say).

use std::hint::black_box;
use std::time::Instant;

use atom4_core::atomas::playout::random_game;
use atom4_core::atomas::{Atomas, Draw, Reference};
use atom4_core::Rng;

const GAMES: u32 = 200_000;
const RUNS: u32 = 5;

/// Moves a second of the best of `RUNS` runs, and moves a game.
fn measure<D: Draw>(mut draws: D, games: u32) -> (f64, f64) {
    let mut rng = Rng::new(0x5EED);
    let mut run = |games: u32| {
        let t = Instant::now();
        let mut moves = 0u64;
        for _ in 0..games {
            let mut game = Atomas::start(&mut draws);
            moves += u64::from(random_game(&mut game, &mut draws, &mut rng, u32::MAX));
            black_box(&game);
        }
        (moves, t.elapsed().as_secs_f64())
    };
    run(games / 20);
    let (mut best, mut all_moves) = (0.0f64, 0);
    for _ in 0..RUNS {
        let (moves, secs) = run(games);
        all_moves += moves;
        best = best.max(moves as f64 / secs);
    }
    (
        best,
        all_moves as f64 / (f64::from(RUNS) * f64::from(games)),
    )
}

fn main() {
    let games = std::env::args()
        .find_map(|a| a.parse().ok())
        .unwrap_or(GAMES);
    let (fast, length) = measure(Rng::new(1), games);
    let (reference, _) = measure(Reference::new(1), games);
    println!(
        "atomas random games, crate generator:     {:.1} M moves/s",
        fast / 1e6
    );
    println!(
        "atomas random games, reference generator: {:.1} M moves/s",
        reference / 1e6
    );
    println!("best of {RUNS} runs of {games} games each, {length:.1} moves a game");
}
