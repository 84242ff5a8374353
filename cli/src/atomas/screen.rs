//! Atomas's screen in the skeleton: the ring drawn as a ring, the arrows
//! choose the gap or the entry, Enter plays, a minus asks `y` (a plus
//! next) or `n` (the removed atom); chance's turn is the atom drawn into
//! the hand, by the contest's reference generator (`--seed S` is the
//! controller's game 0 of seed S), and `n` starts the next seed's game
//! once one is over.

use std::io;

use atom4_core::atomas::interface::{action_reply, atom_action, reply_action};
use atom4_core::atomas::{Atom, Atomas, Reference, Reply as AtomasReply};
use atom4_core::registry::{AnyState, GameId};
use atom4_core::state::{Action, Setup};

use super::render;
use crate::app::{Frame, GameScreen, Key, Reply, Table};

/// Atomas's screen.
#[derive(Clone, Debug, Default)]
pub struct AtomasScreen {
    /// The gap (a number, `+`, `B` in hand) or entry (`-`, `C`) selected.
    pub selected: usize,
    /// A minus's entry, waiting for `y` or `n`.
    pub pending_minus: Option<u8>,
    /// The points of the last move.
    pub last_points: Option<u64>,
    /// The seed of this game: `n` starts the next seed's.
    pub seed: u64,
}

/// The game of an Atomas screen's state.
pub fn atomas(state: &AnyState) -> Option<&Atomas> {
    match state {
        AnyState::Atomas(game) => Some(game),
        _ => None,
    }
}

/// Whether the selection is an entry (a `-` or `C` in hand) rather than a
/// gap.
pub fn selects_entry(game: &Atomas) -> bool {
    matches!(game.hand(), Some(Atom::Minus | Atom::Clone))
}

/// How many places the selection cycles through.
fn places(game: &Atomas) -> usize {
    if selects_entry(game) {
        game.ring().len()
    } else {
        game.gaps()
    }
}

/// The game of `seed` as the contest's controller starts game 0 of a run
/// seeded so, and its generator after the start ring's draws.
fn start_of(seed: u64) -> (AnyState, u64) {
    let mut draws = Reference::new(seed);
    let game = Atomas::start(&mut draws);
    (AnyState::Atomas(game), draws.state())
}

impl AtomasScreen {
    pub fn new() -> AtomasScreen {
        AtomasScreen::default()
    }

    fn play_selected(&mut self, game: &Atomas, table: &Table) -> Reply {
        let index = self.selected as u8;
        let reply = match game.hand() {
            _ if game.is_over() => return Reply::Say(self.turn_message(table)),
            Some(Atom::Minus) => {
                self.pending_minus = Some(index);
                return Reply::Say(format!(
                    "Remove entry {index}: y takes a plus next, n takes the removed atom"
                ));
            }
            Some(Atom::Clone) => AtomasReply::Entry(index),
            _ => AtomasReply::Gap(index),
        };
        Reply::Play(reply_action(reply))
    }

    fn clamp(&mut self, game: &Atomas) {
        self.selected = self.selected.min(places(game).saturating_sub(1));
    }
}

impl GameScreen for AtomasScreen {
    fn start(&mut self, _: GameId, setup: &Setup, seed: u64) -> Result<(AnyState, u64), String> {
        setup.only("atomas", &["seed"]).map_err(|e| e.to_string())?;
        self.seed = setup.seed.unwrap_or(seed);
        Ok(start_of(self.seed))
    }

    fn size(&self, _state: &AnyState) -> (u16, u16) {
        render::SIZE
    }

    fn draw(&self, out: &mut Frame, table: &Table) -> io::Result<()> {
        // The state is always this game's: the skeleton starts no other.
        atomas(&table.state).map_or(Ok(()), |game| render::draw(out, self, game, table))
    }

    fn key(&mut self, key: Key, table: &Table) -> Reply {
        let Some(game) = atomas(&table.state) else {
            return Reply::Pass;
        };
        if let Some(entry) = self.pending_minus {
            return match key {
                Key::Char(c @ ('y' | 'n')) => {
                    self.pending_minus = None;
                    Reply::Play(reply_action(AtomasReply::Remove {
                        entry,
                        to_plus: c == 'y',
                    }))
                }
                Key::Char('q') | Key::Esc => Reply::Pass,
                _ => {
                    self.pending_minus = None;
                    Reply::Say(self.turn_message(table))
                }
            };
        }
        let places = places(game).max(1);
        match key {
            Key::Left | Key::Up => self.selected = (self.selected + places - 1) % places,
            Key::Right | Key::Down => self.selected = (self.selected + 1) % places,
            _ if key.is_place() => return self.play_selected(game, table),
            _ => return Reply::Pass,
        }
        Reply::Say(self.turn_message(table))
    }

    fn played(&mut self, table: &Table, before: &AnyState, _: Action) -> String {
        let (Some(before), Some(game)) = (atomas(before), atomas(&table.state)) else {
            return self.turn_message(table);
        };
        let points = game.score().saturating_sub(before.score());
        self.last_points = Some(points);
        self.clamp(game);
        match points {
            _ if game.is_over() => self.turn_message(table),
            0 => self.turn_message(table),
            points => format!("{points} points! {}", self.turn_message(table)),
        }
    }

    fn hint(&mut self, table: &Table, action: Action) -> String {
        let Some(reply) = atomas(&table.state)
            .and_then(Atomas::hand)
            .and_then(|hand| action_reply(action, hand).ok())
        else {
            return String::new();
        };
        match reply {
            AtomasReply::Gap(g) => {
                self.selected = g.into();
                format!("Hint: gap {g} (Enter plays it)")
            }
            AtomasReply::Entry(j) => {
                self.selected = j.into();
                format!("Hint: clone entry {j} (Enter plays it)")
            }
            AtomasReply::Remove { entry, to_plus } => {
                self.selected = entry.into();
                format!(
                    "Hint: remove entry {entry}, then {} (Enter, then y or n)",
                    if to_plus {
                        "y: a plus"
                    } else {
                        "n: keep the atom"
                    }
                )
            }
        }
    }

    fn reset(&mut self, table: &Table, _undone: Option<Action>) {
        self.pending_minus = None;
        self.last_points = None;
        if let Some(game) = atomas(&table.state) {
            self.clamp(game);
        }
    }

    /// What the player is asked now.
    fn turn_message(&self, table: &Table) -> String {
        let Some(game) = atomas(&table.state) else {
            return String::new();
        };
        if game.is_over() {
            return format!(
                "Game over: {} points in {} moves (n: new game, q: quit)",
                game.score(),
                table.moves_made()
            );
        }
        if table.is_computer_turn() {
            return crate::app::turn_message(self, table);
        }
        match game.hand() {
            Some(Atom::Minus) => format!(
                "Remove which entry? Entry {} selected (arrows, Enter)",
                self.selected
            ),
            Some(Atom::Clone) => format!(
                "Clone which entry? Entry {} selected (arrows, Enter)",
                self.selected
            ),
            Some(atom) => format!("Place the {atom} in gap {} (arrows, Enter)", self.selected),
            None => String::new(),
        }
    }

    /// The atom the reference generator draws.
    fn chance(&self, state: &AnyState, draws: &mut u64) -> Option<Action> {
        let mut game = *atomas(state)?;
        let mut reference = Reference::new(*draws);
        let (atom, _) = game.draw_with(&mut reference).ok()?;
        *draws = reference.state();
        Some(atom_action(atom))
    }

    /// The game of the next seed.
    fn new_game(&mut self, _table: &Table) -> Option<(AnyState, u64)> {
        self.seed = self.seed.wrapping_add(1);
        self.selected = 0;
        Some(start_of(self.seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::record::Record;
    use crate::app::{App, Effect, Engines, Opening, Purpose, Seats};

    /// Seed 1 starts with the ring 3 2 1 3 1 3 and a 1 in hand.
    fn app() -> App<AtomasScreen> {
        let mut screen = AtomasScreen::new();
        let (start, draws) = screen
            .start(GameId::Atomas, &Setup::parse("seed=1").unwrap(), 0)
            .unwrap();
        let opening = Opening {
            draws,
            ..Opening::new(start, Seats::NONE, Engines::strong(10, 1))
        };
        let app = App::new(screen, opening);
        assert_eq!(
            game(&app).to_string(),
            "ring=3,2,1,3,1,3 hand=1 score=0 move=1 range=1-3 carry=. since=0"
        );
        app
    }

    fn game(app: &App<AtomasScreen>) -> Atomas {
        *atomas(&app.table.state).unwrap()
    }

    /// Puts `text` in play as if the game had come to it.
    fn set(app: &mut App<AtomasScreen>, text: &str) {
        let state = AnyState::Atomas(text.parse().unwrap());
        app.table.start = state.clone();
        app.table.state = state;
        app.table.history.clear();
    }

    #[test]
    fn arrows_cycle_through_the_gaps_and_enter_plays() {
        let mut app = app();
        assert_eq!(app.screen.selected, 0);
        assert_eq!(app.table.message, "Place the 1 in gap 0 (arrows, Enter)");
        app.handle(Key::Left);
        assert_eq!(
            app.screen.selected, 5,
            "back from gap 0 wraps to the last gap"
        );
        assert!(app.table.message.contains("gap 5"), "{}", app.table.message);
        app.handle(Key::Right);
        app.handle(Key::Right);
        assert_eq!(app.screen.selected, 1);
        app.handle(Key::Enter);
        assert_eq!(app.table.moves_made(), 1);
        assert_eq!(game(&app).move_number(), 2);
        assert!(game(&app).hand().is_some(), "the next atom is drawn");
        let entries: Vec<String> = game(&app).ring().iter().map(|e| e.to_string()).collect();
        assert_eq!(entries.join(" "), "3 2 1 1 3 1 3");
    }

    #[test]
    fn undo_restores_the_move_and_the_atoms_to_come() {
        let mut app = app();
        let start = game(&app);
        app.handle(Key::Enter);
        let after_one = game(&app);
        assert_eq!(app.handle(Key::Char('u')), Effect::Nothing);
        assert_eq!(game(&app), start);
        assert_eq!(app.table.message, "Took back a move");
        app.handle(Key::Enter);
        assert_eq!(game(&app), after_one, "the same atom comes again");
        app.handle(Key::Char('u'));
        app.handle(Key::Char('u'));
        assert_eq!(app.table.message, "Nothing to undo");
        // The saved game holds the draws and the generator: it resumes.
        app.handle(Key::Enter);
        let record = Record::parse(&app.record().to_string()).unwrap();
        assert_eq!(record.end(), app.table.state);
        assert_eq!(record.draws, Some(app.table.draws));
    }

    #[test]
    fn a_minus_asks_whether_a_plus_comes_next() {
        let mut app = app();
        set(
            &mut app,
            "ring=1,3,2,3,1,1 hand=- score=0 move=1 range=1-3 carry=. since=0",
        );
        app.screen.selected = 2;
        assert_eq!(app.handle(Key::Enter), Effect::Nothing);
        assert_eq!(app.screen.pending_minus, Some(2));
        assert!(app.table.message.starts_with("Remove entry 2"));
        app.handle(Key::Char('y'));
        assert_eq!(game(&app).hand(), Some(Atom::Plus), "the carried plus");
        // Any other key drops the question.
        set(
            &mut app,
            "ring=1,3 hand=- score=0 move=1 range=1-3 carry=. since=0",
        );
        app.handle(Key::Enter);
        app.handle(Key::Left);
        assert_eq!(app.screen.pending_minus, None);
        assert!(app.table.message.starts_with("Remove which entry?"));
    }

    #[test]
    fn a_hint_selects_the_bots_reply() {
        let mut app = app();
        assert_eq!(app.handle(Key::Char('h')), Effect::Think(Purpose::Hint));
        assert_eq!(app.handle(Key::Char('h')), Effect::Nothing, "one at a time");
        app.engine_answer(Ok(4)).unwrap();
        assert_eq!(app.screen.selected, 4);
        assert!(app.table.message.starts_with("Hint: gap 4"));
        // A late hint after a move is dropped.
        app.handle(Key::Char('h'));
        assert_eq!(app.handle(Key::Enter), Effect::Cancel);
        let selected = app.screen.selected;
        app.engine_answer(Ok(0)).unwrap();
        assert_eq!(app.screen.selected, selected);
    }

    #[test]
    fn quitting_asks_first_and_a_finished_game_starts_anew() {
        let mut app = app();
        app.handle(Key::Char('q'));
        assert_eq!(app.table.message, "Really quit? (y/n)");
        assert_eq!(app.handle(Key::Char('n')), Effect::Nothing);
        app.handle(Key::Char('q'));
        assert_eq!(app.handle(Key::Char('y')), Effect::Quit);
        assert_eq!(app.handle(Key::Interrupt), Effect::Quit);
        while !app.table.state.is_over() {
            app.handle(Key::Enter);
            if app.screen.pending_minus.is_some() {
                app.handle(Key::Char('n'));
            }
        }
        assert!(
            app.table.message.starts_with("Game over:"),
            "{}",
            app.table.message
        );
        app.handle(Key::Char('n'));
        assert_eq!(app.screen.seed, 2);
        assert_eq!(app.table.moves_made(), 0);
        assert!(game(&app).hand().is_some());
    }
}
