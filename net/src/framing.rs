//! Lines and words of protocol 2.0 (spec section 1): any byte 0x00..=0x1F
//! ends a line, a run of them ends one line, a line longer than 1024 bytes
//! is cut there and the rest of it, up to the next terminator, is dropped.
//! Free of I/O and of allocation: a reader holds one line's bytes at most,
//! whatever a peer sends.

/// The longest line, in bytes, without its terminator.
pub const MAX_LINE: usize = 1024;

/// Whether `byte` ends a line (0x00 to 0x1F: NUL, TAB, CR, LF, ...).
#[inline]
pub const fn is_terminator(byte: u8) -> bool {
    byte < 0x20
}

/// Splits a byte stream into lines. Each line handed out is 1 to
/// [`MAX_LINE`] bytes, without terminators, as text: bytes that are not
/// UTF-8 are each replaced by `?`, so that a line keeps its length and can
/// be relayed to any client, a browser's included.
#[derive(Clone)]
pub struct LineReader {
    buf: [u8; MAX_LINE],
    len: usize,
    /// Past the 1024th byte of a line: dropping bytes up to a terminator.
    truncating: bool,
}

impl Default for LineReader {
    fn default() -> Self {
        LineReader::new()
    }
}

impl core::fmt::Debug for LineReader {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LineReader")
            .field("pending", &self.len)
            .field("truncating", &self.truncating)
            .finish()
    }
}

impl LineReader {
    pub const fn new() -> LineReader {
        LineReader {
            buf: [0; MAX_LINE],
            len: 0,
            truncating: false,
        }
    }

    /// Bytes of an unfinished line held so far (at most [`MAX_LINE`]).
    pub fn pending(&self) -> usize {
        self.len
    }

    /// Takes `bytes` and hands every line they complete to `line`, in
    /// order. A line reaching 1024 bytes is handed out as soon as its 1025th
    /// byte arrives (a peer that never ends a line cannot hold it back).
    pub fn feed(&mut self, mut bytes: &[u8], mut line: impl FnMut(&str)) {
        while !bytes.is_empty() {
            let end = bytes
                .iter()
                .position(|&b| is_terminator(b))
                .unwrap_or(bytes.len());
            let (body, rest) = bytes.split_at(end);
            if !self.truncating {
                let room = MAX_LINE - self.len;
                if body.len() > room {
                    self.buf[self.len..].copy_from_slice(&body[..room]);
                    self.len = MAX_LINE;
                    self.emit(&mut line);
                    self.truncating = true;
                } else {
                    self.buf[self.len..self.len + body.len()].copy_from_slice(body);
                    self.len += body.len();
                }
            }
            if rest.is_empty() {
                return;
            }
            // A terminator: the line (if any) ends here.
            self.truncating = false;
            self.emit(&mut line);
            let skip = rest.iter().position(|&b| !is_terminator(b));
            bytes = match skip {
                Some(n) => &rest[n..],
                None => &[],
            };
        }
    }

    /// The end of a message that carries one line without a terminator (a
    /// WebSocket text message): the pending bytes, if any, are a line.
    pub fn end_of_message(&mut self, mut line: impl FnMut(&str)) {
        self.truncating = false;
        self.emit(&mut line);
    }

    fn emit(&mut self, line: &mut impl FnMut(&str)) {
        if self.len > 0 {
            let text = as_text(&mut self.buf[..self.len]);
            line(text);
            self.len = 0;
        }
    }
}

/// `bytes` as text, each byte of an invalid UTF-8 sequence replaced by
/// `?` in place (the length stays the same).
pub fn as_text(bytes: &mut [u8]) -> &str {
    let mut start = 0;
    loop {
        match core::str::from_utf8(&bytes[start..]) {
            Ok(_) => break,
            Err(e) => {
                let bad = start + e.valid_up_to();
                let n = e.error_len().unwrap_or(bytes.len() - bad);
                for b in &mut bytes[bad..bad + n] {
                    *b = b'?';
                }
                start = bad + n;
            }
        }
    }
    core::str::from_utf8(bytes).unwrap_or("")
}

/// The words of a line: runs of spaces (0x20) separate them; leading and
/// trailing spaces are ignored.
#[derive(Clone, Debug)]
pub struct Words<'a> {
    rest: &'a str,
}

impl<'a> Words<'a> {
    pub fn new(line: &'a str) -> Words<'a> {
        Words {
            rest: line.trim_start_matches(' '),
        }
    }

    /// The rest of the line after the words taken so far ("the text"):
    /// from its first non-space byte, trailing spaces removed.
    pub fn text(&self) -> &'a str {
        self.rest.trim_matches(' ')
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let end = self.rest.find(' ').unwrap_or(self.rest.len());
        let (word, rest) = self.rest.split_at(end);
        self.rest = rest.trim_start_matches(' ');
        Some(word)
    }
}

/// The longest prefix of `text` of at most `max` bytes that ends on a
/// character boundary.
pub fn cut(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};
    use alloc::vec;
    use alloc::vec::Vec;

    fn lines(chunks: &[&[u8]]) -> Vec<String> {
        let mut reader = LineReader::new();
        let mut out = Vec::new();
        for chunk in chunks {
            reader.feed(chunk, |l| out.push(l.to_string()));
        }
        out
    }

    #[test]
    fn every_control_byte_ends_a_line_and_runs_end_one() {
        assert_eq!(
            lines(&[b"PLAY\nWATCH\r\n\0\0REQU\tWHO?\x1fNEXT\x01"]),
            ["PLAY", "WATCH", "REQU", "WHO?", "NEXT"]
        );
        for t in 0u8..0x20 {
            assert!(is_terminator(t));
            assert_eq!(lines(&[&[b'A', t, b'B', t]]), ["A", "B"]);
        }
        assert!(!is_terminator(b' ') && !is_terminator(0x7f) && !is_terminator(0xff));
    }

    #[test]
    fn a_line_may_arrive_a_byte_at_a_time_and_is_held_until_it_ends() {
        let bytes = b"MOVE 3 4\n";
        let chunks: Vec<&[u8]> = bytes.chunks(1).collect();
        assert_eq!(lines(&chunks), ["MOVE 3 4"]);
        let mut reader = LineReader::new();
        reader.feed(b"MOVE", |_| panic!("not yet"));
        assert_eq!(reader.pending(), 4);
    }

    #[test]
    fn long_lines_are_cut_at_1024_bytes_and_the_rest_dropped() {
        let mut long = Vec::from(&b"CHAT "[..]);
        long.resize(5000, b'x');
        long.extend_from_slice(b"\nPLAY\n");
        let got = lines(&[&long]);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].len(), MAX_LINE);
        assert!(got[0].starts_with("CHAT xxx"));
        assert_eq!(got[1], "PLAY");
        // Exactly 1024 bytes is a whole line; 1025 is cut.
        for (n, want) in [(1023, 1023), (1024, 1024), (1025, 1024)] {
            let mut line = vec![b'a'; n];
            line.push(b'\n');
            let got = lines(&[&line, b"B\n"]);
            assert_eq!((got[0].len(), got[1].as_str()), (want, "B"), "{n}");
        }
        // Over many chunks the reader never holds more than one line.
        let mut reader = LineReader::new();
        let mut seen = 0;
        for _ in 0..10_000 {
            reader.feed(&[b'z'; 1000], |l| {
                assert_eq!(l.len(), MAX_LINE);
                seen += 1
            });
            assert!(reader.pending() <= MAX_LINE);
        }
        assert_eq!(seen, 1);
        reader.feed(b"\nQUIT\n", |l| assert_eq!(l, "QUIT"));
    }

    #[test]
    fn invalid_utf8_bytes_become_question_marks() {
        assert_eq!(lines(&[b"CHAT h\xffllo \xe2\x82\n"]), ["CHAT h?llo ??"]);
        assert_eq!(lines(&[b"CHAT caf\xc3\xa9\n"]), ["CHAT caf\u{e9}"]);
    }

    #[test]
    fn a_message_without_terminator_is_one_line() {
        let mut reader = LineReader::new();
        let mut out = Vec::new();
        reader.feed(b"PLAY", |l| out.push(l.to_string()));
        reader.end_of_message(|l| out.push(l.to_string()));
        reader.feed(b"A\nB", |l| out.push(l.to_string()));
        reader.end_of_message(|l| out.push(l.to_string()));
        reader.end_of_message(|l| out.push(l.to_string()));
        assert_eq!(out, ["PLAY", "A", "B"]);
    }

    #[test]
    fn words_split_on_runs_of_spaces_and_the_text_keeps_inner_spaces() {
        let mut w = Words::new("  CHAT   hello   there  ");
        assert_eq!(w.next(), Some("CHAT"));
        assert_eq!(w.text(), "hello   there");
        assert_eq!(w.next(), Some("hello"));
        assert_eq!(w.next(), Some("there"));
        assert_eq!(w.next(), None);
        assert_eq!(w.text(), "");
        assert_eq!(
            Words::new("BROW  7 . . ").collect::<Vec<_>>(),
            ["BROW", "7", ".", "."]
        );
    }

    #[test]
    fn cut_keeps_whole_characters() {
        assert_eq!(cut("h\u{e9}llo", 2), "h");
        assert_eq!(cut("h\u{e9}llo", 3), "h\u{e9}");
        assert_eq!(cut("abc", 10), "abc");
    }
}
