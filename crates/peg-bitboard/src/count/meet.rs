//! Where a census's two searches meet: [`Meet`], the winnable positions
//! kept out of the levels they reached (a [`BothWays`]), joined at the
//! middle level, counted per level, and looked up one position at a time
//! by the fewest moves and the games.

use kongming_search::control::StopReason;

use super::both_ways::{BothWays, take_level};
use crate::levels::{Expander, Jumps, intersect, retain_flagged};

/// The winnable positions of a census, found from both ends.
pub(crate) struct Meet {
    /// Forward, per level (jumps from the start) up to the middle, the
    /// positions reachable and still winnable (the middle level empty
    /// until [`Meet::make_middle`] when [`Meet::middle_made_later`]).
    /// Backward, per level from the complement of the target, the
    /// complements of the winnable positions (level `j` holds the
    /// complements of forward level `depth - j`), from 0 to the middle.
    pub(super) winnable: BothWays,
    /// The level where the two searches meet.
    pub(super) middle: usize,
    /// The number of jumps from the start to the target.
    pub(super) depth: usize,
    /// Per level (jumps from the start, `0..=depth`), its number of
    /// winnable positions up to symmetry and in all, once counted
    /// ([`Meet::tally`]).
    pub(super) counts: Vec<Option<(u64, u64)>>,
    /// Per level up to the middle, the jumps from its winnable positions
    /// into the next level's, where the join that found them recorded
    /// them (when asked to, for the winnable set): `None` elsewhere.
    pub(super) jumps: Vec<Option<Jumps>>,
}

impl Meet {
    /// The levels of a census of `depth` jumps, all empty, and where its
    /// searches meet.
    ///
    /// The forward search stops one level short of the middle: the
    /// middle level is the children of the level before it that are
    /// complements of the backward search's last level. When both
    /// searches are one (`one_search`), the forward levels must cover
    /// the backward ones.
    pub(super) fn new(depth: usize, one_search: bool) -> Meet {
        let middle = if one_search && depth > 0 {
            depth / 2 + 1
        } else {
            depth - depth / 2
        };
        Meet {
            winnable: BothWays::new(one_search, middle + 1, depth - middle + 1),
            middle,
            depth,
            counts: vec![None; depth + 1],
            jumps: Vec::new(),
        }
    }

    /// Whether both searches are one (see [`BothWays`]).
    pub(super) fn one_search(&self) -> bool {
        self.winnable.one_search()
    }

    /// The winnable positions per level from the start, up to the middle.
    pub(super) fn levels(&self) -> &[Vec<u64>] {
        self.winnable.forward()
    }

    /// The complements of the winnable positions per level from the
    /// complement of the target, up to the middle.
    pub(super) fn backward(&self) -> &[Vec<u64>] {
        &self.winnable.backward()[..=self.there_level()]
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
        // When both searches are one, the backward levels are the forward
        // ones, and a level at or past the middle holds the complements of
        // the level `back` jumps from the start: the two count alike
        // (complements of distinct orbits are distinct orbits of the same
        // size), whichever of them is counted first.
        let mirrored = self.one_search() && (back < level || back == self.middle);
        let count = if mirrored { self.counts[back] } else { None };
        let count = count.unwrap_or_else(|| {
            let positions = if level < self.middle {
                &self.levels()[level]
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
            self.levels()[level].len()
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
            self.levels()
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
    /// from `reached`, the levels the searches reached. `unbounded` finds
    /// neighbours without a window, `expander` takes complements.
    pub(super) fn join(
        &mut self,
        reached: &mut BothWays,
        expander: &Expander,
        unbounded: &Expander,
    ) {
        let (middle, there_level) = (self.middle, self.there_level());
        let (Some(here), Some(there)) = (
            reached.forward().get(self.forward_last()),
            reached.backward().get(there_level),
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
                    let mut joined = take_level(reached.backward_mut(), there_level);
                    retain_flagged(&mut joined, &flags);
                    joined
                }
                None => unbounded.child_complements_among(here, there),
            }
        };
        if !self.middle_made_later() {
            self.winnable.forward_mut()[middle] = expander.complements(&joined);
        }
        self.winnable.backward_mut()[there_level] = joined;
    }

    /// Whether the middle level is left out until the solutions or the
    /// fewest moves need it ([`Meet::make_middle`]): when both searches
    /// are one and the level before the
    /// middle is the last backward level, no level below is found from
    /// the middle one, and its counts are that level's.
    pub(super) fn middle_made_later(&self) -> bool {
        self.one_search() && self.middle > 0 && self.middle - 1 == self.there_level()
    }

    /// Makes the middle level if it was left for later: the complements
    /// of the last backward level (unless the budget of `expander` stops
    /// first: then the level is left for later still).
    pub(super) fn make_middle(&mut self, expander: &Expander) -> Result<(), StopReason> {
        if self.middle_made_later() && self.levels()[self.middle].is_empty() {
            let last = &self.backward()[self.there_level()];
            let middle = expander.complements(last);
            expander.work().check()?;
            self.winnable.forward_mut()[self.middle] = middle;
        }
        Ok(())
    }
}
