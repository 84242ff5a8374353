//! Atropos matches under our referee's rules (spec section 7: who starts,
//! the game seeds, Default openings, forfeits) between engines of this
//! process, for measuring engines quickly: no process is started a move,
//! so a work-limited engine (`player:w<work>`) plays the same games
//! whatever the machine is doing. The figures of the README come from
//! `atom4 atropos referee` with the player program; this is for
//! development. Progress on standard error, a game a line; the summary
//! line (section 9.4) and A's share of wins on standard output.
//!
//! `cargo run --release -p atom4-arena --bin atropos-duel -- SIZE A B [--games G] [--seed S] [--opening K] [--time-limit S] [--threads T] [--log FILE]`
//! where A and B are engine specs: `default`, `ab7`, `ab:d<depth>`,
//! `player:<ms>ms|w<work>[:key=value...]`, `mcts:<limit>`, `random`.

use std::io::Write;
use std::sync::Mutex;
use std::time::Duration;

use atom4_arena::atropos_engines::referee::{
    Contestant, GameRecord, OnIllegal, Options, Referee, SeatStats,
};
use atom4_arena::atropos_engines::AtroposEngine;
use atom4_arena::in_parallel;
use atom4_core::atropos::Size;
use clap::Parser;

/// Plays engines against each other under the referee's rules.
#[derive(Parser, Debug)]
#[command(name = "atropos-duel")]
struct Args {
    /// Board size, 1 to 15.
    size: u32,
    /// Player A's engine.
    a: String,
    /// Player B's engine.
    b: String,
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Default moves before the players take over.
    #[arg(long, default_value_t = 0)]
    opening: u32,
    /// Seconds a move (longer is a forfeit).
    #[arg(long, default_value_t = 1.0)]
    time_limit: f64,
    /// Games at a time.
    #[arg(long, default_value_t = 1)]
    threads: u32,
    /// Writes the game records (spec section 9.2) here, in game order.
    #[arg(long)]
    log: Option<String>,
}

/// A contestant for game `g`, seeded from the game so that threads do not
/// change the games.
fn contestant(spec: &str, seed: u64) -> Result<Contestant, String> {
    if spec == "default" {
        return Ok(Contestant::Default);
    }
    Ok(Contestant::Engine(Box::new(AtroposEngine::from_spec(
        spec, seed,
    )?)))
}

fn add(total: &mut SeatStats, one: &SeatStats) {
    total.wins += one.wins;
    total.forfeits += one.forfeits;
    total.turns += one.turns;
    total.total += one.total;
    total.longest = total.longest.max(one.longest);
}

fn main() {
    let args = Args::parse();
    let options = match Size::new(args.size) {
        Ok(size) => Options {
            size,
            games: args.games,
            seed: args.seed,
            time_limit: Duration::from_secs_f64(args.time_limit.clamp(0.001, 1e6)),
            on_illegal: OnIllegal::Forfeit,
            opening: args.opening,
        },
        Err(e) => {
            atom4_arena::errln!("atropos-duel: {e}");
            std::process::exit(2);
        }
    };
    for spec in [&args.a, &args.b] {
        if let Err(e) = contestant(spec, 0) {
            atom4_arena::errln!("atropos-duel: {e}");
            std::process::exit(2);
        }
    }
    let results: Mutex<Vec<(GameRecord, [SeatStats; 2])>> = Mutex::new(Vec::new());
    let played = in_parallel(options.games, args.threads, |g| {
        let seed = options.seed.wrapping_add(g);
        let a = contestant(&args.a, seed ^ 0xA)?;
        let b = contestant(&args.b, seed ^ 0xB)?;
        let mut referee = Referee::new(options, [args.a.clone(), args.b.clone()], [a, b]);
        let record = referee.play(g);
        atom4_arena::errln!(
            "game {:>4}: {} wins ({}{}), {} moves",
            g + 1,
            record.winner.to_uppercase(),
            record.end,
            record.reason.map_or(String::new(), |r| format!(": {r}")),
            record.moves.len()
        );
        results
            .lock()
            .map_err(|_| "a game thread failed".to_string())?
            .push((record, referee.stats));
        Ok(())
    });
    if let Err(e) = played {
        atom4_arena::errln!("atropos-duel: {e}");
        std::process::exit(1);
    }
    let mut all = results.into_inner().unwrap_or_default();
    all.sort_by_key(|(record, _)| record.game);
    let mut total = Referee::new(
        options,
        [args.a.clone(), args.b.clone()],
        [Contestant::Default, Contestant::Default],
    );
    for (_, stats) in &all {
        add(&mut total.stats[0], &stats[0]);
        add(&mut total.stats[1], &stats[1]);
    }
    if let Some(path) = &args.log {
        let mut text = String::new();
        for (record, _) in &all {
            text.push_str(&record.to_json());
            text.push('\n');
        }
        if let Err(e) = std::fs::write(path, text) {
            atom4_arena::errln!("atropos-duel: {path}: {e}");
            std::process::exit(1);
        }
    }
    let a = total.stats[0];
    atom4_arena::outln!("{}", total.summary());
    atom4_arena::outln!(
        "A ({}) won {:.1}% of {} games",
        args.a,
        100.0 * a.wins as f64 / all.len().max(1) as f64,
        all.len()
    );
    let _ = std::io::stdout().flush();
}
