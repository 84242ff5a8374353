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

/// The root of `node`'s tree, halving the path on the way.
#[inline]
pub(crate) fn find(parent: &mut [u32], mut node: u32) -> u32 {
    loop {
        let up = parent[node as usize];
        if is_root(up) {
            return node;
        }
        let above = parent[up as usize];
        if is_root(above) {
            return up;
        }
        parent[node as usize] = above;
        node = above;
    }
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
            assert_eq!(find(&mut parent, n), n);
        }
        let r = union(&mut parent, 1, 2);
        let r = union(&mut parent, r, 3);
        let s = union(&mut parent, 4, 5);
        let t = union(&mut parent, r, s);
        for n in 1..=5 {
            assert_eq!(find(&mut parent, n), t);
        }
        assert_eq!(find(&mut parent, 6), 6);
        make_root(&mut parent, 7, 1);
        attach(&mut parent, 8, 7);
        assert_eq!(find(&mut parent, 8), 7);
        assert_eq!(union(&mut parent, 6, 7), 7);
        assert_eq!(find(&mut parent, 6), 7);
    }
}
