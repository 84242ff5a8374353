//! The searches the games' own engines share, over any game's rules type
//! ([`Game`]): uniform random play, MCTS with a rollout of the game's
//! choice, and alpha-beta (one thread or several sharing a table) over a
//! game's evaluator; and the limits they take from specs (`30ms`, `d6`,
//! `n50000`, each with `:t<threads>` where it applies). Engines over any
//! game of the registry, through the one interface, are [`crate::any`]'s.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use atom4_core::control::{Progress, Report, StopFlag, Stopper};
use atom4_core::game::{Game, ZeroSum};
use atom4_core::mcts::{self, Mcts, NodeMove, RandomRollout, Rollout, NODE_WORDS};
use atom4_core::search::{Entry, Evaluator, Limits, Search, MAX_PLY};
use atom4_core::state::Limit as CoreLimit;
use atom4_core::Rng;

use crate::shared_table::{PackedMove, SharedSlots};
use crate::{random_move, Engine};

/// What bounds a search's move, as the arena's engines keep it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Wall-clock time a move (`30ms`, `2s`).
    Time(Duration),
    /// Iterative deepening to this depth (`d6`; MCTS: not allowed).
    Depth(u8),
    /// About this many nodes (`n50000`; MCTS: iterations).
    Nodes(u64),
}

/// Read by the one limit parser ([`atom4_core::state::Limit`]), and
/// `<us>us` for engines that answer in microseconds.
impl std::str::FromStr for Limit {
    type Err = String;
    fn from_str(s: &str) -> Result<Limit, String> {
        let bad = |e: &dyn std::fmt::Display| format!("bad limit {s:?}: {e}");
        if let Some(us) = s.strip_suffix("us") {
            return match us.parse() {
                Ok(us) if us > 0 => Ok(Limit::Time(Duration::from_micros(us))),
                _ => Err(bad(&"give <us>us above 0")),
            };
        }
        match s.parse() {
            Ok(CoreLimit::Time { ms }) => Ok(Limit::Time(Duration::from_millis(ms))),
            Ok(CoreLimit::Nodes(n)) => Ok(Limit::Nodes(n)),
            Ok(CoreLimit::Depth(d)) => Ok(Limit::Depth(d)),
            Err(e) => Err(bad(&e)),
        }
    }
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Time(t) if t.subsec_micros() % 1000 == 0 => write!(f, "{}ms", t.as_millis()),
            Limit::Time(t) => write!(f, "{}us", t.as_micros()),
            Limit::Depth(d) => write!(f, "d{d}"),
            Limit::Nodes(n) => write!(f, "n{n}"),
        }
    }
}

impl Limit {
    /// The deadline of a move started now under this limit, if it is a
    /// time.
    pub fn deadline(self) -> Option<Instant> {
        match self {
            Limit::Time(t) => Some(Instant::now() + t),
            _ => None,
        }
    }

    /// A tree search's iterations under this limit (all it can do, for a
    /// time: the deadline stops it).
    pub fn iterations(self) -> u64 {
        match self {
            Limit::Nodes(n) => n,
            _ => u64::MAX,
        }
    }
}

/// The stop check of one move's search: its deadline, the caller's stop
/// flag and progress callback.
pub fn move_control<'a, M>(
    deadline: Option<Instant>,
    stop: &'a dyn StopFlag,
    progress: &'a mut dyn FnMut(&Report<M>),
) -> Stopper<'a, M> {
    Stopper::new()
        .deadline(deadline)
        .flag(stop)
        .progress(progress)
}

/// The move of `report`, or a random one when the search had none (no
/// room to search in).
pub fn best_or_random<G: Game>(report: &Report<G::Move>, game: &G, rng: &mut Rng) -> G::Move {
    report
        .best
        .or_else(|| random_move(game, rng))
        .expect("a position in play has a move")
}

/// The most threads a search uses.
pub const MAX_THREADS: u8 = 64;

/// A search's limit and threads: `<limit>` or `<limit>:t<threads>`; an
/// empty text is `default`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSpec {
    pub limit: Limit,
    pub threads: u8,
}

impl SearchSpec {
    pub fn parse(text: &str, default: Limit) -> Result<SearchSpec, String> {
        let (limit, threads) = match text.split_once(":t") {
            Some((limit, n)) => match n.parse() {
                Ok(n @ 1..=MAX_THREADS) => (limit, n),
                _ => return Err(format!("threads go from 1 to {MAX_THREADS}")),
            },
            None => (text, 1),
        };
        let limit = if limit.is_empty() {
            default
        } else {
            limit.parse()?
        };
        Ok(SearchSpec { limit, threads })
    }

    /// The search limits and deadline of one move started now.
    pub fn start(&self, seed: u64) -> (Limits, Option<Instant>) {
        let (depth, nodes) = match self.limit {
            Limit::Depth(depth) => (depth, u64::MAX),
            Limit::Nodes(nodes) => (MAX_PLY as u8, nodes),
            Limit::Time(_) => (MAX_PLY as u8, u64::MAX),
        };
        (Limits { depth, nodes, seed }, self.limit.deadline())
    }
}

impl std::fmt::Display for SearchSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.limit)?;
        if self.threads > 1 {
            write!(f, ":t{}", self.threads)?;
        }
        Ok(())
    }
}

/// Plays uniformly at random among the legal moves.
pub struct RandomEngine {
    rng: Rng,
}

impl RandomEngine {
    pub fn new(seed: u64) -> Self {
        RandomEngine {
            rng: Rng::new(seed),
        }
    }
}

impl<G: Game> Engine<G> for RandomEngine {
    fn think(&mut self, game: &G, _: &dyn StopFlag, _: Progress<'_, G::Move>) -> G::Move {
        random_move(game, &mut self.rng).expect("a position in play has a legal move")
    }

    fn name(&self) -> String {
        "random".into()
    }
}

/// MCTS with a rollout of the caller's choice (random play by default) and
/// its own node arena, for any game whose moves are `M`.
pub struct MctsEngine<M, R = RandomRollout> {
    limit: Limit,
    /// [`NODE_WORDS`] words a node.
    arena: Vec<u64>,
    rollout: R,
    exploration: f32,
    rng: Rng,
    /// The last search's report.
    pub last: Option<Report<M>>,
}

/// MCTS arena nodes for a limit: enough for every iteration to add a
/// node's children on average (about 1 M iterations a second assumed),
/// from 2^12 to 2^22.
pub fn mcts_arena_len(limit: Limit) -> usize {
    let iterations = match limit {
        Limit::Time(t) => t.as_micros().min(1 << 40) as u64,
        Limit::Nodes(n) => n,
        Limit::Depth(_) => 1 << 22,
    };
    (iterations.saturating_mul(8)).clamp(1 << 12, 1 << 22) as usize
}

impl<M, R> MctsEngine<M, R> {
    /// An engine searching within `limit` (a time or an iteration count).
    pub fn new(limit: Limit, rollout: R, seed: u64) -> Self {
        MctsEngine::with_nodes(limit, rollout, seed, mcts_arena_len(limit))
    }

    /// An engine with room for `nodes` tree nodes.
    pub fn with_nodes(limit: Limit, rollout: R, seed: u64, nodes: usize) -> Self {
        MctsEngine {
            limit,
            arena: vec![0; nodes * NODE_WORDS],
            rollout,
            exploration: mcts::EXPLORATION,
            rng: Rng::new(seed),
            last: None,
        }
    }

    pub fn with_exploration(mut self, c: f32) -> Self {
        self.exploration = c;
        self
    }

    pub fn limit(&self) -> Limit {
        self.limit
    }
}

impl<G, R> Engine<G> for MctsEngine<G::Move, R>
where
    G: Game + Clone + Send,
    G::Move: Send + NodeMove,
    R: Rollout<G> + Clone + Send,
{
    fn think(&mut self, game: &G, stop: &dyn StopFlag, progress: Progress<'_, G::Move>) -> G::Move {
        let limits = mcts::Limits {
            iterations: self.limit.iterations(),
            seed: self.rng.next_u64(),
        };
        let mut control = move_control(self.limit.deadline(), stop, progress);
        let report = Mcts::new(&mut self.arena, self.rollout.clone())
            .with_exploration(self.exploration)
            .run(game, limits, &mut control);
        let mv = best_or_random(&report, game, &mut self.rng);
        self.last = Some(report);
        mv
    }

    fn name(&self) -> String {
        format!("mcts:{}", self.limit)
    }
}

/// Transposition table slots of an alpha-beta search: 1.2 a microsecond of
/// its time (the Atom-4 engine visits 1.4 to 1.8 M nodes a second, and
/// only inner nodes store, so that is room for every result), a power of
/// two from 2^12 to 2^20 (8 MiB). A table the size of the search
/// stays in the processor's cache: at 30 ms a move, 2^16 slots (512 KiB)
/// search about a tenth faster than 2^20.
pub fn table_slots(limit: Limit) -> usize {
    let nodes = match limit {
        Limit::Time(t) => t.as_micros().min(1 << 40) as u64 * 6 / 5,
        Limit::Nodes(n) => n,
        Limit::Depth(_) => u64::MAX,
    };
    nodes.clamp(1 << 12, 1 << 20).next_power_of_two() as usize
}

/// An alpha-beta engine's transposition table: its own, or one its threads
/// share.
enum EngineTable<M> {
    Own(Vec<Entry<M>>),
    Shared(SharedSlots),
}

/// Alpha-beta over `G` with evaluator `E`, on one thread or several
/// (lazy SMP: helpers search the same position meanwhile and share one
/// table; the main thread's search decides the move and keeps its limit).
pub struct AlphaBetaEngine<G: Game, E> {
    spec: SearchSpec,
    table: EngineTable<G::Move>,
    evaluator: E,
    rng: Rng,
    /// The last search's report.
    pub last: Option<Report<G::Move>>,
    /// How many moves each completed depth ended at (index: depth).
    pub depths: [u32; MAX_PLY + 1],
}

impl<G: Game, E> AlphaBetaEngine<G, E> {
    pub fn new(spec: SearchSpec, evaluator: E, seed: u64) -> Self {
        let slots = table_slots(spec.limit);
        let table = if spec.threads > 1 {
            EngineTable::Shared(SharedSlots::new(slots))
        } else {
            EngineTable::Own(vec![Entry::EMPTY; slots])
        };
        AlphaBetaEngine {
            spec,
            table,
            evaluator,
            rng: Rng::new(seed),
            last: None,
            depths: [0; MAX_PLY + 1],
        }
    }

    pub fn spec(&self) -> SearchSpec {
        self.spec
    }

    pub fn evaluator(&mut self) -> &mut E {
        &mut self.evaluator
    }
}

impl<G, E> Engine<G> for AlphaBetaEngine<G, E>
where
    G: ZeroSum + Clone + Send + Sync,
    G::Move: PackedMove + Send,
    E: Evaluator<G> + Clone + Send,
{
    fn think(
        &mut self,
        game: &G,
        stop: &dyn StopFlag,
        progress: &mut dyn FnMut(&Report<G::Move>),
    ) -> G::Move {
        let (limits, deadline) = self.spec.start(self.rng.next_u64());
        let mut control = move_control(deadline, stop, progress);
        let eval = self.evaluator.clone();
        let report = match &mut self.table {
            EngineTable::Own(table) => Search::new(table, eval).run(game, limits, &mut control),
            EngineTable::Shared(slots) => {
                let seeds: Vec<u64> = (1..self.spec.threads)
                    .map(|_| self.rng.next_u64())
                    .collect();
                search_together(game, slots, eval, limits, seeds, &mut control)
            }
        };
        let mv = best_or_random(&report, game, &mut self.rng);
        self.depths[report.depth as usize] += 1;
        self.last = Some(report);
        mv
    }

    fn name(&self) -> String {
        format!("alpha-beta:{}", self.spec)
    }

    fn depths(&self) -> Option<&[u32]> {
        Some(&self.depths)
    }
}

/// Lazy SMP: the main search runs within `limits` under `control`; one
/// helper a seed searches the same position as deep as it can meanwhile,
/// and what the helpers store in the shared table (refutations, deeper
/// results) lets the main search skip work. The answer is the main
/// search's.
fn search_together<G, E>(
    game: &G,
    slots: &SharedSlots,
    eval: E,
    limits: Limits,
    seeds: Vec<u64>,
    control: &mut Stopper<'_, G::Move>,
) -> Report<G::Move>
where
    G: ZeroSum + Clone + Send + Sync,
    G::Move: PackedMove + Send,
    E: Evaluator<G> + Clone + Send,
{
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for seed in seeds {
            let (done, table, eval) = (&done, slots.table(), eval.clone());
            scope.spawn(move || {
                let limits = Limits {
                    depth: MAX_PLY as u8,
                    nodes: u64::MAX,
                    seed,
                };
                let mut until_done = Stopper::new().flag(done);
                Search::with_store(table, eval).run(game, limits, &mut until_done);
            });
        }
        let report = Search::with_store(slots.table(), eval).run(game, limits, control);
        done.store(true, Ordering::Relaxed);
        report
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip_and_refuse_nonsense() {
        for text in ["30ms", "d6", "n5000", "30ms:t2", "d6:t4"] {
            let spec = SearchSpec::parse(text, Limit::Depth(1)).unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            SearchSpec::parse("", Limit::Depth(3)).unwrap().limit,
            Limit::Depth(3)
        );
        for bad in [
            "fast", "d0", "d65", "n0", "30ms:t0", "30ms:t65", "30ms:tx", "ms",
        ] {
            assert!(SearchSpec::parse(bad, Limit::Depth(1)).is_err(), "{bad}");
        }
    }

    /// The table grows with the search it serves, within its bounds.
    #[test]
    fn the_table_fits_the_search() {
        let ms = |n| table_slots(Limit::Time(Duration::from_millis(n)));
        assert_eq!(ms(30), 1 << 16);
        assert!(ms(30) < ms(1000));
        assert_eq!(ms(0), 1 << 12);
        assert_eq!(ms(1 << 40), 1 << 20);
        assert_eq!(table_slots(Limit::Nodes(5000)), 1 << 13);
        assert_eq!(table_slots(Limit::Depth(6)), 1 << 20);
        for slots in [ms(7), ms(30), ms(250), table_slots(Limit::Nodes(123_457))] {
            assert!(slots.is_power_of_two());
        }
    }
}
