//! Spawning: where the next atom comes from (the carry, the forced plus or
//! a random draw), its exact law as integer weights, and drawing it, with
//! the spec's reference generator (so that seeded games equal everyone
//! else's) or any other source of uniform numbers.

use core::fmt;

use arrayvec::ArrayVec;

use super::atom::{Atom, Entry};
use super::ring::FULL;
use super::state::{range_low, Atomas};
use crate::game::Chance;
use crate::rng::Rng;

/// Where the atom of a move comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The carry of a `-` or a `C`.
    Carry,
    /// The forced plus: five moves in a row without a `+` or `B`.
    Forced,
    /// A random draw (see [`Atomas::spawn_law`]).
    Random,
}

/// A random draw's chances out of 240.
const PLUS_IN_240: u32 = 48;
const MINUS_IN_240: u32 = 12;
const BLACK_IN_240: u32 = 4;
const CLONE_IN_240: u32 = 3;
/// The scores from which `B` and `C` can be drawn.
pub const BLACK_FROM_SCORE: u64 = 750;
pub const CLONE_FROM_SCORE: u64 = 1500;

/// The most outcomes a law has: four special atoms, up to 18 below-range
/// values and the 3 range values.
pub const MAX_OUTCOMES: usize = 4 + FULL + 3;

/// The law of the next atom: each possible atom once, with an integer
/// weight (its probability is the weight over their sum), in the order
/// `+ - B C` then numbers ascending.
pub type Law = ArrayVec<Chance<Atom>, MAX_OUTCOMES>;

/// A source of uniform random integers for drawing atoms.
pub trait Draw {
    /// A uniform integer in `lo..=hi` (`lo <= hi`).
    fn uniform(&mut self, lo: u32, hi: u32) -> u32;
}

/// The spec's reference generator: SplitMix64, and `lo + output mod
/// (hi - lo + 1)` for a uniform integer. Game `g` of a run seeded `S` is
/// seeded `S + g` ([`Reference::for_game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reference(Rng);

impl Reference {
    pub const fn new(seed: u64) -> Reference {
        Reference(Rng::new(seed))
    }

    /// The generator of game `game` (0-based) of a run seeded `seed`.
    pub const fn for_game(seed: u64, game: u64) -> Reference {
        Reference::new(seed.wrapping_add(game))
    }

    /// The whole state: `Reference::new(r.state())` continues the same
    /// sequence.
    #[inline]
    pub const fn state(self) -> u64 {
        self.0.state()
    }

    /// The next raw 64-bit output.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

impl Draw for Reference {
    #[inline]
    fn uniform(&mut self, lo: u32, hi: u32) -> u32 {
        let span = u64::from(hi - lo) + 1;
        lo + (self.next_u64() % span) as u32
    }
}

/// The crate's generator draws by multiply-shift (no division): the same
/// law up to a bias below 2^-32, but not the reference's numbers.
impl Draw for Rng {
    #[inline]
    fn uniform(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below(hi - lo + 1)
    }
}

/// Why an atom cannot be drawn now. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawError {
    /// The game is over.
    GameOver,
    /// This move's atom is already in hand.
    AlreadyDrawn,
    /// The move must play the carried atom.
    NotTheCarry(Entry),
    /// The move must play the forced plus.
    NotForced,
    /// The atom has no chance of being drawn here.
    Impossible,
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DrawError::GameOver => f.write_str("the game is over"),
            DrawError::AlreadyDrawn => f.write_str("this move's atom is already in hand"),
            DrawError::NotTheCarry(carry) => write!(f, "the move must play the carried {carry}"),
            DrawError::NotForced => f.write_str("the move must play the forced plus"),
            DrawError::Impossible => f.write_str("that atom cannot be drawn here"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DrawError {}

impl Atomas {
    /// A new game with the six starting atoms drawn from `draw` (each
    /// uniform in `1..=3`, index 0 first).
    pub fn start(draw: &mut impl Draw) -> Atomas {
        let mut ring = super::ring::Ring::EMPTY;
        for i in 0..6 {
            ring.insert(i, draw.uniform(1, 3));
        }
        Atomas::new(ring)
    }

    /// Where the next atom comes from; `None` once this move's atom is in
    /// hand, or the game is over.
    #[inline]
    pub fn source(&self) -> Option<Source> {
        if self.hand.is_some() || self.is_over() {
            None
        } else if self.carry.is_some() {
            Some(Source::Carry)
        } else if self.since >= 5 {
            Some(Source::Forced)
        } else {
            Some(Source::Random)
        }
    }

    /// The exact law of the next atom; empty unless between moves. A carry
    /// or a forced plus is the one outcome, of weight 1. A random draw
    /// weighs out of `720 * max(n, 1)`: `+` 1/5, `-` 1/20 (`n > 0`), `B`
    /// 1/60 (`n > 0`, score >= 750), `C` 1/80 (`n > 0`, score >= 1500), and
    /// the rest `N` normal: each below-range value `v` `N * count(v) / n`,
    /// each range value `N * (1 - |S| / n) / 3` (`N / 3` on an empty ring).
    pub fn spawn_law(&self) -> Law {
        let mut law = Law::new();
        self.each_outcome(|outcome, weight| {
            let _ = law.try_push(Chance { outcome, weight });
        });
        law
    }

    /// Calls `f` with each outcome of [`Atomas::spawn_law`] and its weight.
    pub(crate) fn each_outcome(&self, mut f: impl FnMut(Atom, u32)) {
        match self.source() {
            None => {}
            Some(Source::Carry) => {
                if let Some(carry) = self.carry {
                    f(carry.atom(), 1);
                }
            }
            Some(Source::Forced) => f(Atom::Plus, 1),
            Some(Source::Random) => {
                let n = self.ring.len() as u32;
                // Every chance out of 240, times 3n: the range values share
                // a third of the normal part left by the below-range atoms.
                let scale = 3 * n.max(1);
                let specials = self.special_chances();
                let mut normal = 240;
                for (atom, chance) in specials {
                    if chance > 0 {
                        f(atom, chance * scale);
                        normal -= chance;
                    }
                }
                let (below, taken) = self.below_range_counts();
                for &(value, count) in &below {
                    f(Atom::Number(value), normal * 3 * count);
                }
                let lo = range_low(self.move_number);
                let range_weight = normal * (n.max(1) - taken);
                if range_weight > 0 {
                    for v in lo..lo + 3 {
                        f(Atom::Number(v), range_weight);
                    }
                }
            }
        }
    }

    /// The chances out of 240 of `+ - B C` in a random draw here (0 for
    /// those that cannot be drawn).
    #[inline]
    fn special_chances(&self) -> [(Atom, u32); 4] {
        let some = !self.ring.is_empty();
        let minus = if some { MINUS_IN_240 } else { 0 };
        let black = if some && self.score >= BLACK_FROM_SCORE {
            BLACK_IN_240
        } else {
            0
        };
        let clone = if some && self.score >= CLONE_FROM_SCORE {
            CLONE_IN_240
        } else {
            0
        };
        [
            (Atom::Plus, PLUS_IN_240),
            (Atom::Minus, minus),
            (Atom::Black, black),
            (Atom::Clone, clone),
        ]
    }

    /// The below-range values of the ring (numbers under the range's low
    /// end) ascending with their counts, and how many entries they make.
    fn below_range_counts(&self) -> (ArrayVec<(u32, u32), FULL>, u32) {
        let lo = range_low(self.move_number);
        let mut counts = ArrayVec::<(u32, u32), FULL>::new();
        let mut taken = 0;
        for &code in self.ring.codes() {
            if code == 0 || code >= lo {
                continue;
            }
            taken += 1;
            match counts.iter().position(|&(v, _)| v >= code) {
                Some(i) if counts[i].0 == code => counts[i].1 += 1,
                Some(i) => {
                    let _ = counts.try_insert(i, (code, 1));
                }
                None => {
                    let _ = counts.try_push((code, 1));
                }
            }
        }
        (counts, taken)
    }

    /// Whether `atom` can be drawn now, and from where.
    pub fn check_draw(&self, atom: Atom) -> Result<Source, DrawError> {
        let source = match self.source() {
            Some(source) => source,
            None if self.is_over() => return Err(DrawError::GameOver),
            None => return Err(DrawError::AlreadyDrawn),
        };
        match (source, self.carry) {
            (Source::Carry, Some(carry)) if atom != carry.atom() => {
                Err(DrawError::NotTheCarry(carry))
            }
            (Source::Forced, _) if atom != Atom::Plus => Err(DrawError::NotForced),
            (Source::Random, _) if !self.random_possible(atom) => Err(DrawError::Impossible),
            _ => Ok(source),
        }
    }

    /// Whether a random draw can give `atom`.
    fn random_possible(&self, atom: Atom) -> bool {
        match atom {
            Atom::Number(v) => self.number_possible(v),
            special => self
                .special_chances()
                .iter()
                .any(|&(a, chance)| a == special && chance > 0),
        }
    }

    /// Whether a random draw can give the number `v`: a below-range value
    /// on the ring, or a range value while some entry is not below range.
    fn number_possible(&self, v: u32) -> bool {
        let lo = range_low(self.move_number);
        if v == 0 {
            false
        } else if v < lo {
            self.ring.codes().contains(&v)
        } else {
            v <= lo + 2
                && self
                    .ring
                    .codes()
                    .iter()
                    .filter(|&&c| c != 0 && c < lo)
                    .count()
                    < self.ring.len().max(1)
        }
    }

    /// Puts `atom` in hand if it can be drawn now (the carry, if any, is
    /// used up); returns where it came from. A refused atom changes nothing.
    pub fn draw(&mut self, atom: Atom) -> Result<Source, DrawError> {
        let source = self.check_draw(atom)?;
        self.take_in_hand(atom);
        Ok(source)
    }

    /// Draws the next atom with `draw` exactly as the spec orders the draws
    /// (`r` in `1..=240`, then `k` in `1..=n` on the normal branch of a
    /// non-empty ring, then the range value if no below-range atom was
    /// taken; a carried or forced atom draws nothing) and puts it in hand.
    #[inline]
    pub fn draw_with(&mut self, draw: &mut impl Draw) -> Result<(Atom, Source), DrawError> {
        let source = match self.source() {
            Some(source) => source,
            None if self.is_over() => return Err(DrawError::GameOver),
            None => return Err(DrawError::AlreadyDrawn),
        };
        let atom = match (source, self.carry) {
            (Source::Carry, Some(carry)) => carry.atom(),
            (Source::Random, _) => self.random_atom(draw),
            _ => Atom::Plus,
        };
        self.take_in_hand(atom);
        Ok((atom, source))
    }

    /// One random draw (the `Random` source).
    #[inline]
    fn random_atom(&self, draw: &mut impl Draw) -> Atom {
        let r = draw.uniform(1, 240);
        let some = !self.ring.is_empty();
        if r <= 48 {
            return Atom::Plus;
        } else if r <= 60 && some {
            return Atom::Minus;
        } else if (61..=64).contains(&r) && some && self.score >= BLACK_FROM_SCORE {
            return Atom::Black;
        } else if (65..=67).contains(&r) && some && self.score >= CLONE_FROM_SCORE {
            return Atom::Clone;
        }
        let lo = range_low(self.move_number);
        if some {
            let mut k = draw.uniform(1, self.ring.len() as u32);
            // Nothing is below a range that starts at 1.
            let below = if lo > 1 { self.ring.codes() } else { &[] };
            for &code in below {
                if code != 0 && code < lo {
                    k -= 1;
                    if k == 0 {
                        return Atom::Number(code);
                    }
                }
            }
        }
        Atom::Number(draw.uniform(lo, lo + 2))
    }

    /// Puts a drawn atom in hand, using the carry up.
    #[inline]
    pub(crate) fn take_in_hand(&mut self, atom: Atom) {
        self.hand = Some(atom);
        self.carry = None;
    }
}
