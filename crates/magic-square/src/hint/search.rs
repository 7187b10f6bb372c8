//! What only search can tell about a grid: whether it has a completion
//! (a *witness*), and a blank cell that every completion fills with the
//! same number.
//!
//! Both run the crate's [`Completion`] under what is left of the hint's
//! budget. The cells where the witness could differ are first thinned by
//! a few more completions of the same search (neighbours in its tree
//! often differ in a cell or two), then each cell left is asked directly:
//! is there a completion with another number there? The first cell for
//! which the answer is a finished "no" is forced.

use kongming_search::control::{Meter, Outcome, StopReason};
use kongming_search::csp::Solver;

use crate::complete::SquareModel;
use crate::control::{Observer, Stage};
use crate::{Completion, Completions, Kind, PartialSquare, Progress, Square};

/// How many completions after the witness are read to thin the cells that
/// might be forced, before each cell left is asked on its own.
const THINNING_COMPLETIONS: usize = 32;

/// The searches of one hint, sharing one started budget.
pub(super) struct Searches<'h> {
    pub(super) meter: Meter,
    pub(super) observer: &'h Observer,
    /// Decisions of the searches so far.
    pub(super) nodes: u64,
}

impl Searches<'_> {
    /// A completion of `grid`, searched under what is left of the budget:
    /// with its search, to read more completions from.
    pub(super) fn witness(
        &mut self,
        grid: &PartialSquare,
        kind: Kind,
    ) -> Result<(Option<Square>, Completions), StopReason> {
        if let Some(reason) = self.meter.exceeded(self.nodes) {
            return Err(reason);
        }
        let mut completion = self.completion(grid, kind);
        let square = completion.next();
        self.settle(&completion)?;
        Ok((square, completion))
    }

    /// The first blank cell (row-major) that every completion fills as
    /// `witness` does, or `None` if the completions differ in every blank.
    pub(super) fn forced_cell(
        &mut self,
        grid: &PartialSquare,
        kind: Kind,
        witness: &Square,
        mut completion: Completions,
    ) -> Result<Option<usize>, StopReason> {
        let mut open: Vec<usize> = (0..grid.cells().len())
            .filter(|&c| grid.cells()[c].is_none())
            .collect();
        let before = completion.nodes();
        for other in completion.by_ref().take(THINNING_COMPLETIONS) {
            open.retain(|&c| other.cells()[c] == witness.cells()[c]);
        }
        self.nodes += completion.nodes() - before;
        match completion.outcome() {
            Some(Outcome::Stopped(reason)) => return Err(reason),
            // Every completion was read: what is left is forced.
            Some(Outcome::Complete) => return Ok(open.first().copied()),
            None => {}
        }
        while let Some(&cell) = open.first() {
            match self.other_completion(grid, kind, cell, witness.cells()[cell])? {
                None => return Ok(Some(cell)),
                Some(other) => open.retain(|&c| other.cells()[c] == witness.cells()[c]),
            }
        }
        Ok(None)
    }

    /// A completion of `grid` with a number other than `value` at `cell`.
    fn other_completion(
        &mut self,
        grid: &PartialSquare,
        kind: Kind,
        cell: usize,
        value: u32,
    ) -> Result<Option<Square>, StopReason> {
        if let Some(reason) = self.meter.exceeded(self.nodes) {
            return Err(reason);
        }
        let SquareModel { mut model, cells } = SquareModel::new(grid, kind)
            .unwrap_or_else(|_| unreachable!("the hinter checked the grid"));
        model.exclude(cells[cell], value - 1);
        let mut solver = Solver::new(model).budget(self.meter.remaining(self.nodes));
        let found = solver.next_solution();
        self.nodes += solver.stats().nodes;
        self.report();
        match (found, solver.outcome()) {
            (Some(assignment), _) => Ok(SquareModel::square(&cells, grid.order(), &assignment)),
            (None, Some(Outcome::Stopped(reason))) => Err(reason),
            (None, _) => Ok(None),
        }
    }

    /// A completion search of `grid` under the budget left, reporting to
    /// the observer.
    fn completion(&self, grid: &PartialSquare, kind: Kind) -> Completions {
        let completion = Completion::new(grid, kind)
            .unwrap_or_else(|_| unreachable!("the hinter checked the grid"))
            .budget(self.meter.remaining(self.nodes));
        if !self.observer.is_set() {
            return completion.completions();
        }
        let observer = self.observer.clone();
        let base = self.nodes;
        completion
            .on_progress(move |report| {
                observer.report(&Progress::new(Stage::Hint, base + report.done));
            })
            .completions()
    }

    /// Counts the nodes of `completion` and stops if its budget did.
    fn settle(&mut self, completion: &Completions) -> Result<(), StopReason> {
        self.nodes += completion.nodes();
        self.report();
        match completion.outcome() {
            Some(Outcome::Stopped(reason)) => Err(reason),
            _ => Ok(()),
        }
    }

    /// Tells the observer the nodes so far.
    fn report(&self) {
        self.observer
            .report(&Progress::new(Stage::Hint, self.nodes));
    }
}
