//! The batch mode's lines (spec 5.1, 5.2), read as a stream of bytes in
//! pieces of any size: one pass, constant memory, however long a line is.
//!
//! A line ends at `'\n'`. A line starting with `#` and a line that is just
//! `"\n"` are ignored; any other line is a command or malformed. A command
//! is a letter of `B I m g b f q p`, then (except for `p`) whitespace and
//! exactly its number of parameters, each one or more ASCII digits of value
//! at most `u32::MAX` (leading zeros allowed), separated by whitespace, with
//! any whitespace after the last; `p` may be followed by whitespace only.
//! Whitespace is space, `\t`, `\v`, `\f` and `\r`. Every line is counted,
//! ignored ones too; the counter is a `u64`.

/// A well-formed command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `B` (batch) or `I` (interactive): a new game.
    New {
        interactive: bool,
        width: u32,
        height: u32,
        players: u32,
        areas: u32,
    },
    /// `m player x y`.
    Move { player: u32, x: u32, y: u32 },
    /// `g player x y`.
    GoldenMove { player: u32, x: u32, y: u32 },
    /// `b player`.
    BusyFields(u32),
    /// `f player`.
    FreeFields(u32),
    /// `q player`.
    GoldenPossible(u32),
    /// `p`.
    Board,
}

/// A line that is not ignored, with its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    pub number: u64,
    /// The command, or `None` for a malformed line (an error).
    pub command: Option<Command>,
}

/// Where the reader is within the current line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// No byte of the line yet.
    Start,
    Comment,
    /// Malformed: waiting for its end.
    Malformed,
    /// Just after the command letter.
    Letter,
    /// In whitespace after the letter or a parameter.
    Gap,
    /// In a parameter's digits.
    Digits,
}

/// Reads batch-mode lines from a byte stream.
#[derive(Clone, Debug)]
pub struct LineReader {
    state: State,
    /// The number of the line being read.
    number: u64,
    letter: u8,
    params: [u32; 4],
    count: usize,
    value: u64,
}

impl Default for LineReader {
    fn default() -> Self {
        LineReader::new()
    }
}

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0B | 0x0C | b'\r')
}

/// How many parameters command `letter` takes; `None` for other bytes.
#[inline]
fn arity(letter: u8) -> Option<usize> {
    match letter {
        b'B' | b'I' => Some(4),
        b'm' | b'g' => Some(3),
        b'b' | b'f' | b'q' => Some(1),
        b'p' => Some(0),
        _ => None,
    }
}

impl LineReader {
    pub const fn new() -> LineReader {
        LineReader {
            state: State::Start,
            number: 1,
            letter: 0,
            params: [0; 4],
            count: 0,
            value: 0,
        }
    }

    /// The number of the line being read (1 before any input).
    pub fn line_number(&self) -> u64 {
        self.number
    }

    /// Reads `input` up to the end of the next line that is not ignored and
    /// returns the bytes read and that line; or reads all of `input` and
    /// returns `None` when no such line ends in it (the reader keeps where
    /// it is for the next piece).
    pub fn next(&mut self, input: &[u8]) -> (usize, Option<Line>) {
        let mut i = 0;
        // Whole lines in `input` are read at once; a line that began in an
        // earlier piece, or does not end in this one, byte by byte.
        'lines: loop {
            if self.state == State::Start {
                while let Some((used, read)) = whole_line(&input[i..]) {
                    i += used;
                    let number = self.number;
                    self.number += 1;
                    let command = match read {
                        Whole::Ignored => continue,
                        Whole::Malformed => None,
                        Whole::Command(letter, params) => Some(command(letter, params)),
                    };
                    return (i, Some(Line { number, command }));
                }
            }
            while i < input.len() {
                let b = input[i];
                i += 1;
                match self.state {
                    State::Start => match b {
                        b'\n' => self.number += 1,
                        b'#' => self.state = State::Comment,
                        _ if arity(b).is_some() => {
                            self.letter = b;
                            self.count = 0;
                            self.state = State::Letter;
                        }
                        _ => self.state = State::Malformed,
                    },
                    State::Letter => match b {
                        b'\n' => return (i, Some(self.end_line(true))),
                        _ if is_space(b) => self.state = State::Gap,
                        _ => self.state = State::Malformed,
                    },
                    State::Gap => match b {
                        b'\n' => return (i, Some(self.end_line(true))),
                        _ if is_space(b) => {}
                        b'0'..=b'9' if Some(self.count) != arity(self.letter) => {
                            self.value = u64::from(b - b'0');
                            self.state = State::Digits;
                        }
                        _ => self.state = State::Malformed,
                    },
                    State::Digits => match b {
                        b'0'..=b'9' => {
                            self.value = self.value * 10 + u64::from(b - b'0');
                            if self.value > u64::from(u32::MAX) {
                                self.state = State::Malformed;
                            }
                        }
                        b'\n' => {
                            self.end_param();
                            return (i, Some(self.end_line(true)));
                        }
                        _ if is_space(b) => {
                            self.end_param();
                            self.state = State::Gap;
                        }
                        _ => self.state = State::Malformed,
                    },
                    State::Comment | State::Malformed => {
                        if b != b'\n' {
                            let Some(end) = find_newline(&input[i..]) else {
                                return (input.len(), None);
                            };
                            i += end + 1;
                        }
                        if self.state == State::Malformed {
                            return (i, Some(self.end_line(false)));
                        }
                        self.state = State::Start;
                        self.number += 1;
                    }
                }
                if self.state == State::Start {
                    continue 'lines;
                }
            }
            return (input.len(), None);
        }
    }

    /// The end of input: a line without its `'\n'` that is not a comment is
    /// malformed (spec 5.1), whatever it holds.
    pub fn finish(&mut self) -> Option<Line> {
        let state = core::mem::replace(&mut self.state, State::Start);
        match state {
            State::Start => None,
            State::Comment => {
                self.number += 1;
                None
            }
            _ => Some(self.end_line(false)),
        }
    }

    fn end_param(&mut self) {
        self.params[self.count] = self.value as u32;
        self.count += 1;
    }

    /// Ends the current line (its `'\n'` read, or the input ended):
    /// `complete` when its letter and parameters were read whole.
    fn end_line(&mut self, complete: bool) -> Line {
        let command = if !complete || Some(self.count) != arity(self.letter) {
            None
        } else {
            Some(command(self.letter, self.params))
        };
        let line = Line {
            number: self.number,
            command,
        };
        self.number += 1;
        self.state = State::Start;
        line
    }
}

/// The command of letter `letter` (one of [`arity`]'s) with its parameters.
fn command(letter: u8, [a, b, c, d]: [u32; 4]) -> Command {
    match letter {
        b'B' | b'I' => Command::New {
            interactive: letter == b'I',
            width: a,
            height: b,
            players: c,
            areas: d,
        },
        b'm' => Command::Move {
            player: a,
            x: b,
            y: c,
        },
        b'g' => Command::GoldenMove {
            player: a,
            x: b,
            y: c,
        },
        b'b' => Command::BusyFields(a),
        b'f' => Command::FreeFields(a),
        b'q' => Command::GoldenPossible(a),
        _ => Command::Board,
    }
}

/// A whole line, as [`whole_line`] read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Whole {
    Ignored,
    Malformed,
    /// A well-formed command: its letter and parameters.
    Command(u8, [u32; 4]),
}

/// Reads the line at the start of `input` if it ends there: the bytes it
/// takes (its `'\n'` included) and what it is. `None` when `input` ends
/// first.
#[inline]
fn whole_line(input: &[u8]) -> Option<(usize, Whole)> {
    let letter = *input.first()?;
    let malformed = |rest: &[u8]| {
        let taken = input.len() - rest.len();
        Some((taken + find_newline(rest)? + 1, Whole::Malformed))
    };
    let Some(arity) = arity(letter) else {
        return match letter {
            b'\n' => Some((1, Whole::Ignored)),
            b'#' => Some((find_newline(input)? + 1, Whole::Ignored)),
            _ => malformed(&input[1..]),
        };
    };
    let mut bytes = input[1..].iter();
    let mut params = [0u32; 4];
    let mut count = 0;
    let mut b = *bytes.next()?;
    loop {
        // After the letter or a parameter: the end, or whitespace.
        if b == b'\n' {
            let taken = input.len() - bytes.as_slice().len();
            let read = if count == arity {
                Whole::Command(letter, params)
            } else {
                Whole::Malformed
            };
            return Some((taken, read));
        }
        if !is_space(b) {
            return malformed(bytes.as_slice());
        }
        while is_space(b) {
            b = *bytes.next()?;
        }
        if b == b'\n' {
            continue;
        }
        let digit = b.wrapping_sub(b'0');
        if digit >= 10 || count == arity {
            return malformed(bytes.as_slice());
        }
        let mut value = u64::from(digit);
        loop {
            b = *bytes.next()?;
            let digit = b.wrapping_sub(b'0');
            if digit >= 10 {
                break;
            }
            value = value * 10 + u64::from(digit);
            if value > u64::from(u32::MAX) {
                return malformed(bytes.as_slice());
            }
        }
        params[count] = value as u32;
        count += 1;
    }
}

/// The position of the first `'\n'` in `bytes`, eight bytes a step.
#[inline]
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const NEWLINES: u64 = u64::from_ne_bytes([b'\n'; 8]);
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for word in &mut words {
        let word = u64::from_le_bytes([
            word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
        ]);
        // Bytes equal to '\n' become 0; the lowest flagged byte is the first.
        let x = word ^ NEWLINES;
        let zeros = x.wrapping_sub(ONES) & !x & HIGHS;
        if zeros != 0 {
            return Some(at + zeros.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&b| b == b'\n')
        .map(|p| at + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line that is not ignored: (number, command) pairs.
    fn read_all(input: &[u8]) -> Vec<(u64, Option<Command>)> {
        let mut reader = LineReader::new();
        let mut lines = Vec::new();
        let mut at = 0;
        while at < input.len() {
            let (used, line) = reader.next(&input[at..]);
            at += used;
            lines.extend(line.map(|l| (l.number, l.command)));
        }
        lines.extend(reader.finish().map(|l| (l.number, l.command)));
        lines
    }

    #[test]
    fn every_line_counts_and_comments_and_empty_lines_are_ignored() {
        let lines = read_all(b"# c\n\nq 3\n#\xff\x00\n \nB 1 2 3 4\np");
        assert_eq!(
            lines,
            [
                (3, Some(Command::GoldenPossible(3))),
                (5, None),
                (
                    6,
                    Some(Command::New {
                        interactive: false,
                        width: 1,
                        height: 2,
                        players: 3,
                        areas: 4
                    })
                ),
                (7, None),
            ]
        );
        assert_eq!(read_all(b"# no newline"), []);
        assert_eq!(read_all(b""), []);
    }

    #[test]
    fn newlines_are_found_eight_bytes_a_step() {
        for len in 0..40 {
            for at in 0..=len {
                let mut bytes = vec![b'a'; len];
                bytes.extend([0x0b, 0x8a, 0xff]);
                if at < len {
                    bytes[at] = b'\n';
                    bytes[len..].fill(b'\n');
                }
                let want = bytes.iter().position(|&b| b == b'\n');
                assert_eq!(find_newline(&bytes), want, "{len} {at}");
            }
        }
    }

    #[test]
    fn parameters_are_digits_up_to_u32_max() {
        let move_of = |text: &[u8]| read_all(text)[0].1;
        assert_eq!(
            move_of(b"g 00000000000000000000004294967295 0 07\n"),
            Some(Command::GoldenMove {
                player: u32::MAX,
                x: 0,
                y: 7
            })
        );
        assert_eq!(move_of(b"g 4294967296 0 7\n"), None);
        assert_eq!(move_of(b"g 1 0 7 \x0b\x0c\r\t\n"), move_of(b"g\t1 0\t7\n"));
        // A long line costs one pass: a million digits of zero, then 5.
        let mut long = b"b ".to_vec();
        long.extend(std::iter::repeat_n(b'0', 1_000_000));
        long.extend(b"5\n");
        assert_eq!(move_of(&long), Some(Command::BusyFields(5)));
    }
}
