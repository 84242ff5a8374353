//! The engine as the browser and the native runner both run it: the
//! memory a search gets and the control that stops it, so that the same
//! position and limits give the same move in the same nodes in both.

use atom4_core::control::{Control, Report};
use atom4_core::registry::AnyState;
use atom4_core::state::{Action, Choice, Limits};

/// The engine memory in the module: 32 MiB of words. A game's engine takes
/// what [`AnyState::engine_words`] says it uses well, at most this.
pub const ENGINE_WORDS: usize = 1 << 22;

/// The words a search of `state` under `limits` gets.
pub fn memory_words(state: &AnyState, limits: &Limits) -> usize {
    state.engine_words(limits).min(ENGINE_WORDS)
}

/// A millisecond clock: `performance.now()` in the browser, `Instant`
/// natively.
pub trait Clock {
    fn now_ms(&mut self) -> f64;
}

/// Stops a search at its deadline (`limits.time_ms` from its start) and
/// hands each completed iteration's report to `progress`.
pub struct Stop<C, P> {
    clock: C,
    started: f64,
    deadline: Option<f64>,
    progress: P,
}

impl<C: Clock, P: FnMut(&Report<Action>)> Stop<C, P> {
    pub fn new(mut clock: C, time_ms: Option<u64>, progress: P) -> Self {
        let started = clock.now_ms();
        Stop {
            deadline: time_ms.map(|t| started + t as f64),
            started,
            clock,
            progress,
        }
    }
}

impl<C, P> core::fmt::Debug for Stop<C, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Stop")
            .field("deadline", &self.deadline)
            .finish()
    }
}

impl<C: Clock, P: FnMut(&Report<Action>)> Control<Action> for Stop<C, P> {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        match self.deadline {
            Some(d) => self.clock.now_ms() >= d,
            None => false,
        }
    }

    fn iteration_done(&mut self, report: &Report<Action>) {
        (self.progress)(report);
    }

    fn elapsed_ms(&mut self) -> Option<u64> {
        let elapsed = self.clock.now_ms() - self.started;
        Some(if elapsed > 0.0 { elapsed as u64 } else { 0 })
    }
}

/// The engine's choice for `state` within `limits`, in `memory` (at least
/// [`memory_words`] long; only that much is used).
pub fn search(
    state: &AnyState,
    limits: &Limits,
    memory: &mut [u64],
    control: &mut dyn Control<Action>,
) -> Choice {
    let words = memory_words(state, limits).min(memory.len());
    state.search(limits, &mut memory[..words], control)
}
