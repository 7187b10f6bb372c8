//! A progress callback that a reusable value keeps and its runs share.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use kongming_search::control::{Progress, ProgressFn};

/// The callback of an `on_progress` setter, kept by a value that may run
/// several times (and be cloned): each run reports to the same callback.
/// The lock is taken only to report, every few thousand nodes.
pub(crate) struct SharedProgress<'a, S = ()>(Arc<Mutex<ProgressFn<'a, S>>>);

impl<'a, S> SharedProgress<'a, S> {
    pub(crate) fn new(callback: impl FnMut(&Progress<S>) + Send + 'a) -> Self {
        SharedProgress(Arc::new(Mutex::new(ProgressFn::new(callback))))
    }

    /// Calls the callback with `report`. A callback that panicked in an
    /// earlier report is called again all the same.
    pub(crate) fn report(&self, report: &Progress<S>) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .report(report);
    }
}

impl<S> Clone for SharedProgress<'_, S> {
    fn clone(&self) -> Self {
        SharedProgress(Arc::clone(&self.0))
    }
}

impl<S> fmt::Debug for SharedProgress<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedProgress(..)")
    }
}
