//! Why a fill is wrong ([`Mistake`]) or not a legal move at all
//! ([`IllegalFill`]): the two sides of a [`Check`](crate::Check) of a
//! [`Game`](crate::Game).

use std::fmt;

use super::Cell;
use crate::Line;

/// Why a legal fill is wrong: the answer has another number there.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Line, Mistake};
///
/// assert_eq!(Mistake::BreaksLine(Line::Row(0)).to_string(), "row 1 can no longer add up");
/// assert_eq!(Mistake::NotTheAnswer.to_string(), "the answer has another number there");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Mistake {
    /// With this number, a line through the cell can no longer reach its
    /// sum with the numbers left (a mistake a player can see).
    BreaksLine(Line),
    /// No line shows it yet, but the only completion has another number
    /// there.
    NotTheAnswer,
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mistake::BreaksLine(line) => write!(f, "{line} can no longer add up"),
            Mistake::NotTheAnswer => f.write_str("the answer has another number there"),
        }
    }
}

/// Why a fill is not a legal move: nothing is written.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Cell, IllegalFill};
///
/// let given = IllegalFill::Given { cell: Cell::new(0, 0) };
/// assert_eq!(given.to_string(), "row 1, column 1 is given");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum IllegalFill {
    /// The cell is outside the grid.
    OutsideGrid {
        /// The cell.
        cell: Cell,
        /// The grid's order.
        order: usize,
    },
    /// The number is outside `1..=n²`.
    OutOfRange {
        /// The number.
        value: u32,
        /// `n²`.
        max: u32,
    },
    /// The cell is one of the puzzle's givens.
    Given {
        /// The cell.
        cell: Cell,
    },
    /// The cell already holds a number of the player's (erase it first).
    Filled {
        /// The cell.
        cell: Cell,
        /// Its number.
        value: u32,
    },
    /// The number is already in the grid.
    Repeated {
        /// The number.
        value: u32,
        /// Where it is.
        at: Cell,
    },
}

impl fmt::Display for IllegalFill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalFill::OutsideGrid { cell, order } => {
                write!(f, "{cell} is outside the {order} × {order} grid")
            }
            IllegalFill::OutOfRange { value, max } => {
                write!(f, "{value} is outside 1 to {max}")
            }
            IllegalFill::Given { cell } => write!(f, "{cell} is given"),
            IllegalFill::Filled { cell, value } => {
                write!(f, "{cell} already holds {value}")
            }
            IllegalFill::Repeated { value, at } => write!(f, "{value} is already at {at}"),
        }
    }
}

impl std::error::Error for IllegalFill {}
