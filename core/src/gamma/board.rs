//! The board text (spec 4.8): rows from `y = height - 1` down to `y = 0`,
//! each ending in `'\n'`. With at most 9 players a cell is one character,
//! the player's digit or `.`; with more, every cell is `digits(players) + 1`
//! characters, the number or `.` right-aligned after spaces.

use core::fmt;

use super::engine::Gamma;

/// Why [`Gamma::write_board`] wrote nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardError {
    /// The text is longer than `usize` counts (a huge board on a small
    /// target).
    TooLong,
    /// The buffer is shorter than the text.
    ShortBuffer { needed: usize, given: usize },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardError::TooLong => f.write_str("the board text is longer than memory can hold"),
            BoardError::ShortBuffer { needed, given } => {
                write!(f, "the board text takes {needed} bytes, the buffer {given}")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BoardError {}

/// Decimal digits of `n`.
fn digits(mut n: u32) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

impl Gamma<'_> {
    /// Characters a cell takes in the board text.
    pub fn cell_text_width(&self) -> usize {
        if self.h.players <= 9 {
            1
        } else {
            digits(self.h.players) + 1
        }
    }

    /// The exact length in bytes of the board text; `None` when it is not
    /// a `usize`.
    pub fn board_len(&self) -> Option<usize> {
        (self.h.width as usize)
            .checked_mul(self.cell_text_width())?
            .checked_add(1)?
            .checked_mul(self.h.height as usize)
    }

    /// Writes the board text at the start of `out` (`gamma_board` without
    /// the NUL) and returns its length, [`Gamma::board_len`]. Nothing is
    /// written when `out` is too short.
    pub fn write_board(&self, out: &mut [u8]) -> Result<usize, BoardError> {
        let len = self.board_len().ok_or(BoardError::TooLong)?;
        let given = out.len();
        let out = out
            .get_mut(..len)
            .ok_or(BoardError::ShortBuffer { needed: len, given })?;
        let row_len = len / self.h.height as usize;
        for (i, row) in out.chunks_exact_mut(row_len).enumerate() {
            let y = self.h.height as usize - 1 - i;
            let (cells, newline) = row.split_at_mut(row_len - 1);
            self.write_cells(y * self.h.width as usize, cells);
            newline[0] = b'\n';
        }
        Ok(len)
    }

    /// Writes the text of the cells from `first` on into `out` (a whole
    /// number of cells long).
    fn write_cells(&self, first: usize, out: &mut [u8]) {
        let width = self.cell_text_width();
        // A word that is no player (memory the caller overwrote) shows as
        // empty, as `holder` reads it: its digits would not fit.
        let owners = self.owner[first..first + out.len() / width]
            .iter()
            .map(|&word| self.holder_of_word(word));
        if width == 1 {
            for (byte, o) in out.iter_mut().zip(owners) {
                *byte = if o == 0 { b'.' } else { b'0' + o as u8 };
            }
            return;
        }
        for (text, o) in out.chunks_exact_mut(width).zip(owners) {
            let mut at = width - 1;
            if o == 0 {
                text[at] = b'.';
            } else {
                let mut n = o;
                loop {
                    text[at] = b'0' + (n % 10) as u8;
                    n /= 10;
                    if n == 0 {
                        break;
                    }
                    at -= 1;
                }
            }
            text[..at].fill(b' ');
        }
    }
}

/// Displays a game's board text, in pieces of a small buffer (for a sink
/// that is not a byte slice).
#[derive(Debug)]
pub struct BoardText<'a, 'm>(pub &'a Gamma<'m>);

impl fmt::Display for BoardText<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CHUNK: usize = 512;
        let game = self.0;
        let width = game.cell_text_width();
        let per_chunk = CHUNK / width;
        let mut buffer = [0u8; CHUNK];
        let w = game.h.width as usize;
        for y in (0..game.h.height as usize).rev() {
            let mut x = 0;
            while x < w {
                let n = per_chunk.min(w - x);
                let text = &mut buffer[..n * width];
                game.write_cells(y * w + x, text);
                f.write_str(core::str::from_utf8(text).map_err(|_| fmt::Error)?)?;
                x += n;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
