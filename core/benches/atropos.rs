//! Atropos figures: the exact solver on start positions (value only, time
//! to the value), and rules throughput (Default games through the public
//! API). `cargo bench -p atom4-core --bench atropos -- [SIZE...]`
//! (sizes to solve, default 5 6 7; `ATROPOS_TABLE_LOG` sets the table to
//! 2^log slots, default 22, 32 MiB).

use std::time::Instant;

use atom4_core::atropos::{default_move, Atropos, Solver};
use atom4_core::Rng;

fn solve(n: u32, table: &mut [u64]) {
    table.fill(0u64);
    let mut solver = Solver::new(table);
    let t = Instant::now();
    let start = Atropos::new(n).expect("sizes are 1 ..= 15");
    let value = solver
        .value(&start, &mut ())
        .expect("the start is not over");
    let secs = t.elapsed().as_secs_f64();
    println!(
        "atropos solve size {n}: {value}, {} nodes, {secs:.3} s, {:.1} M nodes/s",
        solver.nodes(),
        solver.nodes() as f64 / secs / 1e6
    );
}

fn default_games(n: u32, games: u32) {
    let mut rng = Rng::new(n as u64);
    let t = Instant::now();
    let mut moves = 0u64;
    for _ in 0..games {
        let mut game = Atropos::new(n).expect("sizes are 1 ..= 15");
        while let Some(mv) = default_move(&game, &mut rng) {
            if game.play(mv).is_err() {
                break;
            }
            moves += 1;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "atropos Default games size {n}: {:.2} M moves/s, {:.1} moves a game",
        moves as f64 / secs / 1e6,
        moves as f64 / games as f64
    );
}

fn main() {
    let sizes: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![5, 6, 7]
    } else {
        sizes
    };
    let log: u32 = std::env::var("ATROPOS_TABLE_LOG")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(22);
    let mut table = vec![0u64; 1 << log];
    for n in sizes {
        solve(n, &mut table);
    }
    if std::env::var_os("ATROPOS_SOLVE_ONLY").is_none() {
        default_games(7, 20_000);
        default_games(10, 5_000);
    }
}
