//! The Gamma engines, configured from short specs: `random` (uniform among
//! the legal moves, golden moves included), `greedy` (the move that leaves
//! it the most free fields) and `mcts:<ms>ms` or `mcts:n<iterations>` (the
//! generic MCTS over [`Position`] with Gamma's playouts), for any number of
//! players (up to 16), the areas limit and golden moves. Engines work on
//! positions of any capacity; a match plays on the registry's
//! ([`Gamma`]).

use std::time::Duration;

use atom4_core::control::{Report, StopFlag};
use atom4_core::gamma::policy::{greedy_move, random_move, Playout};
use atom4_core::gamma::{Move, Position};
use atom4_core::registry::{GameId, GAMMA_WORDS};
use atom4_core::state::Action;
use atom4_core::Rng;

use crate::any::Registered;
use crate::games::Own;
use crate::generic::{Limit, MctsEngine};
use crate::spec::SpecText;
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

/// The specs [`GammaSpec`] reads.
pub const SPECS: &str = "greedy, mcts[:<ms>ms|n<iterations>] (Gamma's playouts), random";

impl std::str::FromStr for GammaSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<GammaSpec, String> {
        let spec = SpecText::new(s, SPECS);
        match spec.kind {
            "random" => spec.plain(GammaSpec::Random),
            "greedy" => spec.plain(GammaSpec::Greedy),
            "mcts" => spec.tree_limit(Some(DEFAULT_LIMIT)).map(GammaSpec::Mcts),
            _ => Err(spec.bad()),
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

/// The engine behind a spec.
enum Kind {
    Random(Rng),
    Greedy(Rng),
    Mcts(Box<MctsEngine<Move, Playout>>),
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
            GammaSpec::Mcts(limit) => Kind::Mcts(Box::new(MctsEngine::with_nodes(
                limit,
                Playout::default(),
                seed,
                tree_nodes(limit),
            ))),
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

/// Gamma as the registry holds it.
pub type Gamma = Position<GAMMA_WORDS>;

/// Gamma's own engines in matches ([`crate::games`]).
pub const OWN: Own<Gamma> = Own {
    game: GameId::Gamma,
    help: SPECS,
    engine,
};

/// The engine of `spec`.
pub fn engine(spec: &str, _seat: usize, seed: u64) -> Result<Box<dyn Engine<Gamma>>, String> {
    Ok(Box::new(GammaEngine::new(spec.parse()?, seed)))
}

impl Registered for Gamma {
    /// `2 * (y * width + x)`, plus 1 for a golden move.
    fn action(&self, mv: Move) -> Action {
        2 * (u32::from(mv.y) * self.width() + u32::from(mv.x)) + u32::from(mv.golden)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::spec_mistakes;

    #[test]
    fn specs_round_trip_and_refuse_nonsense() {
        let good = "random greedy mcts:50ms mcts:n2000";
        let bad = "mcts:d3 greedy:3 random:1 strong mcts:n0 mcts:fast";
        assert_eq!(spec_mistakes::<GammaSpec>(good, bad), Vec::<String>::new());
        assert_eq!(
            "mcts".parse::<GammaSpec>(),
            Ok(GammaSpec::Mcts(DEFAULT_LIMIT))
        );
    }

    #[test]
    fn the_tree_fits_the_search() {
        assert_eq!(tree_nodes(Limit::Nodes(10)), 1 << 16);
        assert_eq!(tree_nodes(Limit::Nodes(5000)), 240_000);
        assert_eq!(tree_nodes(Limit::Nodes(1 << 40)), 1 << 22);
        assert!(tree_nodes(Limit::Time(Duration::from_millis(100))) > 1 << 16);
    }
}
