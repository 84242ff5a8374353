//! `atom4 gamma play WIDTH HEIGHT PLAYERS AREAS [--computer 2,3]`: the
//! interactive mode's screen, with the computer playing the seats named
//! (the generic MCTS with Gamma's playouts, on a worker thread, on a copy of
//! the position the board fits).

use atom4_arena::gamma_engines::{GammaEngine, GammaSpec};
use atom4_arena::generic::Limit;
use atom4_arena::Engine;
use atom4_core::game::MAX_PLAYERS;
use atom4_core::gamma::{words_for, GameMemory, Gamma, Move, Position, POSITION_WORDS};

use super::memory::HeapMemory;
use super::tui::{self, Opponent};
use crate::app::Seats;
use crate::terminal::clock_seed;
use crate::worker::{Answer, Worker};

/// The options of `atom4 gamma play`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct PlayArgs {
    /// Board width.
    pub width: u32,
    /// Board height.
    pub height: u32,
    /// Number of players.
    pub players: u32,
    /// The most areas a player may hold.
    pub areas: u32,
    /// The seats the computer plays: player numbers from 1 separated by
    /// commas (2,3), or none (the default: people at every seat).
    #[arg(long, value_name = "SEATS")]
    pub computer: Option<Seats>,
    /// The computer's time a move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub time: u64,
    /// The computer's engine: mcts (the default, with --time), greedy or
    /// random.
    #[arg(long, default_value = "mcts")]
    pub engine: String,
    /// Seeds the computer's choices (default: the clock).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// The computer at the seats it plays, on positions of `WORDS` words a
/// plane.
struct Computer<const WORDS: usize> {
    worker: Worker<Position<WORDS>>,
    seats: Vec<u32>,
    name: String,
}

impl<const WORDS: usize> Opponent for Computer<WORDS> {
    fn plays(&self, player: u32) -> bool {
        self.seats.contains(&player)
    }

    fn ask(&mut self, game: &Gamma<'_>, player: u32) -> Result<(), String> {
        let position = Position::<WORDS>::from_game(game, player).map_err(|e| e.to_string())?;
        if position.player_to_move() != Some(player) {
            return Err(format!("player {player} cannot move, yet it is on turn"));
        }
        self.worker.ask(position, 0);
        Ok(())
    }

    fn poll(&mut self) -> Option<Answer<Move>> {
        self.worker.poll()
    }

    fn name(&self) -> String {
        format!("The computer ({})", self.name)
    }
}

/// The engine a `--engine` and `--time` give.
fn spec_of(args: &PlayArgs) -> Result<GammaSpec, String> {
    match args.engine.as_str() {
        "mcts" => Ok(GammaSpec::Mcts(Limit::Time(
            std::time::Duration::from_millis(args.time.max(1)),
        ))),
        other => match other.parse()? {
            GammaSpec::Mcts(_) => Ok(GammaSpec::Mcts(Limit::Time(
                std::time::Duration::from_millis(args.time.max(1)),
            ))),
            spec => Ok(spec),
        },
    }
}

/// The computer for `seats` on boards of `WORDS` words a plane.
fn computer<const WORDS: usize>(spec: GammaSpec, seats: Vec<u32>, seed: u64) -> Computer<WORDS> {
    let engines: Vec<Box<dyn Engine<Position<WORDS>>>> =
        vec![Box::new(GammaEngine::new(spec, seed))];
    Computer {
        worker: Worker::spawn(engines),
        seats,
        name: spec.to_string(),
    }
}

/// Runs `atom4 gamma play`.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    let (w, h, players, areas) = (args.width, args.height, args.players, args.areas);
    let words = Gamma::memory_words(w, h, players)
        .filter(|_| areas > 0)
        .ok_or(
            "width, height, players and areas must be at least 1, and the board at most 2^30 cells",
        )?;
    let mut memory = HeapMemory::default();
    if !memory.allocate_zeroed(words) {
        return Err(format!(
            "not enough memory for a {w}x{h} board of {players} players"
        ));
    }
    let game =
        Gamma::new_in_zeroed(w, h, players, areas, memory.words()).map_err(|e| e.to_string())?;
    let chosen = args.computer.unwrap_or_default();
    chosen.check(players as usize)?;
    let seats: Vec<u32> = chosen.numbers().map(u32::from).collect();
    if seats.is_empty() {
        return tui::play(game, &[], None);
    }
    if players as usize > MAX_PLAYERS {
        return Err(format!(
            "the computer plays games of at most {MAX_PLAYERS} players"
        ));
    }
    let spec = spec_of(args)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    match words_for(w, h) {
        Some(4) => tui::play(game, &[], Some(&mut computer::<4>(spec, seats, seed))),
        Some(16) => tui::play(game, &[], Some(&mut computer::<16>(spec, seats, seed))),
        Some(_) => tui::play(
            game,
            &[],
            Some(&mut computer::<POSITION_WORDS>(spec, seats, seed)),
        ),
        None => Err(format!(
            "the computer plays boards of at most {} cells; this one has {}",
            atom4_core::gamma::POSITION_CELLS,
            u64::from(w) * u64::from(h)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(engine: &str) -> PlayArgs {
        PlayArgs {
            width: 5,
            height: 5,
            players: 2,
            areas: 2,
            computer: Some(Seats::of(2)),
            time: 30,
            engine: engine.into(),
            seed: Some(1),
        }
    }

    #[test]
    fn engines_come_from_the_options() {
        assert_eq!(
            spec_of(&args("mcts")),
            Ok(GammaSpec::Mcts(Limit::Time(
                std::time::Duration::from_millis(30)
            )))
        );
        assert_eq!(spec_of(&args("greedy")), Ok(GammaSpec::Greedy));
        assert_eq!(spec_of(&args("random")), Ok(GammaSpec::Random));
        assert!(spec_of(&args("strong")).is_err());
    }

    #[test]
    fn bad_games_and_seats_are_refused_before_the_screen() {
        let mut a = args("greedy");
        a.computer = Some(Seats::of(3));
        assert_eq!(
            run(&a).unwrap_err(),
            "--computer 3: this game has 2 players (1 to 2)"
        );
        let mut a = args("greedy");
        a.areas = 0;
        assert!(run(&a).is_err());
        let mut a = args("greedy");
        a.players = 17;
        assert!(run(&a).unwrap_err().contains("at most 16 players"));
        let mut a = args("greedy");
        a.width = 100;
        a.height = 100;
        assert!(run(&a).unwrap_err().contains("at most 2048 cells"));
    }
}
