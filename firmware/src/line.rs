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

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `bytes`; returns each completed line (or `None` for a refused
    /// one).
    fn lines(reader: &mut LineReader, bytes: &[u8]) -> Vec<Option<std::string::String>> {
        let mut out = Vec::new();
        for &b in bytes {
            match reader.push(b) {
                Edit::Complete => out.push(Some(reader.line().into())),
                Edit::Refused => out.push(None),
                _ => {}
            }
        }
        out
    }

    #[test]
    fn either_end_of_line_and_both_make_one_line() {
        let mut r = LineReader::new();
        let got = lines(&mut r, b"3,2\r\nundo\rnew\nmenu\r\r");
        let want = ["3,2", "undo", "new", "menu", ""].map(|s| Some(s.to_string()));
        assert_eq!(got, want);
    }

    #[test]
    fn backspace_erases_and_controls_are_ignored() {
        let mut r = LineReader::new();
        assert_eq!(r.push(0x08), Edit::Nothing);
        let got = lines(&mut r, b"3,x\x08\x7f2,\x1b\x002\r");
        assert_eq!(got, [Some("32,2".to_string())]);
    }

    #[test]
    fn a_line_too_long_is_refused_whole_and_the_next_one_is_read() {
        let mut r = LineReader::new();
        let mut input = vec![b'7'; LINE_CAPACITY + 5];
        input.extend_from_slice(b"\r1,1\r");
        assert_eq!(lines(&mut r, &input), [None, Some("1,1".to_string())]);
        let mut exact = vec![b'8'; LINE_CAPACITY];
        exact.push(b'\n');
        assert_eq!(lines(&mut r, &exact), [Some("8".repeat(LINE_CAPACITY))]);
    }

    #[test]
    fn a_spoilt_line_is_refused() {
        let mut r = LineReader::new();
        r.push(b'1');
        r.spoil();
        assert_eq!(lines(&mut r, b",1\rok\r"), [None, Some("ok".to_string())]);
    }
}
