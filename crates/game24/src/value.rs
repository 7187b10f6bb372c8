//! The values the general search runs on ([`Value`]): checked machine
//! rationals first ([`Rational`], whose steps are
//! [`crate::fraction::apply_fast`] and report an overflow),
//! exact values of any size ([`Exact`]) for a search that overflowed.

use std::fmt::Debug;
use std::hash::Hash;

use crate::error::EvalError;
use crate::exact::Exact;
use crate::expr::Op;
use crate::fraction::apply_fast;
use crate::{MAX_NUMBERS, Rational};

/// A value of the search.
pub(crate) trait Value: Clone + Debug + PartialEq {
    /// The key of a multiset of values, for the memo.
    type Key: Hash + Eq + Clone;

    fn from_rational(r: &Rational) -> Self;

    /// `l op r`; [`EvalError::Overflow`] only for machine values.
    fn combine(op: Op, l: &Self, r: &Self) -> Result<Self, EvalError>;

    /// Whether `l op r` is `target`; `None` if that is not known (an
    /// overflow).
    fn hits(l: &Self, r: &Self, op: Op, target: &Self) -> Option<bool>;

    fn is_integer(&self) -> bool;
    fn is_zero(&self) -> bool;
    fn is_negative(&self) -> bool;

    /// Equality (cheaper than `==` for `Rational`).
    fn same(a: &Self, b: &Self) -> bool;

    fn key<'a>(values: impl Iterator<Item = &'a Self>) -> Self::Key
    where
        Self: 'a;
}

impl Value for Rational {
    /// The values as (numerator, denominator), sorted (unused slots zero),
    /// and how many there are.
    type Key = ([(i64, i64); MAX_NUMBERS], u8);

    fn from_rational(r: &Rational) -> Rational {
        *r
    }

    fn combine(op: Op, l: &Rational, r: &Rational) -> Result<Rational, EvalError> {
        apply_fast(op, l, r)
    }

    /// Whether `l op r` is the target. Cross-multiplies in `i128` and
    /// falls back on checked rational arithmetic if that overflows.
    fn hits(l: &Rational, r: &Rational, op: Op, target: &Rational) -> Option<bool> {
        if l.is_integer() && r.is_integer() && target.is_integer() {
            let (a, b, t) = (*l.numer(), *r.numer(), *target.numer());
            let exact = match op {
                Op::Add => a.checked_add(b).map(|v| v == t),
                Op::Sub => a.checked_sub(b).map(|v| v == t),
                Op::Mul => a.checked_mul(b).map(|v| v == t),
                Op::Div => {
                    if b == 0 {
                        return Some(false);
                    }
                    t.checked_mul(b).map(|v| v == a)
                }
            };
            if let Some(hit) = exact {
                return Some(hit);
            }
        }
        let (ln, ld) = (i128::from(*l.numer()), i128::from(*l.denom()));
        let (rn, rd) = (i128::from(*r.numer()), i128::from(*r.denom()));
        let (tn, td) = (i128::from(*target.numer()), i128::from(*target.denom()));
        let fast = match op {
            Op::Add | Op::Sub => {
                let (a, b) = (ln.checked_mul(rd), rn.checked_mul(ld));
                let top = match (a, b) {
                    (Some(a), Some(b)) if op == Op::Add => a.checked_add(b),
                    (Some(a), Some(b)) => a.checked_sub(b),
                    _ => None,
                };
                top.and_then(|t| t.checked_mul(td))
                    .zip(ld.checked_mul(rd).and_then(|d| d.checked_mul(tn)))
            }
            Op::Mul => ln
                .checked_mul(rn)
                .and_then(|t| t.checked_mul(td))
                .zip(ld.checked_mul(rd).and_then(|d| d.checked_mul(tn))),
            Op::Div => {
                if rn == 0 {
                    return Some(false);
                }
                ln.checked_mul(rd)
                    .and_then(|t| t.checked_mul(td))
                    .zip(ld.checked_mul(rn).and_then(|d| d.checked_mul(tn)))
            }
        };
        match fast {
            Some((x, y)) => Some(x == y),
            None => op.apply(l, r).ok().map(|v| v == *target),
        }
    }

    fn is_integer(&self) -> bool {
        Rational::is_integer(self)
    }

    fn is_zero(&self) -> bool {
        *self.numer() == 0
    }

    fn is_negative(&self) -> bool {
        *self.numer() < 0
    }

    /// Equality of two rationals in lowest terms (cheaper than `Ratio`'s
    /// `==`, which compares through continued fractions).
    fn same(a: &Rational, b: &Rational) -> bool {
        a.numer() == b.numer() && a.denom() == b.denom()
    }

    fn key<'a>(values: impl Iterator<Item = &'a Rational>) -> Self::Key {
        let mut key = [(0, 0); MAX_NUMBERS];
        let mut n = 0;
        for (slot, v) in key.iter_mut().zip(values) {
            *slot = (*v.numer(), *v.denom());
            n += 1;
        }
        key[..n].sort_unstable();
        (key, n as u8)
    }
}

impl Value for Exact {
    /// The values, sorted.
    type Key = Vec<Exact>;

    fn from_rational(r: &Rational) -> Exact {
        Exact::Small(*r)
    }

    fn combine(op: Op, l: &Exact, r: &Exact) -> Result<Exact, EvalError> {
        Exact::apply(op, l, r)
    }

    fn hits(l: &Exact, r: &Exact, op: Op, target: &Exact) -> Option<bool> {
        Some(Exact::apply(op, l, r).is_ok_and(|v| v == *target))
    }

    fn is_integer(&self) -> bool {
        Exact::is_integer(self)
    }

    fn is_zero(&self) -> bool {
        Exact::is_zero(self)
    }

    fn is_negative(&self) -> bool {
        Exact::is_negative(self)
    }

    fn same(a: &Exact, b: &Exact) -> bool {
        a == b
    }

    fn key<'a>(values: impl Iterator<Item = &'a Exact>) -> Vec<Exact> {
        let mut key: Vec<Exact> = values.cloned().collect();
        key.sort_unstable();
        key
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    use crate::strategies::{op, rational};

    proptest! {
        #[test]
        fn target_test_agrees_with_exact_values(
            a in rational(), b in rational(), t in rational(), op in op(),
        ) {
            let exact = Exact::apply(op, &Exact::Small(a), &Exact::Small(b))
                .is_ok_and(|v| v == Exact::Small(t));
            if let Some(hit) = Rational::hits(&a, &b, op, &t) {
                prop_assert_eq!(hit, exact);
            }
            prop_assert_eq!(Exact::hits(&Exact::Small(a), &Exact::Small(b), op, &Exact::Small(t)), Some(exact));
        }
    }
}
