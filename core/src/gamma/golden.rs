//! Golden moves (spec 4.4 and section 7, point 3).
//!
//! Whether the victim may lose the cell depends on how many pieces its area
//! falls into without it. Searches start together from the victim's
//! neighbours of the cell, one step each in turn, and merge when they meet;
//! once at most one still runs, every finished one is a whole piece and the
//! running one is the rest. The cost is the size of the smaller pieces:
//! cutting a ten-cell tentacle off a 200,000-cell block takes ten steps.
//! The pieces that split off get fresh union-find nodes; the largest keeps
//! its tree.
//!
//! The last rejected golden move is remembered (cell, victim, pieces) for as
//! long as the victim's area changes in ways that cannot change its pieces
//! (cells added or removed as leaves, or in other areas), so a stream of the
//! same rejected move costs no search each.

use super::engine::Gamma;
use super::error::MoveError;
use super::forest::{attach, make_root, union};
use super::layout::{Memo, NONE};

/// One search: the cells it visited are a list through `Gamma::link` from
/// `start`, `len` long, ending at `tail`; `head` is the next cell to expand
/// ([`NONE`] once it has none).
#[derive(Clone, Copy, Debug, Default)]
struct Walk {
    start: u32,
    head: u32,
    tail: u32,
    len: u32,
}

/// Up to four searches, grouped (a tiny union-find) as they meet.
#[derive(Clone, Copy, Debug, Default)]
struct Walks {
    walk: [Walk; 4],
    count: usize,
    group: [u8; 4],
}

impl Walks {
    fn push(&mut self, start: u32) {
        self.walk[self.count] = Walk {
            start,
            head: start,
            tail: start,
            len: 1,
        };
        self.group[self.count] = self.count as u8;
        self.count += 1;
    }

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

    fn is_group(&self, i: usize) -> bool {
        self.root(i) == i
    }

    fn running(&self, group: usize) -> bool {
        (0..self.count).any(|i| self.walk[i].head != NONE && self.root(i) == group)
    }

    fn group_len(&self, group: usize) -> u32 {
        (0..self.count)
            .filter(|&i| self.root(i) == group)
            .map(|i| self.walk[i].len)
            .sum()
    }

    /// Groups still running, groups finished.
    fn status(&self) -> (u32, u32) {
        let mut running = 0;
        let mut finished = 0;
        for g in (0..self.count).filter(|&g| self.is_group(g)) {
            if self.running(g) {
                running += 1;
            } else {
                finished += 1;
            }
        }
        (running, finished)
    }

    fn pieces(&self) -> u32 {
        (0..self.count).filter(|&g| self.is_group(g)).count() as u32
    }

    /// The group that keeps the old tree: the one still running (not
    /// wholly visited), else the largest. `NONE` when there is none.
    fn keeper(&self) -> usize {
        let groups = (0..self.count).filter(|&g| self.is_group(g));
        match groups.clone().find(|&g| self.running(g)) {
            Some(g) => g,
            None => groups
                .max_by_key(|&g| self.group_len(g))
                .unwrap_or(NONE as usize),
        }
    }
}

/// A golden move that passed its checks: the mover's index and cell, the
/// victim, the cell's neighbours, the mover's areas among them and after,
/// and the searches of the victim's pieces.
struct Checked {
    p: usize,
    c: u32,
    victim: u32,
    around: [u32; 4],
    roots: [u32; 4],
    joined: usize,
    mover_after: u32,
    walks: Walks,
}

impl Gamma<'_> {
    /// Replaces another player's pawn on `(x, y)` by `player`'s
    /// (`gamma_golden_move`), once per player per game, when neither the
    /// mover nor the player losing the cell ends with more than
    /// [`Gamma::areas`] areas. A refused golden move changes nothing and
    /// uses nothing up.
    pub fn golden_move(&mut self, player: u32, x: u32, y: u32) -> Result<(), MoveError> {
        let Checked {
            p,
            c,
            victim,
            around,
            roots,
            joined,
            mover_after,
            walks,
        } = self.check_golden(player, x, y)?;
        let v = victim as usize - 1;
        self.forget_on_loss(victim, c);
        self.forget_on_gain(player, &around);
        for (dir, &n) in around.iter().enumerate() {
            if n != NONE && self.holder(n) == 0 {
                if !self.touches_beside(c, x, y, dir, victim) {
                    self.border[v] = self.border[v].wrapping_sub(1);
                }
                if !self.touches_beside(c, x, y, dir, player) {
                    self.border[p] = self.border[p].wrapping_add(1);
                }
            }
        }
        self.set_holder(c, player);
        let keeper = walks.keeper();
        let mut needed = 1;
        for g in (0..walks.count).filter(|&g| walks.is_group(g) && g != keeper) {
            needed += walks.group_len(g);
        }
        if needed <= self.layout.fresh_nodes() - self.h.fresh_used {
            for g in (0..walks.count).filter(|&g| walks.is_group(g) && g != keeper) {
                self.give_fresh_nodes(&walks, g);
            }
            let mut root = self.fresh_node();
            make_root(self.parent, root, 0);
            self.set_node(c, root);
            for &r in &roots[..joined] {
                root = union(self.parent, root, r);
            }
        } else {
            self.rebuild_forest();
        }
        self.area_count[p] = mover_after;
        self.area_count[v] = self.area_count[v]
            .wrapping_sub(1)
            .wrapping_add(walks.pieces());
        self.changed_at[p] = self.h.walks;
        self.changed_at[v] = self.h.walks;
        self.busy[p] = self.busy[p].wrapping_add(1);
        self.busy[v] = self.busy[v].wrapping_sub(1);
        self.golden[p] = c + 1;
        self.h.version += 1;
        Ok(())
    }

    /// Whether [`Gamma::golden_move`] would succeed now, and if not why;
    /// the board stays as it is (the search the answer needs may be
    /// remembered for the golden move that follows).
    pub fn check_golden_move(&mut self, player: u32, x: u32, y: u32) -> Result<(), MoveError> {
        self.check_golden(player, x, y).map(drop)
    }

    /// The checks of a golden move, and what making it needs.
    fn check_golden(&mut self, player: u32, x: u32, y: u32) -> Result<Checked, MoveError> {
        let p = self.player_index(player)?;
        let c = self.cell_index(x, y)?;
        if self.golden[p] != 0 {
            return Err(MoveError::GoldenMoveUsed);
        }
        let victim = self.holder(c);
        if victim == 0 {
            return Err(MoveError::EmptyCell);
        }
        if victim == player {
            return Err(MoveError::OwnCell);
        }
        let around = self.neighbours_at(c, x, y);
        let (roots, joined) = self.distinct_areas(player, &around)?;
        let mover_after = self.areas_after_joining(p, joined);
        if mover_after > self.h.areas {
            return Err(MoveError::TooManyAreas);
        }
        let v = victim as usize - 1;
        // The victim holds c, so at least one area, and never more than allowed.
        let allowed = self.areas_allowed_after_loss(v);
        let walks = self.split_search(c, victim, &around, allowed)?;
        Ok(Checked {
            p,
            c,
            victim,
            around,
            roots,
            joined,
            mover_after,
            walks,
        })
    }

    /// The pieces `victim`'s area falls into without `c`, searched in lock
    /// step from `victim`'s neighbours of `c`; refused (and remembered) as
    /// soon as they are certainly more than `allowed`.
    fn split_search(
        &mut self,
        c: u32,
        victim: u32,
        around: &[u32; 4],
        allowed: u32,
    ) -> Result<Walks, MoveError> {
        let mut walks = Walks::default();
        let mut dirs = [0usize; 4];
        for (dir, &n) in around.iter().enumerate() {
            if n != NONE && self.holder(n) == victim {
                dirs[walks.count] = dir;
                walks.push(n);
            }
        }
        if walks.count <= 1 {
            return Ok(walks);
        }
        // Two neighbours, one beside and one above or below, are joined
        // when the corner cell between them is the victim's too.
        for i in 0..walks.count {
            for j in i + 1..walks.count {
                if (dirs[i] < 2) != (dirs[j] < 2) {
                    let corner = walks.walk[i].start + walks.walk[j].start - c;
                    if self.holder(corner) == victim {
                        walks.join(i, j);
                    }
                }
            }
        }
        if walks.pieces() == 1 {
            return Ok(walks);
        }
        let memo = self.h.memo;
        if memo.cell == c + 1 && memo.victim == victim && memo.pieces > allowed {
            return Err(MoveError::VictimTooManyAreas);
        }
        let base = self.stamps_for(4);
        self.h.stamp += 4;
        for i in 0..walks.count {
            self.mark[walks.walk[i].start as usize] = base + i as u32;
        }
        loop {
            let (running, finished) = walks.status();
            if running <= 1 {
                break;
            }
            // The finished groups are pieces, the running ones at least one more.
            if finished + 1 > allowed {
                self.remember_rejection(c, victim, finished + 1);
                return Err(MoveError::VictimTooManyAreas);
            }
            for i in 0..walks.count {
                if walks.walk[i].head != NONE {
                    self.step(&mut walks, i, c, victim, base);
                }
            }
        }
        let pieces = walks.pieces();
        if pieces > allowed {
            self.remember_rejection(c, victim, pieces);
            return Err(MoveError::VictimTooManyAreas);
        }
        Ok(walks)
    }

    /// Expands the next cell of search `i`.
    fn step(&mut self, walks: &mut Walks, i: usize, c: u32, victim: u32, base: u32) {
        let mut walk = walks.walk[i];
        let u = walk.head;
        walk.head = if u == walk.tail {
            NONE
        } else {
            self.link[u as usize]
        };
        for n in self.neighbours(u) {
            if n == NONE || n == c || self.holder(n) != victim {
                continue;
            }
            let by = self.mark[n as usize].wrapping_sub(base);
            if by < 4 {
                walks.join(i, by as usize);
            } else {
                self.mark[n as usize] = base + i as u32;
                self.link[walk.tail as usize] = n;
                walk.tail = n;
                walk.len += 1;
                if walk.head == NONE {
                    walk.head = n;
                }
            }
        }
        walks.walk[i] = walk;
    }

    /// Gives every cell of `group` (wholly visited) a fresh node, all under
    /// the first.
    fn give_fresh_nodes(&mut self, walks: &Walks, group: usize) {
        let root = self.fresh_node();
        make_root(self.parent, root, u32::from(walks.group_len(group) > 1));
        let mut first = true;
        for walk in (0..walks.count)
            .filter(|&i| walks.root(i) == group)
            .map(|i| walks.walk[i])
        {
            let mut cell = walk.start;
            for k in 0..walk.len {
                let id = if first {
                    first = false;
                    root
                } else {
                    let id = self.fresh_node();
                    attach(self.parent, id, root);
                    id
                };
                self.set_node(cell, id);
                if k + 1 < walk.len {
                    cell = self.link[cell as usize];
                }
            }
        }
    }

    fn fresh_node(&mut self) -> u32 {
        let id = self.layout.first_fresh() + self.h.fresh_used;
        self.h.fresh_used += 1;
        id
    }

    fn remember_rejection(&mut self, c: u32, victim: u32, pieces: u32) {
        self.h.memo = Memo {
            cell: c + 1,
            victim,
            pieces,
        };
    }

    /// Before `player` gains a cell with neighbours `around`: forgets the
    /// remembered rejection unless the cell touches the remembered area in at
    /// most one cell, not the remembered cell itself (a leaf, which leaves
    /// the pieces as they are).
    #[inline]
    pub(crate) fn forget_on_gain(&mut self, player: u32, around: &[u32; 4]) {
        if self.h.memo.cell != 0 && self.h.memo.victim == player {
            self.forget_on_gain_of_victim(player, around);
        }
    }

    fn forget_on_gain_of_victim(&mut self, player: u32, around: &[u32; 4]) {
        let c = self.h.memo.cell - 1;
        // A forest found corrupted forgets the memo: a cache, never wrong
        // when empty.
        let Ok(area) = self.area_root(c) else {
            self.h.memo = Memo::default();
            return;
        };
        let mut inside = 0;
        for &n in around {
            if n != NONE && self.holder(n) == player {
                if n == c {
                    inside = 2;
                    break;
                }
                if self.area_root(n) != Ok(area) {
                    continue;
                }
                inside += 1;
            }
        }
        if inside >= 2 {
            self.h.memo = Memo::default();
        }
    }

    /// Before `victim` loses cell `d`: forgets the remembered rejection
    /// unless `d` lies in another area or is a leaf of the remembered area
    /// not next to the remembered cell.
    pub(crate) fn forget_on_loss(&mut self, victim: u32, d: u32) {
        let memo = self.h.memo;
        if memo.cell == 0 || memo.victim != victim {
            return;
        }
        let c = memo.cell - 1;
        // A forest found corrupted forgets the memo.
        let keep = d != c
            && match (self.area_root(c), self.area_root(d)) {
                (Ok(area), Ok(other)) => {
                    other != area || {
                        let mut same = 0;
                        for n in self.neighbours(d) {
                            if n != NONE && self.holder(n) == victim {
                                same += if n == c { 2 } else { 1 };
                            }
                        }
                        same <= 1
                    }
                }
                _ => false,
            };
        if !keep {
            self.h.memo = Memo::default();
        }
    }
}
