//! Progress of long runs on standard error, one helper for every tool
//! (koth, the referee, the solver, matches): on a terminal a line
//! rewritten in place a few times a second, with a bar when the total is
//! known; elsewhere (a log) a plain line every ten seconds.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

pub struct Progress {
    terminal: bool,
    every: Duration,
    last: Instant,
    shown: bool,
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

impl Progress {
    /// Progress on standard error, as it is (a terminal or not).
    pub fn new() -> Progress {
        Progress::with(io::stderr().is_terminal(), Duration::from_secs(10))
    }

    /// Progress on a terminal or not, a plain line every `every` when not.
    pub fn with(terminal: bool, every: Duration) -> Progress {
        Progress {
            terminal,
            every: if terminal {
                Duration::from_millis(250)
            } else {
                every
            },
            last: Instant::now(),
            shown: false,
        }
    }

    /// Shows `text()` if it is time to (the text is made only then).
    pub fn show(&mut self, text: impl FnOnce() -> String) {
        if self.last.elapsed() < self.every {
            return;
        }
        self.last = Instant::now();
        let text = text();
        let mut err = io::stderr().lock();
        let _ = if self.terminal {
            self.shown = true;
            write!(err, "\r\x1b[2K{text}")
        } else {
            writeln!(err, "{text}")
        };
        let _ = err.flush();
    }

    /// Clears the line on a terminal (before other output).
    pub fn clear(&mut self) {
        if self.terminal && self.shown {
            eprint!("\r\x1b[2K");
            self.shown = false;
        }
    }

    /// Whether it draws on a terminal.
    pub fn on_terminal(&self) -> bool {
        self.terminal
    }
}

/// A bar of `width` cells for `done` of `total`: `[#####.....]`.
pub fn bar(done: u64, total: u64, width: usize) -> String {
    let filled = if total == 0 {
        width
    } else {
        (done.min(total) as u128 * width as u128 / total as u128) as usize
    };
    format!("[{}{}]", "#".repeat(filled), ".".repeat(width - filled))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_fill_in_proportion() {
        assert_eq!(bar(0, 20, 10), "[..........]");
        assert_eq!(bar(5, 20, 10), "[##........]");
        assert_eq!(bar(20, 20, 10), "[##########]");
        assert_eq!(bar(99, 20, 4), "[####]");
        assert_eq!(bar(0, 0, 4), "[####]");
    }
}
