//! Which blank cells the line equations determine: Gauss–Jordan
//! elimination in integers.
//!
//! A normal square's lines are linear equations in its cells (each line
//! adds up to its target, and all cells add up to `n²(n² + 1)/2`). Given
//! the set of cells filled so far, [`forced_cells`] eliminates over the
//! blank cells' columns and returns each blank cell that ends alone in its
//! row, as a formula in the filled cells. The planner ([`super::plan`])
//! asks this after every branching cell it chooses, so forced cells come
//! from combinations of lines too, not only from lines with one blank.

use super::lines::SumLine;
use crate::gauss::{Reduced, eliminate};

/// The largest coefficient a forced cell's formula may have.
const COEFFICIENT_LIMIT: i32 = 1 << 16;

/// The equations of a normal square: each line, and the sum of all cells
/// (every number `1..=n²` is used once). A row holds one coefficient per
/// cell, then the right-hand side.
pub(super) fn equations(lines: &[SumLine], cells: usize) -> Vec<Vec<i64>> {
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
    let cell_count = cells as i64;
    total[cells] = cell_count * (cell_count + 1) / 2;
    rows.push(total);
    rows
}

/// A blank cell the equations determine from the filled cells:
/// `denominator · x[cell] = constant − Σ coefficient · x[c]` over `terms`.
#[derive(Clone, Debug)]
pub(super) struct ForcedCell {
    pub(super) cell: u8,
    /// `(c, coefficient)` for each filled cell `c` in the formula.
    pub(super) terms: Vec<(u8, i32)>,
    pub(super) constant: i32,
    /// Positive.
    pub(super) denominator: i32,
}

/// The blank cells (not in `known`, a set of cell indices) that
/// `equations` determine from the known cells, by Gauss–Jordan elimination
/// over the blank cells' columns ([`eliminate`]); none on overflow (slower,
/// never wrong).
pub(super) fn forced_cells(equations: &[Vec<i64>], known: u64, cells: usize) -> Vec<ForcedCell> {
    let Some(Reduced { rows, pivots }) = eliminate(equations, cells, |c| known & (1 << c) == 0)
    else {
        return Vec::new();
    };
    let mut forced = Vec::new();
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
            .map(|c| small(row[c] * sign).map(|coefficient| (c as u8, coefficient)))
            .collect();
        if let (Some(terms), Some(constant), Some(denominator)) =
            (terms, small(row[cells] * sign), small(row[col] * sign))
        {
            forced.push(ForcedCell {
                cell: col as u8,
                terms,
                constant,
                denominator,
            });
        }
    }
    forced
}
