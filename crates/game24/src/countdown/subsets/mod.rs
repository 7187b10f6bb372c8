//! Countdown's integer rules answered from the values of each subset of
//! the hand: the fast path of [`Countdown::solve`](super::Countdown::solve) and
//! [`Countdown::solutions`](super::Countdown::solutions).
//!
//! Every subset of up to [`TABLE_LIMIT`] numbers gets a table of the
//! values it makes with exactly those numbers, each with how it is made,
//! built bottom-up from the tables of its two parts. A larger subset is
//! asked whether it makes one value: it is split in two parts in every
//! way, each value of the smaller part is tried with each operation in
//! both places, and the value the larger part would need is looked up in
//! its table or asked of it in turn. Subsets of equal numbers (two 5s, or
//! a 1 and a 5 against the other 1 and 5) are one subset.
//!
//! The target is asked of every subset the rules allow; when none makes
//! it, the closest value is found in a narrowing window around the target
//! ([`closest`]). Every solution is listed the same way, with every way of
//! making each value kept ([`every`]).

use kongming_search::control::{Meter, StopReason};

use super::rules::{NumberUse, Rules};
use crate::Rational;
use crate::expr::{Expr, Op};
use crate::ops::Ops;
use table::{Made, Part, Table};

mod closest;
mod every;
mod table;

/// The most numbers a subset's table is built for: larger subsets are
/// asked for one value at a time.
const TABLE_LIMIT: u32 = 4;

/// The most numbers this solver takes: a subset of seven would be asked
/// through two levels of splitting, more than the depth-first search does.
pub(crate) const MOST_NUMBERS: usize = 6;

/// A subset of the hand: bit `i` is number `i` of the hand sorted.
type Mask = u8;

/// The ways a subset of at most [`MOST_NUMBERS`] splits in two (31 for
/// six numbers: 6 + 15 + 10).
#[derive(Clone, Copy, Debug, Default)]
struct Splits {
    list: [(Mask, Mask); 32],
    len: usize,
}

/// The ways one step makes a value from one known operand (at most six).
#[derive(Clone, Copy, Debug)]
struct Ways {
    list: [(Op, i64, bool); 6],
    len: usize,
}

impl Default for Ways {
    fn default() -> Ways {
        Ways {
            list: [(Op::Add, 0, false); 6],
            len: 0,
        }
    }
}

/// What the fast path concluded.
#[derive(Debug)]
pub(crate) enum Found {
    /// A solution.
    Exact(Expr),
    /// The target cannot be made; `value` is at the least distance.
    Closest { expr: Expr, value: i64 },
    /// The rules let the hand make nothing.
    Nothing,
}

/// Why the fast path stopped short of an answer.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Halt {
    /// The budget ran out.
    Stopped(StopReason),
    /// A solution's canonical form overflowed.
    Overflow,
}

/// One game's subsets, their tables, and the work done on them.
pub(crate) struct Subsets {
    /// The hand, sorted.
    numbers: Vec<i64>,
    ops: Ops,
    /// Whether any subset may answer (else only the whole hand).
    any: bool,
    /// No value any expression of the hand makes is larger: a value
    /// needed past it cannot be made, and no step overflows.
    ceiling: i64,
    /// The subset of the same numbers every subset stands for.
    canonical: Vec<Mask>,
    tables: Vec<Option<Table>>,
    /// The ways each subset splits, worked out on first use.
    splits: Vec<Option<Splits>>,
    /// Whether the tables keep every way of making each value.
    every_way: bool,
    meter: Meter,
    work: u64,
}

impl Subsets {
    /// The subsets of `numbers` (positive integers) under `rules`, or
    /// `None` when the hand is not one this path takes: too many numbers,
    /// or values large enough for a step to overflow `i64`.
    pub(crate) fn new(numbers: &[i64], rules: Rules, meter: Meter) -> Option<Subsets> {
        if numbers.is_empty() || numbers.len() > MOST_NUMBERS || numbers.iter().any(|&n| n < 1) {
            return None;
        }
        // Under positive integers no expression passes the product of its
        // numbers with each below 2 counted as 2 (a + b <= a * b from 2 on).
        let mut ceiling: i64 = 1;
        for &n in numbers {
            ceiling = ceiling.checked_mul(n.max(2))?;
        }
        let mut sorted = numbers.to_vec();
        sorted.sort_unstable();
        let full = 1usize << sorted.len();
        let canonical = (0..full)
            .map(|mask| canonical(&sorted, mask as Mask))
            .collect();
        Some(Subsets {
            numbers: sorted,
            ops: rules.ops(),
            any: rules.number_use() == NumberUse::Any,
            ceiling,
            canonical,
            tables: (0..full).map(|_| None).collect(),
            splits: vec![None; full],
            every_way: false,
            meter,
            work: 0,
        })
    }

    /// The whole hand.
    fn full(&self) -> Mask {
        ((1usize << self.numbers.len()) - 1) as Mask
    }

    /// The subsets that may answer, one of each kind, fewest numbers first.
    fn answering(&self) -> Vec<Mask> {
        if !self.any {
            return vec![self.full()];
        }
        let mut masks: Vec<Mask> = (1..=self.full())
            .filter(|&m| self.canonical[m as usize] == m)
            .collect();
        masks.sort_by_key(|m| m.count_ones());
        masks
    }

    /// The first solution, or the closest value.
    pub(crate) fn solve(&mut self, target: i64) -> Result<Found, Halt> {
        let answering = self.answering();
        for &mask in &answering {
            if let Some(expr) = self.make(mask, target)? {
                return Ok(Found::Exact(expr));
            }
        }
        // Every value is at least 1 and at most the ceiling, so a target
        // outside that range has the value nearest its end as its closest:
        // searched for at the end, with no window arithmetic far from it.
        let aim = target.clamp(1, self.ceiling);
        Ok(match self.closest(aim, &answering)? {
            Some((value, expr)) => Found::Closest { expr, value },
            None => Found::Nothing,
        })
    }

    /// Counts `amount` units of work against the budget.
    #[inline]
    fn charge(&mut self, amount: u64) -> Result<(), Halt> {
        self.work = self.work.saturating_add(amount);
        match self.meter.exceeded(self.work) {
            Some(reason) => Err(Halt::Stopped(reason)),
            None => Ok(()),
        }
    }

    /// An expression of exactly the numbers of `mask` that makes `value`.
    fn make(&mut self, mask: Mask, value: i64) -> Result<Option<Expr>, Halt> {
        if value < 1 || value > self.ceiling {
            return Ok(None);
        }
        let mask = self.canonical[mask as usize];
        if mask.count_ones() <= TABLE_LIMIT {
            let table = self.table(mask)?;
            return Ok(table.find(value).map(|index| {
                let part = Part { mask, index };
                self.expr(part)
            }));
        }
        self.charge(1)?;
        let splits = self.splits(mask);
        for &(larger, smaller) in &splits.list[..splits.len] {
            let count = self.table(smaller)?.values.len();
            for index in 0..count {
                let known = self.tables[smaller as usize]
                    .as_ref()
                    .map_or(0, |t| t.values[index]);
                let part = Part {
                    mask: smaller,
                    index: index as u32,
                };
                let ways = self.needs(value, known);
                for &(op, needed, needed_on_left) in &ways.list[..ways.len] {
                    if let Some(expr) = self.make(larger, needed)? {
                        let other = self.expr(part);
                        let (left, right) = if needed_on_left {
                            (expr, other)
                        } else {
                            (other, expr)
                        };
                        return Ok(Some(Expr::bin(op, left, right)));
                    }
                }
            }
        }
        Ok(None)
    }

    /// The ways `x op y = value` holds with `known` as one operand: each
    /// operation, the other operand's value, and whether it is on the
    /// left; `value` is at least 1. A step giving back one of its operands
    /// is left out when any subset may answer (the same value is made
    /// without the other operand), as the tables leave it out.
    fn needs(&self, value: i64, known: i64) -> Ways {
        let any = self.any;
        let mut ways = Ways::default();
        let mut push = |op: Op, needed: Option<i64>, on_left: bool| {
            if let Some(needed) = needed.filter(|&n| n >= 1 && n <= self.ceiling)
                && self.ops.contains(Ops::from_op(op))
            {
                ways.list[ways.len] = (op, needed, on_left);
                ways.len += 1;
            }
        };
        // needed + known
        push(Op::Add, (value > known).then(|| value - known), true);
        // needed - known
        let minuend = !any || value != known;
        push(
            Op::Sub,
            minuend.then(|| value.checked_add(known)).flatten(),
            true,
        );
        // known - needed
        let subtrahend = known > value && (!any || known - value != value);
        push(Op::Sub, subtrahend.then(|| known - value), false);
        // needed * known
        let factor = value % known == 0 && (!any || (known != 1 && value != known));
        push(Op::Mul, factor.then(|| value / known), true);
        // needed / known
        let dividend = !any || (known != 1 && value != known);
        push(
            Op::Div,
            dividend.then(|| value.checked_mul(known)).flatten(),
            true,
        );
        // known / needed
        let divisor = known % value == 0 && (!any || (known != value && known / value != value));
        push(Op::Div, divisor.then(|| known / value), false);
        ways
    }

    /// The ways to split `mask` in two: the larger part and the smaller,
    /// one of each kind (parts of equal size once, in either order),
    /// smaller parts first.
    fn splits(&mut self, mask: Mask) -> Splits {
        if let Some(splits) = self.splits[mask as usize] {
            return splits;
        }
        let mut splits = Splits::default();
        let size = mask.count_ones();
        for smaller_size in 1..=size / 2 {
            let mut part = (mask - 1) & mask;
            while part > 0 {
                if part.count_ones() == smaller_size {
                    let rest = mask ^ part;
                    let (a, b) = (self.canonical[rest as usize], self.canonical[part as usize]);
                    let pair = if smaller_size * 2 == size && a < b {
                        (b, a)
                    } else {
                        (a, b)
                    };
                    if !splits.list[..splits.len].contains(&pair) {
                        splits.list[splits.len] = pair;
                        splits.len += 1;
                    }
                }
                part = (part - 1) & mask;
            }
        }
        self.splits[mask as usize] = Some(splits);
        splits
    }

    /// The table of `mask` (a canonical subset of at most
    /// [`TABLE_LIMIT`] numbers), built on first use.
    fn table(&mut self, mask: Mask) -> Result<&Table, Halt> {
        if self.tables[mask as usize].is_none() {
            let table = self.build(mask)?;
            self.tables[mask as usize] = Some(table);
        }
        Ok(self.tables[mask as usize].as_ref().expect("just built"))
    }

    /// Builds the table of `mask` from the tables of its parts.
    fn build(&mut self, mask: Mask) -> Result<Table, Halt> {
        if mask.count_ones() == 1 {
            let mut table = Table::with_capacity(1);
            let value = self.numbers[mask.trailing_zeros() as usize];
            table.insert(value, Made::Number);
            if self.every_way {
                table.keep_ways(&[(0, Made::Number)]);
            }
            return Ok(table);
        }
        let splits = self.splits(mask);
        let splits = &splits.list[..splits.len];
        let mut capacity = 0;
        for &(larger, smaller) in splits {
            let a = self.table(larger)?.values.len();
            let b = self.table(smaller)?.values.len();
            capacity += 4 * a * b;
        }
        self.charge(capacity as u64)?;
        let mut table = Table::with_capacity(capacity);
        let any = self.any;
        let ops = self.ops;
        let keep = self.every_way;
        let mut ways: Vec<(u32, Made)> = Vec::new();
        let mut add = |table: &mut Table, value: i64, made: Made| {
            let index = table.insert(value, made);
            if keep {
                ways.push((index, made));
            }
        };
        for &(x_mask, y_mask) in splits {
            let xs = &self.tables[x_mask as usize].as_ref().expect("built").values;
            let ys = &self.tables[y_mask as usize].as_ref().expect("built").values;
            for (xi, &x) in xs.iter().enumerate() {
                for (yi, &y) in ys.iter().enumerate() {
                    let xp = Part {
                        mask: x_mask,
                        index: xi as u32,
                    };
                    let yp = Part {
                        mask: y_mask,
                        index: yi as u32,
                    };
                    let (big, small, bp, sp) = if x >= y {
                        (x, y, xp, yp)
                    } else {
                        (y, x, yp, xp)
                    };
                    let step = |op, left, right| Made::Step { op, left, right };
                    if ops.contains(Ops::ADD) {
                        add(&mut table, big + small, step(Op::Add, bp, sp));
                    }
                    if ops.contains(Ops::MUL) && (!any || small > 1) {
                        add(&mut table, big * small, step(Op::Mul, bp, sp));
                    }
                    if ops.contains(Ops::SUB) && big > small && (!any || big - small != small) {
                        add(&mut table, big - small, step(Op::Sub, bp, sp));
                    }
                    if ops.contains(Ops::DIV)
                        && big % small == 0
                        && (!any || (small > 1 && big / small != small))
                    {
                        add(&mut table, big / small, step(Op::Div, bp, sp));
                        // Equal values divide either way: two trees of 1
                        // (`(6/3)/2` and `2/(6/3)`), not the same solution.
                        if big == small {
                            add(&mut table, 1, step(Op::Div, sp, bp));
                        }
                    }
                }
            }
        }
        if keep {
            table.keep_ways(&ways);
        }
        Ok(table)
    }

    /// The value of a table's entry.
    fn value(&self, part: Part) -> i64 {
        self.tables[part.mask as usize]
            .as_ref()
            .expect("built")
            .values[part.index as usize]
    }

    /// The expression of a value of a table.
    fn expr(&self, part: Part) -> Expr {
        let table = self.tables[part.mask as usize].as_ref().expect("built");
        let index = part.index as usize;
        match table.made[index] {
            Made::Number => Expr::num(Rational::from_integer(table.values[index])),
            Made::Step { op, left, right } => Expr::bin(op, self.expr(left), self.expr(right)),
        }
    }
}

/// The subset holding, of each number of `sorted`, as many copies as
/// `mask` does, the first ones.
fn canonical(sorted: &[i64], mask: Mask) -> Mask {
    let mut out = 0;
    let mut start = 0;
    while start < sorted.len() {
        let end = start
            + sorted[start..]
                .iter()
                .take_while(|&&n| n == sorted[start])
                .count();
        let copies = (start..end).filter(|&i| mask & (1 << i) != 0).count();
        for i in start..start + copies {
            out |= 1 << i;
        }
        start = end;
    }
    out
}
