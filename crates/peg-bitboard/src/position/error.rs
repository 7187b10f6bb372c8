//! Why a bitboard is not a position, a move's notation cannot be read,
//! a jump cannot be played, or a sequence cannot be replayed.

use std::error::Error;
use std::fmt;

/// Why a bitboard is not a position of a board.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, PositionError};
///
/// let error = Board::english().position(1 << 40).unwrap_err();
/// assert_eq!(error, PositionError::NotAHole { bit: 40 });
/// assert_eq!(error.to_string(), "bit 40 is not a hole of the board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// A peg on a bit that is no hole of the board.
    NotAHole {
        /// The lowest such bit.
        bit: u32,
    },
    /// Two positions that should share a board do not.
    OtherBoard,
    /// A cell of another board (see [`Board::contains`](crate::Board::contains)).
    ForeignCell {
        /// The cell's name on its own board.
        name: String,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NotAHole { bit } => write!(f, "bit {bit} is not a hole of the board"),
            PositionError::OtherBoard => f.write_str("the positions are on different boards"),
            PositionError::ForeignCell { name } => {
                write!(f, "the hole {name} given is a hole of another board")
            }
        }
    }
}

impl Error for PositionError {}

/// Why a hole name or jump could not be read. Offsets are in bytes from
/// the start of the text, counting from 0; the message names the place
/// counting from 1, as a player counts (`at position 7` for offset 6).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, MoveError};
///
/// let board = Board::english();
/// let error = board.parse_jumps("d2-d4 a1-a3").unwrap_err();
/// assert_eq!(error, MoveError::NoHole { offset: 6, name: "a1".into() });
/// assert_eq!(error.to_string(), "no hole named \"a1\" on this board at position 7");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// Not a hole name: a column letter `a`-`z` then a row number.
    MalformedCell {
        /// Offset of the name, from 0.
        offset: usize,
    },
    /// A well-formed name of a hole the board does not have.
    NoHole {
        /// Offset of the name, from 0.
        offset: usize,
        /// The name.
        name: String,
    },
    /// Not written `from-to` (or a chain `a-b-c`).
    Malformed {
        /// Offset of the jump, from 0.
        offset: usize,
    },
    /// Two holes that no jump of the board joins.
    NotAJump {
        /// Offset of the jump, from 0.
        offset: usize,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::MalformedCell { offset } => write!(
                f,
                "expected a hole name (a column letter and a row number, such as d4) at position {}",
                offset.saturating_add(1)
            ),
            MoveError::NoHole { offset, name } => write!(
                f,
                "no hole named {name:?} on this board at position {}",
                offset.saturating_add(1)
            ),
            MoveError::Malformed { offset } => write!(
                f,
                "expected a jump written from-to (such as d2-d4) at position {}",
                offset.saturating_add(1)
            ),
            MoveError::NotAJump { offset } => write!(
                f,
                "no jump of the board joins the holes at position {}",
                offset.saturating_add(1)
            ),
        }
    }
}

impl Error for MoveError {}

/// Why a jump cannot be played in a position.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, IllegalJump};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let error = start.play(board.parse_jump("d1-d3")?).unwrap_err();
/// assert_eq!(error, IllegalJump::Occupied);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum IllegalJump {
    /// The jump's holes are not a jump of this board.
    NotOnBoard,
    /// No peg in the hole the jump starts from.
    NoPeg,
    /// No peg to jump over.
    NothingToJump,
    /// The landing hole holds a peg.
    Occupied,
}

impl fmt::Display for IllegalJump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalJump::NotOnBoard => "not a jump of this board",
            IllegalJump::NoPeg => "no peg to move",
            IllegalJump::NothingToJump => "no peg to jump over",
            IllegalJump::Occupied => "the landing hole is not empty",
        })
    }
}

impl Error for IllegalJump {}

/// The first illegal jump of a replayed sequence.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::Board;
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let jumps = board.parse_jumps("d2-d4 d4-d2")?;
/// let error = start.replay(&jumps).unwrap_err();
/// assert_eq!(error.index(), 1);
/// assert_eq!(error.to_string(), "jump 2 (d4-d2): no peg to jump over");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub(super) index: usize,
    pub(super) name: String,
    pub(super) reason: IllegalJump,
}

impl ReplayError {
    /// The index (from 0) of the first illegal jump.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::Board;
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let jump = board.parse_jump("d1-d3")?;
    /// assert_eq!(start.replay(&[jump]).unwrap_err().index(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// Why it is illegal.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, IllegalJump};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let jump = board.parse_jump("d1-d3")?;
    /// assert_eq!(start.replay(&[jump]).unwrap_err().reason(), IllegalJump::Occupied);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reason(&self) -> IllegalJump {
        self.reason
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "jump {} ({}): {}",
            self.index + 1,
            self.name,
            self.reason
        )
    }
}

impl Error for ReplayError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&self.reason)
    }
}
