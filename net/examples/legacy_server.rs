//! A stand-in for the original atom4 4.1 test server, written from spec
//! section 11 (none of its code): it greets `ATOM4 SERV 2.1 2.0`, accepts
//! only `ATOM4 CLNT 2.1 2.0`, sends `PLNUM` (after the `TURN` for the
//! second player), pads rows (`BROW  7  . . .`), sends no `BPOS` after
//! moves, answers `NAME`, `RSGN`, `CHAT` and `NEXT` with `GRR 802 Not
//! implemented yet`, and plays one game. `tests/net/run.sh` plays our client
//! against it. Prints its port, then `game over: N moves, RESULT`.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use atom4_core::atom4::{Atom4, Status};

struct Shared {
    game: Atom4,
    clients: Vec<Option<TcpStream>>,
    players: [Option<usize>; 2],
    moves: usize,
    over: bool,
}

fn send(stream: &mut TcpStream, line: &str) {
    let _ = stream.write_all(format!("{line}\n").as_bytes());
}

fn broadcast(shared: &mut Shared, line: &str) {
    for stream in shared.clients.iter_mut().flatten() {
        send(stream, line);
    }
}

/// The board as the original sends it: padded rows.
fn board(game: &Atom4) -> Vec<String> {
    let b = game.board();
    let mut lines = vec![format!("BDIM {} {}", b.width(), b.height())];
    for y in 0..b.height() {
        let mut row = String::new();
        if y % 2 == 1 {
            row.push(' ');
        }
        for x in 0..b.width() {
            let piece = b.cell(x, y).and_then(|c| b.get(c));
            row.push(piece.map_or('.', |c| c.letter()));
            row.push(' ');
        }
        if y % 2 == 0 {
            row.push(' ');
        }
        lines.push(format!("BROW {y:2} {row}"));
    }
    lines.push("BEND".into());
    lines
}

fn turn(game: &Atom4) -> Option<String> {
    let p = game.current_player()?;
    Some(format!(
        "TURN {} {}",
        p.number(),
        game.tile().color().letter()
    ))
}

fn serve(id: usize, stream: TcpStream, shared: Arc<Mutex<Shared>>) {
    let mut out = stream.try_clone().expect("a stream");
    send(&mut out, "ATOM4 SERV 2.1 2.0");
    let mut lines = BufReader::new(stream).lines();
    match lines.next() {
        Some(Ok(l)) if l.trim_end() == "ATOM4 CLNT 2.1 2.0" => {}
        _ => {
            send(
                &mut out,
                "ERR 901 Incompatible game version, server runs 2.1",
            );
            return;
        }
    }
    {
        let mut s = shared.lock().unwrap();
        s.clients[id] = out.try_clone().ok();
        send(&mut out, "ATOM4 CONN Welcome to Atom-4 (2.1) server (2.0)");
        for (i, c) in s.clients.iter().enumerate() {
            if c.is_some() {
                let p = s
                    .players
                    .iter()
                    .position(|p| *p == Some(i))
                    .map_or(0, |p| p + 1);
                send(&mut out, &format!("NAME {i}:127.0.0.1 {p} client{i} "));
            }
        }
        for line in board(&s.game) {
            send(&mut out, &line);
        }
        if s.players.iter().any(Option::is_none) {
            send(&mut out, "POW?");
        }
    }
    for line in lines {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split(' ').filter(|w| !w.is_empty()).collect();
        let Some(kind) = words.first().map(|w| w.to_ascii_uppercase()) else {
            continue;
        };
        let mut s = shared.lock().unwrap();
        match kind.as_str() {
            "NAME" | "RSGN" | "CHAT" | "NEXT" => send(&mut out, "GRR 802 Not implemented yet"),
            "REQU" => {
                for l in board(&s.game) {
                    send(&mut out, &l);
                }
            }
            "PLAY" => match s.players.iter().position(Option::is_none) {
                Some(seat) => {
                    s.players[seat] = Some(id);
                    if s.players.iter().all(Option::is_some) {
                        if let Some(t) = turn(&s.game) {
                            broadcast(&mut s, &t);
                        }
                    }
                    send(&mut out, &format!("PLNUM {}", seat + 1));
                }
                None => send(&mut out, "PLNUM W"),
            },
            "WATCH" => send(&mut out, "PLNUM W"),
            "MOVE" => {
                let seat = s.players.iter().position(|p| *p == Some(id));
                let xy: Vec<u8> = words[1..].iter().filter_map(|w| w.parse().ok()).collect();
                let cell = match xy[..] {
                    [x, y, ..] => s.game.board().cell(x, y),
                    _ => None,
                };
                match (seat, cell) {
                    (None, _) => send(&mut out, "GRR 101 You are not a player in the current game"),
                    (Some(p), _) if s.game.current_player().map(|c| c.index()) != Some(p) => {
                        send(&mut out, "GRR 102 Not your turn to move")
                    }
                    (Some(_), Some(cell)) if s.game.play(cell).is_ok() => {
                        s.moves += 1;
                        match s.game.status() {
                            Status::Playing => {
                                if let Some(t) = turn(&s.game) {
                                    broadcast(&mut s, &t);
                                }
                            }
                            Status::Won(p) => {
                                broadcast(&mut s, &format!("WIN {}", p.number()));
                                s.players = [None, None];
                                s.over = true;
                                println!("game over: {} moves, WIN {}", s.moves, p.number());
                            }
                            Status::Stalemate => {
                                broadcast(&mut s, "DRAW");
                                s.players = [None, None];
                                s.over = true;
                                println!("game over: {} moves, DRAW", s.moves);
                            }
                        }
                    }
                    _ => send(&mut out, "GRR 103 Illegal move"),
                }
            }
            "QUIT" => break,
            other => send(&mut out, &format!("GRR 802 Unknown request: {other}")),
        }
    }
    let mut s = shared.lock().unwrap();
    s.clients[id] = None;
    if s.over && s.clients.iter().all(Option::is_none) {
        std::process::exit(0);
    }
}

fn main() {
    let size: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(16);
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    println!("{}", listener.local_addr().expect("an address").port());
    let shared = Arc::new(Mutex::new(Shared {
        game: Atom4::new(size, size).expect("a size"),
        clients: (0..12).map(|_| None).collect(),
        players: [None, None],
        moves: 0,
        over: false,
    }));
    for (id, stream) in listener.incoming().enumerate().take(12) {
        let Ok(stream) = stream else { continue };
        let shared = shared.clone();
        std::thread::spawn(move || serve(id, stream, shared));
    }
}
