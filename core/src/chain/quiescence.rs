//! The captures at the search's horizon: a position where the player to
//! move can set off a loaded cell beside an enemy cell is not quiet, and
//! its static evaluation misjudges it. Quiescence looks at those captures
//! (and the replies' captures, a few plies deep) before it trusts the
//! evaluation; any player may also decline to capture (stand pat).

use super::bits::Bits;
use super::cascade::Shape;
use super::eval::{evaluate, Weights};
use super::position::{Position, Status};
use super::rules::with_words;
use crate::game::Player;

/// The value of a win found by quiescence: beyond every evaluation, below
/// the search's mate scores (the evaluator must stay within them).
pub const CAPTURE_WIN: i32 = 20_000;

/// The most captures looked at in one position (the first in board order).
const MAX_CAPTURES: usize = 24;

/// The cells where the player to move of `position` sets off an explosion
/// that reaches an enemy cell: their loaded cells beside another player's.
fn captures(position: &Position) -> Bits<4> {
    let Some(mover) = position.to_move() else {
        return Bits::EMPTY;
    };
    let board = position.board();
    with_words!(board, N => {
        let shape = Shape::<N>::new(board.width(), board.height(), position.rules());
        let planes = board.planes::<N>();
        let occupied = planes.occupied();
        let mine = planes.own(mover) & occupied;
        let found = planes.critical(&shape) & mine & shape.next_to(occupied & !mine);
        let mut wide = Bits::<4>::EMPTY;
        wide.0[..N].copy_from_slice(&found.0);
        wide
    })
}

/// The value of `position` for `me` after up to `depth` plies of captures,
/// within `(alpha, beta)`: `me` maximises, everybody else minimises, and
/// whoever is to move may stand pat on the evaluation.
pub fn quiescence(
    position: &Position,
    me: Player,
    weights: &Weights,
    mut alpha: i32,
    mut beta: i32,
    depth: u8,
) -> i32 {
    let stand = evaluate(position, me, weights);
    if depth == 0 {
        return stand;
    }
    let maximise = position.to_move() == Some(me);
    if maximise {
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
    } else {
        if stand <= alpha {
            return stand;
        }
        beta = beta.min(stand);
    }
    for index in captures(position).iter().take(MAX_CAPTURES) {
        let mut after = *position;
        after.play_unchecked(super::Move::Place(position.board().cell_at(index)));
        let value = match after.status() {
            Status::Won(p) if p == me => CAPTURE_WIN,
            Status::Won(_) => -CAPTURE_WIN,
            Status::Drawn => 0,
            Status::Playing => quiescence(&after, me, weights, alpha, beta, depth - 1),
        };
        if maximise {
            if value >= beta {
                return value;
            }
            alpha = alpha.max(value);
        } else {
            if value <= alpha {
                return value;
            }
            beta = beta.min(value);
        }
    }
    if maximise {
        alpha
    } else {
        beta
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_at_the_horizon_is_seen() {
        // b to move wins at once with any of its loaded cells beside a's.
        let p: Position = "classic 2 1a2b./2b3b2b/1a2b. b 13 - *".parse().unwrap();
        let w = Weights::DEFAULT;
        assert!(evaluate(&p, Player::TWO, &w) < CAPTURE_WIN);
        let q = quiescence(&p, Player::TWO, &w, -CAPTURE_WIN, CAPTURE_WIN, 1);
        assert_eq!(q, CAPTURE_WIN);
        // From a's side it is a loss; without depth, the evaluation alone.
        assert_eq!(
            quiescence(&p, Player::ONE, &w, -CAPTURE_WIN, CAPTURE_WIN, 1),
            -CAPTURE_WIN
        );
        assert_eq!(
            quiescence(&p, Player::TWO, &w, -CAPTURE_WIN, CAPTURE_WIN, 0),
            evaluate(&p, Player::TWO, &w)
        );
        // A quiet position: nothing to capture, the evaluation stands.
        let quiet = Position::new(crate::chain::Rules::Classic, 6, 9, 2).unwrap();
        assert_eq!(captures(&quiet), Bits::EMPTY);
        assert_eq!(
            quiescence(&quiet, Player::ONE, &w, -CAPTURE_WIN, CAPTURE_WIN, 3),
            0
        );
    }
}
