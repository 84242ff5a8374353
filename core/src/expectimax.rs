//! Expectimax for any game of the core: at a player's turn the move best
//! for that player (max^n: with several players each maximises its own
//! value, so two-player zero-sum games get expectiminimax), at a chance turn
//! the weighted mean of the outcomes, at the depth limit an evaluator's
//! values. One-player games with chance (a puzzle with random spawns) are
//! what it is for; deterministic games of three or more players get max^n.
//!
//! Depth counts the players' moves only: chance turns are free, so the
//! positions the evaluator sees are always a player's turn (or over). Iterative deepening under the caller's [`Control`]; no heap; each
//! ply holds a copy of the position, a move list and two value arrays on
//! the stack.

use arrayvec::ArrayVec;

use crate::control::{Control, Report, MAX_LINE};
use crate::game::{Chance, Game, Player, Turn, MAX_PLAYERS};
use crate::mcts::{returns, Values};

/// What each player may expect from a position the search does not look
/// beyond.
pub trait Evaluate<G: Game> {
    /// Writes one value a player into `values` (the game's units, like
    /// [`Game::returns`]).
    fn values(&mut self, game: &G, values: &mut Values);
}

/// Where a search stops by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in players' moves (1..=[`MAX_LINE`]).
    pub depth: u8,
    /// Stop after about this many nodes (`u64::MAX`: no limit).
    pub nodes: u64,
}

impl Limits {
    pub const fn depth(depth: u8) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
        }
    }
}

/// Nodes between two calls of [`Control::should_stop`].
pub const CHECK_EVERY: u64 = 256;

/// An expectimax search with evaluator `E`.
#[derive(Debug)]
pub struct Expectimax<E> {
    evaluator: E,
    nodes: u64,
    node_limit: u64,
    aborted: bool,
}

impl<E> Expectimax<E> {
    pub fn new(evaluator: E) -> Self {
        Expectimax {
            evaluator,
            nodes: 0,
            node_limit: u64::MAX,
            aborted: false,
        }
    }

    pub fn evaluator(&mut self) -> &mut E {
        &mut self.evaluator
    }

    /// Searches `game` by iterative deepening up to `limits`; an
    /// interrupted iteration is discarded. The score is the mover's value
    /// of the best move times 1000. `best` is `None` when it is not a
    /// player's turn.
    pub fn run<G: Game + Clone>(
        &mut self,
        game: &G,
        limits: Limits,
        control: &mut impl Control<G::Move>,
    ) -> Report<G::Move>
    where
        E: Evaluate<G>,
    {
        self.nodes = 0;
        self.node_limit = limits.nodes;
        self.aborted = false;
        let mut report = Report {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: ArrayVec::new(),
        };
        let Turn::Player(me) = game.turn() else {
            return report;
        };
        let mut moves = G::List::<G::Move>::default();
        game.legal_moves(&mut moves);
        let Some(&first) = moves.first() else {
            return report;
        };
        report.best = Some(first);
        report.pv.push(first);
        if moves.len() == 1 {
            return report;
        }
        for depth in 1..=limits.depth.clamp(1, MAX_LINE as u8) {
            let mut best: Option<(G::Move, f32)> = None;
            let mut values: Values = [0.0; MAX_PLAYERS];
            for &mv in moves.iter() {
                let mut child = game.clone();
                child.play(mv);
                self.value(&child, depth - 1, control, &mut values);
                if self.aborted {
                    break;
                }
                let v = values[me.index()];
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((mv, v));
                }
            }
            if self.aborted {
                break;
            }
            if let Some((mv, v)) = best {
                report.best = Some(mv);
                report.score = (v * 1000.0) as i32;
                report.depth = depth;
                report.nodes = self.nodes;
                report.pv.clear();
                report.pv.push(mv);
                control.iteration_done(&report);
                // Best first next time, for the same result on ties.
                if let Some(i) = moves.iter().position(|&m| m == mv) {
                    moves[..=i].rotate_right(1);
                }
            }
        }
        report.nodes = self.nodes;
        report
    }

    /// The values of `game` with `depth` players' moves left to look at.
    fn value<G: Game + Clone>(
        &mut self,
        game: &G,
        depth: u8,
        control: &mut impl Control<G::Move>,
        out: &mut Values,
    ) where
        E: Evaluate<G>,
    {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(CHECK_EVERY) && control.should_stop(self.nodes))
        {
            self.aborted = true;
        }
        if self.aborted {
            return;
        }
        match game.turn() {
            Turn::Over => returns(game, out),
            // The horizon is always a player's turn: chance turns are free.
            Turn::Player(_) if depth == 0 => self.evaluator.values(game, out),
            Turn::Player(p) => self.best_move_values(game, p, depth, control, out),
            Turn::Chance => self.mean_values(game, depth, control, out),
        }
    }

    /// The values after the move best for `p`.
    #[inline(never)]
    fn best_move_values<G: Game + Clone>(
        &mut self,
        game: &G,
        p: Player,
        depth: u8,
        control: &mut impl Control<G::Move>,
        out: &mut Values,
    ) where
        E: Evaluate<G>,
    {
        let mut moves = G::List::<G::Move>::default();
        game.legal_moves(&mut moves);
        let mut child_values: Values = [0.0; MAX_PLAYERS];
        let mut found = false;
        for &mv in moves.iter() {
            let mut child = game.clone();
            child.play(mv);
            self.value(&child, depth - 1, control, &mut child_values);
            if self.aborted {
                return;
            }
            if !found || child_values[p.index()] > out[p.index()] {
                *out = child_values;
                found = true;
            }
        }
        if !found {
            self.evaluator.values(game, out);
        }
    }

    /// The weighted mean of the outcomes' values.
    #[inline(never)]
    fn mean_values<G: Game + Clone>(
        &mut self,
        game: &G,
        depth: u8,
        control: &mut impl Control<G::Move>,
        out: &mut Values,
    ) where
        E: Evaluate<G>,
    {
        let mut outcomes = G::List::<Chance<G::Move>>::default();
        game.chance_outcomes(&mut outcomes);
        let total: f64 = outcomes.iter().map(|c| f64::from(c.weight)).sum();
        let mut sum = [0.0f64; MAX_PLAYERS];
        let mut child_values: Values = [0.0; MAX_PLAYERS];
        for c in outcomes.iter() {
            let mut child = game.clone();
            child.play(c.outcome);
            self.value(&child, depth, control, &mut child_values);
            if self.aborted {
                return;
            }
            for (s, &v) in sum.iter_mut().zip(child_values.iter()) {
                *s += f64::from(c.weight) * f64::from(v);
            }
        }
        if total > 0.0 {
            for (o, s) in out.iter_mut().zip(sum) {
                *o = (s / total) as f32;
            }
        } else {
            self.evaluator.values(game, out);
        }
    }
}
