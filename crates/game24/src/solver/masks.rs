//! Finishing masks: which small integers make the target with a value.
//!
//! Bit `a` of mask `k` is set when the integer `a` (below 64) makes the
//! target with the value by final step `k` — when
//! [`finishers`](super::steps::finishers)`(a)[k]` is the value. A
//! sub-hand's masks are the union over its values
//! ([`super::sub_hands`]), so a hand `{a} ∪ sub-hand` with a small
//! integer `a` is answered by one bit test, and a pair meets another by
//! a few.

use crate::Ops;
use crate::error::EvalError;
use crate::expr::Op;
use crate::fraction::{Fraction, checked_op};

/// The integer values whose masks a solver remembers (for an integer
/// target).
pub(super) const MASK_TABLE_SIZE: usize = 1 << 12;

/// For an integer target `t > 0`, the integers `v >= 0` from this bound on
/// have no bits in their masks ([`add_finishing_bits`]): `t-v < 0`, `v+t`,
/// `v-t`, `v*t` and `v/t` are at least 64, and `t/v < 1`. For a fraction,
/// 0.
pub(super) fn mask_bound(t: Fraction) -> usize {
    match (t.1, usize::try_from(t.0)) {
        (1, Ok(t)) => t.saturating_mul(64).max(t.saturating_add(64)),
        _ => 0,
    }
}

/// `v` if it is an integer in `0..64`: the bit it has in a mask.
#[inline]
pub(super) fn small_integer(v: Fraction) -> Option<u32> {
    (v.1 == 1 && (0..64).contains(&v.0)).then_some(v.0 as u32)
}

/// Adds to `masks` the integers `a` in `0..64` that make the target `t`
/// (not zero) with the value `v`: bit `a` of `masks[k]` when
/// `finishers(a, t, ops)[k]` is `v`. Integer arithmetic when the target
/// is an integer. The value is at least zero and the target above zero
/// (as on the fast path); a fraction need not be in lowest terms, but its
/// denominator must not divide its numerator.
pub(super) fn add_finishing_bits(masks: &mut [u64; 6], v: Fraction, t: Fraction, ops: Ops) {
    debug_assert!(v.0 >= 0 && t.0 > 0);
    let bit = |a: Option<i64>| match a {
        Some(a) if (0..64).contains(&a) => 1u64 << a,
        _ => 0,
    };
    // Products and quotients need `a` to be non-zero.
    let bit1 = |a: Option<i64>| match a {
        Some(a) if (1..64).contains(&a) => 1u64 << a,
        _ => 0,
    };
    if t.1 != 1 {
        let int = |r: Result<Fraction, EvalError>| r.ok().filter(|k| k.1 == 1).map(|k| k.0);
        let back = [
            (Ops::ADD, Op::Sub, t, v),
            (Ops::SUB, Op::Add, v, t),
            (Ops::SUB, Op::Sub, v, t),
            (Ops::MUL, Op::Div, t, v),
            (Ops::DIV, Op::Mul, v, t),
            (Ops::DIV, Op::Div, v, t),
        ];
        for (k, &(flag, op, l, r)) in back.iter().enumerate() {
            if ops.contains(flag) && (k < 3 || v.0 != 0) {
                let a = int(checked_op(op, l, r));
                masks[k] |= if k < 3 { bit(a) } else { bit1(a) };
            }
        }
        return;
    }
    let ((n, d), t) = (v, t.0);
    if d == 1 {
        // With `0 <= n` and `0 < t`, `t-n` and `n-t` cannot overflow, and
        // `n+t` and `n*t` only matter (and are only computed) for `n < 64`.
        let bit = |a: i64| if (a as u64) < 64 { 1u64 << a } else { 0 };
        if ops.contains(Ops::ADD) {
            masks[0] |= bit(t - n);
        }
        if ops.contains(Ops::SUB) {
            if n < 64 && t < 64 {
                masks[1] |= bit(n + t);
            }
            masks[2] |= bit(n - t);
        }
        if n != 0 {
            if ops.contains(Ops::MUL) && t % n == 0 {
                masks[3] |= bit(t / n);
            }
            if ops.contains(Ops::DIV) {
                if n < 64 && t < 64 {
                    masks[4] |= bit(n * t);
                }
                if n % t == 0 {
                    masks[5] |= bit(n / t);
                }
            }
        }
    } else if n > 0 {
        add_fraction_bits(masks, n, d, t, ops);
    }
}

/// [`add_finishing_bits`] for a value `n/d` with `n > 0` and `d > 1` not
/// dividing `n`, and an integer target `t > 0`: `a = t±v` is no integer;
/// only `t/v = t*d/n` and `v*t = n*t/d` can be (`v/t = n/(d*t)` cannot),
/// and only below 64 when `t*d < 64*n` (`n*t < 64*d`).
#[inline]
pub(super) fn add_fraction_bits(masks: &mut [u64; 6], n: i64, d: i64, t: i64, ops: Ops) {
    let below = |x: i64, y: i64| y.checked_mul(64).is_none_or(|y64| x < y64);
    if ops.contains(Ops::MUL)
        && let Some(td) = t.checked_mul(d)
        && below(td, n)
        && td % n == 0
    {
        masks[3] |= 1 << (td / n);
    }
    if ops.contains(Ops::DIV)
        && let Some(tn) = t.checked_mul(n)
        && below(tn, d)
        && tn % d == 0
    {
        masks[4] |= 1 << (tn / d);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::Rational;
    use crate::fraction::fraction;
    use crate::solver::steps::finishers;

    proptest! {
        #[test]
        fn masks_agree_with_finishers(
            v in (0i64..200, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            t in prop_oneof![(1i64..100).prop_map(Rational::from_integer), (1i64..50, 1i64..7).prop_map(|(n, d)| Rational::new(n, d))],
            mask in 1u8..16,
        ) {
            // Bit `a` of `masks[k]` exactly when step `k` of `a` gives `v`.
            let ops = Ops::from_bits_truncate(mask);
            let (v, t) = (fraction(&v), fraction(&t));
            let mut masks = [0u64; 6];
            add_finishing_bits(&mut masks, v, t, ops);
            let mut want = [0u64; 6];
            for a in 0..64 {
                for (k, f) in finishers((a, 1), t, ops).iter().enumerate() {
                    if *f == Some(v) {
                        want[k] |= 1 << a;
                    }
                }
            }
            prop_assert_eq!(masks, want);
            // The same fraction not in lowest terms gives the same masks.
            if v.1 != 1 {
                for c in 2..5 {
                    let mut scaled = [0u64; 6];
                    add_finishing_bits(&mut scaled, (v.0 * c, v.1 * c), t, ops);
                    prop_assert_eq!(scaled, want);
                }
            }
        }

        #[test]
        fn nothing_finishes_past_the_mask_bound(t in 1i64..200, extra in 0i64..500, mask in 1u8..16) {
            let ops = Ops::from_bits_truncate(mask);
            let v = i64::try_from(mask_bound((t, 1))).expect("small") + extra;
            let mut masks = [0u64; 6];
            add_finishing_bits(&mut masks, (v, 1), (t, 1), ops);
            prop_assert_eq!(masks, [0; 6]);
        }
    }
}
