//! The first stage of a census: the levels reachable from a start, one
//! jump at a time, each the sorted canonical children of the one before
//! ([`Census::reachable`]; the two searches of the winnable positions
//! build theirs the same way, through [`Census::build_levels`]).

use kongming_search::control::Outcome;

use super::searches::LazyRelaxedTest;
use super::{Census, CensusError, Halt, LevelCounts, Stage};
use crate::levels::Expander;

impl Census {
    /// The positions reachable from the start, per level.
    ///
    /// Stopped by the [budget](Census::budget), the counts hold the levels
    /// finished (level 0 at least), their outcome says why; complete, the
    /// levels are kept for the next calls.
    ///
    /// # Errors
    ///
    /// [`CensusError::TooManyPositions`] past the limit.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::triangular(5)?;
    /// let start = board.start(board.cell("c1")?)?;
    /// let counts = Census::new(&start).reachable()?;
    /// assert_eq!(counts.total().len(), 14); // down to one peg
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reachable(&mut self) -> Result<LevelCounts, CensusError> {
        let work = self.start_work();
        let expander = self.expander(&work);
        if let Some(levels) = &self.levels {
            let counts: Vec<(u64, u64)> =
                levels.iter().map(|l| level_count(&expander, l)).collect();
            return Ok(LevelCounts::complete(&counts));
        }
        let mut levels = Vec::new();
        let mut counts = Vec::new();
        let start = self.start.pegs();
        let total = self.start.peg_count() as usize;
        let built = self.build_levels(
            (&expander, start, usize::MAX),
            (Stage::Reachable, total, 0),
            None,
            &mut levels,
            Some(&mut counts),
        );
        let outcome = match built {
            Ok(()) => {
                self.levels = Some(levels);
                Outcome::Complete
            }
            Err(Halt::Stopped(reason)) => {
                self.leftovers.keep((levels, expander));
                Outcome::Stopped(reason)
            }
            Err(Halt::Failed(error)) => return Err(error),
        };
        Ok(LevelCounts::new(&counts, vec![true; counts.len()], outcome))
    }

    /// Builds the levels `0..=last` reachable from `start` (fewer if
    /// play stops earlier) that `relaxed` admits (all without one) into
    /// `levels`, and counts them into `counts` if given, reporting each
    /// in `stage` (of at most `total` levels), counting `stored`
    /// positions already held against the limit. Stopped, `levels` and
    /// `counts` hold the levels finished.
    pub(super) fn build_levels(
        &mut self,
        (expander, start, last): (&Expander, u64, usize),
        (stage, total, stored): (Stage, usize, u64),
        mut relaxed: Option<&mut LazyRelaxedTest>,
        levels: &mut Vec<Vec<u64>>,
        mut counts: Option<&mut Vec<(u64, u64)>>,
    ) -> Result<(), Halt> {
        let work = expander.work();
        let first = vec![expander.canonical(start)];
        if let Some(counts) = counts.as_deref_mut() {
            counts.push(level_count(expander, &first));
        }
        levels.push(first);
        let mut stored = stored + 1;
        self.report(stage, 1, total, stored);
        while levels.len() <= last {
            let current = levels.last().expect("the start level");
            let room = self.limit.saturating_sub(stored);
            let next = expander.children_kept(current, room, |children| {
                if let Some(relaxed) = relaxed.as_deref_mut() {
                    relaxed.retain(children, work);
                }
            });
            // A stop leaves the level unfinished, and reads as no room.
            work.check_now()?;
            let next = next.ok_or(CensusError::TooManyPositions { limit: self.limit })?;
            if next.is_empty() {
                break;
            }
            stored += next.len() as u64;
            if stored > self.limit {
                return Err(CensusError::TooManyPositions { limit: self.limit }.into());
            }
            if let Some(counts) = counts.as_deref_mut() {
                counts.push(level_count(expander, &next));
            }
            levels.push(next);
            self.report(stage, levels.len(), total, stored);
        }
        Ok(())
    }
}

/// The number of positions of `level` (up to symmetry) and of their
/// images (in all).
fn level_count(expander: &Expander, level: &[u64]) -> (u64, u64) {
    let total = expander.orbit_sizes(level);
    (level.len() as u64, total)
}
