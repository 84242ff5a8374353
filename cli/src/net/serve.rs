//! `atom4 serve`: hosts one Atom-4 table on the network (protocol 2.0),
//! over TCP and, when asked, WebSocket.

use std::net::IpAddr;
use std::time::Duration;

use atom4_arena::EngineSpec;
use atom4_core::atom4::Player;
use atom4_net::server::{self, ServerConfig, DEFAULT_PORT};
use atom4_net::table::{self, EngineSeat};
use clap::Args;

use crate::atom4::options::size;

/// `atom4 serve [--port N] [--bind ADDR] [--size WxH] [--computer 1|2 --engine SPEC] ...`
#[derive(Args, Clone, Debug, PartialEq)]
pub struct ServeArgs {
    /// The TCP port (0: any free port; the one chosen is printed).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on: 127.0.0.1 serves this machine only;
    /// 0.0.0.0 (or ::) serves other machines too.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Board size, 2..16 each way.
    #[arg(long, value_name = "WxH", default_value = "16x16", value_parser = size)]
    pub size: (u8, u8),
    /// The server's engine holds this seat.
    #[arg(long, value_name = "1|2", value_parser = clap::value_parser!(u8).range(1..=2))]
    pub computer: Option<u8>,
    /// The engine of the computer's seat (random, classic:LEVEL,
    /// strong:MSms, strong:dDEPTH, mcts:MSms).
    #[arg(
        long,
        value_name = "SPEC",
        default_value = "strong:500ms",
        requires = "computer"
    )]
    pub engine: EngineSpec,
    /// Connections at once; more are refused with ERR 903.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_clients: usize,
    /// A player's time for a move, in seconds (then ERR 999 and the player
    /// is gone).
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    pub move_time: u64,
    /// The time both players have to send NEXT after a round, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub next_time: u64,
    /// Also serve WebSocket at ws://ADDR:PORT/atom4 (0: any free port).
    #[arg(long, value_name = "PORT")]
    pub ws_port: Option<u16>,
    /// Each client's outgoing queue, in KiB; a client that lets it fill
    /// (it does not read) is dropped.
    #[arg(long, value_name = "KIB", default_value_t = 256)]
    pub queue_kib: usize,
    /// Threads serving the clients (1: a single-threaded runtime; default:
    /// one per core).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Seeds the engine.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
}

impl ServeArgs {
    pub fn config(&self) -> ServerConfig {
        let seat = self.computer.and_then(|n| Player::from_number(n.into(), 2));
        ServerConfig {
            table: table::Config {
                width: self.size.0,
                height: self.size.1,
                max_clients: self.max_clients,
                move_time: self.move_time.saturating_mul(1000),
                next_time: self.next_time.saturating_mul(1000),
                engine: seat.map(|seat| EngineSeat {
                    seat,
                    about: self.engine.to_string(),
                }),
                ..table::Config::default()
            },
            bind: self.bind,
            port: self.port,
            ws_port: self.ws_port,
            engine: seat.map(|_| self.engine),
            queue_limit: self.queue_kib.saturating_mul(1024).max(2048),
            seed: self.seed,
        }
    }
}

pub fn run(args: ServeArgs) -> Result<(), String> {
    let descriptors = raise_descriptor_limit();
    if let Some(limit) = descriptors {
        if args.max_clients as u64 + 64 > limit {
            server::log(format!(
                "warning: --max-clients {} is near this process's limit of {limit} open files",
                args.max_clients
            ));
        }
    }
    let mut runtime = match args.threads {
        Some(1) => tokio::runtime::Builder::new_current_thread(),
        _ => tokio::runtime::Builder::new_multi_thread(),
    };
    if let Some(n) = args.threads.filter(|&n| n > 1) {
        runtime.worker_threads(n);
    }
    let runtime = runtime
        .enable_all()
        .build()
        .map_err(|e| format!("serve: cannot start the runtime: {e}"))?;
    let config = args.config();
    runtime.block_on(async move {
        let bound = server::bind(config)
            .await
            .map_err(|e| format!("serve: {e}"))?;
        let tcp = bound
            .tcp_addr()
            .map_or_else(|| "?".to_string(), |a| a.to_string());
        let ws = bound
            .ws_addr()
            .map(|a| format!(", WebSocket ws://{a}/atom4"))
            .unwrap_or_default();
        let seat = match args.computer {
            Some(n) => format!(", the computer ({}) in seat {n}", args.engine),
            None => String::new(),
        };
        server::log(format!(
            "atom4 serve: listening on {tcp} (TCP){ws}; board {}x{}{seat}",
            args.size.0, args.size.1
        ));
        bound
            .run(stop_signal())
            .await
            .map_err(|e| format!("serve: {e}"))?;
        server::log("atom4 serve: stopped");
        Ok::<(), String>(())
    })?;
    // The engine thread may be deep in a search: it is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(100));
    Ok(())
}

/// Ctrl-C, SIGTERM or SIGHUP.
async fn stop_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate()).ok();
    let mut hup = signal(SignalKind::hangup()).ok();
    let recv = |s: &mut Option<tokio::signal::unix::Signal>| {
        let s = s.take();
        async move {
            match s {
                Some(mut s) => {
                    s.recv().await;
                }
                None => std::future::pending().await,
            }
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = recv(&mut term) => {}
        _ = recv(&mut hup) => {}
    }
}

/// Raises this process's limit of open files to the most allowed (a
/// server of many clients needs a descriptor each); the limit in force.
fn raise_descriptor_limit() -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.maximum != limit.current {
        limit.current = limit.maximum;
        let _ = setrlimit(Resource::Nofile, limit);
    }
    getrlimit(Resource::Nofile).current
}
