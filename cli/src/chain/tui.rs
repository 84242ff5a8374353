//! The interactive `atom4 chain play` session: the game's screen over the
//! shared terminal (restored on every way out) and the engines on a worker
//! thread, so that keys and cascades go on while the computer thinks.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use atom4_arena::chain_engines::{ChainEngine, EngineSpec};
use atom4_arena::generic::{Limit, SearchSpec};
use atom4_arena::Engine;
use atom4_core::chain::Position;
use crossterm::event::{KeyCode, KeyEvent};

use super::app::{App, Effect, Key};
use super::options::Setup;
use super::render::{self, Labels};
use crate::terminal::{self, Screen};
use crate::worker::{Answer, Woken, Worker};

/// Where `s` saves the game.
pub const SAVE_FILE: &str = "chain-save.txt";

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
        KeyCode::Char('n') => Key::New,
        KeyCode::Char('u') => Key::Undo,
        KeyCode::Char('h') => Key::Hint,
        KeyCode::Char('s') => Key::Save,
        KeyCode::Char('p') => Key::Pass,
        KeyCode::Char('a') => Key::Animation,
        _ => Key::Other,
    }
}

pub fn run(setup: Setup) -> Result<(), String> {
    let start = setup.record.start;
    let (cols, rows) = render::needed_size(&start);
    let board = start.board();
    terminal::check_size(
        cols,
        rows,
        &format!("a {}x{} board", board.width(), board.height()),
    )?;
    let seed = setup.seed.unwrap_or_else(terminal::clock_seed);
    let strong = |time| {
        EngineSpec::Strong(SearchSpec {
            limit: Limit::Time(time),
            threads: 1,
        })
    };
    let computer = strong(setup.time);
    let engines: Vec<Box<dyn Engine<Position>>> = vec![
        Box::new(ChainEngine::new(computer, seed)),
        Box::new(ChainEngine::new(strong(setup.time), seed ^ 0x9E37)),
    ];
    let mut worker = Worker::spawn(engines);
    let engine_label = if setup.computers == 0 {
        "none (people only)".to_string()
    } else {
        computer.to_string()
    };
    let labels = Labels {
        engine: &engine_label,
    };
    let mut app = App::new(&setup);

    let screen = Screen::enter()?;
    let mut out = io::BufWriter::new(io::stdout());
    let mut effect = app.start();
    loop {
        match effect {
            Effect::Quit => break,
            Effect::ComputerMove => worker.ask(app.position, COMPUTER),
            Effect::Suggest => worker.ask(app.position, HINT),
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
        // The next wave of a cascade is due on the app's own clock.
        let mut ticked = Effect::Nothing;
        let next_wave = || {
            let (tick, changed) = app.tick(Instant::now());
            ticked = tick;
            changed || tick != Effect::Nothing
        };
        match worker.wait(&screen, Duration::from_millis(15), next_wave)? {
            Woken::Due => effect = ticked,
            Woken::Answer(Answer::Progress(depth)) => app.engine_progress(depth),
            Woken::Answer(Answer::Done(mv)) => effect = app.engine_answer(mv),
            Woken::Answer(Answer::Failed(why)) => {
                return Err(format!("the computer player failed: {why}"))
            }
            Woken::Key(key) => effect = app.handle(key_of(key)),
            Woken::Resize => {}
        }
    }
    worker.cancel();
    out.flush().ok();
    Ok(())
}
