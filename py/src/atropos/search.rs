//! The engine behind the player program and the exact solver, from
//! Python. The GIL is released while they work, and `stop()` from any
//! thread ends every search asked for before it.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use atom4_core::atropos::engine::{Budget, PerMille, TimeBudget, WorkBudget};
use atom4_core::atropos::{Config, Engine, Memory, MoveList, Solver, Value};
use atom4_core::control::{StopFlag, Stopper};
use atom4_core::mcts::NODE_WORDS;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use super::board::Board;
use super::moves::Move;
use crate::control::StopSwitch;

/// Every search of this module, for `stop()`.
static STOPS: OnceLock<StopSwitch> = OnceLock::new();

fn stops() -> &'static StopSwitch {
    STOPS.get_or_init(StopSwitch::default)
}

fn value_name(value: Option<Value>) -> Option<&'static str> {
    value.map(|v| match v {
        Value::Win => "win",
        Value::Loss => "loss",
    })
}

/// A zeroed vector of `len` items, asked for rather than assumed: no
/// memory is a `MemoryError`, not an abort.
fn filled<T: Clone>(len: usize, item: T) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| PyMemoryError::new_err("no memory for the search"))?;
    v.resize(len, item);
    Ok(v)
}

fn seconds(time: f64) -> PyResult<Duration> {
    if time.is_finite() && time > 0.0 {
        Ok(Duration::from_secs_f64(time.min(1e9)))
    } else {
        Err(PyValueError::new_err(format!(
            "time {time}: give a positive number of seconds"
        )))
    }
}

fn playing(board: &Bound<'_, Board>) -> PyResult<atom4_core::atropos::Atropos> {
    let state = board.borrow().state;
    if state.is_finished() {
        return Err(PyValueError::new_err(
            "the game is over: there is no move to find",
        ));
    }
    Ok(state)
}

/// A work budget that a stop ends at once.
struct StoppableWork<'f>(WorkBudget, &'f dyn StopFlag);

impl Budget for StoppableWork<'_> {
    fn spent(&mut self, work: u64) -> PerMille {
        if self.1.is_raised() {
            PerMille::MAX
        } else {
            self.0.spent(work)
        }
    }
}

/// The engine's move and how it was found.
#[pyclass(module = "atom4.atropos", name = "EngineChoice", frozen, get_all)]
pub struct EngineChoice {
    /// The move: always legal.
    r#move: Move,
    /// How it was found: "no safe move", "only move", "wins at once",
    /// "proven win", "proven loss" or "searched".
    reason: String,
    /// "win" or "loss" when the solver proved the position, else None.
    value: Option<&'static str>,
    solver_nodes: u64,
    search_nodes: u64,
}

#[pymethods]
impl EngineChoice {
    fn __repr__(&self) -> String {
        format!(
            "EngineChoice(move={}, reason={:?}, value={:?}, solver_nodes={}, search_nodes={})",
            self.r#move.text(),
            self.reason,
            self.value,
            self.solver_nodes,
            self.search_nodes
        )
    }
}

/// The move the player program would play: tactics, the exact solver as
/// soon as it can finish, a tree search before. Bounded by `time`
/// (seconds, 1.0 when neither is given) or `work` (units: the same work
/// and seed give the same move on any machine). `seed` varies the tree
/// search. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (board, *, time = None, work = None, seed = 0))]
pub fn engine_move(
    py: Python<'_>,
    board: &Bound<'_, Board>,
    time: Option<f64>,
    work: Option<i64>,
    seed: u64,
) -> PyResult<EngineChoice> {
    let state = playing(board)?;
    let work = match work {
        None => None,
        Some(w) if w >= 1 => Some(w as u64),
        Some(w) => return Err(PyValueError::new_err(format!("work {w}: give at least 1"))),
    };
    let time = match (time, work) {
        (Some(t), _) => Some(seconds(t)?),
        (None, None) => Some(Duration::from_secs(1)),
        (None, Some(_)) => None,
    };
    // The memory the work can use: the solver's table about one slot a
    // unit, the tree a quarter (time counts 2 units a microsecond).
    let units = work
        .unwrap_or(0)
        .max(time.map_or(0, |t| t.as_micros().min(1 << 40) as u64 * 2));
    let slots = |share: u64| (units / share).clamp(1 << 12, 1 << 22).next_power_of_two() as usize;
    let mut solver = filled(slots(1), 0u64)?;
    let mut tree = filled(slots(4) * NODE_WORDS, 0u64)?;
    let stop = stops().watch();
    let choice = py.detach(|| {
        let start = Instant::now();
        let mut engine = Engine::new(
            Memory {
                solver: &mut solver,
                tree: &mut tree,
                table: &mut [],
            },
            Config {
                seed,
                ..Config::default()
            },
        );
        match (work, time) {
            (Some(w), _) => engine.choose(&state, &mut StoppableWork(WorkBudget(w), &stop)),
            (None, t) => engine.choose(
                &state,
                &mut TimeBudget::new(start, t.unwrap_or(Duration::from_secs(1))).flag(&stop),
            ),
        }
    });
    let choice = choice.ok_or_else(|| PyValueError::new_err("the game is over"))?;
    Ok(EngineChoice {
        r#move: Move::of(choice.mv),
        reason: choice.reason.to_string(),
        value: value_name(choice.value),
        solver_nodes: choice.solver_nodes,
        search_nodes: choice.search_nodes,
    })
}

/// What the exact solver found.
#[pyclass(module = "atom4.atropos", name = "Solution", frozen, get_all)]
pub struct Solution {
    /// "win" or "loss" for the player to move; None when the time ran out
    /// (or `stop()` came) first.
    value: Option<&'static str>,
    /// Every winning move in the canonical order (as `solved.tsv` lists
    /// them); empty for a loss.
    winning_moves: Vec<Move>,
    /// Positions visited.
    nodes: u64,
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        let moves: Vec<String> = self.winning_moves.iter().map(Move::text).collect();
        format!(
            "Solution(value={:?}, winning_moves=[{}], nodes={})",
            self.value,
            moves.join(" "),
            self.nodes
        )
    }
}

/// Solves `board` exactly: its value for the player to move and every
/// winning move. `time` (seconds) bounds it (sizes up to 7 take well under
/// a second, size 8 some seconds, larger boards may take hours); `hash_mb`
/// is the transposition table's size. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (board, *, time = None, hash_mb = 16))]
pub fn solve(
    py: Python<'_>,
    board: &Bound<'_, Board>,
    time: Option<f64>,
    hash_mb: i64,
) -> PyResult<Solution> {
    let state = playing(board)?;
    let time = time.map(seconds).transpose()?;
    if !(1..=4096).contains(&hash_mb) {
        return Err(PyValueError::new_err("hash_mb goes from 1 to 4096"));
    }
    let slots = ((hash_mb as usize) << 20) / size_of::<u64>();
    let mut table = filled(slots, 0u64)?;
    let stop = stops().watch();
    let (value, winning, nodes) = py.detach(|| {
        let deadline = time.map(|t| Instant::now() + t);
        let mut control = Stopper::new().deadline(deadline).flag(&stop);
        let mut solver = Solver::new(&mut table);
        let mut winning = MoveList::new();
        // Stopped (or finished, which was refused above): no value.
        let value = solver
            .winning_moves(&state, &mut winning, &mut control)
            .ok();
        (value, winning, solver.nodes())
    });
    Ok(Solution {
        value: value_name(value),
        winning_moves: winning.iter().map(|&m| Move::of(m)).collect(),
        nodes,
    })
}

/// Ends every `engine_move` and `solve` asked for before this call, from
/// any thread: the engine answers with its best so far, the solver with
/// value None.
#[pyfunction]
pub fn stop() {
    stops().stop();
}
