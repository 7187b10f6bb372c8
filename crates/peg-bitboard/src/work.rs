//! The running budget of one census operation, shared by the loops (and,
//! with the `parallel` feature, the threads) that do its work: [`Work`].
//!
//! The census's loops go a chunk of positions at a time, so they meter
//! per chunk: a chunk's positions are counted as nodes before it is
//! expanded, and the cancel flag and the clock (only with a time limit:
//! [`Meter::check_now`]) are looked at then. Loops that expand nothing
//! but take time on large levels (sorts, the relaxed games' tables) look
//! at the flag and the clock now and then with [`Work::poll`]. Once work
//! has stopped, every loop gives up at its next look and its caller drops
//! what it was making: a stopped census keeps only what it finished.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use kongming_search::control::{Budget, Meter, StopReason};

/// Positions expanded between two looks at the budget.
pub(crate) const CHUNK: usize = 1 << 12;

/// A started budget that threads share: the nodes counted so far, and
/// the reason work stopped, once it has.
#[derive(Debug)]
pub(crate) struct Work {
    meter: Meter,
    node_limit: u64,
    nodes: AtomicU64,
    /// 0 while work goes on, else [`code`] of the stop reason.
    stop: AtomicU8,
}

impl Work {
    /// Starts `budget` (its clock, if it has a time limit, starts now).
    pub(crate) fn start(budget: &Budget) -> Work {
        Work {
            meter: budget.start(),
            node_limit: budget.node_limit().unwrap_or(u64::MAX),
            nodes: AtomicU64::new(0),
            stop: AtomicU8::new(0),
        }
    }

    /// Work without limits.
    pub(crate) fn unlimited() -> Work {
        Work::start(&Budget::unlimited())
    }

    /// Counts `nodes` more nodes, about to be done: whether work must
    /// stop instead (the node limit would be passed, the flag is raised,
    /// the time is up, or work stopped already).
    #[inline]
    pub(crate) fn tick(&self, nodes: u64) -> bool {
        if self.stop.load(Ordering::Relaxed) != 0 {
            return true;
        }
        let done = self
            .nodes
            .fetch_add(nodes, Ordering::Relaxed)
            .saturating_add(nodes);
        if done > self.node_limit {
            self.halt(StopReason::NodeLimit);
            return true;
        }
        self.poll()
    }

    /// Whether work must stop now: the flag is raised, the time is up
    /// (the clock is read only with a time limit), or work stopped
    /// already.
    #[inline]
    pub(crate) fn poll(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) != 0 {
            return true;
        }
        match self.meter.check_now() {
            Some(reason) => {
                self.halt(reason);
                true
            }
            None => false,
        }
    }

    /// Why work stopped, if it has.
    pub(crate) fn stopped(&self) -> Option<StopReason> {
        decode(self.stop.load(Ordering::Relaxed))
    }

    /// `Err` with the reason work stopped, if it has: for `?` after each
    /// piece of work, so that nothing made by stopped work is kept.
    pub(crate) fn check(&self) -> Result<(), StopReason> {
        self.stopped().map_or(Ok(()), Err)
    }

    /// [`poll`](Work::poll), then [`check`](Work::check): for the ends
    /// of stages, which look at the clock whatever the node count.
    pub(crate) fn check_now(&self) -> Result<(), StopReason> {
        self.poll();
        self.check()
    }

    /// Records the first reason work stopped.
    fn halt(&self, reason: StopReason) {
        let _ = self
            .stop
            .compare_exchange(0, code(reason), Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// The code of a stop reason in [`Work::stop`] (never 0).
fn code(reason: StopReason) -> u8 {
    match reason {
        StopReason::NodeLimit => 1,
        StopReason::TimeLimit => 2,
        StopReason::NoClock => 4,
        // `Cancelled`, and any reason the core adds later.
        _ => 3,
    }
}

/// The stop reason of a code of [`code`].
fn decode(code: u8) -> Option<StopReason> {
    match code {
        0 => None,
        1 => Some(StopReason::NodeLimit),
        2 => Some(StopReason::TimeLimit),
        4 => Some(StopReason::NoClock),
        _ => Some(StopReason::Cancelled),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use kongming_search::control::CancelFlag;

    use super::*;

    #[test]
    fn work_stops_past_its_node_limit_and_stays_stopped() {
        let work = Work::start(&Budget::unlimited().with_node_limit(10));
        assert!(!work.tick(4));
        assert!(!work.tick(6));
        assert_eq!(work.check(), Ok(()));
        assert!(work.tick(1));
        assert_eq!(work.stopped(), Some(StopReason::NodeLimit));
        assert!(work.poll());
        assert_eq!(work.check(), Err(StopReason::NodeLimit));
    }

    #[test]
    fn work_stops_when_its_flag_is_raised_or_its_time_is_up() {
        let flag = CancelFlag::new();
        let work = Work::start(&Budget::unlimited().with_cancel_flag(flag.clone()));
        assert!(!work.poll());
        flag.cancel();
        assert!(work.tick(1));
        assert_eq!(work.check(), Err(StopReason::Cancelled));
        let work = Work::start(&Budget::unlimited().with_time_limit(Duration::ZERO));
        assert_eq!(work.check(), Ok(()));
        assert_eq!(work.check_now(), Err(StopReason::TimeLimit));
        // The first reason is kept.
        assert!(work.tick(u64::MAX));
        assert_eq!(work.stopped(), Some(StopReason::TimeLimit));
        assert!(!Work::unlimited().tick(u64::MAX));
    }
}
