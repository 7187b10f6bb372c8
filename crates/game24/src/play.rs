//! A game in play: one step judged against the numbers left
//! ([`Game::check`], [`Game::play`], [`Game::undo`], [`Game::follow`] for
//! a hint), and a whole answer judged against the hand
//! ([`Game::check_answer`]).

use std::fmt;

use kongming_search::control::{Budget, Meter};
use kongming_search::play::Check;

use crate::board::Mode;
use crate::check::{AnswerMistake, IllegalAnswer, judge_answer};
use crate::error::GameError;
use crate::game::Found;
use crate::step::{Number, Step, StepError};
use crate::stream::limited;
use crate::{Game, Hint, Rational, Verdict};

/// Why a legal step is wrong: after it the numbers left cannot make the
/// target, whatever the player does next (the verdict
/// [`Check::Wrong`] of [`Game::check`]).
///
/// [`Display`](fmt::Display): `3, 3 and 16 cannot make 24`.
///
/// ```
/// use kongming_game24::{Check, Game};
///
/// let game: Game = "3 3 8 8".parse()?;
/// let Check::Wrong(dead_end) = game.check(&"8+8".parse()?) else { panic!("a dead end") };
/// assert_eq!(dead_end.to_string(), "3, 3 and 16 cannot make 24");
/// assert_eq!(dead_end.numbers().len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DeadEnd {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rationals"))]
    numbers: Vec<Rational>,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
    target: Rational,
}

impl DeadEnd {
    pub(crate) fn new(numbers: Vec<Rational>, target: Rational) -> DeadEnd {
        DeadEnd { numbers, target }
    }

    /// The numbers left after the step.
    ///
    /// ```
    /// use kongming_game24::{Check, Game, Rational};
    /// let game: Game = "1 2 = 5".parse()?;
    /// let Check::Wrong(dead_end) = game.check(&"1+2".parse()?) else { panic!("3 is not 5") };
    /// assert_eq!(dead_end.numbers(), [Rational::from_integer(3)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn numbers(&self) -> &[Rational] {
        &self.numbers
    }

    /// The target they cannot make.
    ///
    /// ```
    /// use kongming_game24::{Check, Game, Rational};
    /// let game: Game = "1 2 = 5".parse()?;
    /// let Check::Wrong(dead_end) = game.check(&"1+2".parse()?) else { panic!("3 is not 5") };
    /// assert_eq!(dead_end.target(), Rational::from_integer(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn target(&self) -> Rational {
        self.target
    }
}

impl fmt::Display for DeadEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let [n] = self.numbers.as_slice() {
            return write!(f, "{} is not {}", Number(n), Number(&self.target));
        }
        write_list(f, &self.numbers)?;
        write!(f, " cannot make {}", Number(&self.target))
    }
}

impl std::error::Error for DeadEnd {}

/// Writes `3, 3 and 16`.
pub(crate) fn write_list(f: &mut fmt::Formatter<'_>, numbers: &[Rational]) -> fmt::Result {
    for (k, n) in numbers.iter().enumerate() {
        match k {
            0 => {}
            k if k + 1 == numbers.len() => f.write_str(" and ")?,
            _ => f.write_str(", ")?,
        }
        write!(f, "{}", Number(n))?;
    }
    Ok(())
}

/// One budget spent over several searches: each gets what the ones
/// before it left.
pub(crate) struct Spend {
    meter: Option<Meter>,
    nodes: u64,
}

impl Spend {
    pub(crate) fn new(budget: &Budget) -> Spend {
        Spend {
            meter: limited(budget).then(|| budget.start()),
            nodes: 0,
        }
    }

    fn left(&self) -> Budget {
        match &self.meter {
            Some(meter) => meter.remaining(self.nodes),
            None => Budget::unlimited(),
        }
    }

    /// A search for one solution of `game`'s numbers on `mode`'s moves.
    pub(crate) fn first(&mut self, game: &Game, mode: Mode) -> Result<Found, GameError> {
        let first = game.first(mode, &self.left(), None)?;
        self.nodes = self.nodes.saturating_add(first.nodes);
        Ok(first.found)
    }

    /// Whether `game`'s numbers can make the target on `mode`'s moves.
    pub(crate) fn verdict(&mut self, game: &Game, mode: Mode) -> Result<Verdict, GameError> {
        Ok(match self.first(game, mode)? {
            Found::Solution(_) => Verdict::Solvable,
            Found::Nothing | Found::Overflowed => Verdict::Unsolvable,
            Found::Stopped(reason) => Verdict::Stopped(reason),
        })
    }
}

impl Game {
    /// Judges one step against the numbers left, without playing it:
    ///
    /// - [`Check::Illegal`] with a [`StepError`] when the step cannot be
    ///   played: a number not among those left (or taken more often than
    ///   it is left), an operation the game does not allow, a division by
    ///   zero (or a number past a [`Rational`]);
    /// - [`Check::Solved`] when it leaves one number, the target;
    /// - [`Check::Right`] when the numbers it leaves can still make the
    ///   target;
    /// - [`Check::Wrong`] with a [`DeadEnd`] when they cannot, whatever
    ///   comes next (also when an earlier step of the player's already
    ///   lost: [`Game::hint`] names that one);
    /// - [`Check::Stopped`] when the game's [`budget`](Game::budget) ran
    ///   out before the numbers left were judged.
    ///
    /// ```
    /// use kongming_game24::{Check, Game, StepError};
    ///
    /// let game: Game = "3 3 8 8".parse()?;
    /// assert_eq!(game.check(&"8/3".parse()?), Check::Right);
    /// assert!(matches!(game.check(&"8+8".parse()?), Check::Wrong(_)));
    /// assert!(matches!(game.check(&"2+3".parse()?), Check::Illegal(StepError::NotLeft { .. })));
    /// assert!(matches!(game.check(&"8/0".parse()?), Check::Illegal(StepError::NotLeft { .. })));
    /// let last = game.after(&["8/3".parse()?, "3-[8/3]".parse()?])?;
    /// assert_eq!(last.check(&"8/[1/3]".parse()?), Check::Solved);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, step: &Step) -> Check<DeadEnd, StepError> {
        match self.apply(step) {
            Ok(after) => after.judge(),
            Err(e) => Check::Illegal(e),
        }
    }

    /// Plays one step: judges it as [`Game::check`] does and, when it is
    /// legal (right or wrong: players make mistakes; or not judged for
    /// want of budget), records it. An illegal step changes nothing.
    ///
    /// ```
    /// use kongming_game24::{Check, Game, Rational};
    ///
    /// let mut game: Game = "3 3 8 8".parse()?;
    /// assert!(matches!(game.play("8+8".parse()?), Check::Wrong(_)));
    /// assert_eq!(game.steps().len(), 1);
    /// assert!(matches!(game.play("9*9".parse()?), Check::Illegal(_)));
    /// assert_eq!(game.steps().len(), 1);
    /// assert_eq!(game.undo(), Some("8+8".parse()?));
    /// for step in ["8/3", "3-[8/3]", "8/[1/3]"] {
    ///     game.play(step.parse()?);
    /// }
    /// assert!(game.is_solved());
    /// assert_eq!(game.hand(), [3, 3, 8, 8].map(Rational::from_integer));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, step: Step) -> Check<DeadEnd, StepError> {
        match self.apply(&step) {
            Ok(after) => {
                let verdict = after.judge();
                *self = after;
                verdict
            }
            Err(e) => Check::Illegal(e),
        }
    }

    /// Takes back the last step played, if any, and returns it.
    ///
    /// ```
    /// use kongming_game24::Game;
    ///
    /// let given: Game = "3 3 8 8".parse()?;
    /// let mut game = given.apply(&"8+8".parse()?)?;
    /// assert_eq!(game.undo(), Some("8+8".parse()?));
    /// assert_eq!(game, given);
    /// assert_eq!(game.undo(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Step> {
        let mut steps = self.steps().to_vec();
        let last = steps.pop()?;
        // The steps before the last were legal, so they replay.
        if let Ok(back) = self.start().after(&steps) {
            *self = back;
        }
        Some(last)
    }

    /// Does what `hint` says: plays a [`Hint::Next`]'s step, or for a
    /// [`Hint::Undo`] takes back the steps from the last down to the one
    /// it names. Returns whether the game changed: `false` for
    /// [`Hint::Solved`], [`Hint::DeadEnd`] and [`Hint::Stopped`], and for
    /// a hint from another state, whose step cannot be played now (a
    /// number not left, an operation not allowed) or whose `Undo` names a
    /// step the game does not have at that place; then nothing changes.
    /// The step is not judged (no search): [`Game::check`] does that.
    ///
    /// ```
    /// use kongming_game24::{Game, Hint};
    ///
    /// let mut game: Game = "3 3 8 8".parse()?;
    /// game.play("8+8".parse()?); // a mistake
    /// game.play("16+3".parse()?);
    /// let undo = game.hint()?;
    /// assert!(matches!(undo, Hint::Undo { index: 0, .. }));
    /// assert!(game.follow(&undo)); // both steps taken back
    /// assert!(game.steps().is_empty());
    /// assert!(!game.follow(&undo)); // no step to take back now
    /// let next = game.hint()?;
    /// assert!(game.follow(&next));
    /// assert_eq!(game.steps(), ["8/3".parse()?]);
    /// while game.follow(&game.hint()?) {}
    /// assert!(game.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn follow(&mut self, hint: &Hint) -> bool {
        let after = match hint {
            Hint::Next { step, .. } => self.apply(step),
            // Only the step the hint names, where it names it: a stale
            // hint must not take back steps played since.
            Hint::Undo { index, step, .. } if self.steps().get(*index) == Some(step) => {
                self.start().after(&self.steps()[..*index])
            }
            _ => return false,
        };
        match after {
            Ok(after) => {
                *self = after;
                true
            }
            Err(_) => false,
        }
    }

    /// Whether one number is left and it is the target.
    ///
    /// ```
    /// use kongming_game24::Game;
    /// let game: Game = "4 6".parse()?;
    /// assert!(!game.is_solved());
    /// assert!(game.apply(&"4*6".parse()?)?.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_solved(&self) -> bool {
        matches!(self.numbers(), [n] if *n == self.target())
    }

    /// Judges a player's whole answer against the hand as given (not the
    /// numbers left), the way a player types it: an expression,
    /// optionally followed by `=` and the target; `x` reads as `*`, each
    /// number written as itself.
    ///
    /// - [`Check::Solved`]: it uses every number of the hand once, only
    ///   allowed operations, and makes the target.
    /// - [`Check::Illegal`] with an [`IllegalAnswer`]: it is not an
    ///   answer the rules allow: unreadable, a number not in the hand or
    ///   used more often than the hand holds it, an operation not
    ///   allowed, a division by zero.
    /// - [`Check::Wrong`] with an [`AnswerMistake`]: a legal expression
    ///   that is not a solution: a number of the hand left out, worth
    ///   another value, or claiming another value after `=`.
    ///
    /// ```
    /// use kongming_game24::{AnswerMistake, Check, Game, IllegalAnswer, Rational};
    ///
    /// let game: Game = "3 3 8 8".parse()?;
    /// assert_eq!(game.check_answer("8/(3-8/3)"), Check::Solved);
    /// assert!(matches!(game.check_answer("8*3"), Check::Wrong(AnswerMistake::Unused(_))));
    /// assert!(matches!(game.check_answer("8+8+3+3"), Check::Wrong(AnswerMistake::WrongValue(_))));
    /// assert_eq!(
    ///     game.check_answer("8*3+8-8"),
    ///     Check::Illegal(IllegalAnswer::UsedTooOften(Rational::from_integer(8)))
    /// );
    /// assert!(matches!(game.check_answer("8*(3"), Check::Illegal(IllegalAnswer::Parse(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_answer(&self, answer: &str) -> Check<AnswerMistake, IllegalAnswer> {
        judge_answer(self.hand(), self.target(), self.ops(), answer)
    }

    /// The verdict on this game as the position after a step.
    fn judge(&self) -> Check<DeadEnd, StepError> {
        let target = self.target();
        if let [n] = self.numbers() {
            return if *n == target {
                Check::Solved
            } else {
                Check::Wrong(DeadEnd::new(self.numbers().to_vec(), target))
            };
        }
        // A legal step used an allowed operation, so the rules hold and
        // the search cannot refuse them.
        match Spend::new(self.play_budget()).verdict(self, Mode::Values) {
            Ok(Verdict::Solvable) => Check::Right,
            Ok(Verdict::Stopped(reason)) => Check::Stopped(reason),
            Ok(Verdict::Unsolvable) | Err(_) => {
                Check::Wrong(DeadEnd::new(self.numbers().to_vec(), target))
            }
        }
    }
}
