//! Plays two Atom-4 engines against each other and reports the result.
//!
//! `cargo run --release -p atom4-arena --bin match -- [options] <engine A> <engine B>`
//! Engines: `random`, `classic:<level>`, `strong:<ms>ms`, `strong:d<depth>`,
//! `strong:n<nodes>`, each strong one with `:t<threads>` if wanted
//! (`strong:30ms:t2`). Options: `--games N` (default 200; A plays first in
//! even games, second in odd ones), `--opening N` random first moves
//! (default 2), `--seed S`, `--threads T` games at a time (default 2, but
//! 1 when an engine has a time limit: two searches side by side on two
//! cores each reach about 30% fewer nodes), `--size WxH`.
//! `ATOM4_WEIGHTS=name=value,...` changes engine A's evaluation weights
//! (a tuning aid: compare a change against the defaults on the same games).

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use atom4_arena::atom4_engines::{parse_weights, StrongLimit};
use atom4_arena::{play_game, Atom4Engine, Engine, EngineSpec, Tally};
use atom4_core::atom4::Atom4;
use atom4_core::atom4::Weights;
use atom4_core::game::{Outcome, Side};
use atom4_core::Rng;

struct Options {
    specs: [EngineSpec; 2],
    games: u32,
    opening: u32,
    seed: u64,
    threads: u32,
    size: (u8, u8),
    /// Engine A's evaluation weights (`ATOM4_WEIGHTS=name=value,...`).
    weights: Weights,
}

fn parse() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let (mut games, mut opening, mut seed, mut size) = (200, 2, 1, (16, 16));
    let mut threads = None;
    let mut specs = Vec::new();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--games" => {
                games = value("--games")?
                    .parse()
                    .map_err(|e| format!("--games: {e}"))?
            }
            "--opening" => {
                opening = value("--opening")?
                    .parse()
                    .map_err(|e| format!("--opening: {e}"))?
            }
            "--seed" => {
                seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?
            }
            "--threads" => {
                threads = Some(
                    value("--threads")?
                        .parse::<u32>()
                        .map_err(|e| format!("--threads: {e}"))?,
                );
            }
            "--size" => {
                let v = value("--size")?;
                let (w, h) = v.split_once('x').ok_or("--size takes WxH")?;
                size = (
                    w.parse().map_err(|_| "bad width")?,
                    h.parse().map_err(|_| "bad height")?,
                );
            }
            "-h" | "--help" => return Err(String::new()),
            _ => specs.push(arg.parse::<EngineSpec>()?),
        }
    }
    let specs: [EngineSpec; 2] = specs
        .try_into()
        .map_err(|_| "give exactly two engines".to_string())?;
    Atom4::new(size.0, size.1).map_err(|e| e.to_string())?;
    let timed = |spec: &EngineSpec| {
        matches!(
            spec,
            EngineSpec::Strong {
                limit: StrongLimit::Time(_),
                ..
            }
        )
    };
    let default_threads = if specs.iter().any(timed) { 1 } else { 2 };
    let weights = match std::env::var("ATOM4_WEIGHTS") {
        Ok(text) => parse_weights(&text, Weights::DEFAULT)?,
        Err(_) => Weights::DEFAULT,
    };
    Ok(Options {
        specs,
        games,
        opening,
        seed,
        threads: threads.unwrap_or(default_threads).max(1),
        size,
        weights,
    })
}

fn main() {
    let options = match parse() {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("match: {e}");
            }
            eprintln!("usage: match [--games N] [--opening N] [--seed S] [--threads T] [--size WxH] <engine A> <engine B>");
            std::process::exit(2);
        }
    };
    let next = AtomicU32::new(0);
    let tallies = Mutex::new([Tally::default(); 2]);
    let depths = Mutex::new([[0u32; 65]; 2]);
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                let o = &options;
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= o.games {
                        break;
                    }
                    let game_seed = o.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
                    let mut a =
                        Atom4Engine::new(o.specs[0], game_seed ^ 0xA).with_weights(o.weights);
                    let mut b = Atom4Engine::new(o.specs[1], game_seed ^ 0xB);
                    let mut rng = Rng::new(game_seed);
                    let mut left = o.opening;
                    let mut opening = |game: &Atom4| {
                        (left > 0).then(|| {
                            left -= 1;
                            let legal = game.legal_moves();
                            legal
                                .nth(rng.below(legal.count()))
                                .expect("a game in play has a legal move")
                        })
                    };
                    let start = Atom4::new(o.size.0, o.size.1).expect("size checked");
                    let a_side = if g.is_multiple_of(2) {
                        Side::First
                    } else {
                        Side::Second
                    };
                    let engines: [&mut dyn Engine<Atom4>; 2] = if a_side == Side::First {
                        [&mut a, &mut b]
                    } else {
                        [&mut b, &mut a]
                    };
                    let record = play_game(start, engines, &mut opening);
                    {
                        let mut d = depths.lock().expect("no thread panics holding it");
                        for (i, n) in a.depths.iter().enumerate() {
                            d[0][i] += n;
                        }
                        for (i, n) in b.depths.iter().enumerate() {
                            d[1][i] += n;
                        }
                    }
                    let mut t = tallies.lock().expect("no thread panics holding it");
                    t[0].add(&record, a_side);
                    t[1].add(&record, a_side.other());
                    let result = match record.outcome {
                        Outcome::Win(s) if s == a_side => "A wins",
                        Outcome::Win(_) => "B wins",
                        Outcome::Draw => "stalemate",
                    };
                    eprintln!(
                        "game {:>4}: A plays {:?}, {} moves, {result}",
                        g + 1,
                        a_side,
                        record.moves.len()
                    );
                }
            });
        }
    });
    let [a, b] = tallies.into_inner().expect("threads done");
    let depths = depths.into_inner().expect("threads done");
    println!(
        "match: {} games on {}x{}, {} random opening moves, seed {}, {} at a time",
        a.games(),
        options.size.0,
        options.size.1,
        options.opening,
        options.seed,
        options.threads
    );
    for (side, (name, t)) in [(options.specs[0], a), (options.specs[1], b)]
        .into_iter()
        .enumerate()
    {
        println!(
            "  {name:<14} wins {:>4}  losses {:>4}  stalemates {:>3}  win rate (decided) {:>5.1}%  {:.2} ms/move",
            t.wins,
            t.losses,
            t.draws,
            100.0 * t.win_rate(),
            t.ms_per_move()
        );
        let reached: Vec<String> = depths[side]
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(d, n)| format!("d{d}:{n}"))
            .collect();
        if !reached.is_empty() {
            println!("  {:<14} depths reached: {}", "", reached.join(" "));
        }
    }
}
