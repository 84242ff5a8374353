//! `atom4 atomas play`: a game by hand in the terminal, with the bot's
//! hint on a worker thread, over the shared terminal (restored on every way
//! out).

use std::io::{self, Write};
use std::time::Duration;

use atom4_arena::atomas_engines::{BotEngine, BotLimit};
use atom4_arena::Engine;
use atom4_core::atomas::{Atomas, Move, Weights};
use clap::Args;
use crossterm::event::{KeyCode, KeyEvent};

use super::app::{App, Effect, Key};
use super::render;
use crate::terminal::{self, Screen};
use crate::worker::{Answer, Woken, Worker};

/// `atom4 atomas play`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct PlayArgs {
    /// The game of this seed (the reference generator's, as the
    /// controller's game 0 with `--seed S`; default: from the clock).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

fn key_of(event: KeyEvent) -> Key {
    if terminal::is_interrupt(&event) {
        return Key::Interrupt;
    }
    match event.code {
        KeyCode::Left | KeyCode::Up => Key::Back,
        KeyCode::Right | KeyCode::Down => Key::On,
        KeyCode::Enter | KeyCode::Char(' ') => Key::Play,
        KeyCode::Char('y') => Key::Yes,
        KeyCode::Char('n') => Key::No,
        KeyCode::Char('u') => Key::Undo,
        KeyCode::Char('h') => Key::Hint,
        KeyCode::Char('q') | KeyCode::Esc => Key::Quit,
        _ => Key::Other,
    }
}

pub fn run(args: &PlayArgs) -> Result<(), String> {
    let (cols, rows) = render::NEEDED;
    terminal::check_size(cols, rows, "Atomas")?;
    let mut app = App::new(args.seed.unwrap_or_else(terminal::clock_seed));
    let hint: Box<dyn Engine<Atomas>> = Box::new(BotEngine::new(
        BotLimit::Time(Duration::from_millis(200)),
        Weights::DEFAULT,
    ));
    let mut worker = Worker::spawn(vec![hint]);
    let screen = Screen::enter()?;
    let mut out = io::BufWriter::new(io::stdout());
    let mut effect = Effect::Nothing;
    loop {
        match effect {
            Effect::Quit => break,
            Effect::Suggest => worker.ask(app.game, 0),
            Effect::CancelEngine => worker.cancel(),
            Effect::Nothing => {}
        }
        effect = Effect::Nothing;
        render::draw(&mut out, &app).map_err(|e| format!("terminal: {e}"))?;
        match worker.wait(&screen, Duration::from_millis(20), || false)? {
            Woken::Answer(Answer::Done(Move::Reply(reply))) => app.hint(reply),
            Woken::Answer(Answer::Failed(why)) => return Err(format!("the bot failed: {why}")),
            Woken::Key(key) => effect = app.handle(key_of(key)),
            Woken::Answer(Answer::Progress(_) | Answer::Done(Move::Draw(_)))
            | Woken::Resize
            | Woken::Due => {}
        }
    }
    worker.cancel();
    out.flush().ok();
    Ok(())
}
