//! What a [`Solver`](crate::Solver) answers: whether the solution is
//! unique, how many there are, and the effort it took.

use std::fmt;

use kongming_search::control::{Outcome, StopReason};

use crate::solution::Solution;

/// Whether a puzzle has no solution, exactly one, or more (with two as
/// witnesses); or that the budget stopped the search first.
///
/// Only a search that ran to its end proves "no solution" or "unique", so
/// a search stopped before that says [`Stopped`](Uniqueness::Stopped),
/// with the first solution if it had found one.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Budget, Puzzle, Solver, StopReason, Uniqueness};
/// let puzzle: Puzzle = "pet: cat dog\n".parse()?;
/// match puzzle.uniqueness() {
///     Uniqueness::Multiple(a, b) => assert_ne!(a, b),
///     other => panic!("two solutions expected, got {other:?}"),
/// }
/// let big: Puzzle = "a: a1 a2 a3 a4 a5 a6 a7\nb: b1 b2 b3 b4 b5 b6 b7\na1 != b1\n".parse()?;
/// let stopped = Solver::new(&big).budget(Budget::unlimited().with_node_limit(3)).uniqueness();
/// assert!(matches!(stopped, Uniqueness::Stopped(StopReason::NodeLimit, _)));
/// # Ok::<(), kongming_zebra_csp::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Uniqueness {
    /// No solution at all (the search ran to its end).
    NoSolution,
    /// Exactly one solution (the search ran to its end).
    Unique(Solution),
    /// More than one: two different solutions.
    Multiple(Solution, Solution),
    /// The budget stopped the search before the question was settled: why,
    /// and the one solution found before, if any (there may be others).
    Stopped(StopReason, Option<Solution>),
}

impl Uniqueness {
    /// Whether the puzzle has exactly one solution: `Some(true)` proven,
    /// `Some(false)` when it has none or several, `None` when the budget
    /// stopped the search before it could tell.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Budget, Solver};
    /// let puzzle = kongming_zebra_csp::life();
    /// assert_eq!(puzzle.uniqueness().unique(), Some(true));
    /// let cut = Solver::new(&puzzle).budget(Budget::unlimited().with_node_limit(0)).uniqueness();
    /// assert_eq!(cut.unique(), None);
    /// ```
    pub fn unique(&self) -> Option<bool> {
        match self {
            Uniqueness::Unique(_) => Some(true),
            Uniqueness::Stopped(..) => None,
            _ => Some(false),
        }
    }

    /// How the search ended: stopped, or complete (which a proof of two
    /// solutions is too: two are enough).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Outcome;
    /// assert_eq!(kongming_zebra_csp::einstein().uniqueness().outcome(), Outcome::Complete);
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            Uniqueness::Stopped(reason, _) => Outcome::Stopped(*reason),
            _ => Outcome::Complete,
        }
    }
}

/// Effort spent by a [`Solver`](crate::Solver).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Solver;
/// let puzzle = kongming_zebra_csp::einstein();
/// let mut solver = Solver::new(&puzzle);
/// assert_eq!(solver.count().exact(), Some(1));
/// let stats = solver.stats();
/// assert_eq!((stats.case_splits, stats.backtracks), (0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SolveStats {
    /// Decisions made: case splits (search nodes below the root).
    pub case_splits: u64,
    /// Decisions undone.
    pub backtracks: u64,
    /// Values removed by singleton arc consistency.
    pub singleton_removals: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// `count` and its noun in the number it takes ("1 node", "2 nodes").
fn of_count(count: impl Into<u64>, one: &str, many: &str) -> String {
    let count: u64 = count.into();
    format!("{count} {}", if count == 1 { one } else { many })
}

impl fmt::Display for SolveStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {}, {}",
            of_count(self.case_splits, "case split", "case splits"),
            of_count(self.backtracks, "backtrack", "backtracks"),
            of_count(
                self.singleton_removals,
                "singleton removal",
                "singleton removals"
            ),
            of_count(self.solutions, "solution", "solutions")
        )
    }
}
