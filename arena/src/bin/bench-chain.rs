//! Chain Reaction strong engine benchmark: nodes a second and the time to
//! reach each depth, on middle-game positions of 2 players on 6x9 (the
//! classic vectors' 6x9 duels, 16 to 40 moves in) and of 4 players on 8x8
//! (seeded games of the reference opponent `agnishom-mm`, 20 to 40 moves
//! in), each searched from an empty table. Nodes are the same every run;
//! times vary with the machine's load.
//! `cargo run --release -p atom4-arena --bin bench-chain [-- max_depth]`

use atom4_arena::bench::Clock;
use atom4_core::chain::{reference, Position, Rules, StrongEval, StrongSearch};
use atom4_core::search::{Entry, Limits};
use atom4_core::Rng;
use atom4_vectors::chain::{chain_files, read_chain_file, ChainRecord};

/// Positions of the vectors' 6x9 duels with 16 to 40 moves played.
fn duel_positions(count: usize) -> Vec<Position> {
    let mut positions = Vec::new();
    for file in chain_files() {
        for located in read_chain_file(&file) {
            let ChainRecord::Game(game) = located.record else {
                continue;
            };
            if (game.rules.as_str(), game.width, game.height, game.players) != ("classic", 6, 9, 2)
                || game.moves.len() < 41
            {
                continue;
            }
            let mut p = Position::new(Rules::Classic, 6, 9, 2).expect("6x9");
            for (i, record) in game.moves.iter().enumerate().take(40) {
                let mv = record.to_move().expect("a move");
                p.play(mv).expect("recorded moves replay");
                if i >= 15 && (i - 15) % 12 == 0 && !p.is_over() {
                    positions.push(p);
                }
            }
            if positions.len() >= count {
                positions.truncate(count);
                return positions;
            }
        }
    }
    positions
}

/// Positions of seeded 4-player 8x8 games of `agnishom-mm` (two random
/// opening moves each), 20 to 40 moves in.
fn four_player_positions(count: usize) -> Vec<Position> {
    let mut positions = Vec::new();
    let mut rng = Rng::new(0xC4A1);
    while positions.len() < count {
        let mut p = Position::new(Rules::Classic, 8, 8, 4).expect("8x8");
        for ply in 0..40 {
            if p.is_over() {
                break;
            }
            let mv = if ply < 2 {
                let cells: Vec<_> = p.legal_cells().collect();
                atom4_core::chain::Move::Place(cells[rng.below(cells.len() as u32) as usize])
            } else {
                reference::agnishom_minimax(&p).expect("a move")
            };
            p.play(mv).expect("legal");
            if ply >= 20 && ply % 10 == 0 && !p.is_over() {
                positions.push(p);
            }
        }
    }
    positions.truncate(count);
    positions
}

fn run(title: &str, positions: &[Position], max_depth: u8) {
    let mut table = vec![Entry::EMPTY; 1 << 16];
    let mut time_at = vec![(0.0f64, 0u64, 0u32); max_depth as usize + 1];
    let (mut all_nodes, mut all_secs) = (0u64, 0.0f64);
    for p in positions {
        table.fill(Entry::EMPTY);
        let mut search = StrongSearch::new(&mut table, StrongEval::default());
        let mut clock = Clock::start();
        let report = search.run(p, Limits::depth(max_depth), &mut clock);
        all_nodes += report.nodes;
        all_secs += clock.seconds();
        for &(depth, secs, nodes) in &clock.reached {
            let slot = &mut time_at[depth as usize];
            slot.0 += secs;
            slot.1 += nodes;
            slot.2 += 1;
        }
    }
    atom4_arena::outln!(
        "{title}: {} positions, empty 512 KiB table each",
        positions.len()
    );
    for (depth, &(secs, nodes, n)) in time_at.iter().enumerate().skip(1) {
        if n > 0 {
            atom4_arena::outln!(
                "  depth {depth:>2}: {:>8.2} ms, {:>9} nodes a position (mean of {n})",
                1000.0 * secs / n as f64,
                nodes / n as u64
            );
        }
    }
    atom4_arena::outln!(
        "  {:.2} M nodes/s ({all_nodes} nodes in {all_secs:.2} s)",
        all_nodes as f64 / all_secs / 1e6
    );
}

/// The mean and longest time of a search limited to `nodes` from an
/// empty table: what a node limit costs a move on this machine.
fn per_move(title: &str, positions: &[Position], nodes: u64) {
    let mut table = vec![Entry::EMPTY; 1 << 16];
    let (mut total, mut longest) = (0.0f64, 0.0f64);
    for p in positions {
        table.fill(Entry::EMPTY);
        let mut search = StrongSearch::new(&mut table, StrongEval::default());
        let limits = Limits {
            nodes,
            ..Limits::depth(atom4_core::search::MAX_PLY as u8 - 1)
        };
        let mut clock = Clock::start();
        search.run(p, limits, &mut clock);
        let secs = clock.seconds();
        total += secs;
        longest = longest.max(secs);
    }
    atom4_arena::outln!(
        "{title}, {nodes} nodes a search: mean {:.2} ms, longest {:.2} ms ({} positions)",
        1000.0 * total / positions.len() as f64,
        1000.0 * longest,
        positions.len()
    );
}

fn main() {
    // `-- nodes N`: the time a move takes at node limit N, 4 players on 8x8.
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("nodes") {
        let nodes = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20_000);
        per_move("8x8, 4 players", &four_player_positions(100), nodes);
        return;
    }
    let max_depth: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    run(
        "6x9, 2 players (alpha-beta)",
        &duel_positions(20),
        max_depth,
    );
    run(
        "8x8, 4 players (paranoid alpha-beta)",
        &four_player_positions(10),
        max_depth.saturating_sub(1).max(1),
    );
}
