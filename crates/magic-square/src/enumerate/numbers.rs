//! Sets of numbers as bits of a `u64`: bit `v − 1` stands for the number
//! `v`, so the numbers `1..=n²` of a square up to order 8 fit in one word.
//!
//! The search ([`super::problem`]) keeps the unused numbers as such a set
//! and filters the candidates of a cell with the word operations here: the
//! numbers that pair up to a sum with another unused number, the numbers
//! whose complement or offset is unused (for cells forced as `k ∓ x` of the
//! branching number `x`), and whether a line's blanks can still be filled.
//! Everything here is on the hot path and marked `#[inline]`, because it is
//! called from another module.

/// The set holding only `value` (in `1..=64`).
#[inline]
pub(super) fn number_bit(value: u8) -> u64 {
    1 << (value - 1)
}

/// The numbers `x` with `total − x` in `set`.
#[inline]
pub(super) fn complements_in(set: u64, total: i32) -> u64 {
    let shift = 65 - total;
    let reversed = set.reverse_bits();
    match shift {
        0..=63 => reversed >> shift,
        -63..=-1 => reversed << -shift,
        _ => 0,
    }
}

/// The numbers `x` with `x + offset` in `set`: the set moved down by
/// `offset`.
#[inline]
pub(super) fn shifted_down(set: u64, offset: i32) -> u64 {
    match offset {
        0..=63 => set >> offset,
        -63..=-1 => set << -offset,
        _ => 0,
    }
}

/// The numbers `x` of `free` whose partner `sum − x` is also in `free` and
/// differs from `x`.
#[inline]
pub(super) fn pairing_numbers(free: u64, sum: i32) -> u64 {
    if !(3..=127).contains(&sum) {
        return 0;
    }
    // Bit i of `free` stands for x = i + 1; its partner is bit sum − 2 − i,
    // which is bit 65 − sum + i of the reversed set.
    let reversed = free.reverse_bits();
    let shift = 65 - sum;
    let partners = if shift >= 0 {
        reversed >> shift
    } else {
        reversed << -shift
    };
    let mut pairing = free & partners;
    if sum % 2 == 0 {
        pairing &= !(1u64 << (sum / 2 - 1));
    }
    pairing
}

/// Whether `blanks` distinct numbers of `free` can add up to `sum`: exactly
/// for two blanks, by the least and greatest sums beyond.
#[inline]
pub(super) fn fillable(free: u64, sum: i32, blanks: u32) -> bool {
    if blanks == 2 {
        return pairing_numbers(free, sum) != 0;
    }
    if free.count_ones() < blanks {
        return false;
    }
    let (mut low, mut high) = (free, free);
    let (mut least, mut greatest) = (0, 0);
    for _ in 0..blanks {
        least += low.trailing_zeros() as i32 + 1;
        low &= low - 1;
        let top = 63 - high.leading_zeros();
        greatest += top as i32 + 1;
        high &= !(1u64 << top);
    }
    (least..=greatest).contains(&sum)
}

/// The least sum of `count` distinct numbers from `1..` (a triangular
/// number).
#[inline]
pub(super) fn least_sum(count: i32) -> i32 {
    count * (count + 1) / 2
}

/// The greatest sum of `count` distinct numbers from `1..=largest`.
#[inline]
pub(super) fn greatest_sum(count: i32, largest: i32) -> i32 {
    count * largest - count * (count - 1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers `1..=64` of a set, by looking at every bit.
    fn members(set: u64) -> Vec<i32> {
        (1..=64).filter(|&v| set & (1u64 << (v - 1)) != 0).collect()
    }

    #[test]
    fn word_operations_agree_with_their_definitions() {
        let sets = [0u64, 1, 0b1011_0110, 0xF0F0_1234_8000_0001, u64::MAX];
        for set in sets {
            let has = |v: i32| (1..=64).contains(&v) && set & (1u64 << (v - 1)) != 0;
            for k in -70..=140 {
                let by_definition = |keep: &dyn Fn(i32) -> bool| -> Vec<i32> {
                    (1..=64).filter(|&x| keep(x)).collect()
                };
                assert_eq!(
                    members(complements_in(set, k)),
                    by_definition(&|x| has(k - x)),
                    "complements {set:#x} {k}"
                );
                assert_eq!(
                    members(shifted_down(set, k)),
                    by_definition(&|x| has(x + k)),
                    "shifted {set:#x} {k}"
                );
                assert_eq!(
                    members(pairing_numbers(set, k)),
                    by_definition(&|x| has(x) && has(k - x) && k - x != x),
                    "pairing {set:#x} {k}"
                );
            }
        }
    }

    #[test]
    fn fillable_matches_a_search_over_subsets() {
        // Every subset of a small set, against every sum and blank count.
        let free = 0b1101_1010_0110u64;
        let numbers = members(free);
        for blanks in 2..=5u32 {
            for sum in 0..=60 {
                let exists = (0u32..1 << numbers.len()).any(|pick| {
                    pick.count_ones() == blanks
                        && (0..numbers.len())
                            .filter(|&i| pick & (1 << i) != 0)
                            .map(|i| numbers[i])
                            .sum::<i32>()
                            == sum
                });
                // Beyond two blanks the test is by bounds: never false when a
                // filling exists.
                if blanks == 2 {
                    assert_eq!(fillable(free, sum, blanks), exists, "{blanks} {sum}");
                } else if exists {
                    assert!(fillable(free, sum, blanks), "{blanks} {sum}");
                }
            }
        }
    }
}
