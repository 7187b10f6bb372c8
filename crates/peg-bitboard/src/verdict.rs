//! What a solver answers: a [`Verdict`], with the [`Proof`] of an
//! impossible goal.

use std::fmt;

use kongming_search::control::StopReason;

use crate::solution::Solution;

/// Why a goal is out of reach.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Proof, Solver, Verdict};
///
/// let board = Board::european();
/// let start = board.start(board.cell("d4")?)?;
/// assert_eq!(Solver::new(&start).solve()?, Verdict::Impossible(Proof::Class));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Proof {
    /// The goal has more pegs than the start (or as many, and differs).
    PegCount,
    /// The goal is in another position class (see
    /// [`Board::class`](crate::Board::class)).
    Class,
    /// A pagoda function is smaller at the start than at the goal.
    Pagoda,
    /// The search explored every position that can lead to the goal.
    Exhausted,
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Proof::PegCount => "the goal has too many pegs",
            Proof::Class => "the goal is in another position class",
            Proof::Pagoda => "a pagoda function rules the goal out",
            Proof::Exhausted => "no sequence of jumps reaches the goal",
        })
    }
}

/// The answer of a [`Solver`](crate::Solver), or of
/// [`Census::fewest_moves`](crate::Census::fewest_moves).
///
/// Only an [`Impossible`](Verdict::Impossible) verdict proves that no game
/// reaches the goal; a [`Stopped`](Verdict::Stopped) one says only that
/// the budget ran out first.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Position, Solver, Verdict};
///
/// let start: Position = "o o . o".parse()?;
/// match Solver::new(&start).solve()? {
///     Verdict::Solved(solution) => assert_eq!(solution.end().peg_count(), 1),
///     other => panic!("unexpected {other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[must_use]
#[non_exhaustive]
pub enum Verdict {
    /// A sequence of jumps reaching the goal.
    Solved(Solution),
    /// The goal cannot be reached, and why.
    Impossible(Proof),
    /// The budget ran out first: nothing is proved.
    Stopped(StopReason),
}

impl Verdict {
    /// The solution, if one was found.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solver};
    ///
    /// let start: Position = "o o .".parse()?;
    /// assert_eq!(Solver::new(&start).solve()?.solution().map(|s| s.jumps().len()), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Verdict::Solved(solution) => Some(solution),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    /// `solved: ` and the solution's jumps, `impossible: ` and the proof,
    /// or `stopped: ` and the reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Solved(solution) => write!(f, "solved: {solution}"),
            Verdict::Impossible(proof) => write!(f, "impossible: {proof}"),
            Verdict::Stopped(reason) => write!(f, "stopped: {reason}"),
        }
    }
}
