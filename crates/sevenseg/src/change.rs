//! What a puzzle asks: [`Change`] (move, remove or add *k* sticks), its
//! text form and [`ChangeParseError`].

use std::fmt;
use std::str::FromStr;

use crate::lex;
use crate::solve::SolveError;

/// The most sticks a [`Change`] may move, remove or add.
pub const MAX_STICKS: usize = 6;

/// What a puzzle asks: move, remove or add this many sticks.
///
/// Parses from and prints as `move 2`, `remove 1`, `add 1`. A puzzle
/// changes 1 to [`MAX_STICKS`] sticks: the parser refuses any other
/// count ([`ChangeParseError::NoSticks`], [`ChangeParseError::TooManySticks`]),
/// and a solver or generator given such a change built by hand refuses it
/// with [`SolveError::NoSticks`] or [`SolveError::TooManySticks`] (a
/// change of 0 sticks would offer the unchanged equation as its own fix).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::Change;
///
/// let change: Change = "move 2".parse()?;
/// assert_eq!(change, Change::Move(2));
/// assert_eq!(change.to_string(), "move 2");
/// assert_eq!(change.sticks(), 2);
/// # Ok::<(), kongming_sevenseg::ChangeParseError>(())
/// ```
///
/// With the `serde` feature it is stored as its text, `"move 2"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// Move this many sticks (the total is kept).
    Move(usize),
    /// Take away this many sticks.
    Remove(usize),
    /// Put down this many extra sticks.
    Add(usize),
}

impl Change {
    /// The number of sticks moved, removed or added.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_sevenseg::Change::Add(3).sticks(), 3);
    /// ```
    pub fn sticks(self) -> usize {
        match self {
            Change::Move(k) | Change::Remove(k) | Change::Add(k) => k,
        }
    }

    /// The change that undoes this one: moves undo moves, removing undoes
    /// adding.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::Change;
    /// assert_eq!(Change::Remove(1).inverse(), Change::Add(1));
    /// ```
    #[must_use]
    pub fn inverse(self) -> Change {
        match self {
            Change::Move(k) => Change::Move(k),
            Change::Remove(k) => Change::Add(k),
            Change::Add(k) => Change::Remove(k),
        }
    }

    /// Whether a solver takes this change: 1 to [`MAX_STICKS`] sticks.
    pub(crate) fn check(self) -> Result<(), SolveError> {
        match self.sticks() {
            0 => Err(SolveError::NoSticks(self)),
            k if k > MAX_STICKS => Err(SolveError::TooManySticks(k)),
            _ => Ok(()),
        }
    }

    /// How many sticks are taken up and how many put down.
    pub(crate) fn taken_and_put(self) -> (usize, usize) {
        match self {
            Change::Move(k) => (k, k),
            Change::Remove(k) => (k, 0),
            Change::Add(k) => (0, k),
        }
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Move(k) => write!(f, "move {k}"),
            Change::Remove(k) => write!(f, "remove {k}"),
            Change::Add(k) => write!(f, "add {k}"),
        }
    }
}

/// A [`Change`] that could not be parsed, with the position (in
/// characters, from 0) of the problem.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, ChangeParseError};
///
/// let err = "move 0".parse::<Change>().unwrap_err();
/// assert_eq!(err, ChangeParseError::NoSticks { position: 5 });
/// assert_eq!(err.to_string(), "a change needs at least 1 stick (position 6)");
/// let err = "add 7".parse::<Change>().unwrap_err();
/// assert_eq!(err.to_string(), "7 sticks asked for, at most 6 supported (position 5)");
/// let err = "jump 1".parse::<Change>().unwrap_err();
/// assert_eq!(err, ChangeParseError::UnknownKind { position: 0 });
/// assert_eq!(err.to_string(), "expected `move`, `remove` or `add` at position 1");
/// let err = "move two".parse::<Change>().unwrap_err();
/// assert_eq!(err.position(), 5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChangeParseError {
    /// Nothing but whitespace; the position is the end of the text.
    Empty {
        /// Where the text ends.
        position: usize,
    },
    /// The first word is not `move`, `remove` or `add`.
    UnknownKind {
        /// Where the word starts.
        position: usize,
    },
    /// No count after the kind; the position is the end of the text.
    MissingCount {
        /// Where the text ends.
        position: usize,
    },
    /// The count is not a number of sticks: decimal digits (an optional
    /// `+` before them), at most `usize::MAX`.
    InvalidCount {
        /// Where the count starts.
        position: usize,
    },
    /// Something after the count.
    TrailingText {
        /// Where it starts.
        position: usize,
    },
    /// A count of 0: a puzzle changes at least one stick.
    NoSticks {
        /// Where the count starts.
        position: usize,
    },
    /// A count above [`MAX_STICKS`].
    TooManySticks {
        /// The count written.
        sticks: usize,
        /// Where the count starts.
        position: usize,
    },
}

impl ChangeParseError {
    /// Where the problem is, in characters from the start (0-based).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::Change;
    /// assert_eq!("add 1 more".parse::<Change>().unwrap_err().position(), 6);
    /// assert_eq!("remove".parse::<Change>().unwrap_err().position(), 6);
    /// ```
    pub fn position(&self) -> usize {
        match *self {
            ChangeParseError::Empty { position }
            | ChangeParseError::UnknownKind { position }
            | ChangeParseError::MissingCount { position }
            | ChangeParseError::InvalidCount { position }
            | ChangeParseError::TrailingText { position }
            | ChangeParseError::NoSticks { position }
            | ChangeParseError::TooManySticks { position, .. } => position,
        }
    }
}

impl fmt::Display for ChangeParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ChangeParseError::Empty { .. } => {
                f.write_str("empty change: expected `move K`, `remove K` or `add K`")
            }
            ChangeParseError::UnknownKind { position } => {
                write!(
                    f,
                    "expected `move`, `remove` or `add` at position {}",
                    position + 1
                )
            }
            ChangeParseError::MissingCount { position } => {
                write!(
                    f,
                    "expected a number of sticks at position {}",
                    position + 1
                )
            }
            ChangeParseError::InvalidCount { position } => {
                write!(f, "not a number of sticks at position {}", position + 1)
            }
            ChangeParseError::TrailingText { position } => {
                write!(
                    f,
                    "unexpected text after the count at position {}",
                    position + 1
                )
            }
            ChangeParseError::NoSticks { position } => {
                write!(
                    f,
                    "a change needs at least 1 stick (position {})",
                    position + 1
                )
            }
            ChangeParseError::TooManySticks { sticks, position } => {
                write!(
                    f,
                    "{sticks} sticks asked for, at most {MAX_STICKS} supported (position {})",
                    position + 1
                )
            }
        }
    }
}

impl std::error::Error for ChangeParseError {}

impl FromStr for Change {
    type Err = ChangeParseError;

    /// Reads `move K`, `remove K` or `add K`: two words, whitespace
    /// around and between them ignored, `K` from 1 to [`MAX_STICKS`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = lex::words(s);
        let Some((at, kind)) = words.next() else {
            return Err(ChangeParseError::Empty {
                position: lex::end(s),
            });
        };
        let make: fn(usize) -> Change = match kind {
            "move" => Change::Move,
            "remove" => Change::Remove,
            "add" => Change::Add,
            _ => return Err(ChangeParseError::UnknownKind { position: at }),
        };
        let Some((at, count)) = words.next() else {
            return Err(ChangeParseError::MissingCount {
                position: lex::end(s),
            });
        };
        let k: usize = count
            .parse()
            .map_err(|_| ChangeParseError::InvalidCount { position: at })?;
        if let Some((at, _)) = words.next() {
            return Err(ChangeParseError::TrailingText { position: at });
        }
        match k {
            0 => Err(ChangeParseError::NoSticks { position: at }),
            k if k > MAX_STICKS => Err(ChangeParseError::TooManySticks {
                sticks: k,
                position: at,
            }),
            k => Ok(make(k)),
        }
    }
}

#[cfg(feature = "serde")]
crate::text::serde_as_text!(Change, "a change such as \"move 2\"");
