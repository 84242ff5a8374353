//! Atomas on the chip: the recorded games replayed, then the bot's games,
//! each reply checked against the host's.
#![no_std]
#![no_main]

use atom4_firmware::check::{tally, Digest, Follow};
use atom4_firmware::{atomas, exit, host, report, stack};
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
    let (result, used) = stack::measure(|| {
        tally(atomas::ENGINE_GAMES.iter().enumerate().map(|(g, spec)| {
            let (moves, last) = host::atomas::ENGINE[g];
            let mut follow = Follow::new(moves);
            let end = atomas::play(spec, |reply| follow.next(&reply));
            follow.finish(g, Some(Digest::of_display(&end)), last)
        }))
    });
    ok &= report("atomas engine", result, used);
    exit(ok)
}
