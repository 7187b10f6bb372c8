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

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// The blank cells (not in `known`, a set of cell indices) that
/// `equations` determine from the known cells, by Gauss–Jordan elimination
/// over the blank cells' columns, in integers (each row divided by the gcd
/// of its entries as it goes).
pub(super) fn forced_cells(equations: &[Vec<i64>], known: u64, cells: usize) -> Vec<ForcedCell> {
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
        let pivot = pivot_row[col];
        for (r, row) in rows.iter_mut().enumerate() {
            if r == next || row[col] == 0 {
                continue;
            }
            let factor = row[col];
            let mut divisor = 0;
            for (x, &y) in row.iter_mut().zip(&pivot_row) {
                // On overflow, force nothing: slower, never wrong.
                let Some(value) = x.checked_mul(pivot).and_then(|scaled| {
                    y.checked_mul(factor)
                        .and_then(|cancel| scaled.checked_sub(cancel))
                }) else {
                    return Vec::new();
                };
                *x = value;
                divisor = gcd(divisor, value);
            }
            if divisor > 1 {
                row.iter_mut().for_each(|x| *x /= divisor);
            }
        }
        pivots.push((next, col));
        next += 1;
    }
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
