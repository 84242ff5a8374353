//! What every Python `Engine` of an alpha-beta game shares: the
//! transposition table behind a lock, the stop switch, and the checking of
//! `depth`, `time` and `nodes` arguments. The pyo3 classes stay one a game
//! (they cannot be generic); their insides are this.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use atom4_core::control::Stopper;
use atom4_core::search::{usable_slots, Entry, Limits, MAX_PLY};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use crate::control::StopSwitch;

/// A game's transposition table and stop switch. One search runs at a time
/// (a second caller waits); `stop()` may come from any thread.
pub struct SearchTable<M> {
    table: Mutex<Vec<Entry<M>>>,
    stops: StopSwitch,
}

/// A search's limits as Python gave them, checked: `Limits`, and the time
/// in seconds if any.
pub struct Asked {
    pub limits: Limits,
    pub time: Option<f64>,
}

impl<M: Copy + Send> SearchTable<M> {
    /// A table of about `hash_mb` MiB (rounded down to a power of two number
    /// of 8-byte entries).
    pub fn new(hash_mb: u32) -> PyResult<Self> {
        if !(1..=4096).contains(&hash_mb) {
            return Err(PyValueError::new_err("hash_mb goes from 1 to 4096"));
        }
        let len = usable_slots((hash_mb as usize) << 20 >> 3);
        // Asked for, not assumed: a failed allocation is a MemoryError,
        // not an abort of the interpreter.
        let mut table = Vec::new();
        table
            .try_reserve_exact(len)
            .map_err(|_| PyMemoryError::new_err(format!("no memory for a {hash_mb} MiB table")))?;
        table.resize(len, Entry::EMPTY);
        Ok(SearchTable {
            table: Mutex::new(table),
            stops: StopSwitch::default(),
        })
    }

    /// Runs `search` with the GIL released, on the table, under a control
    /// with `time`'s deadline and this engine's stop switch. Any `stop()`
    /// from the call on ends it, while it waits for the table as well as
    /// while it runs.
    pub fn run<R: Send>(
        &self,
        py: Python<'_>,
        time: Option<f64>,
        search: impl FnOnce(&mut [Entry<M>], &mut Stopper<'_, M>) -> R + Send,
    ) -> R {
        let stop = self.stops.watch();
        py.detach(|| {
            // A poisoned lock only means an earlier search panicked; the
            // table holds hints, never something a search must trust.
            let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
            // The time counts from when the search starts, not from when it
            // began to wait for the table.
            let deadline = time.map(|t| Instant::now() + Duration::from_secs_f64(t.min(1e9)));
            let mut control = Stopper::new().deadline(deadline).flag(&stop);
            search(&mut table, &mut control)
        })
    }

    /// Ends every search asked for before this call, soon.
    pub fn stop(&self) {
        self.stops.stop();
    }

    /// Forgets what earlier searches stored.
    pub fn clear(&self, py: Python<'_>) {
        py.detach(|| {
            let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
            table.fill(Entry::EMPTY);
        });
    }
}

/// Checks a search's `depth` (1..=MAX_PLY), `time` (positive seconds) and
/// `nodes` (at least 1); with none given, `default_time` seconds.
pub fn asked(
    depth: Option<i64>,
    time: Option<f64>,
    nodes: Option<i64>,
    seed: u64,
    default_time: f64,
) -> PyResult<Asked> {
    let depth = match depth {
        None => MAX_PLY as u8,
        Some(d) if (1..=MAX_PLY as i64).contains(&d) => d as u8,
        Some(d) => {
            return Err(PyValueError::new_err(format!(
                "depth {d}: depths go from 1 to {MAX_PLY}"
            )))
        }
    };
    let nodes = match nodes {
        None => u64::MAX,
        Some(n) if n >= 1 => n as u64,
        Some(n) => return Err(PyValueError::new_err(format!("nodes {n}: give at least 1"))),
    };
    let time = match time {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            return Err(PyValueError::new_err(format!(
                "time {t}: give a positive number of seconds"
            )))
        }
        Some(t) => Some(t),
        None if depth == MAX_PLY as u8 && nodes == u64::MAX => Some(default_time),
        None => None,
    };
    Ok(Asked {
        limits: Limits { depth, nodes, seed },
        time,
    })
}
