//! The bot from Python (the GIL is released while it thinks, and `stop()`
//! may come from any thread), a session that turns request lines into
//! states as a bot program does, and random games in batch.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use atom4_core::atomas::bot::{Bot as CoreBot, Limits, MAX_DEPTH};
use atom4_core::atomas::playout::random_game;
use atom4_core::atomas::{Atomas, Reference, Request, Session as CoreSession, Weights};
use atom4_core::control::Stopper;
use atom4_core::Rng;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use super::atoms::Reply;
use super::game::Game;
use crate::control::StopSwitch;
use crate::errors::bad_text;

/// The bot's choice.
#[pyclass(module = "atom4.atomas", name = "BotResult", frozen, get_all)]
pub struct BotResult {
    /// The reply to play.
    reply: Reply,
    /// Its value in the evaluation's units, times 1000.
    score: i32,
    /// The depth of the last completed iteration (0: only one reply).
    depth: u8,
    /// Nodes searched.
    nodes: u64,
}

#[pymethods]
impl BotResult {
    fn __repr__(&self) -> String {
        format!(
            "BotResult(reply={}, score={}, depth={}, nodes={})",
            self.reply.reply, self.score, self.depth, self.nodes
        )
    }
}

/// The bot of `atom4 atomas bot`: expectimax over the spawn law with a
/// survival evaluation. One search at a time (a second caller waits);
/// `stop()` may come from any thread.
#[pyclass(module = "atom4.atomas", name = "Bot", frozen)]
pub struct Bot {
    bot: Mutex<CoreBot>,
    stops: StopSwitch,
}

#[pymethods]
impl Bot {
    #[new]
    fn new() -> Bot {
        Bot {
            bot: Mutex::new(CoreBot::new(Weights::DEFAULT)),
            stops: StopSwitch::default(),
        }
    }

    /// The reply to the atom in hand of `game`: iterative deepening to
    /// `depth` (1..=8, default 2; one more on rings of 12 entries or
    /// more, where deaths start), stopping early at `time` seconds or
    /// about `nodes` nodes (an interrupted iteration is dropped). The GIL
    /// is released meanwhile.
    #[pyo3(signature = (game, *, depth = 2, time = None, nodes = None))]
    fn reply(
        &self,
        py: Python<'_>,
        game: &Bound<'_, Game>,
        depth: i64,
        time: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<BotResult> {
        let state = game.borrow().state;
        if state.is_over() || state.is_exhausted() {
            return Err(PyValueError::new_err(
                "the game is over: there is no reply to choose",
            ));
        }
        if state.hand().is_none() {
            return Err(PyValueError::new_err("no atom in hand: draw() first"));
        }
        let depth = u8::try_from(depth)
            .ok()
            .filter(|d| (1..=MAX_DEPTH).contains(d))
            .ok_or_else(|| {
                PyValueError::new_err(format!("depth {depth}: depths go from 1 to {MAX_DEPTH}"))
            })?;
        let nodes = match nodes {
            None => u64::MAX,
            Some(n) if n >= 1 => n as u64,
            Some(n) => return Err(PyValueError::new_err(format!("nodes {n}: give at least 1"))),
        };
        let deadline = match time {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 => {
                Some(Instant::now() + Duration::from_secs_f64(t.min(1e6)))
            }
            Some(t) => {
                return Err(PyValueError::new_err(format!(
                    "time {t}: give seconds above 0"
                )))
            }
        };
        let watch = self.stops.watch();
        let report = py.detach(|| {
            let mut bot = self.bot.lock().map_err(|_| "the bot failed earlier")?;
            let mut control = Stopper::new().deadline(deadline).flag(&watch);
            Ok::<_, &str>(bot.search(
                &state,
                Limits {
                    depth,
                    nodes,
                    ..Limits::depth(depth)
                },
                &mut control,
            ))
        });
        let report = report.map_err(PyRuntimeError::new_err)?;
        let reply = report
            .best
            .ok_or_else(|| PyRuntimeError::new_err("the bot found no reply"))?;
        Ok(BotResult {
            reply: Reply::of(reply),
            score: report.score,
            depth: report.depth,
            nodes: report.nodes,
        })
    }

    /// Stops every search asked for before this call (they answer with
    /// their last completed depth).
    fn stop(&self) {
        self.stops.stop();
    }
}

/// What a bot knows of the game it plays, request by request: the state
/// behind each request line, exact when the line continues the game the
/// session follows (a persistent bot), else from the line alone (the
/// 4-field form's score and move, or the 2-field form's estimate).
#[pyclass(module = "atom4.atomas", name = "Session")]
pub struct Session {
    session: CoreSession,
}

#[pymethods]
impl Session {
    #[new]
    fn new() -> Session {
        Session {
            session: CoreSession::new(),
        }
    }

    /// The decision state behind a request line (either form, with or
    /// without its newline); `ParseError` for a malformed one.
    fn state(&self, py: Python<'_>, line: &str) -> PyResult<Game> {
        let request = Request::parse(line)
            .map_err(|e| bad_text(py, format!("bad request {line:?}: {e}"), e.offset))?;
        Ok(Game::of_state(self.session.state(&request)))
    }

    /// Remembers that `reply` was played in `game` (a state this session
    /// gave): the next request may continue from there.
    fn played(&mut self, game: &Bound<'_, Game>, reply: &Bound<'_, Reply>) {
        self.session.played(&game.borrow().state, reply.get().reply);
    }

    /// Forgets the followed game.
    fn reset(&mut self) {
        self.session.reset();
    }
}

/// What `random_games` played.
#[pyclass(module = "atom4.atomas", name = "RandomStats", frozen, get_all)]
pub struct RandomStats {
    games: u64,
    moves: u64,
    /// The sum of the games' scores.
    total_score: u64,
    max_score: u64,
}

#[pymethods]
impl RandomStats {
    fn __repr__(&self) -> String {
        format!(
            "RandomStats(games={}, moves={}, total_score={}, max_score={})",
            self.games, self.moves, self.total_score, self.max_score
        )
    }
}

/// Plays `games` whole games in Rust with uniformly random legal replies
/// (atoms by the spawn law, game `k` drawn with the reference generator
/// seeded `seed + k`), each stopped after `max_moves` moves if given. The
/// GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (games, *, seed = 0, max_moves = None))]
pub fn random_games(py: Python<'_>, games: u64, seed: u64, max_moves: Option<u32>) -> RandomStats {
    py.detach(|| {
        let mut rng = Rng::new(seed ^ 0x5EED);
        let mut stats = RandomStats {
            games,
            moves: 0,
            total_score: 0,
            max_score: 0,
        };
        for k in 0..games {
            let mut draws = Reference::for_game(seed, k);
            let mut game = Atomas::start(&mut draws);
            stats.moves += u64::from(random_game(
                &mut game,
                &mut draws,
                &mut rng,
                max_moves.unwrap_or(u32::MAX),
            ));
            stats.total_score += game.score();
            stats.max_score = stats.max_score.max(game.score());
        }
        stats
    })
}
