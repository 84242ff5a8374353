//! The game: a handle over the caller's memory with the engine interface's
//! operations (spec section 4): making a game, moves, busy and free fields.
//! Golden moves, `golden_possible` and the board text have files of their
//! own.

use core::fmt;

use super::error::{AttachError, MoveError, NewError};
use super::forest::{find, union};
use super::layout::{Header, Layout, HEADER_WORDS, MAX_WALKS, NONE};

/// A game of Gamma in memory the caller provides (a slice of `u32` words,
/// [`Gamma::memory_words`] long), borrowed for as long as the handle lives.
///
/// The game's scalars live in a header at the start of the memory and are
/// written back when the handle is dropped, so [`Gamma::attach`] reopens the
/// game later from the same memory. Everything after the header is all zero
/// in an empty game: memory from `calloc` serves with
/// [`Gamma::new_in_zeroed`] without being touched up front.
pub struct Gamma<'m> {
    pub(crate) h: Header,
    pub(crate) layout: Layout,
    header: &'m mut [u32; HEADER_WORDS],
    /// Per cell: the player holding it, 0 when empty. (One array of its
    /// own: random moves read it around the cell, and it stays small.)
    pub(crate) owner: &'m mut [u32],
    /// Per cell: its union-find node, 0 for its own ([`own_node`]).
    pub(crate) node: &'m mut [u32],
    /// Per cell: the next cell (plus one) its player placed by an ordinary
    /// move; each cell is placed once, so one word a cell serves every
    /// player's list.
    pub(crate) placed_next: &'m mut [u32],
    /// Per cell: the stamp of the last search that visited it.
    pub(crate) mark: &'m mut [u32],
    /// Per cell: a search's queue link, or Tarjan's low-link.
    pub(crate) link: &'m mut [u32],
    /// Per cell: Tarjan's walk state, then the cell's pieces count.
    pub(crate) aux: &'m mut [u32],
    /// Per node: union-find parent words.
    pub(crate) parent: &'m mut [u32],
    /// Per player (index `player - 1`): cells held.
    pub(crate) busy: &'m mut [u32],
    /// Per player: areas held.
    pub(crate) area_count: &'m mut [u32],
    /// Per player: distinct empty cells next to its cells.
    pub(crate) border: &'m mut [u32],
    /// Per player: the last cell (plus one) it placed by an ordinary move.
    pub(crate) placed_head: &'m mut [u32],
    /// Per player: the cell (plus one) taken by its golden move, 0 unused.
    pub(crate) golden: &'m mut [u32],
    /// Per player: the cell (plus one) where `golden_possible` last found
    /// it a golden move, tried first the next time.
    pub(crate) witness: &'m mut [u32],
    /// Per player: [`Header::walks`] when its cells last changed; a walk's
    /// counts for its cells are good when the walk came later.
    pub(crate) changed_at: &'m mut [u32],
}

impl Drop for Gamma<'_> {
    fn drop(&mut self) {
        self.h.store(self.header);
    }
}

impl fmt::Debug for Gamma<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gamma")
            .field("width", &self.h.width)
            .field("height", &self.h.height)
            .field("players", &self.h.players)
            .field("areas", &self.h.areas)
            .field("occupied", &self.h.occupied)
            .finish_non_exhaustive()
    }
}

impl<'m> Gamma<'m> {
    /// How many `u32` words of memory a `width x height` game of `players`
    /// needs (the areas limit does not matter): about 7.25 words a cell and
    /// 7 a player, searches included. `None` when a dimension is 0, the board
    /// has more than [`MAX_CELLS`](super::MAX_CELLS) cells or the count does
    /// not fit in `usize`. Computed without overflow.
    pub fn memory_words(width: u32, height: u32, players: u32) -> Option<usize> {
        Layout::new(width, height, players).map(|l| l.words)
    }

    /// A new empty game in `memory`, which is cleared first (every word the
    /// game uses is written once). For memory known to be zero, see
    /// [`Gamma::new_in_zeroed`].
    pub fn new(
        width: u32,
        height: u32,
        players: u32,
        areas: u32,
        memory: &'m mut [u32],
    ) -> Result<Gamma<'m>, NewError> {
        let layout = Self::check_new(width, height, players, areas, memory.len())?;
        memory[..layout.words].fill(0);
        Self::new_in_zeroed(width, height, players, areas, memory)
    }

    /// A new empty game in `memory`, whose first
    /// [`Gamma::memory_words`] words must all be zero (as `calloc` gives
    /// them): only the header is written, so a huge board costs nothing
    /// until it is played on. Memory that is not zero gives a wrong game
    /// (wrong answers or errors, never a panic: see
    /// `core/tests/gamma_corrupted.rs`), never undefined behaviour.
    pub fn new_in_zeroed(
        width: u32,
        height: u32,
        players: u32,
        areas: u32,
        memory: &'m mut [u32],
    ) -> Result<Gamma<'m>, NewError> {
        let layout = Self::check_new(width, height, players, areas, memory.len())?;
        let game = Self::split(Header::new(width, height, players, areas), layout, memory);
        game.h.store(game.header);
        Ok(game)
    }

    fn check_new(
        width: u32,
        height: u32,
        players: u32,
        areas: u32,
        given: usize,
    ) -> Result<Layout, NewError> {
        if width == 0 || height == 0 || players == 0 || areas == 0 {
            return Err(NewError::ZeroArgument);
        }
        let layout = Layout::new(width, height, players).ok_or(NewError::TooBig)?;
        if given < layout.words {
            return Err(NewError::MemoryTooSmall {
                needed: layout.words,
                given,
            });
        }
        Ok(layout)
    }

    /// Reopens the game kept in `memory` (made by [`Gamma::new`] or
    /// [`Gamma::new_in_zeroed`], its last handle dropped). The header is
    /// checked; the arrays are trusted to be as the game left them.
    pub fn attach(memory: &'m mut [u32]) -> Result<Gamma<'m>, AttachError> {
        let header = memory
            .first_chunk::<HEADER_WORDS>()
            .ok_or(AttachError::NotAGame)?;
        let h = Header::load(header).ok_or(AttachError::NotAGame)?;
        let layout = Layout::new(h.width, h.height, h.players)
            .filter(|l| {
                l.words <= memory.len()
                    && h.areas > 0
                    && h.occupied as usize <= l.cells
                    && h.fresh_used <= l.fresh_nodes()
                    && h.stamp > 0
                    && h.memo.cell as usize <= l.cells
                    && h.memo.victim <= h.players
                    && h.walks < MAX_WALKS
            })
            .ok_or(AttachError::Inconsistent)?;
        Ok(Self::split(h, layout, memory))
    }

    /// The words of the game whose memory starts with `header` (its first
    /// [`HEADER_WORDS`] words), as [`Gamma::memory_words`] gave them; `None`
    /// when `header` is not a game's. A handle that is only a pointer to a
    /// game's memory finds its length this way.
    pub fn memory_words_of(header: &[u32; HEADER_WORDS]) -> Option<usize> {
        let h = Header::load(header)?;
        Layout::new(h.width, h.height, h.players).map(|l| l.words)
    }

    /// Cuts `memory` (at least `layout.words` long) into the arrays.
    fn split(h: Header, layout: Layout, memory: &'m mut [u32]) -> Gamma<'m> {
        let (header, rest) = memory.split_at_mut(HEADER_WORDS);
        let header: &mut [u32; HEADER_WORDS] = header
            .try_into()
            .unwrap_or_else(|_| unreachable!("split at the header's length"));
        let cells = layout.cells;
        let players = layout.players;
        let (owner, rest) = rest.split_at_mut(cells);
        let (node, rest) = rest.split_at_mut(cells);
        let (placed_next, rest) = rest.split_at_mut(cells);
        let (mark, rest) = rest.split_at_mut(cells);
        let (link, rest) = rest.split_at_mut(cells);
        let (aux, rest) = rest.split_at_mut(cells);
        let (parent, rest) = rest.split_at_mut(layout.nodes);
        let (busy, rest) = rest.split_at_mut(players);
        let (area_count, rest) = rest.split_at_mut(players);
        let (border, rest) = rest.split_at_mut(players);
        let (placed_head, rest) = rest.split_at_mut(players);
        let (golden, rest) = rest.split_at_mut(players);
        let (witness, rest) = rest.split_at_mut(players);
        let (changed_at, _) = rest.split_at_mut(players);
        Gamma {
            h,
            layout,
            header,
            owner,
            node,
            placed_next,
            mark,
            link,
            aux,
            parent,
            busy,
            area_count,
            border,
            placed_head,
            golden,
            witness,
            changed_at,
        }
    }

    #[inline]
    pub fn width(&self) -> u32 {
        self.h.width
    }

    #[inline]
    pub fn height(&self) -> u32 {
        self.h.height
    }

    #[inline]
    pub fn players(&self) -> u32 {
        self.h.players
    }

    /// The most areas a player may hold.
    #[inline]
    pub fn areas(&self) -> u32 {
        self.h.areas
    }

    /// The player holding `(x, y)`; `None` when it is empty or off the board.
    pub fn owner(&self, x: u32, y: u32) -> Option<u32> {
        let c = self.cell_index(x, y).ok()?;
        Some(self.holder(c)).filter(|&p| p != 0)
    }

    /// The cells `player` holds (`gamma_busy_fields`); 0 for a bad player.
    pub fn busy_fields(&self, player: u32) -> u64 {
        self.player_index(player)
            .map_or(0, |p| u64::from(self.busy[p]))
    }

    /// The empty cells where an ordinary move of `player` would succeed
    /// now (`gamma_free_fields`), in constant time; 0 for a bad player.
    pub fn free_fields(&self, player: u32) -> u64 {
        match self.player_index(player) {
            Err(_) => 0,
            Ok(p) if self.area_count[p] < self.h.areas => self.empty_fields(),
            Ok(p) => u64::from(self.border[p]),
        }
    }

    /// The empty cells of the board.
    #[inline]
    pub fn empty_fields(&self) -> u64 {
        (self.layout.cells - self.h.occupied as usize) as u64
    }

    /// The areas `player` holds; 0 for a bad player.
    pub fn areas_of(&self, player: u32) -> u32 {
        self.player_index(player).map_or(0, |p| self.area_count[p])
    }

    /// Whether `player` has made its golden move; `false` for a bad player.
    pub fn golden_move_used(&self, player: u32) -> bool {
        self.player_index(player).is_ok_and(|p| self.golden[p] != 0)
    }

    /// Whether [`Gamma::play`] would succeed now, and if not why; nothing
    /// changes.
    pub fn check_move(&self, player: u32, x: u32, y: u32) -> Result<(), MoveError> {
        let p = self.player_index(player)?;
        let c = self.cell_index(x, y)?;
        if self.holder(c) != 0 {
            return Err(MoveError::Occupied);
        }
        if self.area_count[p] < self.h.areas {
            return Ok(());
        }
        // At the limit a move must join one of the player's areas.
        let around = self.neighbours_at(c, x, y);
        if around
            .iter()
            .any(|&n| n != NONE && self.holder(n) == player)
        {
            Ok(())
        } else {
            Err(MoveError::TooManyAreas)
        }
    }

    /// Puts `player`'s pawn on the empty cell `(x, y)` (`gamma_move`) when
    /// that leaves it at most [`Gamma::areas`] areas. A refused move changes
    /// nothing.
    pub fn play(&mut self, player: u32, x: u32, y: u32) -> Result<(), MoveError> {
        let p = self.player_index(player)?;
        let c = self.cell_index(x, y)?;
        if self.holder(c) != 0 {
            return Err(MoveError::Occupied);
        }
        let around = self.neighbours_at(c, x, y);
        let (roots, joined) = self.distinct_areas(player, &around)?;
        // The joined areas are the player's own, so never more than it holds.
        let areas_after = self.areas_after_joining(p, joined);
        if areas_after > self.h.areas {
            return Err(MoveError::TooManyAreas);
        }
        self.forget_on_gain(player, &around);
        // c stops being empty: it leaves the border of everyone next to it.
        let mut seen = [0u32; 4];
        let mut seen_len = 0;
        for &n in &around {
            if n == NONE {
                continue;
            }
            let o = self.holder(n);
            if o != 0 && !seen[..seen_len].contains(&o) {
                seen[seen_len] = o;
                seen_len += 1;
                self.border[o as usize - 1] = self.border[o as usize - 1].wrapping_sub(1);
            }
        }
        for (dir, &n) in around.iter().enumerate() {
            if n != NONE && self.holder(n) == 0 && !self.touches_beside(c, x, y, dir, player) {
                self.border[p] = self.border[p].wrapping_add(1);
            }
        }
        self.set_holder(c, player);
        // An empty cell was never held, so it still has its own node, a root.
        let mut root = own_node(c);
        for &r in &roots[..joined] {
            root = union(self.parent, root, r);
        }
        self.area_count[p] = areas_after;
        self.changed_at[p] = self.h.walks;
        self.busy[p] = self.busy[p].wrapping_add(1);
        self.h.occupied += 1;
        self.placed_next[c as usize] = self.placed_head[p];
        self.placed_head[p] = c + 1;
        self.h.version += 1;
        Ok(())
    }

    /// The index of `player` in the per-player arrays.
    #[inline]
    pub(crate) fn player_index(&self, player: u32) -> Result<usize, MoveError> {
        if player == 0 || player > self.h.players {
            Err(MoveError::BadPlayer)
        } else {
            Ok(player as usize - 1)
        }
    }

    #[inline]
    pub(crate) fn cell_index(&self, x: u32, y: u32) -> Result<u32, MoveError> {
        if x < self.h.width && y < self.h.height {
            Ok(y * self.h.width + x)
        } else {
            Err(MoveError::OffBoard)
        }
    }

    /// The neighbours of `c`: left, right, down, up; [`NONE`] off the board.
    #[inline]
    pub(crate) fn neighbours(&self, c: u32) -> [u32; 4] {
        self.neighbours_at(c, c % self.h.width, c / self.h.width)
    }

    /// [`Gamma::neighbours`] of `c`, which is `(x, y)` (no division).
    #[inline]
    pub(crate) fn neighbours_at(&self, c: u32, x: u32, y: u32) -> [u32; 4] {
        let w = self.h.width;
        [
            if x > 0 { c - 1 } else { NONE },
            if x + 1 < w { c + 1 } else { NONE },
            if y > 0 { c - w } else { NONE },
            if y + 1 < self.h.height { c + w } else { NONE },
        ]
    }

    /// The player holding cell `c`, 0 when it is empty. Memory the caller
    /// overwrote may hold any word here, or lead here with any cell: a
    /// holder that is no player, or a cell off the board, reads as empty
    /// (a wrong answer for a broken game, never an index out of bounds).
    #[inline]
    pub(crate) fn holder(&self, c: u32) -> u32 {
        self.owner
            .get(c as usize)
            .map_or(0, |&word| self.holder_of_word(word))
    }

    /// An owner word as a holder: a word that is no player reads as 0.
    #[inline]
    pub(crate) fn holder_of_word(&self, word: u32) -> u32 {
        if word <= self.h.players {
            word
        } else {
            0
        }
    }

    /// Player index `p`'s areas after a move on a cell that joins `joined`
    /// of them. Counters of overwritten memory wrap (as in a release
    /// build) rather than panic.
    #[inline]
    pub(crate) fn areas_after_joining(&self, p: usize, joined: usize) -> u32 {
        self.area_count[p]
            .wrapping_add(1)
            .wrapping_sub(joined as u32)
    }

    /// How many areas player index `v` may hold once a cell of one of its
    /// areas is taken (that area may split into this many).
    #[inline]
    pub(crate) fn areas_allowed_after_loss(&self, v: usize) -> u32 {
        self.h
            .areas
            .wrapping_sub(self.area_count[v].wrapping_sub(1))
    }

    #[inline]
    pub(crate) fn set_holder(&mut self, c: u32, player: u32) {
        self.owner[c as usize] = player;
    }

    /// Gives cell `c` the node `node` (a fresh one).
    #[inline]
    pub(crate) fn set_node(&mut self, c: u32, node: u32) {
        self.node[c as usize] = node;
    }

    /// The next cell (plus one) in the placed list after `c`.
    #[inline]
    pub(crate) fn placed_after(&self, c: u32) -> u32 {
        self.placed_next[c as usize]
    }

    /// The union-find root of the area holding cell `c`; an error when
    /// the game's memory was overwritten.
    #[inline]
    pub(crate) fn area_root(&mut self, c: u32) -> Result<u32, MoveError> {
        let node = match self.node[c as usize] {
            0 => own_node(c),
            n => n,
        };
        find(self.parent, node).map_err(|_| MoveError::Corrupted)
    }

    /// The roots of the distinct areas of `player` among `around`, and how
    /// many there are.
    pub(crate) fn distinct_areas(
        &mut self,
        player: u32,
        around: &[u32; 4],
    ) -> Result<([u32; 4], usize), MoveError> {
        let mut roots = [0u32; 4];
        let mut len = 0;
        for &n in around {
            if n != NONE && self.holder(n) == player {
                let r = self.area_root(n)?;
                if !roots[..len].contains(&r) {
                    roots[len] = r;
                    len += 1;
                }
            }
        }
        Ok((roots, len))
    }

    /// Whether the neighbour of `c` (which is `(x, y)`) in direction `dir`
    /// (on the board) has a neighbour other than `c` held by `player`.
    #[inline]
    pub(crate) fn touches_beside(&self, c: u32, x: u32, y: u32, dir: usize, player: u32) -> bool {
        let (w, h) = (self.h.width, self.h.height);
        let holds = |m: u32| self.holder(m) == player;
        match dir {
            0 => {
                (x >= 2 && holds(c - 2))
                    || (y > 0 && holds(c - 1 - w))
                    || (y + 1 < h && holds(c - 1 + w))
            }
            1 => {
                (x + 2 < w && holds(c + 2))
                    || (y > 0 && holds(c + 1 - w))
                    || (y + 1 < h && holds(c + 1 + w))
            }
            2 => {
                (y >= 2 && holds(c - 2 * w))
                    || (x > 0 && holds(c - w - 1))
                    || (x + 1 < w && holds(c - w + 1))
            }
            _ => {
                (y + 2 < h && holds(c + 2 * w))
                    || (x > 0 && holds(c + w - 1))
                    || (x + 1 < w && holds(c + w + 1))
            }
        }
    }

    /// Rebuilds the union-find forest from the board: every cell its own
    /// node again, joined to its left and lower neighbours of the same
    /// player. Linear; done when the fresh nodes run out, which takes at
    /// least as many steps of golden-move searches as the board has cells
    /// divided by four.
    pub(crate) fn rebuild_forest(&mut self) {
        self.node.fill(0);
        self.parent[..=self.layout.cells].fill(0);
        self.h.fresh_used = 0;
        let w = self.h.width;
        for y in 0..self.h.height {
            for x in 0..w {
                let c = y * w + x;
                let o = self.holder(c);
                if o == 0 {
                    continue;
                }
                for n in [(x > 0).then(|| c - 1), (y > 0).then(|| c - w)]
                    .into_iter()
                    .flatten()
                {
                    if self.holder(n) == o {
                        // A forest built afresh here: every path ends.
                        if let (Ok(a), Ok(b)) = (
                            find(self.parent, own_node(c)),
                            find(self.parent, own_node(n)),
                        ) {
                            union(self.parent, a, b);
                        }
                    }
                }
            }
        }
    }

    /// The first stamp of a search that marks at most `count` cells, which
    /// then moves [`Header::stamp`] past the stamps it used. When they could
    /// run past `u32::MAX` every mark is cleared first (once every few
    /// billion stamps).
    pub(crate) fn stamps_for(&mut self, count: u32) -> u32 {
        if self.h.stamp > u32::MAX - count {
            self.mark.fill(0);
            self.h.stamp = 1;
        }
        self.h.stamp
    }
}

/// The node cell `c` owns (node 0 is no node, so that a zero parent word
/// can mean "root").
#[inline]
pub(crate) fn own_node(c: u32) -> u32 {
    c + 1
}
