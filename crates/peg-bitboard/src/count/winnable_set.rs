//! A census's winnable positions as a set to ask about
//! ([`Census::winnable_set`]): the winnable levels, each position with
//! the number of jump sequences from it to the target.
//!
//! Past the middle the census keeps the complements of the winnable
//! positions (the backward search's levels), and the sequences from such
//! a position to the target are the sequences from the complement of the
//! target to its complement: the paths into it counted forwards over the
//! backward levels ([`path_counts`]). Up to the middle, the sequences
//! from a position are the sum over its jumps into the next level of
//! the sequences from there, pulled down from the middle level by level.

use std::sync::Arc;

use super::paths::path_counts;
use super::{Census, CensusError, Halt, Stage, report_to};
use crate::levels::{Expander, Index};
use crate::winnable_set::{Built, LevelKeys, WinnableSet};
use crate::work::Work;

impl Census {
    /// The positions reachable from the start that can still reach the
    /// target, as a [`WinnableSet`]: for each position of the game,
    /// whether it is winnable, which jumps keep it so, and how many jump
    /// sequences remain from it to the target.
    ///
    /// The work is the census's winnable positions (kept for the next
    /// calls) and two passes over them, one counting from each end; a
    /// node is a position expanded. It reports progress at the end of each
    /// level of each stage, the counting passes as [`Stage::Solutions`].
    /// Stopped by the [budget](Census::budget), it returns
    /// [`Built::Stopped`] and no set.
    ///
    /// # Errors
    ///
    /// [`CensusError::NoTarget`] without a target,
    /// [`CensusError::TooManyPositions`] past the limit (or past 2^32
    /// positions up to symmetry in one level),
    /// [`CensusError::Overflow`] if a count does not fit a `u128`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let start = board.start(top)?;
    /// let mut census = Census::new(&start).with_target(&board.position(top.bit())?)?;
    /// let set = census.winnable_set()?.set().ok_or("stopped")?;
    /// assert_eq!(set.solutions_left(&start)?, 6_816);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winnable_set(&mut self) -> Result<Built, CensusError> {
        let work = self.start_work();
        match self.build_winnable_set(&work) {
            Ok(set) => Ok(Built::Complete(Box::new(set))),
            Err(Halt::Stopped(reason)) => Ok(Built::Stopped(reason)),
            Err(Halt::Failed(error)) => Err(error),
        }
    }

    fn build_winnable_set(&mut self, work: &Arc<Work>) -> Result<WinnableSet, Halt> {
        let expander = self.compute_every_winnable_level(work)?;
        let target = self.target()?.clone();
        let meet = self.winnable.as_ref().expect("just computed");
        let (middle, there_level) = (meet.middle, meet.there_level());
        let forward = meet.levels();
        let backward = meet.backward();
        let progress = &mut self.progress;
        let steps = forward.len() + if meet.one_search() { 0 } else { backward.len() };
        let (mut done, mut found) = (0, 0);
        let mut level_done = |positions: u64| {
            done += 1;
            found += positions;
            report_to(progress, Stage::Solutions, done, steps, found);
        };
        // The jumps between consecutive forward levels, the middle's
        // included: made once, for both counts when both searches are
        // one (the backward levels are then the forward ones).
        let mut jumps = Vec::with_capacity(middle);
        for level in 0..middle {
            jumps.push(Edges::new(&expander, &forward[level], &forward[level + 1])?);
            work.check_now()?;
            level_done(forward[level].len() as u64);
        }
        // Past the middle: the paths from the complement of the target
        // into each orbit of the backward levels, shared out over the
        // orbit's members (the complement of the target is fixed by the
        // symmetries, so each is reached as often).
        let behind: Vec<Vec<u128>> = if meet.one_search() {
            let mut into = vec![vec![1u128; backward[0].len()]];
            for level in 0..there_level {
                into.push(jumps[level].push(&into[level], backward[level + 1].len())?);
            }
            backward
                .iter()
                .zip(&into)
                .map(|(level, counts)| per_position(&expander, level, counts))
                .collect()
        } else {
            let mut into = Vec::new();
            let counted = path_counts(
                &expander,
                backward,
                &mut level_done,
                &mut into,
                &mut self.leftovers,
            );
            if let Err(halt) = counted {
                self.leftovers.keep(into);
                return Err(halt);
            }
            backward
                .iter()
                .zip(&into)
                .map(|(level, counts)| per_position(&expander, level, counts))
                .collect()
        };
        work.check_now()?;
        // The middle level: each position's complement is in the last
        // backward level. Below it, level by level down to the start.
        let mut ahead: Vec<Vec<u128>> = vec![Vec::new(); forward.len()];
        if let (Some(here), Some(there)) = (forward.get(middle), backward.get(there_level)) {
            let index = Index::new(there, work);
            work.check()?;
            let complements = expander.complements_in_order(here);
            work.check()?;
            ahead[middle] = complements
                .iter()
                .map(|&y| index.get(y).map_or(0, |at| behind[there_level][at]))
                .collect();
            level_done(here.len() as u64);
        }
        for level in (0..middle).rev() {
            ahead[level] = jumps[level].pull(&ahead[level + 1])?;
        }
        drop(jumps);
        work.check_now()?;
        // The set: levels up to the middle by their positions, those past
        // it by their complements (when both searches are one, the
        // backward levels are the forward ones, and their keys shared).
        let mut keys = Vec::new();
        let mut levels = Vec::new();
        for (level, counts) in forward.iter().zip(&ahead) {
            keys.push(level.clone());
            levels.push(LevelKeys::new(keys.len() - 1, false, counts));
        }
        for back in (0..there_level).rev() {
            let list = if meet.one_search() {
                back
            } else {
                keys.push(backward[back].clone());
                keys.len() - 1
            };
            levels.push(LevelKeys::new(list, true, &behind[back]));
        }
        Ok(WinnableSet::new(
            self.start.clone(),
            target,
            &self.group,
            keys,
            levels,
        ))
    }
}

/// The paths into each position of `level` from the paths into each
/// orbit (`counts`): each orbit's total over its size.
fn per_position(expander: &Expander, level: &[u64], counts: &[u128]) -> Vec<u128> {
    level
        .iter()
        .zip(counts)
        .map(|(&x, &count)| count / u128::from(expander.orbit_size(x)))
        .collect()
}

/// The jumps from the positions of one level into the next (both
/// winnable positions), as the index in the next level of each
/// position's children, a position's together.
struct Edges {
    /// Where the children of each position start in `children`, and
    /// past the last, their end.
    starts: Vec<usize>,
    children: Vec<u32>,
}

impl Edges {
    /// The jumps from `parents` into `children` (sorted), unless the
    /// budget of `expander` stops first.
    fn new(expander: &Expander, parents: &[u64], children: &[u64]) -> Result<Edges, Halt> {
        // Children are indexed in 32 bits: past that (32 GB of one
        // level), the census is too large for the set.
        if u32::try_from(children.len()).is_err() {
            return Err(CensusError::TooManyPositions {
                limit: u64::from(u32::MAX),
            }
            .into());
        }
        let work = expander.work();
        let index = Index::new(children, work);
        work.check()?;
        let mut starts = vec![0; parents.len() + 1];
        let mut found = Vec::new();
        // The children of each parent come together, the parents in
        // order.
        expander.for_each_child(parents, |parent, child| {
            if let Some(at) = index.get(child) {
                starts[parent + 1] += 1;
                found.push(at as u32);
            }
        });
        work.check()?;
        for parent in 0..parents.len() {
            starts[parent + 1] += starts[parent];
        }
        Ok(Edges {
            starts,
            children: found,
        })
    }

    /// The paths into each of the `len` positions of the next level,
    /// from `into` into each of this level's: the sums over the jumps.
    fn push(&self, into: &[u128], len: usize) -> Result<Vec<u128>, CensusError> {
        let mut next = vec![0u128; len];
        for (parent, &count) in into.iter().enumerate() {
            for &child in &self.children[self.starts[parent]..self.starts[parent + 1]] {
                let slot = &mut next[child as usize];
                *slot = slot.checked_add(count).ok_or(CensusError::Overflow)?;
            }
        }
        Ok(next)
    }

    /// The sequences from each position of this level to the target,
    /// from `onward` from each of the next level's: the sums over the
    /// jumps.
    fn pull(&self, onward: &[u128]) -> Result<Vec<u128>, CensusError> {
        self.starts
            .windows(2)
            .map(|range| {
                self.children[range[0]..range[1]]
                    .iter()
                    .try_fold(0u128, |sum, &child| sum.checked_add(onward[child as usize]))
                    .ok_or(CensusError::Overflow)
            })
            .collect()
    }
}
