//! Matches between engines, for any game: seats rotated from game to game,
//! a few seeded random opening moves, games played on several threads,
//! progress on standard error and a summary a seat.
//!
//! A game takes part by implementing [`Arena`] (how to set it up from the
//! command line's options, and its engines from specs) and being listed in
//! [`crate::games`].

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use atom4_core::game::{Game, Player};
use atom4_core::Rng;

use crate::{play_game, random_move, Engine, Tally};

/// How a game is set up for a match: the generic options of the command
/// line, which each game reads as it needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// `--size WxH`.
    pub size: Option<(u32, u32)>,
    /// `--players N`.
    pub players: Option<u32>,
    /// `--set KEY=VALUE`, in order.
    pub settings: Vec<(String, String)>,
}

impl Setup {
    /// The value of `--set key=...`, the last one given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.settings
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Refuses settings no key of `known` names.
    pub fn only(&self, known: &[&str]) -> Result<(), String> {
        match self
            .settings
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()))
        {
            Some((k, _)) => Err(format!(
                "unknown setting {k:?} (this game knows: {})",
                known.join(", ")
            )),
            None => Ok(()),
        }
    }
}

/// A game as the match runner sees it.
pub trait Arena: Sync {
    type Game: Game + Clone + Send + Sync;

    /// The start of every game of the match.
    fn start(&self, setup: &Setup) -> Result<Self::Game, String>;

    /// The engine a spec describes, seeded; `index` is its place on the
    /// command line (0 for the first). An error names the specs this game
    /// knows.
    fn engine(
        &self,
        spec: &str,
        index: usize,
        seed: u64,
    ) -> Result<Box<dyn Engine<Self::Game>>, String>;

    /// Whether the spec's engine thinks for a fixed time (such engines
    /// play one game at a time by default: two searches side by side on
    /// two cores each reach fewer nodes).
    fn timed(&self, spec: &str) -> bool {
        spec.split(':').any(|part| part.ends_with("ms"))
    }
}

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
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            games: 200,
            opening: 2,
            seed: 1,
            threads: None,
            max_moves: 100_000,
        }
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

/// Plays the match: the engines of `specs` take the seats; with fewer
/// specs than players the last one fills the remaining seats (one engine
/// each). Game `g` seats engine `i` in seat `(i + g) mod players`.
pub fn run<A: Arena>(
    arena: &A,
    setup: &Setup,
    specs: &[String],
    options: &MatchOptions,
) -> Result<Vec<Standing>, String> {
    let start = arena.start(setup)?;
    let players = start.players();
    if specs.is_empty() || specs.len() > players {
        return Err(format!(
            "this game has {players} players: give 1 to {players} engines"
        ));
    }
    let mut seats: Vec<String> = specs.to_vec();
    while seats.len() < players {
        seats.push(specs[specs.len() - 1].clone());
    }
    // Every spec must build before the first game.
    for (i, spec) in seats.iter().enumerate() {
        arena.engine(spec, i, 0)?;
    }
    let threads = options
        .threads
        .unwrap_or(if seats.iter().any(|s| arena.timed(s)) {
            1
        } else {
            2
        })
        // No more threads than games: each would only start and stop.
        .clamp(1, options.games.max(1));
    let next = AtomicU32::new(0);
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
    let failure = Mutex::new(None::<String>);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= options.games || failure.lock().map_or(true, |f| f.is_some()) {
                    break;
                }
                if let Err(e) = play_one(arena, &start, &seats, options, g, &standings) {
                    if let Ok(mut f) = failure.lock() {
                        *f = Some(e);
                    }
                    break;
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().map_err(|_| "a match thread failed")? {
        return Err(e);
    }
    standings
        .into_inner()
        .map_err(|_| "a match thread failed".to_string())
}

fn play_one<A: Arena>(
    arena: &A,
    start: &A::Game,
    seats: &[String],
    options: &MatchOptions,
    g: u32,
    standings: &Mutex<Vec<Standing>>,
) -> Result<(), String> {
    let players = seats.len();
    let game_seed = options
        .seed
        .wrapping_mul(1_000_003)
        .wrapping_add(u64::from(g));
    // Engine i sits in seat (i + g) mod players.
    let seat_of = |i: usize| (i + g as usize) % players;
    let mut engines: Vec<Box<dyn Engine<A::Game>>> = Vec::with_capacity(players);
    for (i, spec) in seats.iter().enumerate() {
        engines.push(arena.engine(spec, i, game_seed ^ (0xA + i as u64))?);
    }
    let mut by_seat: Vec<(usize, &mut dyn Engine<A::Game>)> = engines
        .iter_mut()
        .enumerate()
        .map(|(i, e)| (seat_of(i), e.as_mut() as &mut dyn Engine<A::Game>))
        .collect();
    by_seat.sort_by_key(|(seat, _)| *seat);
    let mut in_seats: Vec<&mut dyn Engine<A::Game>> = by_seat.into_iter().map(|(_, e)| e).collect();
    let mut rng = Rng::new(game_seed);
    let mut opening_rng = Rng::new(game_seed ^ 0x5EED);
    let mut left = options.opening;
    let mut opening = |game: &A::Game| {
        if left == 0 {
            return None;
        }
        left -= 1;
        random_move(game, &mut opening_rng)
    };
    let record = play_game(
        start.clone(),
        &mut in_seats,
        &mut rng,
        &mut opening,
        options.max_moves,
    );
    drop(in_seats);
    let mut all = standings.lock().map_err(|_| "a match thread failed")?;
    for (i, engine) in engines.iter().enumerate() {
        let seat = Player::new(seat_of(i)).ok_or("too many players")?;
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
        .map(|i| format!("{}", record.returns[seat_of(i)]))
        .collect();
    eprintln!(
        "game {:>4}: engine 1 in seat {}, {} moves, {}returns by engine {}",
        g + 1,
        seat_of(0) + 1,
        record.moves.len(),
        if record.finished { "" } else { "stopped, " },
        returns.join(" ")
    );
    Ok(())
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
