//! Counting on all cores with rayon: [`split`](super::split) the tree, then
//! count the subproblems in parallel.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use std::fmt;

use super::engine::Search;
use super::problem::Problem;
use super::split::{CountReport, auto_split_depth, replay, walk_to_depth};
use super::stats::Stats;
use crate::control::{Budget, CancelFlag, Meter, Outcome, StopReason};

/// How often (in nodes) a part reports its progress to the shared budget.
const REPORT_EVERY: u64 = 1024;

/// Subproblems wanted per thread by [`par_count_auto`], so that uneven
/// subtrees still keep every thread busy.
const PARTS_PER_THREAD: usize = 16;

/// The deepest split [`par_count_auto`] tries.
const MAX_AUTO_DEPTH: usize = 32;

/// Counts the solutions of `problem` on all cores: the tree is
/// [`split`](super::split) at `split_depth` and the subproblems are counted
/// in parallel with rayon, each on its own clone of `problem` (one clone per
/// rayon work item batch, not per subproblem).
///
/// The result equals [`Search::count`] on the same problem. Choose
/// `split_depth` so that there are many more subproblems than threads (see
/// [`auto_split_depth`](super::auto_split_depth) and [`par_count_auto`]).
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{self, Problem};
///
/// /// Ordered ways to sum to `left` with parts 1, 2 and 3.
/// #[derive(Clone)]
/// struct Parts { left: u32 }
/// impl Problem for Parts {
///     type Move = u32;
///     type Solution = ();
///     fn moves(&self, out: &mut Vec<u32>) {
///         out.extend((1..=3).filter(|&p| p <= self.left));
///     }
///     fn apply(&mut self, p: &u32) { self.left -= p }
///     fn undo(&mut self, p: &u32) { self.left += p }
///     fn solution(&self) -> Option<()> { (self.left == 0).then_some(()) }
/// }
///
/// let parts = Parts { left: 20 };
/// assert_eq!(dfs::par_count(&parts, 6), dfs::count(parts.clone()));
/// assert_eq!(dfs::par_count(&parts, 6), 121_415);
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
pub fn par_count<P>(problem: &P, split_depth: usize) -> u64
where
    P: Problem + Clone + Sync,
    P::Move: Sync,
{
    ParCount::new(problem)
        .split_depth(split_depth)
        .count()
        .count
}

/// [`par_count`] at a split depth chosen by
/// [`auto_split_depth`](super::auto_split_depth): the shallowest depth (up to
/// 32) with at least 16 subproblems per rayon thread.
///
/// # Example
///
/// ```
/// # use kongming_search::dfs::{self, Problem};
/// # #[derive(Clone)]
/// # struct Parts { left: u32 }
/// # impl Problem for Parts {
/// #     type Move = u32; type Solution = ();
/// #     fn moves(&self, out: &mut Vec<u32>) { out.extend((1..=3).filter(|&p| p <= self.left)) }
/// #     fn apply(&mut self, p: &u32) { self.left -= p }
/// #     fn undo(&mut self, p: &u32) { self.left += p }
/// #     fn solution(&self) -> Option<()> { (self.left == 0).then_some(()) }
/// # }
/// assert_eq!(dfs::par_count_auto(&Parts { left: 20 }), 121_415);
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
pub fn par_count_auto<P>(problem: &P) -> u64
where
    P: Problem + Clone + Sync,
    P::Move: Sync,
{
    ParCount::new(problem).count().count
}

/// A parallel count to configure: [`par_count`] at a chosen split depth
/// (by default that of [`par_count_auto`]) under a [`Budget`] shared by the
/// split and all the subproblems. [`count`](ParCount::count) gives the
/// count so far, the [`Outcome`] (stopped if any part
/// stopped; then the other parts stop soon after and the parts not yet
/// started are skipped) and the summed [`Stats`].
///
/// The time limit runs from the call and the cancel flag is watched by every
/// part. The node limit bounds the nodes of all parts together; parts report
/// their nodes every thousand or so, so with several threads the total may
/// pass the limit by a few thousand nodes per thread before all stop. On a
/// complete count the stats equal those of one [`Search`] over the whole
/// tree.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{self, Problem, Search};
/// use kongming_search::control::{Budget, Outcome, StopReason};
/// # #[derive(Clone)]
/// # struct Parts { left: u32 }
/// # impl Problem for Parts {
/// #     type Move = u32; type Solution = ();
/// #     fn moves(&self, out: &mut Vec<u32>) { out.extend((1..=3).filter(|&p| p <= self.left)) }
/// #     fn apply(&mut self, p: &u32) { self.left -= p }
/// #     fn undo(&mut self, p: &u32) { self.left += p }
/// #     fn solution(&self) -> Option<()> { (self.left == 0).then_some(()) }
/// # }
/// let parts = Parts { left: 20 };
/// let all = dfs::ParCount::new(&parts).split_depth(5).count();
/// assert_eq!((all.count, all.outcome), (121_415, Outcome::Complete));
/// let mut whole = Search::new(parts.clone());
/// whole.count();
/// assert_eq!(all.stats, whole.stats());
///
/// let cut = dfs::ParCount::new(&parts)
///     .split_depth(5)
///     .budget(Budget::unlimited().with_node_limit(10_000))
///     .count();
/// assert_eq!(cut.outcome, Outcome::Stopped(StopReason::NodeLimit));
/// assert!(cut.count < 121_415);
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
#[must_use = "a count does nothing until `count` is called"]
pub struct ParCount<'p, P> {
    problem: &'p P,
    split_depth: Option<usize>,
    budget: Budget,
}

impl<P> fmt::Debug for ParCount<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParCount")
            .field("split_depth", &self.split_depth)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl<'p, P> ParCount<'p, P>
where
    P: Problem + Clone + Sync,
    P::Move: Sync,
{
    /// A count of `problem`'s solutions on all cores, unlimited, at the
    /// split depth of [`par_count_auto`].
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # #[derive(Clone)]
    /// # struct Parts { left: u32 }
    /// # impl Problem for Parts {
    /// #     type Move = u32; type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<u32>) { out.extend((1..=3).filter(|&p| p <= self.left)) }
    /// #     fn apply(&mut self, p: &u32) { self.left -= p }
    /// #     fn undo(&mut self, p: &u32) { self.left += p }
    /// #     fn solution(&self) -> Option<()> { (self.left == 0).then_some(()) }
    /// # }
    /// assert_eq!(dfs::ParCount::new(&Parts { left: 20 }).count().count, 121_415);
    /// ```
    pub fn new(problem: &'p P) -> Self {
        ParCount {
            problem,
            split_depth: None,
            budget: Budget::unlimited(),
        }
    }

    /// Splits the tree at `depth` into the subproblems counted in parallel.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # #[derive(Clone)]
    /// # struct Parts { left: u32 }
    /// # impl Problem for Parts {
    /// #     type Move = u32; type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<u32>) { out.extend((1..=3).filter(|&p| p <= self.left)) }
    /// #     fn apply(&mut self, p: &u32) { self.left -= p }
    /// #     fn undo(&mut self, p: &u32) { self.left += p }
    /// #     fn solution(&self) -> Option<()> { (self.left == 0).then_some(()) }
    /// # }
    /// assert_eq!(dfs::ParCount::new(&Parts { left: 12 }).split_depth(3).count().count, 927);
    /// ```
    pub fn split_depth(mut self, depth: usize) -> Self {
        self.split_depth = Some(depth);
        self
    }

    /// Limits the count: a node is one move applied, in the split or any
    /// subproblem.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # use kongming_search::control::{Budget, StopReason};
    /// # #[derive(Clone)]
    /// # struct Parts { left: u32 }
    /// # impl Problem for Parts {
    /// #     type Move = u32; type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<u32>) { out.extend((1..=3).filter(|&p| p <= self.left)) }
    /// #     fn apply(&mut self, p: &u32) { self.left -= p }
    /// #     fn undo(&mut self, p: &u32) { self.left += p }
    /// #     fn solution(&self) -> Option<()> { (self.left == 0).then_some(()) }
    /// # }
    /// let report = dfs::ParCount::new(&Parts { left: 30 })
    ///     .budget(Budget::unlimited().with_node_limit(1_000))
    ///     .count();
    /// assert_eq!(report.outcome.stop_reason(), Some(StopReason::NodeLimit));
    /// ```
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Counts: the count so far, how it ended and the summed stats.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # #[derive(Clone)]
    /// # struct Parts { left: u32 }
    /// # impl Problem for Parts {
    /// #     type Move = u32; type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<u32>) { out.extend((1..=3).filter(|&p| p <= self.left)) }
    /// #     fn apply(&mut self, p: &u32) { self.left -= p }
    /// #     fn undo(&mut self, p: &u32) { self.left += p }
    /// #     fn solution(&self) -> Option<()> { (self.left == 0).then_some(()) }
    /// # }
    /// assert!(dfs::ParCount::new(&Parts { left: 8 }).count().outcome.is_complete());
    /// ```
    pub fn count(self) -> CountReport<u64> {
        let depth = self.split_depth.unwrap_or_else(|| {
            let min_parts = PARTS_PER_THREAD.saturating_mul(rayon::current_num_threads());
            auto_split_depth(&mut self.problem.clone(), min_parts, MAX_AUTO_DEPTH)
        });
        let meter = self.budget.start();
        let walk = walk_to_depth(&mut self.problem.clone(), depth, false, meter.remaining(0));
        if !walk.outcome.is_complete() {
            return CountReport {
                count: walk.counted_above,
                outcome: walk.outcome,
                stats: walk.stats,
            };
        }
        let shared = Shared {
            nodes: AtomicU64::new(walk.stats.nodes),
            node_limit: self.budget.node_limit(),
            meter,
            user_flag: self.budget.cancel_flag().cloned(),
            halt: CancelFlag::new(),
            stop: OnceLock::new(),
        };
        let (below, stats) = walk
            .prefixes
            .par_iter()
            .map_init(
                || self.problem.clone(),
                |problem, prefix| shared.count_part(problem, prefix, depth),
            )
            .reduce(
                || (0, Stats::default()),
                |(n1, s1), (n2, s2)| (n1 + n2, s1 + s2),
            );
        CountReport {
            count: walk.counted_above + below,
            outcome: shared
                .stop
                .get()
                .map_or(Outcome::Complete, |&reason| Outcome::Stopped(reason)),
            stats: walk.stats + stats,
        }
    }
}

/// The budget shared by the parts of one parallel count.
struct Shared {
    /// Nodes reported so far by the split and the parts.
    nodes: AtomicU64,
    node_limit: Option<u64>,
    /// The count's budget, started: what is left of it goes to each part.
    meter: Meter,
    user_flag: Option<CancelFlag>,
    /// Raised to stop every part; watched by each part's budget.
    halt: CancelFlag,
    /// Why the count stopped, set once before `halt` is raised.
    stop: OnceLock<StopReason>,
}

impl Shared {
    /// Records why the count stops and tells every part to stop.
    fn stop(&self, reason: StopReason) {
        let _ = self.stop.set(reason);
        self.halt.cancel();
    }

    /// Adds `nodes` to the shared total and checks the shared limits.
    fn report(&self, nodes: u64) {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        if self.node_limit.is_some_and(|limit| total > limit) {
            self.stop(StopReason::NodeLimit);
        }
        if self
            .user_flag
            .as_ref()
            .is_some_and(CancelFlag::is_cancelled)
        {
            self.stop(StopReason::Cancelled);
        }
    }

    /// Counts one subproblem (unless the count has stopped), returning its
    /// count and its stats measured from the root of the whole tree.
    fn count_part<P: Problem>(
        &self,
        problem: &mut P,
        prefix: &[P::Move],
        depth: usize,
    ) -> (u64, Stats) {
        if self
            .user_flag
            .as_ref()
            .is_some_and(CancelFlag::is_cancelled)
        {
            self.stop(StopReason::Cancelled);
        }
        if self.halt.is_cancelled() {
            return (0, Stats::default());
        }
        // What is left of the count's budget, watching the flag that
        // stops every part (the caller's flag is polled by `report`).
        let used = self.nodes.load(Ordering::Relaxed);
        let budget = self
            .meter
            .remaining(used)
            .with_cancel_flag(self.halt.clone());
        let mut reported = 0;
        let mut search = Search::new(replay(problem, prefix)).budget(budget);
        if self.node_limit.is_some() || self.user_flag.is_some() {
            let reported = &mut reported;
            search = search.report_every(REPORT_EVERY, move |progress| {
                self.report(progress.done - *reported);
                *reported = progress.done;
            });
        }
        let count = search.count();
        let stats = search.stats();
        let outcome = search.outcome();
        drop(search);
        self.nodes
            .fetch_add(stats.nodes - reported, Ordering::Relaxed);
        if let Some(Outcome::Stopped(reason)) = outcome {
            self.stop(reason);
        }
        (count, Stats::default().merge_below(stats, depth))
    }
}
