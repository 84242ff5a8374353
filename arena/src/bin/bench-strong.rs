//! Strong engine benchmark: time and nodes to reach depths 4, 6 and 8 from
//! middle-game positions, and nodes a second.
//! `cargo run --release -p atom4-arena --bin bench-strong [-- max_depth]`;
//! `ATOM4_WEIGHTS=name=value,...` measures other weights, as in `match`.
//!
//! The positions: the classic vectors' positions with 20 to 60 moves played
//! (middle game on 16 x 16), each searched from an empty table.

use atom4_arena::atom4_engines::weights_from_env;
use atom4_arena::bench::{classic_positions, Clock};
use atom4_core::atom4::{StrongEval, StrongSearch, Weights};
use atom4_core::search::{Entry, Limits};

fn main() {
    let max_depth: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let weights = weights_from_env()
        .unwrap_or_else(|e| {
            eprintln!("bench-strong: ATOM4_WEIGHTS: {e}");
            std::process::exit(2)
        })
        .unwrap_or(Weights::DEFAULT);
    let mut positions = classic_positions(|r| (20..=60).contains(&r.moves.len()));
    positions.truncate(20);
    let mut table = vec![Entry::EMPTY; 1 << 16];
    let depths = [4u8, 6, 8]
        .into_iter()
        .filter(|&d| d <= max_depth)
        .collect::<Vec<_>>();
    let mut totals = vec![(0.0f64, 0u64); depths.len()];
    let (mut all_nodes, mut all_secs) = (0u64, 0.0f64);
    for game in &positions {
        table.fill(Entry::EMPTY);
        let (report, clock) = Clock::time(|clock| {
            StrongSearch::new(&mut table, StrongEval::new(weights)).run(
                game,
                Limits::depth(max_depth),
                clock,
            )
        });
        all_nodes += report.nodes;
        all_secs += clock.seconds();
        for (i, &d) in depths.iter().enumerate() {
            // A search that ended early (a forced result) counts its last time.
            let (_, secs, nodes) = clock
                .reached
                .iter()
                .copied()
                .find(|r| r.0 >= d)
                .unwrap_or(*clock.reached.last().expect("one iteration"));
            totals[i].0 += secs;
            totals[i].1 += nodes;
        }
    }
    let n = positions.len() as f64;
    atom4_arena::outln!(
        "strong engine, {} middle-game positions (20-60 moves in), empty 512 KiB table each:",
        positions.len()
    );
    for (i, &d) in depths.iter().enumerate() {
        atom4_arena::outln!(
            "  depth {d}: {:>8.2} ms a position, {:>9.0} nodes a position",
            1000.0 * totals[i].0 / n,
            totals[i].1 as f64 / n
        );
    }
    atom4_arena::outln!(
        "  nodes a second: {:.2} M",
        all_nodes as f64 / all_secs / 1e6
    );
}
