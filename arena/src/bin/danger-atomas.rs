//! A cheap, load-independent benchmark of the Atomas bot's danger: it
//! replays a koth log (`atom4 atomas koth ... --log FILE`: every state and
//! move of every game), takes the states some moves before each death and
//! the most crowded state of each surviving game, and plays on from each
//! with the bot at a fixed depth or node budget for a few thousand moves,
//! the reference generator seeded per start (so a run is exact to
//! repeat). It counts the deaths.
//!
//! `cargo run --release -p atom4-arena --bin danger-atomas -- --log g100.jsonl`
//!
//! Besides deaths it counts the moves played at each ring length: how
//! often a ring gets crowded (15, 16, 17 entries) is far more frequent
//! than deaths, so a steadier figure. `--every N` also plays on from every
//! N-th state of each game, a sample of ordinary play; with
//! `--before 99999999 --crowded 0` it is the only start:
//! `... --every 20000 --moves 3000 --crowded 0 --before 99999999` (180
//! play-ons, 540,000 moves from the seed-1001 log) compares searches in a
//! minute or two. `--deeper-from`/`--root-width` set the bot's own crowded
//! search, `--crowd-at N` another one, to see what is worth its time.
//! Weights: `ATOMAS_WEIGHTS=name=value,...`, as `bench-atomas`.

use std::io::{BufRead, BufReader};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use atom4_arena::atomas_engines::{weights_from_env, BotOptions};
use atom4_core::atomas::bot::{Bot, Limits};
use atom4_core::atomas::{Atom, Atomas, Reference, Reply};
use clap::Parser;

/// Plays on from the dangerous states of a koth log and counts deaths.
#[derive(Parser, Debug)]
#[command(name = "danger-atomas")]
struct Args {
    /// The koth log (JSON Lines, one game a line).
    #[arg(long)]
    log: String,
    /// Start this many moves before each death (comma-separated).
    #[arg(long, default_value = "50,200,500", value_delimiter = ',')]
    before: Vec<u32>,
    /// Also start from every state of any game whose ring has at least
    /// this many entries (0: none), ...
    #[arg(long, default_value_t = 17)]
    crowded: usize,
    /// ... at least this many moves after the previous such start.
    #[arg(long, default_value_t = 1000)]
    spacing: usize,
    /// Also start from every this many-th state of every game (0: none):
    /// a sample of ordinary play, to compare how often rings get crowded.
    #[arg(long, default_value_t = 0)]
    every: usize,
    /// Moves to play from each start.
    #[arg(long, default_value_t = 300)]
    moves: u32,
    /// Play-ons from each start, each with its own generator.
    #[arg(long, default_value_t = 1)]
    repeats: u32,
    /// Seeds the generators: start `i`, repeat `r` uses `seed + 1000 i + r`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    bot: BotOptions,
    /// Explore: from this many entries on (0: never), search with
    /// `--crowd-depth` and `--crowd-width` instead.
    #[arg(long, default_value_t = 0)]
    crowd_at: usize,
    /// The depth on crowded rings (see `--crowd-at`).
    #[arg(long, default_value_t = 3)]
    crowd_depth: u8,
    /// The width on crowded rings (see `--crowd-at`).
    #[arg(long, default_value_t = 0)]
    crowd_width: u8,
    /// Print the last this many states of each death of the log.
    #[arg(long, default_value_t = 0)]
    show: usize,
    /// Play-ons at a time.
    #[arg(long, default_value_t = 1)]
    threads: u32,
}

/// Ring lengths counted as near death (the game ends past 18 entries).
const NEAR_DEATH: usize = 17;

/// Moves played at each ring length (19: over).
type Lengths = [u32; 20];

/// A state to play on from, and where it came from.
struct Start {
    state: Atomas,
    what: String,
}

/// The game of one log line: its start and its moves, replayed into the
/// states between moves.
fn replay(line: &str) -> Result<(u64, Vec<Atomas>, bool), String> {
    let game: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let seed = game["seed"].as_u64().unwrap_or(0);
    let mut state: Atomas = game["start"]
        .as_str()
        .ok_or("no start")?
        .parse()
        .map_err(|e| format!("{e:?}"))?;
    let mut states = vec![state];
    for mv in game["moves"].as_array().ok_or("no moves")? {
        let hand = mv[0].as_str().ok_or("no hand")?;
        let reply = mv[1].as_str().ok_or("no reply")?;
        let atom = Atom::from_token(hand).ok_or("bad atom")?;
        state.draw(atom).map_err(|e| e.to_string())?;
        let reply = Reply::parse(reply, atom, state.ring().len()).map_err(|e| e.to_string())?;
        state.play(reply).map_err(|e| e.to_string())?;
        states.push(state);
    }
    let died = state.is_over();
    Ok((seed, states, died))
}

/// Plays `moves` moves from `start`; the move it died at, if it did.
fn play_on(start: &Atomas, seed: u64, args: &Args, bot: &mut Bot) -> (Option<u32>, u64, Lengths) {
    let mut draws = Reference::new(seed);
    let mut game = *start;
    let limits = args.bot.limits();
    let mut nodes = 0;
    let mut lengths = [0; 20];
    for m in 0..args.moves {
        if game.is_over() {
            return (Some(m), nodes, lengths);
        }
        lengths[game.ring().len().min(19)] += 1;
        if game.draw_with(&mut draws).is_err() {
            break;
        }
        let crowded = args.crowd_at > 0 && game.ring().len() >= args.crowd_at;
        let limits = if crowded {
            Limits {
                depth: args.crowd_depth,
                width: args.crowd_width,
                ..limits
            }
        } else {
            limits
        };
        let report = bot.search(&game, limits, &mut ());
        nodes += report.nodes;
        let Some(reply) = report.best else { break };
        if game.play(reply).is_err() {
            break;
        }
    }
    (game.is_over().then_some(args.moves), nodes, lengths)
}

fn main() {
    let args = Args::parse();
    let weights = weights_from_env().unwrap_or_else(|e| {
        atom4_arena::errln!("ATOMAS_WEIGHTS: {e}");
        std::process::exit(2);
    });
    let file = std::fs::File::open(&args.log).expect("the log");
    let mut starts = Vec::new();
    // States of the log at each ring length, for choosing where to search
    // deeper.
    let mut lengths = [0u64; 20];
    for line in BufReader::new(file).lines() {
        let line = line.expect("a line of the log");
        if line.trim().is_empty() {
            continue;
        }
        let (seed, states, died) = replay(&line).expect("a game of the log");
        let last = states.len() - 1;
        for s in &states {
            lengths[s.ring().len().min(19)] += 1;
        }
        if died {
            for s in &states[states.len().saturating_sub(args.show)..] {
                atom4_arena::errln!("  {s}");
            }
            for &k in &args.before {
                if let Some(i) = last.checked_sub(k as usize) {
                    starts.push(Start {
                        state: states[i],
                        what: format!("seed {seed} died at {last}: from {i}"),
                    });
                }
            }
        }
        if args.every > 0 {
            for i in (args.every..states.len()).step_by(args.every) {
                if !states[i].is_over() {
                    starts.push(Start {
                        state: states[i],
                        what: format!("seed {seed}: sample at {i}"),
                    });
                }
            }
        }
        if args.crowded > 0 {
            let mut previous: Option<usize> = None;
            for (i, s) in states.iter().enumerate() {
                if s.ring().len() >= args.crowded
                    && !s.is_over()
                    && previous.is_none_or(|p| i >= p + args.spacing)
                {
                    previous = Some(i);
                    starts.push(Start {
                        state: *s,
                        what: format!("seed {seed}: crowded ({}) at {i}", s.ring().len()),
                    });
                }
            }
        }
    }
    let total = lengths.iter().sum::<u64>().max(1) as f64;
    let shares: Vec<String> = (0..20)
        .filter(|&n| lengths[n] > 0)
        .map(|n| format!("{n}:{:.2}%", 100.0 * lengths[n] as f64 / total))
        .collect();
    atom4_arena::errln!("ring lengths in the log: {}", shares.join(" "));
    atom4_arena::errln!("{} starts", starts.len());
    let t = Instant::now();
    let next = AtomicUsize::new(0);
    let jobs = starts.len() * args.repeats as usize;
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                let mut bot = Bot::new(weights);
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    if j >= jobs {
                        break;
                    }
                    let (i, r) = (j / args.repeats as usize, j % args.repeats as usize);
                    let seed = args.seed + 1000 * i as u64 + r as u64;
                    let (death, nodes, lengths) = play_on(&starts[i].state, seed, &args, &mut bot);
                    if let Some(m) = death {
                        atom4_arena::errln!(
                            "{} (repeat {r}): died after {m} moves",
                            starts[i].what
                        );
                    }
                    results.lock().unwrap().push((death, nodes, lengths));
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    let deaths = results.iter().filter(|(d, _, _)| d.is_some()).count();
    let moves: u64 = results
        .iter()
        .map(|(d, _, _)| u64::from(d.unwrap_or(args.moves)))
        .sum();
    let nodes: u64 = results.iter().map(|(_, n, _)| n).sum();
    let mut lengths = [0u64; 20];
    for (_, _, l) in &results {
        for (total, &n) in lengths.iter_mut().zip(l) {
            *total += u64::from(n);
        }
    }
    let near: u64 = lengths[NEAR_DEATH..].iter().sum();
    // The tail of the ring lengths: how often a ring gets crowded, far
    // steadier than deaths.
    let tail: Vec<String> = (13..=NEAR_DEATH)
        .map(|n| {
            let at_least: u64 = lengths[n..].iter().sum();
            format!(
                ">={n} {:.3}%",
                100.0 * at_least as f64 / moves.max(1) as f64
            )
        })
        .collect();
    atom4_arena::errln!("moves at ring lengths: {}", tail.join(", "));
    atom4_arena::outln!(
        "danger-atomas: play-ons {}, deaths {}, moves {}, near death (>= {NEAR_DEATH} entries) {:.3}% of moves, {:.0} nodes/move, {:.3} ms/move ({} threads)",
        results.len(),
        deaths,
        moves,
        100.0 * near as f64 / moves.max(1) as f64,
        nodes as f64 / moves.max(1) as f64,
        1000.0 * t.elapsed().as_secs_f64() * f64::from(args.threads.max(1)) / moves.max(1) as f64,
        args.threads.max(1)
    );
}
