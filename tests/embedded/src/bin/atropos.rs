//! Atropos on the chip: the recorded games and referee positions checked,
//! then the engine's games, each move checked against the host's.
#![no_std]
#![no_main]

use atom4_firmware::atropos::{self, EngineMemory};
use atom4_firmware::check::{tally, Digest};
use atom4_firmware::{engine_games, exit, host, report, stack};
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
    let mut ok = report("atropos rules (games and referee positions)", result, used);
    let memory = &mut *MEMORY;
    ok &= engine_games(
        "atropos engine",
        &atropos::ENGINE_GAMES,
        &host::atropos::ENGINE,
        |spec, follow| {
            atropos::play(spec, memory, |mv| follow.next(&mv)).map(|p| Digest::of_display(&p))
        },
    );
    exit(ok)
}
