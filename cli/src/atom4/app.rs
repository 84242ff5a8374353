//! What the player's keys do to the game: the whole interactive logic,
//! free of any terminal, so unit tests drive it directly.

use atom4_core::atom4::{Atom4, Changes, IllegalMove, Player, Status};
use atom4_core::Cell;

use super::record::Record;

/// A key press, already decoded from the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    /// Enter or Space.
    Place,
    /// `q`.
    Quit,
    /// `y` (answers the quit question).
    Yes,
    /// `n`: the next round once one ends; "no" to the quit question.
    Next,
    /// `u`.
    Undo,
    /// `h`.
    Hint,
    /// `s`.
    Save,
    /// Ctrl-C: quit at once.
    Interrupt,
    Other,
}

/// What the front end must do after a key or an engine answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Nothing,
    /// Leave the program.
    Quit,
    /// Ask the engine for the computer's move in this position.
    ComputerMove,
    /// Ask the engine for a suggestion for the human.
    Suggest,
    /// Write the game record (see [`App::record`]).
    Save,
    /// Stop whatever the engine is doing (its answer no longer applies).
    CancelEngine,
}

/// The state of an interactive game.
#[derive(Clone, Debug)]
pub struct App {
    pub game: Atom4,
    /// The moves of this round, each with the changes it made.
    pub history: Vec<(Cell, Changes)>,
    /// The position at the start of this round (for saving).
    pub round_start: Atom4,
    pub cursor: Cell,
    /// The seat the computer plays, if any.
    pub computer: Option<Player>,
    pub message: String,
    pub confirm_quit: bool,
    /// Waiting for the engine: the computer's move or a hint.
    pub thinking: Option<Thinking>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thinking {
    /// The computer's move, with the depth reached so far (strong engine).
    Move {
        depth: u8,
    },
    Hint {
        depth: u8,
    },
}

impl App {
    #[cfg(test)]
    pub fn new(game: Atom4, computer: Option<Player>) -> App {
        App::resume(Record::new(game), computer)
    }

    /// Resumes a saved game: replays its moves (already checked by
    /// [`Record::replay`]).
    pub fn resume(record: Record, computer: Option<Player>) -> App {
        let mut app = App {
            game: record.start,
            history: Vec::new(),
            round_start: record.start,
            cursor: centre(&record.start),
            computer,
            message: String::new(),
            confirm_quit: false,
            thinking: None,
        };
        for &cell in &record.moves {
            if let Ok(changes) = app.game.play(cell) {
                app.history.push((cell, changes));
            }
        }
        app.message = app.turn_message();
        app
    }

    /// What the front end should do first: start the computer if it moves.
    pub fn start(&mut self) -> Effect {
        self.maybe_computer()
    }

    /// The game record of this round so far.
    pub fn record(&self) -> Record {
        Record {
            start: self.round_start,
            moves: self.history.iter().map(|&(cell, _)| cell).collect(),
        }
    }

    /// The last move's changes, to highlight.
    pub fn last_changes(&self) -> Option<&Changes> {
        self.history.last().map(|(_, changes)| changes)
    }

    pub fn is_computer_turn(&self) -> bool {
        self.computer.is_some() && self.game.current_player() == self.computer
    }

    pub fn handle(&mut self, key: Key) -> Effect {
        if key == Key::Interrupt {
            return Effect::Quit;
        }
        if self.confirm_quit {
            self.confirm_quit = false;
            return match key {
                Key::Yes | Key::Quit => Effect::Quit,
                _ => {
                    self.message = self.turn_message();
                    Effect::Nothing
                }
            };
        }
        match key {
            Key::Up | Key::Down | Key::Left | Key::Right => {
                self.move_cursor(key);
                self.message = self.cursor_message();
                Effect::Nothing
            }
            Key::Place => self.place_at_cursor(),
            Key::Quit => {
                self.confirm_quit = true;
                self.message = "Really quit? (y/n)".into();
                Effect::Nothing
            }
            Key::Next => self.next_round(),
            Key::Undo => self.undo(),
            Key::Hint => {
                if self.game.is_over() || self.is_computer_turn() || self.thinking.is_some() {
                    return Effect::Nothing;
                }
                self.thinking = Some(Thinking::Hint { depth: 0 });
                self.message = "Thinking about a hint...".into();
                Effect::Suggest
            }
            Key::Save => Effect::Save,
            Key::Yes | Key::Other | Key::Interrupt => Effect::Nothing,
        }
    }

    /// The engine reached `depth` (strong engine only).
    pub fn engine_progress(&mut self, depth: u8) {
        match &mut self.thinking {
            Some(Thinking::Move { depth: d }) | Some(Thinking::Hint { depth: d }) => *d = depth,
            None => {}
        }
    }

    /// The engine's answer for the request it was given.
    pub fn engine_answer(&mut self, cell: Cell) -> Effect {
        match self.thinking.take() {
            Some(Thinking::Move { .. }) if self.is_computer_turn() => {
                match self.play(cell) {
                    Ok(()) => {}
                    // The engine only ever answers legal moves; say so if not.
                    Err(e) => self.message = format!("The engine chose an illegal move: {e}"),
                }
                self.maybe_computer()
            }
            Some(Thinking::Hint { .. }) => {
                self.cursor = cell;
                self.message = format!("Hint: {} (press Enter to play it)", coords(cell));
                Effect::Nothing
            }
            _ => Effect::Nothing,
        }
    }

    fn place_at_cursor(&mut self) -> Effect {
        if self.is_computer_turn() {
            self.message = "Wait: the computer is thinking".into();
            return Effect::Nothing;
        }
        let cancel_hint = self.thinking.take().is_some();
        match self.play(self.cursor) {
            Ok(()) => match self.maybe_computer() {
                Effect::Nothing if cancel_hint => Effect::CancelEngine,
                effect => effect,
            },
            Err(e) => {
                self.message = match e {
                    IllegalMove::RoundOver => {
                        "The round is over: press n for the next round".into()
                    }
                    e => format!("Illegal move at {}: {e}", coords(self.cursor)),
                };
                if cancel_hint {
                    Effect::CancelEngine
                } else {
                    Effect::Nothing
                }
            }
        }
    }

    fn play(&mut self, cell: Cell) -> Result<(), IllegalMove> {
        let mover = self.game.side_to_move();
        let changes = self.game.play(cell)?;
        self.history.push((cell, changes));
        self.message = if self.game.is_over() {
            self.turn_message()
        } else {
            format!("Player {} moves {}", mover.number(), coords(cell))
        };
        Ok(())
    }

    fn maybe_computer(&mut self) -> Effect {
        if self.is_computer_turn() && !self.game.is_over() {
            self.thinking = Some(Thinking::Move { depth: 0 });
            Effect::ComputerMove
        } else {
            Effect::Nothing
        }
    }

    fn next_round(&mut self) -> Effect {
        if !self.game.is_over() {
            self.message = "The round is not over yet".into();
            return Effect::Nothing;
        }
        if self.game.next_round().is_err() {
            self.message = "No more rounds can be counted".into();
            return Effect::Nothing;
        }
        self.history.clear();
        self.round_start = self.game;
        self.cursor = centre(&self.game);
        self.message = self.turn_message();
        self.maybe_computer()
    }

    /// Takes back the last move, and the one before if that leaves the
    /// computer to move (a move pair): back to the human's last decision.
    fn undo(&mut self) -> Effect {
        let cancelled = self.thinking.take().is_some();
        let mut undone = 0;
        while let Some((cell, changes)) = self.history.pop() {
            if self.game.unplay(&changes).is_err() {
                self.history.push((cell, changes));
                break;
            }
            self.cursor = cell;
            undone += 1;
            if !self.is_computer_turn() {
                break;
            }
        }
        self.message = match undone {
            0 => "Nothing to undo in this round".into(),
            1 => "Took back one move".into(),
            n => format!("Took back {n} moves"),
        };
        match self.maybe_computer() {
            Effect::Nothing if cancelled => Effect::CancelEngine,
            effect => effect,
        }
    }

    fn move_cursor(&mut self, key: Key) {
        let (x, y) = (self.cursor.x(), self.cursor.y());
        let (w, h) = (self.game.width(), self.game.height());
        let (x, y) = match key {
            Key::Up => (x, y.saturating_sub(1)),
            Key::Down => (x, (y + 1).min(h - 1)),
            Key::Left => (x.saturating_sub(1), y),
            Key::Right => ((x + 1).min(w - 1), y),
            _ => (x, y),
        };
        self.cursor = Cell::new(x, y).unwrap_or(self.cursor);
    }

    /// Says whether the cursor's cell is legal, and why not.
    fn cursor_message(&self) -> String {
        match self.game.check_move(self.cursor) {
            Ok(()) => format!("{}: legal", coords(self.cursor)),
            Err(IllegalMove::RoundOver) => self.turn_message(),
            Err(e) => format!("{}: {e}", coords(self.cursor)),
        }
    }

    fn turn_message(&self) -> String {
        match (self.game.status(), self.game.current_player()) {
            (Status::Won(p), _) => format!("Player {} WINS!! (n: next round, q: quit)", p.number()),
            (Status::Stalemate, _) => {
                "STALEMATE: no more moves left (n: next round, q: quit)".into()
            }
            (_, Some(p)) if Some(p) == self.computer => "The computer is thinking...".into(),
            (_, Some(p)) => format!("Player {} to move", p.number()),
            (_, None) => String::new(),
        }
    }
}

/// `(x,y)` as the original prints coordinates.
pub fn coords(cell: Cell) -> String {
    format!("({},{})", cell.x(), cell.y())
}

/// Where the cursor starts: (W/2, H/2), as atom4 4.1's text interface
/// (`textui.cc`).
fn centre(game: &Atom4) -> Cell {
    Cell::new(game.width() / 2, game.height() / 2).unwrap_or(Cell::from_index(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: u8, y: u8) -> Cell {
        Cell::new(x, y).unwrap()
    }

    #[test]
    fn arrows_move_the_cursor_within_the_board_and_say_why_a_cell_is_illegal() {
        // The cursor starts at (W/2, H/2), as in atom4 4.1's textui.cc.
        let mut app = App::new(Atom4::new(6, 6).unwrap(), None);
        assert_eq!(app.cursor, cell(3, 3));
        assert_eq!(App::new(Atom4::standard(), None).cursor, cell(8, 8));
        assert_eq!(App::new(Atom4::new(9, 7).unwrap(), None).cursor, cell(4, 3));
        for _ in 0..10 {
            app.handle(Key::Left);
        }
        assert_eq!(app.cursor, cell(0, 3));
        assert!(
            app.message.contains("two occupied neighbours"),
            "{}",
            app.message
        );
        for _ in 0..10 {
            app.handle(Key::Up);
        }
        assert_eq!(app.cursor, cell(0, 0));
        app.handle(Key::Place);
        assert!(
            app.message.starts_with("Illegal move at (0,0)"),
            "{}",
            app.message
        );
        assert!(app.history.is_empty());
    }

    #[test]
    fn placing_plays_and_hands_over_to_the_computer_and_back() {
        let mut app = App::new(Atom4::standard(), Some(Player::TWO));
        assert_eq!(app.start(), Effect::Nothing);
        app.cursor = cell(8, 8);
        assert_eq!(app.handle(Key::Place), Effect::ComputerMove);
        assert_eq!(app.thinking, Some(Thinking::Move { depth: 0 }));
        assert_eq!(app.message, "Player 1 moves (8,8)");
        // The human cannot move for the computer.
        app.cursor = cell(7, 8);
        assert_eq!(app.handle(Key::Place), Effect::Nothing);
        assert_eq!(app.history.len(), 1);
        app.engine_progress(3);
        assert_eq!(app.thinking, Some(Thinking::Move { depth: 3 }));
        let reply = app.game.legal_moves().iter().next().unwrap();
        assert_eq!(app.engine_answer(reply), Effect::Nothing);
        assert_eq!(app.message, format!("Player 2 moves {}", coords(reply)));
        assert_eq!(app.history.len(), 2);
        assert_eq!(app.last_changes().unwrap()[0].cell, reply);
    }

    #[test]
    fn the_computer_moves_first_when_it_plays_player_one() {
        let mut app = App::new(Atom4::standard(), Some(Player::ONE));
        assert_eq!(app.start(), Effect::ComputerMove);
    }

    #[test]
    fn undo_takes_back_a_move_pair_against_the_computer() {
        let mut app = App::new(Atom4::standard(), Some(Player::TWO));
        let start = app.game;
        app.cursor = cell(8, 8);
        app.handle(Key::Place);
        let reply = app.game.legal_moves().iter().next().unwrap();
        app.engine_answer(reply);
        assert_eq!(app.handle(Key::Undo), Effect::Nothing);
        assert_eq!(app.game, start);
        assert!(app.history.is_empty());
        assert_eq!(app.message, "Took back 2 moves");
        assert_eq!(app.handle(Key::Undo), Effect::Nothing);
        assert_eq!(app.message, "Nothing to undo in this round");
    }

    #[test]
    fn undo_while_the_computer_thinks_cancels_it() {
        let mut app = App::new(Atom4::standard(), Some(Player::TWO));
        app.cursor = cell(8, 8);
        assert_eq!(app.handle(Key::Place), Effect::ComputerMove);
        assert_eq!(app.handle(Key::Undo), Effect::CancelEngine);
        assert_eq!(app.game, Atom4::standard());
        // A late answer for the cancelled request is ignored.
        assert_eq!(app.engine_answer(cell(7, 8)), Effect::Nothing);
        assert_eq!(app.game, Atom4::standard());
    }

    #[test]
    fn quitting_asks_first() {
        let mut app = App::new(Atom4::standard(), None);
        assert_eq!(app.handle(Key::Quit), Effect::Nothing);
        assert_eq!(app.message, "Really quit? (y/n)");
        assert_eq!(app.handle(Key::Next), Effect::Nothing);
        assert!(!app.confirm_quit);
        app.handle(Key::Quit);
        assert_eq!(app.handle(Key::Yes), Effect::Quit);
        assert_eq!(app.handle(Key::Interrupt), Effect::Quit);
    }

    #[test]
    fn a_hint_moves_the_cursor_and_enter_plays_it() {
        let mut app = App::new(Atom4::standard(), None);
        assert_eq!(app.handle(Key::Hint), Effect::Suggest);
        assert_eq!(app.handle(Key::Hint), Effect::Nothing);
        assert_eq!(app.engine_answer(cell(8, 8)), Effect::Nothing);
        assert_eq!(app.cursor, cell(8, 8));
        assert!(app.message.starts_with("Hint: (8,8)"));
        app.handle(Key::Place);
        assert_eq!(app.history.len(), 1);
    }

    #[test]
    fn a_round_ends_with_the_original_messages_and_n_starts_the_next() {
        let mut app = App::new(Atom4::new(6, 6).unwrap(), None);
        assert_eq!(app.handle(Key::Next), Effect::Nothing);
        assert_eq!(app.message, "The round is not over yet");
        while !app.game.is_over() {
            app.cursor = app.game.legal_moves().iter().next().unwrap();
            app.handle(Key::Place);
        }
        let ended = app.message.clone();
        assert!(
            ended.contains("WINS!!") || ended.starts_with("STALEMATE: no more moves left"),
            "{ended}"
        );
        app.handle(Key::Place);
        assert!(app.message.starts_with("The round is over"));
        app.handle(Key::Next);
        assert_eq!(app.game.round(), 2);
        assert!(app.history.is_empty());
        assert_eq!(app.message, "Player 2 to move");
    }
}
