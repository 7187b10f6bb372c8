//! Splitting a job over the positions of a level between rayon's threads
//! (with the `parallel` feature), and merging the sorted parts they
//! return into one sorted, distinct level.

#[cfg(feature = "parallel")]
use crate::work::Work;

/// With the `parallel` feature, the size of the parts a job over `len`
/// positions is split into between rayon's threads (four per thread),
/// when there are enough to be worth it (more than 2^14); `None`: the
/// job runs whole.
#[cfg(feature = "parallel")]
pub(crate) fn parallel_part(len: usize) -> Option<usize> {
    (len > 1 << 14).then(|| len.div_ceil(4 * rayon::current_num_threads().max(1)))
}

/// Without the `parallel` feature, every job runs whole.
#[cfg(not(feature = "parallel"))]
pub(crate) fn parallel_part(_len: usize) -> Option<usize> {
    None
}

/// The union of sorted, distinct `lists`, sorted and distinct, merged on
/// rayon's threads: the range of values is cut at quantiles of the longest
/// list, and each thread merges the parts of every list in its ranges
/// (unfinished if `work` stops first).
#[cfg(feature = "parallel")]
pub(super) fn merge_distinct(lists: &[Vec<u64>], work: &Work) -> Vec<u64> {
    use rayon::prelude::*;
    let Some(longest) = lists
        .iter()
        .max_by_key(|list| list.len())
        .filter(|l| !l.is_empty())
    else {
        return Vec::new();
    };
    let ranges = (8 * rayon::current_num_threads()).max(1);
    // Range r holds the values in [bounds[r], bounds[r + 1]); the first
    // bound is 0 and the last is past every value.
    let mut bounds: Vec<u64> = (1..ranges)
        .map(|r| longest[r * longest.len() / ranges])
        .collect();
    bounds.dedup();
    let parts: Vec<Vec<u64>> = (0..=bounds.len())
        .into_par_iter()
        .map(|r| {
            let start = r.checked_sub(1).map(|at| bounds[at]);
            let end = bounds.get(r).copied();
            // The parts of every list in the range, already sorted:
            // merged one after another.
            let mut part = Vec::new();
            let mut merged = Vec::new();
            for list in lists {
                // Unfinished once work stops: the caller drops it.
                if work.poll() {
                    break;
                }
                let from = start.map_or(0, |v| list.partition_point(|&x| x < v));
                let to = end.map_or(list.len(), |v| list.partition_point(|&x| x < v));
                merged.clear();
                merge_union(&part, &list[from..to], &mut merged);
                std::mem::swap(&mut part, &mut merged);
            }
            part
        })
        .collect();
    if work.poll() {
        return Vec::new();
    }
    parts.concat()
}

/// Appends to `out` the values of the sorted, distinct slices `a` and `b`,
/// sorted and distinct.
#[cfg(feature = "parallel")]
fn merge_union(a: &[u64], b: &[u64], out: &mut Vec<u64>) {
    out.reserve(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        out.push(x.min(y));
        i += usize::from(x <= y);
        j += usize::from(y <= x);
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::work::Work;

    #[test]
    fn merging_sorted_lists_gives_their_sorted_union() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut next = move || rng.random::<u64>();
        for (lists, len, bits) in [(8, 30_000, 33), (3, 1_000, 12), (5, 0, 20), (1, 50_000, 64)] {
            let lists: Vec<Vec<u64>> = (0..lists)
                .map(|_| {
                    let mut list: Vec<u64> = (0..len).map(|_| next() >> (64 - bits)).collect();
                    list.sort_unstable();
                    list.dedup();
                    list
                })
                .collect();
            let mut expected = lists.concat();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(merge_distinct(&lists, &Work::unlimited()), expected);
        }
        assert!(merge_distinct(&[], &Work::unlimited()).is_empty());
    }

    #[test]
    fn merge_union_keeps_each_value_once_in_order() {
        let mut out = vec![99];
        merge_union(&[1, 3, 5, 7], &[2, 3, 4, 7, 8, 9], &mut out);
        assert_eq!(out, [99, 1, 2, 3, 4, 5, 7, 8, 9]);
        out.clear();
        merge_union(&[], &[4, 6], &mut out);
        merge_union(&[1], &[], &mut out);
        assert_eq!(out, [4, 6, 1]);
    }
}
