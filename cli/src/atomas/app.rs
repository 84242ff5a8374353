//! What the keys do to a game of Atomas played by hand: choosing the gap
//! or the entry, playing, the minus's question, undo, the bot's hint and a
//! new game, free of any terminal so that unit tests drive it directly.

use atom4_core::atomas::{Atom, Atomas, Reference, Reply};

/// A key press, already decoded from the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The selection moves back round the ring (anticlockwise).
    Back,
    /// The selection moves on round the ring (clockwise).
    On,
    /// Enter or Space: play the selection.
    Play,
    /// `y`: yes (a minus makes the next atom a plus; quit).
    Yes,
    /// `n`: no (a minus keeps the atom; don't quit); a new game once over.
    No,
    /// `u`.
    Undo,
    /// `h`.
    Hint,
    /// `q`.
    Quit,
    /// Ctrl-C: quit at once.
    Interrupt,
    Other,
}

/// What the front end must do after a key or the bot's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Nothing,
    Quit,
    /// Ask the bot for a suggestion in this state.
    Suggest,
    /// Stop the bot: its answer no longer applies.
    CancelEngine,
}

/// The state of a game played by hand.
#[derive(Clone, Debug)]
pub struct App {
    /// The game: an atom in hand, or over.
    pub game: Atomas,
    draws: Reference,
    /// The seed of this game (`n` starts the game of the next seed).
    pub seed: u64,
    /// Each earlier decision state, with the generator as it was then.
    history: Vec<(Atomas, Reference)>,
    /// The gap (a number, `+`, `B`) or entry (`-`, `C`) selected.
    pub selected: usize,
    /// A minus's entry, waiting for `y` or `n`.
    pub pending_minus: Option<u8>,
    /// The points of the last move.
    pub last_points: Option<u64>,
    pub message: String,
    pub confirm_quit: bool,
    /// Waiting for the bot's hint.
    pub thinking: bool,
}

impl App {
    /// A new game drawn with the reference generator seeded `seed` (game 0
    /// of a controller's run with that seed).
    pub fn new(seed: u64) -> App {
        let mut draws = Reference::new(seed);
        let game = Atomas::start(&mut draws);
        let mut app = App {
            game,
            draws,
            seed,
            history: Vec::new(),
            selected: 0,
            pending_minus: None,
            last_points: None,
            message: String::new(),
            confirm_quit: false,
            thinking: false,
        };
        app.draw_next();
        app.message = app.prompt();
        app
    }

    /// How many moves were played.
    pub fn moves(&self) -> usize {
        self.history.len()
    }

    /// Whether the selection is an entry (a `-` or `C` in hand) rather than
    /// a gap.
    pub fn selects_entry(&self) -> bool {
        matches!(self.game.hand(), Some(Atom::Minus | Atom::Clone))
    }

    /// How many places the selection cycles through.
    fn places(&self) -> usize {
        if self.selects_entry() {
            self.game.ring().len()
        } else {
            self.game.gaps()
        }
    }

    /// Draws the next atom, unless the game is over.
    fn draw_next(&mut self) {
        if !self.game.is_over() {
            let _ = self.game.draw_with(&mut self.draws);
        }
        self.selected = self.selected.min(self.places().saturating_sub(1));
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
                    self.message = self.prompt();
                    Effect::Nothing
                }
            };
        }
        if let Some(entry) = self.pending_minus {
            return match key {
                Key::Yes | Key::No => {
                    self.pending_minus = None;
                    self.play(Reply::Remove {
                        entry,
                        to_plus: key == Key::Yes,
                    })
                }
                Key::Quit => self.ask_quit(),
                _ => {
                    self.pending_minus = None;
                    self.message = self.prompt();
                    Effect::Nothing
                }
            };
        }
        match key {
            Key::Back | Key::On => {
                let places = self.places().max(1);
                self.selected = if key == Key::On {
                    (self.selected + 1) % places
                } else {
                    (self.selected + places - 1) % places
                };
                self.message = self.prompt();
                Effect::Nothing
            }
            Key::Play => self.play_selected(),
            Key::Undo => self.undo(),
            Key::Hint => {
                if self.game.is_over() || self.thinking {
                    return Effect::Nothing;
                }
                self.thinking = true;
                self.message = "The bot is thinking...".into();
                Effect::Suggest
            }
            Key::No if self.game.is_over() => {
                *self = App::new(self.seed.wrapping_add(1));
                Effect::Nothing
            }
            Key::Quit => self.ask_quit(),
            _ => Effect::Nothing,
        }
    }

    fn ask_quit(&mut self) -> Effect {
        self.confirm_quit = true;
        self.message = "Really quit? (y/n)".into();
        Effect::Nothing
    }

    fn play_selected(&mut self) -> Effect {
        if self.game.is_over() {
            self.message = self.prompt();
            return Effect::Nothing;
        }
        let index = self.selected as u8;
        match self.game.hand() {
            Some(Atom::Minus) => {
                self.pending_minus = Some(index);
                self.message =
                    format!("Remove entry {index}: y takes a plus next, n takes the removed atom");
                Effect::Nothing
            }
            Some(Atom::Clone) => self.play(Reply::Entry(index)),
            _ => self.play(Reply::Gap(index)),
        }
    }

    /// Plays `reply`, draws the next atom.
    fn play(&mut self, reply: Reply) -> Effect {
        let before = (self.game, self.draws);
        let cancel = std::mem::take(&mut self.thinking);
        match self.game.play(reply) {
            Ok(played) => {
                self.history.push(before);
                self.last_points = Some(played.points);
                self.draw_next();
                self.message = if self.game.is_over() {
                    self.prompt()
                } else if played.points > 0 {
                    format!("{} points! {}", played.points, self.prompt())
                } else {
                    self.prompt()
                };
            }
            Err(e) => self.message = format!("Not possible: {e}"),
        }
        if cancel {
            Effect::CancelEngine
        } else {
            Effect::Nothing
        }
    }

    /// Takes back the last move: the state before it, with the same atom in
    /// hand and the same atoms to come.
    fn undo(&mut self) -> Effect {
        let cancel = std::mem::take(&mut self.thinking);
        match self.history.pop() {
            Some((game, draws)) => {
                self.game = game;
                self.draws = draws;
                self.last_points = None;
                self.selected = self.selected.min(self.places().saturating_sub(1));
                self.message = format!("Took back a move. {}", self.prompt());
            }
            None => self.message = "Nothing to take back".into(),
        }
        if cancel {
            Effect::CancelEngine
        } else {
            Effect::Nothing
        }
    }

    /// The bot's suggestion arrived: select it.
    pub fn hint(&mut self, reply: Reply) {
        if !std::mem::take(&mut self.thinking) || self.game.check_reply(reply).is_err() {
            return;
        }
        self.message = match reply {
            Reply::Gap(g) => {
                self.selected = g.into();
                format!("Hint: gap {g} (Enter plays it)")
            }
            Reply::Entry(j) => {
                self.selected = j.into();
                format!("Hint: clone entry {j} (Enter plays it)")
            }
            Reply::Remove { entry, to_plus } => {
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
        };
    }

    /// What the player is asked now.
    pub fn prompt(&self) -> String {
        if self.game.is_over() {
            return format!(
                "Game over: {} points in {} moves (n: new game, q: quit)",
                self.game.score(),
                self.moves()
            );
        }
        match self.game.hand() {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seed 1 starts with the ring 3 2 1 3 1 3 and a 1 in hand.
    fn app() -> App {
        let app = App::new(1);
        assert_eq!(
            app.game.to_string(),
            "ring=3,2,1,3,1,3 hand=1 score=0 move=1 range=1-3 carry=. since=0"
        );
        app
    }

    #[test]
    fn arrows_cycle_through_the_gaps_and_enter_plays() {
        let mut app = app();
        assert_eq!(app.selected, 0);
        app.handle(Key::Back);
        assert_eq!(app.selected, 5, "back from gap 0 wraps to the last gap");
        assert!(app.message.contains("gap 5"), "{}", app.message);
        app.handle(Key::On);
        app.handle(Key::On);
        assert_eq!(app.selected, 1);
        app.handle(Key::Play);
        assert_eq!(app.moves(), 1);
        assert_eq!(app.game.move_number(), 2);
        assert!(app.game.hand().is_some(), "the next atom is drawn");
        let entries: Vec<String> = app.game.ring().iter().map(|e| e.to_string()).collect();
        assert_eq!(entries.join(" "), "3 2 1 1 3 1 3");
    }

    #[test]
    fn undo_restores_the_move_and_the_atoms_to_come() {
        let mut app = app();
        let start = app.game;
        app.handle(Key::Play);
        let after_one = app.game;
        assert_eq!(app.handle(Key::Undo), Effect::Nothing);
        assert_eq!(app.game, start);
        assert!(app.message.starts_with("Took back a move"));
        app.handle(Key::Play);
        assert_eq!(app.game, after_one, "the same atom comes again");
        app.handle(Key::Undo);
        app.handle(Key::Undo);
        assert_eq!(app.message, "Nothing to take back");
    }

    #[test]
    fn a_minus_asks_whether_a_plus_comes_next() {
        let mut app = app();
        app.game = "ring=1,3,2,3,1,1 hand=- score=0 move=1 range=1-3 carry=. since=0"
            .parse()
            .unwrap();
        app.selected = 2;
        assert_eq!(app.handle(Key::Play), Effect::Nothing);
        assert_eq!(app.pending_minus, Some(2));
        assert!(app.message.starts_with("Remove entry 2"));
        app.handle(Key::Yes);
        assert_eq!(app.game.hand(), Some(Atom::Plus), "the carried plus");
        // Any other key drops the question.
        app.game = "ring=1,3 hand=- score=0 move=1 range=1-3 carry=. since=0"
            .parse()
            .unwrap();
        app.handle(Key::Play);
        app.handle(Key::Back);
        assert_eq!(app.pending_minus, None);
        assert!(app.message.starts_with("Remove which entry?"));
    }

    #[test]
    fn a_hint_selects_the_bots_reply() {
        let mut app = app();
        assert_eq!(app.handle(Key::Hint), Effect::Suggest);
        assert_eq!(app.handle(Key::Hint), Effect::Nothing, "one at a time");
        app.hint(Reply::Gap(4));
        assert_eq!(app.selected, 4);
        assert!(app.message.starts_with("Hint: gap 4"));
        // A late hint after a move is dropped.
        app.handle(Key::Hint);
        assert_eq!(app.handle(Key::Play), Effect::CancelEngine);
        let selected = app.selected;
        app.hint(Reply::Gap(0));
        assert_eq!(app.selected, selected);
    }

    #[test]
    fn quitting_asks_first_and_a_finished_game_starts_anew() {
        let mut app = app();
        app.handle(Key::Quit);
        assert_eq!(app.message, "Really quit? (y/n)");
        assert_eq!(app.handle(Key::No), Effect::Nothing);
        app.handle(Key::Quit);
        assert_eq!(app.handle(Key::Yes), Effect::Quit);
        assert_eq!(app.handle(Key::Interrupt), Effect::Quit);
        while !app.game.is_over() {
            app.handle(Key::Play);
            if app.pending_minus.is_some() {
                app.handle(Key::No);
            }
        }
        assert!(app.message.starts_with("Game over:"), "{}", app.message);
        app.handle(Key::No);
        assert_eq!(app.seed, 2);
        assert_eq!(app.moves(), 0);
    }
}
