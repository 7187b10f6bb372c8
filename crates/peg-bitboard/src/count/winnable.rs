//! The winnable positions of a census ([`Census::winnable`]): the two
//! searches reach the middle ([`searches`](super::searches)), they are
//! joined there ([`Meet::join`]), and each other level keeps the
//! positions with a child kept in the level after it, from the middle
//! outwards.

use std::sync::Arc;

use kongming_search::control::{Outcome, StopReason};

use super::both_ways::{BothWays, take_level};
use super::meet::Meet;
use super::{Census, CensusError, Halt, LevelCounts, Stage};
use crate::levels::{Expander, Jumps, parallel_part};
use crate::work::Work;

impl Census {
    /// The positions reachable from the start from which the target can
    /// still be reached, per level.
    ///
    /// Stopped by the [budget](Census::budget) before the winnable
    /// positions are all found, the counts hold the levels finished
    /// (from the middle outwards: see
    /// [`is_counted`](LevelCounts::is_counted)), their outcome says why;
    /// complete, the winnable positions are kept for the next calls.
    ///
    /// # Errors
    ///
    /// [`CensusError::NoTarget`] without a target,
    /// [`CensusError::TooManyPositions`] past the limit.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// let mut census = Census::new(&board.start(centre)?).with_target(&board.position(centre.bit())?)?;
    /// # let mut census = census.with_limit(10);
    /// # assert!(census.winnable().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winnable(&mut self) -> Result<LevelCounts, CensusError> {
        let work = self.start_work();
        let expander = self.expander(&work);
        let mut partial = Vec::new();
        match self.compute_winnable(&work, (true, false), &mut partial) {
            Ok(()) => {}
            Err(Halt::Stopped(reason)) => {
                // The levels counted before the stop (none, if it came
                // before the middle level was found).
                let counts: Vec<(u64, u64)> = partial.iter().map(|c| c.unwrap_or((0, 0))).collect();
                let counted = partial.iter().map(Option::is_some).collect();
                return Ok(LevelCounts::new(&counts, counted, Outcome::Stopped(reason)));
            }
            Err(Halt::Failed(error)) => return Err(error),
        }
        let meet = self.winnable.as_mut().expect("just computed");
        // Counted as they were found, unless another call found them:
        // then counted now, a level at a time.
        let mut outcome = Outcome::Complete;
        for level in 0..meet.counts.len() {
            if meet.counts[level].is_none()
                && let Err(reason) = work.check_now()
            {
                outcome = Outcome::Stopped(reason);
                break;
            }
            meet.tally(level, &expander);
        }
        let (counts, counted) = meet.counted();
        Ok(LevelCounts::new(&counts, counted, outcome))
    }

    /// Finds the winnable positions (kept in `self.winnable`), counting
    /// each level as it is found when `tally`, and keeping the jumps
    /// between consecutive levels its joins find when `record` (see
    /// [`Meet::jumps`]); stopped, the counts of the levels found so far
    /// are left in `partial`.
    fn compute_winnable(
        &mut self,
        work: &Arc<Work>,
        (tally, record): (bool, bool),
        partial: &mut Vec<Option<(u64, u64)>>,
    ) -> Result<(), Halt> {
        if self.winnable.is_some() {
            return Ok(());
        }
        let target = self.target()?.pegs();
        let board = self.start.board().clone();
        let start = self.start.pegs();
        let Some(depth) = start
            .count_ones()
            .checked_sub(target.count_ones())
            .map(|d| d as usize)
        else {
            // The target has more pegs: no position can reach it.
            let mut meet = Meet::new(0, false);
            meet.counts[0] = Some((0, 0));
            self.winnable = Some(meet);
            return Ok(());
        };
        // A game from S to T played backwards is a game from the
        // complement of T to the complement of S. So a position x after k
        // jumps can still win exactly when the complement of x is
        // reachable from the complement of T in depth - k jumps: the
        // winnable positions of the middle level are the positions
        // reachable from S there whose complements are reachable from the
        // complement of T in the remaining jumps. Both searches stop at
        // the middle; the levels on either side keep the positions with a
        // child kept (found from the parents of the kept positions).
        let back_start = board.holes() & !target;
        let mut meet = Meet::new(depth, back_start == start);
        if record {
            meet.jumps.resize_with(meet.middle, || None);
        }
        let mut reached = BothWays::new(meet.one_search(), 0, 0);
        // The joins find neighbours without the window: each is joined
        // with a level kept within it, which drops what the window would
        // have, so checking the window as well would only cost time.
        let unbounded = self.expander(work);
        let found = self
            .reach_to_middle(&unbounded, &meet, &mut reached)
            .and_then(|()| Ok(self.keep_winnable(&mut meet, &mut reached, &unbounded, tally)?));
        if let Err(halt) = found {
            *partial = std::mem::take(&mut meet.counts);
            self.leftovers.keep((reached, meet, unbounded));
            return Err(halt);
        }
        self.winnable = Some(meet);
        Ok(())
    }

    /// Keeps the winnable positions of the levels `reached`, in `meet`:
    /// the middle level's first (the join), then the others from the
    /// middle outwards, each counted as it is found when `tally`.
    fn keep_winnable(
        &mut self,
        meet: &mut Meet,
        reached: &mut BothWays,
        unbounded: &Expander,
        tally: bool,
    ) -> Result<(), StopReason> {
        let work = unbounded.work();
        meet.join(reached, unbounded, unbounded);
        work.check_now()?;
        // The middle level's positions are the complements of the joined
        // ones (the complements of distinct orbits are distinct orbits).
        let (middle, there_level, depth) = (meet.middle, meet.there_level(), meet.depth);
        let mut progress = (0, 0);
        self.winnable_found(meet, middle, (unbounded, tally), &mut progress);
        // Each level's winnable positions are kept in its vector of
        // reachable ones, which nothing needs after.
        for level in (0..middle).rev() {
            // One search: the backward level of the same number of jumps
            // is this level's winnable positions, just found.
            if !(meet.one_search() && level == there_level) {
                let mut kept = take_level(reached.forward_mut(), level);
                let record = level < meet.jumps.len();
                let jumps =
                    winnable_before(unbounded, &mut kept, &meet.levels()[level + 1], record);
                if let Some(jumps) = jumps {
                    meet.jumps[level] = Some(jumps);
                }
                // Kept in place even if stopped (then unfinished): `meet`
                // goes to the leftovers.
                meet.winnable.forward_mut()[level] = kept;
                work.check_now()?;
            }
            self.winnable_found(meet, level, (unbounded, tally), &mut progress);
        }
        // The levels past the middle are the complements of the backward
        // levels: counted from those, never listed.
        for back in (0..there_level).rev() {
            if !meet.one_search() {
                let mut kept = take_level(reached.backward_mut(), back);
                winnable_before(unbounded, &mut kept, &meet.backward()[back + 1], false);
                meet.winnable.backward_mut()[back] = kept;
                work.check_now()?;
            }
            self.winnable_found(meet, depth - back, (unbounded, tally), &mut progress);
        }
        Ok(())
    }

    /// Records that the winnable positions of `level` are found: counted
    /// (by `expander`) if `tally`, reported with `progress` (levels and
    /// positions found before) brought up to date.
    fn winnable_found(
        &mut self,
        meet: &mut Meet,
        level: usize,
        (expander, tally): (&Expander, bool),
        progress: &mut (usize, u64),
    ) {
        if tally {
            meet.tally(level, expander);
        }
        progress.0 += 1;
        progress.1 += meet.level_len(level) as u64;
        self.report(Stage::Winnable, progress.0, meet.depth + 1, progress.1);
    }

    /// The winnable positions with every level up to the middle made
    /// (see [`Meet::make_middle`]), and the census's expander without a
    /// window, metered by `work`; if they are found now, the jumps the
    /// joins find between the levels up to the middle are kept when
    /// `record` (see [`Meet::jumps`]).
    pub(super) fn compute_every_winnable_level(
        &mut self,
        work: &Arc<Work>,
        record: bool,
    ) -> Result<Expander, Halt> {
        self.compute_winnable(work, (false, record), &mut Vec::new())?;
        let expander = self.expander(work);
        let meet = self.winnable.as_mut().expect("just computed");
        meet.make_middle(&expander)?;
        Ok(expander)
    }
}

/// Keeps the positions of `kept` (a level) with a child in `winnable`
/// (the next level's winnable positions), in place: the parents of
/// `winnable` that `kept` holds, or the positions of `kept` with a child
/// in `winnable`, whichever makes fewer neighbours. The parents of each
/// winnable position are made, and many are found again and again (a
/// position that can win has several children that can); a position's
/// children are made until one is found, but all of those of a position
/// that cannot win. The parents cost less while `winnable` is at most
/// about 0.7 times as large as `kept`, the children past that (the ratio
/// at which the two ways cost the same on the English centre game's
/// levels). Made from the parents, the jumps found are given when
/// `record` (unless the level is split between threads: the join then
/// runs on them, and the jumps are left to be found later). Stopped by
/// the expander's budget, `kept` is unfinished.
fn winnable_before(
    expander: &Expander,
    kept: &mut Vec<u64>,
    winnable: &[u64],
    record: bool,
) -> Option<Jumps> {
    if 10 * winnable.len() > 7 * kept.len() {
        expander.retain_with_child_among(kept, winnable);
    } else if record && parallel_part(winnable.len()).is_none() {
        return Some(expander.retain_parents_with_jumps(kept, winnable));
    } else {
        expander.retain_parents_of(kept, winnable);
    }
    None
}
