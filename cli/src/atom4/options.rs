//! Atom-4's command line: the original's flags (`-a`, `-d`, `-mt`, `-h`),
//! ours, and the `play` and `show` subcommands.

use atom4_arena::EngineSpec;
use atom4_core::atom4::classic;
use atom4_core::state::{Limits, Setup};
use clap::Args;

use crate::app::options::{PlayOptions, Start};
use crate::app::{Engines, Seats};

/// The interactive game: `atom4 [-a 1|2] [-d LEVEL] [-mt] ...`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct InteractiveArgs {
    /// The computer plays that player, as atom4 4.1 has it (the same as
    /// --computer 1 or 2; default: two people share the keyboard).
    #[arg(short = 'a', value_name = "1|2", value_parser = clap::value_parser!(u8).range(1..=2), conflicts_with = "computer")]
    pub computer_a: Option<u8>,
    /// The classic level, 0..8.
    #[arg(short = 'd', value_name = "LEVEL", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=classic::MAX_LEVEL as i64))]
    pub level: u8,
    /// The interface: t, text mode (the only one here; -mt).
    #[arg(short = 'm', value_name = "MODE", value_parser = text_mode)]
    pub mode: Option<char>,
    /// The computer's engine: classic (the original's levels, -d) or
    /// strong (--time a move; hints are always the strong engine's).
    #[arg(long, value_name = "ENGINE", default_value = "classic", value_parser = ["classic", "strong"])]
    pub engine: String,
    /// Board size, 2..16 each way.
    #[arg(long, value_name = "WxH", default_value = "16x16", value_parser = size)]
    pub size: (u8, u8),
    #[command(flatten)]
    pub play: PlayOptions,
}

/// `-m` takes only `t`: the X11 mode of the original is not here.
fn text_mode(text: &str) -> Result<char, String> {
    match text {
        "t" => Ok('t'),
        _ => Err("only the text mode (-mt) is available here".into()),
    }
}

/// `WxH`, 2..16 each way.
pub fn size(text: &str) -> Result<(u8, u8), String> {
    crate::app::options::size_in(text, 2..=16)
}

impl InteractiveArgs {
    /// The game these flags describe: the options every game takes (`-a`
    /// as --computer), the start, and the engines (the classic level or
    /// the strong engine for the computer, the strong one for hints).
    pub fn into_game(self) -> Result<(PlayOptions, Start, Engines), String> {
        let mut play = self.play;
        if let Some(n) = self.computer_a {
            play.computer = Some(Seats::of(n));
        }
        let mut engines = Engines::strong(play.time, play.seed());
        if self.engine == "classic" {
            engines.computer = Limits {
                level: Some(self.level),
                seed: engines.computer.seed,
                ..Limits::default()
            };
        }
        let (w, h) = self.size;
        let setup = Setup {
            size: Some((w.into(), h.into())),
            ..Setup::default()
        };
        Ok((play, Start::Setup(setup), engines))
    }
}

/// `atom4 play`: engines play each other and the game is printed.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct Batch {
    /// An engine (random, classic:LEVEL, strong:MSms, strong:dDEPTH,
    /// strong:nNODES, mcts:MSms), player 1's first, then player 2's
    /// (default strong:200ms against classic:2).
    #[arg(long = "engine", value_name = "SPEC", num_args = 1, action = clap::ArgAction::Append)]
    pub engines: Vec<EngineSpec>,
    /// Rounds to play.
    #[arg(long, default_value_t = 1)]
    pub rounds: u32,
    /// Board size, 2..16 each way.
    #[arg(long, value_name = "WxH", default_value = "16x16", value_parser = size)]
    pub size: (u8, u8),
    /// Seeds the engines (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
}

impl Batch {
    /// The two engines: player 1's, then player 2's.
    pub fn engines(&self) -> Result<[EngineSpec; 2], String> {
        let default = |s: &str| s.parse::<EngineSpec>();
        match self.engines.as_slice() {
            [] => Ok([default("strong:200ms")?, default("classic:2")?]),
            [a] => Ok([*a, default("classic:2")?]),
            [a, b] => Ok([*a, *b]),
            _ => Err("play: at most two --engine options".into()),
        }
    }
}

/// `atom4 show`: prints a position (position text, or the end of a saved game).
#[derive(Args, Clone, Debug, PartialEq)]
pub struct ShowArgs {
    /// A saved game whose end to print.
    #[arg(long, value_name = "FILE", conflicts_with = "text")]
    pub load: Option<String>,
    /// Position text.
    #[arg(required_unless_present = "load", num_args = 1..)]
    pub text: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Show {
    Text(String),
    Load(String),
}

impl From<ShowArgs> for Show {
    fn from(args: ShowArgs) -> Show {
        match args.load {
            Some(file) => Show::Load(file),
            None => Show::Text(args.text.join(" ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Test {
        #[command(flatten)]
        interactive: InteractiveArgs,
    }

    fn parse(line: &str) -> Result<(PlayOptions, Start, Engines), String> {
        let args = std::iter::once("atom4").chain(line.split_whitespace());
        Test::try_parse_from(args)
            .map_err(|e| e.to_string())
            .and_then(|t| t.interactive.into_game())
    }

    #[test]
    fn the_original_flags() {
        let (play, _, engines) = parse("-a 2 -d 3 -mt").unwrap();
        assert_eq!(play.computer, Some(Seats::of(2)));
        assert_eq!(engines.label(), "classic:3");
        let (play, _, _) = parse("-m t -a1").unwrap();
        assert_eq!(play.computer, Some(Seats::of(1)));
        let (play, start, engines) = parse("").unwrap();
        assert_eq!((play.computer, engines.label()), (None, "classic:2".into()));
        let Start::Setup(setup) = start else { panic!() };
        assert_eq!(setup.size, Some((16, 16)));
    }

    #[test]
    fn our_flags() {
        let (play, start, engines) =
            parse("--computer 1 --engine strong --time 250 --size 8x6 --seed 9 --load f").unwrap();
        assert_eq!(engines.label(), "strong:250ms");
        assert_eq!(engines.hint.time_ms, Some(250));
        assert_eq!(play.computer, Some(Seats::of(1)));
        assert_eq!((play.seed, play.load.as_deref()), (Some(9), Some("f")));
        let Start::Setup(setup) = start else { panic!() };
        assert_eq!(setup.size, Some((8, 6)));
    }

    #[test]
    fn mistakes_are_explained() {
        crate::app::options::assert_refused(
            parse,
            &[
                ("-a 3", "-a <1|2>"),
                ("-a 1 --computer 2", "cannot be used with"),
                ("-d 9", "-d <LEVEL>"),
                ("-d", "a value is required for '-d <LEVEL>'"),
                ("--size 20x3", "\"20x3\" is not WxH with 2..16 each way"),
                ("-mx", "only the text mode (-mt) is available here"),
                ("--engine fast", "[possible values: classic, strong]"),
                ("--computer x", "is not a seat"),
                ("-z", "unexpected argument '-z'"),
            ],
        );
    }

    #[test]
    fn play_and_show() {
        #[derive(Parser, Debug)]
        enum Sub {
            Play(Batch),
            Show(ShowArgs),
        }
        let Sub::Play(b) = Sub::try_parse_from([
            "x",
            "play",
            "--engine",
            "random",
            "--engine",
            "strong:d2",
            "--rounds",
            "3",
        ])
        .unwrap() else {
            panic!()
        };
        assert_eq!(
            b.engines().unwrap(),
            ["random".parse().unwrap(), "strong:d2".parse().unwrap()]
        );
        assert_eq!(b.rounds, 3);
        let Sub::Show(s) = Sub::try_parse_from([
            "x",
            "show",
            "....../..gp../....../......",
            "r",
            "1",
            "0-0",
            "*",
        ])
        .unwrap() else {
            panic!()
        };
        assert_eq!(
            Show::from(s),
            Show::Text("....../..gp../....../...... r 1 0-0 *".into())
        );
        assert!(Sub::try_parse_from(["x", "show"]).is_err());
        assert!(Sub::try_parse_from(["x", "play", "--engine", "minimax"]).is_err());
    }
}
