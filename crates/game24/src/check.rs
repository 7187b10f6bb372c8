//! Checking a player's answer.

use std::fmt;

use kongming_search::play::Check;
use num_rational::BigRational;

use crate::error::{EvalError, ParseError, ParseErrorKind};
use crate::exact::big_rational;
use crate::expr::{Expr, Op, parse_rational};
use crate::step::Number;
use crate::{Ops, Rational};

/// Why an answer is not right.
///
/// ```
/// use kongming_game24::{check, BigRational, CheckError, Rational};
///
/// let hand = [3, 3, 8, 8];
/// assert_eq!(check(&hand, 24, "8/(3-8/3)"), Ok(()));
/// assert_eq!(check(&hand, 24, "8*3+8-8"), Err(CheckError::UsedTooOften(Rational::from_integer(8))));
/// assert_eq!(check(&hand, 24, "8*3*1"), Err(CheckError::NotInHand(Rational::from_integer(1))));
/// assert_eq!(check(&hand, 24, "8+8+3+3"), Err(CheckError::WrongValue(BigRational::from_integer(22.into()))));
/// // Each number written as itself: [16/2] is not the hand's 8.
/// assert!(matches!(check(&hand, 24, "8/(3-[16/2]/3)"), Err(CheckError::Parse(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CheckError {
    /// The answer is not an expression (optionally followed by `=` and the
    /// target).
    Parse(ParseError),
    /// The hand has no numbers.
    NoNumbers,
    /// The answer ends in `= v`, and `v` is not the target.
    ClaimsOtherValue(Rational),
    /// A number that is not in the hand.
    NotInHand(Rational),
    /// A number of the hand used more often than the hand holds it.
    UsedTooOften(Rational),
    /// A number of the hand left out.
    Unused(Rational),
    /// An operation the game does not allow.
    OperationNotAllowed(Op),
    /// The answer has no value (it divides by zero).
    NoValue(EvalError),
    /// The answer is worth this (exactly, whatever its size), not the
    /// target.
    WrongValue(BigRational),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Parse(e) => write!(f, "not an expression: {e}"),
            CheckError::NoNumbers => f.write_str("the hand has no numbers"),
            CheckError::ClaimsOtherValue(v) => {
                write!(f, "the answer says it makes {v}, which is not the target")
            }
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

pub(crate) fn first_forbidden_op(e: &Expr, ops: Ops) -> Option<Op> {
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

/// Reads an answer: an expression, optionally followed by `=` and the
/// target (the value it claims, which must be the target).
pub(crate) fn parse_answer(answer: &str, target: Rational) -> Result<Expr, CheckError> {
    let (expr, claim) = match answer.find('=') {
        Some(k) => (&answer[..k], Some((k + 1, &answer[k + 1..]))),
        None => (answer, None),
    };
    let e: Expr = expr.parse().map_err(CheckError::Parse)?;
    if let Some((at, text)) = claim {
        if let Some(k) = text.find('=') {
            let e = ParseError::new(ParseErrorKind::Unexpected('='), at + k);
            return Err(CheckError::Parse(e));
        }
        let claimed = parse_rational(text, at).map_err(CheckError::Parse)?;
        if claimed != target {
            return Err(CheckError::ClaimsOtherValue(claimed));
        }
    }
    Ok(e)
}

pub(crate) fn check_expr(
    hand: &[Rational],
    target: Rational,
    ops: Ops,
    expr: &Expr,
) -> Result<(), CheckError> {
    if hand.is_empty() {
        return Err(CheckError::NoNumbers);
    }
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
    let value = expr.exact().map_err(CheckError::NoValue)?.to_big();
    if value == big_rational(&target) {
        Ok(())
    } else {
        Err(CheckError::WrongValue(value))
    }
}

/// Checks a player's answer for a hand of integers (the four operations
/// allowed); see [`Game::check_answer`](crate::Game::check_answer) for any
/// hand, with a verdict that tells a wrong answer from an illegal one. Each
/// number of the hand is used once, written as itself (`8`, not `[16/2]`
/// or `08`); `x` is read as `*`, and the answer may end in `= target`.
///
/// ```
/// use kongming_game24::{check, CheckError, Op};
///
/// assert_eq!(check(&[4, 4, 10, 10], 24, "(10*10-4)/4"), Ok(()));
/// assert_eq!(check(&[4, 4, 10, 10], 24, "(10x10-4)/4 = 24"), Ok(()));
/// assert!(matches!(check(&[4, 4, 10, 10], 24, "(10*10-4)/"), Err(CheckError::Parse(_))));
/// assert!(matches!(check(&[1, 2, 3, 4], 24, "1*2*3*4*4"), Err(CheckError::UsedTooOften(_))));
/// assert!(matches!(check(&[1, 2], 2, "2/(1-1)"), Err(CheckError::UsedTooOften(_))));
/// assert_eq!(check(&[], 24, "24"), Err(CheckError::NoNumbers));
/// ```
///
/// # Errors
///
/// The first thing wrong with the answer, as a [`CheckError`].
pub fn check(numbers: &[i64], target: i64, answer: &str) -> Result<(), CheckError> {
    if numbers.is_empty() {
        return Err(CheckError::NoNumbers);
    }
    let target = Rational::from_integer(target);
    let expr = parse_answer(answer, target)?;
    let hand: Vec<Rational> = numbers.iter().map(|&n| Rational::from_integer(n)).collect();
    check_expr(&hand, target, Ops::all(), &expr)
}

/// Why a legal answer is not a solution: the verdict
/// [`Check::Wrong`] of [`Game::check_answer`](crate::Game::check_answer).
///
/// ```
/// use kongming_game24::{AnswerMistake, Check, Game, Rational};
///
/// let game: Game = "3 3 8 8".parse()?;
/// assert_eq!(
///     game.check_answer("8*3"),
///     Check::Wrong(AnswerMistake::Unused(Rational::from_integer(3)))
/// );
/// let Check::Wrong(mistake) = game.check_answer("8+8+3+3") else { panic!("22") };
/// assert_eq!(mistake.to_string(), "the answer is worth 22, not the target");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored in snake case, numbers as their
/// text: `{"unused":"3"}`, `{"wrong_value":"22"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum AnswerMistake {
    /// A number of the hand left out.
    Unused(#[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))] Rational),
    /// The answer is worth this (exactly, whatever its size), not the
    /// target.
    WrongValue(
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::big_rational"))] BigRational,
    ),
    /// The answer ends in `= v`, and `v` is not the target.
    ClaimsOtherValue(
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))] Rational,
    ),
}

impl fmt::Display for AnswerMistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerMistake::Unused(n) => write!(f, "{} from the hand is not used", Number(n)),
            AnswerMistake::WrongValue(v) => write!(f, "the answer is worth {v}, not the target"),
            AnswerMistake::ClaimsOtherValue(v) => {
                write!(
                    f,
                    "the answer says it makes {}, which is not the target",
                    Number(v)
                )
            }
        }
    }
}

impl std::error::Error for AnswerMistake {}

/// Why an answer is not one the rules allow: the verdict
/// [`Check::Illegal`] of [`Game::check_answer`](crate::Game::check_answer).
///
/// ```
/// use kongming_game24::{Check, Game, IllegalAnswer, Rational};
///
/// let game: Game = "3 3 8 8".parse()?;
/// assert_eq!(
///     game.check_answer("8*3*1"),
///     Check::Illegal(IllegalAnswer::NotInHand(Rational::from_integer(1)))
/// );
/// let Check::Illegal(why) = game.check_answer("8/(3-3)*8") else { panic!("8/0") };
/// assert_eq!(why.to_string(), "the answer has no value: division by zero");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored in snake case, numbers as their
/// text and a parse error's place counting from 1:
/// `{"not_in_hand":"1"}`, `{"no_value":"division_by_zero"}`,
/// `{"parse":{"kind":"unbalanced_paren","position":1}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum IllegalAnswer {
    /// The answer is not an expression (optionally followed by `=` and a
    /// number).
    Parse(ParseError),
    /// A number that is not in the hand.
    NotInHand(#[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))] Rational),
    /// A number of the hand used more often than the hand holds it.
    UsedTooOften(
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))] Rational,
    ),
    /// An operation the game does not allow.
    OperationNotAllowed(Op),
    /// The answer has no value: it divides by zero.
    NoValue(EvalError),
}

impl fmt::Display for IllegalAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAnswer::Parse(e) => write!(f, "not an expression: {e}"),
            IllegalAnswer::NotInHand(n) => write!(f, "{} is not in the hand", Number(n)),
            IllegalAnswer::UsedTooOften(n) => {
                write!(f, "{} is used more often than the hand holds it", Number(n))
            }
            IllegalAnswer::OperationNotAllowed(op) => write!(f, "operation {op} is not allowed"),
            IllegalAnswer::NoValue(e) => write!(f, "the answer has no value: {e}"),
        }
    }
}

impl std::error::Error for IllegalAnswer {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            IllegalAnswer::Parse(e) => Some(e),
            IllegalAnswer::NoValue(e) => Some(e),
            _ => None,
        }
    }
}

/// The verdict on a whole answer for `hand`: what the rules forbid
/// first, then what makes a legal expression wrong.
pub(crate) fn judge_answer(
    hand: &[Rational],
    target: Rational,
    ops: Ops,
    answer: &str,
) -> Check<AnswerMistake, IllegalAnswer> {
    let (text, claim) = match answer.find('=') {
        Some(k) => (&answer[..k], Some((k + 1, &answer[k + 1..]))),
        None => (answer, None),
    };
    let expr: Expr = match text.parse() {
        Ok(e) => e,
        Err(e) => return Check::Illegal(IllegalAnswer::Parse(e)),
    };
    let claimed = match claim {
        None => None,
        Some((at, text)) => {
            if let Some(k) = text.find('=') {
                let e = ParseError::new(ParseErrorKind::Unexpected('='), at + k);
                return Check::Illegal(IllegalAnswer::Parse(e));
            }
            match parse_rational(text, at) {
                Ok(v) => Some(v),
                Err(e) => return Check::Illegal(IllegalAnswer::Parse(e)),
            }
        }
    };
    let mut left: Vec<Rational> = hand.to_vec();
    for n in expr.numbers() {
        match left.iter().position(|&h| h == n) {
            Some(k) => {
                left.remove(k);
            }
            None if hand.contains(&n) => return Check::Illegal(IllegalAnswer::UsedTooOften(n)),
            None => return Check::Illegal(IllegalAnswer::NotInHand(n)),
        }
    }
    if let Some(op) = first_forbidden_op(&expr, ops) {
        return Check::Illegal(IllegalAnswer::OperationNotAllowed(op));
    }
    let value = match expr.exact() {
        Ok(v) => v.to_big(),
        Err(e) => return Check::Illegal(IllegalAnswer::NoValue(e)),
    };
    if let Some(v) = claimed
        && v != target
    {
        return Check::Wrong(AnswerMistake::ClaimsOtherValue(v));
    }
    if let Some(&n) = left.first() {
        return Check::Wrong(AnswerMistake::Unused(n));
    }
    if value == big_rational(&target) {
        Check::Solved
    } else {
        Check::Wrong(AnswerMistake::WrongValue(value))
    }
}
