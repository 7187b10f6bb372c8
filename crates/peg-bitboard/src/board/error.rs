//! Why a board or position layout could not be read, with the line and
//! column of the problem.

use std::error::Error;
use std::fmt;

use super::{MAX_COLUMNS, MAX_HOLES, MAX_ROWS};

/// Why a board or position layout could not be read.
///
/// Lines and columns are counted from 1, columns in characters.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, LayoutError};
///
/// let error = "o o\no ? o".parse::<Board>().unwrap_err();
/// assert_eq!(error, LayoutError::UnexpectedChar { line: 2, column: 3, found: '?' });
/// assert_eq!(error.to_string(), "line 2, column 3: unexpected character '?' (use 'o' for a peg, '.' for an empty hole, a space for no hole)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LayoutError {
    /// A character other than `o`, `.` or a space.
    UnexpectedChar {
        /// Line of the character.
        line: usize,
        /// Column of the character.
        column: usize,
        /// The character.
        found: char,
    },
    /// The layout has no hole at all.
    Empty,
    /// More than [`MAX_HOLES`] holes.
    TooManyHoles {
        /// Line of the first hole past the limit.
        line: usize,
        /// Column of the first hole past the limit.
        column: usize,
    },
    /// A hole past the last of [`MAX_ROWS`] rows or [`MAX_COLUMNS`] columns.
    TooLarge {
        /// Line of the hole.
        line: usize,
        /// Column of the hole.
        column: usize,
    },
    /// The holes fit neither a square grid (holes one or two characters
    /// apart in every row) nor a triangular one (rows offset by one
    /// character).
    MixedGrid {
        /// Line of the first hole that does not fit.
        line: usize,
        /// Column of the first hole that does not fit.
        column: usize,
    },
    /// Rows written both ways: one with two holes side by side (compact,
    /// one character per column) and one whose holes are all an even
    /// number of characters apart (spaced, two characters per column),
    /// which a compact layout would read with holes missing. See
    /// [`Board`](crate::Board) for the grammar.
    MixedRows {
        /// The first line with two holes side by side.
        compact_line: usize,
        /// The first line with its holes spaced apart.
        spaced_line: usize,
    },
    /// A triangular board asked for with an unsupported number of rows.
    TriangleRows {
        /// The number of rows asked for.
        rows: usize,
    },
    /// No built-in board has this name.
    UnknownBoard {
        /// The name asked for.
        name: String,
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::UnexpectedChar {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: unexpected character {found:?} (use 'o' for a peg, '.' for an empty hole, a space for no hole)"
            ),
            LayoutError::Empty => f.write_str("the layout has no hole"),
            LayoutError::TooManyHoles { line, column } => write!(
                f,
                "line {line}, column {column}: more than {MAX_HOLES} holes"
            ),
            LayoutError::TooLarge { line, column } => write!(
                f,
                "line {line}, column {column}: the board spans more than {MAX_ROWS} rows or {MAX_COLUMNS} columns"
            ),
            LayoutError::MixedGrid { line, column } => write!(
                f,
                "line {line}, column {column}: this hole fits neither a square nor a triangular grid"
            ),
            LayoutError::MixedRows {
                compact_line,
                spaced_line,
            } => write!(
                f,
                "line {compact_line} has holes side by side (one character per column) but line {spaced_line} has its holes spaced apart (two characters per column): write every row the same way"
            ),
            LayoutError::TriangleRows { rows } => write!(
                f,
                "a triangular board needs 1 to 10 rows (at most {MAX_HOLES} holes), not {rows}"
            ),
            LayoutError::UnknownBoard { name } => write!(
                f,
                "no built-in board named {name:?} (try english, european, triangular, diamond, wiegleb)"
            ),
        }
    }
}

impl Error for LayoutError {}
