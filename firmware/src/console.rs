//! The console: a menu of the games, then a game against the engine, a
//! line at a time. It writes everything it says to one `fmt::Write` (the
//! serial line on the chip).
//!
//! What it prints is also what the tests read: every move on a line of
//! its own (`you play M`, `engine plays M`, `chance draws M`, in the
//! game's move text), then, when the person is asked or the game is over,
//! the board (the game's diagram, in the notation's letters) and a line
//! `position T` (the position's text).

use core::fmt::{self, Write};

use atom4_core::state::{Action, Player, Setup};

use crate::games::{Chip, SPECS};
use crate::line::LINE_CAPACITY;
use crate::session::{By, Session, Side};

/// The console's state: the game being played, if any, and its options
/// (for `new`).
pub struct Console {
    game: Option<Session>,
    game_index: usize,
    setup: Setup,
    /// The options as typed, for the new game's first line (Atropos's
    /// `size=6` reads back as it was typed, not as `6x6`).
    options: heapless::String<LINE_CAPACITY>,
}

impl Default for Console {
    fn default() -> Self {
        Console::new()
    }
}

impl Console {
    pub const fn new() -> Console {
        Console {
            game: None,
            game_index: 0,
            setup: Setup {
                size: None,
                players: None,
                rules: None,
                areas: None,
                seed: None,
            },
            options: heapless::String::new(),
        }
    }

    /// What the console says on reset: the menu and its prompt.
    pub fn greet(&mut self, out: &mut dyn Write) -> fmt::Result {
        writeln!(out, "atom4 console: five games against the engine")?;
        menu(out)?;
        self.prompt(out)
    }

    /// Reacts to one line of input, ending with the next prompt.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> fmt::Result {
        match self.game {
            None => self.choose(line, out)?,
            Some(_) => self.command(line, out)?,
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

    /// The prompt for the next line: `menu> `, `move> ` or `over> `.
    pub fn prompt(&self, out: &mut dyn Write) -> fmt::Result {
        match &self.game {
            None => write!(out, "menu> "),
            Some(game) if game.side() == Side::Over => write!(out, "over> "),
            Some(_) => write!(out, "move> "),
        }
    }

    /// A game from the menu: `NAME [name=value ...]`.
    // The console's own frames stay off the engine's way (the chip's stack
    // is its RAM): what only menus and refusals need is kept out of line.
    #[inline(never)]
    fn choose(&mut self, line: &str, out: &mut dyn Write) -> fmt::Result {
        if line.is_empty() {
            return Ok(());
        }
        let (name, options) = line.split_once(' ').unwrap_or((line, ""));
        let Some(index) = SPECS.iter().position(|s| s.name == name) else {
            writeln!(out, "error: no game {name:?}")?;
            return menu(out);
        };
        match Setup::parse(options) {
            Ok(setup) => {
                self.game_index = index;
                self.setup = setup;
                self.options.clear();
                // The line fits the line reader's buffer, so its options this one.
                let _ = self.options.push_str(options.trim());
                self.start(out)
            }
            Err(e) => {
                writeln!(out, "error: {e}")?;
                writeln!(out, "{}: {}", name, SPECS[index].options)
            }
        }
    }

    /// A new game with the options chosen last.
    #[inline(never)]
    fn start(&mut self, out: &mut dyn Write) -> fmt::Result {
        let spec = &SPECS[self.game_index];
        match Chip::start(self.game_index, &self.setup) {
            Ok(chip) => {
                match &mut self.game {
                    Some(game) => game.restart(chip, &self.setup),
                    None => first_game(&mut self.game, chip, &self.setup),
                }
                write!(out, "new game of {}", spec.name)?;
                if !self.options.is_empty() {
                    write!(out, " ({})", self.options)?;
                }
                writeln!(out, "; you are player 1; type help for the commands")?;
                self.others_play(out)
            }
            Err(e) => {
                self.game = None;
                writeln!(out, "error: {e}")?;
                writeln!(out, "{}: {}", spec.name, spec.options)
            }
        }
    }

    fn command(&mut self, line: &str, out: &mut dyn Write) -> fmt::Result {
        let Some(game) = self.game.as_mut() else {
            return Ok(());
        };
        match line {
            "" => Ok(()),
            "help" => help(out),
            "menu" => {
                self.game = None;
                menu(out)
            }
            "new" => self.start(out),
            "board" => draw(game, out),
            "moves" => moves(game, out),
            "undo" => {
                let undone = game.undo();
                if undone == 0 {
                    writeln!(out, "error: nothing to undo")?;
                } else {
                    writeln!(out, "undone: {undone} moves")?;
                }
                self.others_play(out)
            }
            "go" => {
                if game.side() != Side::Person {
                    return writeln!(out, "error: the game is over (new, undo or menu)");
                }
                match game.think() {
                    Some(action) => {
                        writeln!(out, "the engine chooses for you")?;
                        self.record(action, By::Person, out)?;
                        self.others_play(out)
                    }
                    None => writeln!(out, "error: the engine found no move"),
                }
            }
            text => {
                if game.side() != Side::Person {
                    return writeln!(out, "error: the game is over (new, undo or menu)");
                }
                match parse_move(game, text, out)? {
                    Some(action) => match self.record(action, By::Person, out) {
                        Ok(true) => self.others_play(out),
                        other => other.map(|_| ()),
                    },
                    None => Ok(()),
                }
            }
        }
    }

    /// Plays `action` and writes it (`you play M`, `engine plays M`,
    /// `chance draws M`); whether it was played (a refused move says why).
    #[inline(never)]
    fn record(&mut self, action: Action, by: By, out: &mut dyn Write) -> Result<bool, fmt::Error> {
        let Some(game) = self.game.as_mut() else {
            return Ok(false);
        };
        // The move's text as it reads before the move (Atomas's depends on
        // the atom in hand).
        let mut text = heapless::String::<MOVE_TEXT>::new();
        let _ = game.now().write_move(action, &mut text);
        match game.play(action, by) {
            Ok(()) => {
                let what = match by {
                    By::Person => "you play",
                    By::Engine => "engine plays",
                    By::Chance => "chance draws",
                };
                writeln!(out, "{what} {text}").map(|()| true)
            }
            Err(e) => {
                writeln!(out, "error: {e}")?;
                Ok(false)
            }
        }
    }

    /// The engine's and chance's moves until the person is asked or the
    /// game is over; then the board, and the result once over.
    fn others_play(&mut self, out: &mut dyn Write) -> fmt::Result {
        loop {
            let Some(game) = self.game.as_mut() else {
                return Ok(());
            };
            let (action, by) = match game.side() {
                Side::Engine => (game.think(), By::Engine),
                Side::Chance => (game.draw(), By::Chance),
                Side::Person | Side::Over => break,
            };
            let Some(action) = action else {
                writeln!(out, "error: no move found")?;
                break;
            };
            if !self.record(action, by, out)? {
                break;
            }
        }
        let Some(game) = self.game.as_ref() else {
            return Ok(());
        };
        draw(game, out)?;
        if game.side() == Side::Over {
            write!(out, "game over: ")?;
            result(game, out)?;
            writeln!(out)?;
        }
        Ok(())
    }
}

/// The longest move text: Atropos's `(c,h,l,r)`, a Gamma move on a board
/// of two-digit sides, an atom of ten digits.
const MOVE_TEXT: usize = 24;

/// The first game's session, made where it stays (apart from the console's
/// other work: its frame holds a session once).
#[inline(never)]
fn first_game(game: &mut Option<Session>, start: Chip, setup: &Setup) {
    *game = Some(Session::new(start, setup));
}

/// The person's move `text` as an action; a refused one says why.
#[inline(never)]
fn parse_move(
    game: &Session,
    text: &str,
    out: &mut dyn Write,
) -> Result<Option<Action>, fmt::Error> {
    match game.now().parse_move(text) {
        Ok(action) => Ok(Some(action)),
        Err(e) => writeln!(out, "error: {e}").map(|()| None),
    }
}

/// The person's legal moves, in the game's move text.
#[inline(never)]
fn moves(game: &Session, out: &mut dyn Write) -> fmt::Result {
    if game.side() != Side::Person {
        return writeln!(out, "error: it is not your turn");
    }
    write!(out, "moves:")?;
    let now = game.now();
    let mut result = Ok(());
    now.legal_actions(&mut |a| {
        result = result
            .and_then(|()| out.write_char(' '))
            .and_then(|()| now.write_move(a, out));
    });
    result?;
    writeln!(out)
}

#[inline(never)]
fn menu(out: &mut dyn Write) -> fmt::Result {
    writeln!(out, "games (type a name, then options name=value if any):")?;
    for spec in &SPECS {
        writeln!(out, "  {:<8} {}", spec.name, spec.options)?;
    }
    Ok(())
}

#[inline(never)]
fn help(out: &mut dyn Write) -> fmt::Result {
    writeln!(
        out,
        "a move in the game's text plays it; the engine replies"
    )?;
    writeln!(out, "moves: your legal moves; go: the engine plays for you")?;
    writeln!(out, "undo: take back your last move and the replies")?;
    writeln!(out, "board: draw the position again")?;
    writeln!(
        out,
        "new: a new game with the same options; menu: the games"
    )
}

/// The board, the position's text and whose turn it is.
#[inline(never)]
fn draw(game: &Session, out: &mut dyn Write) -> fmt::Result {
    let now = game.now();
    now.write_diagram(out)?;
    write!(out, "position ")?;
    now.write_text(out)?;
    writeln!(out)?;
    if game.side() == Side::Person {
        writeln!(out, "your move (player 1)")?;
    }
    Ok(())
}

/// Who won, or the score (Atomas).
#[inline(never)]
fn result(game: &Session, out: &mut dyn Write) -> fmt::Result {
    let now = game.now();
    let players = now.players();
    let value = |i: usize| Player::new(i).map_or(0.0, |p| now.returns(p));
    if players == 1 {
        // Atomas's score, a whole number (printed without float
        // formatting, which would cost the flash 15 KB).
        return write!(out, "score {}", value(0) as u64);
    }
    let best = (0..players).map(value).fold(f64::NEG_INFINITY, f64::max);
    let winners = (0..players).filter(|&i| value(i) == best).count();
    if winners == players {
        return write!(out, "a draw");
    }
    let mut sep = if winners == 1 { "player " } else { "players " };
    for i in (0..players).filter(|&i| value(i) == best) {
        write!(out, "{sep}{}", i + 1)?;
        sep = ", ";
    }
    let you = value(0) == best;
    match (winners, you) {
        (1, true) => write!(out, " wins (you)"),
        (1, false) => write!(out, " wins (the engine)"),
        (_, true) => write!(out, " share the win (you among them)"),
        (_, false) => write!(out, " share the win"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;
    use std::vec::Vec;

    /// Runs `lines` through a new console; returns what it said.
    fn session(lines: &[&str]) -> String {
        let mut console = Console::new();
        let mut out = String::new();
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

    /// The first move `moves` listed last in `out` (Gamma's golden moves
    /// and Atomas's `2 y` have a space; the first move never needs one).
    fn first_listed(out: &str) -> String {
        let listed = out.lines().rfind(|l| l.starts_with("moves: ")).unwrap();
        listed["moves: ".len()..]
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    }

    #[test]
    fn the_menu_lists_the_five_games_in_the_registrys_order() {
        let out = session(&[]);
        let names: Vec<&str> = out
            .lines()
            .filter_map(|l| l.strip_prefix("  "))
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        assert_eq!(names, ["atom4", "atropos", "chain", "gamma", "atomas"]);
        assert!(out.ends_with("menu> "), "{out}");
    }

    /// In every game: a move from the listed ones is played, the others
    /// reply (the engine, chance), and undo goes back to where the person
    /// was asked.
    #[test]
    fn every_game_plays_a_move_gets_the_replies_and_undoes_them() {
        for start in [
            "atom4 size=7x6",
            "atropos size=4",
            "chain size=4x4",
            "gamma size=5x4 players=2",
            "atomas seed=3",
        ] {
            let begun = session(&[start, "moves"]);
            let mv = first_listed(&begun);
            let out = session(&[start, &mv, "undo"]);
            let (name, options) = start.split_once(' ').unwrap();
            let named = format!("new game of {name} ({options}); you are player 1");
            assert!(out.contains(&named), "{start}: {out}");
            let p = positions(&out);
            assert!(p.len() >= 3, "{start}: {out}");
            assert_eq!(p[p.len() - 1], p[0], "{start}: {out}");
            assert!(out.contains(&format!("you play {mv}\n")), "{start}: {out}");
            assert!(out.contains("undone: "), "{start}: {out}");
            let replied = out.contains("engine plays ") || out.contains("chance draws ");
            assert!(replied, "{start}: {out}");
            assert!(out.ends_with("move> "), "{start}: {out}");
        }
    }

    #[test]
    fn a_move_gets_the_engine_reply_and_undo_takes_both_back() {
        let out = session(&["atom4 size=7x6", "2,1", "undo"]);
        let p = positions(&out);
        // The start, after the reply, after the undo.
        assert_eq!(p.len(), 3, "{out}");
        assert_eq!(
            p[0],
            "......./......./..gp.../......./......./....... r 1 0-0 *"
        );
        assert_eq!(p[2], p[0], "{out}");
        assert!(out.contains("undone: 2 moves"), "{out}");
        assert_eq!(out.matches("engine plays ").count(), 1, "{out}");
    }

    #[test]
    fn refused_moves_and_options_say_why_and_change_nothing() {
        let out = session(&[
            "atom4 size=1x1",
            "atom4 size=17x4",
            "chess",
            "gamma size=16x16",
            "atom4 colour=red",
            "atom4 size=7x6",
            "3,2",
            "9,9",
            "x",
            "undo",
        ]);
        assert_eq!(out.matches("error: ").count(), 9, "{out}");
        assert!(out.contains("error: no game \"chess\""), "{out}");
        assert!(out.contains("does not fit the chip"), "{out}");
        assert!(out.contains("error: nothing to undo"), "{out}");
        // The start, and again after the refused undo.
        let p = positions(&out);
        assert_eq!(p.len(), 2, "{out}");
        assert!(p.iter().all(|&x| x == p[0]), "{out}");
    }

    #[test]
    fn new_restarts_with_the_same_options_and_menu_goes_back() {
        let out = session(&["chain size=3x3", "0,0", "new", "menu", "atropos"]);
        let p = positions(&out);
        assert!(p.len() >= 4, "{out}");
        assert_ne!(p[1], p[0], "{out}");
        assert_eq!(p[2], p[0], "{out}");
        assert!(out.contains("new game of atropos;"), "{out}");
        assert!(out.contains("new game of chain (size=3x3);"), "{out}");
        assert_eq!(out.matches("menu> ").count(), 2, "{out}");
    }

    #[test]
    fn a_game_played_to_its_end_says_who_won() {
        // Chain Reaction on a small board: the engine plays both sides.
        let mut lines = std::vec!["chain size=3x3"];
        lines.extend(std::iter::repeat_n("go", 40));
        let out = session(&lines);
        assert!(out.contains("game over: player "), "{out}");
        assert!(out.ends_with("over> "), "{out}");
        assert!(out.contains("error: the game is over"), "{out}");
    }
}
