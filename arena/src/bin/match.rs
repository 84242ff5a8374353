//! Plays engines against each other in any game of the registry, and
//! reports the result.
//!
//! `cargo run --release -p atom4-arena --bin match -- [--game NAME] [options] <engine> <engine>...`
//! (`--help` lists the options, the games and their engines). Every game
//! plays `random` and `engine:<limit>` (its engine through the one
//! interface); a game's own engines come first (Atom-4: `classic:<level>`,
//! `strong:30ms:t2`, ...). Progress goes to standard error, a game a line;
//! the summary to standard output.

use atom4_arena::games::engines_help;
use atom4_arena::matches::{run, setup_error, summary, MatchOptions};
use atom4_core::registry::{GameId, GAME_IDS};
use atom4_core::state::Setup;
use clap::{CommandFactory, FromArgMatches, Parser};

/// Plays a match between engines and prints each engine's results.
#[derive(Parser, Debug)]
#[command(name = "match")]
struct Args {
    /// The game (see below).
    #[arg(long, default_value = "atom4")]
    game: String,
    /// Games to play; the seats rotate from game to game.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Random moves at the start of each game.
    #[arg(long, default_value_t = 2)]
    opening: u32,
    /// Seeds the openings, the chance turns and the engines.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games at a time (default 2; 1 when an engine thinks for a fixed
    /// time), at most 256.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// A game still running after this many moves is a draw.
    #[arg(long, default_value_t = 100_000)]
    max_moves: u64,
    /// The board: WxH, or one number (the game's setup parameter `size`).
    #[arg(long)]
    size: Option<String>,
    /// Players (the game's setup parameter `players`).
    #[arg(long)]
    players: Option<String>,
    /// A setup parameter of the game, NAME=VALUE (repeatable): size,
    /// players, rules, areas, seed, as the game takes them.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    settings: Vec<String>,
    /// Writes every game to this folder as a saved game, game-NNNN.txt
    /// (the engines and the result in its comments), which
    /// `atom4 --load FILE` shows and replays.
    #[arg(long, value_name = "DIR")]
    records: Option<std::path::PathBuf>,
    /// The engines, one a seat; with fewer than the players, the last one
    /// fills the remaining seats.
    #[arg(required = true)]
    engines: Vec<String>,
}

/// The games, their parameters and their engines, for `--help`.
fn games_help() -> String {
    let mut text = String::from("Games, their setup parameters and engines:\n");
    for &id in GAME_IDS {
        let params: Vec<String> = id
            .params()
            .iter()
            .map(|p| format!("{}={}", p.name, p.default))
            .collect();
        text.push_str(&format!(
            "  {} ({}): {}\n      engines: {}\n",
            id.name(),
            id.title(),
            if params.is_empty() {
                "no parameters".to_string()
            } else {
                params.join(" ")
            },
            engines_help(id)
        ));
    }
    text
}

/// The game's setup from the command line.
fn setup(game: GameId, args: &Args) -> Result<Setup, String> {
    let mut setup = Setup::default();
    let named = [("size", &args.size), ("players", &args.players)];
    for (name, value) in named {
        if let Some(value) = value {
            setup.set(name, value).map_err(|e| setup_error(game, &e))?;
        }
    }
    for setting in &args.settings {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("--set {setting:?}: give NAME=VALUE"))?;
        setup.set(name, value).map_err(|e| setup_error(game, &e))?;
    }
    Ok(setup)
}

fn play(args: &Args) -> Result<(), String> {
    let game: GameId = args.game.parse().map_err(|e| format!("{e}"))?;
    let options = MatchOptions {
        games: args.games,
        opening: args.opening,
        seed: args.seed,
        threads: args.threads,
        max_moves: args.max_moves,
        records: args.records.clone(),
    };
    let standings = run(game, &setup(game, args)?, &args.engines, &options)?;
    atom4_arena::outln!(
        "match: {} games of {}, {} random opening moves, seed {}",
        options.games,
        game,
        options.opening,
        options.seed
    );
    for line in summary(&standings) {
        atom4_arena::outln!("{line}");
    }
    Ok(())
}

fn main() {
    let matches = Args::command().after_help(games_help()).get_matches();
    let args = Args::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if let Err(e) = play(&args) {
        atom4_arena::errln!("match: {e}");
        std::process::exit(2);
    }
}
