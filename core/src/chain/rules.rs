//! The rules: what a move does (spec sections 4 and 5).
//!
//! A move adds an orb, runs the cascade in waves ([`super::cascade`]),
//! checks eliminations after every wave (`classic`, from the last player's
//! first turn on) and stops at a win, or draws at the cap of 1000 waves
//! while the check is off; then the turn passes to the next player who is
//! not out, who forfeits at once if they have no legal cell. `atoms` checks
//! nothing during the cascade, allows passes, and ends when a player is
//! without orbs after a ply from the 11th on.

use core::fmt;

use super::bits::Bits;
use super::board::{owner_masks, Board, Planes};
use super::cascade::{Cascade, Shape};
use super::position::{Move, Position, Status};
use crate::game::Player;

/// A rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Chain Reaction as the Android game: critical mass = neighbours,
    /// 2 to 8 players.
    Classic,
    /// The seed tutorial's game: threshold 4, orbs off the board lost,
    /// residual owners, passes, 2 players.
    Atoms,
}

impl Rules {
    /// The name in the notation.
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Classic => "classic",
            Rules::Atoms => "atoms",
        }
    }

    /// Whether a game of these rules may have `players` players.
    pub const fn allows_players(self, players: u8) -> bool {
        match self {
            Rules::Classic => players >= 2 && players <= 8,
            Rules::Atoms => players == 2,
        }
    }
}

/// The waves after which a cascade with the check off is a draw (spec 4.5).
pub const CAP_WAVES: u32 = 1000;

/// `atoms` checks for a player without orbs after every ply from this
/// index on (the 11th ply: the original skips its first 5 rounds).
pub const ATOMS_FIRST_CHECK: u32 = 10;

/// Why a move was refused. The position is left exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The game is over.
    GameOver,
    /// The cell is not on this board.
    OffBoard,
    /// The cell holds another player's orbs.
    NotYours,
    /// `classic` has no pass.
    NoPass,
    /// The turn counter would overflow.
    TooManyTurns,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::GameOver => "the game is over",
            IllegalMove::OffBoard => "that cell is not on the board",
            IllegalMove::NotYours => "that cell holds another player's orbs",
            IllegalMove::NoPass => "classic rules have no pass",
            IllegalMove::TooManyTurns => "no more turns can be counted",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IllegalMove {}

/// Planes of any word count, as a board: what [`Position::play_waves`]
/// shows of a cascade.
pub(crate) trait WavePlanes {
    fn store_into(&self, board: &mut Board);
}

impl<const N: usize> WavePlanes for Planes<N> {
    #[inline]
    fn store_into(&self, board: &mut Board) {
        self.store(board);
    }
}

/// Calls `$body` with `N` bound to the word count of `$board`'s planes, so
/// that each board runs the kernels of its own size. A microcontroller
/// keeps only the kernels of four words, which serve every board (the
/// words beyond the board stay empty): a quarter of the flash.
macro_rules! with_words {
    ($board:expr, $n:ident => $body:expr) => {{
        #[cfg(target_os = "none")]
        {
            let _ = $board.words();
            const $n: usize = 4;
            $body
        }
        #[cfg(not(target_os = "none"))]
        match $board.words() {
            1 => {
                const $n: usize = 1;
                $body
            }
            2 => {
                const $n: usize = 2;
                $body
            }
            3 => {
                const $n: usize = 3;
                $body
            }
            _ => {
                const $n: usize = 4;
                $body
            }
        }
    }};
}
pub(crate) use with_words;

impl Position {
    /// Why `mv` is not legal here, or `Ok` if it is.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let Some(mover) = self.to_move() else {
            return Err(IllegalMove::GameOver);
        };
        match mv {
            Move::Pass if self.rules == Rules::Classic => return Err(IllegalMove::NoPass),
            Move::Pass => {}
            Move::Place(cell) => {
                if !self.board.contains(cell) {
                    return Err(IllegalMove::OffBoard);
                }
                if self.board.count(cell) > 0 && self.board.owner(cell) != Some(mover) {
                    return Err(IllegalMove::NotYours);
                }
            }
        }
        // A move and the forfeits after it count fewer turns than players.
        if self.out_of_turns() {
            return Err(IllegalMove::TooManyTurns);
        }
        Ok(())
    }

    /// Plays `mv` for the player to move and reports its cascade; an
    /// illegal move is refused and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<Cascade, IllegalMove> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// [`Position::play`] without the checks, for moves known to be legal:
    /// an illegal one gives a wrong position, never a panic.
    pub(crate) fn play_unchecked(&mut self, mv: Move) -> Cascade {
        self.play_watched(mv, &mut |_| {})
    }

    /// Plays `mv` like [`Position::play`], and shows `on_wave` the board
    /// after the orb is added and again after every wave of its cascade
    /// (for front ends that draw the cascade wave by wave; a pass shows
    /// nothing). An illegal move is refused before anything is shown.
    pub fn play_waves(
        &mut self,
        mv: Move,
        on_wave: &mut dyn FnMut(&Board),
    ) -> Result<Cascade, IllegalMove> {
        self.check_move(mv)?;
        let mut board = self.board;
        Ok(self.play_watched(mv, &mut |planes: &dyn WavePlanes| {
            planes.store_into(&mut board);
            on_wave(&board);
        }))
    }

    /// Plays a legal `mv`, showing `on_wave` the planes after the orb and
    /// after each wave (a no-op closure compiles away).
    #[inline(always)]
    fn play_watched(&mut self, mv: Move, on_wave: &mut impl FnMut(&dyn WavePlanes)) -> Cascade {
        match mv {
            Move::Pass => {
                with_words!(self.board, N => self.pass::<N>());
                Cascade::NONE
            }
            Move::Place(cell) => {
                let Some(index) = self.board.index(cell) else {
                    return Cascade::NONE;
                };
                let (w, h) = (self.board.width(), self.board.height());
                with_words!(self.board, N => self.place_watched::<N>(index, &Shape::new(w, h, self.rules), on_wave))
            }
        }
    }

    /// Whether turn `turn` (the ply before it) checks eliminations: from
    /// the last player's first turn on (`classic` only).
    #[inline(always)]
    pub(crate) fn checks_turn(&self, turn: u32) -> bool {
        self.rules == Rules::Classic && turn >= self.players as u32 - 1
    }

    /// Places an orb of the player to move on cell `index` (dense) and
    /// runs the rest of the turn.
    #[inline(always)]
    pub(crate) fn place<const N: usize>(&mut self, index: usize, shape: &Shape<N>) -> Cascade {
        self.place_watched(index, shape, &mut |_| {})
    }

    /// [`Position::place`], showing `on_wave` the planes after the orb and
    /// after each wave.
    #[inline(always)]
    fn place_watched<const N: usize>(
        &mut self,
        index: usize,
        shape: &Shape<N>,
        on_wave: &mut impl FnMut(&dyn WavePlanes),
    ) -> Cascade {
        let mover = self.to_move;
        let turn = self.ply;
        let check = self.checks_turn(turn);
        let mover_bit = 1 << mover.index();
        let mut planes = self.board.planes::<N>();
        planes.add_orb(index, mover);
        on_wave(&planes);
        let mut cascade = Cascade::NONE;
        if planes.unstable(shape).contains(index) {
            let masks = owner_masks(mover);
            let residual = self.rules == Rules::Atoms;
            // The board was stable before the orb: only its cell explodes first.
            let mut unstable = Bits::single(index);
            loop {
                cascade.explosions += unstable.count();
                cascade.waves += 1;
                planes.wave(unstable, masks, shape, residual);
                on_wave(&planes);
                unstable = planes.unstable(shape);
                if unstable.is_empty() {
                    break;
                }
                if check {
                    if self.eliminate(&planes, mover_bit) {
                        break;
                    }
                } else if cascade.waves == CAP_WAVES && !residual {
                    self.status = Status::Drawn;
                    break;
                }
            }
        }
        // After the last wave, or for a move without explosions.
        if check && self.status == Status::Playing {
            self.eliminate(&planes, mover_bit);
        }
        planes.store(&mut self.board);
        self.end_turn(turn, &planes, shape.area);
        cascade
    }

    /// A pass (`atoms`).
    fn pass<const N: usize>(&mut self) {
        let planes = self.board.planes::<N>();
        self.end_turn(self.ply, &planes, Bits::below(self.board.area()));
    }

    /// Counts turn `turn`, runs the `atoms` end check, and passes the turn on.
    #[inline(always)]
    fn end_turn<const N: usize>(&mut self, turn: u32, planes: &Planes<N>, area: Bits<N>) {
        self.ply = turn.wrapping_add(1);
        if self.status == Status::Playing && self.rules == Rules::Atoms && turn >= ATOMS_FIRST_CHECK
        {
            let (a, b) = (Player::ONE, Player::TWO);
            let (a_has, b_has) = (planes.has_orbs(a), planes.has_orbs(b));
            if !(a_has && b_has) {
                // As `atoms3.c`: `a` wins only with orbs (both without: `b`).
                let (winner, loser) = if a_has { (a, b) } else { (b, a) };
                self.out |= 1 << loser.index();
                self.status = Status::Won(winner);
            }
        }
        if self.status == Status::Playing {
            self.advance(planes, area);
        }
        if self.status != Status::Playing {
            self.to_move = Player::ONE;
        }
    }

    /// The check: every player who is not out and has no orbs is out; if
    /// one player is left, they win. Returns whether the game is over.
    /// Players in `skip` are known to have orbs (the mover never loses any).
    #[inline(always)]
    fn eliminate<const N: usize>(&mut self, planes: &Planes<N>, skip: u8) -> bool {
        let occupied = planes.occupied();
        let mut doubtful = self.alive() & !skip;
        let mut eliminated = false;
        while doubtful != 0 {
            let p = doubtful.trailing_zeros() as usize;
            doubtful &= doubtful - 1;
            if (planes.own_index(p) & occupied).is_empty() {
                self.out |= 1 << p;
                eliminated = true;
            }
        }
        // Nobody put out now: two or more are still in.
        eliminated && self.one_left()
    }

    /// Bit `i`: player `i` is not out.
    #[inline(always)]
    fn alive(&self) -> u8 {
        !self.out & ((1u16 << self.players) - 1) as u8
    }

    /// If only one player is not out, they win. Returns whether they did.
    #[inline(always)]
    fn one_left(&mut self) -> bool {
        let alive = self.alive();
        if alive.count_ones() == 1 {
            let winner = Player::new(alive.trailing_zeros() as usize).unwrap_or(Player::ONE);
            self.status = Status::Won(winner);
            return true;
        }
        false
    }

    /// Passes the turn to the next player who is not out; one without a
    /// legal cell (`classic`) forfeits: out at once, a turn counted, and
    /// the check if that turn has it (spec 4.6).
    #[inline(always)]
    fn advance<const N: usize>(&mut self, planes: &Planes<N>, area: Bits<N>) {
        let mut p = self.to_move;
        loop {
            p = p.next(self.players as usize);
            if self.out >> p.index() & 1 != 0 {
                continue;
            }
            let stuck = self.rules == Rules::Classic
                && (planes.occupied() & area) == area
                && planes.legal(p, area).is_empty();
            if !stuck {
                self.to_move = p;
                return;
            }
            let turn = self.ply;
            self.out |= 1 << p.index();
            self.ply = turn.wrapping_add(1);
            let over = if self.checks_turn(turn) {
                self.eliminate(planes, 0) || self.one_left()
            } else {
                self.one_left()
            };
            if over {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn at(x: u8, y: u8) -> Move {
        Move::Place(Cell::new(x, y).unwrap())
    }

    /// Plays `moves` from `start` and returns the position text and the
    /// last move's explosions and waves.
    fn after(start: &str, moves: &[Move]) -> (std::string::String, u32, u32) {
        let mut position: Position = start.parse().unwrap();
        let mut last = Cascade::NONE;
        for &mv in moves {
            last = position.play(mv).unwrap();
        }
        (position.to_string(), last.explosions, last.waves)
    }

    #[test]
    fn the_classic_examples_of_the_spec() {
        // 4.9.1: a corner explodes and captures.
        assert_eq!(
            after("classic 2 1a1b./..1b/... a 2 - *", &[at(0, 0)]),
            ("classic 2 .2a./1a.1b/... b 3 - *".into(), 1, 1)
        );
        // 4.9.2: a win after wave 2 stops the cascade, over-full cells left.
        assert_eq!(
            after("classic 2 1a2b./2b3b2b/1a2b. b 13 - *", &[at(1, 1)]),
            ("classic 2 3b.2b/.4b./3b.2b - 14 a b".into(), 5, 2)
        );
        // 4.9.3: a capture in round one; `a` goes out at the first check.
        let strip = "classic 3 ..... a 0 - *";
        assert_eq!(after(strip, &[at(0, 0)]).0, "classic 3 .1a... b 1 - *");
        assert_eq!(
            after(strip, &[at(0, 0), at(0, 0)]),
            ("classic 3 .1b1b.. c 2 - *".into(), 3, 3)
        );
        assert_eq!(
            after(strip, &[at(0, 0), at(0, 0), at(3, 0)]),
            ("classic 3 .1b1b1c. b 3 a *".into(), 0, 0)
        );
        // 4.9.4: the cap.
        assert_eq!(
            after("classic 2 ./. a 0 - *", &[at(0, 0)]),
            ("classic 2 1a/. - 1 - =".into(), CAP_WAVES, CAP_WAVES)
        );
        // 4.9.5: a forfeit.
        let corners = [at(0, 0), at(1, 0), at(0, 1), at(1, 1)];
        assert_eq!(
            after("classic 5 ../.. a 0 - *", &corners).0,
            "classic 5 1a1b/1c1d a 5 e *"
        );
    }

    #[test]
    fn the_atoms_examples_of_the_spec() {
        // 5.4.1: the seed's own example.
        let start = "atoms 2 ......../......../..3a2b..../......../......../......../.....1b../........ a 6 - *";
        assert_eq!(
            after(start, &[at(2, 2)]),
            (
                "atoms 2 ......../..1a...../.1a0a3a..../..1a...../......../......../.....1b../........ b 7 - *".into(),
                1,
                1
            )
        );
        // 5.4.2: orbs off the board are lost; the first check ends it.
        assert_eq!(
            after("atoms 2 3a./.. a 10 - *", &[at(0, 0)]),
            ("atoms 2 0a1a/1a. - 11 b a".into(), 1, 1)
        );
        // 5.4.3: a residual owner does not stop the other player.
        assert_eq!(
            after("atoms 2 0a1a../1a..1b/...2b b 7 - *", &[at(0, 0)]).0,
            "atoms 2 1b1a../1a..1b/...2b a 8 - *"
        );
        // Before ply 10 a player without orbs plays on.
        assert_eq!(
            after("atoms 2 ../.. a 0 - *", &[at(0, 0), Move::Pass]).0,
            "atoms 2 1a./.. a 2 - *"
        );
        // Both without orbs (a pass on an empty board): `b` wins, as in atoms3.c.
        assert_eq!(
            after("atoms 2 ../.. a 10 - *", &[Move::Pass]).0,
            "atoms 2 ../.. - 11 a b"
        );
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing() {
        let cases = [
            (
                "classic 2 1a1b./..1b/... a 2 - *",
                at(1, 0),
                IllegalMove::NotYours,
            ),
            (
                "classic 2 1a1b./..1b/... a 2 - *",
                at(3, 0),
                IllegalMove::OffBoard,
            ),
            (
                "classic 2 1a1b./..1b/... a 2 - *",
                at(0, 15),
                IllegalMove::OffBoard,
            ),
            (
                "classic 2 1a1b./..1b/... a 2 - *",
                Move::Pass,
                IllegalMove::NoPass,
            ),
            (
                "classic 2 3b.2b/.4b./3b.2b - 14 a b",
                at(1, 0),
                IllegalMove::GameOver,
            ),
            (
                "atoms 2 0a1a/1a. - 11 b a",
                Move::Pass,
                IllegalMove::GameOver,
            ),
            ("atoms 2 1a1b/.. a 4 - *", at(1, 0), IllegalMove::NotYours),
            (
                "classic 3 1a../... b 4294967293 - *",
                at(1, 1),
                IllegalMove::TooManyTurns,
            ),
        ];
        for (text, mv, why) in cases {
            let mut position: Position = text.parse().unwrap();
            assert_eq!(position.check_move(mv), Err(why), "{text} {mv}");
            assert_eq!(position.play(mv), Err(why), "{text} {mv}");
            assert_eq!(position.to_string(), text);
        }
        let mut near_the_end: Position = "classic 3 1a../... b 4294967292 - *".parse().unwrap();
        assert!(near_the_end.play(at(1, 1)).is_ok());
        assert_eq!(
            IllegalMove::NotYours.to_string(),
            "that cell holds another player's orbs"
        );
    }

    /// The cascade wave by wave: the orb added, each wave, and the end
    /// as `play` leaves it; an illegal move shows nothing.
    #[test]
    fn waves_can_be_watched() {
        let start: Position = "classic 2 1a2b./2b3b2b/1a2b. b 13 - *".parse().unwrap();
        let mut watched = start;
        let mut boards = std::vec::Vec::new();
        let cascade = watched
            .play_waves(at(1, 1), &mut |b| boards.push(b.to_string()))
            .unwrap();
        assert_eq!(
            boards,
            [
                "1a2b./2b4b2b/1a2b.",
                "1a3b./3b.3b/1a3b.",
                "3b.2b/.4b./3b.2b"
            ]
        );
        let mut played = start;
        assert_eq!(played.play(at(1, 1)), Ok(cascade));
        assert_eq!(watched, played);
        boards.clear();
        assert_eq!(
            watched.play_waves(at(0, 0), &mut |b| boards.push(b.to_string())),
            Err(IllegalMove::GameOver)
        );
        assert!(boards.is_empty());
    }

    /// A player whose last cell is captured is out at once; with two
    /// players left the game goes on.
    #[test]
    fn a_player_captured_out_leaves_the_others_playing() {
        // `c` owns only (1,0); `a` explodes the corner into it.
        let (text, explosions, waves) = after("classic 3 1a1c./.1b./... a 2 - *", &[at(0, 0)]);
        assert_eq!(text, "classic 3 .2a./1a1b./... b 3 c *");
        assert_eq!((explosions, waves), (1, 1));
    }
}

#[cfg(test)]
mod turn_counter_tests {
    use super::*;
    use crate::chain::{StrongEval, StrongSearch};
    use crate::game::Game;
    use crate::search::{Entry, Limits};

    /// Issue 31, row 8: at the largest plies no move is legal, and the
    /// search says so instead of choosing one the rules refuse.
    #[test]
    fn no_move_is_legal_when_the_turn_counter_is_full() {
        for ply in [u32::MAX - 1, u32::MAX] {
            let text = std::format!("classic 2 ..../.... a {ply} - *");
            let position: Position = text.parse().unwrap();
            assert!(position.out_of_turns());
            assert_eq!(position.legal_cells().count(), 0);
            let mut moves = super::super::game::MoveList::new();
            Game::legal_moves(&position, &mut moves);
            assert!(moves.is_empty());
            let mut table = std::vec![Entry::EMPTY; 1 << 10];
            let report = StrongSearch::new(&mut table, StrongEval::default()).run(
                &position,
                Limits::depth(3),
                &mut (),
            );
            assert_eq!(report.best, None);
        }
        let fine: Position = "classic 2 ..../.... a 4294967293 - *".parse().unwrap();
        assert_eq!(fine.legal_cells().count(), 8);
    }
}
