//! [`Hinter`]: the hint button. It checks the grid, finds a completion
//! (so that no hint leads to a dead end), then tries the deductions from
//! the simplest, and falls back to search.

use kongming_search::control::{Budget, Progress};

use super::deduce::{self, Grid};
use super::lines::kind_lines;
use super::search::Searches;
use super::{Advice, DeadEnd, Hint, Reason};
use crate::control::{Control, Stage};
use crate::enumerate::validate;
use crate::{EnumerationError, Kind, PartialSquare, Square};

/// Gives a hint for a partly filled square of a [`Kind`]: the next cell to
/// fill and why, as [`Advice`].
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
/// use kongming_magic_square::{Advice, Hinter, Kind, PartialSquare};
///
/// let mut grid: PartialSquare = "16 . . 13\n. . 11 .\n. 6 . .\n. . . .".parse()?;
/// let mut hinter = Hinter::new(Kind::MAGIC);
/// // Following the hints solves the puzzle.
/// while let Advice::Fill(hint) = hinter.hint(&grid)? {
///     assert!(hint.reason.is_forced());
///     hint.apply(&mut grid);
/// }
/// assert_eq!(hinter.hint(&grid)?, Advice::Solved);
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
    /// one. A hint stopped by its budget is [`Advice::Stopped`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Advice, Budget, Hinter, Kind, PartialSquare, StopReason};
    ///
    /// let empty = PartialSquare::empty(6).expect("order 6");
    /// let mut hinter = Hinter::new(Kind::MAGIC).budget(Budget::unlimited().with_node_limit(100));
    /// assert_eq!(hinter.hint(&empty)?, Advice::Stopped(StopReason::NodeLimit));
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
    /// let mut hinter = Hinter::new(Kind::MAGIC)
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

    /// The advice for `grid`: a [`Hint`], [`Advice::Solved`], a
    /// [`DeadEnd`], or [`Advice::Stopped`] if the budget ran out first.
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
    /// use kongming_magic_square::{Advice, Hinter, Kind, PartialSquare};
    ///
    /// let grid: PartialSquare = ". . .\n. 5 .\n. . 8".parse()?;
    /// let advice = Hinter::new(Kind::MAGIC).hint(&grid)?;
    /// // The main diagonal has one blank left.
    /// assert_eq!(advice.hint().map(|h| (h.row, h.col, h.value)), Some((0, 0, 2)));
    /// assert!(Hinter::new(Kind::MAGIC).hint(&"1 1\n. .".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&mut self, grid: &PartialSquare) -> Result<Advice, EnumerationError> {
        let order = grid.order();
        let cells: Vec<u32> = validate(grid)?.into_iter().map(u32::from).collect();
        let lines = kind_lines(order, self.kind);
        let deductions = Grid::new(order, cells, &lines);
        if grid.blanks() == 0 {
            let square = Square::from_cells(order, deductions.cells.clone())
                .unwrap_or_else(|| unreachable!("a grid has order² cells"));
            return Ok(match square.check(self.kind) {
                Ok(()) => Advice::Solved,
                Err(error) => Advice::DeadEnd(DeadEnd::Wrong(error)),
            });
        }
        if let Some(dead) = deduce::dead_line(&deductions) {
            return Ok(Advice::DeadEnd(dead));
        }
        let mut searches = Searches {
            meter: self.control.budget.start(),
            observer: &self.control.observer,
            nodes: 0,
        };
        let (witness, completion) = match searches.witness(grid, self.kind) {
            Ok((Some(witness), completion)) => (witness, completion),
            Ok((None, _)) => return Ok(Advice::DeadEnd(DeadEnd::NoCompletion)),
            Err(reason) => return Ok(Advice::Stopped(reason)),
        };
        let agrees = |hint: &Hint| witness.get(hint.row, hint.col) == Some(hint.value);
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
            return Ok(Advice::Fill(hint));
        }
        let forced = match searches.forced_cell(grid, self.kind, &witness, completion) {
            Ok(forced) => forced,
            Err(reason) => return Ok(Advice::Stopped(reason)),
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
        Ok(Advice::Fill(Hint {
            row: cell / order,
            col: cell % order,
            value: witness.cells()[cell],
            reason,
        }))
    }
}
