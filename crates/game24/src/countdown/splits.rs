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

use std::collections::hash_map::Entry;

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

/// How a listed value is made.
#[derive(Clone, Copy, Debug)]
enum Made {
    /// It is the part's one number.
    Number,
    /// `left op right`, each a value of another listed part, as (part,
    /// index in its list).
    Step {
        op: Op,
        left: (u16, u32),
        right: (u16, u32),
    },
}

/// The values one part of the hand makes with all its numbers, each with
/// how it is first made, and an index of them by value.
#[derive(Debug, Default)]
struct Listed {
    values: Vec<Rational>,
    made: Vec<Made>,
    index: FxHashMap<Rational, u32>,
}

impl Listed {
    /// Adds `value`, made as `made`, unless it is listed already.
    fn insert(&mut self, value: Rational, made: Made) {
        let next = self.values.len() as u32;
        if let Entry::Vacant(slot) = self.index.entry(value) {
            slot.insert(next);
            self.values.push(value);
            self.made.push(made);
        }
    }
}

/// The questions of one hand under one set of operations.
pub(super) struct Splits<'a> {
    hand: &'a [Rational],
    ops: Ops,
    /// Per part of at most [`LISTED`] numbers (a mask of the hand), every
    /// value it makes.
    listed: FxHashMap<u16, Listed>,
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
            let found = self.list(part)?.index.get(&value).copied();
            return Ok(found.map(|index| self.expr(part, index)));
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
                let count = self.list(small)?.values.len();
                for index in 0..count as u32 {
                    if let Some(expr) = self.make_around(rest, (small, index), value)? {
                        return Ok(Some(expr));
                    }
                }
            }
            small = small.wrapping_sub(1) & part;
        }
        Ok(None)
    }

    /// An expression `a op b` or `b op a` making `value`, with `a` made of
    /// `rest` and `b` the listed value `known` (its part and index).
    fn make_around(
        &mut self,
        rest: u16,
        known: (u16, u32),
        value: Rational,
    ) -> Result<Option<Expr>, Halt> {
        let b = self.listed[&known.0].values[known.1 as usize];
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
                let b_expr = self.expr(known.0, known.1);
                let (left, right) = if b_first {
                    (b_expr, a_expr)
                } else {
                    (a_expr, b_expr)
                };
                return Ok(Some(Expr::bin(op, left, right)));
            }
        }
        Ok(None)
    }

    /// Every value `part` (at most [`LISTED`] numbers) makes, listed the
    /// first time it is asked for: a lone number, or every operation
    /// between the values of two smaller parts.
    fn list(&mut self, part: u16) -> Result<&Listed, Halt> {
        if !self.listed.contains_key(&part) {
            let listed = self.build(part)?;
            self.listed.insert(part, listed);
        }
        Ok(&self.listed[&part])
    }

    /// [`list`](Self::list), computed.
    fn build(&mut self, part: u16) -> Result<Listed, Halt> {
        let mut out = Listed::default();
        if part.count_ones() == 1 {
            out.insert(self.hand[part.trailing_zeros() as usize], Made::Number);
            return Ok(out);
        }
        // Each split once: the lowest number on the left.
        let low = part & part.wrapping_neg();
        let mut left = part.wrapping_sub(1) & part;
        while left != 0 {
            if left & low != 0 && left != part {
                let right = part & !left;
                let lefts = self.list(left)?.values.clone();
                let rights = self.list(right)?.values.clone();
                for (i, &a) in lefts.iter().enumerate() {
                    for (j, &b) in rights.iter().enumerate() {
                        let (a_at, b_at) = ((left, i as u32), (right, j as u32));
                        for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
                            if !self.ops.contains(Ops::from_op(op)) {
                                continue;
                            }
                            for (x, y, x_at, y_at) in [(a, b, a_at, b_at), (b, a, b_at, a_at)] {
                                if let Some(r) = Rational::combine(op, x, y)? {
                                    let made = Made::Step {
                                        op,
                                        left: x_at,
                                        right: y_at,
                                    };
                                    out.insert(r, made);
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

    /// The expression of listed value `index` of `part`.
    fn expr(&self, part: u16, index: u32) -> Expr {
        let listed = &self.listed[&part];
        match listed.made[index as usize] {
            Made::Number => Expr::Num(listed.values[index as usize]),
            Made::Step { op, left, right } => {
                Expr::bin(op, self.expr(left.0, left.1), self.expr(right.0, right.1))
            }
        }
    }
}
