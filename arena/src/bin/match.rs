//! Plays engines against each other, for any game, and reports the result.
//!
//! `cargo run --release -p atom4-arena --bin match -- [options] <engine> <engine>...`
//! (`--help` lists the options). Atom-4 engines: `random`,
//! `classic:<level>`, `strong:<ms>ms`, `strong:d<depth>`, `strong:n<nodes>`,
//! each strong one with `:t<threads>` if wanted (`strong:30ms:t2`), and
//! `mcts:<ms>ms`. Progress goes to standard error, a game a line; the
//! summary to standard output.

use atom4_arena::games::{run_match, GAMES};
use atom4_arena::matches::{summary, MatchOptions, Setup};
use clap::Parser;

/// Plays a match between engines and prints each engine's results.
#[derive(Parser, Debug)]
#[command(name = "match")]
struct Args {
    /// The game (atom4, ...).
    #[arg(long, default_value = "atom4")]
    game: String,
    /// Games to play; the seats rotate from game to game.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Random moves at the start of each game.
    #[arg(long, default_value_t = 2)]
    opening: u32,
    /// Seeds the openings and the engines.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games at a time (default 2; 1 when an engine thinks for a fixed
    /// time), at most 256.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// A game still running after this many moves is a draw.
    #[arg(long, default_value_t = 100_000)]
    max_moves: u64,
    /// Board size, WxH.
    #[arg(long, value_parser = parse_size)]
    size: Option<(u32, u32)>,
    /// Players (games of more than two).
    #[arg(long)]
    players: Option<u32>,
    /// A game-specific setting, KEY=VALUE (repeatable).
    #[arg(long = "set", value_parser = parse_setting)]
    settings: Vec<(String, String)>,
    /// The engines, one a seat; with fewer than the players, the last one
    /// fills the remaining seats.
    #[arg(required = true)]
    engines: Vec<String>,
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text.split_once(['x', 'X']).ok_or("give WxH")?;
    Ok((
        w.parse().map_err(|_| format!("bad width {w:?}"))?,
        h.parse().map_err(|_| format!("bad height {h:?}"))?,
    ))
}

fn parse_setting(text: &str) -> Result<(String, String), String> {
    let (k, v) = text.split_once('=').ok_or("give KEY=VALUE")?;
    Ok((k.to_string(), v.to_string()))
}

fn main() {
    let args = Args::parse();
    let setup = Setup {
        size: args.size,
        players: args.players,
        settings: args.settings,
    };
    let options = MatchOptions {
        games: args.games,
        opening: args.opening,
        seed: args.seed,
        threads: args.threads,
        max_moves: args.max_moves,
    };
    match run_match(&args.game, &setup, &args.engines, &options) {
        Ok(standings) => {
            atom4_arena::outln!(
                "match: {} games of {}, {} random opening moves, seed {}",
                options.games,
                args.game,
                options.opening,
                options.seed
            );
            for line in summary(&standings) {
                atom4_arena::outln!("{line}");
            }
        }
        Err(e) => {
            eprintln!("match: {e} (games: {})", GAMES.join(", "));
            std::process::exit(2);
        }
    }
}
