//! Bounding, stopping and observing long work: the one control layer every
//! kongming crate uses.
//!
//! - A [`Budget`] says how much work an operation may do: a node limit, a
//!   time limit and a [`CancelFlag`] another thread may raise. Each
//!   operation documents what one of its nodes is. The default is
//!   unlimited.
//! - A [`Meter`] is a started budget. Operations call it as they work; it
//!   reads the clock only when a time limit is set, so an unlimited or
//!   node-limited budget works where there is no clock (WebAssembly in a
//!   browser, say); there a time limit is kept by a [`Clock`] the caller
//!   gives ([`Budget::with_clock`]), and without one stops the work at
//!   once with [`StopReason::NoClock`].
//! - An [`Outcome`] says how the work ended: [`Outcome::Complete`], or
//!   [`Outcome::Stopped`] with the [`StopReason`]. Only complete work
//!   proves anything: that a count is exact, that nothing else exists.
//! - A [`Progress`] report is what a progress callback receives, with a
//!   stage of the operation's own type.
//!
//! Every long operation of every crate takes these the same way: setters
//! named `budget` and `on_progress` on the value that runs it, an answer
//! that carries an [`Outcome`] (or an enum with a `Stopped(StopReason)`
//! case), and what was found before a stop kept.
//!
//! # Example
//!
//! ```
//! use std::time::Duration;
//! use kongming_search::control::{Budget, CancelFlag, Outcome, StopReason};
//!
//! let flag = CancelFlag::new();
//! let budget = Budget::unlimited()
//!     .with_node_limit(10)
//!     .with_time_limit(Duration::from_secs(60))
//!     .with_cancel_flag(flag.clone());
//!
//! // A loop that does one node of work per turn.
//! let mut meter = budget.start();
//! let mut done = 0;
//! let outcome = loop {
//!     if let Some(reason) = meter.exceeded(done) {
//!         break Outcome::Stopped(reason);
//!     }
//!     done += 1;
//! };
//! assert_eq!(outcome, Outcome::Stopped(StopReason::NodeLimit));
//! assert_eq!(done, 10);
//! ```

mod budget;
mod meter;
mod outcome;
mod progress;

pub use budget::{Budget, CancelFlag, Clock};
pub use meter::Meter;
pub use outcome::{Outcome, StopReason};
pub use progress::{Progress, ProgressFn};
