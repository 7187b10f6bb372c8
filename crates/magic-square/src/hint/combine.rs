//! The line sums combined: equations with one blank cell, found by
//! Gauss–Jordan elimination over the blank cells and then made short.
//!
//! Elimination gives each blank cell that the line equations determine as
//! a row `d · x = k − Σ a · (filled cell)`, but which filled cells appear
//! depends on the order of elimination, and the first row found is often
//! long. The rows left with no blank cell at all are identities among the
//! filled cells (a full line, or lines whose blanks cancel); adding a
//! multiple of one that cancels a term, while that makes the row shorter,
//! gives the short equations a person would write (in an order-4 square,
//! `(3, 3) = (1, 2) + (2, 1) − (0, 0)` rather than six terms).

use crate::gauss::{Reduced, cancel, eliminate};

/// An equation with one blank cell: `denominator · x[cell] = constant −
/// Σ coefficient · x[c]` over filled cells `c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Combined {
    pub(super) cell: usize,
    pub(super) denominator: i64,
    pub(super) constant: i64,
    /// `(c, coefficient)`, by cell.
    pub(super) terms: Vec<(usize, i64)>,
}

/// The terms of `row` on the cells (not its right-hand side).
fn support(row: &[i64]) -> usize {
    row[..row.len() - 1].iter().filter(|&&x| x != 0).count()
}

/// Every blank cell (not in `known`) that `equations` (rows of one
/// coefficient per cell, then the right-hand side) determine, each as a
/// short equation.
pub(super) fn combined_cells(equations: &[Vec<i64>], known: &[bool]) -> Vec<Combined> {
    let cells = known.len();
    // On overflow, determine nothing: fewer hints, never a wrong one.
    let Some(Reduced { rows, pivots }) = eliminate(equations, cells, |c| !known[c]) else {
        return Vec::new();
    };
    let next = pivots.len();
    let identities: Vec<&Vec<i64>> = rows[next..].iter().filter(|row| support(row) > 0).collect();
    let mut found = Vec::new();
    for &(r, col) in &pivots {
        let row = &rows[r];
        let alone = (0..cells).all(|c| c == col || known[c] || row[c] == 0);
        if !alone {
            continue;
        }
        let mut best = row.clone();
        // Cancel terms with the identities while that shortens the row.
        let mut shorter = true;
        while shorter {
            shorter = false;
            for identity in &identities {
                for c in 0..cells {
                    if c == col || best[c] == 0 || identity[c] == 0 {
                        continue;
                    }
                    if let Some(candidate) = cancel(&best, identity[c], identity, best[c])
                        && candidate[col] != 0
                        && support(&candidate) < support(&best)
                    {
                        best = candidate;
                        shorter = true;
                    }
                }
            }
        }
        let sign = best[col].signum();
        found.push(Combined {
            cell: col,
            denominator: best[col] * sign,
            constant: best[cells] * sign,
            terms: (0..cells)
                .filter(|&c| c != col && best[c] != 0)
                .map(|c| (c, best[c] * sign))
                .collect(),
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// x0 + x1 = 5, x1 + x2 = 7, x2 = 4 (known): x1 = 3, x0 = 2.
    #[test]
    fn a_chain_of_equations_determines_each_cell() {
        let equations = vec![vec![1, 1, 0, 5], vec![0, 1, 1, 7]];
        let known = [false, false, true];
        let mut found = combined_cells(&equations, &known);
        found.sort_by_key(|c| c.cell);
        assert_eq!(found.len(), 2);
        // x1 = 7 − x2; x0 = 5 − x1 = x2 − 2.
        assert_eq!(found[0].terms, vec![(2, -1)]);
        assert_eq!((found[0].denominator, found[0].constant), (1, -2));
        assert_eq!(found[1].terms, vec![(2, 1)]);
        assert_eq!((found[1].denominator, found[1].constant), (1, 7));
    }

    /// An identity among known cells shortens the equation: x0 = 10 −
    /// x1 − x2 with x1 + x2 = 6 known to hold gives x0 = 4.
    #[test]
    fn identities_shorten_the_equation() {
        let equations = vec![vec![1, 1, 1, 10], vec![0, 1, 1, 6]];
        let known = [false, true, true];
        let found = combined_cells(&equations, &known);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].terms, vec![]);
        assert_eq!((found[0].denominator, found[0].constant), (1, 4));
    }
}
