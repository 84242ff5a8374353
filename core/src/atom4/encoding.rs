//! A compact binary form of [`Atom4`]: fixed length, every byte string
//! either decodes to a consistent game or is refused. Bindings store games
//! in it where they cannot hold Rust values (the C ABI's caller-owned
//! `atom4_game`, Python's pickle).
//!
//! Layout (little-endian):
//!
//! | bytes   | field                                               |
//! |---------|-----------------------------------------------------|
//! | 0..2    | magic `A4`                                          |
//! | 2       | format version, 1                                   |
//! | 3, 4    | width, height                                       |
//! | 5       | tile index 0..=5                                    |
//! | 6       | status: 0 playing, 1 or 2 won by that player, 3 stalemate |
//! | 7       | zero                                                |
//! | 8..12   | round (u32)                                         |
//! | 12..20  | scores of players 1 and 2 (u32 each)                |
//! | 20..148 | the 16 row words of [`Board::rows`] (u64 each)      |

use super::board::Board;
use super::color::Tile;
use super::state::{Atom4, Status};
use crate::game::Player;

/// The length of [`Atom4::to_bytes`].
pub const ENCODED_LEN: usize = 148;

const MAGIC: [u8; 2] = *b"A4";
const VERSION: u8 = 1;

pub use crate::encoding::DecodeError;

fn u32_at(bytes: &[u8; ENCODED_LEN], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

impl Atom4 {
    /// The game in the layout of the module documentation.
    pub fn to_bytes(&self) -> [u8; ENCODED_LEN] {
        let mut out = [0u8; ENCODED_LEN];
        out[0..2].copy_from_slice(&MAGIC);
        out[2] = VERSION;
        out[3] = self.width();
        out[4] = self.height();
        out[5] = self.tile().index();
        out[6] = match self.status() {
            Status::Playing => 0,
            Status::Won(p) => p.number(),
            Status::Stalemate => 3,
        };
        out[8..12].copy_from_slice(&self.round().to_le_bytes());
        let [one, two] = self.scores();
        out[12..16].copy_from_slice(&one.to_le_bytes());
        out[16..20].copy_from_slice(&two.to_le_bytes());
        for (y, row) in self.board().rows().iter().enumerate() {
            out[20 + 8 * y..28 + 8 * y].copy_from_slice(&row.to_le_bytes());
        }
        out
    }

    /// The game that [`Atom4::to_bytes`] gave these bytes, or why they are
    /// not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Atom4, DecodeError> {
        let bytes: &[u8; ENCODED_LEN] = bytes.try_into().map_err(|_| DecodeError::Length)?;
        if bytes[0..2] != MAGIC || bytes[2] != VERSION {
            return Err(DecodeError::Header);
        }
        let mut rows = [0u64; 16];
        for (y, row) in rows.iter_mut().enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[20 + 8 * y..28 + 8 * y]);
            *row = u64::from_le_bytes(word);
        }
        let board = Board::from_rows(rows, bytes[3], bytes[4]).ok_or(DecodeError::Field)?;
        if bytes[5] > 5 || bytes[7] != 0 {
            return Err(DecodeError::Field);
        }
        let status = match bytes[6] {
            0 => Status::Playing,
            3 => Status::Stalemate,
            n => Status::Won(Player::from_number(n.into(), 2).ok_or(DecodeError::Field)?),
        };
        let scores = [u32_at(bytes, 12), u32_at(bytes, 16)];
        Atom4::from_parts(board, Tile::new(bytes[5]), u32_at(bytes, 8), scores, status)
            .ok_or(DecodeError::Inconsistent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom4::playout::random_playout;
    use crate::Rng;

    #[test]
    fn games_survive_the_round_trip() {
        let mut rng = Rng::new(7);
        for (w, h) in [(16, 16), (2, 2), (7, 11), (16, 3)] {
            let mut game = Atom4::new(w, h).unwrap();
            assert_eq!(Atom4::from_bytes(&game.to_bytes()), Ok(game));
            random_playout(&mut game, &mut rng);
            assert_eq!(Atom4::from_bytes(&game.to_bytes()), Ok(game));
            game.next_round().unwrap();
            assert_eq!(Atom4::from_bytes(&game.to_bytes()), Ok(game));
        }
    }

    #[test]
    fn every_single_bit_flip_decodes_or_is_refused() {
        let mut game = Atom4::standard();
        random_playout(&mut game, &mut Rng::new(3));
        let bytes = game.to_bytes();
        for bit in 0..8 * ENCODED_LEN {
            let mut flipped = bytes;
            flipped[bit / 8] ^= 1 << (bit % 8);
            // Either error or a game that encodes back to the same bytes.
            if let Ok(decoded) = Atom4::from_bytes(&flipped) {
                assert_eq!(decoded.to_bytes(), flipped, "bit {bit}");
            }
        }
    }

    #[test]
    fn refusals_name_the_reason() {
        let bytes = Atom4::standard().to_bytes();
        assert_eq!(Atom4::from_bytes(&bytes[1..]), Err(DecodeError::Length));
        let mut bad = bytes;
        bad[2] = 9;
        assert_eq!(Atom4::from_bytes(&bad), Err(DecodeError::Header));
        let mut bad = bytes;
        bad[3] = 17;
        assert_eq!(Atom4::from_bytes(&bad), Err(DecodeError::Field));
        let mut bad = bytes;
        bad[8..12].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(Atom4::from_bytes(&bad), Err(DecodeError::Inconsistent));
    }
}
