//! The table's rules, message by message (spec sections 2 to 10): clients
//! simulated over the state machine, each with the lines it would read.

use std::collections::{BTreeMap, BTreeSet};

use atom4_core::atom4::{Atom4, Player, Status};
use atom4_core::Cell;
use atom4_net::table::{ClientId, Config, Effect, EngineSeat, Table};

/// The table and what each client has received.
struct Sim {
    table: Table,
    now: u64,
    inbox: BTreeMap<ClientId, Vec<String>>,
    admitted: BTreeSet<ClientId>,
    closed: BTreeSet<ClientId>,
    thinks: Vec<(u64, Atom4)>,
    stopped: usize,
    log: Vec<String>,
}

impl Sim {
    fn new(config: Config) -> Sim {
        let mut sim = Sim {
            table: Table::new(config, 0).unwrap(),
            now: 0,
            inbox: BTreeMap::new(),
            admitted: BTreeSet::new(),
            closed: BTreeSet::new(),
            thinks: Vec::new(),
            stopped: 0,
            log: Vec::new(),
        };
        sim.apply();
        sim
    }

    fn small() -> Sim {
        Sim::new(Config {
            width: 6,
            height: 6,
            ..Config::default()
        })
    }

    fn apply(&mut self) {
        for effect in self.table.take_effects() {
            match effect {
                Effect::Send(id, lines) => {
                    assert!(!self.closed.contains(&id), "a line to closed {id}: {lines}");
                    self.push(id, &lines);
                }
                Effect::Broadcast { lines, except } => {
                    for id in self.admitted.clone() {
                        if Some(id) != except {
                            self.push(id, &lines);
                        }
                    }
                }
                Effect::Admit(id) => {
                    self.admitted.insert(id);
                }
                Effect::Close(id) => {
                    self.admitted.remove(&id);
                    self.closed.insert(id);
                }
                Effect::Think { request, game } => self.thinks.push((request, game)),
                Effect::StopThinking => self.stopped += 1,
                Effect::Log(line) => self.log.push(line),
            }
        }
    }

    fn push(&mut self, id: ClientId, lines: &str) {
        assert!(lines.ends_with('\n'));
        for line in lines.lines() {
            assert!(line.len() <= 1024 && !line.is_empty());
            assert!(line.bytes().all(|b| b >= 0x20), "{line:?}");
            self.inbox.entry(id).or_default().push(line.to_string());
        }
    }

    /// A new connection, before its handshake.
    fn connect(&mut self) -> ClientId {
        let id = self.table.connect(self.now);
        self.apply();
        id
    }

    /// A connected client, its welcome lines read.
    fn join(&mut self) -> ClientId {
        let id = self.connect();
        self.say(id, "ATOM4 CLNT 4.1 2.0");
        let got = self.take(id);
        assert!(got[1].starts_with("ATOM4 CONN "), "{got:?}");
        id
    }

    fn say(&mut self, id: ClientId, line: &str) {
        self.table.receive(id, line, self.now);
        self.apply();
    }

    fn take(&mut self, id: ClientId) -> Vec<String> {
        self.inbox.remove(&id).unwrap_or_default()
    }

    /// Reads everyone's inbox, for a fresh start.
    fn clear(&mut self) {
        self.inbox.clear();
    }

    fn at(&mut self, ms: u64) {
        self.now = ms;
        self.table.tick(ms);
        self.apply();
    }

    fn drop_conn(&mut self, id: ClientId) {
        self.closed.insert(id);
        self.admitted.remove(&id);
        self.table.disconnect(id, "closed", self.now);
        self.apply();
    }

    /// Two seated players (ids), the game started, inboxes cleared.
    fn pair(&mut self) -> (ClientId, ClientId) {
        let a = self.join();
        let b = self.join();
        self.say(a, "PLAY");
        self.say(b, "PLAY");
        self.clear();
        (a, b)
    }
}

/// The first legal cell of the table's game, as a MOVE line.
fn first_move(sim: &Sim) -> String {
    let cell = sim.table.game().legal_moves().iter().next().unwrap();
    format!("MOVE {} {}", cell.x(), cell.y())
}

fn cell(x: u8, y: u8) -> Cell {
    Cell::new(x, y).unwrap()
}

/// The lines a legal move of `game` at `cell` is announced with.
fn move_lines(game: &mut Atom4, cell: Cell) -> Vec<String> {
    let changes = game.play(cell).unwrap();
    let mut lines: Vec<String> = changes
        .iter()
        .map(|c| format!("BPOS {} {} {}", c.cell.x(), c.cell.y(), c.new.letter()))
        .collect();
    lines.push("BEND".into());
    lines
}

fn turn(game: &Atom4) -> String {
    format!(
        "TURN {} {}",
        game.current_player().unwrap().number(),
        game.tile().color().letter()
    )
}

fn board_lines(game: &Atom4) -> Vec<String> {
    let b = game.board();
    let mut lines = vec![format!("BDIM {} {}", b.width(), b.height())];
    for y in 0..b.height() {
        let mut row = format!("BROW {y}");
        for x in 0..b.width() {
            let piece = b.get(cell(x, y));
            row.push(' ');
            row.push(piece.map_or('.', |c| c.letter()));
        }
        lines.push(row);
    }
    lines.push("BEND".into());
    lines
}

// --- handshake

#[test]
fn the_server_speaks_first_and_a_compatible_client_is_welcomed() {
    let mut sim = Sim::small();
    let id = sim.connect();
    assert_eq!(id.to_string(), "c1");
    assert_eq!(sim.take(id), ["ATOM4 SERV 4.1 2.0"]);
    sim.say(id, "ATOM4 CLNT 4.1 2.0");
    let got = sim.take(id);
    assert_eq!(
        got[0],
        "ATOM4 CONN Welcome to the atom4 4.1 table; you are c1"
    );
    let mut want = board_lines(&Atom4::new(6, 6).unwrap());
    want.push("POW?".into());
    assert_eq!(got[1..], want);
}

#[test]
fn versions_accepted_and_refused() {
    for (line, ok) in [
        ("ATOM4 CLNT 4.1 2.0", true),
        ("atom4 clnt 4.0 2.9", true),
        ("ATOM4 CLNT 2.1 2.0", true),
        ("ATOM4   CLNT   04.1  2.0  ", true),
        ("ATOM4 CLNT 2.0 2.0", false),
        ("ATOM4 CLNT 5.0 2.0", false),
        ("ATOM4 CLNT 4.1 1.0", false),
        ("ATOM4 CLNT 4.1 3.0", false),
    ] {
        let mut sim = Sim::small();
        let id = sim.connect();
        sim.take(id);
        sim.say(id, line);
        let got = sim.take(id);
        if ok {
            assert!(got[0].starts_with("ATOM4 CONN"), "{line}: {got:?}");
            assert!(!sim.closed.contains(&id));
        } else {
            assert!(got[0].starts_with("ERR 901 "), "{line}: {got:?}");
            assert_eq!(got.len(), 1);
            assert!(sim.closed.contains(&id), "{line}");
        }
    }
}

#[test]
fn anything_but_the_handshake_is_a_protocol_error() {
    for line in [
        "PLAY",
        "HELLO",
        "ATOM4 SERV 4.1 2.0",
        "ATOM4 CLNT",
        "ATOM4 CLNT 4.1",
        "ATOM4 CLNT x.y 2.0",
        "GET / HTTP/1.1",
    ] {
        let mut sim = Sim::small();
        let id = sim.connect();
        sim.take(id);
        sim.say(id, line);
        let got = sim.take(id);
        assert_eq!(got.len(), 1, "{line}");
        assert!(got[0].starts_with("ERR 902 "), "{line}: {got:?}");
        assert!(sim.closed.contains(&id));
        assert_eq!(sim.table.connections(), 0);
    }
}

#[test]
fn a_slow_handshake_is_closed_after_10_seconds() {
    let mut sim = Sim::small();
    let slow = sim.connect();
    sim.at(5_000);
    let later = sim.connect();
    sim.take(slow);
    sim.take(later);
    sim.at(9_999);
    assert!(sim.take(slow).is_empty());
    sim.at(10_000);
    assert_eq!(sim.take(slow), ["ERR 902 no handshake in 10 s"]);
    assert!(sim.closed.contains(&slow) && !sim.closed.contains(&later));
    // The other connection completes in time and stays.
    sim.say(later, "ATOM4 CLNT 4.1 2.0");
    sim.at(20_000);
    assert!(!sim.closed.contains(&later));
    assert_eq!(sim.table.connections(), 1);
    assert_eq!(sim.table.next_deadline(), None);
}

#[test]
fn a_full_server_refuses_with_err_903() {
    let mut sim = Sim::new(Config {
        max_clients: 2,
        ..Config::default()
    });
    let a = sim.join();
    let _b = sim.connect();
    let c = sim.connect();
    assert_eq!(sim.take(c), ["ERR 903 server is full"]);
    assert!(sim.closed.contains(&c));
    sim.say(a, "QUIT");
    let d = sim.connect();
    assert_eq!(sim.take(d), ["ATOM4 SERV 4.1 2.0"]);
}

// --- clients

#[test]
fn a_newcomer_learns_who_is_here_and_the_others_learn_of_it() {
    let mut sim = Sim::small();
    let a = sim.join();
    sim.say(a, "NAME alice likes hexagons");
    let b = sim.join();
    sim.clear();
    let c = sim.connect();
    sim.say(c, "ATOM4 CLNT 4.1 2.0");
    let got = sim.take(c);
    assert_eq!(
        got[2..4],
        ["NAME c1 0 alice likes hexagons", "NAME c2 0 c2"]
    );
    assert_eq!(sim.take(a), ["CONN c3"]);
    assert_eq!(sim.take(b), ["CONN c3"]);
    // No line ever holds an address.
    assert!(got.iter().all(|l| !l.contains("127.0.0.1")));
}

#[test]
fn names_are_checked_and_broadcast() {
    let mut sim = Sim::small();
    let a = sim.join();
    let b = sim.join();
    sim.clear();
    sim.say(a, "NAME bob_2");
    assert_eq!(sim.take(a), ["NAME c1 0 bob_2"]);
    assert_eq!(sim.take(b), ["NAME c1 0 bob_2"]);
    for bad in [
        "NAME a!",
        "NAME c2",
        "NAME 01234567890123456",
        "NAME caf\u{e9}",
    ] {
        sim.say(a, bad);
        let got = sim.take(a);
        assert!(got[0].starts_with("GRR 201 "), "{bad}: {got:?}");
        assert!(sim.take(b).is_empty());
    }
    sim.say(a, "NAME");
    assert_eq!(sim.take(a), ["GRR 802 NAME: missing nick"]);
    let long = "x".repeat(500);
    sim.say(a, &format!("NAME a {long}"));
    assert_eq!(sim.take(a), [format!("NAME c1 0 a {}", "x".repeat(200))]);
    sim.take(b);
    // Every NAME is broadcast: at most 5 in 10 s.
    for i in 0..3 {
        sim.say(a, &format!("NAME a{i}"));
    }
    sim.say(a, "NAME over");
    assert_eq!(sim.take(a).last().unwrap(), "GRR 802 name limit");
    sim.at(10_000);
    sim.say(a, &format!("NAME a {long}"));
    sim.clear();
    sim.say(b, "WHO?");
    assert_eq!(
        sim.take(b),
        [
            format!("NAME c1 0 a {}", "x".repeat(200)),
            "NAME c2 0 c2".into()
        ]
    );
}

#[test]
fn requ_sends_the_rows_and_unknown_messages_get_grr_802() {
    let mut sim = Sim::small();
    let a = sim.join();
    sim.say(a, "requ");
    let want = board_lines(&Atom4::new(6, 6).unwrap());
    assert_eq!(sim.take(a), want[1..]);
    sim.say(a, "HELLO there");
    assert_eq!(sim.take(a), ["GRR 802 unknown message HELLO"]);
    sim.say(a, "ATOM4 CLNT 4.1 2.0");
    assert_eq!(sim.take(a), ["GRR 802 already connected"]);
    sim.say(a, "     ");
    assert!(sim.take(a).is_empty());
}

// --- seats

#[test]
fn play_takes_the_lowest_free_seat_and_the_game_starts_when_both_are_taken() {
    let mut sim = Sim::small();
    let a = sim.join();
    let b = sim.join();
    let w = sim.join();
    sim.clear();
    sim.say(b, "play");
    assert_eq!(sim.take(b), ["PNUM 1"]);
    sim.say(b, "WATCH");
    assert_eq!(sim.take(b), ["GRR 104 finish playing first (RSGN resigns)"]);
    sim.say(b, "PLAY");
    assert_eq!(sim.take(b), ["GRR 802 you hold seat 1 already"]);
    sim.say(a, "PLAY");
    let game = Atom4::new(6, 6).unwrap();
    let mut want = vec!["NAME c2 1 c2".to_string(), "NAME c1 2 c1".into()];
    want.extend(board_lines(&game));
    want.push("TURN 1 r".into());
    let mut for_a = vec!["PNUM 2".to_string()];
    for_a.extend(want.clone());
    assert_eq!(sim.take(a), for_a);
    assert_eq!(sim.take(b), want);
    assert_eq!(sim.take(w), want);
    // The watcher's offer still stands: PLAY now finds no seat.
    sim.say(w, "PLAY");
    assert_eq!(sim.take(w), ["PNUM W"]);
    sim.say(w, "PLAY");
    assert_eq!(sim.take(w), ["GRR 802 no seat was offered"]);
    // A client that arrives during the game gets the TURN, no offer.
    let late = sim.connect();
    sim.say(late, "ATOM4 CLNT 4.1 2.0");
    let got = sim.take(late);
    assert_eq!(got.last().unwrap(), "TURN 1 r");
    assert!(!got.contains(&"POW?".to_string()));
    sim.say(late, "WATCH");
    assert_eq!(sim.take(late), ["GRR 802 no seat was offered"]);
}

#[test]
fn between_games_a_watcher_may_change_its_mind() {
    let mut sim = Sim::small();
    let a = sim.join();
    let b = sim.join();
    sim.clear();
    sim.say(a, "WATCH");
    assert_eq!(sim.take(a), ["PNUM W"]);
    sim.say(b, "PLAY");
    sim.say(a, "PLAY");
    assert_eq!(sim.take(a)[0], "PNUM 2");
    assert!(sim.table.is_playing());
}

// --- moves

#[test]
fn bad_moves_of_every_kind_change_nothing() {
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    let w = sim.join();
    sim.clear();
    let before = *sim.table.game();
    sim.say(w, "MOVE 3 2");
    assert_eq!(sim.take(w), ["GRR 101 you are not a player"]);
    sim.say(b, "MOVE 3 2");
    assert_eq!(sim.take(b), ["GRR 102 it is not your turn"]);
    for (line, want) in [
        ("MOVE 1", "GRR 802 MOVE: missing y"),
        ("MOVE a 1", "GRR 802 MOVE: bad x"),
        ("MOVE -1 1", "GRR 802 MOVE: bad x"),
    ] {
        sim.say(a, line);
        assert_eq!(sim.take(a), [want], "{line}");
    }
    for (line, why) in [
        ("MOVE 6 0", "that cell is not on the board"),
        ("MOVE 0 99999", "that cell is not on the board"),
        ("MOVE 2 2", "that cell is already occupied"),
        (
            "MOVE 0 0",
            "a piece needs two occupied neighbours that are next to each other",
        ),
    ] {
        sim.say(a, line);
        assert_eq!(sim.take(a), [format!("GRR 103 {why}"), "TURN 1 r".into()]);
        assert!(sim.take(b).is_empty() && sim.take(w).is_empty());
    }
    assert_eq!(*sim.table.game(), before);
    // Other requests meanwhile never repeat the TURN.
    sim.say(a, "REQU");
    assert_eq!(sim.take(a).last().unwrap(), "BEND");
    sim.say(a, "WHO?");
    assert!(!sim.take(a).iter().any(|l| l.starts_with("TURN")));
}

#[test]
fn a_legal_move_is_broadcast_as_its_changes_then_the_next_turn() {
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    let w = sim.join();
    sim.clear();
    let mut game = Atom4::new(6, 6).unwrap();
    let mut mover = a;
    // A whole round: every legal move announced exactly as the engine made it.
    while !game.is_over() {
        let cell = game.legal_moves().iter().last().unwrap();
        sim.say(mover, &format!("MOVE {} {}", cell.x(), cell.y()));
        let mut want = move_lines(&mut game, cell);
        match game.status() {
            Status::Playing => want.push(turn(&game)),
            Status::Won(p) => want.push(format!("WIN {}", p.number())),
            Status::Stalemate => want.push("DRAW board full".into()),
        }
        for id in [a, b, w] {
            assert_eq!(sim.take(id), want);
        }
        mover = if game.current_player() == Some(Player::ONE) {
            a
        } else {
            b
        };
    }
    assert_eq!(*sim.table.game().board(), *game.board());
    // The round is over: the players are watchers.
    sim.say(a, "MOVE 0 0");
    assert_eq!(sim.take(a), ["GRR 101 you are not a player"]);
}

/// A board size and moves (the first legal cell each time) that fill the
/// board without a winner.
fn stalemate() -> (u8, u8) {
    for w in 2..=8 {
        for h in 2..=8 {
            let mut game = Atom4::new(w, h).unwrap();
            while !game.is_over() {
                let cell = game.legal_moves().iter().next().unwrap();
                game.play(cell).unwrap();
            }
            if game.status() == Status::Stalemate {
                return (w, h);
            }
        }
    }
    panic!("no stalemate found");
}

#[test]
fn a_full_board_is_a_draw() {
    let (w, h) = stalemate();
    let mut sim = Sim::new(Config {
        width: w,
        height: h,
        ..Config::default()
    });
    let (a, b) = sim.pair();
    let mut game = Atom4::new(w, h).unwrap();
    let mut last = Vec::new();
    while !game.is_over() {
        let cell = game.legal_moves().iter().next().unwrap();
        let mover = if game.current_player() == Some(Player::ONE) {
            a
        } else {
            b
        };
        game.play(cell).unwrap();
        sim.say(mover, &format!("MOVE {} {}", cell.x(), cell.y()));
        last = sim.take(a);
    }
    assert_eq!(last.last().unwrap(), "DRAW board full");
    assert!(sim.log.iter().any(|l| l.contains("a draw")));
}

// --- rounds

/// Plays the round out (first legal cells) and returns its last line.
fn finish_round(sim: &mut Sim, one: ClientId, two: ClientId) -> String {
    let mut last = String::new();
    while sim.table.is_playing() {
        let game = *sim.table.game();
        let cell = game.legal_moves().iter().next().unwrap();
        let mover = if game.current_player() == Some(Player::ONE) {
            one
        } else {
            two
        };
        sim.say(mover, &format!("MOVE {} {}", cell.x(), cell.y()));
        last = sim.take(one).last().cloned().unwrap_or_default();
    }
    sim.clear();
    last
}

#[test]
fn both_players_next_starts_the_next_round_with_the_other_player_first() {
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    let w = sim.join();
    sim.clear();
    sim.say(w, "NEXT");
    assert_eq!(sim.take(w), ["GRR 802 no round has just ended"]);
    sim.say(a, "NEXT");
    assert_eq!(sim.take(a), ["GRR 802 no round has just ended"]);
    let result = finish_round(&mut sim, a, b);
    let won = result
        .strip_prefix("WIN ")
        .map(|p| p.parse::<usize>().unwrap());
    sim.say(w, "NEXT");
    assert_eq!(
        sim.take(w),
        ["GRR 802 only the last round's players may start the next"]
    );
    sim.say(b, "NEXT");
    assert_eq!(sim.take(a), ["INFO player 2 asks for the next round"]);
    assert_eq!(sim.take(b), ["INFO player 2 asks for the next round"]);
    assert!(sim.take(w).is_empty());
    // A newcomer in the break is told the score, and offered no seat.
    let late = sim.connect();
    sim.say(late, "ATOM4 CLNT 4.1 2.0");
    let got = sim.take(late);
    let score = match won {
        Some(1) => "INFO score 1-0 round 1",
        Some(_) => "INFO score 0-1 round 1",
        None => "INFO score 0-0 round 1",
    };
    assert_eq!(got.last().unwrap(), score);
    assert!(!got.contains(&"POW?".to_string()));
    sim.clear();
    sim.say(a, "next");
    let mut game = Atom4::new(6, 6).unwrap();
    while !game.is_over() {
        let cell = game.legal_moves().iter().next().unwrap();
        game.play(cell).unwrap();
    }
    game.next_round().unwrap();
    let mut want = board_lines(&game);
    want.push(score.replace("round 1", "round 2"));
    want.push("TURN 2 y".into());
    let mut for_a = vec!["PNUM 1".to_string()];
    for_a.extend(want.clone());
    assert_eq!(sim.take(a), for_a);
    assert_eq!(sim.take(b)[0], "PNUM 2");
    assert_eq!(sim.take(w), want);
    // Round 2: player 2 moves first.
    let first = first_move(&sim);
    sim.say(a, &first);
    assert_eq!(sim.take(a), ["GRR 102 it is not your turn"]);
}

#[test]
fn without_both_next_in_time_the_pair_is_dissolved_and_everyone_is_offered_a_seat() {
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    let w = sim.join();
    sim.clear();
    finish_round(&mut sim, a, b);
    sim.say(a, "NEXT");
    sim.clear();
    sim.at(59_999);
    assert!(sim.take(w).is_empty());
    sim.at(60_000);
    for id in [a, b, w] {
        assert_eq!(sim.take(id), ["INFO no next round: seats are free", "POW?"]);
    }
    sim.say(a, "NEXT");
    assert_eq!(sim.take(a), ["GRR 802 no round has just ended"]);
    sim.say(w, "PLAY");
    assert_eq!(sim.take(w), ["PNUM 1"]);
}

#[test]
fn resigning_gives_the_round_to_the_other_player() {
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    let w = sim.join();
    sim.clear();
    sim.say(w, "RSGN");
    assert_eq!(sim.take(w), ["GRR 101 you are not playing a game"]);
    // Either player may resign, even when it is not their turn.
    sim.say(b, "RSGN");
    for id in [a, b, w] {
        assert_eq!(sim.take(id), ["WIN 1"]);
    }
    sim.say(b, "RSGN");
    assert_eq!(sim.take(b), ["GRR 101 you are not playing a game"]);
    sim.say(a, "NEXT");
    sim.say(b, "NEXT");
    assert!(sim.take(w).contains(&"INFO score 1-0 round 2".to_string()));
}

// --- leaving

#[test]
fn leaving_in_every_state() {
    // During the handshake: nobody hears of it.
    let mut sim = Sim::small();
    let a = sim.join();
    let h = sim.connect();
    sim.drop_conn(h);
    assert!(sim.take(a).is_empty());
    assert_eq!(sim.table.connections(), 1);
    // A watcher.
    let w = sim.join();
    sim.say(w, "NAME walt");
    sim.clear();
    sim.say(w, "QUIT");
    assert_eq!(sim.take(a), ["GONE c3 0 walt"]);
    assert!(sim.closed.contains(&w));
    // Seated between games: the seat is free again and offered around.
    let s = sim.join();
    sim.say(s, "PLAY");
    sim.clear();
    sim.drop_conn(s);
    assert_eq!(sim.take(a), ["GONE c4 1 c4", "POW?"]);
    sim.say(a, "PLAY");
    assert_eq!(sim.take(a), ["PNUM 1"]);

    // In a game: GONE, ABRT, and seats for everyone.
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    let w = sim.join();
    sim.clear();
    sim.drop_conn(a);
    for id in [b, w] {
        assert_eq!(sim.take(id), ["GONE c1 1 c1", "ABRT player 1 left", "POW?"]);
    }
    sim.say(b, "NEXT");
    assert_eq!(sim.take(b), ["GRR 802 no round has just ended"]);

    // In the break after a round: the pair is dissolved.
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    finish_round(&mut sim, a, b);
    sim.say(b, "NEXT");
    sim.clear();
    sim.drop_conn(a);
    assert_eq!(sim.take(b), ["GONE c1 0 c1", "POW?"]);
    sim.say(b, "NEXT");
    assert_eq!(sim.take(b), ["GRR 802 no round has just ended"]);
}

#[test]
fn a_player_who_does_not_move_in_time_is_closed() {
    let mut sim = Sim::new(Config {
        width: 6,
        height: 6,
        move_time: 1_000,
        ..Config::default()
    });
    let (a, b) = sim.pair();
    sim.at(500);
    let first = first_move(&sim);
    sim.say(a, &first);
    sim.clear();
    // Player 2's clock started with its TURN, at 500 ms.
    sim.at(1_499);
    assert!(sim.take(b).is_empty());
    sim.at(1_500);
    assert_eq!(sim.take(b), ["ERR 999 no move in 1 s"]);
    assert!(sim.closed.contains(&b));
    assert_eq!(sim.take(a), ["GONE c2 2 c2", "ABRT player 2 left", "POW?"]);
}

// --- chat and abuse

#[test]
fn chat_is_relayed_to_the_others_within_its_limit() {
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    sim.say(a, "NAME ann");
    sim.clear();
    sim.say(a, "CHAT  good   luck ");
    assert!(sim.take(a).is_empty());
    assert_eq!(sim.take(b), ["CHAT c1 1 ann good   luck"]);
    for _ in 0..4 {
        sim.say(a, "CHAT x");
    }
    assert_eq!(sim.take(b).len(), 4);
    sim.say(a, "CHAT one too many");
    assert_eq!(sim.take(a), ["GRR 802 chat limit"]);
    assert!(sim.take(b).is_empty());
    sim.at(10_000);
    sim.say(a, "CHAT again");
    assert_eq!(sim.take(b), ["CHAT c1 1 ann again"]);
    sim.say(a, "CHAT");
    assert_eq!(sim.take(a), ["GRR 802 CHAT needs a text"]);
    // A text as long as a line allows is cut so that the relayed line fits.
    let long = format!("CHAT {}", "y".repeat(1019));
    sim.say(b, &long);
    let got = sim.take(a);
    assert_eq!(got[0].len(), 1024);
    assert!(got[0].starts_with("CHAT c2 2 c2 yyy"));
}

#[test]
fn twenty_bad_messages_in_a_row_end_with_err_999() {
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    for _ in 0..19 {
        sim.say(b, "MOVE 0 0");
    }
    sim.say(b, "REQU");
    for _ in 0..19 {
        sim.say(b, "BOGUS");
    }
    assert!(!sim.closed.contains(&b));
    sim.clear();
    sim.say(b, "BOGUS");
    assert_eq!(
        sim.take(b),
        [
            "GRR 802 unknown message BOGUS",
            "ERR 999 20 bad messages in a row"
        ]
    );
    assert!(sim.closed.contains(&b));
    assert_eq!(sim.take(a), ["GONE c2 2 c2", "ABRT player 2 left", "POW?"]);
    // Illegal moves count too: a player that keeps trying gets ERR 999.
    let mut sim = Sim::small();
    let (a, _) = sim.pair();
    for _ in 0..20 {
        sim.say(a, "MOVE 0 0");
    }
    assert_eq!(
        sim.take(a).last().unwrap(),
        "ERR 999 20 bad messages in a row"
    );
}

// --- the engine's seat

#[test]
fn the_engine_holds_its_seat_and_plays_through_think_requests() {
    let mut sim = Sim::new(Config {
        width: 6,
        height: 6,
        engine: Some(EngineSeat {
            seat: Player::TWO,
            about: "classic:2".into(),
        }),
        ..Config::default()
    });
    let a = sim.join();
    sim.say(a, "WHO?");
    assert_eq!(
        sim.take(a),
        ["NAME c1 2 computer classic:2", "NAME c2 0 c2"]
    );
    sim.say(a, "PLAY");
    let got = sim.take(a);
    assert_eq!(
        got[..3],
        ["PNUM 1", "NAME c2 1 c2", "NAME c1 2 computer classic:2"]
    );
    assert!(sim.thinks.is_empty());
    let first = first_move(&sim);
    sim.say(a, &first);
    let (request, game) = sim.thinks.pop().unwrap();
    assert_eq!(game, *sim.table.game());
    let answer = game.legal_moves().iter().next().unwrap();
    sim.clear();
    // A stale answer is ignored; the current one is played.
    sim.table.engine_move(request - 1, answer, 0);
    sim.apply();
    assert!(sim.take(a).is_empty());
    sim.table.engine_move(request, answer, 0);
    sim.apply();
    let mut g = game;
    let mut want = move_lines(&mut g, answer);
    want.push(turn(&g));
    assert_eq!(sim.take(a), want);
    // The engine never times out; the human resigns and asks for more:
    // the engine is always ready for the next round.
    sim.say(a, "RSGN");
    sim.clear();
    sim.say(a, "NEXT");
    let got = sim.take(a);
    assert_eq!(got[0], "PNUM 1");
    assert_eq!(got.last().unwrap(), "TURN 2 y");
    assert_eq!(sim.thinks.len(), 1);
    // The human leaves mid-game: the engine stops and keeps its seat.
    let w = sim.join();
    sim.drop_conn(a);
    assert!(sim.stopped > 0);
    assert_eq!(sim.take(w), ["GONE c2 1 c2", "ABRT player 1 left", "POW?"]);
    sim.say(w, "PLAY");
    assert_eq!(sim.take(w)[0], "PNUM 1");
}

#[test]
fn an_engine_failure_aborts_the_round_and_the_pair_may_go_on() {
    let mut sim = Sim::new(Config {
        width: 6,
        height: 6,
        engine: Some(EngineSeat {
            seat: Player::ONE,
            about: "x".into(),
        }),
        ..Config::default()
    });
    let a = sim.join();
    sim.say(a, "PLAY");
    let (request, _) = sim.thinks.pop().unwrap();
    sim.clear();
    sim.table.engine_failed(request, "boom", 0);
    sim.apply();
    assert_eq!(sim.take(a), ["ABRT the computer player failed"]);
    sim.say(a, "NEXT");
    let got = sim.take(a);
    assert_eq!(got[0], "PNUM 2");
    assert!(got.contains(&"INFO score 0-0 round 2".to_string()));
}

#[test]
fn shutdown_tells_players_with_abrt_and_closes_everyone() {
    let mut sim = Sim::small();
    let (a, b) = sim.pair();
    let h = sim.connect();
    sim.table.shutdown(0);
    sim.apply();
    assert_eq!(sim.take(a), ["ABRT the server is shutting down"]);
    assert_eq!(sim.take(b), ["ABRT the server is shutting down"]);
    assert!([a, b, h].iter().all(|id| sim.closed.contains(id)));
    assert_eq!(sim.table.connections(), 0);
}
