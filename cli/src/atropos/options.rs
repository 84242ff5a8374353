//! Atropos's command line: `atom4 atropos player|solve|referee|play`.

use clap::{Args, Subcommand};

use atom4_arena::atropos_engines::referee::OnIllegal;
use atom4_core::registry::AnyState;
use atom4_core::state::Setup;

use crate::app::options::{PlayOptions, Start};
use crate::app::Engines;

/// Atropos's subcommands.
#[derive(Subcommand, Clone, Debug, PartialEq)]
pub enum Command {
    /// The player program a referee runs once a move: reads the state
    /// string from the last argument, prints its move `(c,h,l,r)`.
    Player(PlayerArgs),
    /// The exact solver: the value of a start (--size N) or of state
    /// strings read on standard input (--lines).
    Solve(SolveArgs),
    /// Plays matches between two player programs (or `default`) by the
    /// referee's rules of the spec, and prints the summary line.
    Referee(RefereeArgs),
    /// Plays Atropos in the terminal, against the computer or a friend.
    Play(PlayArgs),
}

/// `atom4 atropos player [--time MS] STATE`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct PlayerArgs {
    /// The whole budget in milliseconds, from the start of the program to
    /// its exit.
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub time: u64,
    /// Seeds the tree search (the same state and seed give the same move
    /// when the search is not cut short by time).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Also say on standard error how the move was found.
    #[arg(long)]
    pub explain: bool,
    /// The state string, as the referee passes it (the last argument).
    #[arg(value_name = "STATE", allow_hyphen_values = true)]
    pub state: String,
}

/// `atom4 atropos solve --size N [--value]` or `atom4 atropos solve --lines`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct SolveArgs {
    /// Solve the start of this size (1 to 15).
    #[arg(
        long,
        value_name = "N",
        required_unless_present = "lines",
        conflicts_with = "lines"
    )]
    pub size: Option<u32>,
    /// Stop after the value of the start (no winning moves).
    #[arg(long, requires = "size", conflicts_with = "lines")]
    pub value: bool,
    /// Read state strings on standard input, one a line, and print each
    /// with its value and every winning move.
    #[arg(long)]
    pub lines: bool,
    /// The transposition table, in MiB (a power of two of 8-byte slots).
    #[arg(long, value_name = "MIB", default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub hash_mb: u32,
}

/// `atom4 atropos referee SIZE A B [options]`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct RefereeArgs {
    /// Board size, 1 to 15.
    #[arg(value_name = "SIZE")]
    pub size: u32,
    /// Player A: a command (split on whitespace, the state string added as
    /// its last argument) or `default`.
    #[arg(value_name = "A")]
    pub a: String,
    /// Player B, likewise.
    #[arg(value_name = "B")]
    pub b: String,
    /// Games to play; A moves first in even games, B in odd ones.
    #[arg(long, default_value_t = 1)]
    pub games: u64,
    /// The match seed: game g is seeded S + g.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds a move (a decimal number); a player over it forfeits.
    #[arg(long, value_name = "S", default_value = "1", value_parser = seconds)]
    pub time_limit: f64,
    /// What a parseable but illegal move does.
    #[arg(long, value_name = "forfeit|substitute", default_value = "forfeit")]
    pub on_illegal: OnIllegal,
    /// Default moves made before the players take over.
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub opening: u32,
    /// Writes every game's record (JSON Lines, spec section 9.2) here.
    #[arg(long, value_name = "FILE")]
    pub log: Option<String>,
}

/// `atom4 atropos play [--size N] [--computer 1|2] [--time MS]`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct PlayArgs {
    /// Board size, 1 to 15.
    #[arg(long, value_name = "N", default_value_t = 7, value_parser = clap::value_parser!(u16).range(1..=15))]
    pub size: u16,
    /// Start from this state string instead of the start of --size.
    #[arg(long, value_name = "STATE")]
    pub state: Option<String>,
    #[command(flatten)]
    pub play: PlayOptions,
}

impl PlayArgs {
    /// The game these flags describe: the options every game takes, the
    /// start (of --size, or --state), and the engines (the player's search
    /// at --time a move).
    pub fn into_game(self) -> Result<(PlayOptions, Start, Engines), String> {
        let start = match &self.state {
            Some(text) => Start::Position(Box::new(AnyState::Atropos(super::player::parse_state(
                text,
            )?))),
            None => Start::Setup(Setup {
                size: Some((self.size, self.size)),
                ..Setup::default()
            }),
        };
        let engines = Engines::strong(self.play.time, self.play.seed());
        Ok((self.play, start, engines))
    }
}

/// A positive, finite number of seconds (at most a day).
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(format!(
            "{text:?} is not a number of seconds above 0 (at most 86400)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Test {
        #[command(subcommand)]
        command: Command,
    }

    fn parse(line: &str) -> Result<Command, String> {
        let args = std::iter::once("atropos").chain(line.split_whitespace());
        Test::try_parse_from(args)
            .map(|t| t.command)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn every_subcommand_reads_its_options() {
        let Command::Player(p) = parse("player --time 500 [13][302][12]LastPlay:null").unwrap()
        else {
            panic!()
        };
        assert_eq!(
            (p.time, p.state.as_str()),
            (500, "[13][302][12]LastPlay:null")
        );
        let Command::Solve(s) = parse("solve --size 7 --value").unwrap() else {
            panic!()
        };
        assert_eq!((s.size, s.value, s.lines), (Some(7), true, false));
        let Command::Referee(r) =
            parse("referee 7 default default --games 4 --time-limit 0.5 --on-illegal substitute --opening 2")
                .unwrap()
        else {
            panic!()
        };
        assert_eq!(
            (r.size, r.games, r.time_limit, r.on_illegal, r.opening),
            (7, 4, 0.5, OnIllegal::Substitute, 2)
        );
        let Command::Play(p) = parse("play --size 5 --computer 2").unwrap() else {
            panic!()
        };
        assert_eq!(
            (p.size, p.play.computer, p.play.time),
            (5, Some("2".parse().unwrap()), 1000)
        );
    }

    #[test]
    fn mistakes_are_refused() {
        for line in [
            "player",
            "player --time 0 S",
            "player --time x S",
            "solve",
            "solve --size 4 --lines",
            "solve --lines --value",
            "referee 7 default",
            "referee 7 a b --time-limit 0",
            "referee 7 a b --time-limit nan",
            "referee 7 a b --on-illegal maybe",
            "play --computer x",
            "play --size 16",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
    }
}
