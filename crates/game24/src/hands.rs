//! The hands of a survey: every multiset of numbers from a range.

use std::iter::FusedIterator;

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
/// use kongming_game24::hands;
///
/// assert_eq!(hands(4, 1, 13)?.count(), 1820);
/// assert_eq!(hands(4, 1, 13)?.size_hint(), (1820, Some(1820)));
/// assert_eq!(hands(4, 1, 10)?.count(), 715);
/// assert_eq!(hands(5, 1, 13)?.max_copies(4).count(), 6175);
/// assert_eq!(hands(2, 1, 2)?.collect::<Vec<_>>(), [vec![1, 1], vec![1, 2], vec![2, 2]]);
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
    Ok(hands)
}

impl Hands {
    /// Keeps only hands with each value at most `k` times (a deck with `k`
    /// suits).
    ///
    /// ```
    /// use kongming_game24::hands;
    /// assert_eq!(hands(5, 1, 10)?.max_copies(4).count(), 1992);
    /// assert_eq!(hands(5, 1, 10)?.max_copies(4).size_hint(), (1992, Some(1992)));
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
                    let all = hands(count, lo, hi).expect("a size").max_copies(k);
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
        let all = hands(7, i64::MIN, i64::MAX).expect("a size");
        assert_eq!(all.size_hint(), (0, None));
        assert_eq!(
            hands(1, i64::MIN, i64::MAX).expect("a size").size_hint().1,
            None
        );
        assert_eq!(
            hands(1, 0, i64::MAX).expect("a size").size_hint().1,
            usize::try_from(1u64 << 63).ok()
        );
    }
}
