//! Proptest strategies the unit tests of several modules share: rationals
//! from small fractions to the edge of `i64`, and the four operations.

use proptest::prelude::*;

use crate::Rational;
use crate::expr::Op;

/// Small fractions, any `i64` fraction but `i64::MIN`, and integers at
/// the top of `i64`, where machine arithmetic overflows.
pub(crate) fn rational() -> impl Strategy<Value = Rational> {
    prop_oneof![
        (-50i64..50, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
        (any::<i64>(), 1i64..i64::MAX)
            .prop_filter("no MIN", |(n, _)| *n != i64::MIN)
            .prop_map(|(n, d)| Rational::new(n, d)),
        (i64::MAX - 3..=i64::MAX).prop_map(Rational::from_integer),
    ]
}

/// One of the four operations.
pub(crate) fn op() -> impl Strategy<Value = Op> {
    prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)]
}
