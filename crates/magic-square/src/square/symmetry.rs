//! The symmetries of a [`Square`]: its images under the eight symmetries
//! of the square ([`SquareSymmetry`], from kongming-search) and its
//! Frénicle standard form, the image that comes first read row by row.
//!
//! The enumeration counts up to symmetry by searching standard forms only
//! and yields the other seven images of each when all squares are asked
//! for; [`Square::frenicle`] is how the tests bring squares from
//! different searches to one form.

use kongming_search::symmetry::SquareSymmetry;

use super::Square;

impl Square {
    /// The image of this square under one of the eight symmetries of the
    /// square: the number at `(row, col)` moves to
    /// [`symmetry.apply(row, col, n)`](SquareSymmetry::apply).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    /// use kongming_magic_square::SquareSymmetry;
    ///
    /// let square: Square = "1 2\n3 4".parse()?;
    /// assert_eq!(square.transformed(SquareSymmetry::Rotate90).to_string(), "3 1\n4 2");
    /// assert_eq!(square.transformed(SquareSymmetry::Transpose).to_string(), "1 3\n2 4");
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn transformed(&self, symmetry: SquareSymmetry) -> Self {
        let n = self.order;
        if n < 2 {
            return self.clone();
        }
        // The cell at (r, c) of the image comes from the cell at
        // inverse(r, c), whose index is affine in r and c.
        let inverse = inverse(symmetry);
        let source = |r: usize, c: usize| {
            let (row, col) = inverse.apply(r, c, n);
            (row * n + col) as isize
        };
        let start = source(0, 0);
        let (down, right) = (source(1, 0) - start, source(0, 1) - start);
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..n {
            let first = start + r as isize * down;
            cells.extend((0..n as isize).map(|c| self.cells[(first + c * right) as usize]));
        }
        Self { order: n, cells }
    }

    /// The eight images of this square under the symmetries of the square,
    /// in the order of [`SquareSymmetry::ALL`] (the square itself first).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Kind, Square};
    ///
    /// let lo_shu: Square = "2 7 6\n9 5 1\n4 3 8".parse()?;
    /// let images = lo_shu.symmetries();
    /// assert_eq!(images[0], lo_shu);
    /// assert!(images.iter().all(|image| image.check(Kind::MAGIC).is_ok()));
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn symmetries(&self) -> [Self; 8] {
        SquareSymmetry::ALL.map(|symmetry| self.transformed(symmetry))
    }

    /// The Frénicle standard form: the image under the eight symmetries that
    /// comes first read row by row. For a square of distinct numbers this is
    /// the classical form: the smallest corner at the top left, and the
    /// number to its right smaller than the number below it.
    ///
    /// Two squares are the same up to symmetry exactly when their standard
    /// forms are equal. Runs in time linear in the number of cells, without
    /// building the eight images.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// let square: Square = "8 1 6\n3 5 7\n4 9 2".parse()?;
    /// let standard = square.frenicle();
    /// assert_eq!(standard.to_string(), "2 7 6\n9 5 1\n4 3 8");
    /// assert!(standard.is_frenicle());
    /// assert!(!square.is_frenicle());
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn frenicle(&self) -> Self {
        self.transformed(self.frenicle_symmetry())
    }

    /// Whether this square is its own [Frénicle standard form](Square::frenicle).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// assert!("2 7 6\n9 5 1\n4 3 8".parse::<Square>()?.is_frenicle());
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn is_frenicle(&self) -> bool {
        self.image_cmp(self.frenicle_symmetry(), SquareSymmetry::Identity)
            .is_eq()
    }

    /// A symmetry that takes this square to its Frénicle standard form.
    fn frenicle_symmetry(&self) -> SquareSymmetry {
        let mut best = SquareSymmetry::Identity;
        for symmetry in SquareSymmetry::ALL.into_iter().skip(1) {
            if self.image_cmp(symmetry, best) == std::cmp::Ordering::Less {
                best = symmetry;
            }
        }
        best
    }

    /// Compares the images of this square under `a` and `b`, read row by
    /// row, without building them.
    fn image_cmp(&self, a: SquareSymmetry, b: SquareSymmetry) -> std::cmp::Ordering {
        let n = self.order;
        // The cell whose number lands on (row, col) under a symmetry: the
        // inverse symmetry applied to (row, col).
        let source = |symmetry: SquareSymmetry, row: usize, col: usize| {
            let (r, c) = inverse(symmetry).apply(row, col, n);
            self.cells[r * n + c]
        };
        for row in 0..n {
            for col in 0..n {
                let ordering = source(a, row, col).cmp(&source(b, row, col));
                if ordering.is_ne() {
                    return ordering;
                }
            }
        }
        std::cmp::Ordering::Equal
    }
}

/// The inverse of a symmetry of the square.
fn inverse(symmetry: SquareSymmetry) -> SquareSymmetry {
    match symmetry {
        SquareSymmetry::Rotate90 => SquareSymmetry::Rotate270,
        SquareSymmetry::Rotate270 => SquareSymmetry::Rotate90,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transformed_moves_each_cell_as_the_symmetry_says() {
        for n in 1..=6 {
            let cells: Vec<u32> = (1..=(n * n) as u32).collect();
            let square = Square::from_cells(n, cells).unwrap();
            for symmetry in SquareSymmetry::ALL {
                let image = square.transformed(symmetry);
                for row in 0..n {
                    for col in 0..n {
                        let (r, c) = symmetry.apply(row, col, n);
                        assert_eq!(image.get(r, c), square.get(row, col), "{n} {symmetry:?}");
                    }
                }
            }
        }
    }
}
