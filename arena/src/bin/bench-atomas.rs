//! The Atomas bot in process, without the protocol: seeded games as the
//! controller plays them (game `k` seeded `S + k`, the reference
//! generator), to measure and tune the bot quickly.
//!
//! `cargo run --release -p atom4-arena --bin bench-atomas -- --games 20 --seed 1 --max-moves 50000 --depth 2`
//! Weights: `ATOMAS_WEIGHTS=name=value,...`. Progress on standard error, a
//! game a line; the summary on standard output.

use std::sync::Mutex;
use std::time::Instant;

use atom4_arena::atomas_engines::{weights_from_env, BotOptions};
use atom4_arena::in_parallel;
use atom4_core::atomas::bot::Bot;
use atom4_core::atomas::{Atomas, Reference, Weights};
use clap::Parser;

/// Plays seeded games with the bot and prints the scores.
#[derive(Parser, Debug)]
#[command(name = "bench-atomas")]
struct Args {
    #[arg(long, default_value_t = 20)]
    games: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still running after this many moves stops (capped).
    #[arg(long, default_value_t = 50_000)]
    max_moves: u32,
    #[command(flatten)]
    bot: BotOptions,
    /// Games at a time.
    #[arg(long, default_value_t = 1)]
    threads: u32,
}

/// One game's result.
struct Outcome {
    score: u64,
    moves: u32,
    capped: bool,
    seconds: f64,
    nodes: u64,
    /// Decisions at each ring length.
    lengths: [u64; 20],
    /// The longest decision, in seconds, and how many took over 2 ms (the
    /// issue's budget for the mean: the crowded rings take longer).
    longest: f64,
    over: u64,
}

fn play(seed: u64, args: &Args, weights: Weights) -> Outcome {
    let mut draws = Reference::new(seed);
    let mut game = Atomas::start(&mut draws);
    let mut bot = Bot::new(weights);
    let limits = args.bot.limits();
    let mut moves = 0;
    let mut nodes = 0;
    let mut lengths = [0u64; 20];
    let (mut longest, mut over) = (0.0f64, 0u64);
    let t = Instant::now();
    let trace = std::env::var("ATOMAS_TRACE").is_ok();
    let mut last = std::collections::VecDeque::new();
    while moves < args.max_moves && !game.is_over() {
        if game.draw_with(&mut draws).is_err() {
            break;
        }
        if trace {
            last.push_back(game.to_string());
            if last.len() > 12 {
                last.pop_front();
            }
        }
        let clock = Instant::now();
        let report = bot.search(&game, limits, &mut ());
        let took = clock.elapsed().as_secs_f64();
        longest = longest.max(took);
        over += u64::from(took > 0.002);
        nodes += report.nodes;
        lengths[game.ring().len()] += 1;
        let Some(reply) = report.best else { break };
        if game.play(reply).is_err() {
            break;
        }
        moves += 1;
    }
    if trace && game.is_over() {
        for line in &last {
            atom4_arena::errln!("  {line}");
        }
        atom4_arena::errln!("  {game}");
    }
    Outcome {
        score: game.score(),
        moves,
        capped: !game.is_over(),
        seconds: t.elapsed().as_secs_f64(),
        nodes,
        lengths,
        longest,
        over,
    }
}

fn main() {
    let args = Args::parse();
    let weights = weights_from_env().unwrap_or_else(|e| {
        atom4_arena::errln!("ATOMAS_WEIGHTS: {e}");
        std::process::exit(2);
    });
    let results = Mutex::new(Vec::new());
    let played = in_parallel(u64::from(args.games), args.threads, |g| {
        let o = play(args.seed.wrapping_add(g), &args, weights);
        atom4_arena::errln!(
            "game {:>3}: score {:>10}, {:>6} moves{}, {:.3} ms/move",
            g + 1,
            o.score,
            o.moves,
            if o.capped { " (capped)" } else { "" },
            1000.0 * o.seconds / f64::from(o.moves.max(1))
        );
        results
            .lock()
            .map_err(|_| "a game thread failed".to_string())?
            .push(o);
        Ok(())
    });
    if let Err(e) = played {
        atom4_arena::errln!("bench-atomas: {e}");
        std::process::exit(1);
    }
    let results = results.into_inner().unwrap();
    let mut scores: Vec<u64> = results.iter().map(|o| o.score).collect();
    scores.sort_unstable();
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<u64>() as f64 / n;
    let median = if scores.is_empty() {
        0.0
    } else if scores.len() % 2 == 1 {
        scores[scores.len() / 2] as f64
    } else {
        (scores[scores.len() / 2 - 1] + scores[scores.len() / 2]) as f64 / 2.0
    };
    let moves: u64 = results.iter().map(|o| u64::from(o.moves)).sum();
    let deaths = results.iter().filter(|o| !o.capped).count();
    let seconds: f64 = results.iter().map(|o| o.seconds).sum();
    let nodes: u64 = results.iter().map(|o| o.nodes).sum();
    let mut lengths = [0u64; 20];
    for o in &results {
        for (total, n) in lengths.iter_mut().zip(o.lengths) {
            *total += n;
        }
    }
    let decisions = lengths.iter().sum::<u64>().max(1) as f64;
    let shares: Vec<String> = lengths
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(len, &n)| format!("{len}:{:.2}%", 100.0 * n as f64 / decisions))
        .collect();
    atom4_arena::errln!("ring lengths at decisions: {}", shares.join(" "));
    let longest = results.iter().map(|o| o.longest).fold(0.0, f64::max);
    let over: u64 = results.iter().map(|o| o.over).sum();
    atom4_arena::errln!(
        "longest decision {:.2} ms; {:.3}% of decisions over 2 ms",
        1000.0 * longest,
        100.0 * over as f64 / decisions
    );
    atom4_arena::outln!(
        "bench-atomas: games {}, mean {:.0}, median {:.0}, min {}, max {}, mean moves {:.0}, capped {}, deaths per 100k moves {:.2}, {:.3} ms/move, {:.0} nodes/move",
        results.len(),
        mean,
        median,
        scores.first().unwrap_or(&0),
        scores.last().unwrap_or(&0),
        moves as f64 / n,
        results.len() - deaths,
        1e5 * deaths as f64 / moves.max(1) as f64,
        1000.0 * seconds / moves.max(1) as f64,
        nodes as f64 / moves.max(1) as f64
    );
}
