//! A depth-first existence search that remembers the states it proved
//! dead: [`MemoSearch`].

use std::collections::HashSet;
use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::BuildHasher;

use super::keyed::Keyed;
use super::reporter::{REPORT_EVERY, Reporter};
use super::stack::{Entered, Event, Stack, Walker};
use super::stats::Stats;
use crate::control::{Budget, Outcome, Progress};

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
/// [`Problem::prune`](super::Problem::prune) is honoured as by [`Search`](super::Search).
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
