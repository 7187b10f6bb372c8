//! Exact values of any size: a [`Rational`] while the value fits, a
//! [`BigRational`] past that. Machine arithmetic is tried first; big
//! integers are only used when a checked `i64` step overflows.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::Rational;
use crate::error::EvalError;
use crate::expr::Op;
use crate::fraction::apply_fast;

/// An exact rational of any size. `Big` holds only values that do not fit
/// a `Rational`, so each value has one representation and the derived
/// equality and hash are those of the value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Exact {
    Small(Rational),
    Big(Box<BigRational>),
}

impl Exact {
    /// The value, as a `Rational` where it fits.
    pub(crate) fn from_big(v: BigRational) -> Exact {
        match (v.numer().to_i64(), v.denom().to_i64()) {
            (Some(n), Some(d)) => Exact::Small(Rational::new_raw(n, d)),
            _ => Exact::Big(Box::new(v)),
        }
    }

    pub(crate) fn to_big(&self) -> BigRational {
        match self {
            Exact::Small(r) => big_rational(r),
            Exact::Big(b) => (**b).clone(),
        }
    }

    /// The value as a `Rational`, if it fits.
    pub(crate) fn to_rational(&self) -> Option<Rational> {
        match self {
            Exact::Small(r) => Some(*r),
            Exact::Big(_) => None,
        }
    }

    /// `a op b`: the only error is a division by zero.
    pub(crate) fn apply(op: Op, a: &Exact, b: &Exact) -> Result<Exact, EvalError> {
        if let (Exact::Small(x), Exact::Small(y)) = (a, b) {
            match apply_fast(op, x, y) {
                Ok(v) => return Ok(Exact::Small(v)),
                Err(EvalError::DivisionByZero) => return Err(EvalError::DivisionByZero),
                Err(_) => {}
            }
        }
        let (x, y) = (a.to_big(), b.to_big());
        let v = match op {
            Op::Add => x + y,
            Op::Sub => x - y,
            Op::Mul => x * y,
            Op::Div => {
                if y.is_zero() {
                    return Err(EvalError::DivisionByZero);
                }
                x / y
            }
        };
        Ok(Exact::from_big(v))
    }

    pub(crate) fn is_zero(&self) -> bool {
        matches!(self, Exact::Small(r) if r.is_zero())
    }

    pub(crate) fn is_one(&self) -> bool {
        matches!(self, Exact::Small(r) if r.is_one())
    }

    pub(crate) fn is_negative(&self) -> bool {
        match self {
            Exact::Small(r) => r.is_negative(),
            Exact::Big(b) => b.is_negative(),
        }
    }

    pub(crate) fn is_integer(&self) -> bool {
        match self {
            Exact::Small(r) => r.is_integer(),
            Exact::Big(b) => b.is_integer(),
        }
    }

    /// `-self`.
    pub(crate) fn neg(&self) -> Exact {
        match self {
            Exact::Small(r) if *r.numer() != i64::MIN => Exact::Small(-r),
            _ => Exact::from_big(-self.to_big()),
        }
    }

    /// `|self|`.
    pub(crate) fn abs(&self) -> Exact {
        if self.is_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }
}

/// A `Rational` as a `BigRational`.
pub(crate) fn big_rational(r: &Rational) -> BigRational {
    BigRational::new_raw(BigInt::from(*r.numer()), BigInt::from(*r.denom()))
}

impl From<Rational> for Exact {
    fn from(r: Rational) -> Exact {
        Exact::Small(r)
    }
}

/// The numeric order.
impl Ord for Exact {
    fn cmp(&self, other: &Exact) -> Ordering {
        match (self, other) {
            (Exact::Small(a), Exact::Small(b)) => a.cmp(b),
            _ => self.to_big().cmp(&other.to_big()),
        }
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Exact) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn rational() -> impl Strategy<Value = Rational> {
        prop_oneof![
            (-50i64..50, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            (any::<i64>(), 1i64..i64::MAX).prop_map(|(n, d)| Rational::new(n, d)),
            (i64::MAX - 3..=i64::MAX).prop_map(Rational::from_integer),
            Just(Rational::from_integer(i64::MIN)),
        ]
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)]
    }

    proptest! {
        #[test]
        fn agrees_with_big_rational_arithmetic(a in rational(), b in rational(), op in op()) {
            let (x, y) = (big_rational(&a), big_rational(&b));
            let want = match op {
                Op::Add => Some(&x + &y),
                Op::Sub => Some(&x - &y),
                Op::Mul => Some(&x * &y),
                Op::Div => (!y.is_zero()).then(|| &x / &y),
            };
            let got = Exact::apply(op, &Exact::Small(a), &Exact::Small(b));
            match want {
                Some(w) => {
                    let got = got.expect("a value");
                    prop_assert_eq!(got.to_big(), w.clone());
                    // One representation per value.
                    prop_assert_eq!(got.clone(), Exact::from_big(w));
                    prop_assert_eq!(matches!(got, Exact::Small(_)), got.to_rational().is_some());
                }
                None => prop_assert_eq!(got, Err(EvalError::DivisionByZero)),
            }
        }

        #[test]
        fn order_is_numeric(a in rational(), b in rational()) {
            let (x, y) = (Exact::Small(a), Exact::Small(b));
            prop_assert_eq!(x.cmp(&y), big_rational(&a).cmp(&big_rational(&b)));
            let (nx, ny) = (x.neg(), y.neg());
            prop_assert_eq!(nx.cmp(&ny), y.cmp(&x));
            prop_assert_eq!(nx.abs(), x.abs());
        }
    }
}
