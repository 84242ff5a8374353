//! A small deterministic random number generator (SplitMix64).
//!
//! Seeded explicitly everywhere, so that playouts, the classic AI's
//! tie-breaks and matches repeat exactly for a given seed, on any target.

/// SplitMix64: 8 bytes of state, passes BigCrush, one multiply-xorshift
/// round per number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rng(u64);

impl Rng {
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The whole state: `Rng::new(rng.state())` continues the same sequence.
    #[inline]
    pub const fn state(self) -> u64 {
        self.0
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (`n > 0`), without modulo bias worth
    /// mentioning: Lemire's multiply-shift on 32 bits.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// A uniform number in `0..n` on 64 bits (multiply-shift), `None` for
    /// `n = 0`: the draw of every weighted choice (chance outcomes by
    /// their weights sum to `n`).
    #[inline]
    pub fn below_u64(&mut self, n: u64) -> Option<u64> {
        (n > 0).then(|| ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64)
    }

    /// An index drawn by `weights` (each its weight over their sum);
    /// `None` when they sum to 0.
    pub fn weighted(&mut self, weights: impl Iterator<Item = u32> + Clone) -> Option<usize> {
        let total: u64 = weights.clone().map(u64::from).sum();
        let mut pick = self.below_u64(total)?;
        for (i, w) in weights.enumerate() {
            if pick < u64::from(w) {
                return Some(i);
            }
            pick -= u64::from(w);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[rng.below(6) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(Rng::new(1).next_u64(), Rng::new(1).next_u64());
    }
}
