//! The console: a menu of the games, then a game against the engine, a
//! line at a time. It writes everything it says to one `fmt::Write` (the
//! serial line on the chip).

use core::fmt::{self, Write};

use heapless::String;

use crate::game::{EngineError, Playable, Turn};
use crate::line::LINE_CAPACITY;

/// The console's state: the games, and the one being played.
pub struct Console<'g> {
    games: &'g mut [&'g mut dyn Playable],
    playing: Option<usize>,
    /// The options of the game being played, for `new`.
    options: String<LINE_CAPACITY>,
}

impl<'g> Console<'g> {
    pub fn new(games: &'g mut [&'g mut dyn Playable]) -> Console<'g> {
        Console {
            games,
            playing: None,
            options: String::new(),
        }
    }

    /// What the console says on reset: the menu and its prompt.
    pub fn greet(&mut self, out: &mut dyn Write) -> fmt::Result {
        writeln!(out, "atom4 console: play against the engine")?;
        self.menu(out)?;
        self.prompt(out)
    }

    /// Reacts to one line of input, ending with the next prompt.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> fmt::Result {
        match self.playing {
            None => self.choose(line, out)?,
            Some(g) => self.command(g, line, out)?,
        }
        self.prompt(out)
    }

    /// Answers a line that was too long or lost bytes.
    pub fn refuse(&mut self, out: &mut dyn Write) -> fmt::Result {
        writeln!(
            out,
            "error: line too long (at most {LINE_CAPACITY} characters) or garbled"
        )?;
        self.prompt(out)
    }

    fn menu(&self, out: &mut dyn Write) -> fmt::Result {
        writeln!(out, "games (type a name, then options if any):")?;
        for game in self.games.iter() {
            write!(out, "  {:<8} ", game.name())?;
            game.describe_options(out)?;
            writeln!(out)?;
        }
        Ok(())
    }

    /// The prompt for the next line: `menu> `, `move> ` or `over> `.
    pub fn prompt(&self, out: &mut dyn Write) -> fmt::Result {
        match self.playing {
            None => write!(out, "menu> "),
            Some(g) => match self.games[g].turn() {
                Turn::Over => write!(out, "over> "),
                _ => write!(out, "move> "),
            },
        }
    }

    fn choose(&mut self, line: &str, out: &mut dyn Write) -> fmt::Result {
        if line.is_empty() {
            return Ok(());
        }
        let (name, options) = line.split_once(' ').unwrap_or((line, ""));
        let Some(g) = self.games.iter().position(|game| game.name() == name) else {
            writeln!(out, "error: no game {name:?}")?;
            return self.menu(out);
        };
        self.options.clear();
        // An options text longer than a line cannot come in.
        let _ = self.options.push_str(options.trim());
        self.start(g, out)
    }

    fn start(&mut self, g: usize, out: &mut dyn Write) -> fmt::Result {
        let game = &mut *self.games[g];
        match game.start(&self.options) {
            Ok(()) => {
                self.playing = Some(g);
                writeln!(
                    out,
                    "new game of {}; type help for the commands",
                    game.name()
                )?;
                game.draw(out)?;
                self.engine_turns(g, out)
            }
            Err(e) => {
                writeln!(out, "error: {e}")?;
                write!(out, "{}: ", game.name())?;
                game.describe_options(out)?;
                writeln!(out)
            }
        }
    }

    fn command(&mut self, g: usize, line: &str, out: &mut dyn Write) -> fmt::Result {
        match line {
            "" => Ok(()),
            "help" => {
                let game = &*self.games[g];
                writeln!(
                    out,
                    "a move ({}) plays it; the engine replies",
                    game.move_help()
                )?;
                writeln!(out, "undo: take back your last move and the reply")?;
                writeln!(out, "board: draw the position again")?;
                writeln!(
                    out,
                    "new: a new game with the same options; menu: the games"
                )
            }
            "menu" => {
                self.playing = None;
                self.menu(out)
            }
            "new" => self.start(g, out),
            "board" => self.games[g].draw(out),
            "undo" => {
                let game = &mut *self.games[g];
                let mut undone = false;
                while game.undo() {
                    undone = true;
                    if game.turn() == Turn::Person {
                        break;
                    }
                }
                if !undone {
                    writeln!(out, "error: nothing to undo")?;
                }
                game.draw(out)?;
                self.engine_turns(g, out)
            }
            text => {
                let game = &mut *self.games[g];
                if game.turn() != Turn::Person {
                    return writeln!(out, "error: the game is over (new, undo or menu)");
                }
                match game.play(text) {
                    Ok(()) => {
                        game.draw(out)?;
                        self.engine_turns(g, out)
                    }
                    Err(e) => writeln!(out, "error: {e}"),
                }
            }
        }
    }

    /// Lets the engine play while it is its turn, then tells the result if
    /// the game is over.
    fn engine_turns(&mut self, g: usize, out: &mut dyn Write) -> fmt::Result {
        let game = &mut *self.games[g];
        while game.turn() == Turn::Engine {
            write!(out, "engine plays ")?;
            match game.engine_move(out) {
                Ok(()) => writeln!(out)?,
                Err(EngineError::Output) => return Err(fmt::Error),
                Err(EngineError::NoMove) => return writeln!(out, "nothing: it found no move"),
            }
            game.draw(out)?;
        }
        if game.turn() == Turn::Over {
            write!(out, "game over: ")?;
            game.result(out)?;
            writeln!(out)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom4::{Atom4Game, TABLE_SLOTS};
    use atom4_core::search::Entry;

    /// Runs `lines` through a console with Atom-4; returns what it said.
    fn session(lines: &[&str]) -> std::string::String {
        let mut table = vec![Entry::EMPTY; TABLE_SLOTS];
        let mut atom4 = Atom4Game::new(&mut table);
        let mut games: [&mut dyn Playable; 1] = [&mut atom4];
        let mut console = Console::new(&mut games);
        let mut out = std::string::String::new();
        console.greet(&mut out).unwrap();
        for line in lines {
            out.push_str(line);
            out.push('\n');
            console.handle(line, &mut out).unwrap();
        }
        out
    }

    fn positions(text: &str) -> Vec<&str> {
        text.lines()
            .filter_map(|l| l.strip_prefix("position "))
            .collect()
    }

    #[test]
    fn a_move_gets_the_engine_reply_and_undo_takes_both_back() {
        let out = session(&["atom4 7 6", "2,1", "undo"]);
        let p = positions(&out);
        // The start, after the move, after the reply, after the undo.
        assert_eq!(p.len(), 4, "{out}");
        assert_eq!(
            p[0],
            "......./......./..gp.../......./......./....... r 1 0-0 *"
        );
        assert_eq!(p[3], p[0], "{out}");
        assert_eq!(out.matches("engine plays ").count(), 1, "{out}");
        assert!(out.ends_with("move> "), "{out}");
    }

    #[test]
    fn refused_moves_and_options_say_why_and_change_nothing() {
        let out = session(&[
            "atom4 7",
            "atom4 1 1",
            "chess",
            "atom4 7 6",
            "3,2",
            "9,9",
            "x",
            "undo",
        ]);
        assert!(out.contains("error: the size is two numbers"), "{out}");
        assert!(out.contains("error: no game \"chess\""), "{out}");
        assert!(
            out.contains("error: that cell is already occupied"),
            "{out}"
        );
        assert!(
            out.contains("error: that cell is not on the board"),
            "{out}"
        );
        assert!(out.contains("error: a move is a cell x,y"), "{out}");
        assert!(out.contains("error: nothing to undo"), "{out}");
        let p = positions(&out);
        assert!(p.iter().all(|&x| x == p[0]), "{out}");
    }

    #[test]
    fn new_restarts_with_the_same_options_and_menu_goes_back() {
        let out = session(&["atom4 5 4", "2,0", "new", "menu", "atom4"]);
        let p = positions(&out);
        assert_eq!(p[0], "...../.gp../...../..... r 1 0-0 *");
        assert_ne!(p[1], p[0], "{out}");
        assert_eq!(p[3], p[0], "{out}");
        assert_eq!(
            p[4].len(),
            16 * 16 + 15 + 10,
            "the default 16 x 16: {}",
            p[4]
        );
        assert_eq!(out.matches("menu> ").count(), 2, "{out}");
    }
}
