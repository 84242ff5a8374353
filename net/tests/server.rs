//! The server through real sockets on 127.0.0.1 (ports the system picks):
//! TCP and WebSocket clients at one table, the WebSocket endpoint's rules,
//! and clients that misbehave below the protocol.

use std::net::SocketAddr;
use std::time::Duration;

use atom4_core::atom4::{Atom4, Player};
use atom4_net::server::{self, ServerConfig};
use atom4_net::table;
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;

const WAIT: Duration = Duration::from_secs(10);

struct Running {
    tcp: SocketAddr,
    ws: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

impl Running {
    async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        timeout(WAIT, self.task).await.unwrap().unwrap();
    }
}

async fn start(config: ServerConfig) -> Running {
    let bound = server::bind(ServerConfig {
        port: 0,
        ws_port: Some(0),
        ..config
    })
    .await
    .unwrap();
    let (tcp, ws) = (bound.tcp_addr().unwrap(), bound.ws_addr().unwrap());
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        bound
            .run(async {
                let _ = stopped.await;
            })
            .await
            .unwrap();
    });
    Running {
        tcp,
        ws,
        stop: Some(stop),
        task,
    }
}

fn small() -> ServerConfig {
    ServerConfig {
        table: table::Config {
            width: 6,
            height: 6,
            ..table::Config::default()
        },
        ..ServerConfig::default()
    }
}

/// A line-based client over TCP.
struct Tcp {
    lines: tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>,
    out: tokio::net::tcp::OwnedWriteHalf,
}

impl Tcp {
    async fn open(addr: SocketAddr) -> Tcp {
        let (rd, out) = TcpStream::connect(addr).await.unwrap().into_split();
        Tcp {
            lines: BufReader::new(rd).lines(),
            out,
        }
    }

    async fn join(addr: SocketAddr) -> Tcp {
        let mut c = Tcp::open(addr).await;
        assert_eq!(c.line().await.unwrap(), "ATOM4 SERV 4.1 2.0");
        c.say("ATOM4 CLNT 4.1 2.0").await;
        c.until("ATOM4 CONN").await;
        c
    }

    async fn say(&mut self, line: &str) {
        self.out
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
    }

    /// The next line; `None` at the end of the stream.
    async fn line(&mut self) -> Option<String> {
        timeout(WAIT, self.lines.next_line())
            .await
            .expect("a line in time")
            .ok()
            .flatten()
    }

    /// Lines up to and including the first that starts with `prefix`.
    async fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .line()
                .await
                .unwrap_or_else(|| panic!("the end before {prefix:?}: {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

type WsStream = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A client over WebSocket: a line a text message.
struct Ws(WsStream);

impl Ws {
    async fn open(addr: SocketAddr) -> Ws {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/atom4"))
            .await
            .unwrap();
        Ws(ws)
    }

    async fn say(&mut self, text: &str) {
        self.0.send(Message::text(text)).await.unwrap();
    }

    async fn line(&mut self) -> Option<String> {
        loop {
            match timeout(WAIT, self.0.next())
                .await
                .expect("a message in time")
            {
                Some(Ok(Message::Text(t))) => return Some(t.to_string()),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    async fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .line()
                .await
                .unwrap_or_else(|| panic!("the end: {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

#[tokio::test]
async fn a_tcp_client_and_a_websocket_client_play_a_game_a_watcher_follows() {
    let server = start(small()).await;
    let mut tcp = Tcp::join(server.tcp).await;
    let mut ws = Ws::open(server.ws).await;
    assert_eq!(ws.line().await.unwrap(), "ATOM4 SERV 4.1 2.0");
    ws.say("ATOM4 CLNT 4.1 2.0").await;
    let welcome = ws.until("POW?").await;
    assert!(welcome[0].starts_with("ATOM4 CONN"));
    assert_eq!(welcome[1], "NAME c1 0 c1");
    let mut watcher = Tcp::join(server.tcp).await;
    watcher.say("WATCH").await;
    watcher.until("PNUM W").await;
    tcp.say("PLAY").await;
    tcp.until("PNUM 1").await;
    // Two lines in one WebSocket message are two lines.
    ws.say("NAME webby\nPLAY").await;
    ws.until("PNUM 2").await;
    ws.until("TURN 1 r").await;
    tcp.until("TURN 1 r").await;
    watcher.until("TURN 1 r").await;
    let mut game = Atom4::new(6, 6).unwrap();
    while !game.is_over() {
        let cell = game.legal_moves().iter().next().unwrap();
        let line = format!("MOVE {} {}", cell.x(), cell.y());
        match game.current_player() {
            Some(Player::ONE) => tcp.say(&line).await,
            _ => ws.say(&line).await,
        }
        let changes = game.play(cell).unwrap();
        let want: Vec<String> = changes
            .iter()
            .map(|c| format!("BPOS {} {} {}", c.cell.x(), c.cell.y(), c.new.letter()))
            .chain(["BEND".to_string()])
            .collect();
        for lines in [
            tcp.until("BEND").await,
            ws.until("BEND").await,
            watcher.until("BEND").await,
        ] {
            assert_eq!(lines, want);
        }
        if !game.is_over() {
            let turn = format!(
                "TURN {} {}",
                game.current_player().unwrap().number(),
                game.tile().color().letter()
            );
            assert_eq!(tcp.line().await.unwrap(), turn);
            assert_eq!(ws.line().await.unwrap(), turn);
            assert_eq!(watcher.line().await.unwrap(), turn);
        }
    }
    let end = tcp.line().await.unwrap();
    assert_eq!(watcher.line().await.unwrap(), end);
    assert!(end.starts_with("WIN ") || end == "DRAW board full", "{end}");
    assert_eq!(ws.line().await.unwrap(), end);
    ws.say("QUIT").await;
    assert_eq!(watcher.line().await.unwrap(), "GONE c2 0 webby");
    server.stop().await;
}

#[tokio::test]
async fn the_websocket_endpoint_is_at_atom4_and_takes_text_only() {
    let server = start(small()).await;
    // Another path: refused with 404.
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/other", server.ws)).await;
    let Err(tokio_tungstenite::tungstenite::Error::Http(response)) = refused else {
        panic!("a refusal");
    };
    assert_eq!(response.status(), 404);
    // A binary message is a protocol error.
    let mut ws = Ws::open(server.ws).await;
    ws.line().await.unwrap();
    ws.0.send(Message::binary(b"ATOM4 CLNT 4.1 2.0".to_vec()))
        .await
        .unwrap();
    let err = ws.line().await.unwrap();
    assert!(err.starts_with("ERR 902 binary"), "{err}");
    assert_eq!(ws.line().await, None);
    // A message past the limit is a protocol error too.
    let mut ws = Ws::open(server.ws).await;
    ws.line().await.unwrap();
    let _ = ws.0.send(Message::text("x".repeat(100_000))).await;
    let err = ws.line().await.unwrap();
    assert!(
        err.starts_with("ERR 902 WebSocket message too long"),
        "{err}"
    );
    // A long line inside a message is cut at 1024 bytes, as over TCP.
    let mut ws = Ws::open(server.ws).await;
    ws.line().await.unwrap();
    ws.say("ATOM4 CLNT 4.1 2.0").await;
    ws.until("POW?").await;
    ws.say(&format!("CHAT{}", " ".repeat(2000))).await;
    ws.say(&format!("X{}", "y".repeat(5000))).await;
    assert_eq!(ws.line().await.unwrap(), "GRR 802 CHAT needs a text");
    let unknown = ws.line().await.unwrap();
    assert_eq!(
        unknown,
        format!("GRR 802 unknown message X{}", "y".repeat(31))
    );
    server.stop().await;
}

/// Reads everything until the server closes; how many bytes came.
async fn drain(mut rd: impl AsyncRead + Unpin) -> usize {
    let mut buf = vec![0u8; 1 << 16];
    let mut total = 0;
    loop {
        match timeout(WAIT, tokio::io::AsyncReadExt::read(&mut rd, &mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return total,
            Ok(Ok(n)) => total += n,
            Err(_) => panic!("the server never closed the connection"),
        }
    }
}

#[tokio::test]
async fn a_client_that_never_reads_is_dropped_and_the_game_goes_on() {
    let server = start(ServerConfig {
        queue_limit: 16 * 1024,
        ..small()
    })
    .await;
    let mut a = Tcp::join(server.tcp).await;
    let mut b = Tcp::join(server.tcp).await;
    a.say("PLAY").await;
    b.say("PLAY").await;
    a.until("TURN 1 r").await;
    b.until("TURN 1 r").await;
    // A client with a tiny receive window asks for the board again and
    // again and never reads the answers.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let hog = socket.connect(server.tcp).await.unwrap();
    let (hog_rd, mut hog_wr) = hog.into_split();
    let spammer = tokio::spawn(async move {
        let _ = hog_wr.write_all(b"ATOM4 CLNT 4.1 2.0\n").await;
        let spam = "REQU\n".repeat(1000);
        for _ in 0..10_000 {
            if hog_wr.write_all(spam.as_bytes()).await.is_err() {
                return true;
            }
        }
        false
    });
    // Meanwhile the players play the whole round.
    let mut game = Atom4::new(6, 6).unwrap();
    while !game.is_over() {
        let cell = game.legal_moves().iter().next().unwrap();
        let line = format!("MOVE {} {}", cell.x(), cell.y());
        match game.current_player() {
            Some(Player::ONE) => a.say(&line).await,
            _ => b.say(&line).await,
        }
        game.play(cell).unwrap();
        a.until("BEND").await;
        b.until("BEND").await;
    }
    // The server dropped the hog: its writes fail, and its stream ends
    // after what the kernel had buffered.
    assert!(timeout(WAIT, spammer).await.unwrap().unwrap());
    let got = drain(hog_rd).await;
    assert!(got < 8 << 20, "{got} bytes for a client that never read");
    server.stop().await;
}

#[tokio::test]
async fn huge_lines_and_nuls_do_no_harm() {
    let server = start(small()).await;
    let mut c = Tcp::open(server.tcp).await;
    c.line().await.unwrap();
    // NULs end lines as any control byte does.
    c.out
        .write_all(b"\0\0ATOM4 CLNT 4.1 2.0\0NAME nul\0\0")
        .await
        .unwrap();
    c.until("POW?").await;
    assert_eq!(c.line().await.unwrap(), "NAME c1 0 nul");
    // A 10 MB line: its first 1024 bytes are the line, the rest dropped.
    let mut big = Vec::with_capacity(10 << 20);
    big.extend_from_slice(b"CHAT ");
    big.resize(10 << 20, b'z');
    big.push(b'\n');
    c.out.write_all(&big).await.unwrap();
    c.say("WHO?").await;
    assert_eq!(c.line().await.unwrap(), "NAME c1 0 nul");
    // The chat went to nobody (no one else is here) and drew no error.
    let other = Tcp::join(server.tcp).await;
    drop(other);
    server.stop().await;
}

#[tokio::test]
async fn shutdown_tells_the_players_with_abrt() {
    let server = start(small()).await;
    let mut a = Tcp::join(server.tcp).await;
    let mut b = Tcp::join(server.tcp).await;
    a.say("PLAY").await;
    b.say("PLAY").await;
    a.until("TURN").await;
    b.until("TURN").await;
    server.stop().await;
    assert_eq!(a.line().await.unwrap(), "ABRT the server is shutting down");
    assert_eq!(a.line().await, None);
    assert_eq!(b.line().await.unwrap(), "ABRT the server is shutting down");
}

#[tokio::test]
async fn the_engine_seat_plays_through_the_server() {
    let server = start(ServerConfig {
        table: table::Config {
            width: 6,
            height: 6,
            engine: Some(table::EngineSeat {
                seat: Player::ONE,
                about: "classic:1".into(),
            }),
            ..table::Config::default()
        },
        engine: Some("classic:1".parse().unwrap()),
        ..ServerConfig::default()
    })
    .await;
    let mut h = Tcp::join(server.tcp).await;
    h.say("PLAY").await;
    h.until("PNUM 2").await;
    h.until("TURN 1 r").await;
    // The engine moves first.
    let moved = h.until("TURN 2").await;
    assert!(moved[0].starts_with("BPOS "), "{moved:?}");
    h.say("RSGN").await;
    assert_eq!(h.line().await.unwrap(), "WIN 1");
    server.stop().await;
}
