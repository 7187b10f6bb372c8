//! Jumps: a peg over a neighbour into an empty hole, as values that
//! remember their board like cells do; the board's list of its jumps,
//! built once from the grid's directions, and the same jumps in groups
//! sharing their index offsets ([`JumpGroup`]), which the legal-jump
//! generator and the solver's scores play a group at a time by shifts.

use std::collections::HashMap;
use std::fmt;

use super::{Board, BoardKey, Cell, Coord, Grid};
use crate::jump_words::JumpWord;
use crate::position::Shift;

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
    pub(super) from: u8,
    pub(super) over: u8,
    pub(super) to: u8,
    /// The doubled coordinates of `from` and `to` (`over` lies halfway).
    pub(super) from_at: (u8, u8),
    pub(super) to_at: (u8, u8),
    pub(super) board: BoardKey,
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
    pub(super) fn new(from: Cell, over: Cell, to: Cell) -> Jump {
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

impl fmt::Display for Jump {
    /// The jump's [name](Jump::name): `d2-d4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
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

impl Board {
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

    /// The jumps in groups sharing their offsets, played together by
    /// shifts.
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
        if !self.inner.grid.directions().contains(&step) {
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
}

/// Every jump between the holes at `coords` on `grid` (the cells of the
/// board `key`, `index_at` their indices), grouped by hole of departure.
pub(super) fn all_jumps(
    grid: Grid,
    coords: &[Coord],
    index_at: &HashMap<Coord, u8>,
    key: BoardKey,
) -> Vec<Jump> {
    let cell = |coord: Coord| {
        let &index = index_at.get(&coord)?;
        Some(Cell::new(usize::from(index), coord, key))
    };
    let mut jumps = Vec::new();
    for (from, &(r, x)) in coords.iter().enumerate() {
        for &(dr, dx) in grid.directions() {
            if let (Some(over), Some(to)) = (cell((r + dr, x + dx)), cell((r + 2 * dr, x + 2 * dx)))
            {
                jumps.push(Jump::new(Cell::new(from, (r, x), key), over, to));
            }
        }
    }
    jumps
}

/// The `jumps` of a board of `holes` holes in groups sharing their index
/// offsets.
pub(super) fn group_jumps(jumps: &[Jump], holes: usize) -> Vec<JumpGroup> {
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
                    index: vec![u16::MAX; holes],
                });
                groups.last_mut().expect("just pushed")
            }
        };
        group.from_mask |= jump.from().bit();
        group.index[jump.from().index()] = j as u16;
    }
    groups
}
