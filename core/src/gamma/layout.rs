//! How a game lies in the caller's memory: a header of scalars, then arrays
//! of `u32` words, one entry a cell, a union-find node or a player.
//!
//! Every array means "empty game" when it is all zero (owner 0 is an empty
//! cell, node 0 is "the cell's own node", parent 0 is a root of rank 0, mark
//! 0 was never visited, walk id 0 counted nothing, list link 0 is the end,
//! golden cell 0 is "golden move unused", witness 0 is none), so memory from
//! `calloc` works as it comes and a huge board is never touched up front;
//! only the header is written when a game is made.

/// Words of the header at the start of a game's memory.
pub const HEADER_WORDS: usize = 24;

/// The most cells a board may have. Node ids (cells plus a quarter for
/// fresh nodes) then stay below 2^31, which leaves the top bit of a parent
/// word for "root with a rank", and search stamps never run out within a
/// search.
pub const MAX_CELLS: u64 = 1 << 30;

/// "No cell" in the searches' queues (cells are below [`MAX_CELLS`]).
pub(crate) const NONE: u32 = u32::MAX;

/// Words per cell: owner, node, placed-list link, mark, search link, search
/// state; plus 1.25 for the union-find forest.
const CELL_ARRAYS: usize = 6;

/// Words per player: cells held, areas, border, placed-list head, golden
/// cell, `golden_possible` witness, walk count at its last change.
const PLAYER_ARRAYS: usize = 7;

/// Walk ids stay below this (they share a word with a 3-bit count).
pub(crate) const MAX_WALKS: u32 = 1 << 29;

/// "GAM1": the header of a game made by this module.
const MAGIC: u32 = 0x4741_4D31;

/// The sizes of a game's arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub cells: usize,
    pub players: usize,
    /// Union-find nodes: node 0 unused, nodes 1..=cells the cells' own,
    /// the rest handed out fresh when golden moves split areas.
    pub nodes: usize,
    pub words: usize,
}

impl Layout {
    /// `None` when a dimension is 0, the board has more than [`MAX_CELLS`]
    /// cells, or the words do not fit in `usize`.
    pub fn new(width: u32, height: u32, players: u32) -> Option<Layout> {
        if width == 0 || height == 0 || players == 0 {
            return None;
        }
        let cells = u64::from(width) * u64::from(height);
        if cells > MAX_CELLS {
            return None;
        }
        let cells = usize::try_from(cells).ok()?;
        let players = usize::try_from(players).ok()?;
        let nodes = cells.checked_add(cells / 4)?.checked_add(2)?;
        let words = cells
            .checked_mul(CELL_ARRAYS)?
            .checked_add(nodes)?
            .checked_add(players.checked_mul(PLAYER_ARRAYS)?)?
            .checked_add(HEADER_WORDS)?;
        Some(Layout {
            cells,
            players,
            nodes,
            words,
        })
    }

    /// The first fresh node id.
    #[inline]
    pub fn first_fresh(&self) -> u32 {
        self.cells as u32 + 1
    }

    /// How many fresh node ids there are.
    #[inline]
    pub fn fresh_nodes(&self) -> u32 {
        (self.nodes - self.cells - 1) as u32
    }
}

/// The remembered last rejected golden move: while it holds, the same
/// golden move is rejected again without a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Memo {
    /// The cell plus one; 0: nothing remembered.
    pub cell: u32,
    pub victim: u32,
    /// At least this many pieces: the victim's area falls into so many
    /// when the cell is taken.
    pub pieces: u32,
}

/// One remembered `golden_possible` answer at the limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Answer {
    /// 0: empty slot.
    pub player: u32,
    pub version: u64,
    pub possible: bool,
}

/// The scalars of a game, kept in the header words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub width: u32,
    pub height: u32,
    pub players: u32,
    pub areas: u32,
    /// Cells held by anyone.
    pub occupied: u32,
    /// Fresh nodes handed out since the forest was last rebuilt.
    pub fresh_used: u32,
    /// The next unused search stamp (marks below it are old).
    pub stamp: u32,
    /// Counts successful moves and golden moves: answers of an older
    /// version are stale.
    pub version: u64,
    pub memo: Memo,
    pub answers: [Answer; 2],
    pub next_answer: u32,
    /// Tarjan walks made (the id of the last one).
    pub walks: u32,
}

impl Header {
    pub fn new(width: u32, height: u32, players: u32, areas: u32) -> Header {
        Header {
            width,
            height,
            players,
            areas,
            occupied: 0,
            fresh_used: 0,
            stamp: 1,
            version: 0,
            memo: Memo::default(),
            answers: [Answer::default(); 2],
            next_answer: 0,
            walks: 0,
        }
    }

    pub fn store(&self, words: &mut [u32; HEADER_WORDS]) {
        let [a, b] = self.answers;
        *words = [
            MAGIC,
            self.width,
            self.height,
            self.players,
            self.areas,
            self.occupied,
            self.fresh_used,
            self.stamp,
            self.version as u32,
            (self.version >> 32) as u32,
            self.memo.cell,
            self.memo.victim,
            self.memo.pieces,
            self.next_answer,
            a.player,
            a.version as u32,
            (a.version >> 32) as u32,
            u32::from(a.possible),
            b.player,
            b.version as u32,
            (b.version >> 32) as u32,
            u32::from(b.possible),
            self.walks,
            0,
        ];
    }

    /// The header in `words`, `None` unless it is one this module wrote.
    pub fn load(words: &[u32; HEADER_WORDS]) -> Option<Header> {
        if words[0] != MAGIC {
            return None;
        }
        let long = |i: usize| u64::from(words[i]) | u64::from(words[i + 1]) << 32;
        let answer = |i: usize| Answer {
            player: words[i],
            version: long(i + 1),
            possible: words[i + 3] != 0,
        };
        Some(Header {
            width: words[1],
            height: words[2],
            players: words[3],
            areas: words[4],
            occupied: words[5],
            fresh_used: words[6],
            stamp: words[7],
            version: long(8),
            memo: Memo {
                cell: words[10],
                victim: words[11],
                pieces: words[12],
            },
            next_answer: words[13],
            answers: [answer(14), answer(18)],
            walks: words[22],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked_and_linear() {
        assert_eq!(Layout::new(0, 5, 5), None);
        assert_eq!(Layout::new(5, 5, 0), None);
        assert_eq!(Layout::new(u32::MAX, u32::MAX, 1), None);
        assert_eq!(
            Layout::new(1 << 15, 1 << 15, 1).map(|l| l.cells),
            Some(1 << 30)
        );
        assert_eq!(Layout::new((1 << 15) + 1, 1 << 15, 1), None);
        let small = Layout::new(10, 10, 2).unwrap();
        assert_eq!(small.nodes, 100 + 25 + 2);
        assert_eq!(small.words, HEADER_WORDS + 600 + 127 + 14);
        assert_eq!(small.first_fresh(), 101);
        assert_eq!(small.fresh_nodes(), 26);
    }

    #[test]
    fn headers_round_trip() {
        let mut h = Header::new(7, 5, 3, 2);
        h.version = (5 << 32) + 9;
        h.memo = Memo {
            cell: 4,
            victim: 2,
            pieces: 3,
        };
        h.answers[1] = Answer {
            player: 3,
            version: 1 << 40,
            possible: true,
        };
        h.walks = 77;
        let mut words = [0; HEADER_WORDS];
        h.store(&mut words);
        assert_eq!(Header::load(&words), Some(h));
        words[0] = 0;
        assert_eq!(Header::load(&words), None);
    }
}
