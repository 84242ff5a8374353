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

    #[inline]
    fn place(&self, key: u64) -> (usize, u16) {
        ((key as usize) & self.mask, (key >> 48) as u16)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit<M>> {
        if self.slots.is_empty() {
            return None;
        }
        let (i, check) = self.place(key);
        let e = self.slots[i];
        (e.bound != Bound::None && e.check == check).then_some(Hit {
            score: e.score as i32,
            depth: e.depth,
            bound: e.bound,
            mv: e.mv,
        })
    }

    /// Stores a result; a deeper result for another position is kept unless
    /// this one is exact or the slot holds this position already.
    #[inline]
    pub fn store(&mut self, key: u64, depth: u8, score: i32, bound: Bound, mv: Option<M>) {
        if self.slots.is_empty() {
            return;
        }
        let (i, check) = self.place(key);
        let old = self.slots[i];
        if old.bound != Bound::None
            && old.check != check
            && old.depth > depth
            && bound != Bound::Exact
        {
            return;
        }
        // Keep the old move when this result has none for the same position.
        let mv = mv.or(if old.check == check { old.mv } else { None });
        self.slots[i] = Entry {
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
