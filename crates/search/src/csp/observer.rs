//! Watching propagation: every domain reduction with its cause.

use super::domain::Domain;
use super::var::{ConstraintId, Var};

/// What made a domain smaller.
///
/// # Example
///
/// ```
/// use kongming_search::csp::Cause;
/// assert!(matches!(Cause::Decision, Cause::Decision));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Cause {
    /// The search assigned the variable (a case split).
    Decision,
    /// A constraint's propagation removed the values.
    Constraint(ConstraintId),
    /// The caller removed the values through [`Mac::exclude`](super::Mac::exclude)
    /// or [`Mac::assign`](super::Mac::assign) (for example a singleton
    /// consistency test that refuted them), or the model itself gave a
    /// variable no value at all (a conflict at the root).
    Caller,
}

/// One domain reduction: `var` went from `before` to `after` because of `cause`.
///
/// Reductions made by one call of one propagator are reported together per
/// variable: `before` is the domain before that call.
///
/// # Example
///
/// What a caller's exclusion implies, at the root:
///
/// ```
/// use kongming_search::csp::{Ascending, Cause, Domain, Mac, Model, Mrv, Observer, Reduction, SmallDomain, Var};
///
/// #[derive(Default)]
/// struct Log(Vec<(Var, String, Cause, usize)>);
/// impl<D: Domain> Observer<D> for Log {
///     fn on_reduction(&mut self, r: &Reduction<'_, D>) {
///         self.0.push((r.var, format!("{:?} -> {:?}", r.before, r.after), r.cause, r.depth));
///     }
/// }
///
/// let mut model = Model::<SmallDomain>::new();
/// let (x, y) = (model.new_var(0, 1)?, model.new_var(0, 1)?);
/// let c = model.not_equal(x, y);
/// let mut mac = Mac::with_parts(model, Mrv::default(), Ascending, Log::default());
/// assert!(mac.exclude(x, 0));
/// assert_eq!(mac.observer().0, [
///     (x, "{0, 1} -> {1}".to_string(), Cause::Caller, 0),
///     (y, "{0, 1} -> {0}".to_string(), Cause::Constraint(c), 0),
/// ]);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Reduction<'a, D> {
    /// The variable whose domain shrank.
    pub var: Var,
    /// Its domain before.
    pub before: &'a D,
    /// Its domain after.
    pub after: &'a D,
    /// Why.
    pub cause: Cause,
    /// The search depth at which it happened (0 before any decision).
    pub depth: usize,
}

/// Receives every domain reduction, with the constraint that caused it, and
/// the search's conflicts and backtracks. All methods default to doing
/// nothing; [`NoObserver`] costs nothing at all.
///
/// # Example
///
/// Log what propagation deduces from `x != y` and `x = 1`:
///
/// ```
/// use kongming_search::csp::{Cause, Domain, Model, Observer, Reduction, SmallDomain, Solver};
///
/// #[derive(Clone, Default)]
/// struct Log(Vec<String>);
/// impl<D: Domain> Observer<D> for Log {
///     fn on_reduction(&mut self, r: &Reduction<'_, D>) {
///         let why = match r.cause {
///             Cause::Decision => "decision".to_string(),
///             Cause::Constraint(c) => format!("constraint {c}"),
///             _ => "the caller".to_string(),
///         };
///         self.0.push(format!("{}: {:?} -> {:?} by {why}", r.var, r.before, r.after));
///     }
/// }
///
/// let mut model = Model::<SmallDomain>::new();
/// let x = model.new_var(1, 1)?;
/// let y = model.new_var(1, 2)?;
/// model.not_equal(x, y);
/// let mut solver = Solver::new(model).with_observer(Log::default());
/// assert_eq!(solver.count(), 1);
/// assert_eq!(solver.observer().0, ["x1: {1, 2} -> {2} by constraint c0"]);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
pub trait Observer<D: Domain> {
    /// A domain shrank.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Cause, Domain, Model, Observer, Reduction, SmallDomain, Solver};
    ///
    /// /// Counts reductions by decisions and by constraints.
    /// #[derive(Default)]
    /// struct Tally { decisions: u32, deductions: u32 }
    /// impl<D: Domain> Observer<D> for Tally {
    ///     fn on_reduction(&mut self, r: &Reduction<'_, D>) {
    ///         match r.cause {
    ///             Cause::Decision => self.decisions += 1,
    ///             Cause::Constraint(_) => self.deductions += 1,
    ///             _ => {}
    ///         }
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 1)?, model.new_var(0, 1)?);
    /// model.not_equal(x, y);
    /// let mut solver = Solver::new(model).with_observer(Tally::default());
    /// assert_eq!(solver.count(), 2);
    /// // Two decisions on the first variable, each forcing the other.
    /// assert_eq!((solver.observer().decisions, solver.observer().deductions), (2, 2));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    fn on_reduction(&mut self, reduction: &Reduction<'_, D>) {
        let _ = reduction;
    }

    /// Propagation failed: `cause` emptied a domain (or found no support).
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Cause, Domain, Model, Observer, SmallDomain, Solver};
    ///
    /// #[derive(Default)]
    /// struct Conflicts(Vec<(Cause, usize)>);
    /// impl<D: Domain> Observer<D> for Conflicts {
    ///     fn on_conflict(&mut self, cause: Cause, depth: usize) {
    ///         self.0.push((cause, depth));
    ///     }
    /// }
    ///
    /// // Three pigeons, two holes: each value of the first pigeon fails.
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 0, 1)?;
    /// model.not_equal(v[0], v[1]);
    /// model.not_equal(v[0], v[2]);
    /// model.not_equal(v[1], v[2]);
    /// let mut solver = Solver::new(model).with_observer(Conflicts::default());
    /// assert_eq!(solver.count(), 0);
    /// let conflicts = &solver.observer().0;
    /// assert_eq!(conflicts.len(), 2);
    /// assert!(conflicts.iter().all(|&(cause, depth)| matches!(cause, Cause::Constraint(_)) && depth == 1));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    fn on_conflict(&mut self, cause: Cause, depth: usize) {
        let _ = (cause, depth);
    }

    /// The search undid the decision at `depth` (and everything it implied).
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, Observer, SmallDomain, Solver};
    ///
    /// #[derive(Default)]
    /// struct Backtracks(Vec<usize>);
    /// impl<D: Domain> Observer<D> for Backtracks {
    ///     fn on_backtrack(&mut self, depth: usize) {
    ///         self.0.push(depth);
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(2, 0, 1)?;
    /// let mut solver = Solver::new(model).with_observer(Backtracks::default());
    /// assert_eq!(solver.count(), 4);
    /// assert_eq!(solver.observer().0, [2, 2, 1, 2, 2, 1]);
    /// assert_eq!(solver.stats().backtracks, 6);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    fn on_backtrack(&mut self, depth: usize) {
        let _ = depth;
    }

    /// Whether this observer wants [`on_reduction`](Observer::on_reduction)
    /// calls. When `false`, the solver skips preparing them.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Cause, Domain, Model, Observer, Reduction, SmallDomain, Solver};
    ///
    /// /// Counts conflicts only.
    /// #[derive(Default)]
    /// struct Conflicts { conflicts: u32, reductions: u32 }
    /// impl<D: Domain> Observer<D> for Conflicts {
    ///     fn on_reduction(&mut self, _: &Reduction<'_, D>) { self.reductions += 1; }
    ///     fn on_conflict(&mut self, _: Cause, _: usize) { self.conflicts += 1; }
    ///     fn wants_reductions(&self) -> bool { false }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 0, 1)?;
    /// model.all_different(&v[1..]);
    /// model.not_equal(v[0], v[1]);
    /// model.not_equal(v[0], v[2]);
    /// let mut solver = Solver::new(model).with_observer(Conflicts::default());
    /// assert_eq!(solver.count(), 0);
    /// assert!(solver.observer().conflicts > 0);
    /// assert_eq!(solver.observer().conflicts, solver.stats().failures as u32);
    /// assert_eq!(solver.observer().reductions, 0); // never called
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    fn wants_reductions(&self) -> bool {
        true
    }
}

/// The observer that ignores everything (the default).
///
/// # Example
///
/// ```
/// use kongming_search::csp::{NoObserver, Observer, SmallDomain};
/// assert!(!<NoObserver as Observer<SmallDomain>>::wants_reductions(&NoObserver));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<D: Domain> Observer<D> for NoObserver {
    #[inline]
    fn wants_reductions(&self) -> bool {
        false
    }
}

impl<D: Domain, O: Observer<D>> Observer<D> for &mut O {
    fn on_reduction(&mut self, reduction: &Reduction<'_, D>) {
        (**self).on_reduction(reduction);
    }
    fn on_conflict(&mut self, cause: Cause, depth: usize) {
        (**self).on_conflict(cause, depth);
    }
    fn on_backtrack(&mut self, depth: usize) {
        (**self).on_backtrack(depth);
    }
    fn wants_reductions(&self) -> bool {
        (**self).wants_reductions()
    }
}
