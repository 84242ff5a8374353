//! Arbitrary sequences of the generic C family's calls (`atom4_state_*`)
//! with arbitrary arguments (games by index or by any name, setups, texts,
//! bytes, actions, move texts, buffer sizes, limits), on state memory the
//! input may also corrupt: no call may panic, crash or report an internal
//! error, a failing call never changes the state, a call that changes the
//! state and succeeds leaves a state that reads, and every refusal with a
//! reason gives it in words.
#![no_main]

use core::ffi::c_char;
use std::ffi::CString;

use atom4::state::*;
use atom4::status::atom4_status::{self, *};
use libfuzzer_sys::fuzz_target;

fn bytes_of(state: &atom4_state) -> [u8; ATOM4_STATE_BYTES] {
    // atom4_state is plain data of ATOM4_STATE_BYTES bytes.
    let mut out = [0u8; ATOM4_STATE_BYTES];
    out.copy_from_slice(unsafe {
        core::slice::from_raw_parts(
            (state as *const atom4_state).cast::<u8>(),
            ATOM4_STATE_BYTES,
        )
    });
    out
}

fn why() -> atom4_why {
    atom4_why {
        text: [1; ATOM4_WHY_CAPACITY],
    }
}

/// The reason's text, which must be NUL-terminated UTF-8.
fn words(why: &atom4_why) -> String {
    let end = why.text.iter().position(|&c| c == 0).expect("a NUL");
    let bytes: Vec<u8> = why.text[..end].iter().map(|&c| c as u8).collect();
    String::from_utf8(bytes).expect("UTF-8")
}

/// A game's name: one of the library's, or the input's own text.
fn game_name(pick: u8, text: &[u8]) -> CString {
    let count = atom4_state_game_count();
    let mut game = unsafe { core::mem::zeroed::<atom4_state_game>() };
    if (pick as usize) < 2 * count
        && atom4_state_get_game(pick as usize % count, &mut game) == ATOM4_OK
    {
        return unsafe { std::ffi::CStr::from_ptr(game.name) }.to_owned();
    }
    CString::new(
        text.iter()
            .copied()
            .filter(|&b| b != 0)
            .collect::<Vec<u8>>(),
    )
    .unwrap()
}

/// `n` bytes of the input's rest as a NUL-terminated string.
fn take_text(input: &mut &[u8], n: u8) -> CString {
    let n = (n as usize).min(input.len());
    let (text, more) = input.split_at(n);
    *input = more;
    CString::new(
        text.iter()
            .copied()
            .filter(|&b| b != 0)
            .collect::<Vec<u8>>(),
    )
    .unwrap()
}

fuzz_target!(|data: &[u8]| {
    let mut state = unsafe { core::mem::zeroed::<atom4_state>() };
    let mut memory = vec![0u64; 1 << 12];
    let mut input = data;
    while let [op, a, b, c, rest @ ..] = input {
        input = rest;
        let before = bytes_of(&state);
        let mut reason = why();
        let mut count = 0usize;
        let status = match op % 16 {
            0 => {
                let setup = take_text(&mut input, *b);
                let name = game_name(*a, setup.as_bytes());
                let setup_ptr = if c & 1 == 0 {
                    setup.as_ptr()
                } else {
                    core::ptr::null()
                };
                atom4_state_new(&mut state, name.as_ptr(), setup_ptr, &mut reason)
            }
            1 => {
                let text = take_text(&mut input, *b);
                let name = game_name(*a, b"");
                atom4_state_from_text(&mut state, name.as_ptr(), text.as_ptr(), &mut reason)
            }
            2 => {
                let n = (*b as usize * 4).min(input.len());
                let (bytes, more) = input.split_at(n);
                input = more;
                let name = game_name(*a, b"");
                atom4_state_from_bytes(
                    &mut state,
                    name.as_ptr(),
                    bytes.as_ptr(),
                    bytes.len(),
                    &mut reason,
                )
            }
            3 => atom4_state_play(
                &mut state,
                u32::from_le_bytes([*a, *b, c & 0x0f, 0]),
                &mut reason,
            ),
            4 => atom4_state_check(&state, u32::from_le_bytes([*a, *b, 0, 0]), &mut reason),
            5 => {
                let text = take_text(&mut input, *a);
                atom4_state_play_move(&mut state, text.as_ptr(), &mut reason)
            }
            6 => {
                let mut actions = [0u32; 4096];
                atom4_state_legal_actions(
                    &state,
                    actions.as_mut_ptr(),
                    *a as usize * 16,
                    &mut count,
                )
            }
            7 => {
                let mut outcomes = [atom4_chance {
                    action: 0,
                    weight: 0,
                }; 64];
                atom4_state_chance_outcomes(
                    &state,
                    outcomes.as_mut_ptr(),
                    *a as usize % 65,
                    &mut count,
                )
            }
            8 => {
                // Plays a legal action or outcome picked by the input.
                let mut actions = [0u32; 4096];
                let mut outcomes = [atom4_chance {
                    action: 0,
                    weight: 0,
                }; 64];
                let mut rng = u64::from(*c);
                let mut action = 0u32;
                if atom4_state_legal_actions(&state, actions.as_mut_ptr(), 4096, &mut count)
                    == ATOM4_OK
                    && count > 0
                {
                    action = actions[*a as usize % count];
                } else if atom4_state_chance_outcomes(&state, outcomes.as_mut_ptr(), 64, &mut count)
                    == ATOM4_OK
                    && count > 0
                {
                    let _ = atom4_state_draw_chance(&state, &mut rng, &mut action);
                }
                atom4_state_play(&mut state, action, &mut reason)
            }
            9 => {
                let mut text = [0 as c_char; 4096];
                let cap = (*a as usize) << (b % 5);
                match c % 4 {
                    0 => atom4_state_to_text(&state, text.as_mut_ptr(), cap, &mut count),
                    1 => atom4_state_diagram(&state, text.as_mut_ptr(), cap, &mut count),
                    2 => atom4_state_setup(&state, text.as_mut_ptr(), cap, &mut count),
                    _ => atom4_state_move_text(
                        &state,
                        u32::from(*b),
                        text.as_mut_ptr(),
                        cap,
                        &mut count,
                    ),
                }
            }
            10 => {
                let mut bytes = [0u8; ATOM4_STATE_BYTES];
                atom4_state_to_bytes(&state, bytes.as_mut_ptr(), *a as usize * 4, &mut count)
            }
            11 => {
                let limits = atom4_engine_limits {
                    nodes: u64::from(*a) * 4 * u64::from(b & 1),
                    depth: b % 4,
                    time_ms: 0,
                    seed: u64::from(*c),
                    has_level: b & 8,
                    // Classic levels above 2 are exact searches too slow to fuzz.
                    level: c % 3,
                    should_stop: None,
                    context: core::ptr::null_mut(),
                    stop_flag: core::ptr::null(),
                };
                let mut bytes = 0usize;
                let _ = atom4_state_engine_bytes(&state, &limits, &mut bytes);
                let mut choice = unsafe { core::mem::zeroed::<atom4_choice>() };
                let given = (*c as usize * 64).min(memory.len() * 8);
                let status = atom4_state_search(
                    &state,
                    &limits,
                    memory.as_mut_ptr().cast(),
                    given,
                    &mut choice,
                );
                if status == ATOM4_OK {
                    assert_eq!(
                        atom4_state_check(&state, choice.best, core::ptr::null_mut()),
                        ATOM4_OK
                    );
                }
                status
            }
            12 => {
                // Corrupt the state's memory; later calls must refuse or cope.
                let mut bytes = before;
                bytes[(*a as usize) * 4 % ATOM4_STATE_BYTES] ^= b;
                state =
                    unsafe { core::mem::transmute::<[u8; ATOM4_STATE_BYTES], atom4_state>(bytes) };
                ATOM4_OK
            }
            13 => atom4_state_next_round(&mut state),
            14 => {
                let mut spots = [atom4_spot::default(); 1024];
                let mut returns = [0f64; 16];
                if c & 1 == 0 {
                    atom4_state_spots(&state, spots.as_mut_ptr(), *a as usize * 4, &mut count)
                } else {
                    atom4_state_returns(&state, returns.as_mut_ptr(), *a as usize % 17, &mut count)
                }
            }
            _ => {
                let text = take_text(&mut input, *a);
                let mut action = 0u32;
                atom4_state_parse_move(&state, text.as_ptr(), &mut action, &mut reason)
            }
        };
        assert_ne!(status, ATOM4_INTERNAL_ERROR, "op {op}");
        let words = words_if_written(&reason);
        if let Some(words) = words {
            assert_eq!(
                words.is_empty(),
                status == ATOM4_OK,
                "op {op}: {status:?} {words:?}"
            );
        }
        if status == ATOM4_OK && matches!(op % 16, 0 | 1 | 2 | 3 | 5 | 8 | 13) {
            let mut info = unsafe { core::mem::zeroed::<atom4_state_info>() };
            assert_eq!(
                atom4_state_get_info(&state, &mut info),
                ATOM4_OK,
                "op {op} left no state"
            );
        }
        if status != ATOM4_OK && op % 16 != 12 {
            assert_eq!(
                bytes_of(&state),
                before,
                "op {op} failed with {status:?} but changed the state"
            );
        }
        let _: atom4_status = status;
    }
});

/// The reason, when the call took one (its first byte is no longer 1).
fn words_if_written(why: &atom4_why) -> Option<String> {
    (why.text[0] != 1).then(|| words(why))
}
