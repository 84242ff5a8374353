//! Atom-4 in the console: the person plays player 1, the strong engine
//! player 2, one round on a board of the person's size.

use core::fmt::{self, Write};

use atom4_core::atom4::{Atom4, Diagram, Player, Status, StrongEval, StrongSearch, Weights};
use atom4_core::search::{Entry, Limits};
use atom4_core::Cell;

use crate::game::{reason, reason_str, EngineError, Playable, Reason, Turn};

/// The strong engine's transposition table: 512 slots of 8 bytes, 4 KiB.
pub const TABLE_SLOTS: usize = 512;
/// The engine's search: depth 4 (about 8 KiB of stack), at most this many
/// nodes.
pub const DEPTH: u8 = 4;
pub const NODES: u64 = 50_000;

/// The game: its start, the moves since (undo replays them), and the
/// engine's table.
pub struct Atom4Game<'t> {
    start: Atom4,
    game: Atom4,
    moves: heapless::Vec<Cell, 256>,
    table: &'t mut [Entry<Cell>],
}

impl<'t> Atom4Game<'t> {
    pub fn new(table: &'t mut [Entry<Cell>]) -> Atom4Game<'t> {
        Atom4Game {
            start: Atom4::standard(),
            game: Atom4::standard(),
            moves: heapless::Vec::new(),
            table,
        }
    }
}

/// Reads `x,y`.
fn parse_cell(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    Cell::new(x.trim().parse().ok()?, y.trim().parse().ok()?)
}

impl Playable for Atom4Game<'_> {
    fn name(&self) -> &'static str {
        "atom4"
    }

    fn describe_options(&self, out: &mut dyn Write) -> fmt::Result {
        write!(
            out,
            "[WIDTH HEIGHT] (2 to 16 each, default 16 16); you play player 1"
        )
    }

    fn start(&mut self, options: &str) -> Result<(), Reason> {
        let mut words = options.split_whitespace();
        let size = match (words.next(), words.next(), words.next()) {
            (None, _, _) => (16, 16),
            (Some(w), Some(h), None) => match (w.parse(), h.parse()) {
                (Ok(w), Ok(h)) => (w, h),
                _ => return Err(reason_str("the size is two numbers: WIDTH HEIGHT")),
            },
            _ => return Err(reason_str("the size is two numbers: WIDTH HEIGHT")),
        };
        let game = Atom4::new(size.0, size.1).map_err(|e| reason(&e))?;
        self.start = game;
        self.game = game;
        self.moves.clear();
        Ok(())
    }

    fn turn(&self) -> Turn {
        match self.game.current_player() {
            None => Turn::Over,
            Some(p) if p == Player::ONE => Turn::Person,
            Some(_) => Turn::Engine,
        }
    }

    fn draw(&self, out: &mut dyn Write) -> fmt::Result {
        write!(out, "{}", Diagram(self.game.board()))?;
        writeln!(out, "position {}", self.game)
    }

    fn play(&mut self, text: &str) -> Result<(), Reason> {
        let cell = parse_cell(text).ok_or_else(|| reason_str("a move is a cell x,y"))?;
        self.game.play(cell).map_err(|e| reason(&e))?;
        // A round has at most 256 moves: a cell each.
        let _ = self.moves.push(cell);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        let mut game = self.start;
        for &cell in &self.moves {
            // The moves were legal when played, from the same start.
            let _ = game.play(cell);
        }
        self.game = game;
        true
    }

    fn engine_move(&mut self, out: &mut dyn Write) -> Result<(), EngineError> {
        let limits = Limits {
            depth: DEPTH,
            nodes: NODES,
            seed: self.moves.len() as u64,
        };
        let mut search = StrongSearch::new(&mut *self.table, StrongEval::new(Weights::DEFAULT));
        let cell = search
            .run(&self.game, limits, &mut ())
            .best
            .ok_or(EngineError::NoMove)?;
        self.game.play(cell).map_err(|_| EngineError::NoMove)?;
        let _ = self.moves.push(cell);
        write!(out, "{cell}")?;
        Ok(())
    }

    fn result(&self, out: &mut dyn Write) -> fmt::Result {
        let [s1, s2] = self.game.scores();
        match self.game.status() {
            Status::Won(p) if p == Player::ONE => write!(out, "you win")?,
            Status::Won(_) => write!(out, "the engine wins")?,
            _ => write!(out, "stalemate: the board is full")?,
        }
        write!(out, " (score {s1}-{s2})")
    }

    fn move_help(&self) -> &'static str {
        "a cell x,y, 0-based from the top left"
    }
}
