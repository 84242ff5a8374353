//! The ring: at most 19 entries in index order, packed as numbers with 0
//! for a plus, and a bit set of where the pluses are (settling looks at
//! pluses only, and most rings have none or one).

use core::fmt;

use super::atom::{Entry, MAX_VALUE};

/// The most entries a ring holds: a game ends as soon as it has more than
/// [`FULL`], and a move adds at most one entry.
pub const CAPACITY: usize = 19;

/// A ring with more entries than this ends the game.
pub const FULL: usize = 18;

/// The entries of the ring, in index order.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ring {
    /// Entries `0..len`: the number, or 0 for a plus. Slots from `len` on
    /// stay 0, so that equal rings compare and hash equal.
    codes: [u32; CAPACITY],
    len: u8,
    /// Bit `i` set when entry `i` is a plus.
    pluses: u32,
}

/// Why a list of entries is not a ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RingError {
    /// More than [`CAPACITY`] entries.
    TooManyEntries,
    /// A number 0 or above [`MAX_VALUE`], at this index.
    BadValue(usize),
}

impl fmt::Display for RingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RingError::TooManyEntries => {
                write!(f, "a ring holds at most {CAPACITY} entries")
            }
            RingError::BadValue(i) => {
                write!(f, "entry {i} is not a number from 1 to {MAX_VALUE}")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for RingError {}

impl Ring {
    /// The empty ring.
    pub const EMPTY: Ring = Ring {
        codes: [0; CAPACITY],
        len: 0,
        pluses: 0,
    };

    /// A ring of these entries, in index order.
    pub fn from_entries(entries: &[Entry]) -> Result<Ring, RingError> {
        if entries.len() > CAPACITY {
            return Err(RingError::TooManyEntries);
        }
        let mut ring = Ring::EMPTY;
        for (i, &entry) in entries.iter().enumerate() {
            if let Entry::Number(v) = entry {
                if v == 0 || v > MAX_VALUE {
                    return Err(RingError::BadValue(i));
                }
            }
            ring.push(entry);
        }
        Ok(ring)
    }

    /// How many entries, pluses included.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Entry `i`, or `None` past the end.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Entry> {
        (i < self.len()).then(|| Entry::from_code(self.codes[i]))
    }

    /// The entries in index order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Entry> + ExactSizeIterator + '_ {
        self.codes().iter().map(|&c| Entry::from_code(c))
    }

    /// How many entries are pluses.
    #[inline]
    pub const fn plus_count(&self) -> u32 {
        self.pluses.count_ones()
    }

    /// The packed entries (0 for a plus).
    #[inline]
    pub(crate) fn codes(&self) -> &[u32] {
        &self.codes[..self.len()]
    }

    /// Every slot's packed entry, 0 from `len` on: a fixed length, for
    /// loops the compiler unrolls.
    #[inline]
    pub(crate) const fn slots(&self) -> &[u32; CAPACITY] {
        &self.codes
    }

    /// Bit `i` set when entry `i` is a plus.
    #[inline]
    pub(crate) const fn pluses(&self) -> u32 {
        self.pluses
    }

    /// Packed entry `i` (`i < len`).
    #[inline]
    pub(crate) fn code(&self, i: usize) -> u32 {
        self.codes[i]
    }

    /// The indices of the neighbours of entry `p` (`p < len`), cyclically.
    #[inline]
    pub(crate) fn sides(&self, p: usize) -> (usize, usize) {
        let n = self.len();
        let left = if p == 0 { n - 1 } else { p - 1 };
        let right = if p + 1 == n { 0 } else { p + 1 };
        (left, right)
    }

    /// Whether entry `p` has two different neighbours that are equal
    /// numbered atoms: what a plus needs to fire.
    #[inline]
    pub(crate) fn sides_match(&self, p: usize) -> bool {
        if self.len < 3 {
            return false;
        }
        let (l, r) = self.sides(p);
        let a = self.codes[l];
        a != 0 && a == self.codes[r]
    }

    /// Whether entry `i` is a plus ready to fire: two different neighbours
    /// that are equal numbered atoms.
    #[inline]
    pub(crate) fn armed(&self, i: usize) -> bool {
        self.pluses >> i & 1 == 1 && self.sides_match(i)
    }

    /// Whether no plus is ready to fire, as after every move.
    pub fn is_settled(&self) -> bool {
        let mut pluses = self.pluses;
        while pluses != 0 {
            if self.sides_match(pluses.trailing_zeros() as usize) {
                return false;
            }
            pluses &= pluses - 1;
        }
        true
    }

    /// Appends an entry (the caller keeps within the capacity).
    #[inline]
    fn push(&mut self, entry: Entry) {
        let n = self.len();
        self.insert(n, entry.code());
    }

    /// Inserts packed entry `code` at index `p` (`p <= len < CAPACITY`);
    /// later entries move up one.
    #[inline]
    pub(crate) fn insert(&mut self, p: usize, code: u32) {
        debug_assert!(self.len() < CAPACITY);
        self.codes.copy_within(p..CAPACITY - 1, p + 1);
        self.codes[p] = code;
        self.len += 1;
        let low = (1u32 << p) - 1;
        self.pluses =
            (self.pluses & low) | ((self.pluses & !low) << 1) | (u32::from(code == 0) << p);
    }

    /// Removes entry `i` (`i < len`) and returns it packed; later entries
    /// move down one.
    #[inline]
    pub(crate) fn remove(&mut self, i: usize) -> u32 {
        let code = self.codes[i];
        self.codes.copy_within(i + 1.., i);
        self.codes[CAPACITY - 1] = 0;
        self.len -= 1;
        let low = (1u32 << i) - 1;
        self.pluses = (self.pluses & low) | ((self.pluses >> 1) & !low);
        code
    }

    /// Removes both neighbours of entry `p` (`len >= 3`) and puts the
    /// number `value` where `p` was; returns its new index. The entries
    /// after each removed one close up, so the new index is `p` less the
    /// removed entries that stood before it.
    #[inline]
    pub(crate) fn fuse_sides(&mut self, p: usize, value: u32) -> usize {
        let n = self.len();
        let at = if p == 0 {
            // Eats entries n-1 and 1: [F, 2 .. n-1).
            self.codes.copy_within(2..n - 1, 1);
            self.pluses = (self.pluses >> 1) & low_bits(n - 2) & !1;
            0
        } else if p + 1 == n {
            // Eats entries n-2 and 0: [1 .. n-2), F.
            self.codes.copy_within(1..n - 2, 0);
            self.pluses = (self.pluses >> 1) & low_bits(n - 3);
            n - 3
        } else {
            // Eats entries p-1 and p+1: [0 .. p-1), F, [p+2 .. n).
            self.codes.copy_within(p + 2..n, p);
            self.pluses = (self.pluses & low_bits(p - 1)) | ((self.pluses >> 2) & !low_bits(p));
            p - 1
        };
        // `at` is at most n - 3, below the two slots cleared.
        self.codes[n - 2] = 0;
        self.codes[n - 1] = 0;
        self.codes[at] = value;
        self.len -= 2;
        at
    }
}

/// The bits below `n`.
#[inline]
const fn low_bits(n: usize) -> u32 {
    (1u32 << n) - 1
}

impl Default for Ring {
    fn default() -> Ring {
        Ring::EMPTY
    }
}

impl fmt::Debug for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Writes the entries of a ring separated by `separator` (`,` in the state
/// notation, a space in requests).
pub(crate) fn write_entries(
    f: &mut fmt::Formatter<'_>,
    ring: &Ring,
    separator: &str,
) -> fmt::Result {
    for (i, entry) in ring.iter().enumerate() {
        if i > 0 {
            f.write_str(separator)?;
        }
        write!(f, "{entry}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(entries: &[u32]) -> Ring {
        let entries: std::vec::Vec<Entry> = entries.iter().map(|&c| Entry::from_code(c)).collect();
        Ring::from_entries(&entries).unwrap()
    }

    /// The plus bits always say where the zeros are, and the tail is zero.
    fn check(r: &Ring) {
        let expected = r
            .codes()
            .iter()
            .enumerate()
            .fold(0u32, |m, (i, &c)| m | (u32::from(c == 0) << i));
        assert_eq!(r.pluses(), expected, "{r:?}");
        assert!(r.codes[r.len()..].iter().all(|&c| c == 0));
    }

    #[test]
    fn insert_and_remove_keep_order_and_plus_bits() {
        let mut r = ring(&[1, 0, 2]);
        r.insert(1, 5);
        assert_eq!(r.codes(), &[1, 5, 0, 2]);
        check(&r);
        r.insert(4, 0);
        assert_eq!(r.codes(), &[1, 5, 0, 2, 0]);
        check(&r);
        assert_eq!(r.remove(2), 0);
        assert_eq!(r.codes(), &[1, 5, 2, 0]);
        check(&r);
        assert_eq!(r.remove(0), 1);
        assert_eq!(r.codes(), &[5, 2, 0]);
        check(&r);
        let mut full = ring(&[0; 18]);
        full.insert(18, 4);
        assert_eq!(full.len(), CAPACITY);
        check(&full);
    }

    #[test]
    fn fusing_sides_keeps_the_plus_position() {
        // Interior: F takes the place of the plus, one removed before it.
        let mut r = ring(&[7, 2, 0, 2, 0, 9]);
        assert_eq!(r.fuse_sides(2, 3), 1);
        assert_eq!(r.codes(), &[7, 3, 0, 9]);
        check(&r);
        // First entry: eats the last entry and entry 1.
        let mut r = ring(&[0, 4, 0, 6, 4]);
        assert_eq!(r.fuse_sides(0, 5), 0);
        assert_eq!(r.codes(), &[5, 0, 6]);
        check(&r);
        // Last entry: eats entry 0 and the one before it; F stays last.
        let mut r = ring(&[4, 0, 8, 4, 0]);
        assert_eq!(r.fuse_sides(4, 5), 2);
        assert_eq!(r.codes(), &[0, 8, 5]);
        check(&r);
        for p in 0..3 {
            let mut r = ring(&[1, 0, 1]);
            assert_eq!(r.fuse_sides(p, 2), 0);
            assert_eq!(r.codes(), &[2]);
            check(&r);
        }
    }

    #[test]
    fn bad_rings_are_refused() {
        assert_eq!(
            Ring::from_entries(&[Entry::Plus; 20]),
            Err(RingError::TooManyEntries)
        );
        assert_eq!(
            Ring::from_entries(&[Entry::Plus, Entry::Number(0)]),
            Err(RingError::BadValue(1))
        );
        assert_eq!(
            Ring::from_entries(&[Entry::Number(MAX_VALUE + 1)]),
            Err(RingError::BadValue(0))
        );
        assert!(Ring::from_entries(&[Entry::Number(1); 19]).is_ok());
    }

    #[test]
    fn neighbours_wrap_round() {
        let r = ring(&[3, 0, 3]);
        assert_eq!(r.sides(0), (2, 1));
        assert_eq!(r.sides(2), (1, 0));
        assert!(r.sides_match(1));
        assert!(!r.sides_match(0));
        assert!(!ring(&[2, 0]).sides_match(1));
    }
}
