//! Positions (pegs on a board): playing and replaying jumps, the legal
//! jumps, reading and writing layouts. The errors are in [`error`], the
//! move notation (read by the board's `cell` and `parse_jump`) in
//! [`notation`], the bitboard shifts behind the legal jumps in [`shift`].

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

pub use error::{IllegalJump, MoveError, PositionError, ReplayError};
pub(crate) use notation::{parse_cell, parse_jump, parse_jumps};
pub(crate) use shift::{Shift, bits};

use crate::board::{Board, Cell, Jump, LayoutError};

mod error;
mod notation;
mod shift;

/// Pegs on a board: a `u64` with one bit per hole.
///
/// Read and written as a layout ([`FromStr`], [`Display`](fmt::Display)):
/// `o` a peg, `.` an empty hole, a space no hole (see [`Board`]).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::Position;
///
/// let start: Position = "  o o o\n  o o o\no o o o o o o\no o o . o o o\no o o o o o o\n  o o o\n  o o o".parse()?;
/// assert_eq!(start.peg_count(), 32);
/// assert_eq!(start.legal_jumps().len(), 4);
///
/// let board = start.board();
/// let next = start.play(board.parse_jump("d2-d4")?)?;
/// assert_eq!(next.peg_count(), 31);
/// assert_eq!(next.to_string().parse::<Position>()?, next);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    pegs: u64,
}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.pegs.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("pegs", &format_args!("{:#x}", self.pegs))
            .field("layout", &self.to_string())
            .finish()
    }
}

impl Position {
    pub(crate) fn from_parts(board: Board, pegs: u64) -> Position {
        Position { board, pegs }
    }

    /// The board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Position};
    ///
    /// let p: Position = "o o .".parse()?;
    /// assert_eq!(p.board().len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pegs, one bit per hole.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Position;
    ///
    /// assert_eq!("o o .".parse::<Position>()?.pegs(), 0b011);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pegs(&self) -> u64 {
        self.pegs
    }

    /// The number of pegs.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Position;
    ///
    /// assert_eq!("o o .".parse::<Position>()?.peg_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn peg_count(&self) -> u32 {
        self.pegs.count_ones()
    }

    /// Whether `cell` holds a peg.
    ///
    /// # Errors
    ///
    /// [`PositionError::ForeignCell`] if `cell` is a cell of another board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Position, PositionError};
    ///
    /// let p: Position = "o o .".parse()?;
    /// assert!(p.has_peg(p.board().cell("a1")?)?);
    /// assert!(!p.has_peg(p.board().cell("c1")?)?);
    /// let other = Board::english().cell("c1")?;
    /// assert!(matches!(p.has_peg(other), Err(PositionError::ForeignCell { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_peg(&self, cell: Cell) -> Result<bool, PositionError> {
        self.board.check_cell(cell)?;
        Ok(self.holds(cell))
    }

    /// Whether `cell`, a cell of this position's board, holds a peg.
    fn holds(&self, cell: Cell) -> bool {
        self.pegs & cell.bit() != 0
    }

    /// The jumps legal here, in the order of [`Board::jumps`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Position;
    ///
    /// let p: Position = "o o . o o".parse()?;
    /// let names: Vec<String> = p.legal_jumps().iter().map(|&j| p.board().jump_name(j)).collect();
    /// assert_eq!(names, ["a1-c1", "e1-c1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_jumps(&self) -> Vec<Jump> {
        let mut indices = Vec::new();
        self.board.legal_jump_indices(self.pegs, &mut indices);
        indices.sort_unstable();
        indices
            .into_iter()
            .map(|i| self.board.jumps()[usize::from(i)])
            .collect()
    }

    /// Whether `jump` can be played here, and why not.
    ///
    /// # Errors
    ///
    /// The [`IllegalJump`] reason.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{IllegalJump, Position};
    ///
    /// let p: Position = "o o . o o".parse()?;
    /// let board = p.board();
    /// assert_eq!(p.check(board.parse_jump("a1-c1")?), Ok(()));
    /// assert_eq!(p.check(board.parse_jump("c1-e1")?), Err(IllegalJump::NoPeg));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, jump: Jump) -> Result<(), IllegalJump> {
        if !self.board.contains_jump(jump) {
            return Err(IllegalJump::NotOnBoard);
        }
        if !self.holds(jump.from()) {
            return Err(IllegalJump::NoPeg);
        }
        if !self.holds(jump.over()) {
            return Err(IllegalJump::NothingToJump);
        }
        if self.holds(jump.to()) {
            return Err(IllegalJump::Occupied);
        }
        Ok(())
    }

    /// The position after `jump`.
    ///
    /// # Errors
    ///
    /// The [`IllegalJump`] reason if it cannot be played.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Position;
    ///
    /// let p: Position = "o o .".parse()?;
    /// let q = p.play(p.board().parse_jump("a1-c1")?)?;
    /// assert_eq!(q.to_string(), ". . o");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, jump: Jump) -> Result<Position, IllegalJump> {
        self.check(jump)?;
        Ok(Position {
            board: self.board.clone(),
            pegs: self.pegs ^ jump.mask(),
        })
    }

    /// Plays `jumps` in order, checking each, and returns the final
    /// position.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the first illegal jump.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let end = start.replay(&board.parse_jumps("d2-d4 f3-d3")?)?;
    /// assert_eq!(end.peg_count(), 30);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, jumps: &[Jump]) -> Result<Position, ReplayError> {
        let mut position = self.clone();
        for (index, &jump) in jumps.iter().enumerate() {
            position = position.play(jump).map_err(|reason| ReplayError {
                index,
                name: jump.name(),
                reason,
            })?;
        }
        Ok(position)
    }

    /// The least image of the pegs under the board's symmetries: equal for
    /// two positions exactly when one is a rotation or reflection of the
    /// other.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let a = start.play(board.parse_jump("d2-d4")?)?;
    /// let b = start.play(board.parse_jump("f4-d4")?)?;
    /// assert_ne!(a, b);
    /// assert_eq!(a.canonical(), b.canonical());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical(&self) -> u64 {
        self.board.bitboard_symmetries().canonical(self.pegs)
    }

    /// The position with pegs and empty holes swapped (a game played
    /// backwards is a game on the complement).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Position;
    ///
    /// assert_eq!("o . o".parse::<Position>()?.complement().to_string(), ". o .");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn complement(&self) -> Position {
        Position {
            board: self.board.clone(),
            pegs: self.board.holes() & !self.pegs,
        }
    }

    /// The position as ASCII art with column letters and row numbers.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let art = board.start(board.cell("d4")?)?.render();
    /// assert_eq!(art.lines().next(), Some("   a b c d e f g"));
    /// assert_eq!(art.lines().nth(4), Some(" 4 o o o . o o o"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn render(&self) -> String {
        let layout = self.to_string();
        let width = layout.lines().map(str::len).max().unwrap_or(0);
        let columns = width.div_ceil(2);
        let mut out = String::from("  ");
        for c in 0..columns {
            out.push(' ');
            out.push(char::from(b'a' + c as u8));
        }
        for (row, line) in layout.lines().enumerate() {
            out.push('\n');
            out.push_str(&format!("{:>2} ", row + 1));
            out.push_str(line);
        }
        out
    }
}

impl FromStr for Position {
    type Err = LayoutError;

    /// Reads a layout: `o` a peg, `.` an empty hole, a space no hole.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (board, pegs) = Board::parse_layout(text)?;
        Ok(Position { board, pegs })
    }
}

impl fmt::Display for Position {
    /// Writes the layout (the board's layout with `.` for empty holes).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board.write_layout(f, self.pegs)
    }
}
