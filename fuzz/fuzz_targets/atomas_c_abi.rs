//! Arbitrary sequences of the Atomas C ABI calls with arbitrary arguments
//! (null pointers, short buffers, any text), on a game whose bytes the
//! input may also corrupt: no call may panic, crash or report an internal
//! error, a failing call never changes the game, and a call that changes
//! it and succeeds leaves a game that reads back.
#![no_main]

use ::atom4::atom4_status::{self, *};
use ::atom4::atomas::*;
use libfuzzer_sys::fuzz_target;

const GAME_BYTES: usize = core::mem::size_of::<atom4_atomas_game>();

fn game_bytes(game: &atom4_atomas_game) -> [u8; GAME_BYTES] {
    let mut out = [0u8; GAME_BYTES];
    // atom4_atomas_game is plain data.
    out.copy_from_slice(unsafe {
        core::slice::from_raw_parts((game as *const atom4_atomas_game).cast::<u8>(), GAME_BYTES)
    });
    out
}

fn game_bytes_mut(game: &mut atom4_atomas_game) -> &mut [u8] {
    unsafe {
        core::slice::from_raw_parts_mut((game as *mut atom4_atomas_game).cast::<u8>(), GAME_BYTES)
    }
}

/// A pointer to `value`, or null when `null` says so.
fn ptr<T>(value: &mut T, null: bool) -> *mut T {
    if null {
        core::ptr::null_mut()
    } else {
        value
    }
}

fuzz_target!(|data: &[u8]| {
    let mut game = unsafe { core::mem::zeroed::<atom4_atomas_game>() };
    let mut rng = atom4_atomas_rng { state: 0 };
    let mut input = data;
    while let [op, a, b, c, rest @ ..] = input {
        input = rest;
        let before = game_bytes(&game);
        let null = c & 0x80 != 0;
        let mut offset = 0usize;
        let mut points = 0u64;
        let (status, mutates): (atom4_status, bool) = match op % 16 {
            0 => (
                atom4_atomas_rng_init(ptr(&mut rng, null), u64::from(*a), u64::from(*b)),
                false,
            ),
            1 => (
                atom4_atomas_game_start(ptr(&mut game, null), &mut rng),
                true,
            ),
            2 => {
                let mut atom = atom4_atomas_atom { kind: 0, value: 0 };
                let mut source = 0u8;
                (
                    atom4_atomas_draw(&mut game, &mut rng, ptr(&mut atom, null), &mut source),
                    true,
                )
            }
            3 => {
                let atom = atom4_atomas_atom {
                    kind: a % 7,
                    value: u32::from(*b) | (u32::from(*c) << 24),
                };
                (atom4_atomas_put_in_hand(&mut game, atom), true)
            }
            4 => {
                let reply = atom4_atomas_reply {
                    kind: a % 4,
                    index: b % 24,
                    to_plus: c % 3,
                };
                (
                    atom4_atomas_play(&mut game, reply, ptr(&mut points, null)),
                    true,
                )
            }
            5 => {
                let reply = atom4_atomas_reply {
                    kind: a % 4,
                    index: b % 24,
                    to_plus: c % 3,
                };
                (atom4_atomas_check_reply(&game, reply), false)
            }
            6 | 7 => {
                // Text from the rest of the input, as long as `a` says.
                let n = usize::from(*a).min(input.len());
                let (text, tail) = input.split_at(n);
                input = tail;
                let text_ptr = if null {
                    core::ptr::null()
                } else {
                    text.as_ptr().cast()
                };
                let status = match (op % 16, b % 3) {
                    (6, 0) => atom4_atomas_game_from_text(&mut game, text_ptr, n, &mut offset),
                    (6, _) => atom4_atomas_game_from_request(&mut game, text_ptr, n, &mut offset),
                    _ => atom4_atomas_play_text(&mut game, text_ptr, n, &mut points, &mut offset),
                };
                if status == ATOM4_BAD_TEXT {
                    assert!(offset <= n, "offset {offset} past {n}");
                }
                (status, true)
            }
            8 => {
                let mut replies = [atom4_atomas_reply {
                    kind: 0,
                    index: 0,
                    to_plus: 0,
                }; 36];
                let mut count = 0usize;
                let cap = usize::from(*a) % 37;
                let status =
                    atom4_atomas_legal_replies(&game, replies.as_mut_ptr(), cap, &mut count);
                if status == ATOM4_OK {
                    for reply in &replies[..count] {
                        assert_eq!(atom4_atomas_check_reply(&game, *reply), ATOM4_OK);
                    }
                }
                (status, false)
            }
            9 => {
                let mut chances = [unsafe { core::mem::zeroed::<atom4_atomas_chance>() }; 25];
                let mut count = 0usize;
                let cap = usize::from(*a) % 26;
                (
                    atom4_atomas_spawn_law(&game, chances.as_mut_ptr(), cap, &mut count),
                    false,
                )
            }
            10 => {
                let mut buffer = [0 as core::ffi::c_char; 320];
                let mut length = 0usize;
                let cap = usize::from(*a) * 2 % 321;
                (
                    atom4_atomas_game_to_text(&game, buffer.as_mut_ptr(), cap, &mut length),
                    false,
                )
            }
            11 => {
                let mut buffer = [0 as core::ffi::c_char; 320];
                let mut length = 0usize;
                let cap = usize::from(*a) * 2 % 321;
                (
                    atom4_atomas_request(&game, *b % 6, buffer.as_mut_ptr(), cap, &mut length),
                    false,
                )
            }
            12 => {
                let mut entries = [0u32; 19];
                let mut count = 0usize;
                (
                    atom4_atomas_ring(
                        &game,
                        entries.as_mut_ptr(),
                        usize::from(*a) % 20,
                        &mut count,
                    ),
                    false,
                )
            }
            13 => {
                let mut info = unsafe { core::mem::zeroed::<atom4_atomas_info>() };
                (atom4_atomas_game_info(&game, ptr(&mut info, null)), false)
            }
            14 => {
                let limits = atom4_atomas_limits {
                    depth: a % 4,
                    nodes: 1 + u64::from(*b) * 4,
                    should_stop: None,
                    context: core::ptr::null_mut(),
                    stop_flag: core::ptr::null(),
                };
                let mut result = unsafe { core::mem::zeroed::<atom4_atomas_bot_result>() };
                let status = atom4_atomas_bot_reply(&game, &limits, &mut result);
                if status == ATOM4_OK {
                    assert_eq!(atom4_atomas_check_reply(&game, result.reply), ATOM4_OK);
                }
                (status, false)
            }
            _ => {
                // Corrupt one byte of the game.
                game_bytes_mut(&mut game)[usize::from(*a) % GAME_BYTES] ^= b | 1;
                continue;
            }
        };
        assert_ne!(status, ATOM4_INTERNAL_ERROR, "op {op}");
        if status != ATOM4_OK || !mutates {
            assert_eq!(
                game_bytes(&game),
                before,
                "op {op} changed the game: {status:?}"
            );
        } else {
            let mut info = unsafe { core::mem::zeroed::<atom4_atomas_info>() };
            assert_eq!(
                atom4_atomas_game_info(&game, &mut info),
                ATOM4_OK,
                "op {op}"
            );
        }
    }
});
