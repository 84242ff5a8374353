//! The interactive mode in a terminal or from a pipe: keys are bytes from
//! standard input (read on a thread of their own, so the screen answers
//! while the computer thinks), the screen goes to standard output when it
//! is a terminal, and the terminal is restored on every way out (the end
//! of the game, an error, a panic, a signal) before the final board and
//! the players' cells are printed.
//!
//! Standard input a terminal: non-canonical mode without echo (raw mode;
//! Ctrl-C then ends the game like Ctrl-D). A pipe: its bytes are read as
//! they come and its end ends the game. Standard output not a terminal: no
//! screen, only the final lines.

use std::io::{self, IsTerminal, Read, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use atom4_core::gamma::{Gamma, Move};

use super::interactive::{Flow, Interactive};
use super::keys::{Key, KeyReader};
use super::render;
use crate::terminal::{self, Screen};
use crate::worker::Answer;

/// Ctrl-C, which arrives as a byte in raw mode.
const CTRL_C: u8 = 0x03;

/// Seats the computer plays: it is asked for a move when one of them is on
/// turn, and answers through [`Opponent::poll`].
pub trait Opponent {
    /// Whether the computer plays `player`.
    fn plays(&self, player: u32) -> bool;
    /// Starts thinking about `game`, `player` on turn.
    fn ask(&mut self, game: &Gamma<'_>, player: u32) -> Result<(), String>;
    /// Its answer, once there is one.
    fn poll(&mut self) -> Option<Answer<Move>>;
    /// Its name, for the screen.
    fn name(&self) -> String;
}

/// What standard input gave.
enum Input {
    Bytes(Vec<u8>),
    End,
}

/// Reads standard input on a thread until its end.
fn read_input() -> Receiver<Input> {
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        let mut stdin = io::stdin();
        let mut buffer = vec![0u8; 1 << 16];
        loop {
            match stdin.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    if sender.send(Input::Bytes(buffer[..n].to_vec())).is_err() {
                        return;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = sender.send(Input::End);
    });
    receiver
}

/// The terminal as the game set it up, restored when dropped.
enum Terminal {
    /// Keys and screen on a terminal: the house screen (raw mode, the
    /// alternate screen, restored on panics and signals too), held for
    /// its Drop.
    Screen(#[allow(dead_code)] Screen),
    /// Only one side is a terminal: the alternate screen for the screen
    /// (output a terminal), raw mode for the keys (input a terminal).
    Partial,
    /// Neither side is a terminal.
    None,
}

impl Terminal {
    fn set_up(tty_in: bool, tty_out: bool) -> Result<Terminal, String> {
        if tty_in && tty_out {
            return Screen::enter().map(Terminal::Screen);
        }
        if tty_out {
            crossterm::execute!(
                io::stdout(),
                crossterm::terminal::EnterAlternateScreen,
                crossterm::cursor::Hide
            )
            .map_err(|e| format!("cannot set up the terminal: {e}"))?;
        }
        if tty_in {
            crossterm::terminal::enable_raw_mode()
                .map_err(|e| format!("cannot set up the terminal: {e}"))?;
        }
        Ok(if tty_in || tty_out {
            Terminal::Partial
        } else {
            Terminal::None
        })
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Terminal::Partial = self {
            terminal::restore();
        }
    }
}

/// Plays `game` interactively: the keys typed ahead (`pending`, read with
/// the `I` line) first, then standard input. Prints the final board and
/// the players' cells on standard output once the terminal is restored.
/// An error means the game could not be played to its end (the terminal
/// is restored then too).
pub fn play(
    game: Gamma<'_>,
    pending: &[u8],
    mut opponent: Option<&mut dyn Opponent>,
) -> Result<(), String> {
    let tty_in = io::stdin().is_terminal();
    let tty_out = io::stdout().is_terminal();
    let mut play = Interactive::new(game);
    if tty_out {
        let (cols, rows) = render::needed_size(
            play.game().width(),
            play.game().height(),
            play.game().cell_text_width(),
        );
        let fit = |n: u64| u16::try_from(n).unwrap_or(u16::MAX);
        terminal::check_size(
            fit(cols),
            fit(rows),
            &format!("a {}x{} board", play.game().width(), play.game().height()),
        )?;
    }
    // Signals and the terminal's hang-up end the game (the terminal
    // restored first).
    let watch = terminal::Watch::start()?;
    let input = read_input();
    let terminal = Terminal::set_up(tty_in, tty_out)?;
    let mut out = io::BufWriter::new(io::stdout());
    let mut keys = KeyReader::new();
    let mut asked = false;
    let mut status = String::new();
    let mut redraw = true;
    let mut queued: Vec<u8> = pending.to_vec();
    let mut input_open = true;
    let mut computer_moved = false;
    loop {
        if let Some(why) = watch.ended() {
            drop(terminal);
            return Err(why);
        }
        let computer = match (play.player(), opponent.as_deref()) {
            (Some(p), Some(o)) if o.plays(p) => Some((p, o.name())),
            _ => None,
        };
        if let (Some((p, name)), Some(o)) = (&computer, opponent.as_deref_mut()) {
            if !asked {
                o.ask(play.game(), *p)?;
                asked = true;
                status = format!("{name} is thinking for player {p}...");
                redraw = true;
            }
            match o.poll() {
                Some(Answer::Done(mv)) => {
                    let (x, y) = (u32::from(mv.x), u32::from(mv.y));
                    let earlier = std::mem::take(&mut play.message);
                    play.make(*p, x, y, mv.golden).map_err(|e| {
                        format!("the computer's {mv} for player {p} was refused: {e}")
                    })?;
                    let kind = if mv.golden { "golden move" } else { "move" };
                    // The computer's moves since the last key, together.
                    play.message = if computer_moved {
                        format!("{earlier}; {p}: {kind} on ({x}, {y})")
                    } else {
                        format!("Computer, player {p}: {kind} on ({x}, {y})")
                    };
                    computer_moved = true;
                    status.clear();
                    asked = false;
                    redraw = true;
                }
                Some(Answer::Progress(_)) | None => {}
                Some(Answer::Failed(why)) => {
                    drop(terminal);
                    return Err(format!("the computer player failed: {why}"));
                }
            }
        }
        let mut over = false;
        for byte in queued.drain(..) {
            let key = match keys.feed(byte) {
                None if byte == CTRL_C && tty_in => Some(Key::End),
                key => key,
            };
            let Some(key) = key else { continue };
            redraw = true;
            computer_moved = false;
            let moves = matches!(key, Key::Move | Key::Golden | Key::Skip);
            if moves
                && play
                    .player()
                    .is_some_and(|p| opponent.as_deref().is_some_and(|o| o.plays(p)))
            {
                play.message = "The computer is on turn".into();
                continue;
            }
            if play.handle(key) == Flow::Over {
                over = true;
                break;
            }
        }
        if over || play.player().is_none() {
            break;
        }
        if redraw && tty_out {
            render::draw(&mut out, &mut play, &status).map_err(|e| format!("terminal: {e}"))?;
            redraw = false;
        }
        if !input_open {
            // The end of input ends the game, as Ctrl-D does.
            break;
        }
        match input.recv_timeout(Duration::from_millis(20)) {
            Ok(Input::Bytes(bytes)) => queued = bytes,
            Ok(Input::End) | Err(RecvTimeoutError::Disconnected) => input_open = false,
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
    drop(terminal);
    let _ = out.flush();
    drop(out);
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(play.summary().as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write the result: {e}"))
}
