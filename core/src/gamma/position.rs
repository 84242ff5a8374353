//! A game of Gamma played in turns, on a small board, in plain data: the
//! form the searches play ([`Game`] and [`Clone`]), and the interactive
//! mode's turn rules (spec section 6).
//!
//! [`Gamma`] lives in the caller's memory and is not [`Clone`]; a search
//! copies its position once per iteration, so it plays on this copy
//! instead: at most [`POSITION_CELLS`] cells and [`MAX_PLAYERS`] players,
//! kept as bit planes (which cells are held, and the four bits of each
//! holder's index) and a union-find forest of the areas: 1.2 KiB for
//! boards of 10 x 10, 11 KiB for the largest. The rules are [`Gamma`]'s (a
//! test plays both side by side), computed on the planes: a player's free
//! fields are the empty cells its cells grow into; a move joins areas in
//! the forest; a golden move counts the victim's pieces by flood fills
//! (started only when the cell's neighbours do not meet around its
//! corners) and rebuilds the forest.
//!
//! Turns: player 1 starts; after a move, a golden move or a skip the turn
//! passes to the next player (`p+1, p+2, ..., p` last) who can move or make
//! a golden move; when nobody can, the game is over and whoever holds the
//! most cells wins. The searches never skip (a skip is a turn of a person
//! at the keyboard, [`Position::skip`]): every turn they see has a move.

use core::fmt;

use arrayvec::ArrayVec;

use super::engine::Gamma;
use super::error::MoveError;
use super::plane::Plane;
use crate::game::{Game, Player, Turn, MAX_PLAYERS};
use crate::rng::Rng;

/// The most cells a [`Position`] holds (64 x 32, 45 x 45, or any other
/// shape of that many cells), in its largest capacity.
pub const POSITION_CELLS: usize = 2048;

/// The words a plane of the largest capacity has: every board of
/// [`POSITION_CELLS`] cells fits, since `height * (width + 1)` is at most
/// twice the cells.
pub const POSITION_WORDS: usize = 2 * POSITION_CELLS / 64;

/// The capacities (words a plane) [`words_for`] chooses from.
pub const CAPACITIES: [usize; 3] = [4, 16, POSITION_WORDS];

/// Whether a `width x height` board fits a position of planes of `words`
/// words (and has at most [`POSITION_CELLS`] cells).
pub fn fits(width: u32, height: u32, words: usize) -> bool {
    let cells = u64::from(width) * u64::from(height);
    cells <= POSITION_CELLS as u64 && cells + u64::from(height) <= 64 * words as u64
}

/// The smallest capacity of [`CAPACITIES`] a `width x height` board fits
/// (a copy of a smaller position costs less); `None` above
/// [`POSITION_CELLS`] cells.
pub fn words_for(width: u32, height: u32) -> Option<usize> {
    CAPACITIES
        .into_iter()
        .find(|&words| fits(width, height, words))
}

/// The most moves one position has: every cell an ordinary move or a
/// golden move.
pub const MAX_MOVES: usize = 2 * POSITION_CELLS;

/// "Nobody's turn": the game is over.
const OVER: u8 = u8::MAX;

/// A move of the player on turn: an ordinary move (a pawn on an empty
/// cell) or a golden move (another player's pawn replaced).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub x: u16,
    pub y: u16,
    pub golden: bool,
}

impl Move {
    /// An ordinary move on `(x, y)`.
    pub const fn ordinary(x: u16, y: u16) -> Move {
        Move {
            x,
            y,
            golden: false,
        }
    }

    /// A golden move on `(x, y)`.
    pub const fn golden(x: u16, y: u16) -> Move {
        Move { x, y, golden: true }
    }
}

/// `x` and `y` 15 bits each (every position's sides are shorter), then
/// whether it is golden.
impl crate::mcts::NodeMove for Move {
    fn to_bits(self) -> u32 {
        u32::from(self.x & 0x7FFF) | u32::from(self.y & 0x7FFF) << 15 | u32::from(self.golden) << 30
    }

    fn from_bits(bits: u32) -> Move {
        Move {
            x: (bits & 0x7FFF) as u16,
            y: (bits >> 15 & 0x7FFF) as u16,
            golden: bits >> 30 & 1 == 1,
        }
    }
}

/// Writes `m x y` or `g x y` (the batch mode's letters, without the
/// player).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = if self.golden { 'g' } else { 'm' };
        write!(f, "{letter} {} {}", self.x, self.y)
    }
}

/// Why a [`Position`] could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionError {
    /// Width, height, players or areas is 0.
    ZeroArgument,
    /// More than [`POSITION_CELLS`] cells.
    TooManyCells,
    /// More than [`MAX_PLAYERS`] players.
    TooManyPlayers,
    /// The player named to move (or a holder, or a golden move) is not
    /// one of the game's.
    BadPlayer,
    /// A player holds more areas than the game allows.
    TooManyAreas,
    /// The player on turn cannot act, or nobody is on turn while someone
    /// can.
    BadTurn,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::ZeroArgument => {
                f.write_str("width, height, players and areas must be at least 1")
            }
            PositionError::TooManyCells => write!(
                f,
                "the board does not fit this position (the computer plays boards of at most {POSITION_CELLS} cells)"
            ),
            PositionError::TooManyPlayers => write!(
                f,
                "the computer plays games of at most {MAX_PLAYERS} players"
            ),
            PositionError::BadPlayer => f.write_str("no such player"),
            PositionError::TooManyAreas => {
                f.write_str("a player holds more areas than the game allows")
            }
            PositionError::BadTurn => f.write_str(
                "the player on turn cannot move, or the game is over while someone can",
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PositionError {}

/// A game of Gamma in turns; players from 1 (index `player - 1` inside).
/// Planes of `WORDS` words hold boards of `height * (width + 1)` bits up
/// to `64 * WORDS` (see [`words_for`]): 4 words serve 10 x 10, the default
/// every board of up to [`POSITION_CELLS`] cells.
#[derive(Clone)]
pub struct Position<const WORDS: usize = POSITION_WORDS> {
    width: u16,
    height: u16,
    /// Bits a row: the width and one bit that is never a cell.
    stride: u16,
    /// Words of the planes in use.
    words: u8,
    players: u8,
    areas: u32,
    /// The index of the player on turn, or [`OVER`].
    to_move: u8,
    /// Bit `i`: player `i + 1` has made its golden move.
    golden_used: u16,
    busy: [u16; MAX_PLAYERS],
    area_count: [u16; MAX_PLAYERS],
    /// The cells of the board.
    board: Plane<WORDS>,
    /// The cells someone holds.
    held: Plane<WORDS>,
    /// Bit `i` of the holder's index (`player - 1`), for held cells.
    index: [Plane<WORDS>; 4],
    /// Per bit (64 a row of the array): the player holding it, 0 when
    /// empty (the planes again, for one cell at a time).
    owner: [[u8; 64]; WORDS],
    /// Per held cell (by bit): its union-find parent in its area's tree,
    /// itself at the root.
    parent: [[u16; 64]; WORDS],
}

impl<const WORDS: usize> fmt::Debug for Position<WORDS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("players", &self.players)
            .field("areas", &self.areas)
            .field("to_move", &self.player_to_move())
            .field("board", &format_args!("{self}"))
            .finish()
    }
}

/// The board text of spec 4.8 (rows from `y = height - 1` down, each
/// ending in `'\n'`; cells of `digits(players) + 1` characters from 10
/// players on).
impl<const WORDS: usize> fmt::Display for Position<WORDS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wide = self.players > 9;
        for y in (0..self.height).rev() {
            for x in 0..self.width {
                match (wide, self.holder(self.bit(x, y))) {
                    (false, 0) => f.write_str(".")?,
                    (false, o) => write!(f, "{o}")?,
                    (true, 0) => f.write_str("  .")?,
                    (true, o) => write!(f, "{o:>3}")?,
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl<const WORDS: usize> PartialEq for Position<WORDS> {
    fn eq(&self, other: &Self) -> bool {
        let n = usize::from(self.words);
        self.width == other.width
            && self.height == other.height
            && self.players == other.players
            && self.areas == other.areas
            && self.to_move == other.to_move
            && self.golden_used == other.golden_used
            && self.held.0[..n] == other.held.0[..n]
            && (0..4).all(|i| {
                self.index[i].and(&self.held, n).0[..n] == other.index[i].and(&other.held, n).0[..n]
            })
    }
}

impl<const WORDS: usize> Eq for Position<WORDS> {}

/// Up to four pieces among a cell's neighbours, grouped as they are found
/// to meet.
#[derive(Clone, Copy)]
struct Groups {
    bit: [u16; 4],
    group: [u8; 4],
    len: usize,
}

impl Groups {
    fn root(&self, mut i: usize) -> usize {
        while self.group[i] as usize != i {
            i = self.group[i] as usize;
        }
        i
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra != rb {
            self.group[ra.max(rb)] = ra.min(rb) as u8;
        }
    }

    fn count(&self) -> u32 {
        (0..self.len).filter(|&i| self.root(i) == i).count() as u32
    }
}

impl<const WORDS: usize> Position<WORDS> {
    /// An empty board, player 1 to move.
    pub fn new(width: u32, height: u32, players: u32, areas: u32) -> Result<Self, PositionError> {
        if width == 0 || height == 0 || players == 0 || areas == 0 {
            return Err(PositionError::ZeroArgument);
        }
        if !fits(width, height, WORDS) {
            return Err(PositionError::TooManyCells);
        }
        if players as usize > MAX_PLAYERS {
            return Err(PositionError::TooManyPlayers);
        }
        let (width, height) = (width as u16, height as u16);
        let stride = width + 1;
        let bits = usize::from(height) * usize::from(stride);
        let mut board = Plane::<WORDS>::EMPTY;
        for y in 0..height {
            for x in 0..width {
                board.set(y * stride + x);
            }
        }
        Ok(Position {
            width,
            height,
            stride,
            words: bits.div_ceil(64) as u8,
            players: players as u8,
            areas,
            to_move: 0,
            golden_used: 0,
            busy: [0; MAX_PLAYERS],
            area_count: [0; MAX_PLAYERS],
            board,
            held: Plane::<WORDS>::EMPTY,
            index: [Plane::<WORDS>::EMPTY; 4],
            owner: [[0; 64]; WORDS],
            parent: [[0; 64]; WORDS],
        })
    }

    /// The position of `game` with `to_move` on turn (or, when it cannot
    /// act, the next player who can; the game is over when nobody can).
    pub fn from_game(game: &Gamma<'_>, to_move: u32) -> Result<Self, PositionError> {
        let mut position = Self::new(game.width(), game.height(), game.players(), game.areas())?;
        if to_move == 0 || to_move > game.players() {
            return Err(PositionError::BadPlayer);
        }
        for y in 0..position.height {
            for x in 0..position.width {
                if let Some(p) = game.owner(u32::from(x), u32::from(y)) {
                    position.set_holder(position.bit(x, y), p as u8);
                    position.busy[p as usize - 1] += 1;
                }
            }
        }
        position.rebuild_forest();
        for p in 1..=game.players() {
            position.area_count[p as usize - 1] = game.areas_of(p) as u16;
            if game.golden_move_used(p) {
                position.golden_used |= 1 << (p - 1);
            }
        }
        position.to_move = to_move as u8 - 1;
        if !position.can_act(position.to_move) {
            position.pass_turn();
        }
        Ok(position)
    }

    /// The position with these parts, if a game of the turn rules can
    /// reach it: `holder(x, y)` is the player holding `(x, y)` (0 for
    /// nobody), `golden_used` has bit `p - 1` set for each player `p` who
    /// made its golden move, `to_move` is the player on turn (`None` once
    /// the game is over). Refused: a holder or a golden move of no player,
    /// a player over the areas limit, a player on turn who cannot act (or
    /// a game over where someone can).
    pub fn from_parts(
        width: u32,
        height: u32,
        players: u32,
        areas: u32,
        holder: impl Fn(u32, u32) -> u8,
        golden_used: u16,
        to_move: Option<u32>,
    ) -> Result<Self, PositionError> {
        let mut position = Self::new(width, height, players, areas)?;
        if u32::from(golden_used) >> players != 0 {
            return Err(PositionError::BadPlayer);
        }
        for y in 0..position.height {
            for x in 0..position.width {
                let p = holder(u32::from(x), u32::from(y));
                if u32::from(p) > players {
                    return Err(PositionError::BadPlayer);
                }
                if p > 0 {
                    position.set_holder(position.bit(x, y), p);
                    position.busy[usize::from(p) - 1] += 1;
                }
            }
        }
        position.rebuild_forest();
        let n = position.n();
        for b in position.held.iter(n) {
            if position.parent_of(b) == b {
                position.area_count[usize::from(position.holder(b)) - 1] += 1;
            }
        }
        if position.area_count[..players as usize]
            .iter()
            .any(|&a| u32::from(a) > areas)
        {
            return Err(PositionError::TooManyAreas);
        }
        position.golden_used = golden_used;
        let anyone = (0..position.players).any(|p| position.can_act(p));
        match to_move {
            Some(p) if p >= 1 && p <= players && position.can_act(p as u8 - 1) => {
                position.to_move = p as u8 - 1;
            }
            None if !anyone => position.to_move = OVER,
            _ => return Err(PositionError::BadTurn),
        }
        Ok(position)
    }

    /// The players who made their golden move: bit `p - 1` for player `p`.
    pub fn golden_used_bits(&self) -> u16 {
        self.golden_used
    }

    pub fn width(&self) -> u32 {
        u32::from(self.width)
    }

    pub fn height(&self) -> u32 {
        u32::from(self.height)
    }

    /// The number of players.
    pub fn player_count(&self) -> u32 {
        u32::from(self.players)
    }

    /// The most areas a player may hold.
    pub fn areas(&self) -> u32 {
        self.areas
    }

    /// The number of cells of the board.
    pub fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// The player on turn (from 1), `None` once the game is over.
    pub fn player_to_move(&self) -> Option<u32> {
        (self.to_move != OVER).then(|| u32::from(self.to_move) + 1)
    }

    /// The player holding `(x, y)`, `None` when it is empty or off the board.
    pub fn owner(&self, x: u32, y: u32) -> Option<u32> {
        let b = self.bit_at(x, y)?;
        Some(u32::from(self.holder(b))).filter(|&p| p != 0)
    }

    /// The cells `player` holds (0 for a bad player).
    pub fn busy_fields(&self, player: u32) -> u32 {
        self.index_of(player).map_or(0, |p| u32::from(self.busy[p]))
    }

    /// The areas `player` holds (0 for a bad player).
    pub fn areas_of(&self, player: u32) -> u32 {
        self.index_of(player)
            .map_or(0, |p| u32::from(self.area_count[p]))
    }

    /// Whether `player` has made its golden move.
    pub fn golden_move_used(&self, player: u32) -> bool {
        self.index_of(player)
            .is_some_and(|p| self.golden_used & (1 << p) != 0)
    }

    /// The empty cells where an ordinary move of `player` would succeed.
    pub fn free_fields(&self, player: u32) -> u32 {
        self.index_of(player)
            .map_or(0, |p| self.free_plane(p as u8).count(self.n()))
    }

    /// The `n`-th (from 0, rows from `y = 0`) of the cells counted by
    /// [`Position::free_fields`], as an ordinary move.
    pub fn nth_free_field(&self, player: u32, n: u32) -> Option<Move> {
        let p = self.index_of(player)?;
        let b = self.free_plane(p as u8).nth(self.n(), n)?;
        Some(self.move_of(b, false))
    }

    /// A random one of the cells counted by [`Position::free_fields`], as
    /// an ordinary move; `None` when there is none.
    pub fn random_free_field(&self, player: u32, rng: &mut Rng) -> Option<Move> {
        let p = self.index_of(player)?;
        let free = self.free_plane(p as u8);
        let count = free.count(self.n());
        let b = free.nth(self.n(), rng.below(count.max(1)))?;
        Some(self.move_of(b, false))
    }

    /// Whether some golden move of `player` would succeed now (spec 4.7).
    pub fn golden_possible(&self, player: u32) -> bool {
        self.index_of(player)
            .is_some_and(|p| self.golden_possible_at(p as u8))
    }

    /// Whether `mv` is a legal move of the player on turn.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Why `mv` is not a legal move of the player on turn, if it is not
    /// (`BadPlayer` once the game is over).
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        self.outcome(mv).map(|_| ())
    }

    /// Makes `mv` for the player on turn and passes the turn; an illegal
    /// move changes nothing.
    pub fn make_move(&mut self, mv: Move) -> Result<(), MoveError> {
        let after = self.outcome(mv)?;
        let p = self.to_move as usize;
        let b = self.bit(mv.x, mv.y);
        if let Some((q, victim_areas)) = after.victim {
            self.busy[q as usize] -= 1;
            self.area_count[q as usize] = victim_areas as u16;
            self.golden_used |= 1 << p;
        }
        self.set_holder(b, p as u8 + 1);
        if after.victim.is_some() {
            self.rebuild_forest();
        } else {
            self.join(b, p as u8 + 1);
        }
        self.busy[p] += 1;
        self.area_count[p] = after.mover_areas as u16;
        self.pass_turn();
        Ok(())
    }

    /// The player on turn skips it (the interactive mode's `c` key); the
    /// turn passes as after a move. `false` once the game is over.
    pub fn skip(&mut self) -> bool {
        if self.to_move == OVER {
            return false;
        }
        self.pass_turn();
        true
    }

    /// The only player holding the most cells once the game is over;
    /// `None` for a tie or a game still running.
    pub fn winner(&self) -> Option<u32> {
        if self.to_move != OVER {
            return None;
        }
        let busy = &self.busy[..usize::from(self.players)];
        let best = *busy.iter().max()?;
        let mut top = busy.iter().enumerate().filter(|(_, &b)| b == best);
        match (top.next(), top.next()) {
            (Some((i, _)), None) => Some(i as u32 + 1),
            _ => None,
        }
    }

    /// Every legal move of the player on turn: ordinary moves first, then
    /// golden moves, each in the order of rows from `y = 0`.
    pub fn legal_moves_into(&self, moves: &mut ArrayVec<Move, MAX_MOVES>) {
        moves.clear();
        self.each_legal_move(|mv| moves.push(mv));
    }

    /// Calls `f` with each legal move of the player on turn, in the order
    /// of [`Position::legal_moves_into`], without a list.
    pub fn each_legal_move(&self, mut f: impl FnMut(Move)) {
        if self.to_move == OVER {
            return;
        }
        let p = self.to_move;
        let n = self.n();
        let free = self.free_plane(p);
        free.iter(n).for_each(|b| f(self.move_of(b, false)));
        if self.golden_used & (1 << p) != 0 {
            return;
        }
        let others = self.held.and_not(&self.cells_of(p), n);
        for b in others.iter(n) {
            if self.golden_outcome(p, b).is_ok() {
                f(self.move_of(b, true));
            }
        }
    }

    /// Words of the planes in use.
    #[inline]
    fn n(&self) -> usize {
        usize::from(self.words)
    }

    #[inline]
    fn bit(&self, x: u16, y: u16) -> u16 {
        y * self.stride + x
    }

    fn bit_at(&self, x: u32, y: u32) -> Option<u16> {
        (x < u32::from(self.width) && y < u32::from(self.height))
            .then(|| self.bit(x as u16, y as u16))
    }

    #[inline]
    fn move_of(&self, b: u16, golden: bool) -> Move {
        Move {
            x: b % self.stride,
            y: b / self.stride,
            golden,
        }
    }

    fn index_of(&self, player: u32) -> Option<usize> {
        (player >= 1 && player <= u32::from(self.players)).then(|| player as usize - 1)
    }

    /// The player holding bit `b`, 0 when it is empty.
    #[inline]
    fn holder(&self, b: u16) -> u8 {
        self.owner[b as usize / 64][b as usize % 64]
    }

    fn set_holder(&mut self, b: u16, player: u8) {
        self.owner[b as usize / 64][b as usize % 64] = player;
        self.held.set(b);
        for k in 0..4 {
            self.index[k].assign(b, (player - 1) >> k & 1 != 0);
        }
    }

    /// The cells held by player index `p`.
    fn cells_of(&self, p: u8) -> Plane<WORDS> {
        let mut out = Plane::<WORDS>::EMPTY;
        for w in 0..self.n() {
            let mut cells = self.held.0[w];
            for k in 0..4 {
                let plane = self.index[k].0[w];
                cells &= if p >> k & 1 != 0 { plane } else { !plane };
            }
            out.0[w] = cells;
        }
        out
    }

    fn empty(&self) -> Plane<WORDS> {
        self.board.and_not(&self.held, self.n())
    }

    /// The empty cells where player index `p` may move: all of them below
    /// the areas limit, those next to its cells at the limit.
    fn free_plane(&self, p: u8) -> Plane<WORDS> {
        let empty = self.empty();
        if u32::from(self.area_count[p as usize]) < self.areas {
            empty
        } else {
            self.cells_of(p).grow(self.n(), self.stride, &empty)
        }
    }

    /// The neighbours of bit `b` on the board: left, right, below, above.
    #[inline]
    fn neighbours(&self, b: u16) -> [Option<u16>; 4] {
        let (x, y) = (b % self.stride, b / self.stride);
        [
            (x > 0).then(|| b - 1),
            (x + 1 < self.width).then(|| b + 1),
            (y > 0).then(|| b - self.stride),
            (y + 1 < self.height).then(|| b + self.stride),
        ]
    }

    #[inline]
    fn parent_of(&self, b: u16) -> u16 {
        self.parent[b as usize / 64][b as usize % 64]
    }

    #[inline]
    fn set_parent(&mut self, b: u16, parent: u16) {
        self.parent[b as usize / 64][b as usize % 64] = parent;
    }

    /// The root of held bit `b`'s tree.
    #[inline]
    fn root(&self, mut b: u16) -> u16 {
        loop {
            let up = self.parent_of(b);
            if up == b {
                return b;
            }
            b = up;
        }
    }

    /// The root of `b`, halving the path on the way.
    #[inline]
    fn root_halving(&mut self, mut b: u16) -> u16 {
        loop {
            let up = self.parent_of(b);
            if up == b {
                return b;
            }
            let grand = self.parent_of(up);
            self.set_parent(b, grand);
            b = grand;
        }
    }

    /// How many distinct areas of `player` touch bit `b`.
    fn areas_touching(&self, b: u16, player: u8) -> u32 {
        let mut roots = [u16::MAX; 4];
        let mut k = 0;
        for n in self.neighbours(b).into_iter().flatten() {
            if self.holder(n) == player {
                let r = self.root(n);
                if !roots[..k].contains(&r) {
                    roots[k] = r;
                    k += 1;
                }
            }
        }
        k as u32
    }

    /// Puts the newly held bit `b` in the tree of the first area of
    /// `player` it touches, and that area's root over the others' (trees
    /// stay shallow without ranks).
    fn join(&mut self, b: u16, player: u8) {
        let mut root = b;
        for n in self.neighbours(b).into_iter().flatten() {
            if self.holder(n) == player {
                let r = self.root_halving(n);
                if root == b {
                    root = r;
                } else if r != root {
                    self.set_parent(r, root);
                }
            }
        }
        self.set_parent(b, root);
    }

    /// Every held cell's tree from scratch (after a golden move).
    fn rebuild_forest(&mut self) {
        let n = self.n();
        let held = self.held;
        for b in held.iter(n) {
            let o = self.holder(b);
            self.set_parent(b, b);
            // The left and lower neighbours were seen before.
            let [left, _, down, _] = self.neighbours(b);
            for m in [left, down].into_iter().flatten() {
                if self.holder(m) == o {
                    // b's tree goes under the older one (not the other
                    // way round, which would make rows into chains).
                    let (r, s) = (self.root_halving(m), self.root_halving(b));
                    if r != s {
                        self.set_parent(s, r);
                    }
                }
            }
        }
    }

    /// How many pieces of `cells` touch bit `b` (which is not in `cells`):
    /// neighbours that meet around a corner of `b` are one piece at once;
    /// others, by a flood fill.
    fn pieces_around(&self, b: u16, cells: &Plane<WORDS>) -> u32 {
        let around = self.neighbours(b);
        let mut groups = Groups {
            bit: [0; 4],
            group: [0, 1, 2, 3],
            len: 0,
        };
        let mut dir_of = [0usize; 4];
        for (dir, n) in around.iter().enumerate() {
            if let Some(n) = *n {
                if cells.get(n) {
                    groups.bit[groups.len] = n;
                    dir_of[groups.len] = dir;
                    groups.len += 1;
                }
            }
        }
        if groups.len <= 1 {
            return groups.len as u32;
        }
        // A horizontal and a vertical neighbour share a corner cell.
        for i in 0..groups.len {
            for j in i + 1..groups.len {
                if (dir_of[i] < 2) != (dir_of[j] < 2) {
                    let corner = groups.bit[i] + groups.bit[j] - b;
                    if cells.get(corner) {
                        groups.join(i, j);
                    }
                }
            }
        }
        if groups.count() <= 1 {
            return 1;
        }
        let n = self.n();
        for i in 0..groups.len {
            if groups.root(i) != i {
                continue;
            }
            // Fill from this piece until it meets every other one still apart.
            let mut apart = [0u16; 4];
            let mut count = 0;
            for j in i + 1..groups.len {
                if groups.root(j) != groups.root(i) {
                    apart[count] = groups.bit[j];
                    count += 1;
                }
            }
            let area = Plane::<WORDS>::single(groups.bit[i]).fill_until(
                n,
                self.stride,
                cells,
                &apart[..count],
            );
            for j in i + 1..groups.len {
                if area.get(groups.bit[j]) {
                    groups.join(i, j);
                }
            }
            if groups.count() <= 1 {
                break;
            }
        }
        groups.count()
    }

    /// What `mv` of the player on turn leads to, if it is legal.
    fn outcome(&self, mv: Move) -> Result<After, MoveError> {
        if self.to_move == OVER {
            return Err(MoveError::BadPlayer);
        }
        let b = self
            .bit_at(u32::from(mv.x), u32::from(mv.y))
            .ok_or(MoveError::OffBoard)?;
        if mv.golden {
            self.golden_outcome(self.to_move, b)
        } else {
            if self.held.get(b) {
                return Err(MoveError::Occupied);
            }
            Ok(After {
                mover_areas: self.mover_areas(self.to_move, b)?,
                victim: None,
            })
        }
    }

    /// Player index `p`'s areas once it holds bit `b` too.
    fn mover_areas(&self, p: u8, b: u16) -> Result<u32, MoveError> {
        let areas = u32::from(self.area_count[p as usize]) + 1 - self.areas_touching(b, p + 1);
        if areas > self.areas {
            return Err(MoveError::TooManyAreas);
        }
        Ok(areas)
    }

    fn golden_outcome(&self, p: u8, b: u16) -> Result<After, MoveError> {
        if self.golden_used & (1 << p) != 0 {
            return Err(MoveError::GoldenMoveUsed);
        }
        let q = match self.holder(b) {
            0 => return Err(MoveError::EmptyCell),
            q if q == p + 1 => return Err(MoveError::OwnCell),
            q => q - 1,
        };
        let mover_areas = self.mover_areas(p, b)?;
        let victim_areas = self.victim_areas(q, b);
        if victim_areas > self.areas {
            return Err(MoveError::VictimTooManyAreas);
        }
        Ok(After {
            mover_areas,
            victim: Some((q, victim_areas)),
        })
    }

    /// Player index `q`'s areas once it loses bit `b`, which it holds.
    fn victim_areas(&self, q: u8, b: u16) -> u32 {
        let mut rest = self.cells_of(q);
        rest.clear(b);
        u32::from(self.area_count[q as usize]) - 1 + self.pieces_around(b, &rest)
    }

    /// Whether player index `p` can move or make a golden move.
    fn can_act(&self, p: u8) -> bool {
        self.free_plane(p).any(self.n()) || self.golden_possible_at(p)
    }

    fn golden_possible_at(&self, p: u8) -> bool {
        if self.golden_used & (1 << p) != 0
            || u32::from(self.busy[p as usize]) == self.held.count(self.n())
        {
            return false;
        }
        if u32::from(self.area_count[p as usize]) < self.areas {
            return true;
        }
        // At the limit only other players' cells next to p's own can work,
        // and for them only the victim's count is in question.
        let n = self.n();
        let own = self.cells_of(p);
        let others = self.held.and_not(&own, n);
        let candidates = own.grow(n, self.stride, &others);
        let possible = candidates
            .iter(n)
            .any(|b| self.victim_areas(self.holder(b) - 1, b) <= self.areas);
        possible
    }

    /// The turn goes to the next player who can act, the mover last; the
    /// game is over when nobody can.
    fn pass_turn(&mut self) {
        let players = self.players;
        let from = self.to_move;
        for step in 1..=players {
            let q = (from + step) % players;
            if self.can_act(q) {
                self.to_move = q;
                return;
            }
        }
        self.to_move = OVER;
    }
}

/// Areas after a legal move: the mover's, and for a golden move the
/// victim's index and areas.
#[derive(Clone, Copy, Debug)]
struct After {
    mover_areas: u32,
    victim: Option<(u8, u32)>,
}

impl<const WORDS: usize> Game for Position<WORDS> {
    type Move = Move;
    type List<T: Copy> = ArrayVec<T, MAX_MOVES>;

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn turn(&self) -> Turn {
        match Player::new(usize::from(self.to_move)) {
            Some(p) if self.to_move != OVER => Turn::Player(p),
            _ => Turn::Over,
        }
    }

    fn legal_moves(&self, moves: &mut ArrayVec<Move, MAX_MOVES>) {
        self.legal_moves_into(moves);
    }

    /// Without the list, which has room for the largest board.
    fn each_legal_move(&self, f: impl FnMut(Move)) {
        Position::each_legal_move(self, f);
    }

    fn play(&mut self, mv: Move) {
        // Searches play only listed moves; anything else changes nothing.
        let _ = self.make_move(mv);
    }

    /// 1 for the only player holding the most cells, 0 for players sharing
    /// the most, -1 for the others.
    fn returns(&self, player: Player) -> f32 {
        let players = usize::from(self.players);
        let Some(&mine) = self.busy[..players].get(player.index()) else {
            return 0.0;
        };
        let best = self.busy[..players].iter().copied().max().unwrap_or(0);
        let sharing = self.busy[..players].iter().filter(|&&b| b == best).count();
        if mine < best {
            -1.0
        } else if sharing == 1 {
            1.0
        } else {
            0.0
        }
    }
}
