//! [`Jumps`]: the jumps between two consecutive levels, for the passes
//! that carry a count per position along them (the census's winnable
//! set), found together with the positions of the first level that have
//! a jump into the second.
//!
//! The parents of the second level's positions are made, those a
//! [`Filter`] of the first may hold packed with their child's place
//! below them, sorted by the parent and merged with the first level. A
//! sort costs less than looking each neighbour up in an
//! [`Index`](super::Index): the look-ups land all over a table larger
//! than the caches, the sort's buckets stay in them. And it is the sort
//! the census's join of the two levels makes anyway
//! ([`retain_parents_of`](Expander::retain_parents_of)), with the child's
//! place carried along.

use super::Expander;
use super::filter::Filter;
use super::sorted::MERGED_PER_POLL;
use crate::radix::sort_by_bits_from;

/// The jumps from the positions of one level (the parents) into those of
/// the next (the children), up to symmetry: for each parent, the places
/// of its children in their level, each child once per jump that leads
/// back from it to the parent (a jump played backwards from the child
/// whose result's canonical form is the parent).
///
/// Counted from the child's side, the jumps carry the sequences from the
/// start forwards as they are: the sequences into a child are the sum,
/// over its jumps back, of the sequences into the parent reached. The
/// sequences from a parent to the target are the sum over its own jumps
/// forwards, which differ in number when the two lie in orbits of
/// different sizes: carried along these jumps, the counts are orbit
/// totals (a position's count times its orbit's size).
pub(crate) struct Jumps {
    /// Where the children of each parent start in `children`, and past
    /// the last parent, their end.
    starts: Vec<usize>,
    children: Vec<u32>,
}

impl Jumps {
    /// The number of parents.
    pub(crate) fn parents(&self) -> usize {
        self.starts.len() - 1
    }

    /// The places of the children of the parent at `parent`, a child
    /// once per jump back from it to the parent.
    pub(crate) fn children_of(&self, parent: usize) -> &[u32] {
        &self.children[self.starts[parent]..self.starts[parent + 1]]
    }
}

impl Expander {
    /// Keeps the positions of `kept` (sorted) one jump before some of
    /// `children` (sorted; fewer than 2^32), in place, as
    /// [`retain_parents_of`](Self::retain_parents_of) does, and gives the
    /// jumps from those kept into `children`; unfinished if the budget
    /// stops first.
    pub(crate) fn retain_parents_with_jumps(&self, kept: &mut Vec<u64>, children: &[u64]) -> Jumps {
        debug_assert!(u32::try_from(children.len()).is_ok());
        if children.is_empty() {
            kept.clear();
        }
        if kept.is_empty() {
            return Jumps {
                starts: vec![0],
                children: Vec::new(),
            };
        }
        let filter = Filter::new(kept);
        let place_bits = usize::BITS - children.len().leading_zeros();
        let bits = self.board.len() as u32 + place_bits;
        if bits > 64 {
            // A parent and its child's place do not fit one word: pairs,
            // sorted as such.
            let mut found = Vec::new();
            self.for_each_neighbour(children, 0, true, |child, parent| {
                if filter.may_hold(parent) {
                    found.push((parent, child as u32));
                }
            });
            found.sort_unstable();
            return self.merged(found.into_iter(), kept);
        }
        let mut found = self.buffer();
        found.clear();
        self.for_each_neighbour(children, 0, true, |child, parent| {
            // Pushed, and taken off again when the filter lacks it: no
            // branch on the outcome to mispredict.
            found.push(parent << place_bits | child as u64);
            found.truncate(found.len() - usize::from(!filter.may_hold(parent)));
        });
        let mut spread = self.buffer();
        sort_by_bits_from(&mut found, place_bits, bits, &mut spread, &self.work);
        self.give_back(spread);
        let place = (1u64 << place_bits) - 1;
        let pairs = found
            .iter()
            .map(|&packed| (packed >> place_bits, (packed & place) as u32));
        let jumps = self.merged(pairs, kept);
        self.give_back(found);
        jumps
    }

    /// Keeps the positions of `kept` (sorted) that `pairs` (a parent and
    /// its child's place, sorted by the parent) name, and gives their
    /// jumps.
    fn merged(&self, pairs: impl Iterator<Item = (u64, u32)>, kept: &mut Vec<u64>) -> Jumps {
        let mut starts = Vec::with_capacity(kept.len() + 1);
        starts.push(0);
        let mut children = Vec::new();
        let (mut next, mut out) = (0, 0);
        for (at, (parent, child)) in pairs.enumerate() {
            if at.is_multiple_of(MERGED_PER_POLL) && self.work.poll() {
                break;
            }
            while next < kept.len() && kept[next] < parent {
                next += 1;
            }
            if next == kept.len() {
                break;
            }
            if kept[next] == parent {
                // The first jump of a parent keeps it.
                if out == 0 || kept[out - 1] != parent {
                    kept[out] = parent;
                    out += 1;
                    starts.push(children.len());
                }
                children.push(child);
                *starts.last_mut().expect("pushed") = children.len();
            }
        }
        kept.truncate(out);
        Jumps { starts, children }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::test_rules::can_play;

    /// The jumps from `level` into `next` by the plain rule, as (parent,
    /// child's place) pairs sorted: an oracle that plays every jump
    /// backwards from each child and looks its result's canonical form up
    /// in `level` by binary search.
    fn played(board: &Board, expander: &Expander, level: &[u64], next: &[u64]) -> Vec<(u64, u32)> {
        let mut pairs = Vec::new();
        for (child, &y) in next.iter().enumerate() {
            for jump in board.jumps() {
                let parent = expander.canonical(y ^ jump.mask());
                if can_play(jump, y, true) && level.binary_search(&parent).is_ok() {
                    pairs.push((parent, child as u32));
                }
            }
        }
        pairs.sort_unstable();
        pairs
    }

    /// The jumps, as (parent, child's place) pairs sorted, and checks
    /// that `kept` holds the parents with a jump, once each.
    fn listed(jumps: &Jumps, kept: &[u64]) -> Vec<(u64, u32)> {
        assert_eq!(jumps.parents(), kept.len());
        let mut pairs = Vec::new();
        for (at, &parent) in kept.iter().enumerate() {
            assert!(!jumps.children_of(at).is_empty());
            pairs.extend(jumps.children_of(at).iter().map(|&child| (parent, child)));
        }
        pairs.sort_unstable();
        pairs
    }

    #[test]
    fn the_jumps_kept_are_those_the_rules_allow() {
        // English levels 8 and 9 (past the size at which the radix sort
        // cuts its values into buckets), each also thinned to every third
        // position, so that many neighbours are in neither.
        let (board, expander, levels) = crate::levels::english_levels(9);
        let thin = |level: &[u64]| -> Vec<u64> { level.iter().copied().step_by(3).collect() };
        let (eight, nine) = (&levels[8], &levels[9]);
        for (level, next) in [
            (eight.clone(), nine.clone()),
            (thin(eight), nine.clone()),
            (eight.clone(), thin(nine)),
            (levels[1].clone(), levels[2].clone()),
        ] {
            let mut kept = level.clone();
            let jumps = expander.retain_parents_with_jumps(&mut kept, &next);
            let expected = played(&board, &expander, &level, &next);
            assert!(!expected.is_empty());
            assert_eq!(listed(&jumps, &kept), expected);
            let mut parents: Vec<u64> = expected.iter().map(|&(parent, _)| parent).collect();
            parents.dedup();
            assert_eq!(kept, parents);
        }
        // The start's four jumps give one position up to symmetry, from
        // which one jump leads back to the start: the start's orbit is
        // itself, the child's four positions.
        let mut start = levels[0].clone();
        let jumps = expander.retain_parents_with_jumps(&mut start, &levels[1]);
        assert_eq!(jumps.children_of(0), [0]);
        assert_eq!(expander.orbit_size(levels[1][0]), 4);
        let mut none = levels[0].clone();
        assert_eq!(
            expander.retain_parents_with_jumps(&mut none, &[]).parents(),
            0
        );
        assert!(none.is_empty());
    }

    #[test]
    fn boards_too_wide_to_pack_a_place_sort_pairs() {
        // 60 holes and no symmetry but the identity: a parent and the
        // place of one of more than 16 children take more than 64 bits.
        let rows = ["o o o o o o o o o o"; 5].join("\n") + "\no o o o o o o o o\no";
        let board: Board = rows.parse().unwrap();
        let group = board.symmetries().clone();
        let expander = Expander::new(&board, &group);
        let full = board.holes();
        let mut level: Vec<u64> = (0..32)
            .map(|i| full & !(1 << (2 * i % 60)) & !(1 << ((7 * i + 3) % 60)))
            .collect();
        level.sort_unstable();
        level.dedup();
        let next = expander.children(&level, u64::MAX).unwrap();
        let next: Vec<u64> = next.into_iter().step_by(3).collect();
        assert!(next.len() > 16);
        let thinned: Vec<u64> = level.iter().copied().step_by(2).collect();
        let mut kept = thinned.clone();
        let jumps = expander.retain_parents_with_jumps(&mut kept, &next);
        let expected = played(&board, &expander, &thinned, &next);
        assert!(!expected.is_empty());
        assert_eq!(listed(&jumps, &kept), expected);
    }
}
