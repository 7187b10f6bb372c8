//! Sub-hands: a few numbers of a hand, as sorted indices into the
//! [`Solver`](super::Solver)'s table of the numbers it has seen, and the
//! ways to split one into two smaller sub-hands.
//!
//! The dynamic programme ([`super::sub_hands`]) keys what it knows by
//! sub-hand (a slot of a dense table for small indices, or a packed
//! number), and both answering ([`super::solvable`]) and listing
//! ([`super::listing`]) walk a hand's splits: each unordered pair of
//! sub-multisets once ([`SubHand::distinct_splits`]).

/// The most numbers a hand may have for the fast path.
pub(super) const MAX_FAST_NUMBERS: usize = 4;

/// Slots of the dense table of sub-hands ([`SubHand::dense_slot`]): the
/// sub-hands of two or three of the first 16 numbers seen.
pub(super) const DENSE_SLOTS: usize = 16 * 16 * 16 + 16 * 16;

/// A sub-hand: indices into the solver's table of numbers, sorted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct SubHand {
    pub(super) indices: [u8; MAX_FAST_NUMBERS],
    pub(super) len: u8,
}

impl SubHand {
    /// The sub-hand of the numbers of indices `x <= y`.
    pub(super) fn pair(x: u8, y: u8) -> SubHand {
        SubHand {
            indices: [x, y, 0, 0],
            len: 2,
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.indices[..usize::from(self.len)]
    }

    /// The sub-hand as one number: its indices plus one, a byte each.
    pub(super) fn packed(&self) -> u32 {
        self.as_slice()
            .iter()
            .fold(0, |k, &i| k << 8 | (u32::from(i) + 1))
    }

    /// The slot of a sub-hand of two or three numbers in the dense table,
    /// if its numbers are among the first 16.
    pub(super) fn dense_slot(self) -> Option<usize> {
        let [i, j, k, _] = self.indices.map(usize::from);
        match self.len {
            2 if j < 16 => Some(16 * 16 * 16 + i * 16 + j),
            3 if k < 16 => Some(i * 256 + j * 16 + k),
            _ => None,
        }
    }

    /// The numbers at the positions in `mask` (bit `k` for position `k`),
    /// and the others; `mask` below `1 << len`.
    pub(super) fn split(self, mask: u8) -> (SubHand, SubHand) {
        let n = usize::from(self.len).min(MAX_FAST_NUMBERS);
        let (first, first_len, second, second_len) = SPLIT_POSITIONS[n][usize::from(mask & 15)];
        let padded = [
            self.indices[0],
            self.indices[1],
            self.indices[2],
            self.indices[3],
            0,
        ];
        let side = |positions: [usize; 4], len: u8| SubHand {
            indices: positions.map(|k| padded[k]),
            len,
        };
        (side(first, first_len), side(second, second_len))
    }

    /// The ways to split a sub-hand of 2..=4 numbers into two non-empty
    /// sub-hands, each unordered pair of sub-multisets once: the masks of
    /// [`SPLIT_MASKS`] whose split was not met before, and how many.
    pub(super) fn distinct_splits(self) -> ([u8; 7], usize) {
        let n = usize::from(self.len).min(MAX_FAST_NUMBERS);
        let mut out = [0; 7];
        let mut met = [(0u32, 0u32); 7];
        let mut count = 0;
        for &mask in SPLIT_MASKS[n] {
            let (a, b) = self.split(mask);
            let (ka, kb) = (a.packed(), b.packed());
            let pair = (ka.min(kb), ka.max(kb));
            if !met[..count].contains(&pair) {
                met[count] = pair;
                out[count] = mask;
                count += 1;
            }
        }
        (out, count)
    }

    /// Which adjacent numbers of the sub-hand (sorted) are equal, with its
    /// size: [`SubHand::distinct_splits`] depends on nothing else, so it
    /// is remembered by this (below 40).
    pub(super) fn equal_neighbours(self) -> usize {
        let n = usize::from(self.len).min(MAX_FAST_NUMBERS);
        let mut eq = 0;
        for k in 1..n {
            eq |= usize::from(self.indices[k] == self.indices[k - 1]) << (k - 1);
        }
        n << 3 | eq
    }
}

/// The odd masks (the first number always on the first side) that split
/// a sub-hand of `n` numbers into two non-empty sides, in increasing
/// order.
const SPLIT_MASKS: [&[u8]; MAX_FAST_NUMBERS + 1] =
    [&[], &[], &[1], &[1, 3, 5], &[1, 3, 5, 7, 9, 11, 13]];

/// For `n` numbers and a mask: the positions on the first side (padded
/// with 4, which [`SubHand::split`] reads as index 0), how many, and the
/// same for the second side.
type Positions = ([usize; 4], u8, [usize; 4], u8);

/// [`Positions`] by size and mask, for every mask below `1 << n` (the
/// others are empty and never asked for).
const SPLIT_POSITIONS: [[Positions; 16]; MAX_FAST_NUMBERS + 1] = split_positions();

/// Builds [`SPLIT_POSITIONS`]: position `k` of `n` goes to the first side
/// when bit `k` of the mask is set, to the second otherwise, each side in
/// increasing order.
const fn split_positions() -> [[Positions; 16]; MAX_FAST_NUMBERS + 1] {
    const EMPTY: Positions = ([4; 4], 0, [4; 4], 0);
    let mut table = [[EMPTY; 16]; MAX_FAST_NUMBERS + 1];
    let mut n = 0;
    while n <= MAX_FAST_NUMBERS {
        let mut mask = 0;
        while mask < 1 << n {
            let (mut first, mut second) = ([4; 4], [4; 4]);
            let (mut first_len, mut second_len) = (0, 0);
            let mut k = 0;
            while k < n {
                if mask >> k & 1 == 1 {
                    first[first_len] = k;
                    first_len += 1;
                } else {
                    second[second_len] = k;
                    second_len += 1;
                }
                k += 1;
            }
            table[n][mask] = (first, first_len as u8, second, second_len as u8);
            mask += 1;
        }
        n += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(indices: &[u8]) -> SubHand {
        let mut h = SubHand {
            len: indices.len() as u8,
            ..SubHand::default()
        };
        h.indices[..indices.len()].copy_from_slice(indices);
        h
    }

    #[test]
    fn a_split_puts_each_number_on_the_side_its_bit_says() {
        let h = hand(&[2, 5, 7, 9]);
        for n in 1..=4 {
            let h = hand(&h.indices[..n]);
            for mask in 0..1u8 << n {
                let (a, b) = h.split(mask);
                let want_a: Vec<u8> = (0..n)
                    .filter(|k| mask >> k & 1 == 1)
                    .map(|k| h.indices[k])
                    .collect();
                let want_b: Vec<u8> = (0..n)
                    .filter(|k| mask >> k & 1 == 0)
                    .map(|k| h.indices[k])
                    .collect();
                assert_eq!(
                    (a.as_slice(), b.as_slice()),
                    (&want_a[..], &want_b[..]),
                    "{n} {mask}"
                );
            }
        }
    }

    #[test]
    fn distinct_splits_meet_each_pair_of_sides_once() {
        // Brute force: every non-empty proper subset of positions, sides
        // compared as multisets of indices.
        for indices in [
            &[0, 1][..],
            &[3, 3],
            &[0, 1, 2],
            &[1, 1, 2],
            &[4, 4, 4],
            &[0, 1, 2, 3],
            &[0, 0, 1, 1],
            &[2, 2, 2, 5],
            &[6, 6, 6, 6],
        ] {
            let h = hand(indices);
            let n = indices.len();
            let mut want = Vec::new();
            for mask in 1..(1u8 << n) - 1 {
                let (a, b) = h.split(mask);
                let mut pair = [a.as_slice().to_vec(), b.as_slice().to_vec()];
                pair.sort();
                if !want.contains(&pair) {
                    want.push(pair);
                }
            }
            let (masks, count) = h.distinct_splits();
            let mut got: Vec<_> = masks[..count]
                .iter()
                .map(|&m| {
                    let (a, b) = h.split(m);
                    let mut pair = [a.as_slice().to_vec(), b.as_slice().to_vec()];
                    pair.sort();
                    pair
                })
                .collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{indices:?}");
        }
    }
}
