//! The tutorial's computer player (`atoms3.c`), exactly (spec section 6): a
//! weak `atoms` baseline that reproduces the recorded games move for move
//! on glibc's `rand()`.
//!
//! In its first 5 rounds, and then 3 times in 10, it tries random cells
//! until one has no orbs; otherwise, or when that gives up, it looks at
//! random cells for one of its own next to the opponent (empty cells the
//! opponent exploded count as the opponent's), and passes when that gives up.

use core::fmt;

use super::glibc::GlibcRand;
use super::position::{Move, Position};
use super::rules::Rules;
use crate::game::Player;
use crate::grid::Cell;

/// How many random cells each search looks at before it gives up.
pub const TRIES: u32 = 1000;

/// Why the player cannot choose a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeedAiError {
    /// It plays `atoms` only (it may pass).
    NotAtoms,
    /// The game is over.
    GameOver,
}

impl fmt::Display for SeedAiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SeedAiError::NotAtoms => "the seed's computer player plays atoms only",
            SeedAiError::GameOver => "the game is over",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SeedAiError {}

/// The tutorial's computer player with its random numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeedAi {
    rand: GlibcRand,
}

impl SeedAi {
    /// The player after `srand(seed)`.
    pub fn new(seed: u32) -> SeedAi {
        SeedAi {
            rand: GlibcRand::new(seed),
        }
    }

    /// The player drawing from `rand`.
    pub const fn with_rand(rand: GlibcRand) -> SeedAi {
        SeedAi { rand }
    }

    /// Its random numbers as they stand.
    pub const fn rand(&self) -> &GlibcRand {
        &self.rand
    }

    /// The move for the player to move of an `atoms` game: a cell, or a
    /// pass. At most 2 million random numbers (1000 tries of 1000 tries).
    pub fn choose(&mut self, position: &Position) -> Result<Move, SeedAiError> {
        if position.rules() != Rules::Atoms {
            return Err(SeedAiError::NotAtoms);
        }
        let me = position.to_move().ok_or(SeedAiError::GameOver)?;
        // The original's `turnCount`: rounds completed.
        let rounds = position.ply() / 2;
        if rounds < 5 || self.rand.below(10) < 3 {
            if let Some(cell) = self.random_empty(position) {
                return Ok(Move::Place(cell));
            }
        }
        Ok(self.own_next_to_opponent(position, me))
    }

    /// A random cell, `x` drawn first.
    fn random_cell(&mut self, position: &Position) -> Cell {
        let board = position.board();
        let x = self.rand.below(board.width() as u32) as u8;
        let y = self.rand.below(board.height() as u32) as u8;
        Cell::new(x, y).unwrap_or(Cell::from_index(0))
    }

    /// Random cells until one without orbs; `None` at the last try, whose
    /// cell is drawn but not looked at.
    fn random_empty(&mut self, position: &Position) -> Option<Cell> {
        for tries in 1..=TRIES {
            let cell = self.random_cell(position);
            if tries == TRIES {
                return None;
            }
            if position.board().count(cell) == 0 {
                return Some(cell);
            }
        }
        None
    }

    /// Random own cells (with orbs) until one has a neighbour of the
    /// opponent's; a pass when either search gives up.
    fn own_next_to_opponent(&mut self, position: &Position, me: Player) -> Move {
        let board = position.board();
        let opponent = me.other();
        for _ in 0..TRIES {
            let mut own = None;
            for tries in 1..=TRIES {
                let cell = self.random_cell(position);
                if tries == TRIES {
                    return Move::Pass;
                }
                if board.count(cell) > 0 && board.owner(cell) == Some(me) {
                    own = Some(cell);
                    break;
                }
            }
            let Some(cell) = own else {
                return Move::Pass;
            };
            let (x, y) = (cell.x() as i32, cell.y() as i32);
            let near = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                .into_iter()
                .filter_map(|(x, y)| Cell::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?))
                .any(|n| board.owner(n) == Some(opponent));
            if near {
                return Move::Place(cell);
            }
        }
        Move::Pass
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: u8, y: u8) -> Move {
        Move::Place(Cell::new(x, y).unwrap())
    }

    fn position(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn it_plays_atoms_games_on() {
        let classic = Position::new(Rules::Classic, 8, 8, 2).unwrap();
        assert_eq!(SeedAi::new(1).choose(&classic), Err(SeedAiError::NotAtoms));
        let over = position("atoms 2 0a1a/1a. - 11 b a");
        assert_eq!(SeedAi::new(1).choose(&over), Err(SeedAiError::GameOver));
    }

    #[test]
    fn it_keeps_to_its_searches() {
        // No empty cell and no own cell next to the opponent: it passes.
        let stuck = position("atoms 2 1b1b/1b1b b 21 - *");
        for seed in 1..20 {
            assert_eq!(SeedAi::new(seed).choose(&stuck), Ok(Move::Pass));
        }
        // In its first 5 rounds it takes an empty cell, here the only one.
        let early = position("atoms 2 1a1b/1b. b 5 - *");
        for seed in 1..20 {
            assert_eq!(SeedAi::new(seed).choose(&early), Ok(at(1, 1)));
        }
        // Later: the empty cell, or an own cell next to the cell the
        // opponent exploded (its residual owner counts).
        let residual = position("atoms 2 0a1b/1b1b b 21 - *");
        let mut ai = SeedAi::new(7);
        let mut seen = [false; 3];
        for _ in 0..100 {
            let mv = ai.choose(&residual).unwrap();
            let i = [at(0, 0), at(1, 0), at(0, 1)].iter().position(|&m| m == mv);
            seen[i.expect("only these are empty or touch (0,0)")] = true;
        }
        assert_eq!(seen, [true; 3]);
    }

    #[test]
    fn the_same_seed_makes_the_same_choices() {
        let start = Position::new(Rules::Atoms, 8, 8, 2).unwrap();
        let (mut one, mut two) = (SeedAi::new(99), SeedAi::new(99));
        for _ in 0..10 {
            assert_eq!(one.choose(&start), two.choose(&start));
        }
        assert_eq!(one.rand(), two.rand());
        assert_ne!(one.rand(), SeedAi::new(99).rand());
    }
}
