//! Counting an enumeration part by part under one budget, with progress
//! after each part (in parallel with the `parallel` feature), and the
//! order-5 counter's runs.
//!
//! The parts of one count share a started budget, a [`Meter`]: each part
//! of the general search gets what is left of it
//! ([`Meter::remaining`]), and a part that stops raises a flag of the
//! count's own so that the parts running beside it stop too. The clock is
//! read only through the meter, so only when the budget has a time limit.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use kongming_search::control::{Budget, CancelFlag, Meter, Outcome, Progress, StopReason};
use kongming_search::dfs::{self, Search, Stats, auto_split_depth};

use crate::control::{Control, REPORT_EVERY, Stage, stop_now};
use crate::count::Counted;
use crate::enumerate::{Enumeration, SquareProblem};
use crate::order5::{self, Counter as Order5Counter, Part, Tally};

/// Parts wanted per thread, so that uneven parts still share out well.
const PARTS_PER_THREAD: usize = 64;

/// The budget shared by the parts of one count: the nodes of every part
/// so far, the first reason to stop, and the flag that stops the parts
/// still running once there is one.
struct Shared {
    meter: Meter,
    /// Whether the parts must report their nodes as they go (a node limit
    /// or a cancel flag to watch); a time limit each part's own meter
    /// watches.
    watch: bool,
    nodes: AtomicU64,
    halt: CancelFlag,
    stop: OnceLock<StopReason>,
}

impl Shared {
    fn new(budget: &Budget, nodes: u64) -> Self {
        Shared {
            meter: budget.start(),
            watch: budget.node_limit().is_some() || budget.cancel_flag().is_some(),
            nodes: AtomicU64::new(nodes),
            halt: CancelFlag::new(),
            stop: OnceLock::new(),
        }
    }

    /// Records why the count stops (the first reason stays) and stops
    /// every part.
    fn stop(&self, reason: StopReason) {
        let _ = self.stop.set(reason);
        self.halt.cancel();
    }

    fn outcome(&self) -> Outcome {
        self.stop
            .get()
            .map_or(Outcome::Complete, |&reason| Outcome::Stopped(reason))
    }

    /// Whether the count may start another part.
    fn may_go_on(&self) -> bool {
        if self.halt.is_cancelled() {
            return false;
        }
        let nodes = self.nodes.load(Ordering::Relaxed);
        match stop_now(&mut self.meter.clone(), nodes) {
            Some(reason) => {
                self.stop(reason);
                false
            }
            None => true,
        }
    }

    /// Counts one part of the general search; `None` if the count had
    /// already stopped. A part cut short keeps what it counted.
    fn count(&self, problem: &mut SquareProblem, prefix: &[u8]) -> Option<(u64, Stats, bool)> {
        if !self.may_go_on() {
            return None;
        }
        let budget = self
            .meter
            .remaining(self.nodes.load(Ordering::Relaxed))
            .with_cancel_flag(self.halt.clone());
        let mut reported = 0;
        let mut search = Search::new(dfs::replay(problem, prefix)).budget(budget);
        if self.watch {
            let mut meter = self.meter.clone();
            let reported = &mut reported;
            search = search.on_progress(move |report| {
                let delta = report.done - *reported;
                *reported = report.done;
                let nodes = self.nodes.fetch_add(delta, Ordering::Relaxed) + delta;
                if let Some(reason) = stop_now(&mut meter, nodes) {
                    self.stop(reason);
                }
            });
        }
        let count = search.count();
        let stats = search.stats();
        let outcome = search.outcome().unwrap_or(Outcome::Complete);
        drop(search);
        self.nodes
            .fetch_add(stats.nodes - reported, Ordering::Relaxed);
        if let Outcome::Stopped(reason) = outcome {
            self.stop(reason);
        }
        Some((count, stats, outcome.is_complete()))
    }
}

/// How many threads the parts run on.
fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// The progress of a count part by part: parts done of `total`, and the
/// count so far, told to the callback after each part.
struct PartsDone<'c> {
    control: &'c Control,
    total: u64,
    state: Mutex<(u64, u64)>,
}

impl<'c> PartsDone<'c> {
    fn new(control: &'c Control, total: usize, found: u64) -> Self {
        PartsDone {
            control,
            total: total as u64,
            state: Mutex::new((0, found)),
        }
    }

    /// Adds `found` squares of a part; `complete` tells whether the part
    /// was counted to its end (only those are reported as done).
    fn add(&self, found: u64, complete: bool) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let (done, count) = &mut *state;
        *count = count.saturating_add(found);
        if complete {
            *done += 1;
            if self.control.observer.is_set() {
                self.control.observer.report(
                    &Progress::new(Stage::Parts, *done)
                        .with_total(self.total)
                        .with_found(*count),
                );
            }
        }
    }
}

/// Counts `enumeration` by the general search, split into subproblems
/// counted one by one (or on all cores).
pub(crate) fn count_in_parts(enumeration: &Enumeration, control: &Control) -> Counted {
    let (mut problem, factor) = enumeration.counting_problem();
    let max_depth = problem.branching_cells();
    let depth = auto_split_depth(&mut problem, PARTS_PER_THREAD * threads(), max_depth.min(6));
    let split = dfs::split(&mut problem, depth);
    let shared = Shared::new(&control.budget, split.stats.nodes);
    let above = split.solutions_above.len() as u64;
    let progress = PartsDone::new(control, split.len(), above.saturating_mul(factor));
    let report = |found: u64, complete: bool| progress.add(found.saturating_mul(factor), complete);
    let (below, stats) = run_parts(&shared, &problem, &split.prefixes, report);
    Counted::new(
        above.saturating_add(below).saturating_mul(factor),
        shared.outcome(),
        split.stats + stats,
    )
}

#[cfg(not(feature = "parallel"))]
fn run_parts(
    shared: &Shared,
    problem: &SquareProblem,
    prefixes: &[Vec<u8>],
    report: impl Fn(u64, bool),
) -> (u64, Stats) {
    let mut problem = problem.clone();
    let mut total = (0, Stats::default());
    for prefix in prefixes {
        let Some((count, stats, complete)) = shared.count(&mut problem, prefix) else {
            break;
        };
        total.0 += count;
        total.1 += stats;
        report(count, complete);
    }
    total
}

#[cfg(feature = "parallel")]
fn run_parts(
    shared: &Shared,
    problem: &SquareProblem,
    prefixes: &[Vec<u8>],
    report: impl Fn(u64, bool) + Sync,
) -> (u64, Stats) {
    use rayon::prelude::*;
    prefixes
        .par_iter()
        .with_max_len(1)
        .map_init(
            || problem.clone(),
            |problem, prefix| match shared.count(problem, prefix) {
                Some((count, stats, complete)) => {
                    report(count, complete);
                    (count, stats)
                }
                None => (0, Stats::default()),
            },
        )
        .reduce(|| (0, Stats::default()), |(a, s), (b, t)| (a + b, s + t))
}

/// The order-5 counter's budget: a node is a pair of diagonals.
struct Order5Budget {
    meter: Meter,
    nodes: AtomicU64,
    stop: OnceLock<StopReason>,
}

impl Order5Budget {
    fn new(budget: &Budget) -> Self {
        Self {
            meter: budget.start(),
            nodes: AtomicU64::new(0),
            stop: OnceLock::new(),
        }
    }

    /// Counts one part under the budget; `None` if the count had stopped.
    /// `pairs_done` hears the nodes of the whole count and the part's tally
    /// after each choice of the anti-diagonal's corners (twenty or so pairs
    /// of diagonals), where the budget is checked.
    fn count(
        &self,
        counter: &mut Order5Counter,
        part: &Part,
        mut pairs_done: impl FnMut(u64, &Tally),
    ) -> Option<Tally> {
        let mut meter = self.meter.clone();
        if self.stop.get().is_some() {
            return None;
        }
        if let Some(reason) = stop_now(&mut meter, self.nodes.load(Ordering::Relaxed)) {
            let _ = self.stop.set(reason);
            return None;
        }
        let mut seen = 0;
        Some(counter.count(part, |tally| {
            let delta = tally.diagonals - seen;
            seen = tally.diagonals;
            let nodes = self.nodes.fetch_add(delta, Ordering::Relaxed) + delta;
            pairs_done(nodes, tally);
            if self.stop.get().is_some() {
                return false;
            }
            match stop_now(&mut meter, nodes) {
                Some(reason) => {
                    let _ = self.stop.set(reason);
                    false
                }
                None => true,
            }
        }))
    }

    fn finish(self, orbits: u64, factor: u64) -> Counted {
        let mut stats = Stats::default();
        stats.nodes = self.nodes.into_inner();
        stats.solutions = orbits;
        let outcome = self
            .stop
            .into_inner()
            .map_or(Outcome::Complete, Outcome::Stopped);
        Counted::new(orbits.saturating_mul(factor), outcome, stats)
    }
}

/// The normal magic squares of order 5 with centre `centre` (all of them
/// with `None`), counted by the specialised counter ([`crate::order5`])
/// part by part, on all cores with the `parallel` feature; `factor` is
/// what an orbit of the group of 32 counts for (4 Frénicle forms or 32
/// squares). The progress callback hears after each part
/// ([`Stage::Parts`]).
pub(crate) fn count_order5_in_parts(
    centre: Option<u32>,
    factor: u64,
    control: &Control,
) -> Counted {
    let parts = order5::parts(centre);
    let shared = Order5Budget::new(&control.budget);
    let progress = PartsDone::new(control, parts.len(), 0);
    let report = |tally: Tally, complete: bool| {
        progress.add(tally.orbits.saturating_mul(factor), complete);
    };
    let orbits = run_order5(&shared, &parts, report);
    shared.finish(orbits, factor)
}

#[cfg(not(feature = "parallel"))]
fn run_order5(shared: &Order5Budget, parts: &[Part], report: impl Fn(Tally, bool)) -> u64 {
    let mut counter = Order5Counter::new();
    let mut orbits = 0u64;
    for part in parts {
        let Some(tally) = shared.count(&mut counter, part, |_, _| {}) else {
            break;
        };
        orbits = orbits.saturating_add(tally.orbits);
        report(tally, shared.stop.get().is_none());
    }
    orbits
}

#[cfg(feature = "parallel")]
fn run_order5(shared: &Order5Budget, parts: &[Part], report: impl Fn(Tally, bool) + Sync) -> u64 {
    use rayon::prelude::*;
    // Counters (their tables are large) are made only for the parts that
    // run, at most one per thread, and handed from part to part.
    let spare: Mutex<Vec<Order5Counter>> = Mutex::new(Vec::new());
    parts
        .par_iter()
        .with_max_len(1)
        .map(|part| {
            if shared.stop.get().is_some() {
                return 0;
            }
            let taken = spare.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let mut counter = taken.unwrap_or_else(Order5Counter::new);
            let tally = shared.count(&mut counter, part, |_, _| {});
            spare
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(counter);
            let Some(tally) = tally else {
                return 0;
            };
            report(tally, shared.stop.get().is_none());
            tally.orbits
        })
        .reduce(|| 0, u64::saturating_add)
}

/// The order-5 count on one thread, reporting [`Stage::Diagonals`] after
/// about every [`REPORT_EVERY`] pairs of diagonals.
pub(crate) fn count_order5(centre: Option<u32>, factor: u64, control: &Control) -> Counted {
    let shared = Order5Budget::new(&control.budget);
    let mut counter = Order5Counter::new();
    let mut next_report = REPORT_EVERY;
    let mut orbits = 0u64;
    for part in order5::parts(centre) {
        let before = orbits;
        let tally = shared.count(&mut counter, &part, |nodes, tally| {
            if nodes >= next_report && control.observer.is_set() {
                next_report = (nodes - nodes % REPORT_EVERY).saturating_add(REPORT_EVERY);
                let found = before.saturating_add(tally.orbits).saturating_mul(factor);
                control
                    .observer
                    .report(&Progress::new(Stage::Diagonals, nodes).with_found(found));
            }
        });
        let Some(tally) = tally else {
            break;
        };
        orbits = orbits.saturating_add(tally.orbits);
    }
    shared.finish(orbits, factor)
}
