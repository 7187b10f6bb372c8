//! Binary relations as support tables, revised by AC-3 with residual supports.

use super::domain::Domain;
use super::var::Var;

/// A binary relation between `x` and `y`, tabulated once when the model is
/// built: for each value of one variable, the set of supporting values of
/// the other.
#[derive(Clone, Debug)]
pub(crate) struct Relation<D> {
    pub(crate) x: Var,
    pub(crate) y: Var,
    /// `supports[0][a]`: the values of `y` compatible with `x = a`;
    /// `supports[1][b]`: the values of `x` compatible with `y = b`.
    pub(crate) supports: [Vec<D>; 2],
    /// `conflicts[side]`: the most values of the variable at `side` that one
    /// value of the other variable is incompatible with. While the domain at
    /// `side` holds more values than that, every value of the other variable
    /// keeps a support, and revising is skipped.
    pub(crate) conflicts: [u32; 2],
}

impl<D: Domain> Relation<D> {
    /// Tabulates `allowed` over the current domains of `x` and `y`.
    pub(crate) fn tabulate(
        x: Var,
        dx: &D,
        y: Var,
        dy: &D,
        mut allowed: impl FnMut(u32, u32) -> bool,
    ) -> Self {
        // One row per value up to the largest; rows of absent values stay
        // empty (no bits allocated), so memory follows the domain sizes.
        let rows = |d: &D| d.max().map_or(0, |m| m + 1);
        let table = |rows_of: &D, width: u32| {
            let mut table = vec![D::with_capacity(0); rows(rows_of) as usize];
            for a in rows_of.iter() {
                table[a as usize] = D::with_capacity(width);
            }
            table
        };
        let mut by_x = table(dx, rows(dy));
        let mut by_y = table(dy, rows(dx));
        for a in dx.iter() {
            for b in dy.iter() {
                if allowed(a, b) {
                    by_x[a as usize].insert(b);
                    by_y[b as usize].insert(a);
                }
            }
        }
        let most_conflicts = |from: &D, rows: &[D], targets: &D| {
            targets
                .iter()
                .map(|b| from.len() - rows.get(b as usize).map_or(0, |row| row.len()))
                .max()
                .unwrap_or(0)
        };
        let conflicts = [most_conflicts(dx, &by_y, dy), most_conflicts(dy, &by_x, dx)];
        Relation {
            x,
            y,
            supports: [by_x, by_y],
            conflicts,
        }
    }
}
