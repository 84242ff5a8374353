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

/// A move in 32 bits: a draw's atom (`+ - B C` 0 to 3, a number `v` as
/// `3 + v`) with the top bit clear; a reply with it set, its kind in bits
/// 8 and 9 (gap, entry, remove keeping the atom, remove to a plus) and its
/// index below.
impl crate::mcts::NodeMove for Move {
    fn to_bits(self) -> u32 {
        match self {
            Move::Draw(atom) => match atom {
                Atom::Plus => 0,
                Atom::Minus => 1,
                Atom::Black => 2,
                Atom::Clone => 3,
                Atom::Number(v) => v.saturating_add(3) & 0x7FFF_FFFF,
            },
            Move::Reply(reply) => {
                let (kind, index) = match reply {
                    Reply::Gap(g) => (0, g),
                    Reply::Entry(j) => (1, j),
                    Reply::Remove { entry, to_plus } => (2 + u32::from(to_plus), entry),
                };
                1 << 31 | kind << 8 | u32::from(index)
            }
        }
    }

    fn from_bits(bits: u32) -> Move {
        if bits >> 31 == 0 {
            Move::Draw(match bits {
                0 => Atom::Plus,
                1 => Atom::Minus,
                2 => Atom::Black,
                3 => Atom::Clone,
                v => Atom::Number(v - 3),
            })
        } else {
            let index = bits as u8;
            Move::Reply(match bits >> 8 & 3 {
                0 => Reply::Gap(index),
                1 => Reply::Entry(index),
                kind => Reply::Remove {
                    entry: index,
                    to_plus: kind == 3,
                },
            })
        }
    }
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
