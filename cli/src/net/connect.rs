//! `atom4 connect HOST[:PORT]`: joins a table to play or watch, on the
//! game's screen, or as lines of text (no terminal, or `--text`); with
//! `--engine` an engine plays our seat.

use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::time::Duration;

use atom4_arena::{Atom4Engine, Engine, EngineSpec};
use atom4_core::atom4::{Atom4, Player};
use atom4_core::Cell;
use atom4_net::framing::LineReader;
use atom4_net::message::ClientMessage;
use atom4_net::server::DEFAULT_PORT;
use atom4_net::session::{Event, Session};
use clap::Args;
use crossterm::event::{KeyCode, KeyEvent};

use super::screen::{self, View};
use crate::terminal::{self, Input, Screen};
use crate::worker::{Answer, Worker};

/// `atom4 connect HOST[:PORT] [--name NICK] [--watch] [--engine SPEC] ...`
#[derive(Args, Clone, Debug, PartialEq)]
pub struct ConnectArgs {
    /// The server: HOST, HOST:PORT or [IPv6]:PORT (default port 4704).
    #[arg(value_name = "HOST[:PORT]")]
    pub address: String,
    /// The nick to be known by (1 to 16 of A-Z a-z 0-9 _ - .).
    #[arg(long, value_name = "NICK")]
    pub name: Option<String>,
    /// Watch: answer every offer of a seat with WATCH.
    #[arg(long, conflicts_with = "engine")]
    pub watch: bool,
    /// An engine plays our seat (random, classic:LEVEL, strong:MSms,
    /// strong:dDEPTH, mcts:MSms); it asks for the next round by itself.
    #[arg(long, value_name = "SPEC")]
    pub engine: Option<EngineSpec>,
    /// Leave after this many rounds have ended (default: stay).
    #[arg(long, value_name = "N")]
    pub rounds: Option<u32>,
    /// Print the protocol's lines (`< ` received, `> ` sent) instead of
    /// the screen; the default when standard output is not a terminal.
    #[arg(long)]
    pub text: bool,
    /// Seeds the engine (default: from the clock).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// `HOST[:PORT]` as socket addresses.
pub fn resolve(address: &str) -> Result<Vec<SocketAddr>, String> {
    let with_port = if address.parse::<SocketAddr>().is_ok() {
        address.to_string()
    } else if let Some(v6) = address.strip_prefix('[').and_then(|a| a.strip_suffix(']')) {
        format!("[{v6}]:{DEFAULT_PORT}")
    } else if address.contains(':') && address.matches(':').count() > 1 {
        format!("[{address}]:{DEFAULT_PORT}")
    } else if address.contains(':') {
        address.to_string()
    } else {
        format!("{address}:{DEFAULT_PORT}")
    };
    let addrs: Vec<SocketAddr> = with_port
        .to_socket_addrs()
        .map_err(|e| format!("{address}: {e}"))?
        .collect();
    if addrs.is_empty() {
        return Err(format!("{address}: no address"));
    }
    Ok(addrs)
}

/// What the reading thread hands over.
enum Incoming {
    Line(String),
    Closed(String),
}

/// The connection: lines out from this thread, lines in from a thread of
/// their own.
struct Link {
    stream: TcpStream,
    lines: Receiver<Incoming>,
}

impl Link {
    fn open(address: &str) -> Result<Link, String> {
        let mut last = String::new();
        for addr in resolve(address)? {
            match TcpStream::connect_timeout(&addr, Duration::from_secs(10)) {
                Ok(stream) => return Link::start(stream),
                Err(e) => last = format!("cannot connect to {addr}: {e}"),
            }
        }
        Err(last)
    }

    fn start(stream: TcpStream) -> Result<Link, String> {
        let _ = stream.set_nodelay(true);
        stream
            .set_write_timeout(Some(Duration::from_secs(10)))
            .map_err(|e| e.to_string())?;
        let mut reading = stream.try_clone().map_err(|e| e.to_string())?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = LineReader::new();
            let mut buf = [0u8; 4096];
            loop {
                let why = match reading.read(&mut buf) {
                    Ok(0) => "the server closed the connection".to_string(),
                    Ok(n) => {
                        let mut gone = false;
                        reader.feed(&buf[..n], |line| {
                            gone |= tx.send(Incoming::Line(line.to_string())).is_err();
                        });
                        if gone {
                            return;
                        }
                        continue;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => format!("the connection failed: {e}"),
                };
                let _ = tx.send(Incoming::Closed(why));
                return;
            }
        });
        Ok(Link { stream, lines })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.stream
            .write_all(&bytes)
            .map_err(|e| format!("cannot send to the server: {e}"))
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

/// The client: the session, the connection, the engine, and what it does
/// by itself.
struct Client {
    session: Session,
    link: Link,
    engine: Option<Worker<Atom4>>,
    name: Option<String>,
    wants_play: bool,
    rounds: Option<u32>,
    /// Our seat in the round in play or the last one (for NEXT).
    last_seat: Option<Player>,
    /// We sent QUIT: a close is the end we asked for.
    quitting: bool,
    /// The server has welcomed us: our handshake is out, so a `QUIT` is a
    /// line it takes (before that it would refuse it as a bad handshake).
    welcomed: Arc<AtomicBool>,
    /// Lines sent, for the text mode's transcript.
    sent: Vec<String>,
    /// How the session ended, once it did.
    end: Option<Result<(), String>>,
}

impl Client {
    fn new(args: &ConnectArgs, text: bool) -> Result<Client, String> {
        let link = Link::open(&args.address)?;
        let engine = args.engine.map(|spec| {
            let seed = args.seed.unwrap_or_else(terminal::clock_seed);
            let engines: Vec<Box<dyn Engine<Atom4>>> = vec![Box::new(Atom4Engine::new(spec, seed))];
            Worker::spawn(engines)
        });
        Ok(Client {
            session: Session::new(),
            link,
            engine,
            name: args.name.clone(),
            // Lines of text cannot place a tile: without an engine they watch.
            wants_play: !args.watch && (args.engine.is_some() || !text),
            rounds: args.rounds,
            last_seat: None,
            quitting: false,
            welcomed: Arc::new(AtomicBool::new(false)),
            sent: Vec::new(),
            end: None,
        })
    }

    fn send(&mut self, message: ClientMessage<'_>) {
        self.session.send(message);
        self.flush();
    }

    fn flush(&mut self) {
        for line in self.session.take_outgoing() {
            if let Err(e) = self.link.send(&line) {
                // A server gone while we leave is the end we asked for.
                self.end
                    .get_or_insert(if self.quitting { Ok(()) } else { Err(e) });
                return;
            }
            self.sent.push(line);
        }
    }

    fn quit(&mut self) {
        self.quitting = true;
        self.send(ClientMessage::Quit);
        self.end.get_or_insert(Ok(()));
    }

    fn incoming(&mut self, incoming: Incoming) {
        match incoming {
            Incoming::Line(line) => {
                for event in self.session.receive(&line) {
                    self.react(event);
                }
                self.flush();
                if self.session.is_connected() {
                    self.welcomed.store(true, Ordering::Release);
                }
            }
            Incoming::Closed(why) => {
                let end = if self.quitting {
                    Ok(())
                } else {
                    Err(match self.session.log.back() {
                        Some(last) if self.session.is_closed() => last.clone(),
                        _ => why,
                    })
                };
                self.end.get_or_insert(end);
            }
        }
    }

    /// What the client does by itself.
    fn react(&mut self, event: Event) {
        match event {
            Event::Connected => {
                if let Some(name) = self.name.clone() {
                    self.send(ClientMessage::Name {
                        nick: &name,
                        text: "",
                    });
                }
            }
            Event::Offered => {
                self.send(if self.wants_play {
                    ClientMessage::Play
                } else {
                    ClientMessage::Watch
                });
            }
            Event::Seat(seat) => {
                if seat.is_some() {
                    self.last_seat = seat;
                }
            }
            Event::YourTurn { .. } => self.think(),
            Event::RoundOver(_) => {
                let played = self.last_seat.take().is_some();
                if self.rounds.is_some_and(|n| self.session.rounds_over >= n) {
                    self.quit();
                } else if played && self.engine.is_some() {
                    self.send(ClientMessage::Next);
                }
            }
            Event::Board => {}
            Event::Closed(why) => {
                self.end.get_or_insert(Err(why));
            }
        }
    }

    fn think(&mut self) {
        if let (Some(worker), Some(game)) = (&mut self.engine, self.session.position()) {
            if !game.is_over() {
                worker.ask(game, 0);
            }
        }
    }

    /// The engine's answer, if one came.
    fn poll_engine(&mut self) {
        loop {
            let Some(answer) = self.engine.as_mut().and_then(Worker::poll) else {
                return;
            };
            match answer {
                Answer::Done(cell) => {
                    if self.session.my_turn() {
                        self.play(cell);
                    }
                }
                Answer::Failed(why) => {
                    self.end
                        .get_or_insert(Err(format!("the engine failed: {why}")));
                    return;
                }
                Answer::Progress(_) => {}
            }
        }
    }

    fn play(&mut self, cell: Cell) {
        self.send(ClientMessage::Move {
            x: cell.x().into(),
            y: cell.y().into(),
        });
    }
}

pub fn run(args: ConnectArgs) -> Result<(), String> {
    let text = args.text || !io::stdout().is_terminal();
    if !text {
        // Fail before connecting when this terminal cannot show the game.
        terminal::check_size(40, 12, "the network screen")?;
    }
    let mut client = Client::new(&args, text)?;
    let result = if text {
        run_text(&mut client)
    } else {
        run_screen(&mut client, &args)
    };
    let rounds = client.session.rounds_over;
    let [s1, s2] = client.session.scores;
    let result = result.and_then(|()| client.end.take().unwrap_or(Ok(())));
    if text {
        atom4_arena::errln!("atom4 connect: {rounds} round(s) over; score {s1}-{s2}");
    }
    result.map_err(|e| format!("connect: {e}"))
}

/// Lines in and out as text, until the session ends.
fn run_text(client: &mut Client) -> Result<(), String> {
    let mut out = BufWriter::new(io::stdout().lock());
    let written = |out: &mut BufWriter<_>, prefix: &str, line: &str| {
        writeln!(out, "{prefix}{line}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("standard output: {e}"))
    };
    while client.end.is_none() {
        match client.link.lines.recv_timeout(Duration::from_millis(5)) {
            Ok(incoming) => {
                if let Incoming::Line(line) = &incoming {
                    written(&mut out, "< ", line)?;
                }
                client.incoming(incoming);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                client.incoming(Incoming::Closed("the connection is gone".into()));
            }
        }
        client.poll_engine();
        for line in std::mem::take(&mut client.sent) {
            written(&mut out, "> ", &line)?;
        }
    }
    Ok(())
}

/// What a key does on the network screen.
enum Mode {
    Normal,
    Chat(String),
    /// A question answered with y (the action) or anything else (no).
    Confirm(Action),
    Who,
}

#[derive(Clone, Copy)]
enum Action {
    Quit,
    Resign,
}

/// Ends the program when the terminal hangs up. crossterm 0.28 reads a
/// hung-up terminal in an endless loop (its reads return 0), so the
/// screen's own loop may never see it: this thread watches the terminal
/// for a hangup, tells the server `QUIT` (once it has welcomed us) and
/// exits.
fn watch_for_hangup(mut stream: TcpStream, welcomed: Arc<AtomicBool>) {
    use rustix::event::{poll, PollFd, PollFlags, Timespec};
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let wait = Timespec {
            tv_sec: 0,
            tv_nsec: 200_000_000,
        };
        loop {
            // No events asked for: poll reports only a hangup or an error.
            let mut fds = [PollFd::new(&stdin, PollFlags::empty())];
            let gone = match poll(&mut fds, Some(&wait)) {
                Ok(0) => false,
                Ok(_) => !fds[0].revents().is_empty(),
                Err(rustix::io::Errno::INTR) => false,
                Err(_) => true,
            };
            if gone {
                // Before the welcome our handshake may not be out yet: the
                // close alone tells the server.
                if welcomed.load(Ordering::Acquire) {
                    let _ = stream.write_all(b"QUIT\n");
                }
                // Not atom4_arena::errln!: standard error may be the terminal that is gone.
                let _ = writeln!(io::stderr(), "atom4: connect: the terminal went away");
                std::process::exit(2);
            }
        }
    });
}

fn run_screen(client: &mut Client, args: &ConnectArgs) -> Result<(), String> {
    if let Ok(stream) = client.link.stream.try_clone() {
        watch_for_hangup(stream, Arc::clone(&client.welcomed));
    }
    let screen = Screen::enter()?;
    let mut out = BufWriter::new(io::stdout());
    let mut cursor = Cell::new(8, 8).unwrap_or(Cell::from_index(0));
    let mut message = format!("Connecting to {}...", args.address);
    let mut mode = Mode::Normal;
    let engine = args.engine.map(|e| e.to_string());
    let mut dirty = true;
    while client.end.is_none() {
        if dirty {
            let view = View {
                session: &client.session,
                address: &args.address,
                cursor,
                message: &message,
                input: match &mode {
                    Mode::Chat(text) => Some(text),
                    _ => None,
                },
                show_who: matches!(mode, Mode::Who),
                engine: engine.as_deref(),
            };
            screen::draw(&mut out, &view).map_err(|e| format!("terminal: {e}"))?;
            dirty = false;
        }
        // Everything the server sent, then the engine, then a key.
        loop {
            match client.link.lines.try_recv() {
                Ok(incoming) => {
                    let was_my_turn = client.session.my_turn();
                    client.incoming(incoming);
                    if client.session.my_turn() && !was_my_turn && client.engine.is_none() {
                        message = "Your turn: place the tile (arrows, Enter)".into();
                    }
                    dirty = true;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    client.incoming(Incoming::Closed("the connection is gone".into()));
                    break;
                }
            }
        }
        client.poll_engine();
        if client.end.is_some() {
            break;
        }
        if let Some((w, h)) = client.session.size() {
            if cursor.x() >= w || cursor.y() >= h {
                // The board's centre, as the local game starts.
                cursor = Cell::new(w / 2, h / 2).unwrap_or(cursor);
            }
        }
        match screen.next_event(Duration::from_millis(20)) {
            Ok(Input::Key(key)) => {
                dirty = true;
                mode = handle_key(client, key, mode, &mut cursor, &mut message);
            }
            Ok(Input::Resize) => dirty = true,
            Ok(Input::Idle) => {}
            Err(e) => {
                // The terminal is gone or a signal came: leave politely.
                client.quit();
                return Err(e);
            }
        }
    }
    drop(screen);
    Ok(())
}

fn handle_key(
    client: &mut Client,
    key: KeyEvent,
    mode: Mode,
    cursor: &mut Cell,
    message: &mut String,
) -> Mode {
    if terminal::is_interrupt(&key) {
        client.quit();
        return Mode::Normal;
    }
    match mode {
        Mode::Chat(mut text) => match key.code {
            KeyCode::Enter => {
                if !text.trim().is_empty() {
                    client.send(ClientMessage::Chat { text: text.trim() });
                    let me = client.session.my_nick().unwrap_or_else(|| "you".into());
                    client
                        .session
                        .log
                        .push_back(format!("<{me}> {}", text.trim()));
                }
                Mode::Normal
            }
            KeyCode::Esc => Mode::Normal,
            KeyCode::Backspace => {
                text.pop();
                Mode::Chat(text)
            }
            KeyCode::Char(c) if !c.is_control() && text.len() < 900 => {
                text.push(c);
                Mode::Chat(text)
            }
            _ => Mode::Chat(text),
        },
        Mode::Confirm(action) => {
            if key.code == KeyCode::Char('y') {
                match action {
                    Action::Quit => client.quit(),
                    Action::Resign => {
                        client.send(ClientMessage::Rsgn);
                        *message = "You resigned".into();
                    }
                }
            } else {
                *message = String::new();
            }
            Mode::Normal
        }
        Mode::Who | Mode::Normal => normal_key(client, key, cursor, message),
    }
}

fn normal_key(client: &mut Client, key: KeyEvent, cursor: &mut Cell, message: &mut String) -> Mode {
    let (w, h) = client.session.size().unwrap_or((16, 16));
    let (x, y) = (cursor.x(), cursor.y());
    let moved = match key.code {
        KeyCode::Up => Some((x, y.saturating_sub(1))),
        KeyCode::Down => Some((x, (y + 1).min(h - 1))),
        KeyCode::Left => Some((x.saturating_sub(1), y)),
        KeyCode::Right => Some(((x + 1).min(w - 1), y)),
        _ => None,
    };
    if let Some((x, y)) = moved {
        *cursor = Cell::new(x.min(w - 1), y.min(h - 1)).unwrap_or(*cursor);
        *message = format!("({},{})", cursor.x(), cursor.y());
        return Mode::Normal;
    }
    match key.code {
        KeyCode::Enter | KeyCode::Char(' ') => {
            if client.engine.is_some() {
                *message = "The engine plays this seat".into();
            } else if client.session.my_turn() {
                client.play(*cursor);
                *message = format!("You play ({},{})", cursor.x(), cursor.y());
            } else {
                *message = "It is not your turn".into();
            }
        }
        KeyCode::Char('t') | KeyCode::Char('c') => return Mode::Chat(String::new()),
        KeyCode::Char('r') => {
            if client.session.seat.is_some() {
                *message = "Resign this round? (y/n)".into();
                return Mode::Confirm(Action::Resign);
            }
            *message = "You are not playing".into();
        }
        KeyCode::Char('n') => {
            client.send(ClientMessage::Next);
            *message = "Asked for the next round".into();
        }
        KeyCode::Char('p') => {
            client.wants_play = true;
            client.send(ClientMessage::Play);
            *message = "Asked for a seat".into();
        }
        KeyCode::Char('w') => {
            client.wants_play = false;
            client.send(ClientMessage::Watch);
            *message = "Watching".into();
        }
        KeyCode::Char('?') => {
            client.send(ClientMessage::Who);
            return Mode::Who;
        }
        KeyCode::Char('q') | KeyCode::Esc => {
            *message = "Really quit? (y/n)".into();
            return Mode::Confirm(Action::Quit);
        }
        _ => {}
    }
    Mode::Normal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_with_and_without_ports() {
        assert_eq!(resolve("127.0.0.1").unwrap()[0].port(), DEFAULT_PORT);
        assert_eq!(resolve("127.0.0.1:99").unwrap()[0].port(), 99);
        assert_eq!(resolve("[::1]:5").unwrap()[0].port(), 5);
        assert_eq!(resolve("::1").unwrap()[0].port(), DEFAULT_PORT);
        assert_eq!(resolve("[::1]").unwrap()[0].port(), DEFAULT_PORT);
        assert_eq!(resolve("localhost").unwrap()[0].port(), DEFAULT_PORT);
        assert!(resolve("127.0.0.1:x").is_err());
    }
}
