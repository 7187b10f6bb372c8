//! Neighbours among another level: the joins of a census. Which
//! positions of one sorted level have a child (or a child's complement)
//! in another, and which neighbours of a level lie in another, found
//! either way round: making every neighbour of one side, dropping most
//! with a [`Filter`] of the other and intersecting what is left, or
//! trying each position's children until the first that may be in the
//! other side and checking those by one sort and a merge.

use std::ops::ControlFlow;

use super::Expander;
use super::filter::Filter;
#[cfg(feature = "parallel")]
use super::parallel::merge_distinct;
use super::parallel::parallel_part;
use super::recent::Recent;
use super::sorted::{MERGED_PER_POLL, intersect, retain_flagged, retain_present};
use crate::radix::sort_by_bits_from;

/// The most bits a filter in front of a join takes: 2 MiB (see
/// [`Expander::neighbours_among_within`]).
const FILTER_BUDGET: usize = 1 << 24;

impl Expander {
    /// The canonical complements of the children of `parents` that are
    /// in `among` (sorted), sorted and distinct.
    pub(crate) fn child_complements_among(&self, parents: &[u64], among: &[u64]) -> Vec<u64> {
        self.neighbours_among(parents, self.holes, false, among)
    }

    /// The positions of `positions` (in order) with a child in `among`
    /// (sorted): the same as the [parents](Self::parents_among) of
    /// `among` that are in `positions`, when both are sorted, found from
    /// the other side (see [`neighbour_flags`](Self::neighbour_flags)).
    #[cfg(test)]
    pub(crate) fn with_child_among(&self, positions: &[u64], among: &[u64]) -> Vec<u64> {
        let mut kept = positions.to_vec();
        self.retain_with_child_among(&mut kept, among);
        kept
    }

    /// The positions of `positions` (in order) with a child whose
    /// canonical complement is in `among` (sorted): the same as the
    /// [complements of the children](Self::child_complements_among) of
    /// `among` that are in `positions`, when both are sorted: the choice
    /// the census's join at the middle makes.
    #[cfg(test)]
    pub(crate) fn with_child_complement_among(&self, positions: &[u64], among: &[u64]) -> Vec<u64> {
        match self.neighbour_flags(positions, true, among) {
            Some(flags) => {
                let mut kept = positions.to_vec();
                retain_flagged(&mut kept, &flags);
                kept
            }
            None => self.child_complements_among(among, positions),
        }
    }

    /// Keeps the positions of `kept` (sorted) with a child in `among`
    /// (sorted), in place, found children first when
    /// [`neighbour_flags`](Self::neighbour_flags) takes that way, else
    /// from the parents of `among`.
    pub(crate) fn retain_with_child_among(&self, kept: &mut Vec<u64>, among: &[u64]) {
        match self.neighbour_flags(kept, false, among) {
            Some(flags) => retain_flagged(kept, &flags),
            None => self.retain_parents_of(kept, among),
        }
    }

    /// Whether each of `positions` has a child whose canonical form
    /// (`complement`: of its complement) is in `among` (sorted), found
    /// children first; `None` when that way is not taken, and the
    /// caller makes the neighbours of `among` instead.
    ///
    /// Each position's children are tried until the first that a
    /// [`Filter`] of `among` may hold; that child, packed with the
    /// position's index below it, is then checked against `among` with
    /// the others by one sort and a merge. The few positions whose first
    /// child was a false alarm have every child the filter may hold
    /// checked the same way. A position with such a child usually stops
    /// at its first child or second, where the other way every
    /// neighbour of every position of `among` is made and those the
    /// filter keeps sorted: this way makes fewer neighbours and sorts
    /// far fewer.
    ///
    /// The other way is left to the caller when a child and a position's
    /// index do not fit one word together (boards of more than about 45
    /// holes), and when the filter would pass the budget (see
    /// [`neighbours_among_within`](Self::neighbours_among_within)).
    pub(crate) fn neighbour_flags(
        &self,
        positions: &[u64],
        complement: bool,
        among: &[u64],
    ) -> Option<Vec<bool>> {
        if positions.is_empty() || among.is_empty() {
            return Some(vec![false; positions.len()]);
        }
        if let Some(flags) = self.dense_flags(positions, complement, among) {
            return Some(flags);
        }
        // Many positions are split between threads, in parts of `part`.
        let split = parallel_part(positions.len());
        let part = split.unwrap_or(positions.len());
        // The bits of the index of a position in a part.
        let index_bits = usize::BITS - (part - 1).leading_zeros();
        if self.board.len() as u32 + index_bits > 64 {
            return None;
        }
        let filter = Filter::within(among, FILTER_BUDGET)?;
        let flip = if complement { self.holes } else { 0 };
        let kept_in =
            |chunk: &[u64]| self.with_neighbour_in(chunk, index_bits, flip, &filter, among);
        #[cfg(feature = "parallel")]
        if let Some(part) = split {
            use rayon::prelude::*;
            let parts: Vec<Vec<bool>> = positions.par_chunks(part).map(kept_in).collect();
            return Some(parts.concat());
        }
        Some(kept_in(positions))
    }

    /// [`neighbour_flags`](Self::neighbour_flags) in a dense bitmap:
    /// `among` sets its bits, and each position's children are tried
    /// until one whose bit is set (with the `parallel` feature, many
    /// positions split between rayon's threads). `None` when `among` fits
    /// no bitmap.
    fn dense_flags(&self, positions: &[u64], complement: bool, among: &[u64]) -> Option<Vec<bool>> {
        let (&first, &sample) = (among.first()?, positions.first()?);
        let (dense, layer) = self.dense_layer(first, first.count_ones(), positions.len())?;
        // (At the middle of a census that is one search, the two are one
        // level: checked once.)
        if !(self.one_layer(among) && (std::ptr::eq(positions, among) || self.one_layer(positions)))
        {
            return None;
        }
        // The children's pegs and class, which every member of `among`
        // shares, or no child is in it.
        let Some(pegs) = sample.count_ones().checked_sub(1) else {
            return Some(vec![false; positions.len()]);
        };
        let (flip, pegs, class) = if complement {
            let holes = self.board.len() as u32;
            (
                self.holes,
                holes - pegs,
                dense.class(sample) ^ dense.class(self.holes),
            )
        } else {
            (0, pegs, dense.class(sample))
        };
        if pegs != first.count_ones() || class != dense.class(first) {
            return Some(vec![false; positions.len()]);
        }
        let mut set = dense.bits(&layer)?;
        for &member in among {
            set.insert(member);
        }
        let flags_of = |part: &[u64]| {
            let mut flags = vec![false; part.len()];
            self.for_each_neighbour_until(part, flip, false, |index, child| {
                if set.contains(child) {
                    flags[index] = true;
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            flags
        };
        let flags = match parallel_part(positions.len()) {
            #[cfg(feature = "parallel")]
            Some(part) => {
                use rayon::prelude::*;
                let parts: Vec<Vec<bool>> = positions.par_chunks(part).map(flags_of).collect();
                parts.concat()
            }
            _ => flags_of(positions),
        };
        // Cleared a word at a time (rather than the whole layer).
        for &member in among {
            set.clear_word_of(member);
        }
        set.forget();
        Some(flags)
    }

    /// [`neighbour_flags`](Self::neighbour_flags) for at most
    /// `2^index_bits` positions (`index_bits` plus the board's holes at
    /// most 64), the children's holes of `flip` toggled.
    fn with_neighbour_in(
        &self,
        positions: &[u64],
        index_bits: u32,
        flip: u64,
        filter: &Filter,
        among: &[u64],
    ) -> Vec<bool> {
        debug_assert!(positions.len() <= 1 << index_bits);
        let bits = self.board.len() as u32 + index_bits;
        let pack = |child: u64, index: usize| child << index_bits | index as u64;
        let mut candidates = self.buffer();
        candidates.clear();
        let mut spread = self.buffer();
        // Whether each position has a child in `among`: `None` until one
        // of its children has passed the filter.
        let mut found: Vec<Option<bool>> = vec![None; positions.len()];
        let mut check = |candidates: &mut Vec<u64>, found: &mut [Option<bool>]| {
            sort_by_bits_from(candidates, index_bits, bits, &mut spread, &self.work);
            let mut members = among.iter().copied().peekable();
            for (at, &packed) in candidates.iter().enumerate() {
                if at.is_multiple_of(MERGED_PER_POLL) && self.work.poll() {
                    break;
                }
                let child = packed >> index_bits;
                while members.next_if(|&member| member < child).is_some() {}
                let index = (packed & ((1 << index_bits) - 1)) as usize;
                let hit = members.peek() == Some(&child);
                found[index] = Some(found[index] == Some(true) || hit);
            }
        };
        self.for_each_neighbour_until(positions, flip, false, |index, child| {
            if filter.may_hold(child) {
                candidates.push(pack(child, index));
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if self.work.stopped().is_none() {
            check(&mut candidates, &mut found);
        }
        // Every child the filter may hold, of the positions whose first
        // was not in `among`.
        let again: Vec<usize> = (0..positions.len())
            .filter(|&i| found[i] == Some(false))
            .collect();
        if !again.is_empty() && self.work.stopped().is_none() {
            let retried: Vec<u64> = again.iter().map(|&i| positions[i]).collect();
            candidates.clear();
            self.for_each_neighbour(&retried, flip, false, |retried_at, child| {
                if filter.may_hold(child) {
                    candidates.push(pack(child, again[retried_at]));
                }
            });
            check(&mut candidates, &mut found);
        }
        self.give_back(candidates);
        self.give_back(spread);
        found.iter().map(|&found| found == Some(true)).collect()
    }

    /// The positions of `among` (sorted) one jump before some of
    /// `positions`, sorted.
    #[cfg(test)]
    pub(crate) fn parents_among(&self, positions: &[u64], among: &[u64]) -> Vec<u64> {
        self.neighbours_among(positions, 0, true, among)
    }

    /// Keeps the positions of `kept` (sorted) one jump before some of
    /// `positions`, in place: their parents are made, those a [`Filter`]
    /// of `kept` may hold sorted, and `kept` merged with them.
    pub(crate) fn retain_parents_of(&self, kept: &mut Vec<u64>, positions: &[u64]) {
        if positions.is_empty() {
            kept.clear();
        }
        if kept.is_empty() {
            return;
        }
        if self.dense_parents_of(kept, positions).is_some() {
            return;
        }
        let filter = Filter::within(kept, FILTER_BUDGET);
        self.with_sorted_neighbours(positions, 0, true, filter.as_ref(), |found| {
            retain_present(kept, found, &self.work);
        });
    }

    /// [`retain_parents_of`](Self::retain_parents_of) in a dense bitmap:
    /// the parents of `positions` set their bits, and `kept` keeps the
    /// positions whose bit is set (with the `parallel` feature, many
    /// positions' parents made on rayon's threads at once). `None` (and
    /// `kept` untouched) when the level fits no bitmap.
    fn dense_parents_of(&self, kept: &mut Vec<u64>, positions: &[u64]) -> Option<()> {
        let (&first, &sample) = (kept.first()?, positions.first()?);
        let (dense, layer) = self.dense_layer(first, first.count_ones(), positions.len())?;
        if !(self.one_layer(kept) && self.one_layer(positions)) {
            return None;
        }
        // Parents of another peg count or class are in no position of
        // `kept`.
        if sample.count_ones() + 1 != first.count_ones()
            || dense.class(sample) != dense.class(first)
        {
            kept.clear();
            return Some(());
        }
        let mut set = dense.bits(&layer)?;
        self.insert_neighbours(&mut set, positions, true, parallel_part(positions.len()));
        if self.work.stopped().is_none() {
            kept.retain(|&x| set.contains(x));
        }
        Some(())
    }

    /// The canonical forms, holes of `flip` toggled, of the positions one
    /// jump after (`backwards`: before) some of `positions` that are in
    /// `among` (sorted), sorted and distinct.
    fn neighbours_among(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        among: &[u64],
    ) -> Vec<u64> {
        self.neighbours_among_within(positions, flip, backwards, among, FILTER_BUDGET)
    }

    /// [`neighbours_among`](Self::neighbours_among), with a filter of
    /// `among` when it takes at most `budget` bits.
    ///
    /// Most neighbours found are not in `among`, and a [`Filter`] of it
    /// drops most of those as they are found, before they cost a place in
    /// the sort, as long as it stays in the caches (the budget: the
    /// filters of the English centre game's levels, narrowed by pagoda
    /// functions and relaxed games, fit it). Larger filters, as when
    /// neither narrows the levels, read memory at every neighbour and
    /// cost more than the sort they spare, so past the budget the repeat
    /// table drops what it can in the filter's place. (The filter in
    /// front of the repeat table, rather than in its place, is slower.)
    fn neighbours_among_within(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        among: &[u64],
        budget: usize,
    ) -> Vec<u64> {
        if positions.is_empty() || among.is_empty() {
            return Vec::new();
        }
        let filter = Filter::within(among, budget);
        self.with_sorted_neighbours(positions, flip, backwards, filter.as_ref(), |found| {
            intersect(found, among, &self.work)
        })
    }

    /// [`sorted_neighbours`](Self::sorted_neighbours); with the
    /// `parallel` feature, many positions are split between rayon's
    /// threads and their parts' neighbours merged before `finish`.
    fn with_sorted_neighbours<R>(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        filter: Option<&Filter>,
        finish: impl FnOnce(&[u64]) -> R,
    ) -> R {
        #[cfg(feature = "parallel")]
        if let Some(size) = parallel_part(positions.len()) {
            use rayon::prelude::*;
            let lists: Vec<Vec<u64>> = positions
                .par_chunks(size)
                .map(|chunk| {
                    self.sorted_neighbours(chunk, flip, backwards, filter, <[u64]>::to_vec)
                })
                .collect();
            return finish(&merge_distinct(&lists, &self.work));
        }
        self.sorted_neighbours(positions, flip, backwards, filter, finish)
    }

    /// `finish` of the canonical forms, holes of `flip` toggled, of the
    /// positions one jump after (`backwards`: before) each of `positions`
    /// that `filter` may hold, sorted and distinct; without a filter, all
    /// of them, the repeat table dropping what it can before the sort.
    fn sorted_neighbours<R>(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        filter: Option<&Filter>,
        finish: impl FnOnce(&[u64]) -> R,
    ) -> R {
        // The repeat table, used without a filter (the least one with).
        let mut recent = Recent::new(if filter.is_some() { 0 } else { positions.len() });
        let (found, _) = self.gather_sorted(positions, u64::MAX, |chunk, found| match filter {
            Some(filter) => self.for_each_neighbour(chunk, flip, backwards, |_, neighbour| {
                // Pushed, and taken off again when the filter lacks it:
                // no branch on the outcome to mispredict.
                found.push(neighbour);
                found.truncate(found.len() - usize::from(!filter.may_hold(neighbour)));
            }),
            None => self.for_each_neighbour(chunk, flip, backwards, |_, neighbour| {
                recent.push(neighbour, found);
            }),
        });
        let finished = finish(&found);
        self.give_back(found);
        finished
    }

    /// The canonical parents of `positions` (positions one jump before
    /// them), sorted and distinct.
    #[cfg(test)]
    pub(crate) fn parents(&self, positions: &[u64]) -> Vec<u64> {
        self.sorted_neighbours(positions, 0, true, None, <[u64]>::to_vec)
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::board::Board;
    use crate::test_rules::can_play;
    use crate::work::Work;

    /// The canonical forms, holes of `flip` toggled, of the positions one
    /// jump after (`backwards`: before) those of `level`, sorted and
    /// distinct. An oracle: it plays the board's jumps one by one by the
    /// plain rule and takes each result's least image from the per-lane
    /// tables (`canonical`), not through the jump groups and image XORs
    /// of the census loops.
    fn played_by_rules(
        board: &Board,
        expander: &Expander,
        level: &[u64],
        backwards: bool,
        flip: u64,
    ) -> Vec<u64> {
        let mut out: Vec<u64> = level
            .iter()
            .flat_map(|&x| board.jumps().iter().map(move |jump| (x, jump)))
            .filter(|&(x, jump)| can_play(jump, x, backwards))
            .map(|(x, jump)| expander.canonical((x ^ jump.mask()) ^ flip))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    #[test]
    fn joined_neighbours_are_the_neighbours_in_the_level_joined() {
        // English levels 8 and 9 (12,526 and 39,520 positions: past the
        // size at which the `parallel` feature splits the work).
        let (board, expander, levels) = crate::levels::english_levels(9);
        let (eight, nine) = (&levels[8], &levels[9]);
        assert!(nine.len() > 1 << 14);
        // Joined with every third position of a level and some that are
        // no position at all (odd values above the board's holes).
        let sample = |level: &[u64]| -> Vec<u64> {
            let mut among: Vec<u64> = level.iter().copied().step_by(3).collect();
            among.extend((0..5_000u64).map(|i| (i << 33) | 1));
            among.sort_unstable();
            among
        };
        let played = |level: &[u64], backwards: bool, flip: u64| {
            played_by_rules(&board, &expander, level, backwards, flip)
        };
        let among = sample(eight);
        let parents = intersect(&played(nine, true, 0), &among, &Work::unlimited());
        let complements = played(eight, false, board.holes());
        let among_complements = sample(&complements);
        let joined_complements = intersect(&complements, &among_complements, &Work::unlimited());
        assert!(parents.len() > 1_000 && joined_complements.len() > 1_000);
        // With a filter and without one (no bits to spare).
        for budget in [FILTER_BUDGET, 0] {
            let found = expander.neighbours_among_within(nine, 0, true, &among, budget);
            assert_eq!(found, parents, "budget {budget}");
            let flipped = expander.neighbours_among_within(
                eight,
                board.holes(),
                false,
                &among_complements,
                budget,
            );
            assert_eq!(flipped, joined_complements, "budget {budget}");
        }
        // The same join from the other side: the positions with a child
        // whose complement is in a level, with `among` all of level 8 and
        // every third position of it (more false alarms per position kept).
        let there = &among_complements;
        assert_eq!(
            expander.with_child_complement_among(there, eight),
            joined_complements
        );
        let thinned = intersect(
            &played(&among, false, board.holes()),
            there,
            &Work::unlimited(),
        );
        assert!(thinned.len() > 1_000 && thinned.len() < joined_complements.len());
        assert_eq!(expander.with_child_complement_among(there, &among), thinned);
        // And the parents the same way: the positions of a level with a
        // child in the next, with `among` the next level in full and every
        // third position of it.
        assert_eq!(expander.with_child_among(&among, nine), parents);
        let nine_sample = sample(nine);
        let thinned_parents = intersect(&played(&nine_sample, true, 0), eight, &Work::unlimited());
        assert!(thinned_parents.len() > 1_000);
        assert_eq!(
            expander.with_child_among(eight, &nine_sample),
            thinned_parents
        );
        assert!(expander.with_child_complement_among(&[], eight).is_empty());
        assert!(expander.with_child_complement_among(there, &[]).is_empty());
        assert!(expander.parents_among(&[], &among).is_empty());
        assert!(expander.parents_among(nine, &[]).is_empty());
    }

    #[test]
    fn joins_on_boards_too_wide_to_pack_an_index_take_the_other_way() {
        // 60 holes, so that 16 positions' indices fit beside a child (4
        // bits) and 17 or 100 positions' do not (5 or 7 bits). The board
        // has no symmetry but the identity, so that the children's top
        // bits are as often set as not (a least image would clear them).
        let rows = ["o o o o o o o o o o"; 5].join("\n") + "\no o o o o o o o o\no";
        let board: Board = rows.parse().unwrap();
        assert_eq!((board.len(), board.symmetries().order()), (60, 1));
        let group = board.symmetries().clone();
        let expander = Expander::new(&board, &group);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut random_position = || expander.canonical(rng.random::<u64>() & board.holes());
        for count in [16, 17, 100] {
            let mut positions: Vec<u64> = (0..count).map(|_| random_position()).collect();
            positions.sort_unstable();
            positions.dedup();
            // Every other child of the first half of the positions, and
            // every other complement of one, as the levels joined (so
            // that most of the second half have none).
            let first_half = &positions[..positions.len() / 2];
            let played = |flip: u64| played_by_rules(&board, &expander, first_half, false, flip);
            for (flip, complement) in [(0, false), (board.holes(), true)] {
                let among: Vec<u64> = played(flip).into_iter().step_by(2).collect();
                let expected: Vec<u64> = positions
                    .iter()
                    .copied()
                    .filter(|&x| {
                        board.jumps().iter().any(|jump| {
                            can_play(jump, x, false)
                                && among
                                    .binary_search(&expander.canonical((x ^ jump.mask()) ^ flip))
                                    .is_ok()
                        })
                    })
                    .collect();
                assert!(!expected.is_empty() && expected.len() < positions.len());
                let found = if complement {
                    expander.with_child_complement_among(&positions, &among)
                } else {
                    expander.with_child_among(&positions, &among)
                };
                assert_eq!(
                    found, expected,
                    "{count} positions, complement {complement}"
                );
            }
        }
    }
}
