//! A compact binary form of [`Atropos`]: fixed length, every byte string
//! either decodes to a position that the state string could also give or
//! is refused. Bindings store positions in it where they cannot hold Rust
//! values (the C ABI's caller-owned `atom4_atropos_game`, Python's pickle).
//!
//! Layout (little-endian):
//!
//! | bytes   | field                                                   |
//! |---------|---------------------------------------------------------|
//! | 0..2    | magic `AP`                                              |
//! | 2       | format version, 1                                       |
//! | 3       | size, 1 ..= 15                                          |
//! | 4       | the last play's canonical index, or 255 for none        |
//! | 5..8    | zero                                                    |
//! | 8..24   | bit 0 of every circle's colour digit (u128, by index)   |
//! | 24..40  | bit 1 of every circle's colour digit                    |

use super::geometry::Size;
use super::notation::stray_triangle;
use super::state::{Atropos, NO_PLAY};

/// The length of [`Atropos::to_bytes`].
pub const ENCODED_LEN: usize = 40;

const MAGIC: [u8; 2] = *b"AP";
const VERSION: u8 = 1;

pub use crate::encoding::DecodeError;

fn u128_at(bytes: &[u8], at: usize) -> u128 {
    let mut word = [0u8; 16];
    word.copy_from_slice(&bytes[at..at + 16]);
    u128::from_le_bytes(word)
}

impl Atropos {
    /// The position in [`ENCODED_LEN`] bytes.
    pub fn to_bytes(&self) -> [u8; ENCODED_LEN] {
        let mut bytes = [0u8; ENCODED_LEN];
        bytes[..2].copy_from_slice(&MAGIC);
        bytes[2] = VERSION;
        bytes[3] = self.size().get();
        bytes[4] = self.last_raw();
        let (low, high) = self.planes();
        bytes[8..24].copy_from_slice(&low.to_le_bytes());
        bytes[24..40].copy_from_slice(&high.to_le_bytes());
        bytes
    }

    /// The position of [`Atropos::to_bytes`], checked as the state string
    /// is (section 2's refusals 4 to 7 in their binary form).
    pub fn from_bytes(bytes: &[u8]) -> Result<Atropos, DecodeError> {
        if bytes.len() != ENCODED_LEN {
            return Err(DecodeError::Length);
        }
        if bytes[..2] != MAGIC || bytes[2] != VERSION {
            return Err(DecodeError::Header);
        }
        let size = Size::new(bytes[3] as u32).map_err(|_| DecodeError::Field)?;
        let last = bytes[4];
        let (low, high) = (u128_at(bytes, 8), u128_at(bytes, 24));
        if bytes[5..8] != [0; 3]
            || (low | high) & !size.all() != 0
            || (last != NO_PLAY && last as usize >= size.circles())
        {
            return Err(DecodeError::Field);
        }
        let occupied = low | high;
        let consistent = if last == NO_PLAY {
            occupied == 0
        } else {
            occupied >> last & 1 != 0
        };
        if !consistent {
            return Err(DecodeError::Inconsistent);
        }
        let state = Atropos::from_planes(size, low, high, last);
        if stray_triangle(&state).is_some() {
            return Err(DecodeError::Inconsistent);
        }
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atropos::default_move;
    use crate::rng::Rng;

    #[test]
    fn positions_round_trip() {
        let mut rng = Rng::new(9);
        for n in 1..=15 {
            let mut state = Atropos::new(n).unwrap();
            loop {
                assert_eq!(Atropos::from_bytes(&state.to_bytes()), Ok(state));
                let Some(mv) = default_move(&state, &mut rng) else {
                    break;
                };
                state.play(mv).unwrap();
            }
            assert!(state.is_finished());
        }
    }

    #[test]
    fn bytes_that_are_no_position_are_refused() {
        let mut state = Atropos::new(5).unwrap();
        state.play("(1,3,1,3)".parse().unwrap()).unwrap();
        let good = state.to_bytes();
        let with = |at: usize, value: u8| {
            let mut b = good;
            b[at] = value;
            Atropos::from_bytes(&b)
        };
        assert_eq!(Atropos::from_bytes(&good[..39]), Err(DecodeError::Length));
        assert_eq!(with(0, b'X'), Err(DecodeError::Header));
        assert_eq!(with(2, 2), Err(DecodeError::Header));
        assert_eq!(with(3, 0), Err(DecodeError::Field));
        assert_eq!(with(3, 16), Err(DecodeError::Field));
        assert_eq!(with(4, 15), Err(DecodeError::Field));
        assert_eq!(with(6, 1), Err(DecodeError::Field));
        // A bit beyond the 15 circles of size 5.
        assert_eq!(with(8 + 1, 0x80), Err(DecodeError::Field));
        // The last play on an uncoloured circle; no last play with colours.
        assert_eq!(with(4, 0), Err(DecodeError::Inconsistent));
        assert_eq!(with(4, NO_PLAY), Err(DecodeError::Inconsistent));
        assert_eq!(
            Atropos::from_bytes(&[0u8; ENCODED_LEN]),
            Err(DecodeError::Header)
        );
    }
}
