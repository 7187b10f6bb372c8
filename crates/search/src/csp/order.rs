//! Which variable to branch on next ([`VariableOrder`]) and in which order
//! to try its values ([`ValueOrder`]).

use super::domain::Domain;
use super::network::Network;
use super::store::Store;
use super::var::{ConstraintId, Var};

/// A read-only look at the search state, for variable and value orders.
///
/// # Example
///
/// See [`VariableOrder`].
pub struct View<'a, D: Domain> {
    store: &'a Store<D>,
    network: &'a Network<D>,
}

impl<D: Domain> std::fmt::Debug for View<'_, D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.store.domains()).finish()
    }
}

impl<'a, D: Domain> View<'a, D> {
    pub(crate) fn new(store: &'a Store<D>, network: &'a Network<D>) -> Self {
        View { store, network }
    }

    /// The number of variables.
    pub fn num_vars(&self) -> usize {
        self.store.len()
    }

    /// The number of constraints.
    pub fn num_constraints(&self) -> usize {
        self.network.scopes.len()
    }

    /// The current domain of `var`.
    pub fn domain(&self, var: Var) -> &D {
        self.store.domain(var.0)
    }

    /// Whether `var` has a single value left.
    pub fn is_assigned(&self, var: Var) -> bool {
        self.domain(var).len() == 1
    }

    /// The variables with more than one value left, in index order.
    pub fn unassigned(&self) -> impl Iterator<Item = Var> + '_ {
        self.store
            .domains()
            .iter()
            .enumerate()
            .filter(|(_, d)| d.len() > 1)
            .map(|(i, _)| Var(i as u32))
    }

    /// The constraints whose scope holds `var`.
    pub fn constraints_of(&self, var: Var) -> &[ConstraintId] {
        &self.network.constraints_of[var.index()]
    }

    /// The scope of `constraint`.
    pub fn scope(&self, constraint: ConstraintId) -> &[Var] {
        &self.network.scopes[constraint.index()]
    }

    /// Whether `constraint` involves an unassigned variable other than `var`.
    pub fn is_active_beyond(&self, constraint: ConstraintId, var: Var) -> bool {
        self.scope(constraint)
            .iter()
            .any(|&other| other != var && !self.is_assigned(other))
    }

    /// The dynamic degree of `var`: how many of its constraints involve
    /// another unassigned variable.
    pub fn degree(&self, var: Var) -> usize {
        self.constraints_of(var)
            .iter()
            .filter(|&&c| self.is_active_beyond(c, var))
            .count()
    }
}

/// Chooses the variable to branch on.
///
/// Implementations are cloned for parallel search, so keep them small.
///
/// # Example
///
/// The unassigned variable with the largest index:
///
/// ```
/// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
///
/// #[derive(Clone, Debug)]
/// struct Last;
/// impl<D: Domain> VariableOrder<D> for Last {
///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
///         view.unassigned().last()
///     }
/// }
///
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(3, 0, 1)?;
/// model.all_different(&v[..2]);
/// assert_eq!(Solver::new(model).with_variable_order(Last).count(), 4);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
pub trait VariableOrder<D: Domain>: Clone {
    /// The variable to branch on, or `None` when every variable is assigned.
    ///
    /// It must return an unassigned variable whenever there is one.
    fn select(&self, view: &View<'_, D>) -> Option<Var>;

    /// Told when `constraint` failed during propagation (dom/wdeg learns from it).
    fn on_conflict(&mut self, constraint: ConstraintId, view: &View<'_, D>) {
        let _ = (constraint, view);
    }
}

/// Branch on variables in creation order.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{InputOrder, Model, SmallDomain, Solver};
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(3, 0, 2)?;
/// model.all_different(&v);
/// assert_eq!(Solver::new(model).with_variable_order(InputOrder).count(), 6);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct InputOrder;

impl<D: Domain> VariableOrder<D> for InputOrder {
    fn select(&self, view: &View<'_, D>) -> Option<Var> {
        view.unassigned().next()
    }
}

/// Minimum remaining values ("first fail"): the variable with the fewest
/// values left; ties broken by the largest dynamic degree (constraints
/// shared with other unassigned variables), then by index.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Model, Mrv, SmallDomain, Solver};
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(3, 0, 2)?;
/// model.all_different(&v);
/// assert_eq!(Solver::new(model).with_variable_order(Mrv::default()).count(), 6);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Mrv {
    degree_tie_break: bool,
}

impl Default for Mrv {
    fn default() -> Self {
        Mrv {
            degree_tie_break: true,
        }
    }
}

impl Mrv {
    /// MRV without the degree tie-break (ties go to the lowest index).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Model, Mrv, SmallDomain, Solver};
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(2, 0, 2)?;
    /// assert_eq!(Solver::new(model).with_variable_order(Mrv::without_degree()).count(), 9);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    #[must_use]
    pub fn without_degree() -> Self {
        Mrv {
            degree_tie_break: false,
        }
    }
}

impl<D: Domain> VariableOrder<D> for Mrv {
    fn select(&self, view: &View<'_, D>) -> Option<Var> {
        let mut best: Option<(u32, Var)> = None;
        let mut best_degree = 0;
        for (i, d) in view.store.domains().iter().enumerate() {
            let size = d.len();
            if size <= 1 {
                continue;
            }
            let var = Var(i as u32);
            match best {
                Some((best_size, _)) if size > best_size => {}
                Some((best_size, _)) if size == best_size && !self.degree_tie_break => {}
                Some((best_size, _)) if size == best_size => {
                    let degree = view.degree(var);
                    if degree > best_degree {
                        best = Some((size, var));
                        best_degree = degree;
                    }
                }
                _ => {
                    best = Some((size, var));
                    if self.degree_tie_break {
                        best_degree = view.degree(var);
                    }
                    if size == 2 && !self.degree_tie_break {
                        break;
                    }
                }
            }
        }
        best.map(|(_, var)| var)
    }
}

/// dom/wdeg (Boussemart et al., 2004): every constraint starts with weight
/// 1 and gains 1 each time it fails; branch on the variable with the least
/// ratio of domain size to the summed weight of its constraints that still
/// involve another unassigned variable.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{DomWdeg, Model, SmallDomain, Solver};
/// let mut model = Model::<SmallDomain>::new();
/// let v = model.new_vars(4, 0, 2)?;
/// model.all_different(&v[..3]);
/// assert_eq!(Solver::new(model).with_variable_order(DomWdeg::default()).count(), 18);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct DomWdeg {
    weights: Vec<u64>,
}

impl DomWdeg {
    fn weight(&self, constraint: ConstraintId) -> u64 {
        self.weights.get(constraint.index()).copied().unwrap_or(1)
    }
}

impl<D: Domain> VariableOrder<D> for DomWdeg {
    fn select(&self, view: &View<'_, D>) -> Option<Var> {
        // Compare size_a / w_a < size_b / w_b as size_a * w_b < size_b * w_a.
        let mut best: Option<(u64, u64, Var)> = None;
        for var in view.unassigned() {
            let size = u64::from(view.domain(var).len());
            let wdeg: u64 = view
                .constraints_of(var)
                .iter()
                .filter(|&&c| view.is_active_beyond(c, var))
                .map(|&c| self.weight(c))
                .sum::<u64>()
                .max(1);
            let better = match best {
                None => true,
                Some((s, w, _)) => {
                    u128::from(size) * u128::from(w) < u128::from(s) * u128::from(wdeg)
                }
            };
            if better {
                best = Some((size, wdeg, var));
            }
        }
        best.map(|(_, _, var)| var)
    }

    fn on_conflict(&mut self, constraint: ConstraintId, view: &View<'_, D>) {
        if self.weights.len() < view.num_constraints() {
            self.weights.resize(view.num_constraints(), 1);
        }
        self.weights[constraint.index()] += 1;
    }
}

/// Orders the values of the chosen variable.
///
/// # Example
///
/// Odd values first:
///
/// ```
/// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, ValueOrder, Var};
///
/// #[derive(Clone, Debug)]
/// struct OddFirst;
/// impl<D: Domain> ValueOrder<D> for OddFirst {
///     fn order(&self, _var: Var, domain: &D) -> impl Iterator<Item = u32> {
///         let (odd, even): (Vec<u32>, Vec<u32>) = domain.iter().partition(|v| v % 2 == 1);
///         odd.into_iter().chain(even)
///     }
/// }
///
/// let mut model = Model::<SmallDomain>::new();
/// let x = model.new_var(0, 9)?;
/// assert_eq!(Solver::new(model).with_value_order(OddFirst).first().unwrap()[x], 1);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
pub trait ValueOrder<D: Domain>: Clone {
    /// The values of `domain` (the domain of `var`), each exactly once, in the
    /// order to try them.
    fn order(&self, var: Var, domain: &D) -> impl Iterator<Item = u32>;
}

/// Smallest value first.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Ascending, Model, SmallDomain, Solver};
/// let mut model = Model::<SmallDomain>::new();
/// let x = model.new_var(2, 5)?;
/// assert_eq!(Solver::new(model).with_value_order(Ascending).first().unwrap()[x], 2);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Ascending;

impl<D: Domain> ValueOrder<D> for Ascending {
    fn order(&self, _var: Var, domain: &D) -> impl Iterator<Item = u32> {
        domain.iter()
    }
}

/// Largest value first.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Descending, Model, SmallDomain, Solver};
/// let mut model = Model::<SmallDomain>::new();
/// let x = model.new_var(2, 5)?;
/// assert_eq!(Solver::new(model).with_value_order(Descending).first().unwrap()[x], 5);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Descending;

impl<D: Domain> ValueOrder<D> for Descending {
    fn order(&self, _var: Var, domain: &D) -> impl Iterator<Item = u32> {
        domain.iter().rev()
    }
}
