//! The two kinds of step value a numbers game can run on: positive
//! integers (Countdown) as plain `i64`, and exact rationals.

use std::fmt::Debug;
use std::hash::Hash;

use num_traits::{CheckedSub, Signed};

use crate::Rational;
use crate::error::EvalError;
use crate::expr::Op;

/// A step overflowed `i64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Overflow;

/// A value of one step of a solution, under one kind of arithmetic.
pub(crate) trait StepValue: Copy + Eq + Ord + Hash + Default + Debug {
    /// `a op b`, `Ok(None)` when the rules do not allow the step.
    fn combine(op: Op, a: Self, b: Self) -> Result<Option<Self>, Overflow>;
    /// `|self - target|`.
    fn distance(self, target: Self) -> Result<Self, Overflow>;
    /// The value as a rational, for the expression and the answer.
    fn to_rational(self) -> Rational;
}

/// Positive integers: a step that is not a positive integer is refused.
impl StepValue for i64 {
    #[inline]
    fn combine(op: Op, a: i64, b: i64) -> Result<Option<i64>, Overflow> {
        Ok(match op {
            Op::Add => Some(a.checked_add(b).ok_or(Overflow)?),
            Op::Mul => Some(a.checked_mul(b).ok_or(Overflow)?),
            // Both operands are positive, so `a - b` cannot overflow.
            Op::Sub => (a > b).then(|| a - b),
            Op::Div => (b > 0 && a % b == 0).then(|| a / b),
        })
    }

    fn distance(self, target: i64) -> Result<i64, Overflow> {
        self.checked_sub(target)
            .and_then(i64::checked_abs)
            .ok_or(Overflow)
    }

    fn to_rational(self) -> Rational {
        Rational::from_integer(self)
    }
}

/// Exact rationals: only a division by zero is refused.
impl StepValue for Rational {
    /// Through [`Op::apply`], which takes values with a part of
    /// `i64::MIN` through big integers (num-rational's checked operations
    /// negate such a part inside their gcd).
    #[inline]
    fn combine(op: Op, a: Rational, b: Rational) -> Result<Option<Rational>, Overflow> {
        match op.apply(&a, &b) {
            Ok(r) => Ok(Some(r)),
            Err(EvalError::DivisionByZero) => Ok(None),
            Err(EvalError::Overflow) => Err(Overflow),
        }
    }

    fn distance(self, target: Rational) -> Result<Rational, Overflow> {
        let d = self.checked_sub(&target).ok_or(Overflow)?;
        // `abs` of the most negative numerator would overflow: refuse it.
        if *d.numer() == i64::MIN {
            return Err(Overflow);
        }
        Ok(d.abs())
    }

    fn to_rational(self) -> Rational {
        self
    }
}
