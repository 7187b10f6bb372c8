//! A game of the fewest moves ([`Census::fewest_moves`]): the winnable
//! levels, those past the middle as the complements of the backward
//! ones, handed to [`FewestMoves`].

use std::sync::Arc;

use super::{Census, CensusError, Halt, Stage, report_to};
use crate::moves::FewestMoves;
use crate::solve::{Proof, Solution, Verdict};
use crate::work::Work;

impl Census {
    /// A game from the start to the target in the fewest moves, a chain
    /// of jumps by one peg counting as one move (its
    /// [`move_count`](Solution::move_count)): [`Verdict::Solved`], or
    /// [`Verdict::Impossible`] when no game reaches the target, or
    /// [`Verdict::Stopped`] when the [budget](Census::budget) ran out
    /// first.
    ///
    /// The fewest moves are found for every winnable position, from the
    /// target back, following chains only through winnable positions: on
    /// the English board's centre game, the 18 moves of Bergholt's game
    /// (1912), which Beasley proved to be the fewest (1964). It costs a
    /// pass over every winnable level after the winnable set; games with
    /// fewer symmetries take longer (each position is its own orbit more
    /// often). On top of the
    /// census's winnable positions, each level is indexed: about 30 to 60
    /// bytes per winnable position, whose number the census's
    /// [limit](Census::with_limit) bounds. With the `parallel` feature,
    /// the positions of a level are shared between rayon's threads. For
    /// small boards without a target in mind,
    /// [`Solver::fewest_moves`](crate::Solver::fewest_moves) searches
    /// every position instead.
    ///
    /// # Errors
    ///
    /// [`CensusError::NoTarget`] without a target,
    /// [`CensusError::TooManyPositions`] past the limit.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position, Proof, Verdict};
    ///
    /// let start: Position = "o o . o .".parse()?;
    /// // a1-c1, then c1-e1 by the same peg: two jumps, one move.
    /// let end = start.board().position(0b10000)?;
    /// let verdict = Census::new(&start).with_target(&end)?.fewest_moves()?;
    /// let game = verdict.solution().expect("solvable");
    /// assert_eq!((game.jumps().len(), game.move_count()), (2, 1));
    /// // No game ends with one peg in a1.
    /// let end = start.board().position(0b00001)?;
    /// let verdict = Census::new(&start).with_target(&end)?.fewest_moves()?;
    /// assert_eq!(verdict, Verdict::Impossible(Proof::Exhausted));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fewest_moves(&mut self) -> Result<Verdict, CensusError> {
        let work = self.start_work();
        match self.find_fewest_moves(&work) {
            Ok(verdict) => Ok(verdict),
            Err(Halt::Stopped(reason)) => Ok(Verdict::Stopped(reason)),
            Err(Halt::Failed(error)) => Err(error),
        }
    }

    fn find_fewest_moves(&mut self, work: &Arc<Work>) -> Result<Verdict, Halt> {
        let expander = self.compute_every_winnable_level(work, false)?;
        let board = self.start.board().clone();
        let meet = self.winnable.as_ref().expect("just computed");
        // Past the middle, the complements of the backward levels.
        let mut past: Vec<Vec<u64>> = Vec::with_capacity(meet.depth - meet.middle);
        for level in meet.middle + 1..=meet.depth {
            past.push(expander.complements(&meet.backward()[meet.depth - level]));
            if let Err(reason) = work.check_now() {
                self.leftovers.keep((past, expander));
                return Err(reason.into());
            }
        }
        let levels: Vec<&[u64]> = meet.levels()[..=meet.middle]
            .iter()
            .chain(&past)
            .map(Vec::as_slice)
            .collect();
        // Reported as each level is done.
        let (progress, total) = (&mut self.progress, levels.len());
        let fewest = FewestMoves::new(&board, &expander, &levels, |done, positions| {
            report_to(
                progress,
                Stage::FewestMoves,
                done as usize,
                total,
                positions,
            );
        });
        let fewest = match fewest {
            Ok(fewest) => fewest,
            Err((reason, unfinished)) => {
                self.leftovers.keep((unfinished, past, expander));
                return Err(reason.into());
            }
        };
        Ok(match fewest.game(self.start.pegs()) {
            Some(jumps) => Verdict::Solved(
                Solution::new(&self.start, jumps).expect("the census plays legal jumps"),
            ),
            None if self.start.peg_count() < self.target()?.peg_count() => {
                Verdict::Impossible(Proof::PegCount)
            }
            None => Verdict::Impossible(Proof::Exhausted),
        })
    }
}
