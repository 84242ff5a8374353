//! Classic speed: level 4 on the level-4 positions of the classic vectors.
//! `cargo run --release -p atom4-arena --bin bench-classic [-- level]`
//!
//! Prints the total and per-position time and the nodes (moves made) a
//! second; each position is searched five times and the fastest run counts,
//! since these machines are noisy.

use std::time::Instant;

use atom4_arena::bench::classic_positions;
use atom4_core::atom4::classic;

fn main() {
    let level: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    let positions = classic_positions(|r| r.depth == level);
    let (mut total, mut nodes, mut worst) = (0.0f64, 0u64, 0.0f64);
    for game in &positions {
        let mut best = f64::MAX;
        for _ in 0..5 {
            let t = Instant::now();
            let analysis = classic::analyse(game, level).expect("a position in play");
            best = best.min(t.elapsed().as_secs_f64());
            std::hint::black_box(&analysis);
        }
        nodes += classic::analyse(game, level)
            .expect("a position in play")
            .nodes;
        total += best;
        worst = worst.max(best);
    }
    let n = positions.len() as f64;
    atom4_arena::outln!(
        "classic level {level}: {} positions of the classic vectors",
        positions.len()
    );
    atom4_arena::outln!(
        "  total {:.1} ms, {:.3} ms a position (slowest {:.3} ms)",
        total * 1e3,
        total * 1e3 / n,
        worst * 1e3
    );
    atom4_arena::outln!(
        "  {:.1} M nodes a second ({} nodes in all)",
        nodes as f64 / total / 1e6,
        nodes
    );
    atom4_arena::outln!(
        "  the original: about 300 ms a move at level 4 (spec); speed-up about {:.0}x",
        0.3 / (total / n)
    );
}
