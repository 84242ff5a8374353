//! Text forms: the state string the Java referee hands a player program
//! and moves `(c,h,l,r)` (spec section 2).
//!
//! A state string is `n + 2` rows, top first, each `[` digits `]`, then
//! `LastPlay:null` or `LastPlay:(c,h,l,r)`; for example the start of size
//! 4 is `[32][103][3002][10003][300002][12121]LastPlay:null`. Parsing
//! accepts exactly what printing writes and names the byte offset of the
//! first thing wrong.

use core::fmt;
use core::str::FromStr;

use super::geometry::{Circle, Color, Size, MAX_CIRCLES, MAX_SIZE, NEIGHBOR_STEPS};
use super::state::{Atropos, Move};

/// What is wrong with a state string or a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// Not the form of section 2 (or `(c,h,l,r)`): `found` (`None` at the
    /// end of the text) where `expected` should be.
    Expected {
        expected: &'static str,
        found: Option<char>,
    },
    /// A number written with a leading zero.
    LeadingZero,
    /// A move's number too large for any board.
    NumberTooLarge,
    /// A move's colour other than 1, 2 or 3.
    BadColor,
    /// A number of rows that makes a size outside `1 ..= 15` (rows - 2).
    BadSize(usize),
    /// A row of the wrong length: row `h` should have `expected` digits.
    RowLength { h: u8, expected: u8, found: usize },
    /// A digit other than 0 to 3.
    BadDigit(char),
    /// A boundary circle whose digit differs from the fixed colouring.
    BoundaryColor { circle: Circle, expected: Color },
    /// The last play is not an interior circle.
    LastPlayOffBoard,
    /// The last play's `r` is not `n + 2 - h - l`.
    LastPlayWrongR,
    /// The last play's colour is not 1, 2 or 3.
    LastPlayColor,
    /// The board's digit at the last play is not the last play's colour.
    LastPlayMismatch { board: u8 },
    /// `LastPlay:null` but some interior circle is coloured.
    ColoredWithoutLastPlay,
    /// A three-coloured small triangle round this circle that does not
    /// contain the last play (no game reaches one).
    StrayTriangle { circle: Circle },
}

/// A parse error: what is wrong, and the byte offset in the text where it is.
pub type ParseError = crate::text::ParseError<ParseErrorKind>;

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseErrorKind::Expected { expected, found } => match found {
                Some(c) => write!(f, "expected {expected}, found {c:?}"),
                None => write!(f, "expected {expected}, found the end"),
            },
            ParseErrorKind::LeadingZero => f.write_str("a number with a leading zero"),
            ParseErrorKind::NumberTooLarge => f.write_str("a number too large for any board"),
            ParseErrorKind::BadColor => f.write_str("the colour is not 1, 2 or 3"),
            ParseErrorKind::BadSize(rows) => write!(
                f,
                "{rows} rows; a board of size 1 ..= {MAX_SIZE} has 3 ..= {} rows",
                MAX_SIZE + 2
            ),
            ParseErrorKind::RowLength { h, expected, found } => {
                write!(f, "row h = {h} has {found} digits, not {expected}")
            }
            ParseErrorKind::BadDigit(c) => write!(f, "{c:?} is not a colour digit 0 to 3"),
            ParseErrorKind::BoundaryColor { circle, expected } => {
                write!(f, "boundary circle {circle} must be {}", expected.digit())
            }
            ParseErrorKind::LastPlayOffBoard => {
                f.write_str("the last play is not an interior circle")
            }
            ParseErrorKind::LastPlayWrongR => f.write_str("the last play's r is not n + 2 - h - l"),
            ParseErrorKind::LastPlayColor => f.write_str("the last play's colour is not 1, 2 or 3"),
            ParseErrorKind::LastPlayMismatch { board } => write!(
                f,
                "the board has {board} at the last play, not the last play's colour"
            ),
            ParseErrorKind::ColoredWithoutLastPlay => {
                f.write_str("coloured circles but no last play (only the start has none)")
            }
            ParseErrorKind::StrayTriangle { circle } => write!(
                f,
                "a three-coloured triangle round {circle} without the last play"
            ),
        }
    }
}

/// Writes the state string.
impl fmt::Display for Atropos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size().get();
        for h in (0..=n + 1).rev() {
            f.write_str("[")?;
            for l in row_start(h)..row_start(h) + row_len(n, h) {
                let digit = self
                    .color(Circle::new(h, l, n + 2 - h - l))
                    .map_or(0, Color::digit);
                fmt::Write::write_char(f, (b'0' + digit) as char)?;
            }
            f.write_str("]")?;
        }
        match self.last_play() {
            None => f.write_str("LastPlay:null"),
            Some(mv) => write!(f, "LastPlay:{mv}"),
        }
    }
}

/// Written `(c,h,l,r)`, as the player prints it.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.circle;
        write!(f, "({},{},{},{})", self.color.digit(), c.h, c.l, c.r)
    }
}

/// The first `l` of row `h`'s digits: the bottom row has no corner.
const fn row_start(h: u8) -> u8 {
    if h == 0 {
        1
    } else {
        0
    }
}

/// The digits of row `h` on a board of size `n`.
const fn row_len(n: u8, h: u8) -> u8 {
    if h == 0 {
        n + 1
    } else {
        n + 3 - h
    }
}

fn error(kind: ParseErrorKind, offset: usize) -> ParseError {
    ParseError { kind, offset }
}

/// A reader over the bytes of a text that knows its offset.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn unexpected(&self, expected: &'static str) -> ParseError {
        // The byte offset of a char boundary: the text is a `str`.
        let found = core::str::from_utf8(&self.text[self.at.min(self.text.len())..])
            .ok()
            .and_then(|s| s.chars().next());
        error(ParseErrorKind::Expected { expected, found }, self.at)
    }

    fn expect(&mut self, literal: &'static str) -> Result<(), ParseError> {
        for &b in literal.as_bytes() {
            if self.peek() != Some(b) {
                return Err(self.unexpected(literal));
            }
            self.at += 1;
        }
        Ok(())
    }

    /// An unsigned decimal number without leading zeros; values past
    /// `u32::MAX` saturate (they are too large for every use anyway).
    fn number(&mut self) -> Result<(u32, usize), ParseError> {
        let start = self.at;
        let mut value = 0u32;
        while let Some(b @ b'0'..=b'9') = self.peek() {
            value = value.saturating_mul(10).saturating_add((b - b'0') as u32);
            self.at += 1;
        }
        match self.at - start {
            0 => Err(self.unexpected("a decimal number")),
            1 => Ok((value, start)),
            _ if self.text[start] == b'0' => Err(error(ParseErrorKind::LeadingZero, start)),
            _ => Ok((value, start)),
        }
    }

    /// `(a,b,c,d)`: four numbers and the offset of each.
    fn quadruple(&mut self) -> Result<[(u32, usize); 4], ParseError> {
        self.expect("(")?;
        let mut out = [(0, 0); 4];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.number()?;
            self.expect(if i < 3 { "," } else { ")" })?;
        }
        Ok(out)
    }

    fn end(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.unexpected("the end of the text")),
        }
    }
}

/// The rows of a state string: where each group's digits start and how
/// many there are (17 rows at most are kept; more only count).
struct Rows {
    groups: [(usize, usize); MAX_SIZE as usize + 2],
    count: usize,
}

fn read_rows(reader: &mut Reader<'_>) -> Result<Rows, ParseError> {
    let mut rows = Rows {
        groups: [(0, 0); MAX_SIZE as usize + 2],
        count: 0,
    };
    while reader.peek() == Some(b'[') {
        reader.at += 1;
        let start = reader.at;
        while let Some(b'0'..=b'9') = reader.peek() {
            reader.at += 1;
        }
        if reader.peek() != Some(b']') {
            return Err(reader.unexpected("a digit or ']'"));
        }
        if let Some(group) = rows.groups.get_mut(rows.count) {
            *group = (start, reader.at - start);
        }
        rows.count += 1;
        reader.at += 1;
    }
    Ok(rows)
}

impl Atropos {
    /// Reads a state string (section 2), refusing everything else.
    pub fn from_text(text: &str) -> Result<Atropos, ParseError> {
        let bytes = text.as_bytes();
        let mut reader = Reader { text: bytes, at: 0 };
        if reader.peek() != Some(b'[') {
            return Err(reader.unexpected("'['"));
        }
        let rows = read_rows(&mut reader)?;
        reader.expect("LastPlay:")?;
        let last = if reader.peek() == Some(b'n') {
            reader.expect("null")?;
            None
        } else if reader.peek() == Some(b'(') {
            Some(reader.quadruple()?)
        } else {
            return Err(reader.unexpected("'null' or '('"));
        };
        reader.end()?;

        let n = match rows.count.checked_sub(2).map(|n| Size::new(n as u32)) {
            Some(Ok(size)) => size,
            _ => return Err(error(ParseErrorKind::BadSize(rows.count), 0)),
        };
        let digits = read_digits(bytes, &rows, n)?;

        let last = match last {
            None => {
                if let Some(i) = digits[..n.circles()].iter().position(|&d| d != 0) {
                    let c = n.circle_at(i);
                    let at = digit_offset(&rows, n, c);
                    return Err(error(ParseErrorKind::ColoredWithoutLastPlay, at));
                }
                None
            }
            Some(numbers) => Some(last_play(n, &digits, numbers)?),
        };
        let state = Atropos::from_parts(n, &digits, last);
        if let Some(circle) = stray_triangle(&state) {
            let at = digit_offset(&rows, n, circle);
            return Err(error(ParseErrorKind::StrayTriangle { circle }, at));
        }
        Ok(state)
    }
}

/// The offset of circle `c`'s digit in the text.
fn digit_offset(rows: &Rows, n: Size, c: Circle) -> usize {
    let group = (n.get() + 1 - c.h) as usize;
    rows.groups[group].0 + (c.l - row_start(c.h)) as usize
}

/// Checks the rows' lengths, digits and boundary; returns the interior
/// digits by canonical index.
fn read_digits(bytes: &[u8], rows: &Rows, n: Size) -> Result<[u8; MAX_CIRCLES], ParseError> {
    let size = n.get();
    let mut digits = [0u8; MAX_CIRCLES];
    for (group, &(start, len)) in rows.groups[..rows.count].iter().enumerate() {
        let h = size + 1 - group as u8;
        let expected = row_len(size, h);
        if len != expected as usize {
            return Err(error(
                ParseErrorKind::RowLength {
                    h,
                    expected,
                    found: len,
                },
                start,
            ));
        }
        for j in 0..expected {
            let at = start + j as usize;
            let digit = bytes[at] - b'0';
            if digit > 3 {
                return Err(error(ParseErrorKind::BadDigit(bytes[at] as char), at));
            }
            let l = row_start(h) + j;
            let circle = Circle::new(h, l, size + 2 - h - l);
            match n.index(circle) {
                Some(i) => digits[i] = digit,
                None => {
                    let expected = n.boundary_color(circle).unwrap_or(Color::Red);
                    if digit != expected.digit() {
                        return Err(error(
                            ParseErrorKind::BoundaryColor { circle, expected },
                            at,
                        ));
                    }
                }
            }
        }
    }
    Ok(digits)
}

/// The last play's canonical index, checked against the board.
fn last_play(n: Size, digits: &[u8], numbers: [(u32, usize); 4]) -> Result<usize, ParseError> {
    let [(c, c_at), (h, h_at), (l, _), (r, r_at)] = numbers;
    let circle = match (u8::try_from(h), u8::try_from(l)) {
        (Ok(h), Ok(l)) => n.interior(h as i32, l as i32),
        _ => None,
    };
    let Some(circle) = circle else {
        return Err(error(ParseErrorKind::LastPlayOffBoard, h_at));
    };
    if circle.r as u32 != r {
        return Err(error(ParseErrorKind::LastPlayWrongR, r_at));
    }
    let Some(color) = u8::try_from(c).ok().and_then(Color::from_digit) else {
        return Err(error(ParseErrorKind::LastPlayColor, c_at));
    };
    let i = n.index_of(circle.h, circle.l);
    if digits[i] != color.digit() {
        let kind = ParseErrorKind::LastPlayMismatch { board: digits[i] };
        return Err(error(kind, c_at));
    }
    Ok(i)
}

/// An interior circle one of whose small triangles is three-coloured and
/// does not contain the last play (the first in the canonical order).
fn stray_triangle(state: &Atropos) -> Option<Circle> {
    let n = state.size();
    let last = state.last_play().map(|mv| mv.circle);
    n.interior_circles().find(|&c| {
        let own = state.color(c).map_or(0, Color::digit);
        if own == 0 {
            return false;
        }
        let nb = |k: usize| {
            let (dh, dl) = NEIGHBOR_STEPS[k % 6];
            let (h, l) = (c.h as i32 + dh as i32, c.l as i32 + dl as i32);
            let r = n.get() as i32 + 2 - h - l;
            Circle::new(h as u8, l as u8, r as u8)
        };
        (0..6).any(|k| {
            let (a, b) = (nb(k), nb(k + 1));
            let [da, db] = [a, b].map(|x| state.color(x).map_or(0, Color::digit));
            let three = da != 0 && db != 0 && da != db && da != own && db != own;
            three && Some(c) != last && Some(a) != last && Some(b) != last
        })
    })
}

impl FromStr for Atropos {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Atropos, ParseError> {
        Atropos::from_text(text)
    }
}

impl Move {
    /// Reads `(c,h,l,r)`: decimal numbers without signs, spaces or leading
    /// zeros, a colour 1 to 3. Whether the circle is on a board, and the
    /// move legal, is the position's business ([`Atropos::play`]).
    pub fn from_text(text: &str) -> Result<Move, ParseError> {
        let mut reader = Reader {
            text: text.as_bytes(),
            at: 0,
        };
        let [(c, c_at), h, l, r] = reader.quadruple()?;
        reader.end()?;
        let color = u8::try_from(c)
            .ok()
            .and_then(Color::from_digit)
            .ok_or(error(ParseErrorKind::BadColor, c_at))?;
        let byte = |(value, at): (u32, usize)| {
            u8::try_from(value).map_err(|_| error(ParseErrorKind::NumberTooLarge, at))
        };
        Ok(Move::new(color, Circle::new(byte(h)?, byte(l)?, byte(r)?)))
    }
}

impl FromStr for Move {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Move, ParseError> {
        Move::from_text(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START4: &str = "[32][103][3002][10003][300002][12121]LastPlay:null";
    const AFTER5: &str = "[13][302][1003][31002][100003][3000002][121212]LastPlay:(1,3,1,3)";

    fn kind(text: &str) -> (ParseErrorKind, usize) {
        let e = Atropos::from_text(text).unwrap_err();
        (e.kind, e.offset)
    }

    fn expected(expected: &'static str, found: Option<char>) -> ParseErrorKind {
        ParseErrorKind::Expected { expected, found }
    }

    #[test]
    fn the_spec_examples_round_trip() {
        let start = Atropos::new(4).unwrap();
        assert_eq!(start.to_string(), START4);
        assert_eq!(Atropos::from_text(START4), Ok(start));
        let mut game = Atropos::new(5).unwrap();
        game.play("(1,3,1,3)".parse().unwrap()).unwrap();
        assert_eq!(game.to_string(), AFTER5);
        assert_eq!(AFTER5.parse::<Atropos>(), Ok(game));
    }

    #[test]
    fn two_digit_coordinates_on_large_boards() {
        let mut game = Atropos::new(10).unwrap();
        let mv: Move = "(3,10,1,1)".parse().unwrap();
        game.play(mv).unwrap();
        let text = game.to_string();
        assert!(text.ends_with("LastPlay:(3,10,1,1)"), "{text}");
        assert_eq!(text.parse::<Atropos>(), Ok(game));
    }

    #[test]
    fn refusal_1_form() {
        assert_eq!(kind(""), (expected("'['", None), 0));
        assert_eq!(kind(" [32]"), (expected("'['", Some(' ')), 0));
        let spaced = "[32] [103][3002][10003][300002][12121]LastPlay:null";
        assert_eq!(kind(spaced), (expected("LastPlay:", Some(' ')), 4));
        let inner = "[32][1 03][3002][10003][300002][12121]LastPlay:null";
        assert_eq!(kind(inner), (expected("a digit or ']'", Some(' ')), 6));
        let open = "[32][103][3002][10003][300002][12121";
        assert_eq!(kind(open), (expected("a digit or ']'", None), 36));
        let lower = "[32][103][3002][10003][300002][12121]lastplay:null";
        assert_eq!(kind(lower).1, 37);
        let trailing = "[32][103][3002][10003][300002][12121]LastPlay:null\n";
        assert_eq!(
            kind(trailing),
            (expected("the end of the text", Some('\n')), 50)
        );
        let nul = "[32][103][3002][10003][300002][12121]LastPlay:nul";
        assert_eq!(kind(nul), (expected("null", None), 49));
        let what = "[32][103][3002][10003][300002][12121]LastPlay:x";
        assert_eq!(kind(what), (expected("'null' or '('", Some('x')), 46));
        let e = "[13][302][1003][31002][100003][3000002][121212]LastPlay:(1,3,1,03)";
        assert_eq!(kind(e), (ParseErrorKind::LeadingZero, 63));
        let e = "[13][302][1003][31002][100003][3000002][121212]LastPlay:(1,3,+1,3)";
        assert_eq!(kind(e), (expected("a decimal number", Some('+')), 61));
        let e = "[13][302][1003][31002][100003][3000002][121212]LastPlay:(1,3,1,3 )";
        assert_eq!(kind(e), (expected(")", Some(' ')), 64));
        let e = "[13][302][1003][31002][100003][3000002][121212]LastPlay:(1,3,1)";
        assert_eq!(kind(e), (expected(",", Some(')')), 62));
        let e = "[13][302][1003][31002][100003][3000002][121212]LastPlay:(1,3,1,3)é";
        assert_eq!(kind(e), (expected("the end of the text", Some('é')), 65));
    }

    #[test]
    fn refusal_2_size() {
        assert_eq!(
            kind("[13][12]LastPlay:null"),
            (ParseErrorKind::BadSize(2), 0)
        );
        let mut rows = String::new();
        for _ in 0..18 {
            rows.push_str("[0]");
        }
        rows.push_str("LastPlay:null");
        assert_eq!(kind(&rows), (ParseErrorKind::BadSize(18), 0));
        // Many groups are counted, not kept.
        let many = "[]".repeat(10_000) + "LastPlay:null";
        assert_eq!(kind(&many), (ParseErrorKind::BadSize(10_000), 0));
    }

    #[test]
    fn refusal_3_rows_and_digits() {
        let e = "[32][103][3002][1003][300002][12121]LastPlay:null";
        let row = ParseErrorKind::RowLength {
            h: 2,
            expected: 5,
            found: 4,
        };
        assert_eq!(kind(e), (row, 16));
        let e = "[32][103][3002][10003][300002][121212]LastPlay:null";
        let row = ParseErrorKind::RowLength {
            h: 0,
            expected: 5,
            found: 6,
        };
        assert_eq!(kind(e), (row, 31));
        let e = "[32][103][3042][10003][300002][12121]LastPlay:null";
        assert_eq!(kind(e), (ParseErrorKind::BadDigit('4'), 12));
    }

    #[test]
    fn refusal_4_boundary() {
        let e = "[32][103][3002][10003][300002][12221]LastPlay:null";
        let circle = Circle::new(0, 3, 3);
        let boundary = ParseErrorKind::BoundaryColor {
            circle,
            expected: Color::Red,
        };
        assert_eq!(kind(e), (boundary, 33));
        let e = "[22][103][3002][10003][300002][12121]LastPlay:null";
        assert_eq!(kind(e).1, 1);
    }

    #[test]
    fn refusal_5_last_play() {
        let base = "[13][302][1003][31002][100003][3000002][121212]LastPlay:";
        let at = |s: &str| kind(&format!("{base}{s}"));
        assert_eq!(at("(1,0,1,6)"), (ParseErrorKind::LastPlayOffBoard, 59));
        assert_eq!(at("(1,3,5,0)"), (ParseErrorKind::LastPlayOffBoard, 59));
        assert_eq!(at("(1,300,1,3)"), (ParseErrorKind::LastPlayOffBoard, 59));
        assert_eq!(at("(1,3,1,4)"), (ParseErrorKind::LastPlayWrongR, 63));
        assert_eq!(
            at("(1,3,1,99999999999999)"),
            (ParseErrorKind::LastPlayWrongR, 63)
        );
        assert_eq!(at("(4,3,1,3)"), (ParseErrorKind::LastPlayColor, 57));
        assert_eq!(at("(0,3,1,3)"), (ParseErrorKind::LastPlayColor, 57));
        let mismatch = ParseErrorKind::LastPlayMismatch { board: 1 };
        assert_eq!(at("(2,3,1,3)"), (mismatch, 57));
        let mismatch = ParseErrorKind::LastPlayMismatch { board: 0 };
        assert_eq!(at("(2,1,1,5)"), (mismatch, 57));
    }

    #[test]
    fn refusal_6_colours_without_a_last_play() {
        let e = "[13][302][1003][31002][100003][3000002][121212]LastPlay:null";
        assert_eq!(kind(e), (ParseErrorKind::ColoredWithoutLastPlay, 17));
    }

    #[test]
    fn refusal_7_a_triangle_the_game_never_reached() {
        // Size 1's only circle coloured blue completes a triangle with the
        // red and green boundary; as the last play it is a finished game.
        let finished: Atropos = "[13][322][12]LastPlay:(2,1,1,1)".parse().unwrap();
        assert!(finished.is_finished());
        // Size 2: (1,1,2) blue sits between green (1,0,3) and red (0,1,3):
        // three-coloured, but the last play is elsewhere.
        let e = "[32][123][3202][121]LastPlay:(2,2,1,1)";
        let circle = Circle::new(1, 1, 2);
        assert_eq!(kind(e), (ParseErrorKind::StrayTriangle { circle }, 11));
    }

    #[test]
    fn moves_round_trip_and_refuse() {
        let mv: Move = "(2,1,3,1)".parse().unwrap();
        assert_eq!(mv, Move::new(Color::Blue, Circle::new(1, 3, 1)));
        assert_eq!(mv.to_string(), "(2,1,3,1)");
        let err = |s: &str| {
            let e = Move::from_text(s).unwrap_err();
            (e.kind, e.offset)
        };
        assert_eq!(err("(4,1,3,1)"), (ParseErrorKind::BadColor, 1));
        assert_eq!(err("(0,1,3,1)"), (ParseErrorKind::BadColor, 1));
        assert_eq!(err("(1,256,3,1)"), (ParseErrorKind::NumberTooLarge, 3));
        assert_eq!(err("(1,01,3,1)"), (ParseErrorKind::LeadingZero, 3));
        assert_eq!(
            err("(1,1,3,1)\n"),
            (expected("the end of the text", Some('\n')), 9)
        );
        assert_eq!(err(" (1,1,3,1)"), (expected("(", Some(' ')), 0));
        assert_eq!(
            err("(1,-1,3,1)"),
            (expected("a decimal number", Some('-')), 3)
        );
        assert_eq!(err("(1,1,3)"), (expected(",", Some(')')), 6));
        assert_eq!(err(""), (expected("(", None), 0));
    }

    /// Mutated state strings never panic, and what parses prints back as
    /// it was read.
    #[test]
    fn mutated_texts_parse_back_or_are_refused() {
        let mut rng = crate::rng::Rng::new(13);
        let alphabet = b"[]0123456789LastPly:nul(),x ";
        let mut game = Atropos::new(6).unwrap();
        let mut bases = vec![START4.to_string(), AFTER5.to_string()];
        while let Some(mv) = crate::atropos::default_move(&game, &mut rng) {
            game.play(mv).unwrap();
            bases.push(game.to_string());
        }
        let mut accepted = 0;
        for i in 0..20_000 {
            let mut text = bases[i % bases.len()].clone().into_bytes();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(text.len() as u32) as usize;
                match rng.below(3) {
                    0 => text[at] = alphabet[rng.below(alphabet.len() as u32) as usize],
                    1 => {
                        text.remove(at);
                    }
                    _ => text.insert(at, alphabet[rng.below(alphabet.len() as u32) as usize]),
                }
            }
            let text = String::from_utf8(text).unwrap();
            if let Ok(position) = Atropos::from_text(&text) {
                assert_eq!(position.to_string(), text);
                accepted += 1;
            }
            if let Ok(mv) = Move::from_text(&text) {
                assert_eq!(mv.to_string(), text);
            }
        }
        assert!(accepted > 0);
    }

    #[test]
    fn errors_read_well() {
        let e = Atropos::from_text("[13][12]LastPlay:null").unwrap_err();
        assert_eq!(
            e.to_string(),
            "at byte 0: 2 rows; a board of size 1 ..= 15 has 3 ..= 17 rows"
        );
    }
}
