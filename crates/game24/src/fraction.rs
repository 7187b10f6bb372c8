//! Machine rationals as `(numerator, denominator)` pairs of `i64`: the one
//! checked arithmetic under the crate's fast paths.
//!
//! [`checked_op`] gives `l op r` exactly as num-rational's checked
//! operations do ([`Op::apply`]) — in lowest terms, with a positive
//! denominator, or [`EvalError::Overflow`] — but in fewer steps: no gcd
//! for an exact integer step, one gcd (num-integer's) for the others,
//! where num-rational reduces before and after. Where a step of that
//! direct computation overflows it hands the operands to num-rational,
//! so it never answers differently from it.
//! [`apply_fast`] is the same on [`Rational`]s, for the general search
//! and [`Exact`](crate::exact::Exact).
//!
//! The [`Solver`](crate::Solver)'s tables hold values as pairs and also
//! keep some unreduced ([`unreduced_op`]: an integer is always written
//! over 1, other values need not be in lowest terms), which
//! [`same_value`] compares and [`lowest_terms`] reduces.

use num_integer::Integer;

use crate::Rational;
use crate::error::EvalError;
use crate::expr::Op;

/// A rational as (numerator, denominator), the denominator positive. In
/// lowest terms unless said otherwise: then equality of pairs is equality
/// of values, and the pair order is a cheap total order (not the numeric
/// one) for sorting and searching.
pub(crate) type Fraction = (i64, i64);

/// The pair of a rational (which is in lowest terms).
#[inline]
pub(crate) fn fraction(r: &Rational) -> Fraction {
    (*r.numer(), *r.denom())
}

/// The rational of a pair in lowest terms.
#[inline]
pub(crate) fn to_rational(f: Fraction) -> Rational {
    Rational::new_raw(f.0, f.1)
}

/// `l op r` on [`Rational`]s: [`checked_op`].
#[inline]
pub(crate) fn apply_fast(op: Op, l: &Rational, r: &Rational) -> Result<Rational, EvalError> {
    checked_op(op, fraction(l), fraction(r)).map(to_rational)
}

/// `l op r` on pairs in lowest terms, in lowest terms, exactly as
/// [`Op::apply`] computes it; [`Op::apply`] itself only when a step of
/// the direct computation would overflow.
///
/// # Errors
///
/// [`EvalError::DivisionByZero`] when `r` is zero for a division;
/// [`EvalError::Overflow`] when the value does not fit (as
/// [`Op::apply`]).
pub(crate) fn checked_op(op: Op, l: Fraction, r: Fraction) -> Result<Fraction, EvalError> {
    let ((a, b), (c, d)) = (l, r);
    if b == 1 && d == 1 {
        let v = match op {
            Op::Add => a.checked_add(c),
            Op::Sub => a.checked_sub(c),
            Op::Mul => a.checked_mul(c),
            Op::Div => {
                if c == 0 {
                    return Err(EvalError::DivisionByZero);
                }
                match a.checked_rem(c) {
                    Some(0) => a.checked_div(c),
                    _ => return reduced(a, c).map_or_else(|| through_ratio(op, l, r), Ok),
                }
            }
        };
        return v.map(|v| (v, 1)).ok_or(EvalError::Overflow);
    }
    let unreduced = match op {
        Op::Add => a
            .checked_mul(d)
            .zip(c.checked_mul(b))
            .and_then(|(x, y)| x.checked_add(y))
            .zip(b.checked_mul(d)),
        Op::Sub => a
            .checked_mul(d)
            .zip(c.checked_mul(b))
            .and_then(|(x, y)| x.checked_sub(y))
            .zip(b.checked_mul(d)),
        Op::Mul => a.checked_mul(c).zip(b.checked_mul(d)),
        Op::Div => {
            if c == 0 {
                return Err(EvalError::DivisionByZero);
            }
            a.checked_mul(d).zip(b.checked_mul(c))
        }
    };
    match unreduced.and_then(|(n, m)| reduced(n, m)) {
        Some(v) => Ok(v),
        None => through_ratio(op, l, r),
    }
}

/// `l op r` as a pair not always in lowest terms: an integer is always
/// written over 1 (so integers compare as pairs do), other values with a
/// positive denominator that does not divide the numerator.
///
/// # Errors
///
/// [`EvalError::DivisionByZero`] for a division by zero;
/// [`EvalError::Overflow`] when a step does not fit (then [`checked_op`]
/// reduces as it goes).
pub(crate) fn unreduced_op(op: Op, l: Fraction, r: Fraction) -> Result<Fraction, EvalError> {
    let ((a, b), (c, d)) = (l, r);
    let o = EvalError::Overflow;
    if b == 1 && d == 1 && op != Op::Div {
        let v = match op {
            Op::Add => a.checked_add(c),
            Op::Sub => a.checked_sub(c),
            _ => a.checked_mul(c),
        };
        return v.map(|v| (v, 1)).ok_or(o);
    }
    let (n, m) = match op {
        Op::Add | Op::Sub => {
            let (x, y) = (a.checked_mul(d).ok_or(o)?, c.checked_mul(b).ok_or(o)?);
            let n = if op == Op::Add {
                x.checked_add(y)
            } else {
                x.checked_sub(y)
            };
            (n.ok_or(o)?, b.checked_mul(d).ok_or(o)?)
        }
        Op::Mul => (a.checked_mul(c).ok_or(o)?, b.checked_mul(d).ok_or(o)?),
        Op::Div => {
            if c == 0 {
                return Err(EvalError::DivisionByZero);
            }
            let (n, m) = (a.checked_mul(d).ok_or(o)?, b.checked_mul(c).ok_or(o)?);
            if m < 0 {
                (n.checked_neg().ok_or(o)?, m.checked_neg().ok_or(o)?)
            } else {
                (n, m)
            }
        }
    };
    match n.checked_rem(m) {
        Some(0) => Ok((n / m, 1)),
        Some(_) => Ok((n, m)),
        None => Err(o),
    }
}

/// Whether two values made by [`unreduced_op`] or [`checked_op`] are
/// equal.
pub(crate) fn same_value(x: Fraction, y: Fraction) -> bool {
    x == y
        || (x.1 != 1
            && y.1 != 1
            && i128::from(x.0) * i128::from(y.1) == i128::from(y.0) * i128::from(x.1))
}

/// A value made by [`unreduced_op`] in lowest terms.
pub(crate) fn lowest_terms(v: Fraction) -> Fraction {
    // The denominator is positive, so `1 <= g <= v.1`.
    let g = v.0.gcd(&v.1);
    if g > 1 { (v.0 / g, v.1 / g) } else { v }
}

/// `l op r` through num-rational's checked operations.
fn through_ratio(op: Op, l: Fraction, r: Fraction) -> Result<Fraction, EvalError> {
    op.apply(&to_rational(l), &to_rational(r))
        .map(|v| fraction(&v))
}

/// `n/m` (`m` not zero) in lowest terms with a positive denominator;
/// `None` when a part is `i64::MIN` (its negation or the gcd may not
/// fit; num-rational takes those).
#[inline]
fn reduced(n: i64, m: i64) -> Option<Fraction> {
    if n == i64::MIN || m == i64::MIN {
        return None;
    }
    let g = n.gcd(&m);
    if g == 0 {
        return None;
    }
    let (n, m) = (n / g, m / g);
    Some(if m < 0 { (-n, -m) } else { (n, m) })
}

#[cfg(test)]
mod tests {
    use num_integer::Integer;
    use num_rational::BigRational;
    use proptest::prelude::*;

    use super::*;
    use crate::exact::big_rational;

    use crate::strategies::{op, rational};

    /// `a op b` exactly, by big integers (`None`: a division by zero).
    fn exact(op: Op, a: &Rational, b: &Rational) -> Option<BigRational> {
        let (x, y) = (big_rational(a), big_rational(b));
        match op {
            Op::Add => Some(x + y),
            Op::Sub => Some(x - y),
            Op::Mul => Some(x * y),
            Op::Div => (*b.numer() != 0).then(|| x / y),
        }
    }

    proptest! {
        #[test]
        fn fast_arithmetic_agrees_with_ratio(a in rational(), b in rational(), op in op()) {
            let fast = apply_fast(op, &a, &b);
            prop_assert_eq!(fast, op.apply(&a, &b));
            if let Ok(v) = fast {
                // Lowest terms, positive denominator, like `Ratio` keeps them.
                prop_assert!(*v.denom() > 0);
                prop_assert_eq!(v.numer().gcd(v.denom()), 1);
            }
        }

        #[test]
        fn checked_arithmetic_is_exact_when_it_answers(a in rational(), b in rational(), op in op()) {
            // Against big integers: a value given is the exact one, and an
            // overflow is only reported when num-rational reports it too.
            match (checked_op(op, fraction(&a), fraction(&b)), exact(op, &a, &b)) {
                (Ok(v), Some(want)) => prop_assert_eq!(big_rational(&to_rational(v)), want),
                (Err(EvalError::DivisionByZero), None) => {}
                (Err(EvalError::Overflow), Some(_)) => {
                    prop_assert_eq!(op.apply(&a, &b), Err(EvalError::Overflow));
                }
                (got, want) => prop_assert!(false, "{:?} for {:?}", got, want),
            }
        }

        #[test]
        fn key_arithmetic_agrees_with_ratio(
            a in (-300i64..300, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            b in (-300i64..300, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            op in op(),
        ) {
            prop_assert_eq!(checked_op(op, fraction(&a), fraction(&b)), op.apply(&a, &b).map(|v| fraction(&v)));
        }

        #[test]
        fn unreduced_arithmetic_agrees_with_keys(
            a in (-300i64..300, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            b in (-300i64..300, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            op in op(),
        ) {
            let (x, y) = (fraction(&a), fraction(&b));
            match (unreduced_op(op, x, y), checked_op(op, x, y)) {
                (Ok(raw), Ok(exact)) => {
                    prop_assert_eq!(lowest_terms(raw), exact);
                    prop_assert!(same_value(raw, exact));
                    // Integers over 1; other denominators do not divide.
                    prop_assert!(raw.1 == 1 || (raw.1 > 1 && raw.0 % raw.1 != 0));
                    prop_assert_eq!(raw.1 == 1, exact.1 == 1);
                }
                (raw, exact) => prop_assert_eq!(raw, exact),
            }
        }

        #[test]
        fn key_arithmetic_overflows_like_ratio(
            a in prop_oneof![Just(i64::MAX), Just(i64::MIN), Just(i64::MAX / 3), Just(-1i64), Just(3)],
            b in prop_oneof![Just(i64::MAX), Just(i64::MIN), Just(2i64), Just(-1i64), Just(0)],
            op in op(),
        ) {
            let (x, y) = (Rational::from_integer(a), Rational::from_integer(b));
            prop_assert_eq!(checked_op(op, fraction(&x), fraction(&y)), op.apply(&x, &y).map(|v| fraction(&v)));
        }
    }
}
