//! The rules alone: random playouts, measured for stack.
#![no_std]
#![no_main]

use atom4_core::atom4::{playout::random_playout, Atom4};
use atom4_core::Rng;
use atom4_firmware::{exit, stack};
use cortex_m_rt::entry;
use cortex_m_semihosting::hprintln;

#[entry]
fn main() -> ! {
    let ((moves, rounds_over), used) = stack::measure(|| {
        let mut rng = Rng::new(1);
        let (mut moves, mut rounds_over) = (0u32, 0u32);
        for _ in 0..20 {
            let mut game = Atom4::standard();
            moves += random_playout(&mut game, &mut rng);
            rounds_over += game.is_over() as u32;
        }
        (moves, rounds_over)
    });
    hprintln!(
        "rules: 20 random playouts, {} moves; stack high-water {} bytes",
        moves,
        used
    );
    exit(rounds_over == 20 && moves > 0)
}
