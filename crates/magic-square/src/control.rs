//! How a count or a listing is bounded and observed: the [`Stage`] its
//! progress reports name, and the budget and progress callback an
//! [`Enumeration`](crate::Enumeration) keeps for every run.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use kongming_search::control::{Budget, Meter, Outcome, Progress, ProgressFn, StopReason};
use kongming_search::dfs::Search;

use crate::count::Counted;
use crate::enumerate::SquareProblem;

/// How many nodes pass between progress reports of the general search and
/// of the order-5 counter.
pub(crate) const REPORT_EVERY: u64 = 4096;

/// Where a count or a listing of an [`Enumeration`](crate::Enumeration)
/// is: the stage of its [`Progress`] reports.
///
/// In every report, `found` is what has been found so far in the unit of
/// the answer (squares, or Frénicle forms when counting up to symmetry),
/// and `done` is the work of the stage in the unit named here.
///
/// # Example
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use kongming_magic_square::{Enumeration, Kind, Progress, Stage};
///
/// let reports = Arc::new(Mutex::new(Vec::new()));
/// let seen = Arc::clone(&reports);
/// let order4 = Enumeration::new(4, Kind::MAGIC)?
///     .on_progress(move |report: &Progress<Stage>| seen.lock().unwrap().push(*report));
/// assert_eq!(order4.count().exact(), Some(7040));
/// let reports = reports.lock().unwrap();
/// let last = reports.last().unwrap();
/// assert_eq!(last.stage, Stage::Corners);
/// assert_eq!((Some(last.done), last.found), (last.total, 7040));
/// # Ok::<(), kongming_magic_square::EnumerationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Stage {
    /// The general search: `done` counts its nodes (a branching cell given
    /// a number), reported every 4,096 nodes.
    Search,
    /// The enumerator of the normal magic squares of order 4: `done`
    /// counts the choices of the four corners made, of `total`, reported
    /// after each.
    Corners,
    /// The counter of the normal magic squares of order 5: `done` counts
    /// the pairs of diagonals examined (one per orbit of the group of 32),
    /// reported after about every 4,096 of them.
    Diagonals,
    /// Counting part by part: `done` counts the parts counted to their
    /// end, of `total`, reported after each.
    Parts,
    /// A [`Hinter`](crate::Hinter)'s searches: `done` counts their
    /// decisions, reported after each search and every 4,096 nodes within
    /// one.
    Hint,
    /// A [`Generator`](crate::Generator) drawing the square
    /// of a puzzle: `done` counts the decisions of its search so far,
    /// reported when it ends.
    Drawing,
    /// A [`Generator`](crate::Generator) blanking cells:
    /// `done` counts the cells tried in the current attempt, of `total`
    /// (all the cells), reported after each; `found` is the puzzles made.
    Removing,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::Search => "search",
            Stage::Corners => "corners",
            Stage::Diagonals => "diagonals",
            Stage::Parts => "parts",
            Stage::Hint => "hint",
            Stage::Drawing => "drawing",
            Stage::Removing => "removing",
        })
    }
}

/// A progress callback shared by the clones of an enumeration (and by the
/// threads of a parallel count, one report at a time).
#[derive(Clone, Default)]
pub(crate) struct Observer(Option<Arc<Mutex<ProgressFn<'static, Stage>>>>);

impl Observer {
    /// Whether a callback is set: without one nothing is reported and the
    /// searches carry no hook.
    pub(crate) fn is_set(&self) -> bool {
        self.0.is_some()
    }

    /// Hands `report` to the callback, if any. Kept out of line, so that
    /// the loops that report compile as tightly as without a callback.
    #[inline(never)]
    pub(crate) fn report(&self, report: &Progress<Stage>) {
        if let Some(callback) = &self.0 {
            // A callback that panicked once still hears the next reports.
            callback
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .report(report);
        }
    }
}

impl fmt::Debug for Observer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_set() {
            "Observer(set)"
        } else {
            "Observer(none)"
        })
    }
}

/// The budget and the progress callback of an enumeration's runs.
#[derive(Clone, Debug, Default)]
pub(crate) struct Control {
    pub(crate) budget: Budget,
    pub(crate) observer: Observer,
}

impl Control {
    /// Sets the progress callback.
    pub(crate) fn observe(&mut self, callback: impl FnMut(&Progress<Stage>) + Send + 'static) {
        self.observer = Observer(Some(Arc::new(Mutex::new(ProgressFn::new(callback)))));
    }

    /// The general search of `problem` under the budget, reporting
    /// [`Stage::Search`] with its solutions times `factor` found.
    pub(crate) fn search(
        &self,
        problem: SquareProblem,
        factor: u64,
    ) -> Search<'static, SquareProblem> {
        let search = Search::new(problem).budget(self.budget.clone());
        if !self.observer.is_set() {
            return search;
        }
        let observer = self.observer.clone();
        search.on_progress(move |report| {
            observer.report(
                &Progress::new(Stage::Search, report.done)
                    .with_found(report.found.saturating_mul(factor)),
            );
        })
    }

    /// Counts the solutions of `problem` by the general search, each
    /// standing for `factor` squares.
    pub(crate) fn count_search(&self, problem: SquareProblem, factor: u64) -> Counted {
        let mut search = self.search(problem, factor);
        let found = search.count();
        Counted::new(
            found.saturating_mul(factor),
            search.outcome().unwrap_or(Outcome::Complete),
            search.stats(),
        )
    }
}

/// Whether work whose nodes are slow must stop after `nodes` of them: the
/// node limit, and the flag and the clock at every call (the clock only
/// when the budget has a time limit).
pub(crate) fn stop_now(meter: &mut Meter, nodes: u64) -> Option<StopReason> {
    meter.exceeded(nodes).or_else(|| meter.check_now())
}
