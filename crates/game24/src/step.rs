//! A player's step: two of the numbers left combined with one operation
//! ([`Step`]), and a game after some steps ([`Game::apply`],
//! [`Game::after`]).

use std::fmt;
use std::str::FromStr;

use crate::error::{EvalError, ParseError, ParseErrorKind};
use crate::expr::{Expr, Op};
use crate::{Game, Ops, Rational};

/// One step of play: two of the numbers left, `left op right`, which
/// become one number (the step's [`value`](Step::value)).
///
/// Text form: the two numbers and the operation as an [`Expr`] writes
/// them (`8/3`, `3-[8/3]`, `8×3`; a number that is not a non-negative
/// integer in brackets, so `3-[8/3]` takes 8/3 from 3); `{:#}` writes
/// `× ÷`. Reading accepts what [`Expr`] reads, as long as it is one
/// operation on two numbers.
///
/// ```
/// use kongming_game24::{Op, Rational, Step};
///
/// let step: Step = "8/3".parse()?;
/// assert_eq!(step, Step::new(8, Op::Div, 3));
/// assert_eq!(step.value()?, Rational::new(8, 3));
/// let next = Step::new(3, Op::Sub, Rational::new(8, 3));
/// assert_eq!(next.to_string(), "3-[8/3]");
/// assert_eq!(format!("{:#}", Step::new(8, Op::Div, 3)), "8÷3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    left: Rational,
    op: Op,
    right: Rational,
}

impl Step {
    /// `left op right`.
    ///
    /// ```
    /// use kongming_game24::{Op, Step};
    /// assert_eq!(Step::new(8, Op::Mul, 3).to_string(), "8*3");
    /// ```
    pub fn new(left: impl Into<Rational>, op: Op, right: impl Into<Rational>) -> Step {
        Step {
            left: left.into(),
            op,
            right: right.into(),
        }
    }

    /// The number on the left of the operation.
    ///
    /// ```
    /// use kongming_game24::{Op, Rational, Step};
    /// assert_eq!(Step::new(8, Op::Div, 3).left(), Rational::from_integer(8));
    /// ```
    pub fn left(&self) -> Rational {
        self.left
    }

    /// The operation.
    ///
    /// ```
    /// use kongming_game24::{Op, Step};
    /// assert_eq!(Step::new(8, Op::Div, 3).op(), Op::Div);
    /// ```
    pub fn op(&self) -> Op {
        self.op
    }

    /// The number on the right of the operation.
    ///
    /// ```
    /// use kongming_game24::{Op, Rational, Step};
    /// assert_eq!(Step::new(8, Op::Div, 3).right(), Rational::from_integer(3));
    /// ```
    pub fn right(&self) -> Rational {
        self.right
    }

    /// The number the step makes, exactly.
    ///
    /// ```
    /// use kongming_game24::{EvalError, Op, Rational, Step};
    /// assert_eq!(Step::new(3, Op::Sub, Rational::new(8, 3)).value()?, Rational::new(1, 3));
    /// assert_eq!(Step::new(3, Op::Div, 0).value(), Err(EvalError::DivisionByZero));
    /// # Ok::<(), EvalError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`EvalError::DivisionByZero`] if it divides by zero;
    /// [`EvalError::Overflow`] if the number does not fit a [`Rational`].
    pub fn value(&self) -> Result<Rational, EvalError> {
        self.op.apply(&self.left, &self.right)
    }

    /// The step as an expression of two numbers.
    ///
    /// ```
    /// use kongming_game24::{Expr, Op, Step};
    /// assert_eq!(Step::new(8, Op::Div, 3).to_expr(), "8/3".parse::<Expr>()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_expr(&self) -> Expr {
        Expr::bin(self.op, Expr::Num(self.left), Expr::Num(self.right))
    }
}

impl fmt::Display for Step {
    /// As [`Expr`] writes it: ASCII, or `× ÷` with `{:#}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_expr(), f)
    }
}

impl FromStr for Step {
    type Err = ParseError;

    /// One operation on two numbers; anything else that [`Expr`] reads
    /// (a lone number, `8/(3-8/3)`) is [`ParseErrorKind::NotAStep`] at
    /// byte 0.
    fn from_str(s: &str) -> Result<Step, ParseError> {
        match s.parse::<Expr>()? {
            Expr::Bin(op, l, r) => match (*l, *r) {
                (Expr::Num(left), Expr::Num(right)) => Ok(Step { left, op, right }),
                _ => Err(ParseError::new(ParseErrorKind::NotAStep, 0)),
            },
            Expr::Num(_) => Err(ParseError::new(ParseErrorKind::NotAStep, 0)),
        }
    }
}

/// Why a step cannot be played on the numbers left. `index` is the
/// step's place among the game's steps (0 for the first step of a
/// game given no step yet; [`Display`](fmt::Display) counts from 1).
///
/// With the `serde` feature it is stored in snake case, the place
/// counting from 1 and numbers as their text:
/// `{"not_left":{"index":2,"number":"3","left":["8","8","9"]}}`.
///
/// ```
/// use kongming_game24::{Game, Rational, StepError};
///
/// let game: Game = "3 3 8 8".parse()?;
/// let steps = ["3*3".parse()?, "3+8".parse()?];
/// let err = game.after(&steps).unwrap_err();
/// assert_eq!(
///     err,
///     StepError::NotLeft {
///         index: 1,
///         number: Rational::from_integer(3),
///         left: [8, 8, 9].map(Rational::from_integer).to_vec(),
///     }
/// );
/// assert_eq!(err.to_string(), "step 2: 3 is not among the numbers left (8 8 9)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum StepError {
    /// The step uses a number that is not among those left (or uses one
    /// more often than it is left).
    NotLeft {
        /// The step's place in the list.
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        index: usize,
        /// The number that is not left.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
        number: Rational,
        /// The numbers that were left.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rationals"))]
        left: Vec<Rational>,
    },
    /// The game does not allow the step's operation.
    OperationNotAllowed {
        /// The step's place in the list.
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        index: usize,
        /// The operation.
        op: Op,
    },
    /// The step has no value a hand can hold: it divides by zero, or the
    /// number does not fit a [`Rational`].
    NoValue {
        /// The step's place in the list.
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        index: usize,
        /// Why.
        error: EvalError,
    },
}

impl StepError {
    /// The place of the step among the game's steps (0 for the first).
    ///
    /// ```
    /// use kongming_game24::{Game, StepError};
    /// let game: Game = "3 3 8 8".parse()?;
    /// let err = game.after(&["3-3".parse()?, "8/0".parse()?]).unwrap_err();
    /// assert_eq!(err.index(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn index(&self) -> usize {
        match self {
            StepError::NotLeft { index, .. }
            | StepError::OperationNotAllowed { index, .. }
            | StepError::NoValue { index, .. } => *index,
        }
    }
}

impl fmt::Display for StepError {
    /// Names the step by its place, counting from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}: ", self.index() + 1)?;
        match self {
            StepError::NotLeft { number, left, .. } => {
                write!(f, "{} is not among the numbers left (", Number(number))?;
                for (k, n) in left.iter().enumerate() {
                    if k > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{}", Number(n))?;
                }
                f.write_str(")")
            }
            StepError::OperationNotAllowed { op, .. } => {
                write!(f, "operation {op} is not allowed")
            }
            StepError::NoValue { error, .. } => write!(f, "no value: {error}"),
        }
    }
}

impl std::error::Error for StepError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StepError::NoValue { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A number as a hand writes it: `8`, `-2`, `8/3`.
pub(crate) struct Number<'a>(pub(crate) &'a Rational);

impl fmt::Display for Number<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_integer() {
            write!(f, "{}", self.0.numer())
        } else {
            write!(f, "{}/{}", self.0.numer(), self.0.denom())
        }
    }
}

impl Game {
    /// The game after one step: the step's two numbers taken from the
    /// numbers left (the first of each value, in their order) and the
    /// number it makes added at the end; the step is added to the game's
    /// [`steps`](Game::steps), the hand as given is kept. A pure helper:
    /// [`Game::play`] records a step in place and judges it.
    ///
    /// ```
    /// use kongming_game24::{Game, Hint};
    ///
    /// let game: Game = "3 3 8 8".parse()?;
    /// let next = game.apply(&"8/3".parse()?)?;
    /// assert_eq!(next.to_string(), "3 8 8/3 = 24");
    /// assert!(matches!(next.hint()?, Hint::Next { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`StepError`] (its index the count of steps played before it) when
    /// a number of the step is not among the numbers left, its operation
    /// is not allowed, or it has no value.
    pub fn apply(&self, step: &Step) -> Result<Game, StepError> {
        self.apply_at(step, self.steps().len())
    }

    /// The game after the steps, one after the other (see
    /// [`Game::apply`]): a player's partial work, which
    /// [`Game::hint`] then continues.
    ///
    /// ```
    /// use kongming_game24::{Game, Step};
    ///
    /// let game: Game = "3 3 8 8".parse()?;
    /// let steps: Vec<Step> = ["8/3", "3-[8/3]"].iter().map(|s| s.parse()).collect::<Result<_, _>>()?;
    /// assert_eq!(game.after(&steps)?.to_string(), "8 1/3 = 24");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first step that cannot be played, as a [`StepError`] with its
    /// place among the game's steps.
    pub fn after(&self, steps: &[Step]) -> Result<Game, StepError> {
        let mut game = self.clone();
        for step in steps {
            game = game.apply(step)?;
        }
        Ok(game)
    }

    fn apply_at(&self, step: &Step, index: usize) -> Result<Game, StepError> {
        let mut left = self.numbers().to_vec();
        for number in [step.left, step.right] {
            match left.iter().position(|&n| n == number) {
                Some(k) => {
                    left.remove(k);
                }
                None => {
                    return Err(StepError::NotLeft {
                        index,
                        number,
                        left: self.numbers().to_vec(),
                    });
                }
            }
        }
        if !self.ops().contains(Ops::from_op(step.op)) {
            return Err(StepError::OperationNotAllowed { index, op: step.op });
        }
        let value = step
            .value()
            .map_err(|error| StepError::NoValue { index, error })?;
        left.push(value);
        Ok(self.with_step(*step, left))
    }
}
