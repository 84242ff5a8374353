//! The event loop of every game's terminal program: the screen over the
//! shared terminal (restored on every way out, ended by the [`Watch`] of
//! a vanished terminal or a signal in every state), the engine on the
//! worker thread, and a wait for whatever comes first: the engine's
//! answer, a key, a resize, or the screen's clock.
//!
//! [`Watch`]: crate::terminal::Watch

use std::io::{self, Write};
use std::time::{Duration, Instant};

use crossterm::style::{Attribute, Print, ResetColor, SetAttribute};
use crossterm::{cursor, queue};

use super::{engine, App, Effect, Frame, GameScreen, Key, Opening, Purpose, Thinking};
use crate::terminal::{self as term, Screen};
use crate::worker::{Answer, Woken};

/// Where the message line starts.
pub const MESSAGE_LEFT: u16 = 2;

/// Plays `opening` on `screen` in the terminal until the player quits.
pub fn play<S: GameScreen>(screen: S, opening: Opening) -> Result<(), String> {
    let app = App::new(screen, opening);
    let (cols, message_row) = app.screen.size(&app.table.state);
    term::check_size(cols, message_row + 2, app.table.state.game().title())?;
    run(app)
}

/// The event loop.
pub fn run<S: GameScreen>(mut app: App<S>) -> Result<(), String> {
    let save_file = format!("{}-save.txt", app.table.state.game());
    let mut worker = engine::spawn();
    let screen = Screen::enter()?;
    let mut out = io::BufWriter::new(io::stdout());
    let mut effect = app.start();
    loop {
        match effect {
            Effect::Quit => break,
            Effect::Think(purpose) => worker.ask(app.query(purpose), 0),
            Effect::Cancel => worker.cancel(),
            Effect::Save => app.save(&save_file),
            Effect::Nothing => {}
        }
        effect = Effect::Nothing;
        draw(&mut out, &app).map_err(|e| format!("terminal: {e}"))?;
        // The screen's own clock (a cascade's next wave) is asked too.
        let mut ticked = Effect::Nothing;
        let due = || {
            let (tick, changed) = app.tick(Instant::now());
            ticked = tick;
            changed || tick != Effect::Nothing
        };
        match worker.wait(&screen, Duration::from_millis(15), due)? {
            Woken::Due => effect = ticked,
            Woken::Answer(Answer::Progress(depth)) => app.engine_progress(depth),
            Woken::Answer(Answer::Done(choice)) => {
                effect = app
                    .engine_answer(choice)
                    .map_err(|why| format!("the computer player failed: {why}"))?;
            }
            Woken::Answer(Answer::Failed(why)) => {
                return Err(format!("the computer player failed: {why}"))
            }
            Woken::Key(key) => effect = app.handle(Key::from(key)),
            Woken::Resize => {}
        }
    }
    worker.cancel();
    out.flush().ok();
    Ok(())
}

/// Draws the whole screen: the title, the game's screen, the message line
/// (or what the terminal lacks, when it shrank below the game).
pub fn draw<S: GameScreen>(out: &mut impl Write, app: &App<S>) -> io::Result<()> {
    let mut frame = Frame::new();
    draw_frame(&mut frame, app)?;
    out.write_all(&frame)?;
    out.flush()
}

fn draw_frame<S: GameScreen>(out: &mut Frame, app: &App<S>) -> io::Result<()> {
    let (need_cols, message_row) = app.screen.size(&app.table.state);
    let title = app.table.state.game().title();
    let Some((cols, rows)) = term::clear_frame(out, title, need_cols, message_row + 2)? else {
        return Ok(());
    };
    queue!(
        out,
        SetAttribute(Attribute::Bold),
        Print(app.screen.title(&app.table)),
        SetAttribute(Attribute::Reset)
    )?;
    app.screen.draw(out, &app.table)?;
    let message: String = app
        .table
        .message
        .chars()
        .take(usize::from(cols - MESSAGE_LEFT))
        .collect();
    queue!(
        out,
        ResetColor,
        cursor::MoveTo(MESSAGE_LEFT, message_row),
        SetAttribute(Attribute::Bold),
        Print(message),
        SetAttribute(Attribute::Reset),
        cursor::MoveTo(0, rows - 1),
    )
}

/// Prints `lines` one under the other from `(left, top)`: a panel.
pub fn panel(out: &mut impl Write, left: u16, top: u16, lines: &[String]) -> io::Result<()> {
    for (i, text) in lines.iter().enumerate() {
        queue!(out, cursor::MoveTo(left, top + i as u16), Print(text))?;
    }
    Ok(())
}

/// What the engine is doing, for a panel: `Thinking... depth 5`.
pub fn thinking(thinking: Thinking) -> String {
    match thinking {
        Thinking {
            purpose: Purpose::Move,
            depth: 0,
        } => "Thinking...".into(),
        Thinking {
            purpose: Purpose::Move,
            depth,
        } => format!("Thinking... depth {depth}"),
        Thinking { depth, .. } => format!("Finding a hint... depth {depth}"),
    }
}
