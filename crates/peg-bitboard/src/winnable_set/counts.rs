//! [`Counts`]: one exact `u128` per position of a level, stored as a
//! `u64` each, the few past `u64::MAX` in a side table.

/// The marker in [`Counts::small`] of a count kept in [`Counts::large`].
const LARGE: u64 = u64::MAX;

/// Exact counts, one per position of a level, in eight bytes each: every
/// count below `u64::MAX` in place, the others (none on the built-in
/// boards' games) marked there and kept, with their index, in a sorted
/// side table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Counts {
    small: Vec<u64>,
    /// `(index, count)` of each count at least `u64::MAX`, by index.
    large: Vec<(usize, u128)>,
}

impl Counts {
    /// The counts of `values`, in order.
    pub(super) fn new(values: &[u128]) -> Counts {
        let mut counts = Counts {
            small: Vec::with_capacity(values.len()),
            large: Vec::new(),
        };
        for (index, &value) in values.iter().enumerate() {
            match u64::try_from(value) {
                Ok(small) if small != LARGE => counts.small.push(small),
                _ => {
                    counts.small.push(LARGE);
                    counts.large.push((index, value));
                }
            }
        }
        counts
    }

    /// The count at `index` (in range).
    pub(super) fn get(&self, index: usize) -> u128 {
        match self.small[index] {
            LARGE => {
                let at = self
                    .large
                    .binary_search_by_key(&index, |&(i, _)| i)
                    .expect("a large count is in the side table");
                self.large[at].1
            }
            small => u128::from(small),
        }
    }

    /// The bytes these counts hold on the heap.
    pub(super) fn heap_bytes(&self) -> usize {
        self.small.capacity() * size_of::<u64>()
            + self.large.capacity() * size_of::<(usize, u128)>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_round_trip_on_both_sides_of_a_word() {
        let values = [
            0,
            1,
            u128::from(u64::MAX) - 1,
            u128::from(u64::MAX),
            u128::from(u64::MAX) + 1,
            7,
            u128::MAX,
        ];
        let counts = Counts::new(&values);
        for (index, &value) in values.iter().enumerate() {
            assert_eq!(counts.get(index), value, "at {index}");
        }
        assert_eq!(counts.large.len(), 3);
    }
}
