//! `atom4.Engine`: every game's engine behind one class. The GIL is
//! released while it searches, so other Python threads run, and `stop()`
//! from one of them ends a search.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use atom4_core::control::Stopper;
use atom4_core::registry::AnyState;
use atom4_core::state::{Action, Limits, Turn};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use crate::control::StopSwitch;
use crate::moves::Move;
use crate::state::State;

/// The time a search takes when nothing else bounds it, in seconds.
const DEFAULT_TIME: f64 = 0.1;

/// The deepest iteration a caller may ask for.
const MAX_DEPTH: i64 = 64;

/// What a search found.
#[pyclass(module = "atom4", name = "SearchResult", frozen, get_all)]
pub struct SearchResult {
    /// The move to play: legal in the searched state.
    r#move: Py<Move>,
    /// From the view of the player to move, in the game's units (see the
    /// game's page).
    score: i32,
    /// The depth of the last completed iteration (tree searches: of the
    /// tree).
    depth: u8,
    /// The work done: nodes, or the game's unit.
    nodes: u64,
    /// The expected line, starting with `move`.
    pv: Vec<Py<Move>>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self, py: Python<'_>) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.get().text.clone()).collect();
        format!(
            "SearchResult(move={}, score={}, depth={}, nodes={}, pv=[{}])",
            self.r#move.borrow(py).text,
            self.score,
            self.depth,
            self.nodes,
            pv.join(" ")
        )
    }
}

/// Every game's engine, with its memory (a transposition table or a
/// search tree, as the game's engine uses it). One search runs at a time
/// per engine (a second caller waits); `stop()` may come from any thread.
#[pyclass(module = "atom4", name = "Engine", frozen)]
pub struct Engine {
    memory: Mutex<Vec<u64>>,
    /// The most memory a search may have, in 8-byte words.
    most_words: usize,
    stops: StopSwitch,
}

/// The moves of `actions` played one after the other from `state`, as far
/// as they are legal.
fn line(state: &AnyState, actions: &[Action]) -> Vec<Move> {
    let mut now = state.clone();
    let mut moves = Vec::new();
    for &a in actions {
        let mut text = String::new();
        let _ = now.write_move(a, &mut text);
        let chance = now.turn() == Turn::Chance;
        if now.play(a).is_err() {
            break;
        }
        moves.push(Move {
            game: state.game(),
            text,
            action: Some(a),
            chance,
        });
    }
    moves
}

#[pymethods]
impl Engine {
    /// An engine whose searches use at most about `hash_mb` MiB.
    #[new]
    #[pyo3(signature = (*, hash_mb = 16))]
    fn new(hash_mb: i64) -> PyResult<Engine> {
        if !(1..=4096).contains(&hash_mb) {
            return Err(PyValueError::new_err("hash_mb goes from 1 to 4096"));
        }
        Ok(Engine {
            memory: Mutex::new(Vec::new()),
            most_words: (hash_mb as usize) << 17,
            stops: StopSwitch::default(),
        })
    }

    /// The engine's move for the player to move of `state` (any game),
    /// searched until a limit: `time` (seconds), `nodes` (the game's unit
    /// of work), `depth` (1..=64, for searches that deepen); `level` picks
    /// a weaker player a game offers (Atom-4: the classic levels 0..8).
    /// With none given, 0.1 s. `seed` varies the choice; the same limits,
    /// seed and memory give the same move. The GIL is released meanwhile.
    #[pyo3(signature = (state, *, time = None, nodes = None, depth = None, level = None, seed = 0))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        state: &Bound<'_, State>,
        time: Option<f64>,
        nodes: Option<i64>,
        depth: Option<i64>,
        level: Option<i64>,
        seed: u64,
    ) -> PyResult<SearchResult> {
        let now = state.borrow().now();
        match now.turn() {
            Turn::Over => {
                return Err(PyValueError::new_err(
                    "the game is over: there is no move to search",
                ))
            }
            Turn::Chance => {
                return Err(PyValueError::new_err(
                    "it is chance's turn: push an outcome (or push_random()) first",
                ))
            }
            Turn::Player(_) => {}
        }
        if let Some(t) = time {
            if !(t.is_finite() && t > 0.0) {
                return Err(PyValueError::new_err(format!(
                    "time {t}: give a positive number of seconds"
                )));
            }
        }
        let nodes = match nodes {
            Some(n) if n < 1 => {
                return Err(PyValueError::new_err(format!("nodes {n}: give at least 1")))
            }
            n => n.map(|n| n as u64),
        };
        let depth = match depth {
            Some(d) if !(1..=MAX_DEPTH).contains(&d) => {
                return Err(PyValueError::new_err(format!(
                    "depth {d}: depths go from 1 to {MAX_DEPTH}"
                )))
            }
            d => d.map(|d| d as u8),
        };
        let level = match level {
            Some(l) => Some(u8::try_from(l).map_err(|_| {
                PyValueError::new_err(format!("level {l}: levels are small numbers from 0"))
            })?),
            None => None,
        };
        let time = match time {
            None if nodes.is_none() && depth.is_none() && level.is_none() => Some(DEFAULT_TIME),
            t => t,
        };
        let limits = Limits {
            nodes,
            depth,
            time_ms: time.map(|t| ((t * 1000.0).ceil() as u64).max(1)),
            seed,
            level,
        };
        let words = now.engine_words(&limits).min(self.most_words);
        let stop = self.stops.watch();
        let report = py.detach(|| {
            // A poisoned lock only means an earlier search panicked; every
            // search overwrites the memory it uses.
            let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
            if memory.len() < words {
                let more = words - memory.len();
                memory.try_reserve_exact(more).map_err(|_| {
                    PyMemoryError::new_err(format!("no memory for {words} words of search"))
                })?;
            }
            memory.resize(words, 0);
            // The time counts from when the search starts, not from when
            // it began to wait for the memory.
            let deadline = time.map(|t| Instant::now() + Duration::from_secs_f64(t.min(1e9)));
            let mut control = Stopper::new().deadline(deadline).flag(&stop);
            Ok::<_, PyErr>(now.search(&limits, &mut memory, &mut control))
        })?;
        let Some(best) = report.best else {
            let mut any = false;
            now.legal_actions(&mut |_| any = true);
            return Err(PyValueError::new_err(if any {
                "the engine found no move under these limits (a level this game does not have?)"
            } else {
                "no move is legal here: the rules allow none (a turn counter that is full?)"
            }));
        };
        let pv = line(&now, &report.pv);
        let best_move = line(&now, &[best])
            .pop()
            .ok_or_else(|| PyValueError::new_err("the engine's move is refused by the rules"))?;
        Ok(SearchResult {
            r#move: Py::new(py, best_move)?,
            score: report.score,
            depth: report.depth,
            nodes: report.nodes,
            pv: pv
                .into_iter()
                .map(|m| Py::new(py, m))
                .collect::<PyResult<_>>()?,
        })
    }

    /// Ends every search of this engine asked for before this call, soon:
    /// the one running (it answers with what it completed) and those
    /// waiting for their turn. Searches asked for later are not affected.
    fn stop(&self) {
        self.stops.stop();
    }

    /// Forgets what earlier searches stored.
    fn clear(&self, py: Python<'_>) {
        py.detach(|| {
            let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
            memory.fill(0);
        });
    }
}
