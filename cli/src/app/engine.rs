//! The computer and the hint of every game: the game's own engine
//! ([`AnyState::search`]) on the worker thread, in memory the worker
//! keeps, stopped by the clock, by the worker's stop flag, or by the
//! engine's own limits.

use std::time::{Duration, Instant};

use atom4_core::control::{Report, StopFlag, Stopper};
use atom4_core::registry::AnyState;
use atom4_core::state::{Action, Limit, Limits};

use crate::worker::{Think, Worker};

/// The most memory a search gets: 32 MiB of words (every engine searches
/// well in it at the terminal's times).
pub const MAX_ENGINE_WORDS: usize = 1 << 22;

/// What the worker is asked: a position and the engine's limits.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    pub state: AnyState,
    pub limits: Limits,
}

/// The engine's answer: the move chosen, or why there is none.
pub type Choice = Result<Action, String>;

/// The worker of the terminal programs: one engine, for any game.
pub type EngineWorker = Worker<Query, Choice>;

/// Starts the worker thread.
pub fn spawn() -> EngineWorker {
    Worker::with_engines(vec![Box::new(AnyEngine::default())])
}

/// Any game's engine, in memory kept from one search to the next.
#[derive(Default)]
pub struct AnyEngine {
    memory: Vec<u64>,
}

impl Think<Query, Choice> for AnyEngine {
    fn think(
        &mut self,
        query: &Query,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(u8),
    ) -> Choice {
        let words = query
            .state
            .engine_words(&query.limits)
            .min(MAX_ENGINE_WORDS);
        if self.memory.len() < words {
            self.memory = Vec::new();
            self.memory
                .try_reserve_exact(words)
                .map_err(|_| format!("not enough memory for the engine ({} MiB)", words >> 17))?;
            self.memory.resize(words, 0);
        }
        let deadline = query
            .limits
            .time_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        let mut depths = |report: &Report<Action>| progress(report.depth);
        let mut control = Stopper::new()
            .deadline(deadline)
            .flag(stop)
            .progress(&mut depths);
        let report = query
            .state
            .search(&query.limits, &mut self.memory[..words], &mut control);
        report
            .best
            .ok_or_else(|| "the engine had no move to choose".into())
    }
}

/// The limits of the computer's moves and of the hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engines {
    pub computer: Limits,
    pub hint: Limits,
}

impl Engines {
    /// The game's strong engine at `time_ms` a move, for both; `seed`
    /// varies its choices among equal moves.
    pub fn strong(time_ms: u64, seed: u64) -> Engines {
        let limits = Limits {
            seed,
            ..Limits::of(Limit::Time { ms: time_ms })
        };
        Engines {
            computer: limits,
            hint: Limits {
                seed: seed ^ 0x9E37,
                ..limits
            },
        }
    }

    /// The computer's engine for people: `classic:2`, `strong:1000ms`.
    pub fn label(&self) -> String {
        label(&self.computer)
    }
}

/// `classic:LEVEL` (Atom-4's original levels) or `strong:` and the limit.
pub fn label(limits: &Limits) -> String {
    if let Some(level) = limits.level {
        return format!("classic:{level}");
    }
    let limit = match (limits.time_ms, limits.nodes, limits.depth) {
        (Some(ms), _, _) => Limit::Time { ms }.to_string(),
        (None, Some(n), _) => Limit::Nodes(n).to_string(),
        (None, None, Some(d)) => Limit::Depth(d).to_string(),
        (None, None, None) => "its own limits".into(),
    };
    format!("strong:{limit}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::Answer;
    use atom4_core::state::Setup;

    fn answer(worker: &mut EngineWorker) -> Choice {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            match worker.poll() {
                Some(Answer::Done(choice)) => return choice,
                Some(Answer::Failed(why)) => panic!("{why}"),
                _ => std::thread::sleep(Duration::from_millis(2)),
            }
        }
        panic!("no answer")
    }

    #[test]
    fn every_game_is_answered_with_a_legal_move() {
        let mut worker = spawn();
        for game in ["atom4", "atropos", "chain", "gamma", "atomas"] {
            let mut state = AnyState::start(game, &Setup::default()).unwrap();
            if let Some(draw) = state.draw_chance(&mut atom4_core::Rng::new(1)) {
                state.play(draw).unwrap();
            }
            let limits = Limits::of(Limit::Time { ms: 50 });
            worker.ask(
                Query {
                    state: state.clone(),
                    limits,
                },
                0,
            );
            let action = answer(&mut worker).unwrap();
            assert!(state.check(action).is_ok(), "{game}");
        }
        // Atom-4's classic levels are the engine's too.
        let state = AnyState::start("atom4", &Setup::default()).unwrap();
        let classic = Limits {
            level: Some(0),
            ..Limits::default()
        };
        worker.ask(
            Query {
                state: state.clone(),
                limits: classic,
            },
            0,
        );
        assert!(state.check(answer(&mut worker).unwrap()).is_ok());
    }

    #[test]
    fn labels_name_the_engine() {
        assert_eq!(Engines::strong(1500, 1).label(), "strong:1500ms");
        let classic = Limits {
            level: Some(2),
            ..Limits::default()
        };
        assert_eq!(label(&classic), "classic:2");
        assert_eq!(label(&Limits::of(Limit::Nodes(50))), "strong:n50");
    }
}
