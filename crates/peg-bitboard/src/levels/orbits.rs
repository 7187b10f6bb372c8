//! Orbit sizes: how many distinct images a position has under the
//! census's symmetries (the group's order over the number of symmetries
//! fixing it), per position and summed over a level, to count positions
//! in all from the canonical forms stored.

use super::Expander;
use super::lanes::MAX_LANES;

impl Expander {
    /// The number of distinct images of `pegs`.
    pub(crate) fn orbit_size(&self, pegs: u64) -> u64 {
        let fixed = match self.table.lanes() {
            1 => 1,
            2 => self.fixed_in::<2>(pegs),
            4 => self.fixed_in::<4>(pegs),
            8 => self.fixed_in::<8>(pegs),
            _ => self.fixed_in::<16>(pegs),
        };
        (self.order / fixed) as u64
    }

    /// The number of symmetries (not counting the padding) fixing `pegs`.
    #[inline]
    fn fixed_in<const N: usize>(&self, pegs: u64) -> usize {
        // Counted over every lane, in one vector comparison, then less the
        // padding lanes: copies of the identity, which fix every position.
        let images = self.images::<N>(pegs);
        let mut fixed = 0;
        for image in images {
            fixed += usize::from(image == pegs);
        }
        fixed - (N - self.order)
    }

    /// The number of distinct images of the positions of `level`, in all.
    pub(crate) fn orbit_sizes(&self, level: &[u64]) -> u64 {
        match self.table.lanes() {
            1 => level.len() as u64,
            2 => self.orbit_sizes_in::<2>(level),
            4 => self.orbit_sizes_in::<4>(level),
            8 => self.orbit_sizes_in::<8>(level),
            _ => self.orbit_sizes_in::<16>(level),
        }
    }

    /// [`orbit_sizes`](Self::orbit_sizes) with `N` lanes: a position's
    /// orbit is the group's order over the number of symmetries fixing it,
    /// looked up in a table made once per level rather than divided per
    /// position.
    fn orbit_sizes_in<const N: usize>(&self, level: &[u64]) -> u64 {
        let orbit_of_fixed: [u64; MAX_LANES + 1] =
            std::array::from_fn(|fixed| (self.order / fixed.max(1)) as u64);
        level
            .iter()
            .map(|&pegs| orbit_of_fixed[self.fixed_in::<N>(pegs)])
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
}
