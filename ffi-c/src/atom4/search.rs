//! The computer players: the classic levels of atom4 4.1 and the strong
//! engine, searching in caller memory.

use core::ffi::c_void;

use atom4_core::atom4::{classic, StrongEval, StrongSearch, Weights};
use atom4_core::chain;
use atom4_core::control::{Report, Stopper};
use atom4_core::search::{Entry, Limits, MAX_PLY};
use atom4_core::Cell;

use super::game::{atom4_cell, atom4_game};
use crate::boundary::{cleared, guard, input, one_of, output, Result};
use crate::chain::{atom4_chain_move, atom4_chain_search_result};
use crate::control::{atom4_stop_callback, line, Stop, ATOM4_MAX_PV};
use crate::status::atom4_status::{self, *};
use crate::stored::{random_move, read, read_live, Stored};

/// The highest classic level (the original's `-d`; level d searches d + 1 plies).
pub const ATOM4_CLASSIC_MAX_LEVEL: u8 = 8;

const _: () = assert!(ATOM4_CLASSIC_MAX_LEVEL == classic::MAX_LEVEL);

/// The classic search's result.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_classic_result {
    /// The best value, bit for bit as the original computes it.
    pub value: f32,
    /// Positions visited.
    pub nodes: u64,
    /// How many moves share the best value (at least 1).
    pub best_count: u16,
    /// Those moves, row by row.
    pub best: [atom4_cell; 256],
}

/// Runs the classic search of `level` (0..ATOM4_CLASSIC_MAX_LEVEL) on the
/// position and writes every best move to `result`.
#[no_mangle]
pub extern "C" fn atom4_classic_analyse(
    game: *const atom4_game,
    level: u8,
    result: *mut atom4_classic_result,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        let analysis = classic::analyse(&state, level).map_err(classic_status)?;
        let mut best = [atom4_cell { x: 0, y: 0 }; 256];
        for (slot, &cell) in best.iter_mut().zip(analysis.best_moves.iter()) {
            *slot = cell.into();
        }
        output(
            result,
            atom4_classic_result {
                value: analysis.value,
                nodes: analysis.nodes,
                best_count: analysis.best_moves.len() as u16,
                best,
            },
        )
    })
}

/// The move the classic player of `level` makes: uniformly at random among
/// the best, drawn from the generator state `*rng_state` (any 64-bit seed
/// to start with), which is advanced. Writes the move to `best`.
#[no_mangle]
pub extern "C" fn atom4_classic_move(
    game: *const atom4_game,
    level: u8,
    rng_state: *mut u64,
    best: *mut atom4_cell,
) -> atom4_status {
    random_move(game, rng_state, best, |state, rng| {
        classic::choose(state, level, rng).map_err(classic_status)
    })
}

fn classic_status(e: classic::ClassicError) -> atom4_status {
    match e {
        classic::ClassicError::RoundOver => ATOM4_ROUND_OVER,
        classic::ClassicError::LevelTooHigh => ATOM4_OUT_OF_RANGE,
    }
}

/// Where a strong search stops. Zeroed limits search to the greatest depth
/// with no other limit: set at least one.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_limits {
    /// The deepest iteration, 1..64; 0 means 64.
    pub depth: u8,
    /// Stop after about this many nodes; 0 means no limit.
    pub nodes: u64,
    /// Varies the order of equal moves; the same seed gives the same search.
    pub seed: u64,
    /// Optional (NULL: none), see atom4_stop_callback.
    pub should_stop: atom4_stop_callback,
    /// Passed to `should_stop`.
    pub context: *mut c_void,
    /// Optional (NULL: none): the search stops soon after `*stop_flag`
    /// becomes non-zero. Set it from any thread with an atomic store
    /// (C11 atomic_store, __atomic_store_n, std::atomic_ref).
    pub stop_flag: *const u32,
}

/// One slot of the strong engine's transposition table: 8 bytes, 2-byte
/// aligned. Give the search an array of them (a power-of-two length uses
/// all of it); it is cleared at the start of every search.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_tt_entry {
    _private: [u16; 4],
}

const _: () = assert!(one_of::<atom4_tt_entry, Entry<Cell>>());

/// The strong search's result. An interrupted search reports its last
/// completed iteration, or the better move the unfinished one found and
/// searched to the end (with its score; `depth` stays the completed one).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_search_result {
    /// The move to play.
    pub best: atom4_cell,
    /// From the mover's point of view; beyond +-29000 a forced win or loss.
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line of play, `pv_length` moves from `best`.
    pub pv_length: u8,
    pub pv: [atom4_cell; ATOM4_MAX_PV],
}

/// Searches the position with the strong engine within `limits`, using
/// `table` (`table_length` slots; NULL and 0 for none, which is slower) as
/// its transposition table, and writes the outcome to `result`.
#[no_mangle]
pub extern "C" fn atom4_strong_search(
    game: *const atom4_game,
    limits: *const atom4_limits,
    table: *mut atom4_tt_entry,
    table_length: usize,
    result: *mut atom4_search_result,
) -> atom4_status {
    strong_search(
        game,
        limits,
        table,
        table_length,
        result,
        |table, state, limits, stop| {
            StrongSearch::new(table, StrongEval::new(Weights::DEFAULT)).run(state, limits, stop)
        },
    )
}

/// A typed family's strong search (Atom-4's, Chain Reaction's): its game
/// while it is on, the caller's limits, the caller's table cleared, and
/// `search` run on them; the report goes to `result` as the family's C
/// struct.
pub(crate) fn strong_search<T: Stored, A: Copy, R: SearchResult<A>>(
    game: *const T,
    limits: *const atom4_limits,
    table: *mut atom4_tt_entry,
    table_length: usize,
    result: *mut R,
    search: impl FnOnce(&mut [Entry<A>], &T::Game, Limits, &mut Stopper<'_, A>) -> Report<A>,
) -> atom4_status {
    guard(|| {
        let state = read_live(game)?;
        let (limits, stop) = search_limits(limits)?;
        let table = cleared(table, table_length, Entry::<A>::EMPTY)?;
        let report = stop.run(|control| search(table, &state, limits, control));
        output(result, R::of(&report)?)
    })
}

/// A typed family's search result from the core's report.
pub(crate) trait SearchResult<A>: Sized {
    fn of(report: &Report<A>) -> Result<Self>;
}

/// The typed families' search results: the same fields, each family's own
/// moves (`blank` after the end of the line).
macro_rules! search_results {
    ($($result:ty: $action:ty as $item:ty, blank $blank:expr;)*) => {$(
        impl SearchResult<$action> for $result {
            fn of(report: &Report<$action>) -> Result<Self> {
                let (pv, pv_length) = line(report, $blank, <$item>::from);
                Ok(Self {
                    best: report.best.ok_or(ATOM4_INTERNAL_ERROR)?.into(),
                    score: report.score,
                    depth: report.depth,
                    nodes: report.nodes,
                    pv_length,
                    pv,
                })
            }
        }
    )*};
}

search_results! {
    atom4_search_result: Cell as atom4_cell, blank atom4_cell { x: 0, y: 0 };
    atom4_chain_search_result: chain::Move as atom4_chain_move,
        blank atom4_chain_move { x: 0, y: 0, pass: false };
}

/// The search limits and stop conditions of a caller's `atom4_limits`
/// (Atom-4's and Chain Reaction's strong searches): a depth of 0 is the
/// greatest, 0 nodes no limit; ATOM4_OUT_OF_RANGE for a depth above 64.
pub(crate) fn search_limits(limits: *const atom4_limits) -> Result<(Limits, Stop<'static>)> {
    let limits = input(limits)?;
    if limits.depth as usize > MAX_PLY {
        return Err(ATOM4_OUT_OF_RANGE);
    }
    let stop = Stop::new(limits.should_stop, limits.context, limits.stop_flag)?;
    let depth = match limits.depth {
        0 => MAX_PLY as u8,
        d => d,
    };
    let nodes = match limits.nodes {
        0 => u64::MAX,
        n => n,
    };
    Ok((
        Limits {
            depth,
            nodes,
            seed: limits.seed,
        },
        stop,
    ))
}
