//! The skeleton of every game's terminal program: the keys every game
//! shares (u undo, h hint, s save, n next round or new game, q quit after
//! asking, Ctrl-C at once), the computer at the seats `--computer` names,
//! its engine and the hint's on a worker thread ([`engine`]), undo
//! through copies of the positions passed, chance's draws, and the saved
//! game ([`record`]) that remembers the setup, the seats and the moves.
//! [`run`] is the event loop over the terminal.
//!
//! A game plugs in a [`GameScreen`]: its drawing, its cursor, its own
//! keys and its words. A game without one is played on the [`generic`]
//! screen, drawn from the one interface's layout and spots.
//!
//! [`App`] is the whole interactive logic, free of any terminal, so that
//! unit tests drive it directly.

pub mod engine;
pub mod generic;
pub mod keys;
pub mod options;
pub mod run;

use std::io;
use std::time::Instant;

use atom4_core::game::{Player, Turn};
use atom4_core::registry::{AnyState, GameId};
use atom4_core::state::{Action, Setup};

// A saved game and the computer's seats: the match runner writes records too.
pub use atom4_arena::{record, seats};
pub use engine::{Choice, Engines, Query};
pub use keys::Key;
pub use record::{move_text, Record};
pub use seats::Seats;

/// A screen being drawn: the terminal's bytes, written at once.
pub type Frame = Vec<u8>;

/// What the engine is working on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The move of a computer's seat.
    Move,
    /// A suggestion for the person to move.
    Hint,
}

/// The engine at work, with the depth it reached so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub purpose: Purpose,
    pub depth: u8,
}

/// What the front end must do after a key, a tick or an engine answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Nothing,
    /// Leave the program.
    Quit,
    /// Ask the engine ([`App::query`]); whatever it did before no longer
    /// applies.
    Think(Purpose),
    /// Stop whatever the engine is doing (its answer no longer applies).
    Cancel,
    /// Write the game record ([`App::save`]).
    Save,
}

/// A move made: whose turn it was, its action, and the chance generator
/// as it was (so that taking it back draws the same again). Positions
/// are not kept (a position of any game is kilobytes): the one before a
/// move is the start replayed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub turn: Turn,
    pub action: Action,
    pub draws: u64,
}

impl Step {
    /// Whose move it was, if a player's (not chance's).
    pub fn player(&self) -> Option<Player> {
        match self.turn {
            Turn::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// `start` with `steps` played.
fn replay(start: &AnyState, steps: &[Step]) -> AnyState {
    let mut state = start.clone();
    for step in steps {
        // Every step was played once from the same start.
        let _ = state.play(step.action);
    }
    state
}

/// The game as every screen sees it.
#[derive(Clone, Debug)]
pub struct Table {
    pub state: AnyState,
    /// The moves of this game (or of this round), chance's draws included.
    pub history: Vec<Step>,
    /// Where this game (or this round) started: what a record keeps.
    pub start: AnyState,
    pub seats: Seats,
    pub message: String,
    pub confirm_quit: bool,
    pub thinking: Option<Thinking>,
    /// The chance generator's state: the next draw's.
    pub draws: u64,
    /// The computer's engine, for the panel.
    pub engine: String,
}

impl Table {
    /// Whether the computer plays `player`.
    pub fn is_computer(&self, player: Player) -> bool {
        self.seats.has(player)
    }

    /// The player to move, if it is a player's turn.
    pub fn to_move(&self) -> Option<Player> {
        match self.state.turn() {
            Turn::Player(p) => Some(p),
            _ => None,
        }
    }

    pub fn is_computer_turn(&self) -> bool {
        self.to_move().is_some_and(|p| self.is_computer(p))
    }

    /// The last player's move (chance's draws after it passed over): the
    /// position before it, and its action.
    pub fn last_move(&self) -> Option<(AnyState, Action)> {
        let i = self
            .history
            .iter()
            .rposition(|step| step.player().is_some())?;
        Some((
            replay(&self.start, &self.history[..i]),
            self.history[i].action,
        ))
    }

    /// How many players' moves were made (chance's draws not counted).
    pub fn moves_made(&self) -> usize {
        self.history
            .iter()
            .filter(|step| step.player().is_some())
            .count()
    }

    /// Whether the game is played in rounds and this one is over.
    pub fn has_next_round(&self) -> bool {
        self.state.is_over() && self.state.clone().next_round()
    }

    /// What `n` does once the game is over, for messages.
    pub fn next_help(&self) -> &'static str {
        if self.has_next_round() {
            "n: next round, q: quit"
        } else {
            "n: new game, q: quit"
        }
    }

    /// The game so far, as a record to save.
    pub fn record(&self) -> Record {
        Record {
            start: self.start.clone(),
            seats: Some(self.seats),
            draws: (self.start.chance_count() > 0).then_some(self.draws),
            moves: self.history.iter().map(|step| step.action).collect(),
            comments: Vec::new(),
        }
    }
}

/// What a screen makes of a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Not the screen's own: the keys every game shares apply.
    Pass,
    /// Taken, nothing more to do.
    Quiet,
    /// Taken: this is the new message.
    Say(String),
    /// The person to move plays this.
    Play(Action),
}

/// What a game's screen provides: what truly differs from one game to
/// another. Every method but [`GameScreen::size`] and
/// [`GameScreen::draw`] has a default that suits any game.
pub trait GameScreen {
    /// A new game of `id` set up so, and its chance generator (seeded
    /// `seed`): the registry's start, unless the game draws its own.
    fn start(&mut self, id: GameId, setup: &Setup, seed: u64) -> Result<(AnyState, u64), String> {
        let state = id.start(setup).map_err(|e| e.to_string())?;
        Ok((state, seed))
    }

    /// The columns the screen needs, and the row of its message line.
    fn size(&self, state: &AnyState) -> (u16, u16);

    /// The first line.
    fn title(&self, table: &Table) -> String {
        format!("atom4: {}", table.state.game().title())
    }

    /// Draws the board and the panel (the title and the message line are
    /// the skeleton's).
    fn draw(&self, out: &mut Frame, table: &Table) -> io::Result<()>;

    /// A key, before the keys every game shares: arrows, Enter and the
    /// game's own keys.
    fn key(&mut self, _key: Key, _table: &Table) -> Reply {
        Reply::Pass
    }

    /// A move was made (a person's or the computer's; chance's draws after
    /// it are made too): the message that says so.
    fn played(&mut self, table: &Table, before: &AnyState, action: Action) -> String {
        played_message(self, table, before, action)
    }

    /// The engine suggests `action`: the message (and the cursor on it).
    fn hint(&mut self, table: &Table, action: Action) -> String {
        format!(
            "Hint: {} (m, then Enter, plays it)",
            move_text(&table.state, action)
        )
    }

    /// The position was replaced: a move taken back (`undone`, the last
    /// person's move taken back), a new game or round, a game loaded.
    fn reset(&mut self, _table: &Table, _undone: Option<Action>) {}

    /// Time passes: whether the screen changed (a cascade's next wave).
    fn tick(&mut self, _now: Instant) -> bool {
        false
    }

    /// Whether the screen shows something the computer waits for (a
    /// cascade being drawn).
    fn busy(&self) -> bool {
        false
    }

    /// How a player is named.
    fn player_name(&self, player: Player) -> String {
        format!("Player {}", player.number())
    }

    /// What the message line says when nothing else happened.
    fn turn_message(&self, table: &Table) -> String {
        turn_message(self, table)
    }

    /// How the game ended.
    fn outcome(&self, table: &Table) -> String {
        outcome(self, table)
    }

    /// Chance's draw at a chance turn, from the generator `draws`.
    fn chance(&self, state: &AnyState, draws: &mut u64) -> Option<Action> {
        let mut rng = atom4_core::Rng::new(*draws);
        let action = state.draw_chance(&mut rng);
        *draws = rng.state();
        action
    }

    /// The next game once this one is over, if the game starts them its
    /// own way (else the first game's start again).
    fn new_game(&mut self, _table: &Table) -> Option<(AnyState, u64)> {
        None
    }
}

/// `Player 1 to move`, `Player 2 (computer) is thinking...`, or how the
/// game ended.
pub fn turn_message<S: GameScreen + ?Sized>(screen: &S, table: &Table) -> String {
    match table.state.turn() {
        Turn::Over => screen.outcome(table),
        Turn::Player(p) if table.is_computer(p) => {
            format!("{} (computer) is thinking...", screen.player_name(p))
        }
        Turn::Player(p) => format!("{} to move", screen.player_name(p)),
        Turn::Chance => "Chance draws...".into(),
    }
}

/// Who won (the best returns, alone), or a draw; a one-player game's
/// score.
pub fn outcome<S: GameScreen + ?Sized>(screen: &S, table: &Table) -> String {
    let state = &table.state;
    let returns: Vec<f64> = state.returns_all().collect();
    let said = match returns.as_slice() {
        [score] => format!("Game over: {score} points"),
        _ => {
            let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let winners: Vec<usize> = (0..returns.len()).filter(|&i| returns[i] == best).collect();
            match (winners.as_slice(), Player::new(winners[0])) {
                ([_], Some(p)) => format!("{} wins", screen.player_name(p)),
                _ => "A draw".into(),
            }
        }
    };
    format!("{said} ({})", table.next_help())
}

/// `Player 1 plays 1,1`, then whose move it is when a person's (`. Player
/// 2 to move`), or how the game ended.
pub fn played_message<S: GameScreen + ?Sized>(
    screen: &S,
    table: &Table,
    before: &AnyState,
    action: Action,
) -> String {
    match before.turn() {
        _ if table.state.is_over() => screen.turn_message(table),
        Turn::Player(p) => {
            let played = format!(
                "{} plays {}",
                screen.player_name(p),
                move_text(before, action)
            );
            match table.to_move() {
                Some(next) if !table.is_computer(next) => {
                    format!("{played}. {}", screen.turn_message(table))
                }
                _ => played,
            }
        }
        _ => screen.turn_message(table),
    }
}

/// How a game begins: its record (a start, perhaps moves), the seats the
/// computer plays, the engines, and the chance generator.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub record: Record,
    pub seats: Seats,
    pub engines: Engines,
    pub draws: u64,
}

impl Opening {
    /// A game from `start`, no move made yet, the computer at `seats`
    /// (chance's generator seeded 0).
    pub fn new(start: AnyState, seats: Seats, engines: Engines) -> Opening {
        Opening {
            record: Record::new(start),
            seats,
            engines,
            draws: 0,
        }
    }
}

/// The interactive game: the table and the game's screen.
pub struct App<S> {
    pub table: Table,
    pub screen: S,
    engines: Engines,
    /// The first game's start, for a new game.
    first: AnyState,
}

impl<S: GameScreen> App<S> {
    /// A game as `opening` describes it: its start, the saved moves
    /// replayed.
    pub fn new(screen: S, opening: Opening) -> App<S> {
        let Opening {
            record,
            seats,
            engines,
            draws,
        } = opening;
        let mut table = Table {
            state: record.start.clone(),
            history: Vec::with_capacity(record.moves.len()),
            start: record.start.clone(),
            seats,
            message: String::new(),
            confirm_quit: false,
            thinking: None,
            draws,
            engine: if seats.is_empty() {
                "none (people only)".into()
            } else {
                engines.label()
            },
        };
        for &action in &record.moves {
            let turn = table.state.turn();
            if table.state.play(action).is_ok() {
                table.history.push(Step {
                    turn,
                    action,
                    draws,
                });
            }
        }
        let mut app = App {
            first: record.start,
            table,
            screen,
            engines,
        };
        app.settle();
        app.screen.reset(&app.table, None);
        app.table.message = app.screen.turn_message(&app.table);
        app
    }

    /// What the front end should do first: start the computer if it moves.
    pub fn start(&mut self) -> Effect {
        self.maybe_computer()
    }

    /// What the worker is to think about for `purpose`.
    pub fn query(&self, purpose: Purpose) -> Query {
        let limits = match purpose {
            Purpose::Move => self.engines.computer,
            Purpose::Hint => self.engines.hint,
        };
        Query {
            state: self.table.state.clone(),
            limits: atom4_core::state::Limits {
                // Another seed each move, the same in every run.
                seed: limits.seed.wrapping_add(self.table.history.len() as u64),
                ..limits
            },
        }
    }

    /// The game so far, as a record to save.
    pub fn record(&self) -> Record {
        self.table.record()
    }

    /// Writes the record to `path`, and says so.
    pub fn save(&mut self, path: &str) {
        self.table.message = match std::fs::write(path, self.record().to_string()) {
            Ok(()) => format!("Saved to {path} (resume with --load {path})"),
            Err(e) => format!("Could not save to {path}: {e}"),
        };
    }

    pub fn handle(&mut self, key: Key) -> Effect {
        if key == Key::Interrupt {
            return Effect::Quit;
        }
        if self.table.confirm_quit {
            self.table.confirm_quit = false;
            if matches!(key, Key::Char('y' | 'q')) {
                return Effect::Quit;
            }
            self.table.message = self.screen.turn_message(&self.table);
            return Effect::Nothing;
        }
        let effect = match self.screen.key(key, &self.table) {
            Reply::Quiet => Effect::Nothing,
            Reply::Say(message) => {
                self.table.message = message;
                Effect::Nothing
            }
            Reply::Play(action) => self.person_moves(action),
            Reply::Pass => match key {
                Key::Char('q') | Key::Esc => {
                    self.table.confirm_quit = true;
                    self.table.message = "Really quit? (y/n)".into();
                    Effect::Nothing
                }
                Key::Char('u') => self.undo(),
                Key::Char('h') => self.ask_hint(),
                Key::Char('s') => Effect::Save,
                Key::Char('n') => self.next(),
                _ => Effect::Nothing,
            },
        };
        // A key may have ended what the computer waited for (a cascade).
        match effect {
            Effect::Nothing => self.maybe_computer(),
            effect => effect,
        }
    }

    /// Time passes: the screen's clock. Returns what to do, and whether
    /// the screen changed.
    pub fn tick(&mut self, now: Instant) -> (Effect, bool) {
        let changed = self.screen.tick(now);
        (self.maybe_computer(), changed)
    }

    /// The engine reached `depth`.
    pub fn engine_progress(&mut self, depth: u8) {
        if let Some(thinking) = &mut self.table.thinking {
            thinking.depth = depth;
        }
    }

    /// The engine's answer to the request it was given; an error when the
    /// computer's engine had no move (the program cannot go on).
    pub fn engine_answer(&mut self, choice: Choice) -> Result<Effect, String> {
        let Some(thinking) = self.table.thinking.take() else {
            return Ok(Effect::Nothing);
        };
        match thinking.purpose {
            Purpose::Move if self.table.is_computer_turn() => {
                let action = choice?;
                if let Err(e) = self.play(action) {
                    self.table.message = format!(
                        "The engine chose an illegal move {}: {e}",
                        move_text(&self.table.state, action)
                    );
                    return Ok(Effect::Nothing);
                }
                Ok(self.maybe_computer())
            }
            Purpose::Hint if !self.table.is_computer_turn() && !self.table.state.is_over() => {
                self.table.message = match choice {
                    Ok(action) => self.screen.hint(&self.table, action),
                    Err(why) => format!("No hint: {why}"),
                };
                Ok(Effect::Nothing)
            }
            _ => Ok(Effect::Nothing),
        }
    }

    /// The person to move plays `action`.
    fn person_moves(&mut self, action: Action) -> Effect {
        let table = &mut self.table;
        if table.state.is_over() {
            table.message = format!("The game is over ({})", table.next_help());
            return Effect::Nothing;
        }
        if table.is_computer_turn() {
            table.message = "Wait: the computer is thinking".into();
            return Effect::Nothing;
        }
        if let Err(e) = table.state.check(action) {
            table.message = format!("Illegal move {}: {e}", move_text(&table.state, action));
            return Effect::Nothing;
        }
        let cancelled = table.thinking.take().is_some();
        let _ = self.play(action);
        match self.maybe_computer() {
            Effect::Nothing if cancelled => Effect::Cancel,
            effect => effect,
        }
    }

    /// Plays `action` for the player to move, then chance's draws.
    fn play(&mut self, action: Action) -> Result<(), atom4_core::state::MoveError> {
        let before = self.table.state.clone();
        self.table.state.play(action)?;
        self.table.history.push(Step {
            turn: before.turn(),
            action,
            draws: self.table.draws,
        });
        self.settle();
        self.table.message = self.screen.played(&self.table, &before, action);
        Ok(())
    }

    /// Chance draws while it is its turn.
    fn settle(&mut self) {
        let table = &mut self.table;
        while table.state.turn() == Turn::Chance && table.history.len() < record::MAX_MOVES {
            let mut draws = table.draws;
            let Some(action) = self.screen.chance(&table.state, &mut draws) else {
                break;
            };
            if table.state.play(action).is_err() {
                break;
            }
            table.history.push(Step {
                turn: Turn::Chance,
                action,
                draws: table.draws,
            });
            table.draws = draws;
        }
    }

    fn maybe_computer(&mut self) -> Effect {
        let table = &mut self.table;
        if table.is_computer_turn() && table.thinking.is_none() && !self.screen.busy() {
            table.thinking = Some(Thinking {
                purpose: Purpose::Move,
                depth: 0,
            });
            Effect::Think(Purpose::Move)
        } else {
            Effect::Nothing
        }
    }

    fn ask_hint(&mut self) -> Effect {
        let table = &mut self.table;
        if table.state.is_over() || table.is_computer_turn() || table.thinking.is_some() {
            return Effect::Nothing;
        }
        table.thinking = Some(Thinking {
            purpose: Purpose::Hint,
            depth: 0,
        });
        table.message = "Thinking about a hint...".into();
        Effect::Think(Purpose::Hint)
    }

    /// Takes back moves to the last person's decision: their move, the
    /// computers' after it, and chance's draws between (when the computer
    /// plays every seat, one move).
    fn undo(&mut self) -> Effect {
        let table = &mut self.table;
        let cancelled = table.thinking.take().is_some();
        let all_computers = table.seats.all_of(table.state.players());
        let mut undone = 0;
        let mut last = None;
        if table.moves_made() > 0 {
            while let Some(step) = table.history.pop() {
                table.draws = step.draws;
                if let Some(p) = step.player() {
                    undone += 1;
                    last = Some(step.action);
                    if !table.is_computer(p) || all_computers {
                        break;
                    }
                }
            }
            table.state = replay(&table.start, &table.history);
        }
        self.table.message = match undone {
            0 => "Nothing to undo".into(),
            1 => "Took back a move".into(),
            n => format!("Took back {n} moves"),
        };
        if undone > 0 {
            self.screen.reset(&self.table, last);
        }
        match self.maybe_computer() {
            Effect::Nothing if cancelled => Effect::Cancel,
            effect => effect,
        }
    }

    /// The next round once one is over (Atom-4), else a new game.
    fn next(&mut self) -> Effect {
        let table = &mut self.table;
        if !table.state.is_over() {
            table.message = "The game is not over yet (q quits)".into();
            return Effect::Nothing;
        }
        let cancelled = table.thinking.take().is_some();
        let mut next = table.state.clone();
        if next.next_round() {
            table.start = next.clone();
            table.state = next;
        } else {
            let (start, draws) = self
                .screen
                .new_game(&self.table)
                .unwrap_or_else(|| (self.first.clone(), self.table.draws));
            self.table.start = start.clone();
            self.table.state = start;
            self.table.draws = draws;
        }
        self.table.history.clear();
        self.settle();
        self.screen.reset(&self.table, None);
        self.table.message = self.screen.turn_message(&self.table);
        match self.maybe_computer() {
            Effect::Nothing if cancelled => Effect::Cancel,
            effect => effect,
        }
    }
}
