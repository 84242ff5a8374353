//! A transposition table that several search threads share (lazy SMP).
//!
//! Each slot is one `AtomicU64`, read and written whole, so a thread never
//! sees half of another's result; a race only loses a result or keeps an
//! older one, which costs the search time, never correctness (the check
//! bits and the legality of every hash move still hold).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use std::marker::PhantomData;

use atom4_core::search::tt::{bucket, store_in_bucket};
pub use atom4_core::search::PackedMove;
use atom4_core::search::{usable_slots, Bound, Entry, Hit, Store};

/// The slots: a power of two of them.
pub struct SharedSlots(Box<[AtomicU64]>);

impl SharedSlots {
    /// `len` slots, rounded down to a power of two (at least one).
    pub fn new(len: usize) -> SharedSlots {
        let len = usable_slots(len).max(1);
        SharedSlots((0..len).map(|_| AtomicU64::new(0)).collect())
    }

    /// A handle for one thread's search, for moves of type `M`.
    pub fn table<M: PackedMove>(&self) -> SharedTable<'_, M> {
        SharedTable {
            slots: &self.0,
            mask: self.0.len() - 1,
            moves: PhantomData,
        }
    }

    pub fn clear(&self) {
        for slot in self.0.iter() {
            slot.store(0, Relaxed);
        }
    }
}

/// One thread's view of [`SharedSlots`]; the bucket rule of the core's
/// [`Table`](atom4_core::search::Table), [`store_in_bucket`].
#[derive(Clone, Copy)]
pub struct SharedTable<'a, M> {
    slots: &'a [AtomicU64],
    mask: usize,
    moves: PhantomData<M>,
}

impl<M: PackedMove> SharedTable<'_, M> {
    fn get(&self, i: usize) -> Entry<M> {
        Entry::from_word(self.slots[i].load(Relaxed), M::from_bits)
    }
}

impl<M: PackedMove> Store<M> for SharedTable<'_, M> {
    fn probe(&self, key: u64) -> Option<Hit<M>> {
        let (slots, check) = bucket(key, self.mask);
        slots.into_iter().find_map(|i| self.get(i).hit(check))
    }

    fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<M>) {
        let (slots, check) = bucket(key, self.mask);
        let before = slots.map(|i| self.get(i));
        let after = store_in_bucket(before, check, depth, score, bound, mv);
        // Only what changed is written (a table of one slot has one).
        for k in 0..2 {
            if after[k] != before[k] {
                self.slots[slots[k]].store(after[k].to_word(M::to_bits), Relaxed);
            }
        }
    }

    fn clear(&mut self) {
        for slot in self.slots {
            slot.store(0, Relaxed);
        }
    }

    fn len(&self) -> usize {
        self.slots.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use atom4_core::Cell;

    /// The same results as the single-threaded table, store for store.
    #[test]
    fn behaves_like_the_table() {
        use atom4_core::search::Table;
        let mut rng = atom4_core::Rng::new(3);
        let shared = SharedSlots::new(64);
        let mut mine = shared.table::<Cell>();
        let mut slots = [Entry::<Cell>::EMPTY; 64];
        let mut theirs = Table::new(&mut slots);
        let bounds = [Bound::Exact, Bound::Lower, Bound::Upper];
        for _ in 0..5000 {
            // Few distinct keys, so that buckets fill and collide.
            let key = (rng.below(16) as u64) << 48 | rng.below(64) as u64;
            if rng.below(2) == 0 {
                let (depth, score) = (rng.below(20) as u8, rng.below(2000) as i32 - 1000);
                let bound = bounds[rng.below(3) as usize];
                let mv = (rng.below(4) > 0).then(|| Cell::from_index(rng.below(256) as u8));
                mine.store(key, depth, score, bound, mv);
                theirs.store(key, depth, score, bound, mv);
            }
            let (a, b) = (Store::probe(&mine, key), theirs.probe(key));
            assert_eq!(
                a.map(|h| (h.score, h.depth, h.bound, h.mv)),
                b.map(|h| (h.score, h.depth, h.bound, h.mv))
            );
        }
    }
}
