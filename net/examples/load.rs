//! The network load benchmark (not a test): starts `atom4 serve` as a
//! process, connects N watchers that follow a whole game played by two
//! clients of this program, and reports the time from each move to the
//! last watcher's `BEND` (median, 99th percentile, worst), the server's
//! memory and CPU; then runs connect-handshake-quit cycles and compares the
//! server's descriptors and memory before and after.
//!
//! ```text
//! cargo build --release -p atom4-cli
//! cargo run --release -p atom4-net --example load -- \
//!     --server target/release/atom4 --watchers 5000 --cycles 10000
//! ```
//!
//! Everything runs on this machine: the watchers' side competes with the
//! server for the same cores, so the figures are an upper bound of the
//! server's own delays.

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use atom4_core::atom4::{Atom4, Player};
use atom4_core::Rng;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::Notify;

struct Options {
    server: String,
    watchers: usize,
    cycles: usize,
    threads: Option<usize>,
    moves: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        server: "target/release/atom4".into(),
        watchers: 1000,
        cycles: 10_000,
        threads: None,
        moves: 200,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--server" => o.server = value()?,
            "--watchers" => o.watchers = value()?.parse().map_err(|e| format!("{e}"))?,
            "--cycles" => o.cycles = value()?.parse().map_err(|e| format!("{e}"))?,
            "--threads" => o.threads = Some(value()?.parse().map_err(|e| format!("{e}"))?),
            "--moves" => o.moves = value()?.parse().map_err(|e| format!("{e}"))?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

/// The server process, ended when dropped.
struct Server {
    child: Child,
    port: u16,
    log: String,
}

impl Server {
    fn start(o: &Options) -> Result<Server, String> {
        let log = format!("/tmp/atom4-load-{}.log", std::process::id());
        let file = std::fs::File::create(&log).map_err(|e| e.to_string())?;
        let mut command = Command::new(&o.server);
        command
            .args(["serve", "--port", "0", "--size", "16x16", "--max-clients"])
            .arg((o.watchers + 100).to_string())
            .stdin(Stdio::null())
            .stderr(file);
        if let Some(n) = o.threads {
            command.args(["--threads", &n.to_string()]);
        }
        let child = command.spawn().map_err(|e| format!("{}: {e}", o.server))?;
        for _ in 0..200 {
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            if let Some(rest) = text.split("listening on ").nth(1) {
                let addr = rest.split_whitespace().next().unwrap_or("");
                let port = addr.rsplit(':').next().and_then(|p| p.parse().ok());
                if let Some(port) = port {
                    return Ok(Server { child, port, log });
                }
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        Err("the server did not start".into())
    }

    fn status(&self, field: &str) -> u64 {
        let text = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        text.lines()
            .find(|l| l.starts_with(field))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    }

    /// User and system CPU seconds so far.
    fn cpu(&self) -> f64 {
        let text =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        let after = text.rsplit(')').next().unwrap_or("");
        let fields: Vec<&str> = after.split_whitespace().collect();
        let ticks = |i: usize| {
            fields
                .get(i)
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        // utime and stime are fields 14 and 15 of stat, 12 and 13 here.
        (ticks(11) + ticks(12)) / 100.0
    }

    fn descriptors(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id()))
            .map(|d| d.count())
            .unwrap_or(0)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

type Lines = tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>;

async fn join(port: u16) -> std::io::Result<(Lines, tokio::net::tcp::OwnedWriteHalf)> {
    let stream = TcpStream::connect(("127.0.0.1", port)).await?;
    let (rd, mut wr) = stream.into_split();
    let mut lines = BufReader::new(rd).lines();
    lines.next_line().await?;
    wr.write_all(b"ATOM4 CLNT 4.1 2.0\n").await?;
    loop {
        match lines.next_line().await? {
            Some(l) if l.starts_with("ATOM4 CONN") => return Ok((lines, wr)),
            Some(_) => {}
            None => return Err(std::io::ErrorKind::UnexpectedEof.into()),
        }
    }
}

/// What the watchers report: for each move, how many have its `BEND`, and
/// when each arrived.
struct Arrivals {
    count: Vec<AtomicUsize>,
    times: Mutex<Vec<Vec<Instant>>>,
    all: Notify,
}

async fn watcher(
    port: u16,
    arrivals: Arc<Arrivals>,
    ready: Arc<AtomicUsize>,
    n: usize,
    moves: usize,
) {
    let (lines, mut wr) = match join(port).await {
        Ok(joined) => joined,
        Err(e) => {
            static ONCE: std::sync::Once = std::sync::Once::new();
            ONCE.call_once(|| eprintln!("a watcher could not join: {e}"));
            return;
        }
    };
    let _ = wr.write_all(b"WATCH\n").await;
    ready.fetch_add(1, Ordering::Relaxed);
    let mut seen = 0usize;
    let mut in_move = false;
    let mut mine = Vec::with_capacity(moves);
    let mut reader = lines.into_inner();
    let mut line = Vec::with_capacity(1100);
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if line.starts_with(b"BPOS") {
            in_move = true;
        } else if line == b"BEND\n" && in_move {
            in_move = false;
            mine.push(Instant::now());
            if let Some(count) = arrivals.count.get(seen) {
                if count.fetch_add(1, Ordering::Relaxed) + 1 == n {
                    arrivals.all.notify_one();
                }
            }
            seen += 1;
            if seen == moves {
                break;
            }
        }
    }
    arrivals.times.lock().unwrap().push(mine);
    drop(wr);
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

async fn game(o: &Options, server: &Server) -> Result<(), String> {
    let port = server.port;
    let arrivals = Arc::new(Arrivals {
        count: (0..o.moves).map(|_| AtomicUsize::new(0)).collect(),
        times: Mutex::new(Vec::new()),
        all: Notify::new(),
    });
    let ready = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    // Watchers arrive 250 at a time: every arrival is announced to all
    // (CONN) and told of all (NAME), so a crowd joining at once is work
    // that grows with its square; each batch finishes its handshake first.
    for i in 0..o.watchers {
        tasks.push(tokio::spawn(watcher(
            port,
            arrivals.clone(),
            ready.clone(),
            o.watchers,
            o.moves,
        )));
        if i % 250 == 249 {
            while ready.load(Ordering::Relaxed) <= i {
                if started.elapsed() > Duration::from_secs(300) {
                    return Err("the watchers could not join".into());
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    }
    while ready.load(Ordering::Relaxed) < o.watchers {
        if started.elapsed() > Duration::from_secs(300) {
            return Err(format!(
                "only {} of {} watchers joined",
                ready.load(Ordering::Relaxed),
                o.watchers
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let joined = started.elapsed().as_secs_f64();
    // The last arrivals' CONN lines reach everyone before the game starts.
    tokio::time::sleep(Duration::from_secs(2)).await;
    println!(
        "load: {} watchers joined in {:.1} s; server RSS {} MiB",
        o.watchers,
        joined,
        server.status("VmRSS:") / 1024
    );
    let (mut l1, mut w1) = join(port).await.map_err(|e| e.to_string())?;
    let (mut l2, mut w2) = join(port).await.map_err(|e| e.to_string())?;
    // Seats in order: the first player's PNUM before the second asks.
    w1.write_all(b"PLAY\n").await.map_err(|e| e.to_string())?;
    while let Ok(Some(line)) = l1.next_line().await {
        if line.starts_with("PNUM") {
            break;
        }
    }
    w2.write_all(b"PLAY\n").await.map_err(|e| e.to_string())?;
    let mut game = Atom4::new(16, 16).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(4704);
    let mut sent = Vec::new();
    let cpu_before = server.cpu();
    let game_start = Instant::now();
    // Drain the players' lines in the background.
    tokio::spawn(async move { while let Ok(Some(_)) = l1.next_line().await {} });
    tokio::spawn(async move { while let Ok(Some(_)) = l2.next_line().await {} });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut rounds = 1;
    while sent.len() < o.moves {
        if game.is_over() {
            // The next round: both players ask, the other player starts.
            for w in [&mut w1, &mut w2] {
                w.write_all(b"NEXT\n").await.map_err(|e| e.to_string())?;
            }
            game.next_round().map_err(|e| e.to_string())?;
            rounds += 1;
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        let legal: Vec<_> = game.legal_moves().iter().collect();
        let cell = legal[rng.below(legal.len() as u32) as usize];
        let line = format!("MOVE {} {}\n", cell.x(), cell.y());
        let k = sent.len();
        let notified = arrivals.all.notified();
        sent.push(Instant::now());
        match game.current_player() {
            Some(Player::ONE) => w1.write_all(line.as_bytes()).await,
            _ => w2.write_all(line.as_bytes()).await,
        }
        .map_err(|e| e.to_string())?;
        game.play(cell).map_err(|e| e.to_string())?;
        if arrivals.count[k].load(Ordering::Relaxed) < o.watchers {
            tokio::time::timeout(Duration::from_secs(30), notified)
                .await
                .map_err(|_| {
                    format!(
                        "move {k}: {} of {} watchers got it in 30 s (server log: {})",
                        arrivals.count[k].load(Ordering::Relaxed),
                        o.watchers,
                        server.log
                    )
                })?;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let game_time = game_start.elapsed().as_secs_f64();
    let cpu = server.cpu() - cpu_before;
    let peak = server.status("VmHWM:");
    for task in tasks {
        let _ = task.await;
    }
    let times = arrivals.times.lock().unwrap();
    let mut last = Vec::new();
    let mut every = Vec::new();
    for (k, start) in sent.iter().enumerate() {
        let mut worst = 0.0f64;
        for watcher in times.iter() {
            if let Some(t) = watcher.get(k) {
                let ms = t.duration_since(*start).as_secs_f64() * 1000.0;
                worst = worst.max(ms);
                every.push(ms);
            }
        }
        last.push(worst);
    }
    last.sort_by(f64::total_cmp);
    every.sort_by(f64::total_cmp);
    println!(
        "load: {} moves in {rounds} rounds, {} BEND deliveries; move -> last watcher's BEND: median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        sent.len(),
        every.len(),
        percentile(&last, 0.5),
        percentile(&last, 0.99),
        last.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "load: move -> each watcher's BEND: median {:.1} ms, p99 {:.1} ms",
        percentile(&every, 0.5),
        percentile(&every, 0.99)
    );
    println!(
        "load: server peak RSS {} MiB; server CPU {:.2} s over the game's {:.1} s ({:.0}% of one core)",
        peak / 1024,
        cpu,
        game_time,
        100.0 * cpu / game_time
    );
    Ok(())
}

async fn cycles(o: &Options, server: &Server) -> Result<(), String> {
    let port = server.port;
    // Warm up so that the runtime's and allocator's steady state is
    // what "before" measures.
    for _ in 0..100 {
        cycle(port).await?;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (fds, rss) = (server.descriptors(), server.status("VmRSS:"));
    let start = Instant::now();
    let done = Arc::new(AtomicUsize::new(0));
    let mut tasks: Vec<tokio::task::JoinHandle<Result<(), String>>> = Vec::new();
    // 20 clients at a time, each cycling in turn.
    for _ in 0..20 {
        let done = done.clone();
        let total = o.cycles;
        tasks.push(tokio::spawn(async move {
            while done.fetch_add(1, Ordering::Relaxed) < total {
                cycle(port).await?;
            }
            Ok(())
        }));
    }
    for task in tasks {
        task.await.map_err(|e| e.to_string())??;
    }
    let took = start.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_millis(500)).await;
    println!(
        "cycles: {} connect-handshake-quit cycles in {:.1} s ({:.0}/s); server descriptors {} before, {} after; RSS {} KiB before, {} KiB after",
        o.cycles,
        took,
        o.cycles as f64 / took,
        fds,
        server.descriptors(),
        rss,
        server.status("VmRSS:")
    );
    Ok(())
}

async fn cycle(port: u16) -> Result<(), String> {
    let (mut lines, mut wr) = join(port).await.map_err(|e| e.to_string())?;
    wr.write_all(b"QUIT\n").await.map_err(|e| e.to_string())?;
    while let Ok(Some(_)) = lines.next_line().await {}
    Ok(())
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let result = runtime.block_on(async {
        let server = Server::start(&o)?;
        println!(
            "load: {} serve (runtime threads: {}), board 16x16, {} watchers",
            o.server,
            o.threads
                .map_or("one per core".to_string(), |n| n.to_string()),
            o.watchers
        );
        game(&o, &server).await?;
        drop(server);
        let server = Server::start(&o)?;
        cycles(&o, &server).await
    });
    if let Err(e) = result {
        eprintln!("load: {e}");
        std::process::exit(1);
    }
}
