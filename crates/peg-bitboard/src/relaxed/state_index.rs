//! Where a relaxed state sits in the table of states ([`Layout`]: the
//! lanes, the first exact holes, lowest, so that one word holds the 64
//! states differing in them; then the groups' combined value; then the
//! other exact holes), and how a position's images under some symmetries
//! are read into such indices ([`StateReader`]). The jumps, the winning
//! states and the census's test all index states this way.

use kongming_search::symmetry::Permutation;

use super::LANE_BITS;
use super::relaxation::Relaxation;
use crate::lane_table::LaneTable;

/// Where the parts of a relaxed state go in its index: the lanes (the
/// first exact holes) lowest, then the groups' combined value, then the
/// other exact holes. One word of the table holds the 64 states that
/// differ in their lanes only.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    /// Exact holes past the lanes.
    pub(super) high_bits: u32,
    /// Bits of the groups' combined value (mixed radix, the first group
    /// most significant).
    pub(super) combo_bits: u32,
    /// The number of combined values.
    pub(super) combos: usize,
    /// Bits of the groups' raw counts side by side.
    pub(super) count_bits: u32,
}

impl Layout {
    pub(super) fn of(relaxation: &Relaxation) -> Layout {
        let combos = relaxation
            .groups
            .iter()
            .fold(1usize, |all, g| all.saturating_mul(g.values));
        let count_bits = relaxation.groups.iter().map(|g| count_width(g.holes)).sum();
        Layout {
            high_bits: (relaxation.exact.len() as u32).saturating_sub(LANE_BITS),
            combo_bits: usize::BITS - (combos - 1).leading_zeros(),
            combos,
            count_bits,
        }
    }

    pub(super) fn state_bits(self) -> u32 {
        LANE_BITS
            .saturating_add(self.combo_bits)
            .saturating_add(self.high_bits)
    }

    /// Words per value of the high exact holes.
    pub(super) fn block(self) -> usize {
        1 << self.combo_bits
    }

    /// The index bit of the `k`th exact hole.
    pub(super) fn exact_bit(self, k: usize) -> u32 {
        let k = k as u32;
        if k < LANE_BITS {
            k
        } else {
            k + self.combo_bits
        }
    }
}

/// Bits for a count of the pegs of `holes`.
pub(super) fn count_width(holes: u64) -> u32 {
    u64::BITS - u64::from(holes.count_ones()).leading_zeros()
}

/// Reads the indices of the relaxed states of a position's images under
/// some symmetries, with one table row per byte of the bitboard: each
/// hole adds its exact bit, or one to its group's count (counts side by
/// side above bit 32); the counts then give the combination.
pub(super) struct StateReader {
    /// What the holes of a byte add, one lane per image (the number of
    /// images rounded up to a power of two, zero past the last).
    pub(super) table: LaneTable,
    /// Per counts side by side, the combination's bits of the index.
    pub(super) combos: Vec<u32>,
    /// The number of images read.
    pub(super) images: usize,
}

impl StateReader {
    /// Readers of the images under `symmetries` (each a map of holes).
    pub(super) fn new(
        relaxation: &Relaxation,
        layout: Layout,
        symmetries: &[Permutation],
    ) -> StateReader {
        let board = &relaxation.board;
        let mut count_shift = Vec::with_capacity(relaxation.groups.len());
        let mut shift = 32;
        for group in &relaxation.groups {
            count_shift.push(shift);
            shift += count_width(group.holes);
        }
        let adds = |hole: usize| -> u64 {
            if let Some(k) = relaxation.exact.iter().position(|&h| h == hole) {
                return 1 << layout.exact_bit(k);
            }
            match relaxation
                .groups
                .iter()
                .position(|g| g.holes >> hole & 1 == 1)
            {
                Some(g) => 1 << count_shift[g],
                None => 0,
            }
        };
        let lanes = symmetries.len().next_power_of_two();
        let table = LaneTable::new(board.len(), lanes, |hole, image| {
            symmetries
                .get(image)
                .map_or(0, |symmetry| adds(symmetry.apply(hole)))
        });
        let mut combos = vec![0u32; 1 << layout.count_bits];
        for (counts, combo) in combos.iter_mut().enumerate() {
            let mut value = 0;
            let mut valid = true;
            for (g, group) in relaxation.groups.iter().enumerate() {
                let width = count_width(group.holes);
                let pegs = counts >> (count_shift[g] - 32) & ((1 << width) - 1);
                valid &= pegs < group.reads.len();
                value = value * group.values + group.reads.get(pegs).copied().unwrap_or(0);
            }
            if valid {
                *combo = (value as u32) << LANE_BITS;
            }
        }
        StateReader {
            table,
            combos,
            images: symmetries.len(),
        }
    }

    /// The index of the relaxed state of `pegs`'s image `image`.
    pub(super) fn index_of(&self, image: usize, pegs: u64) -> usize {
        self.index(self.table.sum(pegs, image))
    }

    /// The index of the relaxed state whose exact holes and counts add up
    /// to `sum`.
    #[inline]
    pub(super) fn index(&self, sum: u64) -> usize {
        (sum as u32 | self.combos[(sum >> 32) as usize]) as usize
    }
}
