//! What the generator makes: [`Puzzle`]s, and the [`PuzzleList`] report of
//! a run.

use std::fmt;

use kongming_search::control::Outcome;

use crate::change::Change;
use crate::clue::Clue;
use crate::equation::{Equation, Rules};
use crate::fix::Fix;
use crate::grade::{Difficulty, Grade};
use crate::kind::MoveKind;

/// A puzzle: a false equation whose only fix under its [`Rules`] and
/// [`Change`] is [`fix`](Puzzle::fix), with its
/// [`difficulty`](Puzzle::difficulty).
///
/// Check a player's answer with [`check_answer`](Puzzle::check_answer),
/// or play it stick by stick in a [`Game`](crate::Game). Prints as the
/// equation to fix.
///
/// With the `serde` feature it is stored as a record of the equation,
/// the change, the rules and the difficulty, **without its fix**, so a
/// player's file does not give the answer away; [`with_answer`](Puzzle::with_answer)
/// stores the fix too. Loading solves the equation again under the
/// stored change and rules (within [`Puzzle::LOAD_NODES`] search nodes)
/// and checks that it has exactly one fix (the stored one, if there is
/// one) and the stored difficulty; the rules (default [`Rules::default`])
/// and the difficulty may be left out, so a list of puzzles can be
/// written by hand: `{"equation": "5+7=2", "change": "move 1"}`.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Generator, Grade};
/// let generator = Generator::new(Change::Move(1))?.grade(Grade::Medium);
/// let puzzle = generator.generate(7)?;
/// assert!(!puzzle.equation().is_true());
/// assert!(puzzle.fix().equation().is_true());
/// assert_eq!(puzzle.grade(), Grade::Medium);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    pub(crate) equation: Equation,
    pub(crate) change: Change,
    pub(crate) rules: Rules,
    pub(crate) fix: Fix,
    pub(crate) difficulty: Difficulty,
}

impl Puzzle {
    /// The most search nodes loading a stored puzzle spends solving and
    /// rating it again (see [`Solver::budget`](crate::Solver::budget));
    /// a puzzle that needs more does not load.
    pub const LOAD_NODES: u64 = 5_000_000;

    /// The equation to fix.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = Generator::new(Change::Move(1))?.generate(1)?;
    /// assert!(!p.equation().is_true());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// let p = Generator::new(Change::Move(1))?.generate(1)?;
    /// assert!(p.fix().equation().is_true());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fix(&self) -> &Fix {
        &self.fix
    }

    /// A clue: the glyph of the fix to look at, without saying how to
    /// change it (see [`Clue`]). The fix is the only one, so the glyph is
    /// changed by every fix. For hints stick by stick from a player's
    /// partial answer, see [`Game::hint`](crate::Game::hint).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = Generator::new(Change::Move(1))?.generate(1)?;
    /// let clue = p.clue();
    /// assert!(clue.in_every_fix());
    /// assert!(p.fix().changes().iter().any(|c| c.position == clue.position()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clue(&self) -> Clue {
        Clue::from_fixes(std::slice::from_ref(&self.fix), true)
            .expect("a fix changes at least one glyph")
    }

    /// How hard the puzzle is (see [`Difficulty`]), measured by the
    /// generator under its rules and change.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let all = Generator::new(Change::Move(1))?.all().into_puzzles();
    /// let five = all.iter().find(|p| p.to_string() == "5+7=2").expect("a puzzle");
    /// assert_eq!(five.difficulty().fixes(), 1);
    /// assert!(five.difficulty().effort() <= five.difficulty().near_misses());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// let p = Generator::new(Change::Move(1))?.generate(1)?;
    /// assert_eq!(p.grade(), p.difficulty().grade());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade(&self) -> Grade {
        self.difficulty.grade()
    }

    /// The change the puzzle asks for: move, remove or add this many
    /// sticks.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = Generator::new(Change::Remove(1))?.generate(3)?;
    /// assert_eq!(p.change(), Change::Remove(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn change(&self) -> Change {
        self.change
    }

    /// The rules the puzzle is played under (glyph style, orientation,
    /// well-formed equations).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator, Rules};
    /// let rules = Rules::default().keep_orientation(true);
    /// let p = Generator::new(Change::Move(1))?.rules(rules).generate(3)?;
    /// assert_eq!(p.rules(), rules);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The puzzle with its fix, for storing both: with the `serde`
    /// feature, [`PuzzleWithAnswer`] is stored as the puzzle's record with
    /// a `fix` field, and reads back as a [`Puzzle`] (the fix checked).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = Generator::new(Change::Move(1))?.generate(1)?;
    /// assert_eq!(p.with_answer().puzzle(), &p);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_answer(&self) -> PuzzleWithAnswer<'_> {
        PuzzleWithAnswer(self)
    }

    /// What kind of stick moves the fix needs.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let p = Generator::new(Change::Move(1))?.generate(1)?;
    /// assert_ne!(p.move_kind().to_string(), "nothing moves");
    /// assert_eq!(p.move_kind(), p.difficulty().kind());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_kind(&self) -> MoveKind {
        self.fix.move_kind()
    }
}

/// A [`Puzzle`] to be stored with its fix: see [`Puzzle::with_answer`].
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Generator};
/// let p = Generator::new(Change::Move(1))?.generate(1)?;
/// let both = p.with_answer();
/// assert_eq!(both.puzzle().fix(), p.fix());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PuzzleWithAnswer<'p>(pub(crate) &'p Puzzle);

impl<'p> PuzzleWithAnswer<'p> {
    /// The puzzle.
    ///
    /// # Example
    ///
    /// See [`PuzzleWithAnswer`].
    pub fn puzzle(&self) -> &'p Puzzle {
        self.0
    }
}

impl fmt::Display for Puzzle {
    /// The equation to fix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.equation.fmt(f)
    }
}

/// A list of puzzles a [`Generator`](crate::Generator) run found, with how
/// it ended: what [`Generator::all`](crate::Generator::all),
/// [`Generator::puzzles_for`](crate::Generator::puzzles_for) and
/// [`Generator::generate_batch`](crate::Generator::generate_batch) give.
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
/// let generated = Generator::new(Change::Move(1))?.puzzles_for(&"9-7=2".parse()?);
/// assert!(generated.outcome().is_complete());
/// assert!(generated.puzzles().iter().any(|p| p.to_string() == "5+7=2"));
/// assert!(generated.to_string().ends_with(" (complete)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PuzzleList {
    puzzles: Vec<Puzzle>,
    outcome: Outcome,
}

impl PuzzleList {
    pub(crate) fn new(puzzles: Vec<Puzzle>, outcome: Outcome) -> PuzzleList {
        PuzzleList { puzzles, outcome }
    }

    /// The puzzles, in the order the run gives them.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let generated = Generator::new(Change::Move(2))?.generate_batch(3, 4);
    /// assert_eq!(generated.puzzles().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// let puzzles = Generator::new(Change::Move(1))?.generate_batch(3, 2).into_puzzles();
    /// assert_eq!(puzzles.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// let generator = Generator::new(Change::Move(1))?.budget(Budget::unlimited().with_node_limit(0));
    /// let generated = generator.all();
    /// assert_eq!(generated.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    /// assert!(generated.puzzles().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }
}

impl fmt::Display for PuzzleList {
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
