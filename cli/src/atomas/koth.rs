//! `atom4 atomas koth`: the contest's controller. Game `k` of a run seeded
//! `S` is drawn with the spec's reference generator seeded `S + k`; the bot
//! program gets a request line for each move (started afresh for each
//! move, or once a game with `--persistent`) and its first line is the
//! reply. A bad reply (the spec's list, an `error:` line, no answer in
//! time, a crash, an overlong line) ends that game and its score stands.
//! One line a game and the summary go to standard output, progress to
//! standard error; `--log` writes every game in the vectors' `games.jsonl`
//! format.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::time::{Duration, Instant};

use atom4_core::atomas::{Atomas, Reference, Reply};
use clap::Args;

use super::child::{BotProcess, NoReply};
use super::log::GameLog;

/// `atom4 atomas koth`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct KothArgs {
    /// The bot's command line (run as `sh -c` runs it; a simple command
    /// without the shell, so that the bot itself ends with the controller).
    #[arg(value_name = "BOT COMMAND")]
    pub command: String,
    /// Games to play.
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Game k is drawn with the reference generator seeded S + k.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// One bot process a game, answering a line a move (default: a process
    /// a move).
    #[arg(long)]
    pub persistent: bool,
    /// The request form: 2 (ATOM/BOARD) or 4 (SCORE/MOVE/ATOM/BOARD).
    #[arg(long, value_name = "2|4", default_value_t = 2, value_parser = fields)]
    pub fields: u8,
    /// Stop a game after this many moves (default: no cap but the
    /// engine's own limits).
    #[arg(long, value_name = "N")]
    pub max_moves: Option<u64>,
    /// How long the bot may take for a reply, in milliseconds (a process
    /// a move: its start included).
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub timeout: u64,
    /// Write every game to FILE, one JSON line a game (the golden vectors'
    /// games.jsonl format).
    #[arg(long, value_name = "FILE")]
    pub log: Option<String>,
}

fn fields(text: &str) -> Result<u8, String> {
    match text {
        "2" => Ok(2),
        "4" => Ok(4),
        _ => Err("the request form has 2 or 4 fields".into()),
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// More than 18 entries.
    Full,
    /// The move cap (or the engine's limits).
    MoveCap,
    /// A bad reply, and why.
    BadReply(String),
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            End::Full => f.write_str("full"),
            End::MoveCap => f.write_str("move cap"),
            End::BadReply(why) => write!(f, "bad reply ({why})"),
        }
    }
}

/// One played game.
#[derive(Clone, Debug)]
pub struct Played {
    pub seed: u64,
    pub score: u64,
    pub moves: u64,
    pub end: End,
    /// Time spent waiting for replies.
    pub bot_time: Duration,
}

/// How the bot is run for one game.
enum Runner<'a> {
    PerMove { command: &'a str },
    Persistent(BotProcess),
}

impl Runner<'_> {
    /// The bot's reply line to `request`.
    /// A bot that cannot be run at all (the shell's "not found") is an
    /// error of the run (the outer `Err`), not a bad reply.
    fn ask(&mut self, request: &str, timeout: Duration) -> Result<Result<String, String>, String> {
        let reply = match self {
            Runner::PerMove { command } => {
                let mut bot = BotProcess::start(command)?;
                bot.send(request);
                bot.close_input();
                let reply = bot.reply(timeout);
                bot.end(Duration::ZERO);
                reply
            }
            Runner::Persistent(bot) => {
                bot.send(request);
                bot.reply(timeout)
            }
        };
        match reply {
            Err(why @ NoReply::CannotRun { .. }) => Err(why.to_string()),
            reply => Ok(reply.map_err(|e| e.to_string())),
        }
    }
}

/// The run's progress on standard error: the games and moves so far, a
/// bar of the games, the current game's move and score.
struct Progress {
    line: atom4_arena::progress::Progress,
    /// Moves of the games already over.
    moves_before: u64,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            line: atom4_arena::progress::Progress::new(),
            moves_before: 0,
        }
    }

    fn show(&mut self, game: u32, games: u32, state: &Atomas, moves: u64) {
        let total = self.moves_before + moves;
        self.line.show(|| {
            format!(
                "{} game {}/{games}, {total} moves so far; this game: move {}, score {}, {} entries",
                atom4_arena::progress::bar(u64::from(game), u64::from(games), 20),
                game + 1,
                state.move_number(),
                state.score(),
                state.ring().len()
            )
        });
    }

    fn game_over(&mut self, moves: u64) {
        self.moves_before += moves;
        self.line.clear();
    }
}

/// Plays game `k` of the run.
fn play_game(
    args: &KothArgs,
    k: u32,
    progress: &mut Progress,
    log: Option<&mut GameLog<BufWriter<File>>>,
) -> Result<Played, String> {
    let seed = args.seed.wrapping_add(u64::from(k));
    let mut draws = Reference::for_game(args.seed, u64::from(k));
    let mut game = Atomas::start(&mut draws);
    let mut log = log;
    if let Some(log) = log.as_deref_mut() {
        log.start(seed, &args.command, &game);
    }
    let mut runner = if args.persistent {
        Runner::Persistent(BotProcess::start(&args.command)?)
    } else {
        Runner::PerMove {
            command: &args.command,
        }
    };
    let timeout = Duration::from_millis(args.timeout);
    let cap = args.max_moves.unwrap_or(u64::MAX);
    let mut moves = 0u64;
    let mut bot_time = Duration::ZERO;
    let end = loop {
        if game.is_over() {
            break End::Full;
        }
        if moves >= cap || game.is_exhausted() {
            break End::MoveCap;
        }
        let (atom, source) = game
            .draw_with(&mut draws)
            .map_err(|e| format!("game {}: cannot draw: {e}", k + 1))?;
        let mut request = game.request().ok_or("a drawn atom makes a request")?;
        if args.fields == 2 {
            request.header = None;
        }
        let asked = Instant::now();
        let answer = runner.ask(&request.to_string(), timeout)?;
        bot_time += asked.elapsed();
        let text = match answer {
            Ok(text) => text,
            Err(why) => break End::BadReply(why),
        };
        let reply = match Reply::parse(&text, atom, game.ring().len()) {
            Ok(reply) => reply,
            Err(bad) => break End::BadReply(bad.to_string()),
        };
        match game.play(reply) {
            Ok(played) => {
                moves += 1;
                if let Some(log) = log.as_deref_mut() {
                    log.moved(atom, source, reply, &game, played.points);
                }
            }
            Err(illegal) => break End::BadReply(illegal.to_string()),
        }
        progress.show(k, args.games, &game, moves);
    };
    if let Runner::Persistent(bot) = runner {
        bot.end(Duration::from_millis(100));
    }
    progress.game_over(moves);
    if let Some(log) = log {
        log.end(&game, moves, &end)
            .map_err(|e| format!("cannot write the log: {e}"))?;
    }
    Ok(Played {
        seed,
        score: game.score(),
        moves,
        end,
        bot_time,
    })
}

/// The summary line of a run.
pub fn summary(played: &[Played]) -> String {
    let n = played.len().max(1) as f64;
    let mut scores: Vec<u64> = played.iter().map(|p| p.score).collect();
    scores.sort_unstable();
    // Summed as integers: a float sum of no games is -0.
    let mean = scores.iter().map(|&s| u128::from(s)).sum::<u128>() as f64 / n;
    let median = match scores.len() {
        0 => 0.0,
        len if len % 2 == 1 => scores[len / 2] as f64,
        len => (scores[len / 2 - 1] as f64 + scores[len / 2] as f64) / 2.0,
    };
    let moves = played.iter().map(|p| u128::from(p.moves)).sum::<u128>() as f64 / n;
    let capped = played.iter().filter(|p| p.end == End::MoveCap).count();
    format!(
        "atomas koth: games {}, mean {mean:.0}, median {median:.0}, min {}, max {}, mean moves {moves:.1}, capped {capped}",
        played.len(),
        scores.first().unwrap_or(&0),
        scores.last().unwrap_or(&0),
    )
}

/// Runs the controller.
pub fn run(args: &KothArgs) -> Result<(), String> {
    let mut log = match &args.log {
        Some(path) => Some(GameLog::new(BufWriter::new(
            File::create(path).map_err(|e| format!("{path}: {e}"))?,
        ))),
        None => None,
    };
    let mut progress = Progress::new();
    let mut played = Vec::new();
    let mut out = io::stdout();
    for k in 0..args.games {
        let game = play_game(args, k, &mut progress, log.as_mut())?;
        writeln!(
            out,
            "game {}: seed {}, score {}, moves {}, end {}, {:.3} ms a move",
            k + 1,
            game.seed,
            game.score,
            game.moves,
            game.end,
            game.bot_time.as_secs_f64() * 1000.0 / game.moves.max(1) as f64
        )
        .and_then(|()| out.flush())
        .map_err(|e| format!("standard output: {e}"))?;
        played.push(game);
    }
    writeln!(out, "{}", summary(&played)).map_err(|e| format!("standard output: {e}"))?;
    let moves: u64 = played.iter().map(|p| p.moves).sum();
    let time: Duration = played.iter().map(|p| p.bot_time).sum();
    atom4_arena::errln!(
        "atomas koth: the bot took {:.3} ms a move on average ({moves} moves)",
        time.as_secs_f64() * 1000.0 / moves.max(1) as f64
    );
    Ok(())
}
