//! The hands of a survey: every multiset of numbers from a range.

use std::iter::FusedIterator;
use std::ops::RangeInclusive;

use crate::error::GameError;
use crate::game::MAX_NUMBERS;

/// Every hand of `count` integers from `lo..=hi` (a multiset: each hand
/// once, in non-decreasing order), optionally with each value at most
/// `max_copies` times. Hands come in lexicographic order.
///
/// Its [`size_hint`](Iterator::size_hint) is exact whenever the number of
/// hands fits a `u64` (a [`Survey`](crate::Survey) reports it as the
/// total of its progress).
///
/// ```
/// use kongming_game24::{HandSize, hands};
///
/// let four = HandSize::new(4)?;
/// assert_eq!(hands(four, 1..=13).count(), 1820);
/// assert_eq!(hands(four, 1..=13).size_hint(), (1820, Some(1820)));
/// assert_eq!(hands(four, 1..=10).count(), 715);
/// assert_eq!(hands(HandSize::new(5)?, 1..=13).max_copies(4).count(), 6175);
/// let pairs: Vec<Vec<i64>> = hands(HandSize::new(2)?, 1..=2).collect();
/// assert_eq!(pairs, [vec![1, 1], vec![1, 2], vec![2, 2]]);
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Hands {
    lo: i64,
    hi: i64,
    count: usize,
    max_copies: usize,
    next: Option<Vec<i64>>,
    /// Hands still to come, when that fits a `u64`.
    left: Option<u64>,
    started: bool,
}

/// How many numbers a hand of [`hands`] holds: at most [`MAX_NUMBERS`],
/// checked once here, so that [`hands`] cannot fail (and a `Result` is
/// never what a `for` loop goes over).
///
/// ```
/// use kongming_game24::{GameError, HandSize, MAX_NUMBERS};
///
/// assert_eq!(HandSize::new(4)?.get(), 4);
/// assert_eq!(HandSize::new(MAX_NUMBERS + 1), Err(GameError::TooManyNumbers(MAX_NUMBERS + 1)));
/// assert!(HandSize::try_from(usize::MAX).is_err());
/// # Ok::<(), GameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandSize(usize);

impl HandSize {
    /// A hand of `count` numbers (0 is allowed: one empty hand).
    ///
    /// ```
    /// use kongming_game24::HandSize;
    /// assert!(HandSize::new(7).is_ok() && HandSize::new(8).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::TooManyNumbers`] past [`MAX_NUMBERS`], which no game
    /// or survey takes (and whose first hand alone could need more memory
    /// than the machine has).
    pub fn new(count: usize) -> Result<HandSize, GameError> {
        if count > MAX_NUMBERS {
            return Err(GameError::TooManyNumbers(count));
        }
        Ok(HandSize(count))
    }

    /// The count of numbers.
    ///
    /// ```
    /// use kongming_game24::HandSize;
    /// assert_eq!(HandSize::new(5)?.get(), 5);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn get(self) -> usize {
        self.0
    }
}

impl TryFrom<usize> for HandSize {
    type Error = GameError;

    fn try_from(count: usize) -> Result<HandSize, GameError> {
        HandSize::new(count)
    }
}

/// The hands of `size` integers from `range`; see [`Hands`]. It cannot
/// fail: the size was checked by [`HandSize::new`].
///
/// # Example
///
/// ```
/// use kongming_game24::{HandSize, hands};
///
/// assert_eq!(hands(HandSize::new(6)?, 1..=10).count(), 5005);
/// assert_eq!(hands(HandSize::new(0)?, 1..=10).collect::<Vec<_>>(), [Vec::<i64>::new()]);
/// assert_eq!(hands(HandSize::new(2)?, 5..=4).count(), 0);
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
pub fn hands(size: HandSize, range: RangeInclusive<i64>) -> Hands {
    let (lo, hi) = range.into_inner();
    let count = size.get();
    let next = (lo <= hi).then(|| vec![lo; count]);
    let mut hands = Hands {
        lo,
        hi,
        count,
        max_copies: usize::MAX,
        next,
        left: None,
        started: false,
    };
    hands.left = hands.total();
    hands
}

impl Hands {
    /// Keeps only hands with each value at most `k` times (a deck with `k`
    /// suits).
    ///
    /// ```
    /// use kongming_game24::{HandSize, hands};
    /// let five = HandSize::new(5)?;
    /// assert_eq!(hands(five, 1..=10).max_copies(4).count(), 1992);
    /// assert_eq!(hands(five, 1..=10).max_copies(4).size_hint(), (1992, Some(1992)));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn max_copies(mut self, k: usize) -> Hands {
        self.max_copies = k;
        // Past the first hand the count left is not worked out again.
        self.left = if self.started { None } else { self.total() };
        self
    }

    /// How many hands there are in all, if that fits a `u64`: the
    /// multisets of `count` values out of `m`, each at most `k` times, by
    /// inclusion and exclusion over the values taken more than `k` times.
    fn total(&self) -> Option<u64> {
        if self.lo > self.hi {
            return Some(0);
        }
        let m = i128::from(self.hi) - i128::from(self.lo) + 1;
        let n = self.count as i128;
        let k = i128::try_from(self.max_copies).unwrap_or(i128::MAX).min(n);
        let mut total: i128 = 0;
        let mut j: i128 = 0;
        while j <= m && j * (k + 1) <= n {
            let r = n - j * (k + 1);
            let term = choose(m, j)?.checked_mul(choose(m - 1 + r, r)?)?;
            total = if j % 2 == 0 {
                total.checked_add(term)?
            } else {
                total.checked_sub(term)?
            };
            j += 1;
        }
        u64::try_from(total).ok()
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

/// `a` choose `r` for a small `r`, if it fits an `i128`.
fn choose(a: i128, r: i128) -> Option<i128> {
    if r < 0 || a < r {
        return Some(0);
    }
    let mut c: i128 = 1;
    for i in 0..r {
        // c is (a choose i); times (a - i), over i + 1, is (a choose i+1).
        c = c.checked_mul(a - i)? / (i + 1);
    }
    Some(c)
}

impl Iterator for Hands {
    type Item = Vec<i64>;

    fn next(&mut self) -> Option<Vec<i64>> {
        self.started = true;
        loop {
            let current = self.next.take()?;
            let mut following = current.clone();
            if self.advance(&mut following) {
                self.next = Some(following);
            }
            if self.fits(&current) {
                if let Some(left) = &mut self.left {
                    *left = left.saturating_sub(1);
                }
                return Some(current);
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.left.and_then(|left| usize::try_from(left).ok()) {
            Some(left) => (left, Some(left)),
            None => (0, None),
        }
    }
}

impl FusedIterator for Hands {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_of_hands_is_the_count_enumerated() {
        for count in 0..=5 {
            for (lo, hi) in [(1, 1), (1, 4), (-2, 3), (5, 4), (0, 9)] {
                for k in [0, 1, 2, 3, usize::MAX] {
                    let size = HandSize::new(count).expect("a size");
                    let all = hands(size, lo..=hi).max_copies(k);
                    let hint = all.size_hint();
                    let mut rest = all.clone();
                    let mut seen = 0;
                    while rest.next().is_some() {
                        seen += 1;
                        assert_eq!(rest.size_hint(), (hint.0 - seen, Some(hint.0 - seen)));
                    }
                    assert_eq!(
                        hint,
                        (seen, Some(seen)),
                        "{count} of {lo}..={hi}, at most {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_count_past_u64_is_not_guessed() {
        let all = hands(HandSize::new(7).expect("a size"), i64::MIN..=i64::MAX);
        assert_eq!(all.size_hint(), (0, None));
        assert_eq!(
            hands(HandSize::new(1).expect("a size"), i64::MIN..=i64::MAX)
                .size_hint()
                .1,
            None
        );
        assert_eq!(
            hands(HandSize::new(1).expect("a size"), 0..=i64::MAX)
                .size_hint()
                .1,
            usize::try_from(1u64 << 63).ok()
        );
    }
}
