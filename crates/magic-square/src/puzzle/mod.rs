//! Completion puzzles: a square with cells blanked so that it completes in
//! exactly one way, graded.
//!
//! - `grade`: [`Difficulty`] (the measure) and [`Grade`];
//! - this module: [`Puzzle`] (a grid proved to complete one way, with its
//!   solution and difficulty) and [`Uniqueness`] (how many completions a
//!   grid has, as far as counted);
//! - `draw`: a random square of an order and kind, from a seed;
//! - `generate`: [`Generator`], which draws or takes a square and
//!   blanks cells while the completion stays unique;
//! - `stored` (feature `serde`): a puzzle as saved, without its answer
//!   unless asked ([`Puzzle::with_answer`]).

mod draw;
mod generate;
mod grade;
#[cfg(feature = "serde")]
mod stored;

pub use generate::{Generator, MAX_ATTEMPTS, PuzzleError, Puzzles};
pub use grade::{Difficulty, Grade, ParseGradeError};
#[cfg(feature = "serde")]
pub use stored::{MAX_LOAD_NODES, WithAnswer};

use std::fmt;

use crate::{Kind, Outcome, PartialSquare, Square, StopReason};

/// A completion puzzle: a grid with exactly one completion into a square
/// of its kind, that completion, and how hard it is.
///
/// Made by a [`Generator`] or by
/// [`Completion::uniqueness`](crate::Completion::uniqueness), which prove
/// the completion unique by counting. Its [`Display`](fmt::Display) is
/// the grid's text form. A player plays it in a
/// [`Game`](crate::Game). With the `serde` feature it is stored as
/// `{"grid": …, "kind": …, "difficulty": …}`, without its answer (worked
/// out again as it is loaded, within the search its difficulty records and
/// at most `MAX_LOAD_NODES` nodes); `with_answer`
/// stores the answer too (loaded, it must complete the grid into a square
/// of the kind, and is trusted to be the only completion).
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
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    /// use kongming_magic_square::{Generator, Kind};
    ///
    /// let puzzle = Generator::new(3, Kind::MAGIC)?.generate(1)?;
    /// assert_eq!(puzzle.kind(), Kind::MAGIC);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// use kongming_magic_square::{Generator, Grade, Kind};
    ///
    /// let generator = Generator::new(4, Kind::MAGIC)?.grade(Grade::Medium);
    /// let puzzle = generator.generate(7)?;
    /// assert_eq!(puzzle.grade(), Grade::Medium);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.grid)
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
    /// Whether the grid completes in exactly one way: `Some(true)` proved,
    /// `Some(false)` when it has no completion or several, `None` when the
    /// budget stopped the count before it could tell.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Completion, Kind, PartialSquare};
    ///
    /// let grid: PartialSquare = "2 7 .\n. . .\n. . .".parse()?;
    /// assert_eq!(Completion::new(&grid, Kind::MAGIC)?.uniqueness().unique(), Some(true));
    /// let open: PartialSquare = "2 . .\n. . .\n. . 8".parse()?;
    /// assert_eq!(Completion::new(&open, Kind::MAGIC)?.uniqueness().unique(), Some(false));
    /// let empty = PartialSquare::empty(6).expect("order 6");
    /// let cut = Completion::new(&empty, Kind::MAGIC)?.budget(Budget::unlimited().with_node_limit(10));
    /// assert_eq!(cut.uniqueness().unique(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unique(&self) -> Option<bool> {
        match self {
            Uniqueness::Unique(_) => Some(true),
            Uniqueness::Stopped(_) => None,
            Uniqueness::NoCompletion | Uniqueness::Several(_) => Some(false),
        }
    }

    /// How the count ended: stopped by the budget, or complete (which a
    /// proof of two completions is too: two are enough).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Completion, Kind, Outcome, PartialSquare, StopReason};
    ///
    /// let grid: PartialSquare = "2 7 .\n. . .\n. . .".parse()?;
    /// assert_eq!(Completion::new(&grid, Kind::MAGIC)?.uniqueness().outcome(), Outcome::Complete);
    /// let empty = PartialSquare::empty(6).expect("order 6");
    /// let cut = Completion::new(&empty, Kind::MAGIC)?.budget(Budget::unlimited().with_node_limit(10));
    /// assert_eq!(cut.uniqueness().outcome(), Outcome::Stopped(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            Uniqueness::Stopped(reason) => Outcome::Stopped(*reason),
            _ => Outcome::Complete,
        }
    }

    /// The puzzle if the grid completes in exactly one way (`Ok(Some)`),
    /// `Ok(None)` if it has no completion or several, and the reason the
    /// budget stopped the count before it could tell (`Err`).
    ///
    /// # Errors
    ///
    /// The [`StopReason`] of a count the budget stopped.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Completion, Kind, PartialSquare, StopReason};
    ///
    /// let grid: PartialSquare = "2 7 .\n. . .\n. . .".parse()?;
    /// let puzzle = Completion::new(&grid, Kind::MAGIC)?.uniqueness().into_puzzle();
    /// let solution = puzzle.map(|p| p.map(|p| p.solution().to_string()));
    /// assert_eq!(solution, Ok(Some("2 7 6\n9 5 1\n4 3 8".to_owned())));
    /// let open: PartialSquare = "2 . .\n. . .\n. . 8".parse()?;
    /// assert_eq!(Completion::new(&open, Kind::MAGIC)?.uniqueness().into_puzzle(), Ok(None));
    /// let empty = PartialSquare::empty(6).expect("order 6");
    /// let cut = Completion::new(&empty, Kind::MAGIC)?.budget(Budget::unlimited().with_node_limit(10));
    /// assert_eq!(cut.uniqueness().into_puzzle(), Err(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_puzzle(self) -> Result<Option<Puzzle>, StopReason> {
        match self {
            Uniqueness::Unique(puzzle) => Ok(Some(puzzle)),
            Uniqueness::Stopped(reason) => Err(reason),
            Uniqueness::NoCompletion | Uniqueness::Several(_) => Ok(None),
        }
    }
}
