//! serde for the crate's values (feature `serde`).
//!
//! - A [`Board`] and a [`Position`] are their layouts (a string, read back
//!   through [`FromStr`](std::str::FromStr), so a stored layout is checked
//!   as it is loaded).
//! - A [`Solution`] is its start's layout and its jumps in notation, read
//!   back by replaying the jumps from the start: an illegal jump is
//!   refused.
//! - A [`Cell`] or a [`Jump`] is a value of one board that does not hold
//!   the board, only its fingerprint (see [`Cell`]); stored, it keeps
//!   the fingerprint (as 16 hex digits) and its place on the board, with
//!   its name for the reader. Loading checks that the parts agree with
//!   each other; a board then takes the cell or jump only if it is one of
//!   its own ([`Board::contains`], [`Board::contains_jump`]), as for any
//!   cell of another board. This is the standalone form: a
//!   [`Puzzle`](crate::Puzzle) or a [`Game`](crate::Game), which carry
//!   their board, store their goal and jumps as text (`play/serial.rs`).
//! - Everything else (goals, verdicts, proofs, stages, counts) is derived
//!   (enums in snake_case),
//!   [`LevelCounts`] checked as it is loaded.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::{Board, BoardKey, Cell, Jump};
use crate::count::LevelCounts;
use crate::position::Position;
use crate::solution::Solution;
use kongming_search::control::Outcome;

/// Serializes `value` as its [`Display`](std::fmt::Display) text.
fn as_text<T: std::fmt::Display, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Deserializes a text and reads it with [`FromStr`](std::str::FromStr).
fn from_text<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
    D: Deserializer<'de>,
{
    let text = String::deserialize(deserializer)?;
    text.parse().map_err(D::Error::custom)
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        as_text(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        from_text(deserializer)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        as_text(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        from_text(deserializer)
    }
}

/// A board's fingerprint as 16 hex digits.
fn fingerprint(key: BoardKey) -> String {
    format!("{:016x}", key.0)
}

/// A fingerprint read back from [`fingerprint`].
fn read_fingerprint<E: serde::de::Error>(text: &str) -> Result<BoardKey, E> {
    if text.len() != 16 {
        return Err(E::custom(format!(
            "a board fingerprint has 16 hex digits, not {text:?}"
        )));
    }
    u64::from_str_radix(text, 16).map(BoardKey).map_err(|_| {
        E::custom(format!(
            "a board fingerprint has 16 hex digits, not {text:?}"
        ))
    })
}

/// A cell as stored.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CellForm {
    /// Its name, for the reader (checked against its place).
    name: String,
    /// Its board's fingerprint.
    board: String,
    /// Its index, its row and its doubled column.
    index: u8,
    row: u8,
    x: u8,
}

impl CellForm {
    fn of(cell: Cell) -> CellForm {
        let (index, (row, x), board) = cell.parts();
        CellForm {
            name: cell.name(),
            board: fingerprint(board),
            index,
            row,
            x,
        }
    }

    fn cell<E: serde::de::Error>(&self) -> Result<Cell, E> {
        let board = read_fingerprint(&self.board)?;
        let cell = Cell::from_parts(self.index, (self.row, self.x), board).ok_or_else(|| {
            E::custom(format!("cell {:?}: index or place out of range", self.name))
        })?;
        if cell.name() != self.name {
            return Err(E::custom(format!(
                "cell {:?}: its place is named {}",
                self.name,
                cell.name()
            )));
        }
        Ok(cell)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        CellForm::of(*self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        CellForm::deserialize(deserializer)?.cell()
    }
}

/// A jump as stored: its name, for the reader, and its three cells.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JumpForm {
    name: String,
    from: CellForm,
    over: CellForm,
    to: CellForm,
}

impl Serialize for Jump {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let [from, over, to] = self.cells().map(CellForm::of);
        let form = JumpForm {
            name: self.name(),
            from,
            over,
            to,
        };
        form.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Jump {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = JumpForm::deserialize(deserializer)?;
        let cells = [form.from.cell()?, form.over.cell()?, form.to.cell()?];
        let jump = Jump::from_cells(cells).ok_or_else(|| {
            D::Error::custom(format!(
                "jump {:?}: its cells are not three in a row of one board",
                form.name
            ))
        })?;
        if jump.name() != form.name {
            return Err(D::Error::custom(format!(
                "jump {:?}: its cells make {}",
                form.name,
                jump.name()
            )));
        }
        Ok(jump)
    }
}

/// A solution as stored: its start (a layout) and its jumps in notation.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolutionForm {
    start: Position,
    jumps: String,
}

impl Serialize for Solution {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let form = SolutionForm {
            start: self.start().clone(),
            jumps: self.to_string(),
        };
        form.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Solution {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = SolutionForm::deserialize(deserializer)?;
        let jumps = form
            .start
            .board()
            .parse_jumps(&form.jumps)
            .map_err(D::Error::custom)?;
        Solution::new(&form.start, jumps).map_err(D::Error::custom)
    }
}

/// Level counts as stored, checked as they are loaded (see
/// [`LevelCounts`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LevelCountsForm {
    up_to_symmetry: Vec<u64>,
    total: Vec<u64>,
    counted: Vec<bool>,
    outcome: Outcome,
}

impl TryFrom<LevelCountsForm> for LevelCounts {
    type Error = String;

    fn try_from(form: LevelCountsForm) -> Result<LevelCounts, String> {
        LevelCounts::from_parts(form.up_to_symmetry, form.total, form.counted, form.outcome)
            .ok_or_else(|| {
                "level counts: as many levels of each, at least one position per orbit, no more \
                 orbits than positions, every level counted when complete"
                    .to_string()
            })
    }
}
