//! A started budget: [`Meter`].

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::budget::{Budget, CancelFlag, Clock};
use super::outcome::StopReason;

/// Whether the operating system has a clock to read: not on WebAssembly
/// without one, where `Instant::now` panics.
const SYSTEM_CLOCK: bool = !cfg!(all(target_arch = "wasm32", target_os = "unknown"));

/// When a started budget's time is up, by which clock.
#[derive(Clone, Debug)]
pub(crate) enum Deadline {
    /// The operating system's clock.
    System(Instant),
    /// The caller's clock, at this reading.
    Given(Arc<dyn Clock>, Duration),
    /// No clock to read: the time limit cannot be kept.
    Unkept,
}

impl Deadline {
    /// The deadline `limit` from now, by `clock` or else the system's.
    pub(crate) fn after(limit: Duration, clock: Option<&Arc<dyn Clock>>) -> Deadline {
        match clock {
            Some(clock) => Deadline::Given(Arc::clone(clock), clock.now().saturating_add(limit)),
            None if SYSTEM_CLOCK => Deadline::System(
                Instant::now()
                    .checked_add(limit)
                    .unwrap_or_else(|| Instant::now() + Duration::from_secs(1 << 40)),
            ),
            None => Deadline::Unkept,
        }
    }

    /// Whether the time is up (`Some(NoClock)` when it cannot be told).
    fn passed(&self) -> Option<StopReason> {
        match self {
            Deadline::System(at) => (Instant::now() >= *at).then_some(StopReason::TimeLimit),
            Deadline::Given(clock, at) => (clock.now() >= *at).then_some(StopReason::TimeLimit),
            Deadline::Unkept => Some(StopReason::NoClock),
        }
    }

    /// The time left, and the clock it is kept by.
    fn left(&self) -> (Duration, Option<Arc<dyn Clock>>) {
        match self {
            Deadline::System(at) => (at.saturating_duration_since(Instant::now()), None),
            Deadline::Given(clock, at) => (at.saturating_sub(clock.now()), Some(Arc::clone(clock))),
            Deadline::Unkept => (Duration::ZERO, None),
        }
    }
}

/// How many nodes pass between looks at the clock and the cancel flag.
pub(crate) const CHECK_EVERY: u64 = 4096;

/// A started [`Budget`](super::Budget): it checks the limits cheaply as an
/// operation counts its nodes.
///
/// The node limit is checked on every call; the cancel flag and the clock
/// every few thousand nodes (and whenever [`check_now`](Meter::check_now) is
/// called), so a stop comes within a few thousand nodes of the flag or the
/// deadline. The clock is read only when the budget has a time limit.
///
/// # Example
///
/// ```
/// use kongming_search::control::{Budget, CancelFlag, StopReason};
///
/// let flag = CancelFlag::new();
/// let meter = Budget::unlimited().with_cancel_flag(flag.clone()).start();
/// assert_eq!(meter.check_now(), None);
/// flag.cancel();
/// assert_eq!(meter.check_now(), Some(StopReason::Cancelled));
/// ```
#[derive(Clone, Debug)]
pub struct Meter {
    node_limit: u64,
    deadline: Option<Deadline>,
    cancel: Option<CancelFlag>,
    next_check: u64,
}

impl Meter {
    /// A meter of these limits (`u64::MAX` nodes for none).
    pub(crate) fn new(
        node_limit: u64,
        deadline: Option<Deadline>,
        cancel: Option<CancelFlag>,
        next_check: u64,
    ) -> Meter {
        Meter {
            node_limit,
            deadline,
            cancel,
            next_check,
        }
    }

    /// Whether work that has done `nodes` nodes so far must stop now, and
    /// why. Call it with the running total, as often as is convenient (it
    /// is cheap: a comparison, and every few thousand nodes a look at the
    /// flag and the clock).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::control::{Budget, StopReason};
    ///
    /// let mut meter = Budget::unlimited().with_node_limit(100).start();
    /// assert_eq!(meter.exceeded(99), None);
    /// assert_eq!(meter.exceeded(100), Some(StopReason::NodeLimit));
    /// ```
    #[inline]
    #[must_use]
    pub fn exceeded(&mut self, nodes: u64) -> Option<StopReason> {
        if nodes >= self.node_limit {
            return Some(StopReason::NodeLimit);
        }
        if nodes >= self.next_check {
            self.next_check = nodes.saturating_add(CHECK_EVERY);
            return self.check_now();
        }
        None
    }

    /// Whether the cancel flag is raised or the time is up, now, whatever
    /// the node count: for the start of work and the ends of its stages.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use kongming_search::control::{Budget, StopReason};
    ///
    /// let meter = Budget::unlimited().with_time_limit(Duration::ZERO).start();
    /// assert_eq!(meter.check_now(), Some(StopReason::TimeLimit));
    /// ```
    #[must_use]
    pub fn check_now(&self) -> Option<StopReason> {
        if self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled) {
            return Some(StopReason::Cancelled);
        }
        self.deadline.as_ref().and_then(Deadline::passed)
    }

    /// What is left of the budget after `nodes` nodes: a budget for a part
    /// of the work (a subproblem, a stage run by another search) that
    /// stops where this one would. Its node limit is what remains, its time
    /// limit the time to this meter's deadline, its cancel flag the same.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::control::{Budget, CancelFlag};
    ///
    /// let flag = CancelFlag::new();
    /// let meter = Budget::unlimited().with_node_limit(100).with_cancel_flag(flag).start();
    /// let part = meter.remaining(30);
    /// assert_eq!(part.node_limit(), Some(70));
    /// assert_eq!(part.time_limit(), None);
    /// assert!(part.cancel_flag().is_some());
    /// assert_eq!(Budget::unlimited().start().remaining(5).node_limit(), None);
    /// ```
    #[must_use]
    pub fn remaining(&self, nodes: u64) -> Budget {
        let mut budget = Budget::unlimited();
        if self.node_limit != u64::MAX {
            budget = budget.with_node_limit(self.node_limit.saturating_sub(nodes));
        }
        if let Some(deadline) = &self.deadline {
            let (left, clock) = deadline.left();
            budget = budget.with_time_limit(left);
            if let Some(clock) = clock {
                budget = budget.with_clock(clock);
            }
        }
        if let Some(flag) = &self.cancel {
            budget = budget.with_cancel_flag(flag.clone());
        }
        budget
    }
}
