//! Sets of cells of one board, `N` words of 64 bits, cell `(x, y)` at bit
//! `y * width + x`.
//!
//! The board is stored densely (no padding to 16 columns), so a `6x9` or
//! `8x8` board fits one word and a `16x16` board four. Kernels are written
//! once over `N` and instantiated for 1 to 4 words; a board runs the
//! instance of its own word count, so small boards pay for one word, not four.

use core::ops::{BitAnd, BitOr, BitXor, Not};

use crate::grid::select;

/// The most words a board needs: 16 x 16 cells.
pub(crate) const WORDS: usize = 4;

/// A set of cells in `N` words. Bits at and above `width * height` may be
/// set by [`Not`]; the kernels mask them off where it matters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Bits<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> Bits<N> {
    pub(crate) const EMPTY: Bits<N> = Bits([0; N]);

    /// The first `N` words of `words`.
    #[inline(always)]
    pub(crate) fn load(words: &[u64; WORDS]) -> Bits<N> {
        let mut out = [0; N];
        out.copy_from_slice(&words[..N]);
        Bits(out)
    }

    /// Writes the set back into the first `N` words of `words`.
    #[inline(always)]
    pub(crate) fn store(self, words: &mut [u64; WORDS]) {
        words[..N].copy_from_slice(&self.0);
    }

    /// The cells `0..len` (`len <= 64 * N`).
    pub(crate) fn below(len: usize) -> Bits<N> {
        let mut out = [0; N];
        for (w, word) in out.iter_mut().enumerate() {
            let start = 64 * w;
            *word = if len >= start + 64 {
                u64::MAX
            } else if len > start {
                (1u64 << (len - start)) - 1
            } else {
                0
            };
        }
        Bits(out)
    }

    /// The set holding cell `index` only.
    #[inline(always)]
    pub(crate) fn single(index: usize) -> Bits<N> {
        let mut out = [0; N];
        out[index / 64] = 1 << (index % 64);
        Bits(out)
    }

    #[inline(always)]
    pub(crate) fn contains(self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 != 0
    }

    #[inline(always)]
    pub(crate) fn is_empty(self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
    }

    #[inline(always)]
    pub(crate) fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Every cell moved `n` places up (to higher indices), `0 < n < 64`.
    #[inline(always)]
    pub(crate) fn shift_up(self, n: u32) -> Bits<N> {
        let mut out = self.0;
        let mut carry = 0;
        for word in out.iter_mut() {
            let next = *word >> (64 - n);
            *word = *word << n | carry;
            carry = next;
        }
        Bits(out)
    }

    /// Every cell moved `n` places down (to lower indices), `0 < n < 64`.
    #[inline(always)]
    pub(crate) fn shift_down(self, n: u32) -> Bits<N> {
        let mut out = self.0;
        let mut carry = 0;
        for word in out.iter_mut().rev() {
            let next = *word << (64 - n);
            *word = *word >> n | carry;
            carry = next;
        }
        Bits(out)
    }

    /// The index of the `n`-th cell of the set (from 0, lowest first), if
    /// there are that many.
    #[inline]
    pub(crate) fn nth(self, mut n: u32) -> Option<usize> {
        for (w, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones();
            if n < ones {
                return Some(64 * w + select(word, n) as usize);
            }
            n -= ones;
        }
        None
    }

    /// The cells of the set, lowest index first.
    #[inline]
    pub(crate) fn iter(self) -> Indices<N> {
        Indices(self)
    }
}

/// Iterator over the cell indices of a [`Bits`], lowest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Indices<const N: usize>(Bits<N>);

impl<const N: usize> Iterator for Indices<N> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        for w in 0..N {
            let word = self.0 .0[w];
            if word != 0 {
                self.0 .0[w] = word & (word - 1);
                return Some(64 * w + word.trailing_zeros() as usize);
            }
        }
        None
    }
}

macro_rules! wordwise {
    ($trait:ident, $method:ident, $assign:tt) => {
        impl<const N: usize> $trait for Bits<N> {
            type Output = Bits<N>;
            #[inline(always)]
            fn $method(self, rhs: Bits<N>) -> Bits<N> {
                let mut out = self.0;
                for (o, r) in out.iter_mut().zip(rhs.0) {
                    *o $assign r;
                }
                Bits(out)
            }
        }
    };
}

wordwise!(BitAnd, bitand, &=);
wordwise!(BitOr, bitor, |=);
wordwise!(BitXor, bitxor, ^=);

impl<const N: usize> Not for Bits<N> {
    type Output = Bits<N>;
    #[inline(always)]
    fn not(self) -> Bits<N> {
        Bits(self.0.map(|w| !w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_carry_across_words() {
        for i in 0..256 {
            let b = Bits::<4>::single(i);
            for n in [1u32, 6, 16, 63] {
                let up = b.shift_up(n).iter().next();
                assert_eq!(up, (i + (n as usize) < 256).then(|| i + n as usize));
                let down = b.shift_down(n).iter().next();
                assert_eq!(down, i.checked_sub(n as usize));
            }
        }
    }

    #[test]
    fn nth_iter_and_below_agree() {
        let b = Bits::<3>([0x8000_0000_0000_0001, 0xF0, 1 << 63]);
        let v = [0, 63, 68, 69, 70, 71, 191];
        assert!(b.iter().eq(v.iter().copied()));
        for (n, &i) in v.iter().enumerate() {
            assert_eq!(b.nth(n as u32), Some(i));
            assert!(b.contains(i));
        }
        assert_eq!(b.nth(7), None);
        assert_eq!(b.count(), 7);
        assert_eq!(Bits::<2>::below(70), Bits([u64::MAX, 0x3F]));
        assert_eq!(Bits::<2>::below(64), Bits([u64::MAX, 0]));
        assert_eq!(Bits::<1>::below(54).count(), 54);
        let mut words = [7; WORDS];
        Bits::<2>::load(&[1, 2, 3, 4]).store(&mut words);
        assert_eq!(words, [1, 2, 7, 7]);
    }
}
