//! Checking a player's answer.

use std::fmt;

use crate::error::{EvalError, ParseError};
use crate::expr::{Expr, Op};
use crate::{Ops, Rational};

/// Why an answer is not right.
///
/// ```
/// use kongming_game24::{check, CheckError, Rational};
///
/// let hand = [3, 3, 8, 8];
/// assert_eq!(check(&hand, 24, "8/(3-8/3)"), Ok(()));
/// assert_eq!(check(&hand, 24, "8*3+8-8"), Err(CheckError::UsedTooOften(Rational::from_integer(8))));
/// assert_eq!(check(&hand, 24, "8*3*1"), Err(CheckError::NotInHand(Rational::from_integer(1))));
/// assert_eq!(check(&hand, 24, "8+8+3+3"), Err(CheckError::WrongValue(Rational::from_integer(22))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CheckError {
    /// The answer is not an expression.
    Parse(ParseError),
    /// A number that is not in the hand.
    NotInHand(Rational),
    /// A number of the hand used more often than the hand holds it.
    UsedTooOften(Rational),
    /// A number of the hand left out.
    Unused(Rational),
    /// An operation the game does not allow.
    OperationNotAllowed(Op),
    /// The answer has no value (it divides by zero, or overflows).
    NoValue(EvalError),
    /// The answer is worth this, not the target.
    WrongValue(Rational),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Parse(e) => write!(f, "not an expression: {e}"),
            CheckError::NotInHand(n) => write!(f, "{n} is not in the hand"),
            CheckError::UsedTooOften(n) => {
                write!(f, "{n} is used more often than the hand holds it")
            }
            CheckError::Unused(n) => write!(f, "{n} from the hand is not used"),
            CheckError::OperationNotAllowed(op) => write!(f, "operation {op} is not allowed"),
            CheckError::NoValue(e) => write!(f, "the answer has no value: {e}"),
            CheckError::WrongValue(v) => write!(f, "the answer is worth {v}, not the target"),
        }
    }
}

impl std::error::Error for CheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckError::Parse(e) => Some(e),
            CheckError::NoValue(e) => Some(e),
            _ => None,
        }
    }
}

fn first_forbidden_op(e: &Expr, ops: Ops) -> Option<Op> {
    match e {
        Expr::Num(_) => None,
        Expr::Bin(op, l, r) => {
            if !ops.contains(Ops::from_op(*op)) {
                return Some(*op);
            }
            first_forbidden_op(l, ops).or_else(|| first_forbidden_op(r, ops))
        }
    }
}

pub(crate) fn check_expr(
    hand: &[Rational],
    target: Rational,
    ops: Ops,
    expr: &Expr,
) -> Result<(), CheckError> {
    let mut left: Vec<Rational> = hand.to_vec();
    for n in expr.numbers() {
        match left.iter().position(|&h| h == n) {
            Some(k) => {
                left.remove(k);
            }
            None if hand.contains(&n) => return Err(CheckError::UsedTooOften(n)),
            None => return Err(CheckError::NotInHand(n)),
        }
    }
    if let Some(&n) = left.first() {
        return Err(CheckError::Unused(n));
    }
    if let Some(op) = first_forbidden_op(expr, ops) {
        return Err(CheckError::OperationNotAllowed(op));
    }
    let value = expr.eval().map_err(CheckError::NoValue)?;
    if value == target {
        Ok(())
    } else {
        Err(CheckError::WrongValue(value))
    }
}

/// Checks a player's answer for a hand of integers (the four operations
/// allowed); see [`Game::check`](crate::Game::check) for any hand.
///
/// ```
/// use kongming_game24::{check, CheckError, Op};
///
/// assert_eq!(check(&[4, 4, 10, 10], 24, "(10*10-4)/4"), Ok(()));
/// assert!(matches!(check(&[4, 4, 10, 10], 24, "(10*10-4)/"), Err(CheckError::Parse(_))));
/// assert!(matches!(check(&[1, 2, 3, 4], 24, "1*2*3*4*4"), Err(CheckError::UsedTooOften(_))));
/// assert!(matches!(check(&[1, 2], 2, "2/(1-1)"), Err(CheckError::UsedTooOften(_))));
/// ```
pub fn check(numbers: &[i64], target: i64, answer: &str) -> Result<(), CheckError> {
    let expr: Expr = answer.parse().map_err(CheckError::Parse)?;
    let hand: Vec<Rational> = numbers.iter().map(|&n| Rational::from_integer(n)).collect();
    check_expr(&hand, Rational::from_integer(target), Ops::all(), &expr)
}
