//! Handles to variables and constraints, and solutions.

use std::fmt;
use std::ops::Index;

/// A variable of a [`Model`](super::Model): a small copyable handle.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Model, SmallDomain};
///
/// let mut model = Model::<SmallDomain>::new();
/// let x = model.new_var(0, 9)?;
/// let y = model.new_var(0, 9)?;
/// assert_eq!((x.index(), y.index()), (0, 1));
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(pub(crate) u32);

impl Var {
    /// The variable's position in its model, from 0 in creation order.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::csp::{Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// assert_eq!(model.new_var(1, 3)?.index(), 0);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.0)
    }
}

/// A constraint of a [`Model`](super::Model), numbered from 0 in the order
/// constraints were added.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Model, SmallDomain};
///
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(3, 0, 2)?;
/// let c = model.all_different(&v);
/// assert_eq!(c.index(), 0);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ConstraintId(pub(crate) u32);

impl ConstraintId {
    /// The constraint's position in its model.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::csp::{Model, SmallDomain};
    /// let mut model = Model::<SmallDomain>::new();
    /// let (x, y) = (model.new_var(0, 1)?, model.new_var(0, 1)?);
    /// assert_eq!(model.not_equal(x, y).index(), 0);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ConstraintId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}

/// A solution: one value for every variable of the model.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Model, SmallDomain, Solver};
///
/// let mut model = Model::<SmallDomain>::new();
/// let x = model.new_var(3, 3)?;
/// let solution = Solver::new(model).first().expect("x = 3");
/// assert_eq!(solution[x], 3);
/// assert_eq!(solution.values(), [3]);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Assignment(pub(crate) Vec<u32>);

impl Assignment {
    /// The value of `var`.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(7, 7)?;
    /// assert_eq!(Solver::new(model).first().unwrap().value(x), 7);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn value(&self, var: Var) -> u32 {
        self.0[var.index()]
    }

    /// All values, indexed by [`Var::index`].
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(2, 1, 1)?;
    /// assert_eq!(Solver::new(model).first().unwrap().values(), [1, 1]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn values(&self) -> &[u32] {
        &self.0
    }

    /// The values, by variable index.
    ///
    /// # Example
    ///
    /// ```
    /// # use kongming_search::csp::{Model, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(2, 4, 4)?;
    /// assert_eq!(Solver::new(model).first().unwrap().into_values(), vec![4, 4]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn into_values(self) -> Vec<u32> {
        self.0
    }
}

impl Index<Var> for Assignment {
    type Output = u32;
    fn index(&self, var: Var) -> &u32 {
        &self.0[var.index()]
    }
}
