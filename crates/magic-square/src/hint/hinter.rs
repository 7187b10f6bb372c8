//! [`Hinter`]: the hint button. It checks the grid, finds a completion
//! (so that no hint leads to a dead end), then tries the deductions from
//! the simplest, and falls back to search.

use kongming_search::control::{Budget, Progress};

use super::deduce::{self, Grid};
use super::lines::kind_lines;
use super::search::Searches;
use super::{DeadEnd, Hint, Reason, Step};
use crate::control::{Control, Stage};
use crate::enumerate::validate;
use crate::{Cell, EnumerationError, Fill, Kind, PartialSquare, Square};

/// Gives a hint for a partly filled square of a [`Kind`]: the next cell to
/// fill and why, as a [`Hint`] (never [`Hint::Undo`]: it does not know
/// the answer; a [`Game`](crate::Game) does).
///
/// For a grid with blanks it first searches for one completion (with the
/// crate's [`Completion`](crate::Completion)): if there is none the advice
/// is a [`DeadEnd`] (naming a line that cannot add up when one shows it),
/// so a hint never leads to a grid that cannot be finished. Then it tries,
/// in order, and gives the first that applies:
///
/// 1. a line with one blank ([`Reason::LastInLine`]);
/// 2. the line sums combined into an equation with one blank, the one
///    with the fewest terms ([`Reason::Combination`]);
/// 3. a cell that only one unused number fits ([`Reason::OnlyCandidate`]);
/// 4. a number that fits only one blank cell ([`Reason::OnlyPlace`]);
/// 5. the first blank cell (row by row) that every completion fills alike,
///    found by search ([`Reason::EveryCompletion`]);
/// 6. when the completions differ in every blank, the first blank of the
///    completion found ([`Reason::SomeCompletion`]).
///
/// Reasons 1 to 5 are forced: every completion agrees. A deduction is
/// checked against the completion found before it is given.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Hint, Hinter, Kind, PartialSquare};
///
/// let mut grid: PartialSquare = "16 . . 13\n. . 11 .\n. 6 . .\n. . . .".parse()?;
/// let hinter = Hinter::new(Kind::MAGIC);
/// // Following the hints solves the puzzle.
/// while let Hint::Next(step) = hinter.hint(&grid)? {
///     assert!(step.reason.is_forced());
///     step.apply(&mut grid);
/// }
/// assert_eq!(hinter.hint(&grid)?, Hint::Solved);
/// assert_eq!(grid.to_string(), "16  3  2 13\n 5 10 11  8\n 9  6  7 12\n 4 15 14  1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use]
pub struct Hinter {
    kind: Kind,
    control: Control,
}

impl Hinter {
    /// A hinter for squares of `kind`, with no budget and no progress
    /// callback.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Hinter, Kind};
    ///
    /// assert_eq!(Hinter::new(Kind::PANDIAGONAL).kind(), Kind::PANDIAGONAL);
    /// ```
    pub fn new(kind: Kind) -> Self {
        Self {
            kind,
            control: Control::default(),
        }
    }

    /// The kind of squares it gives hints for.
    ///
    /// # Example
    ///
    /// See [`Hinter::new`].
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Limits each [`hint`](Self::hint): a node is a decision of its
    /// completion searches (a cell given a number, after propagation),
    /// summed over the searches of the hint; the flag and the clock are
    /// looked at between searches and every few thousand nodes within
    /// one. A hint stopped by its budget is [`Hint::Stopped`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Hint, Budget, Hinter, Kind, PartialSquare, StopReason};
    ///
    /// let empty = PartialSquare::empty(6).expect("order 6");
    /// let hinter = Hinter::new(Kind::MAGIC).budget(Budget::unlimited().with_node_limit(100));
    /// assert_eq!(hinter.hint(&empty)?, Hint::Stopped(StopReason::NodeLimit));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> Self {
        self.control.budget = budget;
        self
    }

    /// Calls `callback` during each hint, with [`Stage::Hint`] reports:
    /// `done` is the nodes of its searches so far, reported after each
    /// search and every 4,096 nodes within one. Raise the budget's
    /// [`CancelFlag`](crate::CancelFlag) from it to stop.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_magic_square::{Hinter, Kind, PartialSquare, Stage};
    ///
    /// let reports = Arc::new(Mutex::new(Vec::new()));
    /// let seen = Arc::clone(&reports);
    /// let hinter = Hinter::new(Kind::MAGIC)
    ///     .on_progress(move |report| seen.lock().unwrap().push(report.stage));
    /// hinter.hint(&"2 . .\n. . .\n. . 8".parse::<PartialSquare>()?)?;
    /// assert!(reports.lock().unwrap().iter().all(|&stage| stage == Stage::Hint));
    /// assert!(!reports.lock().unwrap().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on_progress(mut self, callback: impl FnMut(&Progress<Stage>) + Send + 'static) -> Self {
        self.control.observe(callback);
        self
    }

    /// The hint for `grid`: a [`Step`] ([`Hint::Next`]), [`Hint::Solved`], a
    /// [`DeadEnd`], or [`Hint::Stopped`] if the budget ran out first.
    ///
    /// # Errors
    ///
    /// The order is 0 or above [`MAX_SEARCH_ORDER`](crate::MAX_SEARCH_ORDER),
    /// or a given number is outside `1..=n²` or repeated (the errors of
    /// [`Completion::new`](crate::Completion::new)).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Cell, Fill, Hinter, Kind, PartialSquare};
    ///
    /// let grid: PartialSquare = ". . .\n. 5 .\n. . 8".parse()?;
    /// let hint = Hinter::new(Kind::MAGIC).hint(&grid)?;
    /// // The main diagonal has one blank left.
    /// assert_eq!(hint.step().map(|step| step.fill), Some(Fill::new(Cell::new(0, 0), 2)));
    /// assert!(Hinter::new(Kind::MAGIC).hint(&"1 1\n. .".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self, grid: &PartialSquare) -> Result<Hint, EnumerationError> {
        let order = grid.order();
        let cells: Vec<u32> = validate(grid)?.into_iter().map(u32::from).collect();
        let lines = kind_lines(order, self.kind);
        let deductions = Grid::new(order, cells, &lines);
        if grid.blanks() == 0 {
            let square = Square::from_cells(order, deductions.cells.clone())
                .unwrap_or_else(|| unreachable!("a grid has order² cells"));
            return Ok(match square.check(self.kind) {
                Ok(()) => Hint::Solved,
                Err(error) => Hint::DeadEnd(DeadEnd::Wrong(error)),
            });
        }
        if let Some(dead) = deduce::dead_line(&deductions) {
            return Ok(Hint::DeadEnd(dead));
        }
        let mut searches = Searches {
            meter: self.control.budget.start(),
            observer: &self.control.observer,
            nodes: 0,
        };
        let (witness, completion) = match searches.witness(grid, self.kind) {
            Ok((Some(witness), completion)) => (witness, completion),
            Ok((None, _)) => return Ok(Hint::DeadEnd(DeadEnd::NoCompletion)),
            Err(reason) => return Ok(Hint::Stopped(reason)),
        };
        let agrees = |step: &Step| {
            witness.get(step.fill.cell.row, step.fill.cell.col) == Some(step.fill.value)
        };
        let rules = [
            deduce::last_in_line,
            deduce::combination,
            deduce::only_candidate,
            deduce::only_place,
        ];
        // A deduction is sound, so it agrees with every completion; the
        // check keeps a wrong one from ever reaching a player.
        if let Some(hint) = rules
            .iter()
            .filter_map(|rule| rule(&deductions))
            .find(|hint| agrees(hint))
        {
            return Ok(Hint::Next(hint));
        }
        let forced = match searches.forced_cell(grid, self.kind, &witness, completion) {
            Ok(forced) => forced,
            Err(reason) => return Ok(Hint::Stopped(reason)),
        };
        let (cell, reason) = match forced {
            Some(cell) => (cell, Reason::EveryCompletion),
            None => {
                let first = (0..order * order)
                    .find(|&c| grid.cells()[c].is_none())
                    .unwrap_or_else(|| unreachable!("the grid has a blank"));
                (first, Reason::SomeCompletion)
            }
        };
        Ok(Hint::Next(Step {
            fill: Fill::new(Cell::new(cell / order, cell % order), witness.cells()[cell]),
            reason,
        }))
    }
}
