//! [`Filter`]: a Bloom-like set that answers "maybe" or "no", in front of
//! the joins of [`among`](super::among) and of an [`Index`](super::Index),
//! so that most values looked up and absent cost no look at the level.

/// A set of values that may answer "maybe" for a value it lacks (about
/// one time in sixty) but never "no" for one it holds: a table of 16 to
/// 32 bits per value, 2 to 4 bytes against 8 for the value itself, in
/// which each value sets two bits of one 64-bit word, both picked by its
/// hash. (With one bit per value it would answer "maybe" about one time
/// in sixteen, for the same cost a query.)
pub(super) struct Filter {
    words: Vec<u64>,
    shift: u32,
}

impl Filter {
    /// The bits a filter of `values` values takes.
    pub(super) fn bits_for(values: usize) -> usize {
        values.saturating_mul(16).next_power_of_two().max(128)
    }

    /// A filter holding `values` if it takes at most `budget` bits.
    pub(super) fn within(values: &[u64], budget: usize) -> Option<Filter> {
        (Filter::bits_for(values.len()) <= budget).then(|| Filter::new(values))
    }

    /// A filter holding `values`.
    pub(super) fn new(values: &[u64]) -> Filter {
        let words = Filter::bits_for(values.len()) / 64;
        let mut filter = Filter {
            words: vec![0; words],
            // The hash's top bits pick the word (at least one bit: there
            // are at least two words).
            shift: 64 - words.trailing_zeros(),
        };
        for &value in values {
            let (word, bits) = filter.place(value);
            filter.words[word] |= bits;
        }
        filter
    }

    /// The word `value` sets bits of, and those bits: the hash's top bits
    /// pick the word, and the next two groups of six bits the bits (the
    /// top bits of a product are the well mixed ones).
    #[inline]
    fn place(&self, value: u64) -> (usize, u64) {
        let hash = value.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let word = (hash >> self.shift) as usize;
        let below = hash << (64 - self.shift);
        (word, 1 << (below >> 58) | 1 << (below >> 52 & 63))
    }

    /// Whether `value` may be held (always, if it is).
    #[inline]
    pub(super) fn may_hold(&self, value: u64) -> bool {
        let (word, bits) = self.place(value);
        self.words[word] & bits == bits
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn a_filter_holds_its_values_and_rejects_most_others() {
        // 20,000 values (32,768 words, 26 bits a value), asked about
        // values next to them and about unrelated ones.
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut random = move || rng.random::<u64>();
        let values: Vec<u64> = (0..20_000u64).map(|i| i * 7_919 + 13).collect();
        let filter = Filter::new(&values);
        assert!(values.iter().all(|&v| filter.may_hold(v)));
        let neighbours = (0..20_000u64).map(|i| i * 7_919 + 14);
        let unrelated = (0..20_000).map(|_| random());
        for (queries, kind) in [
            (neighbours.collect::<Vec<_>>(), "next"),
            (unrelated.collect(), "random"),
        ] {
            let false_alarms = queries.iter().filter(|&&v| filter.may_hold(v)).count();
            // Two bits set per value in a 64-bit word: about one in 150
            // at 26 bits a value (one bit per value: one in 26).
            assert!(false_alarms < 20_000 / 60, "{false_alarms} {kind}");
        }
        let random_values: Vec<u64> = (0..20_000).map(|_| random()).collect();
        let filter = Filter::new(&random_values);
        assert!(random_values.iter().all(|&v| filter.may_hold(v)));
        assert!(!Filter::new(&[]).may_hold(0));
    }
}
