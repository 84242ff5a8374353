//! Atomas on the chip: the recorded games replayed, then the bot's games,
//! each reply checked against the host's.
#![no_std]
#![no_main]

use atom4_firmware::check::{tally, Digest};
use atom4_firmware::{atomas, engine_games, exit, host, report, stack};
use cortex_m_rt::entry;

#[entry]
fn main() -> ! {
    let (result, used) = stack::measure(|| {
        tally(
            host::atomas::RECORDED
                .iter()
                .enumerate()
                .map(|(g, game)| atomas::replay(g, game)),
        )
    });
    let mut ok = report("atomas rules", result, used);
    ok &= engine_games(
        "atomas engine",
        &atomas::ENGINE_GAMES,
        &host::atomas::ENGINE,
        |spec, follow| {
            Some(Digest::of_display(&atomas::play(spec, |reply| {
                follow.next(&reply)
            })))
        },
    );
    exit(ok)
}
