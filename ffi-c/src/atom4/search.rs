//! The computer players: the classic levels of atom4 4.1 and the strong
//! engine, searching in caller memory.

use core::ffi::c_void;
use core::mem::MaybeUninit;

use atom4_core::atom4::{classic, StrongEval, StrongSearch, Weights};
use atom4_core::control::Stopper;
use atom4_core::search::{Entry, Limits, MAX_PLY};
use atom4_core::{Cell, Rng};

use super::game::{atom4_cell, atom4_game, read};
use crate::boundary::{atomic_flag, guard, input, output, uninit_slice, Result};
use crate::status::atom4_status::{self, *};

/// The highest classic level (the original's `-d`; level d searches d + 1 plies).
pub const ATOM4_CLASSIC_MAX_LEVEL: u8 = 8;

const _: () = assert!(ATOM4_CLASSIC_MAX_LEVEL == classic::MAX_LEVEL);
/// The longest principal variation a search reports.
pub const ATOM4_MAX_PV: usize = 64;

const _: () = assert!(ATOM4_MAX_PV == MAX_PLY);

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
    guard(|| {
        let state = read(game)?;
        let mut rng = Rng::new(*input(rng_state)?);
        let cell = classic::choose(&state, level, &mut rng).map_err(classic_status)?;
        output(best, cell.into())?;
        output(rng_state, rng.state())
    })
}

fn classic_status(e: classic::ClassicError) -> atom4_status {
    match e {
        classic::ClassicError::RoundOver => ATOM4_ROUND_OVER,
        classic::ClassicError::LevelTooHigh => ATOM4_OUT_OF_RANGE,
    }
}

/// Called every few thousand nodes with the nodes searched so far; return
/// true to stop (a deadline, a cancel button).
pub type atom4_stop_callback = Option<extern "C" fn(context: *mut c_void, nodes: u64) -> bool>;

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

const _: () = assert!(size_of::<atom4_tt_entry>() == size_of::<Entry<Cell>>());
const _: () = assert!(align_of::<atom4_tt_entry>() >= align_of::<Entry<Cell>>());

/// The strong search's result. An interrupted search reports its last
/// completed iteration.
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
    guard(|| {
        let state = read(game)?;
        if state.is_over() {
            return Err(ATOM4_ROUND_OVER);
        }
        let limits = *input(limits)?;
        if limits.depth as usize > MAX_PLY {
            return Err(ATOM4_OUT_OF_RANGE);
        }
        let flag = atomic_flag(limits.stop_flag)?;
        let slots = table_slots(table, table_length)?;
        // The caller's flag and callback, for this call only.
        let mut callback = |nodes| limits.should_stop.is_some_and(|f| f(limits.context, nodes));
        let mut control = Stopper::new().callback(&mut callback);
        if let Some(flag) = flag {
            control = control.flag(flag);
        }
        let mut search = StrongSearch::new(slots, StrongEval::new(Weights::DEFAULT));
        let report = search.run(
            &state,
            Limits {
                depth: if limits.depth == 0 {
                    MAX_PLY as u8
                } else {
                    limits.depth
                },
                nodes: if limits.nodes == 0 {
                    u64::MAX
                } else {
                    limits.nodes
                },
                seed: limits.seed,
            },
            &mut control,
        );
        let best = report.best.ok_or(ATOM4_INTERNAL_ERROR)?;
        let mut pv = [atom4_cell { x: 0, y: 0 }; ATOM4_MAX_PV];
        for (slot, &cell) in pv.iter_mut().zip(report.pv.iter()) {
            *slot = cell.into();
        }
        output(
            result,
            atom4_search_result {
                best: best.into(),
                score: report.score,
                depth: report.depth,
                nodes: report.nodes,
                pv_length: report.pv.len() as u8,
                pv,
            },
        )
    })
}

/// The caller's table as search slots, each overwritten with an empty entry
/// first, so whatever bytes were there are never read as entries.
fn table_slots<'a>(table: *mut atom4_tt_entry, length: usize) -> Result<&'a mut [Entry<Cell>]> {
    let slots = uninit_slice(table.cast::<MaybeUninit<Entry<Cell>>>(), length)?;
    for slot in slots.iter_mut() {
        slot.write(Entry::EMPTY);
    }
    // SAFETY: every slot was initialised just above; atom4_tt_entry and
    // Entry<Cell> have the same size and alignment (asserted above).
    Ok(unsafe { &mut *(slots as *mut [MaybeUninit<Entry<Cell>>] as *mut [Entry<Cell>]) })
}
