//! Operations on sorted, distinct levels: the values two levels share,
//! and a level narrowed in place to the values another holds or that a
//! flag per value keeps. Each looks at the budget as it goes.

use crate::work::Work;

/// Keeps the values of `kept` whose flag is set, in order.
pub(crate) fn retain_flagged(kept: &mut Vec<u64>, flags: &[bool]) {
    debug_assert_eq!(kept.len(), flags.len());
    let mut out = 0;
    for at in 0..kept.len().min(flags.len()) {
        kept[out] = kept[at];
        out += usize::from(flags[at]);
    }
    kept.truncate(out);
}

/// Values merged between two looks at the budget.
pub(super) const MERGED_PER_POLL: usize = 1 << 16;

/// Keeps the values of `kept` (sorted) that `found` (sorted) holds
/// (unfinished if `work` stops first).
pub(super) fn retain_present(kept: &mut Vec<u64>, found: &[u64], work: &Work) {
    let (mut out, mut j) = (0, 0);
    for at in 0..kept.len() {
        if at.is_multiple_of(MERGED_PER_POLL) && work.poll() {
            break;
        }
        let x = kept[at];
        while j < found.len() && found[j] < x {
            j += 1;
        }
        kept[out] = x;
        out += usize::from(found.get(j) == Some(&x));
    }
    kept.truncate(out);
}

/// The sorted values present in both sorted slices (fewer, if `work`
/// stops first).
pub(crate) fn intersect(a: &[u64], b: &[u64], work: &Work) -> Vec<u64> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    let mut steps = 0usize;
    while i < a.len() && j < b.len() {
        steps += 1;
        if steps.is_multiple_of(MERGED_PER_POLL) && work.poll() {
            break;
        }
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn retaining_in_place_keeps_the_values_flagged_or_found() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..200 {
            let mut kept: Vec<u64> = (0..rng.random_range(0..60))
                .map(|_| rng.random_range(0..100))
                .collect();
            kept.sort_unstable();
            kept.dedup();
            let mut found: Vec<u64> = (0..rng.random_range(0..60))
                .map(|_| rng.random_range(0..100))
                .collect();
            found.sort_unstable();
            found.dedup();
            let flags: Vec<bool> = kept.iter().map(|_| rng.random_bool(0.5)).collect();
            let mut flagged = kept.clone();
            retain_flagged(&mut flagged, &flags);
            let expected: Vec<u64> = kept
                .iter()
                .zip(&flags)
                .filter(|(_, flag)| **flag)
                .map(|(&x, _)| x)
                .collect();
            assert_eq!(flagged, expected);
            let mut present = kept.clone();
            retain_present(&mut present, &found, &Work::unlimited());
            assert_eq!(present, intersect(&kept, &found, &Work::unlimited()));
        }
    }
}
