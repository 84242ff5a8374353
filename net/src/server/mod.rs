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
pub mod outbox;

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use atom4_arena::EngineSpec;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::mpsc::{self, UnboundedSender};
use tokio::sync::OwnedSemaphorePermit;
use tokio::task::AbortHandle;

use crate::table::{self, ClientId, Effect, Millis, Table};
use engine::EngineThread;
use outbox::Outbox;

pub use outbox::QUEUE_LIMIT;

/// The protocol's default port (the original test server's).
pub const DEFAULT_PORT: u16 = 4704;
/// Lines of one connection waiting for the table at once.
pub const IN_FLIGHT: usize = 4;
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
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerError::Bind { addr, source } => write!(f, "cannot listen on {addr}: {source}"),
            ServerError::BadSize(why) => write!(f, "bad board size: {why}"),
            ServerError::EngineSeat => {
                f.write_str("an engine seat needs an engine, and an engine a seat")
            }
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
        let mut accepting = vec![tokio::spawn(accept(tcp, false, events.clone()))];
        if let Some(ws) = ws {
            accepting.push(tokio::spawn(accept(ws, true, events.clone())));
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
        websocket: bool,
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
                    Some(event) => self.handle(event),
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
            for effect in effects {
                self.carry_out(effect, &mut overflowed);
            }
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

    fn carry_out(&mut self, effect: Effect, overflowed: &mut Vec<ClientId>) {
        match effect {
            Effect::Send(id, lines) => {
                if let Some(conn) = self.conns.get(&id) {
                    if conn.outbox.push(lines.into_bytes().into()).is_err() {
                        overflowed.push(id);
                    }
                }
            }
            Effect::Broadcast { lines, except } => {
                let chunk: Arc<[u8]> = lines.into_bytes().into();
                for (id, conn) in &self.conns {
                    if conn.admitted
                        && Some(*id) != except
                        && conn.outbox.push(chunk.clone()).is_err()
                    {
                        overflowed.push(*id);
                    }
                }
            }
            Effect::Admit(id) => {
                if let Some(conn) = self.conns.get_mut(&id) {
                    conn.admitted = true;
                }
            }
            Effect::Close(id) => {
                if let Some(conn) = self.conns.get_mut(&id) {
                    conn.admitted = false;
                    conn.closing.get_or_insert_with(Instant::now);
                    conn.outbox.close();
                }
            }
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

async fn accept(listener: TcpListener, websocket: bool, events: UnboundedSender<Event>) {
    loop {
        match listener.accept().await {
            Ok((stream, peer)) => {
                let event = Event::Accept {
                    stream,
                    peer,
                    websocket,
                };
                if events.send(event).is_err() {
                    return;
                }
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
    eprintln!("[{:>10.3}] {text}", start.elapsed().as_secs_f64());
}
