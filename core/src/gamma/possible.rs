//! `golden_possible` (spec 4.7, part-3 meaning): whether some golden move
//! of the player would succeed now.
//!
//! Two facts make it cheap. Below the areas limit, any cell of another
//! player works (a leaf of a spanning tree of its area leaves the victim no
//! worse off), so the answer is whether anyone else holds a cell. At the
//! limit, only other players' cells next to the player's own can work, and
//! for them only the victim's count is in question: how many pieces its
//! area falls into without the cell. One articulation-point walk (Tarjan's
//! low-links, iterative) over a victim's area gives that count for all its
//! cells at once, and the counts stay good until the victim's cells next
//! change, so an area is walked again only after that. The answer is kept
//! until the board next changes, and the cell that made it `true` is tried
//! first the next time.

use super::engine::Gamma;
use super::layout::{Answer, MAX_WALKS, NONE};

/// The walk state of a cell in `Gamma::aux` while Tarjan's walk is on it:
/// the direction back to its parent (`ROOT` for the start), the next
/// direction to look at, and how many children it cannot reach around.
/// Once the walk has left it: its pieces count, and the walk's id from
/// `ID_SHIFT` on.
const ROOT: u32 = 4;
const NEXT_SHIFT: u32 = 3;
const CUT_SHIFT: u32 = 6;
const ID_SHIFT: u32 = 3;

impl Gamma<'_> {
    /// Whether some golden move of `player` would succeed now
    /// (`gamma_golden_possible`, part-3 meaning). Changes nothing on the
    /// board; `false` for a bad player.
    pub fn golden_possible(&mut self, player: u32) -> bool {
        let Ok(p) = self.player_index(player) else {
            return false;
        };
        if self.golden[p] != 0 {
            return false;
        }
        if self.area_count[p] < self.h.areas {
            return self.h.occupied > self.busy[p];
        }
        let version = self.h.version;
        if let Some(a) = self
            .h
            .answers
            .iter()
            .find(|a| a.player == player && a.version == version)
        {
            return a.possible;
        }
        let possible = self.possible_at_limit(player);
        let slot = self.h.next_answer as usize % self.h.answers.len();
        self.h.answers[slot] = Answer {
            player,
            version,
            possible,
        };
        self.h.next_answer = (slot as u32 + 1) % self.h.answers.len() as u32;
        possible
    }

    /// The part of `golden_possible` for a player at its areas limit.
    fn possible_at_limit(&mut self, player: u32) -> bool {
        let p = player as usize - 1;
        if let Some(v) = self.witness[p].checked_sub(1) {
            if self.works_for(v, player) {
                return true;
            }
        }
        let mut next = self.placed_head[p];
        // At most a step a cell: a list made a cycle by memory overwritten
        // from outside ends there (never a loop for ever).
        let mut steps = self.layout.cells;
        while next != 0 && steps > 0 {
            steps -= 1;
            let u = next - 1;
            if u as usize >= self.layout.cells {
                break;
            }
            next = self.placed_after(u);
            // Cells taken from the player by golden moves stay in its list.
            if self.holder(u) != player {
                continue;
            }
            for v in self.neighbours(u) {
                if v != NONE && self.works_for(v, player) {
                    self.witness[p] = v + 1;
                    return true;
                }
            }
        }
        false
    }

    /// Whether a golden move of `player`, at its limit, onto `v` would
    /// succeed: `v` is another player's, next to `player`'s cells, and its
    /// owner stays within the limit without it.
    fn works_for(&mut self, v: u32, player: u32) -> bool {
        let victim = self.holder(v);
        victim != 0
            && victim != player
            && self
                .neighbours(v)
                .iter()
                .any(|&n| n != NONE && self.holder(n) == player)
            && self.victim_can_lose(v, victim)
    }

    /// Whether `victim` stays within the areas limit without cell `v`.
    fn victim_can_lose(&mut self, v: u32, victim: u32) -> bool {
        let allowed = self.areas_allowed_after_loss(victim as usize - 1);
        let around = self.neighbours(v);
        let mut dirs = [0usize; 4];
        let mut count = 0;
        for (dir, &n) in around.iter().enumerate() {
            if n != NONE && self.holder(n) == victim {
                dirs[count] = dir;
                count += 1;
            }
        }
        // Never more pieces than neighbours of the victim's.
        if count as u32 <= allowed {
            return true;
        }
        // Nor more than groups of them joined around corners.
        let mut group = [0usize, 1, 2, 3];
        let mut groups = count as u32;
        for i in 0..count {
            for j in i + 1..count {
                if (dirs[i] < 2) != (dirs[j] < 2) {
                    let corner = around[dirs[i]] + around[dirs[j]] - v;
                    if self.holder(corner) == victim {
                        let (mut a, mut b) = (i, j);
                        while group[a] != a {
                            a = group[a];
                        }
                        while group[b] != b {
                            b = group[b];
                        }
                        if a != b {
                            group[a.max(b)] = a.min(b);
                            groups -= 1;
                        }
                    }
                }
            }
        }
        if groups <= allowed {
            return true;
        }
        let memo = self.h.memo;
        if memo.cell == v + 1 && memo.victim == victim && memo.pieces > allowed {
            return false;
        }
        if self.aux[v as usize] >> ID_SHIFT <= self.changed_at[victim as usize - 1] {
            self.count_pieces(v, victim);
        }
        self.aux[v as usize] & 7 <= allowed
    }

    /// Tarjan's walk over the area of `start` (the victim's): afterwards
    /// each of its cells has, in `aux`, the number of pieces the area falls
    /// into without it, and the walk's id. Stamps from
    /// [`Header::stamp`](super::layout::Header) on serve as discovery
    /// numbers, `link` holds the low-links.
    fn count_pieces(&mut self, start: u32, victim: u32) {
        if self.h.walks == MAX_WALKS - 1 {
            // Once in half a billion walks: every count is old.
            self.aux.fill(0);
            self.changed_at.fill(0);
            self.h.walks = 0;
        }
        self.h.walks += 1;
        let id = self.h.walks << ID_SHIFT;
        let base = self.stamps_for(self.layout.cells as u32 + 2);
        let w = self.h.width;
        let h = self.h.height;
        let mut t = self.h.stamp;
        let mut v = start;
        let (mut x, mut y) = (v % w, v / w);
        self.mark[v as usize] = t;
        self.link[v as usize] = t;
        self.aux[v as usize] = ROOT;
        t += 1;
        loop {
            let state = self.aux[v as usize];
            let dir = (state >> NEXT_SHIFT) & 7;
            if dir < 4 {
                self.aux[v as usize] = state + (1 << NEXT_SHIFT);
                if dir == state & 7 {
                    continue;
                }
                let Some((n, nx, ny)) = step(v, x, y, dir, w, h) else {
                    continue;
                };
                if self.holder(n) != victim {
                    continue;
                }
                let seen = self.mark[n as usize];
                if seen >= base {
                    if seen < self.link[v as usize] {
                        self.link[v as usize] = seen;
                    }
                    continue;
                }
                self.mark[n as usize] = t;
                self.link[n as usize] = t;
                self.aux[n as usize] = dir ^ 1;
                t += 1;
                (v, x, y) = (n, nx, ny);
            } else {
                let back = state & 7;
                let cut = state >> CUT_SHIFT;
                if back == ROOT {
                    // Every child of the start is a piece of its own.
                    self.aux[v as usize] = id | cut;
                    break;
                }
                // The parent's side is one more piece.
                self.aux[v as usize] = id | (cut + 1);
                let Some((u, ux, uy)) = step(v, x, y, back, w, h) else {
                    break; // the parent is on the board: never taken
                };
                let low = self.link[v as usize];
                if low >= self.mark[u as usize] {
                    self.aux[u as usize] += 1 << CUT_SHIFT;
                }
                if low < self.link[u as usize] {
                    self.link[u as usize] = low;
                }
                (v, x, y) = (u, ux, uy);
            }
        }
        self.h.stamp = t;
    }
}

/// The neighbour of `(x, y)` (cell `c`) in direction `dir` (left, right,
/// down, up), if it is on the `w x h` board.
#[inline]
fn step(c: u32, x: u32, y: u32, dir: u32, w: u32, h: u32) -> Option<(u32, u32, u32)> {
    match dir {
        0 if x > 0 => Some((c - 1, x - 1, y)),
        1 if x + 1 < w => Some((c + 1, x + 1, y)),
        2 if y > 0 => Some((c - w, x, y - 1)),
        3 if y + 1 < h => Some((c + w, x, y + 1)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays a game of golden moves and `golden_possible` questions (a
    /// snake at its limit, probed, grown and cut) and returns every answer.
    fn answers(game: &mut Gamma<'_>) -> Vec<bool> {
        let mut seen = Vec::new();
        // Player 1: a snake over rows 0, 2 and 4 of 8 x 5; player 2 along row 1.
        let mut snake: Vec<(u32, u32)> = (0..8).map(|x| (x, 0)).collect();
        snake.push((7, 1));
        snake.extend((0..8).rev().map(|x| (x, 2)));
        snake.push((0, 3));
        snake.extend((0..8).map(|x| (x, 4)));
        for (x, y) in snake {
            seen.push(game.play(1, x, y).is_ok());
        }
        for x in 1..7 {
            seen.push(game.play(2, x, 1).is_ok());
        }
        for k in 0..6 {
            for p in 1..=4 {
                seen.push(game.golden_possible(p));
            }
            seen.push(game.golden_move(3, k + 1, 0).is_ok());
            seen.push(game.play(1, 6 - k, 3).is_ok());
            seen.push(game.golden_move(4, 6 - k, 3).is_ok());
        }
        seen
    }

    #[test]
    fn stamps_running_out_clear_the_marks() {
        let words = Gamma::memory_words(8, 5, 4).unwrap();
        let (mut a, mut b) = (vec![0; words], vec![0; words]);
        let mut plain = Gamma::new(8, 5, 4, 1, &mut a).unwrap();
        let mut wrapping = Gamma::new(8, 5, 4, 1, &mut b).unwrap();
        // Marks of a search just before the stamps run out look "seen".
        wrapping.h.stamp = u32::MAX - 30;
        wrapping.mark.fill(u32::MAX - 31);
        let want = answers(&mut plain);
        assert!(want.iter().any(|&a| a) && want.iter().any(|&a| !a));
        assert!(plain.h.walks >= 3, "the questions need walks");
        assert_eq!(answers(&mut wrapping), want);
        assert!(wrapping.h.stamp < 1000, "the stamps started again");
    }

    #[test]
    fn walk_ids_running_out_forget_every_count() {
        let words = Gamma::memory_words(8, 5, 4).unwrap();
        let (mut a, mut b) = (vec![0; words], vec![0; words]);
        let mut plain = Gamma::new(8, 5, 4, 1, &mut a).unwrap();
        let mut wrapping = Gamma::new(8, 5, 4, 1, &mut b).unwrap();
        // The ids run out during the game; counts of the walks before would
        // pass for fresh ones if they were not forgotten.
        wrapping.h.walks = MAX_WALKS - 3;
        let want = answers(&mut plain);
        assert!(plain.h.walks >= 3, "the questions need walks");
        assert_eq!(answers(&mut wrapping), want);
        assert!(wrapping.h.walks < 100, "the walk ids started again");
    }
}
