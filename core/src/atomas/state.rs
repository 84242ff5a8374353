//! The whole state of a game of Atomas and how a reply plays the atom in
//! hand: placing, fusing, removing, cloning, then settling and bookkeeping.

use core::fmt;

use super::atom::{Atom, Entry, MAX_MOVE, MAX_SCORE, MAX_VALUE};
use super::fusion::{fire, fire_black, settle, Fusions, Recorder};
use super::ring::{Ring, FULL};

/// A game of Atomas: the ring, the score, the move number, the carry, the
/// moves since the last plus and the atom in hand. Plain `Copy` data.
///
/// A game alternates between two kinds of state: **between moves** (no
/// atom in hand: the next one is drawn, see [`Atomas::draw`]) and
/// **decision** (an atom in hand, no carry: a [`Reply`] plays it).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Atomas {
    pub(crate) ring: Ring,
    pub(crate) score: u64,
    pub(crate) move_number: u32,
    /// Moves completed since the last `+` or `B` (saturates; only `>= 5`
    /// matters to the rules).
    pub(crate) since: u32,
    pub(crate) carry: Option<Entry>,
    pub(crate) hand: Option<Atom>,
    /// Whether some plus of the ring has two equal numbered sides: only a
    /// state made from parts can start so (every move settles the ring),
    /// and then the next move settles it all. Otherwise a move settles only
    /// when a plus beside what it changed is armed.
    pub(crate) unsettled: bool,
}

/// A reply to a request, as the protocol writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reply {
    /// `G`: the gap for a number, a `+` or a `B` (gap `i` lies after entry `i`).
    Gap(u8),
    /// `J`: the entry a `C` copies.
    Entry(u8),
    /// `J y` or `J n`: the entry a `-` removes, and whether the next atom is
    /// a plus (`y`) rather than the removed atom.
    Remove { entry: u8, to_plus: bool },
}

/// Why a reply was refused. The game is left exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalReply {
    /// The ring holds more than 18 entries: the game is over.
    GameOver,
    /// No atom has been drawn for this move yet.
    NothingInHand,
    /// The move number or the score reached the engine's limits
    /// ([`MAX_MOVE`], [`MAX_SCORE`]).
    Exhausted,
    /// A reply of the wrong kind for the atom in hand: a number, `+` or `B`
    /// takes a [`Reply::Gap`], a `C` a [`Reply::Entry`], a `-` a
    /// [`Reply::Remove`].
    WrongKind,
    /// The gap or entry is not on the ring: `index >= limit`.
    OutOfRange { index: u8, limit: u8 },
}

impl fmt::Display for IllegalReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReply::GameOver => f.write_str("the game is over"),
            IllegalReply::NothingInHand => f.write_str("no atom has been drawn for this move"),
            IllegalReply::Exhausted => {
                f.write_str("the move number or score reached the engine's limits")
            }
            IllegalReply::WrongKind => {
                f.write_str("a number, + or B takes a gap, a C an entry, a - an entry and y or n")
            }
            IllegalReply::OutOfRange { index, limit } => {
                write!(f, "index {index} is not below {limit}")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IllegalReply {}

/// Why parts do not make a state ([`Atomas::from_parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateError {
    /// The move number is 0 or above [`MAX_MOVE`].
    MoveOutOfRange,
    /// The score is above [`MAX_SCORE`].
    ScoreOutOfRange,
    /// A number in hand that is 0 or above [`MAX_VALUE`].
    BadHand,
    /// A carried number that is 0 or above [`MAX_VALUE`].
    BadCarry,
    /// An atom in hand and a carry at once (drawing uses the carry up).
    HandAndCarry,
    /// A `-`, `B` or `C` in hand on an empty ring.
    NothingToPlayOn,
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StateError::MoveOutOfRange => write!(f, "the move number is not within 1..={MAX_MOVE}"),
            StateError::ScoreOutOfRange => write!(f, "the score is above {MAX_SCORE}"),
            StateError::BadHand => write!(f, "the number in hand is not within 1..={MAX_VALUE}"),
            StateError::BadCarry => write!(f, "the carried number is not within 1..={MAX_VALUE}"),
            StateError::HandAndCarry => f.write_str("an atom in hand and a carry at once"),
            StateError::NothingToPlayOn => f.write_str("a -, B or C in hand on an empty ring"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for StateError {}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The points it scored.
    pub points: u64,
    /// Its fusion steps in order (each chain starts at step 0).
    pub fusions: Fusions,
}

/// `lo` of the range of move `move_number`: `1 + floor(move / 40)`.
#[inline]
pub const fn range_low(move_number: u32) -> u32 {
    1 + move_number / 40
}

impl Atomas {
    /// A new game on `ring`: score 0, move 1, nothing carried or in hand
    /// (see [`Atomas::start`] for the six random atoms of a real game).
    pub fn new(ring: Ring) -> Atomas {
        Atomas {
            ring,
            score: 0,
            move_number: 1,
            since: 0,
            carry: None,
            hand: None,
            unsettled: !ring.is_settled(),
        }
    }

    /// A state from its parts, checked: the move number within
    /// `1..=MAX_MOVE`, the score at most [`MAX_SCORE`], numbers in hand or
    /// carried within `1..=MAX_VALUE`, not both an atom in hand and a carry,
    /// and no `-`, `B` or `C` in hand on an empty ring (they are never
    /// drawn there, and a `-` or `C` would have no reply).
    pub fn from_parts(
        ring: Ring,
        score: u64,
        move_number: u32,
        since: u32,
        carry: Option<Entry>,
        hand: Option<Atom>,
    ) -> Result<Atomas, StateError> {
        let bad_value = |v: u32| v == 0 || v > MAX_VALUE;
        if move_number == 0 || move_number > MAX_MOVE {
            Err(StateError::MoveOutOfRange)
        } else if score > MAX_SCORE {
            Err(StateError::ScoreOutOfRange)
        } else if matches!(hand, Some(Atom::Number(v)) if bad_value(v)) {
            Err(StateError::BadHand)
        } else if matches!(carry, Some(Entry::Number(v)) if bad_value(v)) {
            Err(StateError::BadCarry)
        } else if hand.is_some() && carry.is_some() {
            Err(StateError::HandAndCarry)
        } else if ring.is_empty() && matches!(hand, Some(Atom::Minus | Atom::Black | Atom::Clone)) {
            Err(StateError::NothingToPlayOn)
        } else {
            Ok(Atomas {
                ring,
                score,
                move_number,
                since,
                carry,
                hand,
                unsettled: !ring.is_settled(),
            })
        }
    }

    /// The ring.
    #[inline]
    pub const fn ring(&self) -> &Ring {
        &self.ring
    }

    /// Points so far.
    #[inline]
    pub const fn score(&self) -> u64 {
        self.score
    }

    /// The number of the move being played, or about to be, from 1.
    #[inline]
    pub const fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The range `(lo, lo + 2)` of normal atoms drawn for this move.
    #[inline]
    pub const fn range(&self) -> (u32, u32) {
        let lo = range_low(self.move_number);
        (lo, lo + 2)
    }

    /// Moves completed since the last one that played a `+` or a `B`.
    #[inline]
    pub const fn since(&self) -> u32 {
        self.since
    }

    /// The atom the next move must play (after a `-` or a `C`).
    #[inline]
    pub const fn carry(&self) -> Option<Entry> {
        self.carry
    }

    /// The atom of the current move, once drawn.
    #[inline]
    pub const fn hand(&self) -> Option<Atom> {
        self.hand
    }

    /// Whether the game is over: the ring holds more than 18 entries.
    #[inline]
    pub const fn is_over(&self) -> bool {
        self.ring.len() > FULL
    }

    /// Whether the move number or the score reached the engine's limits,
    /// so that no further move is played (no real game gets there).
    #[inline]
    pub const fn is_exhausted(&self) -> bool {
        self.move_number >= MAX_MOVE || self.score > MAX_SCORE
    }

    /// How many gaps a reply may name (`max(n, 1)`).
    #[inline]
    pub const fn gaps(&self) -> usize {
        if self.ring.is_empty() {
            1
        } else {
            self.ring.len()
        }
    }

    /// Why `reply` cannot play the atom in hand, or `Ok` if it can.
    pub fn check_reply(&self, reply: Reply) -> Result<(), IllegalReply> {
        if self.is_over() {
            return Err(IllegalReply::GameOver);
        }
        let Some(hand) = self.hand else {
            return Err(IllegalReply::NothingInHand);
        };
        if self.is_exhausted() {
            return Err(IllegalReply::Exhausted);
        }
        let (index, limit) = match (hand, reply) {
            (Atom::Plus | Atom::Black | Atom::Number(_), Reply::Gap(g)) => (g, self.gaps()),
            (Atom::Clone, Reply::Entry(j)) | (Atom::Minus, Reply::Remove { entry: j, .. }) => {
                (j, self.ring.len())
            }
            _ => return Err(IllegalReply::WrongKind),
        };
        if usize::from(index) < limit {
            Ok(())
        } else {
            Err(IllegalReply::OutOfRange {
                index,
                limit: limit as u8,
            })
        }
    }

    /// Plays the atom in hand as `reply` says: the placement and every
    /// fusion it causes, settling, then the bookkeeping (move, `since`,
    /// carry). An illegal reply changes nothing.
    pub fn play(&mut self, reply: Reply) -> Result<Played, IllegalReply> {
        let mut fusions = Fusions::new();
        let points = self.play_recorded(reply, &mut fusions)?;
        Ok(Played { points, fusions })
    }

    /// [`Atomas::play`], telling `recorder` each fusion step; returns the
    /// points.
    #[inline]
    pub fn play_recorded<R: Recorder>(
        &mut self,
        reply: Reply,
        recorder: &mut R,
    ) -> Result<u64, IllegalReply> {
        self.check_reply(reply)?;
        Ok(self.play_checked(reply, recorder))
    }

    /// Plays a reply that [`Atomas::check_reply`] accepted.
    #[inline]
    pub(crate) fn play_checked<R: Recorder>(&mut self, reply: Reply, recorder: &mut R) -> u64 {
        let Some(hand) = self.hand else {
            return 0;
        };
        let ring = &mut self.ring;
        let mut carry = None;
        // A settled ring needs settling again only where the move changed
        // it: a fusion, or a plus beside a placed atom or a closed gap.
        let mut settle_needed = self.unsettled;
        let mut points = match (hand, reply) {
            (Atom::Number(v), Reply::Gap(g)) => {
                let p = insertion_index(ring, g);
                ring.insert(p, v);
                let (left, right) = ring.sides(p);
                settle_needed |= ring.armed(left) || ring.armed(right);
                0
            }
            (Atom::Plus, Reply::Gap(g)) => {
                let p = insertion_index(ring, g);
                ring.insert(p, 0);
                if ring.sides_match(p) {
                    settle_needed = true;
                    fire(ring, p, recorder)
                } else {
                    0
                }
            }
            (Atom::Black, Reply::Gap(g)) => {
                let p = insertion_index(ring, g);
                let fuses = ring.len() >= 2;
                ring.insert(p, 0);
                if fuses {
                    settle_needed = true;
                    fire_black(ring, p, recorder)
                } else {
                    0
                }
            }
            (Atom::Minus, Reply::Remove { entry, to_plus }) => {
                let j = usize::from(entry);
                let removed = ring.remove(j);
                let n = ring.len();
                if n >= 3 {
                    // The entries that closed the gap (cyclically).
                    let before = if j == 0 { n - 1 } else { j - 1 };
                    let after = if j == n { 0 } else { j };
                    settle_needed |= ring.armed(before) || ring.armed(after);
                }
                carry = Some(if to_plus {
                    Entry::Plus
                } else {
                    Entry::from_code(removed)
                });
                0
            }
            (Atom::Clone, Reply::Entry(entry)) => {
                carry = Some(Entry::from_code(ring.code(usize::from(entry))));
                0
            }
            _ => return 0,
        };
        if settle_needed {
            points += settle(ring, recorder);
        }
        self.unsettled = false;
        self.score += points;
        self.move_number += 1;
        self.since = if hand.is_plus() {
            0
        } else {
            self.since.saturating_add(1)
        };
        self.carry = carry;
        self.hand = None;
        points
    }
}

/// Where an atom placed in gap `g` lands: index `g + 1`, or 0 on an empty
/// ring.
#[inline]
fn insertion_index(ring: &Ring, gap: u8) -> usize {
    if ring.is_empty() {
        0
    } else {
        usize::from(gap) + 1
    }
}

impl fmt::Debug for Atomas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Atomas(\"{self}\")")
    }
}
