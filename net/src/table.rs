//! The server's one table as a state machine without I/O (spec sections 2
//! to 10): clients, seats and watchers, `POW?`, turns, moves and their
//! `BPOS`/`BEND` broadcasts, rounds and `NEXT`, resigning, leaving, `WHO?`,
//! chat, errors and abuse. Every input (a connection, a line, a closed
//! connection, the clock, the engine's answer) is one call that appends
//! [`Effect`]s for the I/O layer to carry out, in order.

use alloc::collections::{BTreeMap, VecDeque};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Display, Formatter};

use arrayvec::ArrayVec;
use atom4_core::atom4::{Atom4, BadSize, Board, Changes, Player, Status, Tile};
use atom4_core::Cell;

use crate::framing::{cut, MAX_LINE};
use crate::message::{
    code, ClientMessage, ParseError, Row, ServerMessage, Version, GAME_VERSION,
    LEGACY_GAME_VERSION, PROTOCOL_VERSION,
};

/// Milliseconds on the server's clock (any origin).
pub type Millis = u64;

/// A client's id, `c` and a serial number: all that others learn of it
/// besides its nick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClientId(pub u64);

impl Display for ClientId {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}

/// A seat the server's own engine holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSeat {
    pub seat: Player,
    /// Its `NAME` text (the engine's spec, say `strong:500ms`).
    pub about: String,
}

/// The table's settings (the server's options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub width: u8,
    pub height: u8,
    /// Connections at once, handshaking ones included (the engine is none).
    pub max_clients: usize,
    /// A player's time for a move.
    pub move_time: Millis,
    /// The time both players have to ask for the next round.
    pub next_time: Millis,
    /// The time a connection has to complete the handshake.
    pub handshake_time: Millis,
    pub engine: Option<EngineSeat>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            width: 16,
            height: 16,
            max_clients: 1000,
            move_time: 300_000,
            next_time: 60_000,
            handshake_time: 10_000,
            engine: None,
        }
    }
}

/// Chat lines a client may send within [`CHAT_WINDOW`].
pub const CHAT_LINES: usize = 5;
pub const CHAT_WINDOW: Millis = 10_000;
/// Consecutive messages that each drew a `GRR` before `ERR 999`.
pub const GRR_STREAK: u32 = 20;
/// The longest nick, and the longest `NAME` text.
pub const MAX_NICK: usize = 16;
pub const MAX_NAME_TEXT: usize = 200;

/// What the I/O layer must do, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Send these lines (each ending in `\n`) to one client.
    Send(ClientId, String),
    /// Send these lines to every admitted client but `except`.
    Broadcast {
        lines: String,
        except: Option<ClientId>,
    },
    /// The client completed the handshake: broadcasts reach it from now on.
    Admit(ClientId),
    /// Send what is queued for the client, then close its connection. The
    /// table has forgotten it already.
    Close(ClientId),
    /// Ask the engine for a move in `game`; answer with
    /// [`Table::engine_move`] and this request number.
    Think { request: u64, game: Atom4 },
    /// The engine's current request no longer applies.
    StopThinking,
    /// A game event for the server's log.
    Log(String),
}

#[derive(Clone, Debug)]
struct Client {
    nick: String,
    about: String,
    /// The handshake is complete.
    connected: bool,
    /// A `POW?` it has not answered yet.
    offer: bool,
    grr_streak: u32,
    /// When its last chat lines were relayed (at most [`CHAT_LINES`]).
    chats: ArrayVec<Millis, CHAT_LINES>,
    /// When its last `NAME` changes were broadcast (the same limit).
    renames: ArrayVec<Millis, CHAT_LINES>,
    engine: bool,
}

/// Where the table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No game: seats are being taken.
    Forming,
    /// A round is being played by the seated pair.
    Playing,
    /// A round of the pair ended; both must send `NEXT` before `deadline`.
    Break { deadline: Millis, ready: [bool; 2] },
}

/// Two players and their rounds together.
#[derive(Clone, Copy, Debug)]
struct Pair {
    players: [ClientId; 2],
    scores: [u32; 2],
    /// The round in play, or the last one played.
    round: u32,
}

/// A non-fatal error for the client's last message.
struct Grr {
    code: u32,
    text: String,
    /// A bad move: the player gets its `TURN` again.
    again: bool,
}

fn grr(code: u32, text: impl Into<String>) -> Grr {
    Grr {
        code,
        text: text.into(),
        again: false,
    }
}

/// The server's one table.
#[derive(Clone, Debug)]
pub struct Table {
    config: Config,
    now: Millis,
    next_serial: u64,
    clients: BTreeMap<ClientId, Client>,
    /// Connections held, handshaking ones included.
    connections: usize,
    seats: [Option<ClientId>; 2],
    /// The board in play, or the last one played.
    game: Atom4,
    phase: Phase,
    pair: Option<Pair>,
    engine: Option<(ClientId, Player)>,
    request: u64,
    /// Handshake deadlines in connection order (stale entries are skipped).
    handshakes: VecDeque<(Millis, ClientId)>,
    turn_deadline: Option<Millis>,
    effects: Vec<Effect>,
}

impl Table {
    /// An empty table; its engine, if any, sits down at once.
    pub fn new(config: Config, now: Millis) -> Result<Table, BadSize> {
        let game = Atom4::new(config.width, config.height)?;
        let mut table = Table {
            now,
            next_serial: 1,
            clients: BTreeMap::new(),
            connections: 0,
            seats: [None, None],
            game,
            phase: Phase::Forming,
            pair: None,
            engine: None,
            request: 0,
            handshakes: VecDeque::new(),
            turn_deadline: None,
            effects: Vec::new(),
            config,
        };
        if let Some(seat) = table.config.engine.clone() {
            let id = table.new_id();
            table.clients.insert(
                id,
                Client {
                    nick: "computer".into(),
                    about: seat.about.clone(),
                    connected: true,
                    offer: false,
                    grr_streak: 0,
                    chats: ArrayVec::new(),
                    renames: ArrayVec::new(),
                    engine: true,
                },
            );
            table.engine = Some((id, seat.seat));
            table.seats[seat.seat.index()] = Some(id);
            table.log(format!(
                "{id} computer ({}) takes seat {}",
                seat.about,
                seat.seat.number()
            ));
        }
        Ok(table)
    }

    /// The effects of the calls so far, taken out.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        core::mem::take(&mut self.effects)
    }

    /// The effects waiting to be taken, appended to `into`.
    pub fn drain_effects(&mut self, into: &mut Vec<Effect>) {
        into.append(&mut self.effects);
    }

    /// Connections held now (handshaking ones included).
    pub fn connections(&self) -> usize {
        self.connections
    }

    /// The position on the table (in play, or the last one played).
    pub fn game(&self) -> &Atom4 {
        &self.game
    }

    /// Whether a round is being played.
    pub fn is_playing(&self) -> bool {
        self.phase == Phase::Playing
    }

    /// When [`Table::tick`] next has something to do.
    pub fn next_deadline(&self) -> Option<Millis> {
        let handshake = self.handshakes.front().map(|&(t, _)| t);
        let brk = match self.phase {
            Phase::Break { deadline, .. } => Some(deadline),
            _ => None,
        };
        [handshake, self.turn_deadline, brk]
            .into_iter()
            .flatten()
            .min()
    }

    /// A new connection: its id, and the greeting (or `ERR 903` and a
    /// close when the server is full).
    pub fn connect(&mut self, now: Millis) -> ClientId {
        self.now = now;
        let id = self.new_id();
        if self.connections >= self.config.max_clients {
            self.send(
                id,
                ServerMessage::Err {
                    code: code::SERVER_FULL,
                    text: "server is full",
                },
            );
            self.effects.push(Effect::Close(id));
            return id;
        }
        self.connections += 1;
        self.clients.insert(
            id,
            Client {
                nick: id.to_string(),
                about: String::new(),
                connected: false,
                offer: false,
                grr_streak: 0,
                chats: ArrayVec::new(),
                renames: ArrayVec::new(),
                engine: false,
            },
        );
        self.handshakes
            .push_back((now.saturating_add(self.config.handshake_time), id));
        self.send(
            id,
            ServerMessage::Serv {
                game: GAME_VERSION,
                protocol: PROTOCOL_VERSION,
            },
        );
        id
    }

    /// A line from a client (unknown ids, closed already, are ignored).
    pub fn receive(&mut self, id: ClientId, line: &str, now: Millis) {
        self.now = now;
        let Some(client) = self.clients.get(&id) else {
            return;
        };
        if client.engine {
            return;
        }
        if !client.connected {
            self.handshake(id, line);
            return;
        }
        let result = match ClientMessage::parse(line) {
            Ok(message) => self.handle(id, message),
            // A line of spaces only is no message: ignored like an empty one.
            Err(ParseError::Empty) => return,
            Err(ParseError::Unknown) => {
                let kind = line.split(' ').find(|w| !w.is_empty()).unwrap_or("");
                Err(grr(
                    code::NOT_UNDERSTOOD,
                    format!("unknown message {}", cut(kind, 32)),
                ))
            }
            Err(e) => {
                let kind = line.split(' ').find(|w| !w.is_empty()).unwrap_or("");
                Err(grr(
                    code::NOT_UNDERSTOOD,
                    format!("{}: {e}", kind.to_ascii_uppercase()),
                ))
            }
        };
        match result {
            Ok(()) => {
                if let Some(c) = self.clients.get_mut(&id) {
                    c.grr_streak = 0;
                }
            }
            Err(e) => self.refuse(id, e),
        }
    }

    /// A connection closed (by the peer, or by the I/O layer: an error, a
    /// full queue). Unknown ids are ignored.
    pub fn disconnect(&mut self, id: ClientId, why: &str, now: Millis) {
        self.now = now;
        if self.clients.get(&id).is_some_and(|c| !c.engine) {
            self.leave(id, why);
        }
    }

    /// The clock: handshakes and moves that took too long, a round break
    /// that ran out.
    pub fn tick(&mut self, now: Millis) {
        self.now = now;
        while let Some(&(deadline, id)) = self.handshakes.front() {
            if deadline > now {
                break;
            }
            self.handshakes.pop_front();
            if self.clients.get(&id).is_some_and(|c| !c.connected) {
                let secs = self.config.handshake_time / 1000;
                self.fatal(
                    id,
                    code::PROTOCOL_ERROR,
                    &format!("no handshake in {secs} s"),
                );
            }
        }
        if self.turn_deadline.is_some_and(|t| t <= now) {
            self.turn_deadline = None;
            if let Some(id) = self.player_to_move() {
                let secs = self.config.move_time / 1000;
                self.fatal(id, code::BAD_BEHAVIOUR, &format!("no move in {secs} s"));
            }
        }
        if let Phase::Break { deadline, .. } = self.phase {
            if deadline <= now {
                self.log("no next round in time: the pair is dissolved".into());
                self.broadcast(
                    ServerMessage::Info {
                        text: "no next round: seats are free",
                    },
                    None,
                );
                self.dissolve();
            }
        }
    }

    /// The client broke the protocol below the lines (a WebSocket binary
    /// message, say): `ERR 902` and the connection closed.
    pub fn protocol_error(&mut self, id: ClientId, why: &str, now: Millis) {
        self.now = now;
        if self.clients.get(&id).is_some_and(|c| !c.engine) {
            self.fatal(id, code::PROTOCOL_ERROR, why);
        }
    }

    /// The engine's answer to request `request` (stale answers are ignored).
    pub fn engine_move(&mut self, request: u64, cell: Cell, now: Millis) {
        self.now = now;
        let Some((engine, seat)) = self.engine else {
            return;
        };
        if request != self.request
            || self.phase != Phase::Playing
            || self.game.current_player() != Some(seat)
        {
            return;
        }
        match self.game.play(cell) {
            Ok(changes) => {
                self.log(format!(
                    "{engine} computer plays ({},{})",
                    cell.x(),
                    cell.y()
                ));
                self.after_move(&changes);
            }
            Err(e) => self.engine_failed(request, &format!("an illegal move: {e}"), now),
        }
    }

    /// The engine could not answer request `request`: the round is aborted.
    pub fn engine_failed(&mut self, request: u64, why: &str, now: Millis) {
        self.now = now;
        if request != self.request || self.phase != Phase::Playing {
            return;
        }
        self.log(format!("the computer player failed: {why}"));
        self.abort("the computer player failed");
    }

    /// The server is stopping: players are told (`ABRT`), everyone is
    /// closed.
    pub fn shutdown(&mut self, now: Millis) {
        self.now = now;
        if self.phase == Phase::Playing {
            self.broadcast(
                ServerMessage::Abrt {
                    reason: "the server is shutting down",
                },
                None,
            );
            self.effects.push(Effect::StopThinking);
        } else {
            self.broadcast(
                ServerMessage::Info {
                    text: "the server is shutting down",
                },
                None,
            );
        }
        self.log("shutting down".into());
        let ids: Vec<ClientId> = self.clients.keys().copied().collect();
        for id in ids {
            if self.clients.get(&id).is_some_and(|c| !c.engine) {
                self.effects.push(Effect::Close(id));
            }
        }
        self.clients.retain(|_, c| c.engine);
        self.connections = 0;
        self.handshakes.clear();
    }

    // --- the handshake

    fn handshake(&mut self, id: ClientId, line: &str) {
        match ClientMessage::parse(line) {
            Err(ParseError::Empty) => {}
            Ok(ClientMessage::Clnt { game, protocol }) => {
                if compatible(game, protocol) {
                    self.join(id);
                } else {
                    self.fatal(
                        id,
                        code::INCOMPATIBLE,
                        &format!(
                            "incompatible versions: this server speaks game {GAME_VERSION} (or {LEGACY_GAME_VERSION}) and protocol 2.x"
                        ),
                    );
                }
            }
            _ => self.fatal(
                id,
                code::PROTOCOL_ERROR,
                "expected ATOM4 CLNT <game-version> <protocol-version>",
            ),
        }
    }

    /// The handshake is complete: the welcome and what a newcomer gets.
    fn join(&mut self, id: ClientId) {
        if let Some(c) = self.clients.get_mut(&id) {
            c.connected = true;
        }
        let welcome = format!("Welcome to the atom4 {GAME_VERSION} table; you are {id}");
        self.send(id, ServerMessage::Welcome { text: &welcome });
        self.effects.push(Effect::Admit(id));
        let others: Vec<ClientId> = self
            .clients
            .iter()
            .filter(|(other, c)| **other != id && c.connected)
            .map(|(other, _)| *other)
            .collect();
        for other in others {
            self.send_name(id, other);
        }
        let who = id.to_string();
        self.broadcast(ServerMessage::Conn { id: &who, text: "" }, Some(id));
        self.send_board(Some(id), true);
        match self.phase {
            Phase::Playing => {
                if let Some(turn) = self.turn_message() {
                    self.send_line(id, &turn);
                }
            }
            Phase::Forming => {
                if self.seats.iter().any(Option::is_none) {
                    self.offer(id);
                }
            }
            Phase::Break { .. } => {}
        }
        if let Some(info) = self.score_info() {
            self.send(id, ServerMessage::Info { text: &info });
        }
        self.log(format!("{id} joins"));
    }

    // --- messages of connected clients

    fn handle(&mut self, id: ClientId, message: ClientMessage<'_>) -> Result<(), Grr> {
        match message {
            ClientMessage::Clnt { .. } => Err(grr(code::NOT_UNDERSTOOD, "already connected")),
            ClientMessage::Name { nick, text } => self.rename(id, nick, text),
            ClientMessage::Requ => {
                self.send_board(Some(id), false);
                Ok(())
            }
            ClientMessage::Move { x, y } => self.play(id, x, y),
            ClientMessage::Rsgn => self.resign(id),
            ClientMessage::Chat { text } => self.chat(id, text),
            ClientMessage::Next => self.next(id),
            ClientMessage::Play => self.take_seat(id),
            ClientMessage::Watch => self.watch(id),
            ClientMessage::Quit => {
                self.leave(id, "quit");
                Ok(())
            }
            ClientMessage::Who => {
                let ids: Vec<ClientId> = self
                    .clients
                    .iter()
                    .filter(|(_, c)| c.connected)
                    .map(|(id, _)| *id)
                    .collect();
                for other in ids {
                    self.send_name(id, other);
                }
                Ok(())
            }
        }
    }

    fn rename(&mut self, id: ClientId, nick: &str, text: &str) -> Result<(), Grr> {
        nick_ok(id, nick).map_err(|why| grr(code::BAD_NICK, why))?;
        let about = cut(text, MAX_NAME_TEXT);
        let now = self.now;
        let Some(c) = self.clients.get_mut(&id) else {
            return Ok(());
        };
        // Every NAME is broadcast: it is held to the chat's limit.
        if !within_limit(&mut c.renames, now) {
            return Err(grr(code::NOT_UNDERSTOOD, "name limit"));
        }
        c.nick = nick.into();
        c.about = about.into();
        let (who, seat) = (id.to_string(), self.seat_of(id));
        self.broadcast(
            ServerMessage::Name {
                id: &who,
                seat,
                nick,
                text: about,
            },
            None,
        );
        self.log(format!("{id} is now called {nick}"));
        Ok(())
    }

    fn play(&mut self, id: ClientId, x: u32, y: u32) -> Result<(), Grr> {
        let Some(seat) = self.seat_of(id) else {
            return Err(grr(code::NOT_A_PLAYER, "you are not a player"));
        };
        if self.phase != Phase::Playing {
            return Err(grr(code::NOT_YOUR_TURN, "the game has not started"));
        }
        if self.game.current_player() != Some(seat) {
            return Err(grr(code::NOT_YOUR_TURN, "it is not your turn"));
        }
        let cell = u8::try_from(x)
            .ok()
            .zip(u8::try_from(y).ok())
            .and_then(|(x, y)| self.game.board().cell(x, y));
        let result = match cell {
            Some(cell) => self.game.play(cell).map(|changes| (cell, changes)),
            None => Err(atom4_core::atom4::IllegalMove::OffBoard),
        };
        match result {
            Ok((cell, changes)) => {
                let nick = self.nick(id);
                self.log(format!(
                    "{id} {nick} (player {}) plays ({},{})",
                    seat.number(),
                    cell.x(),
                    cell.y()
                ));
                self.after_move(&changes);
                Ok(())
            }
            Err(e) => Err(Grr {
                code: code::BAD_MOVE,
                text: e.to_string(),
                again: true,
            }),
        }
    }

    fn resign(&mut self, id: ClientId) -> Result<(), Grr> {
        match self.seat_of(id) {
            Some(seat) if self.phase == Phase::Playing => {
                let winner = seat.other();
                self.log(format!("{id} (player {}) resigns", seat.number()));
                if let Some(pair) = &mut self.pair {
                    pair.scores[winner.index()] += 1;
                }
                self.effects.push(Effect::StopThinking);
                self.broadcast(ServerMessage::Win { player: winner }, None);
                self.end_round(&format!("player {} wins", winner.number()));
                Ok(())
            }
            _ => Err(grr(code::NOT_A_PLAYER, "you are not playing a game")),
        }
    }

    fn chat(&mut self, id: ClientId, text: &str) -> Result<(), Grr> {
        if text.is_empty() {
            return Err(grr(code::NOT_UNDERSTOOD, "CHAT needs a text"));
        }
        let (now, seat) = (self.now, self.seat_of(id));
        let Some(client) = self.clients.get_mut(&id) else {
            return Ok(());
        };
        if !within_limit(&mut client.chats, now) {
            return Err(grr(code::NOT_UNDERSTOOD, "chat limit"));
        }
        let (who, nick) = (id.to_string(), client.nick.clone());
        // The relayed line must fit 1024 bytes: the text is cut to fit.
        let prefix = format!("CHAT {who} 0 {nick} ").len();
        let text = cut(text, MAX_LINE.saturating_sub(prefix));
        self.broadcast(
            ServerMessage::Chat {
                id: &who,
                seat,
                nick: &nick,
                text,
            },
            Some(id),
        );
        Ok(())
    }

    fn next(&mut self, id: ClientId) -> Result<(), Grr> {
        let (
            Phase::Break {
                deadline,
                mut ready,
            },
            Some(pair),
        ) = (self.phase, self.pair)
        else {
            return Err(grr(code::NOT_UNDERSTOOD, "no round has just ended"));
        };
        let Some(index) = pair.players.iter().position(|p| *p == id) else {
            return Err(grr(
                code::NOT_UNDERSTOOD,
                "only the last round's players may start the next",
            ));
        };
        ready[index] = true;
        self.phase = Phase::Break { deadline, ready };
        if ready == [true, true] {
            self.next_round();
        } else {
            let text = format!("player {} asks for the next round", index + 1);
            for player in pair.players {
                self.send(player, ServerMessage::Info { text: &text });
            }
        }
        Ok(())
    }

    fn take_seat(&mut self, id: ClientId) -> Result<(), Grr> {
        if let Some(seat) = self.seat_of(id) {
            return Err(grr(
                code::NOT_UNDERSTOOD,
                format!("you hold seat {} already", seat.number()),
            ));
        }
        if !self.may_answer(id) {
            return Err(grr(code::NOT_UNDERSTOOD, "no seat was offered"));
        }
        if let Some(c) = self.clients.get_mut(&id) {
            c.offer = false;
        }
        let free = self.seats.iter().position(Option::is_none);
        match free {
            Some(index) if self.phase == Phase::Forming => {
                let seat = if index == 0 { Player::ONE } else { Player::TWO };
                self.seats[index] = Some(id);
                self.send(id, ServerMessage::Pnum(Some(seat)));
                let nick = self.nick(id);
                self.log(format!("{id} {nick} takes seat {}", seat.number()));
                if self.seats.iter().all(Option::is_some) {
                    self.start_pair();
                }
            }
            _ => self.send(id, ServerMessage::Pnum(None)),
        }
        Ok(())
    }

    fn watch(&mut self, id: ClientId) -> Result<(), Grr> {
        if self.seat_of(id).is_some() {
            return Err(grr(
                code::FINISH_PLAYING_FIRST,
                "finish playing first (RSGN resigns)",
            ));
        }
        if !self.may_answer(id) {
            return Err(grr(code::NOT_UNDERSTOOD, "no seat was offered"));
        }
        if let Some(c) = self.clients.get_mut(&id) {
            c.offer = false;
        }
        self.send(id, ServerMessage::Pnum(None));
        Ok(())
    }

    /// Whether `id` may answer `PLAY` or `WATCH`: it has an offer pending,
    /// or no game is on (between games the offer stands for everyone
    /// unseated, so a watcher may change its mind).
    fn may_answer(&self, id: ClientId) -> bool {
        self.phase == Phase::Forming || self.clients.get(&id).is_some_and(|c| c.offer)
    }

    // --- the game's course

    /// Both seats are taken: round 1 of a new pair.
    fn start_pair(&mut self) {
        let (Some(one), Some(two)) = (self.seats[0], self.seats[1]) else {
            return;
        };
        self.pair = Some(Pair {
            players: [one, two],
            scores: [0, 0],
            round: 1,
        });
        self.game = round_start(self.config.width, self.config.height, 1, [0, 0]);
        self.phase = Phase::Playing;
        let (n1, n2) = (self.nick(one), self.nick(two));
        self.log(format!("round 1: {one} {n1} against {two} {n2}"));
        for id in [one, two] {
            let (who, c) = (id.to_string(), &self.clients[&id]);
            let line = ServerMessage::Name {
                id: &who,
                seat: self.seat_of(id),
                nick: &c.nick,
                text: &c.about,
            }
            .to_string();
            self.broadcast_line(&line, None);
        }
        self.send_board(None, true);
        self.turn();
    }

    fn next_round(&mut self) {
        let Some(pair) = &mut self.pair else {
            return;
        };
        pair.round = pair.round.saturating_add(1);
        let pair = *pair;
        self.seats = [Some(pair.players[0]), Some(pair.players[1])];
        self.game = round_start(
            self.config.width,
            self.config.height,
            pair.round,
            pair.scores,
        );
        self.phase = Phase::Playing;
        self.log(format!(
            "round {}: {} against {}, score {}-{}",
            pair.round, pair.players[0], pair.players[1], pair.scores[0], pair.scores[1]
        ));
        self.send(pair.players[0], ServerMessage::Pnum(Some(Player::ONE)));
        self.send(pair.players[1], ServerMessage::Pnum(Some(Player::TWO)));
        self.send_board(None, true);
        if let Some(info) = self.score_info() {
            self.broadcast(ServerMessage::Info { text: &info }, None);
        }
        self.turn();
    }

    /// After a legal move: its changes, then the next turn or the end.
    fn after_move(&mut self, changes: &Changes) {
        let mut lines = String::new();
        for change in changes.iter() {
            let line = ServerMessage::Bpos {
                x: change.cell.x().into(),
                y: change.cell.y().into(),
                piece: Some(change.new),
            };
            lines.push_str(&format!("{line}\n"));
        }
        lines.push_str("BEND\n");
        self.broadcast_lines(lines, None);
        match self.game.status() {
            Status::Playing => self.turn(),
            Status::Won(winner) => {
                if let Some(pair) = &mut self.pair {
                    pair.scores[winner.index()] += 1;
                }
                self.broadcast(ServerMessage::Win { player: winner }, None);
                self.end_round(&format!("player {} wins", winner.number()));
            }
            Status::Stalemate => {
                self.broadcast(
                    ServerMessage::Draw {
                        reason: "board full",
                    },
                    None,
                );
                self.end_round("a draw: the board is full");
            }
        }
    }

    /// The `TURN` in force, to everyone; the engine thinks, or the
    /// player's clock starts.
    fn turn(&mut self) {
        let Some(turn) = self.turn_message() else {
            return;
        };
        self.broadcast_line(&turn, None);
        self.turn_deadline = None;
        match (self.engine, self.game.current_player()) {
            (Some((_, seat)), Some(p)) if seat == p => {
                self.request += 1;
                self.effects.push(Effect::Think {
                    request: self.request,
                    game: self.game,
                });
            }
            _ => self.turn_deadline = Some(self.now.saturating_add(self.config.move_time)),
        }
    }

    fn turn_message(&self) -> Option<String> {
        let player = self.game.current_player()?;
        Some(
            ServerMessage::Turn {
                player,
                tile: self.game.tile().color(),
            }
            .to_string(),
        )
    }

    /// The round ended (`WIN` or `DRAW` sent): both players are watchers
    /// and have a while to ask for the next round.
    fn end_round(&mut self, result: &str) {
        self.turn_deadline = None;
        self.seats = [None, None];
        let mut ready = [false, false];
        if let (Some((engine, _)), Some(pair)) = (self.engine, self.pair) {
            for (i, p) in pair.players.iter().enumerate() {
                ready[i] = *p == engine;
            }
        }
        self.phase = Phase::Break {
            deadline: self.now.saturating_add(self.config.next_time),
            ready,
        };
        if let Some(pair) = self.pair {
            self.log(format!(
                "round {} over: {result}; score {}-{}",
                pair.round, pair.scores[0], pair.scores[1]
            ));
        }
    }

    /// A round stopped by the server with both players still here.
    fn abort(&mut self, reason: &str) {
        self.effects.push(Effect::StopThinking);
        self.broadcast(ServerMessage::Abrt { reason }, None);
        self.end_round(&format!("aborted ({reason})"));
    }

    /// The pair is no more: seats are free (the engine takes its own
    /// again) and everyone is offered one.
    fn dissolve(&mut self) {
        self.pair = None;
        self.phase = Phase::Forming;
        self.seats = [None, None];
        self.turn_deadline = None;
        if let Some((id, seat)) = self.engine {
            self.seats[seat.index()] = Some(id);
        }
        for c in self.clients.values_mut() {
            if c.connected && !c.engine {
                c.offer = true;
            }
        }
        self.broadcast(ServerMessage::PlayOrWatch, None);
    }

    /// A client is gone (quit, closed, timed out, or dropped).
    fn leave(&mut self, id: ClientId, why: &str) {
        let seat = self.seat_of(id);
        let in_pair = self.pair.is_some_and(|p| p.players.contains(&id));
        self.effects.push(Effect::Close(id));
        let Some(client) = self.clients.remove(&id) else {
            return;
        };
        self.connections = self.connections.saturating_sub(1);
        if !client.connected {
            return;
        }
        let who = id.to_string();
        self.log(format!("{id} {} leaves ({why})", client.nick));
        self.broadcast(
            ServerMessage::Gone {
                id: &who,
                seat,
                nick: &client.nick,
            },
            None,
        );
        match (self.phase, seat) {
            (Phase::Playing, Some(seat)) => {
                self.effects.push(Effect::StopThinking);
                let reason = format!("player {} left", seat.number());
                self.broadcast(ServerMessage::Abrt { reason: &reason }, None);
                self.end_round(&format!("aborted ({reason})"));
                self.dissolve();
            }
            (Phase::Forming, Some(seat)) => {
                self.seats[seat.index()] = None;
                // A seat is free again: every unseated client is offered it.
                let unseated: Vec<ClientId> = self
                    .clients
                    .iter()
                    .filter(|(c, client)| {
                        client.connected && !client.engine && !self.seats.contains(&Some(**c))
                    })
                    .map(|(c, _)| *c)
                    .collect();
                for c in unseated {
                    self.offer(c);
                }
            }
            (Phase::Break { .. }, _) if in_pair => self.dissolve(),
            _ => {}
        }
    }

    // --- replies

    fn refuse(&mut self, id: ClientId, e: Grr) {
        self.send(
            id,
            ServerMessage::Grr {
                code: e.code,
                text: &e.text,
            },
        );
        let Some(client) = self.clients.get_mut(&id) else {
            return;
        };
        client.grr_streak += 1;
        if client.grr_streak >= GRR_STREAK {
            self.fatal(
                id,
                code::BAD_BEHAVIOUR,
                &format!("{GRR_STREAK} bad messages in a row"),
            );
            return;
        }
        if e.again {
            if let Some(turn) = self.turn_message() {
                self.send_line(id, &turn);
            }
        }
    }

    /// `ERR` and the connection closed; a connected client leaves.
    fn fatal(&mut self, id: ClientId, code: u32, text: &str) {
        self.send(id, ServerMessage::Err { code, text });
        let connected = self.clients.get(&id).is_some_and(|c| c.connected);
        let nick = self.nick(id);
        self.log(format!("{id} {nick} closed: ERR {code} {text}"));
        if connected {
            self.leave(id, &format!("ERR {code}"));
        } else {
            self.effects.push(Effect::Close(id));
            if self.clients.remove(&id).is_some() {
                self.connections = self.connections.saturating_sub(1);
            }
        }
    }

    fn offer(&mut self, id: ClientId) {
        if let Some(c) = self.clients.get_mut(&id) {
            c.offer = true;
        }
        self.send(id, ServerMessage::PlayOrWatch);
    }

    fn send_name(&mut self, to: ClientId, about: ClientId) {
        let Some(c) = self.clients.get(&about) else {
            return;
        };
        let who = about.to_string();
        let line = ServerMessage::Name {
            id: &who,
            seat: self.seat_of(about),
            nick: &c.nick,
            text: &c.about,
        }
        .to_string();
        self.send_line(to, &line);
    }

    /// The board: `BDIM` (when `dimensions`), a `BROW` a row, `BEND`; to one
    /// client, or to everyone.
    fn send_board(&mut self, to: Option<ClientId>, dimensions: bool) {
        let board = self.game.board();
        let mut lines = String::new();
        if dimensions {
            let bdim = ServerMessage::Bdim {
                width: board.width().into(),
                height: board.height().into(),
            };
            lines.push_str(&format!("{bdim}\n"));
        }
        for y in 0..board.height() {
            let cells: Row = (0..board.width())
                .map(|x| board.cell(x, y).and_then(|c| board.get(c)))
                .collect();
            let brow = ServerMessage::Brow { y: y.into(), cells };
            lines.push_str(&format!("{brow}\n"));
        }
        lines.push_str("BEND\n");
        match to {
            Some(id) => self.send_lines(id, lines),
            None => self.broadcast_lines(lines, None),
        }
    }

    fn score_info(&self) -> Option<String> {
        let pair = self.pair?;
        let played = pair.round > 1 || matches!(self.phase, Phase::Break { .. });
        played.then(|| {
            format!(
                "score {}-{} round {}",
                pair.scores[0], pair.scores[1], pair.round
            )
        })
    }

    // --- effects

    fn send(&mut self, to: ClientId, message: ServerMessage<'_>) {
        self.send_line(to, &message.to_string());
    }

    fn send_line(&mut self, to: ClientId, line: &str) {
        let mut lines = String::with_capacity(line.len() + 1);
        lines.push_str(line);
        lines.push('\n');
        self.send_lines(to, lines);
    }

    /// Lines for one client, joined to the effect before when it is for
    /// the same client.
    fn send_lines(&mut self, to: ClientId, lines: String) {
        if self.clients.get(&to).is_some_and(|c| c.engine) {
            return;
        }
        if let Some(Effect::Send(last, text)) = self.effects.last_mut() {
            if *last == to {
                text.push_str(&lines);
                return;
            }
        }
        self.effects.push(Effect::Send(to, lines));
    }

    fn broadcast(&mut self, message: ServerMessage<'_>, except: Option<ClientId>) {
        self.broadcast_line(&message.to_string(), except);
    }

    fn broadcast_line(&mut self, line: &str, except: Option<ClientId>) {
        let mut lines = String::with_capacity(line.len() + 1);
        lines.push_str(line);
        lines.push('\n');
        self.broadcast_lines(lines, except);
    }

    fn broadcast_lines(&mut self, lines: String, except: Option<ClientId>) {
        if let Some(Effect::Broadcast {
            lines: text,
            except: last,
        }) = self.effects.last_mut()
        {
            if *last == except {
                text.push_str(&lines);
                return;
            }
        }
        self.effects.push(Effect::Broadcast { lines, except });
    }

    fn log(&mut self, text: String) {
        self.effects.push(Effect::Log(text));
    }

    // --- lookups

    fn new_id(&mut self) -> ClientId {
        let id = ClientId(self.next_serial);
        self.next_serial += 1;
        id
    }

    fn seat_of(&self, id: ClientId) -> Option<Player> {
        match self.seats.iter().position(|s| *s == Some(id))? {
            0 => Some(Player::ONE),
            _ => Some(Player::TWO),
        }
    }

    fn player_to_move(&self) -> Option<ClientId> {
        let player = self.game.current_player()?;
        self.seats[player.index()]
    }

    fn nick(&self, id: ClientId) -> String {
        self.clients
            .get(&id)
            .map_or_else(|| id.to_string(), |c| c.nick.clone())
    }
}

/// Whether one more line fits the limit of [`CHAT_LINES`] a
/// [`CHAT_WINDOW`] (then it is counted).
fn within_limit(times: &mut ArrayVec<Millis, CHAT_LINES>, now: Millis) -> bool {
    times.retain(|t| now.saturating_sub(*t) < CHAT_WINDOW);
    times.try_push(now).is_ok()
}

/// Whether our server serves a client of these versions: protocol 2.x,
/// game 4.x or exactly the original test server's 2.1.
pub fn compatible(game: Version, protocol: Version) -> bool {
    protocol.major == PROTOCOL_VERSION.major
        && (game.major == GAME_VERSION.major || game == LEGACY_GAME_VERSION)
}

/// Why `nick` cannot be `id`'s nick, if it cannot: 1 to 16 bytes of
/// `A-Z a-z 0-9 _ - .`, and not another client's id.
pub fn nick_ok(id: ClientId, nick: &str) -> Result<(), &'static str> {
    if nick.is_empty() || nick.len() > MAX_NICK {
        return Err("a nick is 1 to 16 characters");
    }
    if !nick
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
    {
        return Err("a nick has only letters, digits, _ - and .");
    }
    let looks_like_id = nick.len() > 1
        && nick.as_bytes()[0].eq_ignore_ascii_case(&b'c')
        && nick[1..].bytes().all(|b| b.is_ascii_digit());
    if looks_like_id && !nick.eq_ignore_ascii_case(&id.to_string()) {
        return Err("that nick is another client's id");
    }
    Ok(())
}

/// The start of round `round` on a `width` x `height` board, as
/// `atom4-rules.md` says: two pieces in the middle row, the tile sequence
/// entered at `(round - 1) % 6`. (The core reaches later rounds only from a
/// finished one; a table also starts one after an aborted round.)
pub fn round_start(width: u8, height: u8, round: u32, scores: [u32; 2]) -> Atom4 {
    let fallback = || Atom4::new(width, height).unwrap_or_default();
    let Ok(mut board) = Board::empty(width, height) else {
        return fallback();
    };
    let start = Tile::new(((round.max(1) - 1) % 6) as u8);
    let middle = [
        (width / 2 - 1, start.advance(2)),
        (width / 2, start.advance(5)),
    ];
    for (x, tile) in middle {
        if let Some(cell) = board.cell(x, height / 2 - 1) {
            board.set(cell, Some(tile.color()));
        }
    }
    Atom4::from_parts(board, start, round.max(1), scores, Status::Playing).unwrap_or_else(fallback)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_start_matches_the_cores_rounds() {
        for (w, h) in [(16, 16), (6, 6), (2, 2), (9, 7)] {
            let mut game = Atom4::new(w, h).unwrap();
            assert_eq!(round_start(w, h, 1, [0, 0]), game);
            for _ in 0..8 {
                while !game.is_over() {
                    let cell = game.legal_moves().iter().next().unwrap();
                    game.play(cell).unwrap();
                }
                game.next_round().unwrap();
                assert_eq!(round_start(w, h, game.round(), game.scores()), game);
            }
        }
    }

    #[test]
    fn nicks() {
        let id = ClientId(7);
        for good in [
            "alice",
            "A.b-c_9",
            "c7",
            "C7",
            "c",
            "cx1",
            "0123456789abcdef",
        ] {
            assert_eq!(nick_ok(id, good), Ok(()), "{good}");
        }
        for bad in [
            "",
            "c8",
            "C12",
            "a b",
            "caf\u{e9}",
            "0123456789abcdefg",
            "x!",
        ] {
            assert!(nick_ok(id, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn versions() {
        let v = Version::new;
        assert!(compatible(v(4, 1), v(2, 0)));
        assert!(compatible(v(4, 7), v(2, 3)));
        assert!(compatible(v(2, 1), v(2, 0)));
        assert!(!compatible(v(2, 0), v(2, 0)));
        assert!(!compatible(v(4, 1), v(3, 0)));
        assert!(!compatible(v(5, 0), v(2, 0)));
    }
}
