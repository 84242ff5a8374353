//! Chain Reaction on the chip: the recorded games replayed, then the
//! strong engine's games, each move checked against the host's.
#![no_std]
#![no_main]

use atom4_core::chain::Move;
use atom4_core::search::Entry;
use atom4_firmware::check::{tally, Digest};
use atom4_firmware::{chain, engine_games, exit, host, report, stack};
use cortex_m_rt::entry;

#[entry]
fn main() -> ! {
    static mut TABLE: [Entry<Move>; chain::TABLE_SLOTS] = [Entry::EMPTY; chain::TABLE_SLOTS];
    let (result, used) = stack::measure(|| {
        tally(
            host::chain::RECORDED
                .iter()
                .enumerate()
                .map(|(g, game)| chain::replay(g, game)),
        )
    });
    let mut ok = report("chain rules", result, used);
    let table = &mut TABLE[..];
    ok &= engine_games(
        "chain engine",
        &chain::ENGINE_GAMES,
        &host::chain::ENGINE,
        |spec, follow| {
            chain::play(spec, table, |mv| follow.next(&mv)).map(|p| Digest::of_display(&p))
        },
    );
    exit(ok)
}
