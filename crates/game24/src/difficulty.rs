//! How hard a hand is: a predicted share of players who solve it
//! ([`Difficulty::solve_rate`]), calibrated against the players of
//! 4nums.com, and a [`Grade`] cut from it.
//!
//! The model (docs/game24.md, "Hints, grades and pictures", gives the
//! fit and how well it agrees with the published rates):
//!
//! ```text
//! s = 1.60 + 0.77 ln(1 + W4) - 0.52 ln(1 + B)   if some whole-number play wins
//! s = 1.60 - 2.44                                if none does
//! solve rate = 1 / (1 + e^-s)                    (0 for a hand with no solution)
//! ```
//!
//! `W4` is the number of winning whole-number plays (see `plays.rs`)
//! scaled to a hand of four numbers (`W · 1152 / all plays of n
//! numbers`), `B` the largest number the gentlest of them makes before
//! the last step.

use std::fmt;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use crate::board::Mode;
use crate::error::GameError;
use crate::plays::{all_plays, whole_plays};
use crate::{Budget, Game};

/// The intercept of the fitted model (its log-odds of solving).
const INTERCEPT: f64 = 1.60;
/// Log-odds per unit of `ln(1 + W4)`.
const PER_WINS: f64 = 0.77;
/// Log-odds lost per unit of `ln(1 + B)`.
const PER_LARGEST: f64 = 0.52;
/// Log-odds lost when no whole-number play wins.
const NO_WHOLE_NUMBER_WAY: f64 = 2.44;
/// The plays of a hand of four numbers, the size the model is fitted on.
const FOUR_NUMBER_PLAYS: f64 = 1152.0;

pub use kongming_search::play::Grade;

/// How hard a hand is, with what the grade is computed from.
///
/// [`Difficulty::solve_rate`] is the measure: the share of players
/// predicted to solve the hand, by a model fitted to the solve rates
/// 4nums.com publishes for the 1362 hands of four numbers from 1..13 that
/// make 24 (the model and the fit are in the docs of
/// [`Difficulty::solve_rate`] and in docs/game24.md). [`Difficulty::grade`]
/// is a band of it, the family's [`Grade`]:
///
/// | grade | predicted share of players who solve it |
/// |---|---|
/// | easy | at least 90 % |
/// | medium | 75 % to 90 % |
/// | hard | 50 % to 75 % |
/// | expert | under 50 % (among them every hand that needs a fraction) |
///
/// A hand with no solution has no grade. [`Display`](fmt::Display):
/// `expert: about 30 % of players solve it (1 distinct solution, needs
/// fractions)`.
///
/// ```
/// use kongming_game24::{Game, Grade};
///
/// let hard = Game::new(&[3, 3, 8, 8], 24)?.difficulty()?;
/// assert_eq!(hard.distinct_solutions, 1);
/// assert!(hard.needs_fractions);
/// assert_eq!(hard.whole_number_wins, 0);
/// assert_eq!(hard.grade(), Some(Grade::Expert));
/// assert_eq!(hard.to_string(), "expert: about 30% of players solve it (1 distinct solution, needs fractions)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Difficulty {
    /// How many distinct solutions the hand has (0: none), under the
    /// game's equivalence.
    pub distinct_solutions: usize,
    /// Whether every solution goes through a number that is not an
    /// integer (false when there is no solution).
    pub needs_fractions: bool,
    /// `W`: how many whole-number plays make the target (a play chooses
    /// two of the numbers left and a whole-number move on them, until one
    /// number is left; the moves are the sum, the product, the larger
    /// less the smaller and a whole quotient, each kept only if it makes a
    /// whole number at least 0).
    pub whole_number_wins: u64,
    /// The plays of a hand of this size with four moves on every pair,
    /// `2^(n-1)·n!·(n-1)!` (1152 for four numbers): what `W` is a share
    /// of.
    pub all_plays: u64,
    /// `B`: the least, over the winning whole-number plays, of the
    /// largest number a step makes before the last (0 when there is no
    /// step before the last); `None` when no whole-number play wins.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::big_int_option"))]
    pub largest_needed: Option<BigInt>,
}

impl Difficulty {
    /// The measure: the predicted share of players who solve the hand,
    /// from 0 to 1 (0 when it has no solution). A logistic model of the
    /// solve rates 4nums.com publishes, fitted by least squares on their
    /// log-odds:
    ///
    /// ```text
    /// s = 1.60 + 0.77 ln(1 + W4) - 0.52 ln(1 + B)   when W > 0
    /// s = 1.60 - 2.44                                when W = 0
    /// solve rate = 1 / (1 + e^-s)
    /// ```
    ///
    /// with `W` = [`whole_number_wins`](Difficulty::whole_number_wins),
    /// `W4 = W · 1152 / all_plays` (the same share of a four-number
    /// hand's plays; other sizes are an extrapolation the published data
    /// does not check) and `B` =
    /// [`largest_needed`](Difficulty::largest_needed). Over the 1362
    /// hands its rank correlation with the published rates is about 0.82.
    ///
    /// ```
    /// use kongming_game24::Game;
    ///
    /// let easy = Game::new(&[1, 2, 3, 4], 24)?.difficulty()?;
    /// let hard = Game::new(&[2, 3, 5, 12], 24)?.difficulty()?;
    /// assert!(easy.solve_rate() > 0.95 && hard.solve_rate() < 0.5);
    /// assert_eq!(Game::new(&[1, 1, 1, 1], 24)?.difficulty()?.solve_rate(), 0.0);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn solve_rate(&self) -> f64 {
        if self.distinct_solutions == 0 {
            return 0.0;
        }
        rate_of_solvable(
            self.whole_number_wins,
            self.all_plays,
            self.largest_needed.as_ref(),
        )
    }

    /// The grade: `None` for a hand with no solution, else
    /// [`grade_of_solve_rate`](Difficulty::grade_of_solve_rate) of
    /// [`Difficulty::solve_rate`]; so a hand of lower solve rate never has
    /// an easier grade.
    ///
    /// ```
    /// use kongming_game24::Game;
    /// assert_eq!(Game::new(&[1, 1, 1, 1], 24)?.difficulty()?.grade(), None);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn grade(&self) -> Option<Grade> {
        (self.distinct_solutions > 0).then(|| Difficulty::grade_of_solve_rate(self.solve_rate()))
    }

    /// The grade of a solvable hand with this predicted solve rate (a
    /// share from 0 to 1): easy from 0.90, medium from 0.75, hard from
    /// 0.50, expert below.
    ///
    /// ```
    /// use kongming_game24::{Difficulty, Grade};
    /// assert_eq!(Difficulty::grade_of_solve_rate(0.95), Grade::Easy);
    /// assert_eq!(Difficulty::grade_of_solve_rate(0.75), Grade::Medium);
    /// assert_eq!(Difficulty::grade_of_solve_rate(0.30), Grade::Expert);
    /// ```
    pub fn grade_of_solve_rate(rate: f64) -> Grade {
        if rate >= 0.90 {
            Grade::Easy
        } else if rate >= 0.75 {
            Grade::Medium
        } else if rate >= 0.50 {
            Grade::Hard
        } else {
            Grade::Expert
        }
    }
}

/// The model's solve rate of a hand that makes its target, from `W`, the
/// plays of its size and `B`.
fn rate_of_solvable(wins: u64, plays: u64, largest: Option<&BigInt>) -> f64 {
    let s = match largest {
        Some(largest) if wins > 0 => {
            let scaled = wins as f64 * FOUR_NUMBER_PLAYS / plays.max(1) as f64;
            INTERCEPT + PER_WINS * scaled.ln_1p() - PER_LARGEST * ln_1p_big(largest)
        }
        _ => INTERCEPT - NO_WHOLE_NUMBER_WAY,
    };
    1.0 / (1.0 + (-s).exp())
}

/// The grade [`Game::difficulty`] gives a hand known to make its target,
/// from its whole-number plays alone: the grade does not depend on the
/// solutions beyond there being one, so a generator judges a hand without
/// listing them.
pub(crate) fn grade_of_solvable(game: &Game) -> Grade {
    let plays = whole_plays(game.numbers(), game.target(), game.ops());
    let largest = plays.largest.map(|b| b.to_big().to_integer());
    let rate = rate_of_solvable(
        plays.wins,
        all_plays(game.numbers().len()),
        largest.as_ref(),
    );
    Difficulty::grade_of_solve_rate(rate)
}

/// `ln(1 + b)` for a whole number of any size.
fn ln_1p_big(b: &BigInt) -> f64 {
    match b.to_f64() {
        Some(v) if v.is_finite() => v.ln_1p(),
        // Past f64: ln b from its bit length, far beyond any calibrated value.
        _ => b.bits() as f64 * std::f64::consts::LN_2,
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(grade) = self.grade() else {
            return f.write_str("no solution");
        };
        let percent = (self.solve_rate() * 100.0).round();
        write!(f, "{grade}: about {percent}% of players solve it (")?;
        match self.distinct_solutions {
            1 => f.write_str("1 distinct solution")?,
            n => write!(f, "{n} distinct solutions")?,
        }
        if self.needs_fractions {
            f.write_str(", needs fractions")?;
        }
        f.write_str(")")
    }
}

impl Game {
    /// How hard the hand is: its [`Difficulty`] (the predicted share of
    /// players who solve it, its [`Grade`], and what they are computed
    /// from). Lists the distinct solutions, runs an integers-only search
    /// and counts the whole-number plays: a few hundred microseconds for
    /// four numbers, tens of milliseconds for six, seconds for seven
    /// (listing the solutions is most of it).
    ///
    /// ```
    /// use kongming_game24::{Game, Grade};
    ///
    /// let d = Game::new(&[1, 2, 3, 4], 24)?.difficulty()?;
    /// assert_eq!(d.distinct_solutions, 3);
    /// assert!(!d.needs_fractions);
    /// assert_eq!(d.grade(), Some(Grade::Easy));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoOperations`] when no operation is allowed for two or more numbers.
    pub fn difficulty(&self) -> Result<Difficulty, GameError> {
        let distinct_solutions = self.solutions()?.len();
        let needs_fractions = distinct_solutions > 0
            && self
                .first(Mode::Integers, &Budget::unlimited(), None)?
                .complete()
                .is_none();
        let plays = whole_plays(self.numbers(), self.target(), self.ops());
        Ok(Difficulty {
            distinct_solutions,
            needs_fractions,
            whole_number_wins: plays.wins,
            all_plays: all_plays(self.numbers().len()),
            largest_needed: plays.largest.map(|b| b.to_big().to_integer()),
        })
    }
}
