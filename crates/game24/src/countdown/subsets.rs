//! Countdown's integer rules answered from the values of each subset of
//! the hand: the fast path of [`Countdown::solve`](super::Countdown::solve).
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
//! The target is asked of every subset the rules allow. When none makes
//! it, the closest value comes from a scan of a window around the target
//! that narrows as closer values are found: each step's other operand
//! turns the window into the window its operand must fall in, down to
//! the sorted tables, where a binary search finds the values inside.

use kongming_search::control::{Meter, StopReason};

use super::rules::{NumberUse, Rules};
use crate::Rational;
use crate::expr::{Expr, Op};
use crate::ops::Ops;

/// The most numbers a subset's table is built for: larger subsets are
/// asked for one value at a time.
const TABLE_LIMIT: u32 = 4;

/// The most numbers this solver takes: a subset of seven would be asked
/// through two levels of splitting, more than the depth-first search does.
pub(crate) const MOST_NUMBERS: usize = 6;

/// The first half-width of the window the closest value is looked for in.
const FIRST_REACH: u64 = 4;

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

/// A subset of the hand: bit `i` is number `i` of the hand sorted.
type Mask = u8;

/// How a value of a table is made.
#[derive(Clone, Copy, Debug)]
enum Made {
    /// It is the subset's one number.
    Number,
    /// `left op right`, each a value of another table.
    Step { op: Op, left: Part, right: Part },
}

/// A value of a table: the table's subset and the value's index in it.
#[derive(Clone, Copy, Debug)]
struct Part {
    mask: Mask,
    index: u32,
}

/// The values one subset makes with all its numbers, each once, with how
/// each is first made, and an open-addressing index of them by value.
#[derive(Debug, Default)]
struct Table {
    values: Vec<i64>,
    made: Vec<Made>,
    /// The values sorted, with their indices, once the table is scanned.
    sorted: Vec<(i64, u32)>,
    /// Index + 1 of the value whose hash lands here, 0 for none; the
    /// length is a power of two at least twice the values the table can get.
    slots: Vec<u32>,
    shift: u32,
}

impl Table {
    /// An empty table for at most `capacity` values.
    fn with_capacity(capacity: usize) -> Table {
        let slots = (2 * capacity).next_power_of_two().max(4);
        Table {
            values: Vec::with_capacity(capacity),
            made: Vec::with_capacity(capacity),
            sorted: Vec::new(),
            slots: vec![0; slots],
            shift: 64 - slots.trailing_zeros(),
        }
    }

    #[inline]
    fn slot(&self, value: i64) -> usize {
        // Fibonacci hashing: the high bits of the product spread nearby values.
        ((value as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The index of `value`, if the table has it.
    #[inline]
    fn find(&self, value: i64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut slot = self.slot(value);
        loop {
            match self.slots[slot] {
                0 => return None,
                k if self.values[k as usize - 1] == value => return Some(k - 1),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Adds `value`, made as `made`, unless the table has it already.
    #[inline]
    fn insert(&mut self, value: i64, made: Made) {
        let mask = self.slots.len() - 1;
        let mut slot = self.slot(value);
        loop {
            match self.slots[slot] {
                0 => {
                    self.values.push(value);
                    self.made.push(made);
                    self.slots[slot] = self.values.len() as u32;
                    return;
                }
                k if self.values[k as usize - 1] == value => return,
                _ => slot = (slot + 1) & mask,
            }
        }
    }
}

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

/// The budget ran out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Halt(pub(crate) StopReason);

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
        let canonical = (0..full).map(|mask| canonical(&sorted, mask as Mask)).collect();
        Some(Subsets {
            numbers: sorted,
            ops: rules.ops(),
            any: rules.number_use() == NumberUse::Any,
            ceiling,
            canonical,
            tables: (0..full).map(|_| None).collect(),
            splits: vec![None; full],
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
        // The closest value: first among the tables of small subsets
        // (every value of them, when any subset may answer) ...
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
        // ... then in a window around the target, in the larger subsets:
        // a narrow one first, widened until it holds the closest value (a
        // wide window holds many values); within a window, each closer
        // value found narrows it.
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
        Ok(match closest.expr {
            Some(expr) => Found::Closest {
                expr,
                value: closest.value,
            },
            None => Found::Nothing,
        })
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
            self.sort(mask)?;
            let table = self.tables[mask as usize].as_ref().expect("built");
            let start = table.sorted.partition_point(|&(v, _)| v < lo);
            let mut found = Vec::new();
            for &(value, index) in table.sorted[start..].iter().take_while(|&&(v, _)| v <= hi) {
                if let Some(made) = self.carry(value, chain)
                    && closest.improves(made)
                {
                    closest.distance = Some(made.abs_diff(closest.target));
                    found.push((made, index));
                }
            }
            self.charge(1 + found.len() as u64)?;
            // The last one kept is the closest.
            if let Some(&(made, index)) = found.last() {
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
        let reach = i64::try_from(closest.bound()).unwrap_or(i64::MAX).checked_sub(1)?;
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
        chain.iter().rev().try_fold(value, |made, &(op, on_left, part)| {
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

    /// The value of a table's entry.
    fn value(&self, part: Part) -> i64 {
        self.tables[part.mask as usize].as_ref().expect("built").values[part.index as usize]
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

    /// Counts `amount` units of work against the budget.
    #[inline]
    fn charge(&mut self, amount: u64) -> Result<(), Halt> {
        self.work = self.work.saturating_add(amount);
        match self.meter.exceeded(self.work) {
            Some(reason) => Err(Halt(reason)),
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
                let known = self.tables[smaller as usize].as_ref().map_or(0, |t| t.values[index]);
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
        push(Op::Sub, minuend.then(|| value.checked_add(known)).flatten(), true);
        // known - needed
        let subtrahend = known > value && (!any || known - value != value);
        push(Op::Sub, subtrahend.then(|| known - value), false);
        // needed * known
        let factor = value % known == 0 && (!any || (known != 1 && value != known));
        push(Op::Mul, factor.then(|| value / known), true);
        // needed / known
        let dividend = !any || (known != 1 && value != known);
        push(Op::Div, dividend.then(|| value.checked_mul(known)).flatten(), true);
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
                    let (big, small, bp, sp) = if x >= y { (x, y, xp, yp) } else { (y, x, yp, xp) };
                    let step = |op, left, right| Made::Step { op, left, right };
                    if ops.contains(Ops::ADD) {
                        table.insert(big + small, step(Op::Add, bp, sp));
                    }
                    if ops.contains(Ops::MUL) && (!any || small > 1) {
                        table.insert(big * small, step(Op::Mul, bp, sp));
                    }
                    if ops.contains(Ops::SUB) && big > small && (!any || big - small != small) {
                        table.insert(big - small, step(Op::Sub, bp, sp));
                    }
                    if ops.contains(Ops::DIV)
                        && big % small == 0
                        && (!any || (small > 1 && big / small != small))
                    {
                        table.insert(big / small, step(Op::Div, bp, sp));
                    }
                }
            }
        }
        Ok(table)
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
        let end = start + sorted[start..].iter().take_while(|&&n| n == sorted[start]).count();
        let copies = (start..end).filter(|&i| mask & (1 << i) != 0).count();
        for i in start..start + copies {
            out |= 1 << i;
        }
        start = end;
    }
    out
}

/// `a / b` rounded up, for `a` and `b` positive.
fn div_up(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}
