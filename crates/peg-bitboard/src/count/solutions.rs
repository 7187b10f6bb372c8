//! The number of games ([`Census::solutions`]): the paths into each
//! winnable position from both ends ([`path_counts`]), multiplied at the
//! middle.

use std::sync::Arc;

use kongming_search::control::Outcome;

use super::paths::path_counts;
use super::{Census, CensusError, Halt, Stage, report_to};
use crate::work::{CHUNK, Work};
use kongming_search::play::Count;

impl Census {
    /// The number of distinct jump sequences from the start to the
    /// target: exact when its [outcome](Count::outcome) is
    /// complete, else (the [budget](Census::budget) ran out) a lower
    /// bound.
    ///
    /// # Errors
    ///
    /// [`CensusError::NoTarget`] without a target,
    /// [`CensusError::TooManyPositions`] past the limit,
    /// [`CensusError::Overflow`] if the count does not fit a `u128`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// // Two pegs either side of a hole, one peg to be left at the end.
    /// let start: Position = "o o . o o".parse()?;
    /// let end = start.board().position(0b00100)?;
    /// assert_eq!(Census::new(&start).with_target(&end)?.solutions()?.exact(), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&mut self) -> Result<Count<u128>, CensusError> {
        let work = self.start_work();
        let mut total = 0;
        match self.count_solutions(&work, &mut total) {
            Ok(()) => Ok(Count::new(total, Outcome::Complete)),
            Err(Halt::Stopped(reason)) => Ok(Count::new(total, Outcome::Stopped(reason))),
            Err(Halt::Failed(error)) => Err(error),
        }
    }

    /// Adds the solutions to `total` (stopped, those counted so far).
    fn count_solutions(&mut self, work: &Arc<Work>, total: &mut u128) -> Result<(), Halt> {
        let expander = self.compute_every_winnable_level(work, false)?;
        let meet = self.winnable.as_ref().expect("just computed");
        let middle = meet.middle;
        let Some(here) = meet.levels().get(middle).filter(|l| !l.is_empty()) else {
            report_to(&mut self.progress, Stage::Solutions, 0, 0, 0);
            return Ok(());
        };
        // Paths into each orbit of kept positions, level by level, from
        // both ends to the middle: the total number of solutions is the
        // sum over the middle positions x of (paths from the start to x)
        // times (paths from x to the target), the latter being the paths
        // from the complement of the target to the complement of x.
        let behind_levels = meet.backward();
        let shared = meet.one_search() && behind_levels.len() <= middle + 1;
        let levels = middle + 1 + if shared { 0 } else { behind_levels.len() };
        let progress = &mut self.progress;
        let (mut done, mut found) = (0, 0);
        let mut level_done = |positions: u64| {
            done += 1;
            found += positions;
            report_to(progress, Stage::Solutions, done, levels, found);
        };
        let mut ahead = Vec::new();
        let mut behind_owned = Vec::new();
        let leftovers = &mut self.leftovers;
        let counted = path_counts(
            &expander,
            &meet.levels()[..=middle],
            &mut level_done,
            &mut ahead,
            leftovers,
        )
        .and_then(|()| match shared {
            true => Ok(()),
            false => path_counts(
                &expander,
                behind_levels,
                &mut level_done,
                &mut behind_owned,
                leftovers,
            ),
        });
        if let Err(halt) = counted {
            self.leftovers.keep((ahead, behind_owned, expander));
            return Err(halt);
        }
        let behind = if shared {
            &ahead[..behind_levels.len()]
        } else {
            &behind_owned[..]
        };
        let there = behind_levels.last().expect("one level at least");
        let there_counts = behind.last().expect("one level at least");
        let here_counts = ahead.last().expect("one level at least");
        let holes = self.start.board().holes();
        for (at, (&x, &into_orbit)) in here.iter().zip(here_counts).enumerate() {
            if at.is_multiple_of(CHUNK)
                && let Err(reason) = work.check_now()
            {
                self.leftovers.keep((ahead, behind_owned, expander));
                return Err(reason.into());
            }
            let complement = expander.canonical(holes & !x);
            let Ok(at) = there.binary_search(&complement) else {
                continue;
            };
            // Paths into one position of the complement's orbit: the orbit
            // total shared out over its (equally reached) members.
            let orbit = u128::from(expander.orbit_size(complement));
            let onward = there_counts[at] / orbit;
            *total = into_orbit
                .checked_mul(onward)
                .and_then(|paths| total.checked_add(paths))
                .ok_or(CensusError::Overflow)?;
        }
        Ok(())
    }
}
