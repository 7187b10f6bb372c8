//! A generated numbers game with what is known of it: [`Instance`] and,
//! when the target cannot be made, its [`Closest`] value.

use std::fmt;

use super::game::{Countdown, CountdownError};
use super::rules::Rules;
use crate::expr::Expr;
use crate::{Grade, Rational};

/// The value nearest the target that a game can make, when it cannot make
/// the target: what Countdown scores.
///
/// ```
/// use kongming_game24::{CountdownGenerator, Solvability};
///
/// let instance = CountdownGenerator::countdown().solvability(Solvability::Unsolvable).generate(1)?;
/// let closest = instance.closest.expect("no solution, so a closest value");
/// assert_eq!(closest.expr.eval()?, closest.value);
/// let target = instance.target.into();
/// let gap = if closest.value > target { closest.value - target } else { target - closest.value };
/// assert_eq!(gap, closest.distance);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Closest {
    /// A value at the least distance from the target (when one on each
    /// side is as close, the one the search met first).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
    pub value: Rational,
    /// The least distance from the target, more than zero.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::rational"))]
    pub distance: Rational,
    /// An expression that makes `value` under the rules.
    pub expr: Expr,
}

/// A numbers game made by a [`CountdownGenerator`](crate::CountdownGenerator),
/// with its distinct solutions counted and its grade, ready to store as a
/// line of a training set.
///
/// The numbers are sorted. `solutions` is the count of distinct solutions
/// ([`Countdown::solutions`]: exact, since the generator gives no instance
/// whose count a budget cut short); `grade` is `None` exactly when there
/// is no solution, and then `closest` says how near the game comes.
///
/// [`Display`](fmt::Display): `1 2 25 50 75 100 = 292 (any integer
/// +-*/): medium, 8 distinct solutions`, or for a game with no solution
/// `1 3 4 6 7 9 = 718 (any integer +-*/): no solution, closest 717 (1
/// away)`. With the `serde` feature it is stored as its fields, the rules,
/// expressions and fractions as their text:
/// `{"numbers":[1,2,25,50,75,100],"target":292,"rules":"any integer
/// +-*/","solutions":8,"grade":"medium","example":"100*(75-2)/25","closest":null}`.
///
/// ```
/// use kongming_game24::{CountdownGenerator, Grade};
///
/// let instance = CountdownGenerator::countdown().grade(Grade::Hard).generate(7)?;
/// assert_eq!(instance.numbers.len(), 6);
/// assert!((101..=999).contains(&instance.target));
/// assert_eq!(instance.grade, Some(Grade::Hard));
/// let again = instance.countdown()?.solutions()?;
/// assert_eq!(again.solutions().len() as u64, instance.solutions);
/// println!("{instance}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Instance {
    /// The hand, sorted from small to large.
    pub numbers: Vec<i64>,
    /// The target.
    pub target: i64,
    /// The rules the game is played by.
    pub rules: Rules,
    /// How many distinct solutions the game has (0: none).
    pub solutions: u64,
    /// The grade: for [`NumberUse::All`](crate::NumberUse) the 24 game's
    /// [`Difficulty`](crate::Difficulty) grade, for
    /// [`NumberUse::Any`](crate::NumberUse) the [`Effort`](crate::Effort)
    /// grade; `None` when there is no solution.
    pub grade: Option<Grade>,
    /// One solution, among those of the fewest numbers; `None` when there
    /// is no solution.
    pub example: Option<Expr>,
    /// The closest value the game makes, exactly when there is no
    /// solution.
    pub closest: Option<Closest>,
}

impl Instance {
    /// The game, to solve or check answers against.
    ///
    /// ```
    /// use kongming_game24::{Answer, CountdownGenerator};
    ///
    /// let instance = CountdownGenerator::game24().generate(3)?;
    /// assert!(matches!(instance.countdown()?.solve()?, Answer::Exact(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Countdown::new`], for an instance whose fields were changed
    /// or read from elsewhere: a generated one always makes a game.
    pub fn countdown(&self) -> Result<Countdown, CountdownError> {
        Countdown::new(&self.numbers, self.target, self.rules)
    }
}

impl fmt::Display for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, n) in self.numbers.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{n}")?;
        }
        write!(f, " = {} ({}): ", self.target, self.rules)?;
        match (&self.grade, &self.closest) {
            (Some(grade), _) => {
                let plural = if self.solutions == 1 { "" } else { "s" };
                write!(f, "{grade}, {} distinct solution{plural}", self.solutions)
            }
            (None, Some(closest)) => write!(
                f,
                "no solution, closest {} ({} away)",
                closest.value, closest.distance
            ),
            (None, None) => f.write_str("no solution, and no value can be made"),
        }
    }
}
