//! The strong engine's evaluation of an Atom-4 position.
//!
//! Atom-4 is won by a straight row of four of one's propagator (white for
//! player 1, black for player 2), and a propagator appears only where a
//! splash completes a colour: white from a two-bit colour hit by the one
//! additive tile it lacks, black from a one-bit colour hit by the one
//! subtractive tile that shares none of its bits. So the evaluation looks
//! at every window of four cells in a straight line that holds none of the
//! opponent's propagators, and asks how many of its cells are already the
//! side's propagator, how many are one splash away ("near"), how many are
//! empty; near cells that the side's next own tile completes count more.
//! A move wins at once in two ways: a row of three whose fourth cell it
//! splashes with the right tile, or two propagators beside two near cells
//! that one placement touches both of (a splash turns up to six cells, so
//! one move can add two to a row). The side to move having either is
//! nearly a win; the opponent having them is a threat to answer.

use super::board::{Board, Change, Recorder};
use super::color::{Color, Tile};
use super::geometry::Direction;
use super::state::{propagator, Atom4};
use crate::game::Player;
use crate::grid::{Bitboard, Cell};
use crate::search::Evaluator;

/// The weights of the evaluation (units: a thousandth of a win, roughly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A window of three propagators and a near cell.
    pub three_near: i32,
    /// ... whose near cell the side's next own tile completes.
    pub three_near_next_tile: i32,
    /// Three propagators and an empty cell.
    pub three_empty: i32,
    /// Three propagators and a cell of another colour.
    pub three_other: i32,
    /// Two propagators (and no opponent's).
    pub two: i32,
    /// One propagator (and no opponent's).
    pub one: i32,
    /// Each propagator on the board.
    pub propagator: i32,
    /// Each near cell on the board.
    pub near: i32,
    /// The side to move can complete a row this move.
    pub win_now: i32,
    /// The opponent threatens to complete a row with its next tile ...
    pub threat: i32,
    /// ... in two or more places, which one move rarely stops.
    pub double_threat: i32,
    /// Percent added to the searching player's own terms (not the
    /// opponent's): a player that expects to outplay its opponent builds
    /// its own rows rather than only breaking the other's.
    pub aggression: i32,
}

impl Weights {
    /// Tuned by matches against classic level 4 at 30 ms a move
    /// (`ATOM4_WEIGHTS` in the match runner); larger row weights lose:
    /// rows the opponent can still break are worth little. The aggression
    /// was screened against classic level 5 at 40,000 nodes a move
    /// (`docs/atom4-strength.md`).
    pub const DEFAULT: Weights = Weights {
        three_near: 30,
        three_near_next_tile: 45,
        three_empty: 12,
        three_other: 6,
        two: 6,
        one: 1,
        propagator: 10,
        near: 2,
        win_now: 2000,
        threat: 60,
        double_threat: 900,
        aggression: 50,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// The strong engine: the generic search with this evaluation.
pub type StrongSearch<'t> =
    crate::search::Search<Atom4, StrongEval, crate::search::Table<'t, Cell>>;

/// The strong evaluation, with its weights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StrongEval {
    pub weights: Weights,
    /// The player to move at the root of the search under way.
    root: Option<Player>,
    /// The window starts that lie on the board, per axis, for the board
    /// size last seen: they depend on nothing else.
    windows_on_board: Option<((u8, u8), [Bitboard; 3])>,
}

impl StrongEval {
    pub const fn new(weights: Weights) -> StrongEval {
        StrongEval {
            weights,
            root: None,
            windows_on_board: None,
        }
    }

    /// Window starts whose four cells lie on `board`, per axis of [`AXES`].
    /// Out of line on a microcontroller: two callers, one copy (flash).
    #[cfg_attr(target_os = "none", inline(never))]
    fn windows_on_board(&mut self, board: &Board) -> [Bitboard; 3] {
        let size = (board.width(), board.height());
        match self.windows_on_board {
            Some((seen, starts)) if seen == size => starts,
            _ => {
                let area = board.area();
                // A window is on the board when its first and last cells are.
                let starts = AXES.map(|axis| area & window(area, axis)[3]);
                self.windows_on_board = Some((size, starts));
                starts
            }
        }
    }
}

/// The sets the evaluation works with, for one side.
#[derive(Clone, Copy)]
struct SideSets {
    /// The side's propagators.
    own: Bitboard,
    /// Cells one splash from becoming the side's propagator.
    near: Bitboard,
    /// Near cells that the side's next own tile would complete.
    next: Bitboard,
    /// Cells no window of the side's may hold: the opponent's propagators,
    /// and cells that no splash reaches any more and that are not the
    /// side's propagators (its windows through them are dead).
    blocked: Bitboard,
}

/// Per-cell counts of four bits (a window's cells), bit-sliced: the count
/// is `lo + 2 mid + 4 hi`.
struct Count4 {
    lo: Bitboard,
    mid: Bitboard,
    hi: Bitboard,
}

impl Count4 {
    #[inline]
    fn new(s: [Bitboard; 4]) -> Count4 {
        let (x1, y1) = (s[0] ^ s[1], s[0] & s[1]);
        let (x2, y2) = (s[2] ^ s[3], s[2] & s[3]);
        let (lo, carry) = (x1 ^ x2, x1 & x2);
        let mid = y1 ^ y2 ^ carry;
        let hi = (y1 & y2) | (y1 & carry) | (y2 & carry);
        Count4 { lo, mid, hi }
    }
}

/// The axes, each walked one way: windows start at a cell and run on.
const AXES: [Direction; 3] = [
    Direction::Right,
    Direction::LowerRight,
    Direction::LowerLeft,
];

/// `set` and its copies moved 1, 2, 3 steps back along `axis`: bit `c` of
/// copy `k` says whether the cell `k` steps from `c` along `axis` is in `set`.
#[inline]
fn window(set: Bitboard, axis: Direction) -> [Bitboard; 4] {
    let s2 = axis.cells_two_toward(set);
    [set, axis.cells_toward(set), s2, axis.cells_toward(s2)]
}

/// Window starts along `axis` whose window holds a cell of `set`. Out of
/// line on a microcontroller: its four copies then never sit in the
/// evaluation's frame (the depth-4 stack budget).
#[cfg_attr(target_os = "none", inline(never))]
fn touching(set: Bitboard, axis: Direction) -> Bitboard {
    // `window`'s copies ORed as they come: fewer sets alive at once.
    let two = axis.cells_two_toward(set);
    let near = set | axis.cells_toward(set);
    near | two | axis.cells_toward(two)
}

/// White's and black's dead cells (see [`StrongEval::evaluate`]) when
/// `root` searches. Out of line on a microcontroller: its sets then never
/// sit in the evaluation's frame (the depth-4 stack budget).
#[cfg_attr(target_os = "none", inline(never))]
fn dead_cells(
    root: Option<Player>,
    occupied: Bitboard,
    empty: Bitboard,
    white: Bitboard,
    black: Bitboard,
) -> (Bitboard, Bitboard) {
    let mut touched = Bitboard::EMPTY;
    for dir in Direction::ALL {
        touched |= dir.cells_toward(empty);
    }
    let frozen = occupied & !touched;
    let out_of_reach = |own: Bitboard| occupied & !own & !splash_targets(empty, own);
    match root {
        Some(Player::ONE) => (frozen & !white, out_of_reach(black)),
        Some(_) => (out_of_reach(white), frozen & !black),
        None => (frozen & !white, frozen & !black),
    }
}

/// Cells that a piece placed now on one of `legal` splashes: in each
/// direction, the first cell past the run of the mover's propagators `own`.
fn splash_targets(legal: Bitboard, own: Bitboard) -> Bitboard {
    // On a desktop each direction is spelled out, so that every shift is
    // specialised to it; a microcontroller keeps one loop (flash).
    #[cfg(not(target_os = "none"))]
    {
        let [d0, d1, d2, d3, d4, d5] = Direction::ALL;
        splash_along(d0, legal, own)
            | splash_along(d1, legal, own)
            | splash_along(d2, legal, own)
            | splash_along(d3, legal, own)
            | splash_along(d4, legal, own)
            | splash_along(d5, legal, own)
    }
    #[cfg(target_os = "none")]
    {
        let mut targets = Bitboard::EMPTY;
        for dir in Direction::ALL {
            targets |= splash_along(dir, legal, own);
        }
        targets
    }
}

/// [`splash_targets`] in the direction `dir`.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn splash_along(dir: Direction, legal: Bitboard, own: Bitboard) -> Bitboard {
    // Cells whose neighbour the other way is in the set: one step `dir`.
    let step = |set: Bitboard| dir.opposite().cells_toward(set);
    let mut targets = Bitboard::EMPTY;
    let mut front = step(legal);
    // A run of propagators is at most three long in play (four would have
    // won); 16, the frame's width, covers a run of any length.
    for _ in 0..16 {
        targets |= front & !own;
        front = step(front & own);
        if front.is_empty() {
            break;
        }
    }
    targets
}

/// What one side's windows along one axis add up to.
struct AxisScore {
    score: i32,
    /// The near fourth cells of rows of three (one splash there wins).
    finishing: Bitboard,
    /// Pairs of near cells that the side's next tile turns both of at
    /// once, beside two propagators in a window and with an empty cell
    /// beside them to place on.
    pairs: u32,
}

impl StrongEval {
    /// The window score of one side along one axis. The windows are made
    /// here, one side at a time, so that a microcontroller's evaluation
    /// frame holds few of them at once (the depth-4 stack budget).
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn axis_score(
        &self,
        s: &SideSets,
        axis: Direction,
        empty: Bitboard,
        start_ok: Bitboard,
    ) -> AxisScore {
        let w = &self.weights;
        let mut result = AxisScore {
            score: 0,
            finishing: Bitboard::EMPTY,
            pairs: 0,
        };
        // How many of the four are propagators, bit-sliced; four never
        // occurs in a position in play (it would have won).
        let p = Count4::new(window(s.own, axis));
        // Windows on the board, free of blocked cells, with a propagator.
        let valid = start_ok & !touching(s.blocked, axis) & (p.lo | p.mid | p.hi);
        if valid.is_empty() {
            return result;
        }
        let three = valid & p.lo & p.mid;
        let two = valid & p.mid & !p.lo;
        result.score = w.two * two.count() as i32 + w.one * (valid & p.lo & !p.mid).count() as i32;
        if three.is_empty() && two.is_empty() {
            return result;
        }
        let next = window(s.next, axis);
        result.pairs = pairs_to_place(two, &next, axis, empty).count();
        if three.is_empty() {
            return result;
        }
        let near = window(s.near, axis);
        let with_near = three & (near[0] | near[1] | near[2] | near[3]);
        let with_empty = three & touching(empty, axis);
        let with_next = with_near & (next[0] | next[1] | next[2] | next[3]);
        result.score += w.three_near * with_near.count() as i32
            + (w.three_near_next_tile - w.three_near) * with_next.count() as i32
            + w.three_empty * with_empty.count() as i32
            + w.three_other * (three & !with_near & !with_empty).count() as i32;
        result.finishing = in_place(with_near, &near, axis);
        result
    }
}

/// For each window of `starts` that holds one cell of a set (the set's
/// window copies are `near`, see [`window`]), that cell in its place.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn in_place(starts: Bitboard, near: &[Bitboard; 4], axis: Direction) -> Bitboard {
    let forward = |set: Bitboard| axis.opposite().cells_toward(set);
    let mut found = Bitboard::EMPTY;
    for (k, near_k) in near.iter().enumerate() {
        let mut cells = starts & *near_k;
        for _ in 0..k {
            cells = forward(cells);
        }
        found |= cells;
    }
    found
}

/// Among the windows `two` (two propagators of a side, no opponent's),
/// those whose other two cells are side by side in `next` (see [`window`])
/// with an empty cell beside both: a placement there turns both into
/// propagators and wins. A placement reaches at most two cells of a row, so
/// this and a row of three are the wins in one move. Returns the first
/// near cell of each such pair, back in its place.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn pairs_to_place(
    two: Bitboard,
    next: &[Bitboard; 4],
    axis: Direction,
    empty: Bitboard,
) -> Bitboard {
    let forward = |set: Bitboard| axis.opposite().cells_toward(set);
    let pairs = two & next[0] & next[1]
        | forward(two & next[1] & next[2])
        | forward(forward(two & next[2] & next[3]));
    if pairs.is_empty() {
        return pairs;
    }
    // The cells beside a pair (a, a + axis): a's neighbours in the
    // directions either side of `axis`. Touching both near cells, such a
    // cell is legal once empty.
    let k = axis.index();
    let beside = Direction::ALL[(k + 5) % 6].cells_toward(empty)
        | Direction::ALL[(k + 1) % 6].cells_toward(empty);
    pairs & beside
}

/// The cells a tile of `tile`'s colour turns into its mover's propagator.
#[inline]
fn completed_by(planes: &ColourSets, tile: Tile) -> Bitboard {
    planes.of(tile.color().complement())
}

/// Cells by colour.
struct ColourSets {
    occupied: Bitboard,
    bits: [Bitboard; 3],
}

impl ColourSets {
    #[cfg_attr(target_os = "none", inline(never))]
    fn new(board: &Board) -> ColourSets {
        let [occupied, r, g, b] = board.planes();
        ColourSets {
            occupied,
            bits: [r, g, b],
        }
    }

    #[cfg_attr(not(target_os = "none"), inline)]
    #[cfg_attr(target_os = "none", inline(never))]
    fn of(&self, color: Color) -> Bitboard {
        let mut set = self.occupied;
        for (i, bit) in self.bits.iter().enumerate() {
            set &= if color.bits() >> i & 1 != 0 {
                *bit
            } else {
                !*bit
            };
        }
        set
    }
}

/// Counts what a move changes, for move ordering.
struct MoveTally {
    own: u8,
    enemy: u8,
    score: i32,
    /// Propagators made or broken.
    propagators: i32,
}

impl Recorder for MoveTally {
    #[inline]
    fn record(&mut self, change: Change, changed: bool) {
        let created = (change.new as u8 == self.own) as i32;
        let destroyed = change.old.is_some_and(|c| c as u8 == self.enemy) as i32;
        self.score += (changed as i32) * (1 + 16 * created + 12 * destroyed);
        self.propagators += (changed as i32) * (created | destroyed);
    }
}

impl Evaluator<Atom4> for StrongEval {
    /// A leaf's evaluation counts the threats a quiet move makes (near
    /// cells the next tile completes), so late quiet moves near the leaves
    /// are skipped (`docs/atom4-strength.md`, round 10).
    const LATE_MOVES: [usize; 2] = [8, 12];

    fn start(&mut self, root: &Atom4) {
        self.root = Some(root.side_to_move());
    }

    /// Exact on the side of yes: a row of three whose fourth cell this
    /// tile completes and a splash from a legal cell reaches, or a pair of
    /// near cells beside two propagators that one placement turns both of
    /// (the evaluation's `win_now`). The test below checks it against
    /// every move of many positions.
    fn wins_at_once(&mut self, game: &Atom4) -> bool {
        let board = game.board();
        let colours = ColourSets::new(board);
        let own = colours.of(propagator(game.side_to_move()));
        let next = completed_by(&colours, game.tile());
        if own.is_empty() || next.is_empty() {
            return false;
        }
        // Every winning cell of `next` lies beside one of the propagators
        // (a quick no on a desktop; a microcontroller spares the flash).
        #[cfg(not(target_os = "none"))]
        {
            let mut beside_own = Bitboard::EMPTY;
            for dir in Direction::ALL {
                beside_own |= dir.cells_toward(own);
            }
            if (next & beside_own).is_empty() {
                return false;
            }
        }
        // The windows that win hold no opponent's propagator, and `next`
        // cells are near cells: the mover's window score along each axis,
        // with `next` as its near cells and nothing else blocked, finds
        // both kinds of win (no second copy of the window code: flash).
        let side = SideSets {
            own,
            near: next,
            next,
            blocked: colours.of(propagator(game.side_to_move().other())),
        };
        let empty = board.area() & !colours.occupied;
        let on_board = self.windows_on_board(board);
        let mut finishing = Bitboard::EMPTY;
        for (a, axis) in AXES.into_iter().enumerate() {
            let here = self.axis_score(&side, axis, empty, on_board[a]);
            if here.pairs > 0 {
                return true;
            }
            finishing |= here.finishing;
        }
        !finishing.is_empty() && !(finishing & splash_targets(board.legal_cells(), own)).is_empty()
    }

    /// Tactical moves first: those that make the mover's propagators or
    /// break the opponent's (wins among them), then big splashes.
    fn move_hint(&mut self, game: &Atom4, mv: Cell) -> i32 {
        let mover = game.side_to_move();
        let mut tally = MoveTally {
            own: propagator(mover) as u8,
            enemy: propagator(mover.other()) as u8,
            score: 0,
            propagators: 0,
        };
        game.board().preview(mv, game.tile().color(), &mut tally);
        if tally.propagators > 0 {
            crate::search::TACTICAL + tally.score * 64
        } else {
            tally.score * 64
        }
    }

    fn evaluate(&mut self, game: &Atom4) -> i32 {
        let board = game.board();
        let colours = ColourSets::new(board);
        let [r, g, b] = colours.bits;
        let occupied = colours.occupied;
        let two_bits = occupied & ((r & g & !b) | (r & !g & b) | (!r & g & b));
        let one_bit = occupied & ((r & !g & !b) | (!r & g & !b) | (!r & !g & b));
        let area = board.area();
        let empty = area & !occupied;
        let white = occupied & r & g & b;
        let black = occupied & !(r | g | b);
        // Dead cells: occupied, not the side's propagator, and out of every
        // splash's reach for good, so that the side's windows through them
        // can never be completed (the board fills; wins come from rows
        // that can). For the searching player, a cell with no empty
        // neighbour counts as dead; for its opponent, only one that no
        // splash from an empty cell reaches even along the opponent's own
        // propagators: the engine builds where it can still play and
        // guards against every row the opponent can still complete.
        let (white_dead, black_dead) = dead_cells(self.root, occupied, empty, white, black);

        let mover = game.side_to_move();
        let tile = game.tile();
        // The next tile each player places: the mover's is the current one.
        let next_tile = |p: Player| if p == mover { tile } else { tile.next() };
        let sets = |p: Player| match p {
            Player::ONE => SideSets {
                own: white,
                near: two_bits,
                next: completed_by(&colours, next_tile(p)),
                blocked: black | white_dead,
            },
            _ => SideSets {
                own: black,
                near: one_bit,
                next: completed_by(&colours, next_tile(p)),
                blocked: white | black_dead,
            },
        };
        let mine = sets(mover);
        let theirs = sets(mover.other());
        let w = &self.weights;
        let mut score = w.propagator * mine.own.count() as i32 + w.near * mine.near.count() as i32;
        let mut against =
            w.propagator * theirs.own.count() as i32 + w.near * theirs.near.count() as i32;
        let on_board = self.windows_on_board(board);
        let mut my_finishing = Bitboard::EMPTY;
        let mut their_finishing = Bitboard::EMPTY;
        let (mut my_pairs, mut their_pairs) = (0, 0);
        macro_rules! add_axis {
            ($start_ok:expr, $axis:expr) => {{
                let mine_here = self.axis_score(&mine, $axis, empty, $start_ok);
                let theirs_here = self.axis_score(&theirs, $axis, empty, $start_ok);
                score += mine_here.score;
                against += theirs_here.score;
                my_finishing |= mine_here.finishing;
                their_finishing |= theirs_here.finishing;
                my_pairs += mine_here.pairs;
                their_pairs += theirs_here.pairs;
            }};
        }
        // On a desktop each axis is spelled out, so that every shift is
        // specialised to its direction (a fifth faster); a microcontroller
        // keeps one loop, which costs it less flash and stack.
        #[cfg(not(target_os = "none"))]
        {
            add_axis!(on_board[0], AXES[0]);
            add_axis!(on_board[1], AXES[1]);
            add_axis!(on_board[2], AXES[2]);
        }
        #[cfg(target_os = "none")]
        for (a, axis) in AXES.into_iter().enumerate() {
            add_axis!(on_board[a], axis);
        }
        // A row the mover completes right now: its fourth cell takes this
        // tile and a splash reaches it. Failing that, the opponent's rows
        // that its next tile completes are threats to answer.
        let winning = my_finishing & mine.next;
        let their_winning = their_finishing & theirs.next;
        if my_pairs > 0 {
            return self.balance(mover, score + self.weights.win_now, against);
        }
        if winning.is_empty() && their_winning.is_empty() && their_pairs == 0 {
            return self.balance(mover, score, against);
        }
        let legal = board.legal_cells();
        if !winning.is_empty() && !(winning & splash_targets(legal, mine.own)).is_empty() {
            return self.balance(mover, score + self.weights.win_now, against);
        }
        if !their_winning.is_empty() || their_pairs > 0 {
            let threats = their_pairs + (their_winning & splash_targets(legal, theirs.own)).count();
            against += match threats {
                0 => 0,
                1 => self.weights.threat,
                _ => self.weights.double_threat,
            };
        }
        self.balance(mover, score, against)
    }
}

impl StrongEval {
    /// The mover's terms less the opponent's, the root player's own terms
    /// raised by the aggression.
    #[inline]
    fn balance(&self, mover: Player, mine: i32, theirs: i32) -> i32 {
        let a = self.weights.aggression;
        if a == 0 {
            mine - theirs
        } else if Some(mover) == self.root {
            mine + mine * a / 100 - theirs
        } else {
            mine - theirs - theirs * a / 100
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count4_counts() {
        for bits in 0..16u8 {
            let sets = core::array::from_fn(|i| {
                if bits >> i & 1 != 0 {
                    Bitboard::FULL
                } else {
                    Bitboard::EMPTY
                }
            });
            let c = Count4::new(sets);
            let count = |b: Bitboard| (b == Bitboard::FULL) as u32;
            assert_eq!(
                count(c.lo) + 2 * count(c.mid) + 4 * count(c.hi),
                bits.count_ones(),
                "{bits:04b}"
            );
        }
    }

    /// A position where white has three in a row and red would complete
    /// the fourth (cyan) cell this move: the mover's evaluation says so.
    #[test]
    fn sees_a_win_in_one() {
        let win: Atom4 = "....../WWWc../....KK/....../....../...... r 1 0-0 *"
            .parse()
            .unwrap();
        let quiet: Atom4 = "....../WWWc../....KK/....../....../...... g 1 0-0 *"
            .parse()
            .unwrap();
        let mut eval = StrongEval::default();
        let (a, b) = (eval.evaluate(&win), eval.evaluate(&quiet));
        assert!(a > b + 1000, "{a} vs {b}");
    }

    /// Two black propagators and two reds side by side: cyan below the
    /// reds turns both black at once, a win the mover's evaluation sees;
    /// with purple (which leaves red as it is) there is none. For the
    /// opponent the same pair is a threat.
    #[test]
    fn sees_a_win_by_two_at_once() {
        let text = |tile: char| format!("....../.KKrr./....../....../...... {tile} 1 0-0 *");
        let [win, quiet]: [Atom4; 2] = ['c', 'p'].map(|t| text(t).parse().unwrap());
        let mut eval = StrongEval::default();
        let (a, b) = (eval.evaluate(&win), eval.evaluate(&quiet));
        assert!(a > b + 1000, "{a} vs {b}");
        // Player 1 to move; after green comes cyan, after blue purple.
        let threatened: Atom4 = text('g').parse().unwrap();
        let calm: Atom4 = text('b').parse().unwrap();
        let (t, c) = (eval.evaluate(&threatened), eval.evaluate(&calm));
        assert!(t < c - 30, "{t} vs {c}");
        // The search plays it.
        let mut table = [crate::search::Entry::EMPTY; 64];
        let report =
            StrongSearch::new(&mut table, eval).run(&win, crate::search::Limits::depth(2), &mut ());
        let mut after = win;
        after.play(report.best.unwrap()).unwrap();
        assert!(after.is_over());
    }

    /// White's row of three ends in a cyan that red would turn white; with
    /// every neighbour of the cyan occupied no splash reaches it, and for
    /// the searching player that row counts for nothing.
    #[test]
    fn rows_that_cannot_be_completed_count_for_nothing() {
        let live: Atom4 = "...rr./WWWc../...rr./....../....../...... g 1 0-0 *"
            .parse()
            .unwrap();
        let dead: Atom4 = "...rr./WWWcr./...rr./....../....../...... g 1 0-0 *"
            .parse()
            .unwrap();
        let mut eval = StrongEval::default();
        eval.start(&live);
        let (l, d) = (eval.evaluate(&live), eval.evaluate(&dead));
        let w = Weights::DEFAULT;
        assert!(l - d >= w.three_near, "{l} vs {d}");
        // Without a searching player (no `start`), the same holds.
        let mut fresh = StrongEval::default();
        let (l, d) = (fresh.evaluate(&live), fresh.evaluate(&dead));
        assert!(l - d >= w.three_near, "{l} vs {d}");
    }

    /// The searching player's own rows weigh more than its opponent's:
    /// white's pair of propagators is worth more to player 1 when player 1
    /// searches than when player 2 does (and then as much as without
    /// aggression).
    #[test]
    fn the_searching_players_own_rows_weigh_more() {
        let game: Atom4 = "....../.WW.c./....../....../....../...... g 1 0-0 *"
            .parse()
            .unwrap();
        let mut player_two = game;
        player_two.pass_turn();
        let mut eval = StrongEval::default();
        eval.start(&game);
        let searching_as_one = eval.evaluate(&game);
        eval.start(&player_two);
        let searching_as_two = eval.evaluate(&game);
        assert!(
            searching_as_one > searching_as_two,
            "{searching_as_one} vs {searching_as_two}"
        );
        let mut plain = StrongEval::new(Weights {
            aggression: 0,
            ..Weights::DEFAULT
        });
        plain.start(&game);
        assert_eq!(plain.evaluate(&game), searching_as_two);
    }

    /// `wins_at_once` never says yes wrongly, and finds nearly every win:
    /// every legal move of every position of many random rounds is played
    /// to see whether it wins.
    #[test]
    fn wins_at_once_is_exact_on_the_side_of_yes() {
        let mut rng = crate::rng::Rng::new(41);
        let mut eval = StrongEval::default();
        let (mut wins, mut found) = (0, 0);
        for round in 0..300 {
            let (w, h) = if round % 3 == 0 { (8, 8) } else { (16, 16) };
            let mut game = Atom4::new(w, h).unwrap();
            while !game.is_over() {
                let mover = game.side_to_move();
                let legal = game.legal_moves();
                let wins_here = legal.iter().any(|mv| {
                    let mut after = game;
                    after.play(mv).unwrap();
                    after.status() == crate::atom4::Status::Won(mover)
                });
                let said = eval.wins_at_once(&game);
                assert!(!said || wins_here, "a win claimed wrongly:\n{game}");
                wins += wins_here as u32;
                found += (said && wins_here) as u32;
                // Random play, but a side that can win mostly does not:
                // rounds then go on with rows of three on the board.
                let mv = legal.nth(rng.below(legal.count())).unwrap();
                game.play(mv).unwrap();
            }
        }
        assert!(wins > 200, "too few positions with a win to check: {wins}");
        assert!(found * 100 >= wins * 95, "found {found} of {wins} wins");
    }

    /// `splash_targets` is, cell for cell, what walking from each legal
    /// cell in each direction over the mover's propagators finds (on random
    /// sets, runs of any length included).
    #[test]
    fn splash_targets_match_a_walk_from_each_cell() {
        let mut rng = crate::rng::Rng::new(77);
        let random_set = |rng: &mut crate::rng::Rng, percent: u32| {
            let mut set = Bitboard::EMPTY;
            for i in 0..=255u8 {
                set.insert_if(i, rng.below(100) < percent);
            }
            set
        };
        for round in 0..200 {
            let own = random_set(&mut rng, [10, 30, 60][round % 3]);
            let legal = random_set(&mut rng, 15) & !own;
            let mut expected = Bitboard::EMPTY;
            for cell in legal.iter() {
                for dir in Direction::ALL {
                    let mut at = dir.step_in_frame(cell);
                    while let Some(c) = at.filter(|c| own.has(*c)) {
                        at = dir.step_in_frame(c);
                    }
                    if let Some(c) = at {
                        expected.insert(c.index());
                    }
                }
            }
            assert_eq!(splash_targets(legal, own), expected, "round {round}");
        }
    }

    #[test]
    fn splash_targets_pass_over_own_propagators() {
        let board: Board = "....../.WW.c./....../....../....../......".parse().unwrap();
        let legal = Bitboard::from_index(16); // (0, 1)
        let own = board.cells_of(Color::White);
        let hit = splash_targets(legal, own);
        // Rightwards from (0,1): over W W to the empty (3,1).
        assert!(hit.has(crate::Cell::new(3, 1).unwrap()));
        assert!(!hit.has(crate::Cell::new(1, 1).unwrap()));
    }
}
