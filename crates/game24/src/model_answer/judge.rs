//! Judging a model's answer, once read, against a hand, a target and the
//! [`Rules`]: what the text settles on its own, and what only the game's
//! solver can settle (a claim of no solution, a value off the target).
//! [`Game`](crate::Game) and [`Countdown`](crate::Countdown) both judge
//! through here and differ only in how they settle those two.

use kongming_search::play::Check;
use num_rational::BigRational;

use super::read::{self, Line, Reading};
use super::{IllegalModelAnswer, MAX_MODEL_ANSWER_LEN, ModelMistake, Verdict};
use crate::Rational;
use crate::check::first_forbidden_op;
use crate::countdown::{Arithmetic, NumberUse, Rules};
use crate::error::EvalError;
use crate::exact::{Exact, big_rational};
use crate::expr::{Expr, Op};
use crate::step::StepError;

/// What the text settles, or what is left to the game's solver.
pub(crate) enum Judged {
    /// Settled by the text alone.
    Verdict(Verdict),
    /// The answer says the target cannot be made.
    ClaimsNoSolution,
    /// A legal answer that makes this value, not the target.
    OffTarget(BigRational),
}

/// Judges `text` against `hand` and `target` under `rules`.
pub(crate) fn judge(text: &str, hand: &[Rational], target: Rational, rules: Rules) -> Judged {
    if text.len() > MAX_MODEL_ANSWER_LEN {
        return illegal(IllegalModelAnswer::TooLong(text.len()));
    }
    match read::read(text, hand, rules.number_use()) {
        Reading::Nothing => illegal(IllegalModelAnswer::NoExpression),
        Reading::NoSolution => Judged::ClaimsNoSolution,
        Reading::Expression(line) => judge_expression(hand, target, rules, &line),
        Reading::Steps(lines) => judge_steps(hand, target, rules, &lines),
    }
}

fn illegal(why: IllegalModelAnswer) -> Judged {
    Judged::Verdict(Check::Illegal(why))
}

fn wrong(mistake: ModelMistake) -> Judged {
    Judged::Verdict(Check::Wrong(mistake))
}

/// One expression against the hand: what the rules forbid first (a
/// number not in the hand or used too often, an operation, a division by
/// zero, an operation whose value is not a positive integer when the
/// rules ask for one), then what makes it wrong: a number unused when
/// every one must be, the value, the value it claims (so `8+8+3+3 = 22`
/// is worth 22, not a wrong claim).
fn judge_expression(hand: &[Rational], target: Rational, rules: Rules, line: &Line) -> Judged {
    let lifted = lift_negations(&line.expr, hand);
    let expr = lifted.as_ref().unwrap_or(&line.expr);
    let left = match takes_from(expr, hand) {
        Ok(left) => left,
        Err(n) if hand.contains(&n) => return illegal(IllegalModelAnswer::UsedTooOften(n)),
        Err(n) => return illegal(IllegalModelAnswer::NotInHand(n)),
    };
    if let Some(op) = first_forbidden_op(expr, rules.ops()) {
        return illegal(IllegalModelAnswer::OperationNotAllowed(op));
    }
    let value = match value_under(expr, rules.arithmetic(), &mut 0) {
        Ok(v) => v.to_big(),
        Err(Breach::NoValue(e)) => return illegal(IllegalModelAnswer::NoValue(e)),
        Err(Breach::NotPositiveInteger { index, value }) => {
            return illegal(IllegalModelAnswer::NotPositiveInteger {
                index,
                value: value.to_big(),
            });
        }
    };
    // The first number of the hand, in its order, that is left.
    if rules.number_use() == NumberUse::All
        && let Some(&n) = hand.iter().find(|n| left.contains(n))
    {
        return wrong(ModelMistake::Unused(n));
    }
    if value != big_rational(&target) {
        return Judged::OffTarget(value);
    }
    // Right, but saying it makes something else.
    match line.claim {
        Some(v) if v != target => wrong(ModelMistake::ClaimsOtherValue(v)),
        _ => Judged::Verdict(Check::Solved),
    }
}

/// Steps, each on the numbers left, each exact (and each operation a
/// positive integer when the rules ask for one); the last makes the
/// target and, when every number must be used, leaves nothing else.
fn judge_steps(hand: &[Rational], target: Rational, rules: Rules, lines: &[Line]) -> Judged {
    let mut left = hand.to_vec();
    let mut last = None;
    for (index, line) in lines.iter().enumerate() {
        // A fraction a step made is written `8/3` in the next: read as
        // that number when it is left, the plain division when only that
        // reading takes numbers left (and the first reading, to name the
        // number missing, when neither does).
        let read_as_number = fractions_as_numbers(&line.expr, &left);
        let expr = if takes_from(&read_as_number, &left).is_ok()
            || takes_from(&line.expr, &left).is_err()
        {
            read_as_number
        } else {
            line.expr.clone()
        };
        let taken = match takes_from(&expr, &left) {
            Ok(taken) => taken,
            Err(number) => {
                return illegal(IllegalModelAnswer::Step(StepError::NotLeft {
                    index,
                    number,
                    left,
                }));
            }
        };
        if let Some(op) = first_forbidden_op(&expr, rules.ops()) {
            return illegal(IllegalModelAnswer::Step(StepError::OperationNotAllowed {
                index,
                op,
            }));
        }
        let value = match value_under(&expr, rules.arithmetic(), &mut 0) {
            Ok(v) => v.to_big(),
            Err(Breach::NoValue(error)) => {
                return illegal(IllegalModelAnswer::Step(StepError::NoValue {
                    index,
                    error,
                }));
            }
            // A line is one step, whatever operations it holds.
            Err(Breach::NotPositiveInteger { value, .. }) => {
                return illegal(IllegalModelAnswer::NotPositiveInteger {
                    index,
                    value: value.to_big(),
                });
            }
        };
        // Every line of a step answer has a claim (the reader sees to it).
        let Some(written) = line.claim else {
            return illegal(IllegalModelAnswer::NoExpression);
        };
        if value != big_rational(&written) {
            return wrong(ModelMistake::StepNotExact {
                index,
                written,
                value,
            });
        }
        left = taken;
        left.push(written);
        last = Some(written);
    }
    let Some(value) = last else {
        return illegal(IllegalModelAnswer::NoExpression);
    };
    // The last value is the last number left; anything else is unused,
    // which only matters when every number must be used.
    if rules.number_use() == NumberUse::All
        && let Some(&n) = left[..left.len().saturating_sub(1)].first()
    {
        return wrong(ModelMistake::Unused(n));
    }
    if value == target {
        Judged::Verdict(Check::Solved)
    } else {
        Judged::OffTarget(big_rational(&value))
    }
}

/// `expr` with each negated number of the hand (`-n` written where the
/// hand holds `n` and not `-n`) read as that number, the minus carried
/// into the operations above it; `None` when no number needs it, or when
/// a minus is left on the whole (`-3 * 8` is `-(3 * 8)`, which no
/// operation of the game makes: its numbers are then read as written,
/// and -3 is not in the hand). A minus before a number is notation for
/// an operation on it: `-1 + x` is `x - 1`, `x * (-2 + y)` is
/// `x * (y - 2)`. Models write answers so, and so do generators
/// (reasoning-gym's own Countdown answers include
/// `-1 + (11*(71 + 24) - 87)/1`).
fn lift_negations(expr: &Expr, hand: &[Rational]) -> Option<Expr> {
    let negated_in_hand = |n: &Rational| {
        *n.numer() < 0
            && !hand.contains(n)
            && n.numer()
                .checked_neg()
                .is_some_and(|m| hand.contains(&Rational::new(m, *n.denom())))
    };
    if !expr.numbers().iter().any(negated_in_hand) {
        return None;
    }
    match lift(expr, &negated_in_hand) {
        (false, lifted) => Some(lifted),
        (true, _) => None,
    }
}

/// [`lift_negations`] of `expr`, the numbers to read as negated picked
/// by `negated_in_hand`.
fn lift(expr: &Expr, negated_in_hand: &impl Fn(&Rational) -> bool) -> (bool, Expr) {
    match expr {
        Expr::Num(n) if negated_in_hand(n) => (true, Expr::Num(-*n)),
        Expr::Num(_) => (false, expr.clone()),
        Expr::Bin(op, l, r) => {
            let ((minus_l, l), (minus_r, r)) = (lift(l, negated_in_hand), lift(r, negated_in_hand));
            let (add, sub) = (Op::Add, Op::Sub);
            match (op, minus_l, minus_r) {
                // -a + -b = -(a + b), a + -b = a - b, -a + b = b - a.
                (Op::Add, same, other) if same == other => (same, Expr::bin(add, l, r)),
                (Op::Add, false, true) => (false, Expr::bin(sub, l, r)),
                (Op::Add, true, false) => (false, Expr::bin(sub, r, l)),
                // a - -b = a + b, -a - b = -(a + b), -a - -b = b - a.
                (Op::Sub, false, false) => (false, Expr::bin(sub, l, r)),
                (Op::Sub, false, true) => (false, Expr::bin(add, l, r)),
                (Op::Sub, true, false) => (true, Expr::bin(add, l, r)),
                (Op::Sub, true, true) => (false, Expr::bin(sub, r, l)),
                // Signs of products and quotients multiply.
                (&op, _, _) => (minus_l != minus_r, Expr::bin(op, l, r)),
            }
        }
    }
}

/// Why an expression has no value under the rules.
enum Breach {
    /// It divides by zero.
    NoValue(EvalError),
    /// Under [`Arithmetic::PositiveIntegers`], operation `index` (counting
    /// from 0, bottom-up, left operand first) makes `value`.
    NotPositiveInteger { index: usize, value: Exact },
}

/// The value of `expr`, each operation's value checked as it is made,
/// bottom-up and left operand first (the order a player works it out);
/// `done` counts the operations made so far.
fn value_under(expr: &Expr, arithmetic: Arithmetic, done: &mut usize) -> Result<Exact, Breach> {
    match expr {
        Expr::Num(n) => Ok(Exact::Small(*n)),
        Expr::Bin(op, l, r) => {
            let a = value_under(l, arithmetic, done)?;
            let b = value_under(r, arithmetic, done)?;
            let value = Exact::apply(*op, &a, &b).map_err(Breach::NoValue)?;
            let index = *done;
            *done += 1;
            if arithmetic == Arithmetic::PositiveIntegers
                && (!value.is_integer() || value.is_negative() || value.is_zero())
            {
                return Err(Breach::NotPositiveInteger { index, value });
            }
            Ok(value)
        }
    }
}

/// The numbers left once `expr`'s are taken from `left` (in their
/// order), or the first number of `expr` that is not left.
pub(crate) fn takes_from(expr: &Expr, left: &[Rational]) -> Result<Vec<Rational>, Rational> {
    let mut rest = left.to_vec();
    for n in expr.numbers() {
        match rest.iter().position(|&h| h == n) {
            Some(k) => {
                rest.remove(k);
            }
            None => return Err(n),
        }
    }
    Ok(rest)
}

/// `expr` with each `p/q` of two integers in lowest terms that is a
/// number of `left` read as that number (`2/8` stays a division: that is
/// not how the fraction a step made, 1/4, is written).
fn fractions_as_numbers(expr: &Expr, left: &[Rational]) -> Expr {
    match expr {
        Expr::Num(_) => expr.clone(),
        Expr::Bin(Op::Div, l, r) => match (&**l, &**r) {
            (Expr::Num(p), Expr::Num(q)) if p.is_integer() && q.is_integer() => {
                match Op::Div.apply(p, q) {
                    // Written as the fraction is (`8/3`, not `16/6`).
                    Ok(v)
                        if left.contains(&v)
                            && !v.is_integer()
                            && (v.numer(), v.denom()) == (p.numer(), q.numer()) =>
                    {
                        Expr::Num(v)
                    }
                    _ => expr.clone(),
                }
            }
            _ => Expr::bin(
                Op::Div,
                fractions_as_numbers(l, left),
                fractions_as_numbers(r, left),
            ),
        },
        Expr::Bin(op, l, r) => Expr::bin(
            *op,
            fractions_as_numbers(l, left),
            fractions_as_numbers(r, left),
        ),
    }
}
