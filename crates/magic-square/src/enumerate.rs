//! Enumerating and counting magic squares: a specialised backtracking
//! problem for the kongming-search dfs engine.
//!
//! The search fills cells in a fixed order planned once per enumeration.
//! Each step chooses the number of one *branching* cell (from the unused
//! numbers that keep every line through it within reach of its sum), then
//! fills every cell that this forces: a line with one blank cell left has
//! only one possible number there. Lines completed along the way are
//! checked, and so are the Frénicle conditions when counting up to
//! symmetry (the top-left corner is the smallest corner, the cell to its
//! right is smaller than the cell below it).
//!
//! A cell is forced when the line equations (and the sum of all cells,
//! `n²(n² + 1)/2`) determine it from the cells filled so far: the planner
//! finds these by Gauss–Jordan elimination in integers, so forced cells come
//! from combinations of lines too (for pandiagonal order 5, 8 cells branch
//! and 17 are forced). The planner takes the diagonals first, then rows and
//! columns from the outside in, preferring at each step (up to order 5) the
//! cell that determines the most others. After each step, every line
//! touched is checked for being still fillable from the unused numbers
//! (exactly for two blanks, by least and greatest sums beyond), and a blank
//! cell on several lines with two blanks must have a number that pairs up
//! in all of them. Candidates are filtered with bit operations on the set of
//! unused numbers (pairs, and forced cells worth `K ∓ x` of the branching
//! number `x`), and each placement checks that the next step keeps a
//! candidate.

use std::fmt;
use std::sync::Arc;

use kongming_search::control::{Budget, Outcome, Progress};
use kongming_search::dfs::{Problem, Search, Stats};
use kongming_search::symmetry::SquareSymmetry;

use crate::control::{Control, Stage};
use crate::count::Count;
use crate::order4::Listing;
use crate::{Kind, PartialSquare, Square, magic_constant};

/// The largest order the enumerator handles (its numbers `1..=n²` live in
/// a 64-bit set). Completion through the CSP ([`crate::Completion`]) has
/// the same limit; construction has none.
pub const MAX_SEARCH_ORDER: usize = 8;

/// A line the search keeps: its cells and what they add up to.
#[derive(Clone, Debug)]
struct LineDef {
    cells: Vec<u8>,
    target: i32,
    /// Whether the planner may pick it to choose branching cells (rows,
    /// columns and diagonals; centre-symmetric pairs only force).
    branchable: bool,
}

/// What happens after a branching cell is given its number, in order.
#[derive(Clone, Debug)]
enum Action {
    /// `cell` is determined by the line equations and the cells filled so
    /// far: `denom · x[cell] = constant − Σ coef · x[c]` over `terms`.
    Force {
        cell: u8,
        terms: Box<[(u8, i32)]>,
        constant: i32,
        denom: i32,
    },
    /// A line just became full: its cells must add up to `target`.
    Check { cells: Box<[u8]>, target: i32 },
    /// A Frénicle condition: the number at `.0` is below the number at `.1`.
    Less(u8, u8),
    /// A blank cell on several lines with two blanks each: some unused
    /// number must pair up (with another unused number) in all of them.
    Crossing { lines: Box<[(Box<[u8]>, i32)]> },
    /// A line left with `blanks` (at least 2) blanks: the unused numbers
    /// must still be able to fill them.
    Feasible {
        known: Box<[u8]>,
        target: i32,
        blanks: u32,
    },
}

/// A line through a branching cell with blanks left after it: bounds the
/// number the cell may take.
#[derive(Clone, Debug)]
struct Bound {
    known: Box<[u8]>,
    target: i32,
    blanks_after: i32,
}

/// One level of the search.
#[derive(Clone, Debug)]
struct Step {
    cell: u8,
    bounds: Vec<Bound>,
    /// Cells already filled whose numbers this cell must exceed.
    above: Vec<u8>,
    /// Cells already filled whose numbers this cell must stay below.
    below: Vec<u8>,
    actions: Vec<Action>,
    /// Forced cells that are `K ∓ x` of the branching number `x`: each
    /// filters the candidates with one shift of the set of unused numbers.
    linked: Vec<Linked>,
}

/// A forced cell worth `constant − Σ coef · x[c] − sign · x` over `others`,
/// where `x` is the branching number and `sign` is ±1.
#[derive(Clone, Debug)]
struct Linked {
    others: Box<[(u8, i32)]>,
    constant: i32,
    sign: i32,
}

/// Which symmetry a plan breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Breaking {
    /// None: every square.
    None,
    /// The eight symmetries of the square: Frénicle standard forms only.
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
struct Plan {
    order: usize,
    max: u8,
    root: [u8; 64],
    root_used: u64,
    /// The numbers `1..=n²` as a set.
    full: u64,
    feasible: bool,
    steps: Vec<Step>,
}

fn bit(value: u8) -> u64 {
    1 << (value - 1)
}

impl Plan {
    /// Plans the search for squares of `order` and `kind` with the numbers
    /// in `fixed` (0 for a blank; validated by the caller: in range and
    /// distinct), with the Frénicle conditions when `frenicle` is set.
    fn new(order: usize, kind: Kind, fixed: &[u8], breaking: Breaking) -> Self {
        let n = order;
        let cells = n * n;
        let max = u8::try_from(cells).unwrap_or(u8::MAX);
        let lines = line_defs(n, kind);
        let pairs: Vec<(u8, u8)> = if breaking == Breaking::Order5Group && n == 5 {
            // (0,0) holds the least of the eight diagonal cells off the
            // centre; (1,1) < (3,3); (0,1) < (1,0).
            let mut pairs: Vec<(u8, u8)> = [4, 6, 8, 16, 18, 20, 24].map(|c| (0, c)).to_vec();
            pairs.extend([(6, 18), (1, 5)]);
            pairs
        } else if breaking != Breaking::None && n >= 2 {
            let corner = |c: usize| u8::try_from(c).unwrap_or(0);
            vec![
                (0, corner(n - 1)),
                (0, corner(n * (n - 1))),
                (0, corner(cells - 1)),
                (1, corner(n)),
            ]
        } else {
            Vec::new()
        };
        let mut root = [0u8; 64];
        root[..cells].copy_from_slice(fixed);
        let mut used = 0u64;
        for &value in fixed.iter().filter(|&&v| v != 0) {
            used |= bit(value);
        }
        let mut plan = Self {
            order,
            max,
            root,
            root_used: used,
            full: u64::MAX >> (64 - cells),
            feasible: true,
            steps: Vec::new(),
        };
        let equations = equations(&lines, cells);
        if !plan.propagate_root(&lines, &pairs, &equations) {
            plan.feasible = false;
            return plan;
        }
        plan.plan_steps(&lines, &pairs, &equations);
        plan
    }

    /// Fills every cell forced by the numbers at the root and checks full
    /// lines; `false` on a contradiction.
    fn propagate_root(
        &mut self,
        lines: &[LineDef],
        pairs: &[(u8, u8)],
        equations: &[Vec<i64>],
    ) -> bool {
        loop {
            let mut changed = false;
            for line in lines {
                let blanks: Vec<u8> = line
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| self.root[c as usize] == 0)
                    .collect();
                let sum: i32 = line
                    .cells
                    .iter()
                    .map(|&c| i32::from(self.root[c as usize]))
                    .sum();
                match blanks.len() {
                    0 if sum != line.target => return false,
                    1 => {
                        let value = line.target - sum;
                        if value < 1 || value > i32::from(self.max) {
                            return false;
                        }
                        let value = value as u8;
                        if self.root_used & bit(value) != 0 {
                            return false;
                        }
                        self.root[blanks[0] as usize] = value;
                        self.root_used |= bit(value);
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
            .filter(|&c| self.root[c] != 0)
            .fold(0u64, |k, c| k | 1 << c);
        let forced = determined(equations, known, cells);
        let mut values = Vec::new();
        for (cell, terms, constant, denom) in &forced {
            let sum: i32 = terms
                .iter()
                .map(|&(c, coef)| coef * i32::from(self.root[c as usize]))
                .sum();
            let numerator = constant - sum;
            if numerator % denom != 0 {
                return false;
            }
            let value = numerator / denom;
            if value < 1 || value > i32::from(self.max) {
                return false;
            }
            values.push((*cell, value as u8));
        }
        for (cell, value) in values {
            if self.root_used & bit(value) != 0 {
                return false;
            }
            self.root[cell as usize] = value;
            self.root_used |= bit(value);
        }
        let all_lines_hold = lines.iter().all(|line| {
            let full = line.cells.iter().all(|&c| self.root[c as usize] != 0);
            let sum: i32 = line
                .cells
                .iter()
                .map(|&c| i32::from(self.root[c as usize]))
                .sum();
            !full || sum == line.target
        });
        all_lines_hold
            && pairs.iter().all(|&(a, b)| {
                let (x, y) = (self.root[a as usize], self.root[b as usize]);
                x == 0 || y == 0 || x < y
            })
    }

    /// Chooses the branching cells and what each forces.
    fn plan_steps(&mut self, lines: &[LineDef], pairs: &[(u8, u8)], equations: &[Vec<i64>]) {
        let cells = self.order * self.order;
        let mut known: u64 = 0;
        for c in 0..cells {
            if self.root[c] != 0 {
                known |= 1 << c;
            }
        }
        let is_known = |known: u64, c: u8| known & (1 << c) != 0;
        let blanks = |known: u64, line: &LineDef| -> usize {
            line.cells.iter().filter(|&&c| !is_known(known, c)).count()
        };
        let mut done: Vec<bool> = lines.iter().map(|l| blanks(known, l) == 0).collect();
        let mut pair_done: Vec<bool> = pairs
            .iter()
            .map(|&(a, b)| is_known(known, a) && is_known(known, b))
            .collect();
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        while known != full {
            // The branchable line with the fewest blanks, first in priority.
            let mut best: Option<(usize, usize)> = None;
            for (i, line) in lines.iter().enumerate() {
                if done[i] || !line.branchable {
                    continue;
                }
                let b = blanks(known, line);
                if b > 0 && best.is_none_or(|(_, fewest)| b < fewest) {
                    best = Some((i, b));
                }
            }
            let cell = match best {
                Some((i, _)) => lines[i]
                    .cells
                    .iter()
                    .copied()
                    .find(|&c| !is_known(known, c))
                    .unwrap_or(0),
                None => (0..cells as u8).find(|&c| !is_known(known, c)).unwrap_or(0),
            };
            // Prefer a cell that determines more cells at once (looking
            // ahead costs an elimination per cell: small orders only).
            let mut cell = cell;
            if cells <= 25 {
                let mut most = determined(equations, known | 1 << cell, cells).len();
                for c in 0..cells as u8 {
                    if !is_known(known, c) {
                        let count = determined(equations, known | 1 << c, cells).len();
                        if count > most {
                            most = count;
                            cell = c;
                        }
                    }
                }
            }
            let mut step = Step {
                cell,
                bounds: Vec::new(),
                above: Vec::new(),
                below: Vec::new(),
                actions: Vec::new(),
                linked: Vec::new(),
            };
            for (i, line) in lines.iter().enumerate() {
                if done[i] || !line.cells.contains(&cell) {
                    continue;
                }
                let after = blanks(known, line) - 1;
                if after > 0 {
                    step.bounds.push(Bound {
                        known: line
                            .cells
                            .iter()
                            .copied()
                            .filter(|&c| is_known(known, c))
                            .collect(),
                        target: line.target,
                        blanks_after: after as i32,
                    });
                }
            }
            for (p, &(a, b)) in pairs.iter().enumerate() {
                if pair_done[p] {
                    continue;
                }
                if a == cell && is_known(known, b) {
                    step.below.push(b);
                    pair_done[p] = true;
                } else if b == cell && is_known(known, a) {
                    step.above.push(a);
                    pair_done[p] = true;
                }
            }
            known |= 1 << cell;
            for (forced, terms, constant, denom) in determined(equations, known, cells) {
                let sign = terms
                    .iter()
                    .find(|&&(c, _)| c == cell)
                    .map_or(0, |&(_, coef)| coef);
                if denom == 1 && sign.abs() == 1 {
                    step.linked.push(Linked {
                        others: terms.iter().copied().filter(|&(c, _)| c != cell).collect(),
                        constant,
                        sign,
                    });
                }
                step.actions.push(Action::Force {
                    cell: forced,
                    terms: terms.into(),
                    constant,
                    denom,
                });
                known |= 1 << forced;
            }
            for (i, line) in lines.iter().enumerate() {
                if !done[i] && blanks(known, line) == 0 {
                    step.actions.push(Action::Check {
                        cells: line.cells.clone().into(),
                        target: line.target,
                    });
                    done[i] = true;
                }
            }
            for (p, &(a, b)) in pairs.iter().enumerate() {
                if !pair_done[p] && is_known(known, a) && is_known(known, b) {
                    step.actions.push(Action::Less(a, b));
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
                if done[i] || !line.cells.iter().any(|c| touched.contains(c)) {
                    continue;
                }
                let open = blanks(known, line);
                if open >= 2 {
                    step.actions.push(Action::Feasible {
                        known: line
                            .cells
                            .iter()
                            .copied()
                            .filter(|&c| is_known(known, c))
                            .collect(),
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
                let pairs: Vec<(Box<[u8]>, i32)> = lines
                    .iter()
                    .enumerate()
                    .filter(|&(i, line)| {
                        !done[i] && line.cells.contains(&c) && blanks(known, line) == 2
                    })
                    .map(|(_, line)| {
                        let known: Box<[u8]> = line
                            .cells
                            .iter()
                            .copied()
                            .filter(|&x| is_known(known, x))
                            .collect();
                        (known, line.target)
                    })
                    .collect();
                if pairs.len() >= 2 {
                    step.actions.push(Action::Crossing {
                        lines: pairs.into(),
                    });
                }
            }
            self.steps.push(step);
        }
    }
}

/// The equations of a normal square: each line, and the sum of all cells
/// (every number `1..=n²` is used once). A row holds one coefficient per
/// cell, then the right-hand side.
fn equations(lines: &[LineDef], cells: usize) -> Vec<Vec<i64>> {
    let mut rows: Vec<Vec<i64>> = lines
        .iter()
        .map(|line| {
            let mut row = vec![0; cells + 1];
            for &c in &line.cells {
                row[c as usize] += 1;
            }
            row[cells] = i64::from(line.target);
            row
        })
        .collect();
    let mut total = vec![1; cells + 1];
    let n2 = cells as i64;
    total[cells] = n2 * (n2 + 1) / 2;
    rows.push(total);
    rows
}

/// The largest coefficient a forced cell's formula may have.
const COEFFICIENT_LIMIT: i32 = 1 << 16;

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// A cell determined by the equations: `(cell, terms, constant, denom)`.
type Determined = (u8, Vec<(u8, i32)>, i32, i32);

/// The blank cells (not in `known`) that the equations determine from the
/// known cells, each as `(cell, terms, constant, denom)` with
/// `denom · x[cell] = constant − Σ coef · x[c]`: Gauss–Jordan elimination
/// over the blank cells' columns, in integers.
fn determined(equations: &[Vec<i64>], known: u64, cells: usize) -> Vec<Determined> {
    let mut rows: Vec<Vec<i64>> = equations.to_vec();
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    let mut next = 0;
    for col in 0..cells {
        if known & (1 << col) != 0 {
            continue;
        }
        let Some(found) = (next..rows.len()).find(|&r| rows[r][col] != 0) else {
            continue;
        };
        rows.swap(next, found);
        let pivot_row = rows[next].clone();
        let p = pivot_row[col];
        for (r, row) in rows.iter_mut().enumerate() {
            if r == next || row[col] == 0 {
                continue;
            }
            let a = row[col];
            let mut g = 0;
            for (x, &y) in row.iter_mut().zip(&pivot_row) {
                // On overflow, force nothing: slower, never wrong.
                let Some(value) = x
                    .checked_mul(p)
                    .and_then(|xp| y.checked_mul(a).and_then(|ya| xp.checked_sub(ya)))
                else {
                    return Vec::new();
                };
                *x = value;
                g = gcd(g, value);
            }
            if g > 1 {
                row.iter_mut().for_each(|x| *x /= g);
            }
        }
        pivots.push((next, col));
        next += 1;
    }
    let mut out = Vec::new();
    for (r, col) in pivots {
        let row = &rows[r];
        let alone = (0..cells).all(|c| c == col || known & (1 << c) != 0 || row[c] == 0);
        if !alone {
            continue;
        }
        // Small coefficients only, so that the sums at run time fit in i32
        // (64 terms of at most 2^16 · 64).
        let small = |v: i64| {
            i32::try_from(v)
                .ok()
                .filter(|v| v.abs() <= COEFFICIENT_LIMIT)
        };
        let sign = row[col].signum();
        let terms: Option<Vec<(u8, i32)>> = (0..cells)
            .filter(|&c| c != col && row[c] != 0)
            .map(|c| small(row[c] * sign).map(|coef| (c as u8, coef)))
            .collect();
        if let (Some(terms), Some(constant), Some(denom)) =
            (terms, small(row[cells] * sign), small(row[col] * sign))
        {
            out.push((col as u8, terms, constant, denom));
        }
    }
    out
}

/// Triangular bounds: the least and greatest sums of `k` distinct numbers
/// from `1..=max`.
fn least_sum(k: i32) -> i32 {
    k * (k + 1) / 2
}

fn greatest_sum(k: i32, max: i32) -> i32 {
    k * max - k * (k - 1) / 2
}

/// The lines of a square of `order` and `kind`, in the planner's priority
/// order: diagonals, rows and columns from the outside in, broken
/// diagonals, then centre-symmetric pairs.
fn line_defs(order: usize, kind: Kind) -> Vec<LineDef> {
    let n = order;
    let cells = n * n;
    let target = i32::try_from(magic_constant(n).unwrap_or(0)).unwrap_or(0);
    let cell = |r: usize, c: usize| (r * n + c) as u8;
    let mut lines = Vec::new();
    let mut push = |cells: Vec<u8>, target: i32, branchable: bool| {
        lines.push(LineDef {
            cells,
            target,
            branchable,
        });
    };
    if kind.has_diagonals() {
        push((0..n).map(|i| cell(i, i)).collect(), target, true);
        push((0..n).map(|i| cell(i, n - 1 - i)).collect(), target, true);
    }
    let mut outside_in = Vec::with_capacity(n);
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        outside_in.push(lo);
        lo += 1;
        if lo < hi {
            hi -= 1;
            outside_in.push(hi);
        }
    }
    for &i in &outside_in {
        push((0..n).map(|j| cell(i, j)).collect(), target, true);
        push((0..n).map(|j| cell(j, i)).collect(), target, true);
    }
    if kind.is_pandiagonal() {
        for k in 1..n {
            push((0..n).map(|i| cell(i, (i + k) % n)).collect(), target, true);
            push(
                (0..n).map(|i| cell(i, (k + n - 1 - i) % n)).collect(),
                target,
                true,
            );
        }
    }
    if kind.is_associative() {
        let pair_sum = i32::try_from(cells + 1).unwrap_or(0);
        for c in 0..cells {
            let mirror = cells - 1 - c;
            if c < mirror {
                push(vec![c as u8, mirror as u8], pair_sum, false);
            } else if c == mirror {
                push(vec![c as u8], pair_sum / 2, false);
            }
        }
    }
    lines
}

/// Gives the branching cell of `step` the number `value` and fills what it
/// forces; `false` (with `grid` and `used` partly changed) if a forced
/// number, a line sum or a Frénicle condition fails.
#[inline]
fn place(grid: &mut [u8; 64], used: &mut u64, depth: usize, value: u8, plan: &Plan) -> bool {
    let step = &plan.steps[depth];
    let max = plan.max;
    grid[step.cell as usize] = value;
    *used |= bit(value);
    for action in &step.actions {
        match action {
            Action::Force {
                cell,
                terms,
                constant,
                denom,
            } => {
                let sum: i32 = terms
                    .iter()
                    .map(|&(c, coef)| coef * i32::from(grid[c as usize]))
                    .sum();
                let numerator = constant - sum;
                let forced = if *denom == 1 {
                    numerator
                } else if numerator % denom == 0 {
                    numerator / denom
                } else {
                    return false;
                };
                if forced < 1 || forced > i32::from(max) {
                    return false;
                }
                let forced = forced as u8;
                if *used & bit(forced) != 0 {
                    return false;
                }
                grid[*cell as usize] = forced;
                *used |= bit(forced);
            }
            Action::Check { cells, target } => {
                let sum: i32 = cells.iter().map(|&c| i32::from(grid[c as usize])).sum();
                if sum != *target {
                    return false;
                }
            }
            Action::Less(a, b) => {
                if grid[*a as usize] >= grid[*b as usize] {
                    return false;
                }
            }
            Action::Crossing { lines } => {
                let free = plan.full & !*used;
                let mut common = free;
                for (known, target) in lines.iter() {
                    let sum: i32 = known.iter().map(|&c| i32::from(grid[c as usize])).sum();
                    common &= pair_mask(free, target - sum);
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
                if !fillable(plan.full & !*used, target - sum, *blanks) {
                    return false;
                }
            }
        }
    }
    // Look ahead: the next step must have a candidate left.
    plan.steps
        .get(depth + 1)
        .is_none_or(|next| candidate_mask(grid, *used, next, plan) != 0)
}

/// The numbers `x` with `k − x` in `set` (bit `v − 1` stands for `v`).
#[inline]
fn reflected(set: u64, k: i32) -> u64 {
    let shift = 65 - k;
    let reversed = set.reverse_bits();
    match shift {
        0..=63 => reversed >> shift,
        -63..=-1 => reversed << -shift,
        _ => 0,
    }
}

/// The numbers `x` with `k + x` in `set`.
#[inline]
fn shifted(set: u64, k: i32) -> u64 {
    match k {
        0..=63 => set >> k,
        -63..=-1 => set << -k,
        _ => 0,
    }
}

/// The numbers the branching cell of `step` may take in the state
/// `grid`/`used`, before the full test of [`place`]: unused, within the
/// bounds of its lines, pairing up in lines it leaves with one blank, and
/// giving unused numbers to the forced cells linked to it.
#[inline]
fn candidate_mask(grid: &[u8; 64], used: u64, step: &Step, plan: &Plan) -> u64 {
    let max = i32::from(plan.max);
    let (mut lo, mut hi) = (1, max);
    let unused = plan.full & !used;
    let mut allowed = unused;
    for bound in &step.bounds {
        let sum: i32 = bound
            .known
            .iter()
            .map(|&c| i32::from(grid[c as usize]))
            .sum();
        let left = bound.target - sum;
        if bound.blanks_after == 1 {
            allowed &= pair_mask(unused, left);
        }
        lo = lo.max(left - greatest_sum(bound.blanks_after, max));
        hi = hi.min(left - least_sum(bound.blanks_after));
    }
    for &c in &step.above {
        lo = lo.max(i32::from(grid[c as usize]) + 1);
    }
    for &c in &step.below {
        hi = hi.min(i32::from(grid[c as usize]) - 1);
    }
    if lo > hi {
        return 0;
    }
    for link in &step.linked {
        let sum: i32 = link
            .others
            .iter()
            .map(|&(c, coef)| coef * i32::from(grid[c as usize]))
            .sum();
        let k = link.constant - sum;
        allowed &= if link.sign == 1 {
            reflected(unused, k)
        } else {
            shifted(unused, k)
        };
        if allowed == 0 {
            return 0;
        }
    }
    let range = (u64::MAX >> (64 - hi)) & !((1u64 << (lo - 1)) - 1);
    range & allowed
}

/// The numbers `x` of `free` (bit `x − 1` for `x`) whose partner `sum − x`
/// is also in `free` and differs from `x`.
#[inline]
fn pair_mask(free: u64, sum: i32) -> u64 {
    if !(3..=127).contains(&sum) {
        return 0;
    }
    // Bit i of `free` stands for x = i + 1; its partner is bit sum − 2 − i,
    // which is bit 65 − sum + i of the reversed set.
    let reversed = free.reverse_bits();
    let shift = 65 - sum;
    let partners = if shift >= 0 {
        reversed >> shift
    } else {
        reversed << -shift
    };
    let mut mask = free & partners;
    if sum % 2 == 0 {
        mask &= !(1u64 << (sum / 2 - 1));
    }
    mask
}

/// Whether `blanks` distinct numbers of `free` can add up to `sum`: exactly
/// for two blanks, by the least and greatest sums beyond.
#[inline]
fn fillable(free: u64, sum: i32, blanks: u32) -> bool {
    if blanks == 2 {
        return pair_mask(free, sum) != 0;
    }
    if free.count_ones() < blanks {
        return false;
    }
    let (mut low, mut high) = (free, free);
    let (mut least, mut greatest) = (0, 0);
    for _ in 0..blanks {
        least += low.trailing_zeros() as i32 + 1;
        low &= low - 1;
        let top = 63 - high.leading_zeros();
        greatest += top as i32 + 1;
        high &= !(1u64 << top);
    }
    (least..=greatest).contains(&sum)
}

/// The enumeration of squares as a [`Problem`] for the kongming-search dfs
/// engine: drive it with [`Search`], split it with
/// [`dfs::split`](kongming_search::dfs::split), or count it on all cores
/// with `dfs::par_count` (feature `parallel`).
///
/// A move is the number given to the next branching cell (the cells it
/// forces follow from it). Each solution is a [`Square`]; when the
/// enumeration is up to symmetry (or its total is derived from that, see
/// [`Enumeration::count`]), the solutions are the squares in Frénicle
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
    fn new(plan: Arc<Plan>) -> Self {
        Self {
            grid: plan.root,
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
        let mut free = candidate_mask(&self.grid, self.used, step, plan);
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
        self.used |= bit(*value);
        for action in &step.actions {
            if let Action::Force {
                cell,
                terms,
                constant,
                denom,
            } = action
            {
                let sum: i32 = terms
                    .iter()
                    .map(|&(c, coef)| coef * i32::from(self.grid[c as usize]))
                    .sum();
                let forced = ((constant - sum) / denom) as u8;
                self.grid[*cell as usize] = forced;
                self.used |= bit(forced);
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
                self.used &= !bit(value);
            }
        }
        let value = std::mem::take(&mut self.grid[step.cell as usize]);
        self.used &= !bit(value);
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

/// Why an [`Enumeration`] (or a [`Completion`](crate::Completion)) cannot
/// be set up.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Enumeration, EnumerationError, Kind};
///
/// let err = Enumeration::new(9, Kind::MAGIC).unwrap_err();
/// assert_eq!(err, EnumerationError::OrderOutOfRange { order: 9 });
/// assert_eq!(err.to_string(), "order 9 is outside 1..=8 for enumeration");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EnumerationError {
    /// The order is 0 or above [`MAX_SEARCH_ORDER`].
    OrderOutOfRange {
        /// The order asked for.
        order: usize,
    },
    /// A given number is outside `1..=n²`.
    ValueOutOfRange {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The number.
        value: u32,
    },
    /// A given number appears twice.
    Repeated {
        /// The row of its second appearance.
        row: usize,
        /// The column of its second appearance.
        col: usize,
        /// The number.
        value: u32,
    },
    /// A centre slice was asked of an even order (no centre cell).
    NoCentre {
        /// The order.
        order: usize,
    },
    /// Counting up to symmetry was asked with given numbers off the centre,
    /// which the symmetries of the square move.
    NotSymmetric,
}

impl fmt::Display for EnumerationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OrderOutOfRange { order } => write!(
                f,
                "order {order} is outside 1..={MAX_SEARCH_ORDER} for enumeration"
            ),
            Self::ValueOutOfRange { row, col, value } => {
                write!(f, "the number {value} at ({row}, {col}) is outside 1..=n²")
            }
            Self::Repeated { row, col, value } => {
                write!(f, "the number {value} at ({row}, {col}) appears twice")
            }
            Self::NoCentre { order } => write!(f, "a square of even order {order} has no centre"),
            Self::NotSymmetric => f.write_str(
                "counting up to symmetry needs the given numbers to stay put under the symmetries of the square (only the centre does)",
            ),
        }
    }
}

impl std::error::Error for EnumerationError {}

/// `Ok` for the orders the search handles, `1..=MAX_SEARCH_ORDER`.
fn check_order(order: usize) -> Result<(), EnumerationError> {
    if order == 0 || order > MAX_SEARCH_ORDER {
        return Err(EnumerationError::OrderOutOfRange { order });
    }
    Ok(())
}

/// Checks the given numbers of `partial` and returns them as the grid of
/// the search (0 for a blank).
pub(crate) fn validate(partial: &PartialSquare) -> Result<Vec<u8>, EnumerationError> {
    let n = partial.order();
    check_order(n)?;
    let max = (n * n) as u32;
    let mut seen = 0u64;
    let mut grid = Vec::with_capacity(n * n);
    for (index, cell) in partial.cells().iter().enumerate() {
        let (row, col) = (index / n, index % n);
        match *cell {
            None => grid.push(0),
            Some(value) => {
                if value == 0 || value > max {
                    return Err(EnumerationError::ValueOutOfRange { row, col, value });
                }
                let value = value as u8;
                if seen & bit(value) != 0 {
                    return Err(EnumerationError::Repeated {
                        row,
                        col,
                        value: u32::from(value),
                    });
                }
                seen |= bit(value);
                grid.push(value);
            }
        }
    }
    Ok(grid)
}

/// Which squares to enumerate or count: an order, a [`Kind`], optionally
/// some given numbers (a centre slice or a partly filled square), all
/// squares or one per class up to the eight symmetries of the square.
///
/// When no number is given off the centre, the search runs up to symmetry
/// (Frénicle standard forms only) even for the total: every square of
/// distinct numbers has exactly eight distinct images, so the total is
/// eight times the count up to symmetry, and [`squares`](Self::squares)
/// yields each standard form followed by its seven other images.
///
/// Every count and listing runs under the enumeration's
/// [`budget`](Self::budget) (unlimited by default) and reports to its
/// [`on_progress`](Self::on_progress) callback; counts answer a [`Count`]
/// with their [`Outcome`](crate::Outcome), listings end early with
/// [`Squares::outcome`] telling why.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Enumeration, Kind};
///
/// let order4 = Enumeration::new(4, Kind::MAGIC)?;
/// assert_eq!(order4.count().exact(), Some(7040));
/// assert_eq!(order4.clone().up_to_symmetry()?.count().exact(), Some(880));
/// assert_eq!(Enumeration::new(4, Kind::PANDIAGONAL)?.count().exact(), Some(384));
///
/// let mut squares = Enumeration::new(3, Kind::MAGIC)?.squares();
/// assert_eq!(squares.next().unwrap().to_string(), "2 7 6\n9 5 1\n4 3 8");
/// assert_eq!(squares.count(), 7);
/// # Ok::<(), kongming_magic_square::EnumerationError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Enumeration {
    order: usize,
    kind: Kind,
    given: Vec<u8>,
    up_to_symmetry: bool,
    control: Control,
}

impl Enumeration {
    /// All squares of `order` (1 to [`MAX_SEARCH_ORDER`]) and `kind`.
    ///
    /// # Errors
    ///
    /// [`EnumerationError::OrderOutOfRange`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(3, Kind::SEMI_MAGIC)?.count().exact(), Some(72));
    /// assert!(Enumeration::new(0, Kind::MAGIC).is_err());
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn new(order: usize, kind: Kind) -> Result<Self, EnumerationError> {
        // The order first: the empty grid has order² cells.
        check_order(order)?;
        let empty = PartialSquare::empty(order)
            .unwrap_or_else(|| unreachable!("orders 1..=8 have an empty grid"));
        Self::completing(&empty, kind)
    }

    /// The squares of `kind` that complete `partial` (all of them; counting
    /// up to symmetry needs the givens to be at most the centre).
    ///
    /// # Errors
    ///
    /// The order is out of range, or a given number is out of range or
    /// repeated.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind, PartialSquare};
    ///
    /// let partial: PartialSquare = "16 . . 13\n. . . .\n. . . .\n4 . . 1".parse()?;
    /// let completions = Enumeration::completing(&partial, Kind::MAGIC)?;
    /// assert!(completions.squares().all(|s| partial.matches(&s)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn completing(partial: &PartialSquare, kind: Kind) -> Result<Self, EnumerationError> {
        Ok(Self {
            order: partial.order(),
            kind,
            given: validate(partial)?,
            up_to_symmetry: false,
            control: Control::default(),
        })
    }

    /// Gives the centre cell (odd orders) the number `value`: a slice of
    /// the enumeration, invariant under the symmetries of the square.
    ///
    /// # Errors
    ///
    /// An even order, `value` outside `1..=n²`, or `value` already given
    /// elsewhere.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let order3 = Enumeration::new(3, Kind::MAGIC)?;
    /// assert_eq!(order3.clone().with_centre(5)?.count().exact(), Some(8));
    /// assert_eq!(order3.with_centre(1)?.count().exact(), Some(0));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn with_centre(mut self, value: u32) -> Result<Self, EnumerationError> {
        let n = self.order;
        if n.is_multiple_of(2) {
            return Err(EnumerationError::NoCentre { order: n });
        }
        let centre = n * n / 2;
        let mut cells: Vec<Option<u32>> = self
            .given
            .iter()
            .map(|&v| (v != 0).then_some(u32::from(v)))
            .collect();
        cells[centre] = Some(value);
        let partial = PartialSquare::from_cells(n, cells)
            .unwrap_or_else(|| unreachable!("the grid has n² cells"));
        self.given = validate(&partial)?;
        Ok(self)
    }

    /// Counts and enumerates one square per class under the eight
    /// symmetries of the square (its Frénicle standard form).
    ///
    /// # Errors
    ///
    /// [`EnumerationError::NotSymmetric`] if a number is given off the
    /// centre.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let order3 = Enumeration::new(3, Kind::MAGIC)?.up_to_symmetry()?;
    /// assert_eq!(order3.count().exact(), Some(1));
    /// assert!(order3.squares().all(|square| square.is_frenicle()));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn up_to_symmetry(mut self) -> Result<Self, EnumerationError> {
        if !self.is_symmetric() {
            return Err(EnumerationError::NotSymmetric);
        }
        self.up_to_symmetry = true;
        Ok(self)
    }

    /// The order of the squares.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(5, Kind::MAGIC)?.order(), 5);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn order(&self) -> usize {
        self.order
    }

    /// The kind of the squares.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(5, Kind::ASSOCIATIVE)?.kind(), Kind::ASSOCIATIVE);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Limits every count and listing of this enumeration; each starts the
    /// budget anew (a time limit runs from the start of each). A node is
    /// the unit of the work's [`Stage`]: a branching cell given a number in
    /// the general search, a choice of the four corners in the order-4
    /// enumerator, a pair of diagonals in the order-5 counter. The cancel
    /// flag and the clock are looked at every few thousand nodes of the
    /// search, and after every choice of corners or every twenty or so
    /// pairs of diagonals.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Enumeration, Kind, Outcome, StopReason};
    ///
    /// let order5 = Enumeration::new(5, Kind::PANDIAGONAL)?
    ///     .budget(Budget::unlimited().with_node_limit(1000));
    /// let count = order5.count();
    /// assert_eq!(count.outcome, Outcome::Stopped(StopReason::NodeLimit));
    /// let mut squares = order5.squares();
    /// assert!(squares.by_ref().all(|square| square.is(Kind::PANDIAGONAL)));
    /// assert_eq!(squares.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.control.budget = budget;
        self
    }

    /// Calls `callback` with [`Progress`] reports during every count and
    /// listing of this enumeration (see [`Stage`] for when each kind of
    /// work reports and what `done` counts); `found` is the squares found
    /// so far. Clones of the enumeration share the callback, and the
    /// threads of a parallel count call it one at a time (so it must not
    /// itself count or list with this enumeration or a clone). Raise the
    /// budget's [`CancelFlag`](crate::CancelFlag) from it to stop.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_magic_square::{Budget, Enumeration, Kind, Stage};
    ///
    /// let nodes = Arc::new(Mutex::new(Vec::new()));
    /// let seen = Arc::clone(&nodes);
    /// let semi = Enumeration::new(4, Kind::SEMI_MAGIC)?
    ///     .budget(Budget::unlimited().with_node_limit(10_000))
    ///     .on_progress(move |report| {
    ///         assert_eq!(report.stage, Stage::Search);
    ///         seen.lock().unwrap().push(report.done);
    ///     });
    /// let count = semi.count();
    /// assert_eq!(count.exact(), None); // stopped: at least count.count squares
    /// assert_eq!(*nodes.lock().unwrap(), [4096, 8192]);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress<Stage>) + Send + 'static) -> Self {
        self.control.observe(callback);
        self
    }

    /// Whether the givens are only (at most) the centre cell.
    fn is_symmetric(&self) -> bool {
        let n = self.order;
        self.given
            .iter()
            .enumerate()
            .all(|(i, &v)| v == 0 || (n % 2 == 1 && i == n * n / 2))
    }

    /// Whether the search runs on Frénicle forms only.
    fn frenicle(&self) -> bool {
        self.order >= 2 && self.is_symmetric()
    }

    /// What a count of the search is multiplied by: 8 when the search runs
    /// on Frénicle forms for a total.
    fn factor(&self) -> u64 {
        if self.frenicle() && !self.up_to_symmetry {
            8
        } else {
            1
        }
    }

    /// The search as a dfs [`Problem`] (see [`SquareProblem`]); its
    /// solution count times [`multiplier`](Self::multiplier) is
    /// [`count`](Self::count).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    /// use kongming_search::dfs;
    ///
    /// let order4 = Enumeration::new(4, Kind::MAGIC)?;
    /// assert_eq!(dfs::count(order4.problem()) * order4.multiplier(), 7040);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn problem(&self) -> SquareProblem {
        let breaking = if self.frenicle() {
            Breaking::Frenicle
        } else {
            Breaking::None
        };
        let plan = Plan::new(self.order, self.kind, &self.given, breaking);
        SquareProblem::new(Arc::new(plan))
    }

    /// The search that counts, and what its count is multiplied by: for
    /// order 5 kinds with diagonals (not pandiagonal) and no number given
    /// off the centre, one square per orbit of the group of 32
    /// transformations (see [`Breaking::Order5Group`]), four Frénicle
    /// forms each; otherwise [`problem`](Self::problem) and
    /// [`multiplier`](Self::multiplier).
    pub(crate) fn counting_problem(&self) -> (SquareProblem, u64) {
        if self.order == 5
            && self.kind.has_diagonals()
            && !self.kind.is_pandiagonal()
            && self.frenicle()
        {
            let plan = Plan::new(5, self.kind, &self.given, Breaking::Order5Group);
            let factor = if self.up_to_symmetry { 4 } else { 32 };
            (SquareProblem::new(Arc::new(plan)), factor)
        } else {
            (self.problem(), self.factor())
        }
    }

    /// 8 when [`problem`](Self::problem) searches Frénicle forms for a count
    /// of all squares, 1 otherwise.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(4, Kind::MAGIC)?.multiplier(), 8);
    /// assert_eq!(Enumeration::new(4, Kind::MAGIC)?.up_to_symmetry()?.multiplier(), 1);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn multiplier(&self) -> u64 {
        self.factor()
    }

    /// Counts the squares, under the [`budget`](Self::budget): a stopped
    /// count is the squares found before the stop ([`Count::exact`] is
    /// then `None`).
    ///
    /// The normal magic squares of order 4 (no givens) are counted by a
    /// specialised enumerator (the corners, then the two centre pairs,
    /// then two independent halves joined where their numbers differ;
    /// progress [`Stage::Corners`]); the normal magic squares of order 5
    /// (no number given off the centre) by a specialised counter (the two
    /// diagonals, one pair per orbit of a group of 32, then two frames of
    /// four lines each, joined where their sets of numbers are
    /// complementary; [`Stage::Diagonals`]); everything else by the general
    /// search ([`Stage::Search`]). The order-5 kinds with both diagonals
    /// that are not pandiagonal search one square per orbit of that group
    /// too: their statistics count orbits, while the count is in Frénicle
    /// forms or squares as asked.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let count = Enumeration::new(4, Kind::ASSOCIATIVE)?.count();
    /// assert_eq!(count.exact(), Some(384));
    /// assert_eq!(count.stats.solutions, 48); // Frénicle forms, 8 squares each
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn count(&self) -> Count {
        if self.is_plain_order_4() {
            return crate::order4::count(&self.control, self.factor());
        }
        if let Some(centre) = self.order5_slice() {
            return crate::parts::count_order5(centre, self.order5_factor(), &self.control);
        }
        let (problem, factor) = self.counting_problem();
        self.control.count_search(problem, factor)
    }

    /// The centre (`None`: not given) when this is a count of normal magic
    /// squares of order 5 with no number given off the centre, which the
    /// counts run on the specialised counter (`crate::order5`).
    fn order5_slice(&self) -> Option<Option<u32>> {
        if self.order != 5 || self.kind != Kind::MAGIC || !self.is_symmetric() {
            return None;
        }
        let centre = self.given.get(12).copied().unwrap_or(0);
        Some((centre != 0).then_some(u32::from(centre)))
    }

    /// What one orbit of the group of 32 counts for: four Frénicle forms,
    /// or 32 squares.
    fn order5_factor(&self) -> u64 {
        if self.up_to_symmetry {
            crate::order5::FORMS_PER_ORBIT
        } else {
            crate::order5::SQUARES_PER_ORBIT
        }
    }

    /// Whether this is the enumeration of all normal magic squares of
    /// order 4 (no givens), which [`count`](Self::count) and
    /// [`squares`](Self::squares) run on a specialised enumerator.
    fn is_plain_order_4(&self) -> bool {
        self.order == 4 && self.kind == Kind::MAGIC && self.given.iter().all(|&v| v == 0)
    }

    /// Counts on all cores (rayon): [`count_in_parts`](Self::count_in_parts),
    /// whose parts run in parallel with this feature.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(4, Kind::MAGIC)?.par_count().exact(), Some(7040));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    #[cfg(feature = "parallel")]
    #[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
    pub fn par_count(&self) -> Count {
        self.count_in_parts()
    }

    /// Counts part by part, under the [`budget`](Self::budget) shared by
    /// all the parts: the search tree is split into subproblems (on all
    /// cores with the `parallel` feature), and the progress callback hears
    /// after each part ([`Stage::Parts`]) how many are done, of how many,
    /// and the count so far. The normal magic squares of order 5 (no
    /// number given off the centre) are counted by the order-5 counter,
    /// one part per centre and pair of corners of the main diagonal; a
    /// node is then a pair of diagonals. Every other count runs the general
    /// search (the order-4 magic squares too).
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_magic_square::{Enumeration, Kind, Stage};
    ///
    /// let last = Arc::new(Mutex::new(None));
    /// let seen = Arc::clone(&last);
    /// let order4 = Enumeration::new(4, Kind::MAGIC)?
    ///     .on_progress(move |report| *seen.lock().unwrap() = Some(*report));
    /// let report = order4.count_in_parts();
    /// assert_eq!(report.exact(), Some(7040));
    /// let last = last.lock().unwrap().unwrap();
    /// assert_eq!((last.stage, Some(last.done), last.found), (Stage::Parts, last.total, 7040));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn count_in_parts(&self) -> Count {
        if let Some(centre) = self.order5_slice() {
            return crate::parts::count_order5_in_parts(
                centre,
                self.order5_factor(),
                &self.control,
            );
        }
        crate::parts::count_in_parts(self, &self.control)
    }

    /// The squares, lazily, in search order, under the
    /// [`budget`](Self::budget): when it runs out the iterator ends and
    /// [`Squares::outcome`] says it stopped.
    ///
    /// The normal magic squares of order 4 (no givens) come from a
    /// specialised enumerator, in its own order (a node is a choice of the
    /// four corners); every other enumeration runs the general search.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let squares: Vec<_> = Enumeration::new(4, Kind::PANDIAGONAL)?.squares().collect();
    /// assert_eq!(squares.len(), 384);
    /// assert!(squares.iter().all(|s| s.is(Kind::PANDIAGONAL)));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn squares(&self) -> Squares {
        let expand = self.factor() == 8;
        if self.is_plain_order_4() {
            return Squares {
                source: Source::Order4(Listing::new(&self.control, expand)),
                expand: false,
                image: None,
            };
        }
        let found_per_solution = if expand { 8 } else { 1 };
        Squares {
            source: Source::Search(Box::new(
                self.control.search(self.problem(), found_per_solution),
            )),
            expand,
            image: None,
        }
    }
}

/// The squares of an [`Enumeration`], lazily (a fused iterator that ends
/// early when the enumeration's budget runs out).
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Enumeration, Kind};
///
/// let mut squares = Enumeration::new(3, Kind::MAGIC)?.squares();
/// assert!(squares.next().is_some());
/// # Ok::<(), kongming_magic_square::EnumerationError>(())
/// ```
#[derive(Debug)]
#[must_use = "an iterator does nothing until it is used"]
pub struct Squares {
    source: Source,
    expand: bool,
    /// The standard form last yielded and the index in
    /// [`SquareSymmetry::ALL`] of its next image.
    image: Option<(Square, usize)>,
}

/// Where [`Squares`] takes its standard forms from.
#[derive(Debug)]
enum Source {
    /// The general search.
    Search(Box<Search<'static, SquareProblem>>),
    /// The specialised order-4 enumerator, with every standard form's
    /// images when all squares are asked for.
    Order4(Listing),
}

impl Source {
    /// The next square: a standard form, or with the order-4 enumerator
    /// also the images that follow it.
    fn next_square(&mut self) -> Option<Square> {
        match self {
            Self::Search(search) => search.next_solution(),
            Self::Order4(listing) => listing.next_square(),
        }
    }
}

impl Squares {
    /// How the listing ended, once it has (`None` while running):
    /// [`Outcome::Complete`] when every square was yielded,
    /// [`Outcome::Stopped`] when the budget ran out first.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Enumeration, Kind, Outcome, StopReason};
    ///
    /// let mut squares = Enumeration::new(3, Kind::MAGIC)?.squares();
    /// assert_eq!(squares.outcome(), None);
    /// squares.by_ref().for_each(drop);
    /// assert!(squares.outcome().unwrap().is_complete());
    ///
    /// let order5 = Enumeration::new(5, Kind::MAGIC)?.budget(Budget::unlimited().with_node_limit(10_000));
    /// let mut squares = order5.squares();
    /// let some = squares.by_ref().count();
    /// assert!(some < 1000);
    /// assert_eq!(squares.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.source {
            Source::Search(search) => search.outcome(),
            Source::Order4(listing) => listing.outcome(),
        }
    }

    /// What the search has done so far.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let mut squares = Enumeration::new(3, Kind::MAGIC)?.squares();
    /// squares.by_ref().for_each(drop);
    /// assert!(squares.stats().nodes > 0);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn stats(&self) -> Stats {
        match &self.source {
            Source::Search(search) => search.stats(),
            Source::Order4(listing) => listing.stats(),
        }
    }
}

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if let Some((standard, index)) = &mut self.image {
            let image = standard.transformed(SquareSymmetry::ALL[*index]);
            *index += 1;
            if *index == SquareSymmetry::ALL.len() {
                self.image = None;
            }
            return Some(image);
        }
        let square = self.source.next_square()?;
        if self.expand {
            self.image = Some((square.clone(), 1));
        }
        Some(square)
    }
}

impl std::iter::FusedIterator for Squares {}
