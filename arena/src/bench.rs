//! What the benchmarks share: a search control that notes when each
//! iteration completed, and positions of the golden vectors.

use std::time::Instant;

#[cfg(feature = "vectors")]
use atom4_core::atom4::Atom4;
use atom4_core::control::{Control, Report};
#[cfg(feature = "vectors")]
use atom4_vectors::{all_records, ClassicRecord, Record};

/// Never stops a search; notes the depth, the seconds since it was made
/// and the nodes of each completed iteration.
pub struct Clock {
    pub start: Instant,
    /// `(depth, seconds, nodes)` of each completed iteration.
    pub reached: Vec<(u8, f64, u64)>,
}

impl Clock {
    /// A clock started now.
    pub fn start() -> Clock {
        Clock {
            start: Instant::now(),
            reached: Vec::new(),
        }
    }

    /// Runs `search` with a clock started now: its answer, and the clock.
    pub fn time<R>(search: impl FnOnce(&mut Clock) -> R) -> (R, Clock) {
        let mut clock = Clock::start();
        (search(&mut clock), clock)
    }

    /// Seconds since it started.
    pub fn seconds(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
}

impl<M> Control<M> for Clock {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        false
    }

    fn iteration_done(&mut self, report: &Report<M>) {
        self.reached
            .push((report.depth, self.seconds(), report.nodes));
    }
}

/// The positions of the Atom-4 classic vectors' records that `keep` takes
/// (each record's moves replayed).
#[cfg(feature = "vectors")]
pub fn classic_positions(keep: impl Fn(&ClassicRecord) -> bool) -> Vec<Atom4> {
    all_records()
        .into_iter()
        .filter_map(|located| match located.record {
            Record::Classic(r) if keep(&r) => Some(r.position().expect("recorded moves replay")),
            _ => None,
        })
        .collect()
}
