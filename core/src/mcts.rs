//! Monte Carlo tree search for any game of the core: any number of
//! players, chance turns, no heap.
//!
//! Each iteration walks down the tree from the root, choosing at a player's
//! turn the child best for that player by UCT (its mean value plus an
//! exploration bonus) and at a chance turn a child drawn by its weight;
//! grows the tree by one node's children (a node gets children on its
//! second visit, so single visits cost no memory); estimates the leaf with
//! a [`Rollout`] (random play to the end by default); and adds the
//! estimate to every node on the way back, each node keeping the value of
//! the player who made the move into it (max^n: every player maximises its
//! own value). The answer is the root's most visited move.
//!
//! The tree lives in the caller's memory: plain 64-bit words, [`NODE_WORDS`]
//! a node, any number of them, overwritten (so that one kind of memory
//! serves every game's engine, from every door); when it is full the
//! search goes on without growing the tree.
//! The position is copied once per iteration ([`Clone`]). Given the same
//! position, limits and arena size, a search returns the same result.

use arrayvec::ArrayVec;

use crate::control::{Control, Report, MAX_LINE};
use crate::game::{Chance, Game, Player, Turn, MAX_PLAYERS};
use crate::rng::Rng;

/// A move as 32 bits, so that a node of the tree is three plain 64-bit
/// words ([`NODE_WORDS`]): the arena is memory of one type for every game,
/// which every door can provide.
pub trait NodeMove: Copy {
    fn to_bits(self) -> u32;
    fn from_bits(bits: u32) -> Self;
}

/// Small games' moves: a byte.
impl NodeMove for u8 {
    fn to_bits(self) -> u32 {
        self.into()
    }

    fn from_bits(bits: u32) -> u8 {
        bits as u8
    }
}

/// The 64-bit words a node takes in the arena.
pub const NODE_WORDS: usize = 3;

/// The most nodes an arena holds (a parent index is 32 bits).
pub const MAX_NODES: usize = u32::MAX as usize;

/// One node of the tree: a move (or chance outcome), who made it, and the
/// visits and value total seen below it. The arena holds it packed in
/// [`NODE_WORDS`] words; the search unpacks the nodes it looks at.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Node<M> {
    mv: Option<M>,
    parent: u32,
    /// 0 while the node has no children (the root is never a child).
    first_child: u32,
    children: u16,
    /// The index of the player who made `mv`, or [`CHANCE`].
    mover: u8,
    /// For a chance outcome: its weight.
    weight: u32,
    visits: u32,
    /// The sum of the values `mover` got in the iterations through here
    /// (never for a chance outcome, whose word holds its weight instead).
    total: f32,
}

/// The mover of a chance outcome (and of the root).
const CHANCE: u8 = u8::MAX;

impl<M: NodeMove> Node<M> {
    const EMPTY: Node<M> = Node {
        mv: None,
        parent: 0,
        first_child: 0,
        children: 0,
        mover: CHANCE,
        weight: 0,
        visits: 0,
        total: 0.0,
    };

    /// Word 0: the move, the children, the mover and whether there is a
    /// move; word 1: the parent and the first child; word 2: the visits
    /// and the total (a chance outcome's weight).
    #[inline]
    fn pack(&self) -> [u64; NODE_WORDS] {
        let (mv, has_mv) = self.mv.map_or((0, 0), |m| (m.to_bits(), 1));
        let last = if self.mover == CHANCE {
            self.weight
        } else {
            self.total.to_bits()
        };
        [
            u64::from(mv)
                | u64::from(self.children) << 32
                | u64::from(self.mover) << 48
                | has_mv << 56,
            u64::from(self.parent) | u64::from(self.first_child) << 32,
            u64::from(self.visits) | u64::from(last) << 32,
        ]
    }

    #[inline]
    fn unpack(words: &[u64]) -> Node<M> {
        let (w0, w1, w2) = (words[0], words[1], words[2]);
        let mover = (w0 >> 48) as u8;
        let last = (w2 >> 32) as u32;
        Node {
            mv: (w0 >> 56 & 1 == 1).then(|| M::from_bits(w0 as u32)),
            children: (w0 >> 32) as u16,
            mover,
            parent: w1 as u32,
            first_child: (w1 >> 32) as u32,
            visits: w2 as u32,
            weight: if mover == CHANCE { last } else { 0 },
            total: if mover == CHANCE {
                0.0
            } else {
                f32::from_bits(last)
            },
        }
    }
}

/// Values for each player (index: player), within -1 ..= 1 for UCT.
pub type Values = [f32; MAX_PLAYERS];

/// How a leaf is estimated.
pub trait Rollout<G: Game> {
    /// Writes what each player may expect from `game` (a copy the rollout
    /// may change) into `values`, within -1 ..= 1.
    fn estimate(&mut self, game: &mut G, rng: &mut Rng, values: &mut Values);
}

/// Plays uniformly random legal moves (chance outcomes by their weights)
/// to the end and reports the game's returns; a game still running after
/// `max_moves` moves counts 0 for everybody.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomRollout {
    pub max_moves: u32,
}

impl Default for RandomRollout {
    fn default() -> Self {
        RandomRollout { max_moves: 10_000 }
    }
}

impl<G: Game> Rollout<G> for RandomRollout {
    fn estimate(&mut self, game: &mut G, rng: &mut Rng, values: &mut Values) {
        let mut moves = G::List::<G::Move>::default();
        let mut outcomes = G::List::<Chance<G::Move>>::default();
        for _ in 0..self.max_moves {
            let mv = match game.turn() {
                Turn::Over => break,
                Turn::Player(_) => {
                    game.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    moves[rng.below(moves.len() as u32) as usize]
                }
                Turn::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    match rng.weighted(outcomes.iter().map(|c| c.weight)) {
                        Some(i) => outcomes[i].outcome,
                        None => break,
                    }
                }
            };
            game.play(mv);
        }
        returns(game, values);
    }
}

/// The game's returns for every player, or 0 for all when it is not over.
pub fn returns<G: Game>(game: &G, values: &mut Values) {
    *values = [0.0; MAX_PLAYERS];
    if game.is_over() {
        for (i, v) in values.iter_mut().enumerate().take(game.players()) {
            *v = game.returns(Player::new(i).unwrap_or(Player::ONE));
        }
    }
}

/// Where a search stops by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Iterations (`u64::MAX`: no limit; then the caller's control stops it).
    pub iterations: u64,
    /// Seeds the random choices; the same seed gives the same search.
    pub seed: u64,
}

impl Limits {
    pub const fn iterations(iterations: u64) -> Limits {
        Limits {
            iterations,
            seed: 0,
        }
    }
}

/// Iterations between two calls of [`Control::should_stop`].
pub const CHECK_EVERY: u64 = 32;

/// The default exploration constant, for values within -1 ..= 1.
pub const EXPLORATION: f32 = 1.0;

/// A tree search over `G` in the caller's arena, estimating leaves with `R`.
pub struct Mcts<'a, G: Game, R> {
    /// The arena: [`NODE_WORDS`] words a node.
    words: &'a mut [u64],
    /// Nodes the arena holds.
    capacity: usize,
    used: usize,
    rollout: R,
    exploration: f32,
    rng: Rng,
    max_depth: u8,
    game: core::marker::PhantomData<fn() -> G>,
}

impl<G: Game, R> core::fmt::Debug for Mcts<'_, G, R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mcts")
            .field("arena", &self.capacity)
            .field("used", &self.used)
            .field("exploration", &self.exploration)
            .finish()
    }
}

/// A root child's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStats<M> {
    pub mv: M,
    pub visits: u32,
    /// The mover's mean value over those visits.
    pub mean: f32,
}

impl<'a, G: Game + Clone, R: Rollout<G>> Mcts<'a, G, R>
where
    G::Move: NodeMove,
{
    /// A search whose tree lives in `words` (at least [`NODE_WORDS`] are
    /// needed to search at all; whatever they hold is overwritten) and
    /// whose leaves `rollout` estimates.
    pub fn new(words: &'a mut [u64], rollout: R) -> Self {
        let capacity = (words.len() / NODE_WORDS).min(MAX_NODES);
        Mcts {
            words,
            capacity,
            used: 0,
            rollout,
            exploration: EXPLORATION,
            rng: Rng::new(0),
            max_depth: 0,
            game: core::marker::PhantomData,
        }
    }

    /// Sets the exploration constant (UCT's `c`; default [`EXPLORATION`]).
    pub fn with_exploration(mut self, c: f32) -> Self {
        self.exploration = c;
        self
    }

    pub fn rollout(&mut self) -> &mut R {
        &mut self.rollout
    }

    /// Nodes of the arena in use after the last search.
    pub fn nodes_used(&self) -> usize {
        self.used
    }

    /// Searches `game` until `limits` or `control` stops it; the answer is
    /// the root's most visited move. `best` is `None` when it is not a
    /// player's turn. Progress goes to [`Control::iteration_done`] after
    /// 256, 512, 1024, ... iterations.
    pub fn run(
        &mut self,
        game: &G,
        limits: Limits,
        control: &mut impl Control<G::Move>,
    ) -> Report<G::Move> {
        self.rng = Rng::new(limits.seed);
        self.used = 0;
        self.max_depth = 0;
        let mut report = Report {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: ArrayVec::new(),
        };
        if !matches!(game.turn(), Turn::Player(_)) || self.capacity == 0 {
            return report;
        }
        self.set(0, Node::EMPTY);
        self.used = 1;
        if !self.expand(0, game) {
            return report;
        }
        let (first, count) = self.children(0);
        report.best = self.node(first).mv;
        if count == 1 {
            // A forced move needs no search.
            report.pv.extend(report.best);
            return report;
        }
        let mut values: Values = [0.0; MAX_PLAYERS];
        let mut next_report = 256;
        let mut iterations = 0u64;
        while iterations < limits.iterations {
            if iterations.is_multiple_of(CHECK_EVERY) && control.should_stop(iterations) {
                break;
            }
            self.iterate(game, &mut values);
            iterations += 1;
            if iterations == next_report {
                next_report *= 2;
                self.fill_report(&mut report, iterations);
                control.iteration_done(&report);
            }
        }
        self.fill_report(&mut report, iterations);
        report
    }

    /// The root's children after a search, in the order they were made.
    pub fn root_moves(&self) -> impl Iterator<Item = MoveStats<G::Move>> + '_ {
        let (first, count) = if self.used == 0 {
            (0, 0)
        } else {
            self.children(0)
        };
        (first..first + count).filter_map(|i| {
            let n = self.node(i);
            Some(MoveStats {
                mv: n.mv?,
                visits: n.visits,
                mean: mean(&n),
            })
        })
    }

    #[inline]
    fn node(&self, i: usize) -> Node<G::Move> {
        Node::unpack(&self.words[i * NODE_WORDS..(i + 1) * NODE_WORDS])
    }

    #[inline]
    fn set(&mut self, i: usize, node: Node<G::Move>) {
        self.words[i * NODE_WORDS..(i + 1) * NODE_WORDS].copy_from_slice(&node.pack());
    }

    fn children(&self, node: usize) -> (usize, usize) {
        let n = self.node(node);
        (n.first_child as usize, n.children as usize)
    }

    /// One descent, estimate and backup.
    fn iterate(&mut self, root: &G, values: &mut Values) {
        let mut state = root.clone();
        let mut node = 0usize;
        let mut depth = 0u8;
        loop {
            let turn = state.turn();
            if turn == Turn::Over {
                break;
            }
            let here = self.node(node);
            if here.children == 0 {
                // A node grows children on its second visit.
                if (node != 0 && here.visits == 0) || !self.expand(node, &state) {
                    break;
                }
            }
            let child = match turn {
                Turn::Chance => self.draw(node),
                _ => self.select(node),
            };
            if let Some(mv) = self.node(child).mv {
                state.play(mv);
            }
            node = child;
            depth = depth.saturating_add(1);
        }
        self.max_depth = self.max_depth.max(depth);
        if state.is_over() {
            returns(&state, values);
        } else {
            self.rollout.estimate(&mut state, &mut self.rng, values);
        }
        // Back up to the root.
        loop {
            let mut n = self.node(node);
            n.visits = n.visits.saturating_add(1);
            if n.mover != CHANCE {
                n.total += values[n.mover as usize];
            }
            self.set(node, n);
            if node == 0 {
                break;
            }
            node = n.parent as usize;
        }
    }

    /// Gives `node` (whose position is `state`) its children, in a random
    /// order; `false` when it has none or the arena lacks room.
    fn expand(&mut self, node: usize, state: &G) -> bool {
        let first = self.used;
        let count = match state.turn() {
            Turn::Player(p) => {
                // The moves go straight into the arena (no list of the
                // game's most moves on the stack), then are shuffled there,
                // so that unvisited children are tried in no fixed order.
                let mut count = 0;
                let capacity = self.capacity;
                state.each_legal_move(|mv| {
                    if first + count < capacity {
                        self.set(
                            first + count,
                            Node {
                                mv: Some(mv),
                                parent: node as u32,
                                mover: p.index() as u8,
                                ..Node::EMPTY
                            },
                        );
                    }
                    count += 1;
                });
                if count == 0 || first + count > capacity {
                    return false;
                }
                for i in (1..count).rev() {
                    let j = self.rng.below(i as u32 + 1) as usize;
                    self.swap(first + i, first + j);
                }
                count
            }
            Turn::Chance => match self.expand_chance(node, state) {
                Some(count) => count,
                None => return false,
            },
            Turn::Over => return false,
        };
        self.used += count;
        let mut n = self.node(node);
        n.first_child = first as u32;
        n.children = count as u16;
        self.set(node, n);
        true
    }

    /// Writes the chance outcomes of `state` as children of `node` from the
    /// first free node; their count, `None` when there is none or no room.
    /// Apart from [`Mcts::expand`], so that games without chance never make
    /// room on the stack for its list.
    #[inline(never)]
    fn expand_chance(&mut self, node: usize, state: &G) -> Option<usize> {
        let first = self.used;
        let mut outcomes = G::List::<Chance<G::Move>>::default();
        state.chance_outcomes(&mut outcomes);
        if outcomes.is_empty() || first + outcomes.len() > self.capacity {
            return None;
        }
        for (k, c) in outcomes.iter().enumerate() {
            self.set(
                first + k,
                Node {
                    mv: Some(c.outcome),
                    parent: node as u32,
                    weight: c.weight,
                    ..Node::EMPTY
                },
            );
        }
        Some(outcomes.len())
    }

    /// Exchanges nodes `a` and `b` of the arena.
    #[inline]
    fn swap(&mut self, a: usize, b: usize) {
        for w in 0..NODE_WORDS {
            self.words.swap(a * NODE_WORDS + w, b * NODE_WORDS + w);
        }
    }

    /// The child with the best UCT value for its mover: an unvisited one
    /// first.
    fn select(&self, node: usize) -> usize {
        let (first, count) = self.children(node);
        let log_visits = libm::logf(self.node(node).visits.max(1) as f32);
        let mut best = (first, f32::NEG_INFINITY);
        for i in first..first + count {
            let child = self.node(i);
            if child.visits == 0 {
                return i;
            }
            let n = child.visits as f32;
            let value = child.total / n + self.exploration * libm::sqrtf(log_visits / n);
            if value > best.1 {
                best = (i, value);
            }
        }
        best.0
    }

    /// A chance child drawn by its weight.
    fn draw(&mut self, node: usize) -> usize {
        let (first, count) = self.children(node);
        let weights = (first..first + count).map(|i| self.node(i).weight);
        let mut rng = self.rng;
        let pick = rng.weighted(weights).unwrap_or(0);
        self.rng = rng;
        first + pick
    }

    /// The most visited child of `node` (ties: the better mean), if any.
    fn most_visited(&self, node: usize) -> Option<usize> {
        let (first, count) = self.children(node);
        (first..first + count).max_by(|&a, &b| {
            let (a, b) = (self.node(a), self.node(b));
            a.visits.cmp(&b.visits).then(mean(&a).total_cmp(&mean(&b)))
        })
    }

    fn fill_report(&self, report: &mut Report<G::Move>, iterations: u64) {
        report.nodes = iterations;
        report.depth = self.max_depth;
        report.pv.clear();
        let Some(best) = self.most_visited(0) else {
            return;
        };
        report.best = self.node(best).mv;
        report.score = (mean(&self.node(best)) * 1000.0) as i32;
        let mut node = Some(best);
        while let Some(n) = node {
            if report.pv.len() >= MAX_LINE {
                break;
            }
            if let Some(mv) = self.node(n).mv {
                report.pv.push(mv);
            }
            node = self.most_visited(n).filter(|&c| self.node(c).visits > 0);
        }
    }
}

fn mean<M>(node: &Node<M>) -> f32 {
    if node.visits == 0 {
        0.0
    } else {
        node.total / node.visits as f32
    }
}
