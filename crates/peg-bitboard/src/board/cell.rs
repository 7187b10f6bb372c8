//! Cells: the holes of a board as values that remember their board (by
//! a fingerprint of its layout, [`BoardKey`]) and their place on it, so
//! that they name themselves and a board refuses the cells of another;
//! and the board's ways to find its cells (by index, by name, by place).

use std::fmt;

use super::{Board, Coord, Grid};

/// Which board a [`Cell`] or [`Jump`](super::Jump) comes from: a 64-bit fingerprint of
/// the board's layout (its grid and the places of its holes), so that
/// equal boards (the same layout, however built) share it and different
/// boards have different ones (two layouts agree on all 64 bits by
/// chance only, with odds of about 2⁻⁶⁴).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct BoardKey(pub(crate) u64);

impl BoardKey {
    /// The fingerprint of a layout: SplitMix64 steps over the grid and
    /// every hole's doubled coordinates, in reading order.
    pub(super) fn of(grid: Grid, coords: &[Coord]) -> BoardKey {
        let mix = |mut z: u64| {
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let seed = match grid {
            Grid::Square => 1,
            Grid::Triangular => 2,
        };
        let key = coords.iter().fold(mix(seed), |key, &(row, x)| {
            let word = (u64::from(row as u32) << 32) | u64::from(x as u32);
            mix(key.wrapping_add(0x9e37_79b9_7f4a_7c15) ^ word)
        });
        BoardKey(key)
    }
}

/// A hole of a board: its index, `0..board.len()`, in reading order (row
/// by row, left to right), which is also its bit in a bitboard.
///
/// A cell remembers its board (see [`Board::contains`]) and its place on
/// it, so it names itself ([`Cell::name`]) and every method of a board or
/// a position that acts on a cell refuses a cell of another board (a
/// typed error or `None`) rather than taking it for one of its own holes:
/// the cell `d4` of the English board is not a hole of the triangle, even
/// though both have a hole numbered 16. Boards with the same layout are
/// the same board, however they were built.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::Board;
///
/// let board = Board::english();
/// let centre = board.cell("d4")?;
/// assert_eq!(centre.index(), 16);
/// assert_eq!(centre.bit(), 1 << 16);
/// assert_eq!(centre.name(), "d4");
/// assert_eq!(centre.to_string(), "d4");
/// assert!(board.contains(centre));
/// assert!(!Board::triangular(10)?.contains(centre));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub(super) index: u8,
    pub(super) row: u8,
    pub(super) x: u8,
    pub(super) board: BoardKey,
}

impl Cell {
    /// The hole's index in reading order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::english().cell("c1")?.index(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn index(self) -> usize {
        usize::from(self.index)
    }

    /// The hole's bit in a bitboard: `1 << index`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::english().cell("e1")?.bit(), 0b100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bit(self) -> u64 {
        1 << self.index
    }

    /// The hole's name on its board: column letter (`a` for the leftmost
    /// column, two characters per column) and row number (`1` for the top
    /// row).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let triangle = Board::triangular(3)?;
    /// let names: Vec<String> = triangle.cells().map(|c| c.name()).collect();
    /// assert_eq!(names, ["b1", "a2", "b2", "a3", "b3", "c3"]);
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn name(self) -> String {
        let column = char::from(b'a' + self.x / 2);
        format!("{column}{}", u32::from(self.row) + 1)
    }

    /// The cell's parts: its index, its doubled coordinates and its
    /// board's fingerprint.
    #[cfg(feature = "serde")]
    pub(crate) fn parts(self) -> (u8, (u8, u8), BoardKey) {
        (self.index, (self.row, self.x), self.board)
    }

    /// A cell from [its parts](Cell::parts), if they are in range (whether
    /// it is a hole of its board, only the board can tell:
    /// [`Board::contains`]).
    #[cfg(feature = "serde")]
    pub(crate) fn from_parts(index: u8, (row, x): (u8, u8), board: BoardKey) -> Option<Cell> {
        let in_range = usize::from(index) < super::MAX_HOLES
            && usize::from(row) < super::MAX_ROWS
            && usize::from(x) < 2 * super::MAX_COLUMNS;
        in_range.then_some(Cell {
            index,
            row,
            x,
            board,
        })
    }

    /// The cell of the board `board` at `index`, the hole at doubled
    /// coordinates `(row, x)`.
    pub(super) fn new(index: usize, (row, x): Coord, board: BoardKey) -> Cell {
        // Layouts are checked: at most 64 holes, MAX_ROWS rows and
        // 2 * MAX_COLUMNS characters, so each fits a byte.
        Cell {
            index: index as u8,
            row: row as u8,
            x: x as u8,
            board,
        }
    }
}

impl fmt::Display for Cell {
    /// The hole's [name](Cell::name): `d4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Board {
    /// The holes, in reading order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::triangular(2)?;
    /// let names: Vec<String> = board.cells().map(|c| board.name(c)).collect();
    /// assert_eq!(names, ["a1", "a2", "b2"]);
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn cells(&self) -> impl ExactSizeIterator<Item = Cell> + '_ {
        let key = self.inner.key;
        self.inner
            .coords
            .iter()
            .enumerate()
            .map(move |(i, &coord)| Cell::new(i, coord, key))
    }

    /// The hole with index `index`, if there is one.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.cell_at(16).map(|c| board.name(c)), Some("d4".to_string()));
    /// assert_eq!(board.cell_at(33), None);
    /// ```
    pub fn cell_at(&self, index: usize) -> Option<Cell> {
        let &coord = self.inner.coords.get(index)?;
        Some(Cell::new(index, coord, self.inner.key))
    }

    /// The hole named `name` (column letter, row number: `"d4"`).
    ///
    /// # Errors
    ///
    /// [`MoveError`](crate::MoveError) if the name is malformed or names no
    /// hole.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.cell("g4")?.index(), 19);
    /// assert!(board.cell("a1").is_err()); // off the board
    /// assert!(board.cell("4d").is_err());
    /// # Ok::<(), kongming_peg_bitboard::MoveError>(())
    /// ```
    pub fn cell(&self, name: &str) -> Result<Cell, crate::MoveError> {
        crate::position::parse_cell(self, name, 0)
    }

    /// The name of a hole: column letter and row number, the same as
    /// [`Cell::name`].
    ///
    /// A cell knows its place on its board, so this never fails: for a
    /// cell of another board it is that board's name of the cell (which
    /// may name another hole here, or none); [`contains`](Board::contains)
    /// tells whether the cell is one of this board's.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.name(board.cells().next().unwrap()), "c1");
    /// let apex = Board::triangular(10)?.cell_at(0).unwrap();
    /// assert_eq!(board.name(apex), "e1");
    /// assert!(!board.contains(apex));
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn name(&self, cell: Cell) -> String {
        cell.name()
    }

    /// Whether `cell` is a hole of this board (and not of another board,
    /// whatever its index).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let english = Board::english();
    /// let centre = english.cell("d4")?;
    /// assert!(english.contains(centre));
    /// assert!(Board::english().contains(centre)); // the same layout
    /// assert!(!Board::european().contains(centre));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn contains(&self, cell: Cell) -> bool {
        // The place too: a cell read back from elsewhere must be the
        // board's own, not only carry its fingerprint.
        cell.board == self.inner.key
            && self.inner.coords.get(cell.index())
                == Some(&(i32::from(cell.row), i32::from(cell.x)))
    }

    /// The hole at a column (0 for `a`) and row (0 for the top row), if
    /// there is one.
    pub(crate) fn cell_at_column_row(&self, column: usize, row: usize) -> Option<Cell> {
        let row = i32::try_from(row).ok()?;
        let column = i32::try_from(column).ok()?;
        [2 * column, 2 * column + 1]
            .into_iter()
            .find_map(|x| self.at((row, x)))
    }

    /// The hole at doubled coordinates, if any.
    pub(crate) fn at(&self, coord: Coord) -> Option<Cell> {
        let &index = self.inner.lookup.get(&coord)?;
        Some(Cell::new(usize::from(index), coord, self.inner.key))
    }

    /// `Ok` if `cell` is a hole of this board.
    pub(crate) fn check_cell(&self, cell: Cell) -> Result<(), crate::PositionError> {
        if self.contains(cell) {
            Ok(())
        } else {
            Err(crate::PositionError::ForeignCell { name: cell.name() })
        }
    }
}
