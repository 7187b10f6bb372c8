//! Positions (pegs on a board), legal jumps, move notation and replay.

use std::error::Error;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::board::{Board, Cell, Jump, LayoutError};

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
    /// A cell of another board (see [`Board::contains`]).
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
/// the start of the text.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, MoveError};
///
/// let board = Board::english();
/// let error = board.parse_jumps("d2-d4 a1-a3").unwrap_err();
/// assert_eq!(error, MoveError::NoHole { offset: 6, name: "a1".into() });
/// assert_eq!(error.to_string(), "at byte 6: no hole named \"a1\" on this board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// Not a hole name: a column letter `a`-`z` then a row number.
    MalformedCell {
        /// Offset of the name.
        offset: usize,
    },
    /// A well-formed name of a hole the board does not have.
    NoHole {
        /// Offset of the name.
        offset: usize,
        /// The name.
        name: String,
    },
    /// Not written `from-to` (or a chain `a-b-c`).
    Malformed {
        /// Offset of the jump.
        offset: usize,
    },
    /// Two holes that no jump of the board joins.
    NotAJump {
        /// Offset of the jump.
        offset: usize,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::MalformedCell { offset } => write!(
                f,
                "at byte {offset}: expected a hole name, a column letter and a row number such as d4"
            ),
            MoveError::NoHole { offset, name } => {
                write!(f, "at byte {offset}: no hole named {name:?} on this board")
            }
            MoveError::Malformed { offset } => write!(
                f,
                "at byte {offset}: expected a jump written from-to, such as d2-d4"
            ),
            MoveError::NotAJump { offset } => {
                write!(
                    f,
                    "at byte {offset}: no jump of the board joins these holes"
                )
            }
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
    index: usize,
    name: String,
    reason: IllegalJump,
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

/// An index offset `d` (in -63..=63) as two shift amounts, so that
/// [`Shift::apply`] moves bit `i + d` to bit `i` with both shifts (one of
/// them by zero) and no branch: the sign of `d` changes from one jump
/// group to the next, and a branch on it is mispredicted often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shift {
    right: u32,
    left: u32,
}

impl Shift {
    /// The shift bringing bit `i + offset` to bit `i`.
    pub(crate) fn new(offset: i32) -> Shift {
        Shift {
            right: offset.max(0).unsigned_abs(),
            left: offset.min(0).unsigned_abs(),
        }
    }

    /// Bit `i` of the result is bit `i + offset` of `bits`.
    #[inline(always)]
    pub(crate) fn apply(self, bits: u64) -> u64 {
        (bits >> self.right) << self.left
    }
}

/// The set bits of `mask`, one at a time.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            bit
        })
    })
}

impl Board {
    /// Appends to `out` the indices (into [`Board::jumps`]) of the jumps
    /// legal with pegs `pegs`, generated a group of parallel jumps at a
    /// time by shifting the bitboard, the groups packed into a few words.
    #[inline]
    pub(crate) fn legal_jump_indices(&self, pegs: u64, out: &mut Vec<u16>) {
        let empty = self.holes() & !pegs;
        for word in self.jump_words() {
            out.extend(word.jumps(pegs, empty));
        }
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

/// Reads a hole name at `offset`.
pub(crate) fn parse_cell(board: &Board, text: &str, offset: usize) -> Result<Cell, MoveError> {
    let malformed = MoveError::MalformedCell { offset };
    let mut chars = text.chars();
    let column = match chars.next() {
        Some(c @ 'a'..='z') => c as usize - 'a' as usize,
        _ => return Err(malformed),
    };
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed);
    }
    let row: usize = digits.parse().map_err(|_| malformed.clone())?;
    row.checked_sub(1)
        .and_then(|row| board.cell_at_column_row(column, row))
        .ok_or_else(|| MoveError::NoHole {
            offset,
            name: text.to_owned(),
        })
}

/// Reads a chain `a-b` or `a-b-c...` at `offset` into `out`.
fn parse_chain(
    board: &Board,
    text: &str,
    offset: usize,
    out: &mut Vec<Jump>,
) -> Result<(), MoveError> {
    let mut cells = Vec::new();
    let mut at = offset;
    for part in text.split('-') {
        if part.is_empty() {
            return Err(MoveError::Malformed { offset });
        }
        cells.push(parse_cell(board, part, at)?);
        at += part.len() + 1;
    }
    if cells.len() < 2 {
        return Err(MoveError::Malformed { offset });
    }
    for pair in cells.windows(2) {
        out.push(
            board
                .jump(pair[0], pair[1])
                .ok_or(MoveError::NotAJump { offset })?,
        );
    }
    Ok(())
}

/// Reads exactly one jump.
pub(crate) fn parse_jump(board: &Board, text: &str, offset: usize) -> Result<Jump, MoveError> {
    let mut jumps = Vec::new();
    parse_chain(board, text, offset, &mut jumps)?;
    match jumps[..] {
        [jump] => Ok(jump),
        _ => Err(MoveError::Malformed { offset }),
    }
}

/// Reads jumps and chains separated by whitespace or commas.
pub(crate) fn parse_jumps(board: &Board, text: &str) -> Result<Vec<Jump>, MoveError> {
    let mut jumps = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices().chain([(text.len(), ' ')]) {
        let separator = ch.is_whitespace() || ch == ',';
        match (start, separator) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                parse_chain(board, &text[s..i], s, &mut jumps)?;
                start = None;
            }
            _ => {}
        }
    }
    Ok(jumps)
}
