//! [`SmallDomain`]: the values `0..64` of a domain in one `u64`.

use std::fmt;
use std::iter::FusedIterator;

use super::Domain;

/// A domain of values `0..64` in one `u64`: copying, intersecting and
/// counting are single instructions.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Domain, SmallDomain};
///
/// let evens: SmallDomain = [0, 2, 4, 6].into_iter().collect();
/// let mut d = SmallDomain::range(3, 7);
/// d.intersect_with(&evens);
/// assert_eq!(d.iter().collect::<Vec<_>>(), [4, 6]);
/// assert_eq!(d.bits(), 0b101_0000);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SmallDomain(u64);

impl SmallDomain {
    /// The domain whose values are the set bits of `bits`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// assert_eq!(SmallDomain::from_bits(0b110).iter().collect::<Vec<_>>(), [1, 2]);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u64) -> Self {
        SmallDomain(bits)
    }

    /// The values as the set bits of a `u64`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, SmallDomain};
    /// assert_eq!(SmallDomain::range(0, 2).bits(), 0b111);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }
}

impl fmt::Debug for SmallDomain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<u32> for SmallDomain {
    /// Collects values below 64.
    ///
    /// # Panics
    ///
    /// On a value of 64 or more.
    fn from_iter<I: IntoIterator<Item = u32>>(values: I) -> Self {
        let mut d = SmallDomain(0);
        for v in values {
            d.insert(v);
        }
        d
    }
}

/// Iterator over the values of a [`SmallDomain`].
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Domain, SmallDomain};
/// let mut values = SmallDomain::range(1, 3).iter();
/// assert_eq!(values.next_back(), Some(3));
/// assert_eq!(values.collect::<Vec<_>>(), [1, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct SmallDomainIter(pub(super) u64);

impl Iterator for SmallDomainIter {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let v = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(v)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for SmallDomainIter {
    #[inline]
    fn next_back(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let v = 63 - self.0.leading_zeros();
        self.0 &= !(1 << v);
        Some(v)
    }
}

impl ExactSizeIterator for SmallDomainIter {}
impl FusedIterator for SmallDomainIter {}

impl Domain for SmallDomain {
    type Iter<'a> = SmallDomainIter;
    const MAX_CAPACITY: Option<u32> = Some(64);

    #[inline]
    fn with_capacity(capacity: u32) -> Self {
        assert!(capacity <= 64, "a SmallDomain holds values below 64");
        SmallDomain(0)
    }

    #[inline]
    fn range(lo: u32, hi: u32) -> Self {
        if lo > hi {
            return SmallDomain(0);
        }
        assert!(hi < 64, "a SmallDomain holds values below 64");
        let upto_hi = if hi == 63 {
            u64::MAX
        } else {
            (1u64 << (hi + 1)) - 1
        };
        SmallDomain(upto_hi & !((1u64 << lo) - 1))
    }

    #[inline]
    fn len(&self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.0 == 0
    }
    #[inline]
    fn contains(&self, value: u32) -> bool {
        value < 64 && self.0 >> value & 1 == 1
    }
    #[inline]
    fn insert(&mut self, value: u32) {
        assert!(value < 64, "a SmallDomain holds values below 64");
        self.0 |= 1 << value;
    }
    #[inline]
    fn remove(&mut self, value: u32) -> bool {
        let had = self.contains(value);
        if had {
            self.0 &= !(1 << value);
        }
        had
    }
    #[inline]
    fn min(&self) -> Option<u32> {
        (self.0 != 0).then(|| self.0.trailing_zeros())
    }
    #[inline]
    fn max(&self) -> Option<u32> {
        (self.0 != 0).then(|| 63 - self.0.leading_zeros())
    }
    #[inline]
    fn iter(&self) -> SmallDomainIter {
        SmallDomainIter(self.0)
    }
    #[inline]
    fn intersect_with(&mut self, other: &Self) -> bool {
        let before = self.0;
        self.0 &= other.0;
        self.0 != before
    }
    #[inline]
    fn difference_with(&mut self, other: &Self) -> bool {
        let before = self.0;
        self.0 &= !other.0;
        self.0 != before
    }
    #[inline]
    fn union_with(&mut self, other: &Self) {
        self.0 |= other.0;
    }
    #[inline]
    fn intersects(&self, other: &Self) -> bool {
        self.0 & other.0 != 0
    }
    #[inline]
    fn first_common(&self, other: &Self) -> Option<u32> {
        let both = self.0 & other.0;
        (both != 0).then(|| both.trailing_zeros())
    }
    #[inline]
    fn is_subset(&self, other: &Self) -> bool {
        self.0 & !other.0 == 0
    }
    #[inline]
    fn retain_range(&mut self, lo: u32, hi: u32) -> bool {
        let keep = if lo > hi || lo > 63 {
            0
        } else {
            Self::range(lo, hi.min(63)).0
        };
        self.intersect_with(&SmallDomain(keep))
    }
    #[inline]
    fn single_value(&self) -> Option<u32> {
        self.0.is_power_of_two().then(|| self.0.trailing_zeros())
    }
    #[inline]
    fn len_at_most(&self, limit: u32) -> Option<u32> {
        if limit >= 8 {
            let len = self.len();
            return (len <= limit).then_some(len);
        }
        // Clear the lowest value up to `limit` times: no population count,
        // which is a long instruction sequence on baseline x86-64.
        let mut rest = self.0;
        let mut len = 0;
        while rest != 0 {
            if len == limit {
                return None;
            }
            rest &= rest - 1;
            len += 1;
        }
        Some(len)
    }
    #[inline]
    fn to_bits64(&self) -> Option<u64> {
        Some(self.0)
    }
    #[inline]
    fn from_bits64(bits: u64) -> Self {
        SmallDomain(bits)
    }
}
