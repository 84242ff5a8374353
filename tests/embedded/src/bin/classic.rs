//! Classic level 2 alone: a round of level 2 against itself, for stack.
#![no_std]
#![no_main]

use atom4_core::atom4::{classic, Atom4};
use atom4_core::Rng;
use atom4_firmware::{exit, stack};
use cortex_m_rt::entry;
use cortex_m_semihosting::hprintln;

#[entry]
fn main() -> ! {
    let ((moves, ok), used) = stack::measure(|| {
        let mut rng = Rng::new(3);
        let mut game = Atom4::new(10, 10).unwrap_or_default();
        let mut moves = 0;
        while !game.is_over() {
            match classic::choose(&game, 2, &mut rng) {
                Ok(cell) if game.play(cell).is_ok() => moves += 1,
                _ => return (moves, false),
            }
        }
        (moves, true)
    });
    hprintln!(
        "classic level 2: {} moves on 10x10; stack high-water {} bytes",
        moves,
        used
    );
    exit(ok)
}
