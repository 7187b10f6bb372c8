//! The two searches of a census and where they meet: the levels each
//! reached ([`Reached`]), and the winnable positions kept out of them
//! ([`Meet`]).

use kongming_search::control::StopReason;
use kongming_search::symmetry::Group;

use crate::levels::{Expander, intersect, retain_flagged};
use crate::relaxed::{Relaxation, RelaxedTest};
use crate::work::Work;

/// The relaxed games of one search, their winning states found when a
/// level first holds one position per [`STATES_PER_POSITION`] relaxed
/// states: smaller censuses do without them.
pub(super) struct LazyRelaxedTest {
    relaxations: Vec<Relaxation>,
    /// Their states in all.
    states: u64,
    target: u64,
    group: Group,
    test: Option<RelaxedTest>,
}

/// Relaxed states per position of a level from which a census rules out
/// positions by relaxed games: finding the winning states costs about as
/// much as a few hundred positions per thousand states.
const STATES_PER_POSITION: u64 = 512;

impl LazyRelaxedTest {
    pub(super) fn new(relaxations: &[Relaxation], target: u64, group: &Group) -> LazyRelaxedTest {
        LazyRelaxedTest {
            relaxations: relaxations.to_vec(),
            states: relaxations.iter().map(Relaxation::states).sum(),
            target,
            group: group.clone(),
            test: None,
        }
    }

    /// Drops the positions of `level` the relaxed games rule out, once
    /// levels are large enough (unless `work` stops first: then the level
    /// is unfinished, for the caller to drop).
    pub(super) fn retain(&mut self, level: &mut Vec<u64>, work: &Work) {
        let large = level.len() as u64 * STATES_PER_POSITION >= self.states;
        if self.test.is_none() && large && !self.relaxations.is_empty() {
            self.test = RelaxedTest::new(&self.relaxations, self.target, &self.group, work);
        }
        if let Some(test) = &self.test {
            test.retain(level, work);
        }
    }
}

/// One of a census's two searches: from `start`, within the window of
/// `expander`, its relaxed games played towards its own target.
pub(super) struct Search<'a> {
    pub(super) expander: &'a Expander,
    pub(super) start: u64,
    pub(super) relaxed: LazyRelaxedTest,
}

/// The levels two searches reached, each within its window, out of
/// which [`Meet`] keeps the winnable positions (in place: each level is
/// taken once).
pub(super) struct Reached {
    /// From the start, up to the level before the middle.
    pub(super) forward: Vec<Vec<u64>>,
    /// From the complement of the target, up to the middle; none when
    /// both searches are one (see [`Reached::backward`]).
    pub(super) backward: Vec<Vec<u64>>,
    /// Whether both searches are one.
    pub(super) complementary: bool,
}

impl Reached {
    /// The backward search's level `level`, if it was reached: when both
    /// searches are one, the forward level of as many jumps.
    pub(super) fn backward(&self, level: usize) -> Option<&Vec<u64>> {
        if self.complementary {
            self.forward.get(level)
        } else {
            self.backward.get(level)
        }
    }

    /// Takes the backward search's level `level` (see
    /// [`Reached::backward`]), empty if it was not reached.
    pub(super) fn take_backward(&mut self, level: usize) -> Vec<u64> {
        if self.complementary {
            take_level(&mut self.forward, level)
        } else {
            take_level(&mut self.backward, level)
        }
    }
}

/// Takes level `level` of `levels`, empty if there is none.
pub(super) fn take_level(levels: &mut [Vec<u64>], level: usize) -> Vec<u64> {
    levels
        .get_mut(level)
        .map(std::mem::take)
        .unwrap_or_default()
}

/// The winnable positions of a census, found from both ends.
pub(crate) struct Meet {
    /// Per level (jumps from the start) up to the middle, the positions
    /// reachable and still winnable (the middle level empty until
    /// [`Meet::make_middle`] when [`Meet::middle_made_later`]).
    pub(super) levels: Vec<Vec<u64>>,
    /// Per level from the complement of the target, the complements of
    /// the winnable positions (level `j` holds the complements of
    /// `levels[depth - j]`), from 0 to the middle; none when both
    /// searches are one (see [`Meet::backward`]).
    pub(super) backward: Vec<Vec<u64>>,
    /// The level where the two searches meet.
    pub(super) middle: usize,
    /// The number of jumps from the start to the target.
    pub(super) depth: usize,
    /// Whether the start is the complement of the target (so both sides
    /// are one search).
    pub(super) complementary: bool,
    /// Per level (jumps from the start, `0..=depth`), its number of
    /// winnable positions up to symmetry and in all, once counted
    /// ([`Meet::tally`]).
    pub(super) counts: Vec<Option<(u64, u64)>>,
}

impl Meet {
    /// The backward levels: when both searches are one, the forward
    /// levels of as many jumps (not copied).
    pub(super) fn backward(&self) -> &[Vec<u64>] {
        if self.complementary {
            &self.levels[..=self.there_level()]
        } else {
            &self.backward
        }
    }

    /// The backward level `level`, to be set: when both searches are
    /// one, the forward level of as many jumps.
    pub(super) fn backward_mut(&mut self, level: usize) -> &mut Vec<u64> {
        if self.complementary {
            &mut self.levels[level]
        } else {
            &mut self.backward[level]
        }
    }

    /// The levels of a census of `depth` jumps, all empty, and where its
    /// searches meet.
    ///
    /// The forward search stops one level short of the middle: the
    /// middle level is the children of the level before it that are
    /// complements of the backward search's last level. When both
    /// searches are one (`complementary`), the forward levels must cover
    /// the backward ones.
    pub(super) fn new(depth: usize, complementary: bool) -> Meet {
        let middle = if complementary && depth > 0 {
            depth / 2 + 1
        } else {
            depth - depth / 2
        };
        Meet {
            levels: vec![Vec::new(); middle + 1],
            // One search: its backward levels are its forward ones (see
            // `Meet::backward`).
            backward: vec![Vec::new(); if complementary { 0 } else { depth - middle + 1 }],
            middle,
            depth,
            complementary,
            counts: vec![None; depth + 1],
        }
    }

    /// Counts the winnable positions of `level` (jumps from the start),
    /// now final, unless counted already: a level past the middle from
    /// the backward level whose complements it holds (complements of
    /// distinct orbits are distinct orbits of the same size), and when
    /// both searches are one, from the level as far from the start.
    /// Whether it was counted now.
    pub(super) fn tally(&mut self, level: usize, expander: &Expander) -> bool {
        if self.counts.get(level).is_none_or(Option::is_some) {
            return false;
        }
        let back = self.depth - level;
        let count = if level > self.middle && self.complementary && back < level {
            self.counts[back]
        } else {
            None
        };
        let count = count.unwrap_or_else(|| {
            let positions = if level < self.middle {
                &self.levels[level]
            } else {
                &self.backward()[back]
            };
            (positions.len() as u64, expander.orbit_sizes(positions))
        });
        self.counts[level] = Some(count);
        true
    }

    /// The number of winnable positions of `level` (jumps from the
    /// start), up to symmetry, once found: a level past the middle has as
    /// many as the backward level whose complements it holds.
    pub(super) fn level_len(&self, level: usize) -> usize {
        if level < self.middle {
            self.levels[level].len()
        } else {
            self.backward()[self.depth - level].len()
        }
    }

    /// Whether `pegs` (a position `level` jumps from the start, its
    /// canonical form under `expander`'s symmetries taken here) is
    /// winnable: in the level found, or past the middle, its complement
    /// in the backward level (the middle level made, see
    /// [`Meet::make_middle`]).
    pub(crate) fn holds(&self, expander: &Expander, level: usize, pegs: u64, holes: u64) -> bool {
        if level <= self.middle {
            let canonical = expander.canonical(pegs);
            self.levels
                .get(level)
                .is_some_and(|l| l.binary_search(&canonical).is_ok())
        } else {
            let canonical = expander.canonical(holes & !pegs);
            self.depth
                .checked_sub(level)
                .and_then(|back| self.backward().get(back))
                .is_some_and(|l| l.binary_search(&canonical).is_ok())
        }
    }

    /// The levels counted so far, the uncounted ones as zeros, and
    /// whether each was counted; trailing levels without a winnable
    /// position dropped (keeping level 0) when every level is counted.
    pub(super) fn counted(&self) -> (Vec<(u64, u64)>, Vec<bool>) {
        let mut counts: Vec<(u64, u64)> = self.counts.iter().map(|c| c.unwrap_or((0, 0))).collect();
        let mut counted: Vec<bool> = self.counts.iter().map(Option::is_some).collect();
        if counted.iter().all(|&c| c) {
            while counts.last() == Some(&(0, 0)) && counts.len() > 1 {
                counts.pop();
                counted.pop();
            }
        }
        (counts, counted)
    }

    /// The last level the forward search reaches: the one before the
    /// middle.
    pub(super) fn forward_last(&self) -> usize {
        self.middle.saturating_sub(1)
    }

    /// The backward search's last level (in jumps from the complement of
    /// the target), whose complements are the middle level.
    pub(super) fn there_level(&self) -> usize {
        self.depth - self.middle
    }

    /// Joins the two searches at the middle: sets the middle level (unless
    /// it is [made later](Meet::middle_made_later)) and the backward
    /// search's last level to their winnable positions. When the join
    /// flags the positions of that level in place, its vector is taken
    /// from `reached`. `unbounded` finds neighbours without a window,
    /// `expander` takes complements.
    pub(super) fn join(
        &mut self,
        reached: &mut Reached,
        expander: &Expander,
        unbounded: &Expander,
    ) {
        let (middle, there_level) = (self.middle, self.there_level());
        let (Some(here), Some(there)) = (
            reached.forward.get(self.forward_last()),
            reached.backward(there_level),
        ) else {
            return;
        };
        // The complements of the middle level's winnable positions: the
        // complements of the children of the forward search's last level
        // that the backward search reached, found as the positions of the
        // backward search's last level with a child whose complement the
        // forward search's last level holds.
        let joined = if middle == 0 {
            intersect(&expander.complements(here), there, expander.work())
        } else {
            match unbounded.neighbour_flags(there, true, here) {
                Some(flags) => {
                    // The backward search's last level is not needed past
                    // the join: its vector keeps what joins.
                    let mut joined = reached.take_backward(there_level);
                    retain_flagged(&mut joined, &flags);
                    joined
                }
                None => unbounded.child_complements_among(here, there),
            }
        };
        if !self.middle_made_later() {
            self.levels[middle] = expander.complements(&joined);
        }
        *self.backward_mut(there_level) = joined;
    }

    /// Whether the middle level is left out until the solutions or the
    /// fewest moves need it ([`Meet::make_middle`]): when both searches
    /// are one and the level before the
    /// middle is the last backward level, no level below is found from
    /// the middle one, and its counts are that level's.
    pub(super) fn middle_made_later(&self) -> bool {
        self.complementary && self.middle > 0 && self.middle - 1 == self.there_level()
    }

    /// Makes the middle level if it was left for later: the complements
    /// of the last backward level (unless the budget of `expander` stops
    /// first: then the level is left for later still).
    pub(super) fn make_middle(&mut self, expander: &Expander) -> Result<(), StopReason> {
        if self.middle_made_later() && self.levels[self.middle].is_empty() {
            let last = &self.backward()[self.there_level()];
            let middle = expander.complements(last);
            expander.work().check()?;
            self.levels[self.middle] = middle;
        }
        Ok(())
    }
}
