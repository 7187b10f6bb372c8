//! Per-byte lookup tables summing a value per hole over the holes of a
//! bitboard, for several lanes at once: a position's images under a
//! group of symmetries (each hole's image bit, the bits disjoint, so the
//! sum is their union), or the index of its relaxed state in each image.

/// For each byte of a bitboard, each of its 256 values and each lane, the
/// sum over the holes set in that byte of their value in that lane.
#[derive(Clone, Debug)]
pub(crate) struct LaneTable {
    /// Bytes of a bitboard that hold holes.
    bytes: usize,
    /// Lanes per row.
    lanes: usize,
    /// `(byte * 256 + value) * lanes + lane`.
    rows: Vec<u64>,
}

impl LaneTable {
    /// The bytes the table holds on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.rows.capacity() * size_of::<u64>()
    }

    /// The table for `holes` holes and `lanes` lanes, hole `i` adding
    /// `value(i, lane)` in each lane.
    pub(crate) fn new(
        holes: usize,
        lanes: usize,
        value: impl Fn(usize, usize) -> u64,
    ) -> LaneTable {
        let bytes = holes.div_ceil(8).max(1);
        let mut rows = vec![0u64; bytes * 256 * lanes];
        for byte in 0..bytes {
            for bits in 1..256usize {
                // The lowest hole's value joined to the rest's.
                let lowest = 8 * byte + bits.trailing_zeros() as usize;
                let (row, rest) = (
                    (byte * 256 + bits) * lanes,
                    (byte * 256 + (bits & (bits - 1))) * lanes,
                );
                for lane in 0..lanes {
                    let add = if lowest < holes {
                        value(lowest, lane)
                    } else {
                        0
                    };
                    rows[row + lane] = rows[rest + lane] + add;
                }
            }
        }
        LaneTable { bytes, lanes, rows }
    }

    /// The number of lanes.
    pub(crate) fn lanes(&self) -> usize {
        self.lanes
    }

    /// The sums of `pegs` in each of the `N` lanes (`N` the table's
    /// lanes).
    #[inline]
    pub(crate) fn sums<const N: usize>(&self, pegs: u64) -> [u64; N] {
        debug_assert_eq!(N, self.lanes);
        let mut sums = [0u64; N];
        for byte in 0..self.bytes {
            let value = (pegs >> (8 * byte)) as usize & 0xff;
            let start = (byte * 256 + value) * N;
            let row: &[u64; N] = self.rows[start..start + N]
                .try_into()
                .expect("N lanes per row");
            for (sum, add) in sums.iter_mut().zip(row) {
                *sum += add;
            }
        }
        sums
    }

    /// The sum of `pegs` in one lane.
    pub(crate) fn sum(&self, pegs: u64, lane: usize) -> u64 {
        (0..self.bytes)
            .map(|byte| {
                let value = (pegs >> (8 * byte)) as usize & 0xff;
                self.rows[(byte * 256 + value) * self.lanes + lane]
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lane_table_sums_the_values_of_the_holes_set() {
        // 20 holes over three bytes, two lanes: hole i adds i + 1, or its
        // bit reversed within 20 bits.
        let value = |i: usize, lane: usize| {
            if lane == 0 {
                i as u64 + 1
            } else {
                1 << (19 - i)
            }
        };
        let table = LaneTable::new(20, 2, value);
        for pegs in [0u64, 1, 0b1011, 0xf_ffff, 0x8_1234, 0xa_5a5a] {
            let expected: [u64; 2] = [0, 1].map(|lane| {
                (0..20)
                    .filter(|&i| pegs >> i & 1 == 1)
                    .map(|i| value(i, lane))
                    .sum()
            });
            assert_eq!(table.sums::<2>(pegs), expected, "{pegs:b}");
            assert_eq!([table.sum(pegs, 0), table.sum(pegs, 1)], expected);
        }
    }
}
