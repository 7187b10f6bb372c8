//! What can be wrong with an English puzzle, and where.

use std::fmt;

use crate::puzzle::PuzzleError;

/// An English puzzle that cannot be read: where (the 1-based line, and the
/// clue's number as written when the line is a clue) and what is wrong.
///
/// Nothing is skipped: a line or a clue the reader cannot place is an
/// error, so a puzzle that reads is the whole puzzle.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::{EnglishPuzzle, ReadErrorKind};
/// let text = "\
/// There are 2 people next to each other in a row in positions 1, 2 who have the following characteristics.
/// Everyone has a different pet: cat, dog.
/// Clue 1: The person who has a cow is next to the person who has a dog.
/// ";
/// let err = text.parse::<EnglishPuzzle>().unwrap_err();
/// assert_eq!((err.line(), err.clue()), (Some(3), Some(1)));
/// assert_eq!(err.kind(), &ReadErrorKind::UnknownValue { words: "cow".into() });
/// assert_eq!(err.to_string(), "line 3, clue 1: 'cow' is not a value of the puzzle");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub(crate) line: Option<usize>,
    pub(crate) clue: Option<usize>,
    pub(crate) kind: ReadErrorKind,
}

impl ReadError {
    pub(crate) fn at(line: usize, kind: ReadErrorKind) -> Self {
        ReadError {
            line: Some(line),
            clue: None,
            kind,
        }
    }

    /// The 1-based line of the problem (`None` for the text as a whole, such
    /// as an empty one).
    ///
    /// # Example
    ///
    /// See [`ReadError`].
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The clue's number as the puzzle writes it, when the problem is in a
    /// clue.
    ///
    /// # Example
    ///
    /// See [`ReadError`].
    pub fn clue(&self) -> Option<usize> {
        self.clue
    }

    /// What is wrong.
    ///
    /// # Example
    ///
    /// See [`ReadError`].
    pub fn kind(&self) -> &ReadErrorKind {
        &self.kind
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.clue) {
            (Some(line), Some(clue)) => write!(f, "line {line}, clue {clue}: {}", self.kind),
            (Some(line), None) => write!(f, "line {line}: {}", self.kind),
            (None, _) => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ReadErrorKind::Puzzle(error) => Some(error),
            _ => None,
        }
    }
}

/// What is wrong with an English puzzle (see [`ReadError`]).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::{EnglishPuzzle, ReadErrorKind};
/// let err = "\n \n".parse::<EnglishPuzzle>().unwrap_err();
/// assert_eq!(err.kind(), &ReadErrorKind::Empty);
/// assert_eq!(err.line(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// No text at all (or only blank lines).
    Empty,
    /// The first line does not say how many people or houses there are
    /// ("There are 5 people next to each other in a row …", "There are 3
    /// houses, numbered 1 to 3 …"), or says more than the reader knows.
    Intro {
        /// The line.
        text: String,
    },
    /// A line that is not a category, a clue, a question or a known line of
    /// the families' headers.
    UnreadLine {
        /// The line.
        text: String,
    },
    /// A header without any category line.
    NoCategories,
    /// A category with another number of values than the row has places
    /// (or than the first category).
    CategorySize {
        /// The category's noun, as written.
        category: String,
        /// The number of places (or of the first category's values).
        expected: usize,
        /// Its number of values.
        found: usize,
    },
    /// A category line that cannot be read: no noun before the `:` (or a
    /// phrase of more than 256 bytes), or an empty value or one of more than
    /// [`MAX_NAME_LEN`](crate::MAX_NAME_LEN) bytes in its list.
    BadCategory {
        /// The line.
        text: String,
    },
    /// A value listed twice in one category.
    RepeatedValue {
        /// The category's noun.
        category: String,
        /// The value.
        value: String,
    },
    /// A term that names no value of the puzzle: the words where a value
    /// should be.
    UnknownValue {
        /// The words (runs of words are separated by `", "`).
        words: String,
    },
    /// A clue (or question) whose relation is not in the vocabulary: the
    /// words that could not be placed.
    UnknownForm {
        /// The words.
        words: String,
    },
    /// A value of two or more categories, and nothing in its phrase says
    /// which (see [`Reader::either_reading`](super::Reader::either_reading)).
    Ambiguous {
        /// The value, as written.
        value: String,
        /// The categories' nouns.
        categories: Vec<String>,
    },
    /// A second question.
    SecondQuestion,
    /// A line of more words than the reader reads.
    TooLong {
        /// The most words a line may have.
        limit: usize,
    },
    /// The puzzle refuses what was read: too many categories or clues, a
    /// position outside the row, a clue that names one value twice or can
    /// never hold, ….
    Puzzle(PuzzleError),
}

impl fmt::Display for ReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadErrorKind::Empty => write!(f, "the text is empty"),
            ReadErrorKind::Intro { text } => write!(
                f,
                "'{text}' does not open a puzzle (expected 'There are N people next to each \
                 other in a row …' or 'There are N houses, numbered 1 to N …')"
            ),
            ReadErrorKind::UnreadLine { text } => {
                write!(f, "'{text}' is not a category, a clue or a question")
            }
            ReadErrorKind::NoCategories => write!(f, "the puzzle lists no category"),
            ReadErrorKind::CategorySize {
                category,
                expected,
                found,
            } => write!(
                f,
                "category '{category}' has {found} values, not {expected} like the others"
            ),
            ReadErrorKind::BadCategory { text } => {
                write!(
                    f,
                    "'{text}' is not a category line ('noun: value, value, …')"
                )
            }
            ReadErrorKind::RepeatedValue { category, value } => {
                write!(f, "category '{category}' lists '{value}' twice")
            }
            ReadErrorKind::UnknownValue { words } => {
                write!(f, "'{words}' is not a value of the puzzle")
            }
            ReadErrorKind::UnknownForm { words } => {
                write!(
                    f,
                    "cannot read '{words}' (not a relation of the vocabulary)"
                )
            }
            ReadErrorKind::Ambiguous { value, categories } => write!(
                f,
                "'{value}' is a value of {}: the phrase does not say which",
                categories
                    .iter()
                    .map(|c| format!("'{c}'"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            ReadErrorKind::SecondQuestion => write!(f, "a second question"),
            ReadErrorKind::TooLong { limit } => {
                write!(f, "the line has more than {limit} words")
            }
            ReadErrorKind::Puzzle(error) => write!(f, "{error}"),
        }
    }
}

/// A puzzle that cannot be written as English that reads back to it (see
/// [`EnglishPuzzle::from_puzzle`](super::EnglishPuzzle::from_puzzle)), or a
/// question or explanation that is not about the puzzle.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Puzzle;
/// use kongming_zebra_csp::english::{EnglishPuzzle, Style, WriteError};
/// // A value called "is" cannot be told from the verb.
/// let puzzle: Puzzle = "pet: is dog\nis next-to dog\n".parse()?;
/// let err = EnglishPuzzle::from_puzzle(&puzzle, Style::Bbeh).unwrap_err();
/// assert!(matches!(err, WriteError::DoesNotReadBack { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// The English written does not read back to the puzzle (a name that is
    /// a word of the vocabulary, or that holds punctuation the reader
    /// drops, …): the text, and what reading it gave.
    DoesNotReadBack {
        /// The English written.
        text: String,
        /// Why it does not read back: the reader's error, or `None` when it
        /// read to another puzzle.
        error: Option<ReadError>,
    },
    /// A question about a value or category the puzzle does not have.
    ForeignQuestion,
    /// An explanation of another puzzle.
    ForeignExplanation,
    /// A clue the puzzle refuses: its index in the list given, and why.
    BadClue {
        /// The clue's index (from 0).
        index: usize,
        /// Why the puzzle refuses it.
        error: PuzzleError,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::DoesNotReadBack { error: Some(e), .. } => {
                write!(f, "the English written does not read back: {e}")
            }
            WriteError::DoesNotReadBack { error: None, .. } => {
                write!(f, "the English written reads back to another puzzle")
            }
            WriteError::ForeignQuestion => {
                write!(f, "the question is not about this puzzle")
            }
            WriteError::ForeignExplanation => {
                write!(f, "the explanation is of another puzzle")
            }
            WriteError::BadClue { index, error } => write!(f, "clue {index}: {error}"),
        }
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WriteError::DoesNotReadBack { error: Some(e), .. } => Some(e),
            WriteError::BadClue { error, .. } => Some(error),
            _ => None,
        }
    }
}
