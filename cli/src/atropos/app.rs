//! What the player's keys do to a game of Atropos: the whole interactive
//! logic, free of any terminal, so unit tests drive it directly.

use atom4_core::atropos::{Atropos, Circle, Color, IllegalMove, Move, Player};

/// A key press, already decoded from the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    /// `r`/`1`, `b`/`2`, `g`/`3`: colour the cursor's circle.
    Colour(Color),
    /// Enter or Space: play the hint when the cursor is on it.
    Place,
    /// `u`.
    Undo,
    /// `h`.
    Hint,
    /// `n`: a new game once one ends; "no" to the quit question.
    New,
    /// `q`.
    Quit,
    /// `y` (answers the quit question).
    Yes,
    /// Ctrl-C: quit at once.
    Interrupt,
    Other,
}

/// What the front end must do after a key or an engine answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Nothing,
    Quit,
    /// Ask the engine for the computer's move in this position.
    ComputerMove,
    /// Ask the engine for a suggestion for the human.
    Suggest,
    /// Stop whatever the engine is doing (its answer no longer applies).
    CancelEngine,
}

/// What the engine is working on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thinking {
    Move,
    Hint,
}

/// The state of an interactive game.
#[derive(Clone, Debug)]
pub struct App {
    pub game: Atropos,
    /// The position before each move made, to take moves back.
    pub history: Vec<Atropos>,
    /// Where the game (and a new one) starts.
    pub start: Atropos,
    pub cursor: Circle,
    /// The seat the computer plays, if any.
    pub computer: Option<Player>,
    pub message: String,
    pub confirm_quit: bool,
    /// A losing move asked for once: asking again plays it.
    pub confirm_loss: Option<Move>,
    /// The engine's last suggestion for this position.
    pub hint: Option<Move>,
    pub thinking: Option<Thinking>,
}

impl App {
    pub fn new(start: Atropos, computer: Option<Player>) -> App {
        let mut app = App {
            game: start,
            history: Vec::new(),
            start,
            cursor: first_legal(&start),
            computer,
            message: String::new(),
            confirm_quit: false,
            confirm_loss: None,
            hint: None,
            thinking: None,
        };
        app.message = app.turn_message();
        app
    }

    /// What the front end should do first: start the computer if it moves.
    pub fn start(&mut self) -> Effect {
        self.maybe_computer()
    }

    pub fn is_computer_turn(&self) -> bool {
        self.computer.is_some() && self.game.to_move() == self.computer
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
        if !matches!(key, Key::Colour(_)) {
            self.confirm_loss = None;
        }
        match key {
            Key::Up | Key::Down | Key::Left | Key::Right => {
                self.move_cursor(key);
                self.message = self.cursor_message();
                Effect::Nothing
            }
            Key::Colour(color) => self.colour_cursor(color),
            Key::Place => match self.hint {
                Some(hint) if hint.circle == self.cursor => self.play_human(hint),
                _ => {
                    self.message = "Press r, b or g (or 1, 2, 3) to colour the circle".into();
                    Effect::Nothing
                }
            },
            Key::Undo => self.undo(),
            Key::Hint => {
                if self.game.is_finished() || self.is_computer_turn() || self.thinking.is_some() {
                    return Effect::Nothing;
                }
                self.thinking = Some(Thinking::Hint);
                self.message = "Thinking about a hint...".into();
                Effect::Suggest
            }
            Key::New => {
                if !self.game.is_finished() {
                    self.message = "The game is not over yet (q quits)".into();
                    return Effect::Nothing;
                }
                let cancel = self.thinking.take().is_some();
                *self = App::new(self.start, self.computer);
                match self.maybe_computer() {
                    Effect::Nothing if cancel => Effect::CancelEngine,
                    effect => effect,
                }
            }
            Key::Quit => {
                self.confirm_quit = true;
                self.message = "Really quit? (y/n)".into();
                Effect::Nothing
            }
            Key::Yes | Key::Other | Key::Interrupt => Effect::Nothing,
        }
    }

    /// The engine's answer for the request it was given.
    pub fn engine_answer(&mut self, mv: Move) -> Effect {
        match self.thinking.take() {
            Some(Thinking::Move) if self.is_computer_turn() => {
                if let Err(e) = self.play(mv) {
                    // The engine only ever answers legal moves; say so if not.
                    self.message = format!("The engine chose an illegal move {mv}: {e}");
                    return Effect::Nothing;
                }
                self.maybe_computer()
            }
            Some(Thinking::Hint) if self.game.check(mv).is_ok() => {
                self.cursor = mv.circle;
                self.hint = Some(mv);
                self.message = format!(
                    "Hint: {mv}, {} (Enter plays it){}",
                    color_name(mv.color),
                    if self.game.is_losing(mv) {
                        "; every move loses here"
                    } else {
                        ""
                    }
                );
                Effect::Nothing
            }
            _ => Effect::Nothing,
        }
    }

    fn colour_cursor(&mut self, color: Color) -> Effect {
        let mv = Move::new(color, self.cursor);
        if self.game.is_finished() {
            self.message = self.turn_message();
            return Effect::Nothing;
        }
        if self.is_computer_turn() {
            self.message = "Wait: the computer is thinking".into();
            return Effect::Nothing;
        }
        if let Err(e) = self.game.check(mv) {
            self.message = format!("Illegal move {mv}: {e}");
            return Effect::Nothing;
        }
        if self.game.is_losing(mv) && self.confirm_loss != Some(mv) {
            self.confirm_loss = Some(mv);
            self.message = format!(
                "{} on {} completes a triangle: you would lose. Press {} again to play it",
                color_name(color),
                mv.circle,
                color_key(color)
            );
            return Effect::Nothing;
        }
        self.confirm_loss = None;
        self.play_human(mv)
    }

    fn play_human(&mut self, mv: Move) -> Effect {
        let cancel = self.thinking.take().is_some();
        match self.play(mv) {
            Ok(()) => match self.maybe_computer() {
                Effect::Nothing if cancel => Effect::CancelEngine,
                effect => effect,
            },
            Err(e) => {
                self.message = format!("Illegal move {mv}: {e}");
                if cancel {
                    Effect::CancelEngine
                } else {
                    Effect::Nothing
                }
            }
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let mover = self.game.to_move();
        let before = self.game;
        self.game.play(mv)?;
        self.history.push(before);
        self.hint = None;
        self.cursor = mv.circle;
        if !self.game.is_finished() && self.game.check(Move::new(Color::Red, self.cursor)).is_err()
        {
            // Keep the cursor on a circle the next move may use.
            self.cursor = nearest_legal(&self.game, mv.circle);
        }
        self.message = if self.game.is_finished() {
            self.turn_message()
        } else {
            format!(
                "Player {} coloured {} {}",
                mover.map_or(0, |p| p.number()),
                mv.circle,
                color_name(mv.color)
            )
        };
        Ok(())
    }

    fn maybe_computer(&mut self) -> Effect {
        if self.is_computer_turn() && !self.game.is_finished() {
            self.thinking = Some(Thinking::Move);
            Effect::ComputerMove
        } else {
            Effect::Nothing
        }
    }

    /// Takes back the last move, and the one before if that leaves the
    /// computer to move: back to the human's last decision.
    fn undo(&mut self) -> Effect {
        let cancelled = self.thinking.take().is_some();
        let mut undone = 0;
        while let Some(before) = self.history.pop() {
            self.cursor = self.game.last_play().map_or(self.cursor, |mv| mv.circle);
            self.game = before;
            undone += 1;
            if !self.is_computer_turn() {
                break;
            }
        }
        self.hint = None;
        self.message = match undone {
            0 => "Nothing to undo".into(),
            1 => "Took back one move".into(),
            n => format!("Took back {n} moves"),
        };
        match self.maybe_computer() {
            Effect::Nothing if cancelled => Effect::CancelEngine,
            effect => effect,
        }
    }

    fn move_cursor(&mut self, key: Key) {
        let size = self.game.size();
        let Circle { h, l, .. } = self.cursor;
        let (h, l) = (h as i32, l as i32);
        // Up goes up-right (or up-left), down goes down-left (or
        // down-right), so that up and down undo each other.
        let steps: &[(i32, i32)] = match key {
            Key::Up => &[(1, 0), (1, -1)],
            Key::Down => &[(-1, 0), (-1, 1)],
            Key::Left => &[(0, -1)],
            Key::Right => &[(0, 1)],
            _ => &[],
        };
        if let Some(c) = steps
            .iter()
            .find_map(|&(dh, dl)| size.interior(h + dh, l + dl))
        {
            self.cursor = c;
        }
    }

    /// Says whether the cursor's circle is legal, and which colours lose.
    pub fn cursor_message(&self) -> String {
        let c = self.cursor;
        if self.game.is_finished() {
            return self.turn_message();
        }
        match self.game.check(Move::new(Color::Red, c)) {
            Ok(()) => {
                let losing = self.game.losing_colors(c);
                if losing.is_empty() {
                    format!("{c}: legal, no colour loses here")
                } else {
                    let names: Vec<&str> = losing.iter().map(color_name).collect();
                    format!("{c}: legal; {} would lose", names.join(" and "))
                }
            }
            Err(e) => format!("{c}: {e}"),
        }
    }

    pub fn turn_message(&self) -> String {
        if self.game.is_finished() {
            let winner = self.game.winner().map_or(0, |p| p.number());
            let loser = 3 - winner;
            let how = self
                .game
                .last_play()
                .map_or(String::new(), |mv| format!(" at {}", mv.circle));
            return format!(
                "Player {winner} WINS: player {loser} completed a three-coloured triangle{how} (n: new game, q: quit)"
            );
        }
        match self.game.to_move() {
            Some(p) if Some(p) == self.computer => "The computer is thinking...".into(),
            Some(p) => format!("Player {} to move", p.number()),
            None => String::new(),
        }
    }
}

/// The colour's name.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Red => "red",
        Color::Blue => "blue",
        Color::Green => "green",
    }
}

fn color_key(color: Color) -> char {
    match color {
        Color::Red => 'r',
        Color::Blue => 'b',
        Color::Green => 'g',
    }
}

/// The first legal circle (or the first circle once the game is over).
fn first_legal(game: &Atropos) -> Circle {
    game.legal_circles()
        .first()
        .copied()
        .or_else(|| game.size().interior_circles().next())
        .unwrap_or(Circle::new(1, 1, 1))
}

/// The legal circle nearest `c` (by steps on the board).
fn nearest_legal(game: &Atropos, c: Circle) -> Circle {
    let distance = |x: Circle| {
        let (dh, dl) = (x.h as i32 - c.h as i32, x.l as i32 - c.l as i32);
        dh.abs().max(dl.abs()).max((dh + dl).abs())
    };
    game.legal_circles()
        .iter()
        .copied()
        .min_by_key(|&x| distance(x))
        .unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn arrows_stay_on_the_board_and_up_and_down_undo_each_other() {
        let mut app = App::new(Atropos::new(4).unwrap(), None);
        assert_eq!(app.cursor, Circle::new(1, 1, 4));
        for _ in 0..10 {
            app.handle(Key::Right);
        }
        assert_eq!(app.cursor, Circle::new(1, 4, 1));
        app.handle(Key::Up);
        assert_eq!(app.cursor, Circle::new(2, 3, 1));
        app.handle(Key::Down);
        assert_eq!(app.cursor, Circle::new(1, 3, 2));
        for _ in 0..10 {
            app.handle(Key::Up);
        }
        assert_eq!(app.cursor, Circle::new(4, 1, 1));
        assert!(app.message.contains("legal"), "{}", app.message);
    }

    #[test]
    fn colour_keys_play_and_losing_moves_need_confirming() {
        let mut app = App::new(Atropos::new(4).unwrap(), None);
        // (1,1,4) touches red and green: blue loses there.
        app.cursor = Circle::new(1, 1, 4);
        assert_eq!(app.handle(Key::Colour(Color::Blue)), Effect::Nothing);
        assert!(app.message.contains("you would lose"), "{}", app.message);
        assert!(app.history.is_empty());
        app.handle(Key::Colour(Color::Red));
        assert_eq!(app.history.len(), 1);
        assert_eq!(app.game.last_play(), Some(mv("(1,1,1,4)")));
        // Not next to the last play.
        app.cursor = Circle::new(4, 1, 1);
        app.handle(Key::Colour(Color::Red));
        assert!(app.message.starts_with("Illegal move"), "{}", app.message);
        // A losing move asked for twice is played, and the game ends.
        let mut app = App::new(Atropos::new(1).unwrap(), None);
        app.handle(Key::Colour(Color::Green));
        assert!(!app.game.is_finished());
        app.handle(Key::Colour(Color::Green));
        assert!(app.game.is_finished());
        assert!(app.message.starts_with("Player 2 WINS"), "{}", app.message);
        assert_eq!(app.handle(Key::New), Effect::Nothing);
        assert_eq!(app.game, Atropos::new(1).unwrap());
    }

    #[test]
    fn the_computer_answers_and_undo_takes_back_a_pair() {
        let mut app = App::new(Atropos::new(5).unwrap(), Some(Player::TWO));
        assert_eq!(app.start(), Effect::Nothing);
        app.cursor = Circle::new(3, 1, 3);
        assert_eq!(app.handle(Key::Colour(Color::Red)), Effect::ComputerMove);
        assert_eq!(app.thinking, Some(Thinking::Move));
        // The human cannot move for the computer.
        assert_eq!(app.handle(Key::Colour(Color::Red)), Effect::Nothing);
        let reply = app.game.safe_moves()[0];
        assert_eq!(app.engine_answer(reply), Effect::Nothing);
        assert_eq!(app.history.len(), 2);
        assert_eq!(app.handle(Key::Undo), Effect::Nothing);
        assert_eq!(app.game, Atropos::new(5).unwrap());
        assert_eq!(app.message, "Took back 2 moves");
        assert_eq!(app.handle(Key::Undo), Effect::Nothing);
        assert_eq!(app.message, "Nothing to undo");
    }

    #[test]
    fn the_computer_opens_when_it_plays_first_and_undo_cancels_it() {
        let mut app = App::new(Atropos::new(5).unwrap(), Some(Player::ONE));
        assert_eq!(app.start(), Effect::ComputerMove);
        let mut app = App::new(Atropos::new(5).unwrap(), Some(Player::TWO));
        app.cursor = Circle::new(3, 1, 3);
        app.handle(Key::Colour(Color::Red));
        assert_eq!(app.handle(Key::Undo), Effect::CancelEngine);
        // A late answer is dropped.
        assert_eq!(app.engine_answer(mv("(1,2,1,4)")), Effect::Nothing);
        assert_eq!(app.game, Atropos::new(5).unwrap());
    }

    #[test]
    fn a_hint_moves_the_cursor_and_enter_plays_it() {
        let mut app = App::new(Atropos::new(5).unwrap(), None);
        assert_eq!(app.handle(Key::Hint), Effect::Suggest);
        assert_eq!(app.handle(Key::Hint), Effect::Nothing);
        let hint = mv("(1,3,1,3)");
        app.engine_answer(hint);
        assert_eq!(app.cursor, hint.circle);
        assert!(
            app.message.starts_with("Hint: (1,3,1,3), red"),
            "{}",
            app.message
        );
        app.handle(Key::Place);
        assert_eq!(app.game.last_play(), Some(hint));
    }

    #[test]
    fn quitting_asks_first() {
        let mut app = App::new(Atropos::new(5).unwrap(), None);
        assert_eq!(app.handle(Key::Quit), Effect::Nothing);
        assert_eq!(app.message, "Really quit? (y/n)");
        assert_eq!(app.handle(Key::New), Effect::Nothing);
        assert!(!app.confirm_quit);
        app.handle(Key::Quit);
        assert_eq!(app.handle(Key::Yes), Effect::Quit);
        assert_eq!(app.handle(Key::Interrupt), Effect::Quit);
    }
}
