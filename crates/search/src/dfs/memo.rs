//! Transposition memos for problems whose states have a key: dead-state sets
//! for existence search ([`MemoSearch`]) and memoised path counting for
//! DAG-shaped spaces ([`PathCounter`]).

use std::collections::hash_map::RandomState;
use std::collections::{HashMap, HashSet};
use std::error::Error;
use std::fmt;
use std::hash::{BuildHasher, Hash};

use super::problem::Problem;
use super::reporter::{REPORT_EVERY, Reporter};
use super::split::CountReport;
use super::stack::{Entered, Event, Stack, Walker};
use super::stats::Stats;
use crate::control::{Budget, Outcome, Progress};

/// A [`Problem`] whose states have a key, so that states reached by
/// different move sequences (transpositions) can be recognised.
///
/// Contract: two states with equal keys have the same future: the same
/// [`moves`](Problem::moves) leading to states with equal keys, the same
/// answer from [`is_solution`](Problem::is_solution) and
/// [`prune`](Problem::prune). The key may forget what does not matter for
/// the future (the moves that led there) and may be a canonical form up to a
/// symmetry when the question asked is invariant under it.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{Keyed, Problem};
///
/// /// Walk right or down from (0, 0) to (n, n) on a grid.
/// struct Grid { x: u32, y: u32, n: u32 }
/// impl Problem for Grid {
///     type Move = (u32, u32);
///     type Solution = ();
///     fn moves(&self, out: &mut Vec<(u32, u32)>) {
///         if self.x < self.n { out.push((1, 0)) }
///         if self.y < self.n { out.push((0, 1)) }
///     }
///     fn apply(&mut self, &(dx, dy): &(u32, u32)) { self.x += dx; self.y += dy }
///     fn undo(&mut self, &(dx, dy): &(u32, u32)) { self.x -= dx; self.y -= dy }
///     fn solution(&self) -> Option<()> { (self.x == self.n && self.y == self.n).then_some(()) }
/// }
/// impl Keyed for Grid {
///     type Key = (u32, u32);
///     fn key(&self) -> (u32, u32) { (self.x, self.y) }
/// }
///
/// // C(60, 30) monotone paths, far too many to enumerate one by one.
/// let paths = kongming_search::dfs::count_paths(Grid { x: 0, y: 0, n: 30 }).unwrap();
/// assert_eq!(paths, 118_264_581_564_861_424);
/// ```
pub trait Keyed: Problem {
    /// The key of a state.
    /// # Example
    ///
    /// With `Grid` from the [trait example](Keyed):
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, Problem};
    /// # struct Grid { x: u32, y: u32, n: u32 }
    /// # impl Problem for Grid {
    /// #     type Move = (u32, u32);
    /// #     type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<(u32, u32)>) {
    /// #         if self.x < self.n { out.push((1, 0)) }
    /// #         if self.y < self.n { out.push((0, 1)) }
    /// #     }
    /// #     fn apply(&mut self, &(dx, dy): &(u32, u32)) { self.x += dx; self.y += dy }
    /// #     fn undo(&mut self, &(dx, dy): &(u32, u32)) { self.x -= dx; self.y -= dy }
    /// #     fn solution(&self) -> Option<()> { (self.x == self.n && self.y == self.n).then_some(()) }
    /// # }
    /// # impl Keyed for Grid {
    /// #     type Key = (u32, u32);
    /// #     fn key(&self) -> (u32, u32) { (self.x, self.y) }
    /// # }
    /// let mut keys: std::collections::HashSet<<Grid as Keyed>::Key> = Default::default();
    /// let mut grid = Grid { x: 0, y: 0, n: 1 };
    /// keys.insert(grid.key());
    /// grid.apply(&(1, 0));
    /// keys.insert(grid.key());
    /// assert_eq!(keys.len(), 2);
    /// ```
    type Key: Hash + Eq + Clone;

    /// The key of the current state.
    /// # Example
    ///
    /// With `Grid` from the [trait example](Keyed):
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, Problem};
    /// # struct Grid { x: u32, y: u32, n: u32 }
    /// # impl Problem for Grid {
    /// #     type Move = (u32, u32);
    /// #     type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<(u32, u32)>) {
    /// #         if self.x < self.n { out.push((1, 0)) }
    /// #         if self.y < self.n { out.push((0, 1)) }
    /// #     }
    /// #     fn apply(&mut self, &(dx, dy): &(u32, u32)) { self.x += dx; self.y += dy }
    /// #     fn undo(&mut self, &(dx, dy): &(u32, u32)) { self.x -= dx; self.y -= dy }
    /// #     fn solution(&self) -> Option<()> { (self.x == self.n && self.y == self.n).then_some(()) }
    /// # }
    /// # impl Keyed for Grid {
    /// #     type Key = (u32, u32);
    /// #     fn key(&self) -> (u32, u32) { (self.x, self.y) }
    /// # }
    /// // Right then down, or down then right: the same state.
    /// let mut a = Grid { x: 0, y: 0, n: 2 };
    /// a.apply(&(1, 0));
    /// a.apply(&(0, 1));
    /// let mut b = Grid { x: 0, y: 0, n: 2 };
    /// b.apply(&(0, 1));
    /// b.apply(&(1, 0));
    /// assert_eq!(a.key(), b.key());
    /// assert_eq!(a.key(), (1, 1));
    /// ```
    fn key(&self) -> Self::Key;
}

impl<P: Keyed + ?Sized> Keyed for &mut P {
    type Key = P::Key;

    fn key(&self) -> P::Key {
        (**self).key()
    }
}

/// What a [`PathCounter`] keeps for each level of its stack.
#[derive(Clone, Debug)]
struct Counting<K> {
    key: K,
    /// The paths counted from this state so far.
    count: u128,
}

/// A depth-first existence search that remembers dead states.
///
/// Once a state has been explored completely without finding a solution,
/// its key is recorded as dead, and any later state with that key is
/// skipped (counted in [`Stats::prunes`]). A state on the current path is
/// marked only once all its moves are explored, and a state whose key is on
/// the current path (a cycle) is skipped, so the search terminates on
/// cyclic spaces too. It is complete: it finds a solution whenever one is
/// reachable from the root. (In an acyclic space a dead key provably leads
/// to no solution; in a cyclic one it may lead back to a state that was on
/// the path at the time, which the search explores anyway.)
///
/// [`Problem::prune`] is honoured as by [`Search`](super::Search).
/// [`first`](MemoSearch::first) searches from the root; calling it again
/// searches again, reusing the dead states, so a search stopped by its
/// [`Budget`] can be resumed. (Each call walks down from the root again,
/// spending a node on every dead child it skips, so resuming makes progress
/// only with a node limit well above the depth times the branching.)
///
/// The memo is a `HashSet` of keys with hasher `S`, which grows by one entry per
/// distinct key explored: bound long searches with a [`Budget`].
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{Keyed, MemoSearch, Problem};
/// use kongming_search::control::Outcome;
///
/// /// Reach `target` from 1 by doubling or adding 3, staying below 1000.
/// struct Reach { value: u32, target: u32 }
/// impl Problem for Reach {
///     type Move = bool; // true: double, false: add 3
///     type Solution = u32;
///     fn moves(&self, out: &mut Vec<bool>) { out.extend([true, false]) }
///     fn apply(&mut self, &double: &bool) {
///         self.value = if double { self.value * 2 } else { self.value + 3 };
///     }
///     fn undo(&mut self, &double: &bool) {
///         self.value = if double { self.value / 2 } else { self.value - 3 };
///     }
///     fn solution(&self) -> Option<u32> { (self.value == self.target).then_some(self.value) }
///     fn prune(&self) -> bool { self.value >= 1000 }
/// }
/// impl Keyed for Reach {
///     type Key = u32;
///     fn key(&self) -> u32 { self.value }
/// }
///
/// let mut search = MemoSearch::new(Reach { value: 1, target: 999 });
/// assert_eq!(search.first(), None); // 999 is a multiple of 3, 1 is not
/// assert_eq!(search.outcome(), Some(Outcome::Complete));
/// assert!(search.dead_states() < 1000); // each value explored at most once
///
/// let mut search = MemoSearch::new(Reach { value: 1, target: 997 });
/// assert_eq!(search.first(), Some(997));
/// let mut replay = 1;
/// for &double in search.solution_path() {
///     replay = if double { replay * 2 } else { replay + 3 };
/// }
/// assert_eq!(replay, 997);
/// ```
pub struct MemoSearch<P: Keyed, S = RandomState> {
    problem: P,
    budget: Budget,
    progress: Option<Reporter<'static>>,
    /// Keys of the states on the current path and of the dead states.
    marks: HashSet<P::Key, S>,
    stack: Stack<P::Move, ()>,
    path: Vec<P::Move>,
    stats: Stats,
    outcome: Option<Outcome>,
}

impl<P: Keyed, S> fmt::Debug for MemoSearch<P, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoSearch")
            .field("outcome", &self.outcome)
            .field("stats", &self.stats)
            .field("memo_len", &self.marks.len())
            .finish_non_exhaustive()
    }
}

impl<P: Keyed> MemoSearch<P> {
    /// A search from `problem`'s current state, with no limits and the
    /// standard hasher.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = u8;
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<u8> { Some(7) }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// assert_eq!(MemoSearch::new(Leaf).first(), Some(7));
    /// ```
    pub fn new(problem: P) -> Self {
        Self::with_hasher(problem, RandomState::new())
    }
}

impl<P: Keyed, S: BuildHasher> MemoSearch<P, S> {
    /// A search whose memo uses `hasher` (a faster hasher pays off when keys
    /// are small integers).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = u8;
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<u8> { Some(7) }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// use std::hash::BuildHasherDefault;
    /// use std::collections::hash_map::DefaultHasher;
    /// let hasher = BuildHasherDefault::<DefaultHasher>::default();
    /// assert_eq!(MemoSearch::with_hasher(Leaf, hasher).first(), Some(7));
    /// ```
    pub fn with_hasher(problem: P, hasher: S) -> Self {
        MemoSearch {
            problem,
            budget: Budget::unlimited(),
            progress: None,
            marks: HashSet::with_hasher(hasher),
            stack: Stack::new(),
            path: Vec::new(),
            stats: Stats::default(),
            outcome: None,
        }
    }

    /// Limits each call of [`first`](MemoSearch::first).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # use kongming_search::control::{Budget, Outcome, StopReason};
    /// # struct Count(u64);
    /// # impl Problem for Count {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<()>) { out.push(()) }
    /// #     fn apply(&mut self, _: &()) { self.0 += 1 }
    /// #     fn undo(&mut self, _: &()) { self.0 -= 1 }
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// # impl Keyed for Count { type Key = u64; fn key(&self) -> u64 { self.0 } }
    /// let mut search = MemoSearch::new(Count(0)).budget(Budget::unlimited().with_node_limit(50));
    /// assert_eq!(search.first(), None);
    /// assert_eq!(search.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
    /// assert_eq!(search.problem().0, 0);
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
    /// let mut search = MemoSearch::new(Count(0)).on_progress(move |report| log.lock().unwrap().push(report.done));
    /// let _ = search.first();
    /// assert_eq!(*seen.lock().unwrap(), [4096]);
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + Send + 'static) -> Self {
        self.progress = Some(Reporter::new(REPORT_EVERY, callback));
        self
    }

    /// How the last call of [`first`](MemoSearch::first) ended, or `None`
    /// before the first call. `Complete` with no solution proves there is
    /// none.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # use kongming_search::control::Outcome;
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// let mut search = MemoSearch::new(Leaf);
    /// assert_eq!(search.outcome(), None);
    /// assert_eq!(search.first(), None);
    /// assert_eq!(search.outcome(), Some(Outcome::Complete));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// What the search has done over all calls so far. Memo hits are
    /// counted in [`prunes`](Stats::prunes).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// let mut search = MemoSearch::new(Leaf);
    /// search.first();
    /// assert_eq!(search.stats().solutions, 1);
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The number of keys recorded as dead.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// let mut search = MemoSearch::new(Leaf);
    /// search.first();
    /// assert_eq!(search.dead_states(), 1); // the root
    /// ```
    pub fn dead_states(&self) -> usize {
        // Between calls every recorded key is dead: marks of states on the
        // path are removed when a call ends.
        self.marks.len()
    }

    /// The moves from the root to the solution returned by the last call of
    /// [`first`](MemoSearch::first) (empty if it returned `None`).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # struct Down(u8);
    /// # impl Problem for Down {
    /// #     type Move = u8; type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<u8>) { if self.0 < 3 { out.push(self.0) } }
    /// #     fn apply(&mut self, _: &u8) { self.0 += 1 }
    /// #     fn undo(&mut self, _: &u8) { self.0 -= 1 }
    /// #     fn solution(&self) -> Option<()> { (self.0 == 3).then_some(()) }
    /// # }
    /// # impl Keyed for Down { type Key = u8; fn key(&self) -> u8 { self.0 } }
    /// let mut search = MemoSearch::new(Down(0));
    /// search.first();
    /// assert_eq!(search.solution_path(), [0, 1, 2]);
    /// ```
    pub fn solution_path(&self) -> &[P::Move] {
        &self.path
    }

    /// The problem, at its root state between calls.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # struct Down(u8);
    /// # impl Problem for Down {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<()>) { if self.0 < 3 { out.push(()) } }
    /// #     fn apply(&mut self, _: &()) { self.0 += 1 }
    /// #     fn undo(&mut self, _: &()) { self.0 -= 1 }
    /// #     fn solution(&self) -> Option<()> { (self.0 == 3).then_some(()) }
    /// # }
    /// # impl Keyed for Down { type Key = u8; fn key(&self) -> u8 { self.0 } }
    /// let mut search = MemoSearch::new(Down(0));
    /// assert!(search.first().is_some());
    /// assert_eq!(search.problem().0, 0);
    /// ```
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// Returns the problem (at its root state).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # struct Leaf(u8);
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// assert_eq!(MemoSearch::new(Leaf(4)).into_problem().0, 4);
    /// ```
    pub fn into_problem(self) -> P {
        self.problem
    }

    /// Searches from the root for a solution, skipping dead states, and
    /// returns it (its moves are in
    /// [`solution_path`](MemoSearch::solution_path)), or `None` if there is
    /// none or the budget ran out (see [`outcome`](MemoSearch::outcome)).
    /// The problem is back at its root state afterwards.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Keyed, MemoSearch, Problem};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = u8;
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<u8> { Some(3) }
    /// # }
    /// # impl Keyed for Leaf { type Key = (); fn key(&self) {} }
    /// let mut search = MemoSearch::new(Leaf);
    /// assert_eq!(search.first(), Some(3));
    /// assert_eq!(search.first(), Some(3)); // searched again, same answer
    /// ```
    pub fn first(&mut self) -> Option<P::Solution> {
        let (solution, outcome) = self.run();
        self.outcome = Some(outcome);
        solution
    }

    fn run(&mut self) -> (Option<P::Solution>, Outcome) {
        self.path.clear();
        let mut meter = self.budget.start();
        if let Some(reason) = meter.check_now() {
            return (None, Outcome::Stopped(reason));
        }
        if self.problem.prune() {
            self.stats.prunes += 1;
            return (None, Outcome::Complete);
        }
        if self.marks.contains(&self.problem.key()) {
            self.stats.prunes += 1;
            return (None, Outcome::Complete);
        }
        if self.problem.is_solution()
            && let Some(solution) = self.problem.solution()
        {
            self.stats.solutions += 1;
            return (Some(solution), Outcome::Complete);
        }
        self.marks.insert(self.problem.key());
        self.stack.push(&self.problem, (), &mut self.stats);
        let mut nodes = 0;
        loop {
            let mut walker = SkipMarked {
                marks: &mut self.marks,
            };
            match self.stack.walk(
                &mut self.problem,
                &mut walker,
                &mut meter,
                &mut nodes,
                &mut self.stats,
                self.progress.as_mut(),
            ) {
                Event::Paused => {
                    // A state that is a solution: its frame is on top.
                    if let Some(solution) = self.problem.solution() {
                        self.stats.solutions += 1;
                        self.path = self.stack.path().cloned().collect();
                        self.unwind();
                        return (Some(solution), Outcome::Complete);
                    }
                }
                Event::Exhausted | Event::Halted => return (None, Outcome::Complete),
                Event::Stopped(reason) => {
                    self.unwind();
                    return (None, Outcome::Stopped(reason));
                }
            }
        }
    }

    /// Undoes every move on the stack and forgets the marks of the states
    /// on the path (they were not proved dead). Their keys are computed
    /// again on the way up rather than kept on the stack.
    fn unwind(&mut self) {
        let marks = &mut self.marks;
        self.stack
            .unwind_visiting(&mut self.problem, |problem, ()| {
                marks.remove(&problem.key());
            });
    }
}

/// The walker of a [`MemoSearch`]: it skips pruned states and states whose
/// key is marked (on the path, or proved dead), marks each state it
/// enters, and pauses at states that may be solutions.
struct SkipMarked<'m, K, S> {
    marks: &'m mut HashSet<K, S>,
}

impl<P, S> Walker<P> for SkipMarked<'_, P::Key, S>
where
    P: Keyed,
    S: BuildHasher,
{
    type Data = ();

    #[inline]
    fn enter(&mut self, problem: &P, _: &mut (), stats: &mut Stats) -> Entered<()> {
        if problem.prune() {
            stats.prunes += 1;
            return Entered::Skip;
        }
        // One hash operation per move: a new key is marked as it is
        // entered (on the path), and stays marked once explored (dead).
        if !self.marks.insert(problem.key()) {
            stats.prunes += 1;
            return Entered::Skip;
        }
        if problem.is_solution() {
            return Entered::Pause(());
        }
        Entered::Descend(())
    }

    #[inline]
    fn leave(&mut self, (): (), _: Option<&mut ()>) -> bool {
        true
    }
}

/// The first solution of `problem`, by a [`MemoSearch`] that skips states
/// whose key was already explored without success.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{self, Keyed, Problem};
///
/// /// Subsets of the weights that sum to `target` (as a bitmask): the state
/// /// (next weight, sum so far) recurs on many paths.
/// struct SubsetSum { weights: Vec<u32>, next: usize, sum: u32, chosen: u64, target: u32 }
/// impl Problem for SubsetSum {
///     type Move = bool;
///     type Solution = u64;
///     fn moves(&self, out: &mut Vec<bool>) {
///         if self.next < self.weights.len() { out.extend([true, false]) }
///     }
///     fn apply(&mut self, &take: &bool) {
///         if take { self.sum += self.weights[self.next]; self.chosen |= 1 << self.next }
///         self.next += 1;
///     }
///     fn undo(&mut self, &take: &bool) {
///         self.next -= 1;
///         if take { self.sum -= self.weights[self.next]; self.chosen &= !(1 << self.next) }
///     }
///     fn solution(&self) -> Option<u64> { (self.sum == self.target).then_some(self.chosen) }
///     fn prune(&self) -> bool { self.sum > self.target }
/// }
/// impl Keyed for SubsetSum {
///     type Key = (usize, u32);
///     fn key(&self) -> (usize, u32) { (self.next, self.sum) }
/// }
///
/// let weights: Vec<u32> = (0..40).map(|i| 2 * i + 2).collect(); // all even
/// let odd = SubsetSum { weights: weights.clone(), next: 0, sum: 0, chosen: 0, target: 1001 };
/// assert_eq!(dfs::first_with_memo(odd), None); // quick despite 2^40 subsets
/// let even = SubsetSum { weights, next: 0, sum: 0, chosen: 0, target: 1000 };
/// let chosen = dfs::first_with_memo(even).unwrap();
/// let total: u64 = (0..40).filter(|i| chosen >> i & 1 == 1).map(|i| 2 * i + 2).sum();
/// assert_eq!(total, 1000);
/// ```
pub fn first_with_memo<P: Keyed>(problem: P) -> Option<P::Solution> {
    MemoSearch::new(problem).first()
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
/// [`Problem::prune`] counts 0), but in time proportional to the number of
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
