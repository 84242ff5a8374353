//! A client's side of protocol 2.0, without I/O: the handshake, what the
//! client knows (its seat, the board, whose turn, who is here, the score)
//! and what it must answer by itself. It copes with the original test
//! server (spec section 11): game version 2.1, `PLNUM`, a `TURN` before
//! the `PLNUM`, padded rows, and no `BPOS` after moves (the board is asked
//! for with `REQU` after every `TURN`).

use alloc::collections::{BTreeMap, VecDeque};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use atom4_core::atom4::{Atom4, Board, Change, Changes, Color, Player, Status, Tile};
use atom4_core::Cell;

use crate::message::{
    ClientMessage, Piece, ServerMessage, GAME_VERSION, LEGACY_GAME_VERSION, PROTOCOL_VERSION,
};

/// Lines of the session's log kept for the screen.
pub const LOG_LINES: usize = 200;

/// How a round ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Player),
    Draw(String),
    Aborted(String),
}

/// What the front end may want to act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The handshake is complete.
    Connected,
    /// `POW?`: answer `PLAY` or `WATCH` (or not at all: stay a watcher).
    Offered,
    /// Our seat changed (`None`: watching).
    Seat(Option<Player>),
    /// It is our turn, and the board is current: send one `MOVE`.
    YourTurn {
        tile: Color,
    },
    /// The board changed (after `BEND`).
    Board,
    RoundOver(Outcome),
    /// The session is over: the server refused or dropped us, or we cannot
    /// go on. The front end closes the connection.
    Closed(String),
}

/// One seated or watching client, as `NAME` lines tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    pub seat: Option<Player>,
    pub nick: String,
    pub about: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Greeting,
    Connected,
    Closed,
}

/// What a client knows of its table.
#[derive(Clone, Debug)]
pub struct Session {
    phase: Phase,
    /// The server announced the original test server's game version.
    pub legacy: bool,
    /// Our id, when the welcome says it (`... you are c7`).
    pub id: Option<String>,
    pub seat: Option<Player>,
    /// The board (`BDIM` size, cells row by row), once known.
    width: u8,
    height: u8,
    cells: Vec<Piece>,
    /// The changes of the last move (`BPOS` lines up to `BEND`).
    pub last_changes: Vec<Change>,
    changes_open: bool,
    /// The `TURN` in force.
    pub turn: Option<(Player, Color)>,
    /// We sent our `MOVE` for the turn in force.
    answered: bool,
    /// A `REQU` is out and its `BEND` not yet in (original server).
    awaiting_board: bool,
    pub offered: bool,
    pub outcome: Option<Outcome>,
    /// Rounds this session saw end.
    pub rounds_over: u32,
    /// From `INFO score <s1>-<s2> round <r>`.
    pub scores: [u32; 2],
    pub round: u32,
    pub who: BTreeMap<String, Who>,
    /// What the screen shows: chat, information, errors.
    pub log: VecDeque<String>,
    outgoing: Vec<String>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            phase: Phase::Greeting,
            legacy: false,
            id: None,
            seat: None,
            width: 0,
            height: 0,
            cells: Vec::new(),
            last_changes: Vec::new(),
            changes_open: false,
            turn: None,
            answered: false,
            awaiting_board: false,
            offered: false,
            outcome: None,
            rounds_over: 0,
            scores: [0, 0],
            round: 1,
            who: BTreeMap::new(),
            log: VecDeque::new(),
            outgoing: Vec::new(),
        }
    }

    pub fn is_connected(&self) -> bool {
        self.phase == Phase::Connected
    }

    pub fn is_closed(&self) -> bool {
        self.phase == Phase::Closed
    }

    /// Lines to send, each without terminator, taken out.
    pub fn take_outgoing(&mut self) -> Vec<String> {
        core::mem::take(&mut self.outgoing)
    }

    /// Queues a message of ours (from the front end).
    pub fn send(&mut self, message: ClientMessage<'_>) {
        match message {
            ClientMessage::Move { .. } => self.answered = true,
            ClientMessage::Play | ClientMessage::Watch => self.offered = false,
            _ => {}
        }
        self.outgoing.push(message.to_string());
    }

    /// Whether it is our turn and no `MOVE` of ours is out for it.
    pub fn my_turn(&self) -> bool {
        matches!((self.turn, self.seat), (Some((p, _)), Some(s)) if p == s)
            && !self.answered
            && !self.awaiting_board
            && self.outcome.is_none()
    }

    /// The board's size, once a `BDIM` came.
    pub fn size(&self) -> Option<(u8, u8)> {
        (self.width > 0).then_some((self.width, self.height))
    }

    /// A cell of the board as last told.
    pub fn piece(&self, x: u8, y: u8) -> Piece {
        if x >= self.width || y >= self.height {
            return None;
        }
        self.cells
            .get(usize::from(y) * usize::from(self.width) + usize::from(x))
            .copied()
            .flatten()
    }

    /// The board as a core board.
    pub fn board(&self) -> Option<Board> {
        let mut board = Board::empty(self.width, self.height).ok()?;
        for y in 0..self.height {
            for x in 0..self.width {
                if let Some(cell) = board.cell(x, y) {
                    board.set(cell, self.piece(x, y));
                }
            }
        }
        Some(board)
    }

    /// The position as a game: the board, the tile of the `TURN` in force
    /// (or the next round's first), the round and scores as told. `None`
    /// when that is no position of a game (no board yet, no legal cell).
    pub fn position(&self) -> Option<Atom4> {
        let board = self.board()?;
        let round = self.round.max(1);
        let tile = match self.turn {
            Some((_, color)) => Tile::of_color(color)?,
            None => Tile::new(((round - 1) % 6) as u8),
        };
        let status = match &self.outcome {
            Some(Outcome::Win(p)) => Status::Won(*p),
            Some(Outcome::Draw(_)) if board.is_full() => Status::Stalemate,
            _ => Status::Playing,
        };
        Atom4::from_parts(board, tile, round, self.scores, status)
            .or_else(|| Atom4::from_parts(board, tile, round, self.scores, Status::Stalemate))
    }

    fn note(&mut self, text: String) {
        if self.log.len() == LOG_LINES {
            self.log.pop_front();
        }
        self.log.push_back(text);
    }

    fn close(&mut self, why: String, events: &mut Vec<Event>) {
        if self.phase != Phase::Closed {
            self.phase = Phase::Closed;
            self.note(why.clone());
            events.push(Event::Closed(why));
        }
    }

    fn nick_of(&self, id: &str) -> String {
        self.who
            .get(id)
            .map_or_else(|| id.to_string(), |w| w.nick.clone())
    }

    /// Takes one line from the server: updates what the session knows,
    /// queues what it answers by itself, and tells the front end what
    /// happened.
    pub fn receive(&mut self, line: &str) -> Vec<Event> {
        let mut events = Vec::new();
        if self.phase == Phase::Closed {
            return events;
        }
        let message = match ServerMessage::parse(line) {
            Ok(message) => message,
            Err(crate::message::ParseError::Empty) => return events,
            Err(_) if self.phase == Phase::Greeting => {
                self.close(format!("not an atom4 server: {line}"), &mut events);
                return events;
            }
            Err(e) => {
                self.note(format!("(not understood: {e}: {line})"));
                return events;
            }
        };
        match message {
            ServerMessage::Err { code, text } => {
                self.close(
                    format!("the server ended the session: ERR {code} {text}"),
                    &mut events,
                );
            }
            ServerMessage::Serv { game, protocol } if self.phase == Phase::Greeting => {
                if protocol.major != PROTOCOL_VERSION.major {
                    self.close(
                        format!("the server speaks protocol {protocol}, not 2.x"),
                        &mut events,
                    );
                } else {
                    self.legacy = game == LEGACY_GAME_VERSION;
                    let game = if self.legacy {
                        LEGACY_GAME_VERSION
                    } else {
                        GAME_VERSION
                    };
                    self.outgoing.push(
                        ClientMessage::Clnt {
                            game,
                            protocol: PROTOCOL_VERSION,
                        }
                        .to_string(),
                    );
                }
            }
            ServerMessage::Welcome { text } if self.phase == Phase::Greeting => {
                self.phase = Phase::Connected;
                self.id = text
                    .rsplit_once("you are ")
                    .map(|(_, id)| id.trim().to_string())
                    .filter(|id| !id.is_empty() && !id.contains(' '));
                self.note(format!("connected: {text}"));
                events.push(Event::Connected);
            }
            _ if self.phase == Phase::Greeting => {
                self.close(format!("not an atom4 server: {line}"), &mut events);
            }
            message => self.connected(message, &mut events),
        }
        events
    }

    fn connected(&mut self, message: ServerMessage<'_>, events: &mut Vec<Event>) {
        match message {
            ServerMessage::PlayOrWatch => {
                self.offered = true;
                events.push(Event::Offered);
            }
            ServerMessage::Pnum(seat) => {
                self.seat = seat;
                self.offered = false;
                if seat.is_some() {
                    self.outcome = None;
                }
                self.note(match seat {
                    Some(p) => format!("you are player {}", p.number()),
                    None => "you are watching".into(),
                });
                events.push(Event::Seat(seat));
                // The original server may send the TURN before the PLNUM.
                self.maybe_your_turn(events);
            }
            ServerMessage::Bdim { width, height } => {
                let fits = |n: u32| (2..=16).contains(&n);
                if !fits(width) || !fits(height) {
                    self.close(
                        format!("the server's board is {width}x{height}: only 2..16 each way can be shown"),
                        events,
                    );
                    return;
                }
                self.width = width as u8;
                self.height = height as u8;
                self.cells = vec![None; usize::from(self.width) * usize::from(self.height)];
                self.last_changes.clear();
                self.changes_open = false;
            }
            ServerMessage::Brow { y, cells } => {
                if y < u32::from(self.height) && cells.len() == usize::from(self.width) {
                    let start = y as usize * usize::from(self.width);
                    self.cells[start..start + cells.len()].copy_from_slice(&cells);
                    if !self.awaiting_board {
                        // A whole board (a new round, a REQU): nothing to highlight.
                        self.last_changes.clear();
                    }
                }
            }
            ServerMessage::Bpos { x, y, piece } => {
                if x < u32::from(self.width) && y < u32::from(self.height) {
                    if !self.changes_open {
                        self.last_changes.clear();
                        self.changes_open = true;
                    }
                    let index = y as usize * usize::from(self.width) + x as usize;
                    let old = self.cells[index];
                    self.cells[index] = piece;
                    if let (Some(cell), Some(new)) = (Cell::new(x as u8, y as u8), piece) {
                        self.last_changes.push(Change { cell, old, new });
                    }
                }
            }
            ServerMessage::Bend => {
                self.changes_open = false;
                events.push(Event::Board);
                if self.awaiting_board {
                    self.awaiting_board = false;
                    self.maybe_your_turn(events);
                }
            }
            ServerMessage::Turn { player, tile } => {
                self.turn = Some((player, tile));
                self.answered = false;
                self.outcome = None;
                if self.legacy {
                    // The original server sends no BPOS: ask for the board.
                    self.awaiting_board = true;
                    self.outgoing.push(ClientMessage::Requ.to_string());
                } else {
                    self.maybe_your_turn(events);
                }
            }
            ServerMessage::Name {
                id,
                seat,
                nick,
                text,
            } => {
                let who = Who {
                    seat,
                    nick: nick.into(),
                    about: text.into(),
                };
                self.who.insert(id.into(), who);
            }
            ServerMessage::Conn { id, .. } => {
                self.who.entry(id.into()).or_insert_with(|| Who {
                    seat: None,
                    nick: id.into(),
                    about: String::new(),
                });
                self.note(format!("{id} arrives"));
            }
            ServerMessage::Gone { id, seat, nick } => {
                self.who.remove(id);
                let nick = if nick.is_empty() { id } else { nick };
                self.note(match seat {
                    Some(p) => format!("{nick} (player {}) leaves", p.number()),
                    None => format!("{nick} leaves"),
                });
            }
            ServerMessage::Win { player } => {
                self.end(Outcome::Win(player), events);
                self.note(format!("player {} wins the round", player.number()));
            }
            ServerMessage::Draw { reason } => {
                self.end(Outcome::Draw(reason.into()), events);
                self.note(format!("a draw: {reason}"));
            }
            ServerMessage::Abrt { reason } => {
                self.end(Outcome::Aborted(reason.into()), events);
                self.note(format!("the round is aborted: {reason}"));
            }
            ServerMessage::Chat {
                id,
                seat,
                nick,
                text,
            } => {
                let _ = id;
                let tag = match seat {
                    Some(p) => format!("{nick} [{}]", p.number()),
                    None => nick.to_string(),
                };
                self.note(format!("<{tag}> {text}"));
            }
            ServerMessage::Info { text } => {
                if let Some((scores, round)) = parse_score(text) {
                    self.scores = scores;
                    self.round = round;
                }
                self.note(format!("info: {text}"));
            }
            ServerMessage::Grr { code, text } => {
                if code == crate::message::code::BAD_MOVE {
                    // The server sends the TURN again.
                    self.answered = false;
                }
                self.note(format!("server: GRR {code} {text}"));
            }
            ServerMessage::Serv { .. } | ServerMessage::Welcome { .. } => {
                self.note("(a second handshake line ignored)".into());
            }
            ServerMessage::Err { .. } => {}
        }
    }

    fn end(&mut self, outcome: Outcome, events: &mut Vec<Event>) {
        if let Outcome::Win(p) = outcome {
            if self.legacy {
                self.scores[p.index()] += 1;
            }
        }
        self.rounds_over += 1;
        self.outcome = Some(outcome.clone());
        self.turn = None;
        self.seat = None;
        self.offered = false;
        events.push(Event::RoundOver(outcome));
        if self.legacy {
            // The last move's board was never sent.
            self.outgoing.push(ClientMessage::Requ.to_string());
        }
    }

    fn maybe_your_turn(&mut self, events: &mut Vec<Event>) {
        if self.my_turn() {
            if let Some((_, tile)) = self.turn {
                events.push(Event::YourTurn { tile });
            }
        }
    }

    /// The nick of the client in `seat`, if known.
    pub fn player_nick(&self, seat: Player) -> Option<&str> {
        self.who
            .values()
            .find(|w| w.seat == Some(seat))
            .map(|w| w.nick.as_str())
    }

    /// Our nick as the server knows it.
    pub fn my_nick(&self) -> Option<String> {
        self.id.as_deref().map(|id| self.nick_of(id))
    }
}

/// `score <s1>-<s2> round <r>`.
fn parse_score(text: &str) -> Option<([u32; 2], u32)> {
    let rest = text.strip_prefix("score ")?;
    let (scores, round) = rest.split_once(" round ")?;
    let (s1, s2) = scores.split_once('-')?;
    Some((
        [s1.trim().parse().ok()?, s2.trim().parse().ok()?],
        round.trim().parse().ok()?,
    ))
}

/// The changes of the last move as the core's list (for highlighting).
pub fn as_changes(changes: &[Change]) -> Changes {
    let mut list = Changes::new();
    for &change in changes {
        list.push(change);
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(session: &mut Session, lines: &str) -> Vec<Event> {
        lines.lines().flat_map(|l| session.receive(l)).collect()
    }

    const BOARD_6X6: &str = "BDIM 6 6\nBROW 0 . . . . . .\nBROW 1 . . . . . .\nBROW 2 . . g p . .\nBROW 3 . . . . . .\nBROW 4 . . . . . .\nBROW 5 . . . . . .\nBEND";

    #[test]
    fn our_server_a_seat_a_turn_a_move_and_its_changes() {
        let mut s = Session::new();
        assert!(feed(&mut s, "ATOM4 SERV 4.1 2.0").is_empty());
        assert_eq!(s.take_outgoing(), ["ATOM4 CLNT 4.1 2.0"]);
        let events = feed(&mut s, "ATOM4 CONN Welcome; you are c3");
        assert_eq!(events, [Event::Connected]);
        assert_eq!(s.id.as_deref(), Some("c3"));
        let events = feed(&mut s, &format!("{BOARD_6X6}\nPOW?"));
        assert_eq!(events, [Event::Board, Event::Offered]);
        s.send(ClientMessage::Play);
        assert_eq!(s.take_outgoing(), ["PLAY"]);
        let events = feed(&mut s, "PNUM 1\nNAME c3 1 ann\nNAME c4 2 bob\nTURN 1 r");
        assert_eq!(
            events,
            [
                Event::Seat(Some(Player::ONE)),
                Event::YourTurn { tile: Color::Red }
            ]
        );
        let game = s.position().unwrap();
        assert_eq!(game, Atom4::new(6, 6).unwrap());
        assert_eq!(s.player_nick(Player::TWO), Some("bob"));
        s.send(ClientMessage::Move { x: 3, y: 1 });
        assert_eq!(s.take_outgoing(), ["MOVE 3 1"]);
        assert!(!s.my_turn());
        let events = feed(&mut s, "GRR 103 no\nTURN 1 r");
        assert_eq!(events, [Event::YourTurn { tile: Color::Red }]);
        feed(&mut s, "BPOS 2 1 r\nBPOS 2 2 y\nBEND\nTURN 2 y");
        assert_eq!(s.piece(2, 2), Some(Color::Yellow));
        assert_eq!(s.last_changes.len(), 2);
        assert_eq!(s.last_changes[1].old, Some(Color::Green));
        assert!(!s.my_turn());
        let events = feed(&mut s, "WIN 2\nINFO score 0-1 round 1");
        assert_eq!(events, [Event::RoundOver(Outcome::Win(Player::TWO))]);
        assert_eq!((s.seat, s.scores, s.rounds_over), (None, [0, 1], 1));
        assert!(s.take_outgoing().is_empty());
    }

    #[test]
    fn the_original_test_server() {
        let mut s = Session::new();
        feed(&mut s, "ATOM4 SERV 2.1 2.0");
        assert_eq!(s.take_outgoing(), ["ATOM4 CLNT 2.1 2.0"]);
        assert!(s.legacy);
        feed(&mut s, "ATOM4 CONN Welcome to Atom-4 (2.1) server (2.0)");
        assert_eq!(s.id, None);
        let padded = "BDIM 6 6\nBROW  0 . . . . . . \nBROW  1  . . . . . .\nBROW  2 . . g p . . \nBROW  3  . . . . . .\nBROW  4 . . . . . . \nBROW  5  . . . . . .\nBEND";
        feed(&mut s, &format!("{padded}\nPOW?"));
        s.send(ClientMessage::Play);
        s.take_outgoing();
        // The TURN comes before the PLNUM; the board is asked for.
        assert!(feed(&mut s, "TURN 1 r").is_empty());
        assert_eq!(s.take_outgoing(), ["REQU"]);
        assert_eq!(feed(&mut s, "PLNUM 1"), [Event::Seat(Some(Player::ONE))]);
        let events = feed(&mut s, &padded.replacen("BDIM 6 6\n", "", 1));
        assert_eq!(events, [Event::Board, Event::YourTurn { tile: Color::Red }]);
        s.send(ClientMessage::Move { x: 2, y: 1 });
        s.take_outgoing();
        feed(&mut s, "TURN 2 y");
        assert_eq!(s.take_outgoing(), ["REQU"]);
        feed(&mut s, "WIN 1");
        assert_eq!(s.take_outgoing(), ["REQU"]);
        assert_eq!(s.scores, [1, 0]);
    }

    #[test]
    fn refusals_end_the_session() {
        let mut s = Session::new();
        let events = feed(&mut s, "ATOM4 SERV 4.1 3.0");
        assert!(matches!(&events[..], [Event::Closed(_)]));
        assert!(s.take_outgoing().is_empty());
        let mut s = Session::new();
        let events = feed(&mut s, "ERR 903 server is full");
        assert_eq!(
            events,
            [Event::Closed(
                "the server ended the session: ERR 903 server is full".into()
            )]
        );
        let mut s = Session::new();
        let events = feed(&mut s, "SSH-2.0-OpenSSH");
        assert!(matches!(&events[..], [Event::Closed(_)]));
        let mut s = Session::new();
        feed(&mut s, "ATOM4 SERV 4.1 2.0\nATOM4 CONN hi");
        let events = feed(&mut s, "BDIM 40 4");
        assert!(matches!(&events[..], [Event::Closed(_)]));
    }

    #[test]
    fn chat_joins_leaves_and_junk_are_logged() {
        let mut s = Session::new();
        feed(&mut s, "ATOM4 SERV 4.1 2.0\nATOM4 CONN hi");
        feed(
            &mut s,
            "CONN c9\nCHAT c9 0 c9 hello there\nGONE c9 0 c9\nBOGUS\nBPOS 1 1 r",
        );
        let log: Vec<&str> = s.log.iter().map(String::as_str).collect();
        assert_eq!(
            log[1..],
            [
                "c9 arrives",
                "<c9> hello there",
                "c9 leaves",
                "(not understood: unknown message type: BOGUS)"
            ]
        );
        assert!(s.who.is_empty());
    }
}
