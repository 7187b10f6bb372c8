//! [`LargeDomain`]: a domain of any size in a [`FixedBitSet`].

use std::fmt;
use std::iter::FusedIterator;

use fixedbitset::FixedBitSet;

use super::Domain;
use super::small::SmallDomainIter;

/// A domain of any size, backed by a [`FixedBitSet`].
///
/// Use it when some value is 64 or more; otherwise [`SmallDomain`](crate::csp::SmallDomain) is
/// faster. Domains of one model may have different capacities; equality
/// compares the values only. A [`Model`](crate::csp::Model) accepts values below
/// 2^24 ([`Domain::MAX_CAPACITY`]), so one domain takes at most 2 MiB.
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Domain, LargeDomain};
///
/// let mut d = LargeDomain::range(0, 199);
/// d.retain_range(150, 1000);
/// assert_eq!((d.len(), d.min(), d.max()), (50, Some(150), Some(199)));
/// ```
#[derive(Clone, Default)]
pub struct LargeDomain(FixedBitSet);

impl LargeDomain {
    /// The blocks without trailing zero blocks: equal sets give equal slices
    /// whatever their capacities.
    fn significant_blocks(&self) -> &[usize] {
        let blocks = self.0.as_slice();
        let used = blocks.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        &blocks[..used]
    }
}

/// Two domains are equal when they hold the same values, whatever their
/// capacities.
impl PartialEq for LargeDomain {
    fn eq(&self, other: &Self) -> bool {
        self.significant_blocks() == other.significant_blocks()
    }
}

impl Eq for LargeDomain {}

impl std::hash::Hash for LargeDomain {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.significant_blocks().hash(state);
    }
}

impl LargeDomain {
    /// The underlying bitset.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::csp::{Domain, LargeDomain};
    /// assert_eq!(LargeDomain::range(0, 99).as_bitset().count_ones(..), 100);
    /// ```
    #[must_use]
    pub fn as_bitset(&self) -> &FixedBitSet {
        &self.0
    }
}

impl From<FixedBitSet> for LargeDomain {
    fn from(bits: FixedBitSet) -> Self {
        LargeDomain(bits)
    }
}

impl fmt::Debug for LargeDomain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<u32> for LargeDomain {
    fn from_iter<I: IntoIterator<Item = u32>>(values: I) -> Self {
        let mut d = LargeDomain::default();
        for v in values {
            d.insert(v);
        }
        d
    }
}

/// Iterator over the values of a [`LargeDomain`].
///
/// # Example
///
/// ```
/// use kongming_search::csp::{Domain, LargeDomain};
/// let d = LargeDomain::range(70, 72);
/// assert_eq!(d.iter().rev().collect::<Vec<_>>(), [72, 71, 70]);
/// ```
#[derive(Clone, Debug)]
pub struct LargeDomainIter<'a> {
    blocks: &'a [usize],
    front: usize,
    front_bits: usize,
    back: usize,
    back_bits: usize,
}

const BLOCK_BITS: usize = usize::BITS as usize;

impl<'a> LargeDomainIter<'a> {
    fn new(blocks: &'a [usize]) -> Self {
        match blocks.len() {
            0 => LargeDomainIter {
                blocks,
                front: 0,
                front_bits: 0,
                back: 0,
                back_bits: 0,
            },
            n => LargeDomainIter {
                blocks,
                front: 0,
                front_bits: blocks[0],
                back: n - 1,
                back_bits: if n == 1 { 0 } else { blocks[n - 1] },
            },
        }
    }
}

impl Iterator for LargeDomainIter<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        loop {
            if self.front_bits != 0 {
                let bit = self.front_bits.trailing_zeros() as usize;
                self.front_bits &= self.front_bits - 1;
                return Some((self.front * BLOCK_BITS + bit) as u32);
            }
            if self.front + 1 >= self.back {
                // The back block is shared from here on.
                if self.front < self.back {
                    self.front = self.back;
                    self.front_bits = std::mem::take(&mut self.back_bits);
                    continue;
                }
                return None;
            }
            self.front += 1;
            self.front_bits = self.blocks[self.front];
        }
    }
}

impl DoubleEndedIterator for LargeDomainIter<'_> {
    fn next_back(&mut self) -> Option<u32> {
        loop {
            if self.front < self.back {
                if self.back_bits != 0 {
                    let bit = BLOCK_BITS - 1 - self.back_bits.leading_zeros() as usize;
                    self.back_bits &= !(1 << bit);
                    return Some((self.back * BLOCK_BITS + bit) as u32);
                }
                self.back -= 1;
                self.back_bits = if self.back > self.front {
                    self.blocks[self.back]
                } else {
                    0
                };
                continue;
            }
            // front == back: take from the high end of the shared block.
            if self.front_bits == 0 {
                return None;
            }
            let bit = BLOCK_BITS - 1 - self.front_bits.leading_zeros() as usize;
            self.front_bits &= !(1 << bit);
            return Some((self.front * BLOCK_BITS + bit) as u32);
        }
    }
}

impl FusedIterator for LargeDomainIter<'_> {}

impl Domain for LargeDomain {
    type Iter<'a> = LargeDomainIter<'a>;
    const MAX_CAPACITY: Option<u32> = Some(1 << 24);

    fn with_capacity(capacity: u32) -> Self {
        LargeDomain(FixedBitSet::with_capacity(capacity as usize))
    }

    fn range(lo: u32, hi: u32) -> Self {
        if lo > hi {
            return Self::default();
        }
        let mut d = Self::with_capacity(hi.saturating_add(1));
        d.0.insert_range(lo as usize..hi as usize + 1);
        d
    }

    fn len(&self) -> u32 {
        self.0.count_ones(..) as u32
    }
    fn is_empty(&self) -> bool {
        self.0.is_clear()
    }
    fn contains(&self, value: u32) -> bool {
        self.0.contains(value as usize)
    }
    fn insert(&mut self, value: u32) {
        self.0.grow_and_insert(value as usize);
    }
    fn remove(&mut self, value: u32) -> bool {
        let had = self.contains(value);
        if had {
            self.0.set(value as usize, false);
        }
        had
    }
    fn min(&self) -> Option<u32> {
        self.0.minimum().map(|v| v as u32)
    }
    fn max(&self) -> Option<u32> {
        self.0.maximum().map(|v| v as u32)
    }
    fn iter(&self) -> LargeDomainIter<'_> {
        LargeDomainIter::new(self.0.as_slice())
    }
    fn intersect_with(&mut self, other: &Self) -> bool {
        let before = self.len();
        let capacity = self.0.len();
        self.0.intersect_with(&other.0);
        self.0.grow(capacity);
        self.len() != before
    }
    fn difference_with(&mut self, other: &Self) -> bool {
        let before = self.len();
        self.0.difference_with(&other.0);
        self.len() != before
    }
    fn union_with(&mut self, other: &Self) {
        self.0.union_with(&other.0);
    }
    fn intersects(&self, other: &Self) -> bool {
        !self.0.is_disjoint(&other.0)
    }
    fn is_subset(&self, other: &Self) -> bool {
        self.0.is_subset(&other.0)
    }
    fn first_common(&self, other: &Self) -> Option<u32> {
        self.0
            .as_slice()
            .iter()
            .zip(other.0.as_slice())
            .enumerate()
            .find_map(|(i, (a, b))| {
                let both = a & b;
                (both != 0).then(|| (i * BLOCK_BITS) as u32 + both.trailing_zeros())
            })
    }
    fn to_bits64(&self) -> Option<u64> {
        let blocks = self.0.as_slice();
        if blocks.iter().skip(64 / BLOCK_BITS).any(|&b| b != 0) {
            return None;
        }
        Some(
            blocks
                .iter()
                .take(64 / BLOCK_BITS)
                .enumerate()
                .fold(0u64, |bits, (i, &b)| bits | (b as u64) << (i * BLOCK_BITS)),
        )
    }
    fn from_bits64(bits: u64) -> Self {
        let mut d = Self::with_capacity(64);
        for v in SmallDomainIter(bits) {
            d.insert(v);
        }
        d
    }
    fn retain_range(&mut self, lo: u32, hi: u32) -> bool {
        let before = self.len();
        let len = self.0.len();
        let lo = (lo as usize).min(len);
        self.0.remove_range(..lo);
        if (hi as usize) < len {
            self.0.remove_range(hi as usize + 1..);
        }
        self.len() != before
    }
}
