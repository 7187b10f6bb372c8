//! The text format: [`FromStr`] and [`Display`](fmt::Display) for [`Puzzle`].

use std::fmt;
use std::str::FromStr;

use crate::clue::{Clue, Side, Term};
use crate::puzzle::{Puzzle, PuzzleError};

/// A puzzle text that does not parse: the 1-based line and what is wrong.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Puzzle, PuzzleError};
/// let err = "pet: cat dog\ncat left-of cat\n".parse::<Puzzle>().unwrap_err();
/// assert_eq!(err.line(), Some(2));
/// assert_eq!(err.error(), &PuzzleError::RepeatedTerm("cat".into()));
/// assert_eq!(err.to_string(), "line 2: the clue names 'cat' twice");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    line: Option<usize>,
    error: PuzzleError,
}

impl ParseError {
    /// The 1-based line of the problem, or `None` for a problem with the
    /// whole text (such as no category at all).
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// What is wrong.
    pub fn error(&self) -> &PuzzleError {
        &self.error
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.error),
            None => write!(f, "puzzle: {}", self.error),
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// A term as written: a value's name or a house number (from 1).
fn parse_term(puzzle: &Puzzle, token: &str) -> Result<Term, PuzzleError> {
    if let Some(item) = puzzle.item(token) {
        return Ok(Term::Value(item));
    }
    if token.bytes().all(|b| b.is_ascii_digit()) {
        let n = puzzle.positions();
        return match token.parse::<usize>() {
            Ok(number) => {
                puzzle
                    .house(number)
                    .map(Term::House)
                    .ok_or(PuzzleError::HouseOutOfRange {
                        house: number,
                        positions: n,
                    })
            }
            Err(_) => Err(PuzzleError::HouseOutOfRange {
                house: usize::MAX,
                positions: n,
            }),
        };
    }
    Err(PuzzleError::UnknownName(token.to_string()))
}

fn syntax(message: impl Into<String>) -> PuzzleError {
    PuzzleError::Syntax(message.into())
}

/// Parses one clue line (without comment) against `puzzle`'s names.
pub(crate) fn parse_clue(puzzle: &Puzzle, line: &str) -> Result<Clue, PuzzleError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let term = |i: usize| parse_term(puzzle, tokens[i]);
    match tokens.as_slice() {
        [_, keyword, _] => {
            let (a, b) = (term(0)?, term(2)?);
            let house_only = |b: Term| match b {
                Term::House(_) => Ok(b),
                Term::Value(_) => Err(syntax(format!(
                    "'{keyword}' needs a house number after it, not '{}'",
                    tokens[2]
                ))),
            };
            Ok(match *keyword {
                "=" => Clue::Same(a, b),
                "!=" => Clue::NotSame(a, b),
                "at" => Clue::Same(a, house_only(b)?),
                "not-at" => Clue::NotSame(a, house_only(b)?),
                "left-of" => Clue::LeftOf(a, b),
                "right-of" => Clue::RightOf(a, b),
                "somewhere-left-of" => Clue::SomewhereLeftOf(a, b),
                "somewhere-right-of" => Clue::SomewhereRightOf(a, b),
                "next-to" => Clue::NextTo(a, b),
                "not-next-to" => Clue::NotNextTo(a, b),
                other => return Err(syntax(format!("unknown relation '{other}'"))),
            })
        }
        [_, "distance", k, "from", _] => {
            let k: usize = k
                .parse()
                .map_err(|_| syntax(format!("'{k}' is not a distance")))?;
            Ok(Clue::Distance(term(0)?, k, term(4)?))
        }
        [_, "between", _, "and", _] => Ok(Clue::Between(term(0)?, term(2)?, term(4)?)),
        [_, "not-between", _, "and", _] => Ok(Clue::NotBetween(term(0)?, term(2)?, term(4)?)),
        [_, "with", _, "or", _] => Ok(Clue::EitherOr(term(0)?, term(2)?, term(4)?)),
        [_, "or", _, "at", h, "or", k] => {
            let house = |token: &str| match parse_term(puzzle, token)? {
                Term::House(h) => Ok(h),
                Term::Value(_) => Err(syntax(format!(
                    "'A or B at H or K' needs house numbers, not '{token}'"
                ))),
            };
            Ok(Clue::EitherAt(term(0)?, term(2)?, house(h)?, house(k)?))
        }
        [_, "or", _, keyword, _] => {
            let side = Side::ALL
                .into_iter()
                .find(|side| side.keyword() == *keyword)
                .ok_or_else(|| {
                    syntax(format!(
                        "'A or B {keyword} C' takes one of left-of right-of \
                         somewhere-left-of somewhere-right-of next-to"
                    ))
                })?;
            Ok(Clue::EitherSide(term(0)?, term(2)?, side, term(4)?))
        }
        _ => Err(syntax(
            "a clue is 'A REL B' (REL one of = != at not-at left-of right-of \
             somewhere-left-of somewhere-right-of next-to not-next-to), \
             'A distance K from B', 'A between B and C', 'A with B or C' or \
             'A or B SIDE C' (SIDE one of left-of right-of somewhere-left-of \
             somewhere-right-of next-to)",
        )),
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// Parses the text format (see the crate docs).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let mut puzzle: Option<Puzzle> = None;
        let mut in_clues = false;
        for (index, raw) in text.lines().enumerate() {
            let at = |error| ParseError {
                line: Some(index + 1),
                error,
            };
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if let Some((name, values)) = line.split_once(':') {
                if in_clues {
                    return Err(at(syntax(
                        "categories come before the clues (or a clue has a ':')",
                    )));
                }
                let name = name.trim();
                let values: Vec<&str> = values
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|v| !v.is_empty())
                    .collect();
                match puzzle.as_mut() {
                    Some(p) => p.add_category(name, &values).map_err(at)?,
                    None => {
                        puzzle = Some(Puzzle::new(&[(name, values)]).map_err(at)?);
                    }
                }
            } else {
                let Some(p) = puzzle.as_mut() else {
                    return Err(at(syntax(
                        "a clue before any category (a category is 'name: value value ...')",
                    )));
                };
                in_clues = true;
                p.add_clue_text(line).map_err(at)?;
            }
        }
        puzzle.ok_or(ParseError {
            line: None,
            error: PuzzleError::NoCategories,
        })
    }
}

impl fmt::Display for Puzzle {
    /// Writes the text format: one line per category, a blank line, one line
    /// per clue. It parses back to an equal puzzle.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.categories.iter() {
            writeln!(f, "{}: {}", c.name, c.values.join(" "))?;
        }
        if !self.clues.is_empty() {
            writeln!(f)?;
        }
        for clue in &self.clues {
            writeln!(f, "{}", self.clue_text(clue))?;
        }
        Ok(())
    }
}
