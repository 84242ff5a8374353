//! The Gamma engines, configured from short specs: `random` (uniform among
//! the legal moves, golden moves included), `greedy` (the move that leaves
//! it the most free fields) and `mcts:<ms>ms` or `mcts:n<iterations>` (the
//! generic MCTS over [`Position`] with Gamma's playouts), for any number of
//! players (up to 16), the areas limit and golden moves. Engines work on
//! positions of any capacity; a match plays on the smallest its board fits.

use std::time::{Duration, Instant};

use atom4_core::control::{Report, StopFlag, Stopper};
use atom4_core::gamma::policy::{greedy_move, random_move, Playout};
use atom4_core::gamma::{words_for, Move, Position, PositionError};
use atom4_core::mcts::{self, Mcts, NODE_WORDS};
use atom4_core::Rng;

use crate::generic::Limit;
use crate::matches::{self, Arena, MatchOptions, Setup, Standing};
use crate::Engine;

/// How a Gamma engine is configured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GammaSpec {
    Random,
    Greedy,
    /// MCTS with Gamma's playouts, for a time or a number of iterations.
    Mcts(Limit),
}

/// The MCTS's limit when the spec gives none (`mcts`).
pub const DEFAULT_LIMIT: Limit = Limit::Time(Duration::from_millis(1000));

impl std::str::FromStr for GammaSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<GammaSpec, String> {
        let bad = || {
            format!("bad engine {s:?}: use random, greedy, or mcts:<ms>ms or mcts:n<iterations>")
        };
        let (kind, arg) = s.split_once(':').unwrap_or((s, ""));
        match (kind, arg) {
            ("random", "") => Ok(GammaSpec::Random),
            ("greedy", "") => Ok(GammaSpec::Greedy),
            ("mcts", "") => Ok(GammaSpec::Mcts(DEFAULT_LIMIT)),
            ("mcts", arg) => match arg.parse().map_err(|e| format!("{}: {e}", bad()))? {
                Limit::Depth(_) => Err(format!("{}: MCTS has no depth", bad())),
                limit => Ok(GammaSpec::Mcts(limit)),
            },
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for GammaSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GammaSpec::Random => f.write_str("random"),
            GammaSpec::Greedy => f.write_str("greedy"),
            GammaSpec::Mcts(limit) => write!(f, "mcts:{limit}"),
        }
    }
}

/// Tree nodes for an MCTS limit. A Gamma node that grows children gets one
/// a legal move (a hundred and more on 10 x 10), so the arena is sized for
/// about 48 new nodes an iteration (iterations a millisecond assumed: 20),
/// from 2^16 to 2^22 nodes (about 100 MiB).
pub fn tree_nodes(limit: Limit) -> usize {
    let iterations = match limit {
        Limit::Time(t) => (t.as_millis().min(1 << 30) as u64).saturating_mul(20),
        Limit::Nodes(n) => n,
        Limit::Depth(_) => 1 << 22,
    };
    iterations.saturating_mul(48).clamp(1 << 16, 1 << 22) as usize
}

/// The MCTS engine: the generic search over [`Position`] in its own node
/// arena, leaves estimated by Gamma's [`Playout`].
pub struct GammaMcts {
    limit: Limit,
    /// [`NODE_WORDS`] words a node.
    tree: Vec<u64>,
    playout: Playout,
    rng: Rng,
    /// The last search's report.
    pub last: Option<Report<Move>>,
}

impl GammaMcts {
    pub fn new(limit: Limit, seed: u64) -> GammaMcts {
        GammaMcts {
            limit,
            tree: vec![0; tree_nodes(limit) * NODE_WORDS],
            playout: Playout::default(),
            rng: Rng::new(seed),
            last: None,
        }
    }

    /// The playouts' weight of the margin of cells (see [`Playout`]).
    pub fn with_playout(mut self, playout: Playout) -> GammaMcts {
        self.playout = playout;
        self
    }
}

impl<const WORDS: usize> Engine<Position<WORDS>> for GammaMcts {
    fn think(
        &mut self,
        game: &Position<WORDS>,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(&Report<Move>),
    ) -> Move {
        let (iterations, deadline) = match self.limit {
            Limit::Nodes(n) => (n, None),
            Limit::Time(t) => (u64::MAX, Some(Instant::now() + t)),
            Limit::Depth(_) => (u64::MAX, None),
        };
        let limits = mcts::Limits {
            iterations,
            seed: self.rng.next_u64(),
        };
        let mut control = Stopper::new()
            .deadline(deadline)
            .flag(stop)
            .progress(progress);
        let report = Mcts::new(&mut self.tree, self.playout).run(game, limits, &mut control);
        let mv = match report.best {
            Some(mv) => mv,
            None => random_move(game, &mut self.rng).expect("a position in play has a move"),
        };
        self.last = Some(report);
        mv
    }

    fn name(&self) -> String {
        format!("mcts:{}", self.limit)
    }
}

/// The engine behind a spec.
enum Kind {
    Random(Rng),
    Greedy(Rng),
    Mcts(Box<GammaMcts>),
}

/// A Gamma engine built from a [`GammaSpec`].
pub struct GammaEngine {
    spec: GammaSpec,
    kind: Kind,
}

impl GammaEngine {
    pub fn new(spec: GammaSpec, seed: u64) -> GammaEngine {
        let kind = match spec {
            GammaSpec::Random => Kind::Random(Rng::new(seed)),
            GammaSpec::Greedy => Kind::Greedy(Rng::new(seed)),
            GammaSpec::Mcts(limit) => Kind::Mcts(Box::new(GammaMcts::new(limit, seed))),
        };
        GammaEngine { spec, kind }
    }

    pub fn spec(&self) -> GammaSpec {
        self.spec
    }

    /// The last search's report (MCTS only).
    pub fn last(&self) -> Option<&Report<Move>> {
        match &self.kind {
            Kind::Mcts(e) => e.last.as_ref(),
            _ => None,
        }
    }
}

impl<const WORDS: usize> Engine<Position<WORDS>> for GammaEngine {
    fn think(
        &mut self,
        game: &Position<WORDS>,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(&Report<Move>),
    ) -> Move {
        let mv = match &mut self.kind {
            Kind::Random(rng) => random_move(game, rng),
            Kind::Greedy(rng) => greedy_move(game, rng),
            Kind::Mcts(e) => return e.think(game, stop, progress),
        };
        mv.expect("a position in play has a move")
    }

    fn name(&self) -> String {
        self.spec.to_string()
    }
}

/// Gamma in matches: `--size WxH` (default 10x10), `--players N` (default
/// 2, at most 16), `--set areas=N` (default 3); at most 2048 cells, on
/// positions of `WORDS` words a plane ([`run_match`] picks).
pub struct GammaArena<const WORDS: usize>;

/// The board, players and areas of a match.
fn setup_of(setup: &Setup) -> Result<(u32, u32, u32, u32), String> {
    setup.only(&["areas"])?;
    let (w, h) = setup.size.unwrap_or((10, 10));
    let players = setup.players.unwrap_or(2);
    let areas = match setup.get("areas") {
        Some(text) => text
            .parse()
            .map_err(|_| format!("areas={text:?}: give a number from 1"))?,
        None => 3,
    };
    Ok((w, h, players, areas))
}

impl<const WORDS: usize> Arena for GammaArena<WORDS> {
    type Game = Position<WORDS>;

    fn start(&self, setup: &Setup) -> Result<Position<WORDS>, String> {
        let (w, h, players, areas) = setup_of(setup)?;
        Position::new(w, h, players, areas).map_err(|e| e.to_string())
    }

    fn engine(
        &self,
        spec: &str,
        _index: usize,
        seed: u64,
    ) -> Result<Box<dyn Engine<Position<WORDS>>>, String> {
        Ok(Box::new(GammaEngine::new(spec.parse()?, seed)))
    }
}

/// Plays a Gamma match on positions of the smallest capacity the board
/// fits.
pub fn run_match(
    setup: &Setup,
    specs: &[String],
    options: &MatchOptions,
) -> Result<Vec<Standing>, String> {
    let (w, h, ..) = setup_of(setup)?;
    match words_for(w, h) {
        Some(4) => matches::run(&GammaArena::<4>, setup, specs, options),
        Some(16) => matches::run(&GammaArena::<16>, setup, specs, options),
        Some(_) => matches::run(
            &GammaArena::<{ atom4_core::gamma::POSITION_WORDS }>,
            setup,
            specs,
            options,
        ),
        None => Err(PositionError::TooManyCells.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip_and_refuse_nonsense() {
        for text in ["random", "greedy", "mcts:50ms", "mcts:n2000"] {
            let spec: GammaSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "mcts".parse::<GammaSpec>(),
            Ok(GammaSpec::Mcts(DEFAULT_LIMIT))
        );
        for bad in [
            "mcts:d3",
            "greedy:3",
            "random:1",
            "strong",
            "mcts:n0",
            "mcts:fast",
            "",
        ] {
            assert!(bad.parse::<GammaSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_tree_fits_the_search() {
        assert_eq!(tree_nodes(Limit::Nodes(10)), 1 << 16);
        assert_eq!(tree_nodes(Limit::Nodes(5000)), 240_000);
        assert_eq!(tree_nodes(Limit::Nodes(1 << 40)), 1 << 22);
        assert!(tree_nodes(Limit::Time(Duration::from_millis(100))) > 1 << 16);
    }
}
