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
//! the sequences from there, pulled down from the middle level by level
//! as orbit totals (see [`Jumps`]).
//!
//! The jumps between the levels up to the middle are those the census's
//! joins find as they keep each level's winnable positions, recorded as
//! they go when the census is asked for the set (the joins that find a
//! level from its children, and the middle's, leave theirs to be made
//! afterwards, the same way).

use std::sync::Arc;

use super::paths::path_counts;
use super::{Census, CensusError, Halt, Stage, report_to};
use crate::levels::{Expander, Index, Jumps};
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
        let expander = self.compute_every_winnable_level(work, true)?;
        let target = self.target()?.clone();
        let meet = self.winnable.as_mut().expect("just computed");
        // The jumps the census's joins found, taken: nothing else needs
        // them.
        let mut recorded = std::mem::take(&mut meet.jumps);
        let meet = &*meet;
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
        // included: those the census's joins found, the others made now;
        // for both counts when both searches are one (the backward levels
        // are then the forward ones).
        recorded.resize_with(middle, || None);
        let mut jumps = Vec::with_capacity(middle);
        for (level, found) in recorded.into_iter().enumerate() {
            let (parents, children) = (&forward[level], &forward[level + 1]);
            jumps.push(match found {
                Some(found) => Edges(found),
                None => Edges::new(&expander, parents, children)?,
            });
            work.check_now()?;
            level_done(parents.len() as u64);
        }
        // Past the middle: the paths from the complement of the target
        // into each position of the backward levels.
        let behind: Vec<Vec<u128>> = if meet.one_search() {
            let mut into = vec![vec![1u128; backward[0].len()]];
            for level in 0..there_level {
                into.push(jumps[level].push(&into[level], backward[level + 1].len())?);
            }
            into
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
        // Carried down as orbit totals (see `Jumps`), each level's shared
        // out over its orbits' members.
        if let Some(here) = forward.get(middle) {
            let mut onward = orbit_totals(&expander, here, &ahead[middle])?;
            for level in (0..middle).rev() {
                onward = jumps[level].pull(&onward)?;
                ahead[level] = per_position(&expander, &forward[level], &onward);
            }
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

/// The count of each position of `level` from its orbit's total
/// (`counts`): the total over the orbit's size.
fn per_position(expander: &Expander, level: &[u64], counts: &[u128]) -> Vec<u128> {
    level
        .iter()
        .zip(counts)
        .map(|(&x, &count)| count / u128::from(expander.orbit_size(x)))
        .collect()
}

/// The total over each orbit of `level` of the count of each position
/// (`counts`): the count times the orbit's size.
fn orbit_totals(
    expander: &Expander,
    level: &[u64],
    counts: &[u128],
) -> Result<Vec<u128>, CensusError> {
    level
        .iter()
        .zip(counts)
        .map(|(&x, &count)| {
            count
                .checked_mul(u128::from(expander.orbit_size(x)))
                .ok_or(CensusError::Overflow)
        })
        .collect()
}

/// The jumps from the winnable positions of one level into the next
/// (see [`Jumps`]), and the counts carried along them.
struct Edges(Jumps);

impl Edges {
    /// The jumps from `parents` (winnable, so each with a jump into
    /// `children`) into `children`, both sorted, unless the budget of
    /// `expander` stops first.
    fn new(expander: &Expander, parents: &[u64], children: &[u64]) -> Result<Edges, Halt> {
        // Children are named by their place in 32 bits: past that (32 GB
        // of one level), the census is too large for the set.
        if u32::try_from(children.len()).is_err() {
            return Err(CensusError::TooManyPositions {
                limit: u64::from(u32::MAX),
            }
            .into());
        }
        let mut kept = parents.to_vec();
        let jumps = expander.retain_parents_with_jumps(&mut kept, children);
        expander.work().check()?;
        debug_assert_eq!(kept.len(), parents.len(), "a winnable position has a jump");
        Ok(Edges(jumps))
    }

    /// The paths into each of the `len` positions of the next level,
    /// from `into` into each of this level's: the sums over each
    /// child's jumps back.
    fn push(&self, into: &[u128], len: usize) -> Result<Vec<u128>, CensusError> {
        let mut next = vec![0u128; len];
        for (parent, &count) in into.iter().enumerate() {
            for &child in self.0.children_of(parent) {
                let slot = &mut next[child as usize];
                *slot = slot.checked_add(count).ok_or(CensusError::Overflow)?;
            }
        }
        Ok(next)
    }

    /// The orbit totals of the sequences from this level's positions to
    /// the target, from `onward`, those of the next level's: the sums
    /// over the jumps.
    fn pull(&self, onward: &[u128]) -> Result<Vec<u128>, CensusError> {
        (0..self.0.parents())
            .map(|parent| {
                self.0
                    .children_of(parent)
                    .iter()
                    .try_fold(0u128, |sum, &child| sum.checked_add(onward[child as usize]))
                    .ok_or(CensusError::Overflow)
            })
            .collect()
    }
}
