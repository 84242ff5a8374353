//! How much of a move's budget the engine has spent, so that it can share
//! the budget between its phases: in work alone (the same games whatever
//! the machine is doing) or, with `std`, in wall-clock time.

use crate::atropos::state::Move;
use crate::control::Control;

/// Thousandths of a move's budget: at [`Budget::ALL`] the engine answers.
pub type PerMille = u32;

/// What the engine asks while it works.
pub trait Budget {
    /// The whole budget.
    const ALL: PerMille = 1000;

    /// How much of the budget is spent after `work` units of work (solver
    /// positions; a tree-search iteration counts [`ITERATION_WORK`]), in
    /// thousandths; [`Budget::ALL`] or more stops the engine.
    fn spent(&mut self, work: u64) -> PerMille;
}

/// The work of one tree-search iteration (a descent and a playout to the
/// end), in solver positions: about what it costs beside them.
pub const ITERATION_WORK: u64 = 16;

/// A budget of `self.0` units of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkBudget(pub u64);

impl Budget for WorkBudget {
    fn spent(&mut self, work: u64) -> PerMille {
        let limit = self.0.max(1);
        (work.saturating_mul(1000) / limit).min(u32::MAX as u64) as PerMille
    }
}

/// The engine's view of its budget while one phase runs: the phase's own
/// count of work, added to what earlier phases did, stops it at `until`.
pub(super) struct Phase<'b, B: Budget> {
    pub budget: &'b mut B,
    /// Work done before this phase.
    pub base: u64,
    /// Work units a node of this phase counts.
    pub weight: u64,
    /// Stop once this much is spent.
    pub until: PerMille,
    /// The phase's nodes so far (as last reported).
    pub nodes: u64,
}

impl<'b, B: Budget> Phase<'b, B> {
    /// The work done so far, this phase included.
    pub fn work(&self) -> u64 {
        self.base
            .saturating_add(self.nodes.saturating_mul(self.weight))
    }
}

impl<B: Budget> Control<Move> for Phase<'_, B> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        self.nodes = nodes;
        let work = self.work();
        self.budget.spent(work) >= self.until
    }
}

#[cfg(feature = "std")]
pub use with_std::TimeBudget;

#[cfg(feature = "std")]
mod with_std {
    use std::time::{Duration, Instant};

    use super::{Budget, PerMille};
    use crate::control::StopFlag;

    /// A budget of wall-clock time from `start`, cut short when a stop flag
    /// is raised.
    pub struct TimeBudget<'f> {
        start: Instant,
        budget: Duration,
        flag: Option<&'f dyn StopFlag>,
    }

    impl<'f> TimeBudget<'f> {
        /// `budget` of time counted from `start`.
        pub fn new(start: Instant, budget: Duration) -> TimeBudget<'f> {
            TimeBudget {
                start,
                budget,
                flag: None,
            }
        }

        /// Ends the budget at once when `flag` is raised.
        pub fn flag(mut self, flag: &'f dyn StopFlag) -> TimeBudget<'f> {
            self.flag = Some(flag);
            self
        }
    }

    impl core::fmt::Debug for TimeBudget<'_> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.debug_struct("TimeBudget")
                .field("start", &self.start)
                .field("budget", &self.budget)
                .field("flag", &self.flag.is_some())
                .finish()
        }
    }

    impl Budget for TimeBudget<'_> {
        fn spent(&mut self, _work: u64) -> PerMille {
            if self.flag.is_some_and(|f| f.is_raised()) {
                return u32::MAX;
            }
            let budget = self.budget.as_nanos().max(1);
            let spent = self.start.elapsed().as_nanos() * 1000 / budget;
            spent.min(u32::MAX as u128) as PerMille
        }
    }
}
