//! The whole firmware: plays the scenario games on the chip and checks that
//! every move equals the host's. Exit status 0 only if all match.
#![no_std]
#![no_main]

use atom4_core::search::Entry;
use atom4_core::Cell;
use atom4_firmware::{exit, expected, scenario, stack};
use cortex_m_rt::entry;
use cortex_m_semihosting::hprintln;

#[entry]
fn main() -> ! {
    static mut TABLE: [Entry<Cell>; scenario::TABLE_SLOTS] = [Entry::EMPTY; scenario::TABLE_SLOTS];
    let mut ok = true;
    let mut deepest = 0;
    for (g, spec) in scenario::GAMES.iter().enumerate() {
        let want = expected::EXPECTED[g];
        let mut n = 0usize;
        let mut mismatch = None;
        let table = &mut TABLE[..];
        let (game, used) = stack::measure(|| {
            scenario::play(spec, table, |cell| {
                if want.get(n) != Some(&cell.index()) {
                    mismatch = Some((n, cell));
                    return false;
                }
                n += 1;
                true
            })
        });
        deepest = deepest.max(used);
        match mismatch {
            Some((i, cell)) => {
                hprintln!("game {}: move {} is {} on the chip but {:?} on the host", g, i + 1, cell, want.get(i));
                ok = false;
            }
            None if n != want.len() => {
                hprintln!("game {}: {} moves on the chip, {} on the host", g, n, want.len());
                ok = false;
            }
            None => hprintln!(
                "game {}: {}x{}, {} rounds, classic:{} v strong:d{}: {} moves, all equal to the host's; final {}",
                g, spec.width, spec.height, spec.rounds, spec.classic_level, spec.strong_depth, n, game
            ),
        }
    }
    hprintln!("games: stack high-water {} bytes", deepest);
    hprintln!(
        "{}",
        if ok {
            "firmware: all games match the host"
        } else {
            "firmware: MISMATCH"
        }
    );
    exit(ok)
}
