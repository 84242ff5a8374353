//! The terminal every game's screen shares: raw mode and the alternate
//! screen, restored on every way out (a normal return, an error, a panic
//! on any thread, SIGTERM, SIGHUP, SIGINT, SIGQUIT), keys, and the checks
//! that the terminal can show a game at all.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once};
use std::time::Duration;

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, style, terminal};

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
/// when a signal asks the program to end (then [`Screen::next_event`]
/// reports it, so the caller ends cleanly).
pub struct Screen {
    signalled: Arc<AtomicBool>,
}

/// Signals that end a game: the terminal is restored and the program
/// exits with a message.
const ENDING_SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];

/// What the screen's input gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Key(KeyEvent),
    /// The window changed size: redraw.
    Resize,
    /// Nothing within the wait.
    Idle,
}

impl Screen {
    /// Enters raw mode and the alternate screen.
    pub fn enter() -> Result<Screen, String> {
        let signalled = Arc::new(AtomicBool::new(false));
        for signal in ENDING_SIGNALS {
            signal_hook::flag::register(signal, signalled.clone())
                .map_err(|e| format!("cannot watch signals: {e}"))?;
        }
        install_panic_hook();
        terminal::enable_raw_mode().map_err(|e| format!("cannot set up the terminal: {e}"))?;
        let screen = Screen { signalled };
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)
            .map_err(|e| format!("cannot set up the terminal: {e}"))?;
        Ok(screen)
    }

    /// The next key or resize within `wait`; an error when the terminal
    /// fails or a signal asked the program to end.
    pub fn next_event(&self, wait: Duration) -> Result<Input, String> {
        if self.signalled.load(Ordering::Relaxed) {
            return Err("ended by a signal".into());
        }
        if !event::poll(wait).map_err(|e| format!("terminal: {e}"))? {
            return Ok(Input::Idle);
        }
        match event::read().map_err(|e| format!("terminal: {e}"))? {
            Event::Key(key) if key.kind != KeyEventKind::Release => Ok(Input::Key(key)),
            Event::Resize(..) => Ok(Input::Resize),
            _ => Ok(Input::Idle),
        }
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

/// A seed from the clock, for players who give none.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
