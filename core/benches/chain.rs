//! Chain Reaction rules throughput: whole `classic` games of uniformly
//! random legal cells, moves and explosions a second, on one core.
//! `cargo bench -p atom4-core --bench chain`.

use std::time::Instant;

use atom4_core::chain::{random_playout, Position, Rules};
use atom4_core::Rng;

const RUNS: u32 = 5;
/// Moves a run, about: enough for a tenth of a second or so.
const MOVES_A_RUN: u64 = 2_000_000;

/// The best run's moves and explosions a second, and moves and
/// explosions a game, over whole games from the empty board.
fn measure(width: u8, height: u8, players: u8) -> (f64, f64, f64, f64) {
    let start = Position::new(Rules::Classic, width, height, players).expect("a valid setup");
    let mut rng = Rng::new(0x5EED);
    let mut run = |moves_wanted: u64| {
        let t = Instant::now();
        let (mut games, mut moves, mut explosions) = (0u64, 0u64, 0u64);
        while moves < moves_wanted {
            let mut game = start;
            let played = random_playout(&mut game, &mut rng, u32::MAX);
            games += 1;
            moves += played.moves as u64;
            explosions += played.explosions;
        }
        (games, moves, explosions, t.elapsed().as_secs_f64())
    };
    run(MOVES_A_RUN / 10);
    let (mut best_moves, mut best_explosions) = (0.0f64, 0.0f64);
    let (mut all_games, mut all_moves, mut all_explosions) = (0, 0, 0);
    for _ in 0..RUNS {
        let (games, moves, explosions, secs) = run(MOVES_A_RUN);
        if moves as f64 / secs > best_moves {
            best_moves = moves as f64 / secs;
            best_explosions = explosions as f64 / secs;
        }
        all_games += games;
        all_moves += moves;
        all_explosions += explosions;
    }
    let per_game = |n: u64| n as f64 / all_games as f64;
    (
        best_moves,
        best_explosions,
        per_game(all_moves),
        per_game(all_explosions),
    )
}

fn main() {
    println!("classic random playouts, whole games, one core (best of {RUNS} runs):");
    for (w, h) in [(6, 9), (8, 8), (16, 16)] {
        for players in [2, 4] {
            let (moves, explosions, moves_a_game, explosions_a_game) = measure(w, h, players);
            println!(
                "  {w:>2}x{h:<2} {players} players: {:>5.1} M moves/s, {:>5.1} M explosions/s \
                 ({moves_a_game:.0} moves, {explosions_a_game:.0} explosions a game)",
                moves / 1e6,
                explosions / 1e6,
            );
        }
    }
}
