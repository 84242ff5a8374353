//! Random games at full speed: uniform legal replies, atoms drawn by the
//! spawn law, no lists and no records.

use super::atom::Atom;
use super::spawn::Draw;
use super::state::{Atomas, Reply};
use crate::rng::Rng;

/// Plays random moves from `game` (between moves or with an atom in hand)
/// until it is over or `max_moves` replies have been played; atoms are
/// drawn with `draw`, replies picked uniformly with `rng`. Returns the
/// number of moves played.
pub fn random_game(game: &mut Atomas, draw: &mut impl Draw, rng: &mut Rng, max_moves: u32) -> u32 {
    let mut moves = 0;
    while moves < max_moves && !game.is_over() && !game.is_exhausted() {
        let atom = match game.hand {
            Some(atom) => atom,
            None => match game.draw_with(draw) {
                Ok((atom, _)) => atom,
                Err(_) => break,
            },
        };
        let n = game.ring.len() as u32;
        let reply = match atom {
            Atom::Plus | Atom::Black | Atom::Number(_) => Reply::Gap(rng.below(n.max(1)) as u8),
            Atom::Clone => Reply::Entry(rng.below(n) as u8),
            Atom::Minus => {
                let pick = rng.below(2 * n);
                Reply::Remove {
                    entry: (pick >> 1) as u8,
                    to_plus: pick & 1 == 1,
                }
            }
        };
        game.play_checked(reply, &mut ());
        moves += 1;
    }
    moves
}
