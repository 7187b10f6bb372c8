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
        let rows = |d: &D| d.max().map_or(0, |m| m + 1);
        let mut by_x = vec![D::with_capacity(rows(dy)); rows(dx) as usize];
        let mut by_y = vec![D::with_capacity(rows(dx)); rows(dy) as usize];
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

    /// The variable at `side` (0 for `x`, 1 for `y`).
    pub(crate) fn var(&self, side: usize) -> Var {
        if side == 0 { self.x } else { self.y }
    }
}

/// Revises `target` against `from` for one arc of a relation: the values of
/// `target` that keep a support among the values of `from`, or `None` when
/// all of them do.
///
/// `forward[a]` holds the target values compatible with `from = a`;
/// `backward[b]` the `from` values compatible with `target = b`;
/// `residues[b]` the support of `b` found last time, checked first.
#[inline]
pub(crate) fn revise<D: Domain>(
    forward: &[D],
    backward: &[D],
    from: &D,
    target: &D,
    residues: &mut [u32],
) -> Option<D> {
    if let Some(a) = from.single_value() {
        // One value left: its row is exactly the support.
        let mut next = target.clone();
        let changed = match forward.get(a as usize) {
            Some(row) => next.intersect_with(row),
            None => next.retain_range(1, 0),
        };
        return changed.then_some(next);
    }
    if from.len() <= target.len() {
        // Union of the rows of the remaining values.
        let mut reach = D::with_capacity(0);
        for a in from.iter() {
            if let Some(row) = forward.get(a as usize) {
                reach.union_with(row);
            }
        }
        let mut next = target.clone();
        return next.intersect_with(&reach).then_some(next);
    }
    // Check each target value, residue first.
    let mut next: Option<D> = None;
    for b in target.iter() {
        let residue = residues[b as usize];
        if from.contains(residue) {
            continue;
        }
        match backward
            .get(b as usize)
            .and_then(|row| row.first_common(from))
        {
            Some(a) => residues[b as usize] = a,
            None => {
                next.get_or_insert_with(|| target.clone()).remove(b);
            }
        }
    }
    next
}
