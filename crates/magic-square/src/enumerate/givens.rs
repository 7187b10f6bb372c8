//! The numbers given to an enumeration (or a completion): checked, and
//! laid out as the grid the planner ([`super::plan`]) starts from.
//!
//! A [`PartialSquare`] may hold any `u32`; the search needs an order in
//! `1..=MAX_SEARCH_ORDER` and distinct numbers in `1..=n²`, as `u8`s with
//! 0 for a blank. Anything else is an [`EnumerationError`] naming the cell.

use super::MAX_SEARCH_ORDER;
use super::error::EnumerationError;
use super::numbers::number_bit;
use crate::PartialSquare;

/// `Ok` for the orders the search handles, `1..=MAX_SEARCH_ORDER`.
pub(super) fn check_order(order: usize) -> Result<(), EnumerationError> {
    if order == 0 || order > MAX_SEARCH_ORDER {
        return Err(EnumerationError::OrderOutOfRange { order });
    }
    Ok(())
}

/// Checks the given numbers of `partial` and returns them as the grid of
/// the search (0 for a blank).
pub(crate) fn validate(partial: &PartialSquare) -> Result<Vec<u8>, EnumerationError> {
    let n = partial.order();
    check_order(n)?;
    let largest = (n * n) as u32;
    let mut seen = 0u64;
    let mut grid = Vec::with_capacity(n * n);
    for (index, cell) in partial.cells().iter().enumerate() {
        let (row, col) = (index / n, index % n);
        match *cell {
            None => grid.push(0),
            Some(value) => {
                if value == 0 || value > largest {
                    return Err(EnumerationError::ValueOutOfRange { row, col, value });
                }
                let value = value as u8;
                if seen & number_bit(value) != 0 {
                    return Err(EnumerationError::Repeated {
                        row,
                        col,
                        value: u32::from(value),
                    });
                }
                seen |= number_bit(value);
                grid.push(value);
            }
        }
    }
    Ok(grid)
}
