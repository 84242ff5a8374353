//! Atom-4's screen in the skeleton: the original's board and panel, a
//! cursor on the cells (starting at (W/2, H/2) as atom4 4.1's text mode),
//! Enter places the tile there, the last move's changes marked, the
//! original's words (`Player 2 moves (3,4)`, `Player 1 WINS!!`), and `n`
//! the next round.

use std::io;

use atom4_core::atom4::{Atom4, Changes, IllegalMove, Status};
use atom4_core::registry::AnyState;
use atom4_core::state::Action;
use atom4_core::Cell;

use super::render;
use crate::app::{Frame, GameScreen, Key, Reply, Table};

/// Atom-4's screen: the cursor and the last move's changes.
#[derive(Clone, Debug)]
pub struct Atom4Screen {
    pub cursor: Cell,
    pub changes: Option<Changes>,
}

/// The game of an Atom-4 screen's state.
fn atom4(state: &AnyState) -> Option<&Atom4> {
    match state {
        AnyState::Atom4(game) => Some(game),
        _ => None,
    }
}

/// The cell of an action.
fn cell(action: Action) -> Cell {
    Cell::from_index(action as u8)
}

/// What the move `action` from `before` changed.
fn changes_of(before: &AnyState, action: Action) -> Option<Changes> {
    let mut game = *atom4(before)?;
    game.play(cell(action)).ok()
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

impl Atom4Screen {
    pub fn new() -> Atom4Screen {
        Atom4Screen {
            cursor: Cell::from_index(0),
            changes: None,
        }
    }

    fn move_cursor(&mut self, game: &Atom4, key: Key) {
        let at = (self.cursor.x(), self.cursor.y());
        let (x, y) = key.step(at, (game.width(), game.height()));
        self.cursor = Cell::new(x, y).unwrap_or(self.cursor);
    }
}

impl Default for Atom4Screen {
    fn default() -> Atom4Screen {
        Atom4Screen::new()
    }
}

impl GameScreen for Atom4Screen {
    fn size(&self, state: &AnyState) -> (u16, u16) {
        atom4(state).map_or((80, 20), render::size)
    }

    fn title(&self, _table: &Table) -> String {
        "atom4: Atom-4".into()
    }

    fn draw(&self, out: &mut Frame, table: &Table) -> io::Result<()> {
        let Some(game) = atom4(&table.state) else {
            return Ok(());
        };
        render::draw_board(out, game, self.cursor, self.changes.as_ref())?;
        render::draw_panel(out, game, table)
    }

    fn key(&mut self, key: Key, table: &Table) -> Reply {
        let Some(game) = atom4(&table.state) else {
            return Reply::Pass;
        };
        let at = coords(self.cursor);
        if key.is_arrow() {
            self.move_cursor(game, key);
            let at = coords(self.cursor);
            return Reply::Say(match game.check_move(self.cursor) {
                Ok(()) => format!("{at}: legal"),
                Err(IllegalMove::RoundOver) => self.turn_message(table),
                Err(e) => format!("{at}: {e}"),
            });
        }
        if !key.is_place() {
            return Reply::Pass;
        }
        match game.check_move(self.cursor) {
            Err(IllegalMove::RoundOver) => {
                Reply::Say("The round is over: press n for the next round".into())
            }
            Err(e) if !table.is_computer_turn() => Reply::Say(format!("Illegal move at {at}: {e}")),
            _ => Reply::Play(u32::from(self.cursor.index())),
        }
    }

    fn played(&mut self, table: &Table, before: &AnyState, action: Action) -> String {
        let placed = cell(action);
        self.changes = changes_of(before, action);
        match atom4(before).map(Atom4::side_to_move) {
            Some(mover) if !table.state.is_over() => {
                format!("Player {} moves {}", mover.number(), coords(placed))
            }
            _ => self.turn_message(table),
        }
    }

    fn hint(&mut self, _table: &Table, action: Action) -> String {
        self.cursor = cell(action);
        format!("Hint: {} (press Enter to play it)", coords(self.cursor))
    }

    fn reset(&mut self, table: &Table, undone: Option<Action>) {
        self.changes = table
            .last_move()
            .and_then(|(before, action)| changes_of(&before, action));
        self.cursor = match (undone, atom4(&table.state)) {
            (Some(action), _) => cell(action),
            (None, Some(game)) => centre(game),
            (None, None) => self.cursor,
        };
    }

    fn outcome(&self, table: &Table) -> String {
        let said = match atom4(&table.state).map(Atom4::status) {
            Some(Status::Won(p)) => format!("Player {} WINS!!", p.number()),
            _ => "STALEMATE: no more moves left".into(),
        };
        format!("{said} ({})", table.next_help())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{App, Effect, Engines, Opening, Purpose, Seats};
    use atom4_core::game::Player;

    fn app(width: u8, height: u8, seats: &str) -> App<Atom4Screen> {
        let game = Atom4::new(width, height).unwrap();
        let seats = seats.parse().unwrap();
        let opening = Opening::new(AnyState::Atom4(game), seats, Engines::strong(10, 1));
        App::new(Atom4Screen::new(), opening)
    }

    fn game(app: &App<Atom4Screen>) -> Atom4 {
        *atom4(&app.table.state).unwrap()
    }

    fn at(x: u8, y: u8) -> Cell {
        Cell::new(x, y).unwrap()
    }

    #[test]
    fn arrows_move_the_cursor_within_the_board_and_say_why_a_cell_is_illegal() {
        // The cursor starts at (W/2, H/2), as in atom4 4.1's textui.cc.
        let mut app = app(6, 6, "none");
        assert_eq!(app.screen.cursor, at(3, 3));
        assert_eq!(app.table.message, "Player 1 to move");
        for _ in 0..10 {
            app.handle(Key::Left);
        }
        assert_eq!(app.screen.cursor, at(0, 3));
        assert!(
            app.table.message.contains("two occupied neighbours"),
            "{}",
            app.table.message
        );
        for _ in 0..10 {
            app.handle(Key::Up);
        }
        assert_eq!(app.screen.cursor, at(0, 0));
        app.handle(Key::Enter);
        assert!(
            app.table.message.starts_with("Illegal move at (0,0)"),
            "{}",
            app.table.message
        );
        assert!(app.table.history.is_empty());
    }

    #[test]
    fn placing_hands_over_to_the_computer_and_undo_takes_back_the_pair() {
        let mut app = app(16, 16, "2");
        let start = game(&app);
        assert_eq!(app.start(), Effect::Nothing);
        app.screen.cursor = at(8, 8);
        assert_eq!(app.handle(Key::Enter), Effect::Think(Purpose::Move));
        assert_eq!(app.table.message, "Player 1 moves (8,8)");
        // The person cannot move for the computer.
        app.screen.cursor = at(7, 8);
        app.handle(Key::Char(' '));
        assert_eq!(app.table.message, "Wait: the computer is thinking");
        app.engine_progress(3);
        assert_eq!(app.table.thinking.unwrap().depth, 3);
        let reply = game(&app).legal_moves().iter().next().unwrap();
        assert_eq!(
            app.engine_answer(Ok(reply.index().into())),
            Ok(Effect::Nothing)
        );
        assert_eq!(
            app.table.message,
            format!("Player 2 moves {}", coords(reply))
        );
        assert_eq!(app.screen.changes.unwrap()[0].cell, reply);
        assert_eq!(app.handle(Key::Char('u')), Effect::Nothing);
        assert_eq!(game(&app), start);
        assert_eq!(app.table.message, "Took back 2 moves");
        assert_eq!(app.screen.cursor, at(8, 8));
        assert_eq!(app.handle(Key::Char('u')), Effect::Nothing);
        assert_eq!(app.table.message, "Nothing to undo");
        // Undo while the computer thinks cancels it; a late answer is dropped.
        app.handle(Key::Enter);
        assert_eq!(app.handle(Key::Char('u')), Effect::Cancel);
        assert_eq!(app.engine_answer(Ok(0)), Ok(Effect::Nothing));
        assert_eq!(game(&app), start);
    }

    #[test]
    fn the_computer_moves_first_when_it_plays_player_one() {
        let mut app = app(16, 16, "1");
        assert_eq!(app.start(), Effect::Think(Purpose::Move));
        assert!(app.table.is_computer(Player::ONE));
    }

    #[test]
    fn quitting_asks_first() {
        let mut app = app(6, 6, "none");
        assert_eq!(app.handle(Key::Char('q')), Effect::Nothing);
        assert_eq!(app.table.message, "Really quit? (y/n)");
        assert_eq!(app.handle(Key::Char('n')), Effect::Nothing);
        assert!(!app.table.confirm_quit);
        assert_eq!(app.table.message, "Player 1 to move");
        app.handle(Key::Esc);
        assert_eq!(app.handle(Key::Char('y')), Effect::Quit);
        assert_eq!(app.handle(Key::Interrupt), Effect::Quit);
    }

    #[test]
    fn a_hint_moves_the_cursor_and_enter_plays_it() {
        let mut app = app(16, 16, "none");
        assert_eq!(app.handle(Key::Char('h')), Effect::Think(Purpose::Hint));
        assert_eq!(app.handle(Key::Char('h')), Effect::Nothing);
        assert_eq!(
            app.engine_answer(Ok(at(8, 8).index().into())),
            Ok(Effect::Nothing)
        );
        assert_eq!(app.screen.cursor, at(8, 8));
        assert!(app.table.message.starts_with("Hint: (8,8)"));
        app.handle(Key::Enter);
        assert_eq!(app.table.history.len(), 1);
    }

    #[test]
    fn a_round_ends_with_the_original_messages_and_n_starts_the_next() {
        let mut app = app(6, 6, "none");
        assert_eq!(app.handle(Key::Char('n')), Effect::Nothing);
        assert_eq!(app.table.message, "The game is not over yet (q quits)");
        while !app.table.state.is_over() {
            app.screen.cursor = game(&app).legal_moves().iter().next().unwrap();
            app.handle(Key::Enter);
        }
        let ended = app.table.message.clone();
        assert!(
            ended.ends_with("WINS!! (n: next round, q: quit)")
                || ended == "STALEMATE: no more moves left (n: next round, q: quit)",
            "{ended}"
        );
        app.handle(Key::Enter);
        assert!(app.table.message.starts_with("The round is over"));
        app.handle(Key::Char('n'));
        assert_eq!(game(&app).round(), 2);
        assert!(app.table.history.is_empty());
        assert_eq!(app.table.message, "Player 2 to move");
        // The record starts at the round's start.
        assert_eq!(app.record().start, app.table.state);
        assert_eq!(app.record().seats, Some(Seats::NONE));
    }
}
