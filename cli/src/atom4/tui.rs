//! The interactive terminal session: raw mode and the alternate screen,
//! restored on every way out (quit, Ctrl-C, error, panic).

use std::io::{self, Write};
use std::time::Duration;

use atom4_core::atom4::Atom4;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, style, terminal};

use crate::app::{App, Effect, Key};
use crate::options::Interactive;
use crate::record::Record;
use crate::render::{self, Labels};
use crate::worker::{Answer, Purpose, Worker};

/// Where `s` saves the game.
pub const SAVE_FILE: &str = "atom4-save.txt";

/// Restores the terminal when dropped.
struct Screen;

impl Screen {
    fn enter() -> io::Result<Screen> {
        terminal::enable_raw_mode()?;
        let screen = Screen;
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
        Ok(screen)
    }
}

fn restore() {
    let _ = execute!(
        io::stdout(),
        style::ResetColor,
        cursor::Show,
        terminal::LeaveAlternateScreen
    );
    let _ = terminal::disable_raw_mode();
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// Why the terminal cannot show the game, if it cannot.
fn check_terminal(game: &Atom4) -> Result<(), String> {
    let term = std::env::var("TERM").unwrap_or_default();
    if term.is_empty() || term == "dumb" {
        return Err(format!(
            "this terminal has no colours (TERM={term:?}); atom4 needs a colour terminal such as xterm-256color. `atom4 play` prints games without one."
        ));
    }
    let (cols, rows) = terminal::size().map_err(|e| format!("not a terminal: {e}"))?;
    let (need_cols, need_rows) = render::needed_size(game);
    if cols < need_cols || rows < need_rows {
        return Err(format!(
            "the terminal is too small: atom4 needs {need_cols} x {need_rows} for a {}x{} board, this one is {cols} x {rows}",
            game.width(),
            game.height()
        ));
    }
    Ok(())
}

fn key_of(event: KeyEvent) -> Key {
    if event.modifiers.contains(KeyModifiers::CONTROL) && event.code == KeyCode::Char('c') {
        return Key::Interrupt;
    }
    match event.code {
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Enter | KeyCode::Char(' ') => Key::Place,
        KeyCode::Char('q') | KeyCode::Esc => Key::Quit,
        KeyCode::Char('y') => Key::Yes,
        KeyCode::Char('n') => Key::Next,
        KeyCode::Char('u') => Key::Undo,
        KeyCode::Char('h') => Key::Hint,
        KeyCode::Char('s') => Key::Save,
        _ => Key::Other,
    }
}

pub fn run(options: Interactive) -> Result<(), String> {
    let record = match &options.load {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            Record::parse(&text).map_err(|e| format!("{path}: {e}"))?
        }
        None => {
            let (w, h) = options.size;
            Record::new(Atom4::new(w, h).map_err(|e| e.to_string())?)
        }
    };
    check_terminal(&record.start)?;
    let seed = options.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut app = App::resume(record, options.computer);
    let mut worker = Worker::spawn(options.engine, options.hint_engine, seed);
    let engine_label = match options.computer {
        Some(_) => options.engine.to_string(),
        None => "none (two players)".to_string(),
    };
    let labels = Labels {
        engine: &engine_label,
    };

    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous_hook(info);
    }));
    let _screen = Screen::enter().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let mut out = io::BufWriter::new(io::stdout());
    let mut effect = app.start();
    loop {
        match effect {
            Effect::Quit => break,
            Effect::ComputerMove => worker.ask(app.game, Purpose::Move),
            Effect::Suggest => worker.ask(app.game, Purpose::Hint),
            Effect::CancelEngine => worker.cancel(),
            Effect::Save => {
                app.message = match std::fs::write(SAVE_FILE, app.record().to_string()) {
                    Ok(()) => format!("Saved to {SAVE_FILE} (resume with --load {SAVE_FILE})"),
                    Err(e) => format!("Could not save to {SAVE_FILE}: {e}"),
                };
            }
            Effect::Nothing => {}
        }
        effect = Effect::Nothing;
        render::draw(&mut out, &app, &labels).map_err(|e| format!("terminal: {e}"))?;
        // Wait for a key or an engine answer, whichever comes first.
        loop {
            if let Some(answer) = worker.poll() {
                match answer {
                    Answer::Progress(depth) => app.engine_progress(depth),
                    Answer::Done(cell) => effect = app.engine_answer(cell),
                }
                break;
            }
            if event::poll(Duration::from_millis(20)).map_err(|e| format!("terminal: {e}"))? {
                match event::read().map_err(|e| format!("terminal: {e}"))? {
                    Event::Key(key) if key.kind != KeyEventKind::Release => {
                        effect = app.handle(key_of(key));
                    }
                    Event::Resize(..) => {}
                    _ => continue,
                }
                break;
            }
        }
    }
    worker.cancel();
    out.flush().ok();
    Ok(())
}
