//! The exact solver and the engine, searching in caller memory.

use core::ffi::c_void;
use std::time::{Duration, Instant};

use atom4_core::atropos::engine::{Budget, Choice, Config, Engine, Memory, Reason};
use atom4_core::atropos::{Move, MoveList, SolveError, Solver, Value};
use atom4_core::control::Control;

use super::game::{atom4_atropos_game, atom4_atropos_move};
use crate::boundary::{guard, input, output, words, Result};
use crate::control::{atom4_stop_callback, Stop};
pub use crate::status::atom4_atropos_reason;
pub use crate::status::atom4_atropos_value;
use crate::status::atom4_status::{self, *};
use crate::stored::read_live;

/// One slot of the solver's transposition table: 8 bytes, 8-byte aligned.
/// Give the solver (and the engine) an array of them (a power-of-two
/// length uses all of it); it is cleared at the start of every call.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_atropos_table_entry {
    _private: u64,
}

/// One node of the engine's search tree: 24 bytes, 8-byte aligned. The
/// tree needs about one node for every six units of work (two a
/// microsecond); a full tree stops growing, it does not fail.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_atropos_tree_node {
    _private: [u64; 3],
}

// A number, not the core's constant, so that the header can say it.
const _: () = assert!(size_of::<atom4_atropos_tree_node>() == 8 * atom4_core::mcts::NODE_WORDS);

/// Where the solver or the engine stops. Zero means "none" for each limit.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_atropos_limits {
    /// Wall-clock milliseconds.
    pub time_ms: u64,
    /// Units of work (solver positions; a tree-search iteration counts
    /// 16): the same work gives the same answer on any machine.
    pub work: u64,
    /// Seeds the engine's tree search.
    pub seed: u64,
    /// Optional (NULL: none), called every few thousand positions with the
    /// work done so far; true stops.
    pub should_stop: atom4_stop_callback,
    /// Passed to `should_stop`.
    pub context: *mut c_void,
    /// Optional (NULL: none): stops soon after `*stop_flag` becomes
    /// non-zero. Set it from any thread with an atomic store.
    pub stop_flag: *const u32,
}

fn value_of(value: Option<Value>) -> atom4_atropos_value {
    match value {
        None => atom4_atropos_value::ATOM4_ATROPOS_UNKNOWN,
        Some(Value::Win) => atom4_atropos_value::ATOM4_ATROPOS_WIN,
        Some(Value::Loss) => atom4_atropos_value::ATOM4_ATROPOS_LOSS,
    }
}

/// The solver's answer.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_atropos_solution {
    pub value: atom4_atropos_value,
    /// Positions visited.
    pub nodes: u64,
    /// Every winning move (a safe move after which the opponent has a
    /// loss), in the canonical order; none for a loss or an unknown value.
    pub winning_count: u16,
    pub winning: [atom4_atropos_move; 360],
}

/// The engine's move.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_atropos_choice {
    /// The move: always legal.
    pub best: atom4_atropos_move,
    pub reason: atom4_atropos_reason,
    /// The position's value when proven.
    pub value: atom4_atropos_value,
    /// For ATOM4_ATROPOS_PROVEN_LOSS: the chance, in thousandths, that a
    /// Default reply hands the win back.
    pub chance: u32,
    pub solver_nodes: u64,
    pub search_nodes: u64,
}

/// The caller's limits for one call: time from its start, work, the flag
/// and the callback.
struct Limits<'a> {
    start: Instant,
    time: Option<Duration>,
    work: Option<u64>,
    stop: Stop<'a>,
}

impl Limits<'_> {
    fn of(limits: *const atom4_atropos_limits) -> Result<Limits<'static>> {
        let mut of = Limits {
            start: Instant::now(),
            time: None,
            work: None,
            stop: Stop::none(),
        };
        if !limits.is_null() {
            let l = input(limits)?;
            of.time = (l.time_ms > 0).then(|| Duration::from_millis(l.time_ms));
            of.work = (l.work > 0).then_some(l.work);
            of.stop = Stop::new(l.should_stop, l.context, l.stop_flag)?;
        }
        Ok(of)
    }

    fn stopped(&self, work: u64) -> bool {
        self.stop.stopped(work)
    }

    fn bounded(&self) -> bool {
        self.time.is_some() || self.work.is_some() || self.stop.can_stop()
    }
}

impl Control<Move> for Limits<'_> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        self.stopped(nodes)
            || self.work.is_some_and(|w| nodes >= w)
            || self.time.is_some_and(|t| self.start.elapsed() >= t)
    }
}

impl Budget for Limits<'_> {
    fn spent(&mut self, work: u64) -> u32 {
        if self.stopped(work) {
            return u32::MAX;
        }
        let by_work = self
            .work
            .map_or(0, |w| (work as u128 * 1000 / w as u128) as u64);
        let by_time = self.time.map_or(0, |t| {
            (self.start.elapsed().as_nanos() * 1000 / t.as_nanos().max(1)) as u64
        });
        by_work.max(by_time).min(u32::MAX as u64) as u32
    }
}

/// Solves the position exactly: its value for the player to move and every
/// winning move, using `table` (`table_length` slots; NULL and 0 for none,
/// which is slower). `limits` may be NULL (no limit: every position of
/// size 7 or less solves within a second or so, size 8 within a minute,
/// larger ones may take hours); when a limit stops it first, the value is
/// ATOM4_ATROPOS_UNKNOWN. ATOM4_ROUND_OVER for a finished game.
#[no_mangle]
pub extern "C" fn atom4_atropos_solve(
    game: *const atom4_atropos_game,
    limits: *const atom4_atropos_limits,
    table: *mut atom4_atropos_table_entry,
    table_length: usize,
    solution: *mut atom4_atropos_solution,
) -> atom4_status {
    guard(|| {
        let state = read_live(game)?;
        let mut control = Limits::of(limits)?;
        let slots = words(table, table_length)?;
        let mut solver = Solver::new(slots);
        let mut winning = MoveList::new();
        let value = match solver.winning_moves(&state, &mut winning, &mut control) {
            Ok(value) => Some(value),
            Err(SolveError::Stopped) => None,
            Err(SolveError::Finished) => return Err(ATOM4_ROUND_OVER),
        };
        let blank = atom4_atropos_move {
            color: 0,
            h: 0,
            l: 0,
            r: 0,
        };
        let mut list = [blank; 360];
        for (slot, &mv) in list.iter_mut().zip(winning.iter()) {
            *slot = mv.into();
        }
        output(
            solution,
            atom4_atropos_solution {
                value: value_of(value),
                nodes: solver.nodes(),
                winning_count: winning.len() as u16,
                winning: list,
            },
        )
    })
}

/// The engine's move for the player to move (the one the player program
/// prints): the exact solver as soon as it can finish, a tree search
/// before. `limits` must bound it (a time, work, a stop flag or a
/// callback: ATOM4_OUT_OF_RANGE otherwise). Memory is the caller's:
/// `table` for the solver (as for atom4_atropos_solve()) and `tree` for the
/// search (`tree_length` nodes; NULL and 0 for none, which leaves only the
/// solver). ATOM4_ROUND_OVER for a finished game.
#[no_mangle]
pub extern "C" fn atom4_atropos_engine_move(
    game: *const atom4_atropos_game,
    limits: *const atom4_atropos_limits,
    table: *mut atom4_atropos_table_entry,
    table_length: usize,
    tree: *mut atom4_atropos_tree_node,
    tree_length: usize,
    choice: *mut atom4_atropos_choice,
) -> atom4_status {
    guard(|| {
        let state = read_live(game)?;
        let mut budget = Limits::of(limits)?;
        if !budget.bounded() {
            return Err(ATOM4_OUT_OF_RANGE);
        }
        let seed = if limits.is_null() {
            0
        } else {
            input(limits)?.seed
        };
        let memory = Memory {
            solver: words(table, table_length)?,
            tree: words(tree, tree_length)?,
            table: &mut [],
        };
        let mut engine = Engine::new(
            memory,
            Config {
                seed,
                ..Config::default()
            },
        );
        let found: Choice = engine.choose(&state, &mut budget).ok_or(ATOM4_ROUND_OVER)?;
        let (reason, chance) = match found.reason {
            Reason::NoSafeMove => (atom4_atropos_reason::ATOM4_ATROPOS_NO_SAFE_MOVE, 0),
            Reason::OnlyMove => (atom4_atropos_reason::ATOM4_ATROPOS_ONLY_MOVE, 0),
            Reason::WinsAtOnce => (atom4_atropos_reason::ATOM4_ATROPOS_WINS_AT_ONCE, 0),
            Reason::ProvenWin => (atom4_atropos_reason::ATOM4_ATROPOS_PROVEN_WIN, 0),
            Reason::ProvenLoss { chance } => {
                (atom4_atropos_reason::ATOM4_ATROPOS_PROVEN_LOSS, chance)
            }
            Reason::Searched => (atom4_atropos_reason::ATOM4_ATROPOS_SEARCHED, 0),
        };
        output(
            choice,
            atom4_atropos_choice {
                best: found.mv.into(),
                reason,
                value: value_of(found.value),
                chance,
                solver_nodes: found.solver_nodes,
                search_nodes: found.search_nodes,
            },
        )
    })
}
