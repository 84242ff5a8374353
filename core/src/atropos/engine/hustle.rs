//! Playing on in a lost position. Against perfect play every move loses,
//! but an opponent that plays like the Default player (a random safe
//! circle, then a random colour that does not lose there) often gives the
//! win back. So the engine plays the move after which the opponent's
//! Default reply most likely hands it a won position, each such position
//! proven by the solver.

use arrayvec::ArrayVec;

use super::budget::{Budget, PerMille, Phase};
use crate::atropos::geometry::{ColorSet, MAX_CIRCLES};
use crate::atropos::solve::{SolveError, Solver, Value};
use crate::atropos::state::{Atropos, Bits, Move};
use crate::control::Control;

/// The replies Default may make, each with its weight: Default picks
/// each of its `k` safe circles with chance `1/k` and then each of that
/// circle's `j` safe colours with chance `1/j`; weights are those chances
/// times `6k` (so integers). Empty when there is no safe reply.
pub(crate) fn default_replies(state: &Atropos) -> ArrayVec<(Move, u32), { 3 * MAX_CIRCLES }> {
    let size = state.size();
    let mut replies = ArrayVec::new();
    for i in Bits(state.legal_mask()) {
        let c = size.circle_at(i);
        let keeps: ColorSet = state.losing_colors_at(c.h, c.l).complement();
        if keeps.is_empty() {
            continue;
        }
        let weight = 6 / keeps.len();
        for color in keeps.iter() {
            replies.push((Move::new(color, c), weight));
        }
    }
    replies
}

/// The outcome of the search for the best move of a lost position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hustle {
    /// The move.
    pub mv: Move,
    /// The chance, in thousandths, that a Default reply to it leaves a
    /// won position (a lower bound when the budget ran out first).
    pub chance: PerMille,
    /// Whether every reply to every move was solved.
    pub complete: bool,
}

/// The safe move of lost `state` after which a Default reply most likely
/// leaves a position the solver proves won (ties: the move that leaves the
/// opponent more safe replies, then the first in the canonical order).
/// Stops at `until` (`other_work`: the engine's work besides the
/// solver's); `None` when `state` has no safe move.
pub(crate) fn hustle<B: Budget>(
    state: &Atropos,
    solver: &mut Solver<'_>,
    budget: &mut B,
    other_work: u64,
    until: PerMille,
) -> Option<Hustle> {
    let moves = state.safe_moves();
    let mut best: Option<(Move, u32, u32, usize)> = None;
    let mut complete = true;
    'moves: for &mv in &moves {
        let mut after = *state;
        if after.play(mv).is_err() {
            continue;
        }
        let replies = default_replies(&after);
        let total: u32 = replies.iter().map(|&(_, w)| w).sum();
        let mut good = 0u32;
        for &(reply, weight) in &replies {
            let mut next = after;
            if next.play(reply).is_err() {
                continue;
            }
            let mut phase = Phase {
                budget: &mut *budget,
                base: other_work,
                weight: 1,
                until,
                nodes: solver.nodes(),
            };
            // The solver asks only every few thousand positions, and most
            // of these solves are smaller: ask before each.
            let spent = if phase.should_stop(solver.nodes()) {
                Err(SolveError::Stopped)
            } else {
                solver.value(&next, &mut phase)
            };
            match spent {
                Ok(Value::Win) => good += weight,
                Ok(Value::Loss) => {}
                Err(SolveError::Finished) => {}
                Err(SolveError::Stopped) => {
                    complete = false;
                    // What this move scored so far still counts.
                    consider(&mut best, mv, good, total, replies.len());
                    break 'moves;
                }
            }
        }
        consider(&mut best, mv, good, total, replies.len());
    }
    best.map(|(mv, good, total, _)| Hustle {
        mv,
        // No reply at all: the opponent must complete a triangle.
        chance: (good * 1000).checked_div(total).unwrap_or(1000),
        complete,
    })
}

/// Keeps `mv` when its chance `good / total` beats the best so far (ties:
/// more replies).
fn consider(
    best: &mut Option<(Move, u32, u32, usize)>,
    mv: Move,
    good: u32,
    total: u32,
    replies: usize,
) {
    let better = match *best {
        None => true,
        Some((_, g, t, r)) => {
            // good / total > g / t, in integers.
            let (a, b) = (
                good as u64 * t.max(1) as u64,
                g as u64 * total.max(1) as u64,
            );
            a > b || (a == b && replies > r)
        }
    };
    if better {
        *best = Some((mv, good, total, replies));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atropos::engine::budget::WorkBudget;
    use crate::rng::Rng;

    /// The weights are Default's chances: a reply's weight over the total
    /// is how often Default plays it.
    #[test]
    fn reply_weights_are_defaults_chances() {
        let mut rng = Rng::new(13);
        let mut state = Atropos::new(6).unwrap();
        for _ in 0..5 {
            let mv = crate::atropos::default_move(&state, &mut rng).unwrap();
            state.play(mv).unwrap();
        }
        assert!(!state.safe_moves().is_empty(), "pick another seed");
        let replies = default_replies(&state);
        let total: u32 = replies.iter().map(|&(_, w)| w).sum();
        let mut counts = std::collections::HashMap::new();
        let draws = 60_000;
        for _ in 0..draws {
            let mv = crate::atropos::default_move(&state, &mut rng).unwrap();
            *counts.entry(mv).or_insert(0u32) += 1;
        }
        for &(mv, w) in &replies {
            let expected = draws as f64 * w as f64 / total as f64;
            let seen = counts.get(&mv).copied().unwrap_or(0) as f64;
            assert!(
                (seen - expected).abs() < 5.0 * expected.sqrt() + 5.0,
                "{mv}"
            );
        }
        assert_eq!(counts.len(), replies.len());
    }

    /// In lost positions of size 5 the chosen move's chance is exactly the
    /// share of Default replies after which the solver finds a win.
    #[test]
    fn the_chance_is_the_share_of_replies_that_give_the_game_back() {
        let mut table = vec![0u64; 1 << 14];
        let mut solver = Solver::new(&mut table);
        let mut rng = Rng::new(4);
        let mut checked = 0;
        for _ in 0..40 {
            let mut state = Atropos::new(5).unwrap();
            for _ in 0..rng.below(4) {
                let mv = crate::atropos::default_move(&state, &mut rng).unwrap();
                state.play(mv).unwrap();
            }
            if state.is_finished() || solver.value(&state, &mut ()) != Ok(Value::Loss) {
                continue;
            }
            let Some(h) = hustle(&state, &mut solver, &mut WorkBudget(u64::MAX), 0, 1000) else {
                continue;
            };
            assert!(h.complete);
            let mut best = 0.0f64;
            for mv in state.safe_moves() {
                let mut after = state;
                after.play(mv).unwrap();
                let replies = default_replies(&after);
                let total: u32 = replies.iter().map(|&(_, w)| w).sum();
                let good: u32 = replies
                    .iter()
                    .filter(|&&(r, _)| {
                        let mut next = after;
                        next.play(r).unwrap();
                        solver.value(&next, &mut ()) == Ok(Value::Win)
                    })
                    .map(|&(_, w)| w)
                    .sum();
                let chance = good as f64 / total as f64;
                best = best.max(chance);
                if mv == h.mv {
                    assert_eq!(h.chance, good * 1000 / total);
                }
            }
            assert_eq!(h.chance, (best * 1000.0 + 1e-9) as u32);
            checked += 1;
        }
        assert!(checked >= 10, "{checked}");
    }
}
