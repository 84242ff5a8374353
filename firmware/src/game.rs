//! What the console needs of a game: a small interface each game's glue
//! implements, so that one console drives them all.

use core::fmt::{self, Write};

use heapless::String;

/// Why a move or options were refused, as the person reads it.
pub type Reason = String<64>;

/// The reason `error` gives (cut to [`Reason`]'s capacity).
pub fn reason(error: &impl fmt::Display) -> Reason {
    let mut text = Reason::new();
    // A longer text is cut where the buffer ends.
    let _ = write!(text, "{error}");
    text
}

/// A reason given as text.
pub fn reason_str(text: &str) -> Reason {
    let mut r = Reason::new();
    let _ = r.push_str(text);
    r
}

/// Whose turn it is: the person at the serial line, the engine, or nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Person,
    Engine,
    Over,
}

/// A game as the console plays it: the person against the engine.
pub trait Playable {
    /// The game's name on the menu (one word, what the person types).
    fn name(&self) -> &'static str;

    /// The options the game takes and their defaults, one line.
    fn describe_options(&self, out: &mut dyn Write) -> fmt::Result;

    /// Starts a new game with `options` (the text after the name; empty:
    /// the defaults).
    fn start(&mut self, options: &str) -> Result<(), Reason>;

    fn turn(&self) -> Turn;

    /// Draws the position: the board as text in the notation's letters,
    /// then the position text.
    fn draw(&self, out: &mut dyn Write) -> fmt::Result;

    /// Plays the person's move, written in the game's move text.
    fn play(&mut self, text: &str) -> Result<(), Reason>;

    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;

    /// Lets the engine choose and play its move, and writes the move's text.
    fn engine_move(&mut self, out: &mut dyn Write) -> Result<(), EngineError>;

    /// The result, once the game is over (who won, the score).
    fn result(&self, out: &mut dyn Write) -> fmt::Result;

    /// How the move text reads, for the help line.
    fn move_help(&self) -> &'static str;
}

/// Why the engine could not move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// It found no move (the game is over).
    NoMove,
    /// Writing the move failed.
    Output,
}

impl From<fmt::Error> for EngineError {
    fn from(_: fmt::Error) -> EngineError {
        EngineError::Output
    }
}
