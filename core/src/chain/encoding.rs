//! A compact binary form of [`Position`]: fixed length, every byte string
//! either decodes to a position the text parser would accept or is
//! refused. Bindings store positions in it where they cannot hold Rust
//! values (the C ABI's caller-owned `atom4_chain_game`, Python's pickle).
//!
//! Layout (little-endian):
//!
//! | bytes    | field                                                      |
//! |----------|------------------------------------------------------------|
//! | 0..2     | magic `CR`                                                 |
//! | 2        | format version, 1                                          |
//! | 3        | rules: 0 `classic`, 1 `atoms`                              |
//! | 4        | players, 2..=8                                             |
//! | 5, 6     | width, height                                              |
//! | 7        | the player to move (index; 0 once the game is over)        |
//! | 8        | the players out, bit `i` for player `i`                    |
//! | 9        | result: 0 on, 1 drawn, 2 + `i` won by player `i`           |
//! | 10, 11   | zero                                                       |
//! | 12..16   | ply (u32)                                                  |
//! | 16..272  | one byte a cell, row by row (index `y * width + x`): count in bits 0..3, bit 3 set when the cell has an owner, the owner's index in bits 4..7; zero beyond the board |

use core::fmt::{self, Write};

use super::board::Board;
use super::position::{Position, Status};
use super::rules::Rules;
use crate::game::Player;

/// The length of [`Position::to_bytes`].
pub const ENCODED_LEN: usize = 272;

const MAGIC: [u8; 2] = *b"CR";
const VERSION: u8 = 1;
const CELLS_AT: usize = 16;

pub use crate::encoding::DecodeError;

/// The longest position text: 16 x 16 cells of two characters, 15 slashes,
/// the rule set, and the other fields at their longest.
const TEXT_CAPACITY: usize = 16 * 16 * 2 + 15 + 64;

/// Position text written into a fixed buffer (the core has no heap).
struct TextBuffer {
    bytes: [u8; TEXT_CAPACITY],
    len: usize,
}

impl Write for TextBuffer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let room = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        room.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl Position {
    /// The position in the layout of the module documentation.
    pub fn to_bytes(&self) -> [u8; ENCODED_LEN] {
        let mut out = [0u8; ENCODED_LEN];
        out[0..2].copy_from_slice(&MAGIC);
        out[2] = VERSION;
        out[3] = match self.rules {
            Rules::Classic => 0,
            Rules::Atoms => 1,
        };
        out[4] = self.players;
        out[5] = self.board.width();
        out[6] = self.board.height();
        out[7] = self.to_move.index() as u8;
        out[8] = self.out;
        out[9] = match self.status {
            Status::Playing => 0,
            Status::Drawn => 1,
            Status::Won(p) => 2 + p.index() as u8,
        };
        out[12..16].copy_from_slice(&self.ply.to_le_bytes());
        for (i, cell) in self.board.cells().enumerate() {
            let owner = self
                .board
                .owner(cell)
                .map_or(0, |p| 0x08 | (p.index() as u8) << 4);
            out[CELLS_AT + i] = self.board.count(cell) | owner;
        }
        out
    }

    /// Reads bytes written by [`Position::to_bytes`]; anything else is
    /// refused, including positions the text notation would refuse.
    pub fn from_bytes(bytes: &[u8]) -> Result<Position, DecodeError> {
        let bytes: &[u8; ENCODED_LEN] = bytes.try_into().map_err(|_| DecodeError::Length)?;
        if bytes[0..2] != MAGIC || bytes[2] != VERSION {
            return Err(DecodeError::Header);
        }
        let rules = match bytes[3] {
            0 => Rules::Classic,
            1 => Rules::Atoms,
            _ => return Err(DecodeError::Field),
        };
        let players = bytes[4];
        let player = |i: u8| Player::new(i as usize).filter(|_| i < players);
        let mut position =
            Position::new(rules, bytes[5], bytes[6], players).map_err(|_| DecodeError::Field)?;
        position.to_move = player(bytes[7]).ok_or(DecodeError::Field)?;
        if u16::from(bytes[8]) >> players != 0 || bytes[10..12] != [0, 0] {
            return Err(DecodeError::Field);
        }
        position.out = bytes[8];
        position.status = match bytes[9] {
            0 => Status::Playing,
            1 => Status::Drawn,
            b => Status::Won(player(b - 2).ok_or(DecodeError::Field)?),
        };
        position.ply = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]);
        let area = position.board.area();
        let mut board: Board = position.board;
        for (i, &b) in bytes[CELLS_AT..].iter().enumerate() {
            if i >= area {
                if b != 0 {
                    return Err(DecodeError::Field);
                }
                continue;
            }
            let owner = match b & 0x08 {
                0 if b & 0xF0 == 0 => None,
                0 => return Err(DecodeError::Field),
                _ => Some(player(b >> 4).ok_or(DecodeError::Field)?),
            };
            board.set(i, b & 0x07, owner);
        }
        position.board = board;
        // The rest of the rules, as the notation checks them: the position
        // must print to text that reads back as itself.
        let mut text = TextBuffer {
            bytes: [0; TEXT_CAPACITY],
            len: 0,
        };
        write!(text, "{position}").map_err(|_| DecodeError::Inconsistent)?;
        let text =
            core::str::from_utf8(&text.bytes[..text.len]).map_err(|_| DecodeError::Inconsistent)?;
        match Position::from_text(text) {
            Ok(read) if read == position => Ok(position),
            _ => Err(DecodeError::Inconsistent),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::Move;
    use crate::rng::Rng;

    #[test]
    fn positions_round_trip() {
        let mut rng = Rng::new(8);
        for (rules, w, h, players) in [
            (Rules::Classic, 6, 9, 2),
            (Rules::Classic, 16, 16, 8),
            (Rules::Classic, 2, 2, 6),
            (Rules::Atoms, 8, 8, 2),
            (Rules::Classic, 1, 2, 2),
        ] {
            let mut p = Position::new(rules, w, h, players).unwrap();
            loop {
                assert_eq!(Position::from_bytes(&p.to_bytes()), Ok(p), "{p}");
                if p.is_over() || p.ply() > 400 {
                    break;
                }
                let cells: std::vec::Vec<_> = p.legal_cells().collect();
                let mv = match cells.len() {
                    0 => Move::Pass,
                    n => Move::Place(cells[rng.below(n as u32) as usize]),
                };
                p.play(mv).unwrap();
            }
        }
        for text in [
            "classic 2 3b.2b/.4b./3b.2b - 14 a b",
            "classic 2 1a/. - 1 - =",
            "atoms 2 0a1a/1a. - 11 b a",
            "classic 5 1a1b/1c1d a 5 e *",
        ] {
            let p: Position = text.parse().unwrap();
            assert_eq!(Position::from_bytes(&p.to_bytes()), Ok(p));
        }
    }

    #[test]
    fn anything_else_is_refused() {
        let p: Position = "classic 3 .1b1b1c. b 3 a *".parse().unwrap();
        let good = p.to_bytes();
        assert_eq!(Position::from_bytes(&good[..10]), Err(DecodeError::Length));
        let with = |i: usize, b: u8| {
            let mut bytes = good;
            bytes[i] = b;
            Position::from_bytes(&bytes)
        };
        assert_eq!(with(0, b'X'), Err(DecodeError::Header));
        assert_eq!(with(2, 2), Err(DecodeError::Header));
        assert_eq!(with(3, 2), Err(DecodeError::Field));
        assert_eq!(with(4, 9), Err(DecodeError::Field));
        assert_eq!(with(5, 17), Err(DecodeError::Field));
        assert_eq!(with(7, 3), Err(DecodeError::Field));
        assert_eq!(with(8, 0x08), Err(DecodeError::Field));
        assert_eq!(with(9, 5), Err(DecodeError::Field));
        assert_eq!(with(10, 1), Err(DecodeError::Field));
        assert_eq!(with(CELLS_AT + 5, 1), Err(DecodeError::Field));
        // An owner beyond the players, an owner bit missing.
        assert_eq!(with(CELLS_AT + 1, 0x38 | 1), Err(DecodeError::Field));
        assert_eq!(with(CELLS_AT + 1, 0x10 | 1), Err(DecodeError::Field));
        // Readable fields that break the rules: `a` to move though out, an
        // unstable cell (a strip end holds 1 at most), orbs of a player out.
        assert_eq!(with(7, 0), Err(DecodeError::Inconsistent));
        assert_eq!(with(CELLS_AT + 4, 0x28 | 1), Err(DecodeError::Inconsistent));
        assert_eq!(with(CELLS_AT, 0x08 | 1), Err(DecodeError::Inconsistent));
        let mut zeroed = [0u8; ENCODED_LEN];
        assert_eq!(Position::from_bytes(&zeroed), Err(DecodeError::Header));
        zeroed[..3].copy_from_slice(b"CR\x01");
        assert_eq!(Position::from_bytes(&zeroed), Err(DecodeError::Field));
    }
}
