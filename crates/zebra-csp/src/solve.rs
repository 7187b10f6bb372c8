//! Solving: the [`Solver`], its options, its stream of solutions, and
//! [`Compiled`] puzzles for many solves.

use std::fmt;
use std::iter::FusedIterator;
use std::sync::{Arc, Mutex, PoisonError};

use kongming_search::control::{Budget, Outcome, Progress, ProgressFn};
use kongming_search::csp::{Assignment, Var};
use kongming_search::dfs::Search;

use crate::answers::{SolveStats, Uniqueness};
use crate::explain::Explanation;
use crate::grade::{Difficulty, Grade, Rating};
use crate::house::House;
use crate::network::{self, Network};
use crate::probe::{Probe, Watch};
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use kongming_search::play::Count;

/// How to solve: plain propagation (the default), or singleton arc
/// consistency as well.
///
/// With [`singleton_consistency`](SolveOptions::singleton_consistency) on,
/// every node of the search (the root included) is made singleton arc
/// consistent: each remaining value of each variable is tried and its
/// propagation run on a copy; the values whose propagation fails are removed.
/// Each node costs more, and far fewer case splits are needed (none for the
/// 1962 Life puzzle).
///
/// How much work is allowed is the [`Solver`]'s
/// [`budget`](Solver::budget), not an option.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{SolveOptions, Solver};
/// let puzzle = kongming_zebra_csp::life();
/// let options = SolveOptions::new().singleton_consistency(true);
/// let mut solver = Solver::with_options(&puzzle, options);
/// assert_eq!(solver.count().exact(), Some(1));
/// assert_eq!(solver.stats().case_splits, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[must_use]
pub struct SolveOptions {
    singleton: bool,
}

impl SolveOptions {
    /// The defaults: propagation only.
    ///
    /// # Example
    ///
    /// ```
    /// let options = kongming_zebra_csp::SolveOptions::new();
    /// assert!(!options.uses_singleton_consistency());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Switches singleton arc consistency on or off.
    ///
    /// # Example
    ///
    /// See [`SolveOptions`].
    pub fn singleton_consistency(mut self, on: bool) -> Self {
        self.singleton = on;
        self
    }

    /// Whether singleton arc consistency is on.
    ///
    /// # Example
    ///
    /// ```
    /// let options = kongming_zebra_csp::SolveOptions::new().singleton_consistency(true);
    /// assert!(options.uses_singleton_consistency());
    /// ```
    pub fn uses_singleton_consistency(&self) -> bool {
        self.singleton
    }
}

/// A progress callback shared by the searches of one solver's operations.
pub(crate) type SharedProgress<'p> = Arc<Mutex<ProgressFn<'p>>>;

/// A callback for a search that passes its reports on to `shared`.
pub(crate) fn forward<'p>(shared: &SharedProgress<'p>) -> impl FnMut(&Progress) + Send + 'p {
    let shared = Arc::clone(shared);
    move |report| {
        shared
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .report(report);
    }
}

/// What a solver builds its search from, until it starts.
enum Source<'p> {
    /// The puzzle's own network.
    Puzzle,
    /// Another network of the puzzle's categories.
    Network(Network),
    /// A compiled state, copied when the search starts (straight into it:
    /// the state is large, and moving it about costs).
    Compiled(&'p Compiled),
}

/// A started search and how to read its solutions.
struct Running<'p> {
    vars: Vec<Vec<Var>>,
    search: Search<'p, Probe>,
}

/// A puzzle built into its CSP and propagated at the root once, ready to
/// be solved many times: each [`solver`](Compiled::solver) starts from a
/// copy of that state, skipping the building.
///
/// The root propagation (with singleton consistency, if the options ask for
/// it) is done by [`Compiled::new`], outside any budget; each solver's
/// budget bounds its own search.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Compiled, SolveOptions};
/// let puzzle = kongming_zebra_csp::einstein();
/// let compiled = Compiled::new(&puzzle, SolveOptions::new());
/// for _ in 0..3 {
///     assert_eq!(compiled.solver().count().exact(), Some(1));
/// }
/// ```
#[derive(Clone)]
pub struct Compiled {
    puzzle: Puzzle,
    options: SolveOptions,
    vars: Vec<Vec<Var>>,
    probe: Probe,
}

impl fmt::Debug for Compiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Compiled")
            .field("puzzle", &self.puzzle)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl Compiled {
    /// Builds and root-propagates `puzzle` with `options`.
    ///
    /// # Example
    ///
    /// See [`Compiled`].
    pub fn new(puzzle: &Puzzle, options: SolveOptions) -> Self {
        let (vars, probe) = Probe::compile(network::build(puzzle), options.singleton, None);
        Compiled {
            puzzle: puzzle.clone(),
            options,
            vars,
            probe,
        }
    }

    /// A fresh solver from the compiled state, with no budget yet (set one
    /// with [`Solver::budget`]).
    ///
    /// # Example
    ///
    /// See [`Compiled`].
    pub fn solver(&self) -> Solver<'_> {
        let mut solver = Solver::with_options(&self.puzzle, self.options);
        solver.source = Some(Source::Compiled(self));
        solver
    }
}

/// Solves a [`Puzzle`]: its solutions one by one (a lazy stream), a count,
/// a uniqueness proof, a step-by-step explanation, a grade; with
/// [`SolveStats`].
///
/// A solver is set up with [`SolveOptions`], a [`budget`](Solver::budget)
/// and a [progress callback](Solver::on_progress), then asked. The
/// solving calls ([`next_solution`](Solver::next_solution),
/// [`solutions`](Solver::solutions), [`count`](Solver::count),
/// [`uniqueness`](Solver::uniqueness)) share one search, which goes on
/// where the last call left it; [`explain`](Solver::explain) and
/// [`rate`](Solver::rate) are runs of their own. Nothing is built
/// before the first call, so the budget bounds the building too.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Outcome, Solver};
/// let puzzle = kongming_zebra_csp::einstein();
/// let mut solver = Solver::new(&puzzle);
/// let mut solutions = solver.solutions();
/// let solution = solutions.next().expect("a solution");
/// assert!(solution.satisfies(&puzzle));
/// assert_eq!(solutions.next(), None);
/// assert_eq!(solutions.outcome(), Some(Outcome::Complete)); // so it is the only one
/// ```
pub struct Solver<'p> {
    puzzle: &'p Puzzle,
    options: SolveOptions,
    budget: Budget,
    progress: Option<SharedProgress<'p>>,
    source: Option<Source<'p>>,
    running: Option<Running<'p>>,
}

impl fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("options", &self.options)
            .field("budget", &self.budget)
            .field("stats", &self.stats())
            .field("outcome", &self.outcome())
            .finish_non_exhaustive()
    }
}

impl<'p> Solver<'p> {
    /// A solver with the default options (propagation only) and no limit.
    ///
    /// # Example
    ///
    /// See [`Solver`].
    pub fn new(puzzle: &'p Puzzle) -> Self {
        Self::with_options(puzzle, SolveOptions::new())
    }

    /// A solver with `options` and no limit.
    ///
    /// # Example
    ///
    /// See [`SolveOptions`].
    pub fn with_options(puzzle: &'p Puzzle, options: SolveOptions) -> Self {
        Solver {
            puzzle,
            options,
            budget: Budget::unlimited(),
            progress: None,
            source: None,
            running: None,
        }
    }

    /// A solver of `network`, a CSP built for `puzzle`'s categories (with
    /// other clues, or a negated one).
    pub(crate) fn for_network(puzzle: &'p Puzzle, network: Network) -> Self {
        let mut solver = Solver::new(puzzle);
        solver.source = Some(Source::Network(network));
        solver
    }

    /// Limits the work: a node is a **case split** (a value tried in a
    /// house when propagation is stuck, [`SolveStats::case_splits`]).
    ///
    /// The node limit counts case splits; the time limit runs from the
    /// first call that solves, explains or grades; the cancel flag is
    /// watched. Both are looked at every few thousand case splits, and with
    /// singleton consistency on, every few thousand singleton tests too
    /// (each is much slower than a case split). The solving calls share one
    /// search and so one budget; [`explain`](Solver::explain) and
    /// [`rate`](Solver::rate) start it afresh. A stopped search says so
    /// ([`outcome`](Solver::outcome), [`Count::outcome`],
    /// [`Uniqueness::Stopped`]) and keeps what it found.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Budget, Outcome, Puzzle, Solver, StopReason};
    /// let puzzle: Puzzle = "a: 1a 2a 3a 4a 5a 6a\nb: 1b 2b 3b 4b 5b 6b\n".parse()?;
    /// let mut solver = Solver::new(&puzzle).budget(Budget::unlimited().with_node_limit(100));
    /// let count = solver.count();
    /// assert_eq!(count.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    /// assert!(count.count() > 0 && count.count() < 720 * 720);
    /// assert_eq!(solver.stats().case_splits, 100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Calls `callback` as the work goes on: every few thousand case
    /// splits, with `done` the case splits so far and `found` the solutions
    /// found so far (for [`explain`](Solver::explain) and
    /// [`rate`](Solver::rate), of the search they run). To stop from the
    /// callback, raise the budget's [`CancelFlag`](crate::CancelFlag).
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_zebra_csp::{Progress, Puzzle, Solver};
    /// let puzzle: Puzzle = "a: a1 a2 a3 a4 a5 a6\nb: b1 b2 b3 b4 b5 b6\n".parse()?;
    /// let reports = Arc::new(Mutex::new(Vec::new()));
    /// let seen = Arc::clone(&reports);
    /// let mut solver = Solver::new(&puzzle)
    ///     .on_progress(move |report: &Progress| seen.lock().unwrap().push(report.done));
    /// assert_eq!(solver.count().exact(), Some(720 * 720));
    /// let reports = reports.lock().unwrap();
    /// assert!(!reports.is_empty());
    /// assert!(reports.windows(2).all(|w| w[0] < w[1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + Send + 'p) -> Self {
        self.progress = Some(Arc::new(Mutex::new(ProgressFn::new(callback))));
        self
    }

    /// The search, started on the first call.
    fn running(&mut self) -> &mut Running<'p> {
        let (puzzle, options, budget) = (self.puzzle, self.options, &self.budget);
        let (progress, source) = (&self.progress, &mut self.source);
        self.running.get_or_insert_with(|| {
            let meter = budget.start();
            let watch = || {
                options
                    .singleton
                    .then(|| Watch::of(&meter.remaining(0)))
                    .flatten()
            };
            let (vars, probe) = match source.take().unwrap_or(Source::Puzzle) {
                Source::Puzzle => {
                    Probe::compile(network::build(puzzle), options.singleton, watch())
                }
                Source::Network(network) => Probe::compile(network, options.singleton, watch()),
                Source::Compiled(compiled) => {
                    let mut probe = compiled.probe.clone();
                    probe.watch = watch();
                    (compiled.vars.clone(), probe)
                }
            };
            // What the building left of the budget.
            let mut search = Search::new(probe).budget(meter.remaining(0));
            if let Some(shared) = progress {
                search = search.on_progress(forward(shared));
            }
            Running { vars, search }
        })
    }

    /// The next solution, or `None` when there are no more or the budget
    /// stopped the search ([`outcome`](Solver::outcome) tells which).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Solver;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let mut solver = Solver::new(&puzzle);
    /// assert!(solver.next_solution().is_some());
    /// assert!(solver.next_solution().is_none());
    /// ```
    #[must_use]
    pub fn next_solution(&mut self) -> Option<Solution> {
        let puzzle = self.puzzle;
        let running = self.running();
        let assignment = running.search.next_solution()?;
        Some(to_solution(puzzle, &running.vars, &assignment))
    }

    /// The (remaining) solutions, one at a time, as the search finds them:
    /// the primary way to read them. The stream ends when there are no
    /// more or the budget stops the search; its
    /// [`outcome`](Solutions::outcome) tells which.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Outcome, Puzzle, Solver};
    /// let puzzle: Puzzle = "pet: cat dog fox\ncat left-of dog\n".parse()?;
    /// let mut solver = Solver::new(&puzzle);
    /// let mut solutions = solver.solutions();
    /// let all: Vec<_> = solutions.by_ref().collect();
    /// assert_eq!(all.len(), 2);
    /// assert!(all.iter().all(|s| s.satisfies(&puzzle)));
    /// assert_eq!(solutions.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), kongming_zebra_csp::ParseError>(())
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_, 'p> {
        Solutions { solver: self }
    }

    /// Counts the (remaining) solutions, without building them: the
    /// family's [`Count`], exact when complete and a lower bound (the
    /// solutions found) when the budget stopped it.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Budget, Outcome, Puzzle, Solver, StopReason};
    /// let puzzle: Puzzle = "pet: cat dog fox\ncolour: red blue green\ncat = red\n".parse()?;
    /// let count = Solver::new(&puzzle).count();
    /// assert_eq!((count.count(), count.outcome()), (12, Outcome::Complete));
    /// assert_eq!(count.exact(), Some(12));
    ///
    /// let cut = Solver::new(&puzzle).budget(Budget::unlimited().with_node_limit(4)).count();
    /// assert_eq!(cut.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    /// assert_eq!(cut.exact(), None);
    /// assert!(cut.count() < 12);
    /// assert!(cut.to_string().starts_with("at least"));
    /// # Ok::<(), kongming_zebra_csp::ParseError>(())
    /// ```
    pub fn count(&mut self) -> Count {
        let search = &mut self.running().search;
        let solutions = search.count();
        Count::new(solutions, search.outcome().unwrap_or(Outcome::Complete))
    }

    /// No solution, one, or two different ones (it stops after the
    /// second), among the remaining solutions.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Solver, Uniqueness};
    /// let puzzle = kongming_zebra_csp::life();
    /// assert!(matches!(Solver::new(&puzzle).uniqueness(), Uniqueness::Unique(_)));
    /// ```
    #[must_use]
    pub fn uniqueness(&mut self) -> Uniqueness {
        let stopped = |solver: &Self| match solver.outcome() {
            Some(Outcome::Stopped(reason)) => Some(reason),
            _ => None,
        };
        let Some(first) = self.next_solution() else {
            return match stopped(self) {
                Some(reason) => Uniqueness::Stopped(reason, None),
                None => Uniqueness::NoSolution,
            };
        };
        match self.next_solution() {
            Some(second) => Uniqueness::Multiple(first, second),
            None => match stopped(self) {
                Some(reason) => Uniqueness::Stopped(reason, Some(first)),
                None => Uniqueness::Unique(first),
            },
        }
    }

    /// Explains a solution step by step with the solver's options, within
    /// its budget: see [`Explanation`]. With singleton consistency on,
    /// every value is tried before any case split, and the ones whose
    /// propagation fails are ruled out (steps with
    /// [`Reason::Refuted`](crate::Reason::Refuted)).
    ///
    /// The case splits of the explanation (and of the search for the
    /// solution they head for) are the budget's nodes. A stopped
    /// explanation keeps its steps so far ([`Explanation::outcome`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Budget, CancelFlag, Outcome, SolveOptions, Solver, StopReason};
    /// let puzzle = kongming_zebra_csp::life();
    /// let options = SolveOptions::new().singleton_consistency(true);
    /// let explanation = Solver::with_options(&puzzle, options).explain();
    /// assert_eq!(explanation.outcome(), Outcome::Complete);
    /// assert_eq!(explanation.case_splits(), 0);
    ///
    /// let flag = CancelFlag::new();
    /// flag.cancel();
    /// let budget = Budget::unlimited().with_cancel_flag(flag);
    /// let cancelled = Solver::new(&puzzle).budget(budget).explain();
    /// assert_eq!(cancelled.outcome(), Outcome::Stopped(StopReason::Cancelled));
    /// assert!(cancelled.solution().is_none());
    /// ```
    #[must_use]
    pub fn explain(&self) -> Explanation {
        crate::explain::explain(
            self.puzzle,
            self.options,
            &self.budget,
            self.progress.clone(),
        )
    }

    /// Rates the puzzle by the least effort that settles it (see
    /// [`Difficulty`]), within the budget (the solver's options do not
    /// matter: rating tries each level itself).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Budget, Difficulty, Rating, Solver, StopReason};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// assert_eq!(Solver::new(&puzzle).rate(), Rating::Rated(Difficulty::Propagation));
    /// let none = Budget::unlimited().with_time_limit(std::time::Duration::ZERO);
    /// assert_eq!(Solver::new(&puzzle).budget(none).rate(), Rating::Stopped(StopReason::TimeLimit));
    /// ```
    #[must_use]
    pub fn rate(&self) -> Rating {
        crate::grade::grade_puzzle(self.puzzle, &self.budget, self.progress.clone())
    }

    /// The next hint from the player's `marks` (see [`Puzzle::hint`],
    /// which is this call on a solver with no budget), within the budget:
    /// the searches that check the marks against the solution count their
    /// case splits as the budget's nodes, and the singleton tests of a
    /// refutation are watched by its clock and flag. A stopped search gives
    /// [`HintKind::Stopped`](crate::HintKind::Stopped), never a hint that
    /// was not checked. The solver's options do not matter: a hint tries
    /// propagation, then refutations, then a case split itself.
    ///
    /// # Errors
    ///
    /// [`MarksErrorKind::OtherPuzzle`](crate::MarksErrorKind::OtherPuzzle)
    /// if `marks` are of another puzzle.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Budget, CancelFlag, HintKind, Marks, Solver, StopReason};
    /// let puzzle = kongming_zebra_csp::life();
    /// let marks = Marks::new(&puzzle);
    /// assert!(matches!(Solver::new(&puzzle).hint(&marks)?.kind(), HintKind::Next(_)));
    /// let flag = CancelFlag::new();
    /// flag.cancel();
    /// let stopped = Solver::new(&puzzle).budget(Budget::unlimited().with_cancel_flag(flag)).hint(&marks)?;
    /// assert_eq!(stopped.kind(), &HintKind::Stopped(StopReason::Cancelled));
    /// # Ok::<(), kongming_zebra_csp::MarksError>(())
    /// ```
    pub fn hint(
        &self,
        marks: &crate::marks::Marks,
    ) -> Result<crate::hint::Hint, crate::marks::MarksError> {
        crate::hint::hint(self.puzzle, marks, &self.budget, self.progress.clone())
    }

    /// How the solving calls' search ended, once it has (`None` before the
    /// first call and while it can go on).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Outcome, Solver};
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let mut solver = Solver::new(&puzzle);
    /// assert_eq!(solver.outcome(), None);
    /// assert_eq!(solver.count().exact(), Some(1));
    /// assert_eq!(solver.outcome(), Some(Outcome::Complete));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.running.as_ref().and_then(|r| r.search.outcome())
    }

    /// The effort of the solving calls so far.
    ///
    /// # Example
    ///
    /// See [`SolveStats`].
    pub fn stats(&self) -> SolveStats {
        let Some(running) = &self.running else {
            return SolveStats::default();
        };
        let s = running.search.stats();
        SolveStats {
            case_splits: s.nodes,
            backtracks: s.backtracks,
            singleton_removals: running.search.problem().removed,
            solutions: s.solutions,
        }
    }

    /// The solver's progress callback, to pass on to the searches of an
    /// operation of its own.
    pub(crate) fn with_shared_progress(mut self, progress: Option<SharedProgress<'p>>) -> Self {
        self.progress = progress;
        self
    }
}

/// The solution of `assignment`.
fn to_solution(puzzle: &Puzzle, vars: &[Vec<Var>], assignment: &Assignment) -> Solution {
    let houses = vars
        .iter()
        .map(|row| {
            row.iter()
                .map(|&v| House::at(assignment[v] as usize))
                .collect()
        })
        .collect();
    Solution::new(puzzle, houses)
}

/// The solutions of a [`Solver`], one at a time ([`Solver::solutions`]).
///
/// Lazy: each solution is searched for when it is asked for. The stream
/// ends when there are no more or the solver's budget stops the search;
/// then [`outcome`](Solutions::outcome) says which (only
/// [`Outcome::Complete`] proves there are no others).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Budget, Outcome, Puzzle, Solver, StopReason};
/// let puzzle: Puzzle = "a: a1 a2 a3 a4 a5 a6\nb: b1 b2 b3 b4 b5 b6\n".parse()?;
/// let mut solver = Solver::new(&puzzle).budget(Budget::unlimited().with_node_limit(50));
/// let mut solutions = solver.solutions();
/// let found = solutions.by_ref().count();
/// assert!(found > 0);
/// assert_eq!(solutions.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
/// assert_eq!(solver.stats().solutions, found as u64);
/// # Ok::<(), kongming_zebra_csp::ParseError>(())
/// ```
#[must_use = "a stream of solutions does nothing unless it is iterated"]
pub struct Solutions<'s, 'p> {
    solver: &'s mut Solver<'p>,
}

impl Solutions<'_, '_> {
    /// How the stream ended, once it has: `None` while it can go on.
    ///
    /// # Example
    ///
    /// See [`Solutions`].
    pub fn outcome(&self) -> Option<Outcome> {
        self.solver.outcome()
    }

    /// The effort so far.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Solver;
    /// let puzzle = kongming_zebra_csp::einstein();
    /// let mut solver = Solver::new(&puzzle);
    /// let mut solutions = solver.solutions();
    /// solutions.next();
    /// assert_eq!(solutions.stats().solutions, 1);
    /// ```
    pub fn stats(&self) -> SolveStats {
        self.solver.stats()
    }
}

impl fmt::Debug for Solutions<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("solver", &self.solver)
            .finish()
    }
}

impl Iterator for Solutions<'_, '_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.solver.next_solution()
    }
}

impl FusedIterator for Solutions<'_, '_> {}

impl Puzzle {
    /// A solution, if there is one (default options, no limit).
    ///
    /// # Example
    ///
    /// See [`Solution`].
    pub fn solve(&self) -> Option<Solution> {
        Solver::new(self).next_solution()
    }

    /// The number of solutions: default options and no limit, so the count
    /// is always complete and is given as a plain number
    /// ([`Solver::count`] gives a bounded [`Count`]).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_zebra_csp::einstein().count(), 1);
    /// ```
    pub fn count(&self) -> u64 {
        Solver::new(self).count().count()
    }

    /// No solution, one, or two different ones (default options, no limit,
    /// so never [`Uniqueness::Stopped`]).
    ///
    /// # Example
    ///
    /// See [`Uniqueness`].
    pub fn uniqueness(&self) -> Uniqueness {
        Solver::new(self).uniqueness()
    }

    /// Explains a solution step by step with the default options
    /// (propagation, and case splits where it is stuck), no limit.
    ///
    /// # Example
    ///
    /// See [`Explanation`].
    pub fn explain(&self) -> Explanation {
        Solver::new(self).explain()
    }

    /// Explains a solution step by step with `options`, no limit (see
    /// [`Solver::explain`]).
    ///
    /// # Example
    ///
    /// See [`Explanation::refutations`].
    pub fn explain_with(&self, options: &SolveOptions) -> Explanation {
        Solver::with_options(self, *options).explain()
    }

    /// How hard the puzzle is (see [`Difficulty`]), no limit. A puzzle
    /// without a unique solution is rated by the effort of its search.
    ///
    /// # Example
    ///
    /// See [`Difficulty`].
    pub fn difficulty(&self) -> Difficulty {
        match Solver::new(self).rate() {
            Rating::Rated(difficulty) => difficulty,
            Rating::Stopped(_) => unreachable!("an unlimited budget never stops"),
        }
    }

    /// The puzzle's grade: its [`difficulty`](Puzzle::difficulty)'s.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Grade;
    /// assert_eq!(kongming_zebra_csp::einstein().grade(), Grade::Easy);
    /// ```
    pub fn grade(&self) -> Grade {
        self.difficulty().grade()
    }
}
