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
    /// A control character (other than a tab or a line's end) stands in
    /// the text: no benchmark writes one, and names and phrases that hold
    /// one cannot be written back as they were read.
    ControlCharacter {
        /// The character.
        character: char,
    },
    /// The opening sentences give numbers that disagree ("5 houses,
    /// numbered 1 to 4"), say the order both ways, or give a count of
    /// places the crate does not take.
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
    /// Two categories of one noun ("name" twice): no phrase can tell their
    /// values apart.
    RepeatedCategory {
        /// The noun.
        category: String,
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
    /// words that carry it (a relation the reader does not know, such as
    /// "opposite" or "if"), or the words of the skeleton that say nothing
    /// the reader knows.
    UnknownForm {
        /// The words.
        words: String,
    },
    /// A clue with a negation the reader cannot attach to its relation
    /// ("A is not directly left of B": the crate has no clue for it), or
    /// with two.
    UnattachedNegation {
        /// The clue.
        words: String,
    },
    /// A numbered clue that names no value.
    NoValue {
        /// The clue.
        words: String,
    },
    /// "The middle house" of a row with no middle.
    NoMiddle {
        /// The number of places.
        positions: usize,
    },
    /// A question whose answer is a value of no one category, or of one
    /// the reader cannot tell (its noun is no category's, and no choice
    /// says which).
    UnknownCategory {
        /// The words that should name it.
        words: String,
    },
    /// A choice of a multiple-choice question that is no value of the
    /// category asked (or no position), or choices of several categories.
    BadChoice {
        /// The choice.
        choice: String,
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
            ReadErrorKind::ControlCharacter { character } => {
                write!(f, "the control character {character:?} stands in the text")
            }
            ReadErrorKind::Intro { text } => write!(
                f,
                "'{text}' does not say how many places the row has, or in which order, without \
                 contradicting itself"
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
            ReadErrorKind::RepeatedCategory { category } => {
                write!(f, "two categories are called '{category}'")
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
            ReadErrorKind::UnattachedNegation { words } => {
                write!(f, "cannot attach the negation of '{words}' to its relation")
            }
            ReadErrorKind::NoValue { words } => {
                write!(f, "'{words}' names no value of the puzzle")
            }
            ReadErrorKind::NoMiddle { positions } => {
                write!(f, "a row of {positions} places has no middle one")
            }
            ReadErrorKind::UnknownCategory { words } => {
                write!(f, "'{words}' names no one category of the puzzle")
            }
            ReadErrorKind::BadChoice { choice } => write!(
                f,
                "the choice '{choice}' is not a value of the category asked"
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
/// // A value called "next" cannot be told from the relation.
/// let puzzle: Puzzle = "pet: next dog\nnext next-to dog\n".parse()?;
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
    /// The text counts from 1 ("clue 1: …" for index 0).
    BadClue {
        /// The clue's index (from 0; the text says `index + 1`).
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
            WriteError::BadClue { index, error } => write!(f, "clue {}: {error}", index + 1),
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

/// Why a model's answer could not be graded: the text holds no answer
/// that can be compared (no JSON grid, a grid of another shape, a value
/// the puzzle does not have, …), or the puzzle has no one answer to
/// compare it with.
///
/// A wrong answer is no error: it is graded wrong
/// ([`GridGrade`](super::GridGrade), [`AnswerGrade`](super::AnswerGrade)).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::english::{EnglishPuzzle, GradeError};
/// let english: EnglishPuzzle = "\
/// There are 2 houses, numbered 1 to 2 from left to right, as seen from across the street.
///  - Each person has a unique name: `Eric`, `Arnold`
/// ## Clues:
/// 1. Eric is directly left of Arnold.
/// ".parse()?;
/// let err = english.grade_grid("I think Eric is first.").unwrap_err();
/// assert_eq!(err, GradeError::NoJson);
/// assert_eq!(err.to_string(), "the text holds no complete JSON object");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GradeError {
    /// No complete JSON object (`{` … `}`) in the text.
    NoJson,
    /// The last JSON object does not parse.
    BadJson {
        /// The object's text.
        json: String,
        /// What the parser said.
        error: String,
    },
    /// The last JSON object has no `"solution"` object.
    NoSolution,
    /// The grid is not an object of houses ("House 1", …) each an object of
    /// columns.
    Shape {
        /// What is not as it should be.
        what: String,
    },
    /// A house of the puzzle that the grid does not have.
    MissingHouse {
        /// Its number.
        house: usize,
    },
    /// A key of the grid that is no house of the puzzle.
    UnknownHouse {
        /// The key.
        key: String,
    },
    /// A category of the puzzle that no column of the grid names.
    MissingColumn {
        /// The category's noun (or the column name given for it).
        category: String,
    },
    /// A column that names no category of the puzzle (or a second column
    /// for one).
    UnknownColumn {
        /// The column's name.
        column: String,
    },
    /// A cell whose value is no value of its category.
    UnknownValue {
        /// The house's number.
        house: usize,
        /// The column.
        column: String,
        /// The value written.
        value: String,
    },
    /// Column names given for grading that are not one per category (after
    /// "House").
    BadColumns {
        /// How many names were given.
        given: usize,
        /// How many the puzzle needs (its categories, and "House").
        expected: usize,
    },
    /// The puzzle has no solution, or more than one, or the search was
    /// stopped: there is no one grid to grade against.
    NoOneSolution,
    /// The puzzle asks no question.
    NoQuestion,
    /// No answer could be found in the text (it is empty).
    NoAnswer,
    /// The answer found is no value of the category asked (or no
    /// position).
    UnreadableAnswer {
        /// The answer as found.
        text: String,
    },
    /// The question's answer is not forced (or the search was stopped):
    /// what answering found.
    NotForced(Box<super::Answered>),
    /// The question (or its choices) cannot be read.
    Question(ReadError),
    /// The forced answer is none of the choices.
    NotAChoice {
        /// The forced answer.
        answer: String,
    },
}

impl fmt::Display for GradeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GradeError::NoJson => write!(f, "the text holds no complete JSON object"),
            GradeError::BadJson { error, .. } => {
                write!(f, "the last JSON object does not parse: {error}")
            }
            GradeError::NoSolution => {
                write!(f, "the last JSON object has no \"solution\" object")
            }
            GradeError::Shape { what } => write!(f, "the grid is not of houses of columns: {what}"),
            GradeError::MissingHouse { house } => write!(f, "the grid has no House {house}"),
            GradeError::UnknownHouse { key } => {
                write!(f, "'{key}' is not a house of the puzzle")
            }
            GradeError::MissingColumn { category } => {
                write!(f, "no column of the grid is the category '{category}'")
            }
            GradeError::UnknownColumn { column } => {
                write!(
                    f,
                    "the column '{column}' is no category of the puzzle, or a second one for its category"
                )
            }
            GradeError::UnknownValue {
                house,
                column,
                value,
            } => write!(
                f,
                "House {house}, {column}: '{value}' is not a value of the category"
            ),
            GradeError::BadColumns { given, expected } => write!(
                f,
                "{given} column names given, the puzzle needs {expected} (\"House\" and one per \
                 category)"
            ),
            GradeError::NoOneSolution => {
                write!(f, "the puzzle has no single solution to grade against")
            }
            GradeError::NoQuestion => write!(f, "the puzzle asks no question"),
            GradeError::NoAnswer => write!(f, "the text holds no answer"),
            GradeError::UnreadableAnswer { text } => {
                write!(f, "'{text}' is not an answer to the question")
            }
            GradeError::NotForced(answered) => match answered.as_ref() {
                super::Answered::NotForced(a, b) => write!(
                    f,
                    "the question has no one answer: {a} in one solution, {b} in another"
                ),
                super::Answered::NoSolution => write!(f, "the puzzle has no solution"),
                super::Answered::Stopped(reason) => {
                    write!(
                        f,
                        "the search stopped ({reason:?}) before the answer was proved"
                    )
                }
                super::Answered::Forced(..) => write!(f, "the answer is forced"),
            },
            GradeError::Question(error) => write!(f, "the question: {error}"),
            GradeError::NotAChoice { answer } => {
                write!(f, "the answer, {answer}, is none of the choices")
            }
        }
    }
}

impl std::error::Error for GradeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GradeError::Question(error) => Some(error),
            _ => None,
        }
    }
}
