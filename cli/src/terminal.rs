//! The terminal every game's screen shares: raw mode and the alternate
//! screen, restored on every way out (a normal return, an error, a panic
//! on any thread, SIGTERM, SIGHUP, SIGINT, SIGQUIT, the terminal gone),
//! keys, the watch that ends a program whose terminal went away, and the
//! checks that the terminal can show a game at all.

use std::io::{self, IsTerminal, Write};
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

use rustix::event::{poll, PollFd, PollFlags, Timespec};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, queue, style, terminal};

/// Leaves raw mode and the alternate screen. Safe to call at any time and
/// more than once.
pub fn restore() {
    let _ = execute!(
        io::stdout(),
        style::ResetColor,
        cursor::Show,
        terminal::LeaveAlternateScreen
    );
    let _ = terminal::disable_raw_mode();
}

/// The game's screen: raw mode and the alternate screen while it lives,
/// the terminal restored when it is dropped, when any thread panics, and
/// when the program ends because its terminal went away or a signal asked
/// it to (see [`Watch`]; then [`Screen::next_event`] reports it, so the
/// caller ends cleanly).
pub struct Screen {
    watch: Watch,
}

/// Signals that end a game: the terminal is restored and the program
/// exits with a message.
const ENDING_SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];

/// How long the program has to end by itself once its terminal is gone
/// or a signal came, before the watch ends it.
const GRACE: Duration = Duration::from_millis(1500);

/// What the screen's input gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Key(KeyEvent),
    /// The window changed size: redraw.
    Resize,
    /// Nothing within the wait.
    Idle,
}

/// The one way every terminal program sees that it must end: a thread
/// that waits for the ending signals (SIGTERM, SIGHUP, SIGINT, SIGQUIT)
/// and for the terminal's hang-up (its window closed, its tmux server
/// killed). Either one makes [`Watch::ended`] say why, and
/// [`Watch::next_event`] (the keys of every screen) fail with it, so that
/// the program ends cleanly; should it not have ended within [`GRACE`]
/// (stuck, or spinning in a library on a dead terminal), the watch
/// restores what it can of the terminal and exits the process itself.
pub struct Watch {
    state: Arc<WatchState>,
    /// The terminal the keys come from (standard input, or /dev/tty).
    tty: Option<Arc<OwnedFd>>,
    signals: Vec<signal_hook::SigId>,
    /// Closed when the watch is dropped: its thread then stops.
    stop: Option<UnixStream>,
}

struct WatchState {
    /// Why the program must end, once it must.
    ended: Mutex<Option<String>>,
}

impl Watch {
    /// Starts watching the terminal (standard input's, else standard
    /// output's, else /dev/tty; none when there is no terminal at all).
    pub fn start() -> Result<Watch, String> {
        let why = |e: std::io::Error| format!("cannot watch signals: {e}");
        let tty = terminal_fd().map(Arc::new);
        let (signal_in, signal_out) = UnixStream::pair().map_err(why)?;
        let (stop_in, stop_out) = UnixStream::pair().map_err(why)?;
        let mut signals = Vec::new();
        for signal in ENDING_SIGNALS {
            let pipe = signal_in.try_clone().map_err(why)?;
            signals.push(signal_hook::low_level::pipe::register(signal, pipe).map_err(why)?);
        }
        drop(signal_in);
        let state = Arc::new(WatchState {
            ended: Mutex::new(None),
        });
        let watched = (state.clone(), tty.clone());
        std::thread::Builder::new()
            .name("terminal-watch".into())
            .spawn(move || watch(&watched.0, watched.1.as_deref(), &signal_out, &stop_out))
            .map_err(|e| format!("cannot watch the terminal: {e}"))?;
        Ok(Watch {
            state,
            tty,
            signals,
            stop: Some(stop_in),
        })
    }

    /// Why the program must end, once it must.
    pub fn ended(&self) -> Option<String> {
        self.state.ended()
    }

    /// The next key or resize within `wait`; an error once the terminal is
    /// gone or a signal asked the program to end.
    pub fn next_event(&self, wait: Duration) -> Result<Input, String> {
        if let Some(why) = self.ended() {
            return Err(why);
        }
        let read = |e: std::io::Error| format!("terminal: {e}");
        // The hang-up is seen here before crossterm reads: on a terminal
        // that is gone its read gives 0 bytes for ever, which crossterm
        // takes for "try again".
        let ready = match self.tty.as_deref() {
            Some(tty) => {
                self.readable(tty, Duration::ZERO)?;
                event::poll(Duration::ZERO).map_err(read)?
                    || (self.readable(tty, wait)? && event::poll(Duration::ZERO).map_err(read)?)
            }
            None => event::poll(wait).map_err(read)?,
        };
        if !ready {
            return Ok(Input::Idle);
        }
        match event::read().map_err(read)? {
            Event::Key(key) if key.kind != KeyEventKind::Release => Ok(Input::Key(key)),
            Event::Resize(..) => Ok(Input::Resize),
            _ => Ok(Input::Idle),
        }
    }

    /// Whether the terminal has input within `wait`; an error once it hung
    /// up.
    fn readable(&self, tty: &OwnedFd, wait: Duration) -> Result<bool, String> {
        let mut fds = [PollFd::new(tty, PollFlags::IN)];
        let timeout = Timespec::try_from(wait).unwrap_or_default();
        match poll(&mut fds, Some(&timeout)) {
            Ok(0) | Err(rustix::io::Errno::INTR) => Ok(false),
            Ok(_) if hung_up(fds[0].revents()) => Err(self.state.end("the terminal is gone")),
            Ok(_) => Ok(true),
            Err(e) => Err(format!("terminal: {e}")),
        }
    }
}

impl WatchState {
    fn ended(&self) -> Option<String> {
        self.ended.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Records why the program must end (the first reason stands).
    fn end(&self, why: &str) -> String {
        self.ended
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(|| why.to_string())
            .clone()
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        for id in self.signals.drain(..) {
            signal_hook::low_level::unregister(id);
        }
        self.stop = None;
    }
}

fn hung_up(revents: PollFlags) -> bool {
    revents.intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL)
}

/// The terminal the program's keys come from, as crossterm picks it:
/// standard input when it is one, else /dev/tty; standard output when
/// only it is a terminal.
fn terminal_fd() -> Option<OwnedFd> {
    use std::os::fd::AsFd;
    if io::stdin().is_terminal() {
        return io::stdin().as_fd().try_clone_to_owned().ok();
    }
    if let Ok(tty) = std::fs::File::open("/dev/tty") {
        return Some(tty.into());
    }
    if io::stdout().is_terminal() {
        return io::stdout().as_fd().try_clone_to_owned().ok();
    }
    None
}

/// The watch's thread: waits for a signal, the terminal's hang-up or the
/// watch's drop; after the first two, gives the program [`GRACE`] to end
/// by itself, then ends it.
fn watch(state: &WatchState, tty: Option<&OwnedFd>, signals: &UnixStream, stop: &UnixStream) {
    let why = loop {
        let mut fds = vec![
            PollFd::new(stop, PollFlags::IN),
            PollFd::new(signals, PollFlags::IN),
        ];
        if let Some(fd) = tty {
            // No events asked: only a hang-up or an error wakes it.
            fds.push(PollFd::new(fd, PollFlags::empty()));
        }
        match poll(&mut fds, None) {
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => continue,
            Err(_) => return,
        }
        if !fds[0].revents().is_empty() {
            return;
        }
        if !fds[1].revents().is_empty() {
            break "ended by a signal";
        }
        if fds.get(2).is_some_and(|fd| hung_up(fd.revents())) {
            break "the terminal is gone";
        }
    };
    let why = state.end(why);
    let mut fds = [PollFd::new(stop, PollFlags::IN)];
    let timeout = Timespec::try_from(GRACE).unwrap_or_default();
    loop {
        match poll(&mut fds, Some(&timeout)) {
            Err(rustix::io::Errno::INTR) => continue,
            Ok(n) if n > 0 => return,
            _ => break,
        }
    }
    // The program did not end by itself: end it.
    restore();
    let _ = writeln!(io::stderr(), "\r{why}");
    std::process::exit(2);
}

impl Screen {
    /// Enters raw mode and the alternate screen.
    pub fn enter() -> Result<Screen, String> {
        let watch = Watch::start()?;
        install_panic_hook();
        terminal::enable_raw_mode().map_err(|e| format!("cannot set up the terminal: {e}"))?;
        let screen = Screen { watch };
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)
            .map_err(|e| format!("cannot set up the terminal: {e}"))?;
        Ok(screen)
    }

    /// The next key or resize within `wait`; an error when the terminal
    /// fails, is gone, or a signal asked the program to end.
    pub fn next_event(&self, wait: Duration) -> Result<Input, String> {
        self.watch.next_event(wait)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
        let _ = io::stdout().flush();
    }
}

/// A panic on any thread restores the terminal before its message is
/// printed (once for the whole program).
fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}

/// Whether `key` is Ctrl-C (in raw mode a key, not a signal).
pub fn is_interrupt(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c')
}

/// Why this terminal cannot show a game of `cols` x `rows` characters, if
/// it cannot.
pub fn check_size(cols_needed: u16, rows_needed: u16, what: &str) -> Result<(), String> {
    let term = std::env::var("TERM").unwrap_or_default();
    if term.is_empty() || term == "dumb" {
        return Err(format!(
            "this terminal has no colours (TERM={term:?}); a colour terminal such as xterm-256color is needed"
        ));
    }
    let (cols, rows) = terminal::size().map_err(|e| format!("not a terminal: {e}"))?;
    if cols < cols_needed || rows < rows_needed {
        return Err(format!(
            "the terminal is too small: {what} needs {cols_needed} x {rows_needed}, this one is {cols} x {rows}"
        ));
    }
    Ok(())
}

/// Starts a frame: clears the screen and returns its size, or, when it is
/// smaller than what `what` needs, says so on it and returns `None`
/// (nothing else is drawn until the terminal grows).
pub fn clear_frame(
    out: &mut impl Write,
    what: &str,
    cols_needed: u16,
    rows_needed: u16,
) -> io::Result<Option<(u16, u16)>> {
    let (cols, rows) = terminal::size()?;
    queue!(
        out,
        style::ResetColor,
        terminal::Clear(terminal::ClearType::All),
        cursor::MoveTo(0, 0)
    )?;
    if cols < cols_needed || rows < rows_needed {
        queue!(
            out,
            style::Print(format!(
                "The terminal is too small: {what} needs {cols_needed} x {rows_needed}, this one is {cols} x {rows}. Enlarge it, or press q to quit."
            ))
        )?;
        return Ok(None);
    }
    Ok(Some((cols, rows)))
}

/// A seed from the clock, for players who give none.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
