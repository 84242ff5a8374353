//! The options every game's terminal program shares (`--computer`,
//! `--time`, `--seed`, `--load`), how they make a game's [`Opening`], and
//! `atom4 game`: any game of the engine by its name, on its screen.

use std::fmt::Write as _;
use std::ops::RangeInclusive;

use atom4_core::registry::{AnyState, GameId, GAME_IDS};
use atom4_core::state::Setup;
use clap::Args;

use super::{Engines, GameScreen, Opening, Record, Seats};
use crate::terminal::clock_seed;

/// The options of every game in the terminal.
#[derive(Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayOptions {
    /// The seats the computer plays: player numbers from 1 separated by
    /// commas (2,3), or none (the default: people at every seat).
    #[arg(long, value_name = "SEATS", value_parser = Seats::parse_with_letters)]
    pub computer: Option<Seats>,
    /// The computer's time a move (and the hint's), in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub time: u64,
    /// Seeds the computer's choices and chance's draws (Atomas: the
    /// contest controller's game 0 of this seed); default: the clock.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Resume a game saved with `s` (its game, setup, seats and moves;
    /// --computer, when given, wins over its seats).
    #[arg(long, value_name = "FILE")]
    pub load: Option<String>,
}

/// Where a new game starts.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    /// The game's start for this setup.
    Setup(Setup),
    /// This position.
    Position(Box<AnyState>),
}

impl PlayOptions {
    /// The seed the options give, or one from the clock.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(clock_seed)
    }

    /// The opening of a game of `id`: the saved game of `--load` (which
    /// must be of `id`), else `start`; the seats of `--computer`, else the
    /// saved ones. Seats beyond the game's players, or named by letter
    /// in a game other than Chain Reaction, are refused.
    pub fn opening(
        &self,
        screen: &mut impl GameScreen,
        id: GameId,
        start: Start,
        engines: Engines,
    ) -> Result<Opening, String> {
        let seed = engines.computer.seed;
        let (record, draws) = match &self.load {
            Some(path) => {
                let record = load(path)?;
                if record.start.game() != id {
                    return Err(format!(
                        "{path}: a saved game of {}, not {} (atom4 game --load {path} plays it)",
                        record.start.game().title(),
                        id.title()
                    ));
                }
                let draws = record.draws.unwrap_or(seed);
                (record, draws)
            }
            None => {
                let (state, draws) = match start {
                    Start::Setup(setup) => screen.start(id, &setup, seed)?,
                    Start::Position(state) => (*state, seed),
                };
                (Record::new(state), draws)
            }
        };
        let seats = self.computer.or(record.seats).unwrap_or_default();
        if seats.lettered && id != GameId::Chain {
            return Err(format!(
                "--computer: seats are player numbers from 1 (--computer {seats}); letters were Chain Reaction's"
            ));
        }
        if let Some(note) = seats.letters_note() {
            atom4_arena::errln!("atom4: {note}");
        }
        seats.check(record.start.players())?;
        Ok(Opening {
            record,
            seats,
            engines,
            draws,
        })
    }
}

/// A board size `WxH` with each side in `sides`.
pub fn size_in(text: &str, sides: RangeInclusive<u8>) -> Result<(u8, u8), String> {
    let bad = || {
        format!(
            "{text:?} is not WxH with {}..{} each way",
            sides.start(),
            sides.end()
        )
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u8, u8) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if !sides.contains(&w) || !sides.contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// The saved game at `path` (read up to its bound).
pub fn load(path: &str) -> Result<Record, String> {
    let text = crate::input::read_file(path, crate::input::MAX_SAVED_GAME)?;
    Record::parse(&text).map_err(|e| format!("{path}: {e}"))
}

/// `atom4 game GAME [PARAM=VALUE ...] [--computer SEATS] ...`.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct GameArgs {
    /// The game (not needed with --load: the saved game says).
    #[arg(value_name = "GAME", required_unless_present = "load")]
    pub game: Option<GameId>,
    /// Its setup: parameters NAME=VALUE (size=6x9 players=4); the game's
    /// defaults for the others.
    #[arg(value_name = "PARAM=VALUE")]
    pub setup: Vec<String>,
    #[command(flatten)]
    pub options: PlayOptions,
}

/// The games and their parameters, for `atom4 game --help`.
pub fn games_help() -> String {
    let mut help = String::from("Games and their parameters (NAME=VALUE, default in brackets):\n");
    for id in GAME_IDS {
        let _ = write!(help, "  {:<10} {}", id.name(), id.title());
        for param in id.params() {
            let _ = write!(help, "; {}=[{}] {}", param.name, param.default, param.help);
        }
        help.push('\n');
    }
    help.push_str(
        "\nKeys: arrows move, Enter/Space play, u undo, h hint, s save (GAME-save.txt), n new game or next round, q quit; a game's own keys are on its screen.",
    );
    help
}

/// Plays a game of `id` on `screen`.
pub fn play(
    mut screen: impl GameScreen,
    id: GameId,
    start: Start,
    options: &PlayOptions,
    engines: Engines,
) -> Result<(), String> {
    let opening = options.opening(&mut screen, id, start, engines)?;
    super::run::play(screen, opening)
}

/// Checks that each command line of `cases` is refused with a message
/// holding its words: `(line, words)`.
#[cfg(test)]
pub fn assert_refused<T: std::fmt::Debug>(
    parse: impl Fn(&str) -> Result<T, String>,
    cases: &[(&str, &str)],
) {
    for &(line, want) in cases {
        let e = parse(line).unwrap_err();
        assert!(e.contains(want), "{line}: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::generic::GenericScreen;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Test {
        #[command(flatten)]
        game: GameArgs,
    }

    fn parse(line: &str) -> Result<GameArgs, String> {
        Test::try_parse_from(std::iter::once("game").chain(line.split_whitespace()))
            .map(|t| t.game)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_game_by_name_with_its_setup_and_seats() {
        let args = parse("chain size=4x4 players=3 --computer 2,3 --time 50 --seed 1").unwrap();
        assert_eq!(args.game, Some(GameId::Chain));
        assert_eq!(args.setup, ["size=4x4", "players=3"]);
        assert_eq!(args.options.computer, Some("2,3".parse().unwrap()));
        assert_eq!((args.options.time, args.options.seed), (50, Some(1)));
        assert!(parse("--load f").unwrap().game.is_none());
        assert_refused(
            parse,
            &[
                ("go", "no such game (the games are: atom4"),
                ("", "<GAME>"),
                ("chain --computer 0", "is not a seat"),
                ("chain --time 0", "--time <MS>"),
            ],
        );
        let help = games_help();
        assert!(
            help.contains("chain      Chain Reaction; size=[6x9]"),
            "{help}"
        );
    }

    #[test]
    fn openings_check_the_seats_and_the_saved_game() {
        let options = |line: &str| parse(&format!("chain {line}")).unwrap().options;
        let engines = Engines::strong(10, 1);
        let chain = GameId::Chain;
        let setup = |s: &str| Start::Setup(Setup::parse(s).unwrap());
        let mut screen = GenericScreen::new(&[]);
        let opening = options("--computer 2,3")
            .opening(&mut screen, chain, setup("players=3"), engines)
            .unwrap();
        assert_eq!(opening.seats.to_string(), "2,3");
        assert_eq!(opening.record.start.players(), 3);
        let e = options("--computer 4")
            .opening(&mut screen, chain, setup("players=3"), engines)
            .unwrap_err();
        assert_eq!(e, "--computer 4: this game has 3 players (1 to 3)");
        // Letters: Chain Reaction's old form, read; refused elsewhere.
        let opening = options("--computer b")
            .opening(&mut screen, chain, setup(""), engines)
            .unwrap();
        assert_eq!(opening.seats.to_string(), "2");
        let e = options("--computer b")
            .opening(&mut screen, GameId::Atropos, setup(""), engines)
            .unwrap_err();
        assert!(
            e.contains("seats are player numbers from 1 (--computer 2)"),
            "{e}"
        );
        let e = options("")
            .opening(&mut screen, chain, setup("players=9"), engines)
            .unwrap_err();
        assert!(e.starts_with("players:"), "{e}");
        let e = options("--load /no/such/file")
            .opening(&mut screen, chain, setup(""), engines)
            .unwrap_err();
        assert!(e.starts_with("/no/such/file:"), "{e}");
    }
}
