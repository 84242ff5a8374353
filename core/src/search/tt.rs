//! The transposition table: caller-provided memory of any power-of-two
//! length, so firmware can pass a small static array and a desktop a large one.

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(u8)]
pub enum Bound {
    /// An empty slot.
    #[default]
    None = 0,
    /// The true value (a PV node).
    Exact = 1,
    /// At least this (a cut node).
    Lower = 2,
    /// At most this (an all node).
    Upper = 3,
}

/// One slot: 16 bits of key check (the index supplies more), the score,
/// the depth searched, the bound and the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<M> {
    check: u16,
    score: i16,
    depth: u8,
    bound: Bound,
    mv: Option<M>,
}

impl<M: Copy> Entry<M> {
    /// An empty slot, for initialising tables (`[Entry::EMPTY; N]`).
    pub const EMPTY: Entry<M> = Entry {
        check: 0,
        score: 0,
        depth: 0,
        bound: Bound::None,
        mv: None,
    };
}

impl<M: Copy> Default for Entry<M> {
    fn default() -> Self {
        Entry::EMPTY
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit<M> {
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    pub mv: Option<M>,
}

/// What the search needs of a transposition table: [`Table`] over the
/// caller's slots, or another store (one shared between threads, say).
/// A probe may miss or a store may be dropped at any time: the search
/// stays correct, only slower.
pub trait Store<M> {
    fn probe(&self, key: u64) -> Option<Hit<M>>;
    fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<M>);
    /// Forgets everything stored.
    fn clear(&mut self);
    /// How many results it can hold.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<M: Copy> Store<M> for Table<'_, M> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Hit<M>> {
        Table::probe(self, key)
    }

    #[inline]
    fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<M>) {
        Table::store(self, key, depth, score, bound, mv)
    }

    fn clear(&mut self) {
        Table::clear(self)
    }

    fn len(&self) -> usize {
        Table::len(self)
    }
}

/// A view of the caller's slots. Lengths that are not a power of two use
/// the largest power of two that fits; an empty slice stores nothing.
#[derive(Debug)]
pub struct Table<'a, M> {
    slots: &'a mut [Entry<M>],
    mask: usize,
}

impl<'a, M: Copy> Table<'a, M> {
    pub fn new(slots: &'a mut [Entry<M>]) -> Table<'a, M> {
        let len = if slots.is_empty() {
            0
        } else {
            1usize << (usize::BITS - 1 - slots.len().leading_zeros())
        };
        let slots = &mut slots[..len];
        Table {
            mask: len.wrapping_sub(1),
            slots,
        }
    }

    /// The key's bucket (two neighbouring slots, one on a table of one)
    /// and its check bits.
    #[inline]
    fn place(&self, key: u64) -> ([usize; 2], u16) {
        let i = (key as usize) & self.mask & !1;
        ([i, (i | 1).min(self.mask)], (key >> 48) as u16)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit<M>> {
        if self.slots.is_empty() {
            return None;
        }
        let (bucket, check) = self.place(key);
        bucket.into_iter().find_map(|i| {
            let e = self.slots[i];
            (e.bound != Bound::None && e.check == check).then_some(Hit {
                score: e.score as i32,
                depth: e.depth,
                bound: e.bound,
                mv: e.mv,
            })
        })
    }

    /// Stores a result. A bucket keeps the deepest result in its first
    /// slot and the latest in its second, so that deep results survive
    /// and results of earlier searches, deep but stale, do not block the
    /// new ones.
    #[inline]
    pub fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<M>) {
        if self.slots.is_empty() {
            return;
        }
        let ([deep, latest], check) = self.place(key);
        let holds = |e: &Entry<M>| e.bound != Bound::None && e.check == check;
        let slot = if holds(&self.slots[deep]) {
            deep
        } else if holds(&self.slots[latest]) {
            latest
        } else if self.slots[deep].depth <= depth {
            // The deep slot's old result moves to the latest slot.
            self.slots[latest] = self.slots[deep];
            deep
        } else {
            latest
        };
        let old = self.slots[slot];
        let mv = mv.or(if holds(&old) { old.mv } else { None });
        self.slots[slot] = Entry {
            check,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth,
            bound,
            mv,
        };
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.fill(Entry::EMPTY);
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys with the same bucket (low bits) and different checks (top bits).
    fn key(position: u64) -> u64 {
        position << 48 | 6
    }

    #[test]
    fn a_bucket_keeps_the_deepest_and_the_latest() {
        let mut slots = [Entry::<u8>::EMPTY; 8];
        let mut table = Table::new(&mut slots);
        table.store(key(1), 9, 100, Bound::Exact, Some(1));
        table.store(key(2), 3, 200, Bound::Lower, Some(2));
        table.store(key(3), 2, 300, Bound::Upper, Some(3));
        // The deep result stays; the latest pushed out the one before it.
        assert_eq!(
            table.probe(key(1)).map(|h| (h.depth, h.score)),
            Some((9, 100))
        );
        assert!(table.probe(key(2)).is_none());
        assert_eq!(table.probe(key(3)).map(|h| h.mv), Some(Some(3)));
        // A deeper result takes the deep slot and moves the old one over.
        table.store(key(4), 12, 400, Bound::Exact, None);
        assert_eq!(table.probe(key(4)).map(|h| h.depth), Some(12));
        assert_eq!(table.probe(key(1)).map(|h| h.depth), Some(9));
        assert!(table.probe(key(3)).is_none());
        // The same position is updated in place, keeping its move when the
        // new result has none.
        table.store(key(1), 10, 150, Bound::Lower, None);
        let hit = table.probe(key(1)).unwrap();
        assert_eq!((hit.depth, hit.score, hit.mv), (10, 150, Some(1)));
        // Other buckets are untouched.
        assert!(table.probe(2 << 48 | 2).is_none());
    }

    #[test]
    fn a_table_of_one_slot_works() {
        let mut slots = [Entry::<u8>::EMPTY; 1];
        let mut table = Table::new(&mut slots);
        table.store(key(1), 5, 10, Bound::Exact, Some(7));
        assert_eq!(table.probe(key(1)).map(|h| h.mv), Some(Some(7)));
        table.store(key(2), 1, 20, Bound::Upper, None);
        assert_eq!(table.probe(key(2)).map(|h| h.score), Some(20));
        assert!(table.probe(key(1)).is_none());
    }
}
