//! The number of jump sequences into each winnable position of a census,
//! level by level, each level's positions found through an
//! [`Index`]: the two halves of [`Census::solutions`](super::Census::solutions),
//! one from each end, multiplied at the middle.

use super::{CensusError, Halt, Leftovers};
use crate::levels::{Expander, Index};

/// For each level of kept positions, the number of jump sequences from
/// level 0 into the orbit of each position (through kept positions only;
/// level 0 holds one position fixed by the symmetries). Pushed forwards:
/// the paths into an orbit are the sum, over the positions of the level
/// before and their jumps into the orbit, of the paths into theirs.
/// Pushed into `counts` (stopped, the levels finished),
/// `level_done(positions)` after each level; the budget of `expander`
/// meters the work, and what a stop leaves unfinished goes to
/// `leftovers`.
pub(super) fn path_counts(
    expander: &Expander,
    levels: &[Vec<u64>],
    mut level_done: impl FnMut(u64),
    counts: &mut Vec<Vec<u128>>,
    leftovers: &mut Leftovers,
) -> Result<(), Halt> {
    let work = expander.work();
    counts.push(vec![1; levels.first().map_or(0, Vec::len)]);
    level_done(levels.first().map_or(0, |level| level.len() as u64));
    for pair in levels.windows(2) {
        let (parents, children) = (&pair[0], &pair[1]);
        let index = Index::new(children, work);
        let next = match work.check() {
            Ok(()) => {
                let from = counts.last().expect("level 0");
                Some(push_counts(expander, parents, from, &index, children.len()))
            }
            Err(_) => None,
        };
        if let Err(reason) = work.check_now() {
            leftovers.keep((index, next));
            return Err(reason.into());
        }
        counts.push(next.expect("not stopped")?);
        level_done(children.len() as u64);
    }
    Ok(())
}

/// The paths into each orbit of the next level pushed from `parents`
/// (with `from` paths into theirs); with the `parallel` feature, large
/// levels are split between rayon's threads and their sums added.
fn push_counts(
    expander: &Expander,
    parents: &[u64],
    from: &[u128],
    index: &Index,
    len: usize,
) -> Result<Vec<u128>, CensusError> {
    let serial = |parents: &[u64], from: &[u128]| {
        let mut next = vec![0u128; len];
        let mut overflow = false;
        expander.for_each_child(parents, |parent, child| {
            if let Some(at) = index.get(child) {
                let slot = &mut next[at];
                match slot.checked_add(from[parent]) {
                    Some(sum) => *slot = sum,
                    None => overflow = true,
                }
            }
        });
        if overflow {
            Err(CensusError::Overflow)
        } else {
            Ok(next)
        }
    };
    #[cfg(feature = "parallel")]
    if parents.len() > 1 << 14 {
        use rayon::prelude::*;
        let size = parents.len().div_ceil(rayon::current_num_threads().max(1));
        let parts: Vec<Vec<u128>> = parents
            .par_chunks(size)
            .zip(from.par_chunks(size))
            .map(|(parents, from)| serial(parents, from))
            .collect::<Result<_, _>>()?;
        if expander.work().poll() {
            // Unfinished: the caller drops it.
            return Ok(Vec::new());
        }
        let mut total = vec![0u128; len];
        for part in parts {
            for (sum, add) in total.iter_mut().zip(part) {
                *sum = sum.checked_add(add).ok_or(CensusError::Overflow)?;
            }
        }
        return Ok(total);
    }
    serial(parents, from)
}
