//! A position of Atropos: the colours of the interior circles, two bits a
//! circle, and the last play. Legality, losing moves, moves and the end.

use core::fmt;

use arrayvec::ArrayVec;

use super::geometry::{BadSize, Circle, Color, ColorSet, Size, MAX_CIRCLES, NEIGHBOR_STEPS};
use crate::game::Player;

/// The most legal moves a position has: 120 circles, three colours each.
pub const MAX_MOVES: usize = 3 * MAX_CIRCLES;

/// Circles in the canonical order, room for every circle of a board.
pub type CircleList = ArrayVec<Circle, MAX_CIRCLES>;

/// Moves in the canonical order, room for every move of a position.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// A move: colour a circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    // Field order gives the canonical order: circle, then colour.
    /// The circle coloured.
    pub circle: Circle,
    /// Its colour.
    pub color: Color,
}

impl Move {
    /// Colour `circle` with `color`, written `(c,h,l,r)`.
    #[inline]
    pub const fn new(color: Color, circle: Circle) -> Move {
        Move { circle, color }
    }
}

/// Why a move was refused. The position is left exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The game is over: the last play completed a three-coloured triangle.
    Finished,
    /// The colour is not 1, 2 or 3.
    NoSuchColor,
    /// `(h, l)` is not an interior circle of this board.
    OffBoard,
    /// `(h, l)` is interior but `r` is not `n + 2 - h - l`.
    WrongR,
    /// The circle is already coloured.
    Occupied,
    /// The circle is not next to the last play, which still has an
    /// uncoloured neighbour.
    NotAdjacent,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::Finished => "the game is over",
            IllegalMove::NoSuchColor => "the colour is not 1, 2 or 3",
            IllegalMove::OffBoard => "that circle is not an interior circle of the board",
            IllegalMove::WrongR => "r is not n + 2 - h - l",
            IllegalMove::Occupied => "that circle is already coloured",
            IllegalMove::NotAdjacent => {
                "the circle is not next to the last play, which has an uncoloured neighbour"
            }
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IllegalMove {}

/// No last play (the start).
pub(crate) const NO_PLAY: u8 = u8::MAX;

/// A position of Atropos: plain `Copy` data of 48 bytes whatever the size.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Atropos {
    /// Bit `i` of `low` and `high`: bits 0 and 1 of the colour digit of
    /// interior circle `i` (canonical index), 0 uncoloured.
    low: u128,
    high: u128,
    size: Size,
    /// The canonical index of the last play, or [`NO_PLAY`].
    last: u8,
    /// The last play completed a three-coloured triangle.
    finished: bool,
}

impl Atropos {
    /// The start of a game of size `n` (`1 ..= 15`).
    pub const fn new(n: u32) -> Result<Atropos, BadSize> {
        match Size::new(n) {
            Ok(size) => Ok(Atropos::start(size)),
            Err(e) => Err(e),
        }
    }

    /// The start position on a board of `size`.
    pub const fn start(size: Size) -> Atropos {
        Atropos {
            low: 0,
            high: 0,
            size,
            last: NO_PLAY,
            finished: false,
        }
    }

    /// The board's size.
    #[inline]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The colour of any circle: an interior circle's own (`None` while
    /// uncoloured), a boundary circle's fixed one, `None` off the board.
    pub const fn color(&self, c: Circle) -> Option<Color> {
        match self.size.index(c) {
            Some(i) => Color::from_digit(self.digit(i)),
            None => self.size.boundary_color(c),
        }
    }

    /// The colour digit of interior circle `index` (0 uncoloured).
    #[inline]
    pub(crate) const fn digit(&self, index: usize) -> u8 {
        ((self.low >> index) as u8 & 1) | ((self.high >> index) as u8 & 1) << 1
    }

    /// The colour digit of the circle `(h, l)` (given as wider numbers):
    /// interior or boundary, 0 when uncoloured or not on the board.
    #[inline]
    pub(crate) const fn digit_at(&self, h: i32, l: i32) -> u8 {
        let n = self.size.get() as i32;
        let r = n + 2 - h - l;
        if h >= 1 && l >= 1 && r >= 1 {
            self.digit(self.size.index_of(h as u8, l as u8))
        } else if h < 0 || l < 0 || r < 0 {
            0
        } else {
            match self
                .size
                .boundary_color(Circle::new(h as u8, l as u8, r as u8))
            {
                Some(c) => c as u8,
                None => 0,
            }
        }
    }

    /// The mask of coloured interior circles, bit `i` for canonical index `i`.
    #[inline]
    pub const fn occupied(&self) -> u128 {
        self.low | self.high
    }

    /// The last move made, `None` at the start.
    pub const fn last_play(&self) -> Option<Move> {
        if self.last == NO_PLAY {
            return None;
        }
        let circle = self.size.circle_at(self.last as usize);
        match Color::from_digit(self.digit(self.last as usize)) {
            Some(color) => Some(Move::new(color, circle)),
            None => None,
        }
    }

    /// The canonical index of the last play.
    #[inline]
    pub(crate) const fn last_index(&self) -> Option<usize> {
        if self.last == NO_PLAY {
            None
        } else {
            Some(self.last as usize)
        }
    }

    /// How many moves were made: every move colours one interior circle.
    #[inline]
    pub const fn moves_made(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// The last play completed a three-coloured triangle.
    #[inline]
    pub const fn is_finished(&self) -> bool {
        self.finished
    }

    /// The player whose move it is (player 1 made move 0), `None` once
    /// the game is over.
    #[inline]
    pub const fn to_move(&self) -> Option<Player> {
        if self.finished {
            None
        } else {
            Some(self.mover())
        }
    }

    /// The player who would make the next move.
    #[inline]
    const fn mover(&self) -> Player {
        if self.moves_made().is_multiple_of(2) {
            Player::ONE
        } else {
            Player::TWO
        }
    }

    /// The winner once the game is over: the player who did not make the
    /// last move (the first mover wins when the number of moves is even).
    #[inline]
    pub const fn winner(&self) -> Option<Player> {
        if self.finished {
            Some(self.mover())
        } else {
            None
        }
    }

    /// The mask of the interior neighbours of interior circle `index`.
    pub(crate) const fn neighbor_mask(&self, index: usize) -> u128 {
        let c = self.size.circle_at(index);
        let mut mask = 0u128;
        let mut k = 0;
        while k < 6 {
            let (dh, dl) = NEIGHBOR_STEPS[k];
            if let Some(nb) = self
                .size
                .interior(c.h as i32 + dh as i32, c.l as i32 + dl as i32)
            {
                mask |= 1 << self.size.index_of(nb.h, nb.l);
            }
            k += 1;
        }
        mask
    }

    /// Whether the next move may go on any uncoloured circle: at the start,
    /// or when every neighbour of the last play is coloured (the jump).
    pub const fn plays_anywhere(&self) -> bool {
        match self.last_index() {
            None => true,
            Some(i) => self.neighbor_mask(i) & !self.occupied() == 0,
        }
    }

    /// The mask of the circles the next move may go on (empty once over).
    pub(crate) const fn legal_mask(&self) -> u128 {
        if self.finished {
            return 0;
        }
        let free = self.size.all() & !self.occupied();
        match self.last_index() {
            None => free,
            Some(i) => {
                let near = self.neighbor_mask(i) & free;
                if near == 0 {
                    free
                } else {
                    near
                }
            }
        }
    }

    /// The circles the next move may go on, in the canonical order; empty
    /// once the game is over.
    pub fn legal_circles(&self) -> CircleList {
        let mut list = CircleList::new();
        for i in Bits(self.legal_mask()) {
            list.push(self.size.circle_at(i));
        }
        list
    }

    /// The colours that complete a three-coloured triangle at circle
    /// `(h, l)`: the third colour of every neighbour pair coloured with two
    /// different colours.
    pub(crate) const fn losing_colors_at(&self, h: u8, l: u8) -> ColorSet {
        let mut digits = [0u8; 6];
        let mut k = 0;
        while k < 6 {
            let (dh, dl) = NEIGHBOR_STEPS[k];
            digits[k] = self.digit_at(h as i32 + dh as i32, l as i32 + dl as i32);
            k += 1;
        }
        let mut set = ColorSet::EMPTY;
        let mut k = 0;
        while k < 6 {
            let (a, b) = (digits[k], digits[(k + 1) % 6]);
            if a != 0 && b != 0 && a != b {
                if let Some(c) = Color::from_digit(6 - a - b) {
                    set = set.with(c);
                }
            }
            k += 1;
        }
        set
    }

    /// The colours that would lose on interior circle `c` (empty for any
    /// other circle): those that complete a three-coloured triangle.
    pub const fn losing_colors(&self, c: Circle) -> ColorSet {
        if self.size.is_interior(c) {
            self.losing_colors_at(c.h, c.l)
        } else {
            ColorSet::EMPTY
        }
    }

    /// The legal moves that lose at once, in the canonical order.
    pub fn losing_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        for i in Bits(self.legal_mask()) {
            let c = self.size.circle_at(i);
            for color in self.losing_colors_at(c.h, c.l).iter() {
                list.push(Move::new(color, c));
            }
        }
        list
    }

    /// The legal moves that do not lose at once, in the canonical order.
    pub fn safe_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        for i in Bits(self.legal_mask()) {
            let c = self.size.circle_at(i);
            for color in self.losing_colors_at(c.h, c.l).complement().iter() {
                list.push(Move::new(color, c));
            }
        }
        list
    }

    /// Whether `mv`, a legal move, completes a three-coloured triangle.
    pub const fn is_losing(&self, mv: Move) -> bool {
        self.losing_colors(mv.circle).has(mv.color)
    }

    /// Why `mv` is not legal here, if it is not.
    pub const fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match self.checked_index(mv) {
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Why `mv` is not legal here, or its circle's canonical index.
    const fn checked_index(&self, mv: Move) -> Result<usize, IllegalMove> {
        let c = mv.circle;
        if self.finished {
            return Err(IllegalMove::Finished);
        }
        let Some(circle) = self.size.interior(c.h as i32, c.l as i32) else {
            return Err(IllegalMove::OffBoard);
        };
        if circle.r != c.r {
            return Err(IllegalMove::WrongR);
        }
        let index = self.size.index_of(c.h, c.l);
        if self.occupied() >> index & 1 != 0 {
            Err(IllegalMove::Occupied)
        } else if self.legal_mask() >> index & 1 == 0 {
            Err(IllegalMove::NotAdjacent)
        } else {
            Ok(index)
        }
    }

    /// The move `(c, h, l, r)` given as plain numbers (what a player
    /// program printed), if it is legal here.
    pub fn checked_move(&self, c: u32, h: u32, l: u32, r: u32) -> Result<Move, IllegalMove> {
        if self.finished {
            return Err(IllegalMove::Finished);
        }
        let color = u8::try_from(c)
            .ok()
            .and_then(Color::from_digit)
            .ok_or(IllegalMove::NoSuchColor)?;
        let [Ok(h), Ok(l)] = [h, l].map(u8::try_from) else {
            return Err(IllegalMove::OffBoard);
        };
        // A wrong r too large for a byte is still a wrong r.
        let r = u8::try_from(r).unwrap_or(u8::MAX);
        let mv = Move::new(color, Circle::new(h, l, r));
        if self
            .size
            .interior(h as i32, l as i32)
            .is_some_and(|c| c.r != r)
        {
            return Err(IllegalMove::WrongR);
        }
        self.check(mv).map(|()| mv)
    }

    /// Makes `mv` if it is legal; an illegal move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let index = self.checked_index(mv)?;
        self.play_index(index, mv.color);
        Ok(())
    }

    /// Colours legal circle `index` with `color`: no checks, for searches
    /// (an illegal move gives a wrong position, never unsafety).
    #[inline]
    pub(crate) fn play_index(&mut self, index: usize, color: Color) {
        let c = self.size.circle_at(index);
        self.finished = self.losing_colors_at(c.h, c.l).has(color);
        let d = color as u8;
        self.low |= ((d & 1) as u128) << index;
        self.high |= ((d >> 1) as u128) << index;
        self.last = index as u8;
    }

    /// Takes back the move on circle `index`, restoring `last` as the last
    /// play before it (never finished: nobody moves after the end).
    #[inline]
    pub(crate) fn unplay_index(&mut self, index: usize, last: u8) {
        self.low &= !(1u128 << index);
        self.high &= !(1u128 << index);
        self.last = last;
        self.finished = false;
    }

    /// The raw last-play index, for taking moves back.
    #[inline]
    pub(crate) const fn last_raw(&self) -> u8 {
        self.last
    }

    /// A position from its parts, no checks (the notation makes them):
    /// colour digits by canonical index and the last play's index.
    pub(crate) fn from_parts(size: Size, digits: &[u8], last: Option<usize>) -> Atropos {
        let mut state = Atropos::start(size);
        for (i, &d) in digits.iter().enumerate().take(size.circles()) {
            state.low |= ((d & 1) as u128) << i;
            state.high |= ((d >> 1 & 1) as u128) << i;
        }
        if let Some(i) = last {
            let c = size.circle_at(i);
            // Its triangles are its neighbour pairs: its own colour is not
            // looked at, so the board after the move says it as well.
            if let Some(color) = Color::from_digit(state.digit(i)) {
                state.finished = state.losing_colors_at(c.h, c.l).has(color);
            }
            state.last = i as u8;
        }
        state
    }
}

impl fmt::Debug for Atropos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Atropos(\"{self}\")")
    }
}

/// The set bits of a mask, lowest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits(pub u128);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(c: u8, h: u8, l: u8, r: u8) -> Move {
        Move::new(Color::from_digit(c).unwrap(), Circle::new(h, l, r))
    }

    #[test]
    fn the_state_is_small() {
        assert!(core::mem::size_of::<Atropos>() <= 48);
    }

    #[test]
    fn the_start_plays_anywhere() {
        let game = Atropos::new(4).unwrap();
        assert!(game.plays_anywhere());
        assert_eq!(game.legal_circles().len(), 10);
        assert_eq!(game.to_move(), Some(Player::ONE));
        assert_eq!(game.last_play(), None);
        // (1,1,4) touches red (0,1,5) and green (1,0,5) below and left.
        assert!(game.losing_colors(Circle::new(1, 1, 4)).has(Color::Blue));
    }

    #[test]
    fn moves_go_next_to_the_last_play() {
        let mut game = Atropos::new(4).unwrap();
        game.play(mv(3, 3, 2, 1)).unwrap();
        let legal: CircleList = [(2, 2, 2), (2, 3, 1), (3, 1, 2), (4, 1, 1)]
            .into_iter()
            .map(|(h, l, r)| Circle::new(h, l, r))
            .collect();
        assert_eq!(game.legal_circles(), legal);
        assert_eq!(game.to_move(), Some(Player::TWO));
        let before = game;
        assert_eq!(game.play(mv(1, 1, 1, 4)), Err(IllegalMove::NotAdjacent));
        assert_eq!(game.play(mv(1, 3, 2, 1)), Err(IllegalMove::Occupied));
        assert_eq!(game.play(mv(1, 2, 2, 3)), Err(IllegalMove::WrongR));
        assert_eq!(game.play(mv(1, 5, 1, 0)), Err(IllegalMove::OffBoard));
        assert_eq!(game.play(mv(1, 0, 1, 5)), Err(IllegalMove::OffBoard));
        assert_eq!(game, before);
        assert_eq!(game.checked_move(0, 2, 2, 2), Err(IllegalMove::NoSuchColor));
        assert_eq!(game.checked_move(1, 2, 2, 9), Err(IllegalMove::WrongR));
        assert_eq!(game.checked_move(1, 2, 2, 999), Err(IllegalMove::WrongR));
        assert_eq!(game.checked_move(1, 300, 2, 1), Err(IllegalMove::OffBoard));
        assert_eq!(game.checked_move(1, 2, 2, 2), Ok(mv(1, 2, 2, 2)));
    }

    #[test]
    fn a_three_coloured_triangle_ends_the_game() {
        let mut game = Atropos::new(1).unwrap();
        // The one circle touches all three colours: every move loses.
        assert_eq!(game.losing_moves().len(), 3);
        assert!(game.safe_moves().is_empty());
        game.play(mv(2, 1, 1, 1)).unwrap();
        assert!(game.is_finished());
        assert_eq!(game.winner(), Some(Player::TWO));
        assert_eq!(game.to_move(), None);
        assert!(game.legal_circles().is_empty());
        assert_eq!(game.play(mv(1, 1, 1, 1)), Err(IllegalMove::Finished));
    }
}
