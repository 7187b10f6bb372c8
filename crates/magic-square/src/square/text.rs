//! The text form of [`Square`] and [`PartialSquare`]: one row per line,
//! numbers separated by spaces or commas (rows may also be separated by
//! `/`), `.` or `_` for a blank; [`Display`](fmt::Display) right-aligns the
//! columns and parses back to the same grid. A text that is not a grid is
//! a [`ParseSquareError`] saying where.

use std::fmt;
use std::str::FromStr;

use super::{PartialSquare, Square};

/// Writes rows of cells, right-aligned, one row per line.
fn write_grid(
    f: &mut fmt::Formatter<'_>,
    order: usize,
    texts: impl Iterator<Item = String>,
) -> fmt::Result {
    let texts: Vec<String> = texts.collect();
    let width = texts.iter().map(String::len).max().unwrap_or(1);
    for (index, text) in texts.iter().enumerate() {
        if index > 0 {
            f.write_str(if index % order == 0 { "\n" } else { " " })?;
        }
        write!(f, "{text:>width$}")?;
    }
    Ok(())
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, self.order, self.cells.iter().map(u32::to_string))
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let partial: PartialSquare = s.parse()?;
        let mut cells = Vec::with_capacity(partial.cells.len());
        for (index, cell) in partial.cells.iter().enumerate() {
            match cell {
                Some(value) => cells.push(*value),
                None => {
                    return Err(ParseSquareError {
                        kind: ParseErrorKind::Blank {
                            row: index / partial.order,
                            col: index % partial.order,
                        },
                    });
                }
            }
        }
        Ok(Self {
            order: partial.order,
            cells,
        })
    }
}

impl fmt::Display for PartialSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(
            f,
            self.order,
            self.cells
                .iter()
                .map(|cell| cell.map_or_else(|| ".".to_owned(), |value| value.to_string())),
        )
    }
}

impl FromStr for PartialSquare {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut rows: Vec<Vec<Option<u32>>> = Vec::new();
        for (line_index, line) in s.lines().enumerate() {
            let mut offset = 0;
            for part in line.split('/') {
                let mut row = Vec::new();
                for (start, token) in tokens(part) {
                    let column = offset + start + 1;
                    let cell = if token == "." || token == "_" {
                        None
                    } else {
                        let value = token.parse::<u32>().map_err(|_| ParseSquareError {
                            kind: ParseErrorKind::BadNumber {
                                line: line_index + 1,
                                column,
                                token: token.chars().take(20).collect(),
                            },
                        })?;
                        Some(value)
                    };
                    row.push(cell);
                }
                offset += part.len() + 1;
                if !row.is_empty() {
                    rows.push(row);
                }
            }
        }
        let order = rows.len();
        if order == 0 {
            return Err(ParseSquareError {
                kind: ParseErrorKind::Empty,
            });
        }
        // Every row is checked before the grid is gathered, so its memory is
        // that of the cells read, never order² of a text of many short rows.
        if let Some((index, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != order) {
            return Err(ParseSquareError {
                kind: ParseErrorKind::RowLength {
                    row: index,
                    found: row.len(),
                    expected: order,
                },
            });
        }
        Ok(Self {
            order,
            cells: rows.into_iter().flatten().collect(),
        })
    }
}

/// The tokens of a row (split at whitespace and commas) with their byte
/// offsets.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    let mut rest = text;
    let mut base = 0;
    std::iter::from_fn(move || {
        let is_sep = |c: char| c.is_whitespace() || c == ',';
        let skip = rest.len() - rest.trim_start_matches(is_sep).len();
        rest = &rest[skip..];
        base += skip;
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(is_sep).unwrap_or(rest.len());
        let token = (base, &rest[..end]);
        rest = &rest[end..];
        base += end;
        Some(token)
    })
}

/// The error of parsing a [`Square`] or a [`PartialSquare`], with where
/// the problem is.
///
/// # Example
///
/// ```
/// use kongming_magic_square::Square;
///
/// let err = "1 2\n3 x".parse::<Square>().unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 3: \"x\" is not a number");
/// let err = "1 2\n3".parse::<Square>().unwrap_err();
/// assert_eq!(err.to_string(), "row 2 has 1 cells, expected 2 (a square has as many columns as rows)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseSquareError {
    kind: ParseErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ParseErrorKind {
    Empty,
    BadNumber {
        line: usize,
        column: usize,
        token: String,
    },
    RowLength {
        row: usize,
        found: usize,
        expected: usize,
    },
    Blank {
        row: usize,
        col: usize,
    },
}

impl ParseSquareError {
    /// The 1-based line and column (in characters' bytes) of a token that
    /// is not a number, if that is the problem.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::Square;
    ///
    /// let err = "1 2\n3 x".parse::<Square>().unwrap_err();
    /// assert_eq!(err.position(), Some((2, 3)));
    /// ```
    pub fn position(&self) -> Option<(usize, usize)> {
        match self.kind {
            ParseErrorKind::BadNumber { line, column, .. } => Some((line, column)),
            _ => None,
        }
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ParseErrorKind::Empty => f.write_str("no rows: the square is empty"),
            ParseErrorKind::BadNumber {
                line,
                column,
                token,
            } => write!(f, "line {line}, column {column}: {token:?} is not a number"),
            ParseErrorKind::RowLength {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {} has {found} cells, expected {expected} (a square has as many columns as rows)",
                row + 1
            ),
            ParseErrorKind::Blank { row, col } => {
                write!(
                    f,
                    "cell {} is blank in a full square",
                    crate::hint::cell(*row, *col)
                )
            }
        }
    }
}

impl std::error::Error for ParseSquareError {}
