//! Rules throughput: random playouts on 16 x 16, moves a second, legal-move
//! generation included. `cargo bench -p atom4-core --bench playouts`.
//!
//! Two figures: `random_playout`, which keeps the legal cells up to date
//! around each placed piece (what playouts and searches use), and a loop
//! that calls the public `legal_moves()` (full bitboard generation) and
//! `play()` (checked, with its change list) every move.

use std::time::Instant;

use atom4_core::atom4::playout::random_playout;
use atom4_core::atom4::Atom4;
use atom4_core::Rng;

const GAMES: u32 = 40_000;
const RUNS: u32 = 5;

/// Moves a second of the best of `RUNS` runs, and moves a game.
fn measure(mut playout: impl FnMut(&mut Atom4, &mut Rng) -> u32) -> (f64, f64) {
    let mut rng = Rng::new(0x5EED);
    let mut run = |games: u32| {
        let t = Instant::now();
        let mut moves = 0u64;
        for _ in 0..games {
            let mut game = Atom4::standard();
            moves += playout(&mut game, &mut rng) as u64;
        }
        (moves, t.elapsed().as_secs_f64())
    };
    run(GAMES / 20);
    let (mut best, mut all_moves) = (0.0f64, 0);
    for _ in 0..RUNS {
        let (moves, secs) = run(GAMES);
        all_moves += moves;
        best = best.max(moves as f64 / secs);
    }
    (best, all_moves as f64 / (RUNS * GAMES) as f64)
}

fn full_generation_playout(game: &mut Atom4, rng: &mut Rng) -> u32 {
    let mut moves = 0;
    while !game.is_over() {
        let legal = game.legal_moves();
        let Some(cell) = legal.nth(rng.below(legal.count())) else {
            break;
        };
        if game.play(cell).is_err() {
            break;
        }
        moves += 1;
    }
    moves
}

fn main() {
    let (incremental, length) = measure(random_playout);
    let (full, _) = measure(full_generation_playout);
    println!(
        "playouts 16x16, random_playout (incremental legal cells): {:.1} M moves/s",
        incremental / 1e6
    );
    println!(
        "playouts 16x16, legal_moves() + play() every move:      {:.1} M moves/s",
        full / 1e6
    );
    println!("best of {RUNS} runs of {GAMES} games each, {length:.1} moves a game");
}
