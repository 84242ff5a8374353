//! What the searches need to know of a game: a small family of traits.
//!
//! [`Game`] is what every search sees: how many players there are, whose
//! turn it is (a player's, chance's, or nobody's once the game is over),
//! the legal moves, how a move changes the position, and what each player
//! gets at the end, as the game itself reports it. Chance (a die, a random
//! spawn) is a turn of its own whose outcomes the game lists with their
//! weights. The game names its own move-list capacity ([`Game::List`]), so
//! a game of 360 moves and one of 256 both keep their lists on the stack.
//!
//! [`ZeroSum`] adds what the alpha-beta search needs of a two-player,
//! zero-sum, deterministic game: make/unmake in place (a copy per ply costs
//! stack that small targets lack) and Zobrist keys kept up to date move by
//! move. The MCTS and expectimax searches ask only for [`Game`] and
//! [`Clone`]. Evaluation is separate from the rules, so several evaluators
//! can share one set of rules.

use core::fmt::Debug;
use core::ops::{Deref, DerefMut};

use arrayvec::ArrayVec;

/// The most players a search keeps values for (one per player).
pub const MAX_PLAYERS: usize = 16;

/// A seat at the table: index 0 moves first. Games number their players
/// from 1 when they print them ([`Player::number`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// Player 1, who moves first.
    pub const ONE: Player = Player(0);
    /// Player 2.
    pub const TWO: Player = Player(1);

    /// The player of index `index` (0-based); `None` from [`MAX_PLAYERS`] on.
    #[inline]
    pub const fn new(index: usize) -> Option<Player> {
        if index < MAX_PLAYERS {
            Some(Player(index as u8))
        } else {
            None
        }
    }

    /// The player numbered `number` of `players` (1-based, as games print them).
    pub const fn from_number(number: u32, players: usize) -> Option<Player> {
        if number >= 1 && (number as usize) <= players && (number as usize) <= MAX_PLAYERS {
            Some(Player(number as u8 - 1))
        } else {
            None
        }
    }

    /// 0-based, for arrays of one entry a player.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 1-based, as games print players.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The other player of a two-player game.
    #[inline]
    pub const fn other(self) -> Player {
        Player(self.0 ^ 1)
    }

    /// The player after this one in a game of `players`, wrapping round.
    #[inline]
    pub const fn next(self, players: usize) -> Player {
        if self.0 as usize + 1 >= players {
            Player(0)
        } else {
            Player(self.0 + 1)
        }
    }
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// This player chooses among [`Game::legal_moves`].
    Player(Player),
    /// Chance picks one of [`Game::chance_outcomes`] by its weight.
    Chance,
    /// The game is over: [`Game::returns`] says what each player got.
    Over,
}

/// A list with room for every move (or chance outcome) of any position of
/// one game: an [`ArrayVec`] of the game's capacity, on the stack.
pub trait List<T>: Default + Deref<Target = [T]> + DerefMut {
    /// How many items it holds at most.
    const CAPACITY: usize;

    /// Appends `item`. A game never lists more than its capacity: a
    /// longer list is a bug in the game, and panics.
    fn push(&mut self, item: T);

    fn clear(&mut self);

    fn truncate(&mut self, len: usize);
}

impl<T, const N: usize> List<T> for ArrayVec<T, N> {
    const CAPACITY: usize = N;

    #[inline]
    fn push(&mut self, item: T) {
        ArrayVec::push(self, item)
    }

    #[inline]
    fn clear(&mut self) {
        ArrayVec::clear(self)
    }

    #[inline]
    fn truncate(&mut self, len: usize) {
        ArrayVec::truncate(self, len)
    }
}

/// One outcome of a chance turn, with its weight: its probability is its
/// weight over the sum of the weights of all the outcomes listed, so exact
/// fractions stay exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chance<M> {
    pub outcome: M,
    pub weight: u32,
}

/// The rules of a game, as every search sees them.
pub trait Game {
    /// A player's move, or a chance outcome.
    type Move: Copy + Eq + Debug;

    /// A list with room for the most moves, or chance outcomes, any
    /// position has: `ArrayVec<T, N>` with the game's own `N`.
    type List<T: Copy>: List<T>;

    /// How many players the game has (1 ..= [`MAX_PLAYERS`]); it never
    /// changes during a game, even when players are knocked out.
    fn players(&self) -> usize;

    /// Whose turn it is, or [`Turn::Over`].
    fn turn(&self) -> Turn;

    /// Writes the legal moves of the player to move into `moves` (cleared
    /// first), the same way every time for the same position. Empty at a
    /// chance turn and once the game is over; otherwise never empty (a
    /// player who cannot move is the game's business: it passes, forfeits
    /// or ends the game).
    fn legal_moves(&self, moves: &mut Self::List<Self::Move>);

    /// Calls `f` with each legal move, in the order of
    /// [`Game::legal_moves`]. The default lists them first; a game whose
    /// list has room for far more moves than its small boards have
    /// (Gamma's) calls `f` as it finds them, so that a search on a small
    /// board keeps no list for the largest on a small chip's stack.
    fn each_legal_move(&self, mut f: impl FnMut(Self::Move))
    where
        Self: Sized,
    {
        let mut moves = Self::List::<Self::Move>::default();
        self.legal_moves(&mut moves);
        moves.iter().for_each(|&mv| f(mv));
    }

    /// At a chance turn, writes every outcome with its weight into
    /// `outcomes` (cleared first); empty at other turns. Deterministic
    /// games keep this default.
    fn chance_outcomes(&self, outcomes: &mut Self::List<Chance<Self::Move>>) {
        outcomes.clear();
    }

    /// Makes `mv`, one of [`Game::legal_moves`] or of
    /// [`Game::chance_outcomes`]. Searches only make moves the game listed;
    /// any other move is a caller's bug, which gives a wrong position,
    /// never unsafety.
    fn play(&mut self, mv: Self::Move);

    /// What `player` got, once the game is over, in the game's own units:
    /// above 0 a win, below 0 a loss, 0 a draw for two-player games; a
    /// score or a placement for others. Searches that mix values with
    /// exploration terms (MCTS) want them within -1 ..= 1.
    fn returns(&self, player: Player) -> f32;

    /// Whether the game is over.
    #[inline]
    fn is_over(&self) -> bool {
        matches!(self.turn(), Turn::Over)
    }
}

/// What the alpha-beta search needs on top of [`Game`]: two players, zero
/// sum (a positive [`Game::returns`] is a win, negative a loss, 0 a draw),
/// no chance, moves made and taken back in place, and Zobrist keys kept up
/// to date by the moves themselves.
pub trait ZeroSum: Game {
    /// Whether the players always take turns: then the search negates every
    /// child's value without asking whose turn it is. Games where a player
    /// may move twice in a row (or teams of a paranoid search) say `false`.
    const ALTERNATES: bool = true;

    /// What [`ZeroSum::unplay`] needs to take a move back. The search holds
    /// one per ply instead of a copy of the position: keep it small.
    type Undo: Copy;

    /// The Zobrist key of this position, from scratch.
    fn hash(&self) -> u64;

    /// Makes `mv` (as [`Game::play`]) and returns the key of the new
    /// position given the key `hash` of this one.
    fn play_keyed(&mut self, mv: Self::Move, hash: u64) -> u64;

    /// Like [`ZeroSum::play_keyed`], also returning what takes the move back.
    fn play_undoable(&mut self, mv: Self::Move, hash: u64) -> (u64, Self::Undo);

    /// Takes back the move that returned `undo`, the last one made.
    fn unplay(&mut self, undo: &Self::Undo);

    /// Lets the other player move now, as if the player to move had
    /// passed, and returns the new key; `None` (nothing changed) for a game
    /// where that means nothing. The search's null-move pruning asks
    /// whether a position is so good that even passing keeps it.
    fn pass(&mut self, _hash: u64) -> Option<u64> {
        None
    }

    /// Takes back a [`ZeroSum::pass`].
    fn unpass(&mut self) {}

    /// A number below the capacity of [`Game::List`] that tells moves
    /// apart, for the search's history table.
    fn move_slot(mv: Self::Move) -> usize;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_number_from_one_and_wrap_round() {
        assert_eq!(Player::ONE.number(), 1);
        assert_eq!(Player::TWO.index(), 1);
        assert_eq!(Player::ONE.other(), Player::TWO);
        assert_eq!(Player::TWO.other(), Player::ONE);
        let c = Player::new(2).unwrap();
        assert_eq!(c.next(3), Player::ONE);
        assert_eq!(Player::TWO.next(3), c);
        assert_eq!(Player::from_number(3, 3), Some(c));
        assert_eq!(Player::from_number(4, 3), None);
        assert_eq!(Player::from_number(0, 3), None);
        assert_eq!(Player::new(MAX_PLAYERS), None);
    }

    #[test]
    fn array_vecs_are_lists_of_their_capacity() {
        let mut list = <ArrayVec<u8, 5> as Default>::default();
        List::push(&mut list, 3);
        List::push(&mut list, 4);
        assert_eq!(<ArrayVec<u8, 5> as List<u8>>::CAPACITY, 5);
        assert_eq!(&list[..], &[3, 4]);
        List::truncate(&mut list, 1);
        assert_eq!(list.len(), 1);
        List::clear(&mut list);
        assert!(list.is_empty());
    }
}
