//! Strong engine benchmark: time and nodes to reach depths 4, 6 and 8 from
//! middle-game positions, and nodes a second.
//! `cargo run --release -p atom4-arena --bin bench-strong [-- max_depth]`
//!
//! The positions: the classic vectors' positions with 20 to 60 moves played
//! (middle game on 16 x 16), each searched from an empty table.

use std::time::Instant;

use atom4_core::atom4::{StrongEval, StrongSearch};
use atom4_core::search::{Control, Entry, Limits, Report};
use atom4_core::Cell;
use atom4_vectors::{all_records, Record};

/// Notes the time and nodes at which each iteration completed.
struct Clock {
    start: Instant,
    reached: Vec<(u8, f64, u64)>,
}

impl Control<Cell> for Clock {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        false
    }
    fn iteration_done(&mut self, report: &Report<Cell>) {
        self.reached.push((
            report.depth,
            self.start.elapsed().as_secs_f64(),
            report.nodes,
        ));
    }
}

fn main() {
    let max_depth: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let mut positions = Vec::new();
    for located in all_records() {
        if let Record::Classic(r) = located.record {
            if (20..=60).contains(&r.moves.len()) {
                positions.push(r.position().expect("recorded moves replay"));
            }
        }
    }
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
        let mut search = StrongSearch::new(&mut table, StrongEval::default());
        let mut clock = Clock {
            start: Instant::now(),
            reached: Vec::new(),
        };
        let report = search.run(game, Limits::depth(max_depth), &mut clock);
        all_nodes += report.nodes;
        all_secs += clock.start.elapsed().as_secs_f64();
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
