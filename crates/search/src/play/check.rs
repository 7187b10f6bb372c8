//! [`Check`]: the verdict on a player's move or answer.

use std::fmt;

use crate::control::{Outcome, StopReason};

/// The verdict on a player's move, or on a whole answer, the same shape in
/// every crate: right (and whether it finishes the puzzle), legal but
/// wrong (it loses, or breaks a rule: the crate's `W` says which), not a
/// legal move at all (the crate's `I` says why), or not judged because the
/// budget ran out (nothing is claimed).
///
/// # Example
///
/// ```
/// use kongming_search::play::Check;
///
/// let verdicts: [Check<&str, &str>; 4] = [
///     Check::Right,
///     Check::Solved,
///     Check::Wrong("it loses"),
///     Check::Illegal("no peg there"),
/// ];
/// let right: Vec<Option<bool>> = verdicts.iter().map(Check::is_right).collect();
/// assert_eq!(right, [Some(true), Some(true), Some(false), Some(false)]);
/// assert_eq!(Check::<&str, &str>::Wrong("it loses").to_string(), "wrong: it loses");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Check<W, I> {
    /// Legal, and the puzzle can still be solved after it.
    Right,
    /// Legal, and it finishes the puzzle: the answer.
    Solved,
    /// Legal, but wrong: it loses, or breaks the rule `W` names.
    Wrong(W),
    /// Not a legal move (or not an answer) at all.
    Illegal(I),
    /// The budget ran out before the move was judged.
    Stopped(StopReason),
}

impl<W, I> Check<W, I> {
    /// Whether the move or answer is right (`Right` or `Solved`); `None`
    /// when it was not judged.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::control::StopReason;
    /// use kongming_search::play::Check;
    ///
    /// assert_eq!(Check::<(), ()>::Stopped(StopReason::NodeLimit).is_right(), None);
    /// ```
    #[must_use]
    pub fn is_right(&self) -> Option<bool> {
        match self {
            Check::Right | Check::Solved => Some(true),
            Check::Wrong(_) | Check::Illegal(_) => Some(false),
            Check::Stopped(_) => None,
        }
    }

    /// How the judging ended: complete, or stopped by the budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::control::Outcome;
    /// use kongming_search::play::Check;
    ///
    /// assert_eq!(Check::<(), ()>::Solved.outcome(), Outcome::Complete);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        match self {
            Check::Stopped(reason) => Outcome::Stopped(*reason),
            _ => Outcome::Complete,
        }
    }
}

impl<W: fmt::Display, I: fmt::Display> fmt::Display for Check<W, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Check::Right => f.write_str("right"),
            Check::Solved => f.write_str("right: solved"),
            Check::Wrong(why) => write!(f, "wrong: {why}"),
            Check::Illegal(why) => write!(f, "not a legal move: {why}"),
            Check::Stopped(reason) => write!(f, "not judged: {reason}"),
        }
    }
}
