//! Random playouts: the rules' throughput benchmark, and the batch playouts
//! the bindings offer to learning code.

use super::state::{Atom4, Status};
use crate::grid::{Bitboard, Cell};
use crate::rng::Rng;

/// Plays uniformly random legal moves until the round ends; returns the
/// number of moves played.
pub fn random_playout(game: &mut Atom4, rng: &mut Rng) -> u32 {
    let mut moves = 0;
    // Generated once, then updated around each placed piece.
    let mut legal = LegalList::new(game.legal_moves());
    while game.status() == Status::Playing {
        let Some(cell) = legal.pick(rng.below(legal.len() as u32)) else {
            // In play with no legal cell: only a hand-made position can get
            // here; nothing more can be played.
            break;
        };
        for gained in game.play_unchecked(cell, &mut ()).new_legal() {
            legal.push(gained);
        }
        moves += 1;
    }
    moves
}

/// The legal cells as a list with O(1) uniform picks and updates: a pick
/// swap-removes its cell; `members` keeps a cell from being listed twice
/// (a cell made legal again by a second neighbour).
struct LegalList {
    cells: [Cell; 256],
    members: Bitboard,
    len: usize,
}

impl LegalList {
    fn new(legal: Bitboard) -> LegalList {
        let mut list = LegalList {
            cells: [Cell::from_index(0); 256],
            members: Bitboard::EMPTY,
            len: 0,
        };
        for cell in legal.iter() {
            list.push(cell);
        }
        list
    }

    fn len(&self) -> usize {
        self.len
    }

    fn push(&mut self, cell: Cell) {
        let new = !self.members.has(cell);
        self.members.insert(cell.index());
        // Written always, kept only if new.
        self.cells[self.len] = cell;
        self.len += new as usize;
    }

    /// Removes and returns the `i`-th cell.
    fn pick(&mut self, i: u32) -> Option<Cell> {
        let i = i as usize;
        if i >= self.len {
            return None;
        }
        let cell = self.cells[i];
        self.len -= 1;
        self.cells[i] = self.cells[self.len];
        self.members.remove(cell.index());
        Some(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both incremental updates (the bitboard one and the playout's list)
    /// equal full generation after every move, on every board shape.
    #[test]
    fn incremental_legal_cells_match_full_generation() {
        let mut rng = Rng::new(3);
        for (w, h) in [(16, 16), (7, 9), (2, 2), (16, 3), (5, 16), (3, 3)] {
            for _ in 0..50 {
                let mut game = Atom4::new(w, h).unwrap();
                let mut legal = game.legal_moves();
                let mut list = LegalList::new(legal);
                while !game.is_over() {
                    let i = rng.below(list.len() as u32);
                    let cell = list.pick(i).unwrap();
                    let placed = game.play_unchecked(cell, &mut ());
                    legal = game.board().legal_after(legal, cell);
                    assert!(placed.new_legal().eq(game.board().new_legal_cells(cell)));
                    for gained in placed.new_legal() {
                        list.push(gained);
                    }
                    let full = game.board().legal_cells();
                    assert_eq!(legal, full, "{w}x{h} after {cell:?}");
                    let listed =
                        list.cells[..list.len()]
                            .iter()
                            .fold(Bitboard::EMPTY, |mut b, c| {
                                b.insert(c.index());
                                b
                            });
                    assert_eq!((listed, list.len()), (full, full.count() as usize));
                }
            }
        }
    }

    /// Every legal cell is picked about equally often: the list neither
    /// loses nor duplicates cells.
    #[test]
    fn playouts_pick_uniformly() {
        let game = Atom4::standard();
        let mut rng = Rng::new(9);
        let mut firsts = [0u32; 256];
        for _ in 0..4000 {
            let mut list = LegalList::new(game.legal_moves());
            let i = rng.below(list.len() as u32);
            firsts[list.pick(i).unwrap().index() as usize] += 1;
        }
        let picked: [u32; 2] = [firsts[8 + 6 * 16], firsts[8 + 8 * 16]];
        assert!(
            picked.iter().all(|&n| (1800..2200).contains(&n)),
            "{picked:?}"
        );
    }
}
