//! Engines and matches, for every game of the core.
//!
//! An [`Engine`] chooses moves for any [`Game`]; [`play_game`] plays one
//! game between as many engines as the game has players (drawing chance
//! turns by their weights), and [`Tally`] adds up a match from one engine's
//! seat. [`matches`] runs whole matches; each game's engines, built from
//! short specs such as `strong:30ms`, live in a module of their own
//! ([`atom4_engines`]), listed in [`games`]. The binaries of this crate are
//! the match runner and the search benchmarks.

pub mod atom4_engines;
pub mod atomas_engines;
pub mod atropos_engines;
pub mod chain_engines;
pub mod child;
pub mod games;
pub mod gamma_engines;
pub mod generic;
pub mod matches;
pub mod memory;
pub mod output;
pub mod progress;
pub mod shared_table;

use std::sync::atomic::AtomicBool;

use atom4_core::control::{Report, StopFlag};
use atom4_core::game::{Chance, Game, Player, Turn};
use atom4_core::Rng;

pub use atom4_engines::{Atom4Engine, EngineSpec};

/// Something that chooses a move for the player to move.
pub trait Engine<G: Game>: Send {
    /// A move for `game`, which is not over and a player's turn. A search
    /// stops early once `stop` is raised (answering with the best it has)
    /// and hands each completed iteration to `progress`.
    fn think(
        &mut self,
        game: &G,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(&Report<G::Move>),
    ) -> G::Move;

    /// A move for `game`, which is not over and a player's turn.
    fn choose(&mut self, game: &G) -> G::Move {
        self.think(game, &AtomicBool::new(false), &mut |_| {})
    }

    /// A short name for reports.
    fn name(&self) -> String;

    /// For engines that deepen iteratively: how many moves ended at each
    /// completed depth (index: depth), for match reports.
    fn depths(&self) -> Option<&[u32]> {
        None
    }
}

/// A uniformly random legal move of the player to move, `None` when the
/// game is over or at a chance turn.
pub fn random_move<G: Game>(game: &G, rng: &mut Rng) -> Option<G::Move> {
    let mut moves = G::List::<G::Move>::default();
    game.legal_moves(&mut moves);
    (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize])
}

/// Chance's pick at a chance turn, drawn by weight; `None` elsewhere.
pub fn draw_chance<G: Game>(game: &G, rng: &mut Rng) -> Option<G::Move> {
    let mut outcomes = G::List::<Chance<G::Move>>::default();
    game.chance_outcomes(&mut outcomes);
    let i = rng.weighted(outcomes.iter().map(|c| c.weight))?;
    Some(outcomes[i].outcome)
}

/// One finished (or stopped) game: what each player got, and the moves.
#[derive(Clone, Debug)]
pub struct GameRecord<M> {
    /// [`Game::returns`] of each player at the end (0 for all when the
    /// game was stopped at the move limit).
    pub returns: Vec<f32>,
    /// Whether the game ended by its rules (not at the move limit).
    pub finished: bool,
    /// Every move, chance outcomes included.
    pub moves: Vec<M>,
    /// Seconds each player's engine spent choosing, in total.
    pub seconds: Vec<f64>,
    /// Moves each player's engine made.
    pub move_counts: Vec<u32>,
}

/// Plays `start` to the end: `engines[i]` moves for player `i`; chance
/// turns are drawn from `rng`; the first moves come from `opening` while it
/// gives some. A game still running after `max_moves` moves is stopped.
pub fn play_game<G: Game + Clone>(
    start: G,
    engines: &mut [&mut dyn Engine<G>],
    rng: &mut Rng,
    opening: &mut dyn FnMut(&G) -> Option<G::Move>,
    max_moves: u64,
) -> GameRecord<G::Move> {
    let players = start.players();
    assert_eq!(engines.len(), players, "one engine a player");
    let mut game = start;
    let mut record = GameRecord {
        returns: vec![0.0; players],
        finished: false,
        moves: Vec::new(),
        seconds: vec![0.0; players],
        move_counts: vec![0; players],
    };
    while (record.moves.len() as u64) < max_moves {
        let mv = match game.turn() {
            Turn::Over => break,
            Turn::Chance => draw_chance(&game, rng).expect("a chance turn has outcomes"),
            Turn::Player(p) => match opening(&game) {
                Some(mv) => mv,
                None => {
                    let t = std::time::Instant::now();
                    let mv = engines[p.index()].choose(&game);
                    record.seconds[p.index()] += t.elapsed().as_secs_f64();
                    record.move_counts[p.index()] += 1;
                    mv
                }
            },
        };
        game.play(mv);
        record.moves.push(mv);
    }
    record.finished = game.is_over();
    if record.finished {
        for (i, r) in record.returns.iter_mut().enumerate() {
            *r = game.returns(Player::new(i).expect("players fit"));
        }
    }
    record
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
    pub fn add<M>(&mut self, record: &GameRecord<M>, seat: Player) {
        let mine = record.returns[seat.index()];
        let best_other = record
            .returns
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != seat.index())
            .map(|(_, &r)| r)
            .fold(f32::NEG_INFINITY, f32::max);
        if !record.finished || mine == best_other {
            self.draws += 1;
        } else if mine > best_other {
            self.wins += 1;
        } else {
            self.losses += 1;
        }
        self.returns += f64::from(mine);
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
