//! The hint button: what to do next with the numbers left ([`Hint`],
//! [`Game::hint`]).

use std::fmt;

use kongming_search::control::{Outcome, StopReason};

use crate::board::Mode;
use crate::error::{EvalError, GameError};
use crate::expr::{Expr, Op};
use crate::game::Found;
use crate::play::{DeadEnd, Spend};
use crate::step::{Number, Step};
use crate::{Game, Ops, Rational, Verdict};

/// What to do next: the answer of [`Game::hint`] from the game as the
/// player left it.
///
/// [`Display`](fmt::Display) says it in plain English, with the reason,
/// counting steps from 1: `Combine 8 and 3: 8/3, which keeps 24 within
/// reach.`; `{:#}` writes `× ÷`.
///
/// ```
/// use kongming_game24::{Game, Hint, Op, Step};
///
/// let game: Game = "3 3 8 8".parse()?;
/// let hint = game.hint()?;
/// assert_eq!(hint.step(), Some(&Step::new(8, Op::Div, 3)));
/// assert_eq!(hint.to_string(), "Combine 8 and 3: 8/3, which keeps 24 within reach.");
/// let lost = game.after(&["8+8".parse()?])?.hint()?;
/// assert_eq!(lost.to_string(), "Take back step 1, 8+8: after it 3, 3 and 16 cannot make 24.");
/// let none = "1 1 1 1".parse::<Game>()?.hint()?;
/// assert_eq!(none.to_string(), "Dead end: 1, 1, 1 and 1 cannot make 24.");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
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
    /// A step of the player's lost: the numbers before it could make the
    /// target, the numbers after it cannot. Take back the steps from the
    /// last to this one ([`Game::undo`]).
    Undo {
        /// The step's place among the game's steps, from 0
        /// ([`Display`](fmt::Display) and serde count from 1).
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        index: usize,
        /// The step.
        step: Step,
        /// The numbers left after it.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rationals"))]
        numbers: Vec<Rational>,
        /// The target.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
        target: Rational,
    },
    /// The hand as given cannot make the target: no step to take back,
    /// no way on.
    DeadEnd {
        /// The numbers of the hand.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rationals"))]
        numbers: Vec<Rational>,
        /// The target.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
        target: Rational,
    },
    /// The game's [`budget`](Game::budget) ran out before a hint was
    /// found: nothing is claimed.
    Stopped(StopReason),
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
            _ => None,
        }
    }

    /// How the search for the hint ended: complete, or stopped by the
    /// game's budget ([`Hint::Stopped`]).
    ///
    /// ```
    /// use kongming_game24::{Game, Outcome};
    /// assert_eq!(Game::new(&[1, 1, 1, 1], 24)?.hint()?.outcome(), Outcome::Complete);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            Hint::Stopped(reason) => Outcome::Stopped(*reason),
            _ => Outcome::Complete,
        }
    }
}

impl fmt::Display for Hint {
    /// A sentence: capitalised, ending in a full stop.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.sentence(f)?;
        f.write_str(".")
    }
}

impl Hint {
    /// The hint's sentence without its full stop.
    fn sentence(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
            Hint::Undo {
                index,
                step,
                numbers,
                target,
            } => {
                write!(f, "Take back step {}, ", index + 1)?;
                fmt::Display::fmt(step, f)?;
                f.write_str(": after it ")?;
                fmt::Display::fmt(&DeadEnd::new(numbers.clone(), *target), f)
            }
            Hint::DeadEnd { numbers, target } => {
                f.write_str("Dead end: ")?;
                fmt::Display::fmt(&DeadEnd::new(numbers.clone(), *target), f)
            }
            Hint::Stopped(reason) => write!(f, "No hint yet: the search stopped ({reason})"),
        }
    }
}

/// A step that could be hinted, with the game after it.
struct Candidate {
    step: Step,
    after: Game,
}

impl Game {
    /// The hint button, from the game as the player left it (any steps,
    /// mistakes included), under the game's [`budget`](Game::budget):
    ///
    /// - [`Hint::Solved`] when one number is left and it is the target;
    /// - [`Hint::Next`], the next step of a solution, when the numbers
    ///   left can make the target;
    /// - [`Hint::Undo`] when they cannot and a step of the player's is
    ///   to blame: the first step after which the numbers left cannot make
    ///   the target (take it back, and the steps after it);
    /// - [`Hint::DeadEnd`] when the hand as given cannot make the target;
    /// - [`Hint::Stopped`] when the budget ran out first.
    ///
    /// A hinted step never leads to a dead end, so following the hints
    /// (playing `Next`, taking back on `Undo`) from any state of a
    /// solvable hand makes the target.
    ///
    /// Which step: the steps on two of the numbers left (each pair of
    /// values once, the larger number first, in the order `+ × - ÷`, the
    /// larger less or over the smaller before the other way, pairs in the
    /// order of the numbers left) are tried in turn, and the first that
    /// keeps the target within reach is the hint. When the numbers can
    /// make the target through integers only, only steps that keep that
    /// possible are taken (a player is not sent through fractions
    /// needlessly); otherwise steps that make a whole number at least 0
    /// are tried before the others. Each try is a yes/no search of the
    /// numbers it leaves ([`Game::solvable`]), so a hint for four numbers
    /// takes tens of microseconds, and one for seven milliseconds.
    ///
    /// A step whose number does not fit a [`Rational`] is tried only when
    /// no other keeps the target within reach: then the hint is the first
    /// step of a solution ([`Game::solve`], exact at any size), which
    /// [`Game::apply`] cannot play (a hand holds `Rational`s).
    ///
    /// ```
    /// use kongming_game24::{Game, Hint};
    ///
    /// let mut game: Game = "3 3 8 8".parse()?;
    /// game.play("8+8".parse()?); // a mistake
    /// let mut said = Vec::new();
    /// loop {
    ///     match game.hint()? {
    ///         Hint::Next { step, .. } => {
    ///             said.push(step.to_string());
    ///             game.play(step);
    ///         }
    ///         Hint::Undo { .. } => {
    ///             said.push("undo".to_string());
    ///             game.undo();
    ///         }
    ///         _ => break,
    ///     }
    /// }
    /// assert_eq!(said, ["undo", "8/3", "3-[8/3]", "8/[1/3]"]);
    /// assert_eq!(game.hint()?.to_string(), "Solved: 24 is made.");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn hint(&self) -> Result<Hint, GameError> {
        self.rules()?;
        let target = self.target();
        if self.is_solved() {
            return Ok(Hint::Solved { target });
        }
        let mut spend = Spend::new(self.play_budget());
        let hint = match alive(self, &mut spend) {
            Ok(true) => self.next(&mut spend),
            Ok(false) => self.lost(&mut spend),
            Err(halt) => Err(halt),
        };
        match hint {
            Ok(hint) => Ok(hint),
            Err(Halt::Stopped(reason)) => Ok(Hint::Stopped(reason)),
            Err(Halt::Error(e)) => Err(e),
        }
    }

    /// The hint for numbers left that cannot make the target: the first
    /// step after which they could not, or a dead end from the start.
    fn lost(&self, spend: &mut Spend) -> Result<Hint, Halt> {
        let target = self.target();
        let mut now = self.start();
        if !alive(&now, spend)? {
            return Ok(Hint::DeadEnd {
                numbers: self.hand().to_vec(),
                target,
            });
        }
        let last = self.steps().len();
        for (k, step) in self.steps().iter().enumerate() {
            let Ok(after) = now.apply(step) else { break };
            // The numbers after the last step are known not to make the
            // target.
            if k + 1 == last || !alive(&after, spend)? {
                return Ok(Hint::Undo {
                    index: k,
                    step: *step,
                    numbers: after.numbers().to_vec(),
                    target,
                });
            }
            now = after;
        }
        // The steps of a game replay, so the loop returns.
        Ok(Hint::DeadEnd {
            numbers: self.numbers().to_vec(),
            target,
        })
    }

    /// The next step from numbers left that can make the target.
    fn next(&self, spend: &mut Spend) -> Result<Hint, Halt> {
        let target = self.target();
        let numbers = self.numbers();
        let (candidates, overflowed) = self.candidates();
        let next = |step: Step| Hint::Next {
            step,
            numbers_left: numbers.len() - 1,
            target,
        };
        if let Found::Solution(_) = stopped(spend.first(self, Mode::Integers)?)? {
            for c in candidates.iter().filter(|c| is_integer(&c.step)) {
                if let Found::Solution(_) = stopped(spend.first(&c.after, Mode::Integers)?)? {
                    return Ok(next(c.step));
                }
            }
        }
        for c in &candidates {
            let made = match c.after.numbers() {
                [n] => *n == target,
                _ => matches!(
                    stopped(spend.first(&c.after, Mode::Values)?)?,
                    Found::Solution(_)
                ),
            };
            if made {
                return Ok(next(c.step));
            }
        }
        if overflowed
            && let Found::Solution(solution) = stopped(spend.first(self, Mode::Values)?)?
            && let Some(step) = first_step(&solution)
        {
            return Ok(next(step));
        }
        // The numbers can make the target, so some step keeps it within
        // reach; this is not reached.
        Ok(Hint::DeadEnd {
            numbers: numbers.to_vec(),
            target,
        })
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

/// Why a hint's search ended early.
enum Halt {
    Error(GameError),
    Stopped(StopReason),
}

impl From<GameError> for Halt {
    fn from(e: GameError) -> Halt {
        Halt::Error(e)
    }
}

/// A search's finding, or the stop that ends the hint.
fn stopped(found: Found) -> Result<Found, Halt> {
    match found {
        Found::Stopped(reason) => Err(Halt::Stopped(reason)),
        found => Ok(found),
    }
}

/// Whether `game`'s numbers can make its target.
fn alive(game: &Game, spend: &mut Spend) -> Result<bool, Halt> {
    match game.numbers() {
        [n] => Ok(*n == game.target()),
        _ => match spend.verdict(game, Mode::Values)? {
            Verdict::Stopped(reason) => Err(Halt::Stopped(reason)),
            verdict => Ok(verdict == Verdict::Solvable),
        },
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
