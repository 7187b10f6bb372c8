//! The engine: depth-first search over a [`Problem`] with an explicit stack.

use std::fmt;
use std::iter::FusedIterator;

use super::problem::Problem;
use super::reporter::{REPORT_EVERY, Reporter};
use super::stack::{Entered, Event, Stack, Walker};
use super::stats::Stats;
use crate::control::{Budget, Meter, Outcome, Progress};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    NotStarted,
    Running,
    Done(Outcome),
}

/// A depth-first search over a [`Problem`], run step by step.
///
/// The search keeps its own stack (one frame per level, moves in one shared
/// buffer), so the depth of the tree is bounded by memory, never by the call
/// stack. It is lazy: [`next_solution`](Search::next_solution) and the
/// [`solutions`](Search::solutions) iterator explore only as far as the next
/// solution. When it ends, complete or stopped by its [`Budget`], every move
/// it applied has been undone, so the problem is back at its root state.
///
/// # Example
///
/// Count the ways to write 5 as an ordered sum of 1s and 2s:
///
/// ```
/// use kongming_search::dfs::{Problem, Search};
/// use kongming_search::control::Outcome;
///
/// struct Compositions { left: u32 }
/// impl Problem for Compositions {
///     type Move = u32;
///     type Solution = ();
///     fn moves(&self, out: &mut Vec<u32>) {
///         out.extend([1, 2].into_iter().filter(|&p| p <= self.left));
///     }
///     fn apply(&mut self, part: &u32) { self.left -= part; }
///     fn undo(&mut self, part: &u32) { self.left += part; }
///     fn solution(&self) -> Option<()> { (self.left == 0).then_some(()) }
/// }
///
/// let mut search = Search::new(Compositions { left: 5 });
/// assert_eq!(search.count(), 8); // Fibonacci
/// assert_eq!(search.outcome(), Some(Outcome::Complete));
/// assert_eq!(search.stats().solutions, 8);
/// ```
pub struct Search<'a, P: Problem> {
    problem: P,
    budget: Budget,
    meter: Meter,
    stack: Stack<P::Move, ()>,
    phase: Phase,
    stats: Stats,
    progress: Option<Reporter<'a>>,
}

impl<P: Problem> fmt::Debug for Search<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("depth", &self.depth())
            .field("phase", &self.phase)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl<'a, P: Problem> Search<'a, P> {
    /// A search that starts at `problem`'s current state, with no limits.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// let mut search = Search::new(Leaf);
    /// assert_eq!(search.count(), 1);
    /// ```
    pub fn new(problem: P) -> Self {
        let budget = Budget::unlimited();
        Search {
            problem,
            meter: budget.start(),
            budget,
            stack: Stack::new(),
            phase: Phase::NotStarted,
            stats: Stats::default(),
            progress: None,
        }
    }

    /// Limits the search: a node is one move applied. The clock of a time
    /// limit starts at the first step.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// use kongming_search::control::{Budget, Outcome, StopReason};
    /// # struct Forever;
    /// # impl Problem for Forever {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<()>) { out.push(()) }
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// let mut search = Search::new(Forever).budget(Budget::unlimited().with_node_limit(100));
    /// assert_eq!(search.count(), 0);
    /// assert_eq!(search.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.meter = budget.start();
        self.budget = budget;
        self
    }

    /// Calls `callback` every few thousand nodes with the nodes visited so
    /// far (`done`) and the solutions found (`found`). Raise a
    /// [`CancelFlag`](crate::control::CancelFlag) of the budget from the
    /// callback to stop the search.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Chain(u32);
    /// # impl Problem for Chain {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<()>) { if self.0 < 10_000 { out.push(()) } }
    /// #     fn apply(&mut self, _: &()) { self.0 += 1 }
    /// #     fn undo(&mut self, _: &()) { self.0 -= 1 }
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// let mut reports = Vec::new();
    /// let mut search = Search::new(Chain(0)).on_progress(|report| reports.push(report.done));
    /// search.count();
    /// drop(search);
    /// assert_eq!(reports, [4096, 8192]);
    /// ```
    #[must_use]
    pub fn on_progress(self, callback: impl FnMut(&Progress) + Send + 'a) -> Self {
        self.report_every(REPORT_EVERY, callback)
    }

    /// Calls `callback` every `every` nodes (at least 1): the cadence of
    /// [`on_progress`](Search::on_progress), for the crate's own wrappers.
    pub(crate) fn report_every(
        mut self,
        every: u64,
        callback: impl FnMut(&Progress) + Send + 'a,
    ) -> Self {
        self.progress = Some(Reporter::new(every, callback));
        self
    }

    /// Takes the progress callback out (for wrappers that rebuild their search).
    pub(crate) fn take_progress(&mut self) -> Option<Reporter<'a>> {
        self.progress.take()
    }

    /// Puts a progress callback taken by [`Search::take_progress`] back.
    pub(crate) fn with_progress_state(mut self, progress: Option<Reporter<'a>>) -> Self {
        self.progress = progress;
        self
    }

    /// The problem, in whatever state the search left it.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Leaf(u8);
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// assert_eq!(Search::new(Leaf(7)).problem().0, 7);
    /// ```
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// Ends the search (undoing every applied move) and returns the problem.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Leaf(u8);
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// assert_eq!(Search::new(Leaf(7)).into_problem().0, 7);
    /// ```
    pub fn into_problem(mut self) -> P {
        self.unwind();
        self.problem
    }

    /// What the search has done so far.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// let mut search = Search::new(Leaf);
    /// search.count();
    /// assert_eq!(search.stats().solutions, 1);
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How the search ended, or `None` while it can still go on.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # use kongming_search::control::Outcome;
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// let mut search = Search::new(Leaf);
    /// assert_eq!(search.outcome(), None);
    /// assert!(search.next_solution().is_some());
    /// assert_eq!(search.next_solution(), None);
    /// assert_eq!(search.outcome(), Some(Outcome::Complete));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Done(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// The depth of the current state (the root is 0).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { None }
    /// # }
    /// assert_eq!(Search::new(Leaf).depth(), 0);
    /// ```
    pub fn depth(&self) -> usize {
        self.stack.len().saturating_sub(1)
    }

    /// The moves from the root to the current state.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Down(u8);
    /// # impl Problem for Down {
    /// #     type Move = u8; type Solution = ();
    /// #     fn moves(&self, out: &mut Vec<u8>) { if self.0 < 2 { out.push(self.0) } }
    /// #     fn apply(&mut self, _: &u8) { self.0 += 1 }
    /// #     fn undo(&mut self, _: &u8) { self.0 -= 1 }
    /// #     fn solution(&self) -> Option<()> { (self.0 == 2).then_some(()) }
    /// # }
    /// let mut search = Search::new(Down(0));
    /// search.next_solution();
    /// assert_eq!(search.path().copied().collect::<Vec<_>>(), [0, 1]);
    /// ```
    pub fn path(&self) -> impl Iterator<Item = &P::Move> + '_ {
        self.stack.path()
    }

    /// Explores up to the next solution and returns it, or `None` when the
    /// tree is exhausted or the budget ran out (see [`outcome`](Search::outcome)).
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = u8;
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<u8> { Some(42) }
    /// # }
    /// assert_eq!(Search::new(Leaf).next_solution(), Some(42));
    /// ```
    pub fn next_solution(&mut self) -> Option<P::Solution> {
        while self.advance() {
            if let Some(solution) = self.problem.solution() {
                return Some(solution);
            }
        }
        None
    }

    /// The first solution, if any. The search can go on afterwards.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = u8;
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<u8> { Some(42) }
    /// # }
    /// assert_eq!(Search::new(Leaf).first(), Some(42));
    /// ```
    pub fn first(&mut self) -> Option<P::Solution> {
        self.next_solution()
    }

    /// Counts the remaining solutions without building them (through
    /// [`Problem::is_solution`]). Check [`outcome`](Search::outcome) to know
    /// whether the count is complete.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Leaf;
    /// # impl Problem for Leaf {
    /// #     type Move = (); type Solution = ();
    /// #     fn moves(&self, _: &mut Vec<()>) {}
    /// #     fn apply(&mut self, _: &()) {}
    /// #     fn undo(&mut self, _: &()) {}
    /// #     fn solution(&self) -> Option<()> { Some(()) }
    /// # }
    /// assert_eq!(Search::new(Leaf).count(), 1);
    /// ```
    pub fn count(&mut self) -> u64 {
        let mut found = 0;
        while self.advance() {
            found += 1;
        }
        found
    }

    /// A lazy iterator over the remaining solutions.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::dfs::{Problem, Search};
    /// # struct Digits(Vec<u8>);
    /// # impl Problem for Digits {
    /// #     type Move = u8; type Solution = u8;
    /// #     fn moves(&self, out: &mut Vec<u8>) { if self.0.is_empty() { out.extend(0..10) } }
    /// #     fn apply(&mut self, d: &u8) { self.0.push(*d) }
    /// #     fn undo(&mut self, _: &u8) { self.0.pop(); }
    /// #     fn solution(&self) -> Option<u8> { self.0.first().copied() }
    /// # }
    /// let mut search = Search::new(Digits(vec![]));
    /// let evens: Vec<u8> = search.solutions().filter(|d| d % 2 == 0).take(3).collect();
    /// assert_eq!(evens, [0, 2, 4]);
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_, 'a, P> {
        Solutions { search: self }
    }

    /// Steps to the next state that is a solution. Returns `false` when the
    /// search has ended. The problem is left at the solution state.
    fn advance(&mut self) -> bool {
        match self.phase {
            Phase::Done(_) => return false,
            Phase::NotStarted => {
                self.phase = Phase::Running;
                self.meter = self.budget.start();
                if let Some(reason) = self.meter.check_now() {
                    self.finish(Outcome::Stopped(reason));
                    return false;
                }
                if self.problem.prune() {
                    self.stats.prunes += 1;
                    self.finish(Outcome::Complete);
                    return false;
                }
                self.stack.push(&self.problem, (), &mut self.stats);
                if self.problem.is_solution() {
                    self.stats.solutions += 1;
                    return true;
                }
            }
            Phase::Running => {}
        }
        // The budget counts every node since the search started.
        let mut nodes = self.stats.nodes;
        match self.stack.walk(
            &mut self.problem,
            &mut EveryBranch,
            &mut self.meter,
            &mut nodes,
            &mut self.stats,
            self.progress.as_mut(),
        ) {
            Event::Paused => true,
            Event::Exhausted | Event::Halted => {
                self.finish(Outcome::Complete);
                false
            }
            Event::Stopped(reason) => {
                self.finish(Outcome::Stopped(reason));
                false
            }
        }
    }

    /// Records the outcome and undoes every applied move.
    fn finish(&mut self, outcome: Outcome) {
        self.phase = Phase::Done(outcome);
        self.unwind();
    }

    /// Undoes the moves on the stack, back to the root state.
    fn unwind(&mut self) {
        self.stack.unwind(&mut self.problem);
    }
}

/// The engine's walker: it prunes what [`Problem::prune`] cuts and pauses
/// at every solution.
struct EveryBranch;

impl<P: Problem> Walker<P> for EveryBranch {
    type Data = ();

    #[inline]
    fn enter(&mut self, problem: &P, _: &mut (), stats: &mut Stats) -> Entered<()> {
        if problem.prune() {
            stats.prunes += 1;
            return Entered::Skip;
        }
        if problem.is_solution() {
            stats.solutions += 1;
            return Entered::Pause(());
        }
        Entered::Descend(())
    }

    #[inline]
    fn leave(&mut self, (): (), _: Option<&mut ()>) -> bool {
        true
    }
}

/// The lazy iterator of [`Search::solutions`].
///
/// # Example
///
/// ```
/// # use kongming_search::dfs::{Problem, Search, Solutions};
/// # struct Leaf;
/// # impl Problem for Leaf {
/// #     type Move = (); type Solution = ();
/// #     fn moves(&self, _: &mut Vec<()>) {}
/// #     fn apply(&mut self, _: &()) {}
/// #     fn undo(&mut self, _: &()) {}
/// #     fn solution(&self) -> Option<()> { Some(()) }
/// # }
/// let mut search = Search::new(Leaf);
/// let mut iter: Solutions<'_, '_, Leaf> = search.solutions();
/// assert_eq!(iter.next(), Some(()));
/// assert_eq!(iter.next(), None);
/// assert_eq!(iter.next(), None); // fused
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Solutions<'s, 'a, P: Problem> {
    search: &'s mut Search<'a, P>,
}

impl<P: Problem> fmt::Debug for Solutions<'_, '_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("search", &self.search)
            .finish()
    }
}

impl<P: Problem> Iterator for Solutions<'_, '_, P> {
    type Item = P::Solution;

    fn next(&mut self) -> Option<P::Solution> {
        self.search.next_solution()
    }
}

impl<P: Problem> FusedIterator for Solutions<'_, '_, P> {}

/// The first solution of `problem`, searching depth first. The problem is
/// left back at its starting state (this matters when it is borrowed).
///
/// # Example
///
/// ```
/// # use kongming_search::dfs::{self, Problem};
/// # struct Leaf;
/// # impl Problem for Leaf {
/// #     type Move = (); type Solution = u8;
/// #     fn moves(&self, _: &mut Vec<()>) {}
/// #     fn apply(&mut self, _: &()) {}
/// #     fn undo(&mut self, _: &()) {}
/// #     fn solution(&self) -> Option<u8> { Some(1) }
/// # }
/// assert_eq!(dfs::first(Leaf), Some(1));
/// ```
pub fn first<P: Problem>(problem: P) -> Option<P::Solution> {
    let mut search = Search::new(problem);
    let solution = search.next_solution();
    // Undo the path to the solution, so a borrowed problem is left as it was.
    search.into_problem();
    solution
}

/// The number of solutions of `problem` (a complete count: no budget).
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
/// assert_eq!(dfs::count(Leaf), 1);
/// ```
pub fn count<P: Problem>(problem: P) -> u64 {
    Search::new(problem).count()
}
