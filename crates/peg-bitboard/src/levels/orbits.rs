//! Orbit sizes: how many distinct images a position has under the
//! census's symmetries (the group's order over the number of symmetries
//! fixing it), per position and summed over a level, to count positions
//! in all from the canonical forms stored.

use super::Expander;
use super::lanes::MAX_LANES;
use crate::lane_table::LaneTable;

/// Lanes of 16 bits in a signature word.
const LANES_PER_WORD: usize = 4;

/// The lowest bit of each 16-bit lane of a word.
const LOW_BITS: u64 = 0x0001_0001_0001_0001;

/// A quick test that no symmetry but the identity fixes a position, the
/// case of almost every position: a symmetry fixing a position maps its
/// holes onto themselves, so any sum over its holes of a weight per hole
/// equals the sum over their images. Each lane sums a small weight per
/// hole (at most `2^16 / holes`, so that a lane never carries into the
/// next) over the images under its symmetry, four lanes to a word; a
/// position whose sums under every other symmetry differ from the
/// identity's is fixed by the identity alone. The few others (those with
/// a symmetry, and a sum equal by chance) are tested exactly.
#[derive(Clone, Debug)]
pub(crate) struct OrbitSignatures {
    /// Per byte of a position, each word's lane sums.
    table: LaneTable,
    /// Per word, the low bit of each lane that is not a symmetry other
    /// than the identity (the identity's lane and the padding, copies of
    /// it): set in the sums' differences from the identity's, so that
    /// they never read as equal.
    ignored: [u64; MAX_LANES / LANES_PER_WORD],
}

impl OrbitSignatures {
    /// Signatures of `order` symmetries in `lanes` lanes (the padding
    /// copies of the identity), `image(hole, lane)` the image of each of
    /// a board's `holes` under each lane.
    pub(super) fn new(
        holes: usize,
        (order, lanes): (usize, usize),
        image: impl Fn(usize, usize) -> usize,
    ) -> OrbitSignatures {
        let words = lanes.div_ceil(LANES_PER_WORD);
        let most = (u64::from(u16::MAX) / holes.max(1) as u64).max(1);
        // Fixed pseudo-random weights (a splitmix64 step of the hole).
        let weight = |hole: usize| {
            let mut z = (hole as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)) % (most + 1)
        };
        let table = LaneTable::new(holes, words, |hole, word| {
            (0..LANES_PER_WORD)
                .map(|k| LANES_PER_WORD * word + k)
                .filter(|&lane| lane < lanes)
                .map(|lane| weight(image(hole, lane)) << (16 * (lane % LANES_PER_WORD)))
                .sum()
        });
        let mut ignored = [0; MAX_LANES / LANES_PER_WORD];
        for lane in (0..MAX_LANES).filter(|&lane| lane == 0 || lane >= order) {
            ignored[lane / LANES_PER_WORD] |= 1 << (16 * (lane % LANES_PER_WORD));
        }
        OrbitSignatures { table, ignored }
    }

    /// Whether `pegs` is surely fixed by the identity alone (`false`:
    /// maybe not), its sums read in `W` words.
    #[inline]
    fn moved_by_all<const W: usize>(&self, pegs: u64) -> bool {
        let sums = self.table.sums::<W>(pegs);
        let identity = (sums[0] & 0xffff) * LOW_BITS;
        let mut equal = 0;
        for (&sum, &ignored) in sums.iter().zip(&self.ignored) {
            // A lane of `difference` is zero where the sums are equal.
            let difference = (sum ^ identity) | ignored;
            equal |= difference.wrapping_sub(LOW_BITS) & !difference & (LOW_BITS << 15);
        }
        equal == 0
    }
}

impl Expander {
    /// The number of distinct images of `pegs` under the expander's
    /// symmetries.
    pub(crate) fn orbit_size(&self, pegs: u64) -> u64 {
        let fixed = match self.table.lanes() {
            1 => 1,
            2 => self.fixed_in::<2, 1>(pegs),
            4 => self.fixed_in::<4, 1>(pegs),
            8 => self.fixed_in::<8, 2>(pegs),
            _ => self.fixed_in::<16, 4>(pegs),
        };
        (self.order / fixed) as u64
    }

    /// The number of symmetries fixing `pegs`, found from `N` lanes (the
    /// signatures in `W` words).
    #[inline]
    fn fixed_in<const N: usize, const W: usize>(&self, pegs: u64) -> usize {
        if self.signatures.moved_by_all::<W>(pegs) {
            return 1;
        }
        // Counted over every lane, in one vector comparison, then less the
        // padding lanes: copies of the identity, which fix every position.
        let images = self.images::<N>(pegs);
        let mut fixed = 0;
        for image in images {
            fixed += usize::from(image == pegs);
        }
        fixed - (N - self.order)
    }

    /// The number of positions the canonical forms of `level` stand for:
    /// the sum of their orbit sizes.
    pub(crate) fn orbit_sizes(&self, level: &[u64]) -> u64 {
        match self.table.lanes() {
            1 => level.len() as u64,
            2 => self.orbit_sizes_in::<2, 1>(level),
            4 => self.orbit_sizes_in::<4, 1>(level),
            8 => self.orbit_sizes_in::<8, 2>(level),
            _ => self.orbit_sizes_in::<16, 4>(level),
        }
    }

    /// [`orbit_sizes`](Self::orbit_sizes) with `N` lanes (the signatures
    /// in `W` words): a position's orbit is the group's order over the
    /// number of symmetries fixing it, looked up in a table made once per
    /// level rather than divided per position.
    fn orbit_sizes_in<const N: usize, const W: usize>(&self, level: &[u64]) -> u64 {
        let orbit_of_fixed: [u64; MAX_LANES + 1] =
            std::array::from_fn(|fixed| (self.order / fixed.max(1)) as u64);
        level
            .iter()
            .map(|&pegs| orbit_of_fixed[self.fixed_in::<N, W>(pegs)])
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::board::Board;

    #[test]
    fn orbit_sizes_match_the_distinct_images_under_a_group_of_twelve() {
        // A hexagon of side 3 on the triangular lattice: 19 holes, 12
        // symmetries (16 lanes, 4 of them padding).
        let board: Board = "  o o o\n o o o o\no o o o o\n o o o o\n  o o o"
            .parse()
            .expect("a board");
        let group = board.symmetries().clone();
        assert_eq!(group.order(), 12);
        let expander = Expander::new(&board, &group);
        // The search crate's orbits, from its own permutation of bits.
        let distinct = |pegs: u64| group.orbit_size(&pegs) as u64;
        let centre = 1 << 9;
        let ring = board.holes() & !centre & !0b111 & !(0b111 << 16);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut level: Vec<u64> = vec![0, board.holes(), centre, board.holes() & !centre, ring];
        level.extend((0..200).map(|_| rng.random::<u64>() & board.holes()));
        // Some fixed by all twelve, some by fewer, most by none.
        assert!(level.iter().any(|&x| distinct(x) == 1));
        assert!(level.iter().any(|&x| distinct(x) == 12));
        for &pegs in &level {
            assert_eq!(expander.orbit_size(pegs), distinct(pegs), "{pegs:019b}");
        }
        let total: u64 = level.iter().map(|&x| distinct(x)).sum();
        assert_eq!(expander.orbit_sizes(&level), total);
    }

    #[test]
    fn orbit_sizes_match_on_boards_of_up_to_64_holes() {
        // The quick test's lanes sum a weight per hole: on 64 holes the
        // weights are at most 2^16 / 64, and a full board must not carry
        // from one lane into the next. Half the positions join a random
        // one and one of its images, which many a symmetry fixes, so that
        // the exact count runs too.
        let square: Board = ["o o o o o o o o"; 8].join("\n").parse().expect("a board");
        let boards = [
            Board::english(),
            Board::triangular(5).expect("5 rows"),
            square,
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        for board in boards {
            let group = board.symmetries().clone();
            let expander = Expander::new(&board, &group);
            let distinct = |pegs: u64| group.orbit_size(&pegs) as u64;
            let mut level = vec![0, board.holes()];
            for _ in 0..2_000 {
                let pegs = rng.random::<u64>() & board.holes();
                let symmetry = &group.elements()[rng.random_range(0..group.order())];
                let image = (0..board.len())
                    .filter(|&i| pegs >> i & 1 == 1)
                    .fold(0u64, |all, i| all | 1 << symmetry.apply(i));
                level.push(pegs);
                level.push(pegs | image);
            }
            assert!(
                level
                    .iter()
                    .filter(|&&x| distinct(x) < group.order() as u64)
                    .count()
                    > 500
            );
            for &pegs in &level {
                assert_eq!(
                    expander.orbit_size(pegs),
                    distinct(pegs),
                    "{board}: {pegs:b}"
                );
            }
            let total: u64 = level.iter().map(|&x| distinct(x)).sum();
            assert_eq!(expander.orbit_sizes(&level), total, "{board}");
        }
    }
}
