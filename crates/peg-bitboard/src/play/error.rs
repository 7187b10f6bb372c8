//! Why a puzzle or a game cannot be judged: [`PlayError`].

use std::error::Error;
use std::fmt;

use crate::count::CensusError;
use crate::solve::SolveError;

/// Why a [`Puzzle`](crate::Puzzle), a [`Game`](crate::Game) or a
/// [`Generator`](crate::Generator) could not be made or could not answer
/// (a budget stop is not an error: it is an answer, `Stopped`).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Goal, PlayError, Puzzle};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// assert_eq!(Puzzle::new(start, Goal::FewestPegs), Err(PlayError::Goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayError {
    /// A puzzle's goal is one peg (anywhere, or at a hole of the start's
    /// board) or a pattern of the board's holes; "as few pegs as can be
    /// left" is not a goal a game can check a jump against.
    Goal,
    /// The census behind the answers failed (its position limit, most
    /// likely: the board is too large for one).
    Census(CensusError),
    /// The solver behind the answers refused the puzzle.
    Solve(SolveError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Goal => f.write_str(
                "a puzzle's goal is one peg, one peg at a hole of its board, or a pattern of its holes",
            ),
            PlayError::Census(error) => write!(f, "the census failed: {error}"),
            PlayError::Solve(error) => write!(f, "the solver failed: {error}"),
        }
    }
}

impl Error for PlayError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            PlayError::Goal => None,
            PlayError::Census(error) => Some(error),
            PlayError::Solve(error) => Some(error),
        }
    }
}

impl From<CensusError> for PlayError {
    fn from(error: CensusError) -> PlayError {
        PlayError::Census(error)
    }
}

impl From<SolveError> for PlayError {
    fn from(error: SolveError) -> PlayError {
        PlayError::Solve(error)
    }
}
