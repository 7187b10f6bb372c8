//! The census's radix sort: one pass spreads the values into buckets by
//! their key's top bits, then each bucket (small enough to stay in cache)
//! is sorted by digits of at most 11 bits from the key's lowest and
//! written back, without repeats if asked.
//!
//! When the bits below a value's bucket fit 32 (positions of up to about
//! 43 holes), only those bits are spread and sorted, in half the bytes:
//! the bucket gives back the rest.
//!
//! A sort of many values looks at the census's budget now and then
//! ([`Work::poll`]): once work has stopped, it gives up and leaves the
//! values empty.

use crate::work::Work;

/// Values spread, or buckets' values sorted, between two looks at the
/// budget.
const POLL_EVERY: usize = 1 << 16;

/// Sorts and deduplicates positions of `bits` significant bits (unless
/// `work` stops first).
pub(crate) fn sort_dedup(values: &mut Vec<u64>, bits: u32, work: &Work) {
    sort_dedup_with(values, bits, &mut Vec::new(), work);
}

/// [`sort_dedup`] with a buffer to use (its contents are overwritten).
pub(crate) fn sort_dedup_with(
    values: &mut Vec<u64>,
    bits: u32,
    spread: &mut Vec<u64>,
    work: &Work,
) {
    radix_sort::<true>(values, 0..bits, spread, work);
}

/// Sorts values of `bits` significant bits by those from `from_bit` up
/// (in no particular order where those agree), with a buffer to use
/// (unless `work` stops first).
pub(crate) fn sort_by_bits_from(
    values: &mut Vec<u64>,
    from_bit: u32,
    bits: u32,
    spread: &mut Vec<u64>,
    work: &Work,
) {
    radix_sort::<false>(values, from_bit..bits, spread, work);
}

/// How a radix sort cuts its values: `2^top` buckets by the bits from
/// `below` up, each sorted by `passes` digits of `digit` bits from `skip`.
#[derive(Clone, Copy, Debug)]
struct Plan {
    top: u32,
    below: u32,
    skip: u32,
    passes: u32,
    digit: u32,
}

/// Sorts `values` by their bits in `key` (bits above it must be zero),
/// dropping repeats with `DEDUP`; empties them if `work` stops first.
fn radix_sort<const DEDUP: bool>(
    values: &mut Vec<u64>,
    key: std::ops::Range<u32>,
    spread: &mut Vec<u64>,
    work: &Work,
) {
    if values.len() < 1 << 16 {
        // A full sort is also a sort by the key: the bits above it are
        // zero, and those below it only order values the key ties.
        values.sort_unstable();
        if DEDUP {
            values.dedup();
        }
        return;
    }
    // Buckets of a few thousand values on average, or more buckets when
    // that saves the buckets a pass: a pass over every value costs more
    // than the extra buckets (a 33-bit key of a few million values, as
    // the English board's levels have, sorts faster in 2,048 buckets and
    // two passes than in 256 to 1,024 and three).
    let key_bits = key.end.min(64).saturating_sub(key.start);
    let fewest = (values.len() >> 12).max(1).ilog2().clamp(4, 16) + 1;
    let most = key_bits.clamp(fewest, fewest.max(16));
    let top = (fewest..=most)
        .min_by_key(|&top| key_bits.saturating_sub(top).div_ceil(11))
        .unwrap_or(fewest);
    // The key, widened downwards if need be to hold the bucket's bits (a
    // sort by more bits is still a sort by the key).
    let width = key_bits.max(top);
    let skip = key.start.min(64 - width);
    let low_bits = width - top;
    // Digits of at most 11 bits, as even as possible.
    let passes = low_bits.div_ceil(11);
    let plan = Plan {
        top,
        below: skip + low_bits,
        skip,
        passes,
        digit: low_bits.div_ceil(passes.max(1)),
    };
    let mut starts = vec![0usize; (1 << top) + 1];
    for part in values.chunks(POLL_EVERY) {
        if work.poll() {
            values.clear();
            return;
        }
        for &v in part {
            starts[bucket_of(v, plan) + 1] += 1;
        }
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    // Only new room is zeroed: every slot used is written below.
    let len = values.len();
    if plan.below <= 32 {
        let words = len.div_ceil(2);
        if spread.len() < words {
            spread.resize(words, 0);
        }
        let narrow: &mut [u32] = bytemuck::cast_slice_mut(&mut spread[..words]);
        sort_buckets::<DEDUP, u32>(values, &starts, plan, &mut narrow[..len], work);
    } else {
        if spread.len() < len {
            spread.resize(len, 0);
        }
        sort_buckets::<DEDUP, u64>(values, &starts, plan, &mut spread[..len], work);
    }
}

/// The bucket of `v`.
#[inline]
fn bucket_of(v: u64, plan: Plan) -> usize {
    (v >> plan.below) as usize & ((1 << plan.top) - 1)
}

/// What a radix sort spreads of a value: all of it, or the bits below
/// its bucket.
trait Spread: Copy + Ord + Default {
    /// The part of `value` spread (below its bucket, if that is all
    /// this holds).
    fn part_of(value: u64) -> Self;
    /// The value, given the bits of its bucket in place (already set, if
    /// this holds all of it).
    fn value_in(self, bucket_bits: u64) -> u64;
    /// The digit `mask` picks after a shift by `shift`.
    fn digit(self, shift: u32, mask: usize) -> usize;
}

impl Spread for u64 {
    #[inline]
    fn part_of(value: u64) -> u64 {
        value
    }

    #[inline]
    fn value_in(self, bucket_bits: u64) -> u64 {
        self | bucket_bits
    }

    #[inline]
    fn digit(self, shift: u32, mask: usize) -> usize {
        (self >> shift) as usize & mask
    }
}

impl Spread for u32 {
    #[inline]
    fn part_of(value: u64) -> u32 {
        // Only the bits below the bucket, which fit.
        value as u32
    }

    #[inline]
    fn value_in(self, bucket_bits: u64) -> u64 {
        u64::from(self) | bucket_bits
    }

    #[inline]
    fn digit(self, shift: u32, mask: usize) -> usize {
        (self >> shift) as usize & mask
    }
}

/// Spreads `values` into `spread` by bucket (bucket `b` from
/// `starts[b]`), sorts each bucket and writes them back in order; empties
/// them if `work` stops first.
fn sort_buckets<const DEDUP: bool, T: Spread>(
    values: &mut Vec<u64>,
    starts: &[usize],
    plan: Plan,
    spread: &mut [T],
    work: &Work,
) {
    let mut next = starts.to_vec();
    for part in values.chunks(POLL_EVERY) {
        if work.poll() {
            values.clear();
            return;
        }
        for &v in part {
            let bucket = bucket_of(v, plan);
            spread[next[bucket]] = T::part_of(v);
            next[bucket] += 1;
        }
    }
    let mut scratch: Vec<T> = Vec::new();
    // Counts as `u32` (a bucket holds far fewer values): a pass clears
    // its counts, and at 11 bits that is 8 KiB rather than 16 a pass.
    let mut counts = vec![0u32; 1 << plan.digit];
    let mask = (1 << plan.digit) - 1;
    let mut out = 0usize;
    // Values sorted since the last look at the budget.
    let mut unpolled = 0;
    for bucket in 0..1 << plan.top {
        let part = &mut spread[starts[bucket]..starts[bucket + 1]];
        if part.is_empty() {
            continue;
        }
        unpolled += part.len();
        if unpolled >= POLL_EVERY {
            unpolled = 0;
            if work.poll() {
                values.clear();
                return;
            }
        }
        // (Past `u32::MAX` values, which no census reaches, the counts
        // could not hold a bucket.)
        if part.len() < 256 || part.len() > u32::MAX as usize {
            part.sort_unstable();
        } else {
            scratch.resize(part.len(), T::default());
            let (mut from, mut to): (&mut [T], &mut [T]) = (part, &mut scratch[..]);
            for pass in 0..plan.passes {
                let shift = plan.skip + pass * plan.digit;
                counts.fill(0);
                for &value in from.iter() {
                    counts[value.digit(shift, mask)] += 1;
                }
                let mut total = 0;
                for count in &mut counts {
                    let with_digit = *count;
                    *count = total;
                    total += with_digit;
                }
                for &value in from.iter() {
                    let digit = value.digit(shift, mask);
                    to[counts[digit] as usize] = value;
                    counts[digit] += 1;
                }
                std::mem::swap(&mut from, &mut to);
            }
            if plan.passes % 2 == 1 {
                to.copy_from_slice(from);
            }
        }
        // Written back without branches (most values repeat the one
        // before, but which ones is data): each value is written, and the
        // write position moves on only past a new one. `out` never passes
        // the number of values read, so it stays in bounds.
        let bucket_bits = (bucket as u64) << plan.below;
        let part = &spread[starts[bucket]..starts[bucket + 1]];
        if DEDUP {
            let mut last = part[0].value_in(bucket_bits) ^ 1;
            for &spread_value in part {
                let value = spread_value.value_in(bucket_bits);
                values[out] = value;
                out += usize::from(value != last);
                last = value;
            }
        } else {
            for (slot, &spread_value) in values[out..out + part.len()].iter_mut().zip(part) {
                *slot = spread_value.value_in(bucket_bits);
            }
            out += part.len();
        }
    }
    values.truncate(out);
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn radix_sort_matches_the_standard_sort() {
        let work = Work::unlimited();
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        // Keys of 3 and 12 bits too: narrower than the bucket bits. With
        // 33, 20, 12 and 3 bits, the bits below the buckets fit 32 and
        // are spread alone (exactly 32 when 33-bit values are sorted by
        // their top bit); with 43, 45 and 64, whole values are spread.
        for (len, bits) in [
            (70_000, 33),
            (200_000, 20),
            (100_000, 64),
            (300_000, 45),
            (150_000, 43),
            (80_000, 3),
            (90_000, 12),
        ] {
            let mut values: Vec<u64> = (0..len)
                .map(|_| {
                    let state = rng.random::<u64>();
                    // Skewed towards small values, with duplicates.
                    let v = state >> (64 - bits);
                    if state.is_multiple_of(3) { v >> 9 } else { v }
                })
                .collect();
            let mut expected = values.clone();
            expected.sort_unstable();
            // Sorted by the bits from 9 up (or from 1, or the top one),
            // the values keep every repeat and are in order of those bits.
            for from in [9.min(bits - 1), 1, bits - 1] {
                let mut by_high_bits = values.clone();
                sort_by_bits_from(&mut by_high_bits, from, bits, &mut Vec::new(), &work);
                assert!(
                    by_high_bits.is_sorted_by_key(|v| v >> from),
                    "{len} of {bits} bits from {from}"
                );
                by_high_bits.sort_unstable();
                assert_eq!(by_high_bits, expected, "{len} values of {bits} bits");
            }
            expected.dedup();
            // With a spare buffer holding stale values, too short and
            // long enough.
            for spare in [0, 10, len] {
                let mut sorted = values.clone();
                sort_dedup_with(&mut sorted, bits, &mut vec![u64::MAX; spare], &work);
                assert_eq!(sorted, expected, "{len} values of {bits} bits");
            }
            sort_dedup(&mut values, bits, &work);
            assert_eq!(values, expected, "{len} values of {bits} bits");
        }
    }
}
