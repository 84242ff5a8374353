//! The Atom-4 engines, configured from short specs such as `classic:4`,
//! `strong:30ms`, `strong:30ms:t2` (two threads), `strong:d6`,
//! `strong:n50000`, `mcts:100ms` or `random`.

use atom4_core::atom4::{classic, Atom4, StrongEval, Weights};
use atom4_core::control::{Report, StopFlag};
use atom4_core::registry::GameId;
use atom4_core::state::Action;
use atom4_core::{Cell, Rng};

use crate::any::Registered;
use crate::games::Own;
use crate::generic::{AlphaBetaEngine, Limit, MctsEngine, RandomEngine, SearchSpec};
use crate::{random_move, Engine};

/// How an engine is configured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EngineSpec {
    Random,
    /// The original's difficulty levels, exactly.
    Classic {
        level: u8,
    },
    /// The strong evaluation under alpha-beta; more than one thread search
    /// together, sharing one table (lazy SMP).
    Strong(SearchSpec),
    /// The generic MCTS with random rollouts (a baseline).
    Mcts(Limit),
}

/// A strong engine's limit when the spec gives none.
const DEFAULT_LIMIT: Limit = Limit::Time(std::time::Duration::from_millis(100));

impl std::str::FromStr for EngineSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<EngineSpec, String> {
        let bad = || {
            format!("bad engine {s:?}: use random, classic:<level>, strong:<ms>ms, strong:d<depth>, strong:n<nodes> (each with :t<threads> if wanted) or mcts:<ms>ms|n<iterations>")
        };
        let (kind, arg) = s.split_once(':').unwrap_or((s, ""));
        match kind {
            "random" if arg.is_empty() => Ok(EngineSpec::Random),
            "classic" => {
                let level = if arg.is_empty() {
                    2
                } else {
                    arg.parse().map_err(|_| bad())?
                };
                if level > classic::MAX_LEVEL {
                    return Err(format!(
                        "classic levels go from 0 to {}",
                        classic::MAX_LEVEL
                    ));
                }
                Ok(EngineSpec::Classic { level })
            }
            "strong" => Ok(EngineSpec::Strong(
                SearchSpec::parse(arg, DEFAULT_LIMIT).map_err(|e| format!("{}: {e}", bad()))?,
            )),
            "mcts" => match arg.parse().map_err(|e| format!("{}: {e}", bad()))? {
                Limit::Depth(_) => Err(format!("{}: MCTS has no depth", bad())),
                limit => Ok(EngineSpec::Mcts(limit)),
            },
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineSpec::Random => f.write_str("random"),
            EngineSpec::Classic { level } => write!(f, "classic:{level}"),
            EngineSpec::Strong(spec) => write!(f, "strong:{spec}"),
            EngineSpec::Mcts(limit) => write!(f, "mcts:{limit}"),
        }
    }
}

/// Reads weight overrides `name=value,...` (the tuning aid behind the
/// `ATOM4_WEIGHTS` environment variable of the match runner).
pub fn parse_weights(text: &str, mut weights: Weights) -> Result<Weights, String> {
    for item in text.split(',').filter(|s| !s.is_empty()) {
        let (name, value) = item
            .split_once('=')
            .ok_or(format!("{item:?} is not name=value"))?;
        let value: i32 = value
            .parse()
            .map_err(|_| format!("{item:?}: not a number"))?;
        let field = match name {
            "three_near" => &mut weights.three_near,
            "three_near_next_tile" => &mut weights.three_near_next_tile,
            "three_empty" => &mut weights.three_empty,
            "three_other" => &mut weights.three_other,
            "two" => &mut weights.two,
            "one" => &mut weights.one,
            "propagator" => &mut weights.propagator,
            "near" => &mut weights.near,
            "win_now" => &mut weights.win_now,
            "threat" => &mut weights.threat,
            "double_threat" => &mut weights.double_threat,
            "aggression" => &mut weights.aggression,
            _ => return Err(format!("no weight called {name:?}")),
        };
        *field = value;
    }
    Ok(weights)
}

/// The engine behind a spec.
enum Kind {
    Random(RandomEngine),
    Classic { level: u8, rng: Rng },
    Strong(Box<AlphaBetaEngine<Atom4, StrongEval>>),
    Mcts(MctsEngine<Cell>),
}

/// An Atom-4 engine built from an [`EngineSpec`].
pub struct Atom4Engine {
    spec: EngineSpec,
    kind: Kind,
}

impl Atom4Engine {
    pub fn new(spec: EngineSpec, seed: u64) -> Atom4Engine {
        let kind = match spec {
            EngineSpec::Random => Kind::Random(RandomEngine::new(seed)),
            EngineSpec::Classic { level } => Kind::Classic {
                level,
                rng: Rng::new(seed),
            },
            EngineSpec::Strong(search) => Kind::Strong(Box::new(AlphaBetaEngine::new(
                search,
                StrongEval::new(Weights::DEFAULT),
                seed,
            ))),
            EngineSpec::Mcts(limit) => Kind::Mcts(MctsEngine::new(limit, Default::default(), seed)),
        };
        Atom4Engine { spec, kind }
    }

    /// The strong engine's evaluation weights (others have none).
    pub fn with_weights(mut self, weights: Weights) -> Atom4Engine {
        if let Kind::Strong(engine) = &mut self.kind {
            *engine.evaluator() = StrongEval::new(weights);
        }
        self
    }

    pub fn spec(&self) -> EngineSpec {
        self.spec
    }

    /// The last search's report (strong and MCTS engines).
    pub fn last(&self) -> Option<&Report<Cell>> {
        match &self.kind {
            Kind::Strong(e) => e.last.as_ref(),
            Kind::Mcts(e) => e.last.as_ref(),
            _ => None,
        }
    }
}

impl Engine<Atom4> for Atom4Engine {
    fn think(
        &mut self,
        game: &Atom4,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(&Report<Cell>),
    ) -> Cell {
        match &mut self.kind {
            Kind::Random(e) => e.think(game, stop, progress),
            Kind::Classic { level, rng } => match classic::choose(game, *level, rng) {
                Ok(cell) => cell,
                Err(_) => random_move(game, rng).expect("a position in play has a move"),
            },
            Kind::Strong(e) => e.think(game, stop, progress),
            Kind::Mcts(e) => e.think(game, stop, progress),
        }
    }

    fn name(&self) -> String {
        self.spec.to_string()
    }

    fn depths(&self) -> Option<&[u32]> {
        match &self.kind {
            Kind::Strong(e) => Some(&e.depths),
            _ => None,
        }
    }
}

/// Atom-4's own engines in matches ([`crate::games`]): `classic:<level>`,
/// `strong:<limit>[:t<threads>]`, `mcts:<limit>`, `random`.
pub const OWN: Own<Atom4> = Own {
    game: GameId::Atom4,
    help: "classic:<level>, strong:<ms>ms|d<depth>|n<nodes>[:t<threads>], mcts:<ms>ms|n<iterations>, random",
    engine,
};

/// The weights of `ATOM4_WEIGHTS` (`name=value,...`: measure a change
/// against the defaults on the same games), `None` when it is not set.
pub fn weights_from_env() -> Result<Option<Weights>, String> {
    match std::env::var("ATOM4_WEIGHTS") {
        Ok(text) => parse_weights(&text, Weights::DEFAULT).map(Some),
        Err(_) => Ok(None),
    }
}

/// The engine of `spec`; the first on the command line (`seat` 0) takes
/// the weights of `ATOM4_WEIGHTS` ([`weights_from_env`]).
pub fn engine(spec: &str, seat: usize, seed: u64) -> Result<Box<dyn Engine<Atom4>>, String> {
    let engine = Atom4Engine::new(spec.parse()?, seed);
    Ok(Box::new(match weights_from_env()? {
        Some(weights) if seat == 0 => engine.with_weights(weights),
        _ => engine,
    }))
}

impl Registered for Atom4 {
    fn action(&self, cell: Cell) -> Action {
        cell.index().into()
    }
}
