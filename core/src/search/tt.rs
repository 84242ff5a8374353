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

    /// What a probe with `check` finds in this slot.
    #[inline]
    pub fn hit(&self, check: u16) -> Option<Hit<M>> {
        (self.bound != Bound::None && self.check == check).then_some(Hit {
            score: self.score as i32,
            depth: self.depth,
            bound: self.bound,
            mv: self.mv,
        })
    }

    /// The slot as one 64-bit word, for tables kept in atomics: check,
    /// score, depth and bound, then the move as `move_bits(mv) + 1`
    /// (0: none), so an empty slot is 0. `move_bits` must stay below
    /// `u16::MAX`.
    pub fn to_word(self, move_bits: impl Fn(M) -> u16) -> u64 {
        let mv = self.mv.map_or(0, |m| move_bits(m) as u64 + 1);
        self.check as u64
            | (self.score as u16 as u64) << 16
            | (self.depth as u64) << 32
            | (self.bound as u64) << 40
            | mv << 48
    }

    /// The slot [`Entry::to_word`] made, given the inverse of its `move_bits`.
    pub fn from_word(word: u64, move_of: impl Fn(u16) -> M) -> Entry<M> {
        let mv = (word >> 48) as u16;
        Entry {
            check: word as u16,
            score: (word >> 16) as u16 as i16,
            depth: (word >> 32) as u8,
            bound: match (word >> 40) & 3 {
                0 => Bound::None,
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            mv: (mv != 0).then(|| move_of(mv - 1)),
        }
    }
}

/// The bucket of `key` in a table of `mask + 1` slots (two neighbouring
/// slots, one on a table of one) and its check bits.
#[inline]
pub fn bucket(key: u64, mask: usize) -> ([usize; 2], u16) {
    let i = (key as usize) & mask & !1;
    ([i, (i | 1).min(mask)], (key >> 48) as u16)
}

/// A bucket after storing a result in it: the rule every table follows.
/// The first slot keeps the deepest result and the second the latest, so
/// that deep results survive and results of earlier searches, deep but
/// stale, do not block the new ones. A result for a position already held
/// replaces it, keeping its move when the new result has none.
#[inline]
pub fn store_in_bucket<M: Copy>(
    [deep, latest]: [Entry<M>; 2],
    check: u16,
    depth: u8,
    score: i32,
    bound: Bound,
    mv: Option<M>,
) -> [Entry<M>; 2] {
    let holds = |e: &Entry<M>| e.bound != Bound::None && e.check == check;
    let new = |old: &Entry<M>| Entry {
        check,
        score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
        depth,
        bound,
        mv: mv.or(if holds(old) { old.mv } else { None }),
    };
    if holds(&deep) {
        [new(&deep), latest]
    } else if holds(&latest) {
        [deep, new(&latest)]
    } else if deep.depth <= depth {
        // The deep slot's old result moves to the latest slot.
        [new(&deep), deep]
    } else {
        [deep, new(&latest)]
    }
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

/// A store lent to one search at a time.
impl<M, S: Store<M>> Store<M> for &mut S {
    #[inline]
    fn probe(&self, key: u64) -> Option<Hit<M>> {
        (**self).probe(key)
    }

    #[inline]
    fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<M>) {
        (**self).store(key, depth, score, bound, mv)
    }

    fn clear(&mut self) {
        (**self).clear()
    }

    fn len(&self) -> usize {
        (**self).len()
    }
}

impl<M: Copy + PartialEq> Store<M> for Table<'_, M> {
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

/// How many of `len` slots a table uses: the largest power of two that
/// fits (0 for none), so that a key's bucket is a mask away.
pub const fn usable_slots(len: usize) -> usize {
    if len == 0 {
        0
    } else {
        1 << (usize::BITS - 1 - len.leading_zeros())
    }
}

impl<'a, M: Copy + PartialEq> Table<'a, M> {
    pub fn new(slots: &'a mut [Entry<M>]) -> Table<'a, M> {
        let len = usable_slots(slots.len());
        let slots = &mut slots[..len];
        Table {
            mask: len.wrapping_sub(1),
            slots,
        }
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit<M>> {
        if self.slots.is_empty() {
            return None;
        }
        let (slots, check) = bucket(key, self.mask);
        slots.into_iter().find_map(|i| self.slots[i].hit(check))
    }

    /// Stores a result by the bucket rule of [`store_in_bucket`].
    #[inline]
    pub fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<M>) {
        if self.slots.is_empty() {
            return;
        }
        let (slots, check) = bucket(key, self.mask);
        let before = slots.map(|i| self.slots[i]);
        let after = store_in_bucket(before, check, depth, score, bound, mv);
        // Only what changed is written: on a table of one slot both halves
        // of the bucket are that slot.
        for k in 0..2 {
            if after[k] != before[k] {
                self.slots[slots[k]] = after[k];
            }
        }
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

/// A move that fits in 16 bits (below `u16::MAX`), so that a slot with its
/// move is one 64-bit word: tables in plain words ([`WordTable`]) or in
/// atomics shared between threads.
pub trait PackedMove: Copy + PartialEq {
    fn to_bits(self) -> u16;
    fn from_bits(bits: u16) -> Self;
}

/// Small games' moves: a byte.
impl PackedMove for u8 {
    fn to_bits(self) -> u16 {
        self.into()
    }

    fn from_bits(bits: u16) -> u8 {
        bits as u8
    }
}

/// A table over plain 64-bit words, a slot a word ([`Entry::to_word`]):
/// the form every door's caller memory takes (one type of memory for
/// every game's engine). Same bucket rule, same results as [`Table`].
#[derive(Debug)]
pub struct WordTable<'a, M> {
    words: &'a mut [u64],
    mask: usize,
    moves: core::marker::PhantomData<M>,
}

impl<'a, M: PackedMove> WordTable<'a, M> {
    /// A table over `words` (any length; a power of two uses all of it).
    /// Whatever they held is read as slots: clear it first for a new table.
    pub fn new(words: &'a mut [u64]) -> WordTable<'a, M> {
        let len = usable_slots(words.len());
        let words = &mut words[..len];
        WordTable {
            mask: len.wrapping_sub(1),
            words,
            moves: core::marker::PhantomData,
        }
    }

    #[inline]
    fn get(&self, i: usize) -> Entry<M> {
        Entry::from_word(self.words[i], M::from_bits)
    }
}

impl<M: PackedMove> Store<M> for WordTable<'_, M> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Hit<M>> {
        if self.words.is_empty() {
            return None;
        }
        let (slots, check) = bucket(key, self.mask);
        slots.into_iter().find_map(|i| self.get(i).hit(check))
    }

    #[inline]
    fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<M>) {
        if self.words.is_empty() {
            return;
        }
        let (slots, check) = bucket(key, self.mask);
        let before = slots.map(|i| self.get(i));
        let after = store_in_bucket(before, check, depth, score, bound, mv);
        for k in 0..2 {
            if after[k] != before[k] {
                self.words[slots[k]] = after[k].to_word(M::to_bits);
            }
        }
    }

    fn clear(&mut self) {
        self.words.fill(0);
    }

    fn len(&self) -> usize {
        self.words.len()
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

    /// A slot packs into one word and back whole, and only an empty slot
    /// packs to 0.
    #[test]
    fn slots_pack_and_unpack_whole() {
        for (i, bound) in [Bound::Exact, Bound::Lower, Bound::Upper]
            .into_iter()
            .enumerate()
        {
            for mv in [None, Some(0u8), Some(255)] {
                for score in [-30_000i16, -1, 0, 7, i16::MAX] {
                    let p = Entry {
                        check: 0xBEEF ^ i as u16,
                        score,
                        depth: 64,
                        bound,
                        mv,
                    };
                    let word = p.to_word(u16::from);
                    assert_eq!(Entry::from_word(word, |b| b as u8), p);
                    assert_ne!(word, 0);
                }
            }
        }
        assert_eq!(Entry::<u8>::EMPTY.to_word(u16::from), 0);
    }

    /// A word table stores and finds what a slot table does, in the same
    /// slots.
    #[test]
    fn word_tables_follow_the_bucket_rule_of_slot_tables() {
        let mut slots = [Entry::<u8>::EMPTY; 8];
        let mut words = [0u64; 8];
        let mut table = Table::new(&mut slots);
        let mut word_table = WordTable::<u8>::new(&mut words);
        let mut rng = crate::Rng::new(3);
        for _ in 0..500 {
            let k = key(rng.below(6).into()) ^ u64::from(rng.below(8));
            let depth = rng.below(20) as u8;
            let score = rng.below(2000) as i32 - 1000;
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][rng.below(3) as usize];
            let mv = (rng.below(3) > 0).then(|| rng.below(200) as u8);
            table.store(k, depth, score, bound, mv);
            Store::store(&mut word_table, k, depth, score, bound, mv);
            let a = table.probe(k).map(|h| (h.score, h.depth, h.bound, h.mv));
            let b = Store::probe(&word_table, k).map(|h| (h.score, h.depth, h.bound, h.mv));
            assert_eq!(a, b);
        }
        for (slot, word) in slots.iter().zip(words) {
            assert_eq!(slot.to_word(u16::from), word);
        }
    }

    #[test]
    fn tables_use_the_largest_power_of_two_that_fits() {
        let used = [0, 1, 2, 2, 4, 4, 4, 4, 8];
        for (len, &want) in used.iter().enumerate() {
            assert_eq!(usable_slots(len), want, "{len}");
        }
        assert_eq!(usable_slots(usize::MAX), 1 << (usize::BITS - 1));
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
