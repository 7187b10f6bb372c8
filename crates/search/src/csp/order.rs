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
/// MRV with the degree tie-break, by hand: it branches exactly like [`Mrv`].
///
/// ```
/// use std::cmp::Reverse;
/// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
///
/// #[derive(Clone, Debug)]
/// struct MyMrv;
/// impl<D: Domain> VariableOrder<D> for MyMrv {
///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
///         view.unassigned().min_by_key(|&v| (view.domain(v).len(), Reverse(view.degree(v))))
///     }
/// }
///
/// // Five queens, one per column.
/// let mut model = Model::<SmallDomain>::new();
/// let rows = model.new_vars(5, 0, 4)?;
/// for i in 0..5 {
///     for j in i + 1..5 {
///         let gap = (j - i) as u32;
///         model.relation(rows[i], rows[j], move |a, b| a != b && a.abs_diff(b) != gap);
///     }
/// }
/// let mine: Vec<_> = Solver::new(model.clone()).with_variable_order(MyMrv).solutions().collect();
/// let mrv: Vec<_> = Solver::new(model).solutions().collect();
/// assert_eq!(mine.len(), 10);
/// assert_eq!(mine, mrv);
/// # Ok::<(), kongming_search::csp::ModelError>(())
/// ```
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
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// From the middle variable outwards.
    /// #[derive(Clone, Debug)]
    /// struct CenterOut;
    /// impl<D: Domain> VariableOrder<D> for CenterOut {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         let middle = view.num_vars() / 2;
    ///         view.unassigned().min_by_key(|v| v.index().abs_diff(middle))
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(3, 0, 1)?;
    /// let mut solver = Solver::new(model).with_variable_order(CenterOut);
    /// let order: Vec<Vec<u32>> = solver.solutions().map(|s| s.into_values()).collect();
    /// // x1 first, then x0, then x2.
    /// assert_eq!(order[..3], [[0, 0, 0], [0, 0, 1], [1, 0, 0]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn num_vars(&self) -> usize {
        self.store.len()
    }

    /// The number of constraints.
    /// # Example
    ///
    /// ```
    /// use std::{cell::RefCell, rc::Rc};
    /// use kongming_search::csp::{Ascending, ConstraintId, Domain, Mac, Model, NoObserver, SmallDomain, Var, VariableOrder, View};
    ///
    /// /// Input order, keeping a conflict count per constraint.
    /// #[derive(Clone, Debug, Default)]
    /// struct Blame(Rc<RefCell<Vec<u64>>>);
    /// impl<D: Domain> VariableOrder<D> for Blame {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         view.unassigned().next()
    ///     }
    ///     fn on_conflict(&mut self, constraint: ConstraintId, view: &View<'_, D>) {
    ///         let mut counts = self.0.borrow_mut();
    ///         counts.resize(view.num_constraints(), 0);
    ///         counts[constraint.index()] += 1;
    ///     }
    /// }
    ///
    /// // Three pigeons, two holes: all-different fails at the root.
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 0, 1)?;
    /// model.sum(&v, kongming_search::csp::Comparison::AtMost, 3);
    /// let all_different = model.all_different(&v);
    /// let blame = Blame::default();
    /// let mac = Mac::with_parts(model, blame.clone(), Ascending, NoObserver);
    /// assert!(mac.is_failed());
    /// assert_eq!(blame.0.borrow().len(), 2);
    /// assert_eq!(blame.0.borrow()[all_different.index()], 1);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn num_constraints(&self) -> usize {
        self.network.num_constraints()
    }

    /// The current domain of `var`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// The variable with the greatest value left first.
    /// #[derive(Clone, Debug)]
    /// struct HighestFirst;
    /// impl<D: Domain> VariableOrder<D> for HighestFirst {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         view.unassigned().max_by_key(|&v| view.domain(v).max())
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_var(0, 1)?;
    /// model.new_var(0, 5)?;
    /// let mut solver = Solver::new(model).with_variable_order(HighestFirst);
    /// let order: Vec<Vec<u32>> = solver.solutions().map(|s| s.into_values()).collect();
    /// // x1 first: x0 changes fastest.
    /// assert_eq!(order[..2], [[0, 0], [1, 0]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn domain(&self, var: Var) -> &D {
        self.store.domain(var.0)
    }

    /// Whether `var` has a single value left.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// The variables of a priority list first, then the others in index order.
    /// #[derive(Clone, Debug)]
    /// struct Priority(Vec<Var>);
    /// impl<D: Domain> VariableOrder<D> for Priority {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         let first = self.0.iter().copied().find(|&v| !view.is_assigned(v));
    ///         first.or_else(|| view.unassigned().next())
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(2, 0, 1)?;
    /// let mut solver = Solver::new(model).with_variable_order(Priority(vec![v[1]]));
    /// let order: Vec<Vec<u32>> = solver.solutions().map(|s| s.into_values()).collect();
    /// assert_eq!(order, [[0, 0], [1, 0], [0, 1], [1, 1]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn is_assigned(&self, var: Var) -> bool {
        self.domain(var).single_value().is_some()
    }

    /// The variables with more than one value left, in index order.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// The open variable with the largest index.
    /// #[derive(Clone, Debug)]
    /// struct Last;
    /// impl<D: Domain> VariableOrder<D> for Last {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         view.unassigned().last()
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_vars(2, 0, 1)?;
    /// let mut solver = Solver::new(model).with_variable_order(Last);
    /// let order: Vec<Vec<u32>> = solver.solutions().map(|s| s.into_values()).collect();
    /// assert_eq!(order, [[0, 0], [1, 0], [0, 1], [1, 1]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn unassigned(&self) -> impl Iterator<Item = Var> + '_ {
        self.store
            .domains()
            .iter()
            .enumerate()
            .filter(|(_, d)| !d.is_empty() && d.single_value().is_none())
            .map(|(i, _)| Var(i as u32))
    }

    /// The constraints whose scope holds `var`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// The open variable in the most constraints (the static degree).
    /// #[derive(Clone, Debug)]
    /// struct MostConstrained;
    /// impl<D: Domain> VariableOrder<D> for MostConstrained {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         view.unassigned().max_by_key(|&v| view.constraints_of(v).len())
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let [x, y, z] = [0; 3].map(|_| model.new_var(0, 1).unwrap());
    /// model.not_equal(x, y);
    /// model.not_equal(y, z);
    /// let mut solver = Solver::new(model).with_variable_order(MostConstrained);
    /// let order: Vec<Vec<u32>> = solver.solutions().map(|s| s.into_values()).collect();
    /// // y first, and y = 0 forces x = z = 1.
    /// assert_eq!(order, [[1, 0, 1], [0, 1, 0]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn constraints_of(&self, var: Var) -> &[ConstraintId] {
        self.network.constraints_of(var)
    }

    /// The scope of `constraint`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// The open variable with the most distinct neighbours.
    /// #[derive(Clone, Debug)]
    /// struct MostNeighbours;
    /// impl<D: Domain> VariableOrder<D> for MostNeighbours {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         view.unassigned().max_by_key(|&v| {
    ///             let mut neighbours: Vec<Var> = view
    ///                 .constraints_of(v)
    ///                 .iter()
    ///                 .flat_map(|&c| view.scope(c).iter().copied())
    ///                 .filter(|&w| w != v)
    ///                 .collect();
    ///             neighbours.sort();
    ///             neighbours.dedup();
    ///             neighbours.len()
    ///         })
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let [x, y, z] = [0; 3].map(|_| model.new_var(0, 1).unwrap());
    /// model.not_equal(x, y);
    /// model.all_different(&[y, z]);
    /// let mut solver = Solver::new(model).with_variable_order(MostNeighbours);
    /// let order: Vec<Vec<u32>> = solver.solutions().map(|s| s.into_values()).collect();
    /// // y first, and y = 0 forces x = z = 1.
    /// assert_eq!(order, [[1, 0, 1], [0, 1, 0]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn scope(&self, constraint: ConstraintId) -> &[Var] {
        self.network.scope(constraint)
    }

    /// Whether `constraint` involves an unassigned variable other than `var`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// Variables still tied to an open one first; free ones last.
    /// #[derive(Clone, Debug)]
    /// struct TiedFirst;
    /// impl<D: Domain> VariableOrder<D> for TiedFirst {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         let tied = view.unassigned().find(|&v| {
    ///             view.constraints_of(v).iter().any(|&c| view.is_active_beyond(c, v))
    ///         });
    ///         tied.or_else(|| view.unassigned().next())
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let [_x, y, z] = [0; 3].map(|_| model.new_var(0, 1).unwrap());
    /// model.not_equal(y, z);
    /// let mut solver = Solver::new(model).with_variable_order(TiedFirst);
    /// let order: Vec<Vec<u32>> = solver.solutions().map(|s| s.into_values()).collect();
    /// // y first (x is in no constraint), then x.
    /// assert_eq!(order, [[0, 0, 1], [1, 0, 1], [0, 1, 0], [1, 1, 0]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    pub fn is_active_beyond(&self, constraint: ConstraintId, var: Var) -> bool {
        self.scope(constraint)
            .iter()
            .any(|&other| other != var && !self.is_assigned(other))
    }

    /// The dynamic degree of `var`: how many of its constraints involve
    /// another unassigned variable.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// The largest dynamic degree first, ties to the lowest index.
    /// #[derive(Clone, Debug)]
    /// struct MaxDegree;
    /// impl<D: Domain> VariableOrder<D> for MaxDegree {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         view.unassigned().max_by_key(|&v| (view.degree(v), std::cmp::Reverse(v.index())))
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let [_x, y, z] = [0; 3].map(|_| model.new_var(0, 1).unwrap());
    /// model.not_equal(y, z);
    /// let mut solver = Solver::new(model).with_variable_order(MaxDegree);
    /// let order: Vec<Vec<u32>> = solver.solutions().map(|s| s.into_values()).collect();
    /// // Degrees 0, 1, 1: y first, then x.
    /// assert_eq!(order, [[0, 0, 1], [1, 0, 1], [0, 1, 0], [1, 1, 0]]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
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
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// Fewest values first, ties to the lowest index.
    /// #[derive(Clone, Debug)]
    /// struct FewestValues;
    /// impl<D: Domain> VariableOrder<D> for FewestValues {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         view.unassigned().min_by_key(|&v| view.domain(v).len())
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// model.new_var(0, 2)?;
    /// model.new_var(0, 1)?;
    /// let mut solver = Solver::new(model).with_variable_order(FewestValues);
    /// let order: Vec<Vec<u32>> = solver.solutions().map(|s| s.into_values()).collect();
    /// // x1 first: x0 changes fastest.
    /// assert_eq!(order[..3], [[0, 0], [1, 0], [2, 0]]);
    /// assert_eq!(order.len(), 6);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
    fn select(&self, view: &View<'_, D>) -> Option<Var>;

    /// Told when `constraint` failed during propagation (dom/wdeg learns from it).
    ///
    /// A failure of the root propagation reaches only an order given to
    /// [`Mac::with_parts`](super::Mac::with_parts):
    /// [`Solver::with_variable_order`](super::Solver::with_variable_order)
    /// swaps the order in after the root was propagated.
    /// # Example
    ///
    /// ```
    /// use std::{cell::RefCell, rc::Rc};
    /// use kongming_search::csp::{ConstraintId, Domain, Model, SmallDomain, Solver, Var, VariableOrder, View};
    ///
    /// /// Input order, keeping a conflict count per constraint.
    /// #[derive(Clone, Debug, Default)]
    /// struct Blame(Rc<RefCell<Vec<u64>>>);
    /// impl<D: Domain> VariableOrder<D> for Blame {
    ///     fn select(&self, view: &View<'_, D>) -> Option<Var> {
    ///         view.unassigned().next()
    ///     }
    ///     fn on_conflict(&mut self, constraint: ConstraintId, view: &View<'_, D>) {
    ///         let mut counts = self.0.borrow_mut();
    ///         counts.resize(view.num_constraints(), 0);
    ///         counts[constraint.index()] += 1;
    ///     }
    /// }
    ///
    /// // Three pigeons, two holes, as pairwise relations: the search fails below
    /// // each value of the first pigeon.
    /// let mut model = Model::<SmallDomain>::new();
    /// let v = model.new_vars(3, 0, 1)?;
    /// model.not_equal(v[0], v[1]);
    /// model.not_equal(v[0], v[2]);
    /// model.not_equal(v[1], v[2]);
    /// let blame = Blame::default();
    /// let mut solver = Solver::new(model).with_variable_order(blame.clone());
    /// assert_eq!(solver.count(), 0);
    /// let total: u64 = blame.0.borrow().iter().sum();
    /// assert_eq!(total, 2);
    /// assert_eq!(total, solver.stats().failures);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
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
        let domains = view.store.domains();
        if !self.degree_tie_break {
            // The first of the smallest domains: one size per variable and
            // a running minimum, few branches to mispredict. Returns true
            // once nothing smaller can come.
            let mut best: Option<Var> = None;
            let mut best_size = u32::MAX;
            let mut consider = |i: usize, d: &D| {
                let size = d.len();
                if size > 1 && size < best_size {
                    best_size = size;
                    best = Some(Var(i as u32));
                }
                best_size == 2
            };
            if domains.len() <= 64 {
                // The settled variables have a single value: they are
                // skipped without looking at their domains.
                let settled = view.store.settled();
                let all = u64::MAX.checked_shr(64 - domains.len() as u32).unwrap_or(0);
                let mut rest = all & !settled;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if domains.get(i).is_some_and(|d| consider(i, d)) {
                        break;
                    }
                }
            } else {
                for (i, d) in domains.iter().enumerate() {
                    if consider(i, d) {
                        break;
                    }
                }
            }
            return best;
        }
        let mut best: Option<(u32, Var)> = None;
        let mut best_degree = 0;
        for (i, d) in domains.iter().enumerate() {
            // Only a domain no larger than the best so far can win.
            let limit = best.map_or(u32::MAX, |(best_size, _)| best_size);
            let Some(size) = d.len_at_most(limit) else {
                continue;
            };
            if size <= 1 {
                continue;
            }
            let var = Var(i as u32);
            match best {
                Some((best_size, _)) if size > best_size => {}
                Some((best_size, _)) if size == best_size => {
                    let degree = view.degree(var);
                    if degree > best_degree {
                        best = Some((size, var));
                        best_degree = degree;
                    }
                }
                _ => {
                    best = Some((size, var));
                    best_degree = view.degree(var);
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
            let constraints = view.constraints_of(var);
            if let Some((s, w, _)) = best {
                // The weighted degree is at most the weight of all the
                // variable's constraints: skip the exact sum when even that
                // bound cannot beat the best ratio.
                let bound: u64 = constraints
                    .iter()
                    .map(|&c| self.weight(c))
                    .sum::<u64>()
                    .max(1);
                if u128::from(size) * u128::from(w) >= u128::from(s) * u128::from(bound) {
                    continue;
                }
            }
            let wdeg: u64 = constraints
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
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, Model, SmallDomain, Solver, ValueOrder, Var};
    ///
    /// /// The values nearest the middle of the domain first.
    /// #[derive(Clone, Debug)]
    /// struct MiddleOut;
    /// impl<D: Domain> ValueOrder<D> for MiddleOut {
    ///     fn order(&self, _var: Var, domain: &D) -> impl Iterator<Item = u32> {
    ///         let (lo, hi) = (domain.min().unwrap_or(0), domain.max().unwrap_or(0));
    ///         let middle = lo + (hi - lo) / 2;
    ///         let mut values: Vec<u32> = domain.iter().collect();
    ///         values.sort_by_key(|&v| v.abs_diff(middle));
    ///         values.into_iter()
    ///     }
    /// }
    ///
    /// let mut model = Model::<SmallDomain>::new();
    /// let x = model.new_var(0, 4)?;
    /// let mut solver = Solver::new(model).with_value_order(MiddleOut);
    /// let order: Vec<u32> = solver.solutions().map(|s| s[x]).collect();
    /// assert_eq!(order, [2, 1, 3, 0, 4]);
    /// # Ok::<(), kongming_search::csp::ModelError>(())
    /// ```
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
