//! Binary relations as support tables, revised by AC-3 with residual supports.

use super::domain::Domain;
use super::var::Var;

/// A binary relation between `x` and `y`, tabulated once when the model is
/// built: for each value of one variable, the set of supporting values of
/// the other. The rows live in the model's one shared row table (no
/// allocation per relation).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Relation {
    pub(crate) x: Var,
    pub(crate) y: Var,
    /// `rows[starts[0] + a]`: the values of `y` compatible with `x = a`,
    /// for `a < lens[0]`; `rows[starts[1] + b]`: the values of `x`
    /// compatible with `y = b`, for `b < lens[1]`.
    pub(crate) starts: [u32; 2],
    pub(crate) lens: [u32; 2],
    /// `conflicts[side]`: the most values of the variable at `side` that one
    /// value of the other variable is incompatible with. While the domain at
    /// `side` holds more values than that, every value of the other variable
    /// keeps a support, and revising is skipped.
    pub(crate) conflicts: [u32; 2],
}

impl Relation {
    /// A relation of `x` with itself, already applied to its domain: no
    /// rows (`at` is the row table's length, where they would start).
    pub(crate) fn diagonal(x: Var, at: usize) -> Self {
        let at = u32::try_from(at).expect("fewer than 2^32 relation rows");
        Relation {
            x,
            y: x,
            starts: [at, at],
            lens: [0, 0],
            conflicts: [0, 0],
        }
    }

    /// Tabulates `allowed` over the current domains of `x` and `y`,
    /// appending its rows to `rows`.
    pub(crate) fn tabulate<D: Domain>(
        x: Var,
        dx: &D,
        y: Var,
        dy: &D,
        mut allowed: impl FnMut(u32, u32) -> bool,
        rows: &mut Vec<D>,
    ) -> Self {
        let width = dy.max().map_or(0, |m| m + 1);
        let row = |a: u32| {
            let mut row = D::with_capacity(width);
            for b in dy.iter().filter(|&b| allowed(a, b)) {
                row.insert(b);
            }
            row
        };
        Self::from_rows(x, dx, y, dy, row, rows)
    }

    /// Builds the relation whose row for `x = a` is `row(a)` (the values of
    /// `y` compatible with it, narrowed to the domain of `y`), for each
    /// value `a` of `x`, appending its rows to `rows`.
    ///
    /// # Panics
    ///
    /// When the row table would pass 2^32 rows.
    pub(crate) fn from_rows<D: Domain>(
        x: Var,
        dx: &D,
        y: Var,
        dy: &D,
        mut row: impl FnMut(u32) -> D,
        rows: &mut Vec<D>,
    ) -> Self {
        // One row per value up to the largest; rows of absent values stay
        // empty (no bits allocated), so memory follows the domain sizes.
        let height = |d: &D| d.max().map_or(0, |m| m + 1);
        let lens = [height(dx), height(dy)];
        let offset = |len: usize| u32::try_from(len).expect("fewer than 2^32 relation rows");
        let starts = [offset(rows.len()), offset(rows.len() + lens[0] as usize)];
        // The table's end must fit too: arcs address rows up to it.
        offset(rows.len() + lens[0] as usize + lens[1] as usize);
        rows.reserve(lens[0] as usize + lens[1] as usize);
        let (x_len, y_len) = (dx.len(), dy.len());
        // The most values of y that one value of x excludes.
        let mut y_conflicts = 0;
        for a in 0..lens[0] {
            if dx.contains(a) {
                // Stored at the size of `y`'s domain, whatever the row's.
                let mut supports = dy.clone();
                supports.intersect_with(&row(a));
                y_conflicts = y_conflicts.max(y_len - supports.len());
                rows.push(supports);
            } else {
                rows.push(D::with_capacity(0));
            }
        }
        rows.extend(
            (0..lens[1]).map(|b| D::with_capacity(if dy.contains(b) { lens[0] } else { 0 })),
        );
        // The rows by y value: the transpose of the rows by x value.
        let (by_x, by_y) = rows[starts[0] as usize..].split_at_mut(lens[0] as usize);
        for a in dx.iter() {
            for b in by_x[a as usize].iter() {
                by_y[b as usize].insert(a);
            }
        }
        let x_conflicts = dy
            .iter()
            .map(|b| x_len - by_y[b as usize].len())
            .max()
            .unwrap_or(0);
        Relation {
            x,
            y,
            starts,
            lens,
            conflicts: [x_conflicts, y_conflicts],
        }
    }
}
