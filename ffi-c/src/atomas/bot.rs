//! The bot: expectimax over the spawn law with the survival evaluation,
//! as `atom4 atomas bot` plays.

use atom4_core::atomas::bot::{Bot, Limits, MAX_DEPTH};
use atom4_core::atomas::Weights;

use super::game::{atom4_atomas_game, atom4_atomas_reply};
use crate::boundary::{guard, input, output};
use crate::control::{atom4_stop_callback, Stop};
use crate::status::atom4_status::{self, *};
use crate::stored::read;

/// The bot's deepest search, in replies.
pub const ATOM4_ATOMAS_MAX_DEPTH: u8 = 8;

const _: () = assert!(ATOM4_ATOMAS_MAX_DEPTH == MAX_DEPTH);

/// Where the bot's search stops. Zeroed limits search to depth 2, as the
/// `atom4 atomas bot` program does.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_atomas_limits {
    /// The deepest iteration, 1..ATOM4_ATOMAS_MAX_DEPTH; 0 means 2. Rings
    /// of 12 entries or more are searched one reply deeper.
    pub depth: u8,
    /// Stop after about this many nodes; 0 means no limit.
    pub nodes: u64,
    /// Optional (NULL: none), see atom4_stop_callback: a deadline, a
    /// cancel button.
    pub should_stop: atom4_stop_callback,
    /// Passed to `should_stop`.
    pub context: *mut core::ffi::c_void,
    /// Optional (NULL: none): the search stops soon after `*stop_flag`
    /// becomes non-zero. Set it from any thread with an atomic store.
    pub stop_flag: *const u32,
}

/// The bot's choice. An interrupted search reports its last completed
/// iteration.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_atomas_bot_result {
    /// The reply to play.
    pub reply: atom4_atomas_reply,
    /// Its value (the evaluation's units) times 1000.
    pub score: i32,
    /// The depth of the last completed iteration (0: only one reply).
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
}

/// The bot's reply to the atom in hand within `limits` (NULL: zeroed
/// limits), written to `result`. ATOM4_ILLEGAL_MOVE between moves (no atom
/// in hand), ATOM4_ROUND_OVER once the game is over, ATOM4_OUT_OF_RANGE
/// for a depth above ATOM4_ATOMAS_MAX_DEPTH.
#[no_mangle]
pub extern "C" fn atom4_atomas_bot_reply(
    game: *const atom4_atomas_game,
    limits: *const atom4_atomas_limits,
    result: *mut atom4_atomas_bot_result,
) -> atom4_status {
    guard(|| {
        let state = read(game)?;
        if state.is_over() || state.is_exhausted() {
            return Err(ATOM4_ROUND_OVER);
        }
        if state.hand().is_none() {
            return Err(ATOM4_ILLEGAL_MOVE);
        }
        let limits = if limits.is_null() {
            None
        } else {
            Some(*input(limits)?)
        };
        let depth = limits.map_or(0, |l| l.depth);
        if depth > MAX_DEPTH {
            return Err(ATOM4_OUT_OF_RANGE);
        }
        let stop = match limits {
            Some(l) => Stop::new(l.should_stop, l.context, l.stop_flag)?,
            None => Stop::none(),
        };
        let nodes = limits.map_or(0, |l| l.nodes);
        let limits = Limits {
            depth: if depth == 0 { 2 } else { depth },
            nodes: if nodes == 0 { u64::MAX } else { nodes },
            ..Limits::depth(2)
        };
        let report = stop.run(|control| Bot::new(Weights::DEFAULT).search(&state, limits, control));
        let reply = report.best.ok_or(ATOM4_INTERNAL_ERROR)?;
        output(
            result,
            atom4_atomas_bot_result {
                reply: reply.into(),
                score: report.score,
                depth: report.depth,
                nodes: report.nodes,
            },
        )
    })
}
