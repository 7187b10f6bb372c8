//! Boards: holes on a square or triangular grid, read from ASCII layouts,
//! with their jumps, symmetries and position-class invariant.
//!
//! [`Board`] holds its tables behind one shared pointer, built once by
//! [`Board::from_coords`] from the holes' places (which the layout reader
//! finds): the cells and their fingerprint ([`cell`]), the jumps and
//! their groups ([`jump`]), the symmetries ([`symmetry`]) and the
//! residue masks of the classes ([`class`]). [`grid`] holds the
//! lattice's directions and distances, [`builtin`] the named boards,
//! [`error`] the layout errors.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use kongming_search::symmetry::{BitboardGroup, Group};

pub(crate) use cell::BoardKey;
pub use cell::Cell;
pub use error::LayoutError;
pub use grid::Grid;
pub use jump::Jump;
pub(crate) use jump::JumpGroup;

use crate::jump_words::{self, JumpWord};
use crate::position::Position;

mod builtin;
mod cell;
mod class;
mod error;
mod grid;
mod jump;
mod symmetry;

/// The most holes a board may have: one bit of a `u64` each.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, LayoutError, MAX_HOLES};
///
/// let full = vec!["oooooooo"; 8].join("\n");
/// assert_eq!(full.parse::<Board>()?.len(), MAX_HOLES);
/// let more = format!("{full}\no");
/// assert!(matches!(more.parse::<Board>(), Err(LayoutError::TooManyHoles { line: 9, column: 1 })));
/// # Ok::<(), LayoutError>(())
/// ```
pub const MAX_HOLES: usize = 64;
/// The most columns a board may span (named `a` to `z`).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, MAX_COLUMNS};
///
/// assert!("o".repeat(MAX_COLUMNS).parse::<Board>().is_ok());
/// assert!("o".repeat(MAX_COLUMNS + 1).parse::<Board>().is_err());
/// ```
pub const MAX_COLUMNS: usize = 26;
/// The most rows a board may span.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, MAX_ROWS};
///
/// let tall = format!("o{}o", "\n".repeat(MAX_ROWS - 1));
/// assert!(tall.parse::<Board>().is_ok());
/// let taller = format!("o{}o", "\n".repeat(MAX_ROWS));
/// assert!(taller.parse::<Board>().is_err());
/// ```
pub const MAX_ROWS: usize = 99;

/// A hole position in doubled coordinates: `row`, and `x` the character
/// column in the spaced layout (square cells at even `x`).
pub(crate) type Coord = (i32, i32);

/// A peg solitaire board: its holes, the jumps between them, its symmetry
/// group and its position-class invariant.
///
/// Holes are numbered in reading order and a position is a `u64` with one
/// bit per hole, so a board has at most [`MAX_HOLES`] holes. Cloning is
/// cheap (the tables are shared).
///
/// # Layouts
///
/// A board is read from text ([`FromStr`]) and written back
/// ([`Display`](fmt::Display)): `o` is a hole (with a peg, in a
/// [`Position`]), `.` an empty hole, a space no hole, one line per row.
/// A layout is written one of two ways:
///
/// - *spaced*, two characters per column (`o o o`): the holes of a row are
///   an even number of characters apart. Triangular boards are spaced,
///   each row offset by one character, so a hole's neighbours in the row
///   are two characters away and those in the rows above and below one
///   character to either side.
/// - *compact*, one character per column (`ooo`, `oo o` with a hole
///   missing): square boards only.
///
/// A layout with a row of two holes side by side is compact; it may then
/// have no row whose holes are all an even number of characters apart
/// (such as `o o o`), which reads as a spaced row: such a mix is refused
/// with [`LayoutError::MixedRows`], naming both lines. (Write a compact
/// board with such a row spaced instead.) [`Display`](fmt::Display)
/// writes the spaced form. Holes are named by a column letter (`a` for
/// the leftmost, counting two characters per column) and a row number
/// (`1` for the top row): `d4` is the centre of the English board.
///
/// Boards larger than 64 holes would need a wider bitboard (`u128` or
/// several words); this crate does not support them.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Grid, LayoutError};
///
/// let board: Board = "    o o o\n    o o o\no o o o o o o\no o o o o o o\no o o o o o o\n    o o o\n    o o o".parse()?;
/// assert_eq!(board, Board::english());
/// assert_eq!(board.len(), 33);
/// assert_eq!(board.jumps().len(), 76);
/// assert_eq!(board.symmetries().order(), 8);
///
/// let triangle = Board::triangular(5)?;
/// assert_eq!(triangle.to_string(), "    o\n   o o\n  o o o\n o o o o\no o o o o");
/// assert_eq!(triangle.symmetries().order(), 6);
///
/// // Compact and spaced rows in one layout: the columns are ambiguous.
/// let mixed = "o o o\nooo".parse::<Board>().unwrap_err();
/// assert_eq!(mixed, LayoutError::MixedRows { compact_line: 2, spaced_line: 1 });
/// assert_eq!("ooo\nooo".parse::<Board>()?, "o o o\no o o".parse::<Board>()?);
/// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
/// ```
#[derive(Clone)]
pub struct Board {
    inner: Arc<Inner>,
}

struct Inner {
    grid: Grid,
    /// The fingerprint of the layout, which its cells and jumps carry.
    key: BoardKey,
    coords: Vec<Coord>,
    lookup: HashMap<Coord, u8>,
    rows: i32,
    holes: u64,
    jumps: Vec<Jump>,
    groups: Vec<JumpGroup>,
    words: Vec<JumpWord>,
    symmetries: Group,
    bitboard: BitboardGroup,
    /// Per functional, the holes with residue 0, 1, 2.
    classes: Vec<[u64; 3]>,
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
            || (self.inner.grid == other.inner.grid && self.inner.coords == other.inner.coords)
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("grid", &self.inner.grid)
            .field("holes", &self.len())
            .field("layout", &self.to_string())
            .finish()
    }
}

impl Board {
    /// The number of holes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::wiegleb().len(), 45);
    /// ```
    #[allow(clippy::len_without_is_empty)] // a board always has a hole
    pub fn len(&self) -> usize {
        self.inner.coords.len()
    }

    /// The grid the holes sit on.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Grid};
    ///
    /// assert_eq!(Board::diamond().grid(), Grid::Square);
    /// ```
    pub fn grid(&self) -> Grid {
        self.inner.grid
    }

    /// Every hole as a bit: the position with a peg in each hole.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::english().holes(), (1 << 33) - 1);
    /// ```
    pub fn holes(&self) -> u64 {
        self.inner.holes
    }

    /// The doubled coordinates of the holes, in reading order.
    pub(crate) fn coords(&self) -> &[Coord] {
        &self.inner.coords
    }

    /// The number of rows the board spans.
    pub(crate) fn rows(&self) -> i32 {
        self.inner.rows
    }

    /// The full board with one hole empty: the usual start.
    ///
    /// # Errors
    ///
    /// [`PositionError::ForeignCell`](crate::PositionError::ForeignCell)
    /// if `empty` is a cell of another board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, PositionError};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// assert_eq!(start.peg_count(), 32);
    /// let apex = Board::triangular(5)?.cell("c1")?;
    /// assert!(matches!(board.start(apex), Err(PositionError::ForeignCell { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self, empty: Cell) -> Result<Position, crate::PositionError> {
        self.check_cell(empty)?;
        Ok(Position::from_parts(
            self.clone(),
            self.holes() & !empty.bit(),
        ))
    }

    /// A position on this board with a peg in each hole of `pegs`.
    ///
    /// # Errors
    ///
    /// [`PositionError`](crate::PositionError) if a bit of `pegs` is not a
    /// hole.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.position(1 << 16)?.peg_count(), 1);
    /// assert!(board.position(1 << 40).is_err());
    /// # Ok::<(), kongming_peg_bitboard::PositionError>(())
    /// ```
    pub fn position(&self, pegs: u64) -> Result<Position, crate::PositionError> {
        if pegs & !self.holes() != 0 {
            return Err(crate::PositionError::NotAHole {
                bit: (pegs & !self.holes()).trailing_zeros(),
            });
        }
        Ok(Position::from_parts(self.clone(), pegs))
    }

    /// The board of the holes at `coords` (doubled coordinates, in
    /// reading order) on `grid`, with its jumps, symmetries and classes.
    pub(crate) fn from_coords(grid: Grid, coords: Vec<Coord>) -> Board {
        let lookup: HashMap<Coord, u8> = coords
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u8))
            .collect();
        let rows = coords.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let holes = if coords.len() == 64 {
            u64::MAX
        } else {
            (1 << coords.len()) - 1
        };
        let key = BoardKey::of(grid, &coords);
        let jumps = jump::all_jumps(grid, &coords, &lookup, key);
        let groups = jump::group_jumps(&jumps, coords.len());
        let words = jump_words::pack(&groups);
        let symmetries = symmetry::find_symmetries(grid, &coords);
        let bitboard = BitboardGroup::new(&symmetries).expect("at most 64 holes and 12 symmetries");
        let classes = class::residue_masks(grid, &coords);
        Board {
            inner: Arc::new(Inner {
                grid,
                key,
                coords,
                lookup,
                rows,
                holes,
                jumps,
                groups,
                words,
                symmetries,
                bitboard,
                classes,
            }),
        }
    }
}

impl FromStr for Board {
    type Err = LayoutError;

    /// Reads a layout (see [`Board`]); pegs and empty holes are both holes.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Board::parse_layout(text).map(|(board, _)| board)
    }
}

impl fmt::Display for Board {
    /// Writes the layout with `o` in every hole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_layout(f, self.holes())
    }
}
