//! Hints for a partly filled square: what to fill next and why.
//!
//! A [`Hinter`] looks at a [`PartialSquare`](crate::PartialSquare) and
//! answers a [`Hint`]: the next [`Step`] (a blank cell, its number and the
//! [`Reason`]), or that the square is solved, or that it cannot be
//! completed ([`DeadEnd`]), or that its budget ran out. A
//! [`Game`](crate::Game) runs it on the player's grid once the player's
//! wrong numbers are gone. The pieces, one
//! idea per module:
//!
//! - `lines`: the lines of a kind with their names, and their state in a
//!   grid;
//! - `combine`: the line sums combined into short equations with one
//!   blank (elimination, then shortening);
//! - `deduce`: the deductions a person can check by hand (a line with one
//!   blank, the line sums combined, the only number that fits a cell, the
//!   only cell that fits a number);
//! - `search`: what only search can tell (whether a completion exists, a
//!   cell that every completion fills alike);
//! - `hinter`: [`Hinter`], which runs them in that order under a budget;
//! - `explain`: the plain-English [`Display`](std::fmt::Display) of each.

mod combine;
mod deduce;
mod explain;

pub(crate) use deduce::breaks_line;
pub(crate) use explain::cell;
mod hinter;
pub(crate) mod lines;
mod search;

pub use hinter::Hinter;

use crate::{CheckError, Fill, Line, Outcome, PartialSquare, StopReason};

/// A fill a hint advises, and why: what [`Hint::Next`] holds.
///
/// Its [`Display`](std::fmt::Display) says it in plain English, for a
/// game's hint button, counting rows and columns from 1.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Cell, Hint, Hinter, Kind, Line, PartialSquare, Reason};
///
/// let grid: PartialSquare = "2 7 6\n9 5 .\n4 3 8".parse()?;
/// let Hint::Next(step) = Hinter::new(Kind::MAGIC).hint(&grid)? else {
///     panic!("a hint")
/// };
/// assert_eq!((step.fill.cell, step.fill.value), (Cell::new(1, 2), 1));
/// assert_eq!(step.reason, Reason::LastInLine { line: Line::Row(1), sum: 15 });
/// assert_eq!(
///     step.to_string(),
///     "Row 2 has one blank, (2, 3): it must be 1 so that the row adds up to 15."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Step {
    /// The cell and the number to write there.
    pub fill: Fill,
    /// Why.
    pub reason: Reason,
}

impl Step {
    /// Writes the step's number in its cell of `grid`; `false` (and
    /// nothing changed) if the cell is outside the grid.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Hinter, Kind, PartialSquare};
    ///
    /// let mut grid: PartialSquare = "2 7 6\n9 5 .\n4 3 8".parse()?;
    /// let step = Hinter::new(Kind::MAGIC).hint(&grid)?.step().cloned().unwrap();
    /// assert!(step.apply(&mut grid));
    /// assert_eq!(grid.to_string(), "2 7 6\n9 5 1\n4 3 8");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&self, grid: &mut PartialSquare) -> bool {
        grid.set(
            self.fill.cell.row,
            self.fill.cell.col,
            Some(self.fill.value),
        )
    }
}

/// Why a [`Hint`]'s cell holds its number. The first five are forced (every
/// completion of the grid has that number there); the last is only safe
/// (some completion has it, when nothing is forced).
///
/// A [`Hinter`] tries them in this order and gives the first that applies.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Cell, Hint, Hinter, Kind, PartialSquare, Reason};
///
/// // No line has one blank, but the line sums of an order-4 square force
/// // (1, 1) + (4, 4) = (2, 3) + (3, 2), counting from 1.
/// let grid: PartialSquare = "16 . . 13\n. . 11 .\n. 6 . .\n4 . . .".parse()?;
/// let Hint::Next(step) = Hinter::new(Kind::MAGIC).hint(&grid)? else {
///     panic!("a hint")
/// };
/// assert!(matches!(step.reason, Reason::Combination(_)));
/// assert_eq!((step.fill.cell, step.fill.value), (Cell::new(3, 3), 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Reason {
    /// The cell is the only blank of `line` (a line of the kind, or a
    /// centre-symmetric pair of an associative kind), which must add up
    /// to `sum`: the number is `sum` less the line's other numbers (half
    /// of it for the centre of an associative square, its own mirror).
    LastInLine {
        /// The line.
        line: Line,
        /// What it must add up to.
        sum: u64,
    },
    /// The line sums of the kind (and the total of all numbers,
    /// `n²(n² + 1)/2`), added and subtracted, leave an [`Equation`] with
    /// this cell as its only blank.
    Combination(Equation),
    /// Every other unused number fails some line through the cell: that
    /// line could not reach its sum with the numbers left.
    OnlyCandidate {
        /// Each other unused number and a line it fails, by number.
        ruled_out: Vec<RuledOut>,
    },
    /// Every number is used once, so the hint's number goes somewhere, and
    /// in every other blank cell it fails a line through that cell.
    OnlyPlace {
        /// Each other blank cell and a line the number fails there.
        ruled_out: Vec<Misfit>,
    },
    /// No deduction above applies, but every completion of the grid has
    /// this number here (found by search).
    EveryCompletion,
    /// Nothing is forced: the completions differ in every blank cell. This
    /// number here keeps the square completable (a completion has it).
    SomeCompletion,
}

impl Reason {
    /// Whether every completion has the hint's number in its cell (all
    /// reasons but [`SomeCompletion`](Reason::SomeCompletion)).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Reason;
    ///
    /// assert!(Reason::EveryCompletion.is_forced());
    /// assert!(!Reason::SomeCompletion.is_forced());
    /// ```
    pub fn is_forced(&self) -> bool {
        !matches!(self, Reason::SomeCompletion)
    }
}

/// An equation the line sums imply, with one blank cell:
/// `denominator × cell = constant − Σ coefficient × term`, over filled
/// cells (the [`Term`]s).
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Hint, Hinter, Kind, PartialSquare, Reason};
///
/// let grid: PartialSquare = "16 . . 13\n. . 11 .\n. 6 . .\n4 . . .".parse()?;
/// let Hint::Next(hint) = Hinter::new(Kind::MAGIC).hint(&grid)? else { panic!() };
/// let Reason::Combination(equation) = &hint.reason else { panic!() };
/// assert_eq!(equation.value(), Some(1));
/// assert_eq!(equation.terms.len(), 3);
/// assert_eq!(
///     hint.to_string(),
///     "(4, 4) must be 1: the line sums together give (4, 4) = (2, 3) + (3, 2) − (1, 1) = 11 + 6 − 16 = 1."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Equation {
    /// The row of the blank cell.
    #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
    pub row: usize,
    /// The column of the blank cell.
    #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
    pub col: usize,
    /// Positive.
    pub denominator: i64,
    /// The constant on the right.
    pub constant: i64,
    /// The filled cells on the right, with their coefficients.
    pub terms: Vec<Term>,
}

impl Equation {
    /// The number the equation gives the blank cell, if it is a whole
    /// number (`None` otherwise, or on overflow).
    ///
    /// # Example
    ///
    /// See [`Equation`].
    pub fn value(&self) -> Option<i64> {
        let mut right = self.constant;
        for term in &self.terms {
            right = right.checked_sub(term.coefficient.checked_mul(i64::from(term.value))?)?;
        }
        (self.denominator > 0 && right % self.denominator == 0).then(|| right / self.denominator)
    }
}

/// A filled cell of an [`Equation`]: its place, its coefficient and its
/// number.
///
/// # Example
///
/// ```
/// use kongming_magic_square::Term;
///
/// let term = Term { row: 1, col: 2, coefficient: -1, value: 11 };
/// assert_eq!(term.coefficient * i64::from(term.value), -11);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Term {
    /// Its row.
    #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
    pub row: usize,
    /// Its column.
    #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
    pub col: usize,
    /// Its coefficient (subtracted on the right of the equation).
    pub coefficient: i64,
    /// Its number.
    pub value: u32,
}

/// A number that cannot go in a hint's cell, and a line through the cell
/// that it leaves unable to reach its sum.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Line, RuledOut};
///
/// let out = RuledOut { value: 3, line: Line::Row(2) };
/// assert_eq!(out.line.to_string(), "row 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RuledOut {
    /// The number.
    pub value: u32,
    /// The line it fails.
    pub line: Line,
}

/// A blank cell where a hint's number cannot go, and a line through that
/// cell that the number leaves unable to reach its sum.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Line, Misfit};
///
/// let misfit = Misfit { row: 0, col: 1, line: Line::Column(1) };
/// assert_eq!((misfit.row, misfit.col), (0, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Misfit {
    /// The cell's row.
    #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
    pub row: usize,
    /// The cell's column.
    #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
    pub col: usize,
    /// The line the number fails there.
    pub line: Line,
}

/// Why a grid cannot be completed.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{DeadEnd, Hint, Hinter, Kind, Line, PartialSquare};
///
/// let grid: PartialSquare = "9 8 .\n. . .\n. . .".parse()?;
/// let advice = Hinter::new(Kind::MAGIC).hint(&grid)?;
/// assert!(matches!(advice, Hint::DeadEnd(DeadEnd::OutOfReach { line: Line::Row(0), .. })));
/// assert_eq!(
///     advice.to_string(),
///     "No completion: row 1 cannot add up to 15: with the numbers left it adds up to 18 to 24."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum DeadEnd {
    /// Every cell is filled and the square fails a check.
    Wrong(CheckError),
    /// A line with blanks cannot reach its sum: filled with the smallest
    /// numbers left it adds up to `low`, with the largest to `high`.
    OutOfReach {
        /// The line.
        line: Line,
        /// Its least possible sum.
        low: u64,
        /// Its greatest possible sum.
        high: u64,
        /// What it must add up to.
        sum: u64,
    },
    /// No single line shows it, but the search finds no completion.
    NoCompletion,
}

/// A hint: what to do next in a grid, from [`Game::hint`](crate::Game::hint)
/// or [`Hinter::hint`].
///
/// Its [`Display`](std::fmt::Display) is a full sentence, counting rows
/// and columns from 1.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Hint, Hinter, Kind, PartialSquare};
///
/// let solved: PartialSquare = "2 7 6\n9 5 1\n4 3 8".parse()?;
/// assert_eq!(Hinter::new(Kind::MAGIC).hint(&solved)?, Hint::Solved);
/// assert_eq!(Hint::Solved.to_string(), "Solved: every line adds up.");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Hint {
    /// Fill a cell: the number, and why.
    Next(Step),
    /// Every cell is filled and the square is of the kind.
    Solved,
    /// A number of the player's is not the answer's: erase it
    /// ([`Game::erase`](crate::Game::erase)). Only a
    /// [`Game`](crate::Game) gives it (it knows the answer); the first
    /// wrong cell, row by row.
    Undo {
        /// The player's wrong fill.
        fill: Fill,
    },
    /// The grid cannot be completed, and no single fill of the player's is
    /// known to be the cause (a [`Hinter`] without the answer).
    DeadEnd(DeadEnd),
    /// The budget ran out before a hint was proved (nothing is claimed).
    Stopped(StopReason),
}

impl Hint {
    /// The step, if the hint is to fill a cell.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Hinter, Kind, PartialSquare};
    ///
    /// let mut grid: PartialSquare = "2 7 .\n9 5 1\n4 3 8".parse()?;
    /// let step = Hinter::new(Kind::MAGIC).hint(&grid)?.step().cloned().unwrap();
    /// assert_eq!(step.fill.value, 6);
    /// assert!(step.apply(&mut grid));
    /// assert_eq!(Hinter::new(Kind::MAGIC).hint(&grid)?.step(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn step(&self) -> Option<&Step> {
        match self {
            Hint::Next(step) => Some(step),
            _ => None,
        }
    }

    /// Whether the hint was proved or its budget ran out first.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Hint, Outcome, StopReason};
    ///
    /// assert_eq!(Hint::Solved.outcome(), Outcome::Complete);
    /// assert_eq!(Hint::Stopped(StopReason::NodeLimit).outcome().stop_reason(), Some(StopReason::NodeLimit));
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            Hint::Stopped(reason) => Outcome::Stopped(*reason),
            _ => Outcome::Complete,
        }
    }
}
