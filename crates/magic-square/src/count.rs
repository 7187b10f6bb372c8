//! What a count did besides counting: [`Counted`], a count with the
//! statistics of the work behind it. The public answer of a count is the
//! family's [`Count`]; [`Counted`] stays inside the crate and gives its
//! statistics out through the `*_with_stats` methods of
//! [`Enumeration`](crate::Enumeration).

use kongming_search::control::Outcome;
use kongming_search::dfs::Stats;
use kongming_search::play::Count;

/// A count of squares, how it ended, and what the work did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counted {
    /// The squares counted (a lower bound when stopped).
    pub(crate) count: u64,
    /// Whether the count is complete or its budget stopped it.
    pub(crate) outcome: Outcome,
    /// What the work did.
    pub(crate) stats: Stats,
}

impl Counted {
    /// A count of `count` squares that ended with `outcome`.
    pub(crate) fn new(count: u64, outcome: Outcome, stats: Stats) -> Self {
        Counted {
            count,
            outcome,
            stats,
        }
    }

    /// The family's count, and the statistics apart.
    pub(crate) fn split(self) -> (Count, Stats) {
        (Count::new(self.count, self.outcome), self.stats)
    }
}
