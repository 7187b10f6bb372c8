//! [`Model`]: variables with their domains, and the constraints on them.

use std::fmt;

use super::all_different::AllDifferent;
use super::constraint::Constraint;
use super::domain::{Domain, SmallDomain};
use super::linear::{Comparison, Linear};
use super::relation::Relation;
use super::var::{ConstraintId, Var};

/// A mistake in building a [`Model`].
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Model, ModelError, SmallDomain};
///
/// let mut model = Model::<SmallDomain>::new();
/// let err = model.new_var(0, 64).unwrap_err();
/// assert_eq!(err, ModelError::ValueTooLarge { value: 64, capacity: 64 });
/// assert_eq!(err.to_string(), "value 64 does not fit a domain of values 0..64 (use LargeDomain)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ModelError {
    /// A value is beyond what the domain type holds.
    ValueTooLarge {
        /// The value asked for.
        value: u32,
        /// The domain type holds values `0..capacity`.
        capacity: u32,
    },
    /// A variable was given no value at all.
    EmptyDomain,
    /// More variables than a `u32` can number.
    TooManyVariables,
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::ValueTooLarge { value, capacity } => write!(
                f,
                "value {value} does not fit a domain of values 0..{capacity} (use LargeDomain)"
            ),
            ModelError::EmptyDomain => f.write_str("a variable needs at least one value"),
            ModelError::TooManyVariables => f.write_str("too many variables"),
        }
    }
}

impl std::error::Error for ModelError {}

/// The most variables or constraints a model reserves room for at once
/// ([`Model::with_capacity`], [`Model::new_vars`]); beyond, it grows as
/// they are added.
const RESERVE_AT_ONCE: usize = 1 << 16;

/// A constraint as stored in a model.
#[derive(Clone, Debug)]
pub(crate) enum Entry<D: Domain> {
    Relation(Relation),
    Global(Box<dyn Constraint<D>>),
}

/// The most relations [`Model::with_capacity`] reserves row room for.
const RESERVED_RELATIONS: usize = 1024;

/// A constraint satisfaction problem: variables over finite sets of
/// values `0..`, and constraints on them. Solve it with a
/// [`Solver`](super::Solver).
///
/// `D` is the domain type: [`SmallDomain`] (the default, values below 64) or
/// [`LargeDomain`](super::LargeDomain).
///
/// # Example
///
/// SEND + MORE = MONEY, with one linear equation and all-different:
///
/// ```
/// use kongming_search::csp::{Comparison, Model, SmallDomain, Solver};
///
/// let mut model = Model::<SmallDomain>::new();
/// let [s, e, n, d, m, o, r, y] = [0; 8].map(|_| model.new_var(0, 9).unwrap());
/// model.all_different(&[s, e, n, d, m, o, r, y]);
/// model.restrict(s, 1, 9);
/// model.restrict(m, 1, 9);
/// model.linear(
///     &[(1000, s), (100, e), (10, n), (1, d), (1000, m), (100, o), (10, r), (1, e),
///       (-10000, m), (-1000, o), (-100, n), (-10, e), (-1, y)],
///     Comparison::Equal,
///     0,
/// );
/// let solution = Solver::new(model).first().expect("a solution");
/// let digits: Vec<u32> = [s, e, n, d, m, o, r, y].iter().map(|&v| solution[v]).collect();
/// assert_eq!(digits, [9, 5, 6, 7, 1, 0, 8, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct Model<D: Domain = SmallDomain> {
    domains: Vec<D>,
    entries: Vec<Entry<D>>,
    /// The support rows of every relation, one after another.
    rows: Vec<D>,
}

impl<D: Domain> Default for Model<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<D: Domain> Model<D> {
    /// An empty model.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain};
    /// assert_eq!(Model::<SmallDomain>::new().num_vars(), 0);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Model {
            domains: Vec::new(),
            entries: Vec::new(),
            rows: Vec::new(),
        }
    }

    /// An empty model with room for `variables` variables and
    /// `constraints` constraints before it reallocates: for callers that
    /// build many models and know their sizes. (The first relation over
    /// small domains also reserves room for the rows of up to that many
    /// relations like it, at most 1,024.)
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::with_capacity(2, 1);
    /// let v = model.new_vars(2, 0, 1)?;
    /// model.not_equal(v[0], v[1]);
    /// assert_eq!(Solver::new(model).count(), 2);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn with_capacity(variables: usize, constraints: usize) -> Self {
        // A hint, not a promise: a model past it grows as it is built, so
        // the room reserved at once is bounded whatever the caller says.
        Model {
            domains: Vec::with_capacity(variables.min(RESERVE_AT_ONCE)),
            entries: Vec::with_capacity(constraints.min(RESERVE_AT_ONCE)),
            rows: Vec::new(),
        }
    }

    fn check_value(value: u32) -> Result<(), ModelError> {
        match D::MAX_CAPACITY {
            Some(capacity) if value >= capacity => {
                Err(ModelError::ValueTooLarge { value, capacity })
            }
            _ => Ok(()),
        }
    }

    fn push(&mut self, domain: D) -> Result<Var, ModelError> {
        if domain.is_empty() {
            return Err(ModelError::EmptyDomain);
        }
        let index = u32::try_from(self.domains.len()).map_err(|_| ModelError::TooManyVariables)?;
        self.domains.push(domain);
        Ok(Var(index))
    }

    /// A new variable with the values `lo..=hi`.
    ///
    /// # Errors
    ///
    /// [`ModelError::EmptyDomain`] when `lo > hi`,
    /// [`ModelError::ValueTooLarge`] when `hi` does not fit the domain type.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(1, 9)?;
    /// assert_eq!(model.domain(x).len(), 9);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn new_var(&mut self, lo: u32, hi: u32) -> Result<Var, ModelError> {
        Self::check_value(hi)?;
        if lo > hi {
            return Err(ModelError::EmptyDomain);
        }
        self.push(D::range(lo, hi))
    }

    /// A new variable with the given values.
    ///
    /// # Errors
    ///
    /// As [`new_var`](Model::new_var).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var_with_values([2, 3, 5, 7])?;
    /// assert_eq!(model.domain(x).iter().collect::<Vec<_>>(), [2, 3, 5, 7]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn new_var_with_values(
        &mut self,
        values: impl IntoIterator<Item = u32>,
    ) -> Result<Var, ModelError> {
        let values: Vec<u32> = values.into_iter().collect();
        let top = values
            .iter()
            .copied()
            .max()
            .ok_or(ModelError::EmptyDomain)?;
        Self::check_value(top)?;
        let mut domain = D::with_capacity(top + 1);
        for v in values {
            domain.insert(v);
        }
        self.push(domain)
    }

    /// `count` new variables, each with the values `lo..=hi`.
    ///
    /// # Errors
    ///
    /// As [`new_var`](Model::new_var), checked before any room is
    /// reserved; [`ModelError::TooManyVariables`] if the model would hold
    /// more variables than a `u32` numbers.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let queens = model.new_vars(8, 0, 7)?;
    /// assert_eq!(queens.len(), 8);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn new_vars(&mut self, count: usize, lo: u32, hi: u32) -> Result<Vec<Var>, ModelError> {
        if count == 0 {
            return Ok(Vec::new());
        }
        // Everything is checked before room is reserved: the values, and
        // that the variables can be numbered.
        Self::check_value(hi)?;
        if lo > hi {
            return Err(ModelError::EmptyDomain);
        }
        let numbered = u64::from(u32::MAX) + 1;
        if self.domains.len() as u64 + count as u64 > numbered {
            return Err(ModelError::TooManyVariables);
        }
        self.domains.reserve(count.min(RESERVE_AT_ONCE));
        let mut vars = Vec::with_capacity(count.min(RESERVE_AT_ONCE));
        for _ in 0..count {
            vars.push(self.new_var(lo, hi)?);
        }
        Ok(vars)
    }

    /// The number of variables.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(3, 0, 1)?;
    /// assert_eq!(model.num_vars(), 3);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn num_vars(&self) -> usize {
        self.domains.len()
    }

    /// The number of constraints.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 0, 2)?;
    /// model.all_different(&v);
    /// assert_eq!(model.num_constraints(), 1);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn num_constraints(&self) -> usize {
        self.entries.len()
    }

    /// The current domain of `var`.
    ///
    /// # Panics
    ///
    /// If `var` belongs to another model.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 3)?;
    /// assert_eq!(model.domain(x).max(), Some(3));
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn domain(&self, var: Var) -> &D {
        &self.domains[var.index()]
    }

    /// Fixes `var` to `value` (a given of the puzzle). A value outside the
    /// domain leaves the domain empty: the model then has no solution.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 9)?;
    /// model.fix(x, 4);
    /// assert_eq!(Solver::new(model).first().unwrap()[x], 4);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn fix(&mut self, var: Var, value: u32) {
        self.restrict(var, value, value);
    }

    /// Keeps only the values of `var` within `lo..=hi`. An empty result
    /// makes the model unsatisfiable.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 9)?;
    /// model.restrict(x, 3, 4);
    /// assert_eq!(Solver::new(model).count(), 2);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn restrict(&mut self, var: Var, lo: u32, hi: u32) {
        self.domains[var.index()].retain_range(lo, hi);
    }

    /// Removes `value` from the domain of `var`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 2)?;
    /// model.exclude(x, 1);
    /// assert_eq!(Solver::new(model).count(), 2);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn exclude(&mut self, var: Var, value: u32) {
        self.domains[var.index()].remove(value);
    }

    /// Adds a constraint of your own.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{AllDifferent, Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(2, 0, 1)?;
    /// let id = model.add(AllDifferent::new(&v));
    /// assert_eq!(id.index(), 0);
    /// assert_eq!(Solver::new(model).count(), 2);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn add(&mut self, constraint: impl Constraint<D> + 'static) -> ConstraintId {
        self.add_boxed(Box::new(constraint))
    }

    /// Adds a boxed constraint.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{AllDifferent, Constraint, Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(2, 0, 1)?;
    /// let boxed: Box<dyn Constraint<SmallDomain>> = Box::new(AllDifferent::<SmallDomain>::new(&v));
    /// model.add_boxed(boxed);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn add_boxed(&mut self, constraint: Box<dyn Constraint<D>>) -> ConstraintId {
        self.entry(Entry::Global(constraint))
    }

    fn entry(&mut self, entry: Entry<D>) -> ConstraintId {
        let id =
            ConstraintId(u32::try_from(self.entries.len()).expect("fewer than 2^32 constraints"));
        self.entries.push(entry);
        id
    }

    /// A binary constraint: `allowed(value of x, value of y)` must hold.
    ///
    /// The relation is tabulated over the current domains (so call it after
    /// [`fix`](Model::fix)ing givens, and mind the size: one bitset row per
    /// value) and revised by AC-3 with residual supports. When `x == y`, the
    /// domain is filtered now by `allowed(v, v)`.
    ///
    /// # Example
    ///
    /// Two queens on a 4×4 board, in columns 0 and 1, not attacking:
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (a, b) = (model.new_var(0, 3)?, model.new_var(0, 3)?);
    /// model.relation(a, b, |ra, rb| ra != rb && ra.abs_diff(rb) != 1);
    /// assert_eq!(Solver::new(model).count(), 6);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn relation(
        &mut self,
        x: Var,
        y: Var,
        mut allowed: impl FnMut(u32, u32) -> bool,
    ) -> ConstraintId {
        if x == y {
            self.keep_diagonal(x, |v| allowed(v, v));
            return self.entry(Entry::Relation(Relation::diagonal(x, self.rows.len())));
        }
        self.reserve_rows(x, y);
        let (dx, dy) = (&self.domains[x.index()], &self.domains[y.index()]);
        let relation = Relation::tabulate(x, dx, y, dy, allowed, &mut self.rows);
        self.entry(Entry::Relation(relation))
    }

    /// The binary relation whose allowed values of `y` when `x = a` are
    /// `row(a)`, called once for each value `a` of `x`: the same constraint
    /// as [`relation`](Model::relation), built from whole rows, which is
    /// cheaper when a row is quick to write as a set (a shift or a mask).
    /// Values of a row outside the domain of `y` are ignored. When
    /// `x == y`, the domain keeps the values `v` with `v` in `row(v)` (and
    /// `row` is called for those values only, nothing is tabulated).
    ///
    /// # Example
    ///
    /// `y` is `x + 1`, the row a single value:
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 3)?, model.new_var(0, 3)?);
    /// model.relation_from_rows(x, y, |a| SmallDomain::range(a + 1, a + 1));
    /// let pairs: Vec<Vec<u32>> = Solver::new(model).solutions().map(|s| s.into_values()).collect();
    /// assert_eq!(pairs, [[0, 1], [1, 2], [2, 3]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn relation_from_rows(
        &mut self,
        x: Var,
        y: Var,
        mut row: impl FnMut(u32) -> D,
    ) -> ConstraintId {
        if x == y {
            self.keep_diagonal(x, |v| row(v).contains(v));
            return self.entry(Entry::Relation(Relation::diagonal(x, self.rows.len())));
        }
        self.reserve_rows(x, y);
        let (dx, dy) = (&self.domains[x.index()], &self.domains[y.index()]);
        let relation = Relation::from_rows(x, dx, y, dy, row, &mut self.rows);
        self.entry(Entry::Relation(relation))
    }

    /// Before the first relation over small domains: room in the row table
    /// for as many more relations of its size as the constraint list has
    /// room for (at most [`RESERVED_RELATIONS`]), so a model built with
    /// [`with_capacity`](Model::with_capacity) grows its row table once.
    /// Bounded: never more than `RESERVED_RELATIONS × 128` rows up front.
    fn reserve_rows(&mut self, x: Var, y: Var) {
        if self.rows.capacity() == 0 {
            let height = |v: Var| self.domains[v.index()].max().map_or(0, |m| m as usize + 1);
            let per_relation = height(x) + height(y);
            if per_relation <= 128 {
                let room =
                    (self.entries.capacity() - self.entries.len()).clamp(1, RESERVED_RELATIONS);
                self.rows.reserve(room * per_relation);
            }
        }
    }

    /// Keeps the values `v` of `var` with `keep(v)`: a relation of a
    /// variable with itself.
    fn keep_diagonal(&mut self, var: Var, mut keep: impl FnMut(u32) -> bool) {
        let d = &mut self.domains[var.index()];
        let current = d.clone();
        for v in current.iter() {
            if !keep(v) {
                d.remove(v);
            }
        }
    }

    /// `x != y`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 2)?, model.new_var(0, 2)?);
    /// model.not_equal(x, y);
    /// assert_eq!(Solver::new(model).count(), 6);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn not_equal(&mut self, x: Var, y: Var) -> ConstraintId {
        self.relation(x, y, |a, b| a != b)
    }

    /// `x == y`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 2)?, model.new_var(1, 5)?);
    /// model.equal(x, y);
    /// assert_eq!(Solver::new(model).count(), 2);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn equal(&mut self, x: Var, y: Var) -> ConstraintId {
        self.relation(x, y, |a, b| a == b)
    }

    /// The variables take pairwise different values (generalised arc
    /// consistency, see [`AllDifferent`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(4, 1, 4)?;
    /// model.all_different(&v);
    /// assert_eq!(Solver::new(model).count(), 24);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn all_different(&mut self, vars: &[Var]) -> ConstraintId {
        self.add(AllDifferent::new(vars))
    }

    /// `Σ coefficient × variable (comparison) rhs`, see [`Linear`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Comparison, Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 9)?, model.new_var(0, 9)?);
    /// model.linear(&[(1, x), (-1, y)], Comparison::Equal, 7); // x - y = 7
    /// assert_eq!(Solver::new(model).count(), 3);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn linear(
        &mut self,
        terms: &[(i64, Var)],
        comparison: Comparison,
        rhs: i64,
    ) -> ConstraintId {
        self.add(Linear::new(terms, comparison, rhs))
    }

    /// `Σ variables (comparison) rhs`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Comparison, Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 1, 9)?;
    /// model.sum(&v, Comparison::Equal, 4);
    /// assert_eq!(Solver::new(model).count(), 3); // 1+1+2 in three orders
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn sum(&mut self, vars: &[Var], comparison: Comparison, rhs: i64) -> ConstraintId {
        let terms: Vec<(i64, Var)> = vars.iter().map(|&v| (1, v)).collect();
        self.linear(&terms, comparison, rhs)
    }

    /// The domains, the constraints, and the relations' row table.
    pub(crate) fn into_parts(self) -> (Vec<D>, Vec<Entry<D>>, Vec<D>) {
        (self.domains, self.entries, self.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::{Model, RESERVED_RELATIONS};
    use crate::csp::{Domain, LargeDomain, SmallDomain, Solver};

    #[test]
    fn a_huge_constraint_capacity_reserves_bounded_row_room() {
        // The first relation reserves rows for at most RESERVED_RELATIONS
        // more like it, however many constraints the capacity announces.
        let mut model = Model::<SmallDomain>::with_capacity(2, 100_000_000);
        let v = model.new_vars(2, 0, 9).expect("fits");
        model.not_equal(v[0], v[1]);
        assert!(model.rows.capacity() <= RESERVED_RELATIONS * 20);
        assert_eq!(Solver::new(model).count(), 90);
    }

    #[test]
    fn relations_over_large_values_reserve_nothing_up_front() {
        let mut model = Model::<LargeDomain>::with_capacity(2, 10_000);
        let x = model.new_var(0, 5_000).expect("fits");
        let y = model.new_var(0, 5_000).expect("fits");
        model.restrict(x, 4_999, 5_000);
        model.restrict(y, 4_999, 5_000);
        model.relation(x, y, |a, b| a < b);
        // Only the rows this relation needs (one per value up to 5,000,
        // both ways), not room for thousands more.
        assert!(model.rows.capacity() < 4 * 5_002);
        let mut solver = Solver::new(model);
        let solution = solver.first().expect("one solution");
        assert_eq!((solution[x], solution[y]), (4_999, 5_000));
    }

    #[test]
    fn a_relation_of_a_variable_with_itself_filters_and_stores_no_rows() {
        let mut model = Model::<SmallDomain>::new();
        let x = model.new_var(0, 9).expect("fits");
        model.relation_from_rows(x, x, |a| SmallDomain::range(0, a));
        model.relation(x, x, |a, b| a == b && a % 3 == 0);
        assert!(model.rows.is_empty());
        assert_eq!(model.domain(x).iter().collect::<Vec<_>>(), [0, 3, 6, 9]);
    }
}
