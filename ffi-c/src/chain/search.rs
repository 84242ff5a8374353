//! The computer players: the strong engine, searching in caller memory,
//! and the tutorial's computer player on glibc's `rand()`.

use atom4_core::chain::{GlibcRand, Move, SeedAi, SeedAiError, StrongEval, StrongSearch};
use atom4_core::search::Entry;

use super::game::{atom4_chain_game, atom4_chain_move};
use crate::atom4::atom4_limits;
use crate::atom4::search::search_limits;
use crate::boundary::{cleared, guard, input, output, Result};
use crate::control::{line, ATOM4_MAX_PV};
use crate::status::atom4_status::{self, *};
use crate::stored::{read, read_live};

/// One slot of the Chain Reaction engine's transposition table: 8 bytes,
/// 2-byte aligned. Give the search an array of them (a power-of-two length
/// uses all of it); it is cleared at the start of every search.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_chain_tt_entry {
    _private: [u16; 4],
}

const _: () = assert!(size_of::<atom4_chain_tt_entry>() == size_of::<Entry<Move>>());
const _: () = assert!(align_of::<atom4_chain_tt_entry>() >= align_of::<Entry<Move>>());

/// The strong search's result. An interrupted search reports its last
/// completed iteration.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_chain_search_result {
    /// The move to play.
    pub best: atom4_chain_move,
    /// From the mover's point of view; beyond +-29000 a forced win or loss.
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line of play, `pv_length` moves from `best`.
    pub pv_length: u8,
    pub pv: [atom4_chain_move; ATOM4_MAX_PV],
}

/// Searches the position with the strong engine (alpha-beta; with three
/// or more players, the player to move against all the others) within
/// `limits` (see atom4_limits: a depth, a node count, a `should_stop`
/// callback for deadlines, a stop flag), using `table` (`table_length`
/// slots; NULL and 0 for none, which is slower) as its transposition
/// table, and writes the outcome to `result`. ATOM4_ROUND_OVER once the
/// game is over. A long cascade never holds it up for long: a cascade is
/// bounded work (spec 4.5), and the limits are checked every 1024 nodes.
#[no_mangle]
pub extern "C" fn atom4_chain_search(
    game: *const atom4_chain_game,
    limits: *const atom4_limits,
    table: *mut atom4_chain_tt_entry,
    table_length: usize,
    result: *mut atom4_chain_search_result,
) -> atom4_status {
    guard(|| {
        let position = read_live(game)?;
        let (limits, stop) = search_limits(limits)?;
        let slots = cleared(table, table_length, Entry::<Move>::EMPTY)?;
        let mut search = StrongSearch::new(slots, StrongEval::default());
        let report = stop.run(|control| search.run(&position, limits, control));
        let none = atom4_chain_move {
            x: 0,
            y: 0,
            pass: false,
        };
        let (pv, pv_length) = line(&report, none, atom4_chain_move::from);
        output(
            result,
            atom4_chain_search_result {
                best: report.best.ok_or(ATOM4_INTERNAL_ERROR)?.into(),
                score: report.score,
                depth: report.depth,
                nodes: report.nodes,
                pv_length,
                pv,
            },
        )
    })
}

/// The tutorial's computer player (learncgames `atoms3.c`) with its
/// random numbers: glibc's rand() state, 128 bytes in caller memory. Set
/// it up with atom4_chain_seed_ai_init() (the original's srand); memory
/// that holds no such state gives ATOM4_BAD_GAME.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_chain_seed_ai {
    _private: [u32; 32],
}

impl atom4_chain_seed_ai {
    fn decode(&self) -> Result<SeedAi> {
        let mut table = [0u32; 31];
        table.copy_from_slice(&self._private[..31]);
        let front = u8::try_from(self._private[31]).map_err(|_| ATOM4_BAD_GAME)?;
        GlibcRand::from_parts(table, front)
            .map(SeedAi::with_rand)
            .ok_or(ATOM4_BAD_GAME)
    }

    fn encode(ai: &SeedAi) -> atom4_chain_seed_ai {
        let (table, front) = ai.rand().parts();
        let mut words = [0u32; 32];
        words[..31].copy_from_slice(&table);
        words[31] = front.into();
        atom4_chain_seed_ai { _private: words }
    }
}

/// Sets up the tutorial's computer player as after `srand(seed)` (glibc:
/// 0 acts as 1).
#[no_mangle]
pub extern "C" fn atom4_chain_seed_ai_init(
    ai: *mut atom4_chain_seed_ai,
    seed: u32,
) -> atom4_status {
    guard(|| output(ai, atom4_chain_seed_ai::encode(&SeedAi::new(seed))))
}

/// The tutorial's computer player's move for the player to move of an
/// atoms game (a cell, or a pass), exactly as `atoms3.c` draws it; its
/// random numbers move on. ATOM4_BAD_GAME for a classic game (it plays
/// atoms only), ATOM4_ROUND_OVER once the game is over; then `ai` is
/// unchanged.
#[no_mangle]
pub extern "C" fn atom4_chain_seed_ai_move(
    ai: *mut atom4_chain_seed_ai,
    game: *const atom4_chain_game,
    mv: *mut atom4_chain_move,
) -> atom4_status {
    guard(|| {
        let position = read(game)?;
        let mut player = input(ai.cast_const())?.decode()?;
        let chosen = player.choose(&position).map_err(|e| match e {
            SeedAiError::NotAtoms => ATOM4_BAD_GAME,
            SeedAiError::GameOver => ATOM4_ROUND_OVER,
        })?;
        output(mv, chosen.into())?;
        output(ai, atom4_chain_seed_ai::encode(&player))
    })
}
