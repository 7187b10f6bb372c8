//! What the generator makes: [`Puzzle`]s, and the [`Generated`] report of
//! a run.

use std::fmt;

use kongming_search::control::Outcome;

use crate::equation::Equation;
use crate::fix::Fix;
use crate::grade::{Difficulty, Grade};
use crate::hint::Hint;
use crate::kind::MoveKind;

/// A puzzle: a false equation whose only fix under the generator's rules
/// and change is [`fix`](Puzzle::fix), with its [`difficulty`](Puzzle::difficulty)
/// and a [`hint`](Puzzle::hint).
///
/// Prints as the equation to fix. With the `serde` feature it is stored
/// as a record of the equation, the fix and the grade; loading checks
/// that the fix is one of the equation (its glyphs put back give the
/// equation), that the equation is false and the fix true, and that the
/// grade fits the fix (one fix, of the fix's kind, an effort within the
/// near misses); the near misses themselves are not counted again, since
/// the rules they depend on are not stored.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Generator};
/// let puzzles = Generator::new(Change::Move(1)).generate(7, 3)?.into_puzzles();
/// for puzzle in &puzzles {
///     assert!(!puzzle.equation().is_true());
///     assert!(puzzle.fix().equation().is_true());
/// }
/// # Ok::<(), kongming_sevenseg::SolveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    pub(crate) equation: Equation,
    pub(crate) fix: Fix,
    pub(crate) difficulty: Difficulty,
}

impl Puzzle {
    /// The equation to fix.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = &Generator::new(Change::Move(1)).generate(1, 1)?.into_puzzles()[0];
    /// assert!(!p.equation().is_true());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn equation(&self) -> &Equation {
        &self.equation
    }

    /// Its only fix.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = &Generator::new(Change::Move(1)).generate(1, 1)?.into_puzzles()[0];
    /// assert!(p.fix().equation().is_true());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn fix(&self) -> &Fix {
        &self.fix
    }

    /// A hint: the glyph of the fix to look at, without saying how to
    /// change it (see [`Hint`]). The fix is the only one, so the glyph is
    /// changed by every fix.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = &Generator::new(Change::Move(1)).generate(1, 1)?.into_puzzles()[0];
    /// let hint = p.hint();
    /// assert!(hint.in_every_fix());
    /// assert!(p.fix().changes().iter().any(|c| c.position == hint.position()));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn hint(&self) -> Hint {
        Hint::from_fixes(std::slice::from_ref(&self.fix), true)
            .expect("a fix changes at least one glyph")
    }

    /// How hard the puzzle is (see [`Difficulty`]), measured by the
    /// generator under its rules and change.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let all = Generator::new(Change::Move(1)).all()?.into_puzzles();
    /// let five = all.iter().find(|p| p.to_string() == "5+7=2").expect("a puzzle");
    /// assert_eq!(five.difficulty().fixes(), 1);
    /// assert!(five.difficulty().effort() <= five.difficulty().near_misses());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// Its grade: the grade of its [`difficulty`](Puzzle::difficulty).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = &Generator::new(Change::Move(1)).generate(1, 1)?.into_puzzles()[0];
    /// assert_eq!(p.grade(), p.difficulty().grade());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn grade(&self) -> Grade {
        self.difficulty.grade()
    }

    /// What kind of stick moves the fix needs.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = &Generator::new(Change::Move(1)).generate(1, 1)?.into_puzzles()[0];
    /// assert_ne!(p.move_kind().to_string(), "nothing moves");
    /// assert_eq!(p.move_kind(), p.difficulty().kind());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn move_kind(&self) -> MoveKind {
        self.fix.move_kind()
    }
}

impl fmt::Display for Puzzle {
    /// The equation to fix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.equation.fmt(f)
    }
}

/// The puzzles a [`Generator`](crate::Generator) run found, with how it
/// ended.
///
/// When the run was stopped by its budget the puzzles are those found
/// before the stop (each one checked to have exactly one fix), and there
/// may be others: only an [`Outcome::Complete`] says the list is whole.
///
/// Prints as its puzzles, separated by commas, and the outcome in
/// parentheses. With the `serde` feature it is stored as a record of the
/// puzzles and the outcome.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Generator};
/// let generated = Generator::new(Change::Move(1)).puzzles_for(&"9-7=2".parse()?)?;
/// assert!(generated.outcome().is_complete());
/// assert!(generated.puzzles().iter().any(|p| p.to_string() == "5+7=2"));
/// assert!(generated.to_string().ends_with(" (complete)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Generated {
    puzzles: Vec<Puzzle>,
    outcome: Outcome,
}

impl Generated {
    pub(crate) fn new(puzzles: Vec<Puzzle>, outcome: Outcome) -> Generated {
        Generated { puzzles, outcome }
    }

    /// The puzzles, in the order the run gives them.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let generated = Generator::new(Change::Move(2)).generate(3, 4)?;
    /// assert_eq!(generated.puzzles().len(), 4);
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The puzzles, by value.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let puzzles = Generator::new(Change::Move(1)).generate(3, 2)?.into_puzzles();
    /// assert_eq!(puzzles.len(), 2);
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn into_puzzles(self) -> Vec<Puzzle> {
        self.puzzles
    }

    /// Whether the run was complete or stopped by its budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Budget, Change, Generator, Outcome, StopReason};
    /// let generator = Generator::new(Change::Move(1)).budget(Budget::unlimited().with_node_limit(0));
    /// let generated = generator.all()?;
    /// assert_eq!(generated.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    /// assert!(generated.puzzles().is_empty());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }
}

impl fmt::Display for Generated {
    /// The puzzles separated by `, ` (`no puzzle` when there is none), then
    /// the outcome in parentheses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.puzzles.is_empty() {
            f.write_str("no puzzle")?;
        }
        for (i, puzzle) in self.puzzles.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            puzzle.fmt(f)?;
        }
        write!(f, " ({})", self.outcome)
    }
}
