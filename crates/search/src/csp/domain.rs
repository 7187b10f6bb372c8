//! Finite domains as bitsets: [`SmallDomain`] (a `Copy` `u64`, values
//! `0..64`) and [`LargeDomain`] (a `fixedbitset`, any size).

use std::fmt;
use std::iter::FusedIterator;

mod large;
mod small;

pub use large::{LargeDomain, LargeDomainIter};
pub use small::{SmallDomain, SmallDomainIter};

/// Keeps [`Domain`] to the domains of this module.
mod sealed {
    /// Implemented by the crate's domains only.
    pub trait Sealed {}
    impl Sealed for super::SmallDomain {}
    impl Sealed for super::LargeDomain {}
}

/// A finite set of values `0..capacity`, the domain of one variable.
///
/// The solver is generic over the domain type and monomorphised for it:
/// [`SmallDomain`] is a single machine word and the fast choice when every
/// value is below 64; [`LargeDomain`] holds any number of values.
///
/// The trait is sealed: these two are its only implementations, so the
/// solver's propagators may rely on how they behave, and new methods can
/// be added without breaking anyone. Constraints, variable orders and value
/// orders are the open traits to implement.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Domain, SmallDomain};
///
/// let mut d = SmallDomain::range(1, 9);
/// assert_eq!(d.len(), 9);
/// assert!(d.remove(5));
/// assert_eq!(d.min(), Some(1));
/// assert_eq!(d.iter().filter(|v| v % 2 == 1).count(), 4); // 1 3 7 9
/// ```
pub trait Domain:
    sealed::Sealed + Clone + PartialEq + Eq + fmt::Debug + Send + Sync + 'static
{
    /// Iterator over the values, in increasing order.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain, SmallDomain};
    /// let d = LargeDomain::range(62, 66);
    /// let mut values: <LargeDomain as Domain>::Iter<'_> = d.iter();
    /// assert_eq!(values.next(), Some(62));
    /// assert_eq!(values.next_back(), Some(66));
    /// assert_eq!(values.collect::<Vec<_>>(), [63, 64, 65]);
    /// let small: Vec<u32> = SmallDomain::range(1, 3).iter().rev().collect();
    /// assert_eq!(small, [3, 2, 1]);
    /// ```
    type Iter<'a>: DoubleEndedIterator<Item = u32> + FusedIterator
    where
        Self: 'a;

    /// The values a [`Model`](super::Model) accepts for this type are
    /// `0..MAX_CAPACITY` (`None`: no limit). It bounds the memory one domain
    /// may take.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain, SmallDomain};
    /// assert_eq!(SmallDomain::MAX_CAPACITY, Some(64));
    /// assert_eq!(LargeDomain::MAX_CAPACITY, Some(1 << 24)); // 2 MiB a domain
    /// ```
    const MAX_CAPACITY: Option<u32>;

    /// The empty domain able to hold values `0..capacity`.
    ///
    /// # Panics
    ///
    /// [`SmallDomain`] panics when `capacity` is over 64.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain, SmallDomain};
    /// let mut d = LargeDomain::with_capacity(100);
    /// assert!(d.is_empty());
    /// d.insert(99);
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [99]);
    /// assert!(SmallDomain::with_capacity(64).is_empty());
    /// ```
    fn with_capacity(capacity: u32) -> Self;

    /// The domain `{lo, lo + 1, ..., hi}` (empty when `lo > hi`).
    ///
    /// # Panics
    ///
    /// [`SmallDomain`] panics when `lo <= hi` and `hi` is 64 or more.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain};
    /// assert_eq!(LargeDomain::range(98, 100).iter().collect::<Vec<_>>(), [98, 99, 100]);
    /// ```
    fn range(lo: u32, hi: u32) -> Self {
        let mut d = Self::with_capacity(hi.saturating_add(1));
        for v in lo..=hi {
            d.insert(v);
        }
        d
    }

    /// The number of values.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// assert_eq!(SmallDomain::range(3, 7).len(), 5);
    /// assert_eq!(SmallDomain::range(7, 3).len(), 0);
    /// ```
    fn len(&self) -> u32;
    /// Whether no value is left.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// let mut d = SmallDomain::range(4, 4);
    /// assert!(!d.is_empty());
    /// d.remove(4);
    /// assert!(d.is_empty());
    /// ```
    fn is_empty(&self) -> bool;
    /// Whether `value` is in the domain.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain};
    /// let d = LargeDomain::range(10, 20);
    /// assert!(d.contains(10) && d.contains(20));
    /// assert!(!d.contains(9) && !d.contains(1000));
    /// ```
    fn contains(&self, value: u32) -> bool;
    /// Adds `value`.
    ///
    /// # Panics
    ///
    /// [`SmallDomain`] panics on a value of 64 or more; [`LargeDomain`]
    /// grows to hold any value.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// let mut d = SmallDomain::range(0, 1);
    /// d.insert(5);
    /// d.insert(1); // already there
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [0, 1, 5]);
    /// ```
    fn insert(&mut self, value: u32);
    /// Removes `value`; returns whether it was there.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// let mut d = SmallDomain::range(0, 2);
    /// assert!(d.remove(1));
    /// assert!(!d.remove(1));
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [0, 2]);
    /// ```
    fn remove(&mut self, value: u32) -> bool;
    /// The least value.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// assert_eq!(SmallDomain::range(3, 7).min(), Some(3));
    /// assert_eq!(SmallDomain::range(7, 3).min(), None);
    /// ```
    fn min(&self) -> Option<u32>;
    /// The greatest value.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain};
    /// assert_eq!(LargeDomain::range(3, 700).max(), Some(700));
    /// assert_eq!(LargeDomain::range(7, 3).max(), None);
    /// ```
    fn max(&self) -> Option<u32>;
    /// The values, in increasing order.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// let d: SmallDomain = [9, 2, 4].into_iter().collect();
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [2, 4, 9]);
    /// assert_eq!(d.iter().rev().next(), Some(9));
    /// ```
    fn iter(&self) -> Self::Iter<'_>;
    /// Keeps only the values also in `other`; returns whether it changed.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// let mut d = SmallDomain::range(0, 5);
    /// assert!(d.intersect_with(&SmallDomain::range(3, 9)));
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [3, 4, 5]);
    /// assert!(!d.intersect_with(&SmallDomain::range(0, 9))); // nothing removed
    /// ```
    fn intersect_with(&mut self, other: &Self) -> bool;
    /// Removes the values in `other`; returns whether it changed.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// let mut d = SmallDomain::range(0, 5);
    /// assert!(d.difference_with(&SmallDomain::range(2, 3)));
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [0, 1, 4, 5]);
    /// assert!(!d.difference_with(&SmallDomain::range(2, 3))); // already gone
    /// ```
    fn difference_with(&mut self, other: &Self) -> bool;
    /// Adds the values in `other`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain};
    /// let mut d = LargeDomain::range(0, 1);
    /// d.union_with(&LargeDomain::range(99, 100));
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [0, 1, 99, 100]);
    /// ```
    fn union_with(&mut self, other: &Self);
    /// Whether the two domains share a value.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// let d = SmallDomain::range(0, 3);
    /// assert!(d.intersects(&SmallDomain::range(3, 5)));
    /// assert!(!d.intersects(&SmallDomain::range(4, 5)));
    /// ```
    fn intersects(&self, other: &Self) -> bool;
    /// The least value in both domains.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain};
    /// let d = LargeDomain::range(50, 150);
    /// assert_eq!(d.first_common(&LargeDomain::range(100, 200)), Some(100));
    /// assert_eq!(d.first_common(&LargeDomain::range(151, 200)), None);
    /// ```
    fn first_common(&self, other: &Self) -> Option<u32>;
    /// Whether every value of `self` is in `other`.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain, SmallDomain};
    /// let d = SmallDomain::range(2, 3);
    /// assert!(d.is_subset(&SmallDomain::range(0, 5)));
    /// assert!(!d.is_subset(&SmallDomain::range(3, 5)));
    /// assert!(LargeDomain::range(2, 3).is_subset(&LargeDomain::range(0, 100)));
    /// ```
    fn is_subset(&self, other: &Self) -> bool {
        self.iter().all(|v| other.contains(v))
    }
    /// Keeps only the values in `lo..=hi`; returns whether it changed.
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// let mut d = SmallDomain::range(0, 9);
    /// assert!(d.retain_range(2, 4));
    /// assert_eq!(d.iter().collect::<Vec<_>>(), [2, 3, 4]);
    /// assert!(!d.retain_range(0, 100)); // every value is in range
    /// ```
    fn retain_range(&mut self, lo: u32, hi: u32) -> bool;

    /// The values as the bits of a `u64`, when every value is below 64.
    ///
    /// Propagators use it for word-at-a-time fast paths.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain, SmallDomain};
    /// assert_eq!(SmallDomain::range(1, 2).to_bits64(), Some(0b110));
    /// assert_eq!(LargeDomain::range(1, 2).to_bits64(), Some(0b110));
    /// assert_eq!(LargeDomain::range(63, 64).to_bits64(), None);
    /// ```
    fn to_bits64(&self) -> Option<u64>;

    /// The domain whose values are the set bits of `bits`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain};
    /// assert_eq!(LargeDomain::from_bits64(0b101).iter().collect::<Vec<_>>(), [0, 2]);
    /// ```
    fn from_bits64(bits: u64) -> Self;

    /// The only value, when exactly one is left.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// assert_eq!(SmallDomain::range(4, 4).single_value(), Some(4));
    /// assert_eq!(SmallDomain::range(4, 5).single_value(), None);
    /// ```
    fn single_value(&self) -> Option<u32> {
        if self.len() == 1 { self.min() } else { None }
    }
    /// The number of values, if it is at most `limit`; `None` when there
    /// are more. Cheaper than [`Domain::len`] when the limit is small (no
    /// full population count).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// assert_eq!(SmallDomain::range(4, 6).len_at_most(3), Some(3));
    /// assert_eq!(SmallDomain::range(4, 7).len_at_most(3), None);
    /// ```
    fn len_at_most(&self, limit: u32) -> Option<u32> {
        let len = self.len();
        (len <= limit).then_some(len)
    }
}

#[cfg(test)]
mod tests {
    use std::hash::{BuildHasher, RandomState};

    use super::*;

    fn values<D: Domain>(d: &D) -> Vec<u32> {
        d.iter().collect()
    }

    #[test]
    fn small_and_large_agree_on_set_operations() {
        let a = [1u32, 5, 63, 7, 40];
        let b = [5u32, 40, 2, 63];
        let (sa, sb): (SmallDomain, SmallDomain) =
            (a.into_iter().collect(), b.into_iter().collect());
        let (la, lb): (LargeDomain, LargeDomain) =
            (a.into_iter().collect(), b.into_iter().collect());
        let mut s = sa;
        let mut l = la.clone();
        assert_eq!(s.intersect_with(&sb), l.intersect_with(&lb));
        assert_eq!(values(&s), values(&l));
        assert_eq!(values(&s), [5, 40, 63]);
        let mut s = sa;
        let mut l = la.clone();
        s.difference_with(&sb);
        l.difference_with(&lb);
        assert_eq!(values(&s), [1, 7]);
        assert_eq!(values(&l), [1, 7]);
        assert_eq!(sa.first_common(&sb), Some(5));
        assert_eq!(la.first_common(&lb), Some(5));
        let (small_part, large_part): (SmallDomain, LargeDomain) = (
            [5u32, 40].into_iter().collect(),
            [5u32, 40].into_iter().collect(),
        );
        assert!(small_part.is_subset(&sa) && small_part.is_subset(&sb));
        assert!(large_part.is_subset(&la) && large_part.is_subset(&lb));
        assert!(!sa.is_subset(&sb) && !la.is_subset(&lb));
        // Capacities differ: only values count.
        assert!(LargeDomain::with_capacity(500).is_subset(&large_part));
        assert!(large_part.is_subset(&LargeDomain::range(0, 300)));
        assert!(!LargeDomain::range(299, 300).is_subset(&large_part));
        let mut s = sa;
        let mut l = la;
        s.retain_range(5, 40);
        l.retain_range(5, 40);
        assert_eq!(values(&s), [5, 7, 40]);
        assert_eq!(values(&l), [5, 7, 40]);
    }

    #[test]
    fn large_iterator_runs_both_ways_across_blocks() {
        let values_in: Vec<u32> = vec![0, 3, 63, 64, 65, 127, 128, 200, 255];
        let d: LargeDomain = values_in.iter().copied().collect();
        assert_eq!(d.iter().collect::<Vec<_>>(), values_in);
        let mut back: Vec<u32> = d.iter().rev().collect();
        back.reverse();
        assert_eq!(back, values_in);
        // Meet in the middle from both ends.
        let mut it = d.iter();
        let mut seen = vec![];
        loop {
            match (it.next(), it.next_back()) {
                (Some(a), Some(b)) => {
                    seen.push(a);
                    seen.push(b);
                }
                (Some(a), None) | (None, Some(a)) => seen.push(a),
                (None, None) => break,
            }
        }
        seen.sort_unstable();
        assert_eq!(seen, values_in);
    }

    #[test]
    fn large_domains_compare_by_values_not_capacity() {
        let mut wide = LargeDomain::with_capacity(1000);
        for v in 0..=3 {
            wide.insert(v);
        }
        assert_eq!(wide, LargeDomain::range(0, 3));
        let state = RandomState::new();
        assert_eq!(
            state.hash_one(&wide),
            state.hash_one(LargeDomain::range(0, 3))
        );
        assert_ne!(wide, LargeDomain::range(0, 4));
        assert!(LargeDomain::range(9, 3).is_empty());
        assert!(SmallDomain::range(100, 3).is_empty());
    }

    #[test]
    fn small_range_edges() {
        assert_eq!(SmallDomain::range(0, 63).len(), 64);
        assert_eq!(SmallDomain::range(63, 63).single_value(), Some(63));
        assert!(SmallDomain::range(5, 4).is_empty());
        assert_eq!(SmallDomain::range(0, 63).iter().next_back(), Some(63));
    }
}
