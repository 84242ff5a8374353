//! What every game's checked binary form shares: why bytes are refused.
//!
//! Each game has a fixed-length encoding (its module's `ENCODED_LEN`)
//! where every byte string either decodes to a position of the game's
//! rules or is refused with one of these reasons. Bindings keep positions
//! in it where they cannot hold Rust values: the C ABI's caller memory,
//! Python's pickle, a URL, a network message.

use core::fmt;

/// Why bytes do not decode to a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeError {
    /// Not the game's encoded length.
    Length,
    /// Not this game's magic, or an unknown format version.
    Header,
    /// A field out of its range (a size, a player, a stray bit).
    Field,
    /// Fields in range that no position of the rules has.
    Inconsistent,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DecodeError::Length => "the bytes are not the length of an encoded position",
            DecodeError::Header => {
                "not an encoded position of this game (its magic or format version)"
            }
            DecodeError::Field => "a field of the encoded position is out of range",
            DecodeError::Inconsistent => {
                "the encoded fields do not make a position of the game's rules"
            }
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DecodeError {}
