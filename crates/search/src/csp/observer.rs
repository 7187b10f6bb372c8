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
    /// consistency test that refuted them).
    Caller,
}

/// One domain reduction: `var` went from `before` to `after` because of `cause`.
///
/// Reductions made by one call of one propagator are reported together per
/// variable: `before` is the domain before that call.
///
/// # Example
///
/// See [`Observer`].
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
    fn on_reduction(&mut self, reduction: &Reduction<'_, D>) {
        let _ = reduction;
    }

    /// Propagation failed: `cause` emptied a domain (or found no support).
    fn on_conflict(&mut self, cause: Cause, depth: usize) {
        let _ = (cause, depth);
    }

    /// The search undid the decision at `depth` (and everything it implied).
    fn on_backtrack(&mut self, depth: usize) {
        let _ = depth;
    }

    /// Whether this observer wants [`on_reduction`](Observer::on_reduction)
    /// calls. When `false`, the solver skips preparing them.
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
