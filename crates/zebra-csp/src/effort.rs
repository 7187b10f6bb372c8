//! The generator's questions to the solver ("is there a grid other than
//! the known solution?"), each within an effort limit of its own and all
//! within the caller's [`Budget`].

use std::time::Instant;

use kongming_search::dfs::{Budget, Outcome, StopReason};

use crate::network;
use crate::puzzle::{Clue, Puzzle, Solution};
use crate::solve::{SolveOptions, Solver};

/// The answer of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// There is another grid: this one.
    Other(Solution),
    /// The known solution is the only one.
    Only,
    /// The check ran past its own effort limit first.
    Undecided,
}

/// The caller's budget as many searches use it up: the nodes (case splits)
/// they made, the clock since the start, the cancel flag.
#[derive(Debug)]
pub(crate) struct Allowance {
    budget: Budget,
    started: Instant,
    nodes: u64,
}

impl Allowance {
    /// Starts the clock of `budget`.
    pub(crate) fn new(budget: &Budget) -> Self {
        Allowance {
            budget: budget.clone(),
            started: Instant::now(),
            nodes: 0,
        }
    }

    /// The case splits of all the searches so far.
    pub(crate) fn case_splits(&self) -> u64 {
        self.nodes
    }

    /// Why the caller's budget is spent, if it is.
    pub(crate) fn spent(&self) -> Option<StopReason> {
        if self.budget.cancel_flag().is_some_and(|f| f.is_cancelled()) {
            return Some(StopReason::Cancelled);
        }
        if self.budget.node_limit().is_some_and(|n| self.nodes >= n) {
            return Some(StopReason::NodeLimit);
        }
        if self
            .budget
            .time_limit()
            .is_some_and(|t| self.started.elapsed() >= t)
        {
            return Some(StopReason::TimeLimit);
        }
        None
    }

    /// The budget of one search of at most `cap` nodes (none: no cap of
    /// its own) within what is left, and whether `cap` is the tighter node
    /// limit.
    fn for_search(&self, cap: Option<u64>) -> Result<(Budget, bool), StopReason> {
        if let Some(reason) = self.spent() {
            return Err(reason);
        }
        let left = self.budget.node_limit().map(|n| n - self.nodes);
        let (limit, capped) = match (cap, left) {
            (Some(cap), Some(left)) if cap < left => (Some(cap), true),
            (Some(cap), None) => (Some(cap), true),
            (_, left) => (left, false),
        };
        let mut budget = Budget::unlimited();
        if let Some(limit) = limit {
            budget = budget.with_node_limit(limit);
        }
        if let Some(time) = self.budget.time_limit() {
            budget = budget.with_time_limit(time.saturating_sub(self.started.elapsed()));
        }
        if let Some(flag) = self.budget.cancel_flag() {
            budget = budget.with_cancel_flag(flag.clone());
        }
        Ok((budget, capped))
    }

    /// Books the nodes of `solver` and reads how it ended: `Ok(true)` when
    /// it ran to the end, `Ok(false)` when its own cap stopped it, the
    /// reason when the caller's budget did.
    fn settle(&mut self, solver: &Solver<'_>, capped: bool) -> Result<bool, StopReason> {
        self.nodes = self.nodes.saturating_add(solver.stats().case_splits);
        match solver.outcome() {
            Some(Outcome::Stopped(StopReason::NodeLimit)) if capped => Ok(false),
            Some(Outcome::Stopped(reason)) => Err(reason),
            _ => Ok(true),
        }
    }

    /// Is there a grid of `puzzle` other than `solution` (which satisfies
    /// it)? At most `cap` case splits.
    pub(crate) fn other_solution(
        &mut self,
        puzzle: &Puzzle,
        solution: &Solution,
        cap: u64,
    ) -> Result<Answer, StopReason> {
        let (budget, capped) = self.for_search(Some(cap))?;
        let mut solver = Solver::with_options(puzzle, SolveOptions::new().budget(budget));
        let mut other = None;
        while let Some(s) = solver.next_solution() {
            if s != *solution {
                other = Some(s);
                break;
            }
        }
        let finished = self.settle(&solver, capped)?;
        Ok(match other {
            Some(other) => Answer::Other(other),
            None if finished => Answer::Only,
            None => Answer::Undecided,
        })
    }

    /// With `clues` (of `puzzle`'s categories) pinning `solution` down
    /// together with `clue`: is there a grid other than `solution` without
    /// `clue`? Any such grid breaks `clue` (else it would be a second
    /// solution with it), so this looks for one grid where `clues` hold and
    /// `clue` does not: one search, with the negated clue propagating. At
    /// most `cap` case splits.
    pub(crate) fn other_without(
        &mut self,
        puzzle: &Puzzle,
        clues: &[Clue],
        clue: &Clue,
        cap: u64,
    ) -> Result<Answer, StopReason> {
        let (budget, capped) = self.for_search(Some(cap))?;
        let network = network::build_from(puzzle, clues, Some(clue));
        let mut solver = Solver::for_network(puzzle, network, SolveOptions::new().budget(budget));
        let other = solver.next_solution();
        let finished = self.settle(&solver, capped)?;
        Ok(match other {
            Some(other) => Answer::Other(other),
            None if finished => Answer::Only,
            None => Answer::Undecided,
        })
    }

    /// Counts the solutions of `puzzle` with the default search (for the
    /// grade) within what is left: the count and the case splits.
    pub(crate) fn count(&mut self, puzzle: &Puzzle) -> Result<(u64, u64), StopReason> {
        let (budget, capped) = self.for_search(None)?;
        let mut solver = Solver::with_options(puzzle, SolveOptions::new().budget(budget));
        let count = solver.count();
        self.settle(&solver, capped)?;
        Ok((count, solver.stats().case_splits))
    }
}
