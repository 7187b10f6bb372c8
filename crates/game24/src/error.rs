//! Error types.

use std::fmt;

/// Why an expression has no value, or none that fits a
/// [`Rational`](crate::Rational).
///
/// ```
/// use kongming_game24::{EvalError, Expr};
///
/// let e: Expr = "9223372036854775807*2".parse()?;
/// assert_eq!(e.eval(), Err(EvalError::Overflow));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum EvalError {
    /// A division by zero.
    DivisionByZero,
    /// The value's numerator or denominator is past the range of `i64`
    /// (intermediate steps may go past it: only the result must fit).
    /// [`Expr::eval_exact`](crate::Expr::eval_exact) gives such a value
    /// exactly, as a [`BigRational`](crate::BigRational).
    Overflow,
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EvalError::DivisionByZero => "division by zero",
            EvalError::Overflow => "the value is past the range of i64 (see Expr::eval_exact)",
        })
    }
}

impl std::error::Error for EvalError {}

/// What went wrong in a [`ParseError`].
///
/// ```
/// use kongming_game24::{Expr, ParseErrorKind};
///
/// let err = "3+".parse::<Expr>().unwrap_err();
/// assert_eq!(err.kind(), &ParseErrorKind::UnexpectedEnd);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing where something was expected.
    Empty,
    /// The text ended in the middle of an expression.
    UnexpectedEnd,
    /// A character that does not belong here.
    Unexpected(char),
    /// A number that is not an integer or a fraction; the first character.
    BadNumber(char),
    /// A number beyond the range of `i64`.
    NumberTooLarge,
    /// A fraction with denominator zero.
    ZeroDenominator,
    /// A `(` without its `)` or a `)` without its `(`.
    UnbalancedParen,
    /// A `[` without its `]`.
    UnclosedBracket,
    /// A minus sign before a number or a parenthesis (write `[-2]`).
    UnaryMinus,
    /// Parentheses nested deeper than [`MAX_PAREN_DEPTH`](crate::MAX_PAREN_DEPTH).
    TooDeep,
    /// A number in an expression not written as itself: a fraction not in
    /// lowest terms (`[16/2]`, `[6/4]`), a leading zero (`08`), `[-0]`.
    /// Holds how to write it (`8`, `3/2`, `0`; in brackets unless a
    /// non-negative integer).
    NonStandardNumber(String),
    /// More numbers than [`MAX_EXPR_NUMBERS`](crate::MAX_EXPR_NUMBERS) in an
    /// expression, or than [`MAX_NUMBERS`](crate::MAX_NUMBERS) in a hand.
    TooManyNumbers,
    /// A [`Step`](crate::Step) that is not one operation on two numbers
    /// (a lone number, or an expression of three numbers or more).
    NotAStep,
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Empty => f.write_str("nothing to read"),
            ParseErrorKind::UnexpectedEnd => f.write_str("unexpected end of input"),
            ParseErrorKind::Unexpected(c) => write!(f, "unexpected {c:?}"),
            ParseErrorKind::BadNumber(c) => write!(f, "not a number (at {c:?})"),
            ParseErrorKind::NumberTooLarge => f.write_str("number too large for i64"),
            ParseErrorKind::ZeroDenominator => f.write_str("fraction with denominator zero"),
            ParseErrorKind::UnbalancedParen => f.write_str("unbalanced parenthesis"),
            ParseErrorKind::UnclosedBracket => f.write_str("'[' without its ']'"),
            ParseErrorKind::UnaryMinus => {
                f.write_str("unary minus is not allowed (write a negative number as [-2])")
            }
            ParseErrorKind::TooDeep => f.write_str("parentheses nested too deeply"),
            ParseErrorKind::TooManyNumbers => f.write_str("too many numbers"),
            ParseErrorKind::NotAStep => {
                f.write_str("a step is one operation on two numbers, such as 8/3")
            }
            ParseErrorKind::NonStandardNumber(standard) => {
                write!(f, "a number not written as itself (write {standard})")
            }
        }
    }
}

/// A parse error: what went wrong and where (a byte offset into the text).
///
/// ```
/// use kongming_game24::Expr;
///
/// let err = "(3+4".parse::<Expr>().unwrap_err();
/// assert_eq!(err.position(), 0);
/// assert_eq!(err.to_string(), "unbalanced parenthesis at position 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParseError {
    kind: ParseErrorKind,
    #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
    position: usize,
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind, position: usize) -> ParseError {
        ParseError { kind, position }
    }

    /// What went wrong.
    ///
    /// ```
    /// use kongming_game24::{Expr, ParseErrorKind};
    /// let err = "3 $ 4".parse::<Expr>().unwrap_err();
    /// assert_eq!(err.kind(), &ParseErrorKind::Unexpected('$'));
    /// ```
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }

    /// The byte offset in the text where the problem is.
    ///
    /// ```
    /// use kongming_game24::Expr;
    /// assert_eq!("3 $ 4".parse::<Expr>().unwrap_err().position(), 2);
    /// ```
    pub fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ParseError {
    /// The position counted from 1, as a player counts characters (the
    /// byte offset plus one: the same for text in ASCII).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at position {}", self.kind, self.position + 1)
    }
}

impl std::error::Error for ParseError {}

/// Why a game cannot be set up or searched.
///
/// ```
/// use kongming_game24::{Game, GameError};
///
/// assert_eq!(Game::new::<i64>(&[], 24).unwrap_err(), GameError::NoNumbers);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameError {
    /// A hand with no numbers.
    NoNumbers,
    /// More numbers than [`MAX_NUMBERS`](crate::MAX_NUMBERS).
    TooManyNumbers(usize),
    /// No operations allowed.
    NoOperations,
    /// A hand that could not be read.
    Parse(ParseError),
    /// A range of numbers with none in it (its low end past its high end).
    EmptyRange {
        /// The low end.
        lo: i64,
        /// The high end.
        hi: i64,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NoNumbers => f.write_str("a hand needs at least one number"),
            GameError::TooManyNumbers(n) => write!(
                f,
                "{n} numbers is more than the limit of {}",
                crate::MAX_NUMBERS
            ),
            GameError::NoOperations => f.write_str("no operations allowed"),
            GameError::Parse(e) => write!(f, "cannot read the hand: {e}"),
            GameError::EmptyRange { lo, hi } => write!(f, "no number from {lo} to {hi}"),
        }
    }
}

impl std::error::Error for GameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GameError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseError> for GameError {
    fn from(e: ParseError) -> GameError {
        GameError::Parse(e)
    }
}
