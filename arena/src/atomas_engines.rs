//! The Atomas engines, configured from short specs: `bot` (the bot's
//! expectimax: `bot:d2`, `bot:n20000`, `bot:2ms`, `bot:500us`), `mcts`
//! (the generic MCTS with a survival rollout: `mcts:n2000`, `mcts:10ms`)
//! or `random`.

use std::time::{Duration, Instant};

use atom4_core::atomas::bot::{Bot, Limits, MAX_DEPTH};
use atom4_core::atomas::playout::random_game;
use atom4_core::atomas::{Atomas, Move, Reference, Weights};
use atom4_core::control::{Report, StopFlag, Stopper};
use atom4_core::game::Game;
use atom4_core::mcts::{Rollout, Values};
use atom4_core::Rng;

use crate::generic::{Limit, MctsEngine, RandomEngine};
use crate::matches::{Arena, Setup};
use crate::Engine;

/// The bot's search when the spec gives no limit: depth 2 (3 on crowded
/// rings), as the `atom4 atomas bot` program plays.
pub const DEFAULT_DEPTH: u8 = 2;

/// How the bot's search is bounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotLimit {
    /// Iterative deepening to this depth (`d2`).
    Depth(u8),
    /// About this many nodes (`n20000`), depth up to the default.
    Nodes(u64),
    /// A time a move (`2ms`, `500us`), depth up to the default.
    Time(Duration),
}

impl std::str::FromStr for BotLimit {
    type Err = String;
    fn from_str(s: &str) -> Result<BotLimit, String> {
        let bad = || format!("bad limit {s:?}: use d<depth>, n<nodes>, <ms>ms or <us>us");
        if let Some(us) = s.strip_suffix("us") {
            Ok(BotLimit::Time(Duration::from_micros(
                us.parse().map_err(|_| bad())?,
            )))
        } else if let Some(ms) = s.strip_suffix("ms") {
            Ok(BotLimit::Time(Duration::from_millis(
                ms.parse().map_err(|_| bad())?,
            )))
        } else if let Some(d) = s.strip_prefix('d') {
            match d.parse() {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => Ok(BotLimit::Depth(d)),
                _ => Err(format!("bad limit {s:?}: depths go from 1 to {MAX_DEPTH}")),
            }
        } else if let Some(n) = s.strip_prefix('n') {
            match n.parse() {
                Ok(n) if n > 0 => Ok(BotLimit::Nodes(n)),
                _ => Err(bad()),
            }
        } else {
            Err(bad())
        }
    }
}

impl std::fmt::Display for BotLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotLimit::Depth(d) => write!(f, "d{d}"),
            BotLimit::Nodes(n) => write!(f, "n{n}"),
            BotLimit::Time(t) if t.subsec_micros() % 1000 == 0 => {
                write!(f, "{}ms", t.as_millis())
            }
            BotLimit::Time(t) => write!(f, "{}us", t.as_micros()),
        }
    }
}

/// An Atomas engine's configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomasSpec {
    Random,
    /// The bot's expectimax and survival evaluation.
    Bot(BotLimit),
    /// The generic MCTS with [`SurvivalRollout`] (a baseline).
    Mcts(Limit),
}

impl std::str::FromStr for AtomasSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<AtomasSpec, String> {
        let bad = || {
            format!("bad engine {s:?}: use random, bot, bot:d<depth>, bot:n<nodes>, bot:<ms>ms, bot:<us>us or mcts:<ms>ms|n<iterations>")
        };
        let (kind, arg) = s.split_once(':').unwrap_or((s, ""));
        match kind {
            "random" if arg.is_empty() => Ok(AtomasSpec::Random),
            "bot" if arg.is_empty() => Ok(AtomasSpec::Bot(BotLimit::Depth(DEFAULT_DEPTH))),
            "bot" => Ok(AtomasSpec::Bot(
                arg.parse().map_err(|e| format!("{}: {e}", bad()))?,
            )),
            "mcts" => match arg.parse().map_err(|e| format!("{}: {e}", bad()))? {
                Limit::Depth(_) => Err(format!("{}: MCTS has no depth", bad())),
                limit => Ok(AtomasSpec::Mcts(limit)),
            },
            _ => Err(bad()),
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
        let (limits, deadline) = match self.limit {
            BotLimit::Depth(d) => (Limits::depth(d), None),
            BotLimit::Nodes(n) => (
                Limits {
                    nodes: n,
                    ..Limits::depth(DEFAULT_DEPTH)
                },
                None,
            ),
            BotLimit::Time(t) => (Limits::depth(DEFAULT_DEPTH), Some(Instant::now() + t)),
        };
        let mut relay = |report: &Report<atom4_core::atomas::Reply>| {
            progress(&Report {
                best: report.best.map(Move::Reply),
                score: report.score,
                depth: report.depth,
                nodes: report.nodes,
                pv: report.pv.iter().map(|&r| Move::Reply(r)).collect(),
            })
        };
        let mut control = Stopper::new()
            .deadline(deadline)
            .flag(stop)
            .progress(&mut relay);
        let report = self.bot.search(game, limits, &mut control);
        let best = report.best.map(Move::Reply).unwrap_or_else(|| {
            let mut moves = Default::default();
            game.legal_moves(&mut moves);
            moves
                .first()
                .copied()
                .unwrap_or(Move::Reply(atom4_core::atomas::Reply::Gap(0)))
        });
        self.last = Some(Report {
            best: Some(best),
            score: report.score,
            depth: report.depth,
            nodes: report.nodes,
            pv: report.pv.iter().map(|&r| Move::Reply(r)).collect(),
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
            Box::new(MctsEngine::<Atomas, _>::new(limit, SurvivalRollout, seed))
        }
    }
}

/// Reads weight overrides `name=value,...` (the tuning aid behind
/// `ATOMAS_WEIGHTS`).
pub fn parse_weights(text: &str, mut weights: Weights) -> Result<Weights, String> {
    for item in text.split(',').filter(|s| !s.is_empty()) {
        let (name, value) = item
            .split_once('=')
            .ok_or(format!("{item:?} is not name=value"))?;
        let value: f32 = value
            .parse()
            .map_err(|_| format!("{item:?}: not a number"))?;
        *weights.field(name).ok_or(format!(
            "no weight called {name:?} (weights: {})",
            Weights::NAMES.join(", ")
        ))? = value;
    }
    Ok(weights)
}

/// Atomas in matches: one player; every game starts from the ring the
/// reference generator draws for `--set start=N` (default 0), and the
/// match's seed draws the atoms. The first engine on the command line
/// takes the weights of `ATOMAS_WEIGHTS`.
pub struct AtomasArena {
    weights: Weights,
}

impl AtomasArena {
    /// Reads `ATOMAS_WEIGHTS`.
    pub fn from_env() -> Result<AtomasArena, String> {
        let weights = match std::env::var("ATOMAS_WEIGHTS") {
            Ok(text) => parse_weights(&text, Weights::DEFAULT)?,
            Err(_) => Weights::DEFAULT,
        };
        Ok(AtomasArena { weights })
    }
}

impl Arena for AtomasArena {
    type Game = Atomas;

    fn start(&self, setup: &Setup) -> Result<Atomas, String> {
        setup.only(&["start"])?;
        if setup.players.is_some_and(|p| p != 1) {
            return Err("Atomas has one player".into());
        }
        if setup.size.is_some() {
            return Err("Atomas has no board size".into());
        }
        let seed = match setup.get("start") {
            Some(text) => text
                .parse()
                .map_err(|_| format!("start={text:?}: not a seed"))?,
            None => 0,
        };
        Ok(Atomas::start(&mut Reference::new(seed)))
    }

    fn engine(
        &self,
        spec: &str,
        index: usize,
        seed: u64,
    ) -> Result<Box<dyn Engine<Atomas>>, String> {
        let weights = if index == 0 {
            self.weights
        } else {
            Weights::DEFAULT
        };
        Ok(engine(spec.parse()?, weights, seed))
    }

    fn timed(&self, spec: &str) -> bool {
        spec.ends_with("ms") || spec.ends_with("us")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn specs_round_trip_and_refuse_nonsense() {
        for text in [
            "random",
            "bot:d2",
            "bot:n5000",
            "bot:2ms",
            "bot:500us",
            "mcts:n100",
        ] {
            let spec: AtomasSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "bot".parse::<AtomasSpec>().unwrap(),
            AtomasSpec::Bot(BotLimit::Depth(DEFAULT_DEPTH))
        );
        for bad in [
            "bot:d0", "bot:d9", "bot:n0", "bot:x", "mcts:d2", "strong", "random:1",
        ] {
            assert!(bad.parse::<AtomasSpec>().is_err(), "{bad}");
        }
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
