//! The value closest to the target, when no subset makes it: a scan of a
//! window around the target that narrows as closer values are found. Each
//! step's other operand turns the window into the window its operand must
//! fall in, down to the sorted tables, where a binary search finds the
//! values inside.

use super::table::Part;
use super::{Halt, Mask, Subsets, TABLE_LIMIT};
use crate::expr::{Expr, Op};
use crate::ops::Ops;

/// The first half-width of the window the closest value is looked for in.
const FIRST_REACH: u64 = 4;

/// The widest window of a table looked up value by value rather than by
/// a binary search.
const NARROW: i64 = 4;

/// How many times wider each next window is.
const WIDENING: u64 = 8;

/// The steps as a value with one known operand: the operation and whether
/// the unknown operand is on the left (`+` and `*` need one side only).
const FORMS: [(Op, bool); 6] = [
    (Op::Add, true),
    (Op::Sub, true),
    (Op::Sub, false),
    (Op::Mul, true),
    (Op::Div, true),
    (Op::Div, false),
];

/// The closest value found so far, and the target.
struct Closest {
    target: i64,
    /// The distance of the value found.
    distance: Option<u64>,
    /// The distance the window of this pass stops short of.
    limit: u64,
    value: i64,
    expr: Option<Expr>,
}

impl Closest {
    /// The distance a value must be under: the best found, or the window's.
    fn bound(&self) -> u64 {
        self.distance.map_or(self.limit, |d| d.min(self.limit))
    }

    /// Whether `value` is closer to the target than the bound.
    fn improves(&self, value: i64) -> bool {
        value.abs_diff(self.target) < self.bound()
    }
}

impl Subsets {
    /// The value closest to the target when none of `answering` makes
    /// it: first among the tables of the small subsets (every value of
    /// them, when any subset may answer), then in a window around the
    /// target in the larger ones, a narrow one first, widened until it
    /// holds the closest value (a wide window holds many values); within
    /// a window, each closer value found narrows it.
    pub(super) fn closest(
        &mut self,
        target: i64,
        answering: &[Mask],
    ) -> Result<Option<(i64, Expr)>, Halt> {
        let mut closest = Closest {
            target,
            distance: None,
            limit: u64::MAX,
            value: 0,
            expr: None,
        };
        for &mask in answering.iter().filter(|m| m.count_ones() <= TABLE_LIMIT) {
            let table = self.table(mask)?;
            let mut nearest = None;
            for (index, &value) in table.values.iter().enumerate() {
                if closest.improves(value) {
                    closest.distance = Some(value.abs_diff(target));
                    nearest = Some((value, index as u32));
                }
            }
            if let Some((value, index)) = nearest {
                closest.value = value;
                closest.expr = Some(self.expr(Part { mask, index }));
            }
        }
        let larger: Vec<Mask> = answering
            .iter()
            .copied()
            .filter(|m| m.count_ones() > TABLE_LIMIT)
            .collect();
        let mut reach = FIRST_REACH;
        loop {
            closest.limit = reach.saturating_add(1);
            for &mask in &larger {
                self.scan(mask, &mut Vec::new(), &mut closest)?;
            }
            // Every value nearer than the best has been looked at.
            if closest.distance.is_some_and(|d| d <= closest.limit) {
                break;
            }
            // The window covers every value there is.
            if reach > (self.ceiling as u64).saturating_add(target.unsigned_abs()) {
                break;
            }
            reach = reach.saturating_mul(WIDENING);
        }
        Ok(closest.expr.map(|expr| (closest.value, expr)))
    }

    /// Looks through the values of `mask` that, carried up through the
    /// steps of `chain` (the outermost first), make a value closer to the
    /// target than `closest`, and keeps each closer one.
    fn scan(
        &mut self,
        mask: Mask,
        chain: &mut Vec<(Op, bool, Part)>,
        closest: &mut Closest,
    ) -> Result<(), Halt> {
        let Some((lo, hi)) = self.window(chain, closest) else {
            return Ok(());
        };
        let mask = self.canonical[mask as usize];
        if mask.count_ones() <= TABLE_LIMIT {
            // A narrow window is looked up value by value in the table's
            // index; a wide one found by a binary search in its values
            // sorted.
            let narrow = hi - lo < NARROW;
            if narrow {
                self.table(mask)?;
            } else {
                self.sort(mask)?;
            }
            let table = self.tables[mask as usize].as_ref().expect("built");
            let mut kept = None;
            let mut consider = |value: i64, index: u32| {
                if let Some(made) = self.carry(value, chain)
                    && closest.improves(made)
                {
                    closest.distance = Some(made.abs_diff(closest.target));
                    kept = Some((made, index));
                }
            };
            if narrow {
                for value in lo..=hi {
                    if let Some(index) = table.find(value) {
                        consider(value, index);
                    }
                }
            } else {
                let start = table.sorted.partition_point(|&(v, _)| v < lo);
                for &(value, index) in table.sorted[start..].iter().take_while(|&&(v, _)| v <= hi) {
                    consider(value, index);
                }
            }
            self.charge(1)?;
            // Each value kept is closer than the one before.
            if let Some((made, index)) = kept {
                closest.value = made;
                closest.expr = Some(self.chain_expr(Part { mask, index }, chain));
            }
            return Ok(());
        }
        self.charge(1)?;
        let splits = self.splits(mask);
        for &(larger, smaller) in &splits.list[..splits.len] {
            let count = self.table(smaller)?.values.len();
            for index in 0..count {
                let part = Part {
                    mask: smaller,
                    index: index as u32,
                };
                for (op, on_left) in FORMS {
                    if self.ops.contains(Ops::from_op(op)) {
                        chain.push((op, on_left, part));
                        self.scan(larger, chain, closest)?;
                        chain.pop();
                    }
                }
            }
        }
        Ok(())
    }

    /// The window the innermost operand of `chain` must fall in for the
    /// value at the top to come closer than `closest`; `None` when empty.
    fn window(&self, chain: &[(Op, bool, Part)], closest: &Closest) -> Option<(i64, i64)> {
        let reach = i64::try_from(closest.bound())
            .unwrap_or(i64::MAX)
            .checked_sub(1)?;
        let mut lo = closest.target.saturating_sub(reach).max(1);
        let mut hi = closest.target.saturating_add(reach).min(self.ceiling);
        for &(op, on_left, part) in chain {
            if lo > hi {
                return None;
            }
            let known = self.value(part);
            (lo, hi) = match (op, on_left) {
                (Op::Add, _) => (lo.saturating_sub(known), hi.saturating_sub(known)),
                (Op::Sub, true) => (lo.saturating_add(known), hi.saturating_add(known)),
                (Op::Sub, false) => (known.saturating_sub(hi), known.saturating_sub(lo)),
                (Op::Mul, _) => (div_up(lo, known), hi / known),
                (Op::Div, true) => (lo.saturating_mul(known), hi.saturating_mul(known)),
                (Op::Div, false) => (div_up(known, hi), known / lo),
            };
            lo = lo.max(1);
            hi = hi.min(self.ceiling);
        }
        (lo <= hi).then_some((lo, hi))
    }

    /// The value `value` makes carried up through the steps of `chain`, the
    /// innermost first, under the rules; `None` if a step is not allowed.
    fn carry(&self, value: i64, chain: &[(Op, bool, Part)]) -> Option<i64> {
        chain
            .iter()
            .rev()
            .try_fold(value, |made, &(op, on_left, part)| {
                let known = self.value(part);
                if on_left {
                    self.step(op, made, known)
                } else {
                    self.step(op, known, made)
                }
            })
    }

    /// `left op right` under the rules, `None` when not allowed (as the
    /// tables build it: a positive integer, and under any subset no step
    /// that gives back one of its operands).
    fn step(&self, op: Op, left: i64, right: i64) -> Option<i64> {
        let any = self.any;
        let made = match op {
            Op::Add => left.checked_add(right)?,
            Op::Mul => {
                if any && (left == 1 || right == 1) {
                    return None;
                }
                left.checked_mul(right)?
            }
            Op::Sub => {
                let made = left - right;
                if made < 1 || (any && made == right) {
                    return None;
                }
                made
            }
            Op::Div => {
                if left % right != 0 || (any && (right == 1 || left / right == right)) {
                    return None;
                }
                left / right
            }
        };
        Some(made)
    }

    /// The expression of the value `part` carried up through `chain`.
    fn chain_expr(&self, part: Part, chain: &[(Op, bool, Part)]) -> Expr {
        chain
            .iter()
            .rev()
            .fold(self.expr(part), |made, &(op, on_left, known)| {
                let known = self.expr(known);
                if on_left {
                    Expr::bin(op, made, known)
                } else {
                    Expr::bin(op, known, made)
                }
            })
    }

    /// Sorts the table of `mask` for scanning, once.
    fn sort(&mut self, mask: Mask) -> Result<(), Halt> {
        self.table(mask)?;
        let table = self.tables[mask as usize].as_mut().expect("built");
        if table.sorted.is_empty() {
            table.sorted = table.values.iter().copied().zip(0..).collect();
            table.sorted.sort_unstable();
        }
        Ok(())
    }
}

/// `a / b` rounded up, for `a` and `b` positive.
fn div_up(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}
