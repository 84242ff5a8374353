//! The server: the [`Table`] carried over TCP and WebSocket with tokio.
//!
//! One task owns the table and serializes everything that happens to it;
//! each connection is a task of its own that frames lines in and writes
//! its [`Outbox`] out. A connection has at most [`IN_FLIGHT`] lines waiting
//! for the table, so that a client that floods waits its turn and cannot
//! hold the others back; what the table sends waits in a bounded queue, so
//! that a client that does not read cannot make the server's memory grow.

mod connection;
mod engine;
pub mod http;
pub mod outbox;

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use atom4_arena::EngineSpec;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::mpsc::{self, UnboundedSender};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::AbortHandle;

use crate::table::{self, ClientId, Effect, Millis, Table};
use engine::EngineThread;
use outbox::Outbox;

pub use outbox::QUEUE_LIMIT;

/// The protocol's default port (the original test server's).
pub const DEFAULT_PORT: u16 = 4704;
/// Lines of one connection waiting for the table at once.
pub const IN_FLIGHT: usize = 4;
/// Events handled at most before their effects are carried out (a burst of
/// arrivals is one batch, a move waits for at most this many others).
const EVENT_BATCH: usize = 256;
/// How long a connection the table closed may take to send its last lines.
const CLOSE_GRACE: Duration = Duration::from_secs(5);

/// Everything `atom4 serve` can be told.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub table: table::Config,
    pub bind: IpAddr,
    /// The TCP port (0: one the system picks).
    pub port: u16,
    /// The HTTP port of the WebSocket endpoint `/atom4`, if any.
    pub ws_port: Option<u16>,
    /// A directory whose files that port serves too (the web page).
    pub web: Option<PathBuf>,
    /// The engine of the table's engine seat (`table.engine` says which).
    pub engine: Option<EngineSpec>,
    /// The bound of each client's outgoing queue, in bytes.
    pub queue_limit: usize,
    pub seed: u64,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            table: table::Config::default(),
            bind: IpAddr::from([127, 0, 0, 1]),
            port: DEFAULT_PORT,
            ws_port: None,
            web: None,
            engine: None,
            queue_limit: QUEUE_LIMIT,
            seed: 1,
        }
    }
}

/// Why the server could not start.
#[derive(Debug)]
pub enum ServerError {
    /// A port could not be opened.
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    /// The board size is not 2..16 each way.
    BadSize(String),
    /// An engine seat without an engine, or the other way round.
    EngineSeat,
    /// Files to serve without an HTTP port, or a directory that is none.
    Web(String),
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerError::Bind { addr, source } => write!(f, "cannot listen on {addr}: {source}"),
            ServerError::BadSize(why) => write!(f, "bad board size: {why}"),
            ServerError::EngineSeat => {
                f.write_str("an engine seat needs an engine, and an engine a seat")
            }
            ServerError::Web(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ServerError {}

/// The server's ports, opened: [`Bound::run`] serves them.
pub struct Bound {
    tcp: TcpListener,
    ws: Option<TcpListener>,
    config: ServerConfig,
}

/// Opens the ports, so that their addresses are known (and a port 0 is
/// chosen) before the server runs.
pub async fn bind(config: ServerConfig) -> Result<Bound, ServerError> {
    if config.engine.is_some() != config.table.engine.is_some() {
        return Err(ServerError::EngineSeat);
    }
    if let Some(dir) = &config.web {
        if config.ws_port.is_none() {
            return Err(ServerError::Web(
                "the web page is served on the WebSocket port: give one".into(),
            ));
        }
        if !dir.join("index.html").is_file() {
            return Err(ServerError::Web(format!(
                "{} has no index.html (build the page with `cd web && npm run build`: web/dist)",
                dir.display()
            )));
        }
    }
    let tcp = listen(SocketAddr::new(config.bind, config.port))?;
    let ws = match config.ws_port {
        Some(port) => Some(listen(SocketAddr::new(config.bind, port))?),
        None => None,
    };
    Ok(Bound { tcp, ws, config })
}

/// Connections the system holds for us before we accept them: a burst of
/// a thousand clients must not overflow it (the system caps it at its
/// `somaxconn`).
const BACKLOG: u32 = 4096;

fn listen(addr: SocketAddr) -> Result<TcpListener, ServerError> {
    let bind = || {
        let socket = match addr {
            SocketAddr::V4(_) => TcpSocket::new_v4()?,
            SocketAddr::V6(_) => TcpSocket::new_v6()?,
        };
        socket.set_reuseaddr(true)?;
        socket.bind(addr)?;
        socket.listen(BACKLOG)
    };
    bind().map_err(|source| ServerError::Bind { addr, source })
}

impl Bound {
    pub fn tcp_addr(&self) -> Option<SocketAddr> {
        self.tcp.local_addr().ok()
    }

    pub fn ws_addr(&self) -> Option<SocketAddr> {
        self.ws.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// Serves until `shutdown` completes, then tells the players (`ABRT`),
    /// closes every connection (waiting a moment for their last lines) and
    /// returns.
    pub async fn run(self, shutdown: impl Future<Output = ()>) -> Result<(), ServerError> {
        let Bound { tcp, ws, config } = self;
        let start = Instant::now();
        let table =
            Table::new(config.table.clone(), 0).map_err(|e| ServerError::BadSize(e.to_string()))?;
        let (events, inbox) = mpsc::unbounded_channel();
        let mut accepting = vec![tokio::spawn(accept(tcp, None, events.clone()))];
        if let Some(ws) = ws {
            let door = Arc::new(FrontDoor {
                web: config.web.clone(),
                permits: Arc::new(Semaphore::new(FRONT_DOOR_LIMIT)),
            });
            accepting.push(tokio::spawn(accept(ws, Some(door), events.clone())));
        }
        let engine = config.engine.map(|spec| {
            let answers = events.clone();
            EngineThread::spawn(spec, config.seed, move |answer| {
                let _ = answers.send(Event::Engine(answer));
            })
        });
        let mut host = Host {
            table,
            conns: HashMap::new(),
            events,
            engine,
            start,
            queue_limit: config.queue_limit,
        };
        host.apply();
        host.serve(inbox, shutdown).await;
        for task in accepting {
            task.abort();
        }
        Ok(())
    }
}

/// What reaches the table's task.
enum Event {
    Accept {
        stream: TcpStream,
        peer: SocketAddr,
        /// A WebSocket client, with the bytes of its request read so far.
        websocket: Option<Vec<u8>>,
    },
    /// A line of a client, with its place among the client's lines in flight.
    Line(ClientId, String, OwnedSemaphorePermit),
    /// The client closed its side, or its connection failed.
    Gone(ClientId, String),
    /// A WebSocket client broke the protocol below the lines (a binary
    /// message, a message too long).
    ProtocolError(ClientId, String),
    /// The connection's task is over.
    Ended(ClientId),
    Engine(engine::Answer),
}

struct Conn {
    outbox: Arc<Outbox>,
    abort: AbortHandle,
    admitted: bool,
    /// When the table closed it.
    closing: Option<Instant>,
}

/// A connection a batch of effects names: its bytes of the batch, in order.
#[derive(Default)]
struct Named {
    admitted: bool,
    bytes: Vec<u8>,
}

/// The table's task: the table, the connections' queues, the engine.
struct Host {
    table: Table,
    conns: HashMap<ClientId, Conn>,
    events: UnboundedSender<Event>,
    engine: Option<EngineThread>,
    start: Instant,
    queue_limit: usize,
}

impl Host {
    fn now(&self) -> Millis {
        self.start.elapsed().as_millis() as Millis
    }

    async fn serve(
        &mut self,
        mut inbox: mpsc::UnboundedReceiver<Event>,
        shutdown: impl Future<Output = ()>,
    ) {
        tokio::pin!(shutdown);
        let mut housekeeping = tokio::time::interval(Duration::from_secs(1));
        loop {
            let deadline = self
                .table
                .next_deadline()
                .map(|ms| tokio::time::Instant::from_std(self.start + Duration::from_millis(ms)));
            tokio::select! {
                () = &mut shutdown => break,
                event = inbox.recv() => match event {
                    Some(event) => {
                        self.handle(event);
                        // What else has come is handled before the effects
                        // are carried out: one push a watcher for a crowd.
                        for _ in 1..EVENT_BATCH {
                            match inbox.try_recv() {
                                Ok(event) => self.handle(event),
                                Err(_) => break,
                            }
                        }
                    }
                    None => break,
                },
                () = sleep_until(deadline) => {
                    let now = self.now();
                    self.table.tick(now);
                }
                _ = housekeeping.tick() => self.reap(),
            }
            self.apply();
        }
        // Shutting down: players are told, everyone is closed.
        let now = self.now();
        self.table.shutdown(now);
        self.apply();
        let give_up = tokio::time::Instant::now() + CLOSE_GRACE.min(Duration::from_secs(3));
        while !self.conns.is_empty() {
            match tokio::time::timeout_at(give_up, inbox.recv()).await {
                Ok(Some(Event::Ended(id))) => {
                    self.conns.remove(&id);
                }
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => break,
            }
        }
        for (_, conn) in self.conns.drain() {
            conn.abort.abort();
        }
        self.engine = None;
    }

    fn handle(&mut self, event: Event) {
        let now = self.now();
        match event {
            Event::Accept {
                stream,
                peer,
                websocket,
            } => {
                let id = self.table.connect(now);
                let outbox = Arc::new(Outbox::new(self.queue_limit));
                let task = tokio::spawn(connection::serve(
                    stream,
                    peer,
                    websocket,
                    id,
                    outbox.clone(),
                    self.events.clone(),
                ));
                self.conns.insert(
                    id,
                    Conn {
                        outbox,
                        abort: task.abort_handle(),
                        admitted: false,
                        closing: None,
                    },
                );
            }
            Event::Line(id, line, permit) => {
                self.table.receive(id, &line, now);
                drop(permit);
            }
            Event::Gone(id, why) => self.table.disconnect(id, &why, now),
            Event::ProtocolError(id, why) => self.table.protocol_error(id, &why, now),
            Event::Ended(id) => {
                self.conns.remove(&id);
                self.table.disconnect(id, "connection ended", now);
            }
            Event::Engine((request, Ok(cell))) => self.table.engine_move(request, cell, now),
            Event::Engine((request, Err(why))) => self.table.engine_failed(request, &why, now),
        }
    }

    /// Carries out the table's effects, and the leaves they cause (a full
    /// queue), until there are none.
    fn apply(&mut self) {
        loop {
            let effects = self.table.take_effects();
            if effects.is_empty() {
                return;
            }
            let mut overflowed = Vec::new();
            self.carry_out_all(effects, &mut overflowed);
            let now = self.now();
            for id in overflowed {
                if let Some(conn) = self.conns.remove(&id) {
                    conn.abort.abort();
                    log(format!(
                        "{id} dropped: its queue of {} bytes is full",
                        self.queue_limit
                    ));
                    self.table.disconnect(id, "its queue is full", now);
                }
            }
        }
    }

    /// Carries out a batch of effects (those of many events at once) with
    /// one push a connection: a crowd's broadcasts are joined into one
    /// shared chunk for every connection the batch names nowhere else, so
    /// that N arrivals cost each watcher one queued chunk and one write,
    /// not N (their `CONN` lines would otherwise make joining quadratic in
    /// writes and wake-ups). Connections the batch names (a `Send`, an
    /// `Admit`, a `Close`, a broadcast's `except`) get their bytes in the
    /// effects' order, gathered into one chunk of their own.
    fn carry_out_all(&mut self, effects: Vec<Effect>, overflowed: &mut Vec<ClientId>) {
        let mut named: HashMap<ClientId, Named> = HashMap::new();
        let mut shared: Vec<u8> = Vec::new();
        for effect in &effects {
            match effect {
                Effect::Send(id, _) | Effect::Admit(id) | Effect::Close(id) => {
                    named.entry(*id).or_default();
                }
                Effect::Broadcast { lines, except } => {
                    shared.extend_from_slice(lines.as_bytes());
                    if let Some(id) = except {
                        named.entry(*id).or_default();
                    }
                }
                _ => {}
            }
        }
        // Whether a named connection is admitted changes within the batch;
        // the others' does not: they get the batch's broadcasts in one.
        for (id, n) in named.iter_mut() {
            n.admitted = self.conns.get(id).is_some_and(|c| c.admitted);
        }
        if !shared.is_empty() {
            let chunk: Arc<[u8]> = shared.into();
            for (id, conn) in &self.conns {
                if conn.admitted
                    && !named.contains_key(id)
                    && conn.outbox.push(chunk.clone()).is_err()
                {
                    overflowed.push(*id);
                }
            }
        }
        for effect in effects {
            match effect {
                Effect::Send(id, lines) => {
                    if let Some(n) = named.get_mut(&id) {
                        n.bytes.extend_from_slice(lines.as_bytes());
                    }
                }
                Effect::Broadcast { lines, except } => {
                    for (id, n) in named.iter_mut() {
                        if n.admitted && Some(*id) != except {
                            n.bytes.extend_from_slice(lines.as_bytes());
                        }
                    }
                }
                Effect::Admit(id) => {
                    if let Some(conn) = self.conns.get_mut(&id) {
                        conn.admitted = true;
                        if let Some(n) = named.get_mut(&id) {
                            n.admitted = true;
                        }
                    }
                }
                Effect::Close(id) => {
                    if let Some(n) = named.get_mut(&id) {
                        n.admitted = false;
                        let bytes = std::mem::take(&mut n.bytes);
                        self.push(id, bytes, overflowed);
                    }
                    if let Some(conn) = self.conns.get_mut(&id) {
                        conn.admitted = false;
                        conn.closing.get_or_insert_with(Instant::now);
                        conn.outbox.close();
                    }
                }
                other => self.carry_out(other),
            }
        }
        for (id, n) in named {
            self.push(id, n.bytes, overflowed);
        }
    }

    /// Queues a named connection's bytes of the batch.
    fn push(&self, id: ClientId, bytes: Vec<u8>, overflowed: &mut Vec<ClientId>) {
        if bytes.is_empty() {
            return;
        }
        if let Some(conn) = self.conns.get(&id) {
            if conn.outbox.push(bytes.into()).is_err() {
                overflowed.push(id);
            }
        }
    }

    /// The effects that are not about a connection's bytes.
    fn carry_out(&mut self, effect: Effect) {
        match effect {
            Effect::Think { request, game } => {
                let failed = match &mut self.engine {
                    Some(engine) => engine.think(request, game).err(),
                    None => Some("no engine".to_string()),
                };
                if let Some(why) = failed {
                    let now = self.now();
                    self.table.engine_failed(request, &why, now);
                }
            }
            Effect::StopThinking => {
                if let Some(engine) = &mut self.engine {
                    engine.stop();
                }
            }
            Effect::Log(text) => log(text),
            Effect::Send(..) | Effect::Broadcast { .. } | Effect::Admit(_) | Effect::Close(_) => {}
        }
    }

    /// Connections the table closed that did not finish in time (their
    /// client does not read) are cut.
    fn reap(&mut self) {
        let late: Vec<ClientId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.closing.is_some_and(|t| t.elapsed() > CLOSE_GRACE))
            .map(|(id, _)| *id)
            .collect();
        for id in late {
            if let Some(conn) = self.conns.remove(&id) {
                conn.abort.abort();
                log(format!("{id} cut: it did not take its last lines in time"));
            }
        }
    }
}

async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

/// Connections of the HTTP port waiting for their request head or being
/// answered a file, at most: more are closed at once (a connection joins
/// the table's count of clients once it asked for the WebSocket).
pub const FRONT_DOOR_LIMIT: usize = 512;

/// The HTTP port's front door: the page's directory, and the places.
struct FrontDoor {
    web: Option<PathBuf>,
    permits: Arc<Semaphore>,
}

/// Accepts connections: TCP ones go to the table at once, those of the
/// HTTP port (`door`) once they asked for the WebSocket endpoint.
async fn accept(
    listener: TcpListener,
    door: Option<Arc<FrontDoor>>,
    events: UnboundedSender<Event>,
) {
    loop {
        match listener.accept().await {
            Ok((stream, peer)) => {
                let Some(door) = &door else {
                    let event = Event::Accept {
                        stream,
                        peer,
                        websocket: None,
                    };
                    if events.send(event).is_err() {
                        return;
                    }
                    continue;
                };
                let Ok(permit) = door.permits.clone().try_acquire_owned() else {
                    log(format!(
                        "http {peer}: closed at once: {FRONT_DOOR_LIMIT} HTTP connections are open"
                    ));
                    continue;
                };
                let (door, events) = (door.clone(), events.clone());
                tokio::spawn(async move {
                    let mut stream = stream;
                    let front = http::front(&mut stream, door.web.as_deref()).await;
                    drop(permit);
                    match front {
                        http::Front::WebSocket(head) => {
                            let _ = events.send(Event::Accept {
                                stream,
                                peer,
                                websocket: Some(head),
                            });
                        }
                        http::Front::Answered(what) => log(format!("http {peer}: {what}")),
                        http::Front::Failed(why) => log(format!("http {peer}: {why}")),
                    }
                });
            }
            Err(e) => {
                // Out of descriptors, say: wait a little rather than spin.
                log(format!("cannot accept a connection: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// A line on standard error, with the time since the server started.
pub fn log(text: impl fmt::Display) {
    static START: OnceLock<Instant> = OnceLock::new();
    let start = START.get_or_init(Instant::now);
    atom4_arena::errln!("[{:>10.3}] {text}", start.elapsed().as_secs_f64());
}
