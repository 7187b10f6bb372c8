//! The eight symmetries of the square acting on an `n × n` grid.

use super::{Group, GroupError, Permutation};

/// One of the eight symmetries of the square (the dihedral group of order
/// 8), acting on the cells `(row, col)` of a `size × size` grid.
///
/// Row 0 is the top row and column 0 the left column; rotations turn
/// clockwise.
///
/// # Example
///
/// ```
/// use kongming_search::symmetry::SquareSymmetry;
///
/// // The top-left corner of a 3×3 grid.
/// assert_eq!(SquareSymmetry::Rotate90.apply(0, 0, 3), (0, 2));
/// assert_eq!(SquareSymmetry::Transpose.apply(0, 1, 3), (1, 0));
/// assert_eq!(SquareSymmetry::ALL.len(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SquareSymmetry {
    /// Leaves every cell in place.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn anticlockwise.
    Rotate270,
    /// The mirror that swaps the left and right columns.
    FlipLeftRight,
    /// The mirror that swaps the top and bottom rows.
    FlipTopBottom,
    /// The mirror in the main diagonal: `(row, col)` to `(col, row)`.
    Transpose,
    /// The mirror in the anti-diagonal (top-right to bottom-left).
    AntiTranspose,
}

impl SquareSymmetry {
    /// All eight symmetries, the identity first.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::SquareSymmetry;
    ///
    /// assert_eq!(SquareSymmetry::ALL[0], SquareSymmetry::Identity);
    /// ```
    pub const ALL: [Self; 8] = [
        Self::Identity,
        Self::Rotate90,
        Self::Rotate180,
        Self::Rotate270,
        Self::FlipLeftRight,
        Self::FlipTopBottom,
        Self::Transpose,
        Self::AntiTranspose,
    ];

    /// Where the cell `(row, col)` of a `size × size` grid goes.
    ///
    /// # Panics
    ///
    /// If `row >= size` or `col >= size`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::SquareSymmetry;
    ///
    /// assert_eq!(SquareSymmetry::Rotate180.apply(0, 1, 4), (3, 2));
    /// assert_eq!(SquareSymmetry::AntiTranspose.apply(0, 0, 4), (3, 3));
    /// ```
    pub fn apply(self, row: usize, col: usize, size: usize) -> (usize, usize) {
        assert!(
            row < size && col < size,
            "cell ({row}, {col}) is outside the {size}×{size} grid"
        );
        let last = size - 1;
        match self {
            Self::Identity => (row, col),
            Self::Rotate90 => (col, last - row),
            Self::Rotate180 => (last - row, last - col),
            Self::Rotate270 => (last - col, row),
            Self::FlipLeftRight => (row, last - col),
            Self::FlipTopBottom => (last - row, col),
            Self::Transpose => (col, row),
            Self::AntiTranspose => (last - col, last - row),
        }
    }

    /// The permutation of the cells of a `size × size` grid, numbered row
    /// by row (`row * size + col`).
    ///
    /// # Panics
    ///
    /// If `size` is above [`Group::MAX_SQUARE_SIZE`], before anything is
    /// built (the grid's `size²` cells would not be worth holding, or not
    /// fit a `usize`).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::SquareSymmetry;
    ///
    /// // 0 1      2 0
    /// // 2 3  ->  3 1   (a quarter turn moves cell 0 to cell 1)
    /// let quarter = SquareSymmetry::Rotate90.permutation(2);
    /// assert_eq!(quarter.images(), &[1, 3, 0, 2]);
    /// assert_eq!(quarter.permute(&[0, 1, 2, 3]), vec![2, 0, 3, 1]);
    /// ```
    pub fn permutation(self, size: usize) -> Permutation {
        assert!(
            size <= Group::MAX_SQUARE_SIZE,
            "a square grid of size {size} is above Group::MAX_SQUARE_SIZE"
        );
        let images = (0..size * size)
            .map(|cell| {
                let (row, col) = self.apply(cell / size, cell % size, size);
                row * size + col
            })
            .collect();
        Permutation::from_images(images)
            .unwrap_or_else(|err| unreachable!("a square symmetry permutes the grid: {err}"))
    }
}

impl Group {
    /// The largest grid [`Group::square`] and [`Group::try_square`] build
    /// the symmetries of: 1,024 × 1,024 cells, eight permutations of about
    /// a million points (64 MiB).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Group;
    ///
    /// assert_eq!(Group::MAX_SQUARE_SIZE, 1024);
    /// ```
    pub const MAX_SQUARE_SIZE: usize = 1 << 10;

    /// The symmetries of the square acting on the cells of a `size × size`
    /// grid numbered row by row, or an error past
    /// [`MAX_SQUARE_SIZE`](Group::MAX_SQUARE_SIZE), before anything is
    /// built: see [`Group::square`].
    ///
    /// # Errors
    ///
    /// [`GroupError::DegreeTooLarge`] if `size` is above
    /// [`Group::MAX_SQUARE_SIZE`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{Group, GroupError};
    ///
    /// assert_eq!(Group::try_square(3)?.order(), 8);
    /// assert!(matches!(Group::try_square(1 << 40), Err(GroupError::DegreeTooLarge { .. })));
    /// # Ok::<(), GroupError>(())
    /// ```
    pub fn try_square(size: usize) -> Result<Self, GroupError> {
        if size > Self::MAX_SQUARE_SIZE {
            return Err(GroupError::DegreeTooLarge {
                degree: size.saturating_mul(size),
                max: Self::MAX_SQUARE_SIZE * Self::MAX_SQUARE_SIZE,
            });
        }
        Ok(Self::square(size))
    }

    /// The symmetries of the square acting on the cells of a `size × size`
    /// grid numbered row by row: 8 elements when `size >= 2`, only the
    /// identity when `size <= 1`.
    ///
    /// # Panics
    ///
    /// If `size` is above [`Group::MAX_SQUARE_SIZE`], before anything is
    /// built; [`Group::try_square`] returns an error instead.
    ///
    /// Canonical forms under this group are what magic-square enumeration
    /// needs: [`Group::canonical`] of a grid as a `Vec` is its least image.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Group;
    ///
    /// let square = Group::square(2);
    /// assert_eq!(square.order(), 8);
    /// assert_eq!(square.canonical(&vec![4, 3, 2, 1]), vec![1, 2, 3, 4]);
    /// assert_eq!(Group::square(1).order(), 1);
    /// ```
    pub fn square(size: usize) -> Self {
        let mut elements: Vec<Permutation> = SquareSymmetry::ALL
            .iter()
            .map(|symmetry| symmetry.permutation(size))
            .collect();
        elements.sort_unstable();
        elements.dedup();
        Self::from_sorted_elements(size * size, elements)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_group_equals_the_closure_of_a_rotation_and_a_mirror() {
        for size in 0..6 {
            let generated = Group::generate(
                size * size,
                [
                    SquareSymmetry::Rotate90.permutation(size),
                    SquareSymmetry::FlipLeftRight.permutation(size),
                ],
            )
            .unwrap();
            assert_eq!(Group::square(size), generated, "size {size}");
        }
    }

    #[test]
    fn rotations_compose_like_quarter_turns() {
        let size = 5;
        let quarter = SquareSymmetry::Rotate90.permutation(size);
        let half = quarter.then(&quarter);
        assert_eq!(half, SquareSymmetry::Rotate180.permutation(size));
        assert_eq!(
            half.then(&quarter),
            SquareSymmetry::Rotate270.permutation(size)
        );
    }
}
