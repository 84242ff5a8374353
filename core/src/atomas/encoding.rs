//! A compact binary form of [`Atomas`]: fixed length, every byte string
//! either decodes to a consistent state or is refused. Bindings store
//! states in it where they cannot hold Rust values (the C ABI's
//! caller-owned `atom4_atomas_game`, Python's pickle).
//!
//! Layout (little-endian):
//!
//! | bytes    | field                                                    |
//! |----------|----------------------------------------------------------|
//! | 0..2     | magic `AS`                                               |
//! | 2        | format version, 1                                        |
//! | 3        | ring length, 0..=19                                      |
//! | 4        | hand: 0 none, 1 `+`, 2 `-`, 3 `B`, 4 `C`, 5 a number     |
//! | 5        | carry: 0 none, 1 `+`, 5 a number                         |
//! | 6..8     | zero                                                     |
//! | 8..16    | score (u64)                                              |
//! | 16..20   | move number (u32)                                        |
//! | 20..24   | moves since the last plus (u32)                          |
//! | 24..28   | the number in hand (u32; 0 unless hand is 5)             |
//! | 28..32   | the carried number (u32; 0 unless carry is 5)            |
//! | 32..108  | the 19 entry slots (u32 each: the number, 0 for a plus; 0 past the length) |
//! | 108..112 | zero                                                     |

use super::atom::{Atom, Entry};
use super::ring::{Ring, CAPACITY};
use super::state::Atomas;

/// The length of [`Atomas::to_bytes`].
pub const ENCODED_LEN: usize = 112;

const MAGIC: [u8; 2] = *b"AS";
const VERSION: u8 = 1;
const ENTRIES_AT: usize = 32;

pub use crate::encoding::DecodeError;

fn u32_at(bytes: &[u8; ENCODED_LEN], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// An atom's kind byte and number.
fn atom_code(atom: Option<Atom>) -> (u8, u32) {
    match atom {
        None => (0, 0),
        Some(Atom::Plus) => (1, 0),
        Some(Atom::Minus) => (2, 0),
        Some(Atom::Black) => (3, 0),
        Some(Atom::Clone) => (4, 0),
        Some(Atom::Number(v)) => (5, v),
    }
}

/// The atom of a kind byte and number (a number only with kind 5).
fn atom_of(kind: u8, number: u32) -> Result<Option<Atom>, DecodeError> {
    if kind != 5 && number != 0 {
        return Err(DecodeError::Field);
    }
    Ok(match kind {
        0 => None,
        1 => Some(Atom::Plus),
        2 => Some(Atom::Minus),
        3 => Some(Atom::Black),
        4 => Some(Atom::Clone),
        5 => Some(Atom::Number(number)),
        _ => return Err(DecodeError::Field),
    })
}

impl Atomas {
    /// The state in the layout of the module documentation.
    pub fn to_bytes(&self) -> [u8; ENCODED_LEN] {
        let mut out = [0u8; ENCODED_LEN];
        out[0..2].copy_from_slice(&MAGIC);
        out[2] = VERSION;
        out[3] = self.ring.len() as u8;
        let (hand, hand_number) = atom_code(self.hand);
        let (carry, carry_number) = atom_code(self.carry.map(Entry::atom));
        out[4] = hand;
        out[5] = carry;
        out[8..16].copy_from_slice(&self.score.to_le_bytes());
        out[16..20].copy_from_slice(&self.move_number.to_le_bytes());
        out[20..24].copy_from_slice(&self.since.to_le_bytes());
        out[24..28].copy_from_slice(&hand_number.to_le_bytes());
        out[28..32].copy_from_slice(&carry_number.to_le_bytes());
        for (i, &code) in self.ring.codes().iter().enumerate() {
            out[ENTRIES_AT + 4 * i..ENTRIES_AT + 4 * i + 4].copy_from_slice(&code.to_le_bytes());
        }
        out
    }

    /// The state that [`Atomas::to_bytes`] gave these bytes, or why they
    /// are not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Atomas, DecodeError> {
        let bytes: &[u8; ENCODED_LEN] = bytes.try_into().map_err(|_| DecodeError::Length)?;
        if bytes[0..2] != MAGIC || bytes[2] != VERSION {
            return Err(DecodeError::Header);
        }
        let len = usize::from(bytes[3]);
        if len > CAPACITY || bytes[6..8] != [0, 0] || bytes[108..] != [0; 4] {
            return Err(DecodeError::Field);
        }
        let mut entries = [Entry::Plus; CAPACITY];
        for (i, slot) in entries.iter_mut().enumerate() {
            let code = u32_at(bytes, ENTRIES_AT + 4 * i);
            if i >= len && code != 0 {
                return Err(DecodeError::Field);
            }
            *slot = if code == 0 {
                Entry::Plus
            } else {
                Entry::Number(code)
            };
        }
        let ring = Ring::from_entries(&entries[..len]).map_err(|_| DecodeError::Field)?;
        let hand = atom_of(bytes[4], u32_at(bytes, 24))?;
        let carry = match atom_of(bytes[5], u32_at(bytes, 28))? {
            None => None,
            Some(atom) => Some(atom.entry().ok_or(DecodeError::Field)?),
        };
        let mut score = [0u8; 8];
        score.copy_from_slice(&bytes[8..16]);
        Atomas::from_parts(
            ring,
            u64::from_le_bytes(score),
            u32_at(bytes, 16),
            u32_at(bytes, 20),
            carry,
            hand,
        )
        .map_err(|_| DecodeError::Inconsistent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atomas::playout::random_game;
    use crate::atomas::Reference;
    use crate::Rng;

    #[test]
    fn states_survive_the_round_trip() {
        let mut draws = Reference::new(5);
        let mut rng = Rng::new(9);
        for _ in 0..50 {
            let mut game = Atomas::start(&mut draws);
            assert_eq!(Atomas::from_bytes(&game.to_bytes()), Ok(game));
            for moves in [3, 10, 1000] {
                random_game(&mut game, &mut draws, &mut rng, moves);
                assert_eq!(Atomas::from_bytes(&game.to_bytes()), Ok(game));
                if !game.is_over() {
                    game.draw_with(&mut draws).unwrap();
                    assert_eq!(Atomas::from_bytes(&game.to_bytes()), Ok(game));
                }
            }
        }
        let text = "ring=2,+,4 hand=. score=5000000000000 move=80 range=3-5 carry=9 since=4";
        let game: Atomas = text.parse().unwrap();
        assert_eq!(Atomas::from_bytes(&game.to_bytes()), Ok(game));
        assert_eq!(
            Atomas::from_bytes(&game.to_bytes()).unwrap().to_string(),
            text
        );
    }

    #[test]
    fn every_single_bit_flip_decodes_to_a_state_or_is_refused() {
        let game: Atomas = "ring=3,+,5,5,2 hand=C score=1600 move=44 range=2-4 carry=. since=2"
            .parse()
            .unwrap();
        let bytes = game.to_bytes();
        for bit in 0..8 * ENCODED_LEN {
            let mut flipped = bytes;
            flipped[bit / 8] ^= 1 << (bit % 8);
            if let Ok(state) = Atomas::from_bytes(&flipped) {
                // What decodes is a state of its own, which encodes back
                // to the same bytes.
                assert_eq!(state.to_bytes(), flipped, "bit {bit}");
            }
        }
        assert_eq!(
            Atomas::from_bytes(&[0; ENCODED_LEN]),
            Err(DecodeError::Header)
        );
        assert_eq!(Atomas::from_bytes(&bytes[1..]), Err(DecodeError::Length));
    }
}
