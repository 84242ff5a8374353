//! How the firmware compares what it computes with what the host recorded
//! without holding both texts: an FNV-1a digest of the text as the game
//! prints it, and a fault that says where the first difference is.
//!
//! Shared with build.rs, which digests the recorded texts.

use core::fmt;

/// FNV-1a, 32 bits, fed through [`fmt::Write`]: `write!(digest, "{x}")`
/// digests `x`'s text with no buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digest(pub u32);

impl Digest {
    pub const fn new() -> Digest {
        Digest(0x811c_9dc5)
    }

    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
    }

    /// The digest of `text`.
    pub fn of(text: &str) -> u32 {
        let mut d = Digest::new();
        d.bytes(text.as_bytes());
        d.0
    }

    /// The digest of what `value` prints.
    pub fn of_display(value: &impl fmt::Display) -> u32 {
        use fmt::Write as _;
        let mut d = Digest::new();
        // Writing into a digest never fails.
        let _ = write!(d, "{value}");
        d.0
    }
}

impl Default for Digest {
    fn default() -> Digest {
        Digest::new()
    }
}

impl fmt::Write for Digest {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

/// Whether `value` prints exactly `text` (compared as it prints, with no
/// buffer).
pub fn prints_as(value: &impl fmt::Display, text: &str) -> bool {
    use fmt::Write as _;
    struct Same<'a> {
        rest: &'a str,
        same: bool,
    }
    impl fmt::Write for Same<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            match self.rest.strip_prefix(s) {
                Some(rest) if self.same => self.rest = rest,
                _ => self.same = false,
            }
            Ok(())
        }
    }
    let mut same = Same {
        rest: text,
        same: true,
    };
    let _ = write!(same, "{value}");
    same.same && same.rest.is_empty()
}

/// Where a replay or an engine game first differs from the host's record:
/// the game (index in its list), the move (1-based; 0 for the start or the
/// end) and what differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    pub game: usize,
    pub at: usize,
    pub what: &'static str,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, move {}: {}", self.game, self.at, self.what)
    }
}

/// What replays and engine games count, for their summary lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: usize,
    pub moves: usize,
}

/// The items of a `;`-separated list (how build.rs writes move lists).
pub fn items(list: &str) -> impl Iterator<Item = &str> {
    list.split(';').filter(|s| !s.is_empty())
}

/// Follows an engine's game along the host's: each move must print as the
/// host's next one, and the game must end where the host's did.
#[derive(Debug)]
pub struct Follow<'a> {
    expected: core::str::Split<'a, char>,
    moves: usize,
    fault: Option<&'static str>,
}

impl<'a> Follow<'a> {
    /// Along `moves`, the host's moves `;`-separated.
    pub fn new(moves: &'a str) -> Follow<'a> {
        let mut expected = moves.split(';');
        if moves.is_empty() {
            expected.next();
        }
        Follow {
            expected,
            moves: 0,
            fault: None,
        }
    }

    /// Checks the engine's next move: false (stop the game) at the first
    /// difference.
    pub fn next(&mut self, mv: &impl fmt::Display) -> bool {
        match self.expected.next() {
            Some(text) if prints_as(mv, text) => {
                self.moves += 1;
                true
            }
            Some(_) => {
                self.fault = Some("the engine chose another move than the host");
                false
            }
            None => {
                self.fault = Some("the game goes on where the host's ended");
                false
            }
        }
    }

    /// The game's end: `last` is the digest of its last position. Returns
    /// the number of moves, or the first difference.
    pub fn finish(mut self, game: usize, last: Option<u32>, expected: u32) -> Result<usize, Fault> {
        let fault = |at, what| Fault { game, at, what };
        if let Some(what) = self.fault {
            return Err(fault(self.moves + 1, what));
        }
        if self.expected.next().is_some() {
            return Err(fault(self.moves + 1, "the game ended before the host's"));
        }
        if last != Some(expected) {
            return Err(fault(0, "the last position differs from the host's"));
        }
        Ok(self.moves)
    }
}

/// Adds up `results` (moves per game) into a tally, or the first fault.
pub fn tally(results: impl IntoIterator<Item = Result<usize, Fault>>) -> Result<Tally, Fault> {
    let mut tally = Tally::default();
    for result in results {
        tally.moves += result?;
        tally.games += 1;
    }
    Ok(tally)
}
