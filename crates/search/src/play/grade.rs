//! [`Grade`]: how hard a puzzle is for a person, in four steps.

use std::fmt;
use std::str::FromStr;

/// How hard a puzzle is for a person: easy, medium, hard or expert, the
/// same four words in every crate. Each crate says what makes one of its
/// puzzles a grade (a measure of the puzzle, cut in four), and its
/// generators make puzzles of the grade asked for.
///
/// Grades are ordered `Easy < Medium < Hard < Expert`. The text (its
/// [`Display`](fmt::Display), [`FromStr`] and serde form) is the word in
/// lower case; reading ignores case and spaces around it.
///
/// # Example
///
/// ```
/// use kongming_search::play::Grade;
///
/// assert_eq!("Hard".parse::<Grade>()?, Grade::Hard);
/// assert_eq!(Grade::Expert.to_string(), "expert");
/// assert!(Grade::Easy < Grade::Medium);
/// assert!("tricky".parse::<Grade>().is_err());
/// # Ok::<(), kongming_search::play::ParseGradeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Grade {
    /// The easiest: what a beginner finishes.
    Easy,
    /// A step harder.
    Medium,
    /// Harder again.
    Hard,
    /// The hardest the crate grades.
    Expert,
}

impl Grade {
    /// Every grade, easiest first.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::play::Grade;
    ///
    /// assert!(Grade::ALL.windows(2).all(|pair| pair[0] < pair[1]));
    /// ```
    pub const ALL: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert];

    /// The grade's word, in lower case.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(kongming_search::play::Grade::Medium.name(), "medium");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that is not a [`Grade`] (`easy`, `medium`, `hard` or `expert`).
///
/// # Example
///
/// ```
/// use kongming_search::play::Grade;
///
/// let err = "tricky".parse::<Grade>().unwrap_err();
/// assert_eq!(err.to_string(), "\"tricky\" is not a grade (easy, medium, hard, expert)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseGradeError {
    text: String,
}

impl fmt::Display for ParseGradeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a grade (easy, medium, hard, expert)",
            self.text
        )
    }
}

impl std::error::Error for ParseGradeError {}

impl FromStr for Grade {
    type Err = ParseGradeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Grade::ALL
            .into_iter()
            .find(|grade| grade.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseGradeError {
                text: s.chars().take(20).collect(),
            })
    }
}
