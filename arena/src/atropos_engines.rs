//! The Atropos engines, configured from short specs: `default` (the Java
//! referee's built-in player, spec section 5), `ab7` or `ab:d<depth>` (the
//! spec's reference opponent of section 10), `player:<limit>` (our engine:
//! solver, hustle and tree search; `<limit>` is `<ms>ms` or `w<work>`,
//! with `:key=value` options for experiments), `mcts:<limit>` (the generic
//! MCTS on every legal move, a baseline) and `random`. Also the game's
//! place in the match runner ([`OWN`]), our referee's game loop
//! ([`referee`]) and the runner of player programs ([`process`]).

#[path = "atropos_process.rs"]
pub mod process;
#[path = "atropos_referee.rs"]
pub mod referee;

use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use atom4_core::atropos::engine::{
    Budget, Choice, Config, Engine as Player, Memory, TimeBudget, TreeSearch, WorkBudget,
};
use atom4_core::atropos::{default_move, Atropos, Color, Move};
use atom4_core::control::{Report, StopFlag};
use atom4_core::mcts::NODE_WORDS;
use atom4_core::registry::GameId;
use atom4_core::state::Action;
use atom4_core::Rng;

use crate::any::Registered;
use crate::games::Own;
use crate::generic::{Limit, MctsEngine, RandomEngine};
use crate::memory::filled;
use crate::spec::SpecText;
use crate::Engine;

/// How the player engine is bounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerLimit {
    /// Wall-clock time a move.
    Time(Duration),
    /// Units of work a move (solver positions; an MCTS iteration counts
    /// [`atom4_core::atropos::engine::ITERATION_WORK`]): the same games
    /// whatever the machine is doing.
    Work(u64),
}

impl FromStr for PlayerLimit {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerLimit, String> {
        match (s.strip_prefix('w').map(str::parse), s.parse()) {
            (Some(Ok(w)), _) if w > 0 => Ok(PlayerLimit::Work(w)),
            (None, Ok(Limit::Time(t))) => Ok(PlayerLimit::Time(t)),
            _ => Err(format!("bad limit {s:?}: use <ms>ms or w<work>")),
        }
    }
}

impl std::fmt::Display for PlayerLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerLimit::Time(t) => write!(f, "{}ms", t.as_millis()),
            PlayerLimit::Work(w) => write!(f, "w{w}"),
        }
    }
}

/// The player engine's memory for a limit: the solver's table about as
/// many slots as the work a move may do, the MCTS tree a quarter of that
/// (a search adds about one node for each six units of work), powers of
/// two (time counts 2 units a microsecond), and an alpha-beta table like
/// the solver's when that search is used. Kept small: a player program
/// pays for its memory at every move, each page it touches first.
pub struct PlayerMemory {
    solver: Vec<u64>,
    tree: Vec<u64>,
    table: Vec<u64>,
}

impl PlayerMemory {
    /// Memory for `limit` and `search` (an abort when the machine has not
    /// got it: see [`PlayerMemory::try_new`]).
    pub fn new(limit: PlayerLimit, search: TreeSearch) -> PlayerMemory {
        match PlayerMemory::try_new(limit, search) {
            Ok(memory) => memory,
            Err(e) => panic!("{e}"),
        }
    }

    /// Memory for `limit` and `search`; on a machine short of memory, as
    /// much of it as the machine has (halved until it fits, the search
    /// then filling its tree sooner), or why not even the least fits.
    pub fn try_new(limit: PlayerLimit, search: TreeSearch) -> Result<PlayerMemory, String> {
        let work = match limit {
            PlayerLimit::Time(t) => t.as_micros().min(1 << 40) as u64 * 2,
            PlayerLimit::Work(w) => w,
        };
        let mut shrink = 0;
        loop {
            match PlayerMemory::for_work(work >> shrink, search) {
                Err(_) if work >> shrink > 1 << 12 => shrink += 1,
                memory => return memory,
            }
        }
    }

    fn for_work(work: u64, search: TreeSearch) -> Result<PlayerMemory, String> {
        let slots =
            |share: u64| (work / share).clamp(1 << 12, 1 << 22).next_power_of_two() as usize;
        let (tree, table) = match search {
            TreeSearch::Mcts => (slots(4), 0),
            TreeSearch::AlphaBeta => (0, slots(1)),
        };
        Ok(PlayerMemory {
            solver: filled(slots(1), 0, "the solver's table")?,
            tree: filled(tree * NODE_WORDS, 0, "the search tree")?,
            table: filled(table, 0, "the search's table")?,
        })
    }

    /// The engine over this memory.
    pub fn engine(&mut self, config: Config) -> Player<'_> {
        Player::new(
            Memory {
                solver: &mut self.solver,
                tree: &mut self.tree,
                table: &mut self.table,
            },
            config,
        )
    }
}

/// The player engine with its memory; each move starts with an empty
/// solver table, as the player program (one process a move) does.
pub struct PlayerEngine {
    limit: PlayerLimit,
    config: Config,
    memory: PlayerMemory,
    spec: String,
    /// Whether the solver's table holds an earlier move's results.
    used: bool,
    /// The last move's choice.
    pub last: Option<Choice>,
}

impl PlayerEngine {
    pub fn new(limit: PlayerLimit, config: Config) -> PlayerEngine {
        match PlayerEngine::try_new(limit, config) {
            Ok(engine) => engine,
            Err(e) => panic!("{e}"),
        }
    }

    /// The engine, or why the machine has not got the memory it needs.
    pub fn try_new(limit: PlayerLimit, config: Config) -> Result<PlayerEngine, String> {
        Ok(PlayerEngine {
            limit,
            config,
            memory: PlayerMemory::try_new(limit, config.search)?,
            spec: format!("player:{limit}"),
            used: false,
            last: None,
        })
    }

    /// The choice for `state`, within the limit from `start` (or until
    /// `stop` is raised); `None` once the game is over.
    pub fn choose(
        &mut self,
        state: &Atropos,
        start: Instant,
        stop: &dyn StopFlag,
    ) -> Option<Choice> {
        let config = self.config;
        let mut engine = self.memory.engine(config);
        if self.used {
            engine.clear();
        }
        self.used = true;
        let choice = match self.limit {
            PlayerLimit::Time(t) => engine.choose(state, &mut TimeBudget::new(start, t).flag(stop)),
            PlayerLimit::Work(w) => engine.choose(state, &mut Stoppable(WorkBudget(w), stop)),
        };
        self.last = choice;
        choice
    }
}

/// A work budget that a stop flag ends at once.
struct Stoppable<'f>(WorkBudget, &'f dyn StopFlag);

impl Budget for Stoppable<'_> {
    fn spent(&mut self, work: u64) -> u32 {
        if self.1.is_raised() {
            u32::MAX
        } else {
            self.0.spent(work)
        }
    }
}

impl Engine<Atropos> for PlayerEngine {
    fn think(
        &mut self,
        game: &Atropos,
        stop: &dyn StopFlag,
        _progress: &mut dyn FnMut(&Report<Move>),
    ) -> Move {
        match self.choose(game, Instant::now(), stop) {
            Some(choice) => choice.mv,
            None => Move::new(Color::Red, game.legal_circles()[0]),
        }
    }

    fn name(&self) -> String {
        self.spec.clone()
    }
}

/// Reads `player:<limit>[:key=value...]`'s options into a configuration:
/// `search=mcts|ab`, `first=` and `until=` (per mille of the budget: the
/// solver's first share, the end of the tree search's), `live=` (the most
/// live circles for the solver), `hustle=0|1`, `wins=0|1` (playouts take
/// immediate wins), `c=` (MCTS exploration).
pub fn player_config(options: &[&str], seed: u64) -> Result<Config, String> {
    let mut config = Config {
        seed,
        ..Config::default()
    };
    for option in options {
        let (key, value) = option
            .split_once('=')
            .ok_or(format!("player option {option:?} is not key=value"))?;
        let number = || -> Result<u32, String> {
            value
                .parse()
                .map_err(|_| format!("player option {key}: {value:?} is not a number"))
        };
        let flag = || -> Result<bool, String> {
            match value {
                "0" => Ok(false),
                "1" => Ok(true),
                _ => Err(format!("player option {key}: give 0 or 1")),
            }
        };
        match key {
            "search" => {
                config.search = match value {
                    "mcts" => TreeSearch::Mcts,
                    "ab" => TreeSearch::AlphaBeta,
                    _ => return Err("player option search: mcts or ab".into()),
                }
            }
            "first" => config.solver_first = number()?,
            "until" => config.search_until = number()?,
            "live" => config.solver_max_live = number()?,
            "hustle" => config.hustle = flag()?,
            "wins" => config.take_wins = flag()?,
            "c" => {
                config.exploration = value
                    .parse()
                    .map_err(|_| format!("player option c: {value:?} is not a number"))?
            }
            _ => return Err(format!("no player option {key:?}")),
        }
    }
    Ok(config)
}

/// The spec's reference opponent (section 10): negamax alpha-beta over
/// the safe moves in the canonical order, the root's moves searched to
/// `depth` plies, leaves valued by the mover's safe moves, a node without
/// safe moves by `-(1000 - ply)`; the root keeps the first move of the
/// strictly highest value. Deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReferenceAlphaBeta {
    pub depth: u32,
}

/// A value beyond every score of [`ReferenceAlphaBeta`].
const INFINITY: i32 = 1 << 20;

impl ReferenceAlphaBeta {
    /// Its move in `state` (not over).
    pub fn choose(&self, state: &Atropos) -> Option<Move> {
        let safe = state.safe_moves();
        let first = *state.legal_circles().first()?;
        let mut best = (Move::new(Color::Red, first), -INFINITY);
        let mut alpha = -INFINITY;
        for (k, &mv) in safe.iter().enumerate() {
            let mut after = *state;
            after.play(mv).ok()?;
            let value = -self.negamax(&after, 1, -INFINITY, -alpha);
            if k == 0 || value > best.1 {
                best = (mv, value);
            }
            alpha = alpha.max(value);
        }
        Some(best.0)
    }

    /// Fail-hard negamax of the node at `ply`.
    fn negamax(&self, state: &Atropos, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        let safe = state.safe_moves();
        if safe.is_empty() {
            return -(1000 - ply as i32);
        }
        if ply >= self.depth {
            return safe.len() as i32;
        }
        for &mv in &safe {
            let mut after = *state;
            if after.play(mv).is_err() {
                continue;
            }
            let value = -self.negamax(&after, ply + 1, -beta, -alpha);
            if value >= beta {
                return beta;
            }
            if value > alpha {
                alpha = value;
            }
        }
        alpha
    }
}

/// An Atropos engine built from a spec.
pub enum AtroposEngine {
    /// The Default player on its own generator.
    Default(Rng),
    Reference(ReferenceAlphaBeta),
    Player(Box<PlayerEngine>),
    Mcts(Box<MctsEngine<Move>>),
    Random(RandomEngine),
}

impl AtroposEngine {
    /// The engine a spec names, seeded.
    pub fn from_spec(spec: &str, seed: u64) -> Result<AtroposEngine, String> {
        let text = SpecText::new(spec, SPECS);
        let mut parts = spec.split(':');
        let kind = parts.next().unwrap_or("");
        let rest: Vec<&str> = parts.collect();
        match (kind, rest.as_slice()) {
            ("default", []) => Ok(AtroposEngine::Default(Rng::new(seed))),
            ("random", []) => Ok(AtroposEngine::Random(RandomEngine::new(seed))),
            ("ab7", []) => Ok(AtroposEngine::Reference(ReferenceAlphaBeta { depth: 7 })),
            ("ab", [d]) => match d.strip_prefix('d').map(str::parse) {
                Some(Ok(depth @ 1..=20)) => {
                    Ok(AtroposEngine::Reference(ReferenceAlphaBeta { depth }))
                }
                _ => Err(text.bad_because("depths go from 1 to 20")),
            },
            ("player", [limit, options @ ..]) => {
                let limit: PlayerLimit = limit.parse().map_err(|e| text.bad_because(e))?;
                let config = player_config(options, seed)?;
                let mut engine = PlayerEngine::new(limit, config);
                engine.spec = spec.to_string();
                Ok(AtroposEngine::Player(Box::new(engine)))
            }
            ("mcts", [_]) => Ok(AtroposEngine::Mcts(Box::new(MctsEngine::new(
                text.tree_limit(None)?,
                Default::default(),
                seed,
            )))),
            _ => Err(text.bad()),
        }
    }
}

impl Engine<Atropos> for AtroposEngine {
    fn think(
        &mut self,
        game: &Atropos,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(&Report<Move>),
    ) -> Move {
        let fallback = || Move::new(Color::Red, game.legal_circles()[0]);
        match self {
            AtroposEngine::Default(rng) => default_move(game, rng).unwrap_or_else(fallback),
            AtroposEngine::Reference(ab) => ab.choose(game).unwrap_or_else(fallback),
            AtroposEngine::Player(e) => e.think(game, stop, progress),
            AtroposEngine::Mcts(e) => e.think(game, stop, progress),
            AtroposEngine::Random(e) => e.think(game, stop, progress),
        }
    }

    fn name(&self) -> String {
        match self {
            AtroposEngine::Default(_) => "default".into(),
            AtroposEngine::Reference(ab) => format!("ab:d{}", ab.depth),
            AtroposEngine::Player(e) => e.name(),
            AtroposEngine::Mcts(e) => format!("mcts:{}", e.limit()),
            AtroposEngine::Random(_) => "random".into(),
        }
    }
}

/// The move of `engine` for `state` with no stop flag.
pub fn engine_move(engine: &mut AtroposEngine, state: &Atropos) -> Move {
    engine.think(state, &AtomicBool::new(false), &mut |_| {})
}

/// Atropos's own engines in matches ([`crate::games`]). The match
/// runner's random opening moves may lose at once here; the referee's
/// openings (`atom4 atropos referee --opening K`, Default moves) never do.
pub const OWN: Own<Atropos> = Own {
    game: GameId::Atropos,
    help: SPECS,
    engine,
};

/// The specs [`AtroposEngine::from_spec`] reads.
pub const SPECS: &str = "default, ab7, ab:d<depth>, player:<ms>ms|w<work>[:key=value...], mcts:<ms>ms|n<iterations>, random";

/// The engine of `spec`.
pub fn engine(spec: &str, _seat: usize, seed: u64) -> Result<Box<dyn Engine<Atropos>>, String> {
    Ok(Box::new(AtroposEngine::from_spec(spec, seed)?))
}

impl Registered for Atropos {
    /// `3 * i + c - 1` for colour `c` on the circle of canonical index `i`.
    fn action(&self, mv: Move) -> Action {
        let index = self.size().index(mv.circle).unwrap_or(0) as Action;
        3 * index + Action::from(mv.color.digit()) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_build_and_nonsense_is_refused() {
        for spec in [
            "default",
            "ab7",
            "ab:d3",
            "player:w1000",
            "player:50ms:search=ab:hustle=0",
            "mcts:n100",
            "random",
        ] {
            let mut engine = AtroposEngine::from_spec(spec, 1).unwrap();
            let state = Atropos::new(4).unwrap();
            let mv = engine_move(&mut engine, &state);
            assert!(state.check(mv).is_ok(), "{spec}: {mv}");
        }
        for bad in [
            "",
            "ab",
            "ab:d0",
            "player",
            "player:10",
            "player:w0",
            "player:w9:x=1",
            "mcts:d3",
            "default:1",
        ] {
            assert!(AtroposEngine::from_spec(bad, 1).is_err(), "{bad}");
        }
    }

    /// The reference opponent against a plain minimax of the same rules.
    #[test]
    fn the_reference_opponent_is_plain_minimax_pruned() {
        fn minimax(state: &Atropos, ply: u32, depth: u32) -> i32 {
            let safe = state.safe_moves();
            if safe.is_empty() {
                return -(1000 - ply as i32);
            }
            if ply >= depth {
                return safe.len() as i32;
            }
            safe.iter()
                .map(|&mv| {
                    let mut after = *state;
                    after.play(mv).unwrap();
                    -minimax(&after, ply + 1, depth)
                })
                .max()
                .unwrap()
        }
        let mut rng = Rng::new(8);
        for n in [4, 5, 6] {
            let mut state = Atropos::new(n).unwrap();
            while let Some(mv) = default_move(&state, &mut rng) {
                if state.safe_moves().len() > 1 {
                    let ab = ReferenceAlphaBeta { depth: 3 };
                    let chosen = ab.choose(&state).unwrap();
                    let values: Vec<(Move, i32)> = state
                        .safe_moves()
                        .iter()
                        .map(|&m| {
                            let mut after = state;
                            after.play(m).unwrap();
                            (m, -minimax(&after, 1, 3))
                        })
                        .collect();
                    let best = values.iter().map(|v| v.1).max().unwrap();
                    let first_best = values.iter().find(|v| v.1 == best).unwrap().0;
                    assert_eq!(chosen, first_best, "{state}");
                }
                state.play(mv).unwrap();
            }
        }
    }
}
