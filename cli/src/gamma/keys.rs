//! The interactive mode's keys, read as bytes (spec section 6): arrows
//! `ESC [ A` (up), `ESC [ B` (down), `ESC [ C` (right), `ESC [ D` (left),
//! space (a move), `g`/`G` (a golden move), `c`/`C` (skip the turn),
//! Ctrl-D (end the game). Every other byte is ignored, and so is a broken
//! escape sequence: the byte that breaks it counts as a byte of its own.

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `ESC [ A`.
    Up,
    /// `ESC [ B`.
    Down,
    /// `ESC [ D`.
    Left,
    /// `ESC [ C`.
    Right,
    /// An ordinary move on the cursor's cell.
    Move,
    /// A golden move on the cursor's cell.
    Golden,
    /// Skip the turn.
    Skip,
    /// Ctrl-D: the game ends at once.
    End,
}

/// Where the reader is in an escape sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    #[default]
    Plain,
    /// After `ESC`.
    Escape,
    /// After `ESC [`.
    Bracket,
}

/// Turns bytes into keys, escape sequences across reads included.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyReader {
    state: State,
}

/// Ctrl-D, end of transmission.
pub const CTRL_D: u8 = 0x04;
const ESC: u8 = 0x1B;

impl KeyReader {
    pub fn new() -> KeyReader {
        KeyReader::default()
    }

    /// The key `byte` completes, if any.
    pub fn feed(&mut self, byte: u8) -> Option<Key> {
        match (self.state, byte) {
            (State::Escape, b'[') => {
                self.state = State::Bracket;
                None
            }
            (State::Bracket, b'A' | b'B' | b'C' | b'D') => {
                self.state = State::Plain;
                Some(match byte {
                    b'A' => Key::Up,
                    b'B' => Key::Down,
                    b'C' => Key::Right,
                    _ => Key::Left,
                })
            }
            (State::Escape | State::Bracket, _) => {
                // Not an arrow: the sequence is dropped, the byte read anew.
                self.state = State::Plain;
                self.feed(byte)
            }
            (State::Plain, ESC) => {
                self.state = State::Escape;
                None
            }
            (State::Plain, b' ') => Some(Key::Move),
            (State::Plain, b'g' | b'G') => Some(Key::Golden),
            (State::Plain, b'c' | b'C') => Some(Key::Skip),
            (State::Plain, CTRL_D) => Some(Key::End),
            (State::Plain, _) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(bytes: &[u8]) -> Vec<Key> {
        let mut reader = KeyReader::new();
        bytes.iter().filter_map(|&b| reader.feed(b)).collect()
    }

    #[test]
    fn bytes_become_keys() {
        assert_eq!(
            keys(b"\x1b[A\x1b[B\x1b[C\x1b[D gGcC\x04"),
            [
                Key::Up,
                Key::Down,
                Key::Right,
                Key::Left,
                Key::Move,
                Key::Golden,
                Key::Golden,
                Key::Skip,
                Key::Skip,
                Key::End
            ]
        );
        // Other bytes are ignored, UTF-8 and NUL included.
        assert_eq!(keys(b"xq\x00\xff\xc2\xa0\n\r\x03"), []);
    }

    #[test]
    fn broken_escapes_drop_the_sequence_and_keep_the_byte() {
        assert_eq!(
            keys(b"\x1b \x1b[g\x1b\x1b[A"),
            [Key::Move, Key::Golden, Key::Up]
        );
        assert_eq!(keys(b"\x1b[Z\x1bO"), []);
        // A sequence split across reads.
        let mut reader = KeyReader::new();
        assert_eq!(reader.feed(0x1b), None);
        assert_eq!(reader.feed(b'['), None);
        assert_eq!(reader.feed(b'C'), Some(Key::Right));
    }
}
