//! The planner: the order in which the search fills the cells, and what it
//! checks at each step.
//!
//! A [`Plan`] is made once per enumeration from the order, the [`Kind`]
//! (its lines, [`super::lines`]), the given numbers and the symmetry to
//! break. It first fills what the givens force at the root, then chooses
//! the branching cells one by one: the diagonals first, then rows and
//! columns from the outside in, preferring at each step (up to order 5)
//! the cell that determines the most others. After each branching cell it
//! asks [`super::elimination`] which cells are now forced, and writes the
//! [`Step`]: the bounds on the branching number, the forced cells'
//! formulas, the lines that become full, the order conditions of the
//! symmetry breaking, and the feasibility checks of the lines touched.
//! The search problem ([`super::problem`]) only reads the plan.

use super::elimination::{equations, forced_cells};
use super::lines::{SumLine, lines_of};
use super::numbers::number_bit;
use crate::Kind;

/// Which symmetry a plan breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SymmetryBreaking {
    /// None: every square.
    None,
    /// The eight symmetries of the square: Frénicle standard forms only
    /// (the top-left corner is the smallest corner, the cell to its right
    /// is smaller than the cell below it).
    Frenicle,
    /// Order 5, kinds with diagonals that are not pandiagonal: the group
    /// of 32 transformations made of the eight symmetries and the
    /// permutations `p` of `0..5` that commute with `i ↦ 4 − i`, applied
    /// to the rows and the columns at once (they keep rows, columns, both
    /// diagonals and centre-symmetric pairs). One square per orbit of 32:
    /// the least of the eight diagonal cells off the centre is at (0, 0),
    /// (1, 1) < (3, 3) and (0, 1) < (1, 0). Each orbit holds four
    /// Frénicle standard forms.
    Order5Group,
}

/// The search plan: the cells filled at the root and the steps below it.
#[derive(Debug)]
pub(super) struct Plan {
    pub(super) order: usize,
    /// The largest number, `n²`.
    pub(super) largest: u8,
    /// The grid at the root: the givens and what they force (0 for a
    /// blank).
    pub(super) root_grid: [u8; 64],
    /// The numbers of `root_grid`, as a set.
    pub(super) root_used: u64,
    /// The numbers `1..=n²` as a set.
    pub(super) all_numbers: u64,
    /// `false` when the givens contradict each other: nothing to search.
    pub(super) feasible: bool,
    pub(super) steps: Vec<Step>,
}

/// One level of the search: a branching cell and what follows from its
/// number.
#[derive(Clone, Debug)]
pub(super) struct Step {
    /// The branching cell.
    pub(super) cell: u8,
    pub(super) bounds: Vec<LineBound>,
    /// Cells already filled whose numbers this cell must exceed.
    pub(super) greater_than: Vec<u8>,
    /// Cells already filled whose numbers this cell must stay below.
    pub(super) less_than: Vec<u8>,
    pub(super) actions: Vec<Action>,
    /// Forced cells that are `k ∓ x` of the branching number `x`: each
    /// filters the candidates with one shift of the set of unused numbers.
    pub(super) linked: Vec<LinkedCell>,
}

/// A line through a branching cell with blanks left after it: bounds the
/// number the cell may take.
#[derive(Clone, Debug)]
pub(super) struct LineBound {
    /// The cells of the line filled before the step.
    pub(super) known: Box<[u8]>,
    pub(super) target: i32,
    /// The blanks the line has once the branching cell is filled.
    pub(super) blanks_after: i32,
}

/// A forced cell worth `constant − Σ coefficient · x[c] − sign · x` over
/// `others`, where `x` is the branching number and `sign` is ±1.
#[derive(Clone, Debug)]
pub(super) struct LinkedCell {
    pub(super) others: Box<[(u8, i32)]>,
    pub(super) constant: i32,
    pub(super) sign: i32,
}

/// What happens after a branching cell is given its number, in order.
#[derive(Clone, Debug)]
pub(super) enum Action {
    /// `cell` is determined by the line equations and the cells filled so
    /// far: `denominator · x[cell] = constant − Σ coefficient · x[c]` over
    /// `terms`.
    Force {
        cell: u8,
        terms: Box<[(u8, i32)]>,
        constant: i32,
        denominator: i32,
    },
    /// A line just became full: its cells must add up to `target`.
    Check { cells: Box<[u8]>, target: i32 },
    /// A condition of the symmetry breaking: the number at `smaller` is
    /// below the number at `larger`.
    Ordered { smaller: u8, larger: u8 },
    /// A blank cell on several lines with two blanks each: some unused
    /// number must pair up (with another unused number) in all of them.
    /// Each line is given by its filled cells and its target.
    Crossing { lines: Box<[(Box<[u8]>, i32)]> },
    /// A line left with `blanks` (at least 2) blanks: the unused numbers
    /// must still be able to fill them.
    Feasible {
        known: Box<[u8]>,
        target: i32,
        blanks: u32,
    },
}

/// The pairs of cells `(smaller, larger)` whose numbers `breaking` orders,
/// for squares of `order`.
fn ordered_pairs(order: usize, breaking: SymmetryBreaking) -> Vec<(u8, u8)> {
    let n = order;
    let cells = n * n;
    if breaking == SymmetryBreaking::Order5Group && n == 5 {
        // (0,0) holds the least of the eight diagonal cells off the
        // centre; (1,1) < (3,3); (0,1) < (1,0).
        let mut pairs: Vec<(u8, u8)> = [4, 6, 8, 16, 18, 20, 24].map(|c| (0, c)).to_vec();
        pairs.extend([(6, 18), (1, 5)]);
        pairs
    } else if breaking != SymmetryBreaking::None && n >= 2 {
        let corner = |c: usize| u8::try_from(c).unwrap_or(0);
        vec![
            (0, corner(n - 1)),
            (0, corner(n * (n - 1))),
            (0, corner(cells - 1)),
            (1, corner(n)),
        ]
    } else {
        Vec::new()
    }
}

impl Plan {
    /// Plans the search for squares of `order` and `kind` with the numbers
    /// in `given` (0 for a blank; validated by the caller: in range and
    /// distinct), with the order conditions of `breaking`.
    pub(super) fn new(order: usize, kind: Kind, given: &[u8], breaking: SymmetryBreaking) -> Self {
        let cells = order * order;
        let lines = lines_of(order, kind);
        let ordered_pairs = ordered_pairs(order, breaking);
        let mut root_grid = [0u8; 64];
        root_grid[..cells].copy_from_slice(given);
        let mut used = 0u64;
        for &value in given.iter().filter(|&&v| v != 0) {
            used |= number_bit(value);
        }
        let mut plan = Self {
            order,
            largest: u8::try_from(cells).unwrap_or(u8::MAX),
            root_grid,
            root_used: used,
            all_numbers: u64::MAX >> (64 - cells),
            feasible: true,
            steps: Vec::new(),
        };
        let equations = equations(&lines, cells);
        if !plan.propagate_root(&lines, &ordered_pairs, &equations) {
            plan.feasible = false;
            return plan;
        }
        plan.plan_steps(&lines, &ordered_pairs, &equations);
        plan
    }

    /// Fills every cell forced by the numbers at the root and checks full
    /// lines and the order conditions; `false` on a contradiction.
    fn propagate_root(
        &mut self,
        lines: &[SumLine],
        ordered_pairs: &[(u8, u8)],
        equations: &[Vec<i64>],
    ) -> bool {
        let largest = i32::from(self.largest);
        loop {
            let mut changed = false;
            for line in lines {
                let blanks: Vec<u8> = line
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| self.root_grid[c as usize] == 0)
                    .collect();
                let sum: i32 = line
                    .cells
                    .iter()
                    .map(|&c| i32::from(self.root_grid[c as usize]))
                    .sum();
                match blanks.len() {
                    0 if sum != line.target => return false,
                    1 => {
                        let value = line.target - sum;
                        if value < 1 || value > largest {
                            return false;
                        }
                        let value = value as u8;
                        if self.root_used & number_bit(value) != 0 {
                            return false;
                        }
                        self.root_grid[blanks[0] as usize] = value;
                        self.root_used |= number_bit(value);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                break;
            }
        }
        let cells = self.order * self.order;
        let known = (0..cells)
            .filter(|&c| self.root_grid[c] != 0)
            .fold(0u64, |known, c| known | 1 << c);
        let mut values = Vec::new();
        for forced in &forced_cells(equations, known, cells) {
            let sum: i32 = forced
                .terms
                .iter()
                .map(|&(c, coefficient)| coefficient * i32::from(self.root_grid[c as usize]))
                .sum();
            let numerator = forced.constant - sum;
            if numerator % forced.denominator != 0 {
                return false;
            }
            let value = numerator / forced.denominator;
            if value < 1 || value > largest {
                return false;
            }
            values.push((forced.cell, value as u8));
        }
        for (cell, value) in values {
            if self.root_used & number_bit(value) != 0 {
                return false;
            }
            self.root_grid[cell as usize] = value;
            self.root_used |= number_bit(value);
        }
        let all_lines_hold = lines.iter().all(|line| {
            let full = line.cells.iter().all(|&c| self.root_grid[c as usize] != 0);
            let sum: i32 = line
                .cells
                .iter()
                .map(|&c| i32::from(self.root_grid[c as usize]))
                .sum();
            !full || sum == line.target
        });
        all_lines_hold
            && ordered_pairs.iter().all(|&(smaller, larger)| {
                let (x, y) = (
                    self.root_grid[smaller as usize],
                    self.root_grid[larger as usize],
                );
                x == 0 || y == 0 || x < y
            })
    }

    /// Chooses the branching cells and what each forces and checks.
    fn plan_steps(
        &mut self,
        lines: &[SumLine],
        ordered_pairs: &[(u8, u8)],
        equations: &[Vec<i64>],
    ) {
        let cells = self.order * self.order;
        let mut known: u64 = 0;
        for c in 0..cells {
            if self.root_grid[c] != 0 {
                known |= 1 << c;
            }
        }
        let mut line_done: Vec<bool> = lines.iter().map(|l| blanks(known, l) == 0).collect();
        let mut pair_done: Vec<bool> = ordered_pairs
            .iter()
            .map(|&(a, b)| is_known(known, a) && is_known(known, b))
            .collect();
        let all_cells = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        while known != all_cells {
            let cell = choose_branching_cell(lines, &line_done, equations, known, cells);
            let mut step = Step {
                cell,
                bounds: Vec::new(),
                greater_than: Vec::new(),
                less_than: Vec::new(),
                actions: Vec::new(),
                linked: Vec::new(),
            };
            for (i, line) in lines.iter().enumerate() {
                if line_done[i] || !line.cells.contains(&cell) {
                    continue;
                }
                let after = blanks(known, line) - 1;
                if after > 0 {
                    step.bounds.push(LineBound {
                        known: known_cells(known, line),
                        target: line.target,
                        blanks_after: after as i32,
                    });
                }
            }
            for (p, &(smaller, larger)) in ordered_pairs.iter().enumerate() {
                if pair_done[p] {
                    continue;
                }
                if smaller == cell && is_known(known, larger) {
                    step.less_than.push(larger);
                    pair_done[p] = true;
                } else if larger == cell && is_known(known, smaller) {
                    step.greater_than.push(smaller);
                    pair_done[p] = true;
                }
            }
            known |= 1 << cell;
            for forced in forced_cells(equations, known, cells) {
                let sign = forced
                    .terms
                    .iter()
                    .find(|&&(c, _)| c == cell)
                    .map_or(0, |&(_, coefficient)| coefficient);
                if forced.denominator == 1 && sign.abs() == 1 {
                    step.linked.push(LinkedCell {
                        others: forced
                            .terms
                            .iter()
                            .copied()
                            .filter(|&(c, _)| c != cell)
                            .collect(),
                        constant: forced.constant,
                        sign,
                    });
                }
                step.actions.push(Action::Force {
                    cell: forced.cell,
                    terms: forced.terms.into(),
                    constant: forced.constant,
                    denominator: forced.denominator,
                });
                known |= 1 << forced.cell;
            }
            for (i, line) in lines.iter().enumerate() {
                if !line_done[i] && blanks(known, line) == 0 {
                    step.actions.push(Action::Check {
                        cells: line.cells.clone().into(),
                        target: line.target,
                    });
                    line_done[i] = true;
                }
            }
            for (p, &(smaller, larger)) in ordered_pairs.iter().enumerate() {
                if !pair_done[p] && is_known(known, smaller) && is_known(known, larger) {
                    step.actions.push(Action::Ordered { smaller, larger });
                    pair_done[p] = true;
                }
            }
            let touched: Vec<u8> = std::iter::once(step.cell)
                .chain(step.actions.iter().filter_map(|action| match action {
                    Action::Force { cell, .. } => Some(*cell),
                    _ => None,
                }))
                .collect();
            for (i, line) in lines.iter().enumerate() {
                if line_done[i] || !line.cells.iter().any(|c| touched.contains(c)) {
                    continue;
                }
                let open = blanks(known, line);
                if open >= 2 {
                    step.actions.push(Action::Feasible {
                        known: known_cells(known, line),
                        target: line.target,
                        blanks: open as u32,
                    });
                }
            }
            // A blank cell in two or more lines with two blanks each must take
            // a number that pairs up in every one of them.
            for c in 0..cells as u8 {
                if is_known(known, c) {
                    continue;
                }
                let two_blank_lines: Vec<(Box<[u8]>, i32)> = lines
                    .iter()
                    .enumerate()
                    .filter(|&(i, line)| {
                        !line_done[i] && line.cells.contains(&c) && blanks(known, line) == 2
                    })
                    .map(|(_, line)| (known_cells(known, line), line.target))
                    .collect();
                if two_blank_lines.len() >= 2 {
                    step.actions.push(Action::Crossing {
                        lines: two_blank_lines.into(),
                    });
                }
            }
            self.steps.push(step);
        }
    }
}

/// Whether `cell` is in the set of cells `known`.
fn is_known(known: u64, cell: u8) -> bool {
    known & (1 << cell) != 0
}

/// The cells of `line` not in `known`, counted.
fn blanks(known: u64, line: &SumLine) -> usize {
    line.cells.iter().filter(|&&c| !is_known(known, c)).count()
}

/// The cells of `line` in `known`, in the line's order.
fn known_cells(known: u64, line: &SumLine) -> Box<[u8]> {
    line.cells
        .iter()
        .copied()
        .filter(|&c| is_known(known, c))
        .collect()
}

/// The next branching cell once the cells `known` are filled: the first
/// blank of the branchable line with the fewest blanks (the first such line
/// in priority order), or, up to order 5, the blank cell that determines
/// the most others if one beats it (looking ahead costs an elimination per
/// cell, so larger orders skip it).
fn choose_branching_cell(
    lines: &[SumLine],
    line_done: &[bool],
    equations: &[Vec<i64>],
    known: u64,
    cells: usize,
) -> u8 {
    let mut best: Option<(usize, usize)> = None;
    for (i, line) in lines.iter().enumerate() {
        if line_done[i] || !line.branchable {
            continue;
        }
        let blank_count = blanks(known, line);
        if blank_count > 0 && best.is_none_or(|(_, fewest)| blank_count < fewest) {
            best = Some((i, blank_count));
        }
    }
    let mut cell = match best {
        Some((i, _)) => lines[i]
            .cells
            .iter()
            .copied()
            .find(|&c| !is_known(known, c))
            .unwrap_or(0),
        None => (0..cells as u8).find(|&c| !is_known(known, c)).unwrap_or(0),
    };
    if cells <= 25 {
        let mut most = forced_cells(equations, known | 1 << cell, cells).len();
        for c in 0..cells as u8 {
            if !is_known(known, c) {
                let count = forced_cells(equations, known | 1 << c, cells).len();
                if count > most {
                    most = count;
                    cell = c;
                }
            }
        }
    }
    cell
}
