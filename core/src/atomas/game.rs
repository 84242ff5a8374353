//! Atomas for the generic searches: one player, a chance turn for every
//! spawn (with the law's exact integer weights) and a player's turn for
//! every reply.

use arrayvec::ArrayVec;

use super::atom::Atom;
use super::ring::FULL;
use super::state::{Atomas, Reply};
use crate::game::{Chance, Game, Player, Turn};

/// A move of the game as the searches see it: chance draws an atom, then
/// the player replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Chance puts this atom in hand.
    Draw(Atom),
    /// The player plays the atom in hand so.
    Reply(Reply),
}

/// The most moves or outcomes of any state: a `-` on 18 entries, `y` or `n`
/// each (a spawn has at most [`MAX_OUTCOMES`](super::MAX_OUTCOMES) = 25).
pub const MAX_MOVES: usize = 2 * FULL;

impl Atomas {
    /// Calls `f` with every legal reply to the atom in hand, in index order
    /// (for a `-`, `n` before `y`); nothing when no reply is possible.
    pub fn each_reply(&self, mut f: impl FnMut(Reply)) {
        let Some(hand) = self.hand else {
            return;
        };
        if self.is_over() || self.is_exhausted() {
            return;
        }
        let n = self.ring.len() as u8;
        match hand {
            Atom::Plus | Atom::Black | Atom::Number(_) => {
                (0..self.gaps() as u8).for_each(|g| f(Reply::Gap(g)))
            }
            Atom::Clone => (0..n).for_each(|j| f(Reply::Entry(j))),
            Atom::Minus => {
                for entry in 0..n {
                    f(Reply::Remove {
                        entry,
                        to_plus: false,
                    });
                    f(Reply::Remove {
                        entry,
                        to_plus: true,
                    });
                }
            }
        }
    }
}

/// One player, who gets the score. Between moves it is chance's turn (the
/// spawn law, see [`Atomas::spawn_law`]); with an atom in hand the
/// player's, with every legal reply (a `-` on a plus lists `y` and `n`
/// though both carry a plus). The game is over when the ring holds more
/// than 18 entries, or when the engine's limits stop it
/// ([`Atomas::is_exhausted`]).
impl Game for Atomas {
    type Move = Move;
    type List<T: Copy> = ArrayVec<T, MAX_MOVES>;

    fn players(&self) -> usize {
        1
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.is_over() || self.is_exhausted() {
            Turn::Over
        } else if self.hand.is_some() {
            Turn::Player(Player::ONE)
        } else {
            Turn::Chance
        }
    }

    fn legal_moves(&self, moves: &mut ArrayVec<Move, MAX_MOVES>) {
        moves.clear();
        self.each_reply(|reply| {
            let _ = moves.try_push(Move::Reply(reply));
        });
    }

    fn chance_outcomes(&self, outcomes: &mut ArrayVec<Chance<Move>, MAX_MOVES>) {
        outcomes.clear();
        if self.is_exhausted() {
            return;
        }
        self.each_outcome(|atom, weight| {
            let _ = outcomes.try_push(Chance {
                outcome: Move::Draw(atom),
                weight,
            });
        });
    }

    /// Draws or replies as `mv` says. An illegal reply changes nothing; a
    /// draw is taken as chance's word (searches draw only what
    /// [`Game::chance_outcomes`] lists; [`Atomas::draw`] checks), and only
    /// between moves.
    #[inline]
    fn play(&mut self, mv: Move) {
        match mv {
            Move::Draw(atom) => {
                if self.source().is_some() {
                    self.take_in_hand(atom);
                }
            }
            Move::Reply(reply) => {
                if self.check_reply(reply).is_ok() {
                    self.play_checked(reply, &mut ());
                }
            }
        }
    }

    /// The score, in points (exact up to 2^24, as an `f32`), not scaled:
    /// searches that want values within -1 ..= 1 (MCTS) scale them in
    /// their evaluator or rollout.
    fn returns(&self, _player: Player) -> f32 {
        self.score as f32
    }
}
