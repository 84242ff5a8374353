//! The Chain Reaction engines, configured from short specs: the strong
//! engine (`strong:50ms`, `strong:d6`, `strong:n50000`, with `:t2` for
//! two threads), the reference opponents of spec section 7 (`agnishom`,
//! `agnishom-mm`, `ns`), the tutorial's computer player (`seedai`, atoms
//! only), `random`, and the multi-player searches the strong engine
//! chooses between (`paranoid:`, `brs:` (Best-Reply Search), `maxn:`,
//! `mcts:` with a limit).

use atom4_core::chain::reference;
use atom4_core::chain::strong::PlayoutRollout;
use atom4_core::chain::{BestReply, Duel, GlibcRand, Move, Paranoid, Position, SeedAi, StrongEval};
use atom4_core::control::{Report, StopFlag, Stopper};
use atom4_core::expectimax::{self, Expectimax};
use atom4_core::registry::GameId;
use atom4_core::search::{PackedMove, MAX_PLY};
use atom4_core::state::Action;
use atom4_core::Rng;

use crate::any::Registered;
use crate::games::Own;
use crate::generic::{AlphaBetaEngine, Limit, MctsEngine, RandomEngine, SearchSpec};
use crate::spec::{each_override, SpecText};
use crate::{random_move, Engine};

/// How the strong engine plays three or more players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Multi {
    /// Alpha-beta of one player against all the others.
    Paranoid,
    /// Alpha-beta of one player against the best reply of any other.
    BestReply,
    /// Each player maximises its own evaluation.
    MaxN,
    /// Monte Carlo tree search with random playouts.
    Mcts,
}

/// The method the strong engine uses with three or more players (the one
/// that played best: see the README's benchmarks).
pub const MULTI: Multi = Multi::Paranoid;

/// How an engine is configured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineSpec {
    Random,
    /// The tutorial's computer player (atoms only).
    SeedAi,
    Agnishom,
    AgnishomMinimax,
    Ns,
    /// Alpha-beta for two players, [`MULTI`] for more.
    Strong(SearchSpec),
    /// One of the multi-player methods, whatever the player count (with
    /// two players paranoid is the strong engine's alpha-beta).
    Method(Multi, SearchSpec),
}

/// A searching engine's limit when the spec gives none.
pub const DEFAULT_LIMIT: Limit = Limit::Time(std::time::Duration::from_millis(50));

/// The specs [`EngineSpec`] reads.
pub const SPECS: &str = "strong[:<ms>ms|d<depth>|n<nodes>[:t<threads>]], agnishom, agnishom-mm, ns, seedai (atoms), random, or paranoid:, brs:, maxn:, mcts: with a limit";

impl std::str::FromStr for EngineSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<EngineSpec, String> {
        let spec = SpecText::new(s, SPECS);
        let search = || SearchSpec::parse(spec.arg, DEFAULT_LIMIT).map_err(|e| spec.bad_because(e));
        let method = |multi| search().map(|s| EngineSpec::Method(multi, s));
        match spec.kind {
            "random" => spec.plain(EngineSpec::Random),
            "seedai" => spec.plain(EngineSpec::SeedAi),
            "agnishom" => spec.plain(EngineSpec::Agnishom),
            "agnishom-mm" => spec.plain(EngineSpec::AgnishomMinimax),
            "ns" => spec.plain(EngineSpec::Ns),
            "strong" => search().map(EngineSpec::Strong),
            "paranoid" => method(Multi::Paranoid),
            "brs" => method(Multi::BestReply),
            "maxn" => method(Multi::MaxN),
            "mcts" => match search()? {
                s if matches!(s.limit, Limit::Depth(_)) || s.threads > 1 => {
                    Err(spec.bad_because("MCTS takes <ms>ms or n<iterations>, one thread"))
                }
                s => Ok(EngineSpec::Method(Multi::Mcts, s)),
            },
            _ => Err(spec.bad()),
        }
    }
}

impl std::fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineSpec::Random => f.write_str("random"),
            EngineSpec::SeedAi => f.write_str("seedai"),
            EngineSpec::Agnishom => f.write_str("agnishom"),
            EngineSpec::AgnishomMinimax => f.write_str("agnishom-mm"),
            EngineSpec::Ns => f.write_str("ns"),
            EngineSpec::Strong(spec) => write!(f, "strong:{spec}"),
            EngineSpec::Method(Multi::Paranoid, spec) => write!(f, "paranoid:{spec}"),
            EngineSpec::Method(Multi::BestReply, spec) => write!(f, "brs:{spec}"),
            EngineSpec::Method(Multi::MaxN, spec) => write!(f, "maxn:{spec}"),
            EngineSpec::Method(Multi::Mcts, spec) => write!(f, "mcts:{spec}"),
        }
    }
}

/// Reads evaluation overrides `name=value,...`: the weights and
/// `quiescence` (the tuning aid behind the `CHAIN_WEIGHTS` environment
/// variable of the match runner).
pub fn parse_eval(text: &str, mut eval: StrongEval) -> Result<StrongEval, String> {
    each_override(text, |name, value| {
        let value: i32 = value.parse().map_err(|_| "not a number")?;
        let weights = &mut eval.weights;
        let field = match name {
            "orb" => &mut weights.orb,
            "cell" => &mut weights.cell,
            "corner" => &mut weights.corner,
            "edge" => &mut weights.edge,
            "loaded" => &mut weights.loaded,
            "threatened" => &mut weights.threatened,
            "chain" => &mut weights.chain,
            "initiative" => &mut weights.initiative,
            "quiescence" => {
                eval.quiescence = u8::try_from(value).map_err(|_| "0 to 255")?;
                return Ok(());
            }
            _ => return Err(format!("no weight called {name:?}")),
        };
        *field = value;
        Ok(())
    })?;
    Ok(eval)
}

/// The engine behind a spec.
enum Kind {
    Random(RandomEngine),
    SeedAi(SeedAi),
    Agnishom,
    AgnishomMinimax,
    Ns(Rng),
    /// A searching engine before its first position: which search it
    /// needs depends on the player count.
    Pending,
    Duel(Box<AlphaBetaEngine<Duel, StrongEval>>),
    Paranoid(Box<AlphaBetaEngine<Paranoid, StrongEval>>),
    BestReply(Box<AlphaBetaEngine<BestReply, StrongEval>>),
    MaxN {
        spec: SearchSpec,
        eval: StrongEval,
    },
    Mcts(Box<MctsEngine<Move, PlayoutRollout>>),
}

/// A Chain Reaction engine built from an [`EngineSpec`].
pub struct ChainEngine {
    spec: EngineSpec,
    kind: Kind,
    seed: u64,
    eval: StrongEval,
    last: Option<Report<Move>>,
    depths: Vec<u32>,
}

impl ChainEngine {
    pub fn new(spec: EngineSpec, seed: u64) -> ChainEngine {
        ChainEngine::with_eval(spec, seed, StrongEval::default())
    }

    /// An engine whose evaluation (for searching engines) is `eval`.
    pub fn with_eval(spec: EngineSpec, seed: u64, eval: StrongEval) -> ChainEngine {
        let kind = match spec {
            EngineSpec::Random => Kind::Random(RandomEngine::new(seed)),
            // glibc's srand takes an unsigned int; 0 acts as 1.
            EngineSpec::SeedAi => Kind::SeedAi(SeedAi::with_rand(GlibcRand::new(seed as u32))),
            EngineSpec::Agnishom => Kind::Agnishom,
            EngineSpec::AgnishomMinimax => Kind::AgnishomMinimax,
            EngineSpec::Ns => Kind::Ns(Rng::new(seed)),
            EngineSpec::Strong(_) | EngineSpec::Method(..) => Kind::Pending,
        };
        ChainEngine {
            spec,
            kind,
            seed,
            eval,
            last: None,
            depths: vec![0; MAX_PLY + 1],
        }
    }

    pub fn spec(&self) -> EngineSpec {
        self.spec
    }

    /// The last search's report (searching engines).
    pub fn last(&self) -> Option<&Report<Move>> {
        self.last.as_ref()
    }

    /// Builds the search a searching spec needs for a game of `players`,
    /// unless it has it (one engine may play games of different sizes).
    fn prepare(&mut self, players: usize) {
        let (method, spec) = match self.spec {
            EngineSpec::Strong(s) => (if players == 2 { None } else { Some(MULTI) }, s),
            EngineSpec::Method(Multi::Paranoid | Multi::BestReply, s) if players == 2 => (None, s),
            EngineSpec::Method(m, s) => (Some(m), s),
            _ => return,
        };
        let eval = self.eval;
        let ready = matches!(
            (&self.kind, method),
            (Kind::Duel(_), None)
                | (Kind::Paranoid(_), Some(Multi::Paranoid))
                | (Kind::BestReply(_), Some(Multi::BestReply))
                | (Kind::MaxN { .. }, Some(Multi::MaxN))
                | (Kind::Mcts(_), Some(Multi::Mcts))
        );
        if ready {
            return;
        }
        self.kind = match method {
            None => Kind::Duel(Box::new(AlphaBetaEngine::new(spec, eval, self.seed))),
            Some(Multi::Paranoid) => {
                Kind::Paranoid(Box::new(AlphaBetaEngine::new(spec, eval, self.seed)))
            }
            Some(Multi::BestReply) => {
                Kind::BestReply(Box::new(AlphaBetaEngine::new(spec, eval, self.seed)))
            }
            Some(Multi::MaxN) => Kind::MaxN { spec, eval },
            Some(Multi::Mcts) => Kind::Mcts(Box::new(MctsEngine::new(
                spec.limit,
                PlayoutRollout::default(),
                self.seed,
            ))),
        };
    }
}

impl Engine<Position> for ChainEngine {
    fn think(
        &mut self,
        game: &Position,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(&Report<Move>),
    ) -> Move {
        self.prepare(game.players());
        let fallback = |game: &Position| {
            random_move(game, &mut Rng::new(game.key())).expect("a position in play has a move")
        };
        let mv = match &mut self.kind {
            Kind::Random(e) => e.think(game, stop, progress),
            Kind::SeedAi(ai) => ai.choose(game).unwrap_or_else(|_| fallback(game)),
            Kind::Agnishom => reference::agnishom(game).unwrap_or_else(|| fallback(game)),
            Kind::AgnishomMinimax => {
                reference::agnishom_minimax(game).unwrap_or_else(|| fallback(game))
            }
            Kind::Ns(rng) => reference::ns(game, rng).unwrap_or_else(|| fallback(game)),
            Kind::Pending => unreachable!("prepared above"),
            Kind::Duel(e) => {
                let duel = Duel::new(*game).expect("two players");
                let mv = e.think(&duel, stop, progress);
                self.last = e.last.clone();
                mv
            }
            Kind::Paranoid(e) => {
                let me = game.to_move().expect("a position in play");
                let mv = e.think(&Paranoid::new(*game, me), stop, progress);
                self.last = e.last.clone();
                mv
            }
            Kind::BestReply(e) => {
                let me = game.to_move().expect("a position in play");
                let mv = e.think(&BestReply::new(*game, me), stop, progress);
                self.last = e.last.clone();
                mv
            }
            Kind::MaxN { spec, eval } => {
                let (limits, deadline) = spec.start(0);
                let mut control = Stopper::new()
                    .deadline(deadline)
                    .flag(stop)
                    .progress(progress);
                let report = Expectimax::new(*eval).run(
                    game,
                    expectimax::Limits {
                        depth: limits.depth,
                        nodes: limits.nodes,
                    },
                    &mut control,
                );
                let mv = report.best.unwrap_or_else(|| fallback(game));
                self.last = Some(report);
                mv
            }
            Kind::Mcts(e) => {
                let mv = e.think(game, stop, progress);
                self.last = e.last.clone();
                mv
            }
        };
        if let Some(report) = &self.last {
            if matches!(
                self.kind,
                Kind::Duel(_) | Kind::Paranoid(_) | Kind::BestReply(_) | Kind::MaxN { .. }
            ) {
                self.depths[report.depth as usize] += 1;
            }
        }
        mv
    }

    fn name(&self) -> String {
        self.spec.to_string()
    }

    fn depths(&self) -> Option<&[u32]> {
        match self.kind {
            Kind::Duel(_) | Kind::Paranoid(_) | Kind::BestReply(_) | Kind::MaxN { .. } => {
                Some(&self.depths)
            }
            _ => None,
        }
    }
}

/// Chain Reaction's own engines in matches ([`crate::games`]).
pub const OWN: Own<Position> = Own {
    game: GameId::Chain,
    help: SPECS,
    engine,
};

/// The engine of `spec`; the first on the command line (`seat` 0) takes
/// the evaluation of `CHAIN_WEIGHTS` (`name=value,...`: measure a change
/// against the defaults on the same games).
pub fn engine(spec: &str, seat: usize, seed: u64) -> Result<Box<dyn Engine<Position>>, String> {
    let spec: EngineSpec = spec.parse()?;
    let eval = match std::env::var("CHAIN_WEIGHTS") {
        Ok(text) if seat == 0 => parse_eval(&text, StrongEval::default())?,
        _ => StrongEval::default(),
    };
    Ok(Box::new(ChainEngine::with_eval(spec, seed, eval)))
}

impl Registered for Position {
    fn action(&self, mv: Move) -> Action {
        mv.to_bits().into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::spec_mistakes;
    use atom4_core::chain::Rules;
    use atom4_core::Cell;

    #[test]
    fn specs_round_trip_and_refuse_nonsense() {
        let good = "random seedai agnishom agnishom-mm ns strong:50ms strong:d6 strong:n5000:t2 paranoid:n3000 maxn:d3 mcts:n500 mcts:20ms";
        let bad = "ns:3 mcts:d3 mcts:n5:t2 strong:fast alpha";
        assert_eq!(spec_mistakes::<EngineSpec>(good, bad), Vec::<String>::new());
        assert_eq!(
            "strong".parse::<EngineSpec>().unwrap().to_string(),
            "strong:50ms"
        );
    }

    #[test]
    fn moves_pack_into_sixteen_bits() {
        for mv in [
            Move::Pass,
            Move::Place(Cell::new(15, 15).unwrap()),
            Move::Place(Cell::new(0, 0).unwrap()),
        ] {
            assert_eq!(Move::from_bits(mv.to_bits()), mv);
        }
    }

    /// Every engine plays legal moves to the end of small games, with two
    /// and with four players.
    #[test]
    fn every_engine_finishes_games() {
        let specs = [
            "random",
            "agnishom",
            "agnishom-mm",
            "ns",
            "strong:n2000",
            "paranoid:n2000",
            "maxn:d2",
            "mcts:n200",
        ];
        for players in [2u8, 4] {
            for (i, spec) in specs.iter().enumerate() {
                if *spec == "ns" && players > 2 {
                    continue;
                }
                let mut engine = ChainEngine::new(spec.parse().unwrap(), i as u64);
                let mut other = ChainEngine::new("random".parse().unwrap(), 9);
                let mut game = Position::new(Rules::Classic, 4, 4, players).unwrap();
                while !game.is_over() {
                    let mv = if game.to_move().map(|p| p.index()) == Some(0) {
                        engine.choose(&game)
                    } else {
                        other.choose(&game)
                    };
                    game.play(mv).unwrap_or_else(|e| panic!("{spec}: {mv} {e}"));
                }
            }
        }
        let mut ai = ChainEngine::new(EngineSpec::SeedAi, 7);
        let mut game = Position::new(Rules::Atoms, 8, 8, 2).unwrap();
        for _ in 0..40 {
            let mv = ai.choose(&game);
            game.play(mv).unwrap();
        }
    }
}
