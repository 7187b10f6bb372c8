//! Checking a [`Square`]: whether it is a normal magic square of a
//! [`Kind`] (the numbers `1..=n²` each once, and every line the kind asks
//! for adding up to the magic constant), and if not, the first number or
//! [`Line`] that fails, as a [`CheckError`].
//!
//! This is the independent judge of the crate: it looks at each line on
//! its own, where the enumeration and the constructions reason about many
//! at once.

use std::fmt;

use crate::hint::cell;

use super::{Square, magic_constant};
use crate::Kind;

impl Square {
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
/// // Numbered from 0 in the value, from 1 in the text a player reads.
/// assert_eq!(Line::Row(2).to_string(), "row 3");
/// assert_eq!(Line::BrokenDiagonal(1).to_string(), "broken diagonal 2");
/// // The text reads back (and is how serde stores a line).
/// assert_eq!("broken diagonal 2".parse::<Line>()?, Line::BrokenDiagonal(1));
/// # Ok::<(), kongming_magic_square::ParseLineError>(())
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
            // Counted from 1, as a player counts.
            Self::Row(r) => write!(f, "row {}", r + 1),
            Self::Column(c) => write!(f, "column {}", c + 1),
            Self::Diagonal => f.write_str("main diagonal"),
            Self::AntiDiagonal => f.write_str("anti-diagonal"),
            Self::BrokenDiagonal(k) => write!(f, "broken diagonal {}", k + 1),
            Self::BrokenAntiDiagonal(k) => write!(f, "broken anti-diagonal {}", k + 1),
            Self::Pair { row, col } => write!(f, "cell {} and its mirror", cell(*row, *col)),
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
/// // Fields count from 0, text from 1.
/// assert_eq!(err.to_string(), "the number 1 at (1, 2) appears twice");
/// # Ok::<(), kongming_magic_square::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum CheckError {
    /// A number outside `1..=n²`.
    OutOfRange {
        /// Its row.
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        row: usize,
        /// Its column.
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        col: usize,
        /// The number.
        value: u32,
    },
    /// A number seen earlier in row-major order.
    Repeated {
        /// Its row.
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        row: usize,
        /// Its column.
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
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
                write!(
                    f,
                    "the number {value} at {} is outside 1..=n²",
                    cell(*row, *col)
                )
            }
            Self::Repeated { row, col, value } => {
                write!(
                    f,
                    "the number {value} at {} appears twice",
                    cell(*row, *col)
                )
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
