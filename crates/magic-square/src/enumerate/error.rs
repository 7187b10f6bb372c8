//! Why an enumeration cannot be set up: [`EnumerationError`], shared with
//! [`Completion`](crate::Completion).
//!
//! The checks that raise it are in [`super::givens`] (the order and the
//! given numbers) and in the builder methods of
//! [`Enumeration`](super::Enumeration) (a centre slice of an even order,
//! counting up to symmetry with numbers given off the centre).

use std::fmt;

use super::MAX_SEARCH_ORDER;

/// Why an [`Enumeration`](crate::Enumeration) (or a [`Completion`](crate::Completion)) cannot
/// be set up.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Enumeration, EnumerationError, Kind};
///
/// let err = Enumeration::new(9, Kind::MAGIC).unwrap_err();
/// assert_eq!(err, EnumerationError::OrderOutOfRange { order: 9 });
/// assert_eq!(err.to_string(), "order 9 is outside 1..=8 for enumeration");
/// // Fields count from 0, text from 1.
/// let err = EnumerationError::Repeated { row: 0, col: 1, value: 1 };
/// assert_eq!(err.to_string(), "the number 1 at (1, 2) appears twice");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EnumerationError {
    /// The order is 0 or above [`MAX_SEARCH_ORDER`].
    OrderOutOfRange {
        /// The order asked for.
        order: usize,
    },
    /// A given number is outside `1..=n²`.
    ValueOutOfRange {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The number.
        value: u32,
    },
    /// A given number appears twice.
    Repeated {
        /// The row of its second appearance.
        row: usize,
        /// The column of its second appearance.
        col: usize,
        /// The number.
        value: u32,
    },
    /// A centre slice was asked of an even order (no centre cell).
    NoCentre {
        /// The order.
        order: usize,
    },
    /// Counting up to symmetry was asked with given numbers off the centre,
    /// which the symmetries of the square move.
    NotSymmetric,
}

impl fmt::Display for EnumerationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OrderOutOfRange { order } => write!(
                f,
                "order {order} is outside 1..={MAX_SEARCH_ORDER} for enumeration"
            ),
            // Rows and columns as a player counts them, from 1.
            Self::ValueOutOfRange { row, col, value } => write!(
                f,
                "the number {value} at {} is outside 1..=n²",
                crate::hint::cell(*row, *col)
            ),
            Self::Repeated { row, col, value } => write!(
                f,
                "the number {value} at {} appears twice",
                crate::hint::cell(*row, *col)
            ),
            Self::NoCentre { order } => write!(f, "a square of even order {order} has no centre"),
            Self::NotSymmetric => f.write_str(
                "counting up to symmetry needs the given numbers to stay put under the symmetries of the square (only the centre does)",
            ),
        }
    }
}

impl std::error::Error for EnumerationError {}
