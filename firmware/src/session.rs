//! A game in progress: its setup, the position, and the record of its
//! moves that undo replays. The record has a fixed capacity: when it is
//! full its older half is played into the position it starts from, so
//! undo reaches back at least [`RECORD`]` / 2` moves.

use atom4_core::state::{Action, MoveError, Player, Setup, Turn};
use atom4_core::Rng;

use crate::games::Chip;

/// Moves the record holds (4 bytes each).
pub const RECORD: usize = 128;

/// The bits of a record's word that hold who made the move; the action
/// is below them (every game's actions are).
const BY_SHIFT: u32 = 30;

/// Who made a move of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// The person at the serial line (a move typed, or `go`).
    Person,
    /// The engine, at its own turn.
    Engine,
    /// Chance (Atomas's draws).
    Chance,
}

/// Whose the turn is, as the console sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Player 1: the person.
    Person,
    /// The other players: the engine.
    Engine,
    /// A chance turn: the console draws.
    Chance,
    Over,
}

/// A move of the record: its action and who made it, in a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry(u32);

impl Entry {
    fn new(action: Action, by: By) -> Entry {
        Entry(action | (by as u32) << BY_SHIFT)
    }

    fn action(self) -> Action {
        self.0 & ((1 << BY_SHIFT) - 1)
    }

    fn by_person(self) -> bool {
        self.0 >> BY_SHIFT == By::Person as u32
    }
}

/// A game in progress (see the module).
#[derive(Clone, Debug)]
pub struct Session {
    setup: Setup,
    /// Where the record starts, `folded` moves from the game's start.
    start: Chip,
    folded: u32,
    now: Chip,
    record: heapless::Vec<Entry, RECORD>,
}

impl Session {
    /// A new game from `start`, set up so.
    pub fn new(start: Chip, setup: &Setup) -> Session {
        Session {
            setup: *setup,
            now: start.clone(),
            start,
            folded: 0,
            record: heapless::Vec::new(),
        }
    }

    /// Starts again from `start`, set up so, in place (a session is the
    /// largest thing the chip holds: no copy of it on the stack).
    pub fn restart(&mut self, start: Chip, setup: &Setup) {
        self.setup = *setup;
        self.start = start;
        self.now.clone_from(&self.start);
        self.folded = 0;
        self.record.clear();
    }

    /// Its setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The position now.
    pub fn now(&self) -> &Chip {
        &self.now
    }

    /// The moves played from the game's start.
    pub fn ply(&self) -> u32 {
        self.folded + self.record.len() as u32
    }

    pub fn side(&self) -> Side {
        match self.now.turn() {
            Turn::Player(p) if p == Player::ONE => Side::Person,
            Turn::Player(_) => Side::Engine,
            Turn::Chance => Side::Chance,
            Turn::Over => Side::Over,
        }
    }

    /// Plays `action` (checked: a refused move changes nothing).
    pub fn play(&mut self, action: Action, by: By) -> Result<(), MoveError> {
        self.now.play(action)?;
        if self.record.is_full() {
            // Fold the older half into the start.
            let half = RECORD / 2;
            for entry in &self.record[..half] {
                // Every move of the record was legal from the start.
                let _ = self.start.play(entry.action());
            }
            let kept = self.record.len() - half;
            self.record.copy_within(half.., 0);
            self.record.truncate(kept);
            self.folded += half as u32;
        }
        // There is room now.
        let _ = self.record.push(Entry::new(action, by));
        Ok(())
    }

    /// The engine's move for the player to move: its action (not played).
    pub fn think(&self) -> Option<Action> {
        self.now.think(u64::from(self.ply()))
    }

    /// Chance's draw at a chance turn (not played): the same draw every
    /// time at the same move of the same game, so that an undo brings the
    /// same atoms again.
    pub fn draw(&self) -> Option<Action> {
        let seed = self.setup.seed.unwrap_or(0);
        let mut rng = Rng::new(seed ^ u64::from(self.ply()).rotate_left(32));
        self.now.draw_chance(&mut rng)
    }

    /// Takes back the person's last move and every move after it; the
    /// number of moves taken back (0: the record has no move of the
    /// person's).
    pub fn undo(&mut self) -> usize {
        let Some(last) = self.record.iter().rposition(|e| e.by_person()) else {
            return 0;
        };
        let undone = self.record.len() - last;
        self.record.truncate(last);
        self.now.clone_from(&self.start);
        for entry in &self.record {
            // Every move of the record was legal from the start.
            let _ = self.now.play(entry.action());
        }
        undone
    }
}
