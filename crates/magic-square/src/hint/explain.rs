//! The plain-English [`Display`](fmt::Display) of hints, advice and dead
//! ends: what to do next and why, in a sentence a player can check.

use std::fmt::{self, Write as _};

use super::{DeadEnd, Equation, Hint, Reason, Step};
use crate::Line;

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// "row 2" is "the row", "main diagonal" is "the diagonal": the line
/// named again later in a sentence.
fn the(line: Line) -> &'static str {
    match line {
        Line::Row(_) => "the row",
        Line::Column(_) => "the column",
        Line::Diagonal | Line::BrokenDiagonal(_) => "the diagonal",
        Line::AntiDiagonal | Line::BrokenAntiDiagonal(_) => "the anti-diagonal",
        _ => "the line",
    }
}

/// A line as the subject of a sentence: "row 2", "the main diagonal".
fn named(line: Line) -> String {
    match line {
        Line::Row(_) | Line::Column(_) => line.to_string(),
        _ => format!("the {line}"),
    }
}

/// Numbers as "3", "3 and 5", "3, 5 and 9".
fn listed(numbers: &[String]) -> String {
    match numbers {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A cell as a player names it: `(row, column)`, each counted from 1.
pub(crate) fn cell(row: usize, col: usize) -> String {
    format!("({}, {})", row + 1, col + 1)
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col, value) = (self.fill.cell.row, self.fill.cell.col, self.fill.value);
        let here = cell(row, col);
        match &self.reason {
            Reason::LastInLine {
                line: Line::Pair { row: r, col: c },
                sum,
            } if (*r, *c) == (row, col)
                && sum.is_multiple_of(2)
                && u64::from(value) * 2 == *sum =>
            {
                write!(
                    f,
                    "{here} must be {value}: the centre is its own mirror, and a cell and its mirror add up to {sum}."
                )
            }
            Reason::LastInLine {
                line: Line::Pair { row: r, col: c },
                sum,
            } => {
                // A pair is named by its first cell: when that is the
                // hint's cell, the mirror is the other one.
                if (*r, *c) == (row, col) {
                    write!(
                        f,
                        "{here} must be {value}: it and its mirror through the centre add up to {sum}."
                    )
                } else {
                    write!(
                        f,
                        "{here} must be {value}: it and its mirror {} add up to {sum}.",
                        cell(*r, *c)
                    )
                }
            }
            Reason::LastInLine { line, sum } => write!(
                f,
                "{} has one blank, {here}: it must be {value} so that {} adds up to {sum}.",
                capitalized(&named(*line)),
                the(*line)
            ),
            Reason::Combination(equation) => write!(
                f,
                "{here} must be {value}: the line sums together give {equation}."
            ),
            Reason::OnlyCandidate { ruled_out } => {
                write!(
                    f,
                    "{here} must be {value}: it is the only number left that fits"
                )?;
                let mut lines: Vec<(Line, Vec<String>)> = Vec::new();
                for out in ruled_out {
                    match lines.iter_mut().find(|(line, _)| *line == out.line) {
                        Some((_, numbers)) => numbers.push(out.value.to_string()),
                        None => lines.push((out.line, vec![out.value.to_string()])),
                    }
                }
                for (index, (line, numbers)) in lines.iter().enumerate() {
                    f.write_str(if index == 0 { "; " } else { ", " })?;
                    write!(f, "{} would leave {line} unable to add up", listed(numbers))?;
                }
                f.write_str(".")
            }
            Reason::OnlyPlace { ruled_out } => {
                write!(
                    f,
                    "{value} must go at {here}: every number is used once, and {value} fits no other blank"
                )?;
                for (index, misfit) in ruled_out.iter().enumerate() {
                    f.write_str(if index == 0 { " (" } else { ", " })?;
                    write!(
                        f,
                        "at {} {} could not add up",
                        cell(misfit.row, misfit.col),
                        misfit.line
                    )?;
                }
                f.write_str(if ruled_out.is_empty() { "." } else { ")." })
            }
            Reason::EveryCompletion => write!(
                f,
                "{here} must be {value}: no single line shows it, but every completion has it."
            ),
            Reason::SomeCompletion => write!(
                f,
                "{here} can be {value}: nothing is forced yet, and a completion has {value} there."
            ),
        }
    }
}

impl fmt::Display for Equation {
    /// `d × (r, c) = k ± a × (r', c') … = k ± a × v … = x`, the cell's
    /// value at the end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = cell(self.row, self.col);
        let left = if self.denominator == 1 {
            at.clone()
        } else {
            format!("{} × {at}", self.denominator)
        };
        let mut symbols = String::new();
        let mut numbers = String::new();
        if self.constant != 0 || self.terms.is_empty() {
            write!(symbols, "{}", self.constant)?;
            write!(numbers, "{}", self.constant)?;
        }
        for term in &self.terms {
            // The right side is constant − Σ coefficient × term.
            let coefficient = -term.coefficient;
            let first = symbols.is_empty();
            let sign = match (coefficient < 0, first) {
                (true, true) => "−",
                (true, false) => " − ",
                (false, true) => "",
                (false, false) => " + ",
            };
            let times = match coefficient.unsigned_abs() {
                1 => String::new(),
                k => format!("{k} × "),
            };
            write!(symbols, "{sign}{times}{}", cell(term.row, term.col))?;
            write!(numbers, "{sign}{times}{}", term.value)?;
        }
        write!(f, "{left} = {symbols}")?;
        if !self.terms.is_empty() {
            write!(f, " = {numbers}")?;
        }
        match self.value() {
            Some(value) if self.denominator != 1 => {
                write!(f, " = {}, so {at} = {value}", value * self.denominator)
            }
            Some(value) if !self.terms.is_empty() => write!(f, " = {value}"),
            Some(_) => Ok(()),
            None => Ok(()),
        }
    }
}

impl fmt::Display for DeadEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeadEnd::Wrong(error) => write!(f, "{error}"),
            DeadEnd::OutOfReach {
                line,
                low,
                high,
                sum,
            } => write!(
                f,
                "{line} cannot add up to {sum}: with the numbers left it adds up to {low} to {high}"
            ),
            DeadEnd::NoCompletion => f.write_str(
                "no single line shows it, but the search finds no way to fill the blanks",
            ),
        }
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Next(step) => write!(f, "{step}"),
            Hint::Solved => f.write_str("Solved: every line adds up."),
            Hint::Undo { fill } => write!(
                f,
                "{} at {} is not the answer's number there: erase it.",
                fill.value,
                cell(fill.cell.row, fill.cell.col)
            ),
            Hint::DeadEnd(dead) => write!(f, "No completion: {dead}."),
            Hint::Stopped(reason) => {
                write!(
                    f,
                    "No hint yet: the search stopped ({reason}) before it could prove one."
                )
            }
        }
    }
}
