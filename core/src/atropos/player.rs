//! The Default player (spec section 5): the Java referee's built-in
//! player, with its random draws taken from a seeded SplitMix64 generator
//! so that two implementations with one seed play the same games.

use arrayvec::ArrayVec;

use super::geometry::{Color, ColorSet, MAX_CIRCLES};
use super::state::{Atropos, Bits, Move};
use crate::rng::Rng;

/// A draw among `k >= 1` items: one SplitMix64 number, its remainder by `k`.
#[inline]
pub fn draw(rng: &mut Rng, k: usize) -> usize {
    (rng.next_u64() % k as u64) as usize
}

/// Default's move, `None` once the game is over: a random safe circle (one
/// where some colour does not lose), then a random colour that does not
/// lose there, two draws in all; red on the first legal circle, and no
/// draw, when every legal move loses.
pub fn default_move(state: &Atropos, rng: &mut Rng) -> Option<Move> {
    let size = state.size();
    let legal = state.legal_mask();
    if legal == 0 {
        return None;
    }
    let mut safe = ArrayVec::<(usize, ColorSet), MAX_CIRCLES>::new();
    for i in Bits(legal) {
        let c = size.circle_at(i);
        let keeps = state.losing_colors_at(c.h, c.l).complement();
        if !keeps.is_empty() {
            safe.push((i, keeps));
        }
    }
    if safe.is_empty() {
        let first = size.circle_at(legal.trailing_zeros() as usize);
        return Some(Move::new(Color::Red, first));
    }
    let (i, keeps) = safe[draw(rng, safe.len())];
    let colors: ArrayVec<Color, 3> = keeps.iter().collect();
    Some(Move::new(
        colors[draw(rng, colors.len())],
        size.circle_at(i),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_remainders_of_splitmix64() {
        // SplitMix64 from seed 0 starts with 0xE220A8397B1DCDAF.
        let mut rng = Rng::new(0);
        assert_eq!(
            draw(&mut rng, 1000),
            (0xE220_A839_7B1D_CDAFu64 % 1000) as usize
        );
        // A draw of one item still takes a number.
        let (mut a, mut b) = (Rng::new(5), Rng::new(5));
        draw(&mut a, 1);
        b.next_u64();
        assert_eq!(a, b);
    }

    #[test]
    fn default_never_loses_when_it_can_help_it() {
        let mut rng = Rng::new(3);
        for n in 1..=10 {
            let mut game = Atropos::new(n).unwrap();
            while let Some(mv) = default_move(&game, &mut rng) {
                let safe = game.safe_moves();
                if safe.is_empty() {
                    assert_eq!(Some(mv.circle), game.legal_circles().first().copied());
                    assert_eq!(mv.color, Color::Red);
                } else {
                    assert!(safe.contains(&mv), "{game}: {mv}");
                }
                game.play(mv).unwrap();
            }
            assert!(game.is_finished());
        }
    }
}
