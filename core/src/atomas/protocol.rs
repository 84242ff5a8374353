//! The bot protocol's text: requests (controller to bot, `ATOM/BOARD` or
//! `SCORE/MOVE/ATOM/BOARD`) and replies (`G`, `J`, `J y`, `J n`), with
//! every bad reply refused as a typed error.

use core::fmt;

use super::atom::{Atom, MAX_MOVE, MAX_SCORE};
use super::notation::{error, parse_entries, parse_number, ParseError, ParseErrorKind};
use super::ring::{write_entries, Ring, FULL};
use super::state::{Atomas, IllegalReply, Played, Reply};

/// A request line: the atom in hand and the ring, with the score and the
/// move number in the 4-field form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Request {
    /// `(score, move)` of the 4-field form; `None` for the 2-field form.
    pub header: Option<(u64, u32)>,
    pub atom: Atom,
    pub ring: Ring,
}

impl Request {
    /// Reads a request line, 2- or 4-field, with or without its final
    /// newline. Numbers are decimal without leading zeros; the ring holds
    /// at most 18 entries (a request is never sent for a full ring).
    pub fn parse(line: &str) -> Result<Request, ParseError> {
        use ParseErrorKind::*;
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let count = line.split('/').count();
        let mut fields = line.split('/');
        let mut at = 0;
        let mut next = || {
            let field = fields.next().unwrap_or("");
            let start = at;
            at += field.len() + 1;
            (start, field)
        };
        let header = match count {
            2 => None,
            4 => {
                let (score_at, score) = next();
                let score: u64 = parse_number(score, score_at)?;
                let (move_at, move_number) = next();
                let move_number: u32 = parse_number(move_number, move_at)?;
                if score > MAX_SCORE {
                    return Err(error(OutOfRange, score_at));
                }
                if move_number == 0 || move_number > MAX_MOVE {
                    return Err(error(OutOfRange, move_at));
                }
                Some((score, move_number))
            }
            n => return Err(error(FieldCount(n), 0)),
        };
        let (atom_at, atom) = next();
        let atom = Atom::from_token(atom).ok_or(error(BadAtom, atom_at))?;
        let (ring_at, ring) = next();
        let ring = parse_entries(ring, ' ', ring_at, FULL)?;
        if ring.is_empty() && matches!(atom, Atom::Minus | Atom::Black | Atom::Clone) {
            return Err(error(NothingToPlayOn, atom_at));
        }
        Ok(Request { header, atom, ring })
    }
}

/// Writes the request line (without its newline).
impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((score, move_number)) = self.header {
            write!(f, "{score}/{move_number}/")?;
        }
        write!(f, "{}/", self.atom)?;
        write_entries(f, &self.ring, " ")
    }
}

impl Atomas {
    /// The 4-field request of a decision state (set `header` to `None` for
    /// the 2-field form); `None` when no atom is in hand.
    pub fn request(&self) -> Option<Request> {
        Some(Request {
            header: Some((self.score, self.move_number)),
            atom: self.hand?,
            ring: self.ring,
        })
    }
}

/// What makes a reply bad.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BadReplyKind {
    /// An empty line, or only blanks.
    Empty,
    /// The index is not an unsigned decimal number (a sign, a letter, a
    /// dot...).
    NotANumber,
    /// A `-` needs `y` or `n` after the entry.
    MissingChoice,
    /// The choice is a letter other than `y` or `n`.
    BadChoice,
    /// A field after the last one the atom takes.
    ExtraField,
    /// The gap or entry is not below `limit`.
    OutOfRange { limit: u8 },
    /// The state refuses any reply now (no atom in hand, game over, the
    /// engine's limits).
    Refused(IllegalReply),
}

/// A bad reply: what is wrong, and the byte offset in the line where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BadReply {
    pub kind: BadReplyKind,
    pub offset: usize,
}

impl fmt::Display for BadReplyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BadReplyKind::Empty => f.write_str("the reply is empty"),
            BadReplyKind::NotANumber => f.write_str("the index is not an unsigned decimal number"),
            BadReplyKind::MissingChoice => f.write_str("a minus takes an entry and y or n"),
            BadReplyKind::BadChoice => f.write_str("the choice is not y or n"),
            BadReplyKind::ExtraField => f.write_str("a field too many"),
            BadReplyKind::OutOfRange { limit } => write!(f, "the index is not below {limit}"),
            BadReplyKind::Refused(why) => write!(f, "no reply is possible: {why}"),
        }
    }
}

impl fmt::Display for BadReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.kind)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BadReply {}

fn bad(kind: BadReplyKind, offset: usize) -> BadReply {
    BadReply { kind, offset }
}

/// Spaces and tabs separate the fields of a reply.
fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

impl Reply {
    /// Reads what a bot printed as the reply to `atom` on a ring of
    /// `entries` entries: its first line only. Blanks around it and a final
    /// `\r` are ignored, fields are separated by spaces or tabs, and the
    /// index may have leading zeros.
    pub fn parse(output: &str, atom: Atom, entries: usize) -> Result<Reply, BadReply> {
        use BadReplyKind::*;
        let line = output.split('\n').next().unwrap_or("");
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut fields = line
            .split(is_blank)
            .scan(0, |at, field| {
                let start = *at;
                *at += field.len() + 1;
                Some((start, field))
            })
            .filter(|(_, field)| !field.is_empty());
        let Some((index_at, index)) = fields.next() else {
            return Err(bad(Empty, line.len()));
        };
        if !index.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(NotANumber, index_at));
        }
        // Saturates: any number this long is out of range anyway.
        let value = index.bytes().fold(0u64, |v, b| {
            v.saturating_mul(10).saturating_add(u64::from(b - b'0'))
        });
        let limit = if atom.takes_gap() {
            entries.max(1)
        } else {
            entries
        };
        let to_plus = match (atom, fields.next()) {
            (Atom::Minus, None) => return Err(bad(MissingChoice, line.len())),
            (Atom::Minus, Some((_, "y"))) => Some(true),
            (Atom::Minus, Some((_, "n"))) => Some(false),
            (Atom::Minus, Some((at, _))) => return Err(bad(BadChoice, at)),
            (_, Some((at, _))) => return Err(bad(ExtraField, at)),
            (_, None) => None,
        };
        if let Some((at, _)) = fields.next() {
            return Err(bad(ExtraField, at));
        }
        if value >= limit as u64 {
            return Err(bad(
                OutOfRange {
                    limit: limit.min(255) as u8,
                },
                index_at,
            ));
        }
        let index = value as u8;
        Ok(match (atom, to_plus) {
            (Atom::Clone, _) => Reply::Entry(index),
            (_, Some(to_plus)) => Reply::Remove {
                entry: index,
                to_plus,
            },
            _ => Reply::Gap(index),
        })
    }
}

/// Writes the reply as a bot prints it (without the newline).
impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reply::Gap(i) | Reply::Entry(i) => write!(f, "{i}"),
            Reply::Remove { entry, to_plus } => {
                write!(f, "{entry} {}", if to_plus { 'y' } else { 'n' })
            }
        }
    }
}

impl Atomas {
    /// Reads a bot's reply (its first line) for the atom in hand and plays
    /// it. A bad reply changes nothing.
    pub fn reply(&mut self, output: &str) -> Result<Played, BadReply> {
        let refused = |why| bad(BadReplyKind::Refused(why), 0);
        let atom = self.hand.ok_or(refused(IllegalReply::NothingInHand))?;
        let reply = Reply::parse(output, atom, self.ring.len())?;
        self.play(reply).map_err(refused)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    fn state(text: &str) -> Atomas {
        text.parse().unwrap()
    }

    #[test]
    fn requests_round_trip_in_both_forms() {
        for line in ["1/1 2 2 3", "+/1", "3/", "0/7/1/1 2 2 3", "81/40/-/+ 3 +"] {
            let request = Request::parse(line).unwrap();
            assert_eq!(request.to_string(), line);
            let with_newline = std::format!("{line}\n");
            assert_eq!(Request::parse(&with_newline), Ok(request));
        }
        let game = state("ring=1,2,2,3 hand=1 score=0 move=7 range=1-3 carry=. since=0");
        let request = game.request().unwrap();
        assert_eq!(request.to_string(), "0/7/1/1 2 2 3");
        let short = Request {
            header: None,
            ..request
        };
        assert_eq!(short.to_string(), "1/1 2 2 3");
        let between = state("ring=1 hand=. score=0 move=7 range=1-3 carry=. since=0");
        assert_eq!(between.request(), None);
    }

    #[test]
    fn bad_requests_are_refused() {
        use ParseErrorKind::*;
        let cases: [(&str, ParseErrorKind, usize); 9] = [
            ("1 2 3", FieldCount(1), 0),
            ("0/1/+", FieldCount(3), 0),
            ("x/1 2", BadAtom, 0),
            ("1/1  2", BadEntry, 4),
            ("1/1 2 ", BadEntry, 6),
            ("-1/1/+/1", BadNumber, 0),
            ("0/0/+/1", OutOfRange, 2),
            ("C/", NothingToPlayOn, 0),
            ("B/", NothingToPlayOn, 0),
        ];
        for (line, kind, offset) in cases {
            let e = Request::parse(line).unwrap_err();
            assert_eq!((e.kind, e.offset), (kind, offset), "{line}");
        }
        let full = std::format!("1/{}", ["1"; 19].join(" "));
        assert_eq!(Request::parse(&full).unwrap_err().kind, TooManyEntries);
    }

    #[test]
    fn replies_read_oddly_written_lines() {
        let p = |line: &str, atom, n| Reply::parse(line, atom, n);
        assert_eq!(p("3", Atom::Plus, 6), Ok(Reply::Gap(3)));
        assert_eq!(p(" 3 \r\n", Atom::Plus, 6), Ok(Reply::Gap(3)));
        assert_eq!(p("3\n4 y\n", Atom::Plus, 6), Ok(Reply::Gap(3)));
        assert_eq!(
            p("\n3", Atom::Plus, 6).unwrap_err().kind,
            BadReplyKind::Empty
        );
        assert_eq!(p("\t005", Atom::Number(2), 6), Ok(Reply::Gap(5)));
        assert_eq!(p("0", Atom::Plus, 0), Ok(Reply::Gap(0)));
        assert_eq!(p("2", Atom::Clone, 3), Ok(Reply::Entry(2)));
        assert_eq!(
            p(" 2 \t y\r", Atom::Minus, 3),
            Ok(Reply::Remove {
                entry: 2,
                to_plus: true
            })
        );
        for reply in [
            Reply::Gap(4),
            Reply::Remove {
                entry: 1,
                to_plus: false,
            },
        ] {
            let atom = match reply {
                Reply::Gap(_) => Atom::Black,
                _ => Atom::Minus,
            };
            assert_eq!(p(&reply.to_string(), atom, 5), Ok(reply));
        }
    }

    #[test]
    fn every_kind_of_bad_reply_is_refused() {
        use BadReplyKind::*;
        let cases: [(&str, Atom, usize, BadReplyKind, usize); 16] = [
            ("", Atom::Plus, 3, Empty, 0),
            (" \t\r", Atom::Plus, 3, Empty, 2),
            ("3", Atom::Plus, 3, OutOfRange { limit: 3 }, 0),
            ("1", Atom::Plus, 0, OutOfRange { limit: 1 }, 0),
            (
                "99999999999999999999",
                Atom::Plus,
                3,
                OutOfRange { limit: 3 },
                0,
            ),
            ("0", Atom::Clone, 0, OutOfRange { limit: 0 }, 0),
            ("+1", Atom::Plus, 3, NotANumber, 0),
            ("-1", Atom::Number(2), 3, NotANumber, 0),
            ("1.0", Atom::Plus, 3, NotANumber, 0),
            ("a", Atom::Plus, 3, NotANumber, 0),
            ("1 2", Atom::Plus, 3, ExtraField, 2),
            ("1 y", Atom::Clone, 3, ExtraField, 2),
            ("1", Atom::Minus, 3, MissingChoice, 1),
            ("1 Y", Atom::Minus, 3, BadChoice, 2),
            ("1 y y", Atom::Minus, 3, ExtraField, 4),
            ("y 1", Atom::Minus, 3, NotANumber, 0),
        ];
        for (line, atom, n, kind, offset) in cases {
            let e = Reply::parse(line, atom, n).unwrap_err();
            assert_eq!((e.kind, e.offset), (kind, offset), "{line:?} for {atom}");
        }
    }

    #[test]
    fn a_bad_reply_changes_nothing() {
        let mut game = state("ring=1,3,2,3,1,1 hand=- score=0 move=1 range=1-3 carry=. since=0");
        let before = game;
        for line in ["", "2", "2 x", "6 y", "-2 y", "2 y n"] {
            assert!(game.reply(line).is_err(), "{line:?}");
            assert_eq!(game, before);
        }
        let played = game.reply("2 y").unwrap();
        assert_eq!(played.points, 0);
        assert_eq!(
            game.to_string(),
            "ring=1,3,3,1,1 hand=. score=0 move=2 range=1-3 carry=+ since=1"
        );
        let e = game.reply("1").unwrap_err();
        assert_eq!(e.kind, BadReplyKind::Refused(IllegalReply::NothingInHand));
    }
}
