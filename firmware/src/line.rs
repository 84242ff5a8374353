//! Lines assembled from the serial line's bytes in a fixed buffer: typed
//! characters, backspace, and either end of line (`\r`, `\n` or both).

use heapless::String;

/// The longest line the console reads; a longer one is refused whole.
pub const LINE_CAPACITY: usize = 48;

/// What a byte did to the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Nothing to show (a second end of line, an ignored byte).
    Nothing,
    /// A character was added: echo it.
    Added(char),
    /// The last character was erased: echo an erase.
    Erased,
    /// The line is complete: [`LineReader::line`] holds it.
    Complete,
    /// The line is complete but too long (or had bytes that were lost):
    /// it is refused.
    Refused,
}

/// Assembles lines.
#[derive(Debug, Default)]
pub struct LineReader {
    line: String<LINE_CAPACITY>,
    /// The line outgrew the buffer, or input was lost: refused at its end.
    spoilt: bool,
    /// The last byte ended a line with `\r`: a `\n` right after is the
    /// same end.
    after_cr: bool,
    /// The previous line is complete; the next byte starts a new one.
    done: bool,
}

impl LineReader {
    pub const fn new() -> LineReader {
        LineReader {
            line: String::new(),
            spoilt: false,
            after_cr: false,
            done: false,
        }
    }

    /// Takes one byte of input.
    pub fn push(&mut self, byte: u8) -> Edit {
        if self.done {
            self.line.clear();
            self.spoilt = false;
            self.done = false;
        }
        let after_cr = core::mem::replace(&mut self.after_cr, false);
        match byte {
            b'\n' if after_cr => Edit::Nothing,
            b'\r' | b'\n' => {
                self.after_cr = byte == b'\r';
                self.done = true;
                if self.spoilt {
                    Edit::Refused
                } else {
                    Edit::Complete
                }
            }
            0x08 | 0x7f => match self.line.pop() {
                Some(_) => Edit::Erased,
                None => Edit::Nothing,
            },
            0x20..=0x7e => {
                if self.line.push(byte as char).is_err() {
                    self.spoilt = true;
                    Edit::Nothing
                } else {
                    Edit::Added(byte as char)
                }
            }
            _ => Edit::Nothing,
        }
    }

    /// Marks the current line as spoilt (input was lost).
    pub fn spoil(&mut self) {
        self.spoilt = true;
    }

    /// The line just completed (trimmed).
    pub fn line(&self) -> &str {
        self.line.trim()
    }
}
