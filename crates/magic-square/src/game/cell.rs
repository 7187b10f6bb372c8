//! [`Cell`] and [`Fill`]: a place in the grid, and a number written there
//! (the player's move).

use std::fmt;

/// A cell of a square: its row and column, counted from 0 in the fields
/// and from 1 in text ([`Display`](fmt::Display): `row 2, column 3`) and
/// in JSON (`{"row":2,"column":3}`).
///
/// # Example
///
/// ```
/// use kongming_magic_square::Cell;
///
/// let cell = Cell::new(1, 2);
/// assert_eq!((cell.row, cell.col), (1, 2));
/// assert_eq!(cell.to_string(), "row 2, column 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "CellText", try_from = "CellText")
)]
pub struct Cell {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

impl Cell {
    /// The cell at `row` and `col` (each from 0).
    ///
    /// # Example
    ///
    /// See [`Cell`].
    #[must_use]
    pub const fn new(row: usize, col: usize) -> Self {
        Self { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Counted from 1, as a player counts.
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// A cell as stored: row and column counted from 1.
#[cfg(feature = "serde")]
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
struct CellText {
    row: usize,
    column: usize,
}

#[cfg(feature = "serde")]
impl From<Cell> for CellText {
    fn from(cell: Cell) -> Self {
        Self {
            row: cell.row + 1,
            column: cell.col + 1,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<CellText> for Cell {
    type Error = &'static str;

    fn try_from(text: CellText) -> Result<Self, Self::Error> {
        match (text.row.checked_sub(1), text.column.checked_sub(1)) {
            (Some(row), Some(col)) => Ok(Cell { row, col }),
            _ => Err("rows and columns count from 1"),
        }
    }
}

/// A number written in a cell: the player's move in a
/// [`Game`](crate::Game), and what a hint advises.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Cell, Fill};
///
/// let fill = Fill::new(Cell::new(0, 2), 6);
/// assert_eq!(fill.to_string(), "6 at row 1, column 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fill {
    /// Where.
    pub cell: Cell,
    /// The number.
    pub value: u32,
}

impl Fill {
    /// `value` written in `cell`.
    ///
    /// # Example
    ///
    /// See [`Fill`].
    #[must_use]
    pub const fn new(cell: Cell, value: u32) -> Self {
        Self { cell, value }
    }
}

impl fmt::Display for Fill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.value, self.cell)
    }
}
