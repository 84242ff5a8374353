//! Sets of cells of a small board, one bit a cell, for [`Position`]: rows
//! of `width + 1` bits (the extra bit of each row is never a cell, so a
//! shift by one never carries a cell into the next row), in `WORDS` words
//! of 64 bits. Operations take the number of words in use, so a 10 x 10
//! board costs two words a step whatever the capacity; the capacity sets
//! what a copy costs.
//!
//! [`Position`]: super::position::Position

/// A set of cells, in `WORDS` words.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Plane<const WORDS: usize>(pub [u64; WORDS]);

impl<const WORDS: usize> core::fmt::Debug for Plane<WORDS> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter(WORDS)).finish()
    }
}

impl<const WORDS: usize> Plane<WORDS> {
    pub const EMPTY: Self = Plane([0; WORDS]);

    #[inline]
    pub fn get(&self, bit: u16) -> bool {
        self.0[bit as usize / 64] >> (bit % 64) & 1 != 0
    }

    #[inline]
    pub fn set(&mut self, bit: u16) {
        self.0[bit as usize / 64] |= 1 << (bit % 64);
    }

    #[inline]
    pub fn clear(&mut self, bit: u16) {
        self.0[bit as usize / 64] &= !(1 << (bit % 64));
    }

    #[inline]
    pub fn assign(&mut self, bit: u16, on: bool) {
        if on {
            self.set(bit);
        } else {
            self.clear(bit);
        }
    }

    /// A plane of the single bit `bit`.
    #[inline]
    pub fn single(bit: u16) -> Self {
        let mut p = Self::EMPTY;
        p.set(bit);
        p
    }

    /// Bits set in the first `words` words.
    #[inline]
    pub fn count(&self, words: usize) -> u32 {
        self.0[..words].iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    pub fn any(&self, words: usize) -> bool {
        self.0[..words].iter().any(|&w| w != 0)
    }

    /// The `n`-th set bit (from 0, in bit order), if there are so many.
    pub fn nth(&self, words: usize, mut n: u32) -> Option<u16> {
        for (k, &w) in self.0[..words].iter().enumerate() {
            let ones = w.count_ones();
            if n >= ones {
                n -= ones;
                continue;
            }
            let mut w = w;
            for _ in 0..n {
                w &= w - 1;
            }
            return Some((k * 64) as u16 + w.trailing_zeros() as u16);
        }
        None
    }

    /// The set bits, in order.
    pub fn iter(&self, words: usize) -> impl Iterator<Item = u16> + '_ {
        self.0[..words].iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            core::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as u16;
                    w &= w - 1;
                    (k * 64) as u16 + bit
                })
            })
        })
    }

    /// Word `k` of the plane shifted towards higher bits by `64 * q + r`
    /// bits (`r` in `1..64`).
    #[inline]
    fn up(&self, k: usize, q: usize, r: u32) -> u64 {
        let word = |i: usize| self.0.get(i).copied().unwrap_or(0);
        match k.checked_sub(q) {
            Some(0) => word(0) << r,
            Some(i) => word(i) << r | word(i - 1) >> (64 - r),
            None => 0,
        }
    }

    /// Word `k` of the plane shifted towards lower bits by `64 * q + r`
    /// bits (`r` in `1..64`).
    #[inline]
    fn down(&self, k: usize, q: usize, r: u32) -> u64 {
        let word = |i: usize| self.0.get(i).copied().unwrap_or(0);
        word(k + q) >> r | word(k + q + 1) << (64 - r)
    }

    /// The cells next to the set bits (left, right, below, above) that lie
    /// in `within`, set bits included when they do: one step of a flood
    /// fill. `stride` is the row length in bits (width + 1, at least 2).
    #[inline]
    pub fn grow(&self, words: usize, stride: u16, within: &Self) -> Self {
        let (q, r) = (usize::from(stride) / 64, u32::from(stride) % 64);
        let mut out = Self::EMPTY;
        for k in 0..words {
            let rows = if r == 0 {
                let word = |i: Option<usize>| i.and_then(|i| self.0.get(i)).copied().unwrap_or(0);
                word(k.checked_sub(q)) | word(Some(k + q))
            } else {
                self.up(k, q, r) | self.down(k, q, r)
            };
            out.0[k] = (self.0[k] | self.up(k, 0, 1) | self.down(k, 0, 1) | rows) & within.0[k];
        }
        out
    }

    /// The cells of `within` connected to the set bits through `within`
    /// (the set bits must lie in `within`); but it stops as soon as every
    /// bit of `targets` is reached (then the result is part of the area).
    pub fn fill_until(&self, words: usize, stride: u16, within: &Self, targets: &[u16]) -> Self {
        let mut area = *self;
        loop {
            let next = area.grow(words, stride, within);
            if (0..words).all(|k| next.0[k] == area.0[k])
                || (!targets.is_empty() && targets.iter().all(|&t| next.get(t)))
            {
                return next;
            }
            area = next;
        }
    }

    #[inline]
    pub fn and(&self, other: &Self, words: usize) -> Self {
        let mut out = Self::EMPTY;
        for k in 0..words {
            out.0[k] = self.0[k] & other.0[k];
        }
        out
    }

    #[inline]
    pub fn and_not(&self, other: &Self, words: usize) -> Self {
        let mut out = Self::EMPTY;
        for k in 0..words {
            out.0[k] = self.0[k] & !other.0[k];
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_stays_within_rows_and_the_mask() {
        // 3 x 2 board, stride 4: cells 0 1 2 / 4 5 6, bits 3 and 7 are not cells.
        let mut cells = Plane::<1>::EMPTY;
        for b in [0, 1, 2, 4, 5, 6] {
            cells.set(b);
        }
        let grown = Plane::<1>::single(2).grow(1, 4, &cells);
        assert_eq!(grown.iter(1).collect::<Vec<_>>(), [1, 2, 6]);
        let grown = Plane::<1>::single(4).grow(1, 4, &cells);
        assert_eq!(grown.iter(1).collect::<Vec<_>>(), [0, 4, 5]);
        assert_eq!(Plane::single(0).fill_until(1, 4, &cells, &[]).count(1), 6);
    }

    #[test]
    fn shifts_carry_across_words() {
        let mut all = Plane::<4>::EMPTY;
        for b in 0..200 {
            all.set(b);
        }
        let grown = Plane::single(63).grow(4, 70, &all);
        assert_eq!(grown.iter(4).collect::<Vec<_>>(), [62, 63, 64, 133]);
        let grown = Plane::single(133).grow(4, 70, &all);
        assert_eq!(grown.iter(4).collect::<Vec<_>>(), [63, 132, 133, 134]);
        assert_eq!(all.nth(4, 0), Some(0));
        assert_eq!(all.nth(4, 150), Some(150));
        assert_eq!(all.nth(4, 200), None);
    }
}
