//! The solver of a [`Model`]: MAC search ([`Mac`]) on the backtracking
//! engine, with a budget, statistics and a lazy iterator of solutions.

use std::fmt;
use std::iter::FusedIterator;

use super::domain::{Domain, SmallDomain};
use super::mac::Mac;
use super::model::Model;
use super::observer::{NoObserver, Observer};
use super::order::{Ascending, Mrv, ValueOrder, VariableOrder};
use super::var::Assignment;
use crate::control::{Budget, Outcome};
use crate::dfs::Search;

/// Statistics of a CSP search.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Model, SmallDomain, Solver};
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(3, 0, 2)?;
/// model.all_different(&v);
/// let mut solver = Solver::new(model);
/// solver.count();
/// let stats = solver.stats();
/// assert_eq!(stats.solutions, 6);
/// assert!(stats.nodes >= 6 && stats.propagations > 0);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CspStats {
    /// Decisions made (search nodes below the root).
    pub nodes: u64,
    /// Decisions undone.
    pub backtracks: u64,
    /// Nodes where propagation failed (the root included).
    pub failures: u64,
    /// Constraint propagations run: one per run of a global constraint,
    /// and for binary relations one per arc looked at from a changed
    /// variable (whether or not it removed anything).
    pub propagations: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The deepest decision level reached.
    pub max_depth: usize,
}

/// `count` and its noun in the number it takes ("1 node", "2 nodes").
fn of_count(count: impl Into<u64>, one: &str, many: &str) -> String {
    let count: u64 = count.into();
    format!("{count} {}", if count == 1 { one } else { many })
}

impl fmt::Display for CspStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {}, {}, depth {}",
            of_count(self.nodes, "node", "nodes"),
            of_count(self.failures, "failure", "failures"),
            of_count(self.propagations, "propagation", "propagations"),
            of_count(self.solutions, "solution", "solutions"),
            self.max_depth
        )
    }
}

/// Solves a [`Model`] by MAC search: solutions one by one, the first, or
/// a count, within an optional [`Budget`].
///
/// Type parameters: the domain type `D`, the variable order `V` (default
/// [`Mrv`] with degree tie-break), the value order `W` (default
/// [`Ascending`]) and the observer `O` (default [`NoObserver`]), all
/// monomorphised.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Model, SmallDomain, Solver};
/// use kongming_search::control::Outcome;
///
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(4, 0, 3)?;
/// model.all_different(&v);
/// let mut solver = Solver::new(model);
/// assert_eq!(solver.count(), 24);
/// assert_eq!(solver.outcome(), Some(Outcome::Complete));
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
pub struct Solver<D: Domain = SmallDomain, V = Mrv, W = Ascending, O = NoObserver>
where
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
    search: Search<'static, Mac<D, V, W, O>>,
    budget: Budget,
}

impl<D, V, W, O> fmt::Debug for Solver<D, V, W, O>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("search", &self.search)
            .finish()
    }
}

impl<D: Domain> Solver<D> {
    /// A solver with the default strategies: [`Mrv`] and [`Ascending`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_var(0, 4)?;
    /// assert_eq!(Solver::new(model).count(), 5);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn new(model: Model<D>) -> Self {
        Solver::from_mac(Mac::new(model), Budget::unlimited())
    }
}

impl<D, V, W, O> Solver<D, V, W, O>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
    fn from_mac(mac: Mac<D, V, W, O>, budget: Budget) -> Self {
        Solver {
            search: Search::new(mac).budget(budget.clone()),
            budget,
        }
    }

    /// Rebuilds the solver around a transformed [`Mac`], keeping the budget
    /// and progress callback; `replay_root` propagates the root again so a new
    /// observer sees it.
    fn rebuild<V2, W2, O2>(
        self,
        replay_root: bool,
        f: impl FnOnce(Mac<D, V, W, O>) -> Mac<D, V2, W2, O2>,
    ) -> Solver<D, V2, W2, O2>
    where
        V2: VariableOrder<D>,
        W2: ValueOrder<D>,
        O2: Observer<D>,
    {
        let Solver { mut search, budget } = self;
        let progress = search.take_progress();
        let mut mac = f(search.into_problem());
        if replay_root {
            mac.propagate_root();
        }
        Solver {
            search: Search::new(mac)
                .budget(budget.clone())
                .with_progress_state(progress),
            budget,
        }
    }

    /// Uses another variable order. Call before searching.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{DomWdeg, Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(2, 0, 1)?;
    /// assert_eq!(Solver::new(model).with_variable_order(DomWdeg::default()).count(), 4);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn with_variable_order<V2: VariableOrder<D>>(self, order: V2) -> Solver<D, V2, W, O> {
        self.rebuild(false, |mac| Mac {
            store: mac.store,
            network: mac.network,
            initial: mac.initial,
            propagator: mac.propagator,
            variable_order: order,
            value_order: mac.value_order,
            observer: mac.observer,
            failed: mac.failed,
            depth: mac.depth,
            failures: mac.failures,
        })
    }

    /// Uses another value order. Call before searching.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Descending, Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 3)?;
    /// assert_eq!(Solver::new(model).with_value_order(Descending).first().unwrap()[x], 3);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn with_value_order<W2: ValueOrder<D>>(self, order: W2) -> Solver<D, V, W2, O> {
        self.rebuild(false, |mac| Mac {
            store: mac.store,
            network: mac.network,
            initial: mac.initial,
            propagator: mac.propagator,
            variable_order: mac.variable_order,
            value_order: order,
            observer: mac.observer,
            failed: mac.failed,
            depth: mac.depth,
            failures: mac.failures,
        })
    }

    /// Reports every domain reduction to `observer`, the root propagation
    /// included (it is run again for the new observer). Call before searching.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, Observer, Reduction, SmallDomain, Solver};
    ///
    /// #[derive(Default)]
    /// struct Count(u32);
    /// impl<D: Domain> Observer<D> for Count {
    ///     fn on_reduction(&mut self, _: &Reduction<'_, D>) { self.0 += 1; }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 0)?, model.new_var(0, 1)?);
    /// model.not_equal(x, y);
    /// // The root propagation (y loses 0) is seen by the new observer.
    /// let solver = Solver::new(model).with_observer(Count::default());
    /// assert_eq!(solver.observer().0, 1);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn with_observer<O2: Observer<D>>(self, observer: O2) -> Solver<D, V, W, O2> {
        self.rebuild(true, |mac| Mac {
            store: mac.store,
            network: mac.network,
            initial: mac.initial,
            propagator: mac.propagator,
            variable_order: mac.variable_order,
            value_order: mac.value_order,
            observer,
            failed: mac.failed,
            depth: mac.depth,
            failures: mac.failures,
        })
    }

    /// Limits the search (nodes, time, a cancel flag).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// use kongming_search::control::{Budget, Outcome, StopReason};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(10, 0, 9)?;
    /// let mut solver = Solver::new(model).budget(Budget::unlimited().with_node_limit(50));
    /// solver.count();
    /// assert_eq!(solver.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn budget(self, budget: Budget) -> Self {
        Solver {
            search: self.search.budget(budget.clone()),
            budget,
        }
    }

    /// Calls `callback` every few thousand nodes with the nodes visited so
    /// far (`done`) and the solutions found (`found`), for progress bars on
    /// long searches. Raise a [`CancelFlag`](crate::control::CancelFlag)
    /// given to the budget to stop from the callback.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(7, 0, 6)?;
    /// model.all_different(&v);
    /// let nodes = Arc::new(AtomicU64::new(0));
    /// let seen = Arc::clone(&nodes);
    /// let mut solver = Solver::new(model).on_progress(move |report| {
    ///     seen.store(report.done, Ordering::Relaxed);
    /// });
    /// assert_eq!(solver.count(), 5040);
    /// assert!(nodes.load(Ordering::Relaxed) >= 4096);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn on_progress(
        self,
        callback: impl FnMut(&crate::control::Progress) + Send + 'static,
    ) -> Self {
        Solver {
            search: self.search.on_progress(callback),
            budget: self.budget,
        }
    }

    /// The next solution, or `None` when there are no more or the budget ran
    /// out (tell them apart with [`outcome`](Solver::outcome)).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 1)?;
    /// let mut solver = Solver::new(model);
    /// assert_eq!(solver.next_solution().map(|s| s[x]), Some(0));
    /// assert_eq!(solver.next_solution().map(|s| s[x]), Some(1));
    /// assert_eq!(solver.next_solution(), None);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn next_solution(&mut self) -> Option<Assignment> {
        self.search.next_solution()
    }

    /// The first (next) solution.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(2, 0, 0)?;
    /// model.not_equal(v[0], v[1]);
    /// assert_eq!(Solver::new(model).first(), None);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn first(&mut self) -> Option<Assignment> {
        self.next_solution()
    }

    /// Counts the (remaining) solutions.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(3, 0, 1)?;
    /// assert_eq!(Solver::new(model).count(), 8);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn count(&mut self) -> u64 {
        self.search.count()
    }

    /// A lazy iterator over the (remaining) solutions.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(2, 0, 1)?;
    /// model.not_equal(v[0], v[1]);
    /// let all: Vec<Vec<u32>> = Solver::new(model).solutions().map(|s| s.into_values()).collect();
    /// assert_eq!(all, [[0, 1], [1, 0]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn solutions(&mut self) -> CspSolutions<'_, D, V, W, O> {
        CspSolutions { solver: self }
    }

    /// How the search ended, or `None` while it may go on.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// use kongming_search::control::Outcome;
    /// let mut solver = Solver::new(Model::<SmallDomain>::new());
    /// assert_eq!(solver.outcome(), None);
    /// solver.count();
    /// assert_eq!(solver.outcome(), Some(Outcome::Complete));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.search.outcome()
    }

    /// Statistics so far.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(2, 0, 1)?;
    /// model.not_equal(v[0], v[1]);
    /// let mut solver = Solver::new(model);
    /// assert_eq!(solver.stats().solutions, 0);
    /// solver.first();
    /// assert_eq!((solver.stats().solutions, solver.stats().nodes), (1, 1));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn stats(&self) -> CspStats {
        let s = self.search.stats();
        let mac = self.search.problem();
        CspStats {
            nodes: s.nodes,
            backtracks: s.backtracks,
            failures: mac.failures,
            propagations: mac.propagations(),
            solutions: s.solutions,
            max_depth: s.max_depth,
        }
    }

    /// The observer.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Cause, Domain, Model, Observer, SmallDomain, Solver};
    ///
    /// #[derive(Default)]
    /// struct Conflicts(u32);
    /// impl<D: Domain> Observer<D> for Conflicts {
    ///     fn on_conflict(&mut self, _: Cause, _: usize) { self.0 += 1; }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(2, 0, 0)?;
    /// model.not_equal(v[0], v[1]);
    /// let solver = Solver::new(model).with_observer(Conflicts::default());
    /// assert_eq!(solver.observer().0, 1); // the root failed
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn observer(&self) -> &O {
        self.search.problem().observer()
    }

    /// Ends the search and returns the MAC state (back at the root).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_var(0, 1)?;
    /// let mac = Solver::new(model).into_mac();
    /// assert!(!mac.is_failed());
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn into_mac(self) -> Mac<D, V, W, O> {
        self.search.into_problem()
    }
}

/// A solver that searches from a [`Mac`] state, keeping what was done to it
/// at the root (for example values removed by a singleton consistency pass
/// through [`Mac::exclude`]).
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Mac, Model, SmallDomain, Solver};
///
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(3, 0, 2)?;
/// model.all_different(&v);
/// let mut mac = Mac::new(model);
/// assert!(mac.exclude(v[0], 0));
/// let mut solver = Solver::from(mac);
/// assert_eq!(solver.count(), 4);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
impl<D, V, W, O> From<Mac<D, V, W, O>> for Solver<D, V, W, O>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
    fn from(mac: Mac<D, V, W, O>) -> Self {
        Solver::from_mac(mac, Budget::unlimited())
    }
}

/// The lazy iterator of [`Solver::solutions`].
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Model, SmallDomain, Solver};
/// let mut model = Model::<SmallDomain>::new();
/// model.new_var(0, 2)?;
/// let mut solver = Solver::new(model);
/// let mut it = solver.solutions();
/// assert!(it.next().is_some());
/// assert_eq!(it.count(), 2);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct CspSolutions<'s, D, V, W, O>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
    solver: &'s mut Solver<D, V, W, O>,
}

impl<D, V, W, O> fmt::Debug for CspSolutions<'_, D, V, W, O>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CspSolutions")
            .field("solver", &self.solver)
            .finish()
    }
}

impl<D, V, W, O> Iterator for CspSolutions<'_, D, V, W, O>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
    type Item = Assignment;
    fn next(&mut self) -> Option<Assignment> {
        self.solver.next_solution()
    }
}

impl<D, V, W, O> FusedIterator for CspSolutions<'_, D, V, W, O>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
}
