//! Engines and matches.
//!
//! An [`Engine`] chooses moves for any game of the core; [`play_game`]
//! plays one game between two of them and [`Tally`] adds up a match. The
//! binaries of this crate are the project's search benchmarks.

pub mod atom4_engines;
pub mod shared_table;

use atom4_core::game::{Game, Outcome, Side};

pub use atom4_engines::{Atom4Engine, EngineSpec};

/// Something that chooses a move for the side to move.
pub trait Engine<G: Game> {
    /// A move for `game`, which is not over.
    fn choose(&mut self, game: &G) -> G::Move;

    /// A short name for reports.
    fn name(&self) -> String;
}

/// One finished game: its outcome and moves.
#[derive(Clone, Debug)]
pub struct GameRecord<M> {
    pub outcome: Outcome,
    pub moves: Vec<M>,
    /// Seconds each side spent choosing, in total.
    pub seconds: [f64; 2],
    /// Moves each side made.
    pub move_counts: [u32; 2],
}

/// Plays `start` to the end: `engines[0]` moves for [`Side::First`].
/// The first `random_opening` moves are taken from `opening` instead.
pub fn play_game<G: Game>(
    start: G,
    engines: [&mut dyn Engine<G>; 2],
    opening: &mut dyn FnMut(&G) -> Option<G::Move>,
) -> GameRecord<G::Move> {
    let mut game = start;
    let mut hash = game.hash();
    let mut record = GameRecord {
        outcome: Outcome::Draw,
        moves: Vec::new(),
        seconds: [0.0; 2],
        move_counts: [0; 2],
    };
    let [first, second] = engines;
    while game.outcome().is_none() {
        let side = game.side_to_move();
        let mv = match opening(&game) {
            Some(mv) => mv,
            None => {
                let t = std::time::Instant::now();
                let mv = match side {
                    Side::First => first.choose(&game),
                    Side::Second => second.choose(&game),
                };
                record.seconds[side.index()] += t.elapsed().as_secs_f64();
                record.move_counts[side.index()] += 1;
                mv
            }
        };
        hash = game.play(mv, hash);
        record.moves.push(mv);
    }
    record.outcome = game.outcome().unwrap_or(Outcome::Draw);
    record
}

/// Results of a match from one engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub seconds: f64,
    pub moves: u32,
}

impl Tally {
    pub fn add<M>(&mut self, record: &GameRecord<M>, as_side: Side) {
        match record.outcome {
            Outcome::Win(s) if s == as_side => self.wins += 1,
            Outcome::Win(_) => self.losses += 1,
            Outcome::Draw => self.draws += 1,
        }
        self.seconds += record.seconds[as_side.index()];
        self.moves += record.move_counts[as_side.index()];
    }

    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Wins over decided games.
    pub fn win_rate(&self) -> f64 {
        self.wins as f64 / (self.wins + self.losses).max(1) as f64
    }

    pub fn ms_per_move(&self) -> f64 {
        1000.0 * self.seconds / self.moves.max(1) as f64
    }
}
