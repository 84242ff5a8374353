//! The Atropos player: as strong as we could make it, and exact as soon as
//! it can be.
//!
//! A move goes through these steps, each within the move's budget:
//! 1. no safe move: Default's losing move (red on the first legal circle);
//!    one safe move: that one; a safe move after which the opponent has no
//!    safe reply: that one (it wins at once);
//! 2. the exact solver, when few enough circles are left open for it to
//!    have a chance: a proven win is played as proven; in a proven loss the
//!    engine plays the move most likely to get the win back against an
//!    opponent who errs as the Default player does ([`hustle`]);
//! 3. otherwise a tree search over the safe moves (MCTS with random safe
//!    playouts by default, or alpha-beta on mobility) chooses, and the
//!    solver gets the end of the budget to try again, keeping what it
//!    proved before.
//!
//! Everything lives in the caller's memory ([`Memory`]); the budget is
//! work or time ([`Budget`]).

pub mod budget;
pub mod eval;
pub mod hustle;
mod playout;
pub mod rollout;
pub mod safe;

use core::fmt;

use super::geometry::{Color, ColorSet};
use super::search::mix;
use super::solve::{SolveError, Solver, Value};
use super::state::{Atropos, Bits, Move};
use crate::mcts::{self, Mcts};
use crate::search::{Limits, Search, WordTable, MAX_PLY};
use budget::Phase;
#[cfg(feature = "std")]
pub use budget::TimeBudget;
pub use budget::{Budget, PerMille, WorkBudget, ITERATION_WORK};
pub use eval::Mobility;
pub use hustle::Hustle;
pub use rollout::SafeRollout;
pub use safe::SafeAtropos;

/// The tree search that chooses when the solver cannot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TreeSearch {
    /// Monte Carlo tree search with random safe playouts.
    Mcts,
    /// Alpha-beta on mobility.
    AlphaBeta,
}

/// How the engine shares its budget and searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// The tree search.
    pub search: TreeSearch,
    /// The solver runs first until this much of the budget is spent ...
    pub solver_first: PerMille,
    /// ... the tree search then until this much, and the solver again to
    /// the end (keeping what it found before).
    pub search_until: PerMille,
    /// The solver is not tried when more circles than this are live
    /// (uncoloured with a colour that does not lose there).
    pub solver_max_live: u32,
    /// Play the lost positions the solver proves for Default's mistakes
    /// (else the tree search chooses there too).
    pub hustle: bool,
    /// MCTS playouts take a move that leaves no safe reply when they can.
    pub take_wins: bool,
    /// MCTS's exploration constant.
    pub exploration: f32,
    /// Seeds the tree search (mixed with the position's key).
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            search: TreeSearch::Mcts,
            solver_first: 500,
            search_until: 750,
            solver_max_live: 40,
            hustle: true,
            take_wins: true,
            exploration: mcts::EXPLORATION,
            seed: 0,
        }
    }
}

/// Why the engine chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Every legal move loses: Default's choice, red on the first legal circle.
    NoSafeMove,
    /// The only safe move.
    OnlyMove,
    /// The opponent has no safe reply to it: the opponent loses.
    WinsAtOnce,
    /// The solver proved that it wins.
    ProvenWin,
    /// The solver proved the position lost; the move gives a Default
    /// opponent this chance (in thousandths) of handing the win back.
    ProvenLoss {
        /// See [`Hustle::chance`].
        chance: PerMille,
    },
    /// The tree search's choice (the solver did not finish).
    Searched,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NoSafeMove => f.write_str("every move loses"),
            Reason::OnlyMove => f.write_str("the only safe move"),
            Reason::WinsAtOnce => f.write_str("wins at once"),
            Reason::ProvenWin => f.write_str("a proven win"),
            Reason::ProvenLoss { chance } => write!(
                f,
                "a proven loss; a random reply gives it back {}.{}% of the time",
                chance / 10,
                chance % 10
            ),
            Reason::Searched => f.write_str("searched"),
        }
    }
}

/// The engine's move and how it found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move: always legal.
    pub mv: Move,
    /// Why this one.
    pub reason: Reason,
    /// The position's value for the player to move, when proven.
    pub value: Option<Value>,
    /// Positions the solver visited.
    pub solver_nodes: u64,
    /// Tree-search iterations (MCTS) or nodes (alpha-beta).
    pub search_nodes: u64,
}

/// The engine's memory, all the caller's, in plain 64-bit words: the
/// solver's table (zero for empty; kept between moves), the MCTS tree
/// ([`mcts::NODE_WORDS`] words a node) and the alpha-beta table (only the
/// chosen search's is used; the other may be empty).
#[derive(Debug)]
pub struct Memory<'m> {
    /// The solver's transposition table.
    pub solver: &'m mut [u64],
    /// MCTS's node arena.
    pub tree: &'m mut [u64],
    /// Alpha-beta's transposition table.
    pub table: &'m mut [u64],
}

impl<'m> Memory<'m> {
    /// `words` shared the way the engine uses them best: a quarter for the
    /// solver, the rest for the tree search chosen by `search`.
    pub fn split(words: &'m mut [u64], search: TreeSearch) -> Memory<'m> {
        let (solver, rest) = words.split_at_mut(words.len() / 4);
        match search {
            TreeSearch::Mcts => Memory {
                solver,
                tree: rest,
                table: &mut [],
            },
            TreeSearch::AlphaBeta => Memory {
                solver,
                tree: &mut [],
                table: rest,
            },
        }
    }
}

/// The player (see the module).
pub struct Engine<'m> {
    solver: Solver<'m>,
    tree: &'m mut [u64],
    table: &'m mut [u64],
    config: Config,
}

impl fmt::Debug for Engine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("solver", &self.solver)
            .field("tree", &self.tree.len())
            .field("table", &self.table.len())
            .field("config", &self.config)
            .finish()
    }
}

/// Uncoloured circles where some colour does not lose.
pub fn live_circles(state: &Atropos) -> u32 {
    let size = state.size();
    Bits(size.all() & !state.occupied())
        .filter(|&i| {
            let c = size.circle_at(i);
            state.losing_colors_at(c.h, c.l) != ColorSet::ALL
        })
        .count() as u32
}

/// A safe move after which the opponent has no safe reply, if there is one.
pub fn immediate_win(state: &Atropos) -> Option<Move> {
    state.safe_moves().into_iter().find(|&mv| {
        let mut after = *state;
        after.play(mv).is_ok() && !rollout::has_safe_move(&after)
    })
}

impl<'m> Engine<'m> {
    /// An engine over `memory` with `config`.
    pub fn new(memory: Memory<'m>, config: Config) -> Engine<'m> {
        Engine {
            solver: Solver::new(memory.solver),
            tree: memory.tree,
            table: memory.table,
            config,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes the configuration.
    pub fn config_mut(&mut self) -> &mut Config {
        &mut self.config
    }

    /// Forgets what the solver proved in earlier calls.
    pub fn clear(&mut self) {
        self.solver.clear();
    }

    /// The move for `state` within `budget`; `None` once the game is over.
    pub fn choose<B: Budget>(&mut self, state: &Atropos, budget: &mut B) -> Option<Choice> {
        let legal = state.legal_circles();
        let first = *legal.first()?;
        let safe = state.safe_moves();
        let solver_start = self.solver.nodes();
        let mut choice = Choice {
            mv: Move::new(Color::Red, first),
            reason: Reason::NoSafeMove,
            value: Some(Value::Loss),
            solver_nodes: 0,
            search_nodes: 0,
        };
        if safe.is_empty() {
            return Some(choice);
        }
        choice.value = None;
        choice.mv = safe[0];
        if safe.len() == 1 {
            choice.reason = Reason::OnlyMove;
            return Some(choice);
        }
        if let Some(mv) = immediate_win(state) {
            choice.mv = mv;
            choice.reason = Reason::WinsAtOnce;
            choice.value = Some(Value::Win);
            return Some(choice);
        }
        let solvable = live_circles(state) <= self.config.solver_max_live;
        let mut search_work = 0u64;
        if solvable {
            if let Some(solved) = self.solve(state, budget, 0, self.config.solver_first) {
                self.finish(&mut choice, solved, state, budget, 0, solver_start);
                return Some(choice);
            }
        }
        let until = if solvable {
            self.config.search_until
        } else {
            B::ALL
        };
        let (mv, nodes, weight) = self.tree_search(state, budget, until);
        choice.mv = mv;
        choice.reason = Reason::Searched;
        choice.search_nodes = nodes;
        search_work += nodes * weight;
        if solvable {
            if let Some(solved) = self.solve(state, budget, search_work, B::ALL) {
                self.finish(
                    &mut choice,
                    solved,
                    state,
                    budget,
                    search_work,
                    solver_start,
                );
                return Some(choice);
            }
        }
        choice.solver_nodes = self.solver.nodes() - solver_start;
        Some(choice)
    }

    /// The solver's answer until `until`: `Some(Some(move))` a proven win,
    /// `Some(None)` a proven loss, `None` not found in time.
    fn solve<B: Budget>(
        &mut self,
        state: &Atropos,
        budget: &mut B,
        other_work: u64,
        until: PerMille,
    ) -> Option<Option<Move>> {
        let mut phase = Phase {
            budget,
            base: other_work,
            weight: 1,
            until,
            nodes: self.solver.nodes(),
        };
        match self.solver.winning_move(state, &mut phase) {
            Ok(found) => Some(found),
            Err(SolveError::Stopped) | Err(SolveError::Finished) => None,
        }
    }

    /// Fills `choice` from the solver's answer: the winning move, or in
    /// a loss the move most likely to get the win back (the tree search's
    /// choice when the engine does not hustle).
    fn finish<B: Budget>(
        &mut self,
        choice: &mut Choice,
        solved: Option<Move>,
        state: &Atropos,
        budget: &mut B,
        other_work: u64,
        solver_start: u64,
    ) {
        match solved {
            Some(mv) => {
                choice.mv = mv;
                choice.reason = Reason::ProvenWin;
                choice.value = Some(Value::Win);
            }
            None => {
                choice.value = Some(Value::Loss);
                let mut chance = 0;
                if self.config.hustle {
                    let found = hustle::hustle(state, &mut self.solver, budget, other_work, B::ALL);
                    if let Some(h) = found {
                        choice.mv = h.mv;
                        chance = h.chance;
                    }
                } else if choice.reason != Reason::Searched {
                    let (mv, nodes, _) = self.tree_search(state, budget, B::ALL);
                    choice.mv = mv;
                    choice.search_nodes = nodes;
                }
                choice.reason = Reason::ProvenLoss { chance };
            }
        }
        choice.solver_nodes = self.solver.nodes() - solver_start;
    }

    /// The tree search's move until `until`, its nodes (iterations) and
    /// the work each counts.
    fn tree_search<B: Budget>(
        &mut self,
        state: &Atropos,
        budget: &mut B,
        until: PerMille,
    ) -> (Move, u64, u64) {
        let game = SafeAtropos(*state);
        let seed = mix(self.config.seed ^ crate::game::ZeroSum::hash(state));
        let solver_work = self.solver.nodes();
        match self.config.search {
            TreeSearch::Mcts => {
                let mut phase = Phase {
                    budget,
                    base: solver_work,
                    weight: ITERATION_WORK,
                    until,
                    nodes: 0,
                };
                let rollout = SafeRollout::new(self.config.take_wins);
                let mut search =
                    Mcts::new(&mut *self.tree, rollout).with_exploration(self.config.exploration);
                let report = search.run(
                    &game,
                    mcts::Limits {
                        iterations: u64::MAX,
                        seed,
                    },
                    &mut phase,
                );
                let mv = report
                    .best
                    .unwrap_or(Move::new(Color::Red, state.legal_circles()[0]));
                (mv, report.nodes, ITERATION_WORK)
            }
            TreeSearch::AlphaBeta => {
                let mut phase = Phase {
                    budget,
                    base: solver_work,
                    weight: 1,
                    until,
                    nodes: 0,
                };
                let mut search = Search::<SafeAtropos, _, _>::with_store(
                    WordTable::new(&mut *self.table),
                    Mobility,
                );
                let report = search.run(
                    &game,
                    Limits {
                        depth: MAX_PLY as u8,
                        nodes: u64::MAX,
                        seed,
                    },
                    &mut phase,
                );
                let mv = report
                    .best
                    .unwrap_or(Move::new(Color::Red, state.legal_circles()[0]));
                (mv, report.nodes, 1)
            }
        }
    }
}
