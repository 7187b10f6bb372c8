//! Exact values of an equation's sides: machine arithmetic first
//! (`Ratio<i128>`, every step checked), big integers for a side whose
//! numbers or intermediate results leave `i128`. The two agree wherever
//! both have a value, so the fast path never changes an answer; it only
//! spares the allocations of big integers for the equations that fit.

use num_bigint::{BigInt, Sign};
use num_rational::Ratio;
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub, Zero};

use crate::equation::{EvalError, Value};
use crate::glyph::{Glyph, Op};

/// Why a side has no value in machine arithmetic.
enum Machine {
    DivisionByZero,
    /// A number or a result beyond `i128`: the side needs big integers.
    Overflow,
}

/// The sides of an equation: the glyphs between the `=` signs.
fn sides(glyphs: &[Glyph]) -> impl Iterator<Item = &[Glyph]> {
    glyphs.split(|g| g.as_op() == Some(Op::Equals))
}

/// The exact value of each side, left to right.
pub(crate) fn values(glyphs: &[Glyph]) -> Result<Vec<Value>, EvalError> {
    sides(glyphs).map(value).collect()
}

/// Whether every side has the same exact value (`false` when a side
/// divides by zero). Sides are compared as they are evaluated, and the
/// first that differs ends it.
pub(crate) fn all_sides_equal(glyphs: &[Glyph]) -> bool {
    let mut sides = sides(glyphs);
    let mut first: Option<Ratio<i128>> = None;
    while let Some(side) = sides.next() {
        match machine_value(side) {
            Ok(v) => match first {
                None => first = Some(v),
                Some(f) if f == v => {}
                Some(_) => return false,
            },
            Err(Machine::DivisionByZero) => return false,
            Err(Machine::Overflow) => {
                // From here on, compare big values.
                let Ok(reference) = big_value(side) else {
                    return false;
                };
                if first.is_some_and(|f| widen(f) != reference) {
                    return false;
                }
                return sides.all(|s| value(s).is_ok_and(|v| v == reference));
            }
        }
    }
    true
}

/// The exact value of one side.
fn value(side: &[Glyph]) -> Result<Value, EvalError> {
    match machine_value(side) {
        Ok(v) => Ok(widen(v)),
        Err(Machine::DivisionByZero) => Err(EvalError::DivisionByZero),
        Err(Machine::Overflow) => big_value(side),
    }
}

/// A machine fraction as a big one (both are kept in lowest terms).
fn widen(v: Ratio<i128>) -> Value {
    let (numer, denom) = v.into_raw();
    Value::new_raw(BigInt::from(numer), BigInt::from(denom))
}

/// Evaluates `a op b op c …` with `*` and `/` before `+` and `-`, in
/// checked `i128` arithmetic.
fn machine_value(side: &[Glyph]) -> Result<Ratio<i128>, Machine> {
    let mut sum = Ratio::from_integer(0);
    let mut term = Ratio::from_integer(0);
    let mut negative = false;
    let mut pending = Op::Plus; // operator before the current number
    let mut number: i128 = 0;
    let mut i = 0;
    loop {
        let glyph = side.get(i);
        if let Some(d) = glyph.and_then(|g| g.as_digit()) {
            number = number
                .checked_mul(10)
                .and_then(|n| n.checked_add(i128::from(d)))
                .ok_or(Machine::Overflow)?;
            i += 1;
            continue;
        }
        // A number ends: combine it with the current term.
        let n = Ratio::from_integer(number);
        term = match pending {
            Op::Plus | Op::Minus => n,
            Op::Times if term.is_integer() => Ratio::from_integer(
                i128::checked_mul(*term.numer(), number).ok_or(Machine::Overflow)?,
            ),
            Op::Times => term.checked_mul(&n).ok_or(Machine::Overflow)?,
            Op::Divide => {
                if number == 0 {
                    return Err(Machine::DivisionByZero);
                }
                term.checked_div(&n).ok_or(Machine::Overflow)?
            }
            Op::Equals => unreachable!("sides hold no `=`"),
        };
        number = 0;
        let next = glyph.and_then(|g| g.as_op());
        if matches!(next, None | Some(Op::Plus | Op::Minus)) {
            sum = machine_add(&sum, &term, negative)?;
            negative = next == Some(Op::Minus);
        }
        match next {
            None | Some(Op::Equals) => return Ok(sum),
            Some(op) => pending = op,
        }
        i += 1;
    }
}

/// `sum + term` or `sum - term`, checked; whole numbers without the
/// fraction machinery.
fn machine_add(
    sum: &Ratio<i128>,
    term: &Ratio<i128>,
    negative: bool,
) -> Result<Ratio<i128>, Machine> {
    if sum.is_integer() && term.is_integer() {
        let (a, b) = (*sum.numer(), *term.numer());
        let r = if negative {
            a.checked_sub(b)
        } else {
            a.checked_add(b)
        };
        return r.map(Ratio::from_integer).ok_or(Machine::Overflow);
    }
    if negative {
        sum.checked_sub(term)
    } else {
        sum.checked_add(term)
    }
    .ok_or(Machine::Overflow)
}

/// The same evaluation in big integers: it always has a value, unless a
/// divisor is 0.
fn big_value(side: &[Glyph]) -> Result<Value, EvalError> {
    let mut sum = Value::zero();
    let mut negative = false;
    let mut term: Option<Value> = None;
    let mut pending = Op::Plus;
    for chunk in side.split_inclusive(|g| g.is_op()) {
        let (digits, op) = match chunk.split_last() {
            Some((last, digits)) if last.is_op() => (digits, last.as_op()),
            _ => (chunk, None),
        };
        let digits: Vec<u8> = digits.iter().filter_map(|g| g.as_digit()).collect();
        let number = BigInt::from_radix_be(Sign::Plus, &digits, 10)
            .expect("digits are below 10 and a number has at least one");
        term = Some(match (pending, term) {
            (Op::Times, Some(t)) => t * number,
            (Op::Divide, Some(t)) => {
                if number.is_zero() {
                    return Err(EvalError::DivisionByZero);
                }
                t / number
            }
            _ => Value::from_integer(number),
        });
        if matches!(op, None | Some(Op::Plus | Op::Minus)) {
            let t = term.take().expect("a term was just built");
            sum = if negative { sum - t } else { sum + t };
            negative = op == Some(Op::Minus);
        }
        if let Some(op) = op {
            pending = op;
        }
    }
    Ok(sum)
}
