//! The lines of a square as the search sees them: sets of cells with the
//! sum they must reach.
//!
//! [`lines_of`] lists, for an order and a [`Kind`], the rows, columns,
//! diagonals, broken diagonals and centre-symmetric pairs the kind asks
//! for, in the order the planner ([`super::plan`]) prefers to fill them.
//! The planner turns them into equations ([`super::elimination`]) and
//! into the checks of each step.

use crate::{Kind, magic_constant};

/// A line the search keeps: its cells and what they add up to.
#[derive(Clone, Debug)]
pub(super) struct SumLine {
    pub(super) cells: Vec<u8>,
    pub(super) target: i32,
    /// Whether the planner may pick it to choose branching cells (rows,
    /// columns and diagonals; centre-symmetric pairs only force).
    pub(super) branchable: bool,
}

/// The lines of a square of `order` and `kind`, in the planner's priority
/// order: diagonals, rows and columns from the outside in, broken
/// diagonals, then centre-symmetric pairs.
pub(super) fn lines_of(order: usize, kind: Kind) -> Vec<SumLine> {
    let n = order;
    let cells = n * n;
    let target = i32::try_from(magic_constant(n).unwrap_or(0)).unwrap_or(0);
    let cell = |row: usize, col: usize| (row * n + col) as u8;
    let mut lines = Vec::new();
    let mut push = |cells: Vec<u8>, target: i32, branchable: bool| {
        lines.push(SumLine {
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
    let (mut low, mut high) = (0, n);
    while low < high {
        outside_in.push(low);
        low += 1;
        if low < high {
            high -= 1;
            outside_in.push(high);
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
