//! Atropos's extras: the methods of `atom4.Atropos` beyond the common ones
//! (colours, circles, losing and safe moves), the exact solver and its
//! stop.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use atom4_core::atropos::{Atropos as Core, Circle, Move as CoreMove, MoveList, Solver, Value};
use atom4_core::control::Stopper;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::control::StopSwitch;
use crate::games::Atropos;
use crate::moves::Move;
use crate::state::{record, State};

fn board(state: &State) -> PyResult<Core> {
    Ok(record::<Core>(state)?.now)
}

/// The move of a core move in `state`: its action is `3 * circle index +
/// colour - 1`.
fn move_in(state: &State, core: &Core, mv: CoreMove) -> Move {
    let index = core.size().index(mv.circle).unwrap_or(0) as u32;
    state.move_now(3 * index + u32::from(mv.color.digit()) - 1)
}

fn moves_in(state: &State, core: &Core, list: impl IntoIterator<Item = CoreMove>) -> Vec<Move> {
    list.into_iter().map(|m| move_in(state, core, m)).collect()
}

#[pymethods]
impl Atropos {
    /// The board's side n (n(n+1)/2 circles to colour).
    #[getter]
    fn size(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(board(slf.as_super())?.size().get())
    }

    /// The last play, or None at the start.
    #[getter]
    fn last_play(slf: PyRef<'_, Self>) -> PyResult<Option<Move>> {
        let state = slf.as_super();
        let core = board(state)?;
        Ok(core.last_play().map(|m| move_in(state, &core, m)))
    }

    /// Moves made since the start of the game (not only on the stack).
    #[getter]
    fn moves_made(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(board(slf.as_super())?.moves_made())
    }

    /// The colour of circle `(h, l, r)`: 0 uncoloured, 1 red, 2 blue, 3
    /// green (the boundary too); `ValueError` off the board.
    fn color_at(slf: PyRef<'_, Self>, h: i64, l: i64, r: i64) -> PyResult<u8> {
        let core = board(slf.as_super())?;
        let size = core.size();
        let c = u8::try_from(h)
            .ok()
            .zip(u8::try_from(l).ok())
            .zip(u8::try_from(r).ok())
            .map(|((h, l), r)| Circle::new(h, l, r))
            .filter(|&c| size.is_interior(c) || size.boundary_color(c).is_some())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "({h},{l},{r}) is not a circle of this size-{} board",
                    size.get()
                ))
            })?;
        Ok(core.color(c).map_or(0, |c| c.digit()))
    }

    /// The circles the next move may go on, `(h, l, r)` in the canonical
    /// order (by h, then l); empty once the game is over.
    fn legal_circles(slf: PyRef<'_, Self>) -> PyResult<Vec<(u8, u8, u8)>> {
        Ok(board(slf.as_super())?
            .legal_circles()
            .into_iter()
            .map(|c| (c.h, c.l, c.r))
            .collect())
    }

    /// The legal moves that complete a three-coloured triangle (and so
    /// lose at once), canonical order.
    fn losing_moves(slf: PyRef<'_, Self>) -> PyResult<Vec<Move>> {
        let core = board(slf.as_super())?;
        Ok(moves_in(slf.as_super(), &core, core.losing_moves()))
    }

    /// The legal moves that do not lose at once, canonical order.
    fn safe_moves(slf: PyRef<'_, Self>) -> PyResult<Vec<Move>> {
        let core = board(slf.as_super())?;
        Ok(moves_in(slf.as_super(), &core, core.safe_moves()))
    }

    /// The colours of the interior circles in the canonical order (0
    /// uncoloured, 1 red, 2 blue, 3 green), as bytes.
    fn colors<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyBytes>> {
        let core = board(slf.as_super())?;
        let out: Vec<u8> = core
            .size()
            .interior_circles()
            .map(|c| core.color(c).map_or(0, |c| c.digit()))
            .collect();
        Ok(PyBytes::new(slf.py(), &out))
    }
}

/// Every solve of this module, for `stop()`.
static STOPS: OnceLock<StopSwitch> = OnceLock::new();

fn stops() -> &'static StopSwitch {
    STOPS.get_or_init(StopSwitch::default)
}

/// What the exact solver found.
#[pyclass(module = "atom4", name = "Solution", frozen, get_all)]
pub struct Solution {
    /// "win" or "loss" for the player to move; None when the time ran out
    /// (or `stop()` came) first.
    value: Option<&'static str>,
    /// Every winning move in the canonical order; empty for a loss.
    winning_moves: Vec<Move>,
    /// Positions visited.
    nodes: u64,
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        let moves: Vec<&str> = self.winning_moves.iter().map(|m| m.text.as_str()).collect();
        format!(
            "Solution(value={:?}, winning_moves=[{}], nodes={})",
            self.value,
            moves.join(" "),
            self.nodes
        )
    }
}

/// Solves `state` exactly: its value for the player to move and every
/// winning move. `time` (seconds) bounds it (sizes up to 7 take well under
/// a second, size 8 some seconds, larger boards may take hours); `hash_mb`
/// is the transposition table's size. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (state, *, time = None, hash_mb = 16))]
fn solve(
    py: Python<'_>,
    state: &Bound<'_, State>,
    time: Option<f64>,
    hash_mb: i64,
) -> PyResult<Solution> {
    let state = state.borrow();
    let core = board(&state)?;
    if core.is_finished() {
        return Err(PyValueError::new_err(
            "the game is over: there is nothing to solve",
        ));
    }
    let time = match time {
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t.min(1e9))),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "time {t}: give a positive number of seconds"
            )))
        }
        None => None,
    };
    if !(1..=4096).contains(&hash_mb) {
        return Err(PyValueError::new_err("hash_mb goes from 1 to 4096"));
    }
    let slots = ((hash_mb as usize) << 20) / size_of::<u64>();
    let mut table = Vec::new();
    table
        .try_reserve_exact(slots)
        .map_err(|_| PyMemoryError::new_err("no memory for the solver's table"))?;
    table.resize(slots, 0u64);
    let stop = stops().watch();
    let (value, winning, nodes) = py.detach(|| {
        let deadline = time.map(|t| Instant::now() + t);
        let mut control = Stopper::new().deadline(deadline).flag(&stop);
        let mut solver = Solver::new(&mut table);
        let mut winning = MoveList::new();
        // Stopped: no value.
        let value = solver.winning_moves(&core, &mut winning, &mut control).ok();
        (value, winning, solver.nodes())
    });
    Ok(Solution {
        value: value.map(|v| match v {
            Value::Win => "win",
            Value::Loss => "loss",
        }),
        winning_moves: moves_in(&state, &core, winning.iter().copied()),
        nodes,
    })
}

/// Ends every `solve` asked for before this call, from any thread (its
/// value is None).
#[pyfunction]
#[pyo3(name = "atropos_stop")]
fn stop() {
    stops().stop();
}

/// Adds Atropos's functions, classes and constants.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(stop, m)?)?;
    m.add("ATROPOS_MAX_SIZE", atom4_core::atropos::MAX_SIZE)?;
    Ok(())
}
