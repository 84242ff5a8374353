//! The screen of a game that has none of its own: the board drawn from
//! the one interface's layout (a grid, Atropos's triangle, a ring) and
//! spots, each spot its symbol in its owner's colour; the cursor on a
//! spot, Enter plays the legal move that changes it; `m` types any move
//! in the game's notation. A game may add keys that play the cursor's
//! move of another kind (Gamma's `g`, a golden move).

use std::io;

use atom4_core::registry::AnyState;
use atom4_core::state::{Action, Layout};
use crossterm::style::{Attribute, Color, Print, ResetColor, SetAttribute, SetForegroundColor};
use crossterm::{cursor, queue};

use super::run::panel;
use super::{move_text, Frame, GameScreen, Key, Reply, Table};
use crate::input::excerpt;

const BOARD_LEFT: u16 = 2;
const BOARD_TOP: u16 = 2;
const PANEL_WIDTH: u16 = 42;
/// The longest move text typed.
const MAX_TYPED: usize = 64;

/// A key of the game's own: it plays the cursor's move whose text starts
/// with `prefix` (`g ` for Gamma's golden move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtraKey {
    pub key: char,
    pub prefix: &'static str,
    /// The panel's line for it.
    pub help: &'static str,
}

/// The generic screen.
#[derive(Clone, Debug, Default)]
pub struct GenericScreen {
    /// The spot under the cursor.
    pub cursor: usize,
    /// The move being typed after `m`.
    pub typing: Option<String>,
    hint: Option<Action>,
    /// The last move's text.
    last: String,
    keys: &'static [ExtraKey],
}

/// Each player's colour (player 1 first); they repeat after eight.
pub fn player_color(index: usize) -> Color {
    [
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Magenta,
        Color::Cyan,
        Color::White,
        Color::AnsiValue(208),
    ][index % 8]
}

/// Where each spot of `layout` is drawn: its column and row from the
/// board's corner, two columns a spot.
pub fn places(layout: &Layout) -> Vec<(u16, u16)> {
    let n = |v: usize| u16::try_from(v).unwrap_or(u16::MAX);
    match *layout {
        Layout::Grid {
            width,
            height,
            shifted,
        } => (0..usize::from(height))
            .flat_map(|y| {
                let shift = usize::from(shifted && y % 2 == 1);
                (0..usize::from(width)).map(move |x| (n(2 * x + shift), n(y)))
            })
            .collect(),
        Layout::Triangle { side } => {
            let side = usize::from(side);
            // Row r from the top has r + 2 circles, each row half a step
            // wider on both sides; the bottom row's side + 1 sit between.
            let rows =
                (0..=side).flat_map(|r| (0..r + 2).map(move |k| (n(side - r + 2 * k), n(r))));
            rows.chain((0..=side).map(|k| (n(1 + 2 * k), n(side + 1))))
                .collect()
        }
        Layout::Ring { entries } => (0..usize::from(entries)).map(|i| (n(2 * i), 0)).collect(),
    }
}

/// The board's width and height in characters.
fn extent(places: &[(u16, u16)]) -> (u16, u16) {
    places.iter().fold((1, 1), |(w, h), &(x, y)| {
        (w.max(x.saturating_add(1)), h.max(y.saturating_add(1)))
    })
}

/// The spots a move changes, for `state` before it.
fn changed(state: &AnyState, action: Action) -> Vec<usize> {
    let mut after = state.clone();
    if after.play(action).is_err() {
        return Vec::new();
    }
    let (before_spots, after_spots) = (state.layout().spots(), after.layout().spots());
    (0..before_spots.max(after_spots))
        .filter(|&i| i >= before_spots || i >= after_spots || state.spot(i) != after.spot(i))
        .collect()
}

impl GenericScreen {
    /// The generic screen, with the game's own `keys`.
    pub fn new(keys: &'static [ExtraKey]) -> GenericScreen {
        GenericScreen {
            keys,
            ..GenericScreen::default()
        }
    }

    /// The legal move that changes the cursor's spot: of those whose text
    /// starts with `prefix` (else of those no extra key's prefix starts),
    /// the one that changes the fewest spots.
    pub fn cursor_move(&self, state: &AnyState, prefix: Option<&str>) -> Option<Action> {
        let mut best: Option<(usize, Action)> = None;
        state.legal_actions(&mut |action| {
            let text = move_text(state, action);
            let kind = match prefix {
                Some(p) => text.starts_with(p),
                None => !self.keys.iter().any(|k| text.starts_with(k.prefix)),
            };
            if !kind {
                return;
            }
            let spots = changed(state, action);
            if spots.contains(&self.cursor) && best.is_none_or(|(n, _)| spots.len() < n) {
                best = Some((spots.len(), action));
            }
        });
        best.map(|(_, action)| action)
    }

    /// Puts the cursor on the spot `action` changes first.
    fn cursor_to(&mut self, state: &AnyState, action: Action) {
        if let Some(&spot) = changed(state, action).first() {
            self.cursor = spot.min(state.layout().spots().saturating_sub(1));
        }
    }

    /// Moves the cursor to the nearest spot that way.
    fn step(&mut self, state: &AnyState, key: Key) {
        let places = places(&state.layout());
        let Some(&(x, y)) = places.get(self.cursor) else {
            self.cursor = 0;
            return;
        };
        let (x, y) = (i32::from(x), i32::from(y));
        let distance = |&(i, &(px, py)): &(usize, &(u16, u16))| {
            let (dx, dy) = (i32::from(px) - x, i32::from(py) - y);
            let ahead = match key {
                Key::Left => dy == 0 && dx < 0,
                Key::Right => dy == 0 && dx > 0,
                Key::Up => dy == -1,
                _ => dy == 1,
            };
            ahead.then_some((dx.abs() + dy.abs(), i))
        };
        if let Some((_, i)) = places.iter().enumerate().filter_map(|p| distance(&p)).min() {
            self.cursor = i;
        }
    }

    fn say_cursor(&self, state: &AnyState) -> String {
        match self.cursor_move(state, None) {
            Some(action) => format!("Enter plays {}", move_text(state, action)),
            None if state.is_over() => "The game is over (n: new game, q: quit)".into(),
            None => "No move here (m types one)".into(),
        }
    }
}

impl GameScreen for GenericScreen {
    fn size(&self, state: &AnyState) -> (u16, u16) {
        let (w, h) = extent(&places(&state.layout()));
        let cols = BOARD_LEFT
            .saturating_add(w)
            .saturating_add(3)
            .saturating_add(PANEL_WIDTH);
        let panel_lines = 14 + self.keys.len() as u16 + state.players() as u16;
        (cols, BOARD_TOP + h.max(panel_lines) + 1)
    }

    fn draw(&self, out: &mut Frame, table: &Table) -> io::Result<()> {
        let state = &table.state;
        let places = places(&state.layout());
        for (i, &(x, y)) in places.iter().enumerate() {
            let spot = state.spot(i);
            queue!(out, cursor::MoveTo(BOARD_LEFT + x, BOARD_TOP + y))?;
            if i == self.cursor {
                queue!(out, SetAttribute(Attribute::Reverse))?;
            }
            let color = match spot.owner {
                0 => Color::AnsiValue(244),
                owner => player_color(usize::from(owner) - 1),
            };
            queue!(
                out,
                SetForegroundColor(color),
                Print(spot.symbol),
                SetAttribute(Attribute::Reset),
                ResetColor
            )?;
        }
        let mut lines = vec![format!("Setup: {}", state.setup())];
        for p in 0..state.players() {
            let player = atom4_core::game::Player::new(p).unwrap_or(atom4_core::game::Player::ONE);
            let who = if table.is_computer(player) {
                "computer"
            } else {
                "person"
            };
            let turn = if table.to_move() == Some(player) {
                " <"
            } else {
                ""
            };
            lines.push(format!("{} {who}{turn}", self.player_name(player)));
        }
        lines.push(format!("Moves made: {}", table.moves_made()));
        lines.push(format!("Last: {}", self.last));
        lines.push(format!("Computer: {}", table.engine));
        lines.push(table.thinking.map_or(String::new(), super::run::thinking));
        lines.push(String::new());
        for help in [
            "arrows move   Enter/Space play",
            "m types a move, Enter plays it",
            "u undo   h hint   s save",
            "n new game   q quit",
        ] {
            lines.push(help.into());
        }
        lines.extend(self.keys.iter().map(|k| k.help.to_string()));
        lines.push(match &self.typing {
            Some(text) => format!("Move: {text}_"),
            None => String::new(),
        });
        let (w, _) = extent(&places);
        panel(out, BOARD_LEFT + w + 3, BOARD_TOP, &lines)
    }

    fn key(&mut self, key: Key, table: &Table) -> Reply {
        let state = &table.state;
        if let Some(text) = &mut self.typing {
            return match key {
                Key::Enter => {
                    let text = std::mem::take(text);
                    self.typing = None;
                    match state.parse_move(&text) {
                        Ok(action) => Reply::Play(action),
                        Err(e) => Reply::Say(format!("{}: {e}", excerpt(&text, 24))),
                    }
                }
                Key::Esc => {
                    self.typing = None;
                    Reply::Say("No move typed".into())
                }
                Key::Backspace => {
                    text.pop();
                    Reply::Quiet
                }
                Key::Char(c) if text.len() < MAX_TYPED => {
                    text.push(c);
                    Reply::Quiet
                }
                _ => Reply::Quiet,
            };
        }
        match key {
            _ if key.is_arrow() => {
                self.step(state, key);
                Reply::Say(self.say_cursor(state))
            }
            _ if key.is_place() => {
                let hinted = self
                    .hint
                    .filter(|&h| changed(state, h).contains(&self.cursor));
                match hinted.or_else(|| self.cursor_move(state, None)) {
                    Some(action) => Reply::Play(action),
                    None => Reply::Say(self.say_cursor(state)),
                }
            }
            Key::Char('m') => {
                self.typing = Some(String::new());
                Reply::Say("Type a move in the game's notation, then Enter (Esc: no move)".into())
            }
            Key::Char(c) => match self.keys.iter().find(|k| k.key == c) {
                Some(extra) => match self.cursor_move(state, Some(extra.prefix)) {
                    Some(action) => Reply::Play(action),
                    None => Reply::Say(format!("No move of this kind here ({})", extra.help)),
                },
                None => Reply::Pass,
            },
            _ => Reply::Pass,
        }
    }

    fn played(&mut self, table: &Table, before: &AnyState, action: Action) -> String {
        self.hint = None;
        self.last = move_text(before, action);
        super::played_message(self, table, before, action)
    }

    fn hint(&mut self, table: &Table, action: Action) -> String {
        self.cursor_to(&table.state, action);
        self.hint = Some(action);
        format!("Hint: {} (Enter plays it)", move_text(&table.state, action))
    }

    fn reset(&mut self, table: &Table, undone: Option<Action>) {
        self.typing = None;
        self.hint = None;
        self.last = table
            .last_move()
            .map_or(String::new(), |(before, action)| move_text(&before, action));
        if let Some(action) = undone {
            self.cursor_to(&table.state, action);
        }
        self.cursor = self
            .cursor
            .min(table.state.layout().spots().saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use atom4_core::registry::GameId;
    use atom4_core::state::Setup;

    #[test]
    fn layouts_are_placed_as_their_shapes() {
        let grid = Layout::Grid {
            width: 3,
            height: 2,
            shifted: true,
        };
        assert_eq!(
            places(&grid),
            [(0, 0), (2, 0), (4, 0), (1, 1), (3, 1), (5, 1)]
        );
        // Atropos's triangle of side 1: rows of 2 and 3, then the bottom's 2.
        let triangle = Layout::Triangle { side: 1 };
        assert_eq!(
            places(&triangle),
            [(1, 0), (3, 0), (0, 1), (2, 1), (4, 1), (1, 2), (3, 2)]
        );
        assert_eq!(places(&triangle).len(), triangle.spots());
        assert_eq!(
            places(&Layout::Ring { entries: 3 }),
            [(0, 0), (2, 0), (4, 0)]
        );
        assert_eq!(extent(&places(&grid)), (6, 2));
    }

    #[test]
    fn enter_plays_the_move_of_the_cursors_spot_and_extra_keys_their_kind() {
        // Gamma: an ordinary move and a golden one change the same cell.
        const GOLDEN: [ExtraKey; 1] = [ExtraKey {
            key: 'g',
            prefix: "g ",
            help: "g golden move",
        }];
        let mut state = GameId::Gamma
            .start(&Setup::parse("size=3x3 players=2 areas=1").unwrap())
            .unwrap();
        let mut screen = GenericScreen::new(&GOLDEN);
        screen.cursor = 4;
        let plain = screen.cursor_move(&state, None).unwrap();
        assert_eq!(move_text(&state, plain), "1,1");
        state.play(plain).unwrap();
        // Player 2 takes player 1's cell.
        let golden = screen.cursor_move(&state, Some("g ")).unwrap();
        assert_eq!(move_text(&state, golden), "g 1,1");
        assert_eq!(screen.cursor_move(&state, None), None, "the cell is taken");
    }

    #[test]
    fn arrows_go_to_the_nearest_spot_that_way() {
        let state = GameId::Atropos
            .start(&Setup::parse("size=2").unwrap())
            .unwrap();
        let mut screen = GenericScreen::new(&[]);
        screen.step(&state, Key::Down);
        assert_eq!(screen.cursor, 2, "down from the top's first circle");
        screen.step(&state, Key::Right);
        assert_eq!(screen.cursor, 3);
        screen.step(&state, Key::Up);
        assert_eq!(screen.cursor, 0);
        screen.step(&state, Key::Up);
        assert_eq!(screen.cursor, 0, "nothing above the top row");
    }
}
