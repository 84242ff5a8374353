//! What sits on the ring (an [`Entry`]) and what a move plays (an [`Atom`]),
//! with the limits that keep every sum of the rules inside its integer type.

use core::fmt;

/// The largest atom value a text may hold. Values grow by at most 3 a
/// fusion and 9 fusions a move, and the range by 1 every 40 moves, so from
/// here the engine's [`MAX_MOVE`] moves stay far below `u32::MAX`.
pub const MAX_VALUE: u32 = 1 << 30;

/// The highest move number the engine plays up to: a state at this move
/// refuses further moves (real games end tens of thousands of moves
/// earlier; this only keeps the counters exact).
pub const MAX_MOVE: u32 = 100_000_000;

/// The highest score from which the engine plays on: one move scores less
/// than 2^40 even with atoms near `u32::MAX`, so the 64-bit score never
/// overflows.
pub const MAX_SCORE: u64 = u64::MAX - (1 << 40);

/// An entry of the ring: a numbered atom (from 1) or a dormant plus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entry {
    /// A plus, written `+`. Sorts before every number.
    Plus,
    /// A numbered atom, from 1.
    Number(u32),
}

impl Entry {
    /// The ring's packed form: the number, or 0 for a plus.
    #[inline]
    pub(crate) const fn code(self) -> u32 {
        match self {
            Entry::Plus => 0,
            Entry::Number(v) => v,
        }
    }

    #[inline]
    pub(crate) const fn from_code(code: u32) -> Entry {
        if code == 0 {
            Entry::Plus
        } else {
            Entry::Number(code)
        }
    }

    /// The atom that plays this entry (a carry is played as it was kept).
    #[inline]
    pub const fn atom(self) -> Atom {
        match self {
            Entry::Plus => Atom::Plus,
            Entry::Number(v) => Atom::Number(v),
        }
    }
}

/// The atom a move plays, written as in requests and the state notation:
/// `+`, `-`, `B`, `C` or a decimal number. Sorts in the vectors' order:
/// `+ - B C`, then numbers ascending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Atom {
    /// Placed in a gap; fuses two equal numbered neighbours.
    Plus,
    /// Played on an entry; removes it.
    Minus,
    /// The black plus: placed in a gap; fuses its neighbours whatever they are.
    Black,
    /// Played on an entry; the next move plays a copy of it.
    Clone,
    /// A numbered atom (from 1), placed in a gap.
    Number(u32),
}

impl Atom {
    /// The entry this atom becomes when carried: a number or a plus; `None`
    /// for the atoms that are never carried.
    #[inline]
    pub const fn entry(self) -> Option<Entry> {
        match self {
            Atom::Plus => Some(Entry::Plus),
            Atom::Number(v) => Some(Entry::Number(v)),
            _ => None,
        }
    }

    /// Whether the reply names a gap (a number, `+` or `B`) rather than an
    /// entry (`-`, `C`).
    #[inline]
    pub const fn takes_gap(self) -> bool {
        matches!(self, Atom::Plus | Atom::Black | Atom::Number(_))
    }

    /// Whether a move with this atom resets `since` (a `+` or a `B`).
    #[inline]
    pub const fn is_plus(self) -> bool {
        matches!(self, Atom::Plus | Atom::Black)
    }

    /// Reads `+ - B C` or a number `1..=MAX_VALUE` without leading zeros.
    pub fn from_token(token: &str) -> Option<Atom> {
        match token {
            "+" => Some(Atom::Plus),
            "-" => Some(Atom::Minus),
            "B" => Some(Atom::Black),
            "C" => Some(Atom::Clone),
            _ => atom_value(token).map(Atom::Number),
        }
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Entry::Plus => f.write_str("+"),
            Entry::Number(v) => write!(f, "{v}"),
        }
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Atom::Plus => f.write_str("+"),
            Atom::Minus => f.write_str("-"),
            Atom::Black => f.write_str("B"),
            Atom::Clone => f.write_str("C"),
            Atom::Number(v) => write!(f, "{v}"),
        }
    }
}

/// A decimal number of ASCII digits without leading zeros (`0` itself is
/// one digit), as the state notation and requests write them; `None` if it
/// is not one or does not fit in a `u64`.
pub(crate) fn canonical_decimal(s: &str) -> Option<u64> {
    let bytes = s.as_bytes();
    if bytes.is_empty() || (bytes.len() > 1 && bytes[0] == b'0') {
        return None;
    }
    let mut value = 0u64;
    for &b in bytes {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    Some(value)
}

/// A numbered atom's value: `1..=MAX_VALUE`, written canonically.
pub(crate) fn atom_value(s: &str) -> Option<u32> {
    canonical_decimal(s)
        .filter(|&v| (1..=u64::from(MAX_VALUE)).contains(&v))
        .map(|v| v as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms_sort_in_the_vectors_order() {
        let mut atoms = [
            Atom::Number(2),
            Atom::Clone,
            Atom::Number(1),
            Atom::Black,
            Atom::Minus,
            Atom::Plus,
        ];
        atoms.sort();
        let text: [&str; 6] = ["+", "-", "B", "C", "1", "2"];
        for (atom, text) in atoms.iter().zip(text) {
            assert_eq!(atom.to_string(), text);
            assert_eq!(Atom::from_token(text), Some(*atom));
        }
    }

    #[test]
    fn tokens_are_canonical_and_bounded() {
        assert_eq!(Atom::from_token("0"), None);
        assert_eq!(Atom::from_token("07"), None);
        assert_eq!(Atom::from_token("+1"), None);
        assert_eq!(Atom::from_token("b"), None);
        assert_eq!(Atom::from_token(""), None);
        assert_eq!(
            Atom::from_token("1073741824"),
            Some(Atom::Number(MAX_VALUE))
        );
        assert_eq!(Atom::from_token("1073741825"), None);
        assert_eq!(Atom::from_token("99999999999999999999999"), None);
        assert_eq!(canonical_decimal("0"), Some(0));
        assert_eq!(canonical_decimal("18446744073709551615"), Some(u64::MAX));
        assert_eq!(canonical_decimal("18446744073709551616"), None);
    }

    #[test]
    fn entries_and_atoms_convert() {
        assert_eq!(Entry::from_code(0), Entry::Plus);
        assert_eq!(Entry::from_code(7).code(), 7);
        assert_eq!(Entry::Plus.atom(), Atom::Plus);
        assert_eq!(Atom::Number(4).entry(), Some(Entry::Number(4)));
        assert_eq!(Atom::Minus.entry(), None);
        assert!(Atom::Black.takes_gap() && !Atom::Clone.takes_gap());
        assert!(Atom::Black.is_plus() && !Atom::Minus.is_plus());
    }
}
