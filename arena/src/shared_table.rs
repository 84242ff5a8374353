//! A transposition table that several search threads share (lazy SMP).
//!
//! Each slot is one `AtomicU64`, read and written whole, so a thread never
//! sees half of another's result; a race only loses a result or keeps an
//! older one, which costs the search time, never correctness (the check
//! bits and the legality of every hash move still hold).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use atom4_core::search::{Bound, Hit, Store};
use atom4_core::Cell;

/// The slots: a power of two of them.
pub struct SharedSlots(Box<[AtomicU64]>);

impl SharedSlots {
    /// `len` slots, rounded down to a power of two (at least one).
    pub fn new(len: usize) -> SharedSlots {
        let len = if len <= 1 {
            1
        } else {
            1 << (usize::BITS - 1 - len.leading_zeros())
        };
        SharedSlots((0..len).map(|_| AtomicU64::new(0)).collect())
    }

    /// A handle for one thread's search.
    pub fn table(&self) -> SharedTable<'_> {
        SharedTable {
            slots: &self.0,
            mask: self.0.len() - 1,
        }
    }

    pub fn clear(&self) {
        for slot in self.0.iter() {
            slot.store(0, Relaxed);
        }
    }
}

/// One thread's view of [`SharedSlots`]; the same bucket rules as
/// [`atom4_core::search::Table`] (the deepest result and the latest).
#[derive(Clone, Copy)]
pub struct SharedTable<'a> {
    slots: &'a [AtomicU64],
    mask: usize,
}

/// A slot's 64 bits: check (16), score (16), depth (8), bound (2), move
/// (9: 0 for none, else the cell's index + 1). Zero is an empty slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed {
    check: u16,
    score: i16,
    depth: u8,
    bound: Bound,
    mv: Option<Cell>,
}

impl Packed {
    fn pack(self) -> u64 {
        let mv = self.mv.map_or(0, |c| c.index() as u64 + 1);
        self.check as u64
            | (self.score as u16 as u64) << 16
            | (self.depth as u64) << 32
            | (self.bound as u64) << 40
            | mv << 42
    }

    fn unpack(bits: u64) -> Packed {
        let mv = (bits >> 42) & 0x1FF;
        Packed {
            check: bits as u16,
            score: (bits >> 16) as u16 as i16,
            depth: (bits >> 32) as u8,
            bound: match (bits >> 40) & 3 {
                0 => Bound::None,
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            mv: (mv != 0).then(|| Cell::from_index((mv - 1) as u8)),
        }
    }
}

impl SharedTable<'_> {
    fn place(&self, key: u64) -> ([usize; 2], u16) {
        let i = (key as usize) & self.mask & !1;
        ([i, (i | 1).min(self.mask)], (key >> 48) as u16)
    }

    fn get(&self, i: usize) -> Packed {
        Packed::unpack(self.slots[i].load(Relaxed))
    }
}

impl Store<Cell> for SharedTable<'_> {
    fn probe(&self, key: u64) -> Option<Hit<Cell>> {
        let (bucket, check) = self.place(key);
        bucket.into_iter().find_map(|i| {
            let e = self.get(i);
            (e.bound != Bound::None && e.check == check).then_some(Hit {
                score: e.score as i32,
                depth: e.depth,
                bound: e.bound,
                mv: e.mv,
            })
        })
    }

    fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<Cell>) {
        let ([deep, latest], check) = self.place(key);
        let holds = |e: &Packed| e.bound != Bound::None && e.check == check;
        let (d, l) = (self.get(deep), self.get(latest));
        let (slot, old) = if holds(&d) {
            (deep, d)
        } else if holds(&l) {
            (latest, l)
        } else if d.depth <= depth {
            self.slots[latest].store(d.pack(), Relaxed);
            (deep, d)
        } else {
            (latest, l)
        };
        let mv = mv.or(if holds(&old) { old.mv } else { None });
        let entry = Packed {
            check,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth,
            bound,
            mv,
        };
        self.slots[slot].store(entry.pack(), Relaxed);
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

    #[test]
    fn slots_pack_and_unpack_whole() {
        for (i, bound) in [Bound::Exact, Bound::Lower, Bound::Upper]
            .into_iter()
            .enumerate()
        {
            for mv in [None, Some(Cell::from_index(0)), Some(Cell::from_index(255))] {
                for score in [-30_000i16, -1, 0, 7, i16::MAX] {
                    let p = Packed {
                        check: 0xBEEF ^ i as u16,
                        score,
                        depth: 64,
                        bound,
                        mv,
                    };
                    assert_eq!(Packed::unpack(p.pack()), p);
                    assert_ne!(p.pack(), 0);
                }
            }
        }
    }

    /// The same results as the single-threaded table, store for store.
    #[test]
    fn behaves_like_the_table() {
        use atom4_core::search::{Entry, Table};
        let mut rng = atom4_core::Rng::new(3);
        let shared = SharedSlots::new(64);
        let mut mine = shared.table();
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
