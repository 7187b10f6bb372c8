//! The move notation: a hole as a column letter and a row number
//! (`d4`), a jump as its two ends (`d2-d4`), a chain by one peg as its
//! holes in turn (`d2-d4-f4`), jumps and chains separated by whitespace
//! or commas. Errors carry the byte offset of the problem.

use super::MoveError;
use crate::board::{Board, Cell, Jump};

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
