//! One client's connection, TCP or WebSocket: lines in (framed, at most
//! [`IN_FLIGHT`] waiting for the table), the outbox out. Ends with one log
//! line, the only place a client's address is ever written.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use super::outbox::{Next, Outbox};
use super::{log, Event, IN_FLIGHT};
use crate::framing::{LineReader, MAX_LINE};
use crate::table::ClientId;

/// The WebSocket endpoint's path.
pub const WS_PATH: &str = "/atom4";
/// The largest WebSocket message taken (lines are cut at 1024 bytes; a
/// message may hold several).
pub const WS_MAX_MESSAGE: usize = 64 * 1024;
/// The time a WebSocket client has for its HTTP upgrade.
const UPGRADE_TIME: Duration = Duration::from_secs(10);

/// What a connection did, for its log line.
struct Stats {
    lines_in: u64,
    bytes_out: u64,
}

pub(super) async fn serve(
    stream: TcpStream,
    peer: SocketAddr,
    websocket: bool,
    id: ClientId,
    outbox: Arc<Outbox>,
    events: UnboundedSender<Event>,
) {
    let started = Instant::now();
    let _ = stream.set_nodelay(true);
    let mut stats = Stats {
        lines_in: 0,
        bytes_out: 0,
    };
    let why = if websocket {
        serve_websocket(stream, id, &outbox, &events, &mut stats).await
    } else {
        let (rd, wr) = stream.into_split();
        serve_stream(rd, wr, id, &outbox, &events, &mut stats).await
    };
    log(format!(
        "{id} {} {peer}: {why}; {:.1} s, {} lines in, {} bytes out",
        if websocket { "ws" } else { "tcp" },
        started.elapsed().as_secs_f64(),
        stats.lines_in,
        stats.bytes_out
    ));
    let _ = events.send(Event::Ended(id));
}

/// Reads and writes at once until the table closes the connection or it
/// fails; a client that closes its side is reported and still gets what
/// the table sends it before the close.
async fn serve_stream(
    rd: impl AsyncRead + Unpin,
    wr: impl AsyncWrite + Unpin,
    id: ClientId,
    outbox: &Outbox,
    events: &UnboundedSender<Event>,
    stats: &mut Stats,
) -> String {
    let permits = Arc::new(Semaphore::new(IN_FLIGHT));
    let mut lines_in = 0;
    let reading = read_lines(rd, id, events, &permits, &mut lines_in);
    let writing = write_lines(wr, outbox, &mut stats.bytes_out);
    let why = both(id, events, reading, writing).await;
    stats.lines_in = lines_in;
    why
}

/// Runs a connection's reading and writing together until the writing
/// ends; when the reading ends first, the table hears of it. The reason
/// the connection ended is the reading's, if it ended first.
async fn both(
    id: ClientId,
    events: &UnboundedSender<Event>,
    reading: impl std::future::Future<Output = String>,
    writing: impl std::future::Future<Output = String>,
) -> String {
    tokio::pin!(reading, writing);
    let mut read_end = None;
    let why = loop {
        tokio::select! {
            why = &mut reading, if read_end.is_none() => {
                let _ = events.send(Event::Gone(id, why.clone()));
                read_end = Some(why);
            }
            why = &mut writing => break why,
        }
    };
    read_end.unwrap_or(why)
}

async fn read_lines(
    mut rd: impl AsyncRead + Unpin,
    id: ClientId,
    events: &UnboundedSender<Event>,
    permits: &Arc<Semaphore>,
    count: &mut u64,
) -> String {
    let mut reader = LineReader::new();
    let mut buf = [0u8; 2048];
    let mut lines = Vec::new();
    loop {
        let n = match rd.read(&mut buf).await {
            Ok(0) => return "closed by the client".into(),
            Ok(n) => n,
            Err(e) => return format!("read error: {e}"),
        };
        reader.feed(&buf[..n], |line| lines.push(line.to_string()));
        for line in lines.drain(..) {
            if !send_line(id, line, events, permits).await {
                return "the server is stopping".into();
            }
            *count += 1;
        }
    }
}

/// Hands a line to the table once one of the connection's places in
/// flight is free; `false` when the table is gone.
async fn send_line(
    id: ClientId,
    line: String,
    events: &UnboundedSender<Event>,
    permits: &Arc<Semaphore>,
) -> bool {
    let Ok(permit) = permits.clone().acquire_owned().await else {
        return false;
    };
    events.send(Event::Line(id, line, permit)).is_ok()
}

/// Writes the outbox's chunks as they come. Chunks are written as they
/// are (no copy), so what a client holds is its queue alone, shared with
/// the others for broadcasts.
async fn write_lines(mut wr: impl AsyncWrite + Unpin, outbox: &Outbox, count: &mut u64) -> String {
    loop {
        match outbox.next().await {
            Next::Write(chunks, size) => {
                for chunk in &chunks {
                    if let Err(e) = wr.write_all(chunk).await {
                        return format!("write error: {e}");
                    }
                }
                *count += size as u64;
                outbox.written(size);
            }
            Next::Close => {
                let _ = wr.shutdown().await;
                return "closed by the server".into();
            }
        }
    }
}

/// Only `/atom4` is upgraded; anything else is a 404.
#[allow(clippy::result_large_err)] // the signature is tungstenite's
fn only_the_endpoint(request: &Request, response: Response) -> Result<Response, ErrorResponse> {
    if request.uri().path() == WS_PATH {
        Ok(response)
    } else {
        let mut refusal =
            ErrorResponse::new(Some(format!("atom4 serves WebSocket at {WS_PATH} only\n")));
        *refusal.status_mut() = tokio_tungstenite::tungstenite::http::StatusCode::NOT_FOUND;
        Err(refusal)
    }
}

async fn serve_websocket(
    stream: TcpStream,
    id: ClientId,
    outbox: &Outbox,
    events: &UnboundedSender<Event>,
    stats: &mut Stats,
) -> String {
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(2 * WS_MAX_MESSAGE)
        .max_message_size(Some(WS_MAX_MESSAGE))
        .max_frame_size(Some(WS_MAX_MESSAGE));
    let upgrade =
        tokio_tungstenite::accept_hdr_async_with_config(stream, only_the_endpoint, Some(config));
    let ws = match tokio::time::timeout(UPGRADE_TIME, upgrade).await {
        Ok(Ok(ws)) => ws,
        Ok(Err(e)) => {
            let _ = events.send(Event::Gone(id, "no WebSocket upgrade".into()));
            return format!("no WebSocket upgrade: {e}");
        }
        Err(_) => {
            let _ = events.send(Event::Gone(id, "no WebSocket upgrade".into()));
            return "no WebSocket upgrade in time".into();
        }
    };
    let (mut sink, mut stream) = ws.split();
    let permits = Arc::new(Semaphore::new(IN_FLIGHT));
    let mut lines_in = 0u64;
    let reading = async {
        let mut reader = LineReader::new();
        let mut lines = Vec::new();
        loop {
            let message = match stream.next().await {
                None | Some(Ok(Message::Close(_))) => return "closed by the client".to_string(),
                Some(Ok(message)) => message,
                Some(Err(WsError::Capacity(e))) => {
                    let why = format!("WebSocket message too long ({e})");
                    let _ = events.send(Event::ProtocolError(id, why.clone()));
                    return why;
                }
                Some(Err(e)) => return format!("WebSocket error: {e}"),
            };
            match message {
                Message::Text(text) => {
                    reader.feed(text.as_bytes(), |l| lines.push(l.to_string()));
                    reader.end_of_message(|l| lines.push(l.to_string()));
                }
                Message::Binary(_) => {
                    let why = "binary WebSocket messages are not part of the protocol";
                    let _ = events.send(Event::ProtocolError(id, why.into()));
                    return why.into();
                }
                _ => {}
            }
            for line in lines.drain(..) {
                if !send_line(id, line, events, &permits).await {
                    return "the server is stopping".into();
                }
                lines_in += 1;
            }
        }
    };
    let mut bytes_out = 0u64;
    let writing = async {
        loop {
            match outbox.next().await {
                Next::Write(chunks, size) => {
                    for chunk in &chunks {
                        for line in chunk.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                            debug_assert!(line.len() <= MAX_LINE);
                            let text = String::from_utf8_lossy(line).into_owned();
                            if let Err(e) = sink.feed(Message::text(text)).await {
                                return format!("WebSocket write error: {e}");
                            }
                        }
                    }
                    if let Err(e) = sink.flush().await {
                        return format!("WebSocket write error: {e}");
                    }
                    bytes_out += size as u64;
                    outbox.written(size);
                }
                Next::Close => {
                    let _ = sink.close().await;
                    return "closed by the server".to_string();
                }
            }
        }
    };
    let why = both(id, events, reading, writing).await;
    stats.lines_in = lines_in;
    stats.bytes_out = bytes_out;
    why
}
