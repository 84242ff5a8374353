//! The game's engine on a state: its move within the caller's limits, in
//! memory the caller provides.

use core::ffi::c_void;

use atom4_core::state::{Limits, Turn};

use super::{atom4_state, read};
use crate::boundary::{cleared, guard, input, output, Result};
use crate::control::{atom4_stop_callback, line, Stop, ATOM4_MAX_PV};
use crate::status::atom4_status::{self, *};

/// Where the engine stops and how it chooses. A zero means "none" for
/// `nodes`, `depth` and `time_ms`. Something must bound the search:
/// `nodes`, `time_ms`, a stop flag or a callback (`depth` alone does not:
/// not every engine deepens; nor does a level: not every game has levels).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_engine_limits {
    /// About this many nodes: the game's unit of work (alpha-beta nodes,
    /// tree-search iterations, ...), the same on any machine.
    pub nodes: u64,
    /// The deepest iteration, 1..64, for engines that deepen.
    pub depth: u8,
    /// Wall-clock milliseconds.
    pub time_ms: u64,
    /// Seeds the engine's random choices: the same seed, limits and memory
    /// size give the same move.
    pub seed: u64,
    /// Non-zero: play the weaker player of `level` the game offers instead
    /// of its strong engine (Atom-4: the original's classic levels,
    /// 0..ATOM4_CLASSIC_MAX_LEVEL, exact searches that take no other limit;
    /// games without levels ignore it).
    pub has_level: u8,
    pub level: u8,
    /// Optional (NULL: none), see atom4_stop_callback.
    pub should_stop: atom4_stop_callback,
    /// Passed to `should_stop`.
    pub context: *mut c_void,
    /// Optional (NULL: none): the search stops soon after `*stop_flag`
    /// becomes non-zero. Set it from any thread with an atomic store.
    pub stop_flag: *const u32,
}

/// The engine's choice. An interrupted search reports its last completed
/// iteration (alpha-beta: or the better move the unfinished one found and
/// searched to the end).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_choice {
    /// The action to play: always legal.
    pub best: u32,
    /// From the mover's point of view, in the engine's units (see the
    /// game's page).
    pub score: i32,
    /// The depth of the last completed iteration (tree searches: of the
    /// tree).
    pub depth: u8,
    /// Nodes searched (the game's unit of work).
    pub nodes: u64,
    /// The expected line of play, `pv_length` actions from `best`.
    pub pv_length: u8,
    pub pv: [u32; ATOM4_MAX_PV],
}

/// The core's limits of the caller's, checked.
fn limits_of(l: &atom4_engine_limits) -> Result<Limits> {
    let some = |n: u64| (n > 0).then_some(n);
    if usize::from(l.depth) > ATOM4_MAX_PV {
        return Err(ATOM4_OUT_OF_RANGE);
    }
    Ok(Limits {
        nodes: some(l.nodes),
        depth: (l.depth > 0).then_some(l.depth),
        time_ms: some(l.time_ms),
        seed: l.seed,
        level: (l.has_level != 0).then_some(l.level),
    })
}

/// Writes how many bytes of memory the engine uses well under `limits` to
/// `bytes` (it takes any amount, searching slower with less; some engines
/// want none).
#[no_mangle]
pub extern "C" fn atom4_state_engine_bytes(
    state: *const atom4_state,
    limits: *const atom4_engine_limits,
    bytes: *mut usize,
) -> atom4_status {
    guard(|| {
        let words = read(state)?.engine_words(&limits_of(input(limits)?)?);
        output(bytes, words.saturating_mul(8))
    })
}

/// The engine's move for the player to move within `limits`, using
/// `memory` (`memory_bytes` bytes, 8-byte aligned, overwritten; NULL and 0
/// for none: see atom4_state_engine_bytes()), written to `choice`.
/// ATOM4_OUT_OF_RANGE for unbounded limits (see atom4_engine_limits) or a
/// depth above 64; ATOM4_ILLEGAL_MOVE at chance's turn (draw it with
/// atom4_state_draw_chance()); ATOM4_ROUND_OVER once over.
#[no_mangle]
pub extern "C" fn atom4_state_search(
    state: *const atom4_state,
    limits: *const atom4_engine_limits,
    memory: *mut c_void,
    memory_bytes: usize,
    choice: *mut atom4_choice,
) -> atom4_status {
    guard(|| {
        let s = read(state)?;
        let given = input(limits)?;
        let limits = limits_of(given)?;
        let stop =
            Stop::new(given.should_stop, given.context, given.stop_flag)?.within(limits.time_ms);
        if !(limits.nodes.is_some() || limits.time_ms.is_some() || stop.can_stop()) {
            return Err(ATOM4_OUT_OF_RANGE);
        }
        match s.turn() {
            Turn::Player(_) => {}
            Turn::Chance => return Err(ATOM4_ILLEGAL_MOVE),
            Turn::Over => return Err(ATOM4_ROUND_OVER),
        }
        let words = cleared(memory.cast::<u64>(), memory_bytes / 8, 0)?;
        let report = stop.run(|control| s.search(&limits, words, control));
        let (pv, pv_length) = line(&report, 0, |a| a);
        output(
            choice,
            atom4_choice {
                best: report.best.ok_or(ATOM4_INTERNAL_ERROR)?,
                score: report.score,
                depth: report.depth,
                nodes: report.nodes,
                pv_length,
                pv,
            },
        )
    })
}
