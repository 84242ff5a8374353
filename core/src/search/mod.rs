//! Alpha-beta for two-player, zero-sum games: iterative deepening with
//! aspiration windows, principal-variation search, a transposition table
//! in caller memory, killer and history move ordering, late-move
//! reductions, null-move pruning (for games that can pass, see
//! [`ZeroSum::pass`]), mate scores by distance.
//!
//! Nothing is allocated and recursion never goes deeper than the depth
//! limit (at most [`MAX_PLY`]); the position is changed and restored in
//! place, and each ply with children holds a move list and its ordering
//! keys on the stack. Every search starts with empty killer and history
//! tables, so given the same position, limits, seed and table contents, a
//! search visits the same nodes and returns the same result.

pub mod tt;

pub use crate::control::{Control, Report};
use crate::game::{Game, List, Player, Turn, ZeroSum};
use crate::rng::Rng;
pub use tt::{usable_slots, Bound, Entry, Hit, PackedMove, Store, Table, WordTable};

/// The score of a win on the spot; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// The deepest search.
pub const MAX_PLY: usize = crate::control::MAX_LINE;
/// Scores beyond this are wins or losses, not evaluations.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// How good a position is for the player to move (in the evaluator's own
/// units, within `(-MATE_BOUND, MATE_BOUND)`), and which moves to try first.
pub trait Evaluator<G: Game> {
    fn evaluate(&mut self, game: &G) -> i32;

    /// A hint for ordering `mv` among the moves of `game`: higher first.
    /// A hint of [`TACTICAL`] or more marks a move the search must not
    /// reduce (it wins, or changes what decides the game).
    fn move_hint(&mut self, _game: &G, _mv: G::Move) -> i32 {
        0
    }

    /// Called once at the start of every search with its root position
    /// (an evaluator may take the root player's view from it).
    fn start(&mut self, _root: &G) {}

    /// Whether the player to move in `game` has a move that wins on the
    /// spot. The search then scores the node (of depth 2 or more) as that
    /// win without making a move: a reply that leaves a win at once costs
    /// one call instead of a move list. It must never say yes wrongly (the
    /// search would claim a win it does not have); saying no when there is
    /// a win only costs time. The default never says yes.
    fn wins_at_once(&mut self, _game: &G) -> bool {
        false
    }

    /// Late move pruning: at a node of depth 1 (first entry) or 2 (second)
    /// searched with a null window, once a move has been searched, the
    /// quiet moves (no [`TACTICAL`] hint, neither the table's move nor a
    /// killer) from this index of the ordered list on are not searched.
    /// For evaluations whose leaves see what a quiet move threatens. The
    /// default searches every move.
    const LATE_MOVES: [usize; 2] = [usize::MAX; 2];
}

/// Nodes between two calls of [`Control::should_stop`].
pub const CHECK_EVERY: u64 = 1024;

/// Where a search stops by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Iterations up to this depth (1..=[`MAX_PLY`]).
    pub depth: u8,
    /// Stop after about this many nodes (`u64::MAX`: no limit).
    pub nodes: u64,
    /// Shuffles the first iteration's root order, so that equal moves vary
    /// from game to game; the same seed gives the same search.
    pub seed: u64,
}

impl Limits {
    pub const fn depth(depth: u8) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
            seed: 0,
        }
    }
}

/// A search over the game `G` with evaluator `E` and transposition table
/// `T`: by default [`Table`], over the caller's memory.
pub struct Search<G: ZeroSum, E, T> {
    table: T,
    evaluator: E,
    killers: [[Option<G::Move>; 2]; MAX_PLY],
    /// One score per move slot and player; as long as the game's move list.
    history: [G::List<i16>; 2],
    nodes: u64,
    node_limit: u64,
    aborted: bool,
    /// The player to move at the root.
    root: Player,
    /// Bit `ply`: the move into `ply` was a null move (a bit set, not an
    /// array: small targets count every byte of stack).
    passed: u64,
    /// Bit `ply`: the player whose view the node at `ply` takes, for games
    /// that do not alternate (alternating games derive it from the ply).
    sides: u64,
}

impl<G: ZeroSum, E, T: Store<G::Move>> core::fmt::Debug for Search<G, E, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Search")
            .field("table_len", &self.table.len())
            .field("nodes", &self.nodes)
            .finish()
    }
}

/// Move hints at or above this mark tactical moves (see [`Evaluator::move_hint`]).
pub const TACTICAL: i32 = 1 << 12;

/// Late move reductions: from the move with this index on ...
const LMR_AFTER: usize = 3;
/// ... at this depth or more, a quiet move is first searched a ply shallower;
const LMR_MIN_DEPTH: u8 = 3;
/// from this move on, at this depth or more, two plies shallower.
const LMR_DEEP_AFTER: usize = 6;
const LMR_DEEP_MIN_DEPTH: u8 = 4;

/// Aspiration: from this depth on, an iteration first searches a window
/// this wide either side of the score two iterations back, and widens it
/// fourfold on the side where the score falls outside.
const ASPIRATION_MIN_DEPTH: u8 = 5;
const ASPIRATION: i32 = 20;

/// The root's window `(alpha, beta)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Window {
    alpha: i32,
    beta: i32,
}

impl Window {
    const FULL: Window = Window {
        alpha: -MATE - 1,
        beta: MATE + 1,
    };

    fn around(guess: i32) -> Window {
        if guess.abs() >= MATE_BOUND {
            return Window::FULL;
        }
        Window {
            alpha: guess - ASPIRATION,
            beta: guess + ASPIRATION,
        }
    }

    /// Widens the side that `score` fell on; false if it fell inside (the
    /// score is exact).
    fn widen(&mut self, score: i32) -> bool {
        let low = score <= self.alpha && self.alpha > -MATE - 1;
        let high = score >= self.beta && self.beta < MATE + 1;
        if !(low || high) {
            return false;
        }
        // Only a window as first set is still this narrow.
        let first_miss = self.beta - self.alpha == 2 * ASPIRATION;
        if !first_miss || score.abs() >= MATE_BOUND {
            // A second miss, or a mate score: the whole range.
            *self = Window::FULL;
        } else if low {
            self.alpha = (score - 4 * ASPIRATION).max(-MATE - 1);
        } else {
            self.beta = (score + 4 * ASPIRATION).min(MATE + 1);
        }
        true
    }
}

/// Null-move pruning from this depth on, searching the pass this much
/// shallower (besides the ply it takes).
const NULL_MIN_DEPTH: u8 = 3;
const NULL_REDUCTION: u8 = 2;

/// Ordering keys: the hash move, then killers, then history plus hint
/// (clamped below killers; the lowest bit marks tactical moves). Keys are
/// `i16` because every ply of the recursion holds one per move: stack is
/// what small targets lack.
const HASH_MOVE: i16 = i16::MAX;
const KILLER: i16 = i16::MAX - 1;
const ORDINARY_MAX: i32 = KILLER as i32 - 1;

/// Whether an ordinary key marks a tactical move (its lowest bit).
#[inline]
fn tactical_key(key: i16) -> bool {
    key & 1 != 0
}

impl<'t, G: ZeroSum + Clone, E: Evaluator<G>> Search<G, E, Table<'t, G::Move>> {
    /// A search with `table` as its transposition table (any length; a
    /// power of two uses all of it) and `evaluator`.
    pub fn new(table: &'t mut [Entry<G::Move>], evaluator: E) -> Self {
        Search::with_store(Table::new(table), evaluator)
    }
}

/// A history table of zeros, one for each slot of the game's move list.
fn empty_history<G: ZeroSum>() -> G::List<i16> {
    let mut history = G::List::<i16>::default();
    for _ in 0..<G::List<i16> as List<i16>>::CAPACITY {
        history.push(0);
    }
    history
}

impl<G: ZeroSum + Clone, E: Evaluator<G>, T: Store<G::Move>> Search<G, E, T> {
    /// A search with `table` as its transposition table and `evaluator`.
    // Never inlined: its move-ordering tables are built in its own frame,
    // gone before the search starts; inlined, the caller's frame kept
    // their copies for the whole search (1 KB more stack for Atom-4 on a
    // Cortex-M).
    #[inline(never)]
    pub fn with_store(table: T, evaluator: E) -> Self {
        Search {
            table,
            evaluator,
            killers: [[None; 2]; MAX_PLY],
            history: [empty_history::<G>(), empty_history::<G>()],
            nodes: 0,
            node_limit: u64::MAX,
            aborted: false,
            root: Player::ONE,
            passed: 0,
            sides: 0,
        }
    }

    pub fn evaluator(&mut self) -> &mut E {
        &mut self.evaluator
    }

    /// Empties the transposition table (the move-ordering tables are
    /// emptied by every search anyway).
    pub fn clear(&mut self) {
        self.table.clear();
        self.forget_ordering();
    }

    fn forget_ordering(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for side in self.history.iter_mut() {
            side.fill(0);
        }
    }

    /// Searches `game` by iterative deepening up to `limits`; `control` may
    /// stop it early. The result is that of the last completed iteration
    /// (depth 0 and the first legal move if not even depth 1 completed),
    /// unless the interrupted one had found a better move than its first
    /// (the last best) and searched it to the end: then that move and its
    /// score, with `depth` still the last completed one. `best` is `None`
    /// when it is nobody's turn to move (the game is over).
    pub fn run(
        &mut self,
        game: &G,
        limits: Limits,
        control: &mut impl Control<G::Move>,
    ) -> Report<G::Move> {
        self.nodes = 0;
        self.node_limit = limits.nodes;
        self.aborted = false;
        // Same position, same limits, same table: same search. Ordering
        // learnt in an earlier search would make the result depend on it.
        self.forget_ordering();
        let mut report = Report {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: arrayvec::ArrayVec::new(),
        };
        let Turn::Player(root) = game.turn() else {
            return report;
        };
        self.root = root;
        self.sides = (root.index() & 1) as u64;
        self.evaluator.start(game);
        let mut root_moves = G::List::<G::Move>::default();
        game.legal_moves(&mut root_moves);
        if root_moves.is_empty() {
            return report;
        }
        report.best = Some(root_moves[0]);
        // A seeded shuffle: ties between equal root moves go different ways
        // in different games, the same way for the same seed.
        let mut rng = Rng::new(limits.seed);
        for i in (1..root_moves.len()).rev() {
            root_moves.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let hash = game.hash();
        let max_depth = limits.depth.clamp(1, MAX_PLY as u8);
        // The scores of the last two iterations: an evaluation may favour
        // one parity of depth, so a guess comes from two iterations back.
        let (mut last, mut before_last) = (None, None);
        for depth in 1..=max_depth {
            let mut window = match before_last {
                Some(guess) if depth >= ASPIRATION_MIN_DEPTH => Window::around(guess),
                _ => Window::FULL,
            };
            let (score, best, searched) = loop {
                let (score, best, searched) =
                    self.root(game, hash, depth, &mut root_moves, window, control);
                if self.aborted || !window.widen(score) {
                    break (score, best, searched);
                }
            };
            if self.aborted {
                // The unfinished iteration searched the last best move
                // first; a move it then found better, searched to the end,
                // is the better informed choice.
                if searched > 1 && report.best != Some(best) && score > window.alpha {
                    report.best = Some(best);
                    report.score = score;
                    report.pv = self.principal_variation(game, hash, best, depth);
                }
                break;
            }
            before_last = last;
            last = Some(score);
            report.best = Some(best);
            report.score = score;
            report.depth = depth;
            report.nodes = self.nodes;
            report.pv = self.principal_variation(game, hash, best, depth);
            control.iteration_done(&report);
            // A forced win or loss found: deeper iterations cannot change it.
            if score.abs() > MATE_BOUND && (MATE - score.abs()) <= depth as i32 {
                break;
            }
        }
        report.nodes = self.nodes;
        report
    }

    /// The player whose view the node at `ply` takes.
    #[inline]
    fn side(&self, ply: usize) -> Player {
        if G::ALTERNATES {
            if ply & 1 == 0 {
                self.root
            } else {
                self.root.other()
            }
        } else if self.sides >> ply & 1 == 0 {
            Player::ONE
        } else {
            Player::TWO
        }
    }

    /// Notes the view of `child`, the node at `ply` reached from a node of
    /// `parent`'s view, and says whether its value must be negated for the
    /// parent. Alternating games always negate.
    #[inline]
    fn enter(&mut self, child: &G, ply: usize, parent: Player) -> bool {
        if G::ALTERNATES {
            return true;
        }
        let side = match child.turn() {
            Turn::Player(p) => p,
            _ => parent.other(),
        };
        let bit = 1u64 << ply;
        self.sides = (self.sides & !bit) | ((side.index() as u64 & 1) << ply);
        side != parent
    }

    /// The value of `child` (at `ply`) for its parent, within the parent's
    /// window `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child_value(
        &mut self,
        child: &mut G,
        hash: u64,
        depth: u8,
        ply: usize,
        negate: bool,
        alpha: i32,
        beta: i32,
        control: &mut impl Control<G::Move>,
    ) -> i32 {
        if negate {
            -self.negamax(child, hash, depth, ply, -beta, -alpha, control)
        } else {
            self.negamax(child, hash, depth, ply, alpha, beta, control)
        }
    }

    /// One iteration at the root: returns the score and best move of the
    /// moves it searched to the end, and how many those are (all of them
    /// unless the search was stopped), and moves the best move to the front
    /// for the next iteration.
    fn root(
        &mut self,
        game: &G,
        hash: u64,
        depth: u8,
        moves: &mut G::List<G::Move>,
        window: Window,
        control: &mut impl Control<G::Move>,
    ) -> (i32, G::Move, usize) {
        // One copy, changed and restored move by move below.
        let mut node = game.clone();
        let (mut alpha, beta) = (window.alpha, window.beta);
        let mut best = (i32::MIN, moves[0]);
        let mut best_index = 0;
        let mut searched = 0;
        for i in 0..moves.len() {
            let mv = moves[i];
            let (child_hash, undo) = node.play_undoable(mv, hash);
            let negate = self.enter(&node, 1, self.root);
            let score = self.search_child(
                &mut node,
                child_hash,
                depth,
                1,
                negate,
                i == 0,
                0,
                alpha,
                beta,
                control,
            );
            node.unplay(&undo);
            if self.aborted {
                break;
            }
            searched += 1;
            if score > best.0 {
                best = (score, mv);
                best_index = i;
                alpha = alpha.max(score);
            }
            if score >= beta {
                break;
            }
        }
        if best.0 <= window.alpha {
            // Every move failed low: none is known better than the first.
            return (best.0, moves[0], searched);
        }
        // Best first next time; the others keep their relative order.
        moves[..=best_index].rotate_right(1);
        if !self.aborted {
            let bound = if best.0 >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.store(hash, depth, best.0, bound, Some(best.1));
        }
        (best.0, best.1, searched)
    }

    /// The value for the parent of `child` (reached by one move from a node
    /// of depth `depth`), principal-variation style: the first move gets the
    /// full window; the others a null window first (`reduction` plies
    /// shallower still, if any), then the full one only if they beat alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        child: &mut G,
        hash: u64,
        depth: u8,
        ply: usize,
        negate: bool,
        first: bool,
        reduction: u8,
        alpha: i32,
        beta: i32,
        control: &mut impl Control<G::Move>,
    ) -> i32 {
        if first {
            return self.child_value(child, hash, depth - 1, ply, negate, alpha, beta, control);
        }
        let mut score = alpha + 1;
        if reduction > 0 {
            score = self.child_value(
                child,
                hash,
                depth - 1 - reduction,
                ply,
                negate,
                alpha,
                alpha + 1,
                control,
            );
        }
        if score > alpha && !self.aborted {
            score = self.child_value(
                child,
                hash,
                depth - 1,
                ply,
                negate,
                alpha,
                alpha + 1,
                control,
            );
        }
        if score > alpha && score < beta && !self.aborted {
            score = self.child_value(child, hash, depth - 1, ply, negate, alpha, beta, control);
        }
        score
    }

    /// The value of `game` for the player whose view its ply takes, exact
    /// inside `(alpha, beta)`; `ply` plies below the root.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        game: &mut G,
        hash: u64,
        depth: u8,
        ply: usize,
        alpha: i32,
        beta: i32,
        control: &mut impl Control<G::Move>,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(CHECK_EVERY) && control.should_stop(self.nodes))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if game.is_over() {
            // What the game says, by sign; sooner wins and later losses
            // score higher.
            let value = game.returns(self.side(ply));
            return if value > 0.0 {
                MATE - ply as i32
            } else if value < 0.0 {
                -(MATE - ply as i32)
            } else {
                0
            };
        }
        if depth == 0 || ply >= MAX_PLY - 1 {
            return self.evaluate(game);
        }
        // The table.
        let mut hash_move = None;
        if let Some(hit) = self.table.probe(hash) {
            hash_move = hit.mv;
            let score = from_table(hit.score, ply);
            if hit.depth >= depth && beta - alpha == 1 {
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::None => false,
                };
                if usable {
                    return score;
                }
            }
        }
        // A win on the spot: nothing below can do better. Not at depth 1,
        // whose children are leaves: their evaluation sees the win anyway,
        // and the call cost more there than it saved.
        if depth >= 2 && self.wins_at_once(game) {
            return MATE - (ply as i32 + 1);
        }
        if beta - alpha == 1
            && depth >= NULL_MIN_DEPTH
            && self.passed >> ply & 1 == 0
            && beta.abs() < MATE_BOUND
        {
            if let Some(score) = self.null_move(game, hash, depth, ply, beta, control) {
                return score;
            }
        }
        self.expand(game, hash, depth, ply, alpha, beta, hash_move, control)
    }

    /// Null-move pruning: if the player to move, letting the opponent move
    /// twice, still reaches `beta` in a shallower search, the node fails
    /// high without searching its moves. `None` when it does not.
    #[inline(never)]
    fn null_move(
        &mut self,
        game: &mut G,
        hash: u64,
        depth: u8,
        ply: usize,
        beta: i32,
        control: &mut impl Control<G::Move>,
    ) -> Option<i32> {
        if self.evaluate(game) < beta {
            return None;
        }
        let child_hash = game.pass(hash)?;
        let negate = self.enter(game, ply + 1, self.side(ply));
        self.passed |= 1 << (ply + 1);
        let score = self.child_value(
            game,
            child_hash,
            depth - 1 - NULL_REDUCTION,
            ply + 1,
            negate,
            beta - 1,
            beta,
            control,
        );
        self.passed &= !(1 << (ply + 1));
        game.unpass();
        (score >= beta && !self.aborted).then_some(beta)
    }

    /// The moves of an inner node, searched in order. Out of line, so that
    /// the move list and keys take stack only at nodes that have children,
    /// not at the leaves.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        game: &mut G,
        hash: u64,
        depth: u8,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        hash_move: Option<G::Move>,
        control: &mut impl Control<G::Move>,
    ) -> i32 {
        let mut moves = G::List::<G::Move>::default();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            // A game in play always has a move (see `Game::legal_moves`);
            // if one has none, its evaluation is all there is to say.
            return self.evaluate(game);
        }
        let me = self.side(ply);
        let side = me.index() & 1;
        let mut keys = G::List::<i16>::default();
        for &mv in moves.iter() {
            // At depth 1 the children are leaves: their evaluation is the
            // real cost, and history alone orders them well enough.
            let hint = if depth > 1 { self.hint(game, mv) } else { 0 };
            let key = if Some(mv) == hash_move {
                HASH_MOVE
            } else if self.killers[ply].contains(&Some(mv)) {
                KILLER
            } else {
                // The lowest bit says whether the move is tactical, for
                // the reductions below (no bit set per ply: small targets
                // lack the stack).
                let ordinary = (self.history[side][G::move_slot(mv)] as i32 + hint)
                    .clamp(-ORDINARY_MAX, ORDINARY_MAX) as i16;
                (ordinary & !1) | (hint >= TACTICAL) as i16
            };
            keys.push(key);
        }
        let original_alpha = alpha;
        let mut best_score = -MATE - 1;
        let mut best_move = None;
        for i in 0..moves.len() {
            // Selection: the best remaining key next (few moves get searched
            // before a cut, so sorting all of them would be wasted).
            let mut pick = i;
            for j in i + 1..moves.len() {
                if keys[j] > keys[pick] {
                    pick = j;
                }
            }
            moves.swap(i, pick);
            keys.swap(i, pick);
            let mv = moves[i];
            if beta - alpha == 1
                && depth <= 2
                && i >= E::LATE_MOVES[depth as usize - 1]
                && keys[i] < KILLER
                && best_score > -MATE_BOUND
                && !self.tactical(game, mv, depth, keys[i])
            {
                continue;
            }
            // Late, quiet moves first get a reduced look.
            let reduction = if i < LMR_AFTER
                || depth < LMR_MIN_DEPTH
                || keys[i] >= KILLER
                || tactical_key(keys[i])
            {
                0
            } else if i >= LMR_DEEP_AFTER && depth >= LMR_DEEP_MIN_DEPTH {
                2
            } else {
                1
            };
            let (child_hash, undo) = game.play_undoable(mv, hash);
            let negate = self.enter(game, ply + 1, me);
            let score = self.search_child(
                game,
                child_hash,
                depth,
                ply + 1,
                negate,
                i == 0,
                reduction,
                alpha,
                beta,
                control,
            );
            game.unplay(&undo);
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if keys[i] < KILLER {
                    let k = &mut self.killers[ply];
                    k[1] = k[0];
                    k[0] = Some(mv);
                    let h = &mut self.history[side][G::move_slot(mv)];
                    *h = h.saturating_add((depth as i16) * (depth as i16));
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(hash, depth, to_table(best_score, ply), bound, best_move);
        best_score
    }

    /// Whether `mv`, whose ordering key is `key`, is tactical. Keys carry
    /// it above depth 1; at depth 1 moves get no hint for their order, so
    /// a move about to be skipped asks for one.
    fn tactical(&mut self, game: &G, mv: G::Move, depth: u8, key: i16) -> bool {
        if depth > 1 {
            tactical_key(key)
        } else {
            self.hint(game, mv) >= TACTICAL
        }
    }

    /// The evaluator's calls, kept out of line so that their locals live
    /// only while they run instead of in every recursion frame.
    #[inline(never)]
    fn evaluate(&mut self, game: &G) -> i32 {
        self.evaluator.evaluate(game)
    }

    #[inline(never)]
    fn wins_at_once(&mut self, game: &G) -> bool {
        self.evaluator.wins_at_once(game)
    }

    #[inline(never)]
    fn hint(&mut self, game: &G, mv: G::Move) -> i32 {
        self.evaluator.move_hint(game, mv)
    }

    /// The expected line: `first`, then the table's moves while they are
    /// legal. Out of line: its move list need not sit under the search.
    #[inline(never)]
    fn principal_variation(
        &self,
        game: &G,
        hash: u64,
        first: G::Move,
        depth: u8,
    ) -> arrayvec::ArrayVec<G::Move, MAX_PLY> {
        let mut pv = arrayvec::ArrayVec::new();
        let (mut game, mut hash) = (game.clone(), hash);
        let mut mv = Some(first);
        let mut moves = G::List::<G::Move>::default();
        while let Some(m) = mv {
            game.legal_moves(&mut moves);
            if !moves.contains(&m) || pv.len() >= depth as usize || pv.is_full() {
                break;
            }
            pv.push(m);
            hash = game.play_keyed(m, hash);
            if game.is_over() {
                break;
            }
            mv = self.table.probe(hash).and_then(|hit| hit.mv);
        }
        pv
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_starts_around_its_guess_unless_the_guess_is_a_mate() {
        let w = Window::around(120);
        assert_eq!((w.alpha, w.beta), (120 - ASPIRATION, 120 + ASPIRATION));
        assert_eq!(Window::around(MATE - 3), Window::FULL);
        assert_eq!(Window::around(-(MATE - 7)), Window::FULL);
    }

    #[test]
    fn a_window_widens_on_the_side_the_score_fell_then_opens_fully() {
        let mut w = Window::around(0);
        assert!(!w.widen(ASPIRATION - 1), "inside: exact");
        assert!(w.widen(-ASPIRATION), "on alpha: an upper bound");
        assert_eq!(w.alpha, -5 * ASPIRATION);
        assert_eq!(w.beta, ASPIRATION);
        // A second miss, either side, searches everything.
        assert!(w.widen(ASPIRATION + 1));
        assert_eq!(w, Window::FULL);
        assert!(!w.widen(MATE - 1), "the full window takes any score");
        assert!(!w.widen(-MATE));

        let mut w = Window::around(0);
        assert!(w.widen(ASPIRATION));
        assert_eq!((w.alpha, w.beta), (-ASPIRATION, 5 * ASPIRATION));
        let mut w = Window::around(0);
        assert!(w.widen(MATE - 2), "a mate score: no second guess");
        assert_eq!(w, Window::FULL);
    }
}
