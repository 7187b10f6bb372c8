//! Checking a model's answer to a [`Countdown`]: the same reading and
//! judging as the 24 game's, under the game's [`Rules`](crate::Rules), and
//! a value off the target measured against the closest any answer reaches.

use kongming_search::play::Check;
use num_rational::BigRational;
use num_traits::Signed;

use super::judge::{Judged, judge};
use super::{IllegalModelAnswer, ModelMistake, Verdict};
use crate::Rational;
use crate::countdown::{Answer, Countdown, CountdownError};
use crate::exact::big_rational;

impl Countdown {
    /// Judges a language model's answer as it is written, under the
    /// game's [`Rules`](crate::Rules): the text is read as
    /// [`Game::check_model_answer`](crate::Game::check_model_answer)
    /// reads it (labels, markdown, code, LaTeX, Unicode operators,
    /// decimals, steps, claims of no solution), then judged by the rules.
    ///
    /// **Numbers.** Under [`NumberUse::All`](crate::NumberUse::All) every
    /// number of the hand once, as in the 24 game; under
    /// [`NumberUse::Any`](crate::NumberUse::Any) any of them, each at most
    /// as often as the hand holds it: a number left out is no mistake,
    /// and a step-by-step answer may leave values it made unused (its
    /// last step is the answer). A lone number of the hand is read as the
    /// answer when it stands after a label, in `<answer>` or `\boxed{…}`.
    ///
    /// **Arithmetic.** Under
    /// [`Arithmetic::PositiveIntegers`](crate::Arithmetic::PositiveIntegers)
    /// every step must make a positive integer:
    /// [`IllegalModelAnswer::NotPositiveInteger`] names the first that
    /// does not (a line of a step-by-step answer; in one expression an
    /// operation, counted bottom-up). So a decimal is only of use where
    /// the rules allow fractions: a step that makes one is refused, and
    /// a decimal written as a number must be a number of the hand or one
    /// a step made, as in the 24 game. An operation the rules leave out
    /// is [`IllegalModelAnswer::OperationNotAllowed`] (or
    /// [`StepError::OperationNotAllowed`](crate::StepError::OperationNotAllowed)
    /// in a step).
    ///
    /// **A value off the target.** Countdown scores the closest value
    /// when the target cannot be made, so a legal answer that makes
    /// another value is measured against the closest any answer reaches
    /// (found by [`solve`](Self::solve)): [`ModelMistake::Closest`] when
    /// the target cannot be made and no answer comes closer (the best
    /// answer there is, under the television rules), otherwise
    /// [`ModelMistake::OffTarget`] with the value, its distance and the
    /// least distance there is (zero when the target can be made). Both
    /// are [`Check::Wrong`]: an evaluator that scores exact answers only,
    /// as reasoning-gym's `countdown` task does, counts [`Check::Solved`]
    /// alone; one that scores the closest value matches
    /// [`ModelMistake::Closest`] too.
    ///
    /// **A claim of no solution** is [`Check::Solved`] when
    /// [`solve`](Self::solve) finds the target cannot be made, and
    /// [`ModelMistake::ClaimsNoSolution`] with a solution when it can.
    ///
    /// Only those two verdicts search, under the game's budget
    /// ([`Check::Stopped`] when it runs out); a right answer, and every
    /// illegal one, is judged from the text alone. It never panics,
    /// whatever the text.
    ///
    /// ```
    /// use kongming_game24::{BigRational, Check, Countdown, IllegalModelAnswer, ModelMistake, Rules};
    ///
    /// let game = Countdown::new(&[25, 50, 75, 100, 3, 6], 952, Rules::countdown())?;
    /// assert_eq!(
    ///     game.check_model_answer("**Answer:** $((100 + 6) \\times 3 \\times 75 - 50) \\div 25 = 952$")?,
    ///     Check::Solved
    /// );
    /// let steps = "100 + 6 = 106\n106 × 3 = 318\n318 × 75 = 23850\n23850 − 50 = 23800\n23800 ÷ 25 = 952";
    /// assert_eq!(game.check_model_answer(steps)?, Check::Solved);
    /// // Any of the tiles: 3 and 25 go unused here, and it is no mistake.
    /// let three_hundred = Countdown::new(&[25, 50, 75, 100, 3, 6], 300, Rules::countdown())?;
    /// assert_eq!(three_hundred.check_model_answer("75 × 6 − 100 − 50 = 300")?, Check::Solved);
    /// // Positive integers at every step: 75 / 6 is not one.
    /// let Check::Illegal(why) = game.check_model_answer("75 / 6 * 100 + 3 + 50 - 25")? else {
    ///     panic!("refused")
    /// };
    /// assert_eq!(why.to_string(), "step 1, 25/2, is not a whole number: the rules allow positive integers only");
    ///
    /// // 875 cannot be made from 25 50 1 1 2 2: 900 is as close as any answer comes.
    /// let hard = Countdown::new(&[25, 50, 1, 1, 2, 2], 875, Rules::countdown())?;
    /// assert_eq!(
    ///     hard.check_model_answer("Closest: 50 * (25 - ((2 + 1) * 2 + 1)) = 900")?,
    ///     Check::Wrong(ModelMistake::Closest {
    ///         value: BigRational::from_integer(900.into()),
    ///         distance: BigRational::from_integer(25.into()),
    ///     })
    /// );
    /// assert_eq!(hard.check_model_answer("It cannot be made.")?, Check::Solved);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`CountdownError::Overflow`] when the search a verdict needs (a
    /// claim of no solution, a value off the target) overflows `i64`;
    /// the answer is then not judged.
    pub fn check_model_answer(
        &self,
        text: &str,
    ) -> Result<Check<ModelMistake, IllegalModelAnswer>, CountdownError> {
        Ok(
            match judge(text, self.numbers(), self.target(), self.rules()) {
                Judged::Verdict(verdict) => verdict,
                Judged::ClaimsNoSolution => match self.solve()? {
                    Answer::Exact(solution) => {
                        Check::Wrong(ModelMistake::ClaimsNoSolution(solution))
                    }
                    Answer::Stopped(reason) => Check::Stopped(reason),
                    _ => Check::Solved,
                },
                Judged::OffTarget(value) => self.judge_off_target(value)?,
            },
        )
    }

    /// A legal answer that makes `value`, not the target: how far it is,
    /// against the closest any answer comes.
    fn judge_off_target(&self, value: BigRational) -> Result<Verdict, CountdownError> {
        let distance = (&value - big_rational(&self.target())).abs();
        let closest = match self.solve()? {
            Answer::Exact(_) => Rational::from_integer(0),
            Answer::Closest { distance, .. } => distance,
            Answer::Stopped(reason) => return Ok(Check::Stopped(reason)),
            // The solver met no value, yet the answer makes one: nothing
            // comes closer than it.
            _ => return Ok(Check::Wrong(ModelMistake::Closest { value, distance })),
        };
        Ok(Check::Wrong(if big_rational(&closest) < distance {
            ModelMistake::OffTarget {
                value,
                distance,
                closest,
            }
        } else {
            ModelMistake::Closest { value, distance }
        }))
    }
}
