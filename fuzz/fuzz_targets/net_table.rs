//! Network play's protocol core under any bytes: clients (three at most
//! at once) whose byte streams are cut anywhere, well-formed lines (to
//! reach games quickly), the clock, closes and the engine's answers, all
//! driven by the input. The framing never hands out a line
//! longer than 1024 bytes or holding a terminator; the table never panics;
//! every line it sends is at most 1024 bytes, parses as a server message
//! and prints back the same; the position on the table stays a position of
//! a game; a client's lines parse and print back the same too.
#![no_main]

use atom4_core::atom4::Player;
use atom4_core::Cell;
use atom4_net::framing::{is_terminator, LineReader, MAX_LINE};
use atom4_net::message::{ClientMessage, ServerMessage};
use atom4_net::table::{ClientId, Config, Effect, EngineSeat, Table};
use libfuzzer_sys::fuzz_target;

fn check_lines(lines: &str) {
    assert!(lines.ends_with('\n'));
    for line in lines.lines() {
        assert!(!line.is_empty() && line.len() <= MAX_LINE, "{line:?}");
        assert!(!line.bytes().any(is_terminator));
        let message = ServerMessage::parse(line).expect("the table sends only messages");
        assert_eq!(message.to_string(), line);
    }
}

fuzz_target!(|data: &[u8]| {
    let [setup, rest @ ..] = data else {
        return;
    };
    let engine = match setup % 3 {
        0 => None,
        n => Some(EngineSeat {
            seat: Player::from_number(u32::from(n), 2).unwrap(),
            about: "fuzz".into(),
        }),
    };
    let config = Config {
        width: 2 + (setup / 3) % 7,
        height: 2 + (setup / 21) % 7,
        max_clients: 3,
        move_time: 5_000,
        next_time: 5_000,
        handshake_time: 2_000,
        engine,
    };
    let Ok(mut table) = Table::new(config, 0) else {
        return;
    };
    let mut now = 0u64;
    let mut clients: Vec<(ClientId, LineReader)> = Vec::new();
    let mut think: Option<u64> = None;
    let mut bytes = rest;
    while let [op, arg, tail @ ..] = bytes {
        bytes = tail;
        match op % 7 {
            0 => {
                let id = table.connect(now);
                clients.push((id, LineReader::new()));
            }
            1 if !clients.is_empty() => {
                let n = (usize::from(*arg) % 64).min(bytes.len());
                let (chunk, tail) = bytes.split_at(n);
                bytes = tail;
                let who = usize::from(*arg) % clients.len();
                let (id, reader) = &mut clients[who];
                let id = *id;
                let mut lines = Vec::new();
                reader.feed(chunk, |line| {
                    assert!(!line.is_empty() && line.len() <= MAX_LINE);
                    assert!(!line.bytes().any(is_terminator));
                    if let Ok(message) = ClientMessage::parse(line) {
                        let printed = message.to_string();
                        assert_eq!(ClientMessage::parse(&printed), Ok(message));
                    }
                    lines.push(line.to_string());
                });
                for line in lines {
                    table.receive(id, &line, now);
                }
            }
            2 if !clients.is_empty() => {
                let (id, _) = clients.remove(usize::from(*arg) % clients.len());
                table.disconnect(id, "fuzz", now);
            }
            3 => {
                now += u64::from(*arg) * 50;
                table.tick(now);
            }
            4 => {
                if let Some(request) = think {
                    let game = *table.game();
                    let cell = if arg % 4 == 0 {
                        Cell::from_index(*arg)
                    } else {
                        game.legal_moves()
                            .iter()
                            .next()
                            .unwrap_or(Cell::from_index(0))
                    };
                    table.engine_move(request, cell, now);
                }
            }
            5 if !clients.is_empty() => {
                // A well-formed line, so that games are reached quickly.
                let Some((&pick, tail)) = bytes.split_first() else {
                    break;
                };
                bytes = tail;
                let (id, _) = clients[usize::from(*arg) % clients.len()];
                let game = *table.game();
                let legal: Vec<Cell> = game.legal_moves().iter().collect();
                let line = match pick % 12 {
                    0 | 1 => "ATOM4 CLNT 4.1 2.0".to_string(),
                    2 => "PLAY".into(),
                    3 => "WATCH".into(),
                    4..=6 => match legal.get(usize::from(pick) % legal.len().max(1)) {
                        Some(c) => format!("MOVE {} {}", c.x(), c.y()),
                        None => "MOVE 0 0".into(),
                    },
                    7 => "NEXT".into(),
                    8 => "RSGN".into(),
                    9 => format!("CHAT {pick}"),
                    10 => format!("NAME n{pick}"),
                    _ => ["REQU", "WHO?", "QUIT"][usize::from(pick) % 3].into(),
                };
                table.receive(id, &line, now);
            }
            _ => {
                if arg % 16 == 0 {
                    if let Some(request) = think {
                        table.engine_failed(request, "fuzz", now);
                    }
                }
            }
        }
        for effect in table.take_effects() {
            match effect {
                Effect::Send(_, lines) | Effect::Broadcast { lines, .. } => check_lines(&lines),
                Effect::Think { request, game } => {
                    assert!(!game.is_over());
                    think = Some(request);
                }
                Effect::Close(id) => clients.retain(|(c, _)| *c != id),
                _ => {}
            }
        }
        let game = table.game();
        assert!(game.is_over() || !game.legal_moves().is_empty());
        assert!(table.connections() <= 3);
    }
    table.shutdown(now);
    for effect in table.take_effects() {
        if let Effect::Send(_, lines) | Effect::Broadcast { lines, .. } = effect {
            check_lines(&lines);
        }
    }
    assert_eq!(table.connections(), 0);
});
