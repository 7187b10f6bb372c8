//! The text form of a [`Line`] read back: `row 3`, `column 1`, `main
//! diagonal`, `anti-diagonal`, `broken diagonal 2`, `broken anti-diagonal
//! 1`, `cell (1, 2) and its mirror`, each number counted from 1, as
//! [`Display`](std::fmt::Display) writes them. It is how a line is stored
//! with serde.

use std::fmt;
use std::str::FromStr;

use super::Line;

/// Why a text is not a [`Line`]: it names none of the lines, or numbers
/// one from 0.
///
/// # Example
///
/// ```
/// use kongming_magic_square::Line;
///
/// assert_eq!("row 3".parse::<Line>()?, Line::Row(2));
/// let err = "row 0".parse::<Line>().unwrap_err();
/// assert_eq!(err.to_string(), "\"row 0\" is not a line (lines count from 1)");
/// # Ok::<(), kongming_magic_square::ParseLineError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseLineError {
    text: String,
}

impl fmt::Display for ParseLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a line (lines count from 1)", self.text)
    }
}

impl std::error::Error for ParseLineError {}

/// A number counted from 1, as counted from 0.
fn from_one(text: &str) -> Option<usize> {
    text.trim().parse::<usize>().ok()?.checked_sub(1)
}

impl FromStr for Line {
    type Err = ParseLineError;

    fn from_str(text: &str) -> Result<Self, ParseLineError> {
        let error = || ParseLineError {
            text: text.to_owned(),
        };
        let line = text.trim();
        let parsed = match line {
            "main diagonal" => Some(Line::Diagonal),
            "anti-diagonal" => Some(Line::AntiDiagonal),
            _ => {
                if let Some(k) = line.strip_prefix("broken anti-diagonal ") {
                    from_one(k).map(Line::BrokenAntiDiagonal)
                } else if let Some(k) = line.strip_prefix("broken diagonal ") {
                    from_one(k).map(Line::BrokenDiagonal)
                } else if let Some(r) = line.strip_prefix("row ") {
                    from_one(r).map(Line::Row)
                } else if let Some(c) = line.strip_prefix("column ") {
                    from_one(c).map(Line::Column)
                } else {
                    line.strip_prefix("cell (")
                        .and_then(|rest| rest.strip_suffix(") and its mirror"))
                        .and_then(|pair| pair.split_once(','))
                        .and_then(|(r, c)| {
                            Some(Line::Pair {
                                row: from_one(r)?,
                                col: from_one(c)?,
                            })
                        })
                }
            }
        };
        parsed.ok_or_else(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_reads_back_from_its_text() {
        let lines = [
            Line::Row(0),
            Line::Column(7),
            Line::Diagonal,
            Line::AntiDiagonal,
            Line::BrokenDiagonal(1),
            Line::BrokenAntiDiagonal(0),
            Line::Pair { row: 0, col: 3 },
        ];
        for line in lines {
            assert_eq!(line.to_string().parse::<Line>(), Ok(line), "{line}");
        }
        for bad in [
            "row",
            "row 0",
            "column -1",
            "cell (0, 1) and its mirror",
            "diagonal",
        ] {
            assert!(bad.parse::<Line>().is_err(), "{bad}");
        }
    }
}
