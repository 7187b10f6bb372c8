//! How hard a completion puzzle is: its [`Difficulty`] (the measure: how
//! many cells are given, how much search completes it) and its [`Grade`]
//! (the measure in four steps).

use std::fmt;

/// How a puzzle's [`Difficulty`] is graded ([`Difficulty::grade`]): the
/// harder of its grade by givens and its grade by search. The grade is
/// the family's [`Grade`] (easy, medium, hard, expert; `kongming-search`'s
/// `play::Grade`, re-exported here).
///
/// | grade | by givens: cells given, of `n²` | by search: nodes |
/// |---|---|---|
/// | `Easy` | at least a half | 0 |
/// | `Medium` | at least three eighths | 1 to 10 |
/// | `Hard` | at least a quarter | 11 to 100 |
/// | `Expert` | fewer than a quarter | more than 100 |
///
/// For order 4 (16 cells) that is 8 or more givens for `Easy` by givens,
/// 6 or 7 for `Medium`, 4 or 5 for `Hard`, 3 or fewer for `Expert`; for
/// order 3, 5 or more, 4, 3, and 2 or fewer; for order 5, 13, 10, 7 and 6.
/// The search is the crate's [`Completion`](crate::Completion) (MAC with
/// MRV) reading every completion of the puzzle, and a node is one of its
/// decisions: 0 when propagation alone fills the grid. The grade of a
/// measure never falls when a given is taken away or a node added.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Difficulty, Grade};
///
/// assert_eq!(Difficulty::new(8, 16, 0).grade(), Grade::Easy);
/// assert_eq!(Difficulty::new(8, 16, 5).grade(), Grade::Medium);
/// assert_eq!(Difficulty::new(5, 16, 0).grade(), Grade::Hard);
/// assert_eq!(Difficulty::new(5, 16, 500).grade(), Grade::Expert);
/// assert_eq!("hard".parse::<Grade>()?, Grade::Hard);
/// # Ok::<(), kongming_magic_square::ParseGradeError>(())
/// ```
pub use kongming_search::play::{Grade, ParseGradeError};

/// The measure a [`Grade`] is read from: how many of a puzzle's cells
/// are given, and how many nodes the crate's completion search takes to
/// read all its completions (to complete it and prove the completion
/// unique).
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Completion, Grade, Kind, PartialSquare, Uniqueness};
///
/// let grid: PartialSquare = "2 . .\n. . .\n. . 8".parse()?;
/// // Two completions: not a puzzle.
/// assert!(matches!(Completion::new(&grid, Kind::MAGIC)?.uniqueness(), Uniqueness::Several(_)));
///
/// let grid: PartialSquare = "2 7 .\n. . .\n. . .".parse()?;
/// let Uniqueness::Unique(puzzle) = Completion::new(&grid, Kind::MAGIC)?.uniqueness() else {
///     panic!("one completion")
/// };
/// let difficulty = puzzle.difficulty();
/// assert_eq!((difficulty.givens, difficulty.cells, difficulty.nodes), (2, 9, 0));
/// assert_eq!(difficulty.grade(), Grade::Expert); // 2 of 9 is under a quarter
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Difficulty {
    /// The cells given.
    pub givens: usize,
    /// All the cells, `n²`.
    pub cells: usize,
    /// The decisions of the completion search that reads every completion.
    pub nodes: u64,
}

impl Difficulty {
    /// The measure of a puzzle with `givens` of its `cells` given, whose
    /// completions the search reads in `nodes` decisions.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Difficulty, Grade};
    ///
    /// assert_eq!(Difficulty::new(3, 16, 0).grade(), Grade::Expert);
    /// ```
    pub fn new(givens: usize, cells: usize, nodes: u64) -> Self {
        Self {
            givens,
            cells,
            nodes,
        }
    }

    /// The grade by givens alone: a half of the cells or more is `Easy`,
    /// three eighths `Medium`, a quarter `Hard`, fewer `Expert`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Difficulty, Grade};
    ///
    /// assert_eq!(Difficulty::new(6, 16, 1000).by_givens(), Grade::Medium);
    /// ```
    pub fn by_givens(&self) -> Grade {
        // Compared in integers: givens / cells against 1/2, 3/8, 1/4.
        let (givens, cells) = (self.givens as u128, self.cells as u128);
        if 2 * givens >= cells {
            Grade::Easy
        } else if 8 * givens >= 3 * cells {
            Grade::Medium
        } else if 4 * givens >= cells {
            Grade::Hard
        } else {
            Grade::Expert
        }
    }

    /// The grade by search alone: no node is `Easy`, up to 10 `Medium`,
    /// up to 100 `Hard`, more `Expert`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Difficulty, Grade};
    ///
    /// assert_eq!(Difficulty::new(16, 16, 11).by_search(), Grade::Hard);
    /// ```
    pub fn by_search(&self) -> Grade {
        match self.nodes {
            0 => Grade::Easy,
            1..=10 => Grade::Medium,
            11..=100 => Grade::Hard,
            _ => Grade::Expert,
        }
    }

    /// The grade: the harder of [`by_givens`](Self::by_givens) and
    /// [`by_search`](Self::by_search) (see [`Grade`] for the table).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Difficulty, Grade};
    ///
    /// assert_eq!(Difficulty::new(10, 16, 50).grade(), Grade::Hard);
    /// ```
    pub fn grade(&self) -> Grade {
        self.by_givens().max(self.by_search())
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({} of {} cells given, {} nodes of search)",
            self.grade(),
            self.givens,
            self.cells,
            self.nodes
        )
    }
}
