//! What every game's text notation shares: a parse error names what is
//! wrong (each game has its own kinds) and the byte offset where it is.

use core::fmt;

/// A parse error: what is wrong (`kind`), and the byte offset in the text
/// where it is. Each game names its own: `ParseError<ParseErrorKind>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError<K> {
    pub kind: K,
    pub offset: usize,
}

impl<K> ParseError<K> {
    pub const fn new(kind: K, offset: usize) -> Self {
        ParseError { kind, offset }
    }
}

impl<K: fmt::Display> fmt::Display for ParseError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.kind)
    }
}

#[cfg(feature = "std")]
impl<K: fmt::Display + fmt::Debug> std::error::Error for ParseError<K> {}

/// An unsigned decimal number of ASCII digits (leading zeros allowed, no
/// sign, no spaces) that fits in 64 bits; `None` otherwise.
pub fn decimal(text: &str) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    text.bytes().try_fold(0u64, |n, b| {
        let digit = b.checked_sub(b'0').filter(|&d| d < 10)?;
        n.checked_mul(10)?.checked_add(u64::from(digit))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_digits_that_fit() {
        assert_eq!(decimal("0"), Some(0));
        assert_eq!(decimal("00042"), Some(42));
        assert_eq!(decimal("18446744073709551615"), Some(u64::MAX));
        assert_eq!(decimal("18446744073709551616"), None);
        for bad in ["", "-1", "+1", " 1", "1 ", "1.0", "x"] {
            assert_eq!(decimal(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn says_where_and_what() {
        struct Kind;
        impl fmt::Display for Kind {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a bad thing")
            }
        }
        let e = ParseError::new(Kind, 7);
        assert_eq!(e.offset, 7);
        assert_eq!(format!("{e}"), "at byte 7: a bad thing");
    }
}
