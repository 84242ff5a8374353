//! The interactive mode's game (spec section 6), without a terminal: keys
//! in, the board, the cursor, whose turn it is and a message out.
//!
//! Player 1 starts, the cursor in the middle cell. A move, a golden move or
//! a skip passes the turn to the next player (`p+1, ..., p` last) who has
//! a free field or a possible golden move; when nobody has, the game is
//! over. A refused move changes nothing and says why.

use std::fmt::Write as _;

use atom4_core::gamma::{BoardText, Gamma, MoveError};

use super::keys::Key;

/// Whether the game goes on after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// Nobody can move any more, or Ctrl-D ended the game.
    Over,
}

/// A game in the interactive mode.
#[derive(Debug)]
pub struct Interactive<'m> {
    game: Gamma<'m>,
    x: u32,
    y: u32,
    /// The player on turn; `None` once the game is over.
    player: Option<u32>,
    /// What the last key did, when it needs saying.
    pub message: String,
}

impl<'m> Interactive<'m> {
    /// Player 1 on turn, the cursor on the middle cell.
    pub fn new(game: Gamma<'m>) -> Interactive<'m> {
        let (x, y) = ((game.width() - 1) / 2, (game.height() - 1) / 2);
        let mut interactive = Interactive {
            game,
            x,
            y,
            player: None,
            message: String::new(),
        };
        interactive.player = interactive.first_who_can_act(1);
        interactive
    }

    pub fn game(&self) -> &Gamma<'m> {
        &self.game
    }

    /// The player on turn, `None` once the game is over.
    pub fn player(&self) -> Option<u32> {
        self.player
    }

    /// The cursor's cell `(x, y)`.
    pub fn cursor(&self) -> (u32, u32) {
        (self.x, self.y)
    }

    /// Does what `key` asks; at the board's edge an arrow does nothing.
    pub fn handle(&mut self, key: Key) -> Flow {
        let Some(player) = self.player else {
            return Flow::Over;
        };
        let (w, h) = (self.game.width(), self.game.height());
        match key {
            Key::Up if self.y + 1 < h => self.y += 1,
            Key::Down if self.y > 0 => self.y -= 1,
            Key::Right if self.x + 1 < w => self.x += 1,
            Key::Left if self.x > 0 => self.x -= 1,
            Key::Up | Key::Down | Key::Left | Key::Right => {}
            Key::Move | Key::Golden => {
                let golden = key == Key::Golden;
                if let Err(why) = self.make(player, self.x, self.y, golden) {
                    let kind = if golden { "golden move" } else { "move" };
                    self.message = format!(
                        "Player {player}: no {kind} on ({}, {}): {why}",
                        self.x, self.y
                    );
                }
            }
            Key::Skip => {
                self.message = format!("Player {player} skipped the turn");
                self.pass_turn(player);
            }
            Key::End => self.player = None,
        }
        if self.player.is_some() {
            Flow::Continue
        } else {
            Flow::Over
        }
    }

    /// Makes a move or golden move of the player on turn on `(x, y)` and
    /// passes the turn (the computer's moves come this way).
    pub fn make(&mut self, player: u32, x: u32, y: u32, golden: bool) -> Result<(), MoveError> {
        if self.player != Some(player) {
            return Err(MoveError::BadPlayer);
        }
        if golden {
            self.game.golden_move(player, x, y)?;
        } else {
            self.game.play(player, x, y)?;
        }
        self.message.clear();
        self.pass_turn(player);
        Ok(())
    }

    /// The turn goes to the next player who can act after `player`.
    fn pass_turn(&mut self, player: u32) {
        let players = self.game.players();
        self.player = self.first_who_can_act(player % players + 1);
    }

    /// The first player from `from` on (wrapping round, all of them) who
    /// has a free field or a golden move.
    fn first_who_can_act(&mut self, from: u32) -> Option<u32> {
        let players = self.game.players();
        (0..players)
            .map(|step| (from - 1 + step) % players + 1)
            .find(|&q| self.game.free_fields(q) > 0 || self.game.golden_possible(q))
    }

    /// The prompt line: `PLAYER p BUSY FREE`, and ` G` when the player has
    /// a golden move.
    pub fn prompt(&mut self) -> String {
        let Some(p) = self.player else {
            return "GAME OVER".to_string();
        };
        let mut line = format!(
            "PLAYER {p} {} {}",
            self.game.busy_fields(p),
            self.game.free_fields(p)
        );
        if self.game.golden_possible(p) {
            line.push_str(" G");
        }
        line
    }

    /// What the program prints at the end: the board as `gamma_board`
    /// gives it, then `PLAYER p BUSY` for every player.
    pub fn summary(&self) -> String {
        let mut text = BoardText(&self.game).to_string();
        for p in 1..=self.game.players() {
            let _ = writeln!(text, "PLAYER {p} {}", self.game.busy_fields(p));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(game: &mut Interactive<'_>, keys: &[Key]) -> Flow {
        let mut flow = Flow::Continue;
        for &k in keys {
            flow = game.handle(k);
        }
        flow
    }

    #[test]
    fn a_game_of_two_on_a_row_of_three() {
        let mut memory = vec![0; Gamma::memory_words(3, 1, 2).unwrap()];
        let game = Gamma::new(3, 1, 2, 1, &mut memory).unwrap();
        let mut play = Interactive::new(game);
        assert_eq!(play.cursor(), (1, 0));
        assert_eq!(play.prompt(), "PLAYER 1 0 3");
        assert_eq!(
            keys(&mut play, &[Key::Up, Key::Down, Key::Move]),
            Flow::Continue
        );
        assert_eq!(play.player(), Some(2));
        // The same cell again: refused, player 2 stays on turn.
        play.handle(Key::Move);
        assert_eq!(play.player(), Some(2));
        assert!(play.message.contains("taken"), "{}", play.message);
        assert_eq!(play.prompt(), "PLAYER 2 0 2 G");
        keys(&mut play, &[Key::Left, Key::Left, Key::Move]);
        assert_eq!(play.player(), Some(1));
        keys(&mut play, &[Key::Skip]);
        // Player 2: no free field, a golden move on (1,0).
        assert_eq!(play.prompt(), "PLAYER 2 1 0 G");
        keys(&mut play, &[Key::Right, Key::Golden]);
        assert_eq!(play.player(), Some(1));
        keys(&mut play, &[Key::Right, Key::Move]);
        // 2 can do nothing: 1 again, with its golden move.
        assert_eq!(play.player(), Some(1));
        assert_eq!(keys(&mut play, &[Key::Left, Key::Golden]), Flow::Over);
        assert_eq!(play.summary(), "211\nPLAYER 1 2\nPLAYER 2 1\n");
        assert_eq!(play.handle(Key::Move), Flow::Over);
    }

    #[test]
    fn ctrl_d_ends_at_once() {
        let mut memory = vec![0; Gamma::memory_words(4, 4, 3).unwrap()];
        let game = Gamma::new(4, 4, 3, 2, &mut memory).unwrap();
        let mut play = Interactive::new(game);
        assert_eq!(play.cursor(), (1, 1));
        assert_eq!(play.handle(Key::End), Flow::Over);
        assert_eq!(play.player(), None);
        assert_eq!(
            play.summary(),
            "....\n....\n....\n....\nPLAYER 1 0\nPLAYER 2 0\nPLAYER 3 0\n"
        );
    }
}
