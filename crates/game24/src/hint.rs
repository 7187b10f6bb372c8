//! The hint button: what to do next with the numbers left ([`Hint`],
//! [`Game::hint`]).

use std::fmt;

use kongming_search::control::Budget;

use crate::board::Mode;
use crate::error::{EvalError, GameError};
use crate::expr::{Expr, Op};
use crate::step::{Number, Step};
use crate::{Game, Ops, Rational};

/// What to do next: the answer of [`Game::hint`] for the numbers left.
///
/// [`Display`](fmt::Display) says it in plain English, with the reason:
/// `Combine 8 and 3: 8/3, which keeps 24 within reach`; `{:#}` writes
/// `× ÷`.
///
/// ```
/// use kongming_game24::{Game, Hint, Op, Step};
///
/// let game: Game = "3 3 8 8".parse()?;
/// let hint = game.hint()?;
/// assert_eq!(hint.step(), Some(&Step::new(8, Op::Div, 3)));
/// assert_eq!(hint.to_string(), "Combine 8 and 3: 8/3, which keeps 24 within reach");
/// let stuck = game.after(&["8+8".parse()?])?.hint()?;
/// assert_eq!(stuck.to_string(), "Dead end: 3, 3 and 16 cannot make 24");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Hint {
    /// Play this step next: after it the numbers left can still make the
    /// target (or it makes the target, when it is the last).
    Next {
        /// The step.
        step: Step,
        /// How many numbers are left after it (1 when it finishes).
        numbers_left: usize,
        /// The target.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
        target: Rational,
    },
    /// One number is left, and it is the target.
    Solved {
        /// The target.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
        target: Rational,
    },
    /// The numbers left cannot make the target, whatever comes next:
    /// a step of the player's led nowhere (or the hand has no solution).
    DeadEnd {
        /// The numbers left.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rationals"))]
        numbers: Vec<Rational>,
        /// The target.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
        target: Rational,
    },
}

impl Hint {
    /// The step to play, for [`Hint::Next`].
    ///
    /// ```
    /// use kongming_game24::Game;
    /// assert!(Game::new(&[1, 1, 1, 1], 24)?.hint()?.step().is_none());
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn step(&self) -> Option<&Step> {
        match self {
            Hint::Next { step, .. } => Some(step),
            Hint::Solved { .. } | Hint::DeadEnd { .. } => None,
        }
    }

    /// Whether the numbers left cannot make the target.
    ///
    /// ```
    /// use kongming_game24::Game;
    /// assert!(Game::new(&[1, 1, 1, 1], 24)?.hint()?.is_dead_end());
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn is_dead_end(&self) -> bool {
        matches!(self, Hint::DeadEnd { .. })
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Next {
                step,
                numbers_left,
                target,
            } => {
                let (l, r) = (step.left(), step.right());
                write!(f, "Combine {} and {}: ", Number(&l), Number(&r))?;
                fmt::Display::fmt(step, f)?;
                if *numbers_left == 1 {
                    write!(f, " makes {}", Number(target))
                } else {
                    write!(f, ", which keeps {} within reach", Number(target))
                }
            }
            Hint::Solved { target } => write!(f, "Solved: {} is made", Number(target)),
            Hint::DeadEnd { numbers, target } => {
                f.write_str("Dead end: ")?;
                if let [n] = numbers.as_slice() {
                    return write!(f, "{} is not {}", Number(n), Number(target));
                }
                for (k, n) in numbers.iter().enumerate() {
                    match k {
                        0 => {}
                        k if k + 1 == numbers.len() => f.write_str(" and ")?,
                        _ => f.write_str(", ")?,
                    }
                    write!(f, "{}", Number(n))?;
                }
                write!(f, " cannot make {}", Number(target))
            }
        }
    }
}

/// A step that could be hinted, with the game after it.
struct Candidate {
    step: Step,
    after: Game,
}

impl Game {
    /// The hint button: the next step of a solution from the numbers of
    /// this game (a hand at the start, or what a player's steps left:
    /// [`Game::after`]), [`Hint::Solved`] when one number is left and it
    /// is the target, and [`Hint::DeadEnd`] when the numbers cannot make
    /// the target. A hinted step never leads to a dead end, so following
    /// the hints from any numbers that can make the target makes it.
    ///
    /// Which step: the steps on two of the numbers left (each pair of
    /// values once, the larger number first, in the order `+ × - ÷`, the
    /// larger less or over the smaller before the other way, pairs in the
    /// hand's order) are tried in turn, and the first that keeps the
    /// target within reach is the hint. When the numbers can make the
    /// target through integers only, only steps that keep that possible
    /// are taken (a player is not sent through fractions needlessly);
    /// otherwise steps that make a whole number at least 0 are tried
    /// before the others. Each try is a yes/no search of the numbers it
    /// leaves ([`Game::solvable`]), so a hint for four numbers takes tens
    /// of microseconds, and one for seven milliseconds.
    ///
    /// A step whose number does not fit a [`Rational`] is tried only when
    /// no other keeps the target within reach: then the hint is the first
    /// step of a solution ([`Game::solve`], exact at any size), which
    /// [`Game::apply`] cannot play (a hand holds `Rational`s).
    ///
    /// ```
    /// use kongming_game24::{Game, Hint};
    ///
    /// let game: Game = "3 3 8 8".parse()?;
    /// let mut now = game.clone();
    /// let mut said = Vec::new();
    /// while let Hint::Next { step, .. } = now.hint()? {
    ///     said.push(step.to_string());
    ///     now = now.apply(&step)?;
    /// }
    /// assert_eq!(said, ["8/3", "3-[8/3]", "8/[1/3]"]);
    /// assert_eq!(now.hint()?.to_string(), "Solved: 24 is made");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn hint(&self) -> Result<Hint, GameError> {
        self.rules()?;
        let target = self.target();
        let numbers = self.numbers();
        if let [n] = numbers {
            return Ok(if *n == target {
                Hint::Solved { target }
            } else {
                self.dead_end()
            });
        }
        let (candidates, overflowed) = self.candidates();
        let next = |step: Step| Hint::Next {
            step,
            numbers_left: numbers.len() - 1,
            target,
        };
        let unlimited = Budget::unlimited();
        if self
            .first(Mode::Integers, &unlimited, None)?
            .complete()
            .is_some()
        {
            for c in candidates.iter().filter(|c| is_integer(&c.step)) {
                if c.after
                    .first(Mode::Integers, &unlimited, None)?
                    .complete()
                    .is_some()
                {
                    return Ok(next(c.step));
                }
            }
        }
        for c in &candidates {
            if c.after.solvable()? {
                return Ok(next(c.step));
            }
        }
        if overflowed
            && let Some(solution) = self.solve()?
            && let Some(step) = first_step(&solution)
        {
            return Ok(next(step));
        }
        Ok(self.dead_end())
    }

    fn dead_end(&self) -> Hint {
        Hint::DeadEnd {
            numbers: self.numbers().to_vec(),
            target: self.target(),
        }
    }

    /// The steps to try, in the order [`Game::hint`] documents, with the
    /// games after them; and whether some step was left out because its
    /// number does not fit a [`Rational`].
    fn candidates(&self) -> (Vec<Candidate>, bool) {
        let numbers = self.numbers();
        let mut pairs: Vec<(Rational, Rational)> = Vec::new();
        let mut out = Vec::new();
        let mut overflowed = false;
        for (i, &a) in numbers.iter().enumerate() {
            for &b in &numbers[i + 1..] {
                let (big, small) = if a >= b { (a, b) } else { (b, a) };
                if pairs.contains(&(big, small)) {
                    continue;
                }
                pairs.push((big, small));
                let both_ways = big != small;
                let steps = [
                    (Op::Add, false),
                    (Op::Mul, false),
                    (Op::Sub, false),
                    (Op::Sub, true),
                    (Op::Div, false),
                    (Op::Div, true),
                ];
                for (op, swap) in steps {
                    if (swap && !both_ways) || !self.ops().contains(Ops::from_op(op)) {
                        continue;
                    }
                    let step = if swap {
                        Step::new(small, op, big)
                    } else {
                        Step::new(big, op, small)
                    };
                    match self.apply(&step) {
                        Ok(after) => out.push(Candidate { step, after }),
                        Err(crate::StepError::NoValue {
                            error: EvalError::Overflow,
                            ..
                        }) => overflowed = true,
                        Err(_) => {}
                    }
                }
            }
        }
        // Stable: the order above within each kind.
        out.sort_by_key(|c| !is_whole(&c.step));
        (out, overflowed)
    }
}

/// Whether the step makes an integer.
fn is_integer(step: &Step) -> bool {
    step.value().is_ok_and(|v| v.is_integer())
}

/// Whether the step makes a whole number at least 0.
fn is_whole(step: &Step) -> bool {
    step.value()
        .is_ok_and(|v| v.is_integer() && *v.numer() >= 0)
}

/// The first step of a solution: its leftmost operation on two numbers
/// (`None` for a lone number).
fn first_step(e: &Expr) -> Option<Step> {
    match e {
        Expr::Bin(op, l, r) => match (&**l, &**r) {
            (Expr::Num(a), Expr::Num(b)) => Some(Step::new(*a, *op, *b)),
            (Expr::Bin(..), _) => first_step(l),
            (_, r) => first_step(r),
        },
        Expr::Num(_) => None,
    }
}
