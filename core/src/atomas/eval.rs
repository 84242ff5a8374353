//! How promising a ring is for surviving: the evaluation the bot's search
//! looks at beyond its horizon. The score grows with the square of the
//! game's length, so the evaluation is all about staying alive: few
//! entries, pairs a plus will fuse, dormant pluses an atom can arm, atoms
//! the spawn law can still match.

use super::ring::{Ring, CAPACITY};
use super::state::{range_low, Atomas};

/// The weights of the evaluation's terms (see [`evaluate`]). Each is what
/// one unit of its term is worth; the entries' own cost is the scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Each entry of the ring (pluses included).
    pub entry: f32,
    /// Each entry beyond `crowd_from`, squared: a full ring is near death.
    pub crowd: f32,
    /// Where crowding starts, in entries.
    pub crowd_from: f32,
    /// Each dormant plus, on top of its entry.
    pub plus: f32,
    /// Each gap between two equal numbered atoms (a plus there fires).
    pub pair: f32,
    /// The longest chain a plus placed now would make, in steps.
    pub chain: f32,
    /// The steps of every gap's chain, summed.
    pub chains: f32,
    /// Each dormant plus one side of which a spawnable atom can arm.
    pub armable: f32,
    /// The chain of the best armable plus, in steps.
    pub armed_chain: f32,
    /// Each numbered atom the spawn law can give again (in the range, or
    /// below it).
    pub spawnable: f32,
    /// Each numbered atom above the range.
    pub high: f32,
    /// Each distinct value among the numbered atoms.
    pub distinct: f32,
    /// Two neighbours whose values differ by one.
    pub step: f32,
    /// What losing the game is worth.
    pub death: f32,
    /// At the root only: the points of the reply itself, in first steps
    /// of the range's low value (`1.5 lo` points each), so that of two
    /// equally safe replies the bot takes the one that scores more.
    pub points: f32,
}

impl Weights {
    /// The tuned weights.
    pub const DEFAULT: Weights = Weights {
        entry: -10.0,
        crowd: -6.0,
        crowd_from: 10.0,
        plus: -2.0,
        pair: 6.0,
        chain: 8.0,
        chains: 1.0,
        armable: 3.0,
        armed_chain: 3.0,
        spawnable: 1.0,
        high: -1.0,
        distinct: -2.0,
        step: 0.5,
        death: -10_000.0,
        points: 0.1,
    };

    /// Every weight by name, for tuning tools (`name=value` lists).
    pub fn field(&mut self, name: &str) -> Option<&mut f32> {
        Some(match name {
            "entry" => &mut self.entry,
            "crowd" => &mut self.crowd,
            "crowd_from" => &mut self.crowd_from,
            "plus" => &mut self.plus,
            "pair" => &mut self.pair,
            "chain" => &mut self.chain,
            "chains" => &mut self.chains,
            "armable" => &mut self.armable,
            "armed_chain" => &mut self.armed_chain,
            "spawnable" => &mut self.spawnable,
            "high" => &mut self.high,
            "distinct" => &mut self.distinct,
            "step" => &mut self.step,
            "death" => &mut self.death,
            "points" => &mut self.points,
            _ => return None,
        })
    }

    /// The names [`Weights::field`] knows.
    pub const NAMES: [&'static str; 15] = [
        "entry",
        "crowd",
        "crowd_from",
        "plus",
        "pair",
        "chain",
        "chains",
        "armable",
        "armed_chain",
        "spawnable",
        "high",
        "distinct",
        "step",
        "death",
        "points",
    ];
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// The ring's codes twice over, so that the entry after any entry is one
/// index on without a wrap-around test: entry `i` is at `i` and `i + n`.
struct Doubled {
    codes: [u32; 2 * CAPACITY],
    n: usize,
}

impl Doubled {
    #[inline]
    fn new(codes: &[u32]) -> Doubled {
        let n = codes.len();
        let mut doubled = [0u32; 2 * CAPACITY];
        doubled[..n].copy_from_slice(codes);
        doubled[n..2 * n].copy_from_slice(codes);
        Doubled { codes: doubled, n }
    }

    /// How many steps a plus between entries `left` and `right` (indices
    /// below `n`) would chain outward, with `others` entries besides the
    /// plus: pairs of equal numbers, while at least two other entries
    /// remain.
    #[inline]
    fn chain_steps(&self, mut left: usize, mut right: usize, mut others: usize) -> u32 {
        let n = self.n;
        let mut steps = 0;
        while others >= 2 {
            let a = self.codes[left];
            if a == 0 || a != self.codes[right] {
                break;
            }
            steps += 1;
            others -= 2;
            left = if left == 0 { n - 1 } else { left - 1 };
            right = if right + 1 == n { 0 } else { right + 1 };
        }
        steps
    }
}

/// The evaluation of a state between moves (its ring, range and
/// carry), from the point of view of survival; higher is better. A state
/// that is over gets `weights.death`.
pub fn evaluate(game: &Atomas, w: &Weights) -> f32 {
    if game.is_over() {
        return w.death;
    }
    let ring: &Ring = game.ring();
    let n = ring.len();
    let crowd = (n as f32 - w.crowd_from).max(0.0);
    let mut value = w.entry * n as f32 + w.crowd * crowd * crowd;
    if n == 0 {
        return value;
    }
    let ring = Doubled::new(ring.codes());
    let codes = &ring.codes;
    let hi = range_low(game.move_number()) + 2;
    let spawns = |v: u32| v != 0 && v <= hi;

    let mut pluses = 0u32;
    let mut pairs = 0u32;
    let mut best_chain = 0u32;
    let mut all_chains = 0u32;
    let mut armable = 0u32;
    let mut best_armed = 0u32;
    let mut spawnable = 0u32;
    let mut high = 0u32;
    let mut steps = 0u32;
    let mut least = u32::MAX;
    for i in 0..n {
        let a = codes[i];
        let b = codes[i + 1];
        if a == 0 {
            pluses += 1;
            if n >= 3 {
                // A dormant plus: an atom equal to one side, placed on the
                // other side, fires it and chains outward from there.
                let (x, y) = (codes[i + n - 1], b);
                let mut best = 0;
                let mut any = false;
                if spawns(x) {
                    any = true;
                    best = best.max(1 + ring.chain_steps((i + n - 2) % n, (i + 1) % n, n - 2));
                }
                if spawns(y) {
                    any = true;
                    best = best.max(1 + ring.chain_steps((i + n - 1) % n, (i + 2) % n, n - 2));
                }
                if any {
                    armable += 1;
                    best_armed = best_armed.max(best);
                }
            }
            continue;
        }
        least = least.min(a);
        if a <= hi {
            spawnable += 1;
        } else {
            high += 1;
        }
        if n >= 2 && b == a {
            pairs += 1;
            let c = ring.chain_steps(i, if i + 1 == n { 0 } else { i + 1 }, n);
            all_chains += c;
            best_chain = best_chain.max(c);
        } else if b != 0 && n >= 2 && a.abs_diff(b) == 1 {
            steps += 1;
        }
    }
    value += w.plus * pluses as f32
        + w.pair * pairs as f32
        + w.chain * best_chain as f32
        + w.chains * all_chains as f32
        + w.armable * armable as f32
        + w.armed_chain * best_armed as f32
        + w.spawnable * spawnable as f32
        + w.high * high as f32
        + w.step * steps as f32;
    if w.distinct != 0.0 {
        // Values within 64 of the least one as bits; farther ones each
        // count as distinct (rare: the ring's values stay close).
        let mut seen = 0u64;
        let mut far = 0u32;
        for &a in &codes[..n] {
            if a != 0 {
                match a - least {
                    d @ 0..=63 => seen |= 1 << d,
                    _ => far += 1,
                }
            }
        }
        value += w.distinct * (seen.count_ones() + far) as f32;
    }
    value
}
