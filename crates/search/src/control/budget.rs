//! How much work may be done: [`Budget`], and the [`CancelFlag`] another
//! thread raises to stop it.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::meter::{CHECK_EVERY, Deadline, Meter};

/// A shared flag that asks running searches to stop.
///
/// Clones share one flag, so another thread (or a progress callback) can
/// cancel a search it does not own.
///
/// # Example
///
/// ```
/// use kongming_search::control::CancelFlag;
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
    /// assert!(!kongming_search::control::CancelFlag::new().is_cancelled());
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
    /// let flag = kongming_search::control::CancelFlag::new();
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
    /// assert!(!kongming_search::control::CancelFlag::default().is_cancelled());
    /// ```
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Limits on how much work a search may do. The default is unlimited.
///
/// A search that hits a limit stops cleanly and reports
/// [`Outcome::Stopped`](super::Outcome::Stopped); what it found so far stays valid.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use kongming_search::control::{Budget, CancelFlag};
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
    clock: Option<Arc<dyn Clock>>,
}

/// A clock to keep time limits by: the time since any fixed origin (a
/// page's load, a program's start), never going back. By default a
/// [`Budget`] reads the operating system's clock; where there is none
/// (WebAssembly without an operating system, `wasm32-unknown-unknown`)
/// give it one that reads the host's, such as the browser's
/// `performance.now()`.
///
/// # Example
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::time::Duration;
/// use kongming_search::control::{Budget, Clock, StopReason};
///
/// /// A clock that the test moves by hand.
/// #[derive(Debug, Default)]
/// struct Manual(AtomicU64);
///
/// impl Clock for Manual {
///     fn now(&self) -> Duration {
///         Duration::from_millis(self.0.load(Ordering::Relaxed))
///     }
/// }
///
/// let clock = Arc::new(Manual::default());
/// let budget = Budget::unlimited()
///     .with_time_limit(Duration::from_millis(10))
///     .with_clock(clock.clone());
/// let meter = budget.start();
/// assert_eq!(meter.check_now(), None);
/// clock.0.store(10, Ordering::Relaxed);
/// assert_eq!(meter.check_now(), Some(StopReason::TimeLimit));
/// ```
pub trait Clock: Send + Sync + fmt::Debug {
    /// The time since the clock's origin.
    fn now(&self) -> Duration;
}

impl Budget {
    /// No limits at all.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_search::control::Budget::unlimited().node_limit(), None);
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
    /// let b = kongming_search::control::Budget::unlimited().with_node_limit(10);
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
    /// let b = kongming_search::control::Budget::unlimited().with_time_limit(Duration::from_millis(5));
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
    /// use kongming_search::control::{Budget, CancelFlag};
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
    /// assert_eq!(kongming_search::control::Budget::default().node_limit(), None);
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
    /// assert_eq!(kongming_search::control::Budget::default().time_limit(), None);
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
    /// assert!(kongming_search::control::Budget::default().cancel_flag().is_none());
    /// ```
    #[must_use]
    pub fn cancel_flag(&self) -> Option<&CancelFlag> {
        self.cancel.as_ref()
    }

    /// Starts the work: the running form of this budget, whose clock (if
    /// there is a time limit) starts now. The clock is read only when a
    /// time limit is set.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::control::{Budget, StopReason};
    ///
    /// let mut meter = Budget::unlimited().with_node_limit(3).start();
    /// assert_eq!(meter.exceeded(2), None);
    /// assert_eq!(meter.exceeded(3), Some(StopReason::NodeLimit));
    /// ```
    #[must_use]
    pub fn start(&self) -> Meter {
        Meter::new(
            self.node_limit.unwrap_or(u64::MAX),
            self.time_limit
                .map(|limit| Deadline::after(limit, self.clock.as_ref())),
            self.cancel.clone(),
            CHECK_EVERY,
        )
    }

    /// The budget with its time limit kept by `clock` instead of the
    /// operating system's (see [`Clock`]).
    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = Some(clock);
        self
    }

    /// The clock given with [`with_clock`](Budget::with_clock), if any.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(kongming_search::control::Budget::unlimited().clock().is_none());
    /// ```
    #[must_use]
    pub fn clock(&self) -> Option<&Arc<dyn Clock>> {
        self.clock.as_ref()
    }
}
