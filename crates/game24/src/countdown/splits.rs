//! Whether a hand makes a target exactly when any rational is allowed on
//! the way, by splitting the hand (or, when any of its numbers may be
//! left out, each part of it in turn): the last step of a solution
//! combines the values of two parts of the hand, so the target is made
//! when, for some split, some value `b` of the smaller part and the value
//! `a` the target then asks of the other part (`t - b` for `a + b = t`,
//! `b / t` for `b / a = t`, …) can be made. The values of every part of
//! up to three numbers are listed once; a larger part asks the same
//! question again, its answers kept (as many as the budget's nodes).
//!
//! The depth-first search plays every line of two-number steps, which on
//! six numbers meets hundreds of thousands of boards before the first
//! solution; here six numbers ask a few thousand questions. It answers
//! yes or no, so a game it finds no solution for goes on to the search
//! for the closest value.

use kongming_search::control::{Meter, StopReason};
use rustc_hash::FxHashMap;

use super::value::{Overflow, StepValue};
use crate::Rational;
use crate::expr::{Expr, Op};
use crate::ops::Ops;

/// Parts of at most this many numbers have their values listed.
const LISTED: u32 = 3;

/// The most answers of larger parts kept (some tens of megabytes): past
/// that, a question is asked again rather than looked up, so that memory
/// stays bounded however long the budget lets the splits run.
const MAX_KEPT_ANSWERS: usize = 1 << 18;

/// Why splitting gave no answer.
pub(super) enum Halt {
    /// The budget ran out.
    Stopped(StopReason),
    /// A value overflowed `i64`: the depth-first search decides.
    Overflow,
}

impl From<Overflow> for Halt {
    fn from(_: Overflow) -> Halt {
        Halt::Overflow
    }
}

/// The questions of one hand under one set of operations.
pub(super) struct Splits<'a> {
    hand: &'a [Rational],
    ops: Ops,
    /// Per part of at most [`LISTED`] numbers (a mask of the hand), every
    /// value it makes with an expression for it.
    listed: FxHashMap<u16, FxHashMap<Rational, Expr>>,
    /// Answers of larger parts: `(part, value)` made, by this expression
    /// or not at all.
    asked: FxHashMap<(u16, Rational), Option<Expr>>,
    meter: Meter,
    questions: u64,
}

impl<'a> Splits<'a> {
    /// The questions for `hand` (at most 16 numbers) under `ops`, metered
    /// by `meter` (a question a node).
    pub(super) fn new(hand: &'a [Rational], ops: Ops, meter: Meter) -> Splits<'a> {
        debug_assert!(hand.len() <= 16);
        Splits {
            hand,
            ops,
            listed: FxHashMap::default(),
            asked: FxHashMap::default(),
            meter,
            questions: 0,
        }
    }

    /// The questions asked so far (the nodes spent of the budget).
    pub(super) fn questions(&self) -> u64 {
        self.questions
    }

    /// An expression using every number of the hand once that makes
    /// `target`, if there is one.
    pub(super) fn solve(&mut self, target: Rational) -> Result<Option<Expr>, Halt> {
        let all = u16::MAX >> (16 - self.hand.len());
        self.make(all, target)
    }

    /// An expression using some of the numbers of the hand, each at most
    /// once, that makes `target`, if there is one: the parts of the hand
    /// are asked from the smallest up (a lone number of the hand that is
    /// the target is an answer).
    pub(super) fn solve_any(&mut self, target: Rational) -> Result<Option<Expr>, Halt> {
        let all = u16::MAX >> (16 - self.hand.len());
        for size in 1..=all.count_ones() {
            for part in 1..=all {
                if part.count_ones() == size
                    && let Some(expr) = self.make(part, target)?
                {
                    return Ok(Some(expr));
                }
            }
        }
        Ok(None)
    }

    /// An expression of the numbers of `part` (each once) that makes
    /// `value`, if there is one.
    fn make(&mut self, part: u16, value: Rational) -> Result<Option<Expr>, Halt> {
        if part.count_ones() <= LISTED {
            return Ok(self.values(part)?.get(&value).cloned());
        }
        if let Some(known) = self.asked.get(&(part, value)) {
            return Ok(known.clone());
        }
        self.questions += 1;
        if let Some(reason) = self.meter.exceeded(self.questions) {
            return Err(Halt::Stopped(reason));
        }
        let found = self.make_by_splits(part, value)?;
        if self.asked.len() < MAX_KEPT_ANSWERS {
            self.asked.insert((part, value), found.clone());
        }
        Ok(found)
    }

    /// [`make`](Self::make) for a part of more than [`LISTED`] numbers:
    /// every split into a listed smaller part and the rest.
    fn make_by_splits(&mut self, part: u16, value: Rational) -> Result<Option<Expr>, Halt> {
        // Every non-empty proper sub-part, as the listed side when it is
        // small enough and no larger than the rest.
        let mut small = part.wrapping_sub(1) & part;
        while small != 0 {
            let rest = part & !small;
            if small.count_ones() <= LISTED && small.count_ones() <= rest.count_ones() {
                let values: Vec<(Rational, Expr)> = self
                    .values(small)?
                    .iter()
                    .map(|(v, e)| (*v, e.clone()))
                    .collect();
                for (b, b_expr) in values {
                    if let Some(expr) = self.make_around(rest, b, &b_expr, value)? {
                        return Ok(Some(expr));
                    }
                }
            }
            small = small.wrapping_sub(1) & part;
        }
        Ok(None)
    }

    /// An expression `a op b` or `b op a` making `value`, with `a` made of
    /// `rest` and `b` the value of `b_expr`.
    fn make_around(
        &mut self,
        rest: u16,
        b: Rational,
        b_expr: &Expr,
        value: Rational,
    ) -> Result<Option<Expr>, Halt> {
        // For each operation and side of `b`, the value `a` must have.
        let asks = [
            (Op::Add, false, Rational::combine(Op::Sub, value, b)?),
            (Op::Sub, false, Rational::combine(Op::Add, value, b)?),
            (Op::Sub, true, Rational::combine(Op::Sub, b, value)?),
            (Op::Mul, false, Rational::combine(Op::Div, value, b)?),
            (Op::Div, false, Rational::combine(Op::Mul, value, b)?),
            (Op::Div, true, Rational::combine(Op::Div, b, value)?),
        ];
        for (op, b_first, a) in asks {
            let Some(a) = a else { continue };
            if !self.ops.contains(Ops::from_op(op)) {
                continue;
            }
            // No division by zero: `a / b` needs `b`, `b / a` needs `a`.
            let zero = Rational::default();
            if op == Op::Div && (if b_first { a == zero } else { b == zero }) {
                continue;
            }
            if let Some(a_expr) = self.make(rest, a)? {
                let (left, right) = if b_first {
                    (b_expr.clone(), a_expr)
                } else {
                    (a_expr, b_expr.clone())
                };
                return Ok(Some(Expr::bin(op, left, right)));
            }
        }
        Ok(None)
    }

    /// Every value `part` (at most [`LISTED`] numbers) makes, listed the
    /// first time it is asked for.
    fn values(&mut self, part: u16) -> Result<&FxHashMap<Rational, Expr>, Halt> {
        if !self.listed.contains_key(&part) {
            let values = self.list(part)?;
            self.listed.insert(part, values);
        }
        Ok(&self.listed[&part])
    }

    /// [`values`](Self::values), computed: a lone number, or every
    /// operation between the values of two smaller parts.
    fn list(&mut self, part: u16) -> Result<FxHashMap<Rational, Expr>, Halt> {
        let mut out = FxHashMap::default();
        if part.count_ones() == 1 {
            let n = self.hand[part.trailing_zeros() as usize];
            out.insert(n, Expr::Num(n));
            return Ok(out);
        }
        // Each split once: the lowest number on the left.
        let low = part & part.wrapping_neg();
        let mut left = part.wrapping_sub(1) & part;
        while left != 0 {
            if left & low != 0 && left != part {
                let right = part & !left;
                let lefts: Vec<(Rational, Expr)> = self
                    .values(left)?
                    .iter()
                    .map(|(v, e)| (*v, e.clone()))
                    .collect();
                let rights: Vec<(Rational, Expr)> = self
                    .values(right)?
                    .iter()
                    .map(|(v, e)| (*v, e.clone()))
                    .collect();
                for (a, a_expr) in &lefts {
                    for (b, b_expr) in &rights {
                        for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
                            if !self.ops.contains(Ops::from_op(op)) {
                                continue;
                            }
                            for (x, y, x_expr, y_expr) in
                                [(a, b, a_expr, b_expr), (b, a, b_expr, a_expr)]
                            {
                                if let Some(r) = Rational::combine(op, *x, *y)? {
                                    out.entry(r).or_insert_with(|| {
                                        Expr::bin(op, x_expr.clone(), y_expr.clone())
                                    });
                                }
                            }
                        }
                    }
                }
            }
            left = left.wrapping_sub(1) & part;
        }
        Ok(out)
    }
}
