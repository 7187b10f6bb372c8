//! [`GenerateError`]: why a generator gave no puzzle.

use std::fmt;

use super::Grade;
use crate::control::StopReason;

/// Why a generator gave no puzzle. A generator gives a whole puzzle of the
/// grade asked for, or this: never a half-made one.
///
/// # Example
///
/// ```
/// use kongming_search::control::StopReason;
/// use kongming_search::play::{GenerateError, Grade};
///
/// let stopped = GenerateError::Stopped(StopReason::TimeLimit);
/// assert_eq!(stopped.to_string(), "stopped before a puzzle was made: time limit reached");
/// let missed = GenerateError::GradeNotReached { grade: Grade::Expert, attempts: 32 };
/// assert_eq!(missed.to_string(), "no expert puzzle in 32 attempts");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum GenerateError {
    /// The budget ran out first.
    Stopped(StopReason),
    /// No puzzle of this size and kind exists (the search was complete).
    NoPuzzle,
    /// Every attempt the crate makes ended at another grade.
    GradeNotReached {
        /// The grade asked for.
        grade: Grade,
        /// The attempts made.
        attempts: u32,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Stopped(reason) => {
                write!(f, "stopped before a puzzle was made: {reason}")
            }
            GenerateError::NoPuzzle => f.write_str("no puzzle of this size and kind exists"),
            GenerateError::GradeNotReached { grade, attempts } => {
                write!(f, "no {grade} puzzle in {attempts} attempts")
            }
        }
    }
}

impl std::error::Error for GenerateError {}
