//! Gauss–Jordan elimination in integers over the blank cells of a square:
//! what both the enumeration's planner (the cells the line sums force)
//! and the hints (the line sums combined) start from.
//!
//! An equation is a row of one coefficient per cell, then its right-hand
//! side. Rows stay in integers: a pivot row cancels a column of another
//! row by cross-multiplying, and each new row is divided by the gcd of its
//! entries. Any overflow gives up (no result, never a wrong one).

/// The equations reduced over the blank columns.
pub(crate) struct Reduced {
    /// The rows: first one per pivot, then the rows left with no blank
    /// cell (identities among the filled cells, or zero rows).
    pub(crate) rows: Vec<Vec<i64>>,
    /// `(row, column)` of each pivot, in elimination order.
    pub(crate) pivots: Vec<(usize, usize)>,
}

/// `equations` reduced by Gauss–Jordan elimination over the columns
/// `0..cells` for which `blank` holds; `None` on overflow.
pub(crate) fn eliminate(
    equations: &[Vec<i64>],
    cells: usize,
    blank: impl Fn(usize) -> bool,
) -> Option<Reduced> {
    let mut rows: Vec<Vec<i64>> = equations.to_vec();
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    let mut next = 0;
    for col in (0..cells).filter(|&c| blank(c)) {
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
            *row = cancel(row, pivot, &pivot_row, factor)?;
        }
        pivots.push((next, col));
        next += 1;
    }
    Some(Reduced { rows, pivots })
}

/// `row · a − other · b`, divided by the gcd of its entries; `None` on
/// overflow.
pub(crate) fn cancel(row: &[i64], a: i64, other: &[i64], b: i64) -> Option<Vec<i64>> {
    let mut out = row
        .iter()
        .zip(other)
        .map(|(&x, &y)| x.checked_mul(a)?.checked_sub(y.checked_mul(b)?))
        .collect::<Option<Vec<i64>>>()?;
    let divisor = out.iter().fold(0u64, |g, &x| gcd(g, x.unsigned_abs()));
    // A divisor past i64::MAX (every entry 0 or i64::MIN) is left alone:
    // dividing is only a saving.
    if let Ok(divisor) = i64::try_from(divisor)
        && divisor > 1
    {
        out.iter_mut().for_each(|x| *x /= divisor);
    }
    Some(out)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// x0 + x1 = 5, x1 + x2 = 7 with x2 filled: both blanks pivot, and
    /// no row is left over.
    #[test]
    fn a_chain_reduces_to_one_row_per_blank_cell() {
        let reduced =
            eliminate(&[vec![1, 1, 0, 5], vec![0, 1, 1, 7]], 3, |c| c != 2).expect("no overflow");
        assert_eq!(reduced.pivots, [(0, 0), (1, 1)]);
        // x0 − x2 = −2, x1 + x2 = 7.
        assert_eq!(reduced.rows, [vec![1, 0, -1, -2], vec![0, 1, 1, 7]]);
    }

    #[test]
    fn rows_are_divided_by_their_gcd_and_overflow_gives_up() {
        assert_eq!(cancel(&[2, 4, 6], 2, &[0, 0, 0], 1), Some(vec![1, 2, 3]));
        assert_eq!(cancel(&[i64::MAX, 0], 2, &[0, 0], 1), None);
        assert_eq!(
            cancel(&[i64::MIN, 0], 1, &[0, 0], 1),
            Some(vec![i64::MIN, 0])
        );
        assert!(eliminate(&[vec![i64::MAX, 1, 0], vec![3, 1, 0]], 2, |_| true).is_none());
    }
}
