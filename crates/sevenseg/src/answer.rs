//! Checking a player's whole answer to a [`Puzzle`]:
//! [`Puzzle::check_answer`], with why it is wrong ([`Mistake`]) or not an
//! answer at all ([`IllegalAnswer`]).

use std::fmt;

use kongming_search::play::Check;

use crate::change::Change;
use crate::equation::{Equation, ParseError};
use crate::puzzle::Puzzle;

/// Why an answer that could be written is wrong: the verdict
/// [`Check::Wrong`] of [`Puzzle::check_answer`].
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Check, Generator, Mistake};
/// let puzzle = Generator::new(Change::Move(1))?.generate(2)?;
/// // The puzzle itself: the change does not make it (nothing moved), and it is false.
/// assert_eq!(puzzle.check_answer(puzzle.equation()), Check::Wrong(Mistake::FalseAndNotTheChange));
/// assert_eq!(Mistake::False.to_string(), "the equation is false");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored as its name in snake case
/// (`"true_but_not_the_change"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Mistake {
    /// The puzzle's change makes it from the puzzle, but it is false.
    False,
    /// It is true, but the puzzle's change does not make it from the
    /// puzzle: other sticks, or more of them, were moved, removed or
    /// added (or a stick was turned when the rules keep orientation).
    TrueButNotTheChange,
    /// It is false, and the puzzle's change does not make it either.
    FalseAndNotTheChange,
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mistake::False => "the equation is false",
            Mistake::TrueButNotTheChange => {
                "the equation is true, but the puzzle's change does not make it"
            }
            Mistake::FalseAndNotTheChange => {
                "the equation is false, and the puzzle's change does not make it"
            }
        })
    }
}

/// Why an answer is no answer to the puzzle at all, whatever its truth:
/// the verdict [`Check::Illegal`] of [`Puzzle::check_answer`].
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Check, Generator, IllegalAnswer};
/// let puzzle = Generator::new(Change::Move(1))?.generate(2)?;
/// assert_eq!(puzzle.check_answer(&"1=1".parse()?), Check::Illegal(IllegalAnswer::OtherGlyphs));
/// assert!(matches!(puzzle.check_answer_text("1+"), Check::Illegal(IllegalAnswer::Unparsable(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is stored in snake case, a parse error as
/// its kind and its position counting from 1: `"other_glyphs"`,
/// `{"sticks":{"expected":17,"found":19}}`,
/// `{"unparsable":{"kind":"expected_number","position":5}}` (for `5+7=`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum IllegalAnswer {
    /// The text is not an equation under the puzzle's rules (it does not
    /// parse, or it has leading zeros or several `=` the rules forbid).
    Unparsable(ParseError),
    /// Not the puzzle's glyphs: another number of them, or a digit where
    /// the puzzle has an operator (or the reverse). A change keeps every
    /// glyph in its place.
    OtherGlyphs,
    /// A number of sticks that the puzzle's kind of change cannot leave.
    Sticks {
        /// The sticks the change leaves.
        expected: usize,
        /// The sticks of the answer.
        found: usize,
    },
}

impl fmt::Display for IllegalAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAnswer::Unparsable(err) => write!(f, "not an equation under the rules: {err}"),
            IllegalAnswer::OtherGlyphs => {
                f.write_str("not the puzzle's glyphs: every digit and operator stays in its place")
            }
            IllegalAnswer::Sticks { expected, found } => {
                write!(f, "{found} sticks where the change leaves {expected}")
            }
        }
    }
}

impl std::error::Error for IllegalAnswer {}

impl Puzzle {
    /// The verdict on `answer`, a whole equation the player offers as the
    /// fix:
    ///
    /// - [`Check::Solved`]: it is the puzzle's fix. The puzzle has exactly
    ///   one fix under its change and rules, so this is also every true
    ///   equation the change makes from the puzzle.
    /// - [`Check::Wrong`]: the change makes it but it is false
    ///   ([`Mistake::False`]); or the change does not make it
    ///   ([`Mistake::TrueButNotTheChange`], [`Mistake::FalseAndNotTheChange`]).
    /// - [`Check::Illegal`]: no change of the puzzle's kind makes it: it
    ///   breaks the rules, has other glyphs, or another number of sticks
    ///   ([`IllegalAnswer`]).
    ///
    /// The notation of `answer` (spaces, signs) does not matter. Nothing
    /// is searched, so the verdict is never [`Check::Stopped`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Check, Generator, IllegalAnswer, Mistake};
    /// let all = Generator::new(Change::Move(1))?.all().into_puzzles();
    /// let puzzle = all.iter().find(|p| p.to_string() == "5+7=2").expect("a puzzle");
    /// assert_eq!(puzzle.check_answer(&"9-7=2".parse()?), Check::Solved);
    /// // One stick moved (from the 5 to the 7), the equation false.
    /// assert_eq!(puzzle.check_answer(&"9+1=2".parse()?), Check::Wrong(Mistake::False));
    /// // Two more sticks than the puzzle.
    /// assert!(matches!(puzzle.check_answer(&"5+7=8".parse()?), Check::Illegal(IllegalAnswer::Sticks { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_answer(&self, answer: &Equation) -> Check<Mistake, IllegalAnswer> {
        // The answer under the puzzle's rules (an equation parsed under
        // looser ones may break them).
        let answer = match self.rules.equation(answer.glyphs.clone()) {
            Ok(answer) => answer,
            Err(err) => return Check::Illegal(IllegalAnswer::Unparsable(err)),
        };
        let before = &self.equation.glyphs;
        if answer.len() != before.len()
            || before
                .iter()
                .zip(&answer.glyphs)
                .any(|(a, b)| a.is_digit() != b.is_digit())
        {
            return Check::Illegal(IllegalAnswer::OtherGlyphs);
        }
        let style = self.rules.style;
        let sticks = self.equation.sticks(&style);
        let expected = match self.change {
            Change::Move(_) => sticks,
            Change::Remove(k) => sticks.saturating_sub(k),
            Change::Add(k) => sticks + k,
        };
        let found = answer.sticks(&style);
        if found != expected {
            return Check::Illegal(IllegalAnswer::Sticks { expected, found });
        }
        let is_true = answer.is_true();
        match (self.makes(&answer), is_true) {
            (true, true) => Check::Solved,
            (true, false) => Check::Wrong(Mistake::False),
            (false, true) => Check::Wrong(Mistake::TrueButNotTheChange),
            (false, false) => Check::Wrong(Mistake::FalseAndNotTheChange),
        }
    }

    /// [`check_answer`](Puzzle::check_answer) of an answer as the player
    /// typed it, read under the puzzle's rules: text that does not read is
    /// [`IllegalAnswer::Unparsable`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Check, Generator};
    /// let puzzle = Generator::new(Change::Move(1))?.generate(4)?;
    /// let typed = puzzle.fix().equation().to_string();
    /// assert_eq!(puzzle.check_answer_text(&typed), Check::Solved);
    /// assert!(puzzle.check_answer_text("what?").is_right() == Some(false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_answer_text(&self, answer: &str) -> Check<Mistake, IllegalAnswer> {
        match self.rules.parse(answer) {
            Ok(answer) => self.check_answer(&answer),
            Err(err) => Check::Illegal(IllegalAnswer::Unparsable(err)),
        }
    }

    /// Whether the puzzle's change makes `answer` (same length and glyph
    /// kinds, well formed) from the puzzle: exactly the sticks the change
    /// takes up and puts down, in matching orientations when the rules
    /// keep them.
    fn makes(&self, answer: &Equation) -> bool {
        let style = self.rules.style;
        let (mut taken, mut put) = (0usize, 0usize);
        let mut balance = [0isize; 4];
        for (&a, &b) in self.equation.glyphs.iter().zip(&answer.glyphs) {
            let (before, after) = (style.segments(a), style.segments(b));
            let (removed, added) = (before - after, after - before);
            taken += removed.bits().count_ones() as usize;
            put += added.bits().count_ones() as usize;
            for (o, (r, a)) in removed
                .by_orientation()
                .iter()
                .zip(added.by_orientation())
                .enumerate()
            {
                balance[o] += isize::from(*r) - isize::from(a);
            }
        }
        let turned = matches!(self.change, Change::Move(_))
            && self.rules.keep_orientation
            && balance != [0; 4];
        (taken, put) == self.change.taken_and_put() && !turned
    }
}
