//! The square grid: text form, checks, symmetries, Frénicle standard form.

use std::fmt;
use std::str::FromStr;

use kongming_search::symmetry::SquareSymmetry;

use crate::Kind;

/// The largest order of a [`Square`] whose numbers `1..=n²` fit in a
/// `u32`: the limit of [`PartialSquare::empty`] and of
/// [`construct`](crate::construct).
///
/// # Example
///
/// ```
/// use kongming_magic_square::{MAX_ORDER, construct};
///
/// assert!(u32::try_from(MAX_ORDER * MAX_ORDER).is_ok());
/// assert!(u32::try_from((MAX_ORDER + 1) * (MAX_ORDER + 1)).is_err());
/// assert!(construct(MAX_ORDER + 1).is_err());
/// ```
pub const MAX_ORDER: usize = 65_535;

/// The magic constant `n (n² + 1) / 2` of a normal square of order `n`:
/// what every line of a magic square with the numbers `1..=n²` adds up to.
///
/// `None` if it does not fit in a `u64`.
///
/// # Example
///
/// ```
/// use kongming_magic_square::magic_constant;
///
/// assert_eq!(magic_constant(3), Some(15));
/// assert_eq!(magic_constant(4), Some(34));
/// assert_eq!(magic_constant(1000), Some(500_000_500));
/// ```
pub fn magic_constant(order: usize) -> Option<u64> {
    let n = u64::try_from(order).ok()?;
    let cells = n.checked_mul(n)?;
    let product = n.checked_mul(cells.checked_add(1)?)?;
    Some(product / 2)
}

/// A square grid of numbers, stored row by row.
///
/// It may hold any numbers: [`check`](Square::check) says whether it is a
/// normal magic square (the numbers `1..=n²`, each once) of a given
/// [`Kind`], and if not, what fails first.
///
/// The text form is one row per line, numbers separated by spaces (or
/// commas); [`Display`](fmt::Display) right-aligns the columns and parses
/// back to the same square. Rows may also be separated by `/`.
///
/// Orders start at 1. There is no square of order 0, everywhere in the
/// crate: [`Square::from_cells`] and [`PartialSquare::empty`] refuse it,
/// the text form needs a row, [`construct`](crate::construct) and
/// [`construct_pandiagonal`](crate::construct_pandiagonal) answer
/// [`NoneExists`](crate::ConstructError::NoneExists), and an
/// [`Enumeration`](crate::Enumeration) or a
/// [`Completion`](crate::Completion) answers
/// [`OrderOutOfRange`](crate::EnumerationError::OrderOutOfRange). So
/// [`check`](Square::check) never meets the empty grid, which would pass
/// every kind vacuously while nothing constructs or counts it.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Kind, Square};
///
/// let lo_shu: Square = "2 7 6 / 9 5 1 / 4 3 8".parse()?;
/// assert_eq!(lo_shu.order(), 3);
/// assert_eq!(lo_shu.get(1, 1), Some(5));
/// assert!(lo_shu.check(Kind::MAGIC).is_ok());
/// assert_eq!(lo_shu.to_string(), "2 7 6\n9 5 1\n4 3 8");
/// assert_eq!(lo_shu.to_string().parse::<Square>()?, lo_shu);
/// # Ok::<(), kongming_magic_square::ParseSquareError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    order: usize,
    cells: Vec<u32>,
}

impl Square {
    /// A square of order `order` from its cells row by row, or `None` if
    /// there are not `order²` of them or the order is 0 (orders start at
    /// 1: there is no square of order 0, see [`Square`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// let square = Square::from_cells(2, vec![1, 2, 3, 4]).unwrap();
    /// assert_eq!(square.get(1, 0), Some(3));
    /// assert!(Square::from_cells(2, vec![1, 2, 3]).is_none());
    /// assert!(Square::from_cells(0, vec![]).is_none());
    /// ```
    pub fn from_cells(order: usize, cells: Vec<u32>) -> Option<Self> {
        (order >= 1 && order.checked_mul(order) == Some(cells.len()))
            .then_some(Self { order, cells })
    }

    /// The number of rows (and of columns).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// assert_eq!("1".parse::<Square>()?.order(), 1);
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn order(&self) -> usize {
        self.order
    }

    /// The cells row by row.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// let square: Square = "1 2\n3 4".parse()?;
    /// assert_eq!(square.cells(), [1, 2, 3, 4]);
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// The number at `(row, col)`, or `None` outside the square.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// let square: Square = "1 2\n3 4".parse()?;
    /// assert_eq!(square.get(0, 1), Some(2));
    /// assert_eq!(square.get(2, 0), None);
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn get(&self, row: usize, col: usize) -> Option<u32> {
        (row < self.order && col < self.order).then(|| self.cells[row * self.order + col])
    }

    /// The rows, top to bottom.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// let square: Square = "1 2\n3 4".parse()?;
    /// let rows: Vec<&[u32]> = square.rows().collect();
    /// assert_eq!(rows, [[1, 2], [3, 4]]);
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn rows(&self) -> impl ExactSizeIterator<Item = &[u32]> + '_ {
        self.cells.chunks(self.order.max(1))
    }

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

    /// Checks that this is a normal magic square of the given kind: the
    /// numbers `1..=n²` each once, then each row, each column, and (as
    /// `kind` asks) each diagonal, broken diagonal and centre-symmetric
    /// pair, each on its own. The first failure is returned.
    ///
    /// # Errors
    ///
    /// A [`CheckError`] naming the number or the [`Line`] that fails.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{CheckError, Kind, Line, Square};
    ///
    /// let square: Square = "1 2 3\n4 5 6\n7 8 9".parse()?;
    /// assert_eq!(
    ///     square.check(Kind::SEMI_MAGIC),
    ///     Err(CheckError::WrongSum { line: Line::Row(0), sum: 6, expected: 15 })
    /// );
    /// let semi: Square = "1 5 9\n6 7 2\n8 3 4".parse()?;
    /// assert!(semi.check(Kind::SEMI_MAGIC).is_ok());
    /// assert!(matches!(
    ///     semi.check(Kind::MAGIC),
    ///     Err(CheckError::WrongSum { line: Line::Diagonal, .. })
    /// ));
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn check(&self, kind: Kind) -> Result<(), CheckError> {
        let n = self.order;
        let cells = n * n;
        let top = u32::try_from(cells).unwrap_or(u32::MAX);
        let mut seen = vec![false; cells];
        for (index, &value) in self.cells.iter().enumerate() {
            let (row, col) = (index / n, index % n);
            if value == 0 || value > top || u64::from(value) > cells as u64 {
                return Err(CheckError::OutOfRange { row, col, value });
            }
            let slot = &mut seen[value as usize - 1];
            if *slot {
                return Err(CheckError::Repeated { row, col, value });
            }
            *slot = true;
        }
        // 1..=n² each once, so every sum below is at most n² · n² ≤ u64.
        let expected = magic_constant(n).ok_or(CheckError::TooLarge)?;
        let at = |row: usize, col: usize| u64::from(self.cells[row * n + col]);
        let line_sum = |line: Line| -> u64 {
            (0..n)
                .map(|i| match line {
                    Line::Row(r) => at(r, i),
                    Line::Column(c) => at(i, c),
                    Line::Diagonal => at(i, i),
                    Line::AntiDiagonal => at(i, n - 1 - i),
                    Line::BrokenDiagonal(k) => at(i, (i + k) % n),
                    Line::BrokenAntiDiagonal(k) => at(i, (k + n - i % n) % n),
                    Line::Pair { .. } => 0,
                })
                .sum()
        };
        let mut lines: Vec<Line> = Vec::new();
        for i in 0..n {
            lines.push(Line::Row(i));
        }
        for i in 0..n {
            lines.push(Line::Column(i));
        }
        if kind.has_diagonals() || kind.is_pandiagonal() || kind.is_associative() {
            lines.push(Line::Diagonal);
            lines.push(Line::AntiDiagonal);
        }
        if kind.is_pandiagonal() {
            lines.extend((1..n).map(Line::BrokenDiagonal));
            lines.extend((0..n.saturating_sub(1)).map(Line::BrokenAntiDiagonal));
        }
        for line in lines {
            let sum = line_sum(line);
            if sum != expected {
                return Err(CheckError::WrongSum {
                    line,
                    sum,
                    expected,
                });
            }
        }
        if kind.is_associative() {
            let expected = cells as u64 + 1;
            for row in 0..n {
                for col in 0..n {
                    let sum = at(row, col) + at(n - 1 - row, n - 1 - col);
                    if sum != expected {
                        return Err(CheckError::WrongSum {
                            line: Line::Pair { row, col },
                            sum,
                            expected,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether [`check`](Square::check) passes for `kind`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Kind, Square};
    ///
    /// let lo_shu: Square = "2 7 6\n9 5 1\n4 3 8".parse()?;
    /// assert!(lo_shu.is(Kind::ASSOCIATIVE));
    /// assert!(!lo_shu.is(Kind::PANDIAGONAL));
    /// # Ok::<(), kongming_magic_square::ParseSquareError>(())
    /// ```
    pub fn is(&self, kind: Kind) -> bool {
        self.check(kind).is_ok()
    }
}

/// The inverse of a symmetry of the square.
pub(crate) fn inverse(symmetry: SquareSymmetry) -> SquareSymmetry {
    match symmetry {
        SquareSymmetry::Rotate90 => SquareSymmetry::Rotate270,
        SquareSymmetry::Rotate270 => SquareSymmetry::Rotate90,
        other => other,
    }
}

/// Writes rows of cells, right-aligned, one row per line.
fn write_grid(
    f: &mut fmt::Formatter<'_>,
    order: usize,
    texts: impl Iterator<Item = String>,
) -> fmt::Result {
    let texts: Vec<String> = texts.collect();
    let width = texts.iter().map(String::len).max().unwrap_or(1);
    for (index, text) in texts.iter().enumerate() {
        if index > 0 {
            f.write_str(if index % order == 0 { "\n" } else { " " })?;
        }
        write!(f, "{text:>width$}")?;
    }
    Ok(())
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, self.order, self.cells.iter().map(u32::to_string))
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let partial: PartialSquare = s.parse()?;
        let mut cells = Vec::with_capacity(partial.cells.len());
        for (index, cell) in partial.cells.iter().enumerate() {
            match cell {
                Some(value) => cells.push(*value),
                None => {
                    return Err(ParseSquareError {
                        kind: ParseErrorKind::Blank {
                            row: index / partial.order,
                            col: index % partial.order,
                        },
                    });
                }
            }
        }
        Ok(Self {
            order: partial.order,
            cells,
        })
    }
}

/// A line (or centre-symmetric pair of cells) of a square, as named by
/// [`CheckError::WrongSum`].
///
/// Broken diagonal `k` holds the cells `(i, (i + k) mod n)`; broken
/// anti-diagonal `k` holds the cells `(i, (k − i) mod n)`, so the main
/// anti-diagonal is broken anti-diagonal `n − 1`.
///
/// # Example
///
/// ```
/// use kongming_magic_square::Line;
///
/// assert_eq!(Line::Row(2).to_string(), "row 2");
/// assert_eq!(Line::BrokenDiagonal(1).to_string(), "broken diagonal 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Line {
    /// A row, numbered from 0 at the top.
    Row(usize),
    /// A column, numbered from 0 at the left.
    Column(usize),
    /// The main diagonal, top left to bottom right.
    Diagonal,
    /// The anti-diagonal, top right to bottom left.
    AntiDiagonal,
    /// The broken diagonal `(i, (i + k) mod n)` for `k` in `1..n`.
    BrokenDiagonal(usize),
    /// The broken anti-diagonal `(i, (k − i) mod n)` for `k` in `0..n − 1`.
    BrokenAntiDiagonal(usize),
    /// The cell `(row, col)` and its mirror through the centre.
    Pair {
        /// The row of the first cell.
        row: usize,
        /// The column of the first cell.
        col: usize,
    },
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Row(r) => write!(f, "row {r}"),
            Self::Column(c) => write!(f, "column {c}"),
            Self::Diagonal => f.write_str("main diagonal"),
            Self::AntiDiagonal => f.write_str("anti-diagonal"),
            Self::BrokenDiagonal(k) => write!(f, "broken diagonal {k}"),
            Self::BrokenAntiDiagonal(k) => write!(f, "broken anti-diagonal {k}"),
            Self::Pair { row, col } => write!(f, "cell ({row}, {col}) and its mirror"),
        }
    }
}

/// Why a square is not a normal magic square of some kind: see
/// [`Square::check`].
///
/// # Example
///
/// ```
/// use kongming_magic_square::{CheckError, Kind, Square};
///
/// let square: Square = "1 1\n2 3".parse()?;
/// let err = square.check(Kind::SEMI_MAGIC).unwrap_err();
/// assert_eq!(err, CheckError::Repeated { row: 0, col: 1, value: 1 });
/// assert_eq!(err.to_string(), "the number 1 at (0, 1) appears twice");
/// # Ok::<(), kongming_magic_square::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CheckError {
    /// A number outside `1..=n²`.
    OutOfRange {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The number.
        value: u32,
    },
    /// A number seen earlier in row-major order.
    Repeated {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The number.
        value: u32,
    },
    /// A line whose sum is not the magic constant (or a centre-symmetric
    /// pair whose sum is not `n² + 1`).
    WrongSum {
        /// The line.
        line: Line,
        /// Its sum.
        sum: u64,
        /// What it should add up to.
        expected: u64,
    },
    /// The order is so large that the magic constant does not fit in a
    /// `u64`.
    TooLarge,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfRange { row, col, value } => {
                write!(f, "the number {value} at ({row}, {col}) is outside 1..=n²")
            }
            Self::Repeated { row, col, value } => {
                write!(f, "the number {value} at ({row}, {col}) appears twice")
            }
            Self::WrongSum {
                line,
                sum,
                expected,
            } => write!(f, "{line} adds up to {sum}, not {expected}"),
            Self::TooLarge => f.write_str("the order is too large for the magic constant"),
        }
    }
}

impl std::error::Error for CheckError {}

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
    order: usize,
    cells: Vec<Option<u32>>,
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

impl fmt::Display for PartialSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(
            f,
            self.order,
            self.cells
                .iter()
                .map(|cell| cell.map_or_else(|| ".".to_owned(), |value| value.to_string())),
        )
    }
}

impl FromStr for PartialSquare {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut rows: Vec<Vec<Option<u32>>> = Vec::new();
        for (line_index, line) in s.lines().enumerate() {
            let mut offset = 0;
            for part in line.split('/') {
                let mut row = Vec::new();
                for (start, token) in tokens(part) {
                    let column = offset + start + 1;
                    let cell = if token == "." || token == "_" {
                        None
                    } else {
                        let value = token.parse::<u32>().map_err(|_| ParseSquareError {
                            kind: ParseErrorKind::BadNumber {
                                line: line_index + 1,
                                column,
                                token: token.chars().take(20).collect(),
                            },
                        })?;
                        Some(value)
                    };
                    row.push(cell);
                }
                offset += part.len() + 1;
                if !row.is_empty() {
                    rows.push(row);
                }
            }
        }
        let order = rows.len();
        if order == 0 {
            return Err(ParseSquareError {
                kind: ParseErrorKind::Empty,
            });
        }
        // Every row is checked before the grid is gathered, so its memory is
        // that of the cells read, never order² of a text of many short rows.
        if let Some((index, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != order) {
            return Err(ParseSquareError {
                kind: ParseErrorKind::RowLength {
                    row: index,
                    found: row.len(),
                    expected: order,
                },
            });
        }
        Ok(Self {
            order,
            cells: rows.into_iter().flatten().collect(),
        })
    }
}

/// The tokens of a row (split at whitespace and commas) with their byte
/// offsets.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    let mut rest = text;
    let mut base = 0;
    std::iter::from_fn(move || {
        let is_sep = |c: char| c.is_whitespace() || c == ',';
        let skip = rest.len() - rest.trim_start_matches(is_sep).len();
        rest = &rest[skip..];
        base += skip;
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(is_sep).unwrap_or(rest.len());
        let token = (base, &rest[..end]);
        rest = &rest[end..];
        base += end;
        Some(token)
    })
}

/// The error of parsing a [`Square`] or a [`PartialSquare`], with where
/// the problem is.
///
/// # Example
///
/// ```
/// use kongming_magic_square::Square;
///
/// let err = "1 2\n3 x".parse::<Square>().unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 3: \"x\" is not a number");
/// let err = "1 2\n3".parse::<Square>().unwrap_err();
/// assert_eq!(err.to_string(), "row 1 has 1 cells, expected 2 (a square has as many columns as rows)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseSquareError {
    kind: ParseErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ParseErrorKind {
    Empty,
    BadNumber {
        line: usize,
        column: usize,
        token: String,
    },
    RowLength {
        row: usize,
        found: usize,
        expected: usize,
    },
    Blank {
        row: usize,
        col: usize,
    },
}

impl ParseSquareError {
    /// The 1-based line and column (in characters' bytes) of a token that
    /// is not a number, if that is the problem.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// let err = "1 2\n3 x".parse::<Square>().unwrap_err();
    /// assert_eq!(err.position(), Some((2, 3)));
    /// ```
    pub fn position(&self) -> Option<(usize, usize)> {
        match self.kind {
            ParseErrorKind::BadNumber { line, column, .. } => Some((line, column)),
            _ => None,
        }
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ParseErrorKind::Empty => f.write_str("no rows: the square is empty"),
            ParseErrorKind::BadNumber {
                line,
                column,
                token,
            } => write!(f, "line {line}, column {column}: {token:?} is not a number"),
            ParseErrorKind::RowLength {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} has {found} cells, expected {expected} (a square has as many columns as rows)"
            ),
            ParseErrorKind::Blank { row, col } => {
                write!(f, "cell ({row}, {col}) is blank in a full square")
            }
        }
    }
}

impl std::error::Error for ParseSquareError {}

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
