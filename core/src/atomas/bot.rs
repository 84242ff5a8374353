//! The bot's search: expectimax over the exact spawn law, with the
//! survival evaluation of [`super::eval`] at the horizon.
//!
//! Depth counts replies. Depth 1 plays each reply and evaluates; depth 2
//! also averages, over every atom the next draw may give (by its exact
//! weight), the best reply to that atom; and so on. A carried atom or a
//! forced plus is certain, so looking at it costs no depth. Replies that
//! leave the same ring are searched once; below the root, deep nodes
//! search only the replies the evaluation ranks best ([`Limits::width`]).
//! A crowded ring is searched one reply deeper ([`Limits::deeper_from`]):
//! deaths come from rings that reach 17 entries, and a third reply seen
//! from 12 entries on keeps them from getting there (a quarter as many
//! moves on 16 entries or more). Beyond depth 2 the root looks only at
//! the replies the previous iteration ranked best ([`Limits::root_width`]).
//! Iterative deepening under the caller's [`Control`]; no heap. A level
//! of the search keeps its replies (and a fingerprint of where each
//! leads), not the states: a small chip's stack holds a few levels.

use arrayvec::ArrayVec;

use super::eval::{evaluate, Weights};
use super::game::MAX_MOVES;
use super::spawn::Source;
use super::state::{range_low, Atomas, Reply};
use crate::control::{Control, Report};

/// Where a search stops by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in replies (1 ..= [`MAX_DEPTH`]).
    pub depth: u8,
    /// Stop after about this many nodes (`u64::MAX`: no limit).
    pub nodes: u64,
    /// Below the root, a node with at least two replies left to look at
    /// searches only this many of its replies, the best by the
    /// evaluation (0: all).
    pub width: u8,
    /// From this many ring entries on, the search goes one reply deeper
    /// than `depth` (0: never).
    pub deeper_from: u8,
    /// Iterations beyond depth 2 search only this many root replies, the
    /// best of the previous iteration (0: all).
    pub root_width: u8,
}

impl Limits {
    /// Iterative deepening to `depth` (one more on crowded rings), no node
    /// limit, the default widths.
    pub const fn depth(depth: u8) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
            width: DEFAULT_WIDTH,
            deeper_from: DEFAULT_DEEPER_FROM,
            root_width: DEFAULT_ROOT_WIDTH,
        }
    }

    /// The deepest iteration for a ring of `entries` entries.
    pub fn depth_for(&self, entries: usize) -> u8 {
        let deeper = self.deeper_from > 0 && entries >= usize::from(self.deeper_from);
        (self.depth + u8::from(deeper)).clamp(1, MAX_DEPTH)
    }
}

/// The deepest search.
pub const MAX_DEPTH: u8 = 8;

/// The default [`Limits::width`].
pub const DEFAULT_WIDTH: u8 = 2;

/// The default [`Limits::deeper_from`].
pub const DEFAULT_DEEPER_FROM: u8 = 12;

/// The default [`Limits::root_width`].
pub const DEFAULT_ROOT_WIDTH: u8 = 4;

/// Nodes between two calls of [`Control::should_stop`].
pub const CHECK_EVERY: u64 = 256;

/// The bot: an expectimax search with its evaluation weights.
#[derive(Clone, Debug)]
pub struct Bot {
    weights: Weights,
    nodes: u64,
    node_limit: u64,
    width: usize,
    aborted: bool,
}

/// The replies of a decision state that lead to different states, each
/// with its state's [`fingerprint`].
type Children = ArrayVec<(Reply, u64), MAX_MOVES>;

/// The state after `reply`.
fn after_reply(game: &Atomas, reply: Reply) -> Atomas {
    let mut child = *game;
    child.play_checked(reply, &mut ());
    child
}

/// What tells two states after a reply apart for the search (the ring, the
/// carry and the score) folded into a word, cheaply: states with equal
/// words are compared in full before a reply is dropped. The entries are
/// weighed by their place, since the states after one decision mostly hold
/// the same entries in other places.
fn fingerprint(child: &Atomas) -> u64 {
    let carry = match child.carry {
        None => 0,
        Some(entry) => 1 + u64::from(entry.code()),
    };
    let mut ring = 0u32;
    for (i, &code) in child.ring.slots().iter().enumerate() {
        ring = ring.wrapping_add(code.wrapping_mul(2 * i as u32 + 1));
    }
    child.score ^ u64::from(ring) << 16 ^ carry << 48 ^ (child.ring.len() as u64) << 58
}

/// Whether two states after a reply are the same for the search.
fn same(a: &Atomas, b: &Atomas) -> bool {
    a.ring == b.ring && a.carry == b.carry && a.score == b.score
}

/// Lists in `out` every legal reply of `game` that leads to a different
/// state (the first in index order), calling `f` with each one's index in
/// `out` and its state as it is found.
fn distinct_replies(game: &Atomas, out: &mut Children, mut f: impl FnMut(usize, &Atomas)) {
    game.each_reply(|reply| {
        let child = after_reply(game, reply);
        let key = fingerprint(&child);
        let seen = out
            .iter()
            .any(|&(r, k)| k == key && same(&after_reply(game, r), &child));
        if !seen {
            out.push((reply, key));
            f(out.len() - 1, &child);
        }
    });
}

impl Bot {
    pub fn new(weights: Weights) -> Bot {
        Bot {
            weights,
            nodes: 0,
            node_limit: u64::MAX,
            width: usize::from(DEFAULT_WIDTH),
            aborted: false,
        }
    }

    /// The evaluation's weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Chooses a reply for the atom in hand by iterative deepening up to
    /// `limits`; an interrupted iteration is discarded. The score is the
    /// best reply's value times 1000. `best` is `None` when no reply is
    /// possible (nothing in hand, the game over).
    pub fn search(
        &mut self,
        game: &Atomas,
        limits: Limits,
        control: &mut impl Control<Reply>,
    ) -> Report<Reply> {
        self.nodes = 0;
        self.node_limit = limits.nodes;
        self.width = usize::from(limits.width);
        self.aborted = false;
        let mut report = Report {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: ArrayVec::new(),
        };
        let mut children = Children::new();
        distinct_replies(game, &mut children, |_, _| {});
        let Some(&(first, _)) = children.first() else {
            return report;
        };
        report.best = Some(first);
        report.pv.push(first);
        if children.len() == 1 {
            return report;
        }
        // Each root reply's value in the last iteration, in the order of
        // `children`, which each iteration sorts best first (a stable sort:
        // ties keep the earlier reply).
        let mut values = ArrayVec::<f32, MAX_MOVES>::new();
        // Points in first steps of the range's low value.
        let unit = self.weights.points / (1.5 * range_low(game.move_number) as f32);
        for depth in 1..=limits.depth_for(game.ring().len()) {
            let searched = match usize::from(limits.root_width) {
                w if depth > 2 && w > 0 => w.min(children.len()),
                _ => children.len(),
            };
            values.truncate(searched);
            for (i, &(reply, _)) in children[..searched].iter().enumerate() {
                let child = after_reply(game, reply);
                let gained = (child.score - game.score) as f32;
                let v = self.after(&child, depth - 1, control) + unit * gained;
                if self.aborted {
                    break;
                }
                match values.get_mut(i) {
                    Some(slot) => *slot = v,
                    None => values.push(v),
                }
            }
            if self.aborted {
                break;
            }
            // Insertion sort, best first, of both lists at once (a few
            // dozen replies; stable, so ties keep the earlier reply).
            for i in 1..values.len() {
                let mut j = i;
                while j > 0 && values[j - 1] < values[j] {
                    values.swap(j - 1, j);
                    children.swap(j - 1, j);
                    j -= 1;
                }
            }
            let (reply, _) = children[0];
            let v = values[0];
            report.best = Some(reply);
            report.score = (v * 1000.0).clamp(i32::MIN as f32, i32::MAX as f32) as i32;
            report.depth = depth;
            report.nodes = self.nodes;
            report.pv.clear();
            report.pv.push(reply);
            control.iteration_done(&report);
        }
        report.nodes = self.nodes;
        report
    }

    /// Counts a node; true once the search must stop.
    #[inline]
    fn tick(&mut self, control: &mut impl Control<Reply>) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(CHECK_EVERY) && control.should_stop(self.nodes))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The value of a state between moves with `depth` replies left to
    /// look at.
    fn after(&mut self, game: &Atomas, depth: u8, control: &mut impl Control<Reply>) -> f32 {
        if self.tick(control) {
            return 0.0;
        }
        if game.is_over() || game.is_exhausted() {
            return evaluate(game, &self.weights);
        }
        // A certain atom (the carry, a forced plus) is looked at for free.
        let depth = match game.source() {
            Some(Source::Random) if depth == 0 => return evaluate(game, &self.weights),
            Some(Source::Random) => depth,
            _ => depth.max(1),
        };
        let mut total = 0.0f32;
        let mut weights = 0u32;
        let mut outcomes = ArrayVec::<(super::Atom, u32), { super::MAX_OUTCOMES }>::new();
        game.each_outcome(|atom, weight| outcomes.push((atom, weight)));
        for (atom, weight) in outcomes {
            let mut drawn = *game;
            drawn.take_in_hand(atom);
            let v = self.decide(&drawn, depth, control);
            if self.aborted {
                return 0.0;
            }
            total += weight as f32 * v;
            weights += weight;
        }
        if weights == 0 {
            evaluate(game, &self.weights)
        } else {
            total / weights as f32
        }
    }

    /// The value of a decision state: its best reply's, with `depth >= 1`
    /// replies left.
    fn decide(&mut self, game: &Atomas, depth: u8, control: &mut impl Control<Reply>) -> f32 {
        let mut kept = Children::new();
        let mut best = f32::NEG_INFINITY;
        // Below depth 1 with a width, every reply is ranked by the
        // evaluation first; otherwise each is searched as it is found.
        let rank = depth > 1 && self.width > 0;
        let mut ranked = ArrayVec::<(f32, usize), MAX_MOVES>::new();
        distinct_replies(game, &mut kept, |i, child| {
            if rank {
                ranked.push((evaluate(child, &self.weights), i));
            } else if !self.aborted {
                let v = self.after(child, depth - 1, control);
                best = best.max(v);
            }
        });
        if kept.is_empty() {
            return evaluate(game, &self.weights);
        }
        if self.aborted {
            return 0.0;
        }
        if !rank {
            return best;
        }
        let chosen = if kept.len() > self.width {
            // The best few by the evaluation.
            ranked.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
            self.width
        } else {
            // Few enough: all of them, in order.
            ranked.len()
        };
        for &(_, i) in ranked.iter().take(chosen) {
            let v = self.after(&after_reply(game, kept[i].0), depth - 1, control);
            if self.aborted {
                return 0.0;
            }
            best = best.max(v);
        }
        best
    }
}

impl Default for Bot {
    fn default() -> Bot {
        Bot::new(Weights::DEFAULT)
    }
}
