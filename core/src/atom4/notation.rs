//! Text forms of boards and positions.
//!
//! * Board text: rows from `y = 0` down, each its letters left to right
//!   (`.` empty, `K r g y b p c W`), rows joined by `/` — the vectors' format.
//! * Position text: `<board> <tile> <round> <score1>-<score2> <status>`, fields
//!   separated by one space; tile is a letter of `r y g c b p`, status is `*`
//!   (in play), `1` or `2` (won by that player) or `=` (stalemate). The player
//!   to move follows from the tile (additive tiles are player 1's). Example:
//!   the start of a 6 x 4 game is `....../..gp../....../...... r 1 0-0 *`.

use core::fmt;
use core::str::FromStr;

use super::board::Board;
use super::color::{Color, Tile};
use super::geometry::MIN_SIDE;
use super::state::{Atom4, Status};
use crate::game::Player;
use crate::grid::MAX_SIDE;

/// What is wrong with a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// A character that is not a cell letter (`. K r g y b p c W`) or `/`.
    BadCellLetter(char),
    /// A row whose length differs from the first row's.
    RaggedRow { row: u8, expected: u8, found: u8 },
    /// A board narrower or wider than 2..=16 cells.
    BadWidth(u8),
    /// A board with fewer than 2 or more than 16 rows.
    BadHeight(u8),
    /// A field of the position text is missing.
    MissingField(&'static str),
    /// The tile field is not one of `r y g c b p`.
    BadTile,
    /// The round field is not a number from 1.
    BadRound,
    /// The scores field is not `<n>-<n>`.
    BadScores,
    /// The status field is not one of `* 1 2 =`.
    BadStatus,
    /// Text after the last field.
    TrailingText,
    /// The fields cannot belong to one game: a round in play with no legal
    /// cell or on a full board, or a stalemate on a board with empty cells.
    Inconsistent,
}

/// A parse error: what is wrong, and the byte offset in the text where it is.
pub type ParseError = crate::text::ParseError<ParseErrorKind>;

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseErrorKind::BadCellLetter(c) => {
                write!(f, "{c:?} is not a cell letter (one of . K r g y b p c W) or '/'")
            }
            ParseErrorKind::RaggedRow { row, expected, found } => write!(
                f,
                "row {row} has {found} cells but the first row has {expected}"
            ),
            ParseErrorKind::BadWidth(w) => {
                write!(f, "rows of {w} cells; a board is {MIN_SIDE} to {MAX_SIDE} wide")
            }
            ParseErrorKind::BadHeight(h) => {
                write!(f, "{h} rows; a board is {MIN_SIDE} to {MAX_SIDE} rows high")
            }
            ParseErrorKind::MissingField(name) => write!(f, "the {name} field is missing"),
            ParseErrorKind::BadTile => f.write_str("the tile is not one of r y g c b p"),
            ParseErrorKind::BadRound => f.write_str("the round is not a number from 1"),
            ParseErrorKind::BadScores => f.write_str("the scores are not <n>-<n>"),
            ParseErrorKind::BadStatus => f.write_str("the status is not one of * 1 2 ="),
            ParseErrorKind::TrailingText => f.write_str("unexpected text after the status"),
            ParseErrorKind::Inconsistent => f.write_str(
                "the status does not fit the board (in play with no legal cell, or a stalemate with empty cells)",
            ),
        }
    }
}

fn error(kind: ParseErrorKind, offset: usize) -> ParseError {
    ParseError { kind, offset }
}

impl Board {
    /// Reads board text. `offset` of an error counts from the start of `text`.
    pub fn from_text(text: &str) -> Result<Board, ParseError> {
        let mut rows = 0u8;
        let mut width = 0u8;
        let mut offset = 0usize;
        // Pass 1: the shape, so that the board can be made the right size.
        for (r, row) in text.split('/').enumerate() {
            let len = row.chars().count();
            if let Some((i, c)) = row
                .char_indices()
                .find(|&(_, c)| c != '.' && Color::from_letter(c).is_none())
            {
                return Err(error(ParseErrorKind::BadCellLetter(c), offset + i));
            }
            if len > MAX_SIDE as usize || len < MIN_SIDE as usize {
                return Err(error(ParseErrorKind::BadWidth(len.min(255) as u8), offset));
            }
            if r == 0 {
                width = len as u8;
            } else if len as u8 != width {
                let found = len as u8;
                return Err(error(
                    ParseErrorKind::RaggedRow {
                        row: r as u8,
                        expected: width,
                        found,
                    },
                    offset,
                ));
            }
            if r >= MAX_SIDE as usize {
                return Err(error(
                    ParseErrorKind::BadHeight((r + 1).min(255) as u8),
                    offset,
                ));
            }
            rows = r as u8 + 1;
            offset += row.len() + 1;
        }
        let mut board =
            Board::empty(width, rows).map_err(|_| error(ParseErrorKind::BadHeight(rows), 0))?;
        // Pass 2: the cells (every letter is known good now).
        for (y, row) in text.split('/').enumerate() {
            for (x, c) in row.chars().enumerate() {
                if let (Some(cell), Some(color)) =
                    (board.cell(x as u8, y as u8), Color::from_letter(c))
                {
                    board.set(cell, Some(color));
                }
            }
        }
        Ok(board)
    }
}

impl FromStr for Board {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Board, ParseError> {
        Board::from_text(text)
    }
}

/// Displays a board as board text.
#[derive(Clone, Copy, Debug)]
pub struct BoardText<'a>(pub &'a Board);

impl fmt::Display for BoardText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.0;
        for y in 0..board.height() {
            if y > 0 {
                f.write_str("/")?;
            }
            for x in 0..board.width() {
                let letter = board
                    .cell(x, y)
                    .and_then(|c| board.get(c))
                    .map_or('.', Color::letter);
                fmt::Write::write_char(f, letter)?;
            }
        }
        Ok(())
    }
}

/// Displays a board as a multi-line diagram, odd rows shifted half a cell
/// right as the original draws them.
#[derive(Clone, Copy, Debug)]
pub struct Diagram<'a>(pub &'a Board);

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.0;
        for y in 0..board.height() {
            if y % 2 == 1 {
                f.write_str(" ")?;
            }
            for x in 0..board.width() {
                let letter = board
                    .cell(x, y)
                    .and_then(|c| board.get(c))
                    .map_or('.', Color::letter);
                if x > 0 {
                    f.write_str(" ")?;
                }
                fmt::Write::write_char(f, letter)?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// Writes the position text.
impl fmt::Display for Atom4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let status = match self.status() {
            Status::Playing => '*',
            Status::Won(p) => (b'0' + p.number()) as char,
            Status::Stalemate => '=',
        };
        let [s1, s2] = self.scores();
        write!(
            f,
            "{} {} {} {s1}-{s2} {status}",
            BoardText(self.board()),
            self.tile().color().letter(),
            self.round()
        )
    }
}

impl Atom4 {
    /// Reads position text (see the module documentation).
    pub fn from_text(text: &str) -> Result<Atom4, ParseError> {
        let mut fields = Fields { text, at: 0 };
        let (at, board_text) = fields.next("board")?;
        let board = Board::from_text(board_text).map_err(|e| error(e.kind, at + e.offset))?;

        let (at, tile) = fields.next("tile")?;
        let tile = single_char(tile)
            .and_then(Color::from_letter)
            .and_then(Tile::of_color)
            .ok_or(error(ParseErrorKind::BadTile, at))?;

        let (at, round) = fields.next("round")?;
        let round = parse_number(round)
            .filter(|&r| r >= 1)
            .ok_or(error(ParseErrorKind::BadRound, at))?;

        let (at, scores) = fields.next("scores")?;
        let scores = scores
            .split_once('-')
            .and_then(|(a, b)| Some([parse_number(a)?, parse_number(b)?]))
            .ok_or(error(ParseErrorKind::BadScores, at))?;

        let (at, status) = fields.next("status")?;
        let status = match single_char(status) {
            Some('*') => Status::Playing,
            Some('1') => Status::Won(Player::ONE),
            Some('2') => Status::Won(Player::TWO),
            Some('=') => Status::Stalemate,
            _ => return Err(error(ParseErrorKind::BadStatus, at)),
        };
        if fields.at < text.len() {
            return Err(error(ParseErrorKind::TrailingText, fields.at));
        }
        Atom4::from_parts(board, tile, round, scores, status)
            .ok_or(error(ParseErrorKind::Inconsistent, 0))
    }
}

impl FromStr for Atom4 {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Atom4, ParseError> {
        Atom4::from_text(text)
    }
}

/// Splits position text at single spaces, remembering offsets.
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

fn single_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// A decimal number of plain ASCII digits (no sign, no spaces).
fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_6X4: &str = "....../..gp../....../...... r 1 0-0 *";

    fn err(text: &str) -> ParseError {
        Atom4::from_text(text).unwrap_err()
    }

    #[test]
    fn positions_round_trip() {
        let game = Atom4::new(6, 4).unwrap();
        assert_eq!(game.to_string(), START_6X4);
        assert_eq!(Atom4::from_text(START_6X4), Ok(game));
        let mut game = Atom4::standard();
        for _ in 0..40 {
            let mv = game.legal_moves().first().unwrap();
            game.play(mv).unwrap();
            let text = game.to_string();
            assert_eq!(text.parse::<Atom4>(), Ok(game), "{text}");
        }
    }

    #[test]
    fn errors_say_what_and_where() {
        use ParseErrorKind::*;
        let e = err("....../..gx../....../...... r 1 0-0 *");
        assert_eq!((e.kind, e.offset), (BadCellLetter('x'), 10));
        let e = err("....../..gp./....../...... r 1 0-0 *");
        assert_eq!(
            (e.kind, e.offset),
            (
                RaggedRow {
                    row: 1,
                    expected: 6,
                    found: 5
                },
                7
            )
        );
        assert_eq!(err(". r 1 0-0 *").kind, BadWidth(1));
        let e = err("....../..gp../....../...... x 1 0-0 *");
        assert_eq!((e.kind, e.offset), (BadTile, 28));
        assert_eq!(err("....../..gp../....../...... r 0 0-0 *").kind, BadRound);
        assert_eq!(err("....../..gp../....../...... r 1 0:0 *").kind, BadScores);
        assert_eq!(
            err("....../..gp../....../...... r 1 0-+1 *").kind,
            BadScores
        );
        assert_eq!(err("....../..gp../....../...... r 1 0-0 ?").kind, BadStatus);
        assert_eq!(
            err("....../..gp../....../...... r 1 0-0").kind,
            MissingField("status")
        );
        assert_eq!(err("").kind, MissingField("board"));
        let e = err("....../..gp../....../...... r 1 0-0 * extra");
        assert_eq!((e.kind, e.offset), (TrailingText, 38));
        // In play, but nothing can be placed next to a lone piece.
        assert_eq!(
            err("....../..g.../....../...... r 1 0-0 *").kind,
            Inconsistent
        );
        assert_eq!(
            err("....../..gp../....../...... r 1 0-0 =").kind,
            Inconsistent
        );
        let rows17 = ["..."; 17].join("/");
        assert_eq!(Board::from_text(&rows17).unwrap_err().kind, BadHeight(17));
        assert_eq!(err("....../..gp../....../...... r 1 0-0 =").to_string(), "at byte 0: the status does not fit the board (in play with no legal cell, or a stalemate with empty cells)");
    }

    #[test]
    fn diagram_shifts_odd_rows() {
        let game = Atom4::new(4, 2).unwrap();
        assert_eq!(Diagram(game.board()).to_string(), ". g p .\n . . . .\n");
    }
}
