//! Every game of the registry through the one interface: random games a
//! second (legal actions, checked plays, chance draws), and the game's
//! engine ([`AnyState::search`]) at a node limit from positions of those
//! games, fresh memory each search (nodes are each game's unit of work:
//! alpha-beta nodes, tree-search iterations, ...; see its page).
//!
//! `cargo run --release -p atom4-arena --bin bench-games -- [--game NAME] [--games N] [--positions P] [--nodes N] [--seed S]`
//!
//! The default setup of each game; node counts and moves are the same
//! every run, times follow the machine's load. A line a game on standard
//! output as it is done, the progress of the random games on standard
//! error.

use std::time::Instant;

use atom4_arena::any::random_action;
use atom4_arena::bench::Clock;
use atom4_core::game::Turn;
use atom4_core::registry::{AnyState, GameId, GAME_IDS};
use atom4_core::state::{Limits, Setup};
use atom4_core::Rng;
use clap::Parser;

/// Times random games and the engine of every game (or one).
#[derive(Parser, Debug)]
#[command(name = "bench-games")]
struct Args {
    /// Only this game.
    #[arg(long)]
    game: Option<String>,
    /// Random games a game.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Positions searched a game (from the first random games, a third of
    /// the way in).
    #[arg(long, default_value_t = 20)]
    positions: usize,
    /// The engine's node limit.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A random game from `start` (at most `limit` moves): its moves and the
/// position a third of the way in.
fn random_game(start: &AnyState, rng: &mut Rng, limit: usize) -> Result<(usize, AnyState), String> {
    let mut game = start.clone();
    let mut states = vec![game.clone()];
    while states.len() <= limit {
        let action = match game.turn() {
            Turn::Over => break,
            Turn::Chance => game.draw_chance(rng),
            Turn::Player(_) => random_action(&game, rng),
        }
        .ok_or("a turn without moves")?;
        game.play(action).map_err(|e| e.to_string())?;
        states.push(game.clone());
    }
    let moves = states.len() - 1;
    // The last player's turn in the first third (chance turns have no
    // engine move).
    let middle = states[..=moves / 3]
        .iter()
        .rev()
        .find(|s| matches!(s.turn(), Turn::Player(_)))
        .unwrap_or(&states[0])
        .clone();
    Ok((moves, middle))
}

fn bench(id: GameId, args: &Args) -> Result<String, String> {
    let start = id.start(&Setup::default()).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(args.seed);
    let (mut moves, mut positions) = (0usize, Vec::new());
    let clock = Instant::now();
    for g in 0..args.games {
        let (n, middle) = random_game(&start, &mut rng, 100_000)?;
        moves += n;
        if positions.len() < args.positions && middle.turn() != Turn::Over {
            positions.push(middle);
        }
        if (g + 1) % 50 == 0 {
            atom4_arena::errln!("{id}: {} of {} random games", g + 1, args.games);
        }
    }
    let random_secs = clock.elapsed().as_secs_f64();
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let (mut nodes, mut secs) = (0u64, 0.0f64);
    for (i, position) in positions.iter().enumerate() {
        let mut memory = vec![0u64; position.engine_words(&limits)];
        let mut clock = Clock::start();
        let report = position.search(
            &Limits {
                seed: i as u64,
                ..limits
            },
            &mut memory,
            &mut clock,
        );
        secs += clock.seconds();
        nodes += report.nodes;
        report
            .best
            .ok_or_else(|| format!("{id}: no move from {position}"))?;
    }
    let searches = positions.len().max(1) as f64;
    Ok(format!(
        "{id}: {} random games, {:.1} moves a game, {:.2} M moves/s; engine n{}: {} positions, {:.0} nodes and {:.2} ms a search, {:.2} M nodes/s",
        args.games,
        moves as f64 / f64::from(args.games.max(1)),
        moves as f64 / random_secs / 1e6,
        args.nodes,
        positions.len(),
        nodes as f64 / searches,
        1000.0 * secs / searches,
        nodes as f64 / secs.max(1e-9) / 1e6
    ))
}

fn main() {
    let args = Args::parse();
    let games: Vec<GameId> = match &args.game {
        Some(name) => match name.parse() {
            Ok(id) => vec![id],
            Err(e) => {
                atom4_arena::errln!("bench-games: {e}");
                std::process::exit(2);
            }
        },
        None => GAME_IDS.to_vec(),
    };
    for id in games {
        match bench(id, &args) {
            Ok(line) => atom4_arena::outln!("{line}"),
            Err(e) => {
                atom4_arena::errln!("bench-games: {e}");
                std::process::exit(1);
            }
        }
    }
}
