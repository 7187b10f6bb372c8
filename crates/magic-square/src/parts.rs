//! Counting an enumeration part by part, with progress after each part
//! (in parallel with the `parallel` feature).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use kongming_search::control::{Budget, CancelFlag, Outcome, StopReason};
use kongming_search::dfs::{self, Search, Stats, auto_split_depth};

use crate::enumerate::{Count, Enumeration, SquareProblem};
use crate::order5::{self, Counter as Order5Counter, Part, Tally};

/// Parts wanted per thread, so that uneven parts still share out well.
const PARTS_PER_THREAD: usize = 64;

/// The budget shared by the parts of one count.
struct Shared {
    nodes: AtomicU64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    flag: CancelFlag,
    user_flag: Option<CancelFlag>,
    stop: Mutex<Option<StopReason>>,
}

impl Shared {
    fn stopped(&self) -> bool {
        self.flag.is_cancelled()
            || self
                .user_flag
                .as_ref()
                .is_some_and(CancelFlag::is_cancelled)
    }

    fn part_budget(&self) -> Budget {
        let mut budget = Budget::unlimited().with_cancel_flag(self.flag.clone());
        if let Some(limit) = self.node_limit {
            budget =
                budget.with_node_limit(limit.saturating_sub(self.nodes.load(Ordering::Relaxed)));
        }
        if let Some(deadline) = self.deadline {
            budget = budget.with_time_limit(deadline.saturating_duration_since(Instant::now()));
        }
        budget
    }

    /// Counts one part; `None` if the count had already stopped.
    fn count(&self, problem: &mut SquareProblem, prefix: &[u8]) -> Option<(u64, Stats)> {
        if self.stopped() {
            if let Ok(mut stop) = self.stop.lock() {
                stop.get_or_insert(StopReason::Cancelled);
            }
            self.flag.cancel();
            return None;
        }
        let user_flag = self.user_flag.clone();
        let halt = self.flag.clone();
        let mut search = Search::new(dfs::replay(problem, prefix))
            .budget(self.part_budget())
            .on_progress(move |_| {
                if user_flag.as_ref().is_some_and(CancelFlag::is_cancelled) {
                    halt.cancel();
                }
            });
        let count = search.count();
        let stats = search.stats();
        let outcome = search.outcome();
        drop(search);
        self.nodes.fetch_add(stats.nodes, Ordering::Relaxed);
        if let Some(Outcome::Stopped(reason)) = outcome {
            if let Ok(mut stop) = self.stop.lock() {
                let reason = if self
                    .user_flag
                    .as_ref()
                    .is_some_and(CancelFlag::is_cancelled)
                {
                    StopReason::Cancelled
                } else {
                    reason
                };
                stop.get_or_insert(reason);
            }
            self.flag.cancel();
        }
        Some((count, stats))
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

pub(crate) fn count_in_parts(
    enumeration: &Enumeration,
    budget: &Budget,
    progress: impl FnMut(usize, usize, u64) + Send,
) -> Count {
    let (mut problem, factor) = enumeration.counting_problem();
    let max_depth = problem.branching_cells();
    let depth = auto_split_depth(&mut problem, PARTS_PER_THREAD * threads(), max_depth.min(6));
    let split = dfs::split(&mut problem, depth);
    let shared = Shared {
        nodes: AtomicU64::new(split.stats.nodes),
        node_limit: budget.node_limit(),
        deadline: budget
            .time_limit()
            .and_then(|limit| Instant::now().checked_add(limit)),
        flag: CancelFlag::new(),
        user_flag: budget.cancel_flag().cloned(),
        stop: Mutex::new(None),
    };
    let total = split.len();
    let above = split.solutions_above.len() as u64;
    let state = Mutex::new((0usize, above.saturating_mul(factor), progress));
    let report = |found: u64| {
        if let Ok(mut state) = state.lock() {
            let (done, count, progress) = &mut *state;
            *done += 1;
            *count = count.saturating_add(found.saturating_mul(factor));
            progress(*done, total, *count);
        }
    };
    let (below, stats) = run_parts(&shared, &problem, &split.prefixes, report);
    let stop = shared.stop.lock().ok().and_then(|stop| *stop);
    Count {
        count: above.saturating_add(below).saturating_mul(factor),
        outcome: stop.map_or(Outcome::Complete, Outcome::Stopped),
        stats: split.stats + stats,
    }
}

#[cfg(not(feature = "parallel"))]
fn run_parts(
    shared: &Shared,
    problem: &SquareProblem,
    prefixes: &[Vec<u8>],
    report: impl Fn(u64),
) -> (u64, Stats) {
    let mut problem = problem.clone();
    let mut total = (0, Stats::default());
    for prefix in prefixes {
        let Some((count, stats)) = shared.count(&mut problem, prefix) else {
            break;
        };
        total.0 += count;
        total.1 += stats;
        report(count);
    }
    total
}

#[cfg(feature = "parallel")]
fn run_parts(
    shared: &Shared,
    problem: &SquareProblem,
    prefixes: &[Vec<u8>],
    report: impl Fn(u64) + Sync,
) -> (u64, Stats) {
    use rayon::prelude::*;
    prefixes
        .par_iter()
        .with_max_len(1)
        .map_init(
            || problem.clone(),
            |problem, prefix| {
                let found = shared.count(problem, prefix);
                if let Some((count, _)) = found {
                    report(count);
                }
                found.unwrap_or_default()
            },
        )
        .reduce(|| (0, Stats::default()), |(a, s), (b, t)| (a + b, s + t))
}

/// The order-5 counter's budget: diagonal pairs count as nodes.
struct Order5Budget {
    nodes: AtomicU64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    flag: Option<CancelFlag>,
    stop: Mutex<Option<StopReason>>,
}

impl Order5Budget {
    fn new(budget: &Budget) -> Self {
        Self {
            nodes: AtomicU64::new(0),
            node_limit: budget.node_limit(),
            deadline: budget
                .time_limit()
                .and_then(|limit| Instant::now().checked_add(limit)),
            flag: budget.cancel_flag().cloned(),
            stop: Mutex::new(None),
        }
    }

    fn stopped(&self) -> bool {
        self.stop.lock().map_or(true, |stop| stop.is_some())
    }

    fn halt(&self, reason: StopReason) {
        if let Ok(mut stop) = self.stop.lock() {
            stop.get_or_insert(reason);
        }
    }

    /// Adds `delta` nodes; whether the count may go on.
    fn spend(&self, delta: u64) -> bool {
        let nodes = self.nodes.fetch_add(delta, Ordering::Relaxed) + delta;
        if self.node_limit.is_some_and(|limit| nodes >= limit) {
            self.halt(StopReason::NodeLimit);
        } else if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.halt(StopReason::TimeLimit);
        } else if self.flag.as_ref().is_some_and(CancelFlag::is_cancelled) {
            self.halt(StopReason::Cancelled);
        }
        !self.stopped()
    }

    /// Counts one part under the budget; `None` if the count had stopped.
    fn count(&self, counter: &mut Order5Counter, part: &Part) -> Option<Tally> {
        if !self.spend(0) {
            return None;
        }
        let mut seen = 0;
        Some(counter.count(part, |tally| {
            let delta = tally.diagonals - seen;
            seen = tally.diagonals;
            self.spend(delta)
        }))
    }

    fn finish(self, orbits: u64, factor: u64) -> Count {
        let stop = self.stop.into_inner().ok().flatten();
        let mut stats = Stats::default();
        stats.nodes = self.nodes.into_inner();
        stats.solutions = orbits;
        Count {
            count: orbits.saturating_mul(factor),
            outcome: stop.map_or(Outcome::Complete, Outcome::Stopped),
            stats,
        }
    }
}

/// The normal magic squares of order 5 with centre `centre` (all of them
/// with `None`), counted by the specialised counter ([`crate::order5`])
/// part by part, on all cores with the `parallel` feature; `factor` is
/// what an orbit of the group of 32 counts for (4 Frénicle forms or 32
/// squares). `progress` hears after each part how many are done, of how
/// many, and the count so far.
pub(crate) fn count_order5_in_parts(
    centre: Option<u32>,
    factor: u64,
    budget: &Budget,
    progress: impl FnMut(usize, usize, u64) + Send,
) -> Count {
    let parts = order5::parts(centre);
    let shared = Order5Budget::new(budget);
    let total = parts.len();
    let state = Mutex::new((0usize, 0u64, progress));
    let report = |tally: Tally| {
        if let Ok(mut state) = state.lock() {
            let (done, count, progress) = &mut *state;
            *done += 1;
            *count = count.saturating_add(tally.orbits.saturating_mul(factor));
            progress(*done, total, *count);
        }
    };
    let orbits = run_order5(&shared, &parts, report);
    shared.finish(orbits, factor)
}

#[cfg(not(feature = "parallel"))]
fn run_order5(shared: &Order5Budget, parts: &[Part], report: impl Fn(Tally)) -> u64 {
    let mut counter = Order5Counter::new();
    let mut orbits = 0u64;
    for part in parts {
        let Some(tally) = shared.count(&mut counter, part) else {
            break;
        };
        orbits = orbits.saturating_add(tally.orbits);
        report(tally);
    }
    orbits
}

#[cfg(feature = "parallel")]
fn run_order5(shared: &Order5Budget, parts: &[Part], report: impl Fn(Tally) + Sync) -> u64 {
    use rayon::prelude::*;
    parts
        .par_iter()
        .with_max_len(1)
        .map_init(Order5Counter::new, |counter, part| {
            // A part skipped after a stop is not reported as done.
            let Some(tally) = shared.count(counter, part) else {
                return 0;
            };
            report(tally);
            tally.orbits
        })
        .reduce(|| 0, u64::saturating_add)
}

/// The order-5 count on one thread, calling `progress` with the
/// statistics whenever another `every` diagonal pairs are done.
pub(crate) fn count_order5_with_budget(
    centre: Option<u32>,
    factor: u64,
    budget: &Budget,
    every: u64,
    mut progress: impl FnMut(&Stats),
) -> Count {
    let shared = Order5Budget::new(budget);
    let mut counter = Order5Counter::new();
    let every = every.max(1);
    let mut next = every;
    let mut orbits = 0u64;
    for part in order5::parts(centre) {
        if !shared.spend(0) {
            break;
        }
        let mut seen = 0;
        let tally = counter.count(&part, |tally| {
            let delta = tally.diagonals - seen;
            seen = tally.diagonals;
            let go_on = shared.spend(delta);
            let nodes = shared.nodes.load(Ordering::Relaxed);
            if nodes >= next {
                let mut stats = Stats::default();
                stats.nodes = nodes;
                stats.solutions = orbits.saturating_add(tally.orbits);
                progress(&stats);
                next = (nodes - nodes % every).saturating_add(every);
            }
            go_on
        });
        orbits = orbits.saturating_add(tally.orbits);
    }
    shared.finish(orbits, factor)
}
