//! What the keys do to a game of `atom4 chain play`: the whole interactive
//! logic, free of any terminal, so unit tests drive it directly.

use std::time::{Duration, Instant};

use atom4_core::chain::{letter, Board, Cascade, IllegalMove, Move, Position, Status};
use atom4_core::game::Player;
use atom4_core::Cell;

use super::options::Setup;
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
    /// `p`: pass (atoms).
    Pass,
    /// `q` or Esc.
    Quit,
    /// `y` (answers the quit question).
    Yes,
    /// `n`: a new game once this one is over; "no" to the quit question.
    New,
    /// `u`.
    Undo,
    /// `h`.
    Hint,
    /// `s`.
    Save,
    /// `a`: cascades wave by wave, or at once.
    Animation,
    /// Ctrl-C: quit at once.
    Interrupt,
    Other,
}

/// What the front end must do after a key, a tick or an engine answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Nothing,
    /// Leave the program.
    Quit,
    /// Ask the engine for the move of the computer's seat to move.
    ComputerMove,
    /// Ask the engine for a suggestion for the person to move.
    Suggest,
    /// Write the game record (see [`App::record`]).
    Save,
    /// Stop whatever the engine is doing (its answer no longer applies).
    CancelEngine,
}

/// Waiting for the engine: the computer's move or a hint, with the depth
/// reached so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thinking {
    Move { depth: u8 },
    Hint { depth: u8 },
}

/// A cascade being drawn: the board after the orb and after each wave.
#[derive(Clone, Debug)]
pub struct Animation {
    pub frames: Vec<Board>,
    /// The frame on screen.
    pub shown: usize,
    /// When the next frame is due.
    next_at: Instant,
    step: Duration,
}

/// The longest a cascade's drawing takes, however many waves it has.
const ANIMATION_TOTAL: Duration = Duration::from_millis(2500);
/// The slowest a wave is shown.
const WAVE_STEP: Duration = Duration::from_millis(180);

/// The state of an interactive game.
#[derive(Clone, Debug)]
pub struct App {
    pub position: Position,
    /// Each move with the position before it.
    pub history: Vec<(Move, Position)>,
    /// Where the game started (for saving and new games).
    pub start: Position,
    pub cursor: Cell,
    /// Bit i: the computer plays player i.
    pub computers: u8,
    pub message: String,
    pub confirm_quit: bool,
    pub thinking: Option<Thinking>,
    pub animation: Option<Animation>,
    /// Whether cascades are drawn wave by wave.
    pub animate: bool,
    /// The last move and what it set off.
    pub last: Option<(Move, Player, Cascade)>,
}

impl App {
    /// A game as `setup` describes it: its start, the saved moves replayed.
    pub fn new(setup: &Setup) -> App {
        let record = &setup.record;
        let mut app = App {
            position: record.start,
            history: Vec::new(),
            start: record.start,
            cursor: centre(&record.start),
            computers: setup.computers,
            message: String::new(),
            confirm_quit: false,
            thinking: None,
            animation: None,
            animate: setup.animate,
            last: None,
        };
        for &mv in &record.moves {
            let before = app.position;
            let mover = before.to_move().unwrap_or(Player::ONE);
            if let Ok(cascade) = app.position.play(mv) {
                app.history.push((mv, before));
                app.last = Some((mv, mover, cascade));
            }
        }
        app.message = app.turn_message();
        app
    }

    /// What the front end should do first: start the computer if it moves.
    pub fn start(&mut self) -> Effect {
        self.maybe_computer()
    }

    /// The game so far, as a record to save.
    pub fn record(&self) -> Record {
        Record {
            start: self.start,
            moves: self.history.iter().map(|&(mv, _)| mv).collect(),
        }
    }

    /// The board to draw: the cascade's frame on screen, or the position's.
    pub fn board(&self) -> &Board {
        match &self.animation {
            Some(a) => &a.frames[a.shown],
            None => self.position.board(),
        }
    }

    pub fn is_computer(&self, player: Player) -> bool {
        self.computers >> player.index() & 1 != 0
    }

    pub fn is_computer_turn(&self) -> bool {
        self.position.to_move().is_some_and(|p| self.is_computer(p))
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
        if self.animation.is_some() {
            // Any key shows the cascade's end at once; Enter and Space only
            // that (a person skipping must not place an orb by surprise),
            // the others then do what they do.
            let effect = self.finish_animation();
            if key == Key::Place || effect != Effect::Nothing {
                return effect;
            }
        }
        match key {
            Key::Up | Key::Down | Key::Left | Key::Right => {
                self.move_cursor(key);
                self.message = self.cursor_message();
                Effect::Nothing
            }
            Key::Place => self.human_move(Move::Place(self.cursor)),
            Key::Pass => self.human_move(Move::Pass),
            Key::Quit => {
                self.confirm_quit = true;
                self.message = "Really quit? (y/n)".into();
                Effect::Nothing
            }
            Key::New => self.new_game(),
            Key::Undo => self.undo(),
            Key::Hint => {
                if self.position.is_over() || self.is_computer_turn() || self.thinking.is_some() {
                    return Effect::Nothing;
                }
                self.thinking = Some(Thinking::Hint { depth: 0 });
                self.message = "Thinking about a hint...".into();
                Effect::Suggest
            }
            Key::Save => Effect::Save,
            Key::Animation => {
                self.animate = !self.animate;
                self.message = if self.animate {
                    "Cascades are drawn wave by wave (a: at once)".into()
                } else {
                    "Cascades are drawn at once (a: wave by wave)".into()
                };
                Effect::Nothing
            }
            Key::Yes | Key::Other | Key::Interrupt => Effect::Nothing,
        }
    }

    /// Time passes: the cascade on screen moves on a wave when due.
    /// Returns what to do, and whether the screen changed.
    pub fn tick(&mut self, now: Instant) -> (Effect, bool) {
        let Some(a) = &mut self.animation else {
            return (Effect::Nothing, false);
        };
        if now < a.next_at {
            return (Effect::Nothing, false);
        }
        a.shown += 1;
        a.next_at = now + a.step;
        if a.shown + 1 >= a.frames.len() {
            return (self.finish_animation(), true);
        }
        (Effect::Nothing, true)
    }

    /// The engine reached `depth`.
    pub fn engine_progress(&mut self, depth: u8) {
        match &mut self.thinking {
            Some(Thinking::Move { depth: d }) | Some(Thinking::Hint { depth: d }) => *d = depth,
            None => {}
        }
    }

    /// The engine's answer for the request it was given.
    pub fn engine_answer(&mut self, mv: Move) -> Effect {
        match self.thinking.take() {
            Some(Thinking::Move { .. }) if self.is_computer_turn() => match self.play(mv) {
                Ok(()) => self.after_move(),
                // The engine only ever answers legal moves; say so if not.
                Err(e) => {
                    self.message = format!("The engine chose an illegal move {mv}: {e}");
                    Effect::Nothing
                }
            },
            Some(Thinking::Hint { .. }) => {
                if let Move::Place(cell) = mv {
                    self.cursor = cell;
                }
                self.message = format!("Hint: {mv} (Enter plays it{})", pass_help(&self.position));
                Effect::Nothing
            }
            _ => Effect::Nothing,
        }
    }

    fn human_move(&mut self, mv: Move) -> Effect {
        if self.is_computer_turn() {
            self.message = "Wait: the computer is thinking".into();
            return Effect::Nothing;
        }
        let cancel_hint = self.thinking.take().is_some();
        let effect = match self.play(mv) {
            Ok(()) => self.after_move(),
            Err(e) => {
                self.message = match e {
                    IllegalMove::GameOver => "The game is over: n for a new game, q to quit".into(),
                    e => format!("Illegal move {mv}: {e}"),
                };
                Effect::Nothing
            }
        };
        match effect {
            Effect::Nothing if cancel_hint => Effect::CancelEngine,
            effect => effect,
        }
    }

    /// Plays `mv` for the player to move, keeping the cascade's frames to
    /// draw when animations are on.
    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let before = self.position;
        let mover = before.to_move().unwrap_or(Player::ONE);
        let mut frames = Vec::new();
        let animate = self.animate;
        let cascade = self.position.play_waves(mv, &mut |board| {
            if animate {
                frames.push(*board);
            }
        })?;
        self.history.push((mv, before));
        self.last = Some((mv, mover, cascade));
        if frames.len() > 1 {
            let step = (ANIMATION_TOTAL / frames.len() as u32).min(WAVE_STEP);
            self.animation = Some(Animation {
                frames,
                shown: 0,
                next_at: Instant::now() + step,
                step,
            });
        }
        self.message = if self.position.is_over() {
            self.turn_message()
        } else {
            let waves = match cascade.waves {
                0 => String::new(),
                1 => format!(": {} explosions in 1 wave", cascade.explosions),
                w => format!(": {} explosions in {w} waves", cascade.explosions),
            };
            let next = match self.position.to_move() {
                Some(p) if !self.is_computer(p) => format!(". {} to move", name(p)),
                _ => String::new(),
            };
            format!("{} plays {mv}{waves}{next}", name(mover))
        };
        Ok(())
    }

    /// After a move: the computer's turn, unless a cascade is being drawn
    /// (then after it).
    fn after_move(&mut self) -> Effect {
        if self.animation.is_some() {
            Effect::Nothing
        } else {
            self.maybe_computer()
        }
    }

    fn finish_animation(&mut self) -> Effect {
        self.animation = None;
        self.maybe_computer()
    }

    fn maybe_computer(&mut self) -> Effect {
        if self.is_computer_turn() && self.animation.is_none() && self.thinking.is_none() {
            self.thinking = Some(Thinking::Move { depth: 0 });
            Effect::ComputerMove
        } else {
            Effect::Nothing
        }
    }

    fn new_game(&mut self) -> Effect {
        if !self.position.is_over() {
            self.message = "The game is not over yet".into();
            return Effect::Nothing;
        }
        self.position = self.start;
        self.history.clear();
        self.last = None;
        self.cursor = centre(&self.start);
        self.message = self.turn_message();
        self.maybe_computer()
    }

    /// Takes back moves back to the last person's decision: their move
    /// and the computers' after it.
    fn undo(&mut self) -> Effect {
        let cancelled = self.thinking.take().is_some();
        self.animation = None;
        let mut undone = 0;
        while let Some((mv, before)) = self.history.pop() {
            self.position = before;
            if let Move::Place(cell) = mv {
                self.cursor = cell;
            }
            undone += 1;
            let person = before.to_move().is_some_and(|p| !self.is_computer(p));
            if person || self.computers == u8::MAX {
                break;
            }
        }
        self.last = None;
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
        let (x, y) = (self.cursor.x(), self.cursor.y());
        let board = self.position.board();
        let (w, h) = (board.width(), board.height());
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
        let c = self.cursor;
        match self.position.check_move(Move::Place(c)) {
            Ok(()) => format!("{},{}: legal", c.x(), c.y()),
            Err(IllegalMove::GameOver) => self.turn_message(),
            Err(e) => format!("{},{}: {e}", c.x(), c.y()),
        }
    }

    pub fn turn_message(&self) -> String {
        match self.position.status() {
            Status::Won(p) => format!("{} WINS! (n: new game, q: quit)", name(p)),
            Status::Drawn => "Drawn at the cap of 1000 waves (n: new game, q: quit)".into(),
            Status::Playing => match self.position.to_move() {
                Some(p) if self.is_computer(p) => format!("{} (computer) is thinking...", name(p)),
                Some(p) => format!("{} to move{}", name(p), pass_help(&self.position)),
                None => String::new(),
            },
        }
    }
}

/// `Player a`, as messages name players.
pub fn name(p: Player) -> String {
    format!("Player {}", letter(p))
}

/// The pass key's help, in atoms.
fn pass_help(position: &Position) -> &'static str {
    if position.rules() == atom4_core::chain::Rules::Atoms {
        ", p passes"
    } else {
        ""
    }
}

/// Where the cursor starts: the middle of the board.
fn centre(position: &Position) -> Cell {
    let b = position.board();
    Cell::new(b.width() / 2, b.height() / 2).unwrap_or(Cell::from_index(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use atom4_core::chain::Rules;

    fn setup(position: Position, computers: u8, animate: bool) -> Setup {
        Setup {
            record: Record::new(position),
            computers,
            time: Duration::from_millis(10),
            seed: Some(1),
            animate,
        }
    }

    fn cell(x: u8, y: u8) -> Cell {
        Cell::new(x, y).unwrap()
    }

    #[test]
    fn people_place_orbs_and_illegal_cells_are_explained() {
        let start: Position = "classic 2 1a1b./..1b/... a 2 - *".parse().unwrap();
        let mut app = App::new(&setup(start, 0, false));
        assert_eq!(app.cursor, cell(1, 1));
        assert_eq!(app.message, "Player a to move");
        app.handle(Key::Up);
        assert_eq!(app.message, "1,0: that cell holds another player's orbs");
        assert_eq!(app.handle(Key::Place), Effect::Nothing);
        assert!(
            app.message.starts_with("Illegal move 1,0"),
            "{}",
            app.message
        );
        assert!(app.history.is_empty());
        app.handle(Key::Left);
        app.handle(Key::Place);
        assert_eq!(
            app.message,
            "Player a plays 0,0: 1 explosions in 1 wave. Player b to move"
        );
        assert_eq!(app.position.to_string(), "classic 2 .2a./1a.1b/... b 3 - *");
        assert_eq!(app.handle(Key::Pass), Effect::Nothing);
        assert!(app.message.contains("no pass"), "{}", app.message);
    }

    #[test]
    fn computers_take_their_turns_and_undo_goes_back_to_the_person() {
        let start = Position::new(Rules::Classic, 3, 3, 3).unwrap();
        let mut app = App::new(&setup(start, 0b110, false));
        assert_eq!(app.start(), Effect::Nothing);
        app.cursor = cell(0, 0);
        assert_eq!(app.handle(Key::Place), Effect::ComputerMove);
        assert_eq!(app.message, "Player a plays 0,0");
        // People cannot move for the computer.
        assert_eq!(app.handle(Key::Place), Effect::Nothing);
        app.engine_progress(4);
        assert_eq!(app.thinking, Some(Thinking::Move { depth: 4 }));
        assert_eq!(
            app.engine_answer(Move::Place(cell(2, 2))),
            Effect::ComputerMove
        );
        assert_eq!(app.engine_answer(Move::Place(cell(2, 0))), Effect::Nothing);
        assert_eq!(app.position.to_move(), Some(Player::ONE));
        assert_eq!(app.handle(Key::Undo), Effect::Nothing);
        assert_eq!(app.message, "Took back 3 moves");
        assert_eq!(app.position, start);
        assert_eq!(app.handle(Key::Undo), Effect::Nothing);
        assert_eq!(app.message, "Nothing to undo");
        // Undo while the computer thinks cancels it; a late answer is dropped.
        app.handle(Key::Place);
        assert_eq!(app.handle(Key::Undo), Effect::CancelEngine);
        assert_eq!(app.engine_answer(Move::Place(cell(1, 1))), Effect::Nothing);
        assert_eq!(app.position, start);
    }

    #[test]
    fn cascades_are_drawn_wave_by_wave_and_a_key_skips() {
        let start: Position = "classic 2 1a2b./2b3b2b/1a2b. a 12 - *".parse().unwrap();
        let mut app = App::new(&setup(start, 0b10, true));
        app.cursor = cell(2, 2);
        // a's orb on the empty corner: no explosion, the computer's turn.
        assert_eq!(app.handle(Key::Place), Effect::ComputerMove);
        assert_eq!(app.engine_answer(Move::Place(cell(1, 1))), Effect::Nothing);
        let a = app.animation.as_ref().expect("a cascade to draw");
        assert_eq!(a.frames.len(), 3);
        assert_eq!(app.board().to_string(), "1a2b./2b4b2b/1a2b1a");
        let later = Instant::now() + Duration::from_secs(1);
        assert_eq!(app.tick(later), (Effect::Nothing, true));
        assert_eq!(app.board().to_string(), "1a3b./3b.3b/1a3b1a");
        assert_eq!(app.handle(Key::Place), Effect::Nothing);
        assert!(app.animation.is_none());
        assert_eq!(app.board(), app.position.board());
        assert!(app.message.contains("WINS"), "{}", app.message);
        assert_eq!(app.handle(Key::New), Effect::Nothing);
        assert_eq!(app.position, start);
        assert_eq!(app.handle(Key::Animation), Effect::Nothing);
        assert!(!app.animate);
    }

    #[test]
    fn hints_saving_and_quitting() {
        let start = Position::new(Rules::Atoms, 4, 4, 2).unwrap();
        let mut app = App::new(&setup(start, 0, false));
        assert_eq!(app.message, "Player a to move, p passes");
        assert_eq!(app.handle(Key::Hint), Effect::Suggest);
        assert_eq!(app.handle(Key::Hint), Effect::Nothing);
        assert_eq!(app.engine_answer(Move::Place(cell(3, 3))), Effect::Nothing);
        assert_eq!(app.cursor, cell(3, 3));
        assert_eq!(app.handle(Key::Place), Effect::Nothing);
        assert_eq!(app.handle(Key::Pass), Effect::Nothing);
        assert_eq!(app.record().moves, [Move::Place(cell(3, 3)), Move::Pass]);
        assert_eq!(app.handle(Key::Save), Effect::Save);
        assert_eq!(app.handle(Key::Quit), Effect::Nothing);
        assert_eq!(app.message, "Really quit? (y/n)");
        assert_eq!(app.handle(Key::New), Effect::Nothing);
        assert!(!app.confirm_quit);
        app.handle(Key::Quit);
        assert_eq!(app.handle(Key::Yes), Effect::Quit);
        assert_eq!(app.handle(Key::Interrupt), Effect::Quit);
        // A saved game resumes where it was.
        let resumed = App::new(&Setup {
            record: app.record(),
            ..setup(start, 0, false)
        });
        assert_eq!(resumed.position, app.position);
    }
}
