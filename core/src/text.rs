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

#[cfg(test)]
mod tests {
    use super::*;

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
