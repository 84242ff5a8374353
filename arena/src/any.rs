//! Engines for any game of the registry, through the one game interface
//! ([`AnyState`]): what the match runner seats.
//!
//! Two engines play every registered game with no code of its own:
//! `random` (uniform among the legal actions) and `engine:<limit>` (the
//! game's own engine, [`AnyState::search`], as every door calls it, with
//! fresh memory each move). A game's own engines, written over its rules
//! type ([`Engine`]), take a seat through [`Typed`] once the game says how
//! its state sits in [`AnyState`] and its moves become actions
//! ([`Registered`]).

use std::time::{Duration, Instant};

use atom4_core::control::Stopper;
use atom4_core::game::Game;
use atom4_core::registry::AnyState;
use atom4_core::state::{Action, Limit, Limits};
use atom4_core::Rng;

use crate::Engine;

/// Something that chooses a move for the player to move in a game of any
/// kind.
pub trait AnyEngine: Send {
    /// An action for `state`, at a player's turn; an error when it has
    /// none to give (a state of a game it does not play).
    fn choose(&mut self, state: &AnyState) -> Result<Action, String>;

    /// For engines that deepen iteratively: how many moves ended at each
    /// completed depth (index: depth), for match reports.
    fn depths(&self) -> Option<&[u32]> {
        None
    }
}

/// The specs of the engines every game plays, for help texts and errors.
pub const HELP: &str = "random, engine:<limit>[:<limit>...] (the game's engine; a limit is <ms>ms, <s>s, n<nodes> or d<depth>)";

/// The engine `spec` names among those every game plays, seeded; `None`
/// when it names none of them.
pub fn engine(spec: &str, seed: u64) -> Option<Result<Box<dyn AnyEngine>, String>> {
    let (kind, args) = spec.split_once(':').unwrap_or((spec, ""));
    match kind {
        "random" if args.is_empty() => Some(Ok(Box::new(RandomActions::new(seed)))),
        "engine" => Some(
            search_limits(args)
                .map(|limits| Box::new(StateSearch::new(limits, seed)) as Box<dyn AnyEngine>)
                .map_err(|e| format!("bad engine {spec:?}: {e}")),
        ),
        _ => None,
    }
}

/// The limits of `engine:`'s arguments: one limit or more, joined by `:`
/// (the first reached stops the search).
pub fn search_limits(args: &str) -> Result<Limits, String> {
    if args.is_empty() {
        return Err("give a limit: engine:30ms, engine:n20000, engine:d6".into());
    }
    let mut limits = Limits::default();
    for part in args.split(':') {
        let limit: Limit = part.parse().map_err(|e| format!("{part:?}: {e}"))?;
        limits.add(limit);
    }
    Ok(limits)
}

/// Whether an engine spec thinks for a fixed time (such engines play one
/// game at a time by default: two searches side by side on two cores each
/// reach fewer nodes): a part that is a time (`30ms`, `2s`, `500us`).
pub fn is_timed(spec: &str) -> bool {
    spec.split(':')
        .any(|part| part.ends_with("us") || matches!(part.parse::<Limit>(), Ok(Limit::Time { .. })))
}

/// A uniformly random legal action of the player to move (`None` when
/// there is none: the game is over or it is chance's turn).
pub fn random_action(state: &AnyState, rng: &mut Rng) -> Option<Action> {
    let mut actions = Vec::new();
    state.legal_actions(&mut |a| actions.push(a));
    (!actions.is_empty()).then(|| actions[rng.below(actions.len() as u32) as usize])
}

/// `random`: uniform among the legal actions.
pub struct RandomActions {
    rng: Rng,
}

impl RandomActions {
    pub fn new(seed: u64) -> RandomActions {
        RandomActions {
            rng: Rng::new(seed),
        }
    }
}

impl AnyEngine for RandomActions {
    fn choose(&mut self, state: &AnyState) -> Result<Action, String> {
        random_action(state, &mut self.rng).ok_or_else(|| "no legal move to choose".into())
    }
}

/// `engine:<limit>`: the game's engine through the interface, in memory
/// of the size it asks for ([`AnyState::engine_words`]), cleared by every
/// search; a time limit is the door's deadline. Each move's search takes a
/// seed of its own from the engine's generator.
pub struct StateSearch {
    limits: Limits,
    memory: Vec<u64>,
    rng: Rng,
    depths: Vec<u32>,
}

impl StateSearch {
    pub fn new(limits: Limits, seed: u64) -> StateSearch {
        StateSearch {
            limits,
            memory: Vec::new(),
            rng: Rng::new(seed),
            depths: Vec::new(),
        }
    }
}

impl AnyEngine for StateSearch {
    fn choose(&mut self, state: &AnyState) -> Result<Action, String> {
        let limits = Limits {
            seed: self.rng.next_u64(),
            ..self.limits
        };
        let words = state.engine_words(&limits);
        if self.memory.len() != words {
            self.memory = vec![0; words];
        }
        let deadline = limits
            .time_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        let mut control = Stopper::new().deadline(deadline);
        let report = state.search(&limits, &mut self.memory, &mut control);
        let depth = usize::from(report.depth);
        if self.depths.len() <= depth {
            self.depths.resize(depth + 1, 0);
        }
        self.depths[depth] += 1;
        report
            .best
            .ok_or_else(|| "the engine found no move (is it a player's turn?)".into())
    }

    fn depths(&self) -> Option<&[u32]> {
        Some(&self.depths)
    }
}

/// A game's rules type as [`AnyState`] holds it: each of its moves as an
/// action of the one interface.
pub trait Registered: Game + Sized + 'static {
    /// `mv`, a legal move of `self`, as the interface numbers it.
    fn action(&self, mv: Self::Move) -> Action;

    /// The game's state inside `state`, if `state` is of this game.
    fn of(state: &AnyState) -> Option<&Self> {
        rules(state)?.downcast_ref()
    }
}

/// The rules value inside `state`, for the games with engines of their
/// own (one line a game).
fn rules(state: &AnyState) -> Option<&dyn std::any::Any> {
    Some(match state {
        AnyState::Atom4(game) => game,
        AnyState::Atropos(game) => game,
        AnyState::Chain(game) => game,
        AnyState::Gamma(game) => game,
        AnyState::Atomas(game) => game,
        #[allow(unreachable_patterns)]
        _ => return None,
    })
}

/// A game's own engine, seated through the interface.
pub struct Typed<G: Registered> {
    engine: Box<dyn Engine<G>>,
}

impl<G: Registered> Typed<G> {
    pub fn new(engine: Box<dyn Engine<G>>) -> Typed<G> {
        Typed { engine }
    }
}

impl<G: Registered> AnyEngine for Typed<G> {
    fn choose(&mut self, state: &AnyState) -> Result<Action, String> {
        let game = G::of(state).ok_or_else(|| {
            format!(
                "{} is an engine of another game than {}",
                self.engine.name(),
                state.game()
            )
        })?;
        Ok(game.action(self.engine.choose(game)))
    }

    fn depths(&self) -> Option<&[u32]> {
        self.engine.depths()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs_take_core_limits_and_refuse_nonsense() {
        let limits = search_limits("30ms:n5000").unwrap();
        assert_eq!((limits.time_ms, limits.nodes), (Some(30), Some(5000)));
        assert_eq!(search_limits("d6").unwrap().depth, Some(6));
        for bad in ["", "30", "n0", "d65", "fast", "n5:"] {
            assert!(search_limits(bad).is_err(), "{bad}");
        }
        assert!(engine("random", 1).is_some_and(|e| e.is_ok()));
        for bad in ["engine", "engine:x", "engine:d0"] {
            let err = engine(bad, 1).unwrap().err().unwrap();
            assert!(err.contains(bad), "{err}");
        }
        for other in ["random:1", "classic:4", "strong:n100", ""] {
            assert!(engine(other, 1).is_none(), "{other}");
        }
    }

    #[test]
    fn timed_specs_are_those_with_a_time() {
        for timed in [
            "engine:30ms",
            "strong:2s:t2",
            "bot:500us",
            "player:100ms:search=ab",
        ] {
            assert!(is_timed(timed), "{timed}");
        }
        for untimed in [
            "engine:n500",
            "random",
            "classic:4",
            "player:w170000",
            "mcts:d3",
        ] {
            assert!(!is_timed(untimed), "{untimed}");
        }
    }
}
