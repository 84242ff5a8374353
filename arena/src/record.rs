//! The saved game of every game: one versioned text file that names the
//! game, its setup, the seats the computer plays, where it starts and the
//! moves since (each in the game's own move text, chance's draws
//! included), so that `--load` resumes it as it was.
//!
//! ```text
//! atom4 record 2
//! game chain
//! setup size=4x4 players=3 rules=classic
//! computer 2,3
//! start classic 3 ..../..../..../.... a 0 - *
//! move 0,0
//! move 3,3
//! ```
//!
//! `draws N` keeps the state of a game's chance generator (Atomas's
//! atoms to come). Lines that begin with `#` are comments (the match
//! runner names each seat's engine and the result there). The first
//! records, `atom4 record 1` (Atom-4) and `atom4 chain record 1` (Chain
//! Reaction: a start and a line of moves), are still read.

use std::fmt;

use atom4_core::registry::{AnyState, GameId};
use atom4_core::state::{Action, Setup};

use crate::seats::Seats;

/// The first line of a record.
pub const HEADER: &str = "atom4 record 2";

/// The first records' headers, and their games.
const OLD_HEADERS: [(&str, &str); 2] = [
    ("atom4 record 1", "atom4"),
    ("atom4 chain record 1", "chain"),
];

/// The most moves a record holds: far beyond any real game (a classic
/// Chain Reaction game has at most 705 moves; Atomas games rarely reach
/// 10,000 draws and replies).
pub const MAX_MOVES: usize = 100_000;

/// A game as saved: its start, the seats the computer plays, the chance
/// generator, and the actions played since the start.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub start: AnyState,
    /// `None` when the record does not say (the first records).
    pub seats: Option<Seats>,
    pub draws: Option<u64>,
    pub moves: Vec<Action>,
    /// Lines written after the header as `# ...` comments (never read back).
    pub comments: Vec<String>,
}

impl Record {
    pub fn new(start: AnyState) -> Record {
        Record {
            start,
            seats: None,
            draws: None,
            moves: Vec::new(),
            comments: Vec::new(),
        }
    }

    /// The position after every move.
    pub fn end(&self) -> AnyState {
        let mut state = self.start.clone();
        for &action in &self.moves {
            // Every move was checked when it was read or played.
            let _ = state.play(action);
        }
        state
    }

    /// Reads a record, checking that every move replays.
    pub fn parse(text: &str) -> Result<Record, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(n, line)| (n + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
        let (mut game, old) = match lines.next() {
            Some((_, HEADER)) => (None, false),
            Some((_, line)) => match OLD_HEADERS.iter().find(|(h, _)| *h == line) {
                Some(&(_, name)) => (Some((1, name.to_string())), true),
                None => return Err(not_a_record()),
            },
            None => return Err(not_a_record()),
        };
        let mut setup = None;
        let mut start = None;
        let mut seats = None;
        let mut draws = None;
        let mut moves: Vec<(usize, &str)> = Vec::new();
        for (n, line) in lines {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let value = value.trim();
            let at = |e: &dyn fmt::Display| format!("line {n}: {e}");
            match (key, old) {
                ("game", false) => game = Some((n, value.to_string())),
                ("setup", false) => setup = Some((n, value)),
                ("computer", false) => seats = Some(value.parse::<Seats>().map_err(|e| at(&e))?),
                ("draws", false) => {
                    draws = Some(
                        value
                            .parse::<u64>()
                            .map_err(|_| at(&"draws is a whole number"))?,
                    )
                }
                ("start", _) => start = Some((n, value)),
                ("move", false) => moves.push((n, value)),
                ("moves", true) => moves.extend(value.split_whitespace().map(|m| (n, m))),
                _ => {
                    return Err(at(&format_args!(
                        "expected {}, found {:?}",
                        if old {
                            "`start` or `moves`"
                        } else {
                            "`game`, `setup`, `computer`, `draws`, `start` or `move`"
                        },
                        crate::output::excerpt(line, 80)
                    )))
                }
            }
            if moves.len() > MAX_MOVES {
                return Err(at(&format_args!("more than {MAX_MOVES} moves")));
            }
        }
        let (n, name) = game.ok_or("no `game` line")?;
        let id: GameId = name.parse().map_err(|e| format!("line {n}: {e}"))?;
        let setup = match setup {
            Some((n, text)) => Some((n, Setup::parse(text).map_err(|e| format!("line {n}: {e}"))?)),
            None => None,
        };
        let start = match (start, setup) {
            (Some((n, text)), setup) => {
                let state = id.from_text(text).map_err(|e| format!("line {n}: {e}"))?;
                // The setup may leave parameters to their defaults.
                let same =
                    |setup: &Setup| id.start(setup).is_ok_and(|s| s.setup() == state.setup());
                if let Some((m, _)) = setup.filter(|(_, setup)| !same(setup)) {
                    return Err(format!(
                        "line {m}: the start (line {n}) is not a game of this setup: its own is {:?}",
                        state.setup().to_string()
                    ));
                }
                state
            }
            (None, Some((n, setup))) => id.start(&setup).map_err(|e| format!("line {n}: {e}"))?,
            (None, None) => return Err("no `start` line".into()),
        };
        if let Some(seats) = &seats {
            seats.check(start.players())?;
        }
        let mut record = Record {
            seats,
            draws,
            moves: Vec::with_capacity(moves.len()),
            start: start.clone(),
            comments: Vec::new(),
        };
        let mut state = start;
        for (i, (n, text)) in moves.into_iter().enumerate() {
            let action = state
                .parse_move(text)
                .and_then(|a| state.play(a).map(|()| a))
                .map_err(|e| format!("line {n}: move {} ({text}): {e}", i + 1))?;
            record.moves.push(action);
        }
        Ok(record)
    }
}

fn not_a_record() -> String {
    format!("line 1: expected {HEADER:?}: not a saved game")
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{HEADER}")?;
        for comment in &self.comments {
            writeln!(f, "# {comment}")?;
        }
        writeln!(f, "game {}", self.start.game())?;
        writeln!(f, "setup {}", self.start.setup())?;
        writeln!(f, "computer {}", self.seats.unwrap_or_default())?;
        if let Some(draws) = self.draws {
            writeln!(f, "draws {draws}")?;
        }
        writeln!(f, "start {}", self.start)?;
        let mut state = self.start.clone();
        let mut text = String::new();
        for &action in &self.moves {
            text.clear();
            state.write_move(action, &mut text)?;
            writeln!(f, "move {text}")?;
            let _ = state.play(action);
        }
        Ok(())
    }
}

/// A move's text in `state`'s notation.
pub fn move_text(state: &AnyState, action: Action) -> String {
    let mut text = String::new();
    let _ = state.write_move(action, &mut text);
    text
}

/// A record's lines, for records written by hand in tests.
#[cfg(test)]
fn lines(text: &[&str]) -> String {
    text.iter().map(|line| format!("{line}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(game: &str, setup: &str) -> AnyState {
        AnyState::start(game, &Setup::parse(setup).unwrap()).unwrap()
    }

    /// Plays the first legal action (or draws chance's first outcome)
    /// `n` times.
    fn played(mut state: AnyState, n: usize) -> (AnyState, Vec<Action>) {
        let mut moves = Vec::new();
        for _ in 0..n {
            let mut first = None;
            state.legal_actions(&mut |a| {
                first = first.or(Some(a));
            });
            state.chance_outcomes(&mut |a, _| {
                first = first.or(Some(a));
            });
            let Some(a) = first else { break };
            state.play(a).unwrap();
            moves.push(a);
        }
        (state, moves)
    }

    #[test]
    fn every_game_round_trips_with_its_seats_and_moves() {
        for (game, setup, seats) in [
            ("atom4", "size=6x4", "2"),
            ("chain", "size=4x4 players=3", "2,3"),
            ("atropos", "size=5", "1"),
            ("gamma", "size=5x4 players=3 areas=2", "none"),
            ("atomas", "seed=3", "1"),
        ] {
            let begin = start(game, setup);
            let (end, moves) = played(begin.clone(), 7);
            let record = Record {
                start: begin,
                seats: Some(seats.parse().unwrap()),
                draws: Some(99),
                moves,
                comments: Vec::new(),
            };
            let text = record.to_string();
            assert!(
                text.starts_with(&format!("{HEADER}\ngame {game}\n")),
                "{text}"
            );
            assert!(text.contains(&format!("\ncomputer {seats}\n")), "{text}");
            let back = Record::parse(&text).unwrap();
            assert_eq!(back, record, "{text}");
            assert_eq!(back.end(), end);
        }
    }

    #[test]
    fn comments_are_written_and_skipped() {
        let (_, moves) = played(start("atom4", "size=6x4"), 3);
        let record = Record {
            comments: vec!["engine 1 classic:2 in seat 2".into()],
            moves,
            ..Record::new(start("atom4", "size=6x4"))
        };
        let text = record.to_string();
        assert!(
            text.starts_with(&format!(
                "{HEADER}\n# engine 1 classic:2 in seat 2\ngame atom4\n"
            )),
            "{text}"
        );
        let text = text.replace("\nmove ", "\n  # a comment anywhere\nmove ");
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.moves, record.moves);
        assert!(back.comments.is_empty());
    }

    #[test]
    fn a_setup_without_a_start_starts_the_game() {
        let text = lines(&[HEADER, "game chain", "setup size=3x3 players=2", "move 1,1"]);
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.start, start("chain", "size=3x3 players=2"));
        assert_eq!((record.seats, record.moves.len()), (None, 1));
    }

    #[test]
    fn the_first_records_are_still_read() {
        let atom4 = "atom4 record 1\nstart ....../..gp../....../...... r 1 0-0 *\nmoves 3,2 2,2\n";
        let record = Record::parse(atom4).unwrap();
        assert_eq!(
            (record.start.game(), record.moves.len()),
            (GameId::Atom4, 2)
        );
        let chain =
            "atom4 chain record 1\nstart classic 2 1a2b./2b3b2b/1a2b. a 12 - *\nmoves 2,2\n";
        let record = Record::parse(chain).unwrap();
        assert_eq!(
            (record.start.game(), record.moves.len()),
            (GameId::Chain, 1)
        );
        // Their keys only.
        let e = Record::parse("atom4 record 1\ngame chain\n").unwrap_err();
        assert!(e.starts_with("line 2: expected `start` or `moves`"), "{e}");
    }

    #[test]
    fn bad_records_say_where() {
        let head = |rest: &[&str]| {
            let mut all = vec![
                HEADER,
                "game chain",
                "setup size=3x3 players=2 rules=classic",
            ];
            all.extend_from_slice(rest);
            lines(&all)
        };
        for (text, want) in [
            (
                "hello".to_string(),
                "line 1: expected \"atom4 record 2\": not a saved game",
            ),
            (String::new(), "not a saved game"),
            (lines(&[HEADER, "setup size=3x3"]), "no `game` line"),
            (
                lines(&[HEADER, "game go", "start x"]),
                "line 2: no such game",
            ),
            (lines(&[HEADER, "game chain"]), "no `start` line"),
            (head(&["move 9,9"]), "line 4: move 1 (9,9):"),
            (
                head(&["move 1,1", "move 1,1"]),
                "line 5: move 2 (1,1): that cell holds another player's orbs",
            ),
            (
                head(&["computer 3"]),
                "--computer 3: this game has 2 players",
            ),
            (head(&["computer x"]), "line 4: \"x\" is not a seat"),
            (head(&["draws -1"]), "line 4: draws is a whole number"),
            (head(&["colour red"]), "line 4: expected `game`, `setup`"),
            (
                lines(&[HEADER, "game chain", "setup players=9"]),
                "line 3: players:",
            ),
            (
                lines(&[
                    HEADER,
                    "game chain",
                    "setup size=4x4",
                    "start classic 2 .../.../... a 0 - *",
                ]),
                "line 3: the start (line 4) is not a game of this setup",
            ),
            (
                lines(&[HEADER, "game atom4", "start ..x"]),
                "line 3: at byte",
            ),
        ] {
            let e = Record::parse(&text).unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
        }
        let many = format!("{}{}", head(&[]), "move pass\n".repeat(MAX_MOVES + 1));
        assert!(Record::parse(&many)
            .unwrap_err()
            .contains("more than 100000 moves"));
    }
}
