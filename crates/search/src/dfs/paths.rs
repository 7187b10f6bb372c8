//! Memoised counting of the solution paths of DAG-shaped spaces:
//! [`PathCounter`].

use std::collections::hash_map::RandomState;
use std::collections::{HashMap, HashSet};
use std::error::Error;
use std::fmt;
use std::hash::BuildHasher;

use super::keyed::Keyed;
use super::reporter::{REPORT_EVERY, Reporter};
use super::split::CountReport;
use super::stack::{Entered, Event, Stack, Walker};
use super::stats::Stats;
use crate::control::{Budget, Outcome, Progress};

/// What a [`PathCounter`] keeps for each level of its stack.
#[derive(Clone, Debug)]
struct Counting<K> {
    key: K,
    /// The paths counted from this state so far.
    count: u128,
}

/// Why a memoised count failed.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::MemoCountError;
/// assert_eq!(MemoCountError::Overflow.to_string(), "the count does not fit in a u128");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MemoCountError {
    /// The count does not fit in a `u128`.
    Overflow,
    /// A move led back to a state on the current path: the space is not
    /// acyclic, so the number of move sequences is not finite (or not what
    /// a DAG count means).
    Cycle,
}

impl fmt::Display for MemoCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MemoCountError::Overflow => "the count does not fit in a u128",
            MemoCountError::Cycle => "the state space has a cycle",
        })
    }
}

impl Error for MemoCountError {}

/// The depth at which [`PathCounter`] first looks for a cycle on its stack.
const FIRST_CYCLE_CHECK: usize = 64;

/// Memoised counting of solution paths in a DAG-shaped space.
///
/// Counts the distinct move sequences from the root that end at a solution
/// state, computing for each key `count(state) = [is_solution(state)] +
/// sum of count(child)` once and remembering it. This is the number
/// [`Search::count`](super::Search::count) would report (a solution state is
/// still expanded, as by the engine, and a state cut by
/// [`Problem::prune`](super::Problem::prune) counts 0), but in time proportional to the number of
/// distinct keys times their moves instead of the number of paths.
///
/// The traversal is post-order on an explicit stack (no recursion). Sums are
/// checked: a count that does not fit is an [`MemoCountError::Overflow`],
/// never a wrapped number, and a move back to a state on the current path is
/// a [`MemoCountError::Cycle`] (found once the stack has gone around the
/// cycle, by the time the depth has doubled; a node limit may stop the count
/// first). The memo (one `u128` per distinct key
/// explored, hasher `S`) is kept across calls: counting again is immediate,
/// and a count stopped by its [`Budget`] resumes from the sub-counts it
/// completed (each call walks down from the root again, spending a node on
/// every memo hit, so resuming makes progress only with a node limit well
/// above the depth times the branching).
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{Keyed, PathCounter, Problem};
///
/// /// Sums of 1s and 2s: the state is what is left.
/// struct Stairs { left: u32 }
/// impl Problem for Stairs {
///     type Move = u32;
///     type Solution = ();
///     fn moves(&self, out: &mut Vec<u32>) { out.extend([1, 2].into_iter().filter(|&s| s <= self.left)) }
///     fn apply(&mut self, s: &u32) { self.left -= s }
///     fn undo(&mut self, s: &u32) { self.left += s }
///     fn solution(&self) -> Option<()> { (self.left == 0).then_some(()) }
/// }
/// impl Keyed for Stairs {
///     type Key = u32;
///     fn key(&self) -> u32 { self.left }
/// }
///
/// let mut counter = PathCounter::new(Stairs { left: 180 });
/// let report = counter.count()?;
/// assert!(report.outcome.is_complete());
/// // Fibonacci(181), beyond u64.
/// assert_eq!(report.count, 30_010_821_454_963_453_907_530_667_147_829_489_881);
/// assert_eq!(counter.memo_len(), 181);
///
/// let mut counter = PathCounter::new(Stairs { left: 190 });
/// assert!(counter.count().is_err()); // Fibonacci(191) > u128::MAX
/// # Ok::<(), kongming_search::dfs::MemoCountError>(())
/// ```
pub struct PathCounter<P: Keyed, S = RandomState> {
    problem: P,
    budget: Budget,
    progress: Option<Reporter<'static>>,
    memo: HashMap<P::Key, u128, S>,
    stack: Stack<P::Move, Counting<P::Key>>,
    stats: Stats,
}

impl<P: Keyed, S> fmt::Debug for PathCounter<P, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PathCounter")
            .field("stats", &self.stats)
            .field("memo_len", &self.memo.len())
            .finish_non_exhaustive()
    }
}

impl<P: Keyed> PathCounter<P> {
    /// A counter from `problem`'s current state, with no limits and the
    /// standard hasher.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, PathCounter, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// assert_eq!(PathCounter::new(Leaf).count().unwrap().count, 1);
    /// ```
    pub fn new(problem: P) -> Self {
        Self::with_hasher(problem, RandomState::new())
    }
}

impl<P: Keyed, S: BuildHasher> PathCounter<P, S> {
    /// A counter whose memo uses `hasher`.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, PathCounter, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// use std::collections::hash_map::RandomState;
    /// let mut counter = PathCounter::with_hasher(Leaf, RandomState::new());
    /// assert_eq!(counter.count().unwrap().count, 1);
    /// ```
    pub fn with_hasher(problem: P, hasher: S) -> Self {
        PathCounter {
            problem,
            budget: Budget::unlimited(),
            progress: None,
            memo: HashMap::with_hasher(hasher),
            stack: Stack::new(),
            stats: Stats::default(),
        }
    }

    /// Limits each call of [`count`](PathCounter::count).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, PathCounter, Problem};
    /// # use kongming_search::control::{Budget, Outcome, StopReason};
    /// # struct Count(u64);
    /// # impl Problem for Count {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<()>) { out.push(()) }
    /// #     fn apply(&mut self, _: &()) { self.0 += 1 }
    /// #     fn undo(&mut self, _: &()) { self.0 -= 1 }
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// # impl Keyed for Count { type Key = u64; fn key(&self) -> u64 { self.0 } }
    /// let mut counter = PathCounter::new(Count(0)).budget(Budget::unlimited().with_node_limit(50));
    /// let report = counter.count().unwrap();
    /// assert_eq!(report.outcome, Outcome::Stopped(StopReason::NodeLimit));
    /// assert_eq!(report.count, 51); // the root and the 50 states below it
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Calls `callback` every few thousand nodes with the nodes visited so
    /// far (`done`, over every call) and the solutions reached (`found`).
    /// Raise a [`CancelFlag`](crate::control::CancelFlag) of the budget from
    /// the callback to stop.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, Problem, MemoSearch, PathCounter};
    /// # struct Count(u64);
    /// # impl Problem for Count {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<()>) { if self.0 < 5_000 { out.push(()) } }
    /// #     fn apply(&mut self, _: &()) { self.0 += 1 }
    /// #     fn undo(&mut self, _: &()) { self.0 -= 1 }
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// # impl Keyed for Count { type Key = u64; fn key(&self) -> u64 { self.0 } }
    /// use std::sync::{Arc, Mutex};
    /// let seen = Arc::new(Mutex::new(Vec::new()));
    /// let log = Arc::clone(&seen);
    /// let mut search = PathCounter::new(Count(0)).on_progress(move |report| log.lock().unwrap().push(report.done));
    /// let _ = search.count();
    /// assert_eq!(*seen.lock().unwrap(), [4096]);
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + Send + 'static) -> Self {
        self.progress = Some(Reporter::new(REPORT_EVERY, callback));
        self
    }

    /// What the counter has done over all calls. Memo hits are counted in
    /// [`prunes`](Stats::prunes), and [`solutions`](Stats::solutions)
    /// counts solution states expanded (each key once), not paths.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, PathCounter, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// let mut counter = PathCounter::new(Leaf);
    /// counter.count().unwrap();
    /// assert_eq!(counter.stats().solutions, 1);
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The number of keys whose count is memoised.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, PathCounter, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// let mut counter = PathCounter::new(Leaf);
    /// assert_eq!(counter.memo_len(), 0);
    /// counter.count().unwrap();
    /// assert_eq!(counter.memo_len(), 1);
    /// ```
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The problem, at its root state between calls.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, PathCounter, Problem};
    /// # struct Leaf(u8);
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// assert_eq!(PathCounter::new(Leaf(2)).problem().0, 2);
    /// ```
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// Returns the problem (at its root state).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, PathCounter, Problem};
    /// # struct Leaf(u8);
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// assert_eq!(PathCounter::new(Leaf(2)).into_problem().0, 2);
    /// ```
    pub fn into_problem(self) -> P {
        self.problem
    }

    /// Counts the move sequences from the root to a solution state.
    ///
    /// Each state is looked up in the memo once per move into it and stored
    /// once when its count is complete.
    /// On [`Outcome::Complete`] the count is exact. After a stop it counts
    /// the sequences found so far (those through the sub-counts completed
    /// and the solution states reached). The problem is back at its root
    /// state afterwards, also after an error.
    ///
    /// # Errors
    ///
    /// [`MemoCountError::Overflow`] if a count does not fit in a `u128`,
    /// [`MemoCountError::Cycle`] if a move leads back to a state on the
    /// current path.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoCountError, PathCounter, Problem};
    /// /// Steps of +1 modulo 3: a cycle.
    /// struct Ring(u8);
    /// impl Problem for Ring {
    ///     type Move = ();
    ///     type Solution = ();
    ///     fn moves(&self, out: &mut Vec<()>) { out.push(()) }
    ///     fn apply(&mut self, _: &()) { self.0 = (self.0 + 1) % 3 }
    ///     fn undo(&mut self, _: &()) { self.0 = (self.0 + 2) % 3 }
    ///     fn solution(&self) -> Option<()> { None }
    /// }
    /// impl Keyed for Ring { type Key = u8; fn key(&self) -> u8 { self.0 } }
    ///
    /// let mut counter = PathCounter::new(Ring(0));
    /// assert_eq!(counter.count(), Err(MemoCountError::Cycle));
    /// assert_eq!(counter.problem().0, 0);
    /// ```
    pub fn count(&mut self) -> Result<CountReport<u128>, MemoCountError> {
        let before = self.stats;
        let result = self.run();
        let mut stats = self.stats;
        stats.nodes -= before.nodes;
        stats.backtracks -= before.backtracks;
        stats.prunes -= before.prunes;
        stats.solutions -= before.solutions;
        result.map(|(count, outcome)| CountReport {
            count,
            outcome,
            stats,
        })
    }

    fn run(&mut self) -> Result<(u128, Outcome), MemoCountError> {
        let mut meter = self.budget.start();
        if let Some(reason) = meter.check_now() {
            return Ok((0, Outcome::Stopped(reason)));
        }
        if self.problem.prune() {
            self.stats.prunes += 1;
            return Ok((0, Outcome::Complete));
        }
        let key = self.problem.key();
        if let Some(&count) = self.memo.get(&key) {
            self.stats.prunes += 1;
            return Ok((count, Outcome::Complete));
        }
        let solution = self.problem.is_solution();
        self.stats.solutions += u64::from(solution);
        let root = Counting {
            key,
            count: u128::from(solution),
        };
        self.stack.push(&self.problem, root, &mut self.stats);
        let mut walker = CountPaths {
            memo: &mut self.memo,
            depth: 0,
            cycle_check_at: FIRST_CYCLE_CHECK,
            total: 0,
            error: None,
        };
        let mut nodes = 0;
        loop {
            match self.stack.walk(
                &mut self.problem,
                &mut walker,
                &mut meter,
                &mut nodes,
                &mut self.stats,
                self.progress.as_mut(),
            ) {
                Event::Exhausted => return Ok((walker.total, Outcome::Complete)),
                Event::Halted => {
                    let error = walker.error.take().expect("the walk halts on an error");
                    self.stack.unwind(&mut self.problem);
                    return Err(error);
                }
                Event::Paused => {
                    // States being counted are not in the memo (that would
                    // cost a second insertion per state), so a cycle shows
                    // as a key repeated on the stack, which keeps growing:
                    // the walker pauses each time the depth doubles, at
                    // amortised constant cost per state.
                    let mut seen = HashSet::with_capacity(self.stack.len());
                    if !self.stack.data().all(|frame| seen.insert(&frame.key)) {
                        self.stack.unwind(&mut self.problem);
                        return Err(MemoCountError::Cycle);
                    }
                }
                Event::Stopped(reason) => {
                    let found = self
                        .stack
                        .data()
                        .try_fold(0, |sum, frame| add(sum, frame.count));
                    self.stack.unwind(&mut self.problem);
                    return found.map(|found| (found, Outcome::Stopped(reason)));
                }
            }
        }
    }
}

/// The walker of a [`PathCounter`]: a state's count is the sum of its
/// children's, taken from the memo when a child was counted before, and
/// memoised once all its moves are explored.
struct CountPaths<'m, K, S> {
    memo: &'m mut HashMap<K, u128, S>,
    /// The depth of the top frame.
    depth: usize,
    /// The depth at which to look for a cycle next.
    cycle_check_at: usize,
    /// The root's count, once it is done.
    total: u128,
    /// Why the walk halted.
    error: Option<MemoCountError>,
}

impl<P, S> Walker<P> for CountPaths<'_, P::Key, S>
where
    P: Keyed,
    S: BuildHasher,
{
    type Data = Counting<P::Key>;

    #[inline]
    fn enter(
        &mut self,
        problem: &P,
        parent: &mut Counting<P::Key>,
        stats: &mut Stats,
    ) -> Entered<Counting<P::Key>> {
        if problem.prune() {
            stats.prunes += 1;
            return Entered::Skip;
        }
        let key = problem.key();
        if let Some(&count) = self.memo.get(&key) {
            stats.prunes += 1;
            return match add(parent.count, count) {
                Ok(sum) => {
                    parent.count = sum;
                    Entered::Skip
                }
                Err(error) => {
                    self.error = Some(error);
                    Entered::Halt
                }
            };
        }
        let solution = problem.is_solution();
        stats.solutions += u64::from(solution);
        let counting = Counting {
            key,
            count: u128::from(solution),
        };
        self.depth += 1;
        if self.depth + 1 >= self.cycle_check_at {
            self.cycle_check_at = self.cycle_check_at.saturating_mul(2);
            return Entered::Pause(counting);
        }
        Entered::Descend(counting)
    }

    #[inline]
    fn leave(&mut self, done: Counting<P::Key>, parent: Option<&mut Counting<P::Key>>) -> bool {
        self.memo.insert(done.key, done.count);
        let Some(parent) = parent else {
            self.total = done.count;
            return true;
        };
        self.depth -= 1;
        match add(parent.count, done.count) {
            Ok(sum) => {
                parent.count = sum;
                true
            }
            Err(error) => {
                self.error = Some(error);
                false
            }
        }
    }
}

/// A checked sum.
#[inline]
fn add(a: u128, b: u128) -> Result<u128, MemoCountError> {
    a.checked_add(b).ok_or(MemoCountError::Overflow)
}

/// The number of move sequences from `problem`'s root to a solution state,
/// memoised by key: see [`PathCounter`].
///
/// # Errors
///
/// [`MemoCountError::Overflow`] if the count does not fit in a `u128`,
/// [`MemoCountError::Cycle`] if the space has a cycle reachable from the
/// root.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{self, Keyed, Problem};
///
/// /// Knight-free lattice walks: steps (1, 0), (0, 1), (1, 1) from (0, 0)
/// /// to (n, n) (Delannoy numbers).
/// struct Delannoy { x: u32, y: u32, n: u32 }
/// impl Problem for Delannoy {
///     type Move = (u32, u32);
///     type Solution = ();
///     fn moves(&self, out: &mut Vec<(u32, u32)>) {
///         for step in [(1, 0), (0, 1), (1, 1)] {
///             if self.x + step.0 <= self.n && self.y + step.1 <= self.n { out.push(step) }
///         }
///     }
///     fn apply(&mut self, s: &(u32, u32)) { self.x += s.0; self.y += s.1 }
///     fn undo(&mut self, s: &(u32, u32)) { self.x -= s.0; self.y -= s.1 }
///     fn solution(&self) -> Option<()> { (self.x == self.n && self.y == self.n).then_some(()) }
/// }
/// impl Keyed for Delannoy {
///     type Key = (u32, u32);
///     fn key(&self) -> (u32, u32) { (self.x, self.y) }
/// }
///
/// assert_eq!(dfs::count_paths(Delannoy { x: 0, y: 0, n: 4 }), Ok(321));
/// assert_eq!(dfs::count_paths(Delannoy { x: 0, y: 0, n: 4 }).map(|c| c as u64),
///            Ok(dfs::count(Delannoy { x: 0, y: 0, n: 4 })));
/// ```
pub fn count_paths<P: Keyed>(problem: P) -> Result<u128, MemoCountError> {
    PathCounter::new(problem).count().map(|report| report.count)
}
