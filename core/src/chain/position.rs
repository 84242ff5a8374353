//! The whole state of a game: board, rule set, players, whose turn, turns
//! played, who is out, and the result.

use core::fmt;

use super::bits::Bits;
use super::board::{BadSize, Board};
use super::rules::Rules;
use crate::game::Player;
use crate::grid::Cell;

/// The most players of a `classic` game.
pub const MAX_PLAYERS: usize = 8;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Being played.
    Playing,
    /// Won by this player: the only one left (in `atoms`: the one with orbs).
    Won(Player),
    /// Drawn at the cap of 1000 waves (`classic`, only while the check is off).
    Drawn,
}

/// A move: an orb on a cell, or a pass (`atoms` only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place(Cell),
    Pass,
}

/// Why a new game cannot be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupError {
    /// The board size is outside the rules.
    Size(BadSize),
    /// `classic` has 2 to 8 players, `atoms` exactly 2.
    Players { rules: Rules, players: u8 },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Size(size) => size.fmt(f),
            SetupError::Players { rules, players } => write!(
                f,
                "{players} players: {} is for {}",
                rules.name(),
                match rules {
                    Rules::Classic => "2 to 8 players",
                    Rules::Atoms => "exactly 2 players",
                }
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SetupError {}

/// A game of Chain Reaction (either rule set): plain `Copy` data of one
/// size for every board, 248 bytes, copied per node by searches.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    /// Turns completed: moves, passes and forfeits.
    pub(crate) ply: u32,
    pub(crate) rules: Rules,
    pub(crate) players: u8,
    /// The player to move; player 1 (index 0) once the game is over, so
    /// that equal games are equal data.
    pub(crate) to_move: Player,
    /// Bit `i`: player `i` is out.
    pub(crate) out: u8,
    pub(crate) status: Status,
}

impl Position {
    /// The start of a game: an empty `width` x `height` board, player `a`
    /// to move, no turn played.
    pub fn new(rules: Rules, width: u8, height: u8, players: u8) -> Result<Position, SetupError> {
        if !rules.allows_players(players) {
            return Err(SetupError::Players { rules, players });
        }
        let board = Board::empty(width, height).map_err(SetupError::Size)?;
        Ok(Position {
            board,
            ply: 0,
            rules,
            players,
            to_move: Player::ONE,
            out: 0,
            status: Status::Playing,
        })
    }

    #[inline]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// How many players the game started with (out or not).
    #[inline]
    pub const fn players(&self) -> usize {
        self.players as usize
    }

    /// Turns completed so far: moves, passes and forfeits.
    #[inline]
    pub const fn ply(&self) -> u32 {
        self.ply
    }

    #[inline]
    pub const fn status(&self) -> Status {
        self.status
    }

    #[inline]
    pub const fn is_over(&self) -> bool {
        !matches!(self.status, Status::Playing)
    }

    /// The player to move, `None` once the game is over.
    #[inline]
    pub const fn to_move(&self) -> Option<Player> {
        match self.status {
            Status::Playing => Some(self.to_move),
            _ => None,
        }
    }

    /// Whether `player` is out (eliminated, forfeited, or the loser of `atoms`).
    #[inline]
    pub const fn is_out(&self, player: Player) -> bool {
        player.index() < 8 && self.out >> player.index() & 1 != 0
    }

    /// The players who are out, in turn order.
    pub fn out_players(&self) -> impl Iterator<Item = Player> + '_ {
        self.all_players().filter(|&p| self.is_out(p))
    }

    pub(crate) fn all_players(&self) -> impl Iterator<Item = Player> {
        (0..self.players as usize).filter_map(Player::new)
    }

    /// Whether the turn counter has no room for another round of turns:
    /// no move is legal then ([`IllegalMove::TooManyTurns`]).
    ///
    /// [`IllegalMove::TooManyTurns`]: super::IllegalMove::TooManyTurns
    #[inline]
    pub fn out_of_turns(&self) -> bool {
        self.ply.checked_add(self.players as u32).is_none()
    }

    /// The cells the player to move may place an orb on, row by row from
    /// the top (none once the game is over or out of turns). `atoms` also allows a pass.
    pub fn legal_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let legal = self.legal_set();
        legal.iter().map(|i| self.board.cell_at(i))
    }

    /// How many cells the player to move may place an orb on (passes not
    /// counted; 0 once the game is over).
    pub fn legal_count(&self) -> u32 {
        self.legal_set().count()
    }

    fn legal_set(&self) -> Bits<4> {
        if self.out_of_turns() {
            // No turn fits in the turn counter any more (check_move's
            // TooManyTurns): no move is legal.
            return Bits::EMPTY;
        }
        self.open_set()
    }

    /// The cells the board lets the player to move place an orb on,
    /// whatever the turn counter.
    pub(crate) fn open_set(&self) -> Bits<4> {
        match self.to_move() {
            Some(p) => {
                let area = Bits::below(self.board.area());
                self.board.planes::<4>().legal(p, area)
            }
            None => Bits::EMPTY,
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The budget of the whole state: searches copy it at every node.
    #[test]
    fn a_position_fits_its_budget() {
        assert!(
            core::mem::size_of::<Position>() <= 248,
            "{}",
            core::mem::size_of::<Position>()
        );
    }

    #[test]
    fn setups_are_checked() {
        assert!(Position::new(Rules::Classic, 6, 9, 8).is_ok());
        assert_eq!(
            Position::new(Rules::Classic, 6, 9, 9),
            Err(SetupError::Players {
                rules: Rules::Classic,
                players: 9
            })
        );
        assert!(Position::new(Rules::Atoms, 8, 8, 3).is_err());
        assert!(Position::new(Rules::Classic, 1, 1, 2).is_err());
        assert_eq!(
            Position::new(Rules::Atoms, 8, 8, 1)
                .unwrap_err()
                .to_string(),
            "1 players: atoms is for exactly 2 players"
        );
    }

    #[test]
    fn the_start_offers_every_cell() {
        let game = Position::new(Rules::Classic, 6, 9, 2).unwrap();
        assert_eq!(game.legal_count(), 54);
        assert_eq!(game.legal_cells().nth(7), Cell::new(1, 1));
        assert_eq!(game.to_move(), Some(Player::ONE));
    }
}
