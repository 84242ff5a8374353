//! Stopping searches from Python, for every game's engine: `stop()` from
//! any thread ends every search that was asked for before it and has not
//! finished, whether it is running or still waiting for its turn.

use std::sync::atomic::{AtomicU64, Ordering};

use atom4_core::control::StopFlag;

/// Counts the `stop()` calls. A search notes the count when it is asked
/// for (holding the GIL, before it waits for anything) and stops as soon
/// as the count moves on, so no stop can slip in between, and a stop never
/// outlives the searches it was meant for.
#[derive(Debug, Default)]
pub struct StopSwitch {
    stops: AtomicU64,
}

impl StopSwitch {
    /// Stops every search asked for so far.
    pub fn stop(&self) {
        self.stops.fetch_add(1, Ordering::SeqCst);
    }

    /// The flag of a search asked for now.
    pub fn watch(&self) -> Watch<'_> {
        Watch {
            switch: self,
            seen: self.stops.load(Ordering::SeqCst),
        }
    }
}

/// Raised once `stop()` is called after it was made.
#[derive(Debug)]
pub struct Watch<'a> {
    switch: &'a StopSwitch,
    seen: u64,
}

impl StopFlag for Watch<'_> {
    fn is_raised(&self) -> bool {
        self.switch.stops.load(Ordering::Relaxed) != self.seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_reaches_the_searches_asked_for_before_it() {
        let switch = StopSwitch::default();
        switch.stop();
        let running = switch.watch();
        let waiting = switch.watch();
        assert!(!running.is_raised() && !waiting.is_raised());
        switch.stop();
        assert!(running.is_raised() && waiting.is_raised());
        assert!(!switch.watch().is_raised());
    }
}
