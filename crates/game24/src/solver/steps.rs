//! The steps of the fast path: the six ways two values make a third
//! ([`STEPS`]), all six at once for a number and a pair's value
//! ([`six_steps`], [`six_steps_with_integer`]), and the other way round,
//! the six values that finish a side to the target ([`finishers`]) and
//! the final step that joins them ([`final_step`]).
//!
//! Values are [`Fraction`]s: the dynamic programme ([`super::sub_hands`])
//! keeps a triple's values as [`unreduced_op`] makes them (integers always
//! over 1), which is all the masks ([`super::masks`]) need.

use super::Fallback;
use crate::Ops;
use crate::error::EvalError;
use crate::expr::Op;
use crate::fraction::{Fraction, checked_op, unreduced_op};

/// Every (op, swap) a step may use, with the flag of the operation.
pub(super) const STEPS: [(Op, bool, Ops); 6] = [
    (Op::Add, false, Ops::ADD),
    (Op::Mul, false, Ops::MUL),
    (Op::Sub, false, Ops::SUB),
    (Op::Sub, true, Ops::SUB),
    (Op::Div, false, Ops::DIV),
    (Op::Div, true, Ops::DIV),
];

/// The six values of [`STEPS`] joining the integer `s` and the value `p`
/// (at least zero), as [`unreduced_op`] makes them: `s` is the left
/// operand of the unswapped steps when `first`, the right one otherwise.
/// `None` where there is no value (division by zero) and, for the whole,
/// when a step overflows or the operands are not the fast path's.
#[inline]
pub(super) fn six_steps_with_integer(
    s: i64,
    p: Fraction,
    first: bool,
) -> Option<[Option<Fraction>; 6]> {
    let (pn, pd) = p;
    if s <= 0 || pn < 0 {
        // Not the fast path's case: the general code handles it.
        return None;
    }
    // `n/d` with `d > 0`, an integer over 1.
    let frac = |n: i64, d: i64| {
        if d == 1 {
            (n, 1)
        } else if n % d == 0 {
            (n / d, 1)
        } else {
            (n, d)
        }
    };
    let sp = s.checked_mul(pd)?;
    let add = (sp.checked_add(pn)?, pd);
    let mul = frac(s.checked_mul(pn)?, pd);
    let s_p = sp.checked_sub(pn)?;
    let (s_minus, minus_s) = ((s_p, pd), (s_p.checked_neg()?, pd));
    let s_over = (pn != 0).then(|| frac(sp, pn));
    let d = pd.checked_mul(s)?;
    let over_s = (d > 0).then(|| frac(pn, d));
    Some(if first {
        [
            Some(add),
            Some(mul),
            Some(s_minus),
            Some(minus_s),
            s_over,
            over_s,
        ]
    } else {
        [
            Some(add),
            Some(mul),
            Some(minus_s),
            Some(s_minus),
            over_s,
            s_over,
        ]
    })
}

/// [`six_steps_with_integer`] for any operands and operations: `None`
/// where the operation is not allowed or divides by zero.
///
/// # Errors
///
/// [`Fallback`] if a value does not fit.
pub(super) fn six_steps(
    s: Fraction,
    p: Fraction,
    first: bool,
    ops: Ops,
) -> Result<[Option<Fraction>; 6], Fallback> {
    let mut out = [None; 6];
    for (slot, &(op, swap, flag)) in out.iter_mut().zip(&STEPS) {
        if !ops.contains(flag) {
            continue;
        }
        let (l, r) = if swap == first { (p, s) } else { (s, p) };
        *slot = match unreduced_op(op, l, r) {
            Ok(v) => Some(v),
            Err(EvalError::DivisionByZero) => None,
            // Too large unreduced: reduce, or give up.
            Err(_) => match checked_op(op, l, r) {
                Ok(v) => Some(v),
                Err(EvalError::DivisionByZero) => None,
                Err(_) => return Err(Fallback),
            },
        };
    }
    Ok(out)
}

/// The values `y` with `x op y = t` or `y op x = t`, in the order of
/// [`final_step`]: `t-x`, `x-t`, `t+x`, `t/x`, `x/t`, `t*x`. `None` where
/// the operation is not allowed, has no such `y` (`x` zero for a product
/// or quotient), or the value does not fit (then no value of a side can
/// equal it).
pub(super) fn finishers(x: Fraction, t: Fraction, ops: Ops) -> [Option<Fraction>; 6] {
    let nonzero = x.0 != 0;
    let want = [
        (Ops::ADD, Op::Sub, t, x, true),
        (Ops::SUB, Op::Sub, x, t, true),
        (Ops::SUB, Op::Add, t, x, true),
        (Ops::MUL, Op::Div, t, x, nonzero),
        (Ops::DIV, Op::Div, x, t, nonzero),
        (Ops::DIV, Op::Mul, t, x, nonzero),
    ];
    want.map(|(flag, op, l, r, ok)| {
        if ok && ops.contains(flag) {
            checked_op(op, l, r).ok()
        } else {
            None
        }
    })
}

/// The final step number `step` (an index into [`finishers`]'s list) as
/// a binary step on form ids: `x` is the outer side's, `y` the inner's.
pub(super) fn final_step(step: usize, x: u32, y: u32) -> (Op, u32, u32) {
    match step {
        0 => (Op::Add, x, y),
        1 => (Op::Sub, x, y),
        2 => (Op::Sub, y, x),
        3 => (Op::Mul, x, y),
        4 => (Op::Div, x, y),
        _ => (Op::Div, y, x),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::Rational;
    use crate::fraction::fraction;

    proptest! {
        #[test]
        fn six_values_agree_with_key_arithmetic(
            s in 1i64..40,
            p in (0i64..200, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            first in any::<bool>(),
        ) {
            let p = fraction(&p);
            let fast = six_steps_with_integer(s, p, first).expect("small operands");
            let general = six_steps((s, 1), p, first, Ops::all()).expect("no overflow");
            prop_assert_eq!(fast, general);
        }

        #[test]
        fn finishers_finish_to_the_target(
            x in (-50i64..50, 1i64..8).prop_map(|(n, d)| Rational::new(n, d)),
            t in (1i64..60, 1i64..5).prop_map(|(n, d)| Rational::new(n, d)),
            mask in 1u8..16,
        ) {
            // Each finisher `y`, joined to `x` by its final step, is the
            // target (by num-rational); where there is none, no `y` does.
            let ops = Ops::from_bits_truncate(mask);
            let to_target = finishers(fraction(&x), fraction(&t), ops);
            for (step, y) in to_target.iter().enumerate() {
                let (op, _, _) = final_step(step, 0, 1);
                let flag = Ops::from_op(op);
                match y {
                    Some(y) => {
                        let y = Rational::new(y.0, y.1);
                        let (l, r) = if final_step(step, 0, 1).1 == 0 { (x, y) } else { (y, x) };
                        prop_assert!(ops.contains(flag));
                        prop_assert_eq!(op.apply(&l, &r), Ok(t));
                    }
                    None => prop_assert!(!ops.contains(flag) || (*x.numer() == 0 && step >= 3)),
                }
            }
        }
    }
}
