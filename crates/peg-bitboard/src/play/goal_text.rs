//! Goals as text: [`Board::goal_name`] writes a [`Goal`] as a player reads
//! it (`one peg at d4`), [`Board::parse_goal`] reads it back
//! ([`ParseGoalError`]). A goal's cells are named on its board, so the
//! text form lives with the board, as jump names do.

use std::error::Error;
use std::fmt;

use crate::board::Board;
use crate::position::MoveError;
use crate::solve::Goal;

/// Why a text is not a goal of a board.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, ParseGoalError};
///
/// let board = Board::english();
/// let error = board.parse_goal("two pegs").unwrap_err();
/// assert!(matches!(error, ParseGoalError::Unknown { .. }));
/// assert!(matches!(board.parse_goal("one peg at a1"), Err(ParseGoalError::Cell(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseGoalError {
    /// Not one of the forms `one peg`, `one peg at d4`, `pegs at c3 d4`,
    /// `no pegs`, `fewest pegs`.
    Unknown {
        /// The text read.
        text: String,
    },
    /// A hole name that is malformed or names no hole of the board.
    Cell(MoveError),
}

impl fmt::Display for ParseGoalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseGoalError::Unknown { text } => write!(
                f,
                "{text:?} is not a goal (one peg, one peg at d4, pegs at c3 d4, no pegs, fewest pegs)"
            ),
            ParseGoalError::Cell(error) => write!(f, "in a goal: {error}"),
        }
    }
}

impl Error for ParseGoalError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ParseGoalError::Cell(error) => Some(error),
            ParseGoalError::Unknown { .. } => None,
        }
    }
}

impl Board {
    /// `goal` as a player reads it: `one peg`, `one peg at d4`,
    /// `pegs at c3 d4` (a pattern, its holes in board order; `no pegs`
    /// when it has none), `fewest pegs`. [`parse_goal`](Board::parse_goal)
    /// reads it back.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Goal};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// assert_eq!(board.goal_name(Goal::OnePegAt(centre)), "one peg at d4");
    /// assert_eq!(board.goal_name(Goal::OnePeg), "one peg");
    /// let pattern = Goal::Pattern(centre.bit() | board.cell("c3")?.bit());
    /// assert_eq!(board.goal_name(pattern), "pegs at c3 d4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goal_name(&self, goal: Goal) -> String {
        match goal {
            Goal::OnePeg => "one peg".to_string(),
            Goal::OnePegAt(cell) => format!("one peg at {}", cell.name()),
            Goal::Pattern(pegs) => {
                let names: Vec<String> = self
                    .cells()
                    .filter(|cell| pegs & cell.bit() != 0)
                    .map(|cell| cell.name())
                    .collect();
                if names.is_empty() {
                    "no pegs".to_string()
                } else {
                    format!("pegs at {}", names.join(" "))
                }
            }
            Goal::FewestPegs => "fewest pegs".to_string(),
        }
    }

    /// Reads a goal written as [`goal_name`](Board::goal_name) writes it
    /// (spaces around and between words are free; ASCII case is not
    /// significant).
    ///
    /// # Errors
    ///
    /// [`ParseGoalError::Unknown`] for another text,
    /// [`ParseGoalError::Cell`] for a hole name that is not one of the
    /// board's.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Goal};
    ///
    /// let board = Board::english();
    /// assert_eq!(board.parse_goal("One peg at d4")?, Goal::OnePegAt(board.cell("d4")?));
    /// assert_eq!(board.parse_goal(" one  peg ")?, Goal::OnePeg);
    /// assert_eq!(board.parse_goal("fewest pegs")?, Goal::FewestPegs);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_goal(&self, text: &str) -> Result<Goal, ParseGoalError> {
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let unknown = || ParseGoalError::Unknown {
            text: text.to_string(),
        };
        match words.as_slice() {
            ["one", "peg"] => Ok(Goal::OnePeg),
            ["fewest", "pegs"] => Ok(Goal::FewestPegs),
            ["no", "pegs"] => Ok(Goal::Pattern(0)),
            ["one", "peg", "at", name] => self
                .cell(name)
                .map(Goal::OnePegAt)
                .map_err(ParseGoalError::Cell),
            ["pegs", "at", names @ ..] if !names.is_empty() => {
                let mut pegs = 0;
                for name in names {
                    pegs |= self.cell(name).map_err(ParseGoalError::Cell)?.bit();
                }
                Ok(Goal::Pattern(pegs))
            }
            _ => Err(unknown()),
        }
    }
}
