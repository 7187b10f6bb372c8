//! A progress callback shared by the searches of one operation.
//!
//! An operation may run several searches one after the other (machine
//! values, then exact values after an overflow; hand after hand for a
//! [`Solver`](crate::Solver)), each of which takes a callback of its own:
//! they all forward to one callback, with their node counts carried on
//! from the work before them.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use kongming_search::control::{Progress, ProgressFn};

/// The callback of an operation, shared by its searches.
pub(crate) type Relay<'a> = Arc<Mutex<ProgressFn<'a>>>;

/// Boxes `callback` to be shared.
pub(crate) fn relay<'a>(callback: impl FnMut(&Progress) + Send + 'a) -> Relay<'a> {
    Arc::new(Mutex::new(ProgressFn::new(callback)))
}

/// Calls the shared callback with `report`.
pub(crate) fn report(relay: &Relay<'_>, report: &Progress) {
    relay
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .report(report);
}

/// A callback for one search: its reports go to `relay` with `offset`
/// nodes of earlier work added, and with `found` (the operation's own
/// count) in place of the search's, when given.
pub(crate) fn forward<'a>(
    relay: &Relay<'a>,
    offset: u64,
    found: Option<Arc<AtomicU64>>,
) -> impl FnMut(&Progress) + Send + 'a {
    let relay = Arc::clone(relay);
    move |p: &Progress| {
        let found = match &found {
            Some(count) => count.load(Ordering::Relaxed),
            None => p.found,
        };
        let done = p.done.saturating_add(offset);
        report(&relay, &Progress::new((), done).with_found(found));
    }
}
