//! Surveys over many hands: every multiset of numbers from a range.

use std::iter::FusedIterator;

use crate::error::GameError;
use crate::expr::Expr;
use crate::game::MAX_NUMBERS;
use crate::solver::Solver;

/// Every hand of `count` integers from `lo..=hi` (a multiset: each hand
/// once, in non-decreasing order), optionally with each value at most
/// `max_copies` times. Hands come in lexicographic order.
///
/// ```
/// use kongming_game24::hands;
///
/// assert_eq!(hands(4, 1, 13)?.count(), 1820);
/// assert_eq!(hands(4, 1, 10)?.count(), 715);
/// assert_eq!(hands(5, 1, 13)?.max_copies(4).count(), 6175);
/// assert_eq!(hands(2, 1, 2)?.collect::<Vec<_>>(), [vec![1, 1], vec![1, 2], vec![2, 2]]);
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Hands {
    hi: i64,
    max_copies: usize,
    next: Option<Vec<i64>>,
}

/// The hands of `count` integers from `lo..=hi`; see [`Hands`].
///
/// # Errors
///
/// [`GameError::TooManyNumbers`] for hands of more than [`MAX_NUMBERS`]
/// numbers, which no game or survey takes (and whose first hand alone
/// could need more memory than the machine has).
///
/// # Example
///
/// ```
/// use kongming_game24::{GameError, MAX_NUMBERS, hands};
///
/// assert_eq!(hands(6, 1, 10)?.count(), 5005);
/// assert_eq!(hands(0, 1, 10)?.collect::<Vec<_>>(), [Vec::<i64>::new()]);
/// assert!(matches!(hands(MAX_NUMBERS + 1, 1, 10), Err(GameError::TooManyNumbers(_))));
/// assert!(hands(usize::MAX, 1, 13).is_err());
/// # Ok::<(), GameError>(())
/// ```
pub fn hands(count: usize, lo: i64, hi: i64) -> Result<Hands, GameError> {
    if count > MAX_NUMBERS {
        return Err(GameError::TooManyNumbers(count));
    }
    let next = (lo <= hi).then(|| vec![lo; count]);
    Ok(Hands {
        hi,
        max_copies: usize::MAX,
        next,
    })
}

impl Hands {
    /// Keeps only hands with each value at most `k` times (a deck with `k`
    /// suits).
    ///
    /// ```
    /// use kongming_game24::hands;
    /// assert_eq!(hands(5, 1, 10)?.max_copies(4).count(), 1992);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    #[must_use]
    pub fn max_copies(mut self, k: usize) -> Hands {
        self.max_copies = k;
        self
    }

    fn advance(&self, hand: &mut [i64]) -> bool {
        // The next non-decreasing sequence: bump the last position that
        // can grow, reset the ones after it to the same value.
        for k in (0..hand.len()).rev() {
            if hand[k] < self.hi {
                let v = hand[k] + 1;
                for x in &mut hand[k..] {
                    *x = v;
                }
                return true;
            }
        }
        false
    }

    fn fits(&self, hand: &[i64]) -> bool {
        let mut run = 0;
        for (k, x) in hand.iter().enumerate() {
            run = if k > 0 && hand[k - 1] == *x {
                run + 1
            } else {
                1
            };
            if run > self.max_copies {
                return false;
            }
        }
        true
    }
}

impl Iterator for Hands {
    type Item = Vec<i64>;

    fn next(&mut self) -> Option<Vec<i64>> {
        loop {
            let current = self.next.take()?;
            let mut following = current.clone();
            if self.advance(&mut following) {
                self.next = Some(following);
            }
            if self.fits(&current) {
                return Some(current);
            }
        }
    }
}

impl FusedIterator for Hands {}

/// What a survey found.
///
/// ```
/// use kongming_game24::{hands, survey_solvable};
///
/// let tally = survey_solvable(hands(4, 1, 10)?, 24, |_| {})?;
/// assert_eq!((tally.solvable, tally.hands), (566, 715));
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Tally {
    /// Hands looked at.
    pub hands: usize,
    /// Hands that make the target.
    pub solvable: usize,
    /// Distinct solutions in all (0 from [`survey_solvable`]).
    pub solutions: usize,
}

/// One hand of a [`survey_solutions`], given to its callback.
///
/// ```
/// use kongming_game24::{hands, survey_solutions};
///
/// let mut best = (0, vec![]);
/// survey_solutions(hands(4, 1, 6)?, 24, |report| {
///     if report.solutions.len() > best.0 {
///         best = (report.solutions.len(), report.hand.to_vec());
///     }
/// })?;
/// assert!(best.0 > 5);
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct HandReport<'a> {
    /// The hand.
    pub hand: &'a [i64],
    /// Its distinct solutions (empty when it cannot make the target).
    pub solutions: &'a [Expr],
    /// Hands done so far, this one included.
    pub done: usize,
}

/// Lists the distinct solutions of every hand, calling `on_hand` after each
/// (for output and progress), and adds them up.
///
/// ```
/// use kongming_game24::{hands, survey_solutions};
///
/// let tally = survey_solutions(hands(4, 1, 13)?, 24, |_| {})?;
/// assert_eq!((tally.solvable, tally.hands, tally.solutions), (1362, 1820, 3017));
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
///
/// # Errors
///
/// The first error of a hand ([`GameError::TooManyNumbers`], [`GameError::NoNumbers`]).
pub fn survey_solutions(
    hands: impl IntoIterator<Item = Vec<i64>>,
    target: i64,
    mut on_hand: impl FnMut(&HandReport<'_>),
) -> Result<Tally, GameError> {
    let mut tally = Tally::default();
    let mut solver = Solver::new(target);
    for hand in hands {
        let solutions = solver.solutions(&hand)?;
        tally.hands += 1;
        tally.solvable += usize::from(!solutions.is_empty());
        tally.solutions += solutions.len();
        on_hand(&HandReport {
            hand: &hand,
            solutions: &solutions,
            done: tally.hands,
        });
    }
    Ok(tally)
}

/// Counts the hands that make `target`, calling `progress` with the number
/// of hands done after each.
///
/// ```
/// use kongming_game24::{hands, survey_solvable};
///
/// let tally = survey_solvable(hands(4, 1, 13)?, 24, |_| {})?;
/// assert_eq!((tally.solvable, tally.hands), (1362, 1820));
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
///
/// # Errors
///
/// The first error of a hand ([`GameError::TooManyNumbers`], [`GameError::NoNumbers`]).
pub fn survey_solvable(
    hands: impl IntoIterator<Item = Vec<i64>>,
    target: i64,
    mut progress: impl FnMut(usize),
) -> Result<Tally, GameError> {
    let mut tally = Tally::default();
    let mut solver = Solver::new(target);
    for hand in hands {
        if hand.len() > MAX_NUMBERS {
            return Err(GameError::TooManyNumbers(hand.len()));
        }
        tally.hands += 1;
        tally.solvable += usize::from(solver.solvable(&hand)?);
        progress(tally.hands);
    }
    Ok(tally)
}
