//! A numbers game under any [`Rules`]: the hand, the target, and the
//! answers (first solution or closest value, every distinct solution).

use std::fmt;

use kongming_search::control::{Budget, Meter, Outcome, StopReason};

use super::rules::{Arithmetic, NumberUse, Rules};
use super::search::{Best, Search, closest, listing};
use super::splits::{Halt as SplitsHalt, Splits};
use super::subsets::{Found, Halt, Subsets};
use super::value::{Overflow, StepValue};
use crate::Rational;
use crate::expr::Expr;

/// The most numbers a [`Countdown`] takes: the search grows quickly past
/// six, and a [`Budget`] bounds it.
///
/// ```
/// assert_eq!(kongming_game24::MAX_COUNTDOWN_NUMBERS, 7);
/// ```
pub const MAX_COUNTDOWN_NUMBERS: usize = 7;

/// Why a [`Countdown`] cannot be made or solved.
///
/// ```
/// use kongming_game24::{Countdown, CountdownError, Rules};
/// let err = Countdown::new(&[3, 0], 100, Rules::countdown()).unwrap_err();
/// assert_eq!(err, CountdownError::NotPositiveInteger { place: 2 });
/// assert_eq!(err.to_string(), "number 2 is not a positive integer, as the rules ask");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountdownError {
    /// The hand is empty.
    NoNumbers,
    /// More than [`MAX_COUNTDOWN_NUMBERS`] numbers.
    TooManyNumbers(usize),
    /// Under [`Arithmetic::PositiveIntegers`], the number at this place
    /// (counting from 1) is not a positive integer.
    NotPositiveInteger {
        /// The place of the number, counting from 1.
        place: usize,
    },
    /// Under [`Arithmetic::PositiveIntegers`], the target is not an integer.
    TargetNotInteger,
    /// A step of the search overflowed `i64`: the hand is too large for
    /// this solver.
    Overflow,
}

impl fmt::Display for CountdownError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountdownError::NoNumbers => f.write_str("no numbers to play with"),
            CountdownError::TooManyNumbers(n) => write!(
                f,
                "{n} numbers: at most {MAX_COUNTDOWN_NUMBERS} can be played"
            ),
            CountdownError::NotPositiveInteger { place } => write!(
                f,
                "number {place} is not a positive integer, as the rules ask"
            ),
            CountdownError::TargetNotInteger => {
                f.write_str("the target is not an integer, as the rules ask")
            }
            CountdownError::Overflow => f.write_str("a step overflowed 64-bit arithmetic"),
        }
    }
}

impl std::error::Error for CountdownError {}

impl From<Overflow> for CountdownError {
    fn from(_: Overflow) -> CountdownError {
        CountdownError::Overflow
    }
}

/// The answer to a [`Countdown`]: a solution, or the closest value.
///
/// ```
/// use kongming_game24::{Answer, Countdown, Rules};
///
/// // 1 1 2 2 cannot make 100 under Countdown rules; (1+2)*(1+2) = 9 comes closest.
/// let game = Countdown::new(&[1, 1, 2, 2], 100, Rules::countdown())?;
/// let Answer::Closest { expr, value, distance } = game.solve()? else { panic!() };
/// assert_eq!(value, 9.into());
/// assert_eq!(distance, 91.into());
/// assert_eq!(expr.eval()?, value);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Answer {
    /// A solution: it makes the target.
    Exact(Expr),
    /// The target cannot be made; this is the first value met at the least
    /// distance from it (another value may be as close on the other side).
    Closest {
        /// The expression that makes `value`.
        expr: Expr,
        /// The value made.
        value: Rational,
        /// `|value - target|`, more than zero.
        distance: Rational,
    },
    /// The rules let the hand make no value at all (every number must be
    /// used and no step is allowed).
    Nothing,
    /// The budget ran out before the answer was known.
    Stopped(StopReason),
}

impl Answer {
    /// How the search ended.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Outcome, Rules};
    /// let game = Countdown::new(&[100, 4], 400, Rules::countdown())?;
    /// assert_eq!(game.solve()?.outcome(), Outcome::Complete);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            Answer::Stopped(reason) => Outcome::Stopped(*reason),
            _ => Outcome::Complete,
        }
    }

    /// The expression of a solution or of the closest value.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rules};
    /// let game = Countdown::new(&[100, 4], 400, Rules::countdown())?;
    /// assert_eq!(game.solve()?.expr().map(ToString::to_string).as_deref(), Some("100*4"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expr(&self) -> Option<&Expr> {
        match self {
            Answer::Exact(expr) | Answer::Closest { expr, .. } => Some(expr),
            Answer::Nothing | Answer::Stopped(_) => None,
        }
    }

    /// Whether the target can be made: `None` when the search stopped.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rules};
    /// let game = Countdown::new(&[1, 1, 2, 2], 100, Rules::countdown())?;
    /// assert_eq!(game.solve()?.known(), Some(false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn known(&self) -> Option<bool> {
        match self {
            Answer::Exact(_) => Some(true),
            Answer::Closest { .. } | Answer::Nothing => Some(false),
            Answer::Stopped(_) => None,
        }
    }
}

impl fmt::Display for Answer {
    /// `100*4`, `(1+2)*(1+2) = 9, 91 away`, `nothing can be made`, or
    /// why the search stopped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Exact(expr) => write!(f, "{expr}"),
            Answer::Closest {
                expr,
                value,
                distance,
            } => write!(f, "{expr} = {value}, {distance} away"),
            Answer::Nothing => f.write_str("nothing can be made"),
            Answer::Stopped(reason) => write!(f, "no answer yet: {reason}"),
        }
    }
}

/// Every distinct solution of a [`Countdown`], and whether the list is
/// complete.
///
/// ```
/// use kongming_game24::{Countdown, Rules};
/// let list = Countdown::new(&[4, 4, 10, 10], 24, Rules::game24())?.solutions()?;
/// assert_eq!(list.solutions().len(), 1);
/// assert!(list.outcome().is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionList {
    solutions: Vec<Expr>,
    outcome: Outcome,
}

impl SolutionList {
    /// The solutions found, each valid; all of them when
    /// [`outcome`](Self::outcome) is complete.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rules};
    /// let list = Countdown::new(&[3, 3, 8, 8], 24, Rules::game24())?.solutions()?;
    /// assert_eq!(list.solutions()[0].to_string(), "8/(3-8/3)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self) -> &[Expr] {
        &self.solutions
    }

    /// The solutions, owned.
    ///
    /// ```
    /// use kongming_game24::{Countdown, NumberUse, Rules};
    /// // Every number, integer steps: 8/(3-8/3) steps through a fraction.
    /// let rules = Rules::countdown().with_number_use(NumberUse::All);
    /// let all = Countdown::new(&[3, 3, 8, 8], 24, rules)?.solutions()?.into_solutions();
    /// assert!(all.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_solutions(self) -> Vec<Expr> {
        self.solutions
    }

    /// Whether every solution was listed or the budget ran out first.
    ///
    /// ```
    /// use kongming_game24::{Budget, Countdown, Outcome, Rules, StopReason};
    /// let game = Countdown::new(&[1, 2, 3, 4, 5, 6], 100, Rules::countdown())?
    ///     .budget(Budget::unlimited().with_node_limit(10));
    /// assert_eq!(game.solutions()?.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }
}

/// A numbers game: a hand, a target and the [`Rules`] it is played by.
///
/// Under [`Arithmetic::PositiveIntegers`] the numbers must be positive
/// integers and the target an integer; under [`Arithmetic::Rational`]
/// any numbers fit. Both [`solve`](Self::solve) and
/// [`solutions`](Self::solutions) run under the game's [`Budget`]
/// (unlimited unless set); a node is one step played (a last step
/// whose value is of no use is not played).
///
/// ```
/// use kongming_game24::{Answer, Countdown, Rules};
///
/// let game = Countdown::new(&[25, 50, 75, 100, 3, 6], 952, Rules::countdown())?;
/// let Answer::Exact(expr) = game.solve()? else { panic!("952 can be made") };
/// assert_eq!(expr.eval()?, 952.into());
/// println!("{expr}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Countdown {
    numbers: Vec<Rational>,
    target: Rational,
    rules: Rules,
    budget: Budget,
}

impl Countdown {
    /// A game of integers.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rules};
    /// let game = Countdown::new(&[1, 2, 3], 7, Rules::countdown())?;
    /// assert_eq!(game.numbers().len(), 3);
    /// # Ok::<(), kongming_game24::CountdownError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`with_rationals`](Self::with_rationals).
    pub fn new(numbers: &[i64], target: i64, rules: Rules) -> Result<Countdown, CountdownError> {
        let numbers: Vec<Rational> = numbers.iter().map(|&n| Rational::from_integer(n)).collect();
        Countdown::with_rationals(&numbers, Rational::from_integer(target), rules)
    }

    /// A game of any exact numbers.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rational, Rules};
    /// let half = Rational::new(1, 2);
    /// let game = Countdown::with_rationals(&[half, 3.into()], 6.into(), Rules::game24())?;
    /// assert_eq!(game.solve()?.expr().map(ToString::to_string).as_deref(), Some("3/[1/2]"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`CountdownError::NoNumbers`], [`CountdownError::TooManyNumbers`]
    /// past [`MAX_COUNTDOWN_NUMBERS`]; under
    /// [`Arithmetic::PositiveIntegers`], [`CountdownError::NotPositiveInteger`]
    /// and [`CountdownError::TargetNotInteger`].
    pub fn with_rationals(
        numbers: &[Rational],
        target: Rational,
        rules: Rules,
    ) -> Result<Countdown, CountdownError> {
        if numbers.is_empty() {
            return Err(CountdownError::NoNumbers);
        }
        if numbers.len() > MAX_COUNTDOWN_NUMBERS {
            return Err(CountdownError::TooManyNumbers(numbers.len()));
        }
        if rules.arithmetic() == Arithmetic::PositiveIntegers {
            if let Some(place) = numbers
                .iter()
                .position(|n| !n.is_integer() || *n.numer() <= 0)
            {
                return Err(CountdownError::NotPositiveInteger { place: place + 1 });
            }
            if !target.is_integer() {
                return Err(CountdownError::TargetNotInteger);
            }
        }
        Ok(Countdown {
            numbers: numbers.to_vec(),
            target,
            rules,
            budget: Budget::unlimited(),
        })
    }

    /// The same game under a budget.
    ///
    /// ```
    /// use kongming_game24::{Answer, Budget, Countdown, Rules, StopReason};
    /// let game = Countdown::new(&[1, 1, 2, 2, 3, 3], 997, Rules::countdown())?
    ///     .budget(Budget::unlimited().with_node_limit(5));
    /// assert_eq!(game.solve()?, Answer::Stopped(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Countdown {
        self.budget = budget;
        self
    }

    /// The hand.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rules};
    /// let game = Countdown::new(&[5, 7], 35, Rules::countdown())?;
    /// assert_eq!(game.numbers(), &[5.into(), 7.into()]);
    /// # Ok::<(), kongming_game24::CountdownError>(())
    /// ```
    pub fn numbers(&self) -> &[Rational] {
        &self.numbers
    }

    /// The target.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rules};
    /// assert_eq!(Countdown::new(&[5, 7], 35, Rules::countdown())?.target(), 35.into());
    /// # Ok::<(), kongming_game24::CountdownError>(())
    /// ```
    pub fn target(&self) -> Rational {
        self.target
    }

    /// The rules.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rules};
    /// assert_eq!(Countdown::new(&[5, 7], 35, Rules::countdown())?.rules(), Rules::countdown());
    /// # Ok::<(), kongming_game24::CountdownError>(())
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The first solution found, or, when the target cannot be made, the
    /// closest value with its distance and an expression for it.
    ///
    /// ```
    /// use kongming_game24::{Answer, Countdown, Rules};
    /// let game = Countdown::new(&[3, 3, 8, 8], 24, Rules::game24())?;
    /// assert_eq!(game.solve()?, Answer::Exact("8/(3-8/3)".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`CountdownError::Overflow`] when a step overflows `i64`, or the
    /// distance from the closest value to the target does.
    pub fn solve(&self) -> Result<Answer, CountdownError> {
        match self.rules.arithmetic() {
            Arithmetic::PositiveIntegers => {
                let values: Vec<i64> = self.numbers.iter().map(|n| *n.numer()).collect();
                let target = *self.target.numer();
                let meter = self.budget.start();
                if let Some(mut subsets) = Subsets::new(&values, self.rules, meter.clone()) {
                    let answer = match subsets.solve(target) {
                        Err(Halt::Stopped(reason)) => Answer::Stopped(reason),
                        Err(Halt::Overflow) => return Err(CountdownError::Overflow),
                        Ok(Found::Exact(expr)) => Answer::Exact(expr),
                        Ok(Found::Closest { expr, value }) => Answer::Closest {
                            expr,
                            value: Rational::from_integer(value),
                            distance: Rational::from_integer(value.distance(target)?),
                        },
                        Ok(Found::Nothing) => Answer::Nothing,
                    };
                    return Ok(answer);
                }
                self.solve_with::<i64>(values, target, meter)
            }
            Arithmetic::Rational => {
                let meter = self.budget.start();
                // Five numbers or more: the splits find a solution far
                // sooner than the search (which still finds the closest
                // value when there is none).
                let mut spent = 0;
                if self.numbers.len() >= 5 {
                    let mut splits = Splits::new(&self.numbers, self.rules.ops(), meter.clone());
                    let found = match self.rules.number_use() {
                        NumberUse::All => splits.solve(self.target),
                        NumberUse::Any => splits.solve_any(self.target),
                    };
                    match found {
                        Ok(Some(expr)) if expr.eval() == Ok(self.target) => {
                            return Ok(Answer::Exact(expr));
                        }
                        Err(SplitsHalt::Stopped(reason)) => return Ok(Answer::Stopped(reason)),
                        Ok(_) | Err(SplitsHalt::Overflow) => {}
                    }
                    // The search goes on from the nodes the splits spent.
                    spent = splits.questions();
                }
                let mut search =
                    Search::new(&self.numbers, self.numbers.clone(), self.rules, meter);
                search.spend(spent);
                self.closest_by(search, self.target)
            }
        }
    }

    fn solve_with<V: StepValue>(
        &self,
        values: Vec<V>,
        target: V,
        meter: Meter,
    ) -> Result<Answer, CountdownError> {
        self.closest_by(
            Search::new(&self.numbers, values, self.rules, meter),
            target,
        )
    }

    /// The first solution `search` finds, or the closest value.
    fn closest_by<V: StepValue>(
        &self,
        mut search: Search<'_, V>,
        target: V,
    ) -> Result<Answer, CountdownError> {
        let best = closest(&mut search, target)?;
        Ok(match (best, search.stop()) {
            (Some(Best { distance, expr, .. }), _) if distance == V::default() => {
                Answer::Exact(expr)
            }
            (_, Some(reason)) => Answer::Stopped(reason),
            (None, None) => Answer::Nothing,
            (
                Some(Best {
                    distance,
                    value,
                    expr,
                }),
                None,
            ) => Answer::Closest {
                expr,
                value: value.to_rational(),
                distance: distance.to_rational(),
            },
        })
    }

    /// Every distinct solution (the guide's "Countdown" section says when
    /// two are the same), each an [`Expr`] that [`Expr::eval`] re-checks.
    ///
    /// ```
    /// use kongming_game24::{Countdown, Rules};
    /// let list = Countdown::new(&[100, 4, 2, 2], 400, Rules::countdown())?.solutions()?;
    /// let texts: Vec<String> = list.solutions().iter().map(ToString::to_string).collect();
    /// assert!(texts.contains(&"100*4".to_string()));
    /// assert!(texts.contains(&"100*(2+2)".to_string()) || texts.contains(&"(2+2)*100".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`CountdownError::Overflow`] when a step overflows `i64`.
    pub fn solutions(&self) -> Result<SolutionList, CountdownError> {
        match self.rules.arithmetic() {
            Arithmetic::PositiveIntegers => {
                let values: Vec<i64> = self.numbers.iter().map(|n| *n.numer()).collect();
                let target = *self.target.numer();
                if let Some(mut subsets) = Subsets::new(&values, self.rules, self.budget.start()) {
                    let mut solutions = Vec::new();
                    let outcome = match subsets.every(target, &mut solutions) {
                        Ok(()) => Outcome::Complete,
                        Err(Halt::Stopped(reason)) => Outcome::Stopped(reason),
                        Err(Halt::Overflow) => return Err(CountdownError::Overflow),
                    };
                    return Ok(SolutionList { solutions, outcome });
                }
                self.list_with::<i64>(values, target)
            }
            Arithmetic::Rational => self.list_with(self.numbers.clone(), self.target),
        }
    }

    fn list_with<V: StepValue>(
        &self,
        values: Vec<V>,
        target: V,
    ) -> Result<SolutionList, CountdownError> {
        let mut search = Search::new(&self.numbers, values, self.rules, self.budget.start());
        let solutions = listing(&mut search, target)?;
        let outcome = match search.stop() {
            Some(reason) => Outcome::Stopped(reason),
            None => Outcome::Complete,
        };
        Ok(SolutionList { solutions, outcome })
    }
}
