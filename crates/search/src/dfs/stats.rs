//! What a search did: [`Stats`].

use std::fmt;

/// Counters kept by a search.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::Stats;
/// let mut first = Stats::default();
/// first.nodes = 3;
/// let mut second = Stats::default();
/// second.nodes = 4;
/// assert_eq!((first + second).nodes, 7);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Stats {
    /// Moves applied (states visited below the root).
    pub nodes: u64,
    /// Moves undone.
    pub backtracks: u64,
    /// States cut off by [`Problem::prune`](super::Problem::prune) (or a memo).
    pub prunes: u64,
    /// Solutions reported.
    pub solutions: u64,
    /// The deepest level reached (the root is depth 0).
    pub max_depth: usize,
}

impl std::ops::Add for Stats {
    type Output = Stats;
    fn add(self, other: Stats) -> Stats {
        Stats {
            nodes: self.nodes + other.nodes,
            backtracks: self.backtracks + other.backtracks,
            prunes: self.prunes + other.prunes,
            solutions: self.solutions + other.solutions,
            max_depth: self.max_depth.max(other.max_depth),
        }
    }
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        *self = *self + other;
    }
}

/// `count` and its noun in the number it takes ("1 node", "2 nodes").
fn of_count(count: impl Into<u64>, one: &str, many: &str) -> String {
    let count: u64 = count.into();
    format!("{count} {}", if count == 1 { one } else { many })
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {}, {}, depth {}",
            of_count(self.nodes, "node", "nodes"),
            of_count(self.backtracks, "backtrack", "backtracks"),
            of_count(self.prunes, "prune", "prunes"),
            of_count(self.solutions, "solution", "solutions"),
            self.max_depth
        )
    }
}
