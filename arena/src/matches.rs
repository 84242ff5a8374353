//! Matches between engines, for every game of the registry through the
//! one interface: seats rotated from game to game, a few seeded random
//! opening moves, chance turns drawn by their weights, games played on
//! several threads, a line a game on standard error and a summary a seat.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use atom4_core::game::{Player, Turn};
use atom4_core::registry::{AnyState, GameId};
use atom4_core::state::{Action, Setup, SetupError};
use atom4_core::Rng;

use crate::any::{self, AnyEngine};
use crate::record::Record;

/// How a match is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOptions {
    pub games: u32,
    /// Random moves at the start of each game (seeded).
    pub opening: u32,
    pub seed: u64,
    /// Games played at once; `None`: 2, or 1 when an engine is timed.
    pub threads: Option<u32>,
    /// A game still running after this many moves counts as a draw.
    pub max_moves: u64,
    /// A folder that gets each game as a saved game, `game-NNNN.txt`.
    pub records: Option<PathBuf>,
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            games: 200,
            opening: 2,
            seed: 1,
            threads: None,
            max_moves: 100_000,
            records: None,
        }
    }
}

/// One finished (or stopped) game: what each player got, and the moves.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// What each player got at the end (0 for all when the game was
    /// stopped at the move limit).
    pub returns: Vec<f64>,
    /// Whether the game ended by its rules (not at the move limit).
    pub finished: bool,
    /// Every move, chance outcomes included.
    pub moves: Vec<Action>,
    /// Seconds each player's engine spent choosing, in total.
    pub seconds: Vec<f64>,
    /// Moves each player's engine made.
    pub move_counts: Vec<u32>,
}

/// Plays `start` to the end: `engines[i]` moves for player `i`; chance
/// turns are drawn from `rng`; the first moves come from `opening` while it
/// gives some. A game still running after `max_moves` moves is stopped.
/// An engine's error, or a move the game refuses, ends it with that error.
pub fn play_game(
    start: AnyState,
    engines: &mut [&mut dyn AnyEngine],
    rng: &mut Rng,
    opening: &mut dyn FnMut(&AnyState) -> Option<Action>,
    max_moves: u64,
) -> Result<GameRecord, String> {
    let players = start.players();
    if engines.len() != players {
        return Err(format!(
            "{} engines for a game of {players} players",
            engines.len()
        ));
    }
    let mut game = start;
    let mut record = GameRecord {
        returns: vec![0.0; players],
        finished: false,
        moves: Vec::new(),
        seconds: vec![0.0; players],
        move_counts: vec![0; players],
    };
    while (record.moves.len() as u64) < max_moves {
        let action = match game.turn() {
            Turn::Over => break,
            Turn::Chance => game
                .draw_chance(rng)
                .ok_or("a chance turn without outcomes")?,
            Turn::Player(p) => match opening(&game) {
                Some(action) => action,
                None => {
                    let seat = p.index();
                    let t = Instant::now();
                    let action = engines[seat].choose(&game)?;
                    record.seconds[seat] += t.elapsed().as_secs_f64();
                    record.move_counts[seat] += 1;
                    action
                }
            },
        };
        game.play(action).map_err(|e| {
            format!(
                "move {} (action {action}) refused in {game}: {e}",
                record.moves.len() + 1
            )
        })?;
        record.moves.push(action);
    }
    record.finished = game.is_over();
    if record.finished {
        for (r, got) in record.returns.iter_mut().zip(game.returns_all()) {
            *r = got;
        }
    }
    Ok(record)
}

/// Results of a match from one engine's point of view. A game is a win
/// when the engine's return is the only highest, a draw when it shares the
/// highest (or the game was stopped), a loss otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The sum of the engine's returns (a score, for one-player games).
    pub returns: f64,
    pub seconds: f64,
    pub moves: u32,
}

impl Tally {
    /// Adds `record` as seen from `seat`.
    pub fn add(&mut self, record: &GameRecord, seat: Player) {
        let mine = record.returns[seat.index()];
        let best_other = record
            .returns
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != seat.index())
            .map(|(_, &r)| r)
            .fold(f64::NEG_INFINITY, f64::max);
        if !record.finished || mine == best_other {
            self.draws += 1;
        } else if mine > best_other {
            self.wins += 1;
        } else {
            self.losses += 1;
        }
        self.returns += mine;
        self.seconds += record.seconds[seat.index()];
        self.moves += record.move_counts[seat.index()];
    }

    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Wins over decided games.
    pub fn win_rate(&self) -> f64 {
        self.wins as f64 / (self.wins + self.losses).max(1) as f64
    }

    /// Wins over all games.
    pub fn win_share(&self) -> f64 {
        self.wins as f64 / self.games().max(1) as f64
    }

    pub fn mean_return(&self) -> f64 {
        self.returns / self.games().max(1) as f64
    }

    pub fn ms_per_move(&self) -> f64 {
        1000.0 * self.seconds / self.moves.max(1) as f64
    }
}

/// One engine's results over the match.
#[derive(Clone, Debug)]
pub struct Standing {
    pub spec: String,
    pub tally: Tally,
    /// Moves that ended at each completed depth, for searching engines.
    pub depths: Vec<u32>,
}

/// Builds a seat's engine: its spec, its place on the command line, its
/// seed.
pub type Builder<'a> = dyn Fn(&str, usize, u64) -> Result<Box<dyn AnyEngine>, String> + Sync + 'a;

/// A game of the registry set up so, or an error that says what the game
/// takes.
pub fn start(game: GameId, setup: &Setup) -> Result<AnyState, String> {
    game.start(setup).map_err(|e| setup_error(game, &e))
}

/// `e` with the parameters `game` takes, their defaults and meaning.
pub fn setup_error(game: GameId, e: &SetupError) -> String {
    let takes: Vec<String> = game
        .params()
        .iter()
        .map(|p| format!("{} (default {}: {})", p.name, p.default, p.help))
        .collect();
    if takes.is_empty() {
        format!("{e} ({game} takes no parameters)")
    } else {
        format!("{e} ({game} takes: {})", takes.join("; "))
    }
}

/// Plays a match of `game` set up so: the engines of `specs` (the game's
/// own, or those of every game: [`crate::games::engine`]) take the seats.
pub fn run(
    game: GameId,
    setup: &Setup,
    specs: &[String],
    options: &MatchOptions,
) -> Result<Vec<Standing>, String> {
    run_with(
        &start(game, setup)?,
        specs,
        &|spec: &str, seat: usize, seed: u64| crate::games::engine(game, spec, seat, seed),
        options,
    )
}

/// Plays the match from `start` with the engines `build` makes of
/// `specs`; with fewer specs than players the last one fills the
/// remaining seats (one engine each). Game `g` seats engine `i` in seat
/// `(i + g) mod players`.
pub fn run_with(
    start: &AnyState,
    specs: &[String],
    build: &Builder<'_>,
    options: &MatchOptions,
) -> Result<Vec<Standing>, String> {
    let players = start.players();
    if specs.is_empty() || specs.len() > players {
        return Err(format!(
            "{} has {players} player{} here: give 1 to {players} engines",
            start.game(),
            if players == 1 { "" } else { "s" }
        ));
    }
    if let Some(dir) = &options.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the records' folder {}: {e}", dir.display()))?;
    }
    let mut seats: Vec<String> = specs.to_vec();
    while seats.len() < players {
        seats.push(specs[specs.len() - 1].clone());
    }
    // Every spec must build before the first game.
    for (i, spec) in seats.iter().enumerate() {
        build(spec, i, 0)?;
    }
    let threads = options
        .threads
        .unwrap_or(if seats.iter().any(|s| any::is_timed(s)) {
            1
        } else {
            2
        })
        // No more threads than games: each would only start and stop.
        .clamp(1, options.games.max(1));
    let standings = Mutex::new(
        seats
            .iter()
            .map(|spec| Standing {
                spec: spec.clone(),
                tally: Tally::default(),
                depths: Vec::new(),
            })
            .collect::<Vec<_>>(),
    );
    crate::in_parallel(u64::from(options.games), threads, |g| {
        play_one(start, &seats, build, options, g as u32, &standings)
            .map_err(|e| format!("game {}: {e}", g + 1))
    })?;
    standings
        .into_inner()
        .map_err(|_| "a match thread failed".to_string())
}

/// The seat of engine `i` in game `g` of a match of `players`.
pub fn seat_of(i: usize, g: u32, players: usize) -> usize {
    (i + g as usize) % players
}

fn play_one(
    start: &AnyState,
    seats: &[String],
    build: &Builder<'_>,
    options: &MatchOptions,
    g: u32,
    standings: &Mutex<Vec<Standing>>,
) -> Result<(), String> {
    let players = seats.len();
    let game_seed = options
        .seed
        .wrapping_mul(1_000_003)
        .wrapping_add(u64::from(g));
    let mut engines: Vec<Box<dyn AnyEngine>> = Vec::with_capacity(players);
    for (i, spec) in seats.iter().enumerate() {
        engines.push(build(spec, i, game_seed ^ (0xA + i as u64))?);
    }
    let mut by_seat: Vec<(usize, &mut dyn AnyEngine)> = engines
        .iter_mut()
        .enumerate()
        .map(|(i, e)| (seat_of(i, g, players), e.as_mut() as &mut dyn AnyEngine))
        .collect();
    by_seat.sort_by_key(|(seat, _)| *seat);
    let mut in_seats: Vec<&mut dyn AnyEngine> = by_seat.into_iter().map(|(_, e)| e).collect();
    let mut rng = Rng::new(game_seed);
    let mut opening_rng = Rng::new(game_seed ^ 0x5EED);
    let mut left = options.opening;
    let mut opening = |game: &AnyState| {
        if left == 0 {
            return None;
        }
        left -= 1;
        any::random_action(game, &mut opening_rng)
    };
    let record = play_game(
        start.clone(),
        &mut in_seats,
        &mut rng,
        &mut opening,
        options.max_moves,
    )?;
    drop(in_seats);
    let mut all = standings.lock().map_err(|_| "a match thread failed")?;
    for (i, engine) in engines.iter().enumerate() {
        let seat = Player::new(seat_of(i, g, players)).ok_or("too many players")?;
        all[i].tally.add(&record, seat);
        if let Some(depths) = engine.depths() {
            if all[i].depths.len() < depths.len() {
                all[i].depths.resize(depths.len(), 0);
            }
            for (total, n) in all[i].depths.iter_mut().zip(depths) {
                *total += n;
            }
        }
    }
    let returns: Vec<String> = (0..players)
        .map(|i| format!("{}", record.returns[seat_of(i, g, players)]))
        .collect();
    // The same words on the progress line and in the saved game.
    let result = format!(
        "{}returns by engine {}",
        if record.finished { "" } else { "stopped, " },
        returns.join(" ")
    );
    if let Some(dir) = &options.records {
        save(dir, start, seats, options.seed, g, &record.moves, &result)?;
    }
    crate::errln!(
        "game {:>4}: engine 1 in seat {}, {} moves, {result}",
        g + 1,
        seat_of(0, g, players) + 1,
        record.moves.len(),
    );
    Ok(())
}

/// Writes game `g` of a match as a saved game in `dir` (the atom4 program
/// loads it): the seats' engines and the result in comments, the
/// computer on no seat.
fn save(
    dir: &std::path::Path,
    start: &AnyState,
    seats: &[String],
    seed: u64,
    g: u32,
    moves: &[Action],
    result: &str,
) -> Result<(), String> {
    let players = seats.len();
    let mut comments = vec![format!("match game {} of seed {seed}", g + 1)];
    for (i, spec) in seats.iter().enumerate() {
        comments.push(format!(
            "engine {} {spec} in seat {}",
            i + 1,
            seat_of(i, g, players) + 1
        ));
    }
    comments.push(result.to_string());
    let record = Record {
        moves: moves.to_vec(),
        comments,
        ..Record::new(start.clone())
    };
    let path = dir.join(format!("game-{:04}.txt", g + 1));
    std::fs::write(&path, record.to_string())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The summary lines of a match.
pub fn summary(standings: &[Standing]) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, s) in standings.iter().enumerate() {
        let t = &s.tally;
        lines.push(format!(
            "  {:>2} {:<18} wins {:>4}  losses {:>4}  draws {:>3}  win rate (decided) {:>5.1}%  (all games) {:>5.1}%  mean return {:>8.3}  {:.2} ms/move",
            i + 1,
            s.spec,
            t.wins,
            t.losses,
            t.draws,
            100.0 * t.win_rate(),
            100.0 * t.win_share(),
            t.mean_return(),
            t.ms_per_move()
        ));
        let reached: Vec<String> = s
            .depths
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(d, n)| format!("d{d}:{n}"))
            .collect();
        if !reached.is_empty() {
            lines.push(format!(
                "     {:<18} depths reached: {}",
                "",
                reached.join(" ")
            ));
        }
    }
    lines
}
