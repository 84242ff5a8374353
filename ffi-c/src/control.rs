//! What every engine call shares: the caller's ways to stop a search (a
//! callback polled with the work done so far, a flag another thread
//! raises, a deadline), which drive the core's `Stopper`, and the line of
//! play a search reports.

use core::ffi::c_void;
use std::sync::atomic::AtomicU32;
use std::time::{Duration, Instant};

use atom4_core::control::{Report, StopFlag, Stopper};
use atom4_core::search::MAX_PLY;

use crate::boundary::{atomic_flag, Result};

/// The longest principal variation a search reports.
pub const ATOM4_MAX_PV: usize = 64;

const _: () = assert!(ATOM4_MAX_PV == MAX_PLY);

/// A report's line of play as `C` items (`blank` after its end), and its
/// length.
pub(crate) fn line<M: Copy, C: Copy>(
    report: &Report<M>,
    blank: C,
    item: impl Fn(M) -> C,
) -> ([C; ATOM4_MAX_PV], u8) {
    let mut pv = [blank; ATOM4_MAX_PV];
    for (slot, &mv) in pv.iter_mut().zip(report.pv.iter()) {
        *slot = item(mv);
    }
    (pv, report.pv.len().min(ATOM4_MAX_PV) as u8)
}

/// Called every few thousand nodes with the nodes searched so far; return
/// true to stop (a deadline, a cancel button).
pub type atom4_stop_callback = Option<extern "C" fn(context: *mut c_void, nodes: u64) -> bool>;

/// A caller's stop conditions for one call (they live as long as it).
pub(crate) struct Stop<'a> {
    callback: atom4_stop_callback,
    context: *mut c_void,
    flag: Option<&'a AtomicU32>,
    deadline: Option<Instant>,
}

impl Stop<'_> {
    /// Nothing stops the search but its own limits.
    pub(crate) fn none() -> Stop<'static> {
        Stop {
            callback: None,
            context: core::ptr::null_mut(),
            flag: None,
            deadline: None,
        }
    }

    /// The callback (called with `context`) and the flag (NULL: none) of a
    /// caller's limits.
    pub(crate) fn new(
        callback: atom4_stop_callback,
        context: *mut c_void,
        stop_flag: *const u32,
    ) -> Result<Stop<'static>> {
        Ok(Stop {
            callback,
            context,
            flag: atomic_flag(stop_flag)?,
            deadline: None,
        })
    }

    /// Also stops `ms` milliseconds from now (`None`: no deadline).
    pub(crate) fn within(mut self, ms: Option<u64>) -> Self {
        self.deadline = ms.and_then(|ms| Instant::now().checked_add(Duration::from_millis(ms)));
        self
    }

    /// Whether the caller can stop it at all (a flag or a callback).
    pub(crate) fn can_stop(&self) -> bool {
        self.flag.is_some() || self.callback.is_some()
    }

    /// Whether the flag is raised or the callback says stop, after `work`.
    pub(crate) fn stopped(&self, work: u64) -> bool {
        self.flag.is_some_and(|f| f.is_raised())
            || self.callback.is_some_and(|f| f(self.context, work))
    }

    /// Runs `search` with the core's stopper over these conditions.
    pub(crate) fn run<M, R>(&self, search: impl FnOnce(&mut Stopper<'_, M>) -> R) -> R {
        let mut callback = |nodes| self.callback.is_some_and(|f| f(self.context, nodes));
        let mut control = Stopper::new()
            .callback(&mut callback)
            .deadline(self.deadline);
        if let Some(flag) = self.flag {
            control = control.flag(flag);
        }
        search(&mut control)
    }
}
