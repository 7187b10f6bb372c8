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
/// `z = max(x, y)`, by bounds:
///
/// ```
/// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Solver, Var};
///
/// #[derive(Clone, Debug)]
/// struct Max([Var; 3]);
///
/// impl<D: Domain> Constraint<D> for Max {
///     fn scope(&self) -> &[Var] { &self.0 }
///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
///         let [x, y, z] = self.0;
///         p.restrict_range(z, p.min(x).max(p.min(y)), p.max(x).max(p.max(y)))?;
///         p.restrict_range(x, 0, p.max(z))?;
///         p.restrict_range(y, 0, p.max(z))?;
///         Ok(())
///     }
///     fn check(&self, values: &[u32]) -> bool {
///         let [x, y, z] = self.0.map(|v| values[v.index()]);
///         z == x.max(y)
///     }
/// }
///
/// let mut model = Model::<SmallDomain>::new();
/// let (x, y, z) = (model.new_var(0, 5)?, model.new_var(0, 2)?, model.new_var(4, 9)?);
/// model.add(Max([x, y, z]));
/// let mac = Mac::new(model.clone());
/// assert_eq!(mac.domain(z).iter().collect::<Vec<_>>(), [4, 5]);
/// assert_eq!(Solver::new(model).count(), 6); // x = z in {4, 5}, y in {0, 1, 2}
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
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
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `x == y`: each keeps the values of the other.
    /// #[derive(Clone, Debug)]
    /// struct Same([Var; 2]);
    ///
    /// impl<D: Domain> Constraint<D> for Same {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
    ///         let [x, y] = self.0;
    ///         let dx = p.domain(x).clone();
    ///         p.intersect(y, &dx)?;
    ///         let dy = p.domain(y).clone();
    ///         p.intersect(x, &dy)?;
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { values[self.0[0].index()] == values[self.0[1].index()] }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 5)?, model.new_var(3, 9)?);
    /// model.add(Same([x, y]));
    /// let mac = Mac::new(model);
    /// assert_eq!(mac.domain(x).iter().collect::<Vec<_>>(), [3, 4, 5]);
    /// assert_eq!(mac.domain(y), mac.domain(x));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[inline]
    pub fn domain(&self, var: Var) -> &D {
        self.store.domain(var.0)
    }

    /// The value of `var` if it has only one left.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `x != y`, once one of them has a value.
    /// #[derive(Clone, Debug)]
    /// struct Differ([Var; 2]);
    ///
    /// impl<D: Domain> Constraint<D> for Differ {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
    ///         let [x, y] = self.0;
    ///         if let Some(v) = p.value(x) { p.remove(y, v)?; }
    ///         if let Some(v) = p.value(y) { p.remove(x, v)?; }
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { values[self.0[0].index()] != values[self.0[1].index()] }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(1, 1)?, model.new_var(0, 2)?);
    /// model.add(Differ([x, y]));
    /// assert_eq!(Mac::new(model).domain(y).iter().collect::<Vec<_>>(), [0, 2]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[inline]
    pub fn value(&self, var: Var) -> Option<u32> {
        self.domain(var).single_value()
    }

    /// The least value of `var`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `y >= x`: `y` loses the values below the least of `x`.
    /// #[derive(Clone, Debug)]
    /// struct AtLeast([Var; 2]);
    ///
    /// impl<D: Domain> Constraint<D> for AtLeast {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
    ///         let [x, y] = self.0;
    ///         p.restrict_range(y, p.min(x), u32::MAX)?;
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { values[self.0[1].index()] >= values[self.0[0].index()] }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(3, 5)?, model.new_var(0, 9)?);
    /// model.add(AtLeast([x, y]));
    /// assert_eq!(Mac::new(model).domain(y).min(), Some(3));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[inline]
    pub fn min(&self, var: Var) -> u32 {
        self.domain(var)
            .min()
            .expect("domains are never empty during propagation")
    }

    /// The greatest value of `var`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `x <= y`: `x` loses the values above the greatest of `y`.
    /// #[derive(Clone, Debug)]
    /// struct AtMost([Var; 2]);
    ///
    /// impl<D: Domain> Constraint<D> for AtMost {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
    ///         let [x, y] = self.0;
    ///         p.restrict_range(x, 0, p.max(y))?;
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { values[self.0[0].index()] <= values[self.0[1].index()] }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 9)?, model.new_var(2, 4)?);
    /// model.add(AtMost([x, y]));
    /// assert_eq!(Mac::new(model).domain(x).max(), Some(4));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
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
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `x != 0`.
    /// #[derive(Clone, Debug)]
    /// struct NonZero([Var; 1]);
    ///
    /// impl<D: Domain> Constraint<D> for NonZero {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
    ///         p.remove(self.0[0], 0)?;
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { values[self.0[0].index()] != 0 }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 3)?;
    /// let zero = model.new_var(0, 0)?;
    /// model.add(NonZero([x]));
    /// assert_eq!(Mac::new(model.clone()).domain(x).iter().collect::<Vec<_>>(), [1, 2, 3]);
    ///
    /// // Removing the last value is a conflict.
    /// model.add(NonZero([zero]));
    /// assert!(Mac::new(model).is_failed());
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
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
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// If `x` is 0, then `y` is 0.
    /// #[derive(Clone, Debug)]
    /// struct ZeroImpliesZero([Var; 2]);
    ///
    /// impl<D: Domain> Constraint<D> for ZeroImpliesZero {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
    ///         let [x, y] = self.0;
    ///         if p.value(x) == Some(0) { p.assign(y, 0)?; }
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { values[self.0[0].index()] != 0 || values[self.0[1].index()] == 0 }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 0)?, model.new_var(0, 9)?);
    /// model.add(ZeroImpliesZero([x, y]));
    /// assert_eq!(Mac::new(model).domain(y).single_value(), Some(0));
    ///
    /// // Assigning a value the domain lacks is a conflict.
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 0)?, model.new_var(1, 9)?);
    /// model.add(ZeroImpliesZero([x, y]));
    /// assert!(Mac::new(model).is_failed());
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
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
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `x` is odd.
    /// #[derive(Clone, Debug)]
    /// struct Odd([Var; 1]);
    ///
    /// impl Constraint<SmallDomain> for Odd {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, SmallDomain>) -> Result<(), Conflict> {
    ///         const ODD: SmallDomain = SmallDomain::from_bits(0xAAAA_AAAA_AAAA_AAAA);
    ///         p.intersect(self.0[0], &ODD)?;
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { values[self.0[0].index()] % 2 == 1 }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 9)?;
    /// model.add(Odd([x]));
    /// assert_eq!(Mac::new(model).domain(x).iter().collect::<Vec<_>>(), [1, 3, 5, 7, 9]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[inline]
    pub fn intersect(&mut self, var: Var, keep: &D) -> Result<bool, Conflict> {
        let mut d = self.domain(var).clone();
        if !d.intersect_with(keep) {
            return Ok(false);
        }
        self.replace(var, d)
    }

    /// Removes the values of `var` that are in `drop`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `x` is not a prime below 10.
    /// #[derive(Clone, Debug)]
    /// struct NotPrime([Var; 1]);
    ///
    /// impl Constraint<SmallDomain> for NotPrime {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, SmallDomain>) -> Result<(), Conflict> {
    ///         let primes: SmallDomain = [2, 3, 5, 7].into_iter().collect();
    ///         p.exclude(self.0[0], &primes)?;
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { ![2, 3, 5, 7].contains(&values[self.0[0].index()]) }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 9)?;
    /// model.add(NotPrime([x]));
    /// assert_eq!(Mac::new(model).domain(x).iter().collect::<Vec<_>>(), [0, 1, 4, 6, 8, 9]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[inline]
    pub fn exclude(&mut self, var: Var, drop: &D) -> Result<bool, Conflict> {
        let mut d = self.domain(var).clone();
        if !d.difference_with(drop) {
            return Ok(false);
        }
        self.replace(var, d)
    }

    /// Keeps only the values of `var` within `lo..=hi`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `|x - y| <= 1`, by bounds.
    /// #[derive(Clone, Debug)]
    /// struct Near([Var; 2]);
    ///
    /// impl<D: Domain> Constraint<D> for Near {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
    ///         let [x, y] = self.0;
    ///         p.restrict_range(x, p.min(y).saturating_sub(1), p.max(y) + 1)?;
    ///         p.restrict_range(y, p.min(x).saturating_sub(1), p.max(x) + 1)?;
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { values[self.0[0].index()].abs_diff(values[self.0[1].index()]) <= 1 }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(5, 5)?, model.new_var(0, 9)?);
    /// model.add(Near([x, y]));
    /// assert_eq!(Mac::new(model).domain(y).iter().collect::<Vec<_>>(), [4, 5, 6]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[inline]
    pub fn restrict_range(&mut self, var: Var, lo: u32, hi: u32) -> Result<bool, Conflict> {
        let mut d = self.domain(var).clone();
        if !d.retain_range(lo, hi) {
            return Ok(false);
        }
        self.replace(var, d)
    }

    /// Keeps only the values of `var` for which `keep` returns `true`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `x` divides `y`, once `y` has a value.
    /// #[derive(Clone, Debug)]
    /// struct Divides([Var; 2]);
    ///
    /// impl<D: Domain> Constraint<D> for Divides {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
    ///         let [x, y] = self.0;
    ///         if let Some(n) = p.value(y) { p.retain(x, |d| d != 0 && n % d == 0)?; }
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool { let [x, y] = self.0.map(|v| values[v.index()]); x != 0 && y % x == 0 }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 9)?, model.new_var(12, 12)?);
    /// model.add(Divides([x, y]));
    /// assert_eq!(Mac::new(model).domain(x).iter().collect::<Vec<_>>(), [1, 2, 3, 4, 6]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn retain(
        &mut self,
        var: Var,
        mut keep: impl FnMut(u32) -> bool,
    ) -> Result<bool, Conflict> {
        let current = self.domain(var);
        let mut d = current.clone();
        let mut changed = false;
        for v in current.iter() {
            if !keep(v) {
                d.remove(v);
                changed = true;
            }
        }
        if !changed {
            return Ok(false);
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
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{AllDifferent, Constraint, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 0, 2)?;
    /// let all_different = AllDifferent::<SmallDomain>::new(&v);
    /// assert_eq!(all_different.scope(), v);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    fn scope(&self) -> &[Var];

    /// Removes unsupported values, or reports a [`Conflict`].
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Conflict, Constraint, Domain, Mac, Model, Propagation, SmallDomain, Var};
    ///
    /// /// `x != y`, once one of them has a value.
    /// #[derive(Clone, Debug)]
    /// struct Differ([Var; 2]);
    ///
    /// impl<D: Domain> Constraint<D> for Differ {
    ///     fn scope(&self) -> &[Var] { &self.0 }
    ///     fn propagate(&mut self, p: &mut Propagation<'_, D>) -> Result<(), Conflict> {
    ///         let [x, y] = self.0;
    ///         if let Some(v) = p.value(x) { p.remove(y, v)?; }
    ///         if let Some(v) = p.value(y) { p.remove(x, v)?; }
    ///         Ok(())
    ///     }
    ///     fn check(&self, values: &[u32]) -> bool {
    ///         values[self.0[0].index()] != values[self.0[1].index()]
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 1)?, model.new_var(0, 1)?);
    /// model.add(Differ([x, y]));
    /// let mut mac = Mac::new(model);
    /// assert_eq!(mac.domain(y).len(), 2); // nothing to do yet
    /// assert!(mac.assign(x, 0)); // x changed: propagate runs again
    /// assert_eq!(mac.domain(y).single_value(), Some(1));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    fn propagate(&mut self, propagation: &mut Propagation<'_, D>) -> Result<(), Conflict>;

    /// Whether the constraint holds for a full assignment (`values` is indexed
    /// by [`Var::index`] and covers every variable of the model).
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Comparison, Constraint, Linear, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 9)?, model.new_var(0, 9)?);
    /// let sum = Linear::new(&[(1, x), (1, y)], Comparison::Equal, 10);
    /// assert!(Constraint::<SmallDomain>::check(&sum, &[3, 7]));
    /// assert!(!Constraint::<SmallDomain>::check(&sum, &[3, 6]));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    fn check(&self, values: &[u32]) -> bool;

    /// Whether one call of `propagate` reaches its own fixpoint, so it need not
    /// be called again for changes it made itself. Defaults to `false`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{AllDifferent, Constraint, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 0, 2)?;
    /// // All-different reaches its fixpoint (generalised arc consistency) in one call.
    /// assert!(Constraint::<SmallDomain>::is_idempotent(&AllDifferent::new(&v)));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    fn is_idempotent(&self) -> bool {
        false
    }
}

dyn_clone::clone_trait_object!(<D> Constraint<D> where D: Domain);
