//! The computer players: the strong engine, searching in caller memory,
//! and the tutorial's computer player on glibc's `rand()`.

use atom4_core::chain::{GlibcRand, Move, SeedAi, SeedAiError, StrongEval, StrongSearch};
use atom4_core::search::Entry;

use super::game::{atom4_chain_game, atom4_chain_move};
use crate::atom4::search::strong_search;
use crate::atom4::{atom4_limits, atom4_tt_entry};
use crate::boundary::{guard, input, one_of, output, Result};
use crate::control::ATOM4_MAX_PV;
use crate::status::atom4_status::{self, *};
use crate::stored::read;

/// One slot of the Chain Reaction engine's transposition table: the same
/// 8 bytes as Atom-4's, used the same way.
pub type atom4_chain_tt_entry = atom4_tt_entry;

const _: () = assert!(one_of::<atom4_tt_entry, Entry<Move>>());

/// The strong search's result, field by field as atom4_search_result
/// (with Chain Reaction's moves).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct atom4_chain_search_result {
    pub best: atom4_chain_move,
    pub score: i32,
    pub depth: u8,
    pub nodes: u64,
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
    strong_search(
        game,
        limits,
        table,
        table_length,
        result,
        |table, position, limits, stop| {
            StrongSearch::new(table, StrongEval::default()).run(position, limits, stop)
        },
    )
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
