//! A compact binary form of a [`Position`]: every byte string either
//! decodes to a position of the turn rules or is refused, as every game's
//! ([`crate::encoding`]). Its length follows the board: a header and half
//! a byte a cell, at most [`encoded_len`] for a storage of `WORDS` words.
//!
//! Layout (little-endian):
//!
//! | bytes   | field                                                    |
//! |---------|----------------------------------------------------------|
//! | 0..2    | magic `GM`                                               |
//! | 2       | format version, 1                                        |
//! | 3       | players, 1 to 15 ([`TEXT_PLAYERS`])                      |
//! | 4..6    | width (u16)                                              |
//! | 6..8    | height (u16)                                             |
//! | 8..12   | areas (u32)                                              |
//! | 12      | the player on turn, 0 once over                          |
//! | 13      | zero                                                     |
//! | 14..16  | bit `p - 1`: player `p` made its golden move (u16)       |
//! | 16..    | the cells from `(0, 0)` row by row, two a byte (the low half first): 0 empty, else the holder; a last odd half is 0 |

use super::notation::TEXT_PLAYERS;
use super::position::{Position, POSITION_CELLS};
use crate::encoding::DecodeError;

const MAGIC: [u8; 2] = *b"GM";
const VERSION: u8 = 1;
const HEADER: usize = 16;

/// The longest encoding of a position of `WORDS` words: its most cells
/// (`64 * WORDS` bits, at most [`POSITION_CELLS`]) two a byte.
pub const fn encoded_len(words: usize) -> usize {
    let cells = if 64 * words < POSITION_CELLS {
        64 * words
    } else {
        POSITION_CELLS
    };
    HEADER + cells.div_ceil(2)
}

impl<const WORDS: usize> Position<WORDS> {
    /// The position's bytes in the layout of the module into `out`
    /// (at least [`encoded_len`]`(WORDS)` long); returns their length.
    pub fn encode_into(&self, out: &mut [u8]) -> usize {
        let (w, h) = (self.width(), self.height());
        let len = HEADER + (w * h).div_ceil(2) as usize;
        let out = &mut out[..len];
        out.fill(0);
        out[0..2].copy_from_slice(&MAGIC);
        out[2] = VERSION;
        out[3] = self.player_count() as u8;
        out[4..6].copy_from_slice(&(w as u16).to_le_bytes());
        out[6..8].copy_from_slice(&(h as u16).to_le_bytes());
        out[8..12].copy_from_slice(&self.areas().to_le_bytes());
        out[12] = self.player_to_move().map_or(0, |p| p as u8);
        out[14..16].copy_from_slice(&self.golden_used_bits().to_le_bytes());
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) as usize;
                let holder = self.owner(x, y).unwrap_or(0) as u8;
                out[HEADER + i / 2] |= holder << (4 * (i % 2));
            }
        }
        len
    }

    /// The position [`Position::encode_into`] wrote, or why the bytes are
    /// not one.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let header = bytes.get(..HEADER).ok_or(DecodeError::Length)?;
        if header[0..2] != MAGIC || header[2] != VERSION {
            return Err(DecodeError::Header);
        }
        let u16_at = |at: usize| u32::from(u16::from_le_bytes([header[at], header[at + 1]]));
        let players = u32::from(header[3]);
        let (w, h) = (u16_at(4), u16_at(6));
        let areas = u32::from_le_bytes([header[8], header[9], header[10], header[11]]);
        if players == 0 || players as usize > TEXT_PLAYERS || w == 0 || h == 0 || areas == 0 {
            return Err(DecodeError::Field);
        }
        if header[13] != 0 || u32::from(header[12]) > players {
            return Err(DecodeError::Field);
        }
        let cells = (w * h) as usize;
        if bytes.len() != HEADER + cells.div_ceil(2) {
            return Err(DecodeError::Length);
        }
        let body = &bytes[HEADER..];
        let holder = |i: usize| body[i / 2] >> (4 * (i % 2)) & 15;
        if cells % 2 == 1 && holder(cells) != 0 {
            return Err(DecodeError::Field);
        }
        if (0..cells).any(|i| u32::from(holder(i)) > players) {
            return Err(DecodeError::Field);
        }
        let to_move = (header[12] != 0).then(|| u32::from(header[12]));
        let golden = u16::from_le_bytes([header[14], header[15]]);
        Position::from_parts(
            w,
            h,
            players,
            areas,
            |x, y| holder((y * w + x) as usize),
            golden,
            to_move,
        )
        .map_err(|e| match e {
            super::position::PositionError::TooManyCells => DecodeError::Field,
            _ => DecodeError::Inconsistent,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gamma::policy::random_move;
    use crate::Rng;

    #[test]
    fn fifteen_players_round_trip_and_sixteen_are_refused() {
        // Every holder from 1 to 15 on one row: each half byte in use.
        let p = Position::<4>::from_text("15x1 15 15 123456789abcdef 1 -").unwrap();
        let mut bytes = [0u8; encoded_len(4)];
        let len = p.encode_into(&mut bytes);
        assert_eq!(Position::<4>::decode(&bytes[..len]).as_ref(), Ok(&p));
        // A 16th player has no half byte: refused as text and as bytes.
        assert!(Position::<4>::from_text("16x1 16 16 123456789abcdefg 1 -").is_err());
        bytes[3] = 16;
        assert_eq!(
            Position::<4>::decode(&bytes[..len]),
            Err(DecodeError::Field)
        );
        let setup = crate::state::Setup::parse("players=16").unwrap();
        let refused = crate::registry::AnyState::start("gamma", &setup);
        assert!(refused.is_err());
    }

    #[test]
    fn games_round_trip_and_damage_is_refused() {
        let mut rng = Rng::new(5);
        let mut bytes = [0u8; encoded_len(4)];
        for game in 0..40 {
            let (w, h) = (1 + game % 9, 1 + game % 7);
            let mut p = Position::<4>::new(w, h, 1 + game % 4, 1 + game % 3).unwrap();
            for _ in 0..(game * 3) {
                let len = p.encode_into(&mut bytes);
                assert_eq!(Position::<4>::decode(&bytes[..len]).as_ref(), Ok(&p));
                assert_eq!(
                    Position::<4>::decode(&bytes[..len - 1]),
                    Err(DecodeError::Length)
                );
                let Some(mv) = random_move(&p, &mut rng) else {
                    break;
                };
                p.make_move(mv).unwrap();
            }
        }
        let p = Position::<4>::new(3, 3, 2, 1).unwrap();
        let len = p.encode_into(&mut bytes);
        let mut bad = bytes;
        bad[0] = b'X';
        assert_eq!(Position::<4>::decode(&bad[..len]), Err(DecodeError::Header));
        let mut bad = bytes;
        bad[3] = 0;
        assert_eq!(Position::<4>::decode(&bad[..len]), Err(DecodeError::Field));
        let mut bad = bytes;
        bad[HEADER] = 0x33; // player 3 of 2
        assert_eq!(Position::<4>::decode(&bad[..len]), Err(DecodeError::Field));
        let mut bad = bytes;
        bad[HEADER] = 0x01;
        bad[HEADER + 1] = 0x01; // cells 0 and 2 of one row: two areas of at most one
        assert_eq!(
            Position::<4>::decode(&bad[..len]),
            Err(DecodeError::Inconsistent)
        );
    }
}
