//! Atropos's screen in the skeleton: a cursor on the triangle's circles
//! (up and down undo each other), the colour keys `r`, `b`, `g` (or `1`,
//! `2`, `3`) colour the cursor's circle, a move that loses is asked twice,
//! Enter plays the hint.

use std::io;

use atom4_core::atropos::{Atropos, Circle, Color, Move};
use atom4_core::game::Turn;
use atom4_core::registry::AnyState;
use atom4_core::state::Action;

use super::render;
use crate::app::{move_text, Frame, GameScreen, Key, Reply, Table};

/// Atropos's screen.
#[derive(Clone, Debug)]
pub struct AtroposScreen {
    pub cursor: Circle,
    /// A losing move asked for once: asking again plays it.
    pub confirm_loss: Option<Move>,
    /// The engine's suggestion for this position.
    pub hint: Option<Move>,
}

/// The game of an Atropos screen's state.
pub fn atropos(state: &AnyState) -> Option<&Atropos> {
    match state {
        AnyState::Atropos(game) => Some(game),
        _ => None,
    }
}

/// The move of `action` in `state`.
fn move_of(state: &AnyState, action: Action) -> Option<Move> {
    move_text(state, action).parse().ok()
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

impl AtroposScreen {
    pub fn new() -> AtroposScreen {
        AtroposScreen {
            cursor: Circle::new(1, 1, 1),
            confirm_loss: None,
            hint: None,
        }
    }

    fn move_cursor(&mut self, game: &Atropos, key: Key) {
        let Circle { h, l, .. } = self.cursor;
        let (h, l) = (h as i32, l as i32);
        // Up goes up-right (or up-left), down goes down-left (or
        // down-right), so that up and down undo each other.
        let steps: &[(i32, i32)] = match key {
            Key::Up => &[(1, 0), (1, -1)],
            Key::Down => &[(-1, 0), (-1, 1)],
            Key::Left => &[(0, -1)],
            _ => &[(0, 1)],
        };
        if let Some(c) = steps
            .iter()
            .find_map(|&(dh, dl)| game.size().interior(h + dh, l + dl))
        {
            self.cursor = c;
        }
    }

    /// Says whether the cursor's circle is legal, and which colours lose.
    fn cursor_message(&self, game: &Atropos, table: &Table) -> String {
        let c = self.cursor;
        if game.is_finished() {
            return self.turn_message(table);
        }
        match game.check(Move::new(Color::Red, c)) {
            Ok(()) => {
                let losing = game.losing_colors(c);
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

    /// A colour key: the cursor's circle in `color`, asked twice if it
    /// loses.
    fn colour(&mut self, game: &Atropos, color: Color, table: &Table) -> Reply {
        let mv = Move::new(color, self.cursor);
        let play = |mv: Move| match table.state.parse_move(&mv.to_string()) {
            Ok(action) => Reply::Play(action),
            Err(e) => Reply::Say(e.to_string()),
        };
        if game.is_finished() || table.is_computer_turn() {
            return play(mv);
        }
        if let Err(e) = game.check(mv) {
            return Reply::Say(format!("Illegal move {mv}: {e}"));
        }
        if game.is_losing(mv) && self.confirm_loss != Some(mv) {
            self.confirm_loss = Some(mv);
            return Reply::Say(format!(
                "{} on {} completes a triangle: you would lose. Press {} again to play it",
                color_name(color),
                mv.circle,
                color_key(color)
            ));
        }
        self.confirm_loss = None;
        play(mv)
    }
}

impl Default for AtroposScreen {
    fn default() -> AtroposScreen {
        AtroposScreen::new()
    }
}

impl GameScreen for AtroposScreen {
    fn size(&self, state: &AnyState) -> (u16, u16) {
        atropos(state).map_or((80, 20), render::size)
    }

    fn draw(&self, out: &mut Frame, table: &Table) -> io::Result<()> {
        // The state is always this game's: the skeleton starts no other.
        atropos(&table.state).map_or(Ok(()), |game| render::draw(out, self, game, table))
    }

    fn key(&mut self, key: Key, table: &Table) -> Reply {
        let Some(game) = atropos(&table.state) else {
            return Reply::Pass;
        };
        let color = match key {
            Key::Char('r' | '1') => Some(Color::Red),
            Key::Char('b' | '2') => Some(Color::Blue),
            Key::Char('g' | '3') => Some(Color::Green),
            _ => None,
        };
        if color.is_none() {
            self.confirm_loss = None;
        }
        match (key, color) {
            (_, Some(color)) => self.colour(game, color, table),
            _ if key.is_arrow() => {
                self.move_cursor(game, key);
                Reply::Say(self.cursor_message(game, table))
            }
            _ if key.is_place() => match self.hint {
                Some(hint) if hint.circle == self.cursor => table
                    .state
                    .parse_move(&hint.to_string())
                    .map_or(Reply::Quiet, Reply::Play),
                _ => Reply::Say("Press r, b or g (or 1, 2, 3) to colour the circle".into()),
            },
            _ => Reply::Pass,
        }
    }

    fn played(&mut self, table: &Table, before: &AnyState, action: Action) -> String {
        self.hint = None;
        let (Some(mv), Some(game)) = (move_of(before, action), atropos(&table.state)) else {
            return self.turn_message(table);
        };
        self.cursor = mv.circle;
        if game.is_finished() {
            return self.turn_message(table);
        }
        if game.check(Move::new(Color::Red, self.cursor)).is_err() {
            // Keep the cursor on a circle the next move may use.
            self.cursor = nearest_legal(game, mv.circle);
        }
        let mover = match before.turn() {
            Turn::Player(p) => p.number(),
            _ => 0,
        };
        format!(
            "Player {mover} coloured {} {}",
            mv.circle,
            color_name(mv.color)
        )
    }

    fn hint(&mut self, table: &Table, action: Action) -> String {
        let (Some(mv), Some(game)) = (move_of(&table.state, action), atropos(&table.state)) else {
            return String::new();
        };
        self.cursor = mv.circle;
        self.hint = Some(mv);
        format!(
            "Hint: {mv}, {} (Enter plays it){}",
            color_name(mv.color),
            if game.is_losing(mv) {
                "; every move loses here"
            } else {
                ""
            }
        )
    }

    fn reset(&mut self, table: &Table, undone: Option<Action>) {
        self.hint = None;
        self.confirm_loss = None;
        self.cursor = match (
            undone.and_then(|a| move_of(&table.state, a)),
            atropos(&table.state),
        ) {
            (Some(mv), _) => mv.circle,
            (None, Some(game)) => first_legal(game),
            (None, None) => self.cursor,
        };
    }

    fn outcome(&self, table: &Table) -> String {
        let game = atropos(&table.state);
        let winner = game.and_then(Atropos::winner).map_or(0, |p| p.number());
        let how = game
            .and_then(Atropos::last_play)
            .map_or(String::new(), |mv| format!(" at {}", mv.circle));
        format!(
            "Player {winner} WINS: player {} completed a three-coloured triangle{how} ({})",
            3 - winner,
            table.next_help()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{App, Effect, Engines, Opening, Purpose};

    fn app(size: u32, seats: &str) -> App<AtroposScreen> {
        let start = AnyState::Atropos(Atropos::new(size).unwrap());
        let opening = Opening::new(start, seats.parse().unwrap(), Engines::strong(10, 1));
        App::new(AtroposScreen::new(), opening)
    }

    fn game(app: &App<AtroposScreen>) -> Atropos {
        *atropos(&app.table.state).unwrap()
    }

    fn action(app: &App<AtroposScreen>, mv: &str) -> Result<Action, String> {
        Ok(app.table.state.parse_move(mv).unwrap())
    }

    #[test]
    fn arrows_stay_on_the_board_and_up_and_down_undo_each_other() {
        let mut app = app(4, "none");
        assert_eq!(app.screen.cursor, Circle::new(1, 1, 4));
        for _ in 0..10 {
            app.handle(Key::Right);
        }
        assert_eq!(app.screen.cursor, Circle::new(1, 4, 1));
        app.handle(Key::Up);
        assert_eq!(app.screen.cursor, Circle::new(2, 3, 1));
        app.handle(Key::Down);
        assert_eq!(app.screen.cursor, Circle::new(1, 3, 2));
        for _ in 0..10 {
            app.handle(Key::Up);
        }
        assert_eq!(app.screen.cursor, Circle::new(4, 1, 1));
        assert!(app.table.message.contains("legal"), "{}", app.table.message);
    }

    #[test]
    fn colour_keys_play_and_losing_moves_need_confirming() {
        let mut app = app(4, "none");
        // (1,1,4) touches red and green: blue loses there.
        app.screen.cursor = Circle::new(1, 1, 4);
        assert_eq!(app.handle(Key::Char('b')), Effect::Nothing);
        assert!(
            app.table.message.contains("you would lose"),
            "{}",
            app.table.message
        );
        assert!(app.table.history.is_empty());
        app.handle(Key::Char('r'));
        assert_eq!(app.table.history.len(), 1);
        assert_eq!(game(&app).last_play(), Some("(1,1,1,4)".parse().unwrap()));
        assert_eq!(app.table.message, "Player 1 coloured (1,1,4) red");
        // Not next to the last play.
        app.screen.cursor = Circle::new(4, 1, 1);
        app.handle(Key::Char('1'));
        assert!(
            app.table.message.starts_with("Illegal move"),
            "{}",
            app.table.message
        );
        // A losing move asked for twice is played, and the game ends.
        let mut app = self::app(1, "none");
        app.handle(Key::Char('g'));
        assert!(!game(&app).is_finished());
        app.handle(Key::Char('g'));
        assert!(game(&app).is_finished());
        assert!(
            app.table.message.starts_with("Player 2 WINS"),
            "{}",
            app.table.message
        );
        assert_eq!(app.handle(Key::Char('n')), Effect::Nothing);
        assert_eq!(game(&app), Atropos::new(1).unwrap());
    }

    #[test]
    fn the_computer_answers_and_undo_takes_back_a_pair() {
        let mut app = app(5, "2");
        assert_eq!(app.start(), Effect::Nothing);
        app.screen.cursor = Circle::new(3, 1, 3);
        assert_eq!(app.handle(Key::Char('r')), Effect::Think(Purpose::Move));
        // The person cannot move for the computer.
        app.handle(Key::Char('r'));
        assert_eq!(app.table.message, "Wait: the computer is thinking");
        let reply = game(&app).safe_moves()[0];
        let reply = action(&app, &reply.to_string());
        assert_eq!(app.engine_answer(reply), Ok(Effect::Nothing));
        assert_eq!(app.table.history.len(), 2);
        assert_eq!(app.handle(Key::Char('u')), Effect::Nothing);
        assert_eq!(game(&app), Atropos::new(5).unwrap());
        assert_eq!(app.table.message, "Took back 2 moves");
        assert_eq!(app.screen.cursor, Circle::new(3, 1, 3));
        assert_eq!(app.handle(Key::Char('u')), Effect::Nothing);
        assert_eq!(app.table.message, "Nothing to undo");
    }

    #[test]
    fn the_computer_opens_when_it_plays_first_and_undo_cancels_it() {
        assert_eq!(app(5, "1").start(), Effect::Think(Purpose::Move));
        let mut app = app(5, "2");
        app.screen.cursor = Circle::new(3, 1, 3);
        app.handle(Key::Char('r'));
        assert_eq!(app.handle(Key::Char('u')), Effect::Cancel);
        // A late answer is dropped.
        let late = action(&app, "(1,2,1,4)");
        assert_eq!(app.engine_answer(late), Ok(Effect::Nothing));
        assert_eq!(game(&app), Atropos::new(5).unwrap());
    }

    #[test]
    fn a_hint_moves_the_cursor_and_enter_plays_it() {
        let mut app = app(5, "none");
        assert_eq!(app.handle(Key::Char('h')), Effect::Think(Purpose::Hint));
        assert_eq!(app.handle(Key::Char('h')), Effect::Nothing);
        let hint = action(&app, "(1,3,1,3)");
        app.engine_answer(hint).unwrap();
        assert_eq!(app.screen.cursor, Circle::new(3, 1, 3));
        assert!(
            app.table.message.starts_with("Hint: (1,3,1,3), red"),
            "{}",
            app.table.message
        );
        app.handle(Key::Enter);
        assert_eq!(game(&app).last_play(), Some("(1,3,1,3)".parse().unwrap()));
    }
}
