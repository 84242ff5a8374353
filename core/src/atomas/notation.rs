//! The state notation: one line of seven space-separated fields,
//! `ring=E,E,... hand=H score=S move=M range=L-U carry=K since=N`, e.g.
//! `ring=3,2,1,3,1,3 hand=. score=0 move=1 range=1-3 carry=. since=0`.
//! Numbers are decimal without leading zeros, `+` is a plus and `.` stands
//! for nothing (in hand or carried). Printing a parsed line gives it back.

use core::fmt;
use core::str::FromStr;

use super::atom::{atom_value, canonical_decimal, Atom, Entry, MAX_MOVE, MAX_SCORE, MAX_VALUE};
use super::ring::{write_entries, Ring, CAPACITY};
use super::state::{range_low, Atomas, StateError};

/// What is wrong with a state line or a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// The line ends before this field.
    MissingField(&'static str),
    /// The field here does not start with `name=`.
    WrongField(&'static str),
    /// An entry that is neither `+` nor a number from 1 (without leading
    /// zeros, at most [`MAX_VALUE`](super::MAX_VALUE)); also an empty entry.
    BadEntry,
    /// More entries than a ring (or a request) can hold.
    TooManyEntries,
    /// The atom is not `+ - B C`, a number from 1, or `.` where allowed.
    BadAtom,
    /// The carry is not `+`, a number from 1, or `.`.
    BadCarry,
    /// Not a decimal number without leading zeros, or too large for it.
    BadNumber,
    /// The move number is 0 or above [`MAX_MOVE`], or
    /// the score above [`MAX_SCORE`].
    OutOfRange,
    /// The range is not `L-U`.
    BadRange,
    /// The range is not the one of the move: `lo = 1 + floor(move / 40)`.
    RangeMismatch { lo: u32 },
    /// An atom in hand and a carry at once.
    HandAndCarry,
    /// A `-`, `B` or `C` in hand on an empty ring.
    NothingToPlayOn,
    /// A request with other than 2 or 4 `/`-separated fields.
    FieldCount(usize),
    /// Text after the last field.
    TrailingText,
}

/// A parse error: what is wrong, and the byte offset in the text where it is.
pub type ParseError = crate::text::ParseError<ParseErrorKind>;

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseErrorKind::MissingField(name) => write!(f, "the {name} field is missing"),
            ParseErrorKind::WrongField(name) => write!(f, "expected the field {name}="),
            ParseErrorKind::BadEntry => write!(
                f,
                "an entry is + or a number from 1 to {MAX_VALUE} without leading zeros"
            ),
            ParseErrorKind::TooManyEntries => f.write_str("too many entries"),
            ParseErrorKind::BadAtom => write!(
                f,
                "the atom is not + - B C or a number from 1 to {MAX_VALUE} without leading zeros"
            ),
            ParseErrorKind::BadCarry => write!(
                f,
                "the carry is not +, a number from 1 to {MAX_VALUE} without leading zeros, or ."
            ),
            ParseErrorKind::BadNumber => {
                f.write_str("not a decimal number without leading zeros (or too large)")
            }
            ParseErrorKind::OutOfRange => write!(
                f,
                "beyond the engine's limits (move 1 to {MAX_MOVE}, score at most {MAX_SCORE})"
            ),
            ParseErrorKind::BadRange => f.write_str("the range is not L-U"),
            ParseErrorKind::RangeMismatch { lo } => {
                write!(f, "the move's range is {lo}-{}", lo + 2)
            }
            ParseErrorKind::HandAndCarry => f.write_str("an atom in hand and a carry at once"),
            ParseErrorKind::NothingToPlayOn => f.write_str("a -, B or C in hand on an empty ring"),
            ParseErrorKind::FieldCount(n) => {
                write!(f, "{n} fields separated by /; a request has 2 or 4")
            }
            ParseErrorKind::TrailingText => f.write_str("unexpected text after the last field"),
        }
    }
}

pub(crate) fn error(kind: ParseErrorKind, offset: usize) -> ParseError {
    ParseError { kind, offset }
}

/// Reads entries separated by `separator` (nothing for an empty ring), at
/// most `max` of them; `offset` is where `text` starts in the line.
pub(crate) fn parse_entries(
    text: &str,
    separator: char,
    offset: usize,
    max: usize,
) -> Result<Ring, ParseError> {
    let mut entries = [Entry::Plus; CAPACITY];
    let mut len = 0;
    if !text.is_empty() {
        let mut at = offset;
        for token in text.split(separator) {
            if len == max {
                return Err(error(ParseErrorKind::TooManyEntries, at));
            }
            entries[len] = match token {
                "+" => Entry::Plus,
                _ => Entry::Number(atom_value(token).ok_or(error(ParseErrorKind::BadEntry, at))?),
            };
            len += 1;
            at += token.len() + 1;
        }
    }
    Ring::from_entries(&entries[..len]).map_err(|_| error(ParseErrorKind::TooManyEntries, offset))
}

/// A canonical decimal number that fits `T`.
pub(crate) fn parse_number<T: TryFrom<u64>>(text: &str, offset: usize) -> Result<T, ParseError> {
    canonical_decimal(text)
        .and_then(|v| T::try_from(v).ok())
        .ok_or(error(ParseErrorKind::BadNumber, offset))
}

/// Splits a line at single spaces into `name=value` fields, remembering
/// where each value starts.
struct Fields<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Fields<'a> {
    /// The value of the next field, which must be `name=...`, and its offset.
    fn next(&mut self, name: &'static str) -> Result<(usize, &'a str), ParseError> {
        if self.at >= self.text.len() {
            return Err(error(ParseErrorKind::MissingField(name), self.text.len()));
        }
        let start = self.at;
        let rest = &self.text[start..];
        let len = rest.find(' ').unwrap_or(rest.len());
        self.at += len + 1;
        let field = &rest[..len];
        match field.strip_prefix(name).and_then(|v| v.strip_prefix('=')) {
            Some(value) => Ok((start + name.len() + 1, value)),
            None => Err(error(ParseErrorKind::WrongField(name), start)),
        }
    }
}

impl Atomas {
    /// Reads a state line (see the module documentation).
    pub fn from_text(text: &str) -> Result<Atomas, ParseError> {
        use ParseErrorKind::*;
        let mut fields = Fields { text, at: 0 };

        let (at, ring) = fields.next("ring")?;
        let ring = parse_entries(ring, ',', at, CAPACITY)?;

        let (hand_at, hand) = fields.next("hand")?;
        let hand = match hand {
            "." => None,
            _ => Some(Atom::from_token(hand).ok_or(error(BadAtom, hand_at))?),
        };

        let (score_at, score) = fields.next("score")?;
        let score: u64 = parse_number(score, score_at)?;

        let (move_at, move_number) = fields.next("move")?;
        let move_number: u32 = parse_number(move_number, move_at)?;

        let (at, range) = fields.next("range")?;
        let (lo, hi) = range.split_once('-').ok_or(error(BadRange, at))?;
        let lo: u32 = parse_number(lo, at).map_err(|_| error(BadRange, at))?;
        let hi: u32 = parse_number(hi, at).map_err(|_| error(BadRange, at))?;
        let expected = range_low(move_number);
        if lo != expected || Some(hi) != expected.checked_add(2) {
            return Err(error(RangeMismatch { lo: expected }, at));
        }

        let (carry_at, carry) = fields.next("carry")?;
        let carry = match carry {
            "." => None,
            "+" => Some(Entry::Plus),
            _ => Some(Entry::Number(
                atom_value(carry).ok_or(error(BadCarry, carry_at))?,
            )),
        };

        let (since_at, since) = fields.next("since")?;
        let since: u32 = parse_number(since, since_at)?;
        if fields.at <= text.len() {
            return Err(error(TrailingText, fields.at - 1));
        }

        Atomas::from_parts(ring, score, move_number, since, carry, hand).map_err(|e| match e {
            StateError::MoveOutOfRange => error(OutOfRange, move_at),
            StateError::ScoreOutOfRange => error(OutOfRange, score_at),
            StateError::BadHand => error(BadAtom, hand_at),
            StateError::BadCarry => error(BadCarry, carry_at),
            StateError::HandAndCarry => error(HandAndCarry, hand_at),
            StateError::NothingToPlayOn => error(NothingToPlayOn, hand_at),
        })
    }
}

impl FromStr for Atomas {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Atomas, ParseError> {
        Atomas::from_text(text)
    }
}

/// Writes the state line.
impl fmt::Display for Atomas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ring=")?;
        write_entries(f, &self.ring, ",")?;
        f.write_str(" hand=")?;
        match self.hand {
            Some(atom) => write!(f, "{atom}")?,
            None => f.write_str(".")?,
        }
        let (lo, hi) = self.range();
        write!(
            f,
            " score={} move={} range={lo}-{hi} carry=",
            self.score, self.move_number
        )?;
        match self.carry {
            Some(entry) => write!(f, "{entry}")?,
            None => f.write_str(".")?,
        }
        write!(f, " since={}", self.since)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    fn err(text: &str) -> ParseError {
        Atomas::from_text(text).unwrap_err()
    }

    #[test]
    fn lines_round_trip() {
        for line in [
            "ring=3,2,1,3,1,3 hand=. score=0 move=1 range=1-3 carry=. since=0",
            "ring=1,3,3,1,1 hand=. score=0 move=2 range=1-3 carry=+ since=1",
            "ring= hand=+ score=0 move=1 range=1-3 carry=. since=0",
            "ring=1,1,2,+,5,6 hand=. score=800 move=81 range=3-5 carry=. since=2",
            "ring=2993,+ hand=C score=99889587174 move=120000 range=3001-3003 carry=. since=6",
        ] {
            let state = Atomas::from_text(line).unwrap();
            assert_eq!(state.to_string(), line);
        }
        let state: Atomas = "ring=4,+ hand=- score=7 move=39 range=1-3 carry=. since=3"
            .parse()
            .unwrap();
        assert_eq!(state.ring().len(), 2);
        assert_eq!(state.hand(), Some(Atom::Minus));
        assert_eq!(
            (state.score(), state.move_number(), state.since()),
            (7, 39, 3)
        );
        assert_eq!(state.range(), (1, 3));
    }

    #[test]
    fn errors_say_what_and_where() {
        use ParseErrorKind::*;
        let cases: [(&str, ParseErrorKind, usize); 22] = [
            ("", MissingField("ring"), 0),
            ("ring=1", MissingField("hand"), 6),
            ("rings=1 hand=.", WrongField("ring"), 0),
            (
                "ring=1,,2 hand=. score=0 move=1 range=1-3 carry=. since=0",
                BadEntry,
                7,
            ),
            (
                "ring=1,02 hand=. score=0 move=1 range=1-3 carry=. since=0",
                BadEntry,
                7,
            ),
            (
                "ring=1,0 hand=. score=0 move=1 range=1-3 carry=. since=0",
                BadEntry,
                7,
            ),
            (
                "ring=1,-2 hand=. score=0 move=1 range=1-3 carry=. since=0",
                BadEntry,
                7,
            ),
            (
                "ring=1 hand=x score=0 move=1 range=1-3 carry=. since=0",
                BadAtom,
                12,
            ),
            (
                "ring=1 hand=0 score=0 move=1 range=1-3 carry=. since=0",
                BadAtom,
                12,
            ),
            (
                "ring=1 hand=. score=-1 move=1 range=1-3 carry=. since=0",
                BadNumber,
                20,
            ),
            (
                "ring=1 hand=. score=00 move=1 range=1-3 carry=. since=0",
                BadNumber,
                20,
            ),
            (
                "ring=1 hand=. score=0 move=0 range=1-3 carry=. since=0",
                OutOfRange,
                27,
            ),
            (
                "ring=1 hand=. score=0 move=40 range=1-3 carry=. since=0",
                RangeMismatch { lo: 2 },
                36,
            ),
            (
                "ring=1 hand=. score=0 move=1 range=1 carry=. since=0",
                BadRange,
                35,
            ),
            (
                "ring=1 hand=. score=0 move=1 range=1-3 carry=- since=0",
                BadCarry,
                45,
            ),
            (
                "ring=1 hand=+ score=0 move=1 range=1-3 carry=1 since=0",
                HandAndCarry,
                12,
            ),
            (
                "ring= hand=C score=0 move=1 range=1-3 carry=. since=0",
                NothingToPlayOn,
                11,
            ),
            (
                "ring= hand=- score=0 move=1 range=1-3 carry=. since=0",
                NothingToPlayOn,
                11,
            ),
            (
                "ring=1 hand=. score=0 move=1 range=1-3 carry=. since=0 x",
                TrailingText,
                54,
            ),
            (
                "ring=1 hand=. score=0 move=1 range=1-3 carry=. since=0 ",
                TrailingText,
                54,
            ),
            (
                "ring=1 hand=. score=0 move=1 range=1-3 carry=. since=",
                BadNumber,
                53,
            ),
            (
                "ring=1  hand=. score=0 move=1 range=1-3 carry=. since=0",
                WrongField("hand"),
                7,
            ),
        ];
        for (text, kind, offset) in cases {
            let e = err(text);
            assert_eq!((e.kind, e.offset), (kind, offset), "{text}");
        }
        let too_many = std::format!(
            "ring={} hand=. score=0 move=1 range=1-3 carry=. since=0",
            ["1"; 20].join(",")
        );
        assert_eq!(err(&too_many).kind, TooManyEntries);
        assert_eq!(
            err("ring=1 hand=. score=18446744073709551615 move=1 range=1-3 carry=. since=0").kind,
            OutOfRange
        );
        assert_eq!(
            err("ring=1 hand=. score=0 move=1 range=1-3 carry=. since=0 x").to_string(),
            "at byte 54: unexpected text after the last field"
        );
    }
}
