//! [`Index`]: the place of each position in a sorted level, for the
//! census's passes that carry a value per position (the path counts, the
//! fewest moves) from one level to the next.

use super::filter::Filter;
use crate::work::Work;

/// The index of each value of a level: open addressing with linear
/// probing, at most half full, keys and indices side by side; in front of
/// it, a [`Filter`].
///
/// Most values looked up (the children of a level's positions) are not in
/// the level, and the filter, a fraction of the table's size, answers
/// most of those without touching the table.
pub(crate) struct Index {
    /// `(value, index)`, the index `usize::MAX` marking an empty slot.
    slots: Vec<(u64, usize)>,
    shift: u32,
    filter: Filter,
}

impl Index {
    /// Indexes `values` (distinct), unless `work` stops first: then only
    /// some of them (the caller drops it).
    pub(crate) fn new(values: &[u64], work: &Work) -> Index {
        let size = (values.len() * 2).next_power_of_two().max(16);
        let mut index = Index {
            slots: vec![(0, usize::MAX); size],
            shift: 64 - size.trailing_zeros(),
            filter: Filter::new(values),
        };
        let mask = size - 1;
        for (i, &value) in values.iter().enumerate() {
            // Each insertion misses the caches: next to that, a look at
            // the budget now and then costs nothing.
            if i.is_multiple_of(1 << 16) && work.poll() {
                break;
            }
            let mut slot = index.home(value);
            while index.slots[slot].1 != usize::MAX {
                slot = (slot + 1) & mask;
            }
            index.slots[slot] = (value, i);
        }
        index
    }

    #[inline]
    fn home(&self, value: u64) -> usize {
        (value.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The index of `value`, if present.
    #[inline]
    pub(crate) fn get(&self, value: u64) -> Option<usize> {
        if !self.filter.may_hold(value) {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut slot = self.home(value);
        loop {
            let (key, at) = self.slots[slot];
            if at == usize::MAX {
                return None;
            }
            if key == value {
                return Some(at);
            }
            slot = (slot + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_finds_every_value_and_nothing_else() {
        let values: Vec<u64> = (0..5_000u64).map(|i| i * i * 7 + 3).collect();
        let index = Index::new(&values, &Work::unlimited());
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(index.get(v), Some(i));
            assert_eq!(index.get(v + 1), None);
        }
        let work = Work::unlimited();
        assert_eq!(Index::new(&[], &work).get(0), None);
        assert_eq!(Index::new(&[u64::MAX], &work).get(u64::MAX), Some(0));
    }
}
