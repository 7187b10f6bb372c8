//! [`PartialSquare`]: a square grid with some cells filled in and the
//! others blank, the input of completion
//! ([`Completion`](crate::Completion)) and of enumeration with given
//! numbers ([`Enumeration::completing`](crate::Enumeration::completing)).
//! Its text form is in the `text` module, next to that of [`Square`].

use super::{MAX_ORDER, Square};

/// A square grid with some cells filled in and the others blank: the input
/// of completion.
///
/// The text form is that of [`Square`], with `.` (or `_`) for a blank cell.
///
/// # Example
///
/// ```
/// use kongming_magic_square::PartialSquare;
///
/// let partial: PartialSquare = "2 . 6\n. 5 .\n. . 8".parse()?;
/// assert_eq!(partial.order(), 3);
/// assert_eq!(partial.get(0, 0), Some(Some(2)));
/// assert_eq!(partial.get(0, 1), Some(None));
/// assert_eq!(partial.to_string(), "2 . 6\n. 5 .\n. . 8");
/// # Ok::<(), kongming_magic_square::ParseSquareError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartialSquare {
    pub(super) order: usize,
    pub(super) cells: Vec<Option<u32>>,
}

impl PartialSquare {
    /// An empty grid of order `order`, or `None` if the order is 0 (there
    /// is no square of order 0), above [`MAX_ORDER`] (its numbers would not
    /// fit in a `u32`) or the memory for its `order²` cells cannot be had.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::PartialSquare;
    ///
    /// assert_eq!(PartialSquare::empty(2).unwrap().to_string(), ". .\n. .");
    /// assert!(PartialSquare::empty(0).is_none());
    /// assert!(PartialSquare::empty(100_000).is_none());
    /// ```
    pub fn empty(order: usize) -> Option<Self> {
        if !(1..=MAX_ORDER).contains(&order) {
            return None;
        }
        let mut cells = Vec::new();
        cells.try_reserve_exact(order * order).ok()?;
        cells.resize(order * order, None);
        Some(Self { order, cells })
    }

    /// A grid from its cells row by row, or `None` if there are not
    /// `order²` of them or the order is 0.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::PartialSquare;
    ///
    /// let partial = PartialSquare::from_cells(2, vec![Some(1), None, None, Some(4)]).unwrap();
    /// assert_eq!(partial.to_string(), "1 .\n. 4");
    /// assert!(PartialSquare::from_cells(0, vec![]).is_none());
    /// ```
    pub fn from_cells(order: usize, cells: Vec<Option<u32>>) -> Option<Self> {
        (order >= 1 && order.checked_mul(order) == Some(cells.len()))
            .then_some(Self { order, cells })
    }

    /// The grid of a full square.
    fn from_square(square: &Square) -> Self {
        Self {
            order: square.order,
            cells: square.cells.iter().copied().map(Some).collect(),
        }
    }

    /// The number of rows (and of columns).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::PartialSquare;
    ///
    /// assert_eq!(PartialSquare::empty(5).unwrap().order(), 5);
    /// ```
    pub fn order(&self) -> usize {
        self.order
    }

    /// The cells row by row, `None` for a blank.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::PartialSquare;
    ///
    /// let partial: PartialSquare = "1 .\n. 4".parse()?;
    /// assert_eq!(partial.cells(), [Some(1), None, None, Some(4)]);
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn cells(&self) -> &[Option<u32>] {
        &self.cells
    }

    /// The cell at `(row, col)` (`Some(None)` for a blank), or `None`
    /// outside the grid.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::PartialSquare;
    ///
    /// let partial: PartialSquare = "1 .\n. 4".parse()?;
    /// assert_eq!(partial.get(1, 1), Some(Some(4)));
    /// assert_eq!(partial.get(0, 1), Some(None));
    /// assert_eq!(partial.get(0, 2), None);
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn get(&self, row: usize, col: usize) -> Option<Option<u32>> {
        (row < self.order && col < self.order).then(|| self.cells[row * self.order + col])
    }

    /// Fills (`Some`) or blanks (`None`) the cell at `(row, col)`; returns
    /// `false` (and changes nothing) outside the grid.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::PartialSquare;
    ///
    /// let mut partial = PartialSquare::empty(2).unwrap();
    /// assert!(partial.set(0, 1, Some(3)));
    /// assert!(!partial.set(2, 0, Some(1)));
    /// assert_eq!(partial.to_string(), ". 3\n. .");
    /// ```
    pub fn set(&mut self, row: usize, col: usize, value: Option<u32>) -> bool {
        if row < self.order && col < self.order {
            self.cells[row * self.order + col] = value;
            true
        } else {
            false
        }
    }

    /// The number of blank cells.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::PartialSquare;
    ///
    /// assert_eq!("1 .\n. 4".parse::<PartialSquare>()?.blanks(), 2);
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn blanks(&self) -> usize {
        self.cells.iter().filter(|cell| cell.is_none()).count()
    }

    /// Whether `square` has the same order and agrees with every filled
    /// cell.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{PartialSquare, Square};
    ///
    /// let partial: PartialSquare = "2 . .\n. 5 .\n. . .".parse()?;
    /// assert!(partial.matches(&"2 7 6\n9 5 1\n4 3 8".parse::<Square>()?));
    /// assert!(!partial.matches(&"8 1 6\n3 5 7\n4 9 2".parse::<Square>()?));
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn matches(&self, square: &Square) -> bool {
        self.order == square.order
            && self
                .cells
                .iter()
                .zip(&square.cells)
                .all(|(cell, value)| cell.is_none_or(|given| given == *value))
    }
}

/// The grid of a full square, every cell filled.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{PartialSquare, Square};
///
/// let square: Square = "1 2\n3 4".parse()?;
/// assert_eq!(PartialSquare::from(&square).to_string(), "1 2\n3 4");
/// # Ok::<(), kongming_magic_square::ParseSquareError>(())
/// ```
impl From<&Square> for PartialSquare {
    fn from(square: &Square) -> Self {
        Self::from_square(square)
    }
}
