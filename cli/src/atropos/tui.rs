//! The interactive Atropos session: the game's screen over the shared
//! terminal (restored on every way out) and the engine on a worker thread.

use std::io::{self, Write};
use std::time::Duration;

use atom4_arena::atropos_engines::{player_config, PlayerEngine, PlayerLimit};
use atom4_arena::Engine;
use atom4_core::atropos::{Atropos, Color, Player};
use crossterm::event::{KeyCode, KeyEvent};

use super::app::{App, Effect, Key};
use super::options::PlayArgs;
use super::render::{self, Labels};
use crate::terminal::{self, Screen};
use crate::worker::{Answer, Woken, Worker};

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
        KeyCode::Char('r' | '1') => Key::Colour(Color::Red),
        KeyCode::Char('b' | '2') => Key::Colour(Color::Blue),
        KeyCode::Char('g' | '3') => Key::Colour(Color::Green),
        KeyCode::Enter | KeyCode::Char(' ') => Key::Place,
        KeyCode::Char('u') => Key::Undo,
        KeyCode::Char('h') => Key::Hint,
        KeyCode::Char('n') => Key::New,
        KeyCode::Char('q') | KeyCode::Esc => Key::Quit,
        KeyCode::Char('y') => Key::Yes,
        _ => Key::Other,
    }
}

fn engine(time: u64, seed: u64) -> Result<Box<dyn Engine<Atropos>>, String> {
    let config = player_config(&[], seed)?;
    Ok(Box::new(PlayerEngine::new(
        PlayerLimit::Time(Duration::from_millis(time)),
        config,
    )))
}

pub fn run(args: &PlayArgs) -> Result<(), String> {
    let start = match &args.state {
        Some(text) => super::player::parse_state(text)?,
        None => Atropos::new(args.size).map_err(|e| e.to_string())?,
    };
    let (cols, rows) = render::needed_size(&start);
    terminal::check_size(cols, rows, &format!("a board of size {}", start.size()))?;
    let computer = args.computer.and_then(|n| Player::from_number(n.into(), 2));
    let mut app = App::new(start, computer);
    let seed = terminal::clock_seed();
    let mut worker = Worker::spawn(vec![engine(args.time, seed)?, engine(args.time, seed ^ 1)?]);
    let label = match computer {
        Some(p) => format!("player {} ({} ms)", p.number(), args.time),
        None => "none (two players)".into(),
    };
    let labels = Labels { computer: &label };

    let screen = Screen::enter()?;
    let mut out = io::BufWriter::new(io::stdout());
    let mut effect = app.start();
    loop {
        match effect {
            Effect::Quit => break,
            Effect::ComputerMove => worker.ask(app.game, COMPUTER),
            Effect::Suggest => worker.ask(app.game, HINT),
            Effect::CancelEngine => worker.cancel(),
            Effect::Nothing => {}
        }
        effect = Effect::Nothing;
        render::draw(&mut out, &app, &labels).map_err(|e| format!("terminal: {e}"))?;
        match worker.wait(&screen, Duration::from_millis(20), || false)? {
            Woken::Answer(Answer::Done(mv)) => effect = app.engine_answer(mv),
            Woken::Answer(Answer::Failed(why)) => {
                return Err(format!("the computer player failed: {why}"))
            }
            Woken::Key(key) => effect = app.handle(key_of(key)),
            Woken::Answer(Answer::Progress(_)) | Woken::Resize | Woken::Due => {}
        }
    }
    worker.cancel();
    out.flush().ok();
    Ok(())
}
