//! How work ended: [`Outcome`] and [`StopReason`].

use std::fmt;

/// Why work stopped before it was complete.
///
/// # Example
///
/// ```
/// use kongming_search::control::StopReason;
/// assert_eq!(StopReason::NodeLimit.to_string(), "node limit reached");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum StopReason {
    /// The budget's node limit was reached.
    NodeLimit,
    /// The budget's time limit passed.
    TimeLimit,
    /// The cancel flag was raised.
    Cancelled,
    /// The budget has a time limit and there is no clock to keep it by:
    /// on WebAssembly without an operating system
    /// (`wasm32-unknown-unknown`), give the budget a
    /// [`Clock`](super::Clock) with [`Budget::with_clock`](super::Budget::with_clock).
    NoClock,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::NoClock => "no clock to keep the time limit by",
        })
    }
}

/// How work ended: all of it was done, or a limit stopped it first.
///
/// Only [`Complete`](Outcome::Complete) work proves anything: that the
/// solutions it reported are all there are (or that there are none), that
/// a count is exact. What stopped work found stays valid, but it is only
/// what was found.
///
/// # Example
///
/// ```
/// use kongming_search::control::{Outcome, StopReason};
/// assert!(Outcome::Complete.is_complete());
/// assert!(!Outcome::Stopped(StopReason::Cancelled).is_complete());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Outcome {
    /// All the work was done (every branch explored).
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
    /// assert!(kongming_search::control::Outcome::Complete.is_complete());
    /// ```
    #[must_use]
    pub fn is_complete(self) -> bool {
        self == Outcome::Complete
    }

    /// Why the work stopped, or `None` if it is complete.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::control::{Outcome, StopReason};
    /// assert_eq!(Outcome::Complete.stop_reason(), None);
    /// assert_eq!(
    ///     Outcome::Stopped(StopReason::TimeLimit).stop_reason(),
    ///     Some(StopReason::TimeLimit)
    /// );
    /// ```
    #[must_use]
    pub fn stop_reason(self) -> Option<StopReason> {
        match self {
            Outcome::Complete => None,
            Outcome::Stopped(reason) => Some(reason),
        }
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
