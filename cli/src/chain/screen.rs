//! Chain Reaction's screen in the skeleton: a cursor on the cells, Enter
//! places an orb, `p` passes (atoms), cascades drawn wave by wave (`a`
//! switches to at once; any key skips one, Enter and Space only skip),
//! players named by their letters.

use std::io;
use std::time::{Duration, Instant};

use atom4_core::chain::{letter, Board, Cascade, IllegalMove, Move, Position, Rules, Status};
use atom4_core::game::Player;
use atom4_core::registry::AnyState;
use atom4_core::search::PackedMove;
use atom4_core::state::Action;
use atom4_core::Cell;

use super::render;
use crate::app::{Frame, GameScreen, Key, Reply, Table};

/// The longest a cascade's drawing takes, however many waves it has.
const ANIMATION_TOTAL: Duration = Duration::from_millis(2500);
/// The slowest a wave is shown.
const WAVE_STEP: Duration = Duration::from_millis(180);

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

/// Chain Reaction's screen.
#[derive(Clone, Debug)]
pub struct ChainScreen {
    pub cursor: Cell,
    /// Whether cascades are drawn wave by wave.
    pub animate: bool,
    pub animation: Option<Animation>,
    /// The last move, who made it and what it set off.
    pub last: Option<(Move, Player, Cascade)>,
}

/// The position of a Chain Reaction screen's state.
pub fn chain(state: &AnyState) -> Option<&Position> {
    match state {
        AnyState::Chain(position) => Some(position),
        _ => None,
    }
}

/// `Player a`, as messages name players.
pub fn name(p: Player) -> String {
    format!("Player {}", letter(p))
}

/// The pass key's help, in atoms.
fn pass_help(position: &Position) -> &'static str {
    if position.rules() == Rules::Atoms {
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

fn action(mv: Move) -> Action {
    mv.to_bits().into()
}

fn move_of(action: Action) -> Move {
    Move::from_bits(action as u16)
}

impl ChainScreen {
    /// The screen, drawing cascades wave by wave when `animate`.
    pub fn new(animate: bool) -> ChainScreen {
        ChainScreen {
            cursor: Cell::from_index(0),
            animate,
            animation: None,
            last: None,
        }
    }

    /// The board to draw: the cascade's frame on screen, or the position's.
    pub fn board<'a>(&'a self, position: &'a Position) -> &'a Board {
        match &self.animation {
            Some(a) => &a.frames[a.shown],
            None => position.board(),
        }
    }

    /// A person's move: refused here with the rules' reason, or played.
    fn person(&self, position: &Position, mv: Move, table: &Table) -> Reply {
        match position.check_move(mv) {
            Err(e) if e != IllegalMove::GameOver && !table.is_computer_turn() => {
                Reply::Say(format!("Illegal move {mv}: {e}"))
            }
            _ => Reply::Play(action(mv)),
        }
    }

    fn move_cursor(&mut self, position: &Position, key: Key) {
        let board = position.board();
        let at = (self.cursor.x(), self.cursor.y());
        let (x, y) = key.step(at, (board.width(), board.height()));
        self.cursor = Cell::new(x, y).unwrap_or(self.cursor);
    }

    /// Says whether the cursor's cell is legal, and why not.
    fn cursor_message(&self, position: &Position, table: &Table) -> String {
        let c = self.cursor;
        match position.check_move(Move::Place(c)) {
            Ok(()) => format!("{},{}: legal", c.x(), c.y()),
            Err(IllegalMove::GameOver) => self.turn_message(table),
            Err(e) => format!("{},{}: {e}", c.x(), c.y()),
        }
    }
}

impl GameScreen for ChainScreen {
    fn size(&self, state: &AnyState) -> (u16, u16) {
        chain(state).map_or((80, 20), render::size)
    }

    fn title(&self, table: &Table) -> String {
        match chain(&table.state) {
            Some(p) => format!(
                "atom4: Chain Reaction ({}, {}x{}, {} players)",
                p.rules().name(),
                p.board().width(),
                p.board().height(),
                p.players()
            ),
            None => "atom4: Chain Reaction".into(),
        }
    }

    fn draw(&self, out: &mut Frame, table: &Table) -> io::Result<()> {
        // The state is always this game's: the skeleton starts no other.
        chain(&table.state).map_or(Ok(()), |position| render::draw(out, self, position, table))
    }

    fn key(&mut self, key: Key, table: &Table) -> Reply {
        let Some(position) = chain(&table.state) else {
            return Reply::Pass;
        };
        // Any key shows a cascade's end at once; Enter and Space only that
        // (a person skipping must not place an orb by surprise), the
        // others then do what they do.
        if self.animation.take().is_some() && key.is_place() {
            return Reply::Quiet;
        }
        match key {
            _ if key.is_arrow() => {
                self.move_cursor(position, key);
                Reply::Say(self.cursor_message(position, table))
            }
            _ if key.is_place() => self.person(position, Move::Place(self.cursor), table),
            Key::Char('p') => self.person(position, Move::Pass, table),
            Key::Char('a') => {
                self.animate = !self.animate;
                Reply::Say(if self.animate {
                    "Cascades are drawn wave by wave (a: at once)".into()
                } else {
                    "Cascades are drawn at once (a: wave by wave)".into()
                })
            }
            _ => Reply::Pass,
        }
    }

    fn played(&mut self, table: &Table, before: &AnyState, action: Action) -> String {
        let (Some(before), Some(after)) = (chain(before), chain(&table.state)) else {
            return self.turn_message(table);
        };
        let mv = move_of(action);
        let mover = before.to_move().unwrap_or(Player::ONE);
        let mut frames = Vec::new();
        let animate = self.animate;
        let Ok(cascade) = before.clone().play_waves(mv, &mut |board| {
            if animate {
                frames.push(*board);
            }
        }) else {
            return self.turn_message(table);
        };
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
        if after.is_over() {
            return self.turn_message(table);
        }
        let waves = match cascade.waves {
            0 => String::new(),
            1 => format!(": {} explosions in 1 wave", cascade.explosions),
            w => format!(": {} explosions in {w} waves", cascade.explosions),
        };
        let next = match after.to_move() {
            Some(p) if !table.is_computer(p) => format!(". {} to move", name(p)),
            _ => String::new(),
        };
        format!("{} plays {mv}{waves}{next}", name(mover))
    }

    fn hint(&mut self, table: &Table, action: Action) -> String {
        let mv = move_of(action);
        if let Move::Place(cell) = mv {
            self.cursor = cell;
        }
        let pass = chain(&table.state).map_or("", pass_help);
        format!("Hint: {mv} (Enter plays it{pass})")
    }

    fn reset(&mut self, table: &Table, undone: Option<Action>) {
        self.animation = None;
        self.last = table.last_move().and_then(|(before, action)| {
            let mut position = *chain(&before)?;
            let mover = position.to_move()?;
            let mv = move_of(action);
            Some((mv, mover, position.play(mv).ok()?))
        });
        self.cursor = match (undone.map(move_of), chain(&table.state)) {
            (Some(Move::Place(cell)), _) => cell,
            (Some(Move::Pass), _) => self.cursor,
            (None, Some(position)) => centre(position),
            (None, None) => self.cursor,
        };
    }

    fn tick(&mut self, now: Instant) -> bool {
        let Some(a) = &mut self.animation else {
            return false;
        };
        if now < a.next_at {
            return false;
        }
        a.shown += 1;
        a.next_at = now + a.step;
        if a.shown + 1 >= a.frames.len() {
            self.animation = None;
        }
        true
    }

    fn busy(&self) -> bool {
        self.animation.is_some()
    }

    fn player_name(&self, player: Player) -> String {
        name(player)
    }

    fn turn_message(&self, table: &Table) -> String {
        let said = crate::app::turn_message(self, table);
        match (chain(&table.state), table.to_move()) {
            (Some(p), Some(player)) if !table.is_computer(player) => {
                format!("{said}{}", pass_help(p))
            }
            _ => said,
        }
    }

    fn outcome(&self, table: &Table) -> String {
        let said = match chain(&table.state).map(Position::status) {
            Some(Status::Won(p)) => format!("{} WINS!", name(p)),
            _ => "Drawn at the cap of 1000 waves".into(),
        };
        format!("{said} ({})", table.next_help())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::record::Record;
    use crate::app::{App, Effect, Engines, Opening, Purpose};

    fn app(start: &str, seats: &str, animate: bool) -> App<ChainScreen> {
        let position: Position = start.parse().unwrap();
        let seats = seats.parse().unwrap();
        let opening = Opening::new(AnyState::Chain(position), seats, Engines::strong(10, 1));
        App::new(ChainScreen::new(animate), opening)
    }

    fn position(app: &App<ChainScreen>) -> Position {
        *chain(&app.table.state).unwrap()
    }

    fn cell(x: u8, y: u8) -> Cell {
        Cell::new(x, y).unwrap()
    }

    fn play(mv: &str) -> Result<Action, String> {
        Ok(action(mv.parse().unwrap()))
    }

    #[test]
    fn people_place_orbs_and_illegal_cells_are_explained() {
        let mut app = app("classic 2 1a1b./..1b/... a 2 - *", "none", false);
        assert_eq!(app.screen.cursor, cell(1, 1));
        assert_eq!(app.table.message, "Player a to move");
        app.handle(Key::Up);
        assert_eq!(
            app.table.message,
            "1,0: that cell holds another player's orbs"
        );
        assert_eq!(app.handle(Key::Enter), Effect::Nothing);
        assert!(
            app.table.message.starts_with("Illegal move 1,0"),
            "{}",
            app.table.message
        );
        assert!(app.table.history.is_empty());
        app.handle(Key::Left);
        app.handle(Key::Enter);
        assert_eq!(
            app.table.message,
            "Player a plays 0,0: 1 explosions in 1 wave. Player b to move"
        );
        assert_eq!(
            position(&app).to_string(),
            "classic 2 .2a./1a.1b/... b 3 - *"
        );
        app.handle(Key::Char('p'));
        assert!(
            app.table.message.contains("no pass"),
            "{}",
            app.table.message
        );
    }

    #[test]
    fn computers_take_their_turns_and_undo_goes_back_to_the_person() {
        let mut app = app("classic 3 .../.../... a 0 - *", "2,3", false);
        let start = position(&app);
        assert_eq!(app.start(), Effect::Nothing);
        app.screen.cursor = cell(0, 0);
        assert_eq!(app.handle(Key::Enter), Effect::Think(Purpose::Move));
        assert_eq!(app.table.message, "Player a plays 0,0");
        // People cannot move for the computer.
        app.handle(Key::Enter);
        assert_eq!(app.table.message, "Wait: the computer is thinking");
        assert_eq!(
            app.engine_answer(play("2,2")),
            Ok(Effect::Think(Purpose::Move))
        );
        assert_eq!(app.engine_answer(play("2,0")), Ok(Effect::Nothing));
        assert_eq!(position(&app).to_move(), Some(Player::ONE));
        assert_eq!(app.handle(Key::Char('u')), Effect::Nothing);
        assert_eq!(app.table.message, "Took back 3 moves");
        assert_eq!(position(&app), start);
        assert_eq!(app.handle(Key::Char('u')), Effect::Nothing);
        assert_eq!(app.table.message, "Nothing to undo");
        // Undo while the computer thinks cancels it; a late answer is dropped.
        app.handle(Key::Enter);
        assert_eq!(app.handle(Key::Char('u')), Effect::Cancel);
        assert_eq!(app.engine_answer(play("1,1")), Ok(Effect::Nothing));
        assert_eq!(position(&app), start);
    }

    #[test]
    fn cascades_are_drawn_wave_by_wave_and_a_key_skips() {
        let mut app = app("classic 2 1a2b./2b3b2b/1a2b. a 12 - *", "2", true);
        let start = position(&app);
        app.screen.cursor = cell(2, 2);
        // a's orb on the empty corner: no explosion, the computer's turn.
        assert_eq!(app.handle(Key::Enter), Effect::Think(Purpose::Move));
        assert_eq!(app.engine_answer(play("1,1")), Ok(Effect::Nothing));
        let a = app.screen.animation.as_ref().expect("a cascade to draw");
        assert_eq!(a.frames.len(), 3);
        assert!(app.screen.busy());
        assert_eq!(
            app.screen.board(&position(&app)).to_string(),
            "1a2b./2b4b2b/1a2b1a"
        );
        let later = Instant::now() + Duration::from_secs(1);
        assert_eq!(app.tick(later), (Effect::Nothing, true));
        assert_eq!(
            app.screen.board(&position(&app)).to_string(),
            "1a3b./3b.3b/1a3b1a"
        );
        assert_eq!(app.handle(Key::Enter), Effect::Nothing);
        assert!(app.screen.animation.is_none());
        assert!(app.table.message.contains("WINS"), "{}", app.table.message);
        let (mv, mover, cascade) = app.screen.last.unwrap();
        assert_eq!(
            (mv.to_string(), mover, cascade.waves),
            ("1,1".into(), Player::TWO, 2)
        );
        assert_eq!(app.handle(Key::Char('n')), Effect::Nothing);
        assert_eq!(position(&app), start);
        assert_eq!(app.handle(Key::Char('a')), Effect::Nothing);
        assert!(!app.screen.animate);
    }

    #[test]
    fn a_cascade_being_drawn_keeps_the_computer_waiting() {
        // b's orb at 0,0 explodes; the computer (a) moves once it is drawn.
        let mut app = app("classic 2 1b../.../..1a b 3 - *", "1", true);
        app.screen.cursor = cell(0, 0);
        assert_eq!(app.handle(Key::Enter), Effect::Nothing);
        assert!(app.screen.busy());
        let later = Instant::now() + Duration::from_secs(10);
        while app.screen.busy() {
            let (effect, _) = app.tick(later);
            if !app.screen.busy() {
                assert_eq!(effect, Effect::Think(Purpose::Move));
            }
        }
    }

    #[test]
    fn hints_saving_and_quitting() {
        let mut app = app("atoms 2 ..../..../..../.... a 0 - *", "none", false);
        assert_eq!(app.table.message, "Player a to move, p passes");
        assert_eq!(app.handle(Key::Char('h')), Effect::Think(Purpose::Hint));
        assert_eq!(app.handle(Key::Char('h')), Effect::Nothing);
        assert_eq!(app.engine_answer(play("3,3")), Ok(Effect::Nothing));
        assert_eq!(app.screen.cursor, cell(3, 3));
        assert_eq!(app.handle(Key::Enter), Effect::Nothing);
        assert_eq!(app.handle(Key::Char('p')), Effect::Nothing);
        let record = app.record();
        assert_eq!(record.moves.len(), 2);
        assert_eq!(app.handle(Key::Char('s')), Effect::Save);
        assert_eq!(app.handle(Key::Char('q')), Effect::Nothing);
        assert_eq!(app.table.message, "Really quit? (y/n)");
        assert_eq!(app.handle(Key::Char('n')), Effect::Nothing);
        assert!(!app.table.confirm_quit);
        app.handle(Key::Char('q'));
        assert_eq!(app.handle(Key::Char('y')), Effect::Quit);
        assert_eq!(app.handle(Key::Interrupt), Effect::Quit);
        // A saved game resumes where it was, with its seats and last move.
        let saved = Record::parse(&record.to_string()).unwrap();
        let resumed = App::new(
            ChainScreen::new(false),
            Opening {
                seats: saved.seats.unwrap(),
                record: saved,
                engines: Engines::strong(10, 1),
                draws: 0,
            },
        );
        assert_eq!(resumed.table.state, app.table.state);
        assert_eq!(resumed.table.history, app.table.history);
        assert_eq!(resumed.screen.last.map(|l| l.0), Some(Move::Pass));
    }
}
