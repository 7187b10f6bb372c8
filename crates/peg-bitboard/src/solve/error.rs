//! Why a solver could not run: a goal or a pagoda function that is not
//! one of the start's board.

use std::error::Error;
use std::fmt;

/// Why a solver could not run.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Goal, SolveError, Solver};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let error = Solver::new(&start).goal(Goal::Pattern(1 << 50)).solve().unwrap_err();
/// assert_eq!(error, SolveError::GoalOffBoard);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The goal names a hole the start's board does not have: a cell of
    /// another board, or a pattern with a bit that is no hole.
    GoalOffBoard,
    /// A pagoda function that is not one of the start's board (another
    /// number of weights, or a jump of this board that increases it).
    PagodaOffBoard,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SolveError::GoalOffBoard => "the goal names a hole that is not on the start's board",
            SolveError::PagodaOffBoard => {
                "a pagoda function is not one of the start's board (wrong length, or a jump increases it)"
            }
        })
    }
}

impl Error for SolveError {}
