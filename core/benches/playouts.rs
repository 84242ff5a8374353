//! Rules throughput: random playouts on 16 x 16, moves a second, legal-move
//! generation included. `cargo bench -p atom4-core --bench playouts`.

use std::time::Instant;

use atom4_core::atom4::playout::random_playout;
use atom4_core::atom4::Atom4;
use atom4_core::Rng;

fn main() {
    let start = Atom4::standard();
    let mut rng = Rng::new(0x5EED);
    // Warm up, then measure a fixed amount of work, best of five runs.
    let run = |rng: &mut Rng, games: u32| {
        let t = Instant::now();
        let mut moves = 0u64;
        for _ in 0..games {
            let mut game = start;
            moves += random_playout(&mut game, rng) as u64;
        }
        (moves, t.elapsed().as_secs_f64())
    };
    run(&mut rng, 2_000);
    let mut best = 0.0f64;
    let mut total_moves = 0;
    for _ in 0..5 {
        let (moves, secs) = run(&mut rng, 40_000);
        total_moves += moves;
        best = best.max(moves as f64 / secs);
    }
    println!(
        "playouts 16x16: {:.1} M moves/s (best of 5 runs of 40000 games, {:.1} moves a game)",
        best / 1e6,
        total_moves as f64 / 200_000.0
    );
}
