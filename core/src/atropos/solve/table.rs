//! The solver's transposition table: win/loss results in the caller's
//! memory, in buckets of four slots that keep the dearest results.

/// One slot of the solver's transposition table: 8 bytes holding 56 bits
/// of the position's key, the value and how much work it took (its log),
/// so that the table keeps the results that were dearest to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct TableEntry(u64);

impl TableEntry {
    const CHECK: u64 = !0xFF;

    #[inline]
    fn holds(self, key: u64) -> bool {
        self.0 != 0 && (self.0 ^ key) & Self::CHECK == 0
    }

    #[inline]
    fn win(self) -> bool {
        self.0 & 1 != 0
    }

    /// The log of the work, plus one (0: empty).
    #[inline]
    fn work(self) -> u64 {
        (self.0 >> 1) & 0x7F
    }

    #[inline]
    fn new(key: u64, win: bool, nodes: u64) -> TableEntry {
        let work = 64 - nodes.leading_zeros() as u64;
        TableEntry((key & Self::CHECK) | (work.max(1) << 1) | win as u64)
    }
}

/// Slots a bucket: one probe reads 32 bytes.
const BUCKET: usize = 4;

/// The caller's slots (plain words, a [`TableEntry`] each; 0 is empty),
/// used in buckets of [`BUCKET`].
pub(super) struct Table<'t> {
    slots: &'t mut [u64],
    /// The number of buckets, less one (a power of two).
    mask: usize,
}

impl<'t> Table<'t> {
    /// A table over `slots` of any length (a power of two of at least four
    /// uses all of them; fewer than four keep nothing).
    pub(super) fn new(slots: &'t mut [u64]) -> Table<'t> {
        let buckets = slots.len() / BUCKET;
        let mask = if buckets == 0 {
            0
        } else {
            (1usize << (usize::BITS - 1 - buckets.leading_zeros())) - 1
        };
        Table { slots, mask }
    }

    pub(super) fn len(&self) -> usize {
        self.slots.len()
    }

    pub(super) fn clear(&mut self) {
        self.slots.fill(0);
    }

    /// Whether the player to move wins the position of `key`, if known.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<bool> {
        let start = (key as usize & self.mask) * BUCKET;
        let bucket = self.slots.get(start..start + BUCKET)?;
        bucket
            .iter()
            .map(|&w| TableEntry(w))
            .find(|e| e.holds(key))
            .map(|e| e.win())
    }

    /// Keeps the result of the position of `key`, found in `nodes`
    /// positions: over its own slot, else over the slot of least work.
    #[inline]
    pub(super) fn store(&mut self, key: u64, win: bool, nodes: u64) {
        let start = (key as usize & self.mask) * BUCKET;
        let Some(bucket) = self.slots.get_mut(start..start + BUCKET) else {
            return;
        };
        let mut at = 0;
        for (i, e) in bucket.iter().map(|&w| TableEntry(w)).enumerate() {
            if e.holds(key) {
                at = i;
                break;
            }
            if e.work() < TableEntry(bucket[at]).work() {
                at = i;
            }
        }
        bucket[at] = TableEntry::new(key, win, nodes).0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_and_dear_ones_stay() {
        let mut slots = [0u64; 8];
        let mut table = Table::new(&mut slots);
        // Keys that differ in their check bits but share bucket 0.
        let key = |i: u64| i << 40;
        for i in 1..=4 {
            table.store(key(i), i % 2 == 0, 1 << (10 * i));
        }
        assert_eq!(table.probe(key(1)), Some(false));
        assert_eq!(table.probe(key(4)), Some(true));
        // A fifth result takes the slot of least work, the first one.
        table.store(key(5), true, 2);
        assert_eq!(table.probe(key(1)), None);
        assert_eq!(table.probe(key(2)), Some(true));
        assert_eq!(table.probe(key(5)), Some(true));
        table.store(key(5), false, 2);
        assert_eq!(table.probe(key(5)), Some(false));
        table.clear();
        assert_eq!(table.probe(key(4)), None);
        let mut none = [0u64; 3];
        let mut tiny = Table::new(&mut none);
        tiny.store(key(1), true, 9);
        assert_eq!(tiny.probe(key(1)), None);
    }
}
