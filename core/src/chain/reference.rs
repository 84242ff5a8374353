//! The reference opponents of spec section 7, exactly as described there:
//! the yardsticks of the strong engine's strength.
//!
//! * [`agnishom`]: Agnishom's published AI (`minimax.py`): his evaluation
//!   ([`agnishom_score`]) over the ten best moves of each position
//!   ([`best_n`]), three levels deep, each level maximising the value of
//!   whoever moves there.
//! * [`agnishom_minimax`]: the same evaluation and ordering in a true
//!   minimax of depth 3 for the player to move.
//! * [`ns`]: notshridhar's alpha-beta (`minimax.c`, depth 2): four moves
//!   deep, full width, then a random choice among the best three.
//!
//! No heap; the work is bounded (a few thousand moves for Agnishom's, the
//! fourth power of the legal cells for notshridhar's, pruned).

use arrayvec::ArrayVec;

use super::eval::{critical_mass, side_score, Weights};
use super::position::{Move, Position, Status};
use crate::game::Player;
use crate::grid::Cell;
use crate::rng::Rng;

/// The most cells of a board.
const MAX_CELLS: usize = 256;

/// A winning score of Agnishom's and notshridhar's evaluations.
pub const WIN: i32 = 10_000;
/// A losing score.
pub const LOSS: i32 = -10_000;
/// notshridhar's score of a cell the player may not take.
pub const ILLEGAL: i32 = -20_000;

/// How many moves Agnishom's search looks at in a position.
pub const BEST_N: usize = 10;
/// The depth of Agnishom's searches.
pub const AGNISHOM_DEPTH: u32 = 3;
/// The moves notshridhar's search looks ahead (its "depth 2").
pub const NS_PLIES: u32 = 4;

/// Agnishom's evaluation of `position` for `player` (`structure.py`),
/// with the counting quirk of its chain walk (spec section 7).
pub fn agnishom_score(position: &Position, player: Player) -> i32 {
    let board = position.board();
    let (w, h) = (board.width() as usize, board.height() as usize);
    let cell = |i: usize| Cell::new((i % w) as u8, (i / w) as u8).unwrap_or(Cell::from_index(0));
    let count = |i: usize| board.count(cell(i)) as i32;
    let owner = |i: usize| board.owner(cell(i)).filter(|_| count(i) > 0);
    let cm = |i: usize| critical_mass(position, (i % w) as u8, (i / w) as u8) as i32;
    let loaded = |i: usize| count(i) > 0 && count(i) == cm(i) - 1;
    let area = w * h;
    let (mut score, mut mine, mut theirs) = (0, 0, 0);
    for i in 0..area {
        match owner(i) {
            Some(p) if p == player => {
                mine += count(i);
                let mut safe = true;
                for n in neighbours(i, w, h).into_iter().flatten() {
                    if owner(n).is_some_and(|o| o != player) && loaded(n) {
                        score -= 5 - cm(i);
                        safe = false;
                    }
                }
                if safe {
                    score += match cm(i) {
                        3 => 2,
                        2 => 3,
                        _ => 0,
                    };
                    if loaded(i) {
                        score += 2;
                    }
                }
            }
            Some(_) => theirs += count(i),
            None => {}
        }
    }
    score += mine;
    if theirs == 0 && mine > 1 {
        return WIN;
    }
    if mine == 0 && theirs > 1 {
        return LOSS;
    }
    // The chains: a stack walk from each loaded cell not yet visited,
    // counting every pop (a cell pushed twice counts twice). A cell is
    // pushed at most once by each neighbour, so 4 a cell bound the stack.
    let mut visited = [false; MAX_CELLS];
    let mut stack: ArrayVec<u16, { 4 * MAX_CELLS + 1 }> = ArrayVec::new();
    let mine_loaded = |i: usize| owner(i) == Some(player) && loaded(i);
    for start in 0..area {
        if visited[start] || !mine_loaded(start) {
            continue;
        }
        let mut length = 0;
        stack.push(start as u16);
        while let Some(i) = stack.pop() {
            let i = i as usize;
            visited[i] = true;
            length += 1;
            for n in neighbours(i, w, h).into_iter().flatten() {
                if !visited[n] && mine_loaded(n) && !stack.is_full() {
                    stack.push(n as u16);
                }
            }
        }
        if length > 1 {
            score += 2 * length;
        }
    }
    score
}

/// The neighbours of cell `i` of a `w` x `h` board in the order of
/// Agnishom's code: east, west, south, north.
fn neighbours(i: usize, w: usize, h: usize) -> [Option<usize>; 4] {
    let (x, y) = (i % w, i / w);
    [
        (x + 1 < w).then(|| i + 1),
        (x > 0).then(|| i - 1),
        (y + 1 < h).then(|| i + w),
        (y > 0).then(|| i - w),
    ]
}

/// Agnishom's `bestn`: the legal cells in index order, each scored by the
/// mover's [`agnishom_score`] after it; the first that scores [`WIN`] is
/// returned alone at once; otherwise the best [`BEST_N`], best first, ties
/// in index order. Empty once the game is over.
pub fn best_n(position: &Position) -> ArrayVec<(Move, i32), MAX_CELLS> {
    let mut scored: ArrayVec<(Move, i32), MAX_CELLS> = ArrayVec::new();
    let Some(mover) = position.to_move() else {
        return scored;
    };
    for cell in position.legal_cells() {
        let mv = Move::Place(cell);
        let mut after = *position;
        if after.play(mv).is_err() {
            continue;
        }
        let score = agnishom_score(&after, mover);
        if score == WIN {
            scored.clear();
            scored.push((mv, score));
            return scored;
        }
        scored.push((mv, score));
    }
    sort_best_first(&mut scored);
    scored.truncate(BEST_N);
    scored
}

/// Sorts by score, best first, equal scores in their order (a stable
/// insertion sort: the core has no allocator for the standard one).
fn sort_best_first<T: Copy>(items: &mut [(T, i32)]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items[j - 1].1 < items[j].1 {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Agnishom's published AI: `search(position, 3)`, each level maximising
/// the score of whoever moves there. `None` once the game is over.
pub fn agnishom(position: &Position) -> Option<Move> {
    agnishom_search(position, AGNISHOM_DEPTH).0
}

fn agnishom_search(position: &Position, depth: u32) -> (Option<Move>, i32) {
    let moves = best_n(position);
    let Some(&(first, first_score)) = moves.first() else {
        // Over: nobody moves; any value at most WIN leaves the parent's
        // choice as it was (a win scored WIN already).
        return (None, LOSS);
    };
    let (mut best, mut value) = (first, first_score);
    if depth > 1 {
        for &(mv, _) in moves.iter() {
            let mut after = *position;
            if after.play(mv).is_err() {
                continue;
            }
            let v = agnishom_search(&after, depth - 1).1;
            if v > value {
                (best, value) = (mv, v);
            }
        }
    }
    (Some(best), value)
}

/// Agnishom's evaluation and ordering in a true minimax of depth 3 for
/// the player to move (`agnishom-mm`): the root player's score three moves
/// on, [`WIN`] or [`LOSS`] at a finished game (0 at a draw), maximised on
/// the root player's turns and minimised on the others'; ties go to the
/// first in `best_n` order. `None` once the game is over.
pub fn agnishom_minimax(position: &Position) -> Option<Move> {
    let root = position.to_move()?;
    let mut best: Option<(Move, i32)> = None;
    for &(mv, _) in best_n(position).iter() {
        let mut after = *position;
        if after.play(mv).is_err() {
            continue;
        }
        let v = minimax_value(&after, root, AGNISHOM_DEPTH - 1);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((mv, v));
        }
    }
    best.map(|(mv, _)| mv)
}

fn minimax_value(position: &Position, root: Player, depth: u32) -> i32 {
    match position.status() {
        Status::Won(p) if p == root => return WIN,
        Status::Won(_) => return LOSS,
        Status::Drawn => return 0,
        Status::Playing => {}
    }
    if depth == 0 {
        return agnishom_score(position, root);
    }
    let maximise = position.to_move() == Some(root);
    let mut value: Option<i32> = None;
    for &(mv, _) in best_n(position).iter() {
        let mut after = *position;
        if after.play(mv).is_err() {
            continue;
        }
        let v = minimax_value(&after, root, depth - 1);
        let better = match value {
            None => true,
            Some(b) if maximise => v > b,
            Some(b) => v < b,
        };
        if better {
            value = Some(v);
        }
    }
    value.unwrap_or(0)
}

/// notshridhar's evaluation of `position` for `player`: Agnishom's first
/// step (orbs, threats, safe corners, edges and loaded cells) without the
/// chains and the win scores, plus 2 for each loaded cell beside another
/// loaded cell of the player's.
pub fn ns_score(position: &Position, player: Player) -> i32 {
    side_score(position, player, &Weights::AGNISHOM)
}

/// notshridhar's scores of every cell of the board in index order, as
/// its `minimax__load_scores` makes them: [`ILLEGAL`] for a cell the
/// player to move may not take, [`WIN`] for a cell that wins at once
/// (which ends the scan: later cells keep 0), otherwise the value of the
/// alpha-beta search below it.
pub fn ns_scores(position: &Position) -> ArrayVec<i32, MAX_CELLS> {
    let mut scores = ArrayVec::new();
    let Some(root) = position.to_move() else {
        return scores;
    };
    let board = position.board();
    let mut alpha = LOSS;
    let mut won = false;
    for cell in board.cells() {
        if won {
            scores.push(0);
            continue;
        }
        let mut after = *position;
        if after.play(Move::Place(cell)).is_err() {
            scores.push(ILLEGAL);
            continue;
        }
        if after.is_over() {
            let score = over_value(&after, root);
            scores.push(score);
            won = score == WIN;
            continue;
        }
        let score = ns_value(&after, root, NS_PLIES - 1, alpha, WIN);
        scores.push(score);
        alpha = alpha.max(score);
    }
    scores
}

/// The value of a finished game for `root`, as notshridhar scores it.
fn over_value(position: &Position, root: Player) -> i32 {
    match position.status() {
        Status::Won(p) if p == root => WIN,
        Status::Won(_) => LOSS,
        _ => 0,
    }
}

/// notshridhar's maximiser (the root player to move) and minimiser (an
/// opponent), `plies` moves from the evaluation, with its alpha-beta as
/// written: a move that ends the game returns at once.
fn ns_value(position: &Position, root: Player, plies: u32, mut alpha: i32, mut beta: i32) -> i32 {
    if plies == 0 {
        return ns_score(position, root);
    }
    let maximise = position.to_move() == Some(root);
    let mut score = if maximise { LOSS } else { WIN };
    for cell in position.legal_cells() {
        let mut after = *position;
        if after.play(Move::Place(cell)).is_err() {
            continue;
        }
        if after.is_over() {
            return over_value(&after, root);
        }
        let child = ns_value(&after, root, plies - 1, alpha, beta);
        if maximise {
            score = score.max(child);
            alpha = alpha.max(score);
        } else {
            score = score.min(child);
            beta = beta.min(score);
        }
        if alpha >= beta {
            return score;
        }
    }
    score
}

/// notshridhar's move: the cells sorted by [`ns_scores`], best first,
/// ties in index order; the best when it wins at once or fewer than two
/// scores are positive, otherwise one of the best three positive ones at
/// random with weights 6, 4 and 2. `None` once the game is over.
pub fn ns(position: &Position, rng: &mut Rng) -> Option<Move> {
    let scores = ns_scores(position);
    let mut order: ArrayVec<(usize, i32), MAX_CELLS> = scores.iter().copied().enumerate().collect();
    sort_best_first(&mut order);
    let &(best, best_score) = order.first()?;
    let positive: ArrayVec<usize, 3> = order
        .iter()
        .filter(|&&(_, s)| s > 0)
        .map(|&(i, _)| i)
        .take(3)
        .collect();
    let pick = if best_score == WIN || positive.len() <= 1 {
        best
    } else {
        let weights = [6, 4, 2];
        let total: u32 = weights[..positive.len()].iter().sum();
        let mut draw = rng.below(total);
        let mut chosen = positive[0];
        for (&i, &w) in positive.iter().zip(weights.iter()) {
            if draw < w {
                chosen = i;
                break;
            }
            draw -= w;
        }
        chosen
    };
    position.board().cells().nth(pick).map(Move::Place)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::Rules;

    fn position(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn agnishoms_score_by_hand() {
        // a: (0,0), a corner with 1 orb (loaded: its mass is 2). b: (1,0),
        // an edge cell of mass 3 with 2 orbs (loaded), and (2,1), an edge
        // cell with 1 orb.
        let p = position("classic 2 1a2b./..1b/... a 2 - *");
        // a's corner is beside b's loaded (1,0): 1 - (5 - 2) = -2.
        assert_eq!(agnishom_score(&p, Player::ONE), -2);
        // b: 3 orbs; (1,0) beside a's loaded corner: -(5 - 3); (2,1) a
        // safe edge: +2.
        assert_eq!(agnishom_score(&p, Player::TWO), 3 - 2 + 2);
        // Nothing of the enemy's left: a win.
        let won = position("classic 2 3b.2b/.4b./3b.2b - 14 a b");
        assert_eq!(agnishom_score(&won, Player::TWO), WIN);
        assert_eq!(agnishom_score(&won, Player::ONE), LOSS);
    }

    #[test]
    fn the_chain_walk_counts_a_cell_pushed_twice_twice() {
        // A 2x2 block of loaded cells on a 4x4 board (inside cells hold 3,
        // edges 2, corners 1): from (1,1) the walk pushes (2,1) east and
        // (1,2) south; popping (1,2) pushes (2,2); popping (2,2) pushes
        // (2,1) again: 5 pops for 4 cells.
        let p = position("classic 2 ..../.3a3a./.3a3a./.1b.. b 9 - *");
        let orbs = 12;
        let safe_loaded = 4 * 2;
        assert_eq!(agnishom_score(&p, Player::ONE), orbs + safe_loaded + 2 * 5);
    }

    #[test]
    fn best_n_keeps_ten_or_a_win() {
        let start = Position::new(Rules::Classic, 6, 9, 2).unwrap();
        let moves = best_n(&start);
        assert_eq!(moves.len(), BEST_N);
        // Corners first (3 + 1), in index order.
        assert_eq!(moves[0].0, Move::Place(Cell::new(0, 0).unwrap()));
        assert_eq!(moves[1].0, Move::Place(Cell::new(5, 0).unwrap()));
        let winning = position("classic 2 1a2b./2b3b2b/1a2b. b 13 - *");
        let moves = best_n(&winning);
        assert_eq!(moves.len(), 1);
        // (1,0) is the first of b's cells in index order, and it wins.
        assert_eq!(moves[0], (Move::Place(Cell::new(1, 0).unwrap()), WIN));
    }

    #[test]
    fn the_searches_take_a_win_and_play_legal_moves() {
        let winning = position("classic 2 1a2b./2b3b2b/1a2b. b 13 - *");
        for mv in [
            agnishom(&winning),
            agnishom_minimax(&winning),
            ns(&winning, &mut Rng::new(1)),
        ] {
            let mut after = winning;
            after.play(mv.unwrap()).unwrap();
            assert_eq!(after.status(), Status::Won(Player::TWO), "{mv:?}");
        }
        let mut p = Position::new(Rules::Classic, 4, 4, 2).unwrap();
        let mut rng = Rng::new(4);
        while !p.is_over() {
            let mv = match p.ply() % 3 {
                0 => agnishom(&p),
                1 => agnishom_minimax(&p),
                _ => ns(&p, &mut rng),
            };
            p.play(mv.unwrap()).unwrap();
        }
        assert_eq!(agnishom(&p), None);
        assert_eq!(ns(&p, &mut rng), None);
    }

    #[test]
    fn ns_scores_mark_illegal_cells_and_stop_at_a_win() {
        let p = position("classic 2 1a2b./2b3b2b/1a2b. b 13 - *");
        let scores = ns_scores(&p);
        assert_eq!(scores.len(), 9);
        assert_eq!(scores[0], ILLEGAL);
        // (1,0) is b's and wins at once: later cells keep 0.
        assert_eq!(&scores[1..], &[WIN, 0, 0, 0, 0, 0, 0, 0]);
    }
}
