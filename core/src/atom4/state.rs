//! The whole state of an Atom-4 game: board, tile, round, scores, status.

use super::board::{BadSize, Board, Changes, Placed, Recorder};
use super::color::{Color, Tile};
use crate::game::Player;
use crate::grid::{Bitboard, Cell};

/// The propagator `player` wants rows of: player 1 plays the additive
/// tiles and wants white rows, player 2 the subtractive tiles and black rows.
#[inline]
pub const fn propagator(player: Player) -> Color {
    match player.index() {
        0 => Color::White,
        _ => Color::Black,
    }
}

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Playing,
    Won(Player),
    /// The board filled up without a winning row.
    Stalemate,
}

/// Why a move was refused. The game is left exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The round is over; start the next one first.
    RoundOver,
    /// The cell is not on this board.
    OffBoard,
    /// The cell already holds a piece.
    Occupied,
    /// The cell lacks two occupied neighbours next to each other.
    Unsupported,
}

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            IllegalMove::RoundOver => "the round is over",
            IllegalMove::OffBoard => "that cell is not on the board",
            IllegalMove::Occupied => "that cell is already occupied",
            IllegalMove::Unsupported => {
                "a piece needs two occupied neighbours that are next to each other"
            }
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IllegalMove {}

/// Why [`Atom4::unplay`] or [`Atom4::next_round`] refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateError {
    /// The change list is not the last move of this position.
    NotLastMove,
    /// The round is still being played.
    RoundNotOver,
    /// The round counter would overflow.
    TooManyRounds,
}

impl core::fmt::Display for StateError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            StateError::NotLastMove => "those changes are not the last move of this position",
            StateError::RoundNotOver => "the round is not over yet",
            StateError::TooManyRounds => "no more rounds can be counted",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for StateError {}

/// A game of Atom-4: plain `Copy` data, the same size whatever the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Atom4 {
    board: Board,
    tile: Tile,
    status: Status,
    round: u32,
    scores: [u32; 2],
}

impl Atom4 {
    /// Round 1 of a new game on a `width` x `height` board (2..=16 each way).
    pub fn new(width: u8, height: u8) -> Result<Atom4, BadSize> {
        Atom4::round_start(width, height, 1, [0, 0])
    }

    /// Round 1 on the 16 x 16 board of the original front ends.
    pub fn standard() -> Atom4 {
        Atom4::new(16, 16).unwrap_or_else(|_| unreachable!("16x16 is supported"))
    }

    /// The start of round `round`: two pieces in the middle row, and the
    /// tile sequence entered at `(round - 1) % 6`, so that rounds alternate
    /// the starting player and rotate the starting colour.
    fn round_start(w: u8, h: u8, round: u32, scores: [u32; 2]) -> Result<Atom4, BadSize> {
        let mut board = Board::empty(w, h)?;
        let start = Tile::new(((round - 1) % 6) as u8);
        let middle = [(w / 2 - 1, start.advance(2)), (w / 2, start.advance(5))];
        for (x, tile) in middle {
            let cell = board.cell(x, h / 2 - 1).ok_or(BadSize {
                width: w,
                height: h,
            })?;
            board.set(cell, Some(tile.color()));
        }
        Ok(Atom4 {
            board,
            tile: start,
            status: Status::Playing,
            round,
            scores,
        })
    }

    /// A state from its parts, checked for consistency (used by the text
    /// notation). `None` when the parts cannot belong to one game: round 0,
    /// a round in play on a full board, or in play with no legal cell.
    pub fn from_parts(
        board: Board,
        tile: Tile,
        round: u32,
        scores: [u32; 2],
        status: Status,
    ) -> Option<Atom4> {
        let game = Atom4 {
            board,
            tile,
            status,
            round,
            scores,
        };
        let consistent = round >= 1
            && match status {
                Status::Playing => !board.legal_cells().is_empty(),
                Status::Stalemate => board.is_full(),
                Status::Won(_) => true,
            };
        consistent.then_some(game)
    }

    #[inline]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub const fn width(&self) -> u8 {
        self.board.width()
    }

    #[inline]
    pub const fn height(&self) -> u8 {
        self.board.height()
    }

    /// The tile to be placed next (after the round: the one that would be).
    #[inline]
    pub const fn tile(&self) -> Tile {
        self.tile
    }

    /// The player whose tile is next: player 1 for additive tiles.
    #[inline]
    pub const fn side_to_move(&self) -> Player {
        self.tile.player()
    }

    /// The player to move, `None` once the round is over.
    #[inline]
    pub const fn current_player(&self) -> Option<Player> {
        match self.status {
            Status::Playing => Some(self.side_to_move()),
            _ => None,
        }
    }

    #[inline]
    pub const fn status(&self) -> Status {
        self.status
    }

    #[inline]
    pub const fn is_over(&self) -> bool {
        !matches!(self.status, Status::Playing)
    }

    /// The round number, from 1.
    #[inline]
    pub const fn round(&self) -> u32 {
        self.round
    }

    /// Rounds won by player 1 and player 2.
    #[inline]
    pub const fn scores(&self) -> [u32; 2] {
        self.scores
    }

    #[inline]
    pub const fn score(&self, player: Player) -> u32 {
        self.scores[player.index()]
    }

    /// The cells the next piece may go to; empty once the round is over.
    #[inline]
    pub fn legal_moves(&self) -> Bitboard {
        match self.status {
            Status::Playing => self.board.legal_cells(),
            _ => Bitboard::EMPTY,
        }
    }

    /// Why `cell` is not a legal move, or `Ok` if it is.
    pub fn check_move(&self, cell: Cell) -> Result<(), IllegalMove> {
        if self.is_over() {
            Err(IllegalMove::RoundOver)
        } else if !self.board.contains(cell) {
            Err(IllegalMove::OffBoard)
        } else if self.board.get(cell).is_some() {
            Err(IllegalMove::Occupied)
        } else if !self.board.is_legal(cell) {
            Err(IllegalMove::Unsupported)
        } else {
            Ok(())
        }
    }

    /// Places the current tile at `cell` and returns what changed: the placed
    /// piece first, then the splashed cells in direction order. An illegal
    /// move changes nothing.
    pub fn play(&mut self, cell: Cell) -> Result<Changes, IllegalMove> {
        self.check_move(cell)?;
        let mut changes = Changes::new();
        self.play_unchecked(cell, &mut changes);
        Ok(changes)
    }

    /// [`Atom4::play`] for a cell known to be legal (from
    /// [`Atom4::legal_moves`]), telling `recorder` the changes: no checks,
    /// for search and playouts. On an illegal cell the result is a wrong
    /// game, never unsafety.
    ///
    /// Returns what the placement saw, for incremental bookkeeping (the
    /// cells it made legal).
    #[inline]
    pub fn play_unchecked<R: Recorder>(&mut self, cell: Cell, recorder: &mut R) -> Placed {
        let mover = self.side_to_move();
        let placed = self.board.place(cell, self.tile.color(), recorder);
        if self
            .board
            .any_in_winning_row(placed.created(), propagator(mover))
        {
            self.status = Status::Won(mover);
            self.scores[mover.index()] = self.scores[mover.index()].saturating_add(1);
        } else if self.board.is_full() {
            self.status = Status::Stalemate;
        }
        self.tile = self.tile.next();
        placed
    }

    /// Takes back the last move, given the changes [`Atom4::play`] returned
    /// for it. The record is verified, not trusted: the position it
    /// restores must lead back here by exactly that move and those changes
    /// (a forged `old` colour, a changed order, a move of another position
    /// are all refused). Refuses with [`StateError::NotLastMove`], changing
    /// nothing, when they do not fit this position.
    pub fn unplay(&mut self, changes: &Changes) -> Result<(), StateError> {
        let tile = self.tile.advance(5);
        let shaped = match changes.first() {
            Some(first) => {
                first.old.is_none()
                    && first.new == tile.color()
                    && changes.iter().all(|c| {
                        self.board.contains(c.cell) && self.board.get(c.cell) == Some(c.new)
                    })
            }
            None => false,
        };
        let mover = tile.player();
        let shaped = shaped
            && match self.status {
                Status::Playing | Status::Stalemate => true,
                Status::Won(p) => p == mover && self.scores[p.index()] > 0,
            };
        if !shaped {
            return Err(StateError::NotLastMove);
        }
        let mut before = *self;
        before.revert_last(changes);
        // Replayed from the restored position, the move must make exactly
        // these changes and lead exactly here.
        let mut replay = before;
        match replay.play(changes[0].cell) {
            Ok(made) if made == *changes && replay == *self => {
                *self = before;
                Ok(())
            }
            _ => Err(StateError::NotLastMove),
        }
    }

    /// Hands the turn to the other player without a move (their tile is
    /// next): for the search's null-move pruning only, never a legal move.
    pub(crate) fn pass_turn(&mut self) {
        self.tile = self.tile.next();
    }

    /// Takes back [`Atom4::pass_turn`].
    pub(crate) fn unpass_turn(&mut self) {
        self.tile = self.tile.advance(5);
    }

    /// Takes back the last move without checking that `changes` are it:
    /// for the search, which only takes back the move it just made.
    pub(crate) fn revert_last(&mut self, changes: &Changes) {
        if let Status::Won(p) = self.status {
            self.scores[p.index()] = self.scores[p.index()].saturating_sub(1);
        }
        self.board.revert(changes);
        self.tile = self.tile.advance(5);
        self.status = Status::Playing;
    }

    /// Starts the next round (after a win or stalemate): empty board with the
    /// two starting pieces, the other player first, the next starting colour.
    pub fn next_round(&mut self) -> Result<(), StateError> {
        if !self.is_over() {
            return Err(StateError::RoundNotOver);
        }
        let round = self.round.checked_add(1).ok_or(StateError::TooManyRounds)?;
        // The size was accepted when this game was made, so it still is.
        if let Ok(next) = Atom4::round_start(self.width(), self.height(), round, self.scores) {
            *self = next;
        }
        Ok(())
    }
}

impl Default for Atom4 {
    fn default() -> Atom4 {
        Atom4::standard()
    }
}

impl core::fmt::Debug for Atom4 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Atom4(\"{self}\")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom4::Change;

    fn cell(x: u8, y: u8) -> Cell {
        Cell::new(x, y).unwrap()
    }

    /// The size budget of the whole state: it lives in firmware RAM, the C
    /// ABI's `atom4_game` holds its encoding, and MCTS copies it once an
    /// iteration (alpha-beta changes one copy in place).
    #[test]
    fn state_fits_its_budget() {
        assert!(
            core::mem::size_of::<Atom4>() <= 160,
            "{}",
            core::mem::size_of::<Atom4>()
        );
    }

    #[test]
    fn round_one_starts_as_the_original() {
        let game = Atom4::standard();
        assert_eq!(game.board().get(cell(7, 7)), Some(Color::Green));
        assert_eq!(game.board().get(cell(8, 7)), Some(Color::Purple));
        assert_eq!(game.tile().color(), Color::Red);
        assert_eq!(game.current_player(), Some(Player::ONE));
        assert_eq!(game.board().occupied().count(), 2);
        // Row 7 is odd, so the cells touching both pieces are (8, 6) and (8, 8).
        let legal: [Cell; 2] = [cell(8, 6), cell(8, 8)];
        assert!(game.legal_moves().iter().eq(legal));
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing() {
        let mut game = Atom4::new(6, 6).unwrap();
        let before = game;
        assert_eq!(game.play(cell(2, 2)), Err(IllegalMove::Occupied));
        assert_eq!(game.play(cell(6, 0)), Err(IllegalMove::OffBoard));
        assert_eq!(game.play(cell(0, 0)), Err(IllegalMove::Unsupported));
        assert_eq!(game, before);
    }

    #[test]
    fn bad_sizes_are_refused() {
        assert!(Atom4::new(1, 8).is_err());
        assert!(Atom4::new(8, 17).is_err());
        assert!(Atom4::new(2, 2).is_ok());
    }

    /// A row of four white cells made by player 1 wins; the round then
    /// refuses moves, and the next round swaps the starting player.
    #[test]
    fn a_white_row_wins_and_the_next_round_follows() {
        // Red at (5,1) splashes the black at (5,2) (direction 4, lower left:
        // black under an additive piece takes its colour) and the cyan at
        // (4,1) (direction 5, left), which turns white: W W W c W is not yet
        // a row of four.
        let mut game: Atom4 = "....../WWWcc./....KK/....../....../...... r 1 0-0 *"
            .parse()
            .unwrap();
        let changes = game.play(cell(5, 1)).unwrap();
        let expected = [
            Change {
                cell: cell(5, 1),
                old: None,
                new: Color::Red,
            },
            Change {
                cell: cell(5, 2),
                old: Some(Color::Black),
                new: Color::Red,
            },
            Change {
                cell: cell(4, 1),
                old: Some(Color::Cyan),
                new: Color::White,
            },
        ];
        assert_eq!(*changes, expected);
        assert_eq!(
            game.status(),
            Status::Playing,
            "W W W c W is not a row of four"
        );
        // Red at (4,1) splashes left onto the cyan at (3,1): W W W W wins.
        let mut game: Atom4 = "....../WWWc../....KK/....../....../...... r 1 0-0 *"
            .parse()
            .unwrap();
        game.play(cell(4, 1)).unwrap();
        assert_eq!(game.board().get(cell(3, 1)), Some(Color::White));
        assert_eq!(game.status(), Status::Won(Player::ONE));
        assert_eq!(game.scores(), [1, 0]);
        assert_eq!(game.current_player(), None);
        assert_eq!(game.play(cell(5, 2)), Err(IllegalMove::RoundOver));
        game.next_round().unwrap();
        assert_eq!(game.round(), 2);
        assert_eq!(game.current_player(), Some(Player::TWO));
        assert_eq!(game.tile().color(), Color::Yellow);
        assert_eq!(game.scores(), [1, 0]);
        assert_eq!(game.next_round(), Err(StateError::RoundNotOver));
    }

    fn list(items: &[Change]) -> Changes {
        let mut list = Changes::new();
        for &c in items {
            list.push(c);
        }
        list
    }

    /// A record whose `old` colours were forged (here: the splashed cell's
    /// colour before the move) is refused and changes nothing, whatever the
    /// forged colour; so is one in another order or with a cell left out.
    #[test]
    fn unplay_refuses_a_forged_record() {
        let mut game: Atom4 = "....../WWWcc./....KK/....../....../...... r 1 0-0 *"
            .parse()
            .unwrap();
        let changes = game.play(cell(5, 1)).unwrap();
        assert_eq!(changes.len(), 3);
        let after = game;
        for i in 1..changes.len() {
            for bits in 0..8 {
                let mut items: [Change; 3] = [changes[0], changes[1], changes[2]];
                let forged_old = Some(Color::from_bits(bits));
                if items[i].old == forged_old {
                    continue;
                }
                items[i].old = forged_old;
                let forged = list(&items);
                assert_eq!(
                    game.unplay(&forged),
                    Err(StateError::NotLastMove),
                    "{forged:?}"
                );
                assert_eq!(game, after);
            }
        }
        let reordered = list(&[changes[0], changes[2], changes[1]]);
        assert_eq!(game.unplay(&reordered), Err(StateError::NotLastMove));
        let short = list(&changes[..2]);
        assert_eq!(game.unplay(&short), Err(StateError::NotLastMove));
        assert_eq!(game, after);
        game.unplay(&changes).unwrap();
        assert_eq!(
            game.to_string(),
            "....../WWWcc./....KK/....../....../...... r 1 0-0 *"
        );
    }

    #[test]
    fn unplay_refuses_changes_of_another_move() {
        let mut game = Atom4::standard();
        let first = game.play(cell(8, 6)).unwrap();
        let second = game.play(cell(8, 8)).unwrap();
        let before = game;
        assert_eq!(game.unplay(&first), Err(StateError::NotLastMove));
        assert_eq!(game.unplay(&Changes::new()), Err(StateError::NotLastMove));
        assert_eq!(game, before);
        game.unplay(&second).unwrap();
        game.unplay(&first).unwrap();
        assert_eq!(game, Atom4::standard());
    }

    #[test]
    fn a_full_board_without_a_row_is_a_stalemate() {
        // 2 x 2: the two starting pieces and two more moves fill it.
        let mut game = Atom4::new(2, 2).unwrap();
        while !game.is_over() {
            let mv = game.legal_moves().first().unwrap();
            game.play(mv).unwrap();
        }
        assert_eq!(game.status(), Status::Stalemate);
        assert_eq!(game.scores(), [0, 0]);
    }
}
