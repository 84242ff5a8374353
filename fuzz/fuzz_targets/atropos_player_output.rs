//! Any bytes as a player program's output, read as the referee does: never
//! a panic; what parses names four numbers that the position checks
//! without panicking, and a legal one plays; writing the numbers back in
//! the plain form parses to the same numbers.
#![no_main]

use atom4_core::atropos::referee::{checked_numbers, parse_output};
use atom4_core::atropos::Atropos;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [size, rest @ ..] = data else { return };
    let Ok(mut state) = Atropos::new(u32::from(size % 16)) else {
        return;
    };
    if let Some(numbers) = parse_output(rest) {
        let [c, h, l, r] = numbers;
        let plain = format!("({c},{h},{l},{r})\n");
        assert_eq!(parse_output(plain.as_bytes()), Some(numbers));
        if let Ok(mv) = checked_numbers(&state, numbers) {
            state.play(mv).expect("a checked move plays");
        }
    }
});
