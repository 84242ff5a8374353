//! Text forms of positions and moves (spec section 3).
//!
//! * Position: `RULES PLAYERS BOARD TOMOVE PLY OUT RESULT`, fields separated
//!   by one space, e.g. `classic 3 .1b1b1c. b 3 a *`.
//! * Board: rows from the top joined by `/`, each cell `.` or its count
//!   and owner letter (`2a`; `0a` only in `atoms`).
//! * Move: `x,y` (0-based, column first) or `pass`.
//!
//! The parser refuses what spec section 3 lists, and also positions whose
//! fields contradict each other (a game on without a player to move, a
//! winner who is out, ...); every error names the byte offset where it is.
//! Printing gives back exactly the text of any accepted position (numbers
//! have no leading zeros, out letters are in order).

use core::fmt;
use core::str::FromStr;

use super::board::{letter, Board, MAX_COUNT};
use super::position::{Move, Position, Status, MAX_PLAYERS};
use super::rules::Rules;
use crate::game::Player;
use crate::grid::{Cell, MAX_SIDE};

/// What is wrong with a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// A field of the position is missing (its name).
    MissingField(&'static str),
    /// Text after the seventh field.
    TrailingText,
    /// The rules are neither `classic` nor `atoms`.
    UnknownRules,
    /// The player count is not a number from 2 to 8.
    BadPlayers,
    /// `atoms` with other than 2 players.
    AtomsPlayers,
    /// A cell that is neither `.` nor a digit and a letter.
    BadCell,
    /// A count over 7.
    CountOver7,
    /// An owner letter beyond the player count.
    OwnerBeyondPlayers(char),
    /// `0` and a letter (an empty cell with an owner) in `classic`.
    ZeroInClassic,
    /// A row without cells.
    EmptyRow,
    /// A row of more than 16 cells.
    TooWide,
    /// More than 16 rows.
    TooTall,
    /// A row whose length differs from the first row's.
    RaggedRow { row: u8, expected: u8, found: u8 },
    /// A board of one cell.
    SingleCell,
    /// The player to move is neither `-` nor a player's letter.
    BadToMove,
    /// The ply is not a decimal number (without leading zeros) that fits 32 bits.
    BadPly,
    /// The out field is neither `-` nor players' letters in order.
    BadOut,
    /// The result is none of `*`, `=` and a player's letter.
    BadResult,
    /// A player to move in a finished game, or `-` in a game on.
    ToMoveMismatch,
    /// The player to move is out.
    ToMoveOut,
    /// A game on with fewer than two players left.
    OneLeft,
    /// A game on with a cell at or over its critical mass.
    Unstable { x: u8, y: u8 },
    /// A game on whose player to move has no legal cell (`classic`: they
    /// would have forfeited).
    NoLegalCell,
    /// The winner is out.
    WinnerOut,
    /// A won game with another player not out.
    LoserNotOut,
    /// A draw in `atoms`, which has none.
    DrawInAtoms,
    /// A player who is out has orbs on the board.
    OutWithOrbs(char),
    /// A move that is neither `x,y` nor `pass`.
    BadMove,
    /// A coordinate of 16 or more.
    CoordinateTooLarge,
}

/// A parse error: what is wrong, and the byte offset in the text where it is.
pub type ParseError = crate::text::ParseError<ParseErrorKind>;

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind::*;
        match *self {
            MissingField(name) => write!(f, "the {name} field is missing"),
            TrailingText => f.write_str("unexpected text after the result"),
            UnknownRules => f.write_str("the rules are neither classic nor atoms"),
            BadPlayers => f.write_str("the player count is not a number from 2 to 8"),
            AtomsPlayers => f.write_str("atoms is played by exactly 2 players"),
            BadCell => f.write_str("a cell is '.' or a count digit and an owner letter"),
            CountOver7 => f.write_str("a cell holds at most 7 orbs"),
            OwnerBeyondPlayers(c) => write!(f, "owner {c:?} is beyond the player count"),
            ZeroInClassic => f.write_str("an empty cell has no owner in classic"),
            EmptyRow => f.write_str("a row without cells"),
            TooWide => write!(f, "a row of more than {MAX_SIDE} cells"),
            TooTall => write!(f, "more than {MAX_SIDE} rows"),
            RaggedRow {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} has {found} cells but the first row has {expected}"
            ),
            SingleCell => f.write_str("a board of a single cell"),
            BadToMove => f.write_str("the player to move is neither '-' nor a player's letter"),
            BadPly => f.write_str(
                "the ply is not a decimal number from 0 to 4294967295 without leading zeros",
            ),
            BadOut => f.write_str("the out field is neither '-' nor players' letters in order"),
            BadResult => f.write_str("the result is none of '*', '=' and a player's letter"),
            ToMoveMismatch => {
                f.write_str("the player to move is '-' exactly when the game is over")
            }
            ToMoveOut => f.write_str("the player to move is out"),
            OneLeft => f.write_str("a game on needs two players who are not out"),
            Unstable { x, y } => write!(f, "cell {x},{y} is unstable in a game on"),
            NoLegalCell => f.write_str("the player to move has no legal cell"),
            WinnerOut => f.write_str("the winner is out"),
            LoserNotOut => f.write_str("a player other than the winner is not out"),
            DrawInAtoms => f.write_str("atoms has no draw"),
            OutWithOrbs(c) => write!(f, "player {c:?} is out but has orbs"),
            BadMove => f.write_str("a move is x,y or pass"),
            CoordinateTooLarge => write!(f, "coordinates are below {MAX_SIDE}"),
        }
    }
}

fn error(kind: ParseErrorKind, offset: usize) -> ParseError {
    ParseError { kind, offset }
}

/// The player of letter `c` in a game of `players`.
fn player_of(c: u8, players: u8) -> Option<Player> {
    let i = c.wrapping_sub(b'a');
    (i < players).then(|| Player::new(i as usize)).flatten()
}

/// A single byte, if `s` is one.
fn single(s: &str) -> Option<u8> {
    match s.as_bytes() {
        [b] => Some(*b),
        _ => None,
    }
}

/// Whether `s` is a decimal number of plain digits without leading zeros.
fn is_decimal(s: &str) -> bool {
    let canonical = s == "0" || (!s.starts_with('0') && !s.is_empty());
    canonical && s.bytes().all(|b| b.is_ascii_digit())
}

/// A decimal number of plain digits without leading zeros, of 32 bits.
fn parse_number(s: &str) -> Option<u32> {
    is_decimal(s).then(|| s.parse().ok()).flatten()
}

/// Reads board text for `rules` and `players`; offsets count from `base`.
fn parse_board(text: &str, base: usize, rules: Rules, players: u8) -> Result<Board, ParseError> {
    use ParseErrorKind::*;
    // Cells go to a 16 x 16 scratch board at y * 16 + x until the width is known.
    let mut scratch = Board::empty(MAX_SIDE, MAX_SIDE).map_err(|_| error(TooWide, base))?;
    let mut width = 0u8;
    let mut row_start = 0usize;
    let mut rows = 0u8;
    for (y, row) in text.split('/').enumerate() {
        let at = |i: usize| base + row_start + i;
        if y >= MAX_SIDE as usize {
            return Err(error(TooTall, at(0)));
        }
        let bytes = row.as_bytes();
        let (mut i, mut x) = (0usize, 0u8);
        while i < bytes.len() {
            if x >= MAX_SIDE {
                return Err(error(TooWide, at(i)));
            }
            let index = y * MAX_SIDE as usize + x as usize;
            match bytes[i] {
                b'.' => i += 1,
                digit @ b'0'..=b'9' => {
                    let Some(&owner) = bytes.get(i + 1).filter(|b| b.is_ascii_lowercase()) else {
                        return Err(error(BadCell, at(i)));
                    };
                    let count = digit - b'0';
                    if count > MAX_COUNT {
                        return Err(error(CountOver7, at(i)));
                    }
                    let Some(player) = player_of(owner, players) else {
                        return Err(error(OwnerBeyondPlayers(owner as char), at(i + 1)));
                    };
                    if count == 0 && rules == Rules::Classic {
                        return Err(error(ZeroInClassic, at(i)));
                    }
                    scratch.set(index, count, Some(player));
                    i += 2;
                }
                _ => return Err(error(BadCell, at(i))),
            }
            x += 1;
        }
        if x == 0 {
            return Err(error(EmptyRow, at(0)));
        }
        if y == 0 {
            width = x;
        } else if x != width {
            return Err(error(
                RaggedRow {
                    row: y as u8,
                    expected: width,
                    found: x,
                },
                at(0),
            ));
        }
        rows = y as u8 + 1;
        row_start += row.len() + 1;
    }
    let mut board = Board::empty(width, rows).map_err(|_| error(SingleCell, base))?;
    for (y, x) in (0..rows).flat_map(|y| (0..width).map(move |x| (y, x))) {
        if let Some(cell) = Cell::new(x, y) {
            let i = y as usize * width as usize + x as usize;
            board.set(i, scratch.count(cell), scratch.owner(cell));
        }
    }
    Ok(board)
}

/// The byte offset (from the start of board text) of each cell, row by row.
fn cell_offsets(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    core::iter::from_fn(move || {
        while i < bytes.len() && bytes[i] == b'/' {
            i += 1;
        }
        let at = i;
        if at >= bytes.len() {
            return None;
        }
        i += if bytes[i] == b'.' { 1 } else { 2 };
        Some(at)
    })
}

/// Splits position text at single spaces, remembering offsets.
struct Fields<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Fields<'a> {
    fn next(&mut self, name: &'static str) -> Result<(usize, &'a str), ParseError> {
        if self.at > self.text.len() {
            return Err(error(ParseErrorKind::MissingField(name), self.text.len()));
        }
        let rest = &self.text[self.at..];
        let start = self.at;
        let len = rest.find(' ').unwrap_or(rest.len());
        self.at += len + 1;
        Ok((start, &rest[..len]))
    }
}

impl Position {
    /// Reads position text (see the module documentation).
    pub fn from_text(text: &str) -> Result<Position, ParseError> {
        use ParseErrorKind::*;
        let mut fields = Fields { text, at: 0 };
        let (at, rules) = fields.next("rules")?;
        let rules = match rules {
            "classic" => Rules::Classic,
            "atoms" => Rules::Atoms,
            _ => return Err(error(UnknownRules, at)),
        };
        let (at, players) = fields.next("players")?;
        let players = parse_number(players)
            .filter(|n| (2..=MAX_PLAYERS as u32).contains(n))
            .ok_or(error(BadPlayers, at))? as u8;
        if !rules.allows_players(players) {
            return Err(error(AtomsPlayers, at));
        }
        let (board_at, board_text) = fields.next("board")?;
        let board = parse_board(board_text, board_at, rules, players)?;

        let (to_move_at, to_move) = fields.next("to-move")?;
        let to_move = match single(to_move) {
            Some(b'-') => None,
            Some(c) => Some(player_of(c, players).ok_or(error(BadToMove, to_move_at))?),
            None => return Err(error(BadToMove, to_move_at)),
        };
        let (at, ply) = fields.next("ply")?;
        let ply = parse_number(ply).ok_or(error(BadPly, at))?;
        let (out_at, out_text) = fields.next("out")?;
        let mut out = 0u8;
        if out_text != "-" {
            let mut last = None;
            for c in out_text.bytes() {
                let p = player_of(c, players).filter(|&p| last < Some(p));
                let Some(p) = p else {
                    return Err(error(BadOut, out_at));
                };
                out |= 1 << p.index();
                last = Some(p);
            }
            if out == 0 {
                return Err(error(BadOut, out_at));
            }
        }
        let (result_at, result) = fields.next("result")?;
        let status = match single(result) {
            Some(b'*') => Status::Playing,
            Some(b'=') => Status::Drawn,
            Some(c) => Status::Won(player_of(c, players).ok_or(error(BadResult, result_at))?),
            None => return Err(error(BadResult, result_at)),
        };
        // The fields end at the end of the text, not at a space.
        if fields.at <= text.len() {
            return Err(error(TrailingText, fields.at - 1));
        }

        let position = Position {
            board,
            ply,
            rules,
            players,
            to_move: to_move.unwrap_or(Player::ONE),
            out,
            status,
        };
        let is_out = |p: Player| out >> p.index() & 1 != 0;
        if to_move.is_some() != (status == Status::Playing) {
            return Err(error(ToMoveMismatch, to_move_at));
        }
        let planes = board.planes::<4>();
        for p in position.all_players() {
            if is_out(p) && planes.has_orbs(p) {
                return Err(error(OutWithOrbs(letter(p)), out_at));
            }
        }
        match status {
            Status::Playing => {
                if to_move.is_some_and(is_out) {
                    return Err(error(ToMoveOut, to_move_at));
                }
                if position.all_players().filter(|&p| !is_out(p)).count() < 2 {
                    return Err(error(OneLeft, out_at));
                }
                let shape = super::cascade::Shape::<4>::new(board.width(), board.height(), rules);
                let unstable = planes.unstable(&shape);
                if let Some(i) = unstable.iter().next() {
                    let cell = board.cell_at(i);
                    let offset = cell_offsets(board_text).nth(i).unwrap_or(0);
                    let (x, y) = (cell.x(), cell.y());
                    return Err(error(Unstable { x, y }, board_at + offset));
                }
                if rules == Rules::Classic && position.open_set().count() == 0 {
                    return Err(error(NoLegalCell, to_move_at));
                }
            }
            Status::Won(winner) => {
                if is_out(winner) {
                    return Err(error(WinnerOut, result_at));
                }
                if position.all_players().any(|p| p != winner && !is_out(p)) {
                    return Err(error(LoserNotOut, out_at));
                }
            }
            Status::Drawn => {
                if rules == Rules::Atoms {
                    return Err(error(DrawInAtoms, result_at));
                }
            }
        }
        Ok(position)
    }
}

impl FromStr for Position {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Position, ParseError> {
        Position::from_text(text)
    }
}

/// Writes the position text.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} ", self.rules.name(), self.players, self.board)?;
        match self.to_move() {
            Some(p) => write!(f, "{}", letter(p))?,
            None => f.write_str("-")?,
        }
        write!(f, " {} ", self.ply)?;
        if self.out == 0 {
            f.write_str("-")?;
        }
        for p in self.out_players() {
            write!(f, "{}", letter(p))?;
        }
        match self.status {
            Status::Playing => f.write_str(" *"),
            Status::Drawn => f.write_str(" ="),
            Status::Won(p) => write!(f, " {}", letter(p)),
        }
    }
}

/// Writes `x,y` or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(cell) => write!(f, "{},{}", cell.x(), cell.y()),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads `x,y` (0-based decimal numbers) or `pass`.
    fn from_str(text: &str) -> Result<Move, ParseError> {
        if text == "pass" {
            return Ok(Move::Pass);
        }
        let Some(comma) = text.find(',') else {
            return Err(error(ParseErrorKind::BadMove, 0));
        };
        let (x, y) = (&text[..comma], &text[comma + 1..]);
        let coordinate = |s: &str, at: usize| {
            if !is_decimal(s) {
                return Err(error(ParseErrorKind::BadMove, at));
            }
            s.parse::<u8>()
                .ok()
                .filter(|&n| n < MAX_SIDE)
                .ok_or(error(ParseErrorKind::CoordinateTooLarge, at))
        };
        let x = coordinate(x, 0)?;
        let y = coordinate(y, comma + 1)?;
        Cell::new(x, y)
            .map(Move::Place)
            .ok_or(error(ParseErrorKind::CoordinateTooLarge, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ParseErrorKind::*;

    fn err(text: &str) -> (ParseErrorKind, usize) {
        let e = Position::from_text(text).unwrap_err();
        (e.kind, e.offset)
    }

    #[test]
    fn the_spec_examples_round_trip() {
        for text in [
            "classic 2 ....../....../....../....../....../....../....../....../...... a 0 - *",
            "classic 3 .1b1b1c. b 3 a *",
            "classic 2 3b.2b/.4b./3b.2b - 14 a b",
            "classic 2 1a/. - 1 - =",
            "classic 5 1a1b/1c1d a 5 e *",
            "atoms 2 0a1a/1a. - 11 b a",
            "atoms 2 0a1a../1a..1b/...2b b 7 - *",
        ] {
            let position: Position = text.parse().unwrap();
            assert_eq!(position.to_string(), text);
        }
        let start = Position::new(Rules::Classic, 6, 9, 2).unwrap();
        assert_eq!(
            start.to_string().parse::<Position>(),
            Ok(start),
            "the empty 6x9 start"
        );
    }

    #[test]
    fn wrong_field_counts_are_refused() {
        assert_eq!(err(""), (UnknownRules, 0));
        assert_eq!(err("classic"), (MissingField("players"), 7));
        assert_eq!(err("classic 2 1a./.. b 1 -"), (MissingField("result"), 22));
        assert_eq!(err("classic 2 1a./.. b 1 - * x"), (TrailingText, 24));
        assert_eq!(err("classic 2 1a./.. b 1 - * "), (TrailingText, 24));
        // Two spaces make an empty field.
        assert_eq!(err("classic  2 1a./.. b 1 - *"), (BadPlayers, 8));
        assert!(Position::from_text("classic 2 1a./.. b 1 - *").is_ok());
    }

    #[test]
    fn rules_and_players_are_checked() {
        assert_eq!(err("chess 2 1a./.. b 1 - *"), (UnknownRules, 0));
        assert_eq!(err("Classic 2 1a./.. b 1 - *"), (UnknownRules, 0));
        assert_eq!(err("classic 9 1a./.. b 1 - *"), (BadPlayers, 8));
        assert_eq!(err("classic 1 1a./.. b 1 - *"), (BadPlayers, 8));
        assert_eq!(err("classic 02 1a./.. b 1 - *"), (BadPlayers, 8));
        assert_eq!(err("classic x 1a./.. b 1 - *"), (BadPlayers, 8));
        assert_eq!(err("atoms 3 1a./.. b 1 - *"), (AtomsPlayers, 6));
    }

    #[test]
    fn bad_boards_are_refused_where_they_go_wrong() {
        // Ragged rows: the offset is the start of the row.
        assert_eq!(
            err("classic 2 1a../.. b 1 - *"),
            (
                RaggedRow {
                    row: 1,
                    expected: 3,
                    found: 2
                },
                15
            )
        );
        assert_eq!(err("classic 2 1a.x/... b 1 - *"), (BadCell, 13));
        assert_eq!(err("classic 2 1a.1/... b 1 - *"), (BadCell, 13));
        assert_eq!(err("classic 2 1a.1A/... b 1 - *"), (BadCell, 13));
        assert_eq!(err("classic 2 a1../... b 1 - *"), (BadCell, 10));
        assert_eq!(
            err("classic 2 1c../... b 1 - *"),
            (OwnerBeyondPlayers('c'), 11)
        );
        assert_eq!(err("classic 2 1a.8b/... b 1 - *"), (CountOver7, 13));
        assert_eq!(err("classic 2 1a.9b/... b 1 - *"), (CountOver7, 13));
        assert_eq!(err("classic 2 1a.0b/... b 1 - *"), (ZeroInClassic, 13));
        assert!(Position::from_text("atoms 2 1a.0b/... b 1 - *").is_ok());
        assert_eq!(err("classic 2 1a./ b 1 - *"), (EmptyRow, 14));
        assert_eq!(err("classic 2 / b 1 - *"), (EmptyRow, 10));
        assert_eq!(err("classic 2 . b 1 - *"), (SingleCell, 10));
        let wide = ".".repeat(17);
        assert_eq!(err(&format!("classic 2 {wide} a 0 - *")), (TooWide, 26));
        let tall = ["."; 17].join("/");
        assert_eq!(err(&format!("classic 2 {tall} a 0 - *")), (TooTall, 42));
        let largest = vec!["1a".repeat(16); 16].join("/");
        assert!(Position::from_text(&format!("classic 2 {largest} - 9 b a")).is_ok());
    }

    #[test]
    fn the_other_fields_are_checked() {
        assert_eq!(err("classic 2 1a./.. c 1 - *"), (BadToMove, 17));
        assert_eq!(err("classic 2 1a./.. ab 1 - *"), (BadToMove, 17));
        assert_eq!(err("classic 2 1a./.. b -1 - *"), (BadPly, 19));
        assert_eq!(err("classic 2 1a./.. b 01 - *"), (BadPly, 19));
        assert_eq!(err("classic 2 1a./.. b 4294967296 - *"), (BadPly, 19));
        assert!(Position::from_text("classic 2 1a./.. b 4294967295 - *").is_ok());
        assert_eq!(err("classic 3 1a../... b 1 ca *"), (BadOut, 23));
        assert_eq!(err("classic 3 1a../... b 1 cc *"), (BadOut, 23));
        assert_eq!(err("classic 3 1a../... b 1 d *"), (BadOut, 23));
        assert_eq!(err("classic 3 1a../... b 1  *"), (BadOut, 23));
        assert_eq!(err("classic 2 1a./.. b 1 - c"), (BadResult, 23));
        assert_eq!(err("classic 2 1a./.. b 1 - **"), (BadResult, 23));
    }

    #[test]
    fn contradictions_are_refused() {
        // A game on needs a player to move, a finished one none.
        assert_eq!(err("classic 2 1a./.. - 1 - *"), (ToMoveMismatch, 17));
        assert_eq!(err("classic 2 1a./.. b 1 b a"), (ToMoveMismatch, 17));
        assert_eq!(err("classic 3 1a../... b 1 b *"), (ToMoveOut, 19));
        assert_eq!(err("classic 3 1a../... a 3 bc *"), (OneLeft, 23));
        // Unstable cells: a corner (cm 2), a strip end (cm 1), atoms at 4.
        assert_eq!(
            err("classic 2 .2a/1b. a 5 - *"),
            (Unstable { x: 1, y: 0 }, 11)
        );
        assert_eq!(err("classic 3 .1a b 1 - *"), (Unstable { x: 1, y: 0 }, 11));
        assert_eq!(
            err("atoms 2 ..../.4a../.... a 5 - *"),
            (Unstable { x: 1, y: 1 }, 14)
        );
        assert!(Position::from_text("atoms 2 ..../.3a../.... a 5 - *").is_ok());
        // After a win the board may be unstable.
        assert!(Position::from_text("classic 2 2a. - 5 b a").is_ok());
        // A player with no empty cell and no cell of their own forfeits
        // before their turn: such a turn cannot be the position's.
        assert_eq!(err("classic 5 1a1b/1c1d e 4 - *"), (NoLegalCell, 20));
        assert_eq!(err("classic 2 1b./.. - 5 a a"), (WinnerOut, 23));
        assert_eq!(err("classic 3 1a.. - 5 b a"), (LoserNotOut, 19));
        assert_eq!(err("atoms 2 1a./.. - 5 - ="), (DrawInAtoms, 21));
        assert_eq!(err("classic 3 1a1c./... a 5 c *"), (OutWithOrbs('c'), 24));
        // A residual owner is not an orb.
        assert!(Position::from_text("atoms 2 1a0b. - 12 b a").is_ok());
    }

    #[test]
    fn errors_say_what_and_where() {
        let e = Position::from_text("classic 2 1a.9b/... b 1 - *").unwrap_err();
        assert_eq!(e.to_string(), "at byte 13: a cell holds at most 7 orbs");
        let e = Position::from_text("classic 2 .2a/1b. a 5 - *").unwrap_err();
        assert_eq!(
            e.to_string(),
            "at byte 11: cell 1,0 is unstable in a game on"
        );
    }

    #[test]
    fn moves_read_and_print() {
        for text in ["0,0", "15,15", "3,12", "pass"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        let bad = |t: &str| t.parse::<Move>().map_err(|e| (e.kind, e.offset));
        assert_eq!(bad("3;4"), Err((BadMove, 0)));
        assert_eq!(bad("3,"), Err((BadMove, 2)));
        assert_eq!(bad(",4"), Err((BadMove, 0)));
        assert_eq!(bad("03,4"), Err((BadMove, 0)));
        assert_eq!(bad("3,4,5"), Err((BadMove, 2)));
        assert_eq!(bad("Pass"), Err((BadMove, 0)));
        assert_eq!(bad("16,0"), Err((CoordinateTooLarge, 0)));
        assert_eq!(bad("0,99999999999"), Err((CoordinateTooLarge, 2)));
        assert_eq!(bad("0,256"), Err((CoordinateTooLarge, 2)));
    }
}
