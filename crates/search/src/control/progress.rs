//! What a progress callback receives: [`Progress`], and [`ProgressFn`],
//! the callback as an operation keeps it.

use std::fmt;

/// A progress report: how far an operation has got.
///
/// `S` is the operation's own account of where it is (a stage such as
/// "counting level 12", or `()` when there is only one). Each operation
/// documents when it reports and what its nodes are; `done` only grows
/// within a stage.
///
/// # Example
///
/// ```
/// use kongming_search::control::Progress;
///
/// let report = Progress::new("levels", 7).with_total(31).with_found(1_234);
/// assert_eq!((report.stage, report.done, report.total, report.found), ("levels", 7, Some(31), 1_234));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Progress<S = ()> {
    /// Where the operation is.
    pub stage: S,
    /// Work done so far in this stage, in the operation's own unit (nodes,
    /// levels, hands, seeds).
    pub done: u64,
    /// How much work the stage has in all, when it is known.
    pub total: Option<u64>,
    /// What the operation has found so far (solutions, positions,
    /// puzzles).
    pub found: u64,
}

impl<S> Progress<S> {
    /// A report of `done` units of work in `stage`, with no total known and
    /// nothing found yet.
    ///
    /// # Example
    ///
    /// ```
    /// let report = kongming_search::control::Progress::new((), 10);
    /// assert_eq!((report.done, report.total, report.found), (10, None, 0));
    /// ```
    #[must_use]
    pub fn new(stage: S, done: u64) -> Self {
        Progress {
            stage,
            done,
            total: None,
            found: 0,
        }
    }

    /// The same report with the stage's total work known.
    ///
    /// # Example
    ///
    /// ```
    /// let report = kongming_search::control::Progress::new((), 1).with_total(4);
    /// assert_eq!(report.total, Some(4));
    /// ```
    #[must_use]
    pub fn with_total(mut self, total: u64) -> Self {
        self.total = Some(total);
        self
    }

    /// The same report with `found` things found so far.
    ///
    /// # Example
    ///
    /// ```
    /// let report = kongming_search::control::Progress::new((), 1).with_found(2);
    /// assert_eq!(report.found, 2);
    /// ```
    #[must_use]
    pub fn with_found(mut self, found: u64) -> Self {
        self.found = found;
        self
    }
}

/// A progress callback, as an operation keeps it: any
/// `FnMut(&Progress<S>) + Send`, boxed.
///
/// Operations take the closure itself (`on_progress(|report| …)`) and box
/// it here. Raise the budget's [`CancelFlag`](super::CancelFlag) from the
/// callback to stop the work.
///
/// # Example
///
/// ```
/// use kongming_search::control::{Progress, ProgressFn};
///
/// let mut seen = Vec::new();
/// let mut callback = ProgressFn::new(|report: &Progress| seen.push(report.done));
/// callback.report(&Progress::new((), 1));
/// callback.report(&Progress::new((), 2));
/// drop(callback);
/// assert_eq!(seen, [1, 2]);
/// ```
pub struct ProgressFn<'a, S = ()>(Box<Callback<'a, S>>);

/// The callback's type, unboxed.
type Callback<'a, S> = dyn FnMut(&Progress<S>) + Send + 'a;

impl<'a, S> ProgressFn<'a, S> {
    /// Boxes `callback`.
    ///
    /// # Example
    ///
    /// ```
    /// let _ = kongming_search::control::ProgressFn::<()>::new(|_| {});
    /// ```
    pub fn new(callback: impl FnMut(&Progress<S>) + Send + 'a) -> Self {
        ProgressFn(Box::new(callback))
    }

    /// Calls the callback with `report`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::control::{Progress, ProgressFn};
    /// let mut calls = 0;
    /// ProgressFn::new(|_: &Progress| calls += 1).report(&Progress::new((), 0));
    /// assert_eq!(calls, 1);
    /// ```
    pub fn report(&mut self, report: &Progress<S>) {
        (self.0)(report);
    }
}

impl<S> fmt::Debug for ProgressFn<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressFn(..)")
    }
}
