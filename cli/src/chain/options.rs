//! Chain Reaction's command lines: `atom4 chain atoms`, `atom4 chain play`
//! and `atom4 chain engine`.

use std::time::Duration;

use atom4_core::chain::{letter, Position, Rules, MAX_PLAYERS};
use atom4_core::game::Player;
use clap::Args;

use super::record::Record;

/// `atom4 chain atoms [--seed N]`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct AtomsArgs {
    /// Seeds the computer's dice as `srand(N)` would (default: the clock,
    /// as the tutorial's `srand(time(0))`).
    #[arg(long, value_name = "N")]
    pub seed: Option<u32>,
}

/// `atom4 chain play --size 6x9 --players 4 --computer b,c,d [--time MS]`.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct PlayArgs {
    /// Board size, columns x rows (1..16 each way).
    #[arg(long, value_name = "WxH", default_value = "6x9", value_parser = size)]
    pub size: (u8, u8),
    /// Players, 2..8 (atoms: 2).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub players: u8,
    /// The seats the computer plays: letters separated by commas (`b,c,d`);
    /// the other seats are people sharing the keyboard.
    #[arg(long, value_name = "LETTERS", value_parser = seats)]
    pub computer: Option<u8>,
    /// The computer's time per move, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub time: u64,
    /// The rule set: classic (critical mass = neighbours) or atoms (the
    /// tutorial's: threshold 4, two players).
    #[arg(long, default_value = "classic", value_parser = ["classic", "atoms"])]
    pub rules: String,
    /// Seeds the computer's choices among equal moves (default: the clock).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Resume a game saved with `s` (its size, players and rules win).
    #[arg(long, value_name = "FILE")]
    pub load: Option<String>,
    /// Show each move's end at once instead of its cascade wave by wave.
    #[arg(long)]
    pub no_animation: bool,
}

/// `WxH`, 1..16 each way.
pub fn size(text: &str) -> Result<(u8, u8), String> {
    let bad = || format!("{text:?} is not WxH with 1..16 each way");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u8, u8) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if !(1..=16).contains(&w) || !(1..=16).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// Seat letters `a..h` separated by commas, as a bit set (bit i: player
/// i); `none` for no computer.
pub fn seats(text: &str) -> Result<u8, String> {
    if text == "none" {
        return Ok(0);
    }
    let mut bits = 0u8;
    for part in text.split(',') {
        match part.as_bytes() {
            [c @ b'a'..=b'h'] => bits |= 1 << (c - b'a'),
            _ => {
                return Err(format!(
                "{part:?} is not a seat: give letters a to h separated by commas (b,c,d), or none"
            ))
            }
        }
    }
    Ok(bits)
}

/// What the interactive game needs, from its flags.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub record: Record,
    /// Bit i: the computer plays player i.
    pub computers: u8,
    pub time: Duration,
    pub seed: Option<u64>,
    pub animate: bool,
}

impl Setup {
    /// Whether the computer plays `player`.
    pub fn is_computer(&self, player: Player) -> bool {
        self.computers >> player.index() & 1 != 0
    }
}

impl PlayArgs {
    /// The setup these flags describe; a saved game's start and moves when
    /// `--load` is given.
    pub fn into_setup(self) -> Result<Setup, String> {
        let record = match &self.load {
            Some(path) => {
                let text = crate::input::read_file(path, crate::input::MAX_SAVED_GAME)?;
                Record::parse(&text).map_err(|e| format!("{path}: {e}"))?
            }
            None => {
                let rules = if self.rules == "atoms" {
                    Rules::Atoms
                } else {
                    Rules::Classic
                };
                let (w, h) = self.size;
                Record::new(Position::new(rules, w, h, self.players).map_err(|e| e.to_string())?)
            }
        };
        let players = record.start.players();
        let computers = self.computer.unwrap_or(0);
        if let Some(p) = (players..MAX_PLAYERS).find(|&i| computers >> i & 1 != 0) {
            let seat = Player::new(p).map_or('?', letter);
            return Err(format!(
                "--computer {seat}: this game has {players} players (a to {})",
                Player::new(players - 1).map_or('?', letter)
            ));
        }
        Ok(Setup {
            record,
            computers,
            time: Duration::from_millis(self.time),
            seed: self.seed,
            animate: !self.no_animation,
        })
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

    #[test]
    fn the_issues_command_lines() {
        let Ok(Sub::Play(args)) = parse("play --size 6x9 --players 4 --computer b,c,d --time 200")
        else {
            panic!()
        };
        let setup = args.into_setup().unwrap();
        assert_eq!(setup.computers, 0b1110);
        assert_eq!(setup.time, Duration::from_millis(200));
        assert_eq!(setup.record.start.players(), 4);
        assert!(setup.is_computer(Player::new(3).unwrap()) && !setup.is_computer(Player::ONE));
        assert!(setup.animate);
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
        for (line, want) in [
            ("play --size 17x3", "is not WxH with 1..16 each way"),
            ("play --computer b,x", "is not a seat"),
            ("play --time 0", "--time <MS>"),
            ("play --rules go", "possible values: classic, atoms"),
            ("engine --nodes 0", "--nodes <N>"),
            ("atoms --seed -1", "'-1'"),
        ] {
            let err = parse(line).unwrap_err();
            assert!(err.contains(want), "{line}: {err}");
        }
        let Ok(Sub::Play(args)) = parse("play --players 3 --computer d") else {
            panic!()
        };
        assert_eq!(
            args.into_setup().unwrap_err(),
            "--computer d: this game has 3 players (a to c)"
        );
        let Ok(Sub::Play(args)) = parse("play --players 9") else {
            panic!()
        };
        assert!(args.into_setup().unwrap_err().contains("2 to 8 players"));
        let Ok(Sub::Play(args)) = parse("play --rules atoms --players 3") else {
            panic!()
        };
        assert!(args.into_setup().unwrap_err().contains("exactly 2 players"));
    }
}
