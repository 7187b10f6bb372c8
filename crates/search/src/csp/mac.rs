//! MAC search (maintaining arc consistency) over a [`Model`], on the
//! backtracking engine of [`dfs`](crate::dfs).

use std::fmt;
use std::sync::Arc;

use super::domain::{Domain, SmallDomain};
use super::model::Model;
use super::network::{self, Network, Propagator};
use super::observer::{Cause, NoObserver, Observer};
use super::order::{Ascending, Mrv, ValueOrder, VariableOrder, View};
use super::store::Store;
use super::var::{Assignment, Var};
use crate::dfs::Problem;

/// A branching decision: `var = value`. The move type of [`Mac`].
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Decision, Model, SmallDomain};
/// let mut model = Model::<SmallDomain>::new();
/// let x = model.new_var(0, 1)?;
/// let d = Decision { var: x, value: 1 };
/// assert_eq!(d.to_string(), "x0 = 1");
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    /// The variable assigned.
    pub var: Var,
    /// Its value.
    pub value: u32,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.var, self.value)
    }
}

/// Maintaining-arc-consistency search as a [`Problem`] for the
/// [`dfs`](crate::dfs) engine: each move assigns one variable and propagates
/// every constraint to a fixpoint; a conflict prunes the node; undo pops the
/// trail.
///
/// Most users want [`Solver`](super::Solver), which wraps it. Use `Mac` directly with
/// [`dfs::split`](crate::dfs) or the `parallel` feature to spread a search
/// over cores (it is `Clone` and `Send`).
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Mac, Model, SmallDomain};
/// use kongming_search::dfs::Search;
///
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(3, 0, 2)?;
/// model.all_different(&v);
/// let mut search = Search::new(Mac::new(model));
/// assert_eq!(search.count(), 6);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone)]
pub struct Mac<D: Domain = SmallDomain, V = Mrv, W = Ascending, O = NoObserver> {
    pub(super) store: Store<D>,
    /// The static part of the model: relations, scopes, watchers.
    pub(super) network: Arc<Network<D>>,
    /// The model's domains, before any propagation.
    pub(super) initial: Arc<Vec<D>>,
    pub(super) propagator: Propagator<D>,
    pub(super) variable_order: V,
    pub(super) value_order: W,
    pub(super) observer: O,
    pub(super) failed: bool,
    pub(super) depth: usize,
    pub(super) failures: u64,
}

impl<D: Domain, V, W, O> fmt::Debug for Mac<D, V, W, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mac")
            .field("domains", &self.store.domains())
            .field("failed", &self.failed)
            .field("depth", &self.depth)
            .finish_non_exhaustive()
    }
}

impl<D: Domain> Mac<D> {
    /// Builds the search state and propagates the model once at the root.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Mac, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(2, 0, 0)?;
    /// model.not_equal(v[0], v[1]);
    /// assert!(Mac::new(model).is_failed());
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn new(model: Model<D>) -> Self {
        Mac::with_parts(model, Mrv::default(), Ascending, NoObserver)
    }
}

impl<D: Domain, V: VariableOrder<D>, W: ValueOrder<D>, O: Observer<D>> Mac<D, V, W, O> {
    /// Builds the search state with the given strategies and observer, and
    /// propagates the model once at the root.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Descending, DomWdeg, Mac, Model, NoObserver, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(2, 0, 1)?;
    /// let mac = Mac::with_parts(model, DomWdeg::default(), Descending, NoObserver);
    /// assert!(!mac.is_failed());
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn with_parts(model: Model<D>, variable_order: V, value_order: W, observer: O) -> Self {
        let (domains, network, propagator) = network::build(model);
        let mut mac = Mac {
            // Made by `propagate_root`, from the model's domains.
            store: Store::new(Vec::new()),
            network,
            initial: Arc::new(domains),
            propagator,
            variable_order,
            value_order,
            observer,
            failed: false,
            depth: 0,
            failures: 0,
        };
        mac.propagate_root();
        mac
    }

    /// Resets the domains to the model's and propagates them to a fixpoint.
    pub(super) fn propagate_root(&mut self) {
        self.store = Store::new(self.initial.as_ref().clone());
        self.depth = 0;
        self.failures = 0;
        self.propagator.propagations = 0;
        self.failed = false;
        if self.initial.iter().any(Domain::is_empty) {
            // The model itself left a variable without values.
            self.fail(Cause::Caller);
            return;
        }
        self.propagator.schedule_all(&self.network, &self.store);
        let result = self
            .propagator
            .run(&self.network, &mut self.store, 0, &mut self.observer);
        if let Err(cause) = result {
            self.fail(cause);
        }
    }

    pub(super) fn fail(&mut self, cause: Cause) {
        self.failed = true;
        self.failures += 1;
        self.observer.on_conflict(cause, self.depth);
        if let Cause::Constraint(c) = cause {
            let view = View::new(&self.store, &self.network);
            self.variable_order.on_conflict(c, &view);
        }
    }
}

impl<D: Domain, V: VariableOrder<D>, W: ValueOrder<D>, O: Observer<D>> Mac<D, V, W, O> {
    /// Removes `value` from the domain of `var` at the current node and
    /// propagates; returns `false` if that fails (the node is then failed).
    /// At the root the removal is permanent; below, backtracking undoes it.
    /// Observers see it as [`Cause::Caller`].
    ///
    /// Singleton arc consistency, for example, tries each value on a clone
    /// and excludes the ones whose propagation fails.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Mac, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 1)?, model.new_var(0, 1)?);
    /// model.not_equal(x, y);
    /// let mut mac = Mac::new(model);
    /// assert!(mac.exclude(x, 0));
    /// assert_eq!(mac.domain(y).single_value(), Some(0));
    /// assert!(!mac.exclude(y, 0));
    /// assert!(mac.is_failed());
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn exclude(&mut self, var: Var, value: u32) -> bool {
        let mut keep = self.store.domain(var.0).clone();
        keep.remove(value);
        self.restrict_to(var, &keep)
    }

    /// Reduces `var` to `value` at the current node and propagates, like
    /// [`exclude`](Mac::exclude) for every other value.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Mac, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 2)?, model.new_var(0, 2)?);
    /// model.equal(x, y);
    /// let mut mac = Mac::new(model);
    /// assert!(mac.assign(x, 2));
    /// assert_eq!(mac.domain(y).single_value(), Some(2));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn assign(&mut self, var: Var, value: u32) -> bool {
        let mut keep = self.store.domain(var.0).clone();
        keep.retain_range(value, value);
        self.restrict_to(var, &keep)
    }

    pub(super) fn restrict_to(&mut self, var: Var, keep: &D) -> bool {
        if self.failed {
            return false;
        }
        if self.depth == 0 {
            // At the root the removal becomes part of the model's domains,
            // so it survives a restart of root propagation.
            Arc::make_mut(&mut self.initial)[var.index()].intersect_with(keep);
        }
        let result = self.propagator.restrict(
            &self.network,
            &mut self.store,
            var,
            keep,
            self.depth,
            &mut self.observer,
        );
        if let Err(cause) = result {
            self.fail(cause);
        }
        !self.failed
    }
}

impl<D: Domain, V, W, O> Mac<D, V, W, O> {
    /// The decision depth of the current node (0 at the root).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Mac, Model, SmallDomain};
    /// assert_eq!(Mac::new(Model::<SmallDomain>::new()).depth(), 0);
    /// ```
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Whether propagation has failed at the current node.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Mac, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_var(0, 1)?;
    /// assert!(!Mac::new(model).is_failed());
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn is_failed(&self) -> bool {
        self.failed
    }

    /// The current domain of `var`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Mac, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 1)?, model.new_var(0, 0)?);
    /// model.not_equal(x, y);
    /// assert_eq!(Mac::new(model).domain(x).single_value(), Some(1));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn domain(&self, var: Var) -> &D {
        self.store.domain(var.0)
    }

    /// The current domains of all variables, by index.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Mac, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(2, 0, 1)?;
    /// assert_eq!(Mac::new(model).domains().len(), 2);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn domains(&self) -> &[D] {
        self.store.domains()
    }

    /// The observer.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Mac, Model, NoObserver, SmallDomain};
    /// let mac = Mac::new(Model::<SmallDomain>::new());
    /// let _: &NoObserver = mac.observer();
    /// ```
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// The observer, mutably.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Mac, Model, NoObserver, SmallDomain};
    /// let mut mac = Mac::new(Model::<SmallDomain>::new());
    /// let _: &mut NoObserver = mac.observer_mut();
    /// ```
    pub fn observer_mut(&mut self) -> &mut O {
        &mut self.observer
    }

    /// How many times propagation failed (the root included).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Mac, Model, SmallDomain};
    /// assert_eq!(Mac::new(Model::<SmallDomain>::new()).failures(), 0);
    /// ```
    pub fn failures(&self) -> u64 {
        self.failures
    }

    /// How many times a constraint was propagated (binary relations count
    /// once per arc looked at from a changed variable).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Mac, Model, SmallDomain};
    /// assert_eq!(Mac::new(Model::<SmallDomain>::new()).propagations(), 0);
    /// ```
    pub fn propagations(&self) -> u64 {
        self.propagator.propagations
    }

    /// The full assignment, when every variable has exactly one value.
    pub(super) fn values(&self) -> Option<Vec<u32>> {
        let domains = self.store.domains();
        let mut values = Vec::with_capacity(domains.len());
        for d in domains {
            values.push(d.single_value()?);
        }
        Some(values)
    }

    /// Whether every variable has one value.
    pub(super) fn is_complete(&self) -> bool {
        !self.failed
            && self
                .store
                .domains()
                .iter()
                .all(|d| d.single_value().is_some())
    }

    /// The full assignment, when every variable has one value and the values
    /// satisfy every constraint.
    pub(super) fn verified_values(&self) -> Option<Vec<u32>> {
        if !self.is_complete() {
            return None;
        }
        self.values().filter(|values| self.propagator.check(values))
    }
}

impl<D, V, W, O> Problem for Mac<D, V, W, O>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
    type Move = Decision;
    type Solution = Assignment;

    fn moves(&self, out: &mut Vec<Decision>) {
        if self.failed {
            return;
        }
        let view = View::new(&self.store, &self.network);
        let chosen = self
            .variable_order
            .select(&view)
            // An order that breaks its contract by choosing an assigned
            // variable would loop forever on one useless move: fall back to
            // the first unassigned variable.
            .filter(|var| !view.is_assigned(*var))
            .or_else(|| view.unassigned().next());
        if let Some(var) = chosen {
            let domain = self.store.domain(var.0);
            out.extend(
                self.value_order
                    .order(var, domain)
                    .map(|value| Decision { var, value }),
            );
        }
    }

    fn apply(&mut self, decision: &Decision) {
        self.store.push_level();
        self.depth += 1;
        let result = self.propagator.decide(
            &self.network,
            &mut self.store,
            decision.var,
            decision.value,
            self.depth,
            &mut self.observer,
        );
        if let Err(cause) = result {
            self.fail(cause);
        }
    }

    fn undo(&mut self, _decision: &Decision) {
        self.store.pop_level();
        self.observer.on_backtrack(self.depth);
        self.depth -= 1;
        self.failed = false;
    }

    fn solution(&self) -> Option<Assignment> {
        self.verified_values().map(Assignment)
    }

    fn is_solution(&self) -> bool {
        // Relations need no check (see `Propagator::check`): without global
        // constraints, a full assignment is a solution.
        if self.propagator.globals.is_empty() {
            return self.is_complete();
        }
        self.verified_values().is_some()
    }

    fn prune(&self) -> bool {
        self.failed
    }
}
