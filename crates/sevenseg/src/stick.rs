//! The parts of a fix: [`Stick`] slots, [`StickMove`]s and
//! [`GlyphChange`]s, with their text forms and [`StickParseError`].

use std::fmt;
use std::str::FromStr;

use crate::glyph::{Glyph, Op, Segments};
use crate::lex;

/// One stick slot of an equation: a glyph position and a single segment.
///
/// Prints and parses as `segment@position`, the segment by its
/// [`Segments::name`] and the glyph counted from 1 (the field
/// [`position`](Stick::position) counts from 0). With the `serde` feature it is stored as that text
/// (a stick whose segment is not a single slot cannot be stored).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Segments, Stick};
/// let stick = Stick { position: 0, segment: Segments::MIDDLE };
/// assert_eq!(stick.to_string(), "middle@1");
/// assert_eq!("middle@1".parse::<Stick>()?, stick);
/// # Ok::<(), kongming_sevenseg::StickParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stick {
    /// The glyph index (0-based) in the equation.
    pub position: usize,
    /// The slot: a single flag of [`Segments`].
    pub segment: Segments,
}

impl Stick {
    /// Parses the word `word`, which starts at character `at` of the text.
    fn parse_word(word: &str, at: usize) -> Result<Stick, StickParseError> {
        let Some((name, position)) = word.split_once('@') else {
            return Err(StickParseError::MissingAt {
                position: at + lex::end(word),
            });
        };
        let segment = Segments::all()
            .iter()
            .find(|s| s.name() == name)
            .ok_or(StickParseError::UnknownSegment { position: at })?;
        let position_at = at + lex::end(name) + 1;
        let position = parse_index(position, position_at)?;
        Ok(Stick { position, segment })
    }
}

impl fmt::Display for Stick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The glyph counted from 1, as a player counts.
        write!(
            f,
            "{}@{}",
            self.segment.name(),
            self.position.saturating_add(1)
        )
    }
}

impl FromStr for Stick {
    type Err = StickParseError;

    /// Reads `segment@position` (`upper-right@1`); whitespace around it is
    /// ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = Form::new(s);
        let (at, word) = words.next("a stick")?;
        let stick = Stick::parse_word(word, at)?;
        words.finish()?;
        Ok(stick)
    }
}

/// A stick taken up from one slot and put down in another.
///
/// Prints and parses as `from -> to` (two [`Stick`]s).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Solver, StickMove};
///
/// let eq: Equation = "6+4=4".parse()?;
/// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
/// let fix = fixes.iter().find(|f| f.equation().to_string() == "0+4=4").unwrap();
/// assert_eq!(fix.moves()[0].to_string(), "middle@1 -> upper-right@1");
/// assert_eq!("middle@1 -> upper-right@1".parse::<StickMove>()?, fix.moves()[0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StickMove {
    /// Where the stick was.
    pub from: Stick,
    /// Where it goes.
    pub to: Stick,
}

impl fmt::Display for StickMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {}", self.from, self.to)
    }
}

impl FromStr for StickMove {
    type Err = StickParseError;

    /// Reads `from -> to`, words separated by whitespace.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = Form::new(s);
        let (at, word) = words.next("a stick")?;
        let from = Stick::parse_word(word, at)?;
        words.expect("->")?;
        let (at, word) = words.next("a stick")?;
        let to = Stick::parse_word(word, at)?;
        words.finish()?;
        Ok(StickMove { from, to })
    }
}

/// One step of a player's answer, in the unit the puzzle's
/// [`Change`](crate::Change) counts: a stick moved (for `move K`), taken
/// away (`remove K`) or put down (`add K`). A [`Game`](crate::Game) is
/// played step by step.
///
/// Prints and parses as a [`StickMove`] (`middle@1 -> top@3`),
/// `remove middle@1` or `add top@3`, glyphs counted from 1. With the
/// `serde` feature it is stored as that text.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Segments, Step, Stick};
/// let step: Step = "remove middle@1".parse()?;
/// assert_eq!(step, Step::Remove(Stick { position: 0, segment: Segments::MIDDLE }));
/// assert_eq!(step.to_string(), "remove middle@1");
/// assert!(matches!("middle@1 -> top@3".parse::<Step>()?, Step::Move(_)));
/// # Ok::<(), kongming_sevenseg::StickParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// A stick taken up from one slot and put down in another.
    Move(StickMove),
    /// A stick taken away.
    Remove(Stick),
    /// A stick put down in an empty slot.
    Add(Stick),
}

impl Step {
    /// The sticks the step touches: where it takes a stick up, where it
    /// puts one down.
    pub(crate) fn sticks(self) -> (Option<Stick>, Option<Stick>) {
        match self {
            Step::Move(m) => (Some(m.from), Some(m.to)),
            Step::Remove(s) => (Some(s), None),
            Step::Add(s) => (None, Some(s)),
        }
    }

    /// The step that takes this one back.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::Step;
    /// let step: Step = "middle@1 -> top@3".parse()?;
    /// assert_eq!(step.reverse().to_string(), "top@3 -> middle@1");
    /// assert_eq!("add top@2".parse::<Step>()?.reverse().to_string(), "remove top@2");
    /// # Ok::<(), kongming_sevenseg::StickParseError>(())
    /// ```
    #[must_use]
    pub fn reverse(self) -> Step {
        match self {
            Step::Move(m) => Step::Move(StickMove {
                from: m.to,
                to: m.from,
            }),
            Step::Remove(s) => Step::Add(s),
            Step::Add(s) => Step::Remove(s),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move(m) => m.fmt(f),
            Step::Remove(s) => write!(f, "remove {s}"),
            Step::Add(s) => write!(f, "add {s}"),
        }
    }
}

impl FromStr for Step {
    type Err = StickParseError;

    /// Reads `from -> to`, `remove stick` or `add stick`, words separated
    /// by whitespace.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = Form::new(s);
        let (at, word) = words.next("a step")?;
        let step = match word {
            "remove" | "add" => {
                let (at, stick) = words.next("a stick")?;
                let stick = Stick::parse_word(stick, at)?;
                if word == "remove" {
                    Step::Remove(stick)
                } else {
                    Step::Add(stick)
                }
            }
            _ => {
                let from = Stick::parse_word(word, at)?;
                words.expect("->")?;
                let (at, word) = words.next("a stick")?;
                let to = Stick::parse_word(word, at)?;
                Step::Move(StickMove { from, to })
            }
        };
        words.finish()?;
        Ok(step)
    }
}

/// One glyph that a fix changes.
///
/// Prints and parses as `from -> to at position` (`6 -> 9 at 2`), the glyph
/// counted from 1 (the field [`position`](GlyphChange::position) from 0).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, GlyphChange, Solver};
///
/// let eq: Equation = "6-2=7".parse()?;
/// let fixes = Solver::new(Change::Move(1)).solve(&eq)?.into_fixes();
/// let nine = fixes.iter().find(|f| f.equation().to_string() == "9-2=7").unwrap();
/// assert_eq!(nine.changes()[0].to_string(), "6 -> 9 at 1");
/// assert_eq!("6 -> 9 at 1".parse::<GlyphChange>()?, nine.changes()[0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlyphChange {
    /// The glyph index.
    pub position: usize,
    /// The glyph before.
    pub from: Glyph,
    /// The glyph after.
    pub to: Glyph,
}

impl fmt::Display for GlyphChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} -> {} at {}",
            self.from,
            self.to,
            self.position.saturating_add(1)
        )
    }
}

impl FromStr for GlyphChange {
    type Err = StickParseError;

    /// Reads `from -> to at position`, words separated by whitespace; the
    /// glyphs are a digit or an operator sign as equations write them.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = Form::new(s);
        let from = parse_glyph(words.next("a glyph")?)?;
        words.expect("->")?;
        let to = parse_glyph(words.next("a glyph")?)?;
        words.expect("at")?;
        let (at, word) = words.next("a glyph position")?;
        let position = parse_index(word, at)?;
        words.finish()?;
        Ok(GlyphChange { position, from, to })
    }
}

/// A [`Stick`], [`StickMove`] or [`GlyphChange`] that could not be parsed,
/// with the position (in characters, from 0) of the problem.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Stick, StickMove, StickParseError};
///
/// let err = "middle@x".parse::<Stick>().unwrap_err();
/// assert_eq!(err, StickParseError::InvalidPosition { position: 7 });
/// assert_eq!(err.to_string(), "not a glyph position at position 8");
/// let err = "top@1 => top@2".parse::<StickMove>().unwrap_err();
/// assert_eq!(err.position(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StickParseError {
    /// The text ends where this was expected.
    Missing {
        /// What was expected: `"a stick"`, `"a glyph"`, …
        expected: &'static str,
        /// Where the text ends.
        position: usize,
    },
    /// A word other than the one the form has here (`->`, `at`), or the
    /// end of the text there.
    Expected {
        /// The word the form has here.
        word: &'static str,
        /// Where the other word starts (or the text ends).
        position: usize,
    },
    /// A stick with no `@` between its segment and its glyph position.
    MissingAt {
        /// Where the `@` should be: the end of the word.
        position: usize,
    },
    /// Not the name of a segment ([`Segments::name`]).
    UnknownSegment {
        /// Where the name starts.
        position: usize,
    },
    /// Not a glyph: a digit or an operator sign.
    UnknownGlyph {
        /// Where the word starts.
        position: usize,
    },
    /// Not a glyph position: decimal digits, at most `usize::MAX`.
    InvalidPosition {
        /// Where the number starts.
        position: usize,
    },
    /// Something after the end of the form.
    TrailingText {
        /// Where it starts.
        position: usize,
    },
}

impl StickParseError {
    /// Where the problem is, in characters from the start (0-based).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::GlyphChange;
    /// assert_eq!("6 -> ? at 0".parse::<GlyphChange>().unwrap_err().position(), 5);
    /// ```
    pub fn position(&self) -> usize {
        match *self {
            StickParseError::Missing { position, .. }
            | StickParseError::Expected { position, .. }
            | StickParseError::MissingAt { position }
            | StickParseError::UnknownSegment { position }
            | StickParseError::UnknownGlyph { position }
            | StickParseError::InvalidPosition { position }
            | StickParseError::TrailingText { position } => position,
        }
    }
}

impl fmt::Display for StickParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StickParseError::Missing { expected, position } => {
                write!(f, "expected {expected} at position {}", position + 1)
            }
            StickParseError::Expected { word, position } => {
                write!(f, "expected `{word}` at position {}", position + 1)
            }
            StickParseError::MissingAt { position } => {
                write!(f, "expected `@` at position {}", position + 1)
            }
            StickParseError::UnknownSegment { position } => {
                write!(f, "unknown segment at position {}", position + 1)
            }
            StickParseError::UnknownGlyph { position } => {
                write!(f, "not a digit or operator at position {}", position + 1)
            }
            StickParseError::InvalidPosition { position } => {
                write!(f, "not a glyph position at position {}", position + 1)
            }
            StickParseError::TrailingText { position } => {
                write!(f, "unexpected text at position {}", position + 1)
            }
        }
    }
}

impl std::error::Error for StickParseError {}

/// The words of a text form, read one after the other.
struct Form<'t> {
    words: lex::Words<'t>,
    end: usize,
}

impl<'t> Form<'t> {
    fn new(text: &'t str) -> Self {
        Form {
            words: lex::words(text),
            end: lex::end(text),
        }
    }

    /// The next word, or an error saying `expected` is missing.
    fn next(&mut self, expected: &'static str) -> Result<(usize, &'t str), StickParseError> {
        self.words.next().ok_or(StickParseError::Missing {
            expected,
            position: self.end,
        })
    }

    /// The next word, which must be `word`.
    fn expect(&mut self, word: &'static str) -> Result<(), StickParseError> {
        match self.words.next() {
            Some((_, w)) if w == word => Ok(()),
            Some((position, _)) => Err(StickParseError::Expected { word, position }),
            None => Err(StickParseError::Expected {
                word,
                position: self.end,
            }),
        }
    }

    /// Refuses anything left.
    fn finish(mut self) -> Result<(), StickParseError> {
        match self.words.next() {
            Some((position, _)) => Err(StickParseError::TrailingText { position }),
            None => Ok(()),
        }
    }
}

/// A glyph index, from the word at character `at`.
/// A glyph position as written, counted from 1: its index (from 0).
fn parse_index(word: &str, at: usize) -> Result<usize, StickParseError> {
    word.parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .ok_or(StickParseError::InvalidPosition { position: at })
}

/// A glyph, written as equations write it (one digit or operator sign).
fn parse_glyph((at, word): (usize, &str)) -> Result<Glyph, StickParseError> {
    let mut chars = word.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(StickParseError::UnknownGlyph { position: at });
    };
    let glyph = match c {
        '0'..='9' => Glyph::digit(c as u8 - b'0'),
        '+' => Some(Glyph::op(Op::Plus)),
        '-' | '−' => Some(Glyph::op(Op::Minus)),
        'x' | 'X' | '*' | '×' => Some(Glyph::op(Op::Times)),
        '/' | '÷' => Some(Glyph::op(Op::Divide)),
        '=' => Some(Glyph::op(Op::Equals)),
        _ => None,
    };
    glyph.ok_or(StickParseError::UnknownGlyph { position: at })
}

#[cfg(feature = "serde")]
mod serde_impls {
    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{GlyphChange, Step, Stick, StickMove};

    /// Whether the stick's segment is a single slot (the only sticks with
    /// a text form).
    fn single(stick: &Stick) -> Result<(), String> {
        if stick.segment.bits().count_ones() == 1 {
            Ok(())
        } else {
            Err(format!(
                "a stick's segment must be one slot, not {:?}",
                stick.segment
            ))
        }
    }

    impl Serialize for Stick {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            single(self).map_err(S::Error::custom)?;
            crate::text::serialize(self, serializer)
        }
    }

    impl<'de> Deserialize<'de> for Stick {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            crate::text::deserialize(deserializer, "a stick such as \"middle@1\"", str::parse)
        }
    }

    impl Serialize for StickMove {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            single(&self.from).map_err(S::Error::custom)?;
            single(&self.to).map_err(S::Error::custom)?;
            crate::text::serialize(self, serializer)
        }
    }

    impl Serialize for Step {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let (from, to) = self.sticks();
            for stick in from.iter().chain(&to) {
                single(stick).map_err(S::Error::custom)?;
            }
            crate::text::serialize(self, serializer)
        }
    }

    impl<'de> Deserialize<'de> for Step {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            crate::text::deserialize(
                deserializer,
                "a step such as \"middle@1 -> top@3\", \"remove top@1\" or \"add top@1\"",
                str::parse,
            )
        }
    }

    impl<'de> Deserialize<'de> for StickMove {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            crate::text::deserialize(
                deserializer,
                "a stick move such as \"middle@1 -> top@3\"",
                str::parse,
            )
        }
    }

    crate::text::serde_as_text!(GlyphChange, "a glyph change such as \"6 -> 9 at 1\"");
}
