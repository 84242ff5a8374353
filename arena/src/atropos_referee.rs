//! Our referee's game loop (spec section 7): who starts, the game's
//! generators, the opening, each turn of a `default` player, a player
//! program or (for benchmarks) an engine in this process, the forfeits,
//! substitutes, the game record (9.2) and the summary line (9.4).
//! `atom4 atropos referee` is its front end.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use atom4_core::atropos::referee::{
    checked_numbers, game_seed, opening_move, parse_output, Forfeit, Generators, Seat,
};
use atom4_core::atropos::{default_move, Atropos, Size};
use serde::Serialize;

use super::process::{self, Ending};
use super::{engine_move, AtroposEngine};

/// What the referee does with a parseable but illegal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnIllegal {
    /// The player loses (the default).
    Forfeit,
    /// A Default move of the substitute generator is made instead (the
    /// Java referee's way).
    Substitute,
}

impl OnIllegal {
    pub fn name(self) -> &'static str {
        match self {
            OnIllegal::Forfeit => "forfeit",
            OnIllegal::Substitute => "substitute",
        }
    }
}

impl std::str::FromStr for OnIllegal {
    type Err = String;
    fn from_str(s: &str) -> Result<OnIllegal, String> {
        match s {
            "forfeit" => Ok(OnIllegal::Forfeit),
            "substitute" => Ok(OnIllegal::Substitute),
            _ => Err(format!("{s:?}: use forfeit or substitute")),
        }
    }
}

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub size: Size,
    pub games: u64,
    pub seed: u64,
    /// A program's time a move.
    pub time_limit: Duration,
    pub on_illegal: OnIllegal,
    /// Opening moves asked for.
    pub opening: u32,
}

/// A player: the built-in Default player, a program, or an engine of
/// this process (for benchmarks: timed like a program, without the start
/// of a process).
pub enum Contestant {
    Default,
    /// The words of the command.
    Program(Vec<String>),
    Engine(Box<AtroposEngine>),
}

impl Contestant {
    /// `default`, or a command split on whitespace (an empty one is refused).
    pub fn from_command(command: &str) -> Result<Contestant, String> {
        if command == "default" {
            return Ok(Contestant::Default);
        }
        let words: Vec<String> = command.split_whitespace().map(String::from).collect();
        if words.is_empty() {
            return Err("a player is `default` or a command, not an empty text".into());
        }
        Ok(Contestant::Program(words))
    }
}

/// One game as the records of spec section 9.2 hold it (the fields in
/// that order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    pub size: u8,
    pub game: u64,
    pub seed: u64,
    pub opening: u32,
    pub on_illegal: &'static str,
    pub a: String,
    pub b: String,
    pub first: &'static str,
    pub openings: u32,
    pub moves: Vec<String>,
    /// `loss` or `forfeit`.
    pub end: &'static str,
    pub reason: Option<&'static str>,
    pub loser: &'static str,
    pub winner: &'static str,
    pub substituted: Vec<usize>,
}

impl GameRecord {
    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A seat's results over a match.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SeatStats {
    pub wins: u64,
    pub forfeits: u64,
    /// Turns the player was asked for a move (openings aside, forfeited
    /// turns included).
    pub turns: u64,
    pub total: Duration,
    pub longest: Duration,
}

impl SeatStats {
    fn turn(&mut self, elapsed: Duration) {
        self.turns += 1;
        self.total += elapsed;
        self.longest = self.longest.max(elapsed);
    }

    /// The mean time of a turn, in milliseconds.
    pub fn mean_ms(&self) -> f64 {
        if self.turns == 0 {
            0.0
        } else {
            self.total.as_secs_f64() * 1000.0 / self.turns as f64
        }
    }

    pub fn longest_ms(&self) -> f64 {
        self.longest.as_secs_f64() * 1000.0
    }
}

/// A match in progress: the options, both players and their results.
pub struct Referee {
    pub options: Options,
    /// The players as given (A first).
    pub given: [String; 2],
    contestants: [Contestant; 2],
    pub stats: [SeatStats; 2],
}

/// What a player's turn gave.
enum Answer {
    /// A legal move (or its substitute, flagged).
    Move(atom4_core::atropos::Move, bool),
    Forfeit(Forfeit),
}

impl Referee {
    /// A match between `a` and `b` (given as on the command line).
    pub fn new(options: Options, given: [String; 2], contestants: [Contestant; 2]) -> Referee {
        Referee {
            options,
            given,
            contestants,
            stats: [SeatStats::default(); 2],
        }
    }

    /// Plays game `g` and returns its record.
    pub fn play(&mut self, g: u64) -> GameRecord {
        let o = self.options;
        let seed = game_seed(o.seed, g);
        let mut generators = Generators::new(seed);
        let first = Seat::first_in_game(g);
        let mut state = Atropos::start(o.size);
        let mut record = GameRecord {
            size: o.size.get(),
            game: g,
            seed,
            opening: o.opening,
            on_illegal: o.on_illegal.name(),
            a: self.given[0].clone(),
            b: self.given[1].clone(),
            first: first.name(),
            openings: 0,
            moves: Vec::new(),
            end: "loss",
            reason: None,
            loser: "a",
            winner: "b",
            substituted: Vec::new(),
        };
        while record.openings < o.opening {
            let Some(mv) = opening_move(&state, &mut generators.opening) else {
                break;
            };
            if state.play(mv).is_err() {
                break;
            }
            record.moves.push(mv.to_string());
            record.openings += 1;
        }
        let loser = loop {
            let mover = Seat::mover(first, record.moves.len());
            match self.turn(&state, mover, &mut generators) {
                Answer::Move(mv, substituted) => {
                    if substituted {
                        record.substituted.push(record.moves.len());
                    }
                    // Every answer was checked legal.
                    let _ = state.play(mv);
                    record.moves.push(mv.to_string());
                    if state.is_finished() {
                        break mover;
                    }
                }
                Answer::Forfeit(cause) => {
                    record.end = "forfeit";
                    record.reason = Some(cause.name());
                    self.stats[mover.index()].forfeits += 1;
                    break mover;
                }
            }
        };
        record.loser = loser.name();
        record.winner = loser.other().name();
        self.stats[loser.other().index()].wins += 1;
        record
    }

    /// Asks the player in `seat` for a move.
    fn turn(&mut self, state: &Atropos, seat: Seat, generators: &mut Generators) -> Answer {
        let limit = self.options.time_limit;
        let start = Instant::now();
        let numbers = match &mut self.contestants[seat.index()] {
            Contestant::Default => {
                let mv = default_move(state, generators.seat(seat));
                self.stats[seat.index()].turn(start.elapsed());
                return match mv {
                    Some(mv) => Answer::Move(mv, false),
                    // Never: the game is not over.
                    None => Answer::Forfeit(Forfeit::Illegal),
                };
            }
            Contestant::Engine(engine) => {
                let mv = engine_move(engine, state);
                let elapsed = start.elapsed();
                self.stats[seat.index()].turn(elapsed);
                if elapsed > limit {
                    return Answer::Forfeit(Forfeit::Time);
                }
                let c = mv.circle;
                [mv.color.digit() as i32, c.h as i32, c.l as i32, c.r as i32]
            }
            Contestant::Program(words) => {
                let turn = process::run(words, &state.to_string(), limit);
                self.stats[seat.index()].turn(turn.elapsed);
                match turn.ending {
                    Ending::TimedOut => return Answer::Forfeit(Forfeit::Time),
                    Ending::Flooded => return Answer::Forfeit(Forfeit::Flood),
                    Ending::NotStarted(_) | Ending::Signalled(_) => {
                        return Answer::Forfeit(Forfeit::Crash)
                    }
                    Ending::Exited { code, .. } if code != 0 => {
                        return Answer::Forfeit(Forfeit::Exit)
                    }
                    Ending::Exited { output, .. } => match parse_output(&output) {
                        Some(numbers) => numbers,
                        None => return Answer::Forfeit(Forfeit::Unparseable),
                    },
                }
            }
        };
        match checked_numbers(state, numbers) {
            Ok(mv) => Answer::Move(mv, false),
            Err(_) if self.options.on_illegal == OnIllegal::Substitute => {
                match default_move(state, &mut generators.substitute) {
                    Some(mv) => Answer::Move(mv, true),
                    None => Answer::Forfeit(Forfeit::Illegal),
                }
            }
            Err(_) => Answer::Forfeit(Forfeit::Illegal),
        }
    }

    /// The summary line of section 9.4.
    pub fn summary(&self) -> String {
        let [a, b] = &self.stats;
        let mut line = String::new();
        let _ = write!(
            line,
            "atropos referee: size {}, games {}, A wins {}, B wins {}, forfeits A {} B {}, mean ms/move A {:.1} B {:.1}, max ms/move A {:.1} B {:.1}",
            self.options.size.get(),
            a.wins + b.wins,
            a.wins,
            b.wins,
            a.forfeits,
            b.forfeits,
            a.mean_ms(),
            b.mean_ms(),
            a.longest_ms(),
            b.longest_ms()
        );
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(n: u32, games: u64, seed: u64, opening: u32) -> Options {
        Options {
            size: Size::new(n).unwrap(),
            games,
            seed,
            time_limit: Duration::from_secs(1),
            on_illegal: OnIllegal::Forfeit,
            opening,
        }
    }

    #[test]
    fn default_games_end_in_a_loss_and_count() {
        let mut referee = Referee::new(
            options(6, 6, 3, 2),
            ["default".into(), "default".into()],
            [Contestant::Default, Contestant::Default],
        );
        for g in 0..6 {
            let record = referee.play(g);
            assert_eq!(record.end, "loss");
            assert_eq!(record.first, if g % 2 == 0 { "a" } else { "b" });
            assert_eq!(record.openings, 2);
            let json = record.to_json();
            assert!(json.starts_with("{\"size\":6,\"game\":"), "{json}");
        }
        let [a, b] = referee.stats;
        assert_eq!(a.wins + b.wins, 6);
        assert!(referee
            .summary()
            .starts_with("atropos referee: size 6, games 6, A wins "));
    }

    /// A misbehaving player program for every forfeit cause (and the
    /// illegal moves that `--on-illegal substitute` replaces).
    const BAD_PLAYER: &str = r#"case $1 in
wrongr) echo "(1,1,1,99)" ;;
offboard) echo "(1,99,1,1)" ;;
garbage) echo "hello, referee" ;;
leadingspace) echo " (1,1,1,1)" ;;
crash) kill -SEGV $$ ;;
exit) echo "(1,1,1,1)"; exit 3 ;;
slow) sleep 30 ;;
flood) yes "(1,1,1,1)" ;;
silent) ;;
esac
"#;

    /// Every golden game between two `default` players, and every golden
    /// game of a misbehaving player whose moves do not depend on the
    /// position, is played again by this referee: the same record.
    #[test]
    fn the_golden_games_are_played_again_exactly() {
        use atom4_vectors::atropos::{numbered_lines, vector_files, Kind};
        let dir = std::env::temp_dir().join(format!("atropos-referee-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("bad-player.sh");
        std::fs::write(&script, BAD_PLAYER).unwrap();
        let mut replayed = 0;
        for file in vector_files().iter().filter(|f| f.kind == Kind::Games) {
            for (line, text) in numbered_lines(&file.text) {
                let golden: serde_json::Value = serde_json::from_str(text).unwrap();
                let given = |seat: &str| golden[seat].as_str().unwrap().to_string();
                let contestant = |seat: &str| -> Option<(Contestant, f64)> {
                    let given = given(seat);
                    match given.strip_prefix("bad-player ") {
                        None if given == "default" => Some((Contestant::Default, 1.0)),
                        Some("spaces") | None => None,
                        Some(mode) => {
                            let words =
                                vec!["sh".into(), script.display().to_string(), mode.into()];
                            let limit = if mode == "slow" { 0.5 } else { 10.0 };
                            Some((Contestant::Program(words), limit))
                        }
                    }
                };
                let (Some((a, la)), Some((b, lb))) = (contestant("a"), contestant("b")) else {
                    continue;
                };
                let g = golden["game"].as_u64().unwrap();
                let seed = golden["seed"].as_u64().unwrap();
                let options = Options {
                    size: Size::new(golden["size"].as_u64().unwrap() as u32).unwrap(),
                    games: g + 1,
                    seed: seed.wrapping_sub(g),
                    time_limit: Duration::from_secs_f64(la.min(lb)),
                    on_illegal: golden["on_illegal"].as_str().unwrap().parse().unwrap(),
                    opening: golden["opening"].as_u64().unwrap() as u32,
                };
                let mut referee = Referee::new(options, [given("a"), given("b")], [a, b]);
                let record: serde_json::Value =
                    serde_json::from_str(&referee.play(g).to_json()).unwrap();
                assert_eq!(record, golden, "{}:{line}", file.path.display());
                replayed += 1;
            }
        }
        std::fs::remove_dir_all(&dir).ok();
        // 300 default games, 9 pairs of misbehaving players, 6 substituted.
        assert!(replayed >= 324, "{replayed} games replayed");
    }

    #[test]
    fn commands_split_on_whitespace() {
        assert!(matches!(
            Contestant::from_command("default"),
            Ok(Contestant::Default)
        ));
        match Contestant::from_command("  atom4  atropos player ") {
            Ok(Contestant::Program(words)) => assert_eq!(words, ["atom4", "atropos", "player"]),
            _ => panic!("a program"),
        }
        assert!(Contestant::from_command(" \t").is_err());
    }
}
