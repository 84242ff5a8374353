//! How a caller stops a search and hears of its progress: one trait for
//! every search of the core, and, with the `std` feature, the one stopper
//! every front end uses (a deadline, a stop flag another thread raises, a
//! callback, a progress report).

use arrayvec::ArrayVec;

/// The deepest line a search reports.
pub const MAX_LINE: usize = 64;

/// What a search knows after each completed iteration (also its result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// The best move; `None` only when there is no move to choose.
    pub best: Option<M>,
    /// From the point of view of the player to move, in the search's
    /// units (alpha-beta: the evaluator's, with wins near
    /// [`crate::search::MATE`]; MCTS: the best move's mean value times 1000).
    pub score: i32,
    /// The depth of the last completed iteration (MCTS: of the tree).
    pub depth: u8,
    /// Nodes visited so far (MCTS: iterations).
    pub nodes: u64,
    /// The expected line of play, starting with `best`.
    pub pv: ArrayVec<M, MAX_LINE>,
}

impl<M: Copy> Report<M> {
    /// The report of a search that had nothing to choose.
    pub fn none() -> Report<M> {
        Report {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: ArrayVec::new(),
        }
    }

    /// The report of a choice made without searching (a forced move, a
    /// rule of thumb).
    pub fn only(best: M) -> Report<M> {
        let mut report = Report::none();
        report.best = Some(best);
        report.pv.push(best);
        report
    }

    /// The same report with every move turned by `f`.
    pub fn map<N>(&self, f: impl Fn(M) -> N) -> Report<N> {
        Report {
            best: self.best.map(&f),
            score: self.score,
            depth: self.depth,
            nodes: self.nodes,
            pv: self.pv.iter().map(|&m| f(m)).collect(),
        }
    }
}

/// What the caller controls while a search runs: a stop check (a deadline,
/// a flag set by another thread) that the search calls every so many
/// nodes, and a report after each completed iteration.
pub trait Control<M> {
    /// `nodes` is the work done so far; `true` stops the search, which
    /// then answers with what it completed.
    fn should_stop(&mut self, nodes: u64) -> bool;

    fn iteration_done(&mut self, _report: &Report<M>) {}

    /// Milliseconds since the search started, for engines that share a
    /// time budget between their phases; `None` when the caller keeps no
    /// clock (the core has none).
    fn elapsed_ms(&mut self) -> Option<u64> {
        None
    }
}

/// Never stops early, reports nothing.
impl<M> Control<M> for () {
    #[inline]
    fn should_stop(&mut self, _nodes: u64) -> bool {
        false
    }
}

/// A control for moves of one kind (`M`) that hands everything on to a
/// control for moves of another (`N`), turning reports with `map`: the
/// one interface's searches take a control over actions, the games'
/// searches one over their own moves.
pub struct Mapped<'a, N, F> {
    inner: &'a mut dyn Control<N>,
    map: F,
}

impl<'a, N, F> Mapped<'a, N, F> {
    pub fn new(inner: &'a mut dyn Control<N>, map: F) -> Self {
        Mapped { inner, map }
    }
}

impl<N, F> core::fmt::Debug for Mapped<'_, N, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Mapped")
    }
}

impl<M: Copy, N, F: Fn(M) -> N> Control<M> for Mapped<'_, N, F> {
    #[inline]
    fn should_stop(&mut self, nodes: u64) -> bool {
        self.inner.should_stop(nodes)
    }

    fn iteration_done(&mut self, report: &Report<M>) {
        self.inner.iteration_done(&report.map(&self.map));
    }

    fn elapsed_ms(&mut self) -> Option<u64> {
        self.inner.elapsed_ms()
    }
}

#[cfg(feature = "std")]
pub use with_std::{Progress, StopFlag, Stopper};

#[cfg(feature = "std")]
mod with_std {
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    use std::time::Instant;

    use super::{Control, Report};

    /// Something another thread raises to stop a search.
    pub trait StopFlag: Sync {
        fn is_raised(&self) -> bool;
    }

    impl StopFlag for AtomicBool {
        #[inline]
        fn is_raised(&self) -> bool {
            self.load(Ordering::Relaxed)
        }
    }

    /// Raised when not zero (a C caller's `uint32_t` flag).
    impl StopFlag for AtomicU32 {
        #[inline]
        fn is_raised(&self) -> bool {
            self.load(Ordering::Relaxed) != 0
        }
    }

    /// A progress callback: it sees every completed iteration's report.
    pub type Progress<'a, M> = &'a mut dyn FnMut(&Report<M>);

    /// The stop check of every front end: a search stops at its deadline,
    /// when its flag is raised, or when its callback says so, whichever
    /// comes first; each completed iteration goes to its progress callback.
    /// Nothing set: it never stops.
    pub struct Stopper<'a, M> {
        started: Instant,
        deadline: Option<Instant>,
        flag: Option<&'a dyn StopFlag>,
        callback: Option<&'a mut dyn FnMut(u64) -> bool>,
        progress: Option<Progress<'a, M>>,
    }

    impl<'a, M> Stopper<'a, M> {
        pub fn new() -> Self {
            Stopper {
                started: Instant::now(),
                deadline: None,
                flag: None,
                callback: None,
                progress: None,
            }
        }

        /// Stops once `deadline` has passed (`None`: no deadline).
        pub fn deadline(mut self, deadline: Option<Instant>) -> Self {
            self.deadline = deadline;
            self
        }

        /// Stops once `flag` is raised.
        pub fn flag(mut self, flag: &'a dyn StopFlag) -> Self {
            self.flag = Some(flag);
            self
        }

        /// Stops when `callback(nodes)` returns true.
        pub fn callback(mut self, callback: &'a mut dyn FnMut(u64) -> bool) -> Self {
            self.callback = Some(callback);
            self
        }

        /// Hands every completed iteration's report to `progress`.
        pub fn progress(mut self, progress: Progress<'a, M>) -> Self {
            self.progress = Some(progress);
            self
        }
    }

    impl<M> core::fmt::Debug for Stopper<'_, M> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.debug_struct("Stopper")
                .field("deadline", &self.deadline)
                .field("flag", &self.flag.is_some())
                .field("callback", &self.callback.is_some())
                .finish()
        }
    }

    impl<M> Default for Stopper<'_, M> {
        fn default() -> Self {
            Stopper::new()
        }
    }

    impl<M> Control<M> for Stopper<'_, M> {
        fn should_stop(&mut self, nodes: u64) -> bool {
            self.flag.is_some_and(|f| f.is_raised())
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.callback.as_mut().is_some_and(|f| f(nodes))
        }

        fn iteration_done(&mut self, report: &Report<M>) {
            if let Some(progress) = self.progress.as_mut() {
                progress(report);
            }
        }

        /// Since the stopper was made.
        fn elapsed_ms(&mut self) -> Option<u64> {
            Some(self.started.elapsed().as_millis().min(u128::from(u64::MAX)) as u64)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use std::time::Duration;

        #[test]
        fn stops_at_the_first_of_its_conditions() {
            let mut none = Stopper::<u8>::new();
            assert!(!none.should_stop(1 << 40));
            let flag = AtomicBool::new(false);
            let mut flagged = Stopper::<u8>::new().flag(&flag);
            assert!(!flagged.should_stop(1));
            flag.store(true, Ordering::Relaxed);
            assert!(flagged.should_stop(1));
            let c_flag = AtomicU32::new(7);
            assert!(Stopper::<u8>::new().flag(&c_flag).should_stop(0));
            let past = Instant::now() - Duration::from_millis(1);
            assert!(Stopper::<u8>::new().deadline(Some(past)).should_stop(0));
            let future = Instant::now() + Duration::from_secs(3600);
            assert!(!Stopper::<u8>::new().deadline(Some(future)).should_stop(0));
            let mut over_100 = |nodes| nodes > 100;
            let mut counted = Stopper::<u8>::new().callback(&mut over_100);
            assert!(!counted.should_stop(100) && counted.should_stop(101));
            let mut depths = Vec::new();
            let mut record = |r: &Report<u8>| depths.push(r.depth);
            let report = Report {
                best: Some(1u8),
                score: 0,
                depth: 3,
                nodes: 9,
                pv: ArrayVec::new(),
            };
            Stopper::new().progress(&mut record).iteration_done(&report);
            assert_eq!(depths, [3]);
        }

        use arrayvec::ArrayVec;
    }
}
