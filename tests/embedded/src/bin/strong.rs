//! The strong engine alone with a 4 KiB table: depth 4, then depth 6, from
//! a middle-game position, each measured for stack.
#![no_std]
#![no_main]

use atom4_core::atom4::{classic, Atom4, StrongEval, StrongSearch, Weights};
use atom4_core::search::{Entry, Limits};
use atom4_core::{Cell, Rng};
use atom4_firmware::{exit, scenario, stack};
use cortex_m_rt::entry;
use cortex_m_semihosting::hprintln;

#[entry]
fn main() -> ! {
    static mut TABLE: [Entry<Cell>; scenario::TABLE_SLOTS] = [Entry::EMPTY; scenario::TABLE_SLOTS];
    // A middle game: 30 moves of classic level 0 from the start.
    let mut game = Atom4::standard();
    let mut rng = Rng::new(11);
    for _ in 0..30 {
        match classic::choose(&game, 0, &mut rng) {
            Ok(cell) if game.play(cell).is_ok() => {}
            _ => break,
        }
    }
    let mut ok = true;
    for depth in [4u8, 6] {
        let table = &mut TABLE[..];
        let (report, used) = stack::measure(|| {
            let mut search = StrongSearch::new(table, StrongEval::new(Weights::DEFAULT));
            search.run(&game, Limits::depth(depth), &mut ())
        });
        let legal = report
            .best
            .is_some_and(|cell| game.check_move(cell).is_ok());
        ok &= legal && report.depth == depth;
        hprintln!(
            "strong depth {}: best {:?}, score {}, {} nodes; stack high-water {} bytes",
            depth,
            report.best,
            report.score,
            report.nodes,
            used
        );
    }
    exit(ok)
}
