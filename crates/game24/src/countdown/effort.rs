//! How hard a numbers game played with any subset of its numbers is, by
//! the search alone: [`Effort`].

use std::fmt;

use crate::Grade;
use crate::expr::Expr;

/// How much a numbers game asks of a solver, from its distinct solutions:
/// the fewest numbers a solution uses and how many distinct solutions
/// there are. It grades the games of [`NumberUse::Any`](crate::NumberUse)
/// (Countdown and its relatives), where the numbers a solution needs vary.
///
/// The measure ([`Effort::score`]) is the steps of the shortest solution
/// less the decimal logarithm of the count of distinct solutions:
///
/// ```text
/// score = (fewest_numbers - 1) - log10(distinct_solutions)
/// ```
///
/// so a game with ten times as many ways to make the target counts one
/// step shorter. The [`Grade`] cuts it at 2, 3 and 4 (easy under 2,
/// expert from 4), which in distinct solutions is:
///
/// | steps of the shortest solution | easy | medium | hard | expert |
/// |---|---|---|---|---|
/// | 0 or 1 | any | | | |
/// | 2 | 2 or more | 1 | | |
/// | 3 | more than 10 | 2 to 10 | 1 | |
/// | 4 | more than 100 | 11 to 100 | 2 to 10 | 1 |
/// | 5 (all six tiles) | more than 1000 | 101 to 1000 | 11 to 100 | 1 to 10 |
/// | 6 | more than 10,000 | 1001 to 10,000 | 101 to 1000 | 1 to 100 |
///
/// The cuts are set so that each grade holds a fifth to a third of the
/// Countdown games (six tiles, a target from 101 to 999) that can be made.
/// No player data exists for this measure: it is not calibrated on people
/// (docs/game24.md, "Generators"). A game with no solution has no grade.
///
/// ```
/// use kongming_game24::{Countdown, Effort, Grade, Rules};
///
/// let list = Countdown::new(&[25, 50, 75, 100, 3, 6], 952, Rules::countdown())?.solutions()?;
/// let effort = Effort::of(list.solutions());
/// assert_eq!(effort.fewest_numbers, 6);
/// assert_eq!(effort.grade(), Some(Grade::Expert));
/// assert_eq!(Effort::of(&["100*4".parse()?]).grade(), Some(Grade::Easy));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Effort {
    /// The fewest numbers a solution uses (0 when there is none).
    pub fewest_numbers: usize,
    /// How many distinct solutions there are (0: none).
    pub distinct_solutions: u64,
}

impl Effort {
    /// The effort of a game whose distinct solutions are `solutions` (as
    /// [`Countdown::solutions`](crate::Countdown::solutions) lists them).
    ///
    /// ```
    /// use kongming_game24::{Effort, Expr};
    ///
    /// let solutions: Vec<Expr> = vec!["(7-1)*4".parse()?, "4*3*2".parse()?, "7+4*5-3".parse()?];
    /// let effort = Effort::of(&solutions);
    /// assert_eq!((effort.fewest_numbers, effort.distinct_solutions), (3, 3));
    /// assert_eq!(Effort::of(&[]).grade(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(solutions: &[Expr]) -> Effort {
        Effort {
            fewest_numbers: solutions
                .iter()
                .map(|s| s.numbers().len())
                .min()
                .unwrap_or(0),
            distinct_solutions: solutions.len() as u64,
        }
    }

    /// The measure: `(fewest_numbers - 1) - log10(distinct_solutions)`;
    /// `None` when there is no solution.
    ///
    /// ```
    /// use kongming_game24::Effort;
    /// let one_way: kongming_game24::Expr = "(75-50)*(3+6)".parse()?;
    /// assert_eq!(Effort::of(&[one_way]).score(), Some(3.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn score(&self) -> Option<f64> {
        (self.distinct_solutions > 0)
            .then(|| self.fewest_numbers as f64 - 1.0 - (self.distinct_solutions as f64).log10())
    }

    /// The grade: easy under 2, medium under 3, hard under 4, expert from
    /// 4 (see [`Effort`]); `None` when there is no solution. Worked out in
    /// whole numbers, so a score on a cut is never misread: the grade is
    /// easy when there are more than `10^(steps - 2)` solutions, and so on.
    ///
    /// ```
    /// use kongming_game24::{Effort, Expr, Grade};
    /// // Five steps and ten solutions: a score of exactly 4.
    /// let ten: Vec<Expr> = (0..10).map(|_| "1+2+3+4+5+6".parse()).collect::<Result<_, _>>()?;
    /// assert_eq!(Effort::of(&ten).grade(), Some(Grade::Expert));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade(&self) -> Option<Grade> {
        if self.distinct_solutions == 0 {
            return None;
        }
        let steps = self.fewest_numbers.saturating_sub(1);
        // score < cut  <=>  solutions > 10^(steps - cut)
        let above = |cut: usize| match steps.checked_sub(cut) {
            None => true,
            Some(power) => u32::try_from(power)
                .ok()
                .and_then(|p| 10u64.checked_pow(p))
                .is_some_and(|bound| self.distinct_solutions > bound),
        };
        Some(if above(2) {
            Grade::Easy
        } else if above(3) {
            Grade::Medium
        } else if above(4) {
            Grade::Hard
        } else {
            Grade::Expert
        })
    }
}

impl fmt::Display for Effort {
    /// `expert: 2 distinct solutions, the shortest of 6 numbers`, or `no
    /// solution`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(grade) = self.grade() else {
            return f.write_str("no solution");
        };
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        write!(
            f,
            "{grade}: {} distinct solution{}, the shortest of {} number{}",
            self.distinct_solutions,
            plural(self.distinct_solutions),
            self.fewest_numbers,
            plural(self.fewest_numbers as u64)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn effort(fewest_numbers: usize, distinct_solutions: u64) -> Effort {
        Effort {
            fewest_numbers,
            distinct_solutions,
        }
    }

    #[test]
    fn the_grade_is_the_score_cut_at_two_three_and_four() {
        for fewest in 1..=7 {
            for count in 1..=5000 {
                let e = effort(fewest, count);
                let score = e.score().expect("a solution");
                // Away from the cuts the float and the whole-number
                // reading agree; on them the whole numbers decide.
                if [2.0, 3.0, 4.0].iter().any(|c| (score - c).abs() < 1e-9) {
                    continue;
                }
                let by_score = if score < 2.0 {
                    Grade::Easy
                } else if score < 3.0 {
                    Grade::Medium
                } else if score < 4.0 {
                    Grade::Hard
                } else {
                    Grade::Expert
                };
                assert_eq!(e.grade(), Some(by_score), "{fewest} {count}");
            }
        }
        assert_eq!(effort(6, 10).grade(), Some(Grade::Expert));
        assert_eq!(effort(6, 11).grade(), Some(Grade::Hard));
        assert_eq!(effort(6, 100).grade(), Some(Grade::Hard));
        assert_eq!(effort(6, 101).grade(), Some(Grade::Medium));
        assert_eq!(effort(6, 1001).grade(), Some(Grade::Easy));
        assert_eq!(effort(5, 1).grade(), Some(Grade::Expert));
        assert_eq!(effort(4, 1).grade(), Some(Grade::Hard));
        assert_eq!(effort(3, 1).grade(), Some(Grade::Medium));
        assert_eq!(effort(1, 1).grade(), Some(Grade::Easy));
        assert_eq!(effort(0, 0).grade(), None);
        assert_eq!(effort(usize::MAX, u64::MAX).grade(), Some(Grade::Expert));
    }

    #[test]
    fn display() {
        assert_eq!(
            effort(6, 2).to_string(),
            "expert: 2 distinct solutions, the shortest of 6 numbers"
        );
        assert_eq!(
            effort(1, 1).to_string(),
            "easy: 1 distinct solution, the shortest of 1 number"
        );
        assert_eq!(effort(0, 0).to_string(), "no solution");
    }
}
