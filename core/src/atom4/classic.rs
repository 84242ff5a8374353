//! The classic computer player of atom4 4.1, exactly: level `d` searches
//! `d + 1` plies with the original's `(changes, created, destroyed)`
//! accumulator, its float weights and its quirks, and picks uniformly among
//! all best moves, as the README's "Computer players" says; the classic
//! vectors in `tests/data/atom4/` (recorded from the original) check it.
//!
//! The original was plain minimax; this is alpha-beta with move ordering,
//! arranged so that every root value and the set of best moves come out
//! bit-identical (see [`analyse`]).

use arrayvec::ArrayVec;

use super::board::{Change, Recorder};
use super::state::{propagator, Atom4, Status};
use crate::grid::Cell;
use crate::rng::Rng;

/// The deepest level offered (`d + 1` plies: 9). Each level costs one stack
/// frame of about 1 KiB.
pub const MAX_LEVEL: u8 = 8;

/// What the original adds up along a line of play, from the point of view
/// of the side that just moved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    changes: i32,
    created: i32,
    destroyed: i32,
}

impl Tally {
    /// The same line seen by the opponent: negated, and what one side
    /// created is what the other sees destroyed.
    #[inline]
    fn for_opponent(self) -> Tally {
        Tally {
            changes: -self.changes,
            created: -self.destroyed,
            destroyed: -self.created,
        }
    }

    /// `H(h) = 1.0 changes + 1.7 created + 1.5 destroyed`, in double
    /// precision, rounded to a float.
    #[inline]
    fn value(self) -> f32 {
        (1.0 * self.changes as f64 + 1.7 * self.created as f64 + 1.5 * self.destroyed as f64) as f32
    }

    /// A win: `1000 + H(h)`, again in double precision, rounded to a float.
    #[inline]
    fn win_value(self) -> f32 {
        (1000.0 + self.value() as f64) as f32
    }
}

/// Counts a move's changes into a [`Tally`] as the move is made.
struct Counter {
    tally: Tally,
    own: u8,
    opponent: u8,
}

impl Recorder for Counter {
    #[inline]
    fn record(&mut self, change: Change, changed: bool) {
        let changed = changed as i32;
        self.tally.changes += changed;
        self.tally.created += changed & (change.new as u8 == self.own) as i32;
        let was_opponents = change.old.is_some_and(|c| c as u8 == self.opponent);
        self.tally.destroyed += changed & was_opponents as i32;
    }
}

/// The value the original gives to a position whose mover has no reply:
/// the move before filled the board without winning.
const NO_REPLY: f32 = -1e9;

/// The result of a classic search.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The best value, bit for bit the original's.
    pub value: f32,
    /// Every root move with that value, in row-major order.
    pub best_moves: ArrayVec<Cell, 256>,
    /// Positions visited (moves made), for speed measurements.
    pub nodes: u64,
}

/// Why [`analyse`] could not search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassicError {
    /// The round is over: there is no move to choose.
    RoundOver,
    /// The level is above [`MAX_LEVEL`].
    LevelTooHigh,
}

impl core::fmt::Display for ClassicError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ClassicError::RoundOver => f.write_str("the round is over"),
            ClassicError::LevelTooHigh => write!(f, "classic levels go from 0 to {MAX_LEVEL}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ClassicError {}

/// The largest float below `x` (for finite `x`): the window bound that
/// keeps a child whose value equals `x` exactly inside the window.
#[inline]
fn next_down(x: f32) -> f32 {
    if x.is_nan() || x == f32::NEG_INFINITY {
        return x;
    }
    if x == 0.0 {
        return -f32::from_bits(1);
    }
    let bits = x.to_bits();
    f32::from_bits(if x > 0.0 { bits - 1 } else { bits + 1 })
}

/// One classic search.
struct Searcher {
    nodes: u64,
}

impl Searcher {
    /// Makes `mv` on a copy of `game` and tallies it for its mover.
    #[inline]
    fn make(&mut self, game: &Atom4, mv: Cell, before: Tally) -> (Atom4, Tally) {
        self.nodes += 1;
        let mover = game.side_to_move();
        let mut counter = Counter {
            tally: before,
            own: propagator(mover) as u8,
            opponent: propagator(mover.other()) as u8,
        };
        let mut child = *game;
        child.play_unchecked(mv, &mut counter);
        (child, counter.tally)
    }

    /// The value, for the side to move in `game`, of its best move: the
    /// maximum over moves of [`Searcher::move_value`], exact when it lies
    /// strictly inside `(alpha, beta)`; otherwise a bound on the far side.
    /// `before` is the line's tally from this side's point of view, `plies`
    /// the plies still to search after this one.
    ///
    /// The original keeps the first of equal values in row-major order; any
    /// order gives the same bits here, because equal values are equal bits:
    /// a leaf's `H` is an integer combination, so a zero is always `+0.0`,
    /// the children of one node all lie at the same depth, so their zeros
    /// all carry the same sign, and wins and the 1e9 quirk are never zero.
    /// (A test compares against the plain row-major minimax, bit for bit.)
    fn best_reply(
        &mut self,
        game: &Atom4,
        before: Tally,
        plies: u8,
        mut alpha: f32,
        beta: f32,
    ) -> f32 {
        let legal = game.legal_moves();
        if legal.is_empty() {
            return NO_REPLY;
        }
        let mut best = f32::NEG_INFINITY;
        if plies == 0 {
            // The children are leaves: value each, in row-major order.
            for mv in legal.iter() {
                let (child, tally) = self.make(game, mv, before);
                let value =
                    if child.status() == Status::Playing || child.status() == Status::Stalemate {
                        tally.value()
                    } else {
                        tally.win_value()
                    };
                best = best.max(value);
                if best >= beta {
                    break;
                }
            }
            return best;
        }
        // Interior: make every move once, search wins and big tallies first.
        let mut order: ArrayVec<(Cell, f32), 256> = ArrayVec::new();
        for mv in legal.iter() {
            let (child, tally) = self.make(game, mv, before);
            let key = match child.status() {
                Status::Won(_) => tally.win_value(),
                _ => tally.value(),
            };
            order.push((mv, key));
        }
        sort_descending(&mut order);
        for &(mv, _) in order.iter() {
            best = best.max(self.move_value(game, mv, before, plies, alpha, beta));
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
        best
    }

    /// The value of `mv` for the side to move in `game` (see
    /// [`Searcher::best_reply`] for the window), `plies` plies after it.
    fn move_value(
        &mut self,
        game: &Atom4,
        mv: Cell,
        before: Tally,
        plies: u8,
        alpha: f32,
        beta: f32,
    ) -> f32 {
        let (child, tally) = self.make(game, mv, before);
        match child.status() {
            Status::Won(_) => tally.win_value(),
            _ if plies == 0 => tally.value(),
            // A full board without a win: the opponent has no reply, worth
            // -1e9 to it, so the move is worth +1e9 (the original's quirk).
            _ => -self.best_reply(&child, tally.for_opponent(), plies - 1, -beta, -alpha),
        }
    }
}

/// Sorts by key, largest first; stable, so equal keys keep row-major order.
fn sort_descending(order: &mut [(Cell, f32)]) {
    // Insertion sort: lists are short and nearly ordered by construction.
    for i in 1..order.len() {
        let item = order[i];
        let mut j = i;
        while j > 0 && order[j - 1].1 < item.1 {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = item;
    }
}

/// The classic level `level` search of the current position: the best
/// value and every move that reaches it.
///
/// Root moves are searched best-first with the window `(just below the best
/// so far, +inf)`, so a move is valued exactly whenever it ties or beats the
/// best: ties, and so the set of best moves, are exact.
pub fn analyse(game: &Atom4, level: u8) -> Result<Analysis, ClassicError> {
    if game.is_over() {
        return Err(ClassicError::RoundOver);
    }
    if level > MAX_LEVEL {
        return Err(ClassicError::LevelTooHigh);
    }
    let mut searcher = Searcher { nodes: 0 };
    let start = Tally::default();
    // Order root moves by their own tally too.
    let mut order: ArrayVec<(Cell, f32), 256> = ArrayVec::new();
    for mv in game.legal_moves().iter() {
        let (child, tally) = searcher.make(game, mv, start);
        let key = if child.status() == Status::Playing {
            tally.value()
        } else {
            tally.win_value()
        };
        order.push((mv, key));
    }
    sort_descending(&mut order);
    let mut values: ArrayVec<(Cell, f32), 256> = ArrayVec::new();
    let mut best = f32::NEG_INFINITY;
    for &(mv, _) in order.iter() {
        let value = searcher.move_value(game, mv, start, level, next_down(best), f32::INFINITY);
        best = best.max(value);
        values.push((mv, value));
    }
    // Row-major order through a bitboard: no sort (a sort's code costs a
    // microcontroller 2 KB of flash).
    let mut best_cells = crate::grid::Bitboard::EMPTY;
    for &(mv, v) in values.iter() {
        best_cells.insert_if(mv.index(), v == best);
    }
    let best_moves: ArrayVec<Cell, 256> = best_cells.iter().collect();
    Ok(Analysis {
        value: best,
        best_moves,
        nodes: searcher.nodes,
    })
}

/// The move the classic player makes: uniformly at random among the best.
pub fn choose(game: &Atom4, level: u8, rng: &mut Rng) -> Result<Cell, ClassicError> {
    let analysis = analyse(game, level)?;
    let i = rng.below(analysis.best_moves.len() as u32) as usize;
    // A game in play has a legal move, so there is at least one best move.
    analysis
        .best_moves
        .get(i)
        .copied()
        .ok_or(ClassicError::RoundOver)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// The original's algorithm as the spec states it: plain minimax over
    /// row-major moves, `if (value > best)`, no pruning.
    fn reference_move_value(game: &Atom4, mv: Cell, before: Tally, plies: u8) -> f32 {
        let mut s = Searcher { nodes: 0 };
        let (child, tally) = s.make(game, mv, before);
        if let Status::Won(_) = child.status() {
            return tally.win_value();
        }
        if plies == 0 {
            return tally.value();
        }
        let mut best = NO_REPLY;
        let mut first = true;
        for reply in child.legal_moves().iter() {
            let v = reference_move_value(&child, reply, tally.for_opponent(), plies - 1);
            if first || v > best {
                best = v;
                first = false;
            }
        }
        -best
    }

    fn reference(game: &Atom4, level: u8) -> (f32, Vec<Cell>) {
        let values: Vec<(Cell, f32)> = game
            .legal_moves()
            .iter()
            .map(|mv| (mv, reference_move_value(game, mv, Tally::default(), level)))
            .collect();
        let mut best = values[0].1;
        for &(_, v) in &values[1..] {
            if v > best {
                best = v;
            }
        }
        (
            best,
            values
                .iter()
                .filter(|&&(_, v)| v == best)
                .map(|&(c, _)| c)
                .collect(),
        )
    }

    /// Pruned and ordered search against the plain reference, bit for bit,
    /// on random positions of several sizes (small boards reach the
    /// board-filling quirk and stalemates).
    #[test]
    fn pruning_changes_no_value_and_no_tie() {
        let mut rng = Rng::new(11);
        let mut zeros = 0;
        for (w, h, level) in [
            (16, 16, 2),
            (6, 6, 2),
            (4, 4, 3),
            (3, 3, 4),
            (8, 5, 1),
            (5, 4, 0),
        ] {
            for _ in 0..30 {
                let mut game = Atom4::new(w, h).unwrap();
                let stop = rng.below(w as u32 * h as u32);
                for _ in 0..stop {
                    let legal = game.legal_moves();
                    if game.is_over() || legal.count() == 0 {
                        break;
                    }
                    game.play(legal.nth(rng.below(legal.count())).unwrap())
                        .unwrap();
                }
                if game.is_over() {
                    continue;
                }
                let (value, best) = reference(&game, level);
                let got = analyse(&game, level).unwrap();
                assert_eq!(got.value.to_bits(), value.to_bits(), "{game} level {level}");
                assert_eq!(
                    got.best_moves.as_slice(),
                    best.as_slice(),
                    "{game} level {level}"
                );
                zeros += (value == 0.0) as u32;
            }
        }
        assert!(zeros > 0, "no position with a zero value was tried");
    }

    #[test]
    fn next_down_is_the_float_just_below() {
        for x in [1.0f32, -1.0, 0.0, -0.0, 1e9, -1e9, 6.9] {
            let d = next_down(x);
            assert!(d < x);
            // Nothing lies between them: halfway rounds to one or the other.
            let mid = (d as f64 + x as f64) / 2.0;
            assert!(mid as f32 == d || mid as f32 == x, "{x}");
        }
    }

    #[test]
    fn refuses_finished_rounds_and_silly_levels() {
        let game = Atom4::standard();
        assert_eq!(
            analyse(&game, MAX_LEVEL + 1),
            Err(ClassicError::LevelTooHigh)
        );
        let mut over = Atom4::new(2, 2).unwrap();
        while !over.is_over() {
            over.play(over.legal_moves().first().unwrap()).unwrap();
        }
        assert_eq!(analyse(&over, 1), Err(ClassicError::RoundOver));
        let mut rng = Rng::new(1);
        let mv = choose(&game, 2, &mut rng).unwrap();
        assert!(game.legal_moves().has(mv));
    }
}
