//! Boards: holes on a square or triangular grid, read from ASCII layouts,
//! with their jumps, symmetries and position-class invariant.

use std::collections::HashMap;
use std::error::Error;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use kongming_search::symmetry::{BitboardGroup, Group, Permutation};

use crate::jump_words::{self, JumpWord};
use crate::position::{Position, Shift};

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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Grid {
    /// Square cells; jumps go along rows and columns (four directions).
    Square,
    /// Triangular lattice (rows offset by half a cell); jumps go in six
    /// directions: along the row and along both diagonals.
    Triangular,
}

/// Which board a [`Cell`] or [`Jump`] comes from: a 64-bit fingerprint of
/// the board's layout (its grid and the places of its holes), so that
/// equal boards (the same layout, however built) share it and different
/// boards have different ones (two layouts agree on all 64 bits by
/// chance only, with odds of about 2⁻⁶⁴).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct BoardKey(pub(crate) u64);

impl BoardKey {
    /// The fingerprint of a layout: SplitMix64 steps over the grid and
    /// every hole's doubled coordinates, in reading order.
    fn of(grid: Grid, coords: &[Coord]) -> BoardKey {
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
    index: u8,
    row: u8,
    x: u8,
    board: BoardKey,
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
        let in_range = usize::from(index) < MAX_HOLES
            && usize::from(row) < MAX_ROWS
            && usize::from(x) < 2 * MAX_COLUMNS;
        in_range.then_some(Cell {
            index,
            row,
            x,
            board,
        })
    }

    /// The cell of the board `board` at `index`, the hole at doubled
    /// coordinates `(row, x)`.
    fn new(index: usize, (row, x): Coord, board: BoardKey) -> Cell {
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

/// One jump: the peg on `from` jumps over the peg on `over` into the empty
/// hole `to`, and the peg on `over` is removed.
///
/// Name jumps with [`Jump::name`] and read them with
/// [`Board::parse_jump`] (`"d2-d4"`). Like its cells, a jump remembers its
/// board: a position of another board refuses it
/// ([`IllegalJump::NotOnBoard`](crate::IllegalJump::NotOnBoard)).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::Board;
///
/// let board = Board::english();
/// let jump = board.parse_jump("d2-d4")?;
/// assert_eq!(jump.over().name(), "d3");
/// assert_eq!(jump.name(), "d2-d4");
/// assert_eq!(jump.to_string(), "d2-d4");
/// assert_eq!(jump.mask(), jump.from().bit() | jump.over().bit() | jump.to().bit());
/// assert!(board.contains_jump(jump));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Jump {
    from: u8,
    over: u8,
    to: u8,
    /// The doubled coordinates of `from` and `to` (`over` lies halfway).
    from_at: (u8, u8),
    to_at: (u8, u8),
    board: BoardKey,
}

impl Jump {
    /// The hole the jumping peg leaves.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.parse_jump("f4-d4")?.from().name(), "f4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from(self) -> Cell {
        Cell {
            index: self.from,
            row: self.from_at.0,
            x: self.from_at.1,
            board: self.board,
        }
    }

    /// The hole whose peg is jumped and removed.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.parse_jump("f4-d4")?.over().name(), "e4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn over(self) -> Cell {
        // The three holes of a jump are equally spaced on a line.
        Cell {
            index: self.over,
            row: (self.from_at.0 + self.to_at.0) / 2,
            x: (self.from_at.1 + self.to_at.1) / 2,
            board: self.board,
        }
    }

    /// The hole the jumping peg lands in.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.parse_jump("f4-d4")?.to().name(), "d4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to(self) -> Cell {
        Cell {
            index: self.to,
            row: self.to_at.0,
            x: self.to_at.1,
            board: self.board,
        }
    }

    /// The three holes as bits: XOR it into a position to play the jump.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let jump = Board::english().parse_jump("d2-d4")?;
    /// assert_eq!(jump.mask().count_ones(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mask(self) -> u64 {
        (1 << self.from) | (1 << self.over) | (1 << self.to)
    }

    /// The jump's name on its board: `"d2-d4"`, the holes it leaves and
    /// lands in.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let triangle = Board::triangular(10)?;
    /// assert_eq!(triangle.jumps()[0].name(), "e1-d3");
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn name(self) -> String {
        format!("{}-{}", self.from().name(), self.to().name())
    }

    /// The jump's cells, from, over and to.
    #[cfg(feature = "serde")]
    pub(crate) fn cells(self) -> [Cell; 3] {
        [self.from(), self.over(), self.to()]
    }

    /// The jump from `from` over `over` to `to`, if they are cells of one
    /// board and `over` lies halfway (whether it is a jump of its board,
    /// only the board can tell: [`Board::contains_jump`]).
    #[cfg(feature = "serde")]
    pub(crate) fn from_cells([from, over, to]: [Cell; 3]) -> Option<Jump> {
        let halfway = u16::from(from.row) + u16::from(to.row) == 2 * u16::from(over.row)
            && u16::from(from.x) + u16::from(to.x) == 2 * u16::from(over.x);
        let one_board = from.board == over.board && over.board == to.board;
        let distinct = from.index != over.index && over.index != to.index && from.index != to.index;
        (halfway && one_board && distinct).then(|| Jump::new(from, over, to))
    }

    /// The jump from `from` over `over` to `to` (cells of one board).
    fn new(from: Cell, over: Cell, to: Cell) -> Jump {
        Jump {
            from: from.index,
            over: over.index,
            to: to.index,
            from_at: (from.row, from.x),
            to_at: (to.row, to.x),
            board: from.board,
        }
    }
}

impl fmt::Display for Cell {
    /// The hole's [name](Cell::name): `d4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl fmt::Display for Jump {
    /// The jump's [name](Jump::name): `d2-d4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Why a board or position layout could not be read.
///
/// Lines and columns are counted from 1, columns in characters.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, LayoutError};
///
/// let error = "o o\no ? o".parse::<Board>().unwrap_err();
/// assert_eq!(error, LayoutError::UnexpectedChar { line: 2, column: 3, found: '?' });
/// assert_eq!(error.to_string(), "line 2, column 3: unexpected character '?' (use 'o' for a peg, '.' for an empty hole, a space for no hole)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LayoutError {
    /// A character other than `o`, `.` or a space.
    UnexpectedChar {
        /// Line of the character.
        line: usize,
        /// Column of the character.
        column: usize,
        /// The character.
        found: char,
    },
    /// The layout has no hole at all.
    Empty,
    /// More than [`MAX_HOLES`] holes.
    TooManyHoles {
        /// Line of the first hole past the limit.
        line: usize,
        /// Column of the first hole past the limit.
        column: usize,
    },
    /// A hole past the last of [`MAX_ROWS`] rows or [`MAX_COLUMNS`] columns.
    TooLarge {
        /// Line of the hole.
        line: usize,
        /// Column of the hole.
        column: usize,
    },
    /// The holes fit neither a square grid (holes one or two characters
    /// apart in every row) nor a triangular one (rows offset by one
    /// character).
    MixedGrid {
        /// Line of the first hole that does not fit.
        line: usize,
        /// Column of the first hole that does not fit.
        column: usize,
    },
    /// Rows written both ways: one with two holes side by side (compact,
    /// one character per column) and one whose holes are all an even
    /// number of characters apart (spaced, two characters per column),
    /// which a compact layout would read with holes missing. See
    /// [`Board`] for the grammar.
    MixedRows {
        /// The first line with two holes side by side.
        compact_line: usize,
        /// The first line with its holes spaced apart.
        spaced_line: usize,
    },
    /// A triangular board asked for with an unsupported number of rows.
    TriangleRows {
        /// The number of rows asked for.
        rows: usize,
    },
    /// No built-in board has this name.
    UnknownBoard {
        /// The name asked for.
        name: String,
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::UnexpectedChar {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: unexpected character {found:?} (use 'o' for a peg, '.' for an empty hole, a space for no hole)"
            ),
            LayoutError::Empty => f.write_str("the layout has no hole"),
            LayoutError::TooManyHoles { line, column } => write!(
                f,
                "line {line}, column {column}: more than {MAX_HOLES} holes"
            ),
            LayoutError::TooLarge { line, column } => write!(
                f,
                "line {line}, column {column}: the board spans more than {MAX_ROWS} rows or {MAX_COLUMNS} columns"
            ),
            LayoutError::MixedGrid { line, column } => write!(
                f,
                "line {line}, column {column}: this hole fits neither a square nor a triangular grid"
            ),
            LayoutError::MixedRows {
                compact_line,
                spaced_line,
            } => write!(
                f,
                "line {compact_line} has holes side by side (one character per column) but line {spaced_line} has its holes spaced apart (two characters per column): write every row the same way"
            ),
            LayoutError::TriangleRows { rows } => write!(
                f,
                "a triangular board needs 1 to 10 rows (at most {MAX_HOLES} holes), not {rows}"
            ),
            LayoutError::UnknownBoard { name } => write!(
                f,
                "no built-in board named {name:?} (try english, european, triangular, diamond, wiegleb)"
            ),
        }
    }
}

impl Error for LayoutError {}

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

/// Jumps sharing the same index offsets, generated together by shifts.
#[derive(Clone, Debug)]
pub(crate) struct JumpGroup {
    /// The offset `over - from`.
    pub(crate) over: Shift,
    /// The offset `to - from`.
    pub(crate) to: Shift,
    /// The `from` holes of the jumps in the group.
    pub(crate) from_mask: u64,
    /// The jump index of each `from` hole (by hole index).
    pub(crate) index: Vec<u16>,
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

const ENGLISH: &str = "  ooo\n  ooo\nooooooo\nooooooo\nooooooo\n  ooo\n  ooo";
const EUROPEAN: &str = "  ooo\n ooooo\nooooooo\nooooooo\nooooooo\n ooooo\n  ooo";
const DIAMOND: &str =
    "    o\n   ooo\n  ooooo\n ooooooo\nooooooooo\n ooooooo\n  ooooo\n   ooo\n    o";
const WIEGLEB: &str =
    "   ooo\n   ooo\n   ooo\nooooooooo\nooooooooo\nooooooooo\n   ooo\n   ooo\n   ooo";

impl Board {
    /// The English (British) board: 33 holes in a cross.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::english().len(), 33);
    /// ```
    pub fn english() -> Board {
        ENGLISH.parse().expect("the English layout is valid")
    }

    /// The European (French) board: 37 holes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::european().len(), 37);
    /// ```
    pub fn european() -> Board {
        EUROPEAN.parse().expect("the European layout is valid")
    }

    /// The diamond board: 41 holes, `|row - 5| + |column - e| <= 4`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::diamond().len(), 41);
    /// ```
    pub fn diamond() -> Board {
        DIAMOND.parse().expect("the diamond layout is valid")
    }

    /// Wiegleb's board: 45 holes, a cross with arms three wide and three
    /// long.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::wiegleb().len(), 45);
    /// ```
    pub fn wiegleb() -> Board {
        WIEGLEB.parse().expect("Wiegleb's layout is valid")
    }

    /// The triangular board with `rows` rows (15 holes for 5 rows).
    ///
    /// # Errors
    ///
    /// [`LayoutError::TriangleRows`] unless `1 <= rows <= 10` (10 rows make
    /// 55 holes, 11 would make 66).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, LayoutError};
    ///
    /// assert_eq!(Board::triangular(5)?.len(), 15);
    /// assert_eq!(Board::triangular(11), Err(LayoutError::TriangleRows { rows: 11 }));
    /// # Ok::<(), LayoutError>(())
    /// ```
    pub fn triangular(rows: usize) -> Result<Board, LayoutError> {
        if !(1..=10).contains(&rows) {
            return Err(LayoutError::TriangleRows { rows });
        }
        let text: Vec<String> = (0..rows)
            .map(|row| {
                let mut line = " ".repeat(rows - 1 - row);
                line.push_str(&vec!["o"; row + 1].join(" "));
                line
            })
            .collect();
        text.join("\n").parse()
    }

    /// A built-in board by name: `english`, `european` (or `french`),
    /// `triangular` (or `triangle`, 5 rows), `diamond`, `wiegleb`; case is
    /// ignored.
    ///
    /// # Errors
    ///
    /// [`LayoutError::UnknownBoard`] for any other name.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::named("French")?, Board::european());
    /// assert!(Board::named("hexagonal").is_err());
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn named(name: &str) -> Result<Board, LayoutError> {
        match name.to_ascii_lowercase().as_str() {
            "english" | "british" => Ok(Board::english()),
            "european" | "french" => Ok(Board::european()),
            "triangular" | "triangle" => Board::triangular(5),
            "diamond" => Ok(Board::diamond()),
            "wiegleb" => Ok(Board::wiegleb()),
            _ => Err(LayoutError::UnknownBoard {
                name: name.to_owned(),
            }),
        }
    }

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

    /// Whether `jump` is a jump of this board (and not of another board,
    /// whatever its holes' indices).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let english = Board::english();
    /// let jump = english.parse_jump("d2-d4")?;
    /// assert!(english.contains_jump(jump));
    /// assert!(!Board::european().contains_jump(jump));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn contains_jump(&self, jump: Jump) -> bool {
        jump.board == self.inner.key && self.jump(jump.from(), jump.to()) == Some(jump)
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

    /// The hole at doubled coordinates, if any.
    pub(crate) fn at(&self, coord: Coord) -> Option<Cell> {
        let &index = self.inner.lookup.get(&coord)?;
        Some(Cell::new(usize::from(index), coord, self.inner.key))
    }

    /// Every jump of the board (whatever the pegs), grouped by hole of
    /// departure.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::english().jumps().len(), 76);
    /// assert_eq!(Board::triangular(5)?.jumps().len(), 36);
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn jumps(&self) -> &[Jump] {
        &self.inner.jumps
    }

    pub(crate) fn jump_groups(&self) -> &[JumpGroup] {
        &self.inner.groups
    }

    /// The jump groups packed into a few words (see
    /// [`crate::jump_words`]).
    pub(crate) fn jump_words(&self) -> &[JumpWord] {
        &self.inner.words
    }

    /// The jump from `from` to `to`, if the board has one (whatever the
    /// pegs).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let (d2, d4, c3) = (board.cell("d2")?, board.cell("d4")?, board.cell("c3")?);
    /// assert!(board.jump(d2, d4).is_some());
    /// assert!(board.jump(d2, c3).is_none());
    /// # Ok::<(), kongming_peg_bitboard::MoveError>(())
    /// ```
    pub fn jump(&self, from: Cell, to: Cell) -> Option<Jump> {
        if !self.contains(from) || !self.contains(to) {
            return None;
        }
        let (r1, x1) = self.inner.coords[from.index()];
        let (r2, x2) = self.inner.coords[to.index()];
        let (dr, dx) = (r2 - r1, x2 - x1);
        if dr % 2 != 0 || dx % 2 != 0 {
            return None;
        }
        let step = (dr / 2, dx / 2);
        if !self.directions().contains(&step) {
            return None;
        }
        let over = self.at((r1 + step.0, x1 + step.1))?;
        Some(Jump::new(from, over, to))
    }

    /// The name of a jump: `"d2-d4"`, the same as [`Jump::name`].
    ///
    /// A jump knows its holes' places on its board, so this never fails:
    /// for a jump of another board it is that board's name of the jump;
    /// [`contains_jump`](Board::contains_jump) tells whether the jump is
    /// one of this board's.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.jump_name(board.parse_jump("d2-d4")?), "d2-d4");
    /// let other = Board::triangular(10)?.jumps()[0];
    /// assert_eq!(board.jump_name(other), other.name());
    /// assert!(!board.contains_jump(other));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jump_name(&self, jump: Jump) -> String {
        jump.name()
    }

    /// Reads a jump written `from-to` (`"d2-d4"`), checking only that the
    /// board has it.
    ///
    /// # Errors
    ///
    /// [`MoveError`](crate::MoveError) with the byte offset of the problem.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert!(board.parse_jump("d2-d4").is_ok());
    /// assert!(board.parse_jump("d2-d5").is_err());
    /// ```
    pub fn parse_jump(&self, text: &str) -> Result<Jump, crate::MoveError> {
        crate::position::parse_jump(self, text, 0)
    }

    /// Reads a list of jumps separated by spaces, commas or newlines; a
    /// chain by one peg may be written `d2-d4-f4` (two jumps).
    ///
    /// # Errors
    ///
    /// [`MoveError`](crate::MoveError) with the byte offset of the first
    /// problem.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let jumps = board.parse_jumps("d2-d4, f3-d3\nc3-e3-e5")?;
    /// assert_eq!(jumps.len(), 4);
    /// assert_eq!(board.jump_name(jumps[3]), "e3-e5");
    /// # Ok::<(), kongming_peg_bitboard::MoveError>(())
    /// ```
    pub fn parse_jumps(&self, text: &str) -> Result<Vec<Jump>, crate::MoveError> {
        crate::position::parse_jumps(self, text)
    }

    /// The doubled coordinates of the holes, in reading order.
    pub(crate) fn coords(&self) -> &[Coord] {
        &self.inner.coords
    }

    /// The number of rows the board spans.
    pub(crate) fn rows(&self) -> i32 {
        self.inner.rows
    }

    /// The directions a jump may take, as half steps in doubled coordinates.
    fn directions(&self) -> &'static [(i32, i32)] {
        match self.inner.grid {
            Grid::Square => &[(-1, 0), (0, -2), (0, 2), (1, 0)],
            Grid::Triangular => &[(-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1)],
        }
    }

    /// The symmetries of the board, found from its geometry: the
    /// rotations and reflections of the grid that map the holes onto
    /// themselves, as permutations of hole indices.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// assert_eq!(Board::english().symmetries().order(), 8);
    /// assert_eq!(Board::triangular(4)?.symmetries().order(), 6);
    /// assert_eq!("ooo\nooo".parse::<Board>()?.symmetries().order(), 4);
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn symmetries(&self) -> &Group {
        &self.inner.symmetries
    }

    /// The symmetries as a fast action on bitboards (element indices as in
    /// [`symmetries`](Board::symmetries)).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let corner = board.cell("c1")?.bit();
    /// assert_eq!(board.bitboard_symmetries().orbit_size(corner), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bitboard_symmetries(&self) -> &BitboardGroup {
        &self.inner.bitboard
    }

    /// The symmetries of the board that also map each of `patterns` onto
    /// itself (a subgroup of [`symmetries`](Board::symmetries)). Bits of
    /// a pattern that are no hole of the board are ignored.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?.bit();
    /// let d1 = board.cell("d1")?.bit();
    /// assert_eq!(board.symmetries_fixing(&[centre]).order(), 8);
    /// assert_eq!(board.symmetries_fixing(&[d1]).order(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetries_fixing(&self, patterns: &[u64]) -> Group {
        let bits = &self.inner.bitboard;
        let kept: Vec<Permutation> = self
            .inner
            .symmetries
            .elements()
            .iter()
            .enumerate()
            .filter(|&(e, _)| {
                patterns.iter().all(|&p| {
                    let p = p & self.holes();
                    bits.image(e, p) == p
                })
            })
            .map(|(_, perm)| perm.clone())
            .collect();
        Group::generate(self.len(), kept).expect("a subgroup of a small group")
    }

    /// The hole fixed by every symmetry of the board, if there is exactly
    /// one: `d4` on the English board, none on the triangle.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// assert_eq!(board.centre().map(|c| board.name(c)), Some("d4".to_string()));
    /// assert_eq!(Board::triangular(5)?.centre(), None);
    /// # Ok::<(), kongming_peg_bitboard::LayoutError>(())
    /// ```
    pub fn centre(&self) -> Option<Cell> {
        let mut fixed = self.cells().filter(|&c| {
            (0..self.inner.bitboard.order())
                .all(|e| self.inner.bitboard.image(e, c.bit()) == c.bit())
        });
        let first = fixed.next()?;
        fixed.next().is_none().then_some(first)
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

    /// `Ok` if `cell` is a hole of this board.
    pub(crate) fn check_cell(&self, cell: Cell) -> Result<(), crate::PositionError> {
        if self.contains(cell) {
            Ok(())
        } else {
            Err(crate::PositionError::ForeignCell { name: cell.name() })
        }
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

    /// The position class of a set of pegs: positions of different classes
    /// can never be reached from one another.
    ///
    /// Each jump takes three holes in a line; for every line direction a
    /// labelling of holes by a residue mod 3 gives the three holes of any
    /// jump three different residues, so a jump flips the parity of the
    /// number of pegs on each residue. The parities of the pairwise sums
    /// are thus invariant ("the rule of three"): 16 classes on a square
    /// grid (two labellings, by `row + column` and `row - column`), 4 on a
    /// triangular one (one labelling by doubled column).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?.bit();
    /// let start = board.holes() & !centre;
    /// assert_eq!(board.class(start), board.class(centre));
    /// assert_ne!(board.class(start), board.class(board.cell("d3")?.bit()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn class(&self, pegs: u64) -> u8 {
        self.inner
            .classes
            .iter()
            .enumerate()
            .fold(0, |class, (i, masks)| {
                let parity = masks.map(|mask| (pegs & mask).count_ones() & 1);
                let bits = ((parity[0] ^ parity[1]) | ((parity[1] ^ parity[2]) << 1)) as u8;
                class | (bits << (2 * i))
            })
    }

    /// The holes where a game from `pegs` could end with one peg, by the
    /// class invariant (a necessary condition only).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let ends: Vec<String> = board.single_peg_finishes(start.pegs()).map(|c| board.name(c)).collect();
    /// assert_eq!(ends, ["d1", "a4", "d4", "g4", "d7"]);
    ///
    /// let french = Board::european();
    /// let start = french.start(french.cell("d4")?)?;
    /// assert_eq!(french.single_peg_finishes(start.pegs()).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn single_peg_finishes(&self, pegs: u64) -> impl Iterator<Item = Cell> + '_ {
        let class = self.class(pegs);
        self.cells().filter(move |c| self.class(c.bit()) == class)
    }

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
        let directions: &[(i32, i32)] = match grid {
            Grid::Square => &[(-1, 0), (0, -2), (0, 2), (1, 0)],
            Grid::Triangular => &[(-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1)],
        };
        let key = BoardKey::of(grid, &coords);
        let cell = |coord: Coord| {
            let &index = lookup.get(&coord)?;
            Some(Cell::new(usize::from(index), coord, key))
        };
        let mut jumps = Vec::new();
        for (from, &(r, x)) in coords.iter().enumerate() {
            for &(dr, dx) in directions {
                if let (Some(over), Some(to)) =
                    (cell((r + dr, x + dx)), cell((r + 2 * dr, x + 2 * dx)))
                {
                    jumps.push(Jump::new(Cell::new(from, (r, x), key), over, to));
                }
            }
        }
        let mut groups: Vec<JumpGroup> = Vec::new();
        for (j, jump) in jumps.iter().enumerate() {
            let over = Shift::new(i32::from(jump.over) - i32::from(jump.from));
            let to = Shift::new(i32::from(jump.to) - i32::from(jump.from));
            let group = match groups.iter_mut().position(|g| g.over == over && g.to == to) {
                Some(g) => &mut groups[g],
                None => {
                    groups.push(JumpGroup {
                        over,
                        to,
                        from_mask: 0,
                        index: vec![u16::MAX; coords.len()],
                    });
                    groups.last_mut().expect("just pushed")
                }
            };
            group.from_mask |= jump.from().bit();
            group.index[jump.from().index()] = j as u16;
        }
        let words = jump_words::pack(&groups);
        let symmetries = find_symmetries(grid, &coords);
        let bitboard = BitboardGroup::new(&symmetries).expect("at most 64 holes and 12 symmetries");
        let residue_masks = |label: &dyn Fn(Coord) -> i32| {
            let mut masks = [0u64; 3];
            for (i, &c) in coords.iter().enumerate() {
                masks[label(c).rem_euclid(3) as usize] |= 1 << i;
            }
            masks
        };
        let classes = match grid {
            Grid::Square => vec![
                residue_masks(&|(r, x)| r + x / 2),
                residue_masks(&|(r, x)| r - x / 2),
            ],
            Grid::Triangular => vec![residue_masks(&|(_, x)| x)],
        };
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

/// The symmetries of a set of holes among the rotations and reflections of
/// its grid, each followed by the translation that brings the image's least
/// hole back onto the least hole.
fn find_symmetries(grid: Grid, coords: &[Coord]) -> Group {
    let linear: Vec<Box<dyn Fn(Coord) -> Coord>> = match grid {
        // (row, x) with x = 2 * column: the eight symmetries of the square.
        Grid::Square => vec![
            Box::new(|(r, x)| (r, x)),
            Box::new(|(r, x)| (r, -x)),
            Box::new(|(r, x)| (-r, x)),
            Box::new(|(r, x)| (-r, -x)),
            Box::new(|(r, x)| (x / 2, 2 * r)),
            Box::new(|(r, x)| (-x / 2, 2 * r)),
            Box::new(|(r, x)| (x / 2, -2 * r)),
            Box::new(|(r, x)| (-x / 2, -2 * r)),
        ],
        // Doubled coordinates to cube coordinates: q = (x - r) / 2, r, s.
        // A sixth of a turn is (q, r, s) -> (-r, -s, -q), a mirror swaps r
        // and s.
        Grid::Triangular => {
            let parity = (coords[0].0 + coords[0].1).rem_euclid(2);
            let mut maps: Vec<Box<dyn Fn(Coord) -> Coord>> = Vec::new();
            for turns in 0..6 {
                for mirror in [false, true] {
                    maps.push(Box::new(move |(r, x)| {
                        let q = (x - r - parity) / 2;
                        let (mut a, mut b, mut c) = (q, r, -q - r);
                        if mirror {
                            std::mem::swap(&mut b, &mut c);
                        }
                        for _ in 0..turns {
                            (a, b, c) = (-b, -c, -a);
                        }
                        let _ = c;
                        (b, 2 * a + b)
                    }));
                }
            }
            maps
        }
    };
    let least = *coords.iter().min().expect("a board has holes");
    let candidates = linear.into_iter().map(|map| {
        let image_least = coords.iter().map(|&c| map(c)).min().expect("not empty");
        let shift = (least.0 - image_least.0, least.1 - image_least.1);
        move |&c: &Coord| {
            let (r, x) = map(c);
            (r + shift.0, x + shift.1)
        }
    });
    Group::preserving(coords, candidates).expect("holes are distinct and the group is small")
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
