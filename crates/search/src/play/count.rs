//! [`Count`]: a number of things found, and whether it is all of them.

use std::fmt;

use crate::control::Outcome;

/// A count (of solutions, positions, squares, …) and how the counting
/// ended: exact when complete, a lower bound when stopped.
///
/// # Example
///
/// ```
/// use kongming_search::control::{Outcome, StopReason};
/// use kongming_search::play::Count;
///
/// let exact = Count::new(92u64, Outcome::Complete);
/// assert_eq!((exact.count(), exact.exact()), (92, Some(92)));
/// assert_eq!(exact.to_string(), "92");
/// let partial = Count::new(40u64, Outcome::Stopped(StopReason::NodeLimit));
/// assert_eq!(partial.exact(), None);
/// assert_eq!(partial.to_string(), "at least 40 (node limit reached)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[must_use = "a count says how it ended: look at its outcome"]
pub struct Count<N = u64> {
    count: N,
    outcome: Outcome,
}

impl<N: Copy> Count<N> {
    /// A count of `count`, ended as `outcome` says.
    pub fn new(count: N, outcome: Outcome) -> Self {
        Count { count, outcome }
    }

    /// What was counted: every one when complete, those found before the
    /// stop otherwise.
    #[must_use]
    pub fn count(&self) -> N {
        self.count
    }

    /// The count, when the counting was complete.
    #[must_use]
    pub fn exact(&self) -> Option<N> {
        self.is_complete().then_some(self.count)
    }

    /// How the counting ended.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Whether the counting was complete (the count exact).
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.outcome == Outcome::Complete
    }
}

impl<N: fmt::Display> fmt::Display for Count<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            Outcome::Complete => write!(f, "{}", self.count),
            Outcome::Stopped(reason) => write!(f, "at least {} ({reason})", self.count),
        }
    }
}
