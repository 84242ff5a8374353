//! Gamma on the chip: the batch-mode triples run through the batch
//! session, then the computer player's games, each move checked against
//! the host's.
#![no_std]
#![no_main]

use atom4_firmware::check::{tally, Digest};
use atom4_firmware::{engine_games, exit, gamma, host, report, stack};
use cortex_m_rt::entry;

#[entry]
fn main() -> ! {
    static mut SESSION: [u32; gamma::SESSION_WORDS] = [0; gamma::SESSION_WORDS];
    static mut TREE: [u64; gamma::TREE_WORDS] = [0; gamma::TREE_WORDS];
    let session = &mut SESSION[..];
    let (result, used) = stack::measure(|| {
        tally(
            host::gamma::RECORDED
                .iter()
                .enumerate()
                .map(|(t, triple)| gamma::replay(t, triple, session, host::gamma::PIECE)),
        )
    });
    let mut ok = report(
        "gamma rules (batch-mode triples; moves: input lines)",
        result,
        used,
    );
    let tree = &mut TREE[..];
    ok &= engine_games(
        "gamma engine",
        &gamma::ENGINE_GAMES,
        &host::gamma::ENGINE,
        |spec, follow| {
            gamma::play(spec, tree, |mv| follow.next(&mv)).map(|p| Digest::of_display(&p))
        },
    );
    exit(ok)
}
