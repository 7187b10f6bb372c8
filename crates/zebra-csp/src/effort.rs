//! One budget over many searches: the generator's questions to the solver
//! ("is there a grid other than the known solution?") and the grade's
//! search, each within an effort limit of its own and all within the
//! caller's [`Budget`].

use kongming_search::control::{Budget, Meter, Outcome, Progress, StopReason};

use crate::clue::Clue;
use crate::network;
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::solve::Solver;

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

/// What a search passes on as it goes: the case splits of the whole effort
/// so far, every few thousand of them.
pub(crate) type Tick<'t> = Option<&'t mut (dyn FnMut(u64) + Send)>;

/// The caller's budget as many searches use it up: the nodes (case splits)
/// they made, the clock, the cancel flag.
#[derive(Debug)]
pub(crate) struct Effort {
    meter: Meter,
    nodes: u64,
}

impl Effort {
    /// Starts `budget`.
    pub(crate) fn new(budget: &Budget) -> Self {
        Effort {
            meter: budget.start(),
            nodes: 0,
        }
    }

    /// The case splits of all the searches so far.
    pub(crate) fn case_splits(&self) -> u64 {
        self.nodes
    }

    /// Why the budget is spent, if it is (the clock and the flag are looked
    /// at now: this is called between searches).
    pub(crate) fn spent(&mut self) -> Option<StopReason> {
        self.meter
            .exceeded(self.nodes)
            .or_else(|| self.meter.check_now())
    }

    /// What is left of the budget.
    pub(crate) fn remaining(&self) -> Budget {
        self.meter.remaining(self.nodes)
    }

    /// The budget of one search of at most `cap` nodes (none: no cap of
    /// its own) within what is left, and whether `cap` is the tighter node
    /// limit.
    fn for_search(&mut self, cap: Option<u64>) -> Result<(Budget, bool), StopReason> {
        if let Some(reason) = self.spent() {
            return Err(reason);
        }
        let rest = self.remaining();
        Ok(match (cap, rest.node_limit()) {
            (Some(cap), Some(left)) if cap < left => (rest.with_node_limit(cap), true),
            (Some(cap), None) => (rest.with_node_limit(cap), true),
            _ => (rest, false),
        })
    }

    /// `solver` within `budget`, passing its progress on to `tick` (as
    /// case splits of the whole effort).
    fn bounded<'s>(&self, solver: Solver<'s>, budget: Budget, tick: Tick<'s>) -> Solver<'s> {
        let solver = solver.budget(budget);
        let base = self.nodes;
        match tick {
            Some(tick) => solver.on_progress(move |report: &Progress| {
                tick(base.saturating_add(report.done));
            }),
            None => solver,
        }
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
    pub(crate) fn other_solution<'p>(
        &mut self,
        puzzle: &'p Puzzle,
        solution: &Solution,
        cap: u64,
        tick: Tick<'p>,
    ) -> Result<Answer, StopReason> {
        let (budget, capped) = self.for_search(Some(cap))?;
        let mut solver = self.bounded(Solver::new(puzzle), budget, tick);
        let other = solver.solutions().find(|s| s != solution);
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
    pub(crate) fn other_without<'p>(
        &mut self,
        puzzle: &'p Puzzle,
        clues: &[Clue],
        clue: &Clue,
        cap: u64,
        tick: Tick<'p>,
    ) -> Result<Answer, StopReason> {
        let (budget, capped) = self.for_search(Some(cap))?;
        let network = network::build_from(puzzle, clues, Some(clue));
        let mut solver = self.bounded(Solver::for_network(puzzle, network), budget, tick);
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
    pub(crate) fn count<'p>(
        &mut self,
        puzzle: &'p Puzzle,
        tick: Tick<'p>,
    ) -> Result<(u64, u64), StopReason> {
        let (budget, capped) = self.for_search(None)?;
        let mut solver = self.bounded(Solver::new(puzzle), budget, tick);
        let count = solver.count();
        self.settle(&solver, capped)?;
        Ok((count.count(), solver.stats().case_splits))
    }
}
