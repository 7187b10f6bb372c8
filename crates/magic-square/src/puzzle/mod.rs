//! Completion puzzles: a square with cells blanked so that it completes in
//! exactly one way, graded.
//!
//! - `grade`: [`Difficulty`] (the measure) and [`Grade`];
//! - this module: [`Puzzle`] (a grid proved to complete one way, with its
//!   solution and difficulty) and [`Uniqueness`] (how many completions a
//!   grid has, as far as counted);
//! - `draw`: a random square of an order and kind, from a seed;
//! - `generate`: [`PuzzleGenerator`], which draws or takes a square and
//!   blanks cells while the completion stays unique.

mod draw;
mod generate;
mod grade;

pub use generate::{Generation, MAX_ATTEMPTS, PuzzleError, PuzzleGenerator, Puzzles};
pub use grade::{Difficulty, Grade, ParseGradeError};

use std::fmt;

use crate::{Kind, PartialSquare, Square, StopReason};

/// A completion puzzle: a grid with exactly one completion into a square
/// of its kind, that completion, and how hard it is.
///
/// Made by a [`PuzzleGenerator`] or by
/// [`Completion::uniqueness`](crate::Completion::uniqueness), which prove
/// the completion unique by counting. Its [`Display`](fmt::Display) is
/// the grid's text form.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Completion, Kind, PartialSquare, Uniqueness};
///
/// let grid: PartialSquare = "2 7 .\n. . .\n. . .".parse()?;
/// let Uniqueness::Unique(puzzle) = Completion::new(&grid, Kind::MAGIC)?.uniqueness() else {
///     panic!("one completion")
/// };
/// assert_eq!(puzzle.solution().to_string(), "2 7 6\n9 5 1\n4 3 8");
/// assert_eq!(puzzle.to_string(), "2 7 .\n. . .\n. . .");
/// assert!(puzzle.is_solved_by(puzzle.solution()));
///
/// let mut play = puzzle.grid().clone();
/// play.set(1, 1, Some(5));
/// play.set(2, 2, Some(9));
/// assert_eq!(puzzle.mistakes(&play), [(2, 2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "PuzzleFields"))]
pub struct Puzzle {
    grid: PartialSquare,
    kind: Kind,
    solution: Square,
    difficulty: Difficulty,
}

impl Puzzle {
    /// A puzzle of `grid` whose only completion is `solution`, as proved
    /// by the caller.
    pub(crate) fn new(
        grid: PartialSquare,
        kind: Kind,
        solution: Square,
        difficulty: Difficulty,
    ) -> Self {
        Self {
            grid,
            kind,
            solution,
            difficulty,
        }
    }

    /// The grid the player starts from.
    ///
    /// # Example
    ///
    /// See [`Puzzle`].
    pub fn grid(&self) -> &PartialSquare {
        &self.grid
    }

    /// The kind of square it completes to.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Kind, PuzzleGenerator};
    ///
    /// let puzzle = PuzzleGenerator::new(3, Kind::MAGIC)?.generate(1).puzzle.unwrap();
    /// assert_eq!(puzzle.kind(), Kind::MAGIC);
    /// # Ok::<(), kongming_magic_square::PuzzleError>(())
    /// ```
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Its only completion.
    ///
    /// # Example
    ///
    /// See [`Puzzle`].
    pub fn solution(&self) -> &Square {
        &self.solution
    }

    /// How many cells are given and how much search completes it.
    ///
    /// # Example
    ///
    /// See [`Difficulty`].
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// Its grade, from its [`difficulty`](Self::difficulty).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Grade, Kind, PuzzleGenerator};
    ///
    /// let generator = PuzzleGenerator::new(4, Kind::MAGIC)?.grade(Grade::Medium);
    /// let puzzle = generator.generate(7).puzzle.unwrap();
    /// assert_eq!(puzzle.grade(), Grade::Medium);
    /// # Ok::<(), kongming_magic_square::PuzzleError>(())
    /// ```
    pub fn grade(&self) -> Grade {
        self.difficulty.grade()
    }

    /// Whether `square` is the answer: since the completion is unique,
    /// whether it is the solution.
    ///
    /// # Example
    ///
    /// See [`Puzzle`].
    pub fn is_solved_by(&self, square: &Square) -> bool {
        *square == self.solution
    }

    /// The cells (row, column) of `play` that are filled with a number
    /// other than the solution's: the player's mistakes. Every cell if the
    /// orders differ.
    ///
    /// # Example
    ///
    /// See [`Puzzle`].
    pub fn mistakes(&self, play: &PartialSquare) -> Vec<(usize, usize)> {
        let n = self.solution.order();
        if play.order() != n {
            return (0..n * n).map(|c| (c / n, c % n)).collect();
        }
        play.cells()
            .iter()
            .zip(self.solution.cells())
            .enumerate()
            .filter(|(_, (cell, value))| cell.is_some_and(|given| given != **value))
            .map(|(c, _)| (c / n, c % n))
            .collect()
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.grid)
    }
}

/// A puzzle as stored: checked as it is loaded (the solution matches the
/// grid and is of the kind; uniqueness is not searched again).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct PuzzleFields {
    grid: PartialSquare,
    kind: Kind,
    solution: Square,
    difficulty: Difficulty,
}

#[cfg(feature = "serde")]
impl TryFrom<PuzzleFields> for Puzzle {
    type Error = String;

    fn try_from(fields: PuzzleFields) -> Result<Self, String> {
        if !fields.grid.matches(&fields.solution) {
            return Err("the solution does not match the grid".to_owned());
        }
        fields
            .solution
            .check(fields.kind)
            .map_err(|error| format!("the solution is not of its kind: {error}"))?;
        Ok(Puzzle::new(
            fields.grid,
            fields.kind,
            fields.solution,
            fields.difficulty,
        ))
    }
}

/// How many completions a grid has, as far as a counting
/// [`Completion`](crate::Completion) read them (it stops at two).
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Budget, Completion, Kind, PartialSquare, StopReason, Uniqueness};
///
/// let stuck: PartialSquare = "1 . .\n. 2 .\n. . .".parse()?;
/// assert_eq!(Completion::new(&stuck, Kind::MAGIC)?.uniqueness(), Uniqueness::NoCompletion);
///
/// let empty = PartialSquare::empty(6).expect("order 6");
/// let limited = Completion::new(&empty, Kind::MAGIC)?.budget(Budget::unlimited().with_node_limit(10));
/// assert_eq!(limited.uniqueness(), Uniqueness::Stopped(StopReason::NodeLimit));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[must_use = "it says whether the grid is a puzzle"]
pub enum Uniqueness {
    /// Exactly one completion: the grid is a puzzle.
    Unique(Puzzle),
    /// No completion.
    NoCompletion,
    /// Two completions (at least), these two.
    Several(Box<[Square; 2]>),
    /// The budget ran out before the count was finished (nothing is
    /// claimed).
    Stopped(StopReason),
}

impl Uniqueness {
    /// Whether the grid completes in exactly one way.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Completion, Kind, PartialSquare};
    ///
    /// let grid: PartialSquare = "2 7 .\n. . .\n. . .".parse()?;
    /// assert!(Completion::new(&grid, Kind::MAGIC)?.uniqueness().is_unique());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_unique(&self) -> bool {
        matches!(self, Uniqueness::Unique(_))
    }
}
