//! The lattice the holes of a board sit on: square or triangular, which
//! decides the directions of jumps and the distances between holes (the
//! solver orders jumps by the moments these give).

use super::{Board, Cell};

/// The lattice the holes sit on, which decides the jump directions.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Grid};
///
/// assert_eq!(Board::english().grid(), Grid::Square);
/// assert_eq!(Board::triangular(5)?.grid(), Grid::Triangular);
/// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Grid {
    /// Square cells; jumps go along rows and columns (four directions).
    Square,
    /// Triangular lattice (rows offset by half a cell); jumps go in six
    /// directions: along the row and along both diagonals.
    Triangular,
}

impl Grid {
    /// The directions a jump may take, as half steps in doubled
    /// coordinates.
    pub(crate) fn directions(self) -> &'static [(i32, i32)] {
        match self {
            Grid::Square => &[(-1, 0), (0, -2), (0, 2), (1, 0)],
            Grid::Triangular => &[(-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1)],
        }
    }
}

impl Board {
    /// The squared distance of each hole from `centre` (default: the
    /// centre of mass of the holes), in arbitrary units.
    pub(crate) fn spread(&self, centre: Option<Cell>) -> Vec<i64> {
        let n = self.len() as i64;
        let (sr, sx) = match centre {
            Some(cell) => {
                let (r, x) = self.inner.coords[cell.index()];
                (i64::from(r) * n, i64::from(x) * n)
            }
            None => self.inner.coords.iter().fold((0, 0), |(a, b), &(r, x)| {
                (a + i64::from(r), b + i64::from(x))
            }),
        };
        self.inner
            .coords
            .iter()
            .map(|&(r, x)| {
                // In units of 1/n: row and doubled column offsets.
                let dr = i64::from(r) * n - sr;
                let dx = i64::from(x) * n - sx;
                match self.inner.grid {
                    Grid::Square => 4 * dr * dr + dx * dx,
                    Grid::Triangular => 3 * dr * dr + dx * dx,
                }
            })
            .collect()
    }
}
