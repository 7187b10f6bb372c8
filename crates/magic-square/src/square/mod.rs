//! The square grid: [`Square`], its order and cells, and the magic
//! constant its lines aim at.
//!
//! What a square can do lives next door, one idea per module:
//! `symmetry` (the eight images and the Frénicle standard form), `check`
//! (whether it is a normal magic square of a [`Kind`](crate::Kind), and
//! which [`Line`] fails), `line_text` (a line's text read back,
//! [`ParseLineError`]), `partial` ([`PartialSquare`], a grid with blanks,
//! the input of completion and enumeration) and `text` (the text form of
//! both, [`ParseSquareError`]). The enumeration and the constructions
//! build `Square`s; the checks are how the tests judge them.

mod check;
mod line_text;
mod partial;
mod symmetry;
mod text;

pub use check::{CheckError, Line};
pub use line_text::ParseLineError;
pub use partial::PartialSquare;
pub use text::ParseSquareError;

/// The largest order of a [`Square`] whose numbers `1..=n²` fit in a
/// `u32`: the limit of [`PartialSquare::empty`] and of
/// [`construct`](crate::construct()).
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
/// [`Kind`](crate::Kind), and if not, what fails first.
///
/// The text form is one row per line, numbers separated by spaces (or
/// commas); [`Display`](std::fmt::Display) right-aligns the columns and parses
/// back to the same square. Rows may also be separated by `/`.
///
/// Orders start at 1. There is no square of order 0, everywhere in the
/// crate: [`Square::from_cells`] and [`PartialSquare::empty`] refuse it,
/// the text form needs a row, [`construct`](crate::construct()) and
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
}
