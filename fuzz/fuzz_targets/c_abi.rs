//! Arbitrary sequences of C ABI calls with arbitrary arguments, on a game
//! whose bytes the input may also corrupt, and undo records it may forge
//! (`before` and `after` colours, lengths): no call may panic, crash or
//! report an internal error, a failing call never changes the game, and a
//! call that changes the game and succeeds leaves a game that decodes.
#![no_main]

use ::atom4::*;
use libfuzzer_sys::fuzz_target;

fn game_bytes(game: &atom4_game) -> [u8; 160] {
    let mut out = [0u8; 160];
    // atom4_game is plain data of 160 bytes.
    out.copy_from_slice(unsafe {
        core::slice::from_raw_parts((game as *const atom4_game).cast::<u8>(), 160)
    });
    out
}

fuzz_target!(|data: &[u8]| {
    let mut game = unsafe { core::mem::zeroed::<atom4_game>() };
    let mut changes = [atom4_change {
        x: 0,
        y: 0,
        before: 0,
        after: 0,
    }; ATOM4_MAX_CHANGES];
    let mut change_count = 0usize;
    let mut table = [unsafe { core::mem::zeroed::<atom4_tt_entry>() }; 64];
    let mut input = data;
    while let [op, a, b, c, rest @ ..] = input {
        input = rest;
        let before = game_bytes(&game);
        let mut count = 0usize;
        let status = match op % 15 {
            0 => atom4_game_init(&mut game, a % 18, b % 18),
            1 => {
                let cap = (*c as usize) % 9;
                let ptr = if cap == 0 && c & 0x80 != 0 {
                    core::ptr::null_mut()
                } else {
                    changes.as_mut_ptr()
                };
                let s = atom4_play(
                    &mut game,
                    a % 17,
                    b % 17,
                    ptr,
                    cap.min(7),
                    &mut change_count,
                );
                count = change_count;
                s
            }
            2 => {
                let n = change_count.min(7);
                let mut given = changes;
                if c & 1 != 0 {
                    given[(*a as usize) % 7].after ^= b & 0x0F;
                }
                if c & 4 != 0 {
                    // A forged colour before the move (-1 is "empty").
                    given[(*b as usize) % 7].before = ((*a as i8) % 9) - 1;
                }
                atom4_undo(
                    &mut game,
                    given.as_ptr(),
                    if c & 2 != 0 { (*b as usize) % 9 } else { n }.min(7),
                )
            }
            3 => atom4_check_move(&game, *a, *b),
            4 => {
                let mut cells = [atom4_cell { x: 0, y: 0 }; 256];
                atom4_legal_moves(&game, cells.as_mut_ptr(), *a as usize, &mut count)
            }
            5 => {
                let mut color = 0i8;
                atom4_get_cell(&game, *a, *b, &mut color)
            }
            6 => {
                let mut info = unsafe { core::mem::zeroed::<atom4_info>() };
                atom4_game_info(&game, &mut info)
            }
            7 => atom4_next_round(&mut game),
            8 => {
                let mut text = [0 as core::ffi::c_char; ATOM4_TEXT_CAPACITY];
                let cap = ((*a as usize) << 1 | (*b as usize & 1)).min(ATOM4_TEXT_CAPACITY);
                atom4_game_to_text(&game, text.as_mut_ptr(), cap, &mut count)
            }
            9 => {
                let n = (*a as usize).min(input.len());
                let (text, more) = input.split_at(n);
                input = more;
                atom4_game_from_text(&mut game, text.as_ptr().cast(), text.len(), &mut count)
            }
            10 => {
                let mut result = unsafe { core::mem::zeroed::<atom4_classic_result>() };
                atom4_classic_analyse(&game, a % 3 + (b & 8), &mut result)
            }
            11 => {
                let limits = atom4_limits {
                    depth: a % 3,
                    nodes: 1 + *b as u64 * 8,
                    seed: *c as u64,
                    should_stop: None,
                    context: core::ptr::null_mut(),
                    stop_flag: core::ptr::null(),
                };
                let mut result = unsafe { core::mem::zeroed::<atom4_search_result>() };
                atom4_strong_search(
                    &game,
                    &limits,
                    table.as_mut_ptr(),
                    (*c as usize) % 65,
                    &mut result,
                )
            }
            12 => {
                // Corrupt the game's memory; later calls must refuse or cope.
                let mut bytes = before;
                bytes[(*a as usize) % 160] ^= b;
                game = unsafe { core::mem::transmute::<[u8; 160], atom4_game>(bytes) };
                atom4_status::ATOM4_OK
            }
            13 => {
                // Bare boards: the game's board with one cell (or a size)
                // set from the input, asked one of the board questions.
                let mut board = atom4_board {
                    width: 16,
                    height: 16,
                    cells: [-1; ATOM4_MAX_CELLS],
                };
                let _ = atom4_game_board(&game, &mut board);
                board.cells[*a as usize] = (*b as i8) % 10;
                if c & 0x40 != 0 {
                    board.width = b % 18;
                }
                let (x, y, dir) = (a % 17, (a >> 4) % 17, c % 7);
                match c % 4 {
                    0 => {
                        let (mut nx, mut ny) = (0u8, 0u8);
                        atom4_board_neighbour(
                            board.width,
                            board.height,
                            x,
                            y,
                            dir,
                            &mut nx,
                            &mut ny,
                        )
                    }
                    1 => {
                        let mut legal = false;
                        atom4_board_is_legal(&board, x, y, &mut legal)
                    }
                    2 => atom4_board_splash(
                        &board,
                        x,
                        y,
                        (*b as i8) % 9,
                        changes.as_mut_ptr(),
                        (*c as usize) % 8,
                        &mut count,
                    ),
                    _ => {
                        let mut run = 0u32;
                        atom4_board_run(&board, x, y, dir, (*b as i8) % 9, *c as u32, &mut run)
                    }
                }
            }
            _ => {
                let mut rng = u64::from_le_bytes([*a, *b, *c, 0, 0, 0, 0, 0]);
                let mut best = atom4_cell { x: 0, y: 0 };
                atom4_classic_move(&game, a % 2, &mut rng, &mut best)
            }
        };
        assert_ne!(status, atom4_status::ATOM4_INTERNAL_ERROR, "op {op}");
        // Calls that change the game and succeed leave a game.
        if status == atom4_status::ATOM4_OK && matches!(op % 15, 0 | 1 | 2 | 7 | 9) {
            let mut info = unsafe { core::mem::zeroed::<atom4_info>() };
            assert_eq!(
                atom4_game_info(&game, &mut info),
                atom4_status::ATOM4_OK,
                "op {op} succeeded but left no game"
            );
        }
        if status != atom4_status::ATOM4_OK && op % 15 != 12 {
            assert_eq!(
                game_bytes(&game),
                before,
                "op {op} failed with {status:?} but changed the game"
            );
        }
        let _ = count;
    }
});
