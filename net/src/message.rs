//! Every message of protocol 2.0 as a typed value, parsed from a line and
//! printed back (spec sections 1 to 10). Parsing borrows the line's text;
//! printing writes the canonical form: types in upper case, single spaces,
//! numbers without leading zeros. Free of I/O and of allocation.

use core::fmt::{self, Display, Formatter};

use arrayvec::ArrayVec;
use atom4_core::atom4::{Color, Player, Tile};
use atom4_core::MAX_SIDE;

use crate::framing::Words;

/// A board cell on the wire: empty (`.`) or a colour (`K r g y b p c W`).
pub type Piece = Option<Color>;

/// The cells of one `BROW`: at most the widest board, 16.
pub type Row = ArrayVec<Piece, { MAX_SIDE as usize }>;

/// A version `<n>.<m>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Version {
    pub major: u32,
    pub minor: u32,
}

impl Version {
    pub const fn new(major: u32, minor: u32) -> Version {
        Version { major, minor }
    }

    /// `<n>.<m>`, each a run of ASCII digits that fits 32 bits.
    pub fn parse(word: &str) -> Option<Version> {
        let (major, minor) = word.split_once('.')?;
        Some(Version {
            major: number(major)?,
            minor: number(minor)?,
        })
    }
}

impl Display for Version {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// Our game version (atom4 4.1's) and protocol version.
pub const GAME_VERSION: Version = Version::new(4, 1);
pub const PROTOCOL_VERSION: Version = Version::new(2, 0);
/// The game version the original test server announces and expects.
pub const LEGACY_GAME_VERSION: Version = Version::new(2, 1);

/// An unsigned decimal number: ASCII digits only (leading zeros allowed),
/// `None` when empty, not digits, or too big for 32 bits.
pub fn number(word: &str) -> Option<u32> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

/// The letter of a cell: `.` for empty.
pub fn piece_letter(piece: Piece) -> char {
    piece.map_or('.', Color::letter)
}

/// A cell from its one-letter word.
pub fn parse_piece(word: &str) -> Option<Piece> {
    let mut chars = word.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    if c == '.' {
        Some(None)
    } else {
        Color::from_letter(c).map(Some)
    }
}

/// The `<p>` of `NAME`, `GONE` and `CHAT`: 0 for a watcher, else the seat.
fn seat_number(seat: Option<Player>) -> u8 {
    seat.map_or(0, Player::number)
}

fn parse_seat(word: &str) -> Option<Option<Player>> {
    match word {
        "0" => Some(None),
        "1" => Some(Some(Player::ONE)),
        "2" => Some(Some(Player::TWO)),
        _ => None,
    }
}

fn parse_player(word: &str) -> Option<Player> {
    parse_seat(word).flatten()
}

/// Why a line is not a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The line has no words (only spaces).
    Empty,
    /// The first word is no message type we know.
    Unknown,
    /// A field is missing.
    Missing(&'static str),
    /// A field is there but not what it must be.
    Bad(&'static str),
}

impl Display for ParseError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("empty message"),
            ParseError::Unknown => f.write_str("unknown message type"),
            ParseError::Missing(field) => write!(f, "missing {field}"),
            ParseError::Bad(field) => write!(f, "bad {field}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseError {}

/// Takes the next word as `field`.
fn word<'a>(words: &mut Words<'a>, field: &'static str) -> Result<&'a str, ParseError> {
    words.next().ok_or(ParseError::Missing(field))
}

/// Takes the next word and reads it with `read`.
fn field<'a, T>(
    words: &mut Words<'a>,
    name: &'static str,
    read: impl FnOnce(&'a str) -> Option<T>,
) -> Result<T, ParseError> {
    read(word(words, name)?).ok_or(ParseError::Bad(name))
}

/// Whether `word` is the type `name`, in any ASCII case.
fn is(word: &str, name: &str) -> bool {
    word.eq_ignore_ascii_case(name)
}

/// What a client sends (orig. V.B, and the handshake's reply).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMessage<'a> {
    /// `ATOM4 CLNT <game-version> <protocol-version>`.
    Clnt {
        game: Version,
        protocol: Version,
    },
    /// `NAME <nick> [<text>]`.
    Name {
        nick: &'a str,
        text: &'a str,
    },
    Requ,
    Move {
        x: u32,
        y: u32,
    },
    Rsgn,
    /// `CHAT <text>` (the text may be empty; the server refuses that).
    Chat {
        text: &'a str,
    },
    Next,
    Play,
    Watch,
    Quit,
    Who,
}

impl<'a> ClientMessage<'a> {
    /// Reads one line; the type in any case, extra words after the fields
    /// of a message without text ignored.
    pub fn parse(line: &'a str) -> Result<ClientMessage<'a>, ParseError> {
        let mut words = Words::new(line);
        let kind = words.next().ok_or(ParseError::Empty)?;
        let message = if is(kind, "ATOM4") {
            let sub = word(&mut words, "CLNT")?;
            if !is(sub, "CLNT") {
                return Err(ParseError::Bad("CLNT"));
            }
            ClientMessage::Clnt {
                game: field(&mut words, "game version", Version::parse)?,
                protocol: field(&mut words, "protocol version", Version::parse)?,
            }
        } else if is(kind, "NAME") {
            let nick = word(&mut words, "nick")?;
            ClientMessage::Name {
                nick,
                text: words.text(),
            }
        } else if is(kind, "REQU") {
            ClientMessage::Requ
        } else if is(kind, "MOVE") {
            ClientMessage::Move {
                x: field(&mut words, "x", number)?,
                y: field(&mut words, "y", number)?,
            }
        } else if is(kind, "RSGN") {
            ClientMessage::Rsgn
        } else if is(kind, "CHAT") {
            ClientMessage::Chat { text: words.text() }
        } else if is(kind, "NEXT") {
            ClientMessage::Next
        } else if is(kind, "PLAY") {
            ClientMessage::Play
        } else if is(kind, "WATCH") {
            ClientMessage::Watch
        } else if is(kind, "QUIT") {
            ClientMessage::Quit
        } else if is(kind, "WHO?") {
            ClientMessage::Who
        } else {
            return Err(ParseError::Unknown);
        };
        Ok(message)
    }
}

impl Display for ClientMessage<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ClientMessage::Clnt { game, protocol } => write!(f, "ATOM4 CLNT {game} {protocol}"),
            ClientMessage::Name { nick, text } => {
                write!(f, "NAME {nick}")?;
                with_text(f, text)
            }
            ClientMessage::Requ => f.write_str("REQU"),
            ClientMessage::Move { x, y } => write!(f, "MOVE {x} {y}"),
            ClientMessage::Rsgn => f.write_str("RSGN"),
            ClientMessage::Chat { text } => {
                f.write_str("CHAT")?;
                with_text(f, text)
            }
            ClientMessage::Next => f.write_str("NEXT"),
            ClientMessage::Play => f.write_str("PLAY"),
            ClientMessage::Watch => f.write_str("WATCH"),
            ClientMessage::Quit => f.write_str("QUIT"),
            ClientMessage::Who => f.write_str("WHO?"),
        }
    }
}

/// ` <text>`, or nothing for an empty text.
fn with_text(f: &mut Formatter<'_>, text: &str) -> fmt::Result {
    if text.is_empty() {
        Ok(())
    } else {
        write!(f, " {text}")
    }
}

/// What a server sends (orig. V.A, and the handshake's two lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMessage<'a> {
    /// `ATOM4 SERV <game-version> <protocol-version>`.
    Serv {
        game: Version,
        protocol: Version,
    },
    /// `ATOM4 CONN <welcome text>`.
    Welcome {
        text: &'a str,
    },
    /// `POW?`: play or watch?
    PlayOrWatch,
    /// `PNUM 1|2|W` (the original test server's `PLNUM` too): `None` is W.
    Pnum(Option<Player>),
    Bdim {
        width: u32,
        height: u32,
    },
    Brow {
        y: u32,
        cells: Row,
    },
    Bpos {
        x: u32,
        y: u32,
        piece: Piece,
    },
    Bend,
    /// `TURN <p> <c>`: player `p` is to place the tile `c`.
    Turn {
        player: Player,
        tile: Color,
    },
    /// `NAME <id> <p> <nick> [<text>]`; `seat` `None` is 0, a watcher.
    Name {
        id: &'a str,
        seat: Option<Player>,
        nick: &'a str,
        text: &'a str,
    },
    /// `CONN <id> [<text>]`: a client arrived.
    Conn {
        id: &'a str,
        text: &'a str,
    },
    /// `GONE <id> <p> [<nick>]`: a client left.
    Gone {
        id: &'a str,
        seat: Option<Player>,
        nick: &'a str,
    },
    Win {
        player: Player,
    },
    Draw {
        reason: &'a str,
    },
    Abrt {
        reason: &'a str,
    },
    Chat {
        id: &'a str,
        seat: Option<Player>,
        nick: &'a str,
        text: &'a str,
    },
    Info {
        text: &'a str,
    },
    /// A non-fatal error.
    Grr {
        code: u32,
        text: &'a str,
    },
    /// A fatal error: the server closes the connection after it.
    Err {
        code: u32,
        text: &'a str,
    },
}

impl<'a> ServerMessage<'a> {
    /// Reads one line; the type in any case; the original test server's
    /// `PLNUM` is read as `PNUM`.
    pub fn parse(line: &'a str) -> Result<ServerMessage<'a>, ParseError> {
        let mut words = Words::new(line);
        let kind = words.next().ok_or(ParseError::Empty)?;
        let message = if is(kind, "ATOM4") {
            let sub = word(&mut words, "SERV or CONN")?;
            if is(sub, "SERV") {
                ServerMessage::Serv {
                    game: field(&mut words, "game version", Version::parse)?,
                    protocol: field(&mut words, "protocol version", Version::parse)?,
                }
            } else if is(sub, "CONN") {
                ServerMessage::Welcome { text: words.text() }
            } else {
                return Err(ParseError::Bad("SERV or CONN"));
            }
        } else if is(kind, "POW?") {
            ServerMessage::PlayOrWatch
        } else if is(kind, "PNUM") || is(kind, "PLNUM") {
            let seat = word(&mut words, "player number")?;
            if is(seat, "W") {
                ServerMessage::Pnum(None)
            } else {
                ServerMessage::Pnum(Some(
                    parse_player(seat).ok_or(ParseError::Bad("player number"))?,
                ))
            }
        } else if is(kind, "BDIM") {
            ServerMessage::Bdim {
                width: field(&mut words, "width", number)?,
                height: field(&mut words, "height", number)?,
            }
        } else if is(kind, "BROW") {
            let y = field(&mut words, "row", number)?;
            let mut cells = Row::new();
            for w in words {
                let piece = parse_piece(w).ok_or(ParseError::Bad("cell"))?;
                cells
                    .try_push(piece)
                    .map_err(|_| ParseError::Bad("row length"))?;
            }
            ServerMessage::Brow { y, cells }
        } else if is(kind, "BPOS") {
            ServerMessage::Bpos {
                x: field(&mut words, "x", number)?,
                y: field(&mut words, "y", number)?,
                piece: field(&mut words, "cell", parse_piece)?,
            }
        } else if is(kind, "BEND") {
            ServerMessage::Bend
        } else if is(kind, "TURN") {
            ServerMessage::Turn {
                player: field(&mut words, "player", parse_player)?,
                tile: field(&mut words, "tile", |w| {
                    parse_piece(w)
                        .flatten()
                        .filter(|c| Tile::of_color(*c).is_some())
                })?,
            }
        } else if is(kind, "NAME") || is(kind, "CHAT") {
            let id = word(&mut words, "id")?;
            let seat = field(&mut words, "player number", parse_seat)?;
            let nick = word(&mut words, "nick")?;
            let text = words.text();
            if is(kind, "NAME") {
                ServerMessage::Name {
                    id,
                    seat,
                    nick,
                    text,
                }
            } else {
                ServerMessage::Chat {
                    id,
                    seat,
                    nick,
                    text,
                }
            }
        } else if is(kind, "CONN") {
            ServerMessage::Conn {
                id: word(&mut words, "id")?,
                text: words.text(),
            }
        } else if is(kind, "GONE") {
            ServerMessage::Gone {
                id: word(&mut words, "id")?,
                seat: field(&mut words, "player number", parse_seat)?,
                nick: words.next().unwrap_or(""),
            }
        } else if is(kind, "WIN") {
            ServerMessage::Win {
                player: field(&mut words, "player", parse_player)?,
            }
        } else if is(kind, "DRAW") {
            ServerMessage::Draw {
                reason: words.text(),
            }
        } else if is(kind, "ABRT") {
            ServerMessage::Abrt {
                reason: words.text(),
            }
        } else if is(kind, "INFO") {
            ServerMessage::Info { text: words.text() }
        } else if is(kind, "GRR") || is(kind, "ERR") {
            let code = field(&mut words, "error number", number)?;
            let text = words.text();
            if is(kind, "GRR") {
                ServerMessage::Grr { code, text }
            } else {
                ServerMessage::Err { code, text }
            }
        } else {
            return Err(ParseError::Unknown);
        };
        Ok(message)
    }
}

impl Display for ServerMessage<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ServerMessage::Serv { game, protocol } => write!(f, "ATOM4 SERV {game} {protocol}"),
            ServerMessage::Welcome { text } => {
                f.write_str("ATOM4 CONN")?;
                with_text(f, text)
            }
            ServerMessage::PlayOrWatch => f.write_str("POW?"),
            ServerMessage::Pnum(Some(p)) => write!(f, "PNUM {}", p.number()),
            ServerMessage::Pnum(None) => f.write_str("PNUM W"),
            ServerMessage::Bdim { width, height } => write!(f, "BDIM {width} {height}"),
            ServerMessage::Brow { y, cells } => {
                write!(f, "BROW {y}")?;
                for &piece in cells {
                    write!(f, " {}", piece_letter(piece))?;
                }
                Ok(())
            }
            ServerMessage::Bpos { x, y, piece } => {
                write!(f, "BPOS {x} {y} {}", piece_letter(*piece))
            }
            ServerMessage::Bend => f.write_str("BEND"),
            ServerMessage::Turn { player, tile } => {
                write!(f, "TURN {} {}", player.number(), tile.letter())
            }
            ServerMessage::Name {
                id,
                seat,
                nick,
                text,
            } => {
                write!(f, "NAME {id} {} {nick}", seat_number(*seat))?;
                with_text(f, text)
            }
            ServerMessage::Conn { id, text } => {
                write!(f, "CONN {id}")?;
                with_text(f, text)
            }
            ServerMessage::Gone { id, seat, nick } => {
                write!(f, "GONE {id} {}", seat_number(*seat))?;
                with_text(f, nick)
            }
            ServerMessage::Win { player } => write!(f, "WIN {}", player.number()),
            ServerMessage::Draw { reason } => {
                f.write_str("DRAW")?;
                with_text(f, reason)
            }
            ServerMessage::Abrt { reason } => {
                f.write_str("ABRT")?;
                with_text(f, reason)
            }
            ServerMessage::Chat {
                id,
                seat,
                nick,
                text,
            } => {
                write!(f, "CHAT {id} {} {nick}", seat_number(*seat))?;
                with_text(f, text)
            }
            ServerMessage::Info { text } => {
                f.write_str("INFO")?;
                with_text(f, text)
            }
            ServerMessage::Grr { code, text } => {
                write!(f, "GRR {code}")?;
                with_text(f, text)
            }
            ServerMessage::Err { code, text } => {
                write!(f, "ERR {code}")?;
                with_text(f, text)
            }
        }
    }
}

/// The error numbers of `GRR` and `ERR` (spec section 10).
pub mod code {
    pub const NOT_A_PLAYER: u32 = 101;
    pub const NOT_YOUR_TURN: u32 = 102;
    pub const BAD_MOVE: u32 = 103;
    pub const FINISH_PLAYING_FIRST: u32 = 104;
    pub const BAD_NICK: u32 = 201;
    pub const NOT_UNDERSTOOD: u32 = 802;
    pub const INCOMPATIBLE: u32 = 901;
    pub const PROTOCOL_ERROR: u32 = 902;
    pub const SERVER_FULL: u32 = 903;
    pub const INTERNAL_ERROR: u32 = 911;
    pub const BAD_BEHAVIOUR: u32 = 999;
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn row(text: &str) -> Row {
        text.chars()
            .map(|c| parse_piece(c.encode_utf8(&mut [0; 4])).unwrap())
            .collect()
    }

    /// Every message prints as the spec writes it, and reads back as itself.
    #[test]
    fn every_client_message_prints_and_parses_back() {
        for (message, text) in [
            (
                ClientMessage::Clnt {
                    game: GAME_VERSION,
                    protocol: PROTOCOL_VERSION,
                },
                "ATOM4 CLNT 4.1 2.0",
            ),
            (
                ClientMessage::Name {
                    nick: "alice",
                    text: "from  the north",
                },
                "NAME alice from  the north",
            ),
            (
                ClientMessage::Name {
                    nick: "bob",
                    text: "",
                },
                "NAME bob",
            ),
            (ClientMessage::Requ, "REQU"),
            (ClientMessage::Move { x: 8, y: 6 }, "MOVE 8 6"),
            (ClientMessage::Rsgn, "RSGN"),
            (ClientMessage::Chat { text: "hi  all" }, "CHAT hi  all"),
            (ClientMessage::Chat { text: "" }, "CHAT"),
            (ClientMessage::Next, "NEXT"),
            (ClientMessage::Play, "PLAY"),
            (ClientMessage::Watch, "WATCH"),
            (ClientMessage::Quit, "QUIT"),
            (ClientMessage::Who, "WHO?"),
        ] {
            assert_eq!(message.to_string(), text);
            assert_eq!(ClientMessage::parse(text), Ok(message));
        }
    }

    #[test]
    fn every_server_message_prints_and_parses_back() {
        for (message, text) in [
            (
                ServerMessage::Serv {
                    game: GAME_VERSION,
                    protocol: PROTOCOL_VERSION,
                },
                "ATOM4 SERV 4.1 2.0",
            ),
            (
                ServerMessage::Welcome {
                    text: "Welcome to atom4",
                },
                "ATOM4 CONN Welcome to atom4",
            ),
            (ServerMessage::PlayOrWatch, "POW?"),
            (ServerMessage::Pnum(Some(Player::TWO)), "PNUM 2"),
            (ServerMessage::Pnum(None), "PNUM W"),
            (
                ServerMessage::Bdim {
                    width: 16,
                    height: 12,
                },
                "BDIM 16 12",
            ),
            (
                ServerMessage::Brow {
                    y: 7,
                    cells: row(".KrgybpcW"),
                },
                "BROW 7 . K r g y b p c W",
            ),
            (
                ServerMessage::Bpos {
                    x: 3,
                    y: 4,
                    piece: Some(Color::Cyan),
                },
                "BPOS 3 4 c",
            ),
            (ServerMessage::Bend, "BEND"),
            (
                ServerMessage::Turn {
                    player: Player::ONE,
                    tile: Color::Red,
                },
                "TURN 1 r",
            ),
            (
                ServerMessage::Name {
                    id: "c3",
                    seat: None,
                    nick: "carol",
                    text: "hello there",
                },
                "NAME c3 0 carol hello there",
            ),
            (ServerMessage::Conn { id: "c4", text: "" }, "CONN c4"),
            (
                ServerMessage::Gone {
                    id: "c4",
                    seat: Some(Player::ONE),
                    nick: "dan",
                },
                "GONE c4 1 dan",
            ),
            (
                ServerMessage::Win {
                    player: Player::TWO,
                },
                "WIN 2",
            ),
            (
                ServerMessage::Draw {
                    reason: "board full",
                },
                "DRAW board full",
            ),
            (
                ServerMessage::Abrt {
                    reason: "player 1 left",
                },
                "ABRT player 1 left",
            ),
            (
                ServerMessage::Chat {
                    id: "c1",
                    seat: Some(Player::TWO),
                    nick: "c1",
                    text: "gg",
                },
                "CHAT c1 2 c1 gg",
            ),
            (
                ServerMessage::Info {
                    text: "score 1-0 round 2",
                },
                "INFO score 1-0 round 2",
            ),
            (
                ServerMessage::Grr {
                    code: 103,
                    text: "that cell is already occupied",
                },
                "GRR 103 that cell is already occupied",
            ),
            (
                ServerMessage::Err {
                    code: 999,
                    text: "",
                },
                "ERR 999",
            ),
        ] {
            assert_eq!(message.to_string(), text);
            assert_eq!(ServerMessage::parse(text), Ok(message));
        }
    }

    #[test]
    fn types_in_any_case_extra_spaces_and_the_original_servers_forms() {
        assert_eq!(
            ClientMessage::parse("  move   3  4  "),
            Ok(ClientMessage::Move { x: 3, y: 4 })
        );
        assert_eq!(ClientMessage::parse("who?"), Ok(ClientMessage::Who));
        assert_eq!(
            ClientMessage::parse("atom4 clnt 2.1 2.0"),
            Ok(ClientMessage::Clnt {
                game: LEGACY_GAME_VERSION,
                protocol: PROTOCOL_VERSION
            })
        );
        assert_eq!(
            ServerMessage::parse("PLNUM 1"),
            Ok(ServerMessage::Pnum(Some(Player::ONE)))
        );
        assert_eq!(
            ServerMessage::parse("BROW  7  . . r "),
            Ok(ServerMessage::Brow {
                y: 7,
                cells: row("..r")
            })
        );
        assert_eq!(
            ServerMessage::parse("NAME 0:localhost 1 client0 [current turn]"),
            Ok(ServerMessage::Name {
                id: "0:localhost",
                seat: Some(Player::ONE),
                nick: "client0",
                text: "[current turn]"
            })
        );
        assert_eq!(ServerMessage::parse("MOVE 007 0"), Err(ParseError::Unknown));
        assert_eq!(
            ClientMessage::parse("MOVE 007 0"),
            Ok(ClientMessage::Move { x: 7, y: 0 })
        );
        // Extra words after a message's fields are ignored.
        assert_eq!(ClientMessage::parse("REQU please"), Ok(ClientMessage::Requ));
    }

    #[test]
    fn malformed_lines_say_what_is_wrong() {
        for (text, error) in [
            ("   ", ParseError::Empty),
            ("HELLO", ParseError::Unknown),
            ("MOVE", ParseError::Missing("x")),
            ("MOVE 3", ParseError::Missing("y")),
            ("MOVE 3 -4", ParseError::Bad("y")),
            ("MOVE x 4", ParseError::Bad("x")),
            ("MOVE 4294967296 0", ParseError::Bad("x")),
            ("MOVE +3 0", ParseError::Bad("x")),
            ("NAME", ParseError::Missing("nick")),
            ("ATOM4", ParseError::Missing("CLNT")),
            ("ATOM4 SERV 4.1 2.0", ParseError::Bad("CLNT")),
            ("ATOM4 CLNT 4 2.0", ParseError::Bad("game version")),
            ("ATOM4 CLNT 4.1", ParseError::Missing("protocol version")),
            ("ATOM4 CLNT 4.1 2.x", ParseError::Bad("protocol version")),
        ] {
            assert_eq!(ClientMessage::parse(text), Err(error), "{text:?}");
        }
        for (text, error) in [
            ("PNUM 3", ParseError::Bad("player number")),
            ("TURN 1 W", ParseError::Bad("tile")),
            ("TURN 0 r", ParseError::Bad("player")),
            ("BPOS 1 1 x", ParseError::Bad("cell")),
            ("BPOS 1 1 rr", ParseError::Bad("cell")),
            (
                "BROW 0 . . . . . . . . . . . . . . . . .",
                ParseError::Bad("row length"),
            ),
            ("WIN", ParseError::Missing("player")),
            ("GRR x", ParseError::Bad("error number")),
            ("ATOM4 HELO", ParseError::Bad("SERV or CONN")),
        ] {
            assert_eq!(ServerMessage::parse(text), Err(error), "{text:?}");
        }
        assert_eq!(ParseError::Missing("y").to_string(), "missing y");
    }

    #[test]
    fn versions_and_numbers() {
        assert_eq!(Version::parse("4.1"), Some(GAME_VERSION));
        assert_eq!(Version::parse("02.00"), Some(PROTOCOL_VERSION));
        for bad in ["4", "4.", ".1", "4.1.2", "a.b", "-4.1", "4.1 "] {
            assert_eq!(Version::parse(bad), None, "{bad}");
        }
        assert_eq!(number("4294967295"), Some(u32::MAX));
        assert_eq!(number(""), None);
    }
}
