//! The Atomas engines, configured from short specs: `bot` (the bot's
//! expectimax: `bot:d2`, `bot:n20000`, `bot:2ms`, `bot:500us`), `mcts`
//! (the generic MCTS with a survival rollout: `mcts:n2000`, `mcts:10ms`)
//! or `random`.

use atom4_core::atomas::bot::{
    Bot, Limits, DEFAULT_DEEPER_FROM, DEFAULT_ROOT_WIDTH, DEFAULT_WIDTH, MAX_DEPTH,
};
use atom4_core::atomas::interface::{atom_action, reply_action};
use atom4_core::atomas::playout::random_game;
use atom4_core::atomas::{Atomas, Move, Reply, Weights};
use atom4_core::control::{Report, StopFlag};
use atom4_core::game::Game;
use atom4_core::mcts::{Rollout, Values};
use atom4_core::registry::GameId;
use atom4_core::state::Action;
use atom4_core::Rng;

use crate::any::Registered;
use crate::games::Own;
use crate::generic::{move_control, Limit, MctsEngine, RandomEngine};
use crate::spec::{each_override, SpecText};
use crate::Engine;

/// The bot's search when the spec gives no limit: depth 2 (3 on crowded
/// rings), as the `atom4 atomas bot` program plays.
pub const DEFAULT_DEPTH: u8 = 2;

/// How the bot's search is bounded: a depth (`d2`), about so many nodes
/// (`n20000`, depth up to the default) or a time a move (`2ms`, `500us`,
/// depth up to the default).
pub type BotLimit = Limit;

/// An Atomas engine's configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomasSpec {
    Random,
    /// The bot's expectimax and survival evaluation.
    Bot(BotLimit),
    /// The generic MCTS with [`SurvivalRollout`] (a baseline).
    Mcts(Limit),
}

/// The specs [`AtomasSpec`] reads.
pub const SPECS: &str =
    "bot[:d<depth>|n<nodes>|<ms>ms|<us>us], mcts:<ms>ms|n<iterations> (survival rollouts), random";

impl std::str::FromStr for AtomasSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<AtomasSpec, String> {
        let spec = SpecText::new(s, SPECS);
        match spec.kind {
            "random" => spec.plain(AtomasSpec::Random),
            "bot" if spec.arg.is_empty() => Ok(AtomasSpec::Bot(Limit::Depth(DEFAULT_DEPTH))),
            "bot" => match spec.limit()? {
                Limit::Depth(d) if d > MAX_DEPTH => {
                    Err(spec.bad_because(format_args!("the bot's depths go from 1 to {MAX_DEPTH}")))
                }
                limit => Ok(AtomasSpec::Bot(limit)),
            },
            "mcts" => spec.tree_limit(None).map(AtomasSpec::Mcts),
            _ => Err(spec.bad()),
        }
    }
}

impl std::fmt::Display for AtomasSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AtomasSpec::Random => f.write_str("random"),
            AtomasSpec::Bot(limit) => write!(f, "bot:{limit}"),
            AtomasSpec::Mcts(limit) => write!(f, "mcts:{limit}"),
        }
    }
}

/// The bot as an engine.
pub struct BotEngine {
    limit: BotLimit,
    bot: Bot,
    /// The last search's report.
    pub last: Option<Report<Move>>,
}

impl BotEngine {
    pub fn new(limit: BotLimit, weights: Weights) -> BotEngine {
        BotEngine {
            limit,
            bot: Bot::new(weights),
            last: None,
        }
    }
}

impl Engine<Atomas> for BotEngine {
    fn think(
        &mut self,
        game: &Atomas,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(&Report<Move>),
    ) -> Move {
        let limits = match self.limit {
            Limit::Depth(d) => Limits::depth(d),
            Limit::Nodes(n) => Limits {
                nodes: n,
                ..Limits::depth(DEFAULT_DEPTH)
            },
            Limit::Time(_) => Limits::depth(DEFAULT_DEPTH),
        };
        let mut relay = |report: &Report<Reply>| progress(&report.map(Move::Reply));
        let mut control = move_control(self.limit.deadline(), stop, &mut relay);
        let report = self.bot.search(game, limits, &mut control).map(Move::Reply);
        let best = report.best.unwrap_or_else(|| {
            let mut moves = Default::default();
            game.legal_moves(&mut moves);
            moves.first().copied().unwrap_or(Move::Reply(Reply::Gap(0)))
        });
        self.last = Some(Report {
            best: Some(best),
            ..report
        });
        best
    }

    fn name(&self) -> String {
        format!("bot:{}", self.limit)
    }
}

/// MCTS's estimate of a leaf: random play for up to [`SurvivalRollout::MOVES`]
/// moves; 1 for surviving them all, down to -1 for dying at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SurvivalRollout;

impl SurvivalRollout {
    pub const MOVES: u32 = 40;
}

impl Rollout<Atomas> for SurvivalRollout {
    fn estimate(&mut self, game: &mut Atomas, rng: &mut Rng, values: &mut Values) {
        let mut draws = *rng;
        let moves = random_game(game, &mut draws, rng, Self::MOVES);
        values[0] = if game.is_over() {
            2.0 * moves as f32 / Self::MOVES as f32 - 1.0
        } else {
            1.0
        };
    }
}

/// An Atomas engine built from an [`AtomasSpec`].
pub fn engine(spec: AtomasSpec, weights: Weights, seed: u64) -> Box<dyn Engine<Atomas>> {
    match spec {
        AtomasSpec::Random => Box::new(RandomEngine::new(seed)),
        AtomasSpec::Bot(limit) => Box::new(BotEngine::new(limit, weights)),
        AtomasSpec::Mcts(limit) => {
            Box::new(MctsEngine::<Move, _>::new(limit, SurvivalRollout, seed))
        }
    }
}

/// Reads weight overrides `name=value,...` (the tuning aid behind
/// `ATOMAS_WEIGHTS`).
pub fn parse_weights(text: &str, mut weights: Weights) -> Result<Weights, String> {
    each_override(text, |name, value| {
        *weights.field(name).ok_or(format!(
            "no weight called {name:?} (weights: {})",
            Weights::NAMES.join(", ")
        ))? = value.parse().map_err(|_| "not a number")?;
        Ok(())
    })?;
    Ok(weights)
}

/// Atomas's own engines in matches ([`crate::games`]); the runner draws
/// the atoms (the chance turns) from the match's seed.
pub const OWN: Own<Atomas> = Own {
    game: GameId::Atomas,
    help: SPECS,
    engine: own_engine,
};

/// The engine of `spec`; the first on the command line (`seat` 0) takes
/// the weights of `ATOMAS_WEIGHTS`.
pub fn own_engine(spec: &str, seat: usize, seed: u64) -> Result<Box<dyn Engine<Atomas>>, String> {
    let spec: AtomasSpec = spec.parse()?;
    let weights = if seat == 0 {
        weights_from_env()?
    } else {
        Weights::DEFAULT
    };
    Ok(engine(spec, weights, seed))
}

/// The weights of `ATOMAS_WEIGHTS` (`name=value,...` over the defaults),
/// or the defaults.
pub fn weights_from_env() -> Result<Weights, String> {
    match std::env::var("ATOMAS_WEIGHTS") {
        Ok(text) => parse_weights(&text, Weights::DEFAULT),
        Err(_) => Ok(Weights::DEFAULT),
    }
}

/// The bot's search options of the Atomas benchmarks (`bench-atomas`,
/// `danger-atomas`).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct BotOptions {
    /// Search depth, in replies.
    #[arg(long, default_value_t = 2)]
    pub depth: u8,
    /// Node limit a move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Replies searched at deep nodes (0: all).
    #[arg(long, default_value_t = DEFAULT_WIDTH)]
    pub width: u8,
    /// From this many entries on, one reply deeper (0: never).
    #[arg(long, default_value_t = DEFAULT_DEEPER_FROM)]
    pub deeper_from: u8,
    /// Root replies searched beyond depth 2 (0: all).
    #[arg(long, default_value_t = DEFAULT_ROOT_WIDTH)]
    pub root_width: u8,
}

impl BotOptions {
    /// The bot's limits.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes.unwrap_or(u64::MAX),
            width: self.width,
            deeper_from: self.deeper_from,
            root_width: self.root_width,
        }
    }
}

impl Registered for Atomas {
    fn action(&self, mv: Move) -> Action {
        match mv {
            Move::Reply(reply) => reply_action(reply),
            Move::Draw(atom) => atom_action(atom),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::spec_mistakes;
    use atom4_core::atomas::Reference;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn specs_round_trip_and_refuse_nonsense() {
        let good = "random bot:d2 bot:n5000 bot:2ms bot:500us mcts:n100";
        let bad = "bot:d0 bot:d9 bot:n0 bot:x mcts:d2 strong random:1";
        assert_eq!(spec_mistakes::<AtomasSpec>(good, bad), Vec::<String>::new());
        assert_eq!(
            "bot".parse::<AtomasSpec>().unwrap(),
            AtomasSpec::Bot(BotLimit::Depth(DEFAULT_DEPTH))
        );
    }

    #[test]
    fn every_engine_plays_legal_replies() {
        let mut draws = Reference::new(3);
        for spec in ["random", "bot:d1", "bot:n3000", "mcts:n200"] {
            let mut engine = engine(spec.parse().unwrap(), Weights::DEFAULT, 1);
            let mut game = Atomas::start(&mut draws);
            for _ in 0..30 {
                if game.is_over() {
                    break;
                }
                game.draw_with(&mut draws).unwrap();
                let Move::Reply(reply) = engine.think(&game, &AtomicBool::new(false), &mut |_| {})
                else {
                    panic!("{spec}: a draw instead of a reply")
                };
                game.play(reply).unwrap();
            }
        }
    }
}
