//! Arbitrary sequences of Atropos C ABI calls with arbitrary arguments, on
//! a game whose bytes the input may also corrupt: no call panics, crashes
//! or reports an internal error, a failing call never changes the game,
//! and a game a call accepted prints as a state string that reads back.
#![no_main]

use ::atom4::atom4_status;
use ::atom4::atropos::*;
use libfuzzer_sys::fuzz_target;

const LEN: usize = core::mem::size_of::<atom4_atropos_game>();

fn game_bytes(game: &atom4_atropos_game) -> [u8; LEN] {
    let mut out = [0u8; LEN];
    // atom4_atropos_game is plain data.
    out.copy_from_slice(unsafe {
        core::slice::from_raw_parts((game as *const atom4_atropos_game).cast::<u8>(), LEN)
    });
    out
}

fuzz_target!(|data: &[u8]| {
    let mut game = unsafe { core::mem::zeroed::<atom4_atropos_game>() };
    let mut moves = [atom4_atropos_move {
        color: 0,
        h: 0,
        l: 0,
        r: 0,
    }; 360];
    let mut circles = [atom4_atropos_circle { h: 0, l: 0, r: 0 }; 120];
    let mut text = [0 as core::ffi::c_char; 256];
    let mut table = [unsafe { core::mem::zeroed::<atom4_atropos_table_entry>() }; 256];
    let mut tree = [unsafe { core::mem::zeroed::<atom4_atropos_tree_node>() }; 64];
    let mut input = data;
    while let [op, a, b, c, d, rest @ ..] = input {
        input = rest;
        let before = game_bytes(&game);
        let mv = atom4_atropos_move {
            color: a % 5,
            h: b % 17,
            l: c % 17,
            r: d % 17,
        };
        let mut count = 0usize;
        let status = match op % 12 {
            0 => atom4_atropos_init(&mut game, u32::from(a % 18)),
            1 => atom4_atropos_play(&mut game, mv),
            2 => atom4_atropos_check(&game, mv, core::ptr::null_mut(), core::ptr::null_mut()),
            3 => atom4_atropos_legal_circles(
                &game,
                circles.as_mut_ptr(),
                usize::from(a % 130),
                &mut count,
            ),
            4 => atom4_atropos_losing_moves(
                &game,
                moves.as_mut_ptr(),
                usize::from(*a) * 2,
                &mut count,
            ),
            5 => {
                atom4_atropos_safe_moves(&game, moves.as_mut_ptr(), usize::from(*a) * 2, &mut count)
            }
            6 => {
                let mut rng = u64::from_le_bytes([*a, *b, *c, *d, 0, 0, 0, 0]);
                let mut out = mv;
                let s = atom4_atropos_default_move(&game, &mut rng, &mut out);
                if s == atom4_status::ATOM4_OK {
                    assert_eq!(atom4_atropos_play(&mut game, out), atom4_status::ATOM4_OK);
                }
                s
            }
            7 => {
                // Corrupts one byte of the game.
                let mut bytes = game_bytes(&game);
                bytes[usize::from(*a) % LEN] ^= *b;
                unsafe {
                    core::ptr::copy_nonoverlapping(
                        bytes.as_ptr(),
                        (&mut game as *mut atom4_atropos_game).cast::<u8>(),
                        LEN,
                    )
                };
                continue;
            }
            8 => atom4_atropos_to_text(&game, text.as_mut_ptr(), usize::from(*a), &mut count),
            9 => {
                let n = usize::from(a % 64).min(rest.len());
                atom4_atropos_from_text(&mut game, rest.as_ptr().cast(), n, core::ptr::null_mut())
            }
            10 => {
                let limits = atom4_atropos_limits {
                    time_ms: 0,
                    work: 1 + u64::from(*b) * 8,
                    seed: u64::from(*c),
                    should_stop: None,
                    context: core::ptr::null_mut(),
                    stop_flag: core::ptr::null(),
                };
                let mut choice = unsafe { core::mem::zeroed::<atom4_atropos_choice>() };
                let s = atom4_atropos_engine_move(
                    &game,
                    &limits,
                    table.as_mut_ptr(),
                    table.len(),
                    tree.as_mut_ptr(),
                    usize::from(a % 65),
                    &mut choice,
                );
                if s == atom4_status::ATOM4_OK {
                    assert_eq!(
                        atom4_atropos_check(
                            &game,
                            choice.best,
                            core::ptr::null_mut(),
                            core::ptr::null_mut()
                        ),
                        atom4_status::ATOM4_OK
                    );
                }
                s
            }
            _ => {
                let mut info = unsafe { core::mem::zeroed::<atom4_atropos_info>() };
                atom4_atropos_game_info(&game, &mut info)
            }
        };
        assert_ne!(status, atom4_status::ATOM4_INTERNAL_ERROR);
        if status != atom4_status::ATOM4_OK {
            assert_eq!(game_bytes(&game), before, "a failing call changed the game");
        } else if op % 12 <= 1 || op % 12 == 9 || op % 12 == 6 {
            let mut length = 0usize;
            assert_eq!(
                atom4_atropos_to_text(&game, text.as_mut_ptr(), text.len(), &mut length),
                atom4_status::ATOM4_OK
            );
            let mut again = game;
            assert_eq!(
                atom4_atropos_from_text(&mut again, text.as_ptr(), length, core::ptr::null_mut()),
                atom4_status::ATOM4_OK
            );
            assert_eq!(game_bytes(&again), game_bytes(&game));
        }
    }
});
