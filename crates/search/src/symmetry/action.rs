//! How permutations act on states.

use super::Permutation;

/// A state that a permutation of its points can move: a sequence whose
/// positions are the points, or a set of points stored as bits.
///
/// The action must agree with composition:
/// `s.permuted(&p.then(&q)) == s.permuted(&p).permuted(&q)`, and the
/// identity must leave every state unchanged. [`Group`](super::Group) relies
/// on it for canonical forms, orbits and stabilisers.
///
/// Implemented for `Vec<T>` and `[T; N]` (the value at position `i` moves to
/// position `p.apply(i)`, like [`Permutation::permute`]) and for the
/// unsigned integers as bit sets (bit `i` moves to bit `p.apply(i)`; bits at
/// or above the degree stay where they are).
///
/// # Example
///
/// ```
/// use kongming_search::symmetry::{Permutation, Permute};
///
/// let p = Permutation::from_cycles(3, [[0, 1, 2]])?;
/// assert_eq!(vec!['a', 'b', 'c'].permuted(&p), vec!['c', 'a', 'b']);
/// assert_eq!(0b001_u8.permuted(&p), 0b010);
/// assert_eq!(0b1000_0100_u8.permuted(&p), 0b1000_0001);
/// # Ok::<(), kongming_search::symmetry::PermutationError>(())
/// ```
pub trait Permute: Sized {
    /// The image of `self` under `perm`.
    ///
    /// # Panics
    ///
    /// Implementations panic when `perm` does not fit the state: a sequence
    /// whose length is not the degree, a degree above the integer's width.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{Permutation, Permute};
    ///
    /// let swap = Permutation::from_cycles(2, [[0, 1]])?;
    /// assert_eq!([7, 9].permuted(&swap), [9, 7]);
    /// # Ok::<(), kongming_search::symmetry::PermutationError>(())
    /// ```
    #[must_use]
    fn permuted(&self, perm: &Permutation) -> Self;
}

impl<T: Clone> Permute for Vec<T> {
    /// # Panics
    ///
    /// If `self.len() != perm.degree()`.
    fn permuted(&self, perm: &Permutation) -> Self {
        perm.permute(self)
    }
}

impl<T: Clone, const N: usize> Permute for [T; N] {
    /// # Panics
    ///
    /// If `N != perm.degree()`.
    fn permuted(&self, perm: &Permutation) -> Self {
        assert_eq!(
            N,
            perm.degree(),
            "permuting an array whose length is not the degree"
        );
        let mut out = self.clone();
        for (value, &image) in self.iter().zip(perm.images()) {
            out[image] = value.clone();
        }
        out
    }
}

macro_rules! permute_bits {
    ($($int:ty),*) => {$(
        impl Permute for $int {
            /// # Panics
            ///
            /// If `perm.degree()` exceeds the number of bits.
            fn permuted(&self, perm: &Permutation) -> Self {
                let degree = perm.degree();
                assert!(
                    degree <= <$int>::BITS as usize,
                    "permutation degree {degree} exceeds the {} bits of the state",
                    <$int>::BITS
                );
                let mut moved_bits = *self;
                if degree < <$int>::BITS as usize {
                    moved_bits &= !(<$int>::MAX << degree);
                }
                let mut out = *self ^ moved_bits;
                while moved_bits != 0 {
                    let point = moved_bits.trailing_zeros() as usize;
                    moved_bits &= moved_bits - 1;
                    out |= 1 << perm.apply(point);
                }
                out
            }
        }
    )*};
}

permute_bits!(u8, u16, u32, u64, u128);
