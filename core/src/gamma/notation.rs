//! Text forms of a [`Position`] and of a move.
//!
//! * Position: `WxH PLAYERS AREAS BOARD TOMOVE GOLDEN`, fields separated by
//!   one space, e.g. `5x4 2 3 ...../..1../.12../..... 1 -`.
//! * Board: rows from the top (`y = height - 1`, as the `gamma` program
//!   prints them) joined by `/`, each cell `.` or its holder: `1` to `9`,
//!   then `a` to `f` for players 10 to 15 ([`TEXT_PLAYERS`]).
//! * `TOMOVE`: the player on turn, or `-` once the game is over.
//! * `GOLDEN`: the players who made their golden move, ascending and
//!   joined by `,`, or `-` for none.
//! * Move: `x,y` (an ordinary move) or `g x,y` (a golden move); `x` the
//!   column, `y` the row from the bottom.
//!
//! Parsing refuses what no game of the turn rules reaches (a player over
//! the areas limit, a player on turn who cannot move, a game over while
//! someone can) and names the byte offset of the first thing wrong;
//! printing gives back exactly the text of any accepted position.

use core::fmt;

use super::position::{Move, Position, PositionError};
use crate::text::decimal;

/// A number of a position text as it prints: digits without leading
/// zeros, so that what parses prints back to the same text.
fn number(text: &str) -> Option<u64> {
    decimal(text).filter(|_| text == "0" || !text.starts_with('0'))
}

/// What is wrong with a position text or a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// A field is missing (its name).
    MissingField(&'static str),
    /// Text after the last field.
    TrailingText,
    /// The size is not `WxH` with sides from 1.
    BadSize,
    /// The players or areas are not a number from 1 (players at most 15).
    BadNumber(&'static str),
    /// A row of the wrong length (`expected` cells).
    RowLength { expected: u32 },
    /// Other than `height` rows.
    RowCount { expected: u32 },
    /// A cell that is not `.` or a player of the game.
    BadCell(char),
    /// The player on turn is not a player of the game or `-`.
    BadTurn,
    /// The golden field is not `-` or ascending players joined by `,`.
    BadGolden,
    /// The parts make no position of the rules (see
    /// [`Position::from_parts`]).
    Position(PositionError),
    /// A move that is not `x,y` or `g x,y`.
    BadMove,
}

/// A parse error: what is wrong, and the byte offset in the text where it is.
pub type ParseError = crate::text::ParseError<ParseErrorKind>;

/// The most players a position's text and its binary form hold: the binary
/// form keeps a cell's holder in half a byte (0 empty, 1 to 15). The
/// course's API and its engine go up to 16 on boards of their own.
pub const TEXT_PLAYERS: usize = 15;

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseErrorKind::MissingField(name) => write!(f, "the {name} field is missing"),
            ParseErrorKind::TrailingText => f.write_str("text after the last field"),
            ParseErrorKind::BadSize => f.write_str("the size is WxH, each side from 1"),
            ParseErrorKind::BadNumber(name) => write!(
                f,
                "the {name} are a whole number from 1 (players at most {TEXT_PLAYERS})"
            ),
            ParseErrorKind::RowLength { expected } => {
                write!(f, "a row of this board has {expected} cells")
            }
            ParseErrorKind::RowCount { expected } => {
                write!(f, "this board has {expected} rows joined by /")
            }
            ParseErrorKind::BadCell(c) => write!(
                f,
                "{c:?} is not a cell: . or a player of the game (1-9, then a-g for 10-16)"
            ),
            ParseErrorKind::BadTurn => {
                f.write_str("the player on turn is a player of the game, or - once over")
            }
            ParseErrorKind::BadGolden => f.write_str(
                "the golden field is - or the players who made their golden move, ascending, joined by ,",
            ),
            ParseErrorKind::Position(e) => e.fmt(f),
            ParseErrorKind::BadMove => f.write_str("a move is x,y or g x,y"),
        }
    }
}

fn error(kind: ParseErrorKind, offset: usize) -> ParseError {
    ParseError::new(kind, offset)
}

/// A player's cell letter: `1` to `9`, then `a` for 10 up to `g` for 16.
pub fn player_symbol(player: u32) -> char {
    match player {
        1..=9 => (b'0' + player as u8) as char,
        10..=16 => (b'a' + (player - 10) as u8) as char,
        _ => '?',
    }
}

fn player_of_symbol(c: u8) -> Option<u32> {
    match c {
        b'1'..=b'9' => Some(u32::from(c - b'0')),
        b'a'..=b'g' => Some(u32::from(c - b'a') + 10),
        _ => None,
    }
}

/// Splits the text at single spaces, remembering offsets.
struct Fields<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Fields<'a> {
    fn next(&mut self, name: &'static str) -> Result<(usize, &'a str), ParseError> {
        let rest = &self.text[self.at.min(self.text.len())..];
        if rest.is_empty() {
            return Err(error(ParseErrorKind::MissingField(name), self.text.len()));
        }
        let start = self.at;
        let len = rest.find(' ').unwrap_or(rest.len());
        self.at += len + 1;
        Ok((start, &rest[..len]))
    }
}

impl<const WORDS: usize> Position<WORDS> {
    /// Reads a position text (see the module).
    pub fn from_text(text: &str) -> Result<Self, ParseError> {
        let mut fields = Fields { text, at: 0 };
        let (at, size) = fields.next("size")?;
        let (width, height) = size
            .split_once('x')
            .and_then(|(w, h)| Some((number(w)?, number(h)?)))
            .filter(|&(w, h)| w >= 1 && h >= 1 && w <= 1 << 16 && h <= 1 << 16)
            .ok_or(error(ParseErrorKind::BadSize, at))?;
        let (width, height) = (width as u32, height as u32);
        let (at, players) = fields.next("players")?;
        let players = number(players)
            .filter(|&p| p >= 1 && p <= TEXT_PLAYERS as u64)
            .ok_or(error(ParseErrorKind::BadNumber("players"), at))? as u32;
        let (at, areas) = fields.next("areas")?;
        let areas = number(areas)
            .filter(|&a| a >= 1 && a <= u64::from(u32::MAX))
            .ok_or(error(ParseErrorKind::BadNumber("areas"), at))? as u32;
        // The board must fit before its cells are read.
        let board_at = fields.at;
        Self::new(width, height, players, areas)
            .map_err(|e| error(ParseErrorKind::Position(e), 0))?;
        let (_, board) = fields.next("board")?;
        check_board(board, board_at, width, height, players)?;
        let (at, turn) = fields.next("to-move")?;
        let to_move = match turn {
            "-" => None,
            t => Some(
                number(t)
                    .filter(|&p| p >= 1 && p <= u64::from(players))
                    .ok_or(error(ParseErrorKind::BadTurn, at))? as u32,
            ),
        };
        let (at, golden) = fields.next("golden")?;
        let golden_used =
            parse_golden(golden, players).ok_or(error(ParseErrorKind::BadGolden, at))?;
        // A space after the last field is trailing text too (its offset
        // that of the space when nothing follows it).
        if fields.at <= text.len() {
            let at = fields.at.min(text.len() - 1);
            return Err(error(ParseErrorKind::TrailingText, at));
        }
        let bytes = board.as_bytes();
        let cell = |x: u32, y: u32| {
            // Row `height - 1 - y` from the top, each `width + 1` bytes.
            let i = (height - 1 - y) as usize * (width as usize + 1) + x as usize;
            player_of_symbol(bytes[i]).map_or(0, |p| p as u8)
        };
        Self::from_parts(width, height, players, areas, cell, golden_used, to_move)
            .map_err(|e| error(ParseErrorKind::Position(e), 0))
    }
}

/// Checks the board field: `height` rows of `width` cells joined by `/`.
fn check_board(
    board: &str,
    base: usize,
    width: u32,
    height: u32,
    players: u32,
) -> Result<(), ParseError> {
    let mut rows = 0u32;
    for (i, row) in board.split('/').enumerate() {
        let at = base + i * (width as usize + 1);
        if rows == height {
            return Err(error(
                ParseErrorKind::RowCount { expected: height },
                at.saturating_sub(1),
            ));
        }
        for (k, c) in row.bytes().enumerate() {
            if c != b'.' && player_of_symbol(c).is_none_or(|p| p > players) {
                let ch = row[k..].chars().next().unwrap_or('?');
                return Err(error(ParseErrorKind::BadCell(ch), at + k));
            }
        }
        if row.len() != width as usize {
            return Err(error(ParseErrorKind::RowLength { expected: width }, at));
        }
        rows += 1;
    }
    if rows != height {
        return Err(error(
            ParseErrorKind::RowCount { expected: height },
            base + board.len(),
        ));
    }
    Ok(())
}

/// `-` or ascending players joined by `,`, as the bits of their indices.
fn parse_golden(text: &str, players: u32) -> Option<u16> {
    if text == "-" {
        return Some(0);
    }
    let mut bits = 0u16;
    let mut last = 0;
    for part in text.split(',') {
        let p = number(part).filter(|&p| p > last && p <= u64::from(players))?;
        last = p;
        bits |= 1 << (p - 1);
    }
    Some(bits)
}

/// Writes the position text.
#[derive(Clone, Copy, Debug)]
pub struct PositionText<'a, const WORDS: usize>(pub &'a Position<WORDS>);

impl<const WORDS: usize> fmt::Display for PositionText<'_, WORDS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        write!(
            f,
            "{}x{} {} {} ",
            p.width(),
            p.height(),
            p.player_count(),
            p.areas()
        )?;
        for y in (0..p.height()).rev() {
            if y + 1 < p.height() {
                f.write_str("/")?;
            }
            for x in 0..p.width() {
                let c = p.owner(x, y).map_or('.', player_symbol);
                fmt::Write::write_char(f, c)?;
            }
        }
        match p.player_to_move() {
            Some(q) => write!(f, " {q} ")?,
            None => f.write_str(" - ")?,
        }
        let golden = p.golden_used_bits();
        if golden == 0 {
            return f.write_str("-");
        }
        let mut sep = "";
        for q in 1..=p.player_count() {
            if golden >> (q - 1) & 1 == 1 {
                write!(f, "{sep}{q}")?;
                sep = ",";
            }
        }
        Ok(())
    }
}

/// Writes `x,y` or `g x,y`.
#[derive(Clone, Copy, Debug)]
pub struct MoveText(pub Move);

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.0;
        if m.golden {
            f.write_str("g ")?;
        }
        write!(f, "{},{}", m.x, m.y)
    }
}

impl Move {
    /// Reads `x,y` or `g x,y` (also `gx,y`); whether the cell is on a
    /// board, and the move legal, is the position's business.
    pub fn from_text(text: &str) -> Result<Move, ParseError> {
        let (golden, rest) = match text.strip_prefix('g') {
            Some(rest) => (true, rest.strip_prefix(' ').unwrap_or(rest)),
            None => (false, text),
        };
        let (x, y) = rest
            .split_once(',')
            .and_then(|(x, y)| Some((decimal(x)?, decimal(y)?)))
            .filter(|&(x, y)| x <= u64::from(u16::MAX) && y <= u64::from(u16::MAX))
            .ok_or(error(ParseErrorKind::BadMove, 0))?;
        Ok(Move {
            x: x as u16,
            y: y as u16,
            golden,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type P = Position<4>;

    #[test]
    fn a_position_prints_and_reads_back() {
        let mut p = P::new(5, 4, 2, 3).unwrap();
        assert_eq!(
            PositionText(&p).to_string(),
            "5x4 2 3 ...../...../...../..... 1 -"
        );
        p.make_move(Move::ordinary(2, 1)).unwrap();
        p.make_move(Move::ordinary(2, 2)).unwrap();
        p.make_move(Move::ordinary(1, 1)).unwrap();
        p.make_move(Move::golden(2, 1)).unwrap();
        let text = PositionText(&p).to_string();
        assert_eq!(text, "5x4 2 3 ...../..2../.12../..... 1 2");
        let back = P::from_text(&text).unwrap();
        assert_eq!(back, p);
        assert_eq!(PositionText(&back).to_string(), text);
    }

    #[test]
    fn bad_texts_say_what_and_where() {
        let err = |t: &str| P::from_text(t).map(|_| ()).unwrap_err();
        assert_eq!(
            err("5x4 2 3"),
            error(ParseErrorKind::MissingField("board"), 7)
        );
        assert_eq!(err("5y4 2 3 . 1 -").kind, ParseErrorKind::BadSize);
        assert_eq!(
            err("2x2 17 3 ../.. 1 -").kind,
            ParseErrorKind::BadNumber("players")
        );
        assert_eq!(
            err("2x2 2 3 ../.3 1 -"),
            error(ParseErrorKind::BadCell('3'), 12)
        );
        assert_eq!(
            err("2x2 2 3 ../... 1 -").kind,
            ParseErrorKind::RowLength { expected: 2 }
        );
        assert_eq!(
            err("2x2 2 3 ../../.. 1 -").kind,
            ParseErrorKind::RowCount { expected: 2 }
        );
        assert_eq!(err("2x2 2 3 ../.. 3 -"), error(ParseErrorKind::BadTurn, 14));
        assert_eq!(
            err("2x2 2 3 ../.. 1 2,1"),
            error(ParseErrorKind::BadGolden, 16)
        );
        assert_eq!(
            err("2x2 2 3 ../.. 1 - x"),
            error(ParseErrorKind::TrailingText, 18)
        );
        assert_eq!(
            err("2x2 2 3 ../.. 1 - "),
            error(ParseErrorKind::TrailingText, 17)
        );
        // Player 1 holds two areas of at most one.
        assert_eq!(
            err("3x1 2 1 1.1 2 -").kind,
            ParseErrorKind::Position(PositionError::TooManyAreas)
        );
        // Nobody can move on a full board, so nobody is on turn.
        assert_eq!(
            err("2x1 2 1 12 1 1,2").kind,
            ParseErrorKind::Position(PositionError::BadTurn)
        );
        assert!(P::from_text("2x1 2 1 12 - 1,2").is_ok());
        // Numbers as they print: no leading zeros (they would print back
        // otherwise).
        for (text, kind) in [
            ("02x1 2 1 .. 1 -", ParseErrorKind::BadSize),
            ("2x1 02 1 .. 1 -", ParseErrorKind::BadNumber("players")),
            ("2x1 2 01 .. 1 -", ParseErrorKind::BadNumber("areas")),
            ("2x1 2 1 .. 01 -", ParseErrorKind::BadTurn),
            ("2x1 2 1 12 - 1,02", ParseErrorKind::BadGolden),
        ] {
            assert_eq!(err(text).kind, kind, "{text}");
        }
        // Too big for this storage.
        assert_eq!(
            err("100x100 2 3 . 1 -").kind,
            ParseErrorKind::Position(PositionError::TooManyCells)
        );
    }

    #[test]
    fn moves_read_and_print() {
        for (text, mv) in [
            ("3,4", Move::ordinary(3, 4)),
            ("g 0,12", Move::golden(0, 12)),
        ] {
            assert_eq!(Move::from_text(text), Ok(mv));
            assert_eq!(MoveText(mv).to_string(), text);
        }
        assert_eq!(Move::from_text("g3,4"), Ok(Move::golden(3, 4)));
        for bad in [
            "", "3", "3,", ",4", "g", "h 3,4", "3,4,5", "-1,2", "70000,1",
        ] {
            assert!(Move::from_text(bad).is_err(), "{bad:?}");
        }
    }
}
