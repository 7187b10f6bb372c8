//! The search problem: the state of a partly filled square and the moves
//! of the kongming-search dfs engine over it.
//!
//! [`SquareProblem`] holds a shared [`Plan`] ([`super::plan`]) and the
//! grid filled so far. At each depth it offers as moves the numbers of the
//! plan's next branching cell that survive the step: [`candidates`]
//! filters them with word operations on the set of unused numbers
//! ([`super::numbers`]), then [`place`] fills what each forces, runs the
//! step's checks and looks one step ahead. `apply` then only fills the
//! forced cells. The enumeration ([`super`]) hands the problem to the dfs
//! engine, which turns its solutions into counts and the [`Squares`]
//! iterator.
//!
//! [`Squares`]: super::Squares

use std::sync::Arc;

use kongming_search::dfs::Problem;

use super::numbers::{
    complements_in, fillable, greatest_sum, least_sum, number_bit, pairing_numbers, shifted_down,
};
use super::plan::{Action, Plan, Step};
use crate::Square;

/// The enumeration of squares as a [`Problem`] for the kongming-search dfs
/// engine: drive it with [`Search`](kongming_search::dfs::Search), split it with
/// [`dfs::split`](kongming_search::dfs::split), or count it on all cores
/// with `dfs::par_count` (feature `parallel`).
///
/// A move is the number given to the next branching cell (the cells it
/// forces follow from it). Each solution is a [`Square`]; when the
/// enumeration is up to symmetry (or its total is derived from that, see
/// [`Enumeration::count`](super::Enumeration::count)), the solutions are the squares in Frénicle
/// standard form.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Enumeration, Kind};
/// use kongming_search::dfs::{self, Search};
///
/// let enumeration = Enumeration::new(4, Kind::MAGIC)?.up_to_symmetry()?;
/// let mut problem = enumeration.problem();
/// assert_eq!(Search::new(&mut problem).count(), 880);
/// let split = dfs::split(&mut problem, 2);
/// assert_eq!(split.count(&mut problem), 880);
/// # Ok::<(), kongming_magic_square::EnumerationError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SquareProblem {
    plan: Arc<Plan>,
    grid: [u8; 64],
    used: u64,
    depth: usize,
}

impl SquareProblem {
    pub(super) fn new(plan: Arc<Plan>) -> Self {
        Self {
            grid: plan.root_grid,
            used: plan.root_used,
            depth: 0,
            plan,
        }
    }

    /// The square filled so far (0 for a blank cell).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let problem = Enumeration::new(3, Kind::MAGIC)?.problem();
    /// // The centre of every 3×3 magic square is forced to 5.
    /// assert_eq!(problem.grid()[4], 5);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn grid(&self) -> &[u8] {
        &self.grid[..self.plan.order * self.plan.order]
    }

    /// The number of branching cells (the depth of every solution).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let problem = Enumeration::new(5, Kind::MAGIC)?.with_centre(1)?.problem();
    /// assert_eq!(problem.branching_cells(), 13);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn branching_cells(&self) -> usize {
        self.plan.steps.len()
    }
}

impl Problem for SquareProblem {
    type Move = u8;
    type Solution = Square;

    fn moves(&self, out: &mut Vec<u8>) {
        let plan = &*self.plan;
        let Some(step) = plan.steps.get(self.depth) else {
            return;
        };
        let mut free = candidates(&self.grid, self.used, step, plan);
        while free != 0 {
            let value = free.trailing_zeros() as u8 + 1;
            free &= free - 1;
            let mut grid = self.grid;
            let mut used = self.used;
            if place(&mut grid, &mut used, self.depth, value, plan) {
                out.push(value);
            }
        }
    }

    fn apply(&mut self, value: &u8) {
        let step = &self.plan.steps[self.depth];
        // `moves` offered only numbers that pass every check of the step, so
        // only the forced cells need filling here.
        debug_assert!(
            {
                let (mut grid, mut used) = (self.grid, self.used);
                place(&mut grid, &mut used, self.depth, *value, &self.plan)
            },
            "moves only offers numbers that place"
        );
        self.grid[step.cell as usize] = *value;
        self.used |= number_bit(*value);
        for action in &step.actions {
            if let Action::Force {
                cell,
                terms,
                constant,
                denominator,
            } = action
            {
                let sum: i32 = terms
                    .iter()
                    .map(|&(c, coefficient)| coefficient * i32::from(self.grid[c as usize]))
                    .sum();
                let forced = ((constant - sum) / denominator) as u8;
                self.grid[*cell as usize] = forced;
                self.used |= number_bit(forced);
            }
        }
        self.depth += 1;
    }

    fn undo(&mut self, _: &u8) {
        self.depth -= 1;
        let step = &self.plan.steps[self.depth];
        for action in step.actions.iter().rev() {
            if let Action::Force { cell, .. } = action {
                let value = std::mem::take(&mut self.grid[*cell as usize]);
                self.used &= !number_bit(value);
            }
        }
        let value = std::mem::take(&mut self.grid[step.cell as usize]);
        self.used &= !number_bit(value);
    }

    fn solution(&self) -> Option<Square> {
        self.is_solution().then(|| {
            let n = self.plan.order;
            Square::from_cells(
                n,
                self.grid[..n * n].iter().map(|&v| u32::from(v)).collect(),
            )
            .unwrap_or_else(|| unreachable!("the grid has n² cells"))
        })
    }

    fn is_solution(&self) -> bool {
        self.plan.feasible && self.depth == self.plan.steps.len()
    }

    fn prune(&self) -> bool {
        !self.plan.feasible
    }
}

/// Gives the branching cell of `step` the number `value` and fills what it
/// forces; `false` (with `grid` and `used` partly changed) if a forced
/// number, a line sum or an order condition of the symmetry breaking
/// fails.
#[inline]
fn place(grid: &mut [u8; 64], used: &mut u64, depth: usize, value: u8, plan: &Plan) -> bool {
    let step = &plan.steps[depth];
    let largest = i32::from(plan.largest);
    grid[step.cell as usize] = value;
    *used |= number_bit(value);
    for action in &step.actions {
        match action {
            Action::Force {
                cell,
                terms,
                constant,
                denominator,
            } => {
                let sum: i32 = terms
                    .iter()
                    .map(|&(c, coefficient)| coefficient * i32::from(grid[c as usize]))
                    .sum();
                let numerator = constant - sum;
                let forced = if *denominator == 1 {
                    numerator
                } else if numerator % denominator == 0 {
                    numerator / denominator
                } else {
                    return false;
                };
                if forced < 1 || forced > largest {
                    return false;
                }
                let forced = forced as u8;
                if *used & number_bit(forced) != 0 {
                    return false;
                }
                grid[*cell as usize] = forced;
                *used |= number_bit(forced);
            }
            Action::Check { cells, target } => {
                let sum: i32 = cells.iter().map(|&c| i32::from(grid[c as usize])).sum();
                if sum != *target {
                    return false;
                }
            }
            Action::Ordered { smaller, larger } => {
                if grid[*smaller as usize] >= grid[*larger as usize] {
                    return false;
                }
            }
            Action::Crossing { lines } => {
                let free = plan.all_numbers & !*used;
                let mut common = free;
                for (known, target) in lines.iter() {
                    let sum: i32 = known.iter().map(|&c| i32::from(grid[c as usize])).sum();
                    common &= pairing_numbers(free, target - sum);
                }
                if common == 0 {
                    return false;
                }
            }
            Action::Feasible {
                known,
                target,
                blanks,
            } => {
                let sum: i32 = known.iter().map(|&c| i32::from(grid[c as usize])).sum();
                if !fillable(plan.all_numbers & !*used, target - sum, *blanks) {
                    return false;
                }
            }
        }
    }
    // Look ahead: the next step must have a candidate left.
    plan.steps
        .get(depth + 1)
        .is_none_or(|next| candidates(grid, *used, next, plan) != 0)
}

/// The numbers the branching cell of `step` may take in the state
/// `grid`/`used`, before the full test of [`place`]: unused, within the
/// bounds of its lines, pairing up in lines it leaves with one blank, and
/// giving unused numbers to the forced cells linked to it.
#[inline]
fn candidates(grid: &[u8; 64], used: u64, step: &Step, plan: &Plan) -> u64 {
    let largest = i32::from(plan.largest);
    let (mut low, mut high) = (1, largest);
    let unused = plan.all_numbers & !used;
    let mut allowed = unused;
    for bound in &step.bounds {
        let sum: i32 = bound
            .known
            .iter()
            .map(|&c| i32::from(grid[c as usize]))
            .sum();
        let left = bound.target - sum;
        if bound.blanks_after == 1 {
            allowed &= pairing_numbers(unused, left);
        }
        low = low.max(left - greatest_sum(bound.blanks_after, largest));
        high = high.min(left - least_sum(bound.blanks_after));
    }
    for &c in &step.greater_than {
        low = low.max(i32::from(grid[c as usize]) + 1);
    }
    for &c in &step.less_than {
        high = high.min(i32::from(grid[c as usize]) - 1);
    }
    if low > high {
        return 0;
    }
    for link in &step.linked {
        let sum: i32 = link
            .others
            .iter()
            .map(|&(c, coefficient)| coefficient * i32::from(grid[c as usize]))
            .sum();
        let rest = link.constant - sum;
        allowed &= if link.sign == 1 {
            complements_in(unused, rest)
        } else {
            shifted_down(unused, rest)
        };
        if allowed == 0 {
            return 0;
        }
    }
    let range = (u64::MAX >> (64 - high)) & !((1u64 << (low - 1)) - 1);
    range & allowed
}
