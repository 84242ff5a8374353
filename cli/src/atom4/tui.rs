//! The interactive Atom-4 session: the game's screen over the shared
//! terminal (restored on every way out) and the engines on a worker thread.

use std::io::{self, Write};
use std::time::Duration;

use atom4_arena::{Atom4Engine, Engine};
use atom4_core::atom4::Atom4;
use crossterm::event::{KeyCode, KeyEvent};

use super::app::{App, Effect, Key};
use super::options::Interactive;
use super::record::Record;
use super::render::{self, Labels};
use crate::terminal::{self, Screen};
use crate::worker::{Answer, Woken, Worker};

/// Where `s` saves the game.
pub const SAVE_FILE: &str = "atom4-save.txt";

/// The worker's engines: the computer's, then the hint's.
const COMPUTER: usize = 0;
const HINT: usize = 1;

fn key_of(event: KeyEvent) -> Key {
    if terminal::is_interrupt(&event) {
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
            let text = crate::input::read_file(path, crate::input::MAX_SAVED_GAME)?;
            Record::parse(&text).map_err(|e| format!("{path}: {e}"))?
        }
        None => {
            let (w, h) = options.size;
            Record::new(Atom4::new(w, h).map_err(|e| e.to_string())?)
        }
    };
    let start = record.start;
    let (cols, rows) = render::needed_size(&start);
    terminal::check_size(
        cols,
        rows,
        &format!("a {}x{} board", start.width(), start.height()),
    )?;
    let seed = options.seed.unwrap_or_else(terminal::clock_seed);
    let mut app = App::resume(record, options.computer);
    let engines: Vec<Box<dyn Engine<Atom4>>> = vec![
        Box::new(Atom4Engine::new(options.engine, seed)),
        Box::new(Atom4Engine::new(options.hint_engine, seed ^ 0x9E37)),
    ];
    let mut worker = Worker::spawn(engines);
    let engine_label = match options.computer {
        Some(_) => options.engine.to_string(),
        None => "none (two players)".to_string(),
    };
    let labels = Labels {
        engine: &engine_label,
    };

    let screen = Screen::enter()?;
    let mut out = io::BufWriter::new(io::stdout());
    let mut effect = app.start();
    loop {
        match effect {
            Effect::Quit => break,
            Effect::ComputerMove => worker.ask(app.game, COMPUTER),
            Effect::Suggest => worker.ask(app.game, HINT),
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
        match worker.wait(&screen, Duration::from_millis(20), || false)? {
            Woken::Answer(Answer::Progress(depth)) => app.engine_progress(depth),
            Woken::Answer(Answer::Done(cell)) => effect = app.engine_answer(cell),
            Woken::Answer(Answer::Failed(why)) => {
                return Err(format!("the computer player failed: {why}"))
            }
            Woken::Key(key) => effect = app.handle(key_of(key)),
            Woken::Resize | Woken::Due => {}
        }
    }
    worker.cancel();
    out.flush().ok();
    Ok(())
}
