//! The searches' progress callback and its cadence.

use crate::control::{Progress, ProgressFn};

/// How many nodes pass between progress reports.
pub(crate) const REPORT_EVERY: u64 = 4096;

/// A progress callback and when to call it next.
pub(crate) struct Reporter<'a> {
    every: u64,
    next_at: u64,
    callback: ProgressFn<'a>,
}

impl<'a> Reporter<'a> {
    /// Calls `callback` every `every` nodes (at least 1).
    pub(crate) fn new(every: u64, callback: impl FnMut(&Progress) + Send + 'a) -> Self {
        let every = every.max(1);
        Reporter {
            every,
            next_at: every,
            callback: ProgressFn::new(callback),
        }
    }

    /// Reports `nodes` visited and `found` solutions if a report is due.
    #[inline]
    pub(crate) fn tick(&mut self, nodes: u64, found: u64) {
        if nodes >= self.next_at {
            self.next_at = nodes.saturating_add(self.every);
            self.callback
                .report(&Progress::new((), nodes).with_found(found));
        }
    }
}
