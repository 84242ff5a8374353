//! Atropos on the chip: the recorded games and referee positions checked,
//! then the engine's games, each move checked against the host's.
#![no_std]
#![no_main]

use atom4_firmware::atropos::{self, EngineMemory};
use atom4_firmware::check::{tally, Digest, Follow};
use atom4_firmware::{exit, host, report, stack};
use cortex_m_rt::entry;

#[entry]
fn main() -> ! {
    static mut MEMORY: EngineMemory = EngineMemory::EMPTY;
    let (result, used) = stack::measure(|| {
        let games = host::atropos::RECORDED
            .iter()
            .enumerate()
            .map(|(g, game)| atropos::replay(g, game));
        let positions = host::atropos::POSITIONS
            .iter()
            .enumerate()
            .map(|(p, position)| atropos::check_position(p, position).map(|()| 0));
        tally(games.chain(positions))
    });
    let mut ok = report("atropos rules", result, used);
    let memory = &mut *MEMORY;
    let (result, used) = stack::measure(|| {
        tally(atropos::ENGINE_GAMES.iter().enumerate().map(|(g, spec)| {
            let (moves, last) = host::atropos::ENGINE[g];
            let mut follow = Follow::new(moves);
            let end = atropos::play(spec, memory, |mv| follow.next(&mv));
            follow.finish(g, end.map(|p| Digest::of_display(&p)), last)
        }))
    });
    ok &= report("atropos engine", result, used);
    exit(ok)
}
