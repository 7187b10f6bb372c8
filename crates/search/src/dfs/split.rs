//! Splitting a search tree at a depth into independent subproblems.
//!
//! [`split`] walks the tree of a [`Problem`] down to a fixed depth and
//! returns the move path (prefix) of every state it reaches there, together
//! with the solutions found above that depth. Each prefix stands for an
//! independent subproblem: [`replay`] it onto a fresh copy of the problem
//! (on another thread, or another machine) and search from there.

use std::fmt;

use super::engine::Search;
use super::problem::Problem;
use super::stats::Stats;
use crate::control::{Budget, Outcome};

/// A search tree cut at a fixed depth: the prefixes of the subproblems below
/// the cut and the solutions above it.
///
/// Every solution of the whole tree is either in
/// [`solutions_above`](Split::solutions_above) (a state at depth < `depth`)
/// or found by searching exactly one subproblem (the state at the end of a
/// prefix, itself included). So the total count is
/// `solutions_above.len()` plus the sum of the subproblem counts, and
/// [`Split::count`] computes just that.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{self, Problem, Search};
///
/// /// Binary strings of length 4; every state is a solution.
/// struct Bits { len: usize, max: usize }
/// impl Problem for Bits {
///     type Move = bool;
///     type Solution = usize;
///     fn moves(&self, out: &mut Vec<bool>) {
///         if self.len < self.max { out.extend([false, true]) }
///     }
///     fn apply(&mut self, _: &bool) { self.len += 1 }
///     fn undo(&mut self, _: &bool) { self.len -= 1 }
///     fn solution(&self) -> Option<usize> { Some(self.len) }
/// }
///
/// let mut bits = Bits { len: 0, max: 4 };
/// let split = dfs::split(&mut bits, 2);
/// assert_eq!(split.prefixes.len(), 4); // 00, 01, 10, 11
/// assert_eq!(split.solutions_above, [0, 1, 1]); // the root and depth 1
/// let below: u64 = split
///     .prefixes
///     .iter()
///     .map(|prefix| Search::new(dfs::replay(&mut bits, prefix)).count())
///     .sum();
/// assert_eq!(3 + below, 31); // 1 + 2 + 4 + 8 + 16 states
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Split<M, S> {
    /// The depth of the cut.
    pub depth: usize,
    /// The moves from the root to each state at exactly [`depth`](Split::depth)
    /// that was not pruned, in depth-first order.
    pub prefixes: Vec<Vec<M>>,
    /// The solutions at depth less than [`depth`](Split::depth), in
    /// depth-first order. They are not repeated in any subproblem.
    pub solutions_above: Vec<S>,
    /// What the walk down to the cut did. Its
    /// [`solutions`](Stats::solutions) counts `solutions_above` only.
    pub stats: Stats,
}

impl<M, S> Split<M, S> {
    /// The number of subproblems (prefixes).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// // At depth 0 the only subproblem is the root itself.
    /// assert_eq!(dfs::split(&mut Leaf, 0).len(), 1);
    /// // A leaf has nothing at depth 1; its solution is above the cut.
    /// let split = dfs::split(&mut Leaf, 1);
    /// assert_eq!((split.len(), split.solutions_above.len()), (0, 1));
    /// ```
    pub fn len(&self) -> usize {
        self.prefixes.len()
    }

    /// Whether there are no subproblems at all.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// assert!(dfs::split(&mut Leaf, 3).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.prefixes.is_empty()
    }

    /// Counts every solution of the tree, one subproblem after the other:
    /// the solutions above the cut plus the count of each subproblem,
    /// replayed onto `problem` (which must be at the root state this split
    /// was made from, and is back there afterwards).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # struct Bits { len: usize, max: usize }
    /// # impl Problem for Bits {
    /// #     type Move = bool; type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<bool>) { if self.len < self.max { out.extend([false, true]) } }
    /// #     fn apply(&mut self, _: &bool) { self.len += 1 }
    /// #     fn undo(&mut self, _: &bool) { self.len -= 1 }
    /// #     fn solution(&self) -> Option<()> { (self.len == self.max).then_some(()) }
    /// # }
    /// let mut bits = Bits { len: 0, max: 10 };
    /// let split = dfs::split(&mut bits, 3);
    /// assert_eq!(split.count(&mut bits), 1024);
    /// assert_eq!(bits.len, 0);
    /// ```
    pub fn count<P>(&self, problem: &mut P) -> u64
    where
        P: Problem<Move = M>,
    {
        self.counting(problem).count().count
    }

    /// The count of [`count`](Split::count) as a value to configure: give
    /// it a [`Budget`] shared by all the subproblems, then
    /// [`count`](SplitCount::count) for the count, how it ended and the
    /// summed [`Stats`].
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem, Search};
    /// # use kongming_search::control::{Budget, Outcome, StopReason};
    /// # struct Bits { len: usize, max: usize }
    /// # impl Problem for Bits {
    /// #     type Move = bool; type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<bool>) { if self.len < self.max { out.extend([false, true]) } }
    /// #     fn apply(&mut self, _: &bool) { self.len += 1 }
    /// #     fn undo(&mut self, _: &bool) { self.len -= 1 }
    /// #     fn solution(&self) -> Option<()> { (self.len == self.max).then_some(()) }
    /// # }
    /// let mut bits = Bits { len: 0, max: 10 };
    /// let split = dfs::split(&mut bits, 3);
    ///
    /// let all = split.counting(&mut bits).count();
    /// assert_eq!((all.count, all.outcome), (1024, Outcome::Complete));
    /// let mut whole = Search::new(&mut bits);
    /// assert_eq!(whole.count(), 1024);
    /// assert_eq!(all.stats, whole.stats());
    /// drop(whole);
    ///
    /// let part = split.counting(&mut bits).budget(Budget::unlimited().with_node_limit(100)).count();
    /// assert_eq!(part.outcome, Outcome::Stopped(StopReason::NodeLimit));
    /// assert!(part.count < 1024);
    /// ```
    pub fn counting<'s, P>(&'s self, problem: &'s mut P) -> SplitCount<'s, M, S, P>
    where
        P: Problem<Move = M>,
    {
        SplitCount {
            split: self,
            problem,
            budget: Budget::unlimited(),
        }
    }
}

/// The count of a [`Split`], one subproblem after the other, under a
/// [`Budget`] shared by all the subproblems (the nodes of the split itself
/// are not charged). Made by [`Split::counting`].
///
/// # Example
///
/// ```
/// # use kongming_search::dfs::{self, Problem};
/// # struct Leaf;
/// # impl Problem for Leaf {
/// #     type Move = (); type Solution = ();
/// #     fn moves(&self, _: &mut Vec<()>) {}
/// #     fn apply(&mut self, _: &()) {}
/// #     fn undo(&mut self, _: &()) {}
/// #     fn solution(&self) -> Option<()> { Some(()) }
/// # }
/// let split = dfs::split(&mut Leaf, 0);
/// assert_eq!(split.counting(&mut Leaf).count().count, 1);
/// ```
#[must_use = "a count does nothing until `count` is called"]
pub struct SplitCount<'s, M, S, P> {
    split: &'s Split<M, S>,
    problem: &'s mut P,
    budget: Budget,
}

impl<M, S, P> fmt::Debug for SplitCount<'_, M, S, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SplitCount")
            .field("parts", &self.split.prefixes.len())
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl<M, S, P: Problem<Move = M>> SplitCount<'_, M, S, P> {
    /// Limits the count: a node is one move applied below the cut, in any
    /// subproblem.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # use kongming_search::control::{Budget, Outcome, StopReason};
    /// # struct Forever;
    /// # impl Problem for Forever {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<()>) { out.push(()) }
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// let split = dfs::split(&mut Forever, 2);
    /// let report = split.counting(&mut Forever).budget(Budget::unlimited().with_node_limit(9)).count();
    /// assert_eq!(report.outcome, Outcome::Stopped(StopReason::NodeLimit));
    /// ```
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Counts: the solutions above the cut plus those of each subproblem,
    /// replayed onto the problem (which must be at the root state the split
    /// was made from, and is back there afterwards). After a stop the
    /// remaining subproblems are skipped and the count is of what was
    /// found. The stats add up to those of one [`Search`] over the whole
    /// tree, with [`max_depth`](Stats::max_depth) measured from the root.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # struct Bits { len: usize, max: usize }
    /// # impl Problem for Bits {
    /// #     type Move = bool; type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<bool>) { if self.len < self.max { out.extend([false, true]) } }
    /// #     fn apply(&mut self, _: &bool) { self.len += 1 }
    /// #     fn undo(&mut self, _: &bool) { self.len -= 1 }
    /// #     fn solution(&self) -> Option<()> { (self.len == self.max).then_some(()) }
    /// # }
    /// let mut bits = Bits { len: 0, max: 6 };
    /// let split = dfs::split(&mut bits, 2);
    /// assert_eq!(split.counting(&mut bits).count().count, 64);
    /// ```
    pub fn count(self) -> CountReport<u64> {
        let mut report = CountReport {
            count: self.split.solutions_above.len() as u64,
            outcome: Outcome::Complete,
            stats: self.split.stats,
        };
        let meter = self.budget.start();
        let mut nodes = 0;
        for prefix in &self.split.prefixes {
            let part_budget = meter.remaining(nodes);
            let mut search = Search::new(replay(&mut *self.problem, prefix)).budget(part_budget);
            report.count += search.count();
            let stats = search.stats();
            let outcome = search.outcome().unwrap_or(Outcome::Complete);
            drop(search);
            report.stats = report.stats.merge_below(stats, self.split.depth);
            nodes += stats.nodes;
            if !outcome.is_complete() {
                report.outcome = outcome;
                break;
            }
        }
        report
    }
}

/// A count with how the search that produced it ended and what it did.
///
/// Only with [`Outcome::Complete`] is [`count`](CountReport::count) the
/// full count; after a stop it counts the solutions found so far.
///
/// # Example
///
/// ```
/// # use kongming_search::dfs::{self, Problem};
/// # use kongming_search::control::{Budget, Outcome};
/// # struct Leaf;
/// # impl Problem for Leaf {
/// #     type Move = (); type Solution = ();
/// #     fn moves(&self, _: &mut Vec<()>) {}
/// #     fn apply(&mut self, _: &()) {}
/// #     fn undo(&mut self, _: &()) {}
/// #     fn solution(&self) -> Option<()> { Some(()) }
/// # }
/// let report = dfs::split(&mut Leaf, 0).counting(&mut Leaf).count();
/// assert_eq!(report.count, 1);
/// assert!(report.outcome.is_complete());
/// assert_eq!(report.to_string(), "1 (complete)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct CountReport<N> {
    /// The number counted.
    pub count: N,
    /// Whether the count is complete.
    pub outcome: Outcome,
    /// What the search did.
    pub stats: Stats,
}

impl<N: fmt::Display> fmt::Display for CountReport<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.count, self.outcome)
    }
}

impl Stats {
    /// Adds the stats of a search started `depth` levels below the root of
    /// these (so its `max_depth` is shifted by `depth`).
    pub(crate) fn merge_below(self, below: Stats, depth: usize) -> Stats {
        let mut shifted = below;
        shifted.max_depth = below.max_depth.saturating_add(depth);
        self + shifted
    }
}

/// Splits the search tree of `problem` at `depth`: see [`Split`].
///
/// Walks the tree depth first down to `depth` (with an explicit stack, like
/// [`Search`]), honouring [`Problem::prune`]: a pruned state is neither a
/// prefix nor searched below. The root is depth 0, so `split(p, 0)` has the
/// single empty prefix (unless the root is pruned). `problem` is back at its
/// root state when this returns.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{self, Problem, Search};
///
/// /// Ordered ways to sum to `left` with parts 1, 2 and 3.
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
/// let mut parts = Parts { left: 12 };
/// let whole = Search::new(&mut parts).count();
/// for depth in 0..5 {
///     let split = dfs::split(&mut parts, depth);
///     assert_eq!(split.count(&mut parts), whole);
/// }
/// assert_eq!(parts.left, 12);
/// ```
pub fn split<P: Problem>(problem: &mut P, depth: usize) -> Split<P::Move, P::Solution> {
    let walk = walk_to_depth(problem, depth, true, Budget::unlimited());
    Split {
        depth,
        prefixes: walk.prefixes,
        solutions_above: walk.solutions_above,
        stats: walk.stats,
    }
}

/// The smallest depth (at most `max_depth`) at which [`split`] gives at
/// least `min_parts` subproblems; if no depth does, the depth up to
/// `max_depth` with the most subproblems (the shallowest of those).
///
/// Each depth tried costs a walk of the tree down to it, so this is cheap
/// when the tree branches and `min_parts` is modest (a few times the number
/// of threads).
///
/// # Example
///
/// ```
/// # use kongming_search::dfs::{self, Problem};
/// # struct Bits { len: usize, max: usize }
/// # impl Problem for Bits {
/// #     type Move = bool; type Solution = ();
/// #     fn moves(&self, out: &mut Vec<bool>) { if self.len < self.max { out.extend([false, true]) } }
/// #     fn apply(&mut self, _: &bool) { self.len += 1 }
/// #     fn undo(&mut self, _: &bool) { self.len -= 1 }
/// #     fn solution(&self) -> Option<()> { (self.len == self.max).then_some(()) }
/// # }
/// let mut bits = Bits { len: 0, max: 20 };
/// assert_eq!(dfs::auto_split_depth(&mut bits, 100, 64), 7); // 2^7 = 128 >= 100
/// let mut short = Bits { len: 0, max: 3 };
/// assert_eq!(dfs::auto_split_depth(&mut short, 100, 64), 3); // only 8 leaves
/// ```
pub fn auto_split_depth<P: Problem>(problem: &mut P, min_parts: usize, max_depth: usize) -> usize {
    let mut best = (0, 0);
    for depth in 0..=max_depth {
        let parts = walk_to_depth(&mut *problem, depth, false, Budget::unlimited())
            .prefixes
            .len();
        if parts >= min_parts {
            return depth;
        }
        if parts > best.1 {
            best = (depth, parts);
        }
        if parts == 0 {
            break;
        }
    }
    best.0
}

/// Applies the moves of `prefix` to `problem` and undoes them, last first,
/// when the returned guard is dropped.
///
/// The guard is itself a [`Problem`] whose root is the state at the end of
/// the prefix, so a [`Search`] over it searches one subproblem of a
/// [`Split`]. The moves must be valid from `problem`'s current state, as
/// those of a prefix from [`split`] are from the root the split was made
/// from.
///
/// A `Search` left in the middle of the tree does not undo its moves when
/// dropped: let it run to its end (or call
/// [`Search::into_problem`]) before the guard is dropped, or the prefix
/// would be undone from the wrong state.
///
/// # Example
///
/// ```
/// # use kongming_search::dfs::{self, Problem, Search};
/// # struct Bits { bits: Vec<bool>, max: usize }
/// # impl Problem for Bits {
/// #     type Move = bool; type Solution = Vec<bool>;
/// #     fn moves(&self, out: &mut Vec<bool>) { if self.bits.len() < self.max { out.extend([false, true]) } }
/// #     fn apply(&mut self, b: &bool) { self.bits.push(*b) }
/// #     fn undo(&mut self, _: &bool) { self.bits.pop(); }
/// #     fn solution(&self) -> Option<Vec<bool>> { (self.bits.len() == self.max).then(|| self.bits.clone()) }
/// # }
/// let mut bits = Bits { bits: vec![], max: 3 };
/// {
///     let sub = dfs::replay(&mut bits, &[true, false]);
///     assert_eq!(sub.prefix(), [true, false]);
///     let mut search = Search::new(sub);
///     let found: Vec<_> = search.solutions().collect();
///     assert_eq!(found, [vec![true, false, false], vec![true, false, true]]);
/// }
/// assert!(bits.bits.is_empty()); // the prefix was undone
/// ```
pub fn replay<'p, P: Problem>(problem: &'p mut P, prefix: &'p [P::Move]) -> Replayed<'p, P> {
    for mv in prefix {
        problem.apply(mv);
    }
    Replayed { problem, prefix }
}

/// A problem with a prefix of moves applied, undone on drop: see [`replay`].
///
/// # Example
///
/// ```
/// # use kongming_search::dfs::{self, Problem, Replayed};
/// # struct Depth(usize);
/// # impl Problem for Depth {
/// #     type Move = (); type Solution = ();
/// #     fn moves(&self, out: &mut Vec<()>) { out.push(()) }
/// #     fn apply(&mut self, _: &()) { self.0 += 1 }
/// #     fn undo(&mut self, _: &()) { self.0 -= 1 }
/// #     fn solution(&self) -> Option<()> { None }
/// # }
/// let mut depth = Depth(0);
/// let sub: Replayed<'_, Depth> = dfs::replay(&mut depth, &[(), ()]);
/// assert_eq!(sub.problem().0, 2);
/// drop(sub);
/// assert_eq!(depth.0, 0);
/// ```
pub struct Replayed<'p, P: Problem> {
    problem: &'p mut P,
    prefix: &'p [P::Move],
}

impl<P: Problem> Replayed<'_, P> {
    /// The problem, at the end of the prefix (or wherever a search over the
    /// guard has taken it).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # struct Depth(usize);
    /// # impl Problem for Depth {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<()>) { out.push(()) }
    /// #     fn apply(&mut self, _: &()) { self.0 += 1 }
    /// #     fn undo(&mut self, _: &()) { self.0 -= 1 }
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// assert_eq!(dfs::replay(&mut Depth(0), &[()]).problem().0, 1);
    /// ```
    pub fn problem(&self) -> &P {
        self.problem
    }

    /// The moves applied.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{self, Problem};
    /// # struct Depth(usize);
    /// # impl Problem for Depth {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<()>) { out.push(()) }
    /// #     fn apply(&mut self, _: &()) { self.0 += 1 }
    /// #     fn undo(&mut self, _: &()) { self.0 -= 1 }
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// assert_eq!(dfs::replay(&mut Depth(0), &[(), ()]).prefix().len(), 2);
    /// ```
    pub fn prefix(&self) -> &[P::Move] {
        self.prefix
    }
}

impl<P: Problem> fmt::Debug for Replayed<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Replayed")
            .field("prefix_len", &self.prefix.len())
            .finish_non_exhaustive()
    }
}

impl<P: Problem> Drop for Replayed<'_, P> {
    fn drop(&mut self) {
        for mv in self.prefix.iter().rev() {
            self.problem.undo(mv);
        }
    }
}

impl<P: Problem> Problem for Replayed<'_, P> {
    type Move = P::Move;
    type Solution = P::Solution;

    #[inline]
    fn moves(&self, out: &mut Vec<Self::Move>) {
        self.problem.moves(out);
    }
    #[inline]
    fn apply(&mut self, mv: &Self::Move) {
        self.problem.apply(mv);
    }
    #[inline]
    fn undo(&mut self, mv: &Self::Move) {
        self.problem.undo(mv);
    }
    #[inline]
    fn solution(&self) -> Option<Self::Solution> {
        self.problem.solution()
    }
    #[inline]
    fn is_solution(&self) -> bool {
        self.problem.is_solution()
    }
    #[inline]
    fn prune(&self) -> bool {
        self.problem.prune()
    }
}

/// What [`walk_to_depth`] found.
pub(crate) struct Walk<M, S> {
    pub(crate) prefixes: Vec<Vec<M>>,
    pub(crate) solutions_above: Vec<S>,
    /// Solutions above the cut, counted but not built.
    pub(crate) counted_above: u64,
    pub(crate) outcome: Outcome,
    pub(crate) stats: Stats,
}

/// Walks `problem`'s tree down to `depth` with the engine, collecting the
/// prefixes at the cut and the solutions above it (built when `build`, only
/// counted otherwise).
pub(crate) fn walk_to_depth<P: Problem>(
    problem: &mut P,
    depth: usize,
    build: bool,
    budget: Budget,
) -> Walk<P::Move, P::Solution> {
    let cut = Cut {
        inner: problem,
        depth: 0,
        limit: depth,
        build,
    };
    let mut search = Search::new(cut).budget(budget);
    let mut walk = Walk {
        prefixes: Vec::new(),
        solutions_above: Vec::new(),
        counted_above: 0,
        outcome: Outcome::Complete,
        stats: Stats::default(),
    };
    while let Some(found) = search.next_solution() {
        match found {
            Found::Prefix => walk.prefixes.push(search.path().cloned().collect()),
            Found::Solution(solution) => {
                walk.solutions_above.push(solution);
                walk.counted_above += 1;
            }
            Found::Counted => walk.counted_above += 1,
        }
    }
    walk.outcome = search.outcome().unwrap_or(Outcome::Complete);
    walk.stats = search.stats();
    walk.stats.solutions = walk.counted_above;
    walk
}

/// What the walk to the cut reports as a "solution".
enum Found<S> {
    /// A state at the cut.
    Prefix,
    /// A solution above the cut.
    Solution(S),
    /// A solution above the cut, not built.
    Counted,
}

/// `P` seen with every state at depth `limit` as a leaf "solution".
struct Cut<'p, P> {
    inner: &'p mut P,
    depth: usize,
    limit: usize,
    build: bool,
}

impl<P: Problem> Problem for Cut<'_, P> {
    type Move = P::Move;
    type Solution = Found<P::Solution>;

    fn moves(&self, out: &mut Vec<P::Move>) {
        if self.depth < self.limit {
            self.inner.moves(out);
        }
    }
    fn apply(&mut self, mv: &P::Move) {
        self.inner.apply(mv);
        self.depth += 1;
    }
    fn undo(&mut self, mv: &P::Move) {
        self.inner.undo(mv);
        self.depth -= 1;
    }
    fn solution(&self) -> Option<Found<P::Solution>> {
        if self.depth == self.limit {
            Some(Found::Prefix)
        } else if self.build {
            self.inner.solution().map(Found::Solution)
        } else {
            self.inner.is_solution().then_some(Found::Counted)
        }
    }
    fn is_solution(&self) -> bool {
        self.depth == self.limit || self.inner.is_solution()
    }
    fn prune(&self) -> bool {
        self.inner.prune()
    }
}
