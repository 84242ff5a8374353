//! Fusion: a plus (or black plus) eats equal neighbours step by step, the
//! points of each step, and settling, which fires dormant pluses lowest
//! index first until none has two equal numbered sides.

use arrayvec::ArrayVec;

use super::ring::Ring;

/// The most fusion steps one move makes: each step removes two entries and
/// needs three, and a ring holds at most 19 during a move.
pub const MAX_FUSIONS: usize = 9;

/// What started a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fuser {
    /// A plus: the one just played or a dormant one fired by settling.
    Plus,
    /// The black plus just played.
    Black,
}

/// One step of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fusion {
    /// What started the chain this step belongs to.
    pub by: Fuser,
    /// The step's number in its chain, from 0: a new chain starts at 0.
    pub step: u8,
    /// The value of the two atoms eaten; `None` for a black plus's first
    /// step (its sides may be pluses or differ).
    pub outer: Option<u32>,
    /// The fused atom's value after the step.
    pub result: u32,
    /// The step's points.
    pub points: u64,
}

/// The steps of one move, in the order they happened.
pub type Fusions = ArrayVec<Fusion, MAX_FUSIONS>;

/// Receives the fusion steps of a move as they happen.
pub trait Recorder {
    fn fusion(&mut self, fusion: Fusion);
}

/// Records nothing: for playouts and searches.
impl Recorder for () {
    #[inline]
    fn fusion(&mut self, _: Fusion) {}
}

impl Recorder for Fusions {
    #[inline]
    fn fusion(&mut self, fusion: Fusion) {
        // Never full (see MAX_FUSIONS); a lost record beats a panic.
        let _ = self.try_push(fusion);
    }
}

/// The points of a chain's first step, which leaves the value `result`:
/// `floor(3F / 2)`.
#[inline]
pub const fn first_step_points(result: u32) -> u64 {
    3 * result as u64 / 2
}

/// The points of step `step >= 1` of a chain that ate two atoms `outer`
/// and left `result`: with `o = max(outer, result - 1)`,
/// `(o - F + 3) * m + 3o - F + 3`.
#[inline]
pub const fn step_points(step: u32, outer: u32, result: u32) -> u64 {
    let o = if outer > result - 1 {
        outer as u64
    } else {
        result as u64 - 1
    };
    let f = result as u64;
    // o >= F - 1, so neither difference goes below zero.
    (o + 3 - f) * step as u64 + 3 * o + 3 - f
}

/// The value the chain's atom `value` takes on eating two atoms `outer`:
/// two more if they are at least as large, else one more.
#[inline]
pub const fn chain_value(value: u32, outer: u32) -> u32 {
    if outer >= value {
        value + 2
    } else {
        value + 1
    }
}

/// The value a black plus takes from its sides (packed: 0 is a plus): the
/// larger number plus 3, or 4 between two pluses.
#[inline]
pub const fn black_value(left: u32, right: u32) -> u32 {
    let high = if left > right { left } else { right };
    if high == 0 {
        4
    } else {
        high + 3
    }
}

/// Fires the plus at `p`, whose sides are equal numbered atoms (see
/// [`Ring::sides_match`]), and runs its chain; returns the points.
#[inline]
pub(crate) fn fire<R: Recorder>(ring: &mut Ring, p: usize, recorder: &mut R) -> u64 {
    let (left, _) = ring.sides(p);
    let outer = ring.code(left);
    let value = outer + 1;
    let at = ring.fuse_sides(p, value);
    let points = first_step_points(value);
    recorder.fusion(Fusion {
        by: Fuser::Plus,
        step: 0,
        outer: Some(outer),
        result: value,
        points,
    });
    points + chain(ring, at, value, Fuser::Plus, recorder)
}

/// Fuses the two neighbours of the black plus just placed at `p` (the ring
/// holds at least 3 entries with it) and runs the chain; returns the points.
#[inline]
pub(crate) fn fire_black<R: Recorder>(ring: &mut Ring, p: usize, recorder: &mut R) -> u64 {
    let (left, right) = ring.sides(p);
    let value = black_value(ring.code(left), ring.code(right));
    let at = ring.fuse_sides(p, value);
    let points = first_step_points(value);
    recorder.fusion(Fusion {
        by: Fuser::Black,
        step: 0,
        outer: None,
        result: value,
        points,
    });
    points + chain(ring, at, value, Fuser::Black, recorder)
}

/// Steps 1, 2, ... of a chain whose atom `value` sits at `p`: while its
/// two neighbours are equal numbered atoms, eat them.
#[inline]
fn chain<R: Recorder>(
    ring: &mut Ring,
    mut p: usize,
    mut value: u32,
    by: Fuser,
    recorder: &mut R,
) -> u64 {
    let mut points = 0;
    let mut step = 1;
    while ring.sides_match(p) {
        let (left, _) = ring.sides(p);
        let outer = ring.code(left);
        value = chain_value(value, outer);
        p = ring.fuse_sides(p, value);
        let gained = step_points(step, outer, value);
        recorder.fusion(Fusion {
            by,
            step: step as u8,
            outer: Some(outer),
            result: value,
            points: gained,
        });
        points += gained;
        step += 1;
    }
    points
}

/// Fires dormant pluses, lowest index first and looking again from index 0
/// after each chain, until no plus has two equal numbered sides; returns
/// the points.
#[inline]
pub(crate) fn settle<R: Recorder>(ring: &mut Ring, recorder: &mut R) -> u64 {
    let mut points = 0;
    'look: loop {
        let mut pluses = ring.pluses();
        while pluses != 0 {
            let p = pluses.trailing_zeros() as usize;
            pluses &= pluses - 1;
            if ring.sides_match(p) {
                points += fire(ring, p, recorder);
                continue 'look;
            }
        }
        return points;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atomas::Entry;

    /// A ring from text: numbers and `+`, separated by spaces.
    fn ring(text: &str) -> Ring {
        let entries: std::vec::Vec<Entry> = text
            .split(' ')
            .map(|t| match t {
                "+" => Entry::Plus,
                n => Entry::Number(n.parse().unwrap()),
            })
            .collect();
        Ring::from_entries(&entries).unwrap()
    }

    fn text(ring: &Ring) -> std::string::String {
        let items: std::vec::Vec<std::string::String> =
            ring.iter().map(|e| std::format!("{e}")).collect();
        items.join(" ")
    }

    #[test]
    fn the_spec_score_example() {
        // 2 2 -> 3, 3 3 -> 5, 1 1 -> 6 scores 4 + 12 + 16.
        assert_eq!(first_step_points(3), 4);
        assert_eq!(chain_value(3, 3), 5);
        assert_eq!(step_points(1, 3, 5), 12);
        assert_eq!(chain_value(5, 1), 6);
        assert_eq!(step_points(2, 1, 6), 16);
        // The listing's first-step formula round(1.5a + 1.25) agrees.
        for a in 1..1000u32 {
            let listing = (1.5 * f64::from(a) + 1.25).round() as u64;
            assert_eq!(first_step_points(a + 1), listing, "a = {a}");
        }
    }

    #[test]
    fn every_step_scores_at_least_three() {
        for value in 2..60 {
            for outer in 1..60 {
                let result = chain_value(value, outer);
                assert!(step_points(1, outer, result) >= 3);
            }
        }
        assert_eq!(black_value(0, 0), 4);
        assert_eq!(black_value(0, 7), 10);
        assert_eq!(black_value(2, 1), 5);
    }

    #[test]
    fn the_seed_chain_through_the_wrap() {
        let mut r = ring("1 1 3 2 + 2 3");
        let mut steps = Fusions::new();
        assert_eq!(fire(&mut r, 4, &mut steps), 32);
        assert_eq!(text(&r), "6");
        let results: std::vec::Vec<(Option<u32>, u32, u64)> = steps
            .iter()
            .map(|s| (s.outer, s.result, s.points))
            .collect();
        assert_eq!(
            results,
            [(Some(2), 3, 4), (Some(3), 5, 12), (Some(1), 6, 16)]
        );
    }

    #[test]
    fn settling_fires_the_lowest_plus_first_and_looks_again() {
        // Example 11: two pluses qualify; the first one's result spoils
        // the second.
        let mut r = ring("2 + 2 + 2 5");
        let mut steps = Fusions::new();
        assert_eq!(settle(&mut r, &mut steps), 4);
        assert_eq!(text(&r), "3 + 2 5");
        assert_eq!(steps.len(), 1);
        // Example 9's second half: a chain's result arms an older plus.
        let mut r = ring("4 + 4 5");
        assert_eq!(settle(&mut r, &mut ()), 7);
        assert_eq!(text(&r), "5 5");
        // Nothing qualifies: nothing changes.
        let mut r = ring("4 + 3 + +");
        assert_eq!(settle(&mut r, &mut ()), 0);
        assert_eq!(text(&r), "4 + 3 + +");
    }

    #[test]
    fn black_plus_on_two_pluses() {
        // Example 5: 2 + B + 2: F = 4 (6), then 2 2 around it gives 5 (12).
        let mut r = ring("2 + + + 2");
        let mut steps = Fusions::new();
        assert_eq!(fire_black(&mut r, 2, &mut steps), 18);
        assert_eq!(text(&r), "5");
        assert_eq!(steps[0].by, Fuser::Black);
        assert_eq!(steps[1].step, 1);
    }
}
