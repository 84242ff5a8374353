//! The strong engine's glue to the generic searches: the evaluation as an
//! [`Evaluator`] of duels ([`Duel`], two players) and of paranoid games
//! ([`Paranoid`], one player against the others), its move ordering, and
//! each player's value for max^n.

use super::best_reply::BestReply;
use super::eval::{evaluate, explodes, Weights};
use super::game::Duel;
use super::paranoid::Paranoid;
use super::position::{Move, Position};
use super::quiescence::{quiescence, CAPTURE_WIN};
use crate::control::{Control, Report};
use crate::expectimax::Evaluate;
use crate::game::Player;
use crate::mcts::Values;
use crate::search::{Entry, Evaluator, Limits, Search, Store, Table, TACTICAL};

/// The strong evaluation: its weights, and how many plies of captures it
/// looks at beyond the search's horizon before it trusts them
/// ([`super::quiescence`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StrongEval {
    pub weights: Weights,
    pub quiescence: u8,
}

impl StrongEval {
    /// Plies of captures at the horizon by default: none. One ply looked
    /// better with 4 players (61.5% against 52.1% of 96 games each against
    /// three `agnishom-mm`), not yet confirmed on enough games to adopt.
    pub const QUIESCENCE: u8 = 0;

    /// The evaluation with `weights` and the tuned quiescence.
    pub const fn new(weights: Weights) -> StrongEval {
        StrongEval {
            weights,
            quiescence: StrongEval::QUIESCENCE,
        }
    }

    /// The value of `position` for `me`, captures at the horizon included.
    fn value(&self, position: &Position, me: Player) -> i32 {
        if self.quiescence == 0 {
            return evaluate(position, me, &self.weights);
        }
        let bound = CAPTURE_WIN + 1;
        quiescence(position, me, &self.weights, -bound, bound, self.quiescence)
    }

    /// `value` for `me` when `me` is to move, else its opposite: the
    /// others' side in a search of one player against the rest.
    fn for_side_to_move(&self, position: &Position, me: Player) -> i32 {
        let value = self.value(position, me);
        if position.to_move() == Some(me) {
            value
        } else {
            -value
        }
    }
}

impl Default for StrongEval {
    fn default() -> Self {
        StrongEval::new(Weights::DEFAULT)
    }
}

/// Ordering hints: moves that explode first (and never reduced: they
/// change the board most), then the rest.
fn hint(position: &Position, mv: Move) -> i32 {
    if explodes(position, mv) {
        TACTICAL
    } else {
        0
    }
}

impl Evaluator<Duel> for StrongEval {
    #[inline]
    fn evaluate(&mut self, game: &Duel) -> i32 {
        let position = game.position();
        let me = position.to_move().unwrap_or(Player::ONE);
        self.value(position, me)
    }

    #[inline]
    fn move_hint(&mut self, game: &Duel, mv: Move) -> i32 {
        hint(game.position(), mv)
    }
}

impl Evaluator<Paranoid> for StrongEval {
    /// For the side to move: the one player, or the others together.
    #[inline]
    fn evaluate(&mut self, game: &Paranoid) -> i32 {
        self.for_side_to_move(game.position(), game.me())
    }

    #[inline]
    fn move_hint(&mut self, game: &Paranoid, mv: Move) -> i32 {
        hint(game.position(), mv)
    }
}

impl Evaluator<BestReply> for StrongEval {
    /// For the side to move: the one player, or the others' best reply.
    #[inline]
    fn evaluate(&mut self, game: &BestReply) -> i32 {
        self.for_side_to_move(game.position(), game.me())
    }

    #[inline]
    fn move_hint(&mut self, game: &BestReply, mv: Move) -> i32 {
        hint(game.position(), mv)
    }
}

/// Scale of the max^n values: evaluations are divided by this to fall
/// mostly within -1 ..= 1, where wins and losses are.
const MAXN_SCALE: f32 = 4096.0;

/// Each player's evaluation, squashed into -1 ..= 1 (max^n).
impl Evaluate<Position> for StrongEval {
    fn values(&mut self, game: &Position, values: &mut Values) {
        for (i, v) in values.iter_mut().enumerate().take(game.players()) {
            let p = Player::new(i).unwrap_or(Player::ONE);
            let raw = if game.is_out(p) {
                -MAXN_SCALE
            } else {
                evaluate(game, p, &self.weights) as f32
            };
            *v = (raw / MAXN_SCALE).clamp(-0.99, 0.99);
        }
    }
}

/// Alpha-beta over two-player games with the strong evaluation, in a
/// table of the caller's memory.
pub type DuelSearch<'t> = Search<Duel, StrongEval, Table<'t, Move>>;

/// Alpha-beta over one player against the others (paranoid), in a table
/// of the caller's memory.
pub type ParanoidSearch<'t> = Search<Paranoid, StrongEval, Table<'t, Move>>;

/// Alpha-beta over one player against the best reply of any other, in a
/// table of the caller's memory.
pub type BestReplySearch<'t> = Search<BestReply, StrongEval, Table<'t, Move>>;

/// The strong engine for any number of players: alpha-beta over the duel
/// with two players, over the player to move against all the others
/// (paranoid) with more (it beat max^n and MCTS, and Best-Reply Search
/// did no better: see docs/chain.md). The transposition table is the
/// caller's memory.
#[derive(Debug)]
pub struct StrongSearch<'t> {
    table: &'t mut [Entry<Move>],
    eval: StrongEval,
}

impl<'t> StrongSearch<'t> {
    /// A search in `table` (any length; a power of two uses all of it).
    pub fn new(table: &'t mut [Entry<Move>], eval: StrongEval) -> StrongSearch<'t> {
        StrongSearch { table, eval }
    }

    /// Searches `position` by iterative deepening within `limits` and
    /// `control` (see [`Search::run`]); `best` is `None` once the game is
    /// over. The table keeps what it learnt for the next search.
    pub fn run(
        &mut self,
        position: &Position,
        limits: Limits,
        control: &mut impl Control<Move>,
    ) -> Report<Move> {
        search_in(
            Table::new(&mut *self.table),
            self.eval,
            position,
            limits,
            control,
        )
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.fill(Entry::EMPTY);
    }
}

/// The strong engine's search of `position` with `table` as its
/// transposition table (any [`Store`]): alpha-beta with two players,
/// paranoid with more.
pub fn search_in<T: Store<Move>>(
    table: T,
    eval: StrongEval,
    position: &Position,
    limits: Limits,
    control: &mut impl Control<Move>,
) -> Report<Move> {
    match (Duel::new(*position), position.to_move()) {
        (Ok(duel), _) => Search::<Duel, _, _>::with_store(table, eval).run(&duel, limits, control),
        (Err(_), Some(me)) => Search::<Paranoid, _, _>::with_store(table, eval).run(
            &Paranoid::new(*position, me),
            limits,
            control,
        ),
        (Err(_), None) => Report::none(),
    }
}

/// MCTS leaves estimated by a fast random playout to the end
/// ([`super::random_playout`]); a game still on after `max_moves` moves
/// counts 0 for everybody.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutRollout {
    pub max_moves: u32,
}

impl Default for PlayoutRollout {
    fn default() -> Self {
        PlayoutRollout { max_moves: 5000 }
    }
}

impl crate::mcts::Rollout<Position> for PlayoutRollout {
    fn estimate(&mut self, game: &mut Position, rng: &mut crate::rng::Rng, values: &mut Values) {
        super::random_playout(game, rng, self.max_moves);
        crate::mcts::returns(game, values);
    }
}
