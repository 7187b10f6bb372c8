//! The text form of boards and positions: reading a layout and writing one.
//!
//! # The grammar
//!
//! A layout is one line per row (`\n` or `\r\n`); `o` is a hole with a
//! peg, `.` an empty hole, a space no hole, and any other character is
//! refused. Blank lines above the first hole and the blank margin left of
//! the leftmost hole are dropped. A row is written in one of two ways:
//!
//! - *spaced*, two characters per column: the holes of a row are an even
//!   number of characters apart (`o o o`, `o   o` with one hole missing);
//!   on a square grid every hole is an even number of characters from the
//!   leftmost, on a triangular grid each row is offset by one character
//!   from the next (a hole's neighbours in the rows above and below are
//!   one character to either side);
//! - *compact*, one character per column (`ooo`, `oo o` with a hole
//!   missing), square grids only.
//!
//! A layout is compact when one of its rows has two holes side by side,
//! and spaced otherwise. A row with at least two holes, every two
//! neighbours an even number of characters apart, reads as a spaced row:
//! in a compact layout it would read as a compact row with holes missing
//! instead (`o o o` over `ooo` is a 2 × 3 rectangle to a reader, but five
//! columns compactly), so a layout with both kinds of rows is refused
//! ([`LayoutError::MixedRows`], naming both lines). Rows with one hole, or
//! with holes an odd number (three or more) of characters apart, read the
//! same in either kind of layout. [`Display`](std::fmt::Display) writes
//! the spaced form, which reads back as the same board.

use std::fmt;

use crate::board::{Board, Coord, Grid, LayoutError, MAX_COLUMNS, MAX_HOLES, MAX_ROWS};

/// Lines and columns past this in a layout are rejected before
/// normalisation (blank margins included).
const RAW_LIMIT: usize = 10_000;

/// A hole as read: where it is in the text (1-based line and column),
/// its row and character column (not yet normalised), and its peg.
struct Hole {
    line: usize,
    column: usize,
    row: i32,
    x: i32,
    peg: bool,
}

/// How a line of a layout reads (see the module's grammar).
#[derive(Clone, Copy, PartialEq, Eq)]
enum RowKind {
    /// Two holes side by side: one character per column.
    Compact,
    /// Two holes or more, all an even number of characters apart.
    Spaced,
    /// Reads the same in either kind of layout.
    Either,
}

/// The kind of a line whose holes are at the character columns `columns`
/// (increasing).
fn row_kind(columns: &[usize]) -> RowKind {
    let gaps = || columns.windows(2).map(|pair| pair[1] - pair[0]);
    if gaps().any(|gap| gap == 1) {
        RowKind::Compact
    } else if columns.len() >= 2 && gaps().all(|gap| gap % 2 == 0) {
        RowKind::Spaced
    } else {
        RowKind::Either
    }
}

impl Board {
    /// Writes `pegs` (bit set: `o`, clear: `.`) in the layout of the board,
    /// spaced.
    pub(crate) fn write_layout(&self, f: &mut impl fmt::Write, pegs: u64) -> fmt::Result {
        let coords = self.coords();
        let mut index = 0;
        for row in 0..self.rows() {
            if row > 0 {
                f.write_char('\n')?;
            }
            let mut column = 0;
            while index < coords.len() && coords[index].0 == row {
                let x = coords[index].1;
                while column < x {
                    f.write_char(' ')?;
                    column += 1;
                }
                f.write_char(if pegs >> index & 1 == 1 { 'o' } else { '.' })?;
                column += 1;
                index += 1;
            }
        }
        Ok(())
    }

    /// Reads a layout: the board and the pegs.
    pub(crate) fn parse_layout(text: &str) -> Result<(Board, u64), LayoutError> {
        let mut found: Vec<Hole> = Vec::new();
        // The first line of each kind, 1-based.
        let (mut compact_line, mut spaced_line) = (None, None);
        let mut columns: Vec<usize> = Vec::new();
        for (line_index, line) in text.split('\n').enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            columns.clear();
            for (column_index, ch) in line.chars().enumerate() {
                let peg = match ch {
                    'o' => true,
                    '.' => false,
                    ' ' => continue,
                    _ => {
                        return Err(LayoutError::UnexpectedChar {
                            line: line_index + 1,
                            column: column_index + 1,
                            found: ch,
                        });
                    }
                };
                if found.len() == MAX_HOLES {
                    return Err(LayoutError::TooManyHoles {
                        line: line_index + 1,
                        column: column_index + 1,
                    });
                }
                if line_index >= RAW_LIMIT || column_index >= RAW_LIMIT {
                    return Err(LayoutError::TooLarge {
                        line: line_index + 1,
                        column: column_index + 1,
                    });
                }
                columns.push(column_index);
                found.push(Hole {
                    line: line_index + 1,
                    column: column_index + 1,
                    row: line_index as i32,
                    x: column_index as i32,
                    peg,
                });
            }
            let first_of_kind = match row_kind(&columns) {
                RowKind::Compact => &mut compact_line,
                RowKind::Spaced => &mut spaced_line,
                RowKind::Either => continue,
            };
            first_of_kind.get_or_insert(line_index + 1);
            if let (Some(compact_line), Some(spaced_line)) = (compact_line, spaced_line) {
                return Err(LayoutError::MixedRows {
                    compact_line,
                    spaced_line,
                });
            }
        }
        let Some(first) = found.first() else {
            return Err(LayoutError::Empty);
        };
        let top = first.row;
        let mut left = found.iter().map(|h| h.x).min().expect("not empty");
        if compact_line.is_some() {
            for hole in &mut found {
                hole.x = 2 * (hole.x - left);
            }
            left = 0;
        }
        for hole in &mut found {
            hole.row -= top;
            hole.x -= left;
        }
        let grid = if found.iter().all(|h| h.x % 2 == 0) {
            Grid::Square
        } else if let Some(bad) = found
            .iter()
            .find(|h| (h.row + h.x) % 2 != (found[0].row + found[0].x) % 2)
        {
            return Err(LayoutError::MixedGrid {
                line: bad.line,
                column: bad.column,
            });
        } else {
            Grid::Triangular
        };
        if let Some(bad) = found
            .iter()
            .find(|h| h.row >= MAX_ROWS as i32 || h.x / 2 >= MAX_COLUMNS as i32)
        {
            return Err(LayoutError::TooLarge {
                line: bad.line,
                column: bad.column,
            });
        }
        let coords: Vec<Coord> = found.iter().map(|h| (h.row, h.x)).collect();
        let pegs = found
            .iter()
            .enumerate()
            .filter(|(_, h)| h.peg)
            .fold(0u64, |pegs, (i, _)| pegs | 1 << i);
        Ok((Board::from_coords(grid, coords), pegs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_as_their_gaps_say() {
        assert!(row_kind(&[0, 1, 2]) == RowKind::Compact);
        assert!(row_kind(&[0, 1, 3]) == RowKind::Compact);
        assert!(row_kind(&[0, 2, 4]) == RowKind::Spaced);
        assert!(row_kind(&[0, 4]) == RowKind::Spaced);
        assert!(row_kind(&[3]) == RowKind::Either);
        assert!(row_kind(&[]) == RowKind::Either);
        assert!(row_kind(&[0, 3]) == RowKind::Either);
        assert!(row_kind(&[0, 2, 5]) == RowKind::Either);
    }
}
