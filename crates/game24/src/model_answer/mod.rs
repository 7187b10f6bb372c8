//! Checking an answer as a language model writes it
//! ([`Game::check_model_answer`], and
//! [`Countdown::check_model_answer`](crate::Countdown::check_model_answer)
//! under any rules): the expression found in the text, or the steps, or a
//! claim that there is no solution, judged against the hand as given.

mod countdown;
mod judge;
mod read;

use std::fmt;

use kongming_search::play::Check;
use num_rational::BigRational;
use num_traits::Zero;

use crate::board::Mode;
use crate::countdown::Rules;
use crate::error::EvalError;
use crate::expr::{Expr, Op};
use crate::game::Found;
use crate::step::{Number, StepError};
use crate::{Game, Rational};

use judge::{Judged, judge};

/// The longest text [`Game::check_model_answer`] reads, in bytes (64 KiB):
/// a longer one is [`IllegalModelAnswer::TooLong`], so the work on any
/// text stays bounded. An answer with its working fits many times over.
///
/// ```
/// use kongming_game24::{Check, Game, IllegalModelAnswer, MAX_MODEL_ANSWER_LEN};
///
/// let game: Game = "3 3 8 8".parse()?;
/// let long = " ".repeat(MAX_MODEL_ANSWER_LEN) + "8/(3-8/3)";
/// assert_eq!(
///     game.check_model_answer(&long),
///     Check::Illegal(IllegalModelAnswer::TooLong(long.len()))
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_MODEL_ANSWER_LEN: usize = 64 * 1024;

/// Why a model's answer, read and legal, is not right: the verdict
/// [`Check::Wrong`] of [`Game::check_model_answer`] and
/// [`Countdown::check_model_answer`](crate::Countdown::check_model_answer).
///
/// ```
/// use kongming_game24::{Check, Game, ModelMistake, Rational};
///
/// let game: Game = "3 3 8 8".parse()?;
/// let Check::Wrong(mistake) = game.check_model_answer("Answer: 8 + 8 + 3 + 3") else {
///     panic!("22 is not 24")
/// };
/// assert_eq!(mistake.to_string(), "the answer is worth 22, not the target");
/// assert!(matches!(
///     game.check_model_answer("No solution."),
///     Check::Wrong(ModelMistake::ClaimsNoSolution(_))
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored in snake case, numbers as their
/// text and a step's place counting from 1: `{"unused":"3"}`,
/// `{"step_not_exact":{"index":1,"written":"267/100","value":"8/3"}}`,
/// `{"off_target":{"value":"1248","distance":"373","closest":"25"}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum ModelMistake {
    /// A number left out: one of the hand, or one a step made and no
    /// later step used.
    Unused(#[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))] Rational),
    /// The answer is worth this (exactly, whatever its size), not the
    /// target.
    WrongValue(
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::big_rational"))] BigRational,
    ),
    /// The answer makes the target but ends in `= v`, and `v` is not the
    /// target.
    ClaimsOtherValue(
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))] Rational,
    ),
    /// A step says it makes `written`, and it makes `value` (`8/3 =
    /// 2.67`: a rounded decimal is not exact).
    StepNotExact {
        /// The step's place among the steps (0 for the first; the text
        /// counts from 1).
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        index: usize,
        /// The value written after its `=`.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
        written: Rational,
        /// The value it makes.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::big_rational"))]
        value: BigRational,
    },
    /// The answer says the target cannot be made, and this makes it.
    ClaimsNoSolution(Expr),
    /// A [`Countdown`](crate::Countdown) answer that makes `value`, `distance` from the
    /// target, and some answer comes closer: `closest` is the least
    /// distance any answer reaches (zero when the target can be made).
    /// A [`Game`] says [`WrongValue`](Self::WrongValue) instead: the 24
    /// game scores no closest value.
    OffTarget {
        /// The value the answer makes.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::big_rational"))]
        value: BigRational,
        /// Its distance from the target, more than zero.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::big_rational"))]
        distance: BigRational,
        /// The least distance from the target any answer reaches.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
        closest: Rational,
    },
    /// A [`Countdown`](crate::Countdown) answer that makes `value`, `distance` from the
    /// target, where the target cannot be made and no answer comes
    /// closer: the best answer there is when the closest value scores (the
    /// television game), still not the target for a scorer of exact
    /// answers only (reasoning-gym's `countdown`).
    Closest {
        /// The value the answer makes.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::big_rational"))]
        value: BigRational,
        /// Its distance from the target, the least there is.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::big_rational"))]
        distance: BigRational,
    },
}

impl fmt::Display for ModelMistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelMistake::Unused(n) => write!(f, "{} is not used", Number(n)),
            ModelMistake::WrongValue(v) => write!(f, "the answer is worth {v}, not the target"),
            ModelMistake::ClaimsOtherValue(v) => write!(
                f,
                "the answer says it makes {}, which is not the target",
                Number(v)
            ),
            ModelMistake::StepNotExact {
                index,
                written,
                value,
            } => write!(
                f,
                "step {}: says {}, but makes {value}",
                index + 1,
                Number(written)
            ),
            ModelMistake::ClaimsNoSolution(e) => {
                write!(f, "the answer says there is no solution, but {e} is one")
            }
            ModelMistake::OffTarget {
                value,
                distance,
                closest,
            } if closest.is_zero() => write!(
                f,
                "the answer makes {value}, {distance} from the target, which can be made"
            ),
            ModelMistake::OffTarget {
                value,
                distance,
                closest,
            } => write!(
                f,
                "the answer makes {value}, {distance} from the target; the closest an answer comes is {}",
                Number(closest)
            ),
            ModelMistake::Closest { value, distance } => write!(
                f,
                "the answer makes {value}, {distance} from the target: the target cannot be made and no answer comes closer"
            ),
        }
    }
}

impl std::error::Error for ModelMistake {}

/// Why a model's answer is not one the rules allow, or holds no answer:
/// the verdict [`Check::Illegal`] of [`Game::check_model_answer`] and
/// [`Countdown::check_model_answer`](crate::Countdown::check_model_answer).
///
/// ```
/// use kongming_game24::{Check, Game, IllegalModelAnswer, Rational};
///
/// let game: Game = "1 5 5 5".parse()?;
/// // 0.2 is 1/5 made of 1 and 5, not a number of the hand.
/// assert_eq!(
///     game.check_model_answer("5 * (5 - 0.2)"),
///     Check::Illegal(IllegalModelAnswer::NotInHand(Rational::new(1, 5)))
/// );
/// assert_eq!(game.check_model_answer("I am not sure."), Check::Illegal(IllegalModelAnswer::NoExpression));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored in snake case, numbers as their
/// text: `"no_expression"`, `{"not_in_hand":"1/5"}`,
/// `{"step":{"not_left":{"index":2,"number":"3","left":["8","8","9"]}}}`,
/// `{"not_positive_integer":{"index":1,"value":"25/2"}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum IllegalModelAnswer {
    /// The text is longer than [`MAX_MODEL_ANSWER_LEN`] bytes (its
    /// length).
    TooLong(usize),
    /// No line of the text reads as an expression, and none says there is
    /// no solution.
    NoExpression,
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
    /// A step of a step-by-step answer cannot be played on the numbers
    /// left.
    Step(StepError),
    /// Under [`Arithmetic::PositiveIntegers`](crate::Arithmetic::PositiveIntegers)
    /// (Countdown), a step makes a fraction, zero or a negative number. In
    /// a step-by-step answer the step is a line; in one expression it is
    /// an operation, counted bottom-up and left operand first, the order
    /// it is worked out in (`(7 + 7) / 4`: `7 + 7` is the first, `14 / 4`
    /// the second).
    NotPositiveInteger {
        /// The step's place (0 for the first; the text counts from 1).
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        index: usize,
        /// The value it makes.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::big_rational"))]
        value: BigRational,
    },
}

impl fmt::Display for IllegalModelAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalModelAnswer::TooLong(n) => write!(
                f,
                "the answer is {n} bytes long, past the limit of {MAX_MODEL_ANSWER_LEN}"
            ),
            IllegalModelAnswer::NoExpression => f.write_str("no expression found in the answer"),
            IllegalModelAnswer::NotInHand(n) => write!(f, "{} is not in the hand", Number(n)),
            IllegalModelAnswer::UsedTooOften(n) => {
                write!(f, "{} is used more often than the hand holds it", Number(n))
            }
            IllegalModelAnswer::OperationNotAllowed(op) => {
                write!(f, "operation {op} is not allowed")
            }
            IllegalModelAnswer::NoValue(e) => write!(f, "the answer has no value: {e}"),
            IllegalModelAnswer::Step(e) => e.fmt(f),
            IllegalModelAnswer::NotPositiveInteger { index, value } => {
                let why = if !value.is_integer() {
                    "is not a whole number"
                } else if value.is_zero() {
                    "is zero"
                } else {
                    "is negative"
                };
                write!(
                    f,
                    "step {}, {value}, {why}: the rules allow positive integers only",
                    index + 1
                )
            }
        }
    }
}

impl std::error::Error for IllegalModelAnswer {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            IllegalModelAnswer::NoValue(e) => Some(e),
            IllegalModelAnswer::Step(e) => Some(e),
            _ => None,
        }
    }
}

/// The verdict of a model's answer.
type Verdict = Check<ModelMistake, IllegalModelAnswer>;

impl Game {
    /// Judges a language model's answer as it is written, against the
    /// hand as given: the lenient companion of [`Game::check_answer`].
    ///
    /// **Where the answer is.** In the last `<answer>…</answer>` if there
    /// is one, then in the last `\boxed{…}`, then after the last
    /// "answer" label (`Answer:`, `**Final answer**`, `The answer is`);
    /// if that holds none, anywhere in the text. Lines (and parts of a
    /// line between `,` or `;`) are read from the last: the answer is the
    /// last one that reads as an expression of an operation or more,
    /// unless it or a line after it says there is no solution ("no
    /// solution", "impossible", "cannot be made", "none", …).
    ///
    /// **How it may be written.** Markdown emphasis, code marks and
    /// fences, headings, list bullets and numbers, a label up to a `:`,
    /// leading and trailing words are taken off; `×` `·` `∗` `x` and LaTeX
    /// `\times` `\cdot` are `*`, `÷` and `\div` are `/`, `−` `–` `—`
    /// are `-`, `\frac{a}{b}` is `(a)/(b)`, `\left( \right)`, `[ ]` and
    /// `{ }` are parentheses, `$…$`, `\[…\]`, `\(…\)` are taken off; a
    /// parenthesis right after a number or a parenthesis multiplies
    /// (`2(3+4)`); a trailing full stop goes; the line may end in `= v`
    /// (or `= … = v`: the value of the last part is what it claims).
    /// Numbers may be negative (`-3`) and decimals, read exactly (`0.2`
    /// is 1/5): a decimal is a number like any other, so it must be a
    /// number of the hand (`5 * (5 - 0.2)` on 1 5 5 5 writes 1/5, which
    /// the hand does not hold: [`IllegalModelAnswer::NotInHand`]) or, in
    /// steps, a number a step made. In one expression, `-n` where the
    /// hand holds `n` (not `-n`) is `n` with the minus carried into the
    /// operations above it: `-1 + x` is judged as `x - 1` (a minus left on
    /// the whole answer, as in `-3 * 8`, has no operation to go into: the
    /// number is read as written, and the hand does not hold `-3`).
    ///
    /// **Steps.** When the last line ends in `= v`, does not use the
    /// hand on its own, and the lines just before it end in `= v` too,
    /// they are steps (`4 + 8 = 12`, `12 * 2 = 24`): each one's
    /// expression takes its numbers from the numbers left (the hand, less
    /// what earlier steps took, plus the values they made; `8/3` in a
    /// step is the fraction when a step made it), must be worth the value
    /// written after its `=` exactly, and leaves that value. The last
    /// step's value must be the target and no number may be left over.
    ///
    /// **The verdict.** [`Check::Solved`] for a right answer (and for a
    /// claim of no solution on a hand that has none); [`Check::Illegal`]
    /// with an [`IllegalModelAnswer`] (no expression found, a number not
    /// in the hand or used too often, an operation not allowed, a
    /// division by zero, a step not on the numbers left, a text past
    /// [`MAX_MODEL_ANSWER_LEN`]); [`Check::Wrong`] with a
    /// [`ModelMistake`] (a number unused, the wrong value, a wrong
    /// `= v`, a step not exact, a claim of no solution on a solvable
    /// hand, with a solution); [`Check::Stopped`] when the game's
    /// [`budget`](Game::budget) ran out while judging a claim of no
    /// solution. It never panics, whatever the text.
    ///
    /// ```
    /// use kongming_game24::{Check, Game, IllegalModelAnswer, ModelMistake, Rational};
    ///
    /// let game: Game = "4 9 10 13".parse()?;
    /// assert_eq!(game.check_model_answer("(10 - 4) * (13 - 9) = 24"), Check::Solved);
    /// assert_eq!(game.check_model_answer("**Answer:** $(10-4) \\times (13-9)$."), Check::Solved);
    /// assert_eq!(game.check_model_answer("10 - 4 = 6\n13 - 9 = 4\n6 × 4 = 24"), Check::Solved);
    /// // A negated number opening a sum: `-4 + 10` is `10 - 4`.
    /// assert_eq!(game.check_model_answer("(-4 + 10) * (13 - 9)"), Check::Solved);
    /// assert_eq!(
    ///     game.check_model_answer("Answer: (10 - 4) * (13 - 4)"),
    ///     Check::Illegal(IllegalModelAnswer::UsedTooOften(Rational::from_integer(4)))
    /// );
    /// assert!(matches!(
    ///     game.check_model_answer("There is no solution."),
    ///     Check::Wrong(ModelMistake::ClaimsNoSolution(_))
    /// ));
    /// assert_eq!("1 1 1 1".parse::<Game>()?.check_model_answer("Impossible."), Check::Solved);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_model_answer(&self, text: &str) -> Check<ModelMistake, IllegalModelAnswer> {
        // The 24 game's rules with the game's operations; the 24 game
        // scores no closest value, so a value off the target is just wrong.
        let rules = Rules::game24().with_ops(self.ops());
        match judge(text, self.hand(), self.target(), rules) {
            Judged::Verdict(verdict) => verdict,
            Judged::ClaimsNoSolution => self.judge_no_solution(),
            Judged::OffTarget(value) => Check::Wrong(ModelMistake::WrongValue(value)),
        }
    }

    /// A claim that the hand as given cannot make the target.
    fn judge_no_solution(&self) -> Verdict {
        match self.start().first(Mode::Values, self.play_budget(), None) {
            Ok(first) => match first.found {
                Found::Solution(e) => Check::Wrong(ModelMistake::ClaimsNoSolution(e)),
                Found::Nothing | Found::Overflowed => Check::Solved,
                Found::Stopped(reason) => Check::Stopped(reason),
            },
            // The rules refuse every expression (no operation allowed on
            // several numbers): nothing makes the target.
            Err(_) => Check::Solved,
        }
    }
}
