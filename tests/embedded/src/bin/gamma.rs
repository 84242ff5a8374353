//! Gamma on the chip: the batch-mode triples run through the batch
//! session, then the computer player's games, each move checked against
//! the host's.
#![no_std]
#![no_main]

use atom4_core::gamma::Move;
use atom4_core::mcts::Node;
use atom4_firmware::check::{tally, Digest, Follow};
use atom4_firmware::{exit, gamma, host, report, stack};
use cortex_m_rt::entry;

#[entry]
fn main() -> ! {
    static mut SESSION: [u32; gamma::SESSION_WORDS] = [0; gamma::SESSION_WORDS];
    static mut TREE: [Node<Move>; gamma::TREE_NODES] = [Node::EMPTY; gamma::TREE_NODES];
    let session = &mut SESSION[..];
    let (result, used) = stack::measure(|| {
        tally(
            host::gamma::RECORDED
                .iter()
                .enumerate()
                .map(|(t, triple)| gamma::replay(t, triple, session, host::gamma::PIECE)),
        )
    });
    let mut ok = report("gamma rules (batch triples, moves = lines)", result, used);
    let tree = &mut TREE[..];
    let (result, used) = stack::measure(|| {
        tally(gamma::ENGINE_GAMES.iter().enumerate().map(|(g, spec)| {
            let (moves, last) = host::gamma::ENGINE[g];
            let mut follow = Follow::new(moves);
            let end = gamma::play(spec, tree, |mv| follow.next(&mv));
            follow.finish(g, end.map(|p| Digest::of_display(&p)), last)
        }))
    });
    ok &= report("gamma engine", result, used);
    exit(ok)
}
