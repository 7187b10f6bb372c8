//! Limits on a search ([`Budget`], [`CancelFlag`]), how it ended
//! ([`Outcome`]) and what it did ([`Stats`]).

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A shared flag that asks running searches to stop.
///
/// Clones share one flag, so another thread (or a progress callback) can
/// cancel a search it does not own.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::CancelFlag;
///
/// let flag = CancelFlag::new();
/// let remote = flag.clone();
/// assert!(!flag.is_cancelled());
/// remote.cancel();
/// assert!(flag.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// A flag that is not yet raised.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(!kongming_search::dfs::CancelFlag::new().is_cancelled());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Raises the flag: every search watching it stops at its next check.
    ///
    /// # Example
    ///
    /// ```
    /// let flag = kongming_search::dfs::CancelFlag::new();
    /// flag.cancel();
    /// assert!(flag.is_cancelled());
    /// ```
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag has been raised.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(!kongming_search::dfs::CancelFlag::default().is_cancelled());
    /// ```
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Limits on how much work a search may do. The default is unlimited.
///
/// A search that hits a limit stops cleanly and reports
/// [`Outcome::Stopped`]; what it found so far stays valid.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use kongming_search::dfs::{Budget, CancelFlag};
///
/// let budget = Budget::unlimited()
///     .with_node_limit(1_000_000)
///     .with_time_limit(Duration::from_secs(10))
///     .with_cancel_flag(CancelFlag::new());
/// assert_eq!(budget.node_limit(), Some(1_000_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    node_limit: Option<u64>,
    time_limit: Option<Duration>,
    cancel: Option<CancelFlag>,
}

impl Budget {
    /// No limits at all.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_search::dfs::Budget::unlimited().node_limit(), None);
    /// ```
    #[must_use]
    pub fn unlimited() -> Self {
        Self::default()
    }

    /// Stops after `nodes` moves have been applied.
    ///
    /// # Example
    ///
    /// ```
    /// let b = kongming_search::dfs::Budget::unlimited().with_node_limit(10);
    /// assert_eq!(b.node_limit(), Some(10));
    /// ```
    #[must_use]
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = Some(nodes);
        self
    }

    /// Stops once `limit` has passed since the search started (checked every
    /// few thousand nodes).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// let b = kongming_search::dfs::Budget::unlimited().with_time_limit(Duration::from_millis(5));
    /// assert_eq!(b.time_limit(), Some(Duration::from_millis(5)));
    /// ```
    #[must_use]
    pub fn with_time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stops when `flag` is raised (checked every few thousand nodes).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::dfs::{Budget, CancelFlag};
    /// let flag = CancelFlag::new();
    /// let b = Budget::unlimited().with_cancel_flag(flag.clone());
    /// assert!(b.cancel_flag().is_some());
    /// ```
    #[must_use]
    pub fn with_cancel_flag(mut self, flag: CancelFlag) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// The node limit, if any.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_search::dfs::Budget::default().node_limit(), None);
    /// ```
    #[must_use]
    pub fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// The time limit, if any.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_search::dfs::Budget::default().time_limit(), None);
    /// ```
    #[must_use]
    pub fn time_limit(&self) -> Option<std::time::Duration> {
        self.time_limit
    }

    /// The cancellation flag, if any.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(kongming_search::dfs::Budget::default().cancel_flag().is_none());
    /// ```
    #[must_use]
    pub fn cancel_flag(&self) -> Option<&CancelFlag> {
        self.cancel.as_ref()
    }

    /// Starts the clock: the running form of this budget.
    pub(crate) fn start(&self) -> Meter {
        Meter {
            node_limit: self.node_limit.unwrap_or(u64::MAX),
            deadline: self.time_limit.map(|t| Instant::now() + t),
            cancel: self.cancel.clone(),
            next_check: CHECK_EVERY,
        }
    }
}

/// How many nodes pass between looks at the clock and the cancel flag.
const CHECK_EVERY: u64 = 4096;

/// A started [`Budget`]: checks limits cheaply as nodes are counted.
#[derive(Clone, Debug)]
pub(crate) struct Meter {
    node_limit: u64,
    deadline: Option<Instant>,
    cancel: Option<CancelFlag>,
    next_check: u64,
}

impl Meter {
    /// Whether a search that has visited `nodes` nodes must stop now.
    #[inline]
    pub(crate) fn exceeded(&mut self, nodes: u64) -> Option<StopReason> {
        if nodes >= self.node_limit {
            return Some(StopReason::NodeLimit);
        }
        if nodes >= self.next_check {
            self.next_check = nodes.saturating_add(CHECK_EVERY);
            return self.slow_check();
        }
        None
    }

    /// Checks the flag and clock now, whatever the node count.
    pub(crate) fn slow_check(&self) -> Option<StopReason> {
        if self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled) {
            return Some(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::TimeLimit);
        }
        None
    }
}

/// Why a search stopped before it was complete.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::StopReason;
/// assert_eq!(StopReason::NodeLimit.to_string(), "node limit reached");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The budget's node limit was reached.
    NodeLimit,
    /// The budget's time limit passed.
    TimeLimit,
    /// The cancel flag was raised.
    Cancelled,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::Cancelled => "cancelled",
        })
    }
}

/// How a search ended: the whole tree was explored, or a limit stopped it.
///
/// Only a [`Complete`](Outcome::Complete) search proves that the solutions
/// it reported are all there are (or that there are none).
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{Outcome, StopReason};
/// assert!(Outcome::Complete.is_complete());
/// assert!(!Outcome::Stopped(StopReason::Cancelled).is_complete());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Every branch was explored.
    Complete,
    /// A limit stopped the search first.
    Stopped(StopReason),
}

impl Outcome {
    /// Whether every branch was explored.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(kongming_search::dfs::Outcome::Complete.is_complete());
    /// ```
    #[must_use]
    pub fn is_complete(self) -> bool {
        self == Outcome::Complete
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Complete => f.write_str("complete"),
            Outcome::Stopped(why) => write!(f, "stopped: {why}"),
        }
    }
}

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

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} nodes, {} backtracks, {} prunes, {} solutions, depth {}",
            self.nodes, self.backtracks, self.prunes, self.solutions, self.max_depth
        )
    }
}
