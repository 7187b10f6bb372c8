//! Solving: MAC search on the CSP, optionally with singleton arc consistency
//! at every node.

use std::fmt;

use kongming_search::csp::{
    Ascending, Assignment, Decision, DomWdeg, Domain, Mac, Model, NoObserver, Observer,
    SmallDomain, Var,
};
use kongming_search::dfs::{Budget, Outcome, Problem, Search};

use crate::network::{self, Network};
use crate::puzzle::{Puzzle, Solution};

/// The MAC state this crate searches with. dom/wdeg rather than MRV: with
/// MRV, placing one value of a category shrinks its siblings' domains, so
/// the search fills whole categories first and meets a contradiction among
/// other values once per arrangement of those categories; dom/wdeg learns
/// from the first failures to branch on the values involved.
pub(crate) type Core<O> = Mac<SmallDomain, DomWdeg, Ascending, O>;

/// Builds the MAC state of `model` with `observer` (root propagation done).
pub(crate) fn core<O: Observer<SmallDomain>>(model: Model<SmallDomain>, observer: O) -> Core<O> {
    Mac::with_parts(model, DomWdeg::default(), Ascending, observer)
}

/// Singleton arc consistency at the current node of `mac`, to a fixpoint:
/// each value of each variable is tried on a clone; a value whose
/// propagation fails is excluded for real ([`Mac::exclude`], which observers
/// see as `Cause::Caller`). Returns the number of values excluded.
pub(crate) fn singleton_consistency<O: Observer<SmallDomain> + Clone>(
    mac: &mut Core<O>,
    vars: &[Var],
) -> u64 {
    let mut removed = 0;
    let mut changed = true;
    while changed && !mac.is_failed() {
        changed = false;
        for &var in vars {
            let domain = *mac.domain(var);
            if domain.len() < 2 {
                continue;
            }
            for value in domain.iter() {
                if !mac.domain(var).contains(value) {
                    continue;
                }
                let mut probe = mac.clone();
                if !probe.assign(var, value) {
                    removed += 1;
                    changed = true;
                    if !mac.exclude(var, value) {
                        return removed;
                    }
                }
            }
        }
    }
    removed
}

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
/// # Example
///
/// ```
/// use kongming_zebra_csp::{SolveOptions, Solver};
/// let puzzle = kongming_zebra_csp::life();
/// let options = SolveOptions::new().singleton_consistency(true);
/// let mut solver = Solver::with_options(&puzzle, options);
/// assert_eq!(solver.count(), 1);
/// assert_eq!(solver.stats().case_splits, 0);
/// ```
#[derive(Clone, Debug, Default)]
#[must_use]
pub struct SolveOptions {
    singleton: bool,
    budget: Budget,
}

impl SolveOptions {
    /// The defaults: propagation only, no budget.
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

    /// Limits the search (decisions, time, a cancel flag).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::dfs::Budget;
    /// use kongming_zebra_csp::{Puzzle, SolveOptions, Solver};
    /// let puzzle: Puzzle = "a: 1a 2a 3a 4a 5a 6a\nb: 1b 2b 3b 4b 5b 6b\n".parse()?;
    /// let options = SolveOptions::new().budget(Budget::unlimited().with_node_limit(100));
    /// let mut solver = Solver::with_options(&puzzle, options);
    /// solver.count();
    /// assert!(!solver.is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }
}

/// Effort spent by a [`Solver`].
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Solver;
/// let puzzle = kongming_zebra_csp::einstein();
/// let mut solver = Solver::new(&puzzle);
/// assert_eq!(solver.count(), 1);
/// let stats = solver.stats();
/// assert_eq!((stats.case_splits, stats.backtracks), (0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SolveStats {
    /// Decisions made: case splits (search nodes below the root).
    pub case_splits: u64,
    /// Decisions undone.
    pub backtracks: u64,
    /// Values removed by singleton arc consistency.
    pub singleton_removals: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl fmt::Display for SolveStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} case splits, {} backtracks, {} singleton removals, {} solutions",
            self.case_splits, self.backtracks, self.singleton_removals, self.solutions
        )
    }
}

/// MAC search, with singleton consistency after each decision when asked.
#[derive(Clone)]
pub(crate) struct Probe {
    mac: Core<NoObserver>,
    vars: Vec<Var>,
    singleton: bool,
    removed: u64,
}

impl Problem for Probe {
    type Move = Decision;
    type Solution = Assignment;

    fn moves(&self, out: &mut Vec<Decision>) {
        self.mac.moves(out);
    }

    fn apply(&mut self, mv: &Decision) {
        self.mac.apply(mv);
        if self.singleton && !self.mac.is_failed() {
            self.removed += singleton_consistency(&mut self.mac, &self.vars);
        }
    }

    fn undo(&mut self, mv: &Decision) {
        self.mac.undo(mv);
    }

    fn solution(&self) -> Option<Assignment> {
        self.mac.solution()
    }

    fn is_solution(&self) -> bool {
        self.mac.is_solution()
    }

    fn prune(&self) -> bool {
        self.mac.prune()
    }
}

/// Builds the CSP of `puzzle` and propagates it at the root (with
/// singleton consistency if asked).
fn compile(puzzle: &Puzzle, options: &SolveOptions) -> (Vec<Vec<Var>>, Probe) {
    compile_network(network::build(puzzle), options)
}

/// Propagates `network` at the root (with singleton consistency if asked).
fn compile_network(network: Network, options: &SolveOptions) -> (Vec<Vec<Var>>, Probe) {
    let mut all: Vec<Var> = Vec::with_capacity(network.vars.iter().map(Vec::len).sum());
    all.extend(network.vars.iter().flatten());
    let mut mac = core(network.model, NoObserver);
    let mut removed = 0;
    if options.singleton && !mac.is_failed() {
        removed = singleton_consistency(&mut mac, &all);
    }
    let probe = Probe {
        mac,
        vars: all,
        singleton: options.singleton,
        removed,
    };
    (network.vars, probe)
}

/// A puzzle built into its CSP and propagated at the root once, ready to
/// be solved many times: each [`solver`](Compiled::solver) starts from a
/// copy of that state, skipping the building.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Compiled, SolveOptions};
/// let puzzle = kongming_zebra_csp::einstein();
/// let compiled = Compiled::new(&puzzle, SolveOptions::new());
/// for _ in 0..3 {
///     assert_eq!(compiled.solver().count(), 1);
/// }
/// ```
#[derive(Clone)]
pub struct Compiled {
    puzzle: Puzzle,
    vars: Vec<Vec<Var>>,
    probe: Probe,
    budget: Budget,
}

impl fmt::Debug for Compiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Compiled")
            .field("puzzle", &self.puzzle)
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
        let (vars, probe) = compile(puzzle, &options);
        Compiled {
            puzzle: puzzle.clone(),
            vars,
            probe,
            budget: options.budget,
        }
    }

    /// A fresh solver from the compiled state (the options' budget applies
    /// to each solver on its own).
    ///
    /// # Example
    ///
    /// See [`Compiled`].
    pub fn solver(&self) -> Solver<'_> {
        Solver {
            puzzle: &self.puzzle,
            vars: self.vars.clone(),
            search: Search::new(self.probe.clone()).with_budget(self.budget.clone()),
        }
    }
}

/// Whether a puzzle has no solution, exactly one, or more (with two as
/// witnesses).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Puzzle, Uniqueness};
/// let puzzle: Puzzle = "pet: cat dog\n".parse()?;
/// match puzzle.uniqueness() {
///     Uniqueness::Multiple(a, b) => assert_ne!(a, b),
///     other => panic!("two solutions expected, got {other:?}"),
/// }
/// # Ok::<(), kongming_zebra_csp::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Uniqueness {
    /// No solution at all.
    NoSolution,
    /// Exactly one solution.
    Unique(Solution),
    /// More than one: two different solutions.
    Multiple(Solution, Solution),
    /// The budget ran out before the question was settled.
    Unknown,
}

impl Uniqueness {
    /// Whether the puzzle has exactly one solution.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(kongming_zebra_csp::einstein().uniqueness().is_unique());
    /// ```
    pub fn is_unique(&self) -> bool {
        matches!(self, Uniqueness::Unique(_))
    }
}

/// Solves a [`Puzzle`]: solutions one by one, a count, a uniqueness proof,
/// with [`SolveStats`].
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Solver;
/// let puzzle = kongming_zebra_csp::einstein();
/// let mut solver = Solver::new(&puzzle);
/// let solution = solver.next_solution().expect("a solution");
/// assert!(solution.satisfies(&puzzle));
/// assert_eq!(solver.next_solution(), None);
/// ```
pub struct Solver<'p> {
    puzzle: &'p Puzzle,
    vars: Vec<Vec<Var>>,
    search: Search<'static, Probe>,
}

impl fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

impl<'p> Solver<'p> {
    /// A solver with the default options (propagation only).
    ///
    /// # Example
    ///
    /// See [`Solver`].
    pub fn new(puzzle: &'p Puzzle) -> Self {
        Self::with_options(puzzle, SolveOptions::new())
    }

    /// A solver with `options`.
    ///
    /// # Example
    ///
    /// See [`SolveOptions`].
    pub fn with_options(puzzle: &'p Puzzle, options: SolveOptions) -> Self {
        let (vars, probe) = compile(puzzle, &options);
        Solver {
            puzzle,
            vars,
            search: Search::new(probe).with_budget(options.budget),
        }
    }

    /// A solver of `network`, a CSP built for `puzzle`'s categories (with
    /// other clues, or a negated one).
    pub(crate) fn for_network(puzzle: &'p Puzzle, network: Network, options: SolveOptions) -> Self {
        let (vars, probe) = compile_network(network, &options);
        Solver {
            puzzle,
            vars,
            search: Search::new(probe).with_budget(options.budget),
        }
    }

    /// How the search ended, once it has (`None` while it can go on).
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        self.search.outcome()
    }

    fn to_solution(&self, assignment: &Assignment) -> Solution {
        let houses = self
            .vars
            .iter()
            .map(|row| row.iter().map(|&v| assignment[v] as usize).collect())
            .collect();
        Solution::new(self.puzzle, houses)
    }

    /// The next solution, or `None` when there are no more (or the budget
    /// ran out: see [`is_complete`](Solver::is_complete)).
    ///
    /// # Example
    ///
    /// See [`Solver`].
    pub fn next_solution(&mut self) -> Option<Solution> {
        let assignment = self.search.next_solution()?;
        Some(self.to_solution(&assignment))
    }

    /// Counts the (remaining) solutions.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Puzzle, Solver};
    /// let puzzle: Puzzle = "pet: cat dog fox\ncolour: red blue green\ncat = red\n".parse()?;
    /// assert_eq!(Solver::new(&puzzle).count(), 12);
    /// # Ok::<(), kongming_zebra_csp::ParseError>(())
    /// ```
    pub fn count(&mut self) -> u64 {
        self.search.count()
    }

    /// Whether the search ran to its end (rather than stopping on the
    /// budget).
    ///
    /// # Example
    ///
    /// See [`SolveOptions::budget`].
    pub fn is_complete(&self) -> bool {
        self.search.outcome() == Some(Outcome::Complete)
    }

    /// No solution, one, or two different ones (stops after the second).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Solver, Uniqueness};
    /// let puzzle = kongming_zebra_csp::life();
    /// assert!(matches!(Solver::new(&puzzle).uniqueness(), Uniqueness::Unique(_)));
    /// ```
    pub fn uniqueness(&mut self) -> Uniqueness {
        let first = self.next_solution();
        let second = self.next_solution();
        match (first, second) {
            (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
            (Some(a), None) if self.is_complete() => Uniqueness::Unique(a),
            (None, None) if self.is_complete() => Uniqueness::NoSolution,
            _ => Uniqueness::Unknown,
        }
    }

    /// Effort so far.
    ///
    /// # Example
    ///
    /// See [`SolveStats`].
    pub fn stats(&self) -> SolveStats {
        let s = self.search.stats();
        SolveStats {
            case_splits: s.nodes,
            backtracks: s.backtracks,
            singleton_removals: self.search.problem().removed,
            solutions: s.solutions,
        }
    }
}

impl Puzzle {
    /// A solution, if there is one (default options).
    ///
    /// # Example
    ///
    /// See [`Solution`].
    pub fn solve(&self) -> Option<Solution> {
        Solver::new(self).next_solution()
    }

    /// The number of solutions (default options).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_zebra_csp::einstein().count(), 1);
    /// ```
    pub fn count(&self) -> u64 {
        Solver::new(self).count()
    }

    /// No solution, one, or two different ones (default options).
    ///
    /// # Example
    ///
    /// See [`Uniqueness`].
    pub fn uniqueness(&self) -> Uniqueness {
        Solver::new(self).uniqueness()
    }
}

/// Whether the root propagation alone (with singleton consistency if asked)
/// fixes every value; used to grade puzzles.
pub(crate) fn root_settles(network: &Network, singleton: bool) -> (bool, u64) {
    let mut mac = core(network.model.clone(), NoObserver);
    let mut removed = 0;
    if singleton && !mac.is_failed() {
        let all: Vec<Var> = network.vars.iter().flatten().copied().collect();
        removed = singleton_consistency(&mut mac, &all);
    }
    let settled = !mac.is_failed() && mac.domains().iter().all(|d| d.len() == 1);
    (settled, removed)
}
