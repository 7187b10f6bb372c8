//! What a census reports: the [`Stage`] it is in, and its counts
//! ([`LevelCounts`]; the solutions are a [`Count`](kongming_search::play::Count)), each with the [`Outcome`] that
//! says whether they are complete.

use std::fmt;

use kongming_search::control::Outcome;

/// What a [`Census`](crate::Census) is computing, for progress reports.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::Stage;
///
/// assert_eq!(Stage::Reachable.to_string(), "reachable");
/// assert_eq!(Stage::Backward.to_string(), "backward");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Stage {
    /// Positions reachable from the start, one level (jump) at a time:
    /// all of them for [`reachable`](crate::Census::reachable), those
    /// within the pagoda window up to the middle for the winnable
    /// positions.
    Reachable,
    /// Positions reachable from the complement of the target, one level
    /// at a time, up to the middle: the backward half of the winnable
    /// positions' search (when the start is not the target's
    /// complement).
    Backward,
    /// Reachable positions that can still reach the target, from the
    /// middle level outwards.
    Winnable,
    /// Jump sequences into each winnable position, level by level from
    /// both ends to the middle.
    Solutions,
    /// The fewest moves from each winnable position to the target, from
    /// the last level back.
    FewestMoves,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::Reachable => "reachable",
            Stage::Backward => "backward",
            Stage::Winnable => "winnable",
            Stage::Solutions => "solutions",
            Stage::FewestMoves => "fewest moves",
        })
    }
}

/// Position counts by level (the number of jumps played), up to symmetry
/// and in all, and whether they are complete.
///
/// A census stopped by its budget keeps the levels it finished: for
/// [`reachable`](crate::Census::reachable), the first levels (the others
/// are missing); for [`winnable`](crate::Census::winnable), the levels
/// counted from the middle outwards (the others are zeros, and
/// [`is_counted`](LevelCounts::is_counted) says which). Each level
/// counted is exact; the sums of stopped work are lower bounds.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Census, Outcome};
///
/// let board = Board::triangular(5)?;
/// let start = board.start(board.cell("c1")?)?;
/// let counts = Census::new(&start).reachable()?;
/// assert_eq!(counts.total()[..3], [1, 2, 8]);
/// assert_eq!(counts.up_to_symmetry()[..3], [1, 1, 4]);
/// assert_eq!(counts.outcome(), Outcome::Complete);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::serial::LevelCountsForm"))]
#[must_use]
pub struct LevelCounts {
    up_to_symmetry: Vec<u64>,
    total: Vec<u64>,
    counted: Vec<bool>,
    outcome: Outcome,
}

impl LevelCounts {
    /// From (up to symmetry, in all) per level, whether each level was
    /// counted, and how the work ended.
    pub(crate) fn new(counts: &[(u64, u64)], counted: Vec<bool>, outcome: Outcome) -> LevelCounts {
        debug_assert_eq!(counts.len(), counted.len());
        LevelCounts {
            up_to_symmetry: counts.iter().map(|c| c.0).collect(),
            total: counts.iter().map(|c| c.1).collect(),
            counted,
            outcome,
        }
    }

    /// Complete counts of every level of `counts`.
    pub(crate) fn complete(counts: &[(u64, u64)]) -> LevelCounts {
        LevelCounts::new(counts, vec![true; counts.len()], Outcome::Complete)
    }

    /// Counts from their parts, checked: as many levels of each, and
    /// every level counted when the work is complete.
    #[cfg(feature = "serde")]
    pub(crate) fn from_parts(
        up_to_symmetry: Vec<u64>,
        total: Vec<u64>,
        counted: Vec<bool>,
        outcome: Outcome,
    ) -> Option<LevelCounts> {
        let lengths = up_to_symmetry.len() == total.len() && total.len() == counted.len();
        let complete = !outcome.is_complete() || counted.iter().all(|&c| c);
        // An orbit holds at least one position; none is empty.
        let orbits = up_to_symmetry
            .iter()
            .zip(&total)
            .all(|(&up_to, &all)| (up_to == 0) == (all == 0) && up_to <= all);
        (lengths && complete && orbits).then_some(LevelCounts {
            up_to_symmetry,
            total,
            counted,
            outcome,
        })
    }

    /// Per level, the number of positions up to the symmetries kept by the
    /// census (see [`Census::symmetries`](crate::Census::symmetries)).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.up_to_symmetry(), &[1, 1, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn up_to_symmetry(&self) -> &[u64] {
        &self.up_to_symmetry
    }

    /// Per level, the number of positions.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.total(), &[1, 2, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn total(&self) -> &[u64] {
        &self.total
    }

    /// The sum of [`up_to_symmetry`](Self::up_to_symmetry) (of stopped
    /// work: a lower bound).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.sum_up_to_symmetry(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sum_up_to_symmetry(&self) -> u64 {
        self.up_to_symmetry.iter().sum()
    }

    /// The sum of [`total`](Self::total) (of stopped work: a lower bound).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.sum(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sum(&self) -> u64 {
        self.total.iter().sum()
    }

    /// Whether the count of `level` is known (exactly): every level of
    /// complete work, the levels finished before a stop.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Budget, Census};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// let start = board.start(centre)?;
    /// let mut census = Census::new(&start).budget(Budget::unlimited().with_node_limit(10_000));
    /// let counts = census.reachable()?;
    /// assert!(!counts.outcome().is_complete());
    /// assert!(counts.is_counted(0));
    /// assert!(!counts.is_counted(20)); // not reached
    /// assert_eq!(counts.total()[..3], [1, 4, 12]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_counted(&self, level: usize) -> bool {
        self.counted.get(level).copied().unwrap_or(false)
    }

    /// How the work ended: [`Outcome::Complete`] when every level is
    /// counted.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Outcome, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.outcome(), Outcome::Complete);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }
}
