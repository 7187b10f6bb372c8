//! The [`Constraint`] trait and the [`Propagation`] context it works in.

use std::fmt;

use super::domain::Domain;
use super::store::Store;
use super::var::Var;

/// A constraint found that no solution is left below the current node.
///
/// # Example
///
/// ```
/// use kongming_search::csp::Conflict;
/// assert_eq!(Conflict.to_string(), "conflict: a domain became empty");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict;

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("conflict: a domain became empty")
    }
}

impl std::error::Error for Conflict {}

/// What a [`Constraint`] sees and changes while it propagates: the current
/// domains, through operations that only ever shrink them.
///
/// An operation that would empty a domain leaves it as it is and returns
/// `Err(Conflict)`; propagate it with `?`. Each successful operation
/// returns whether the domain changed.
///
/// # Example
///
/// See [`Constraint`].
pub struct Propagation<'a, D: Domain> {
    store: &'a mut Store<D>,
}

impl<D: Domain> fmt::Debug for Propagation<'_, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.store.domains()).finish()
    }
}

impl<'a, D: Domain> Propagation<'a, D> {
    pub(crate) fn new(store: &'a mut Store<D>) -> Self {
        Propagation { store }
    }

    /// The current domain of `var`.
    #[inline]
    pub fn domain(&self, var: Var) -> &D {
        self.store.domain(var.0)
    }

    /// The value of `var` if it has only one left.
    #[inline]
    pub fn value(&self, var: Var) -> Option<u32> {
        self.domain(var).single_value()
    }

    /// The least value of `var`.
    #[inline]
    pub fn min(&self, var: Var) -> u32 {
        self.domain(var)
            .min()
            .expect("domains are never empty during propagation")
    }

    /// The greatest value of `var`.
    #[inline]
    pub fn max(&self, var: Var) -> u32 {
        self.domain(var)
            .max()
            .expect("domains are never empty during propagation")
    }

    /// Replaces the domain of `var` by `new`, a subset of it.
    #[inline]
    fn replace(&mut self, var: Var, new: D) -> Result<bool, Conflict> {
        if new.is_empty() {
            return Err(Conflict);
        }
        if new == *self.domain(var) {
            return Ok(false);
        }
        self.store.set(var.0, new);
        Ok(true)
    }

    /// Removes `value` from the domain of `var`.
    #[inline]
    pub fn remove(&mut self, var: Var, value: u32) -> Result<bool, Conflict> {
        if !self.domain(var).contains(value) {
            return Ok(false);
        }
        let mut d = self.domain(var).clone();
        d.remove(value);
        self.replace(var, d)
    }

    /// Reduces the domain of `var` to `{value}`.
    #[inline]
    pub fn assign(&mut self, var: Var, value: u32) -> Result<bool, Conflict> {
        if !self.domain(var).contains(value) {
            return Err(Conflict);
        }
        let mut d = self.domain(var).clone();
        d.retain_range(value, value);
        self.replace(var, d)
    }

    /// Keeps only the values of `var` that are also in `keep`.
    #[inline]
    pub fn intersect(&mut self, var: Var, keep: &D) -> Result<bool, Conflict> {
        let mut d = self.domain(var).clone();
        if !d.intersect_with(keep) {
            return Ok(false);
        }
        self.replace(var, d)
    }

    /// Removes the values of `var` that are in `drop`.
    #[inline]
    pub fn exclude(&mut self, var: Var, drop: &D) -> Result<bool, Conflict> {
        let mut d = self.domain(var).clone();
        if !d.difference_with(drop) {
            return Ok(false);
        }
        self.replace(var, d)
    }

    /// Keeps only the values of `var` within `lo..=hi`.
    #[inline]
    pub fn restrict_range(&mut self, var: Var, lo: u32, hi: u32) -> Result<bool, Conflict> {
        let mut d = self.domain(var).clone();
        if !d.retain_range(lo, hi) {
            return Ok(false);
        }
        self.replace(var, d)
    }

    /// Keeps only the values of `var` for which `keep` returns `true`.
    pub fn retain(
        &mut self,
        var: Var,
        mut keep: impl FnMut(u32) -> bool,
    ) -> Result<bool, Conflict> {
        let mut d = self.domain(var).clone();
        let drop: Vec<u32> = d.iter().filter(|&v| !keep(v)).collect();
        if drop.is_empty() {
            return Ok(false);
        }
        for v in drop {
            d.remove(v);
        }
        self.replace(var, d)
    }
}

/// A constraint with its own propagator.
///
/// `propagate` removes values that cannot be part of a solution given the
/// current domains. It may be as weak or as strong as it likes with one
/// rule: once every variable of its [`scope`](Constraint::scope) has a
/// single value, it must fail exactly when [`check`](Constraint::check)
/// says the values are wrong. (The solver also re-checks every solution
/// with `check`, so a weak propagator costs speed, never correctness.)
///
/// Any state kept in `self` between calls must be a hint only (such as a
/// cached matching or residual supports): the solver backtracks domains, not
/// constraint state. Constraints are cloned for parallel search.
///
/// # Example
///
/// `x < y`, by bounds:
///
/// ```
/// use kongming_search::csp::{Conflict, Constraint, Domain, Model, Propagation, SmallDomain, Solver, Var};
///
/// #[derive(Clone, Debug)]
/// struct Less([Var; 2]);
///
/// impl<D: Domain> Constraint<D> for Less {
///     fn scope(&self) -> &[Var] { &self.0 }
///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
///         let [x, y] = self.0;
///         let y_max = p.max(y);
///         if y_max == 0 { return Err(Conflict); }
///         p.restrict_range(x, 0, y_max - 1)?;
///         p.restrict_range(y, p.min(x) + 1, u32::MAX)?;
///         Ok(())
///     }
///     fn check(&self, values: &[u32]) -> bool {
///         values[self.0[0].index()] < values[self.0[1].index()]
///     }
///     fn is_idempotent(&self) -> bool { true }
/// }
///
/// let mut model = Model::<SmallDomain>::new();
/// let (x, y) = (model.new_var(0, 3)?, model.new_var(0, 3)?);
/// model.add(Less([x, y]));
/// assert_eq!(Solver::new(model).count(), 6);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
pub trait Constraint<D: Domain>: dyn_clone::DynClone + fmt::Debug + Send + Sync {
    /// The variables the constraint is about. The solver calls
    /// [`propagate`](Constraint::propagate) again after any of their
    /// domains changes.
    fn scope(&self) -> &[Var];

    /// Removes unsupported values, or reports a [`Conflict`].
    fn propagate(&mut self, propagation: &mut Propagation<'_, D>) -> Result<(), Conflict>;

    /// Whether the constraint holds for a full assignment (`values` is indexed
    /// by [`Var::index`] and covers every variable of the model).
    fn check(&self, values: &[u32]) -> bool;

    /// Whether one call of `propagate` reaches its own fixpoint, so it need not
    /// be called again for changes it made itself. Defaults to `false`.
    fn is_idempotent(&self) -> bool {
        false
    }
}

dyn_clone::clone_trait_object!(<D> Constraint<D> where D: Domain);
