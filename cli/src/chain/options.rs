//! Chain Reaction's command lines: `atom4 chain atoms`, `atom4 chain play`
//! and `atom4 chain engine`.

use atom4_core::state::Setup;
use clap::Args;

use crate::app::options::{PlayOptions, Start};
use crate::app::Engines;

/// `atom4 chain atoms [--seed N]`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct AtomsArgs {
    /// Seeds the computer's dice as `srand(N)` would (default: the clock,
    /// as the tutorial's `srand(time(0))`).
    #[arg(long, value_name = "N")]
    pub seed: Option<u32>,
}

/// `atom4 chain play --size 6x9 --players 4 --computer 2,3,4 [--time MS]`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct PlayArgs {
    /// Board size, columns x rows (1..16 each way).
    #[arg(long, value_name = "WxH", default_value = "6x9", value_parser = size)]
    pub size: (u8, u8),
    /// Players, 2..8 (atoms: 2).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub players: u8,
    /// The rule set: classic (critical mass = neighbours) or atoms (the
    /// tutorial's: threshold 4, two players).
    #[arg(long, default_value = "classic", value_parser = ["classic", "atoms"])]
    pub rules: String,
    /// Show each move's end at once instead of its cascade wave by wave.
    #[arg(long)]
    pub no_animation: bool,
    #[command(flatten)]
    pub play: PlayOptions,
}

/// `WxH`, 1..16 each way.
pub fn size(text: &str) -> Result<(u8, u8), String> {
    crate::app::options::size_in(text, 1..=16)
}

impl PlayArgs {
    /// The game these flags describe: the options every game takes, the
    /// setup, and the engines (the strong search at --time a move).
    pub fn into_game(self) -> Result<(PlayOptions, Start, Engines), String> {
        let (w, h) = self.size;
        let mut setup = Setup {
            size: Some((w.into(), h.into())),
            players: Some(self.players),
            ..Setup::default()
        };
        setup.set("rules", &self.rules).map_err(|e| e.to_string())?;
        let engines = Engines::strong(self.play.time, self.play.seed());
        Ok((self.play, Start::Setup(setup), engines))
    }
}

/// `atom4 chain engine [--time MS]`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct EngineArgs {
    /// The time per move, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub time: u64,
    /// At most this many nodes a move (the same answers whatever the
    /// machine's load), on top of the time.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Varies the choice among equal moves.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    enum Sub {
        Atoms(AtomsArgs),
        Play(PlayArgs),
        Engine(EngineArgs),
    }

    fn parse(line: &str) -> Result<Sub, String> {
        Sub::try_parse_from(std::iter::once("x").chain(line.split_whitespace()))
            .map_err(|e| e.to_string())
    }

    fn opening(args: PlayArgs) -> Result<crate::app::Opening, String> {
        let (play, start, engines) = args.into_game()?;
        let mut screen = super::super::screen::ChainScreen::new(true);
        play.opening(
            &mut screen,
            atom4_core::registry::GameId::Chain,
            start,
            engines,
        )
    }

    #[test]
    fn the_issues_command_lines() {
        let Ok(Sub::Play(args)) = parse("play --size 6x9 --players 4 --computer 2,3,4 --time 200")
        else {
            panic!()
        };
        let first = opening(args).unwrap();
        assert_eq!(first.seats.to_string(), "2,3,4");
        assert_eq!(first.engines.label(), "strong:200ms");
        assert_eq!(first.record.start.players(), 4);
        // The old letters are still read (with a note).
        let Ok(Sub::Play(args)) = parse("play --players 4 --computer b,c,d") else {
            panic!()
        };
        assert_eq!(opening(args).unwrap().seats.to_string(), "2,3,4");
        let Ok(Sub::Atoms(args)) = parse("atoms --seed 1500") else {
            panic!()
        };
        assert_eq!(args.seed, Some(1500));
        let Ok(Sub::Engine(args)) = parse("engine --time 50") else {
            panic!()
        };
        assert_eq!((args.time, args.nodes), (50, None));
    }

    #[test]
    fn mistakes_are_explained() {
        crate::app::options::assert_refused(
            parse,
            &[
                ("play --size 17x3", "is not WxH with 1..16 each way"),
                ("play --computer b,x", "is not a seat"),
                ("play --time 0", "--time <MS>"),
                ("play --rules go", "possible values: classic, atoms"),
                ("engine --nodes 0", "--nodes <N>"),
                ("atoms --seed -1", "'-1'"),
            ],
        );
        let play = |line: &str| match parse(line) {
            Ok(Sub::Play(args)) => opening(args),
            other => panic!("{line}: {other:?}"),
        };
        crate::app::options::assert_refused(
            play,
            &[
                (
                    "play --players 3 --computer 4",
                    "--computer 4: this game has 3 players (1 to 3)",
                ),
                (
                    "play --players 3 --computer d",
                    "--computer 4: this game has 3 players (1 to 3)",
                ),
                ("play --players 9", "2 to 8 players"),
                ("play --rules atoms --players 3", "exactly 2 players"),
            ],
        );
    }
}
