//! The answer of a count: [`Count`], what was counted and how the count
//! ended.

use std::fmt;

use kongming_search::control::Outcome;
use kongming_search::dfs::Stats;

/// A count of squares, how the work that produced it ended, and what it
/// did.
///
/// Only a [`Complete`](Outcome::Complete) count is the number of squares;
/// a count stopped by its budget is a lower bound: the squares found before
/// the stop. [`exact`](Count::exact) gives the number only when it is one.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Budget, Enumeration, Kind, StopReason};
///
/// let order4 = Enumeration::new(4, Kind::MAGIC)?;
/// let count = order4.count();
/// assert_eq!((count.count, count.exact()), (7040, Some(7040)));
/// assert_eq!(count.to_string(), "7040 (complete)");
///
/// let order5 = Enumeration::new(5, Kind::MAGIC)?.budget(Budget::unlimited().with_node_limit(100));
/// let partial = order5.count();
/// assert_eq!(partial.outcome.stop_reason(), Some(StopReason::NodeLimit));
/// assert_eq!(partial.exact(), None);
/// assert!(partial.to_string().starts_with("at least "));
/// # Ok::<(), kongming_magic_square::EnumerationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
#[must_use = "a count says how it ended: look at its outcome"]
pub struct Count {
    /// The squares counted: all of them if the outcome is complete, those
    /// found before the stop otherwise.
    pub count: u64,
    /// Whether the count is complete or its budget stopped it.
    pub outcome: Outcome,
    /// What the work did: its nodes (in the unit of the operation's
    /// [`Stage`](crate::Stage)) and its solutions (standard forms, or
    /// orbits of the group of 32 for order-5 kinds with diagonals).
    pub stats: Stats,
}

impl Count {
    /// A count of `count` squares that ended with `outcome`.
    pub(crate) fn new(count: u64, outcome: Outcome, stats: Stats) -> Self {
        Count {
            count,
            outcome,
            stats,
        }
    }

    /// The number of squares, if the count is complete (`None` for a
    /// stopped count, which is only a lower bound).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(3, Kind::MAGIC)?.count().exact(), Some(8));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    #[must_use]
    pub fn exact(&self) -> Option<u64> {
        self.outcome.is_complete().then_some(self.count)
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.outcome.is_complete() {
            f.write_str("at least ")?;
        }
        write!(f, "{} ({})", self.count, self.outcome)
    }
}
