//! [`Verdict`]: the answer of a bounded yes/no.

use std::fmt;

use kongming_search::control::{Outcome, StopReason};

/// Whether a hand makes the target, as a search under a
/// [`Budget`](crate::Budget) found it: yes, no, or stopped before it knew.
///
/// Only [`Unsolvable`](Verdict::Unsolvable) is a proof that no solution
/// exists; a stopped search says nothing either way.
///
/// ```
/// use kongming_game24::{Budget, Solver, StopReason, Verdict};
///
/// let mut solver = Solver::new(24);
/// assert_eq!(solver.solvable(&[3, 3, 8, 8])?, Verdict::Solvable);
/// assert_eq!(solver.solvable(&[1, 1, 1, 1])?, Verdict::Unsolvable);
///
/// let mut hurried = Solver::new(1000).budget(Budget::unlimited().with_node_limit(100));
/// let verdict = hurried.solvable(&[1, 1, 1, 1, 1, 1, 1])?;
/// assert_eq!(verdict, Verdict::Stopped(StopReason::NodeLimit));
/// assert_eq!(verdict.known(), None);
/// assert_eq!(verdict.to_string(), "stopped: node limit reached");
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[must_use]
pub enum Verdict {
    /// The numbers make the target.
    Solvable,
    /// They do not: the whole search ran and found nothing.
    Unsolvable,
    /// The budget ran out first: not known.
    Stopped(StopReason),
}

impl Verdict {
    /// A verdict that is known to be `yes` or `no`.
    ///
    /// ```
    /// use kongming_game24::Verdict;
    /// assert_eq!(Verdict::from_known(true), Verdict::Solvable);
    /// ```
    pub fn from_known(solvable: bool) -> Verdict {
        if solvable {
            Verdict::Solvable
        } else {
            Verdict::Unsolvable
        }
    }

    /// The answer when it is known: `Some(true)`, `Some(false)`, or `None`
    /// for a stopped search.
    ///
    /// ```
    /// use kongming_game24::{StopReason, Verdict};
    /// assert_eq!(Verdict::Unsolvable.known(), Some(false));
    /// assert_eq!(Verdict::Stopped(StopReason::NodeLimit).known(), None);
    /// ```
    pub fn known(self) -> Option<bool> {
        match self {
            Verdict::Solvable => Some(true),
            Verdict::Unsolvable => Some(false),
            Verdict::Stopped(_) => None,
        }
    }

    /// How the search ended: complete for a known answer.
    ///
    /// ```
    /// use kongming_game24::{Outcome, StopReason, Verdict};
    /// assert_eq!(Verdict::Solvable.outcome(), Outcome::Complete);
    /// assert_eq!(
    ///     Verdict::Stopped(StopReason::Cancelled).outcome(),
    ///     Outcome::Stopped(StopReason::Cancelled)
    /// );
    /// ```
    pub fn outcome(self) -> Outcome {
        match self {
            Verdict::Solvable | Verdict::Unsolvable => Outcome::Complete,
            Verdict::Stopped(reason) => Outcome::Stopped(reason),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Solvable => f.write_str("solvable"),
            Verdict::Unsolvable => f.write_str("unsolvable"),
            Verdict::Stopped(reason) => write!(f, "stopped: {reason}"),
        }
    }
}
