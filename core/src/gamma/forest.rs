//! Union-find over node ids, in a slice of parent words.
//!
//! A parent word is the parent's id, or marks a root: 0 is a root of rank 0
//! (so zeroed memory is a forest of single nodes), `ROOT | r` a root of rank
//! `r`. Cells own nodes rather than being nodes, so that a golden move can
//! give the cells that split off fresh nodes while the largest piece keeps
//! its tree (with the taken cell's old node left in it as a ghost nobody
//! looks up).

/// The flag of a root's parent word with a rank above 0.
const ROOT: u32 = 1 << 31;

#[inline]
fn is_root(word: u32) -> bool {
    word == 0 || word & ROOT != 0
}

/// The forest is not one: a parent word names no node, or a path never
/// reaches a root (a cycle). Only memory overwritten from outside does that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Corrupted;

/// The root of `node`'s tree, halving the path on the way; a path longer
/// than the forest has nodes, or a parent word out of range, is
/// [`Corrupted`] (never a loop for ever, never a panic).
#[inline]
pub(crate) fn find(parent: &mut [u32], mut node: u32) -> Result<u32, Corrupted> {
    let word = |parent: &[u32], n: u32| parent.get(n as usize).copied().ok_or(Corrupted);
    for _ in 0..parent.len() {
        let up = word(parent, node)?;
        if is_root(up) {
            return Ok(node);
        }
        let above = word(parent, up)?;
        if is_root(above) {
            return Ok(up);
        }
        parent[node as usize] = above;
        node = above;
    }
    Err(Corrupted)
}

/// Joins the trees of the roots `a` and `b` (by rank) and returns the root
/// of the joined tree.
#[inline]
pub(crate) fn union(parent: &mut [u32], a: u32, b: u32) -> u32 {
    if a == b {
        return a;
    }
    let rank_a = parent[a as usize] & !ROOT;
    let rank_b = parent[b as usize] & !ROOT;
    let (low, high) = if rank_a < rank_b { (a, b) } else { (b, a) };
    if rank_a == rank_b {
        parent[high as usize] = ROOT | (rank_a + 1);
    }
    parent[low as usize] = high;
    high
}

/// Makes `node` a root of rank `rank`.
#[inline]
pub(crate) fn make_root(parent: &mut [u32], node: u32, rank: u32) {
    parent[node as usize] = if rank == 0 { 0 } else { ROOT | rank };
}

/// Hangs `node` directly under `root`.
#[inline]
pub(crate) fn attach(parent: &mut [u32], node: u32, root: u32) {
    parent[node as usize] = root;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_forest_is_single_nodes_and_unions_join() {
        let mut parent = [0u32; 10];
        for n in 1..10 {
            assert_eq!(find(&mut parent, n), Ok(n));
        }
        let r = union(&mut parent, 1, 2);
        let r = union(&mut parent, r, 3);
        let s = union(&mut parent, 4, 5);
        let t = union(&mut parent, r, s);
        for n in 1..=5 {
            assert_eq!(find(&mut parent, n), Ok(t));
        }
        assert_eq!(find(&mut parent, 6), Ok(6));
        make_root(&mut parent, 7, 1);
        attach(&mut parent, 8, 7);
        assert_eq!(find(&mut parent, 8), Ok(7));
        assert_eq!(union(&mut parent, 6, 7), 7);
        assert_eq!(find(&mut parent, 6), Ok(7));
    }

    /// Issue 31, row 5: a self-parent or a cycle looped for ever; a word
    /// beyond the forest panicked on its index.
    #[test]
    fn corrupted_forests_are_errors() {
        let mut parent = [0u32; 10];
        parent[3] = 3;
        assert_eq!(find(&mut parent, 3), Err(Corrupted));
        parent[3] = 4;
        parent[4] = 5;
        parent[5] = 3;
        assert_eq!(find(&mut parent, 3), Err(Corrupted));
        parent[6] = 77;
        assert_eq!(find(&mut parent, 6), Err(Corrupted));
        assert_eq!(find(&mut parent, 10), Err(Corrupted));
    }
}
