//! Arbitrary sequences of Chain Reaction C ABI calls (`atom4_chain_*`) with
//! arbitrary arguments, on game and computer-player memory the input may
//! also corrupt: no call may panic, crash or report an internal error, a
//! failing call never changes the game (nor the player's state), and a
//! call that changes the game and succeeds leaves a game that decodes.
#![no_main]

use atom4::atom4::{atom4_cell, atom4_limits};
use atom4::chain::*;
use atom4::status::atom4_status;
use libfuzzer_sys::fuzz_target;

const GAME_LEN: usize = core::mem::size_of::<atom4_chain_game>();
const AI_LEN: usize = core::mem::size_of::<atom4_chain_seed_ai>();

fn bytes_of<T, const N: usize>(value: &T) -> [u8; N] {
    let mut out = [0u8; N];
    // T is plain data of N bytes.
    out.copy_from_slice(unsafe {
        core::slice::from_raw_parts((value as *const T).cast::<u8>(), N)
    });
    out
}

fuzz_target!(|data: &[u8]| {
    let mut game = unsafe { core::mem::zeroed::<atom4_chain_game>() };
    let mut ai = unsafe { core::mem::zeroed::<atom4_chain_seed_ai>() };
    let mut table = [unsafe { core::mem::zeroed::<atom4_chain_tt_entry>() }; 64];
    let mut input = data;
    while let [op, a, b, c, rest @ ..] = input {
        input = rest;
        let before: [u8; GAME_LEN] = bytes_of(&game);
        let ai_before: [u8; AI_LEN] = bytes_of(&ai);
        let mut count = 0usize;
        let status = match op % 14 {
            0 => atom4_chain_game_init(&mut game, u32::from(c % 3), a % 18, b % 18, c % 10),
            1 => {
                let mut cascade = atom4_chain_cascade::default();
                let out = if c & 1 == 0 {
                    &mut cascade as *mut _
                } else {
                    core::ptr::null_mut()
                };
                atom4_chain_play(&mut game, a % 17, b % 17, out)
            }
            2 => atom4_chain_pass(&mut game),
            3 => atom4_chain_check_move(&game, *a, *b),
            4 => {
                let mut cells = [atom4_cell { x: 0, y: 0 }; ATOM4_CHAIN_MAX_CELLS];
                let ptr = if c & 1 == 0 {
                    cells.as_mut_ptr()
                } else {
                    core::ptr::null_mut()
                };
                atom4_chain_legal_moves(&game, ptr, (*a as usize) + (*b as usize), &mut count)
            }
            5 => {
                let (mut n, mut owner) = (0u8, 0u8);
                atom4_chain_get_cell(&game, *a, *b, &mut n, &mut owner)
            }
            6 => {
                let mut info = unsafe { core::mem::zeroed::<atom4_chain_info>() };
                atom4_chain_game_info(&game, &mut info)
            }
            7 => {
                let mut orbs = 0u32;
                atom4_chain_orbs(&game, a % 10, &mut orbs)
            }
            8 => {
                let mut text = [0 as core::ffi::c_char; ATOM4_CHAIN_TEXT_CAPACITY];
                let cap = ((*a as usize) << 2 | (*b as usize & 3)).min(ATOM4_CHAIN_TEXT_CAPACITY);
                atom4_chain_game_to_text(&game, text.as_mut_ptr(), cap, &mut count)
            }
            9 => {
                let n = (*a as usize).min(input.len());
                let (text, more) = input.split_at(n);
                input = more;
                atom4_chain_game_from_text(&mut game, text.as_ptr().cast(), text.len(), &mut count)
            }
            10 => {
                let limits = atom4_limits {
                    depth: a % 3,
                    nodes: 1 + *b as u64 * 4,
                    seed: *c as u64,
                    should_stop: None,
                    context: core::ptr::null_mut(),
                    stop_flag: core::ptr::null(),
                };
                let mut result = unsafe { core::mem::zeroed::<atom4_chain_search_result>() };
                atom4_chain_search(
                    &game,
                    &limits,
                    table.as_mut_ptr(),
                    (*c as usize) % 65,
                    &mut result,
                )
            }
            11 => {
                if c & 1 == 0 {
                    atom4_chain_seed_ai_init(&mut ai, u32::from_le_bytes([*a, *b, *c, 0]))
                } else {
                    let mut mv = atom4_chain_move {
                        x: 0,
                        y: 0,
                        pass: false,
                    };
                    atom4_chain_seed_ai_move(&mut ai, &game, &mut mv)
                }
            }
            12 => {
                // Corrupt the game's memory; later calls must refuse or cope.
                let mut bytes = before;
                bytes[(*a as usize) % GAME_LEN] ^= b;
                game = unsafe { core::mem::transmute::<[u8; GAME_LEN], atom4_chain_game>(bytes) };
                atom4_status::ATOM4_OK
            }
            _ => {
                // Corrupt the computer player's state likewise.
                let mut bytes = ai_before;
                bytes[(*a as usize) % AI_LEN] ^= b;
                ai = unsafe { core::mem::transmute::<[u8; AI_LEN], atom4_chain_seed_ai>(bytes) };
                atom4_status::ATOM4_OK
            }
        };
        assert_ne!(status, atom4_status::ATOM4_INTERNAL_ERROR, "op {op}");
        if status == atom4_status::ATOM4_OK && matches!(op % 14, 0 | 1 | 2 | 9) {
            let mut info = unsafe { core::mem::zeroed::<atom4_chain_info>() };
            assert_eq!(
                atom4_chain_game_info(&game, &mut info),
                atom4_status::ATOM4_OK,
                "op {op} succeeded but left no game"
            );
        }
        if status != atom4_status::ATOM4_OK && !matches!(op % 14, 12 | 13) {
            assert_eq!(
                bytes_of::<_, GAME_LEN>(&game),
                before,
                "op {op} failed with {status:?} but changed the game"
            );
            assert_eq!(
                bytes_of::<_, AI_LEN>(&ai),
                ai_before,
                "op {op} failed but changed the player"
            );
        }
        let _ = count;
    }
});
