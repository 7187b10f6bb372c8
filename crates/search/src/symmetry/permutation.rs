//! Permutations of the points `0..degree`.

use std::collections::HashMap;
use std::error::Error;
use std::fmt;
use std::hash::Hash;

/// A permutation of the points `0..degree`, stored as the list of images.
///
/// Point `i` goes to `images()[i]`. Permutations act on sequences by moving
/// the value at position `i` to position `apply(i)` (see
/// [`permute`](Self::permute)), and [`then`](Self::then) composes them in
/// the order they act: `p.then(&q)` is "first `p`, then `q`".
///
/// The derived `Ord` compares the image lists lexicographically, so the
/// identity is the least permutation of its degree.
///
/// # Example
///
/// ```
/// use kongming_search::symmetry::Permutation;
///
/// let p = Permutation::from_images(vec![1, 2, 0])?;
/// assert_eq!(p.apply(0), 1);
/// assert_eq!(p.permute(&['a', 'b', 'c']), vec!['c', 'a', 'b']);
/// assert_eq!(p.to_string(), "(0 1 2)");
/// assert!(p.then(&p.inverse()).is_identity());
/// # Ok::<(), kongming_search::symmetry::PermutationError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Vec<usize>", into = "Vec<usize>"))]
pub struct Permutation {
    images: Vec<usize>,
}

impl Permutation {
    /// The identity permutation of `0..degree`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// let id = Permutation::identity(4);
    /// assert_eq!(id.images(), &[0, 1, 2, 3]);
    /// assert!(id.is_identity());
    /// ```
    pub fn identity(degree: usize) -> Self {
        Self {
            images: (0..degree).collect(),
        }
    }

    /// Builds the permutation sending point `i` to `images[i]`.
    ///
    /// # Errors
    ///
    /// [`PermutationError::ImageOutOfRange`] if an image is not below
    /// `images.len()`, [`PermutationError::RepeatedImage`] if two points
    /// share an image.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{Permutation, PermutationError};
    ///
    /// assert!(Permutation::from_images(vec![2, 0, 1]).is_ok());
    /// assert_eq!(
    ///     Permutation::from_images(vec![0, 0, 1]),
    ///     Err(PermutationError::RepeatedImage { image: 0, first: 0, second: 1 })
    /// );
    /// ```
    pub fn from_images(images: Vec<usize>) -> Result<Self, PermutationError> {
        let degree = images.len();
        let mut preimage = vec![usize::MAX; degree];
        for (point, &image) in images.iter().enumerate() {
            if image >= degree {
                return Err(PermutationError::ImageOutOfRange {
                    point,
                    image,
                    degree,
                });
            }
            if preimage[image] != usize::MAX {
                return Err(PermutationError::RepeatedImage {
                    image,
                    first: preimage[image],
                    second: point,
                });
            }
            preimage[image] = point;
        }
        Ok(Self { images })
    }

    /// Builds a permutation of `0..degree` from disjoint cycles: each cycle
    /// `[a, b, c]` sends `a` to `b`, `b` to `c` and `c` to `a`. Points in no
    /// cycle are fixed.
    ///
    /// # Errors
    ///
    /// [`PermutationError::PointOutOfRange`] if a point is not below
    /// `degree`, [`PermutationError::RepeatedPoint`] if a point appears twice.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// let p = Permutation::from_cycles(5, [vec![0, 2], vec![1, 3, 4]])?;
    /// assert_eq!(p.images(), &[2, 3, 0, 4, 1]);
    /// assert_eq!(p.to_string(), "(0 2)(1 3 4)");
    /// # Ok::<(), kongming_search::symmetry::PermutationError>(())
    /// ```
    pub fn from_cycles<C>(
        degree: usize,
        cycles: impl IntoIterator<Item = C>,
    ) -> Result<Self, PermutationError>
    where
        C: AsRef<[usize]>,
    {
        let mut images: Vec<usize> = (0..degree).collect();
        let mut seen = vec![false; degree];
        for cycle in cycles {
            let cycle = cycle.as_ref();
            for &point in cycle {
                if point >= degree {
                    return Err(PermutationError::PointOutOfRange { point, degree });
                }
                if std::mem::replace(&mut seen[point], true) {
                    return Err(PermutationError::RepeatedPoint { point });
                }
            }
            for (k, &point) in cycle.iter().enumerate() {
                images[point] = cycle[(k + 1) % cycle.len()];
            }
        }
        Ok(Self { images })
    }

    /// Builds the permutation of the positions of `points` induced by `map`:
    /// position `i` goes to the position of `map(&points[i])`.
    ///
    /// This turns geometry into permutations: `points` lists the cells of a
    /// board, `map` is a rotation or reflection of the plane.
    ///
    /// # Errors
    ///
    /// [`PermutationError::RepeatedCell`] if `points` lists a value twice,
    /// [`PermutationError::ImageNotInDomain`] if `map` sends a point outside
    /// `points`, [`PermutationError::RepeatedImage`] if it sends two points
    /// to the same one.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::{Permutation, PermutationError};
    ///
    /// let cells = [(0, 0), (0, 1), (1, 0)];
    /// let transpose = Permutation::from_map(&cells, |&(r, c)| (c, r))?;
    /// assert_eq!(transpose.images(), &[0, 2, 1]);
    ///
    /// let shift = Permutation::from_map(&cells, |&(r, c)| (r + 1, c));
    /// assert_eq!(shift, Err(PermutationError::ImageNotInDomain { point: 1 }));
    /// # Ok::<(), PermutationError>(())
    /// ```
    pub fn from_map<C, F>(points: &[C], map: F) -> Result<Self, PermutationError>
    where
        C: Eq + Hash,
        F: Fn(&C) -> C,
    {
        let mut position = HashMap::with_capacity(points.len());
        for (index, point) in points.iter().enumerate() {
            if let Some(first) = position.insert(point, index) {
                return Err(PermutationError::RepeatedCell {
                    first,
                    second: index,
                });
            }
        }
        let images = points
            .iter()
            .enumerate()
            .map(|(index, point)| {
                position
                    .get(&map(point))
                    .copied()
                    .ok_or(PermutationError::ImageNotInDomain { point: index })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_images(images)
    }

    /// The number of points this permutation moves around: it acts on
    /// `0..degree()`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// assert_eq!(Permutation::identity(9).degree(), 9);
    /// ```
    pub fn degree(&self) -> usize {
        self.images.len()
    }

    /// The image of every point, in point order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// let p = Permutation::from_cycles(3, [[0, 1]])?;
    /// assert_eq!(p.images(), &[1, 0, 2]);
    /// # Ok::<(), kongming_search::symmetry::PermutationError>(())
    /// ```
    pub fn images(&self) -> &[usize] {
        &self.images
    }

    /// The image of `point`.
    ///
    /// # Panics
    ///
    /// If `point >= self.degree()`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// let p = Permutation::from_cycles(4, [[1, 3]])?;
    /// assert_eq!(p.apply(1), 3);
    /// assert_eq!(p.apply(2), 2);
    /// # Ok::<(), kongming_search::symmetry::PermutationError>(())
    /// ```
    pub fn apply(&self, point: usize) -> usize {
        self.images[point]
    }

    /// Whether every point is fixed.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// assert!(Permutation::identity(3).is_identity());
    /// assert!(!Permutation::from_cycles(3, [[0, 2]])?.is_identity());
    /// # Ok::<(), kongming_search::symmetry::PermutationError>(())
    /// ```
    pub fn is_identity(&self) -> bool {
        self.images.iter().enumerate().all(|(i, &p)| i == p)
    }

    /// The composition "first `self`, then `next`": point `i` goes to
    /// `next.apply(self.apply(i))`.
    ///
    /// # Panics
    ///
    /// If the degrees differ.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// let swap01 = Permutation::from_cycles(3, [[0, 1]])?;
    /// let swap12 = Permutation::from_cycles(3, [[1, 2]])?;
    /// let both = swap01.then(&swap12);
    /// assert_eq!(both.apply(0), 2);
    /// assert_eq!(
    ///     both.permute(&['a', 'b', 'c']),
    ///     swap12.permute(&swap01.permute(&['a', 'b', 'c']))
    /// );
    /// # Ok::<(), kongming_search::symmetry::PermutationError>(())
    /// ```
    #[must_use]
    pub fn then(&self, next: &Self) -> Self {
        assert_eq!(
            self.degree(),
            next.degree(),
            "composing permutations of different degrees"
        );
        Self {
            images: self.images.iter().map(|&p| next.images[p]).collect(),
        }
    }

    /// The inverse permutation, which undoes `self`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// let p = Permutation::from_images(vec![2, 0, 3, 1])?;
    /// assert_eq!(p.inverse().images(), &[1, 3, 0, 2]);
    /// assert!(p.inverse().then(&p).is_identity());
    /// # Ok::<(), kongming_search::symmetry::PermutationError>(())
    /// ```
    #[must_use]
    pub fn inverse(&self) -> Self {
        let mut images = vec![0; self.degree()];
        for (point, &image) in self.images.iter().enumerate() {
            images[image] = point;
        }
        Self { images }
    }

    /// Moves the value at position `i` of `values` to position
    /// `self.apply(i)`.
    ///
    /// # Panics
    ///
    /// If `values.len() != self.degree()`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// let p = Permutation::from_images(vec![2, 0, 1])?;
    /// assert_eq!(p.permute(&[10, 20, 30]), vec![20, 30, 10]);
    /// # Ok::<(), kongming_search::symmetry::PermutationError>(())
    /// ```
    pub fn permute<T: Clone>(&self, values: &[T]) -> Vec<T> {
        assert_eq!(
            values.len(),
            self.degree(),
            "permuting a sequence whose length is not the degree"
        );
        let mut out = values.to_vec();
        for (value, &image) in values.iter().zip(&self.images) {
            out[image] = value.clone();
        }
        out
    }

    /// The cycles of length two or more, each starting at its least point,
    /// ordered by that point.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_search::symmetry::Permutation;
    ///
    /// let p = Permutation::from_images(vec![3, 1, 0, 2, 5, 4])?;
    /// assert_eq!(p.cycles(), vec![vec![0, 3, 2], vec![4, 5]]);
    /// # Ok::<(), kongming_search::symmetry::PermutationError>(())
    /// ```
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.degree()];
        let mut cycles = Vec::new();
        for start in 0..self.degree() {
            if seen[start] || self.images[start] == start {
                continue;
            }
            let mut cycle = Vec::new();
            let mut point = start;
            while !seen[point] {
                seen[point] = true;
                cycle.push(point);
                point = self.images[point];
            }
            cycles.push(cycle);
        }
        cycles
    }
}

/// The images, as [`Permutation::from_images`] takes them back.
///
/// # Example
///
/// ```
/// use kongming_search::symmetry::Permutation;
/// let p = Permutation::from_images(vec![1, 2, 0])?;
/// assert_eq!(Vec::from(p), [1, 2, 0]);
/// # Ok::<(), kongming_search::symmetry::PermutationError>(())
/// ```
impl From<Permutation> for Vec<usize> {
    fn from(permutation: Permutation) -> Vec<usize> {
        permutation.images
    }
}

impl TryFrom<Vec<usize>> for Permutation {
    type Error = PermutationError;

    /// Same as [`Permutation::from_images`].
    fn try_from(images: Vec<usize>) -> Result<Self, Self::Error> {
        Self::from_images(images)
    }
}

/// Cycle notation: `(0 1 2)(3 4)`; the identity prints as `()`.
impl fmt::Display for Permutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cycles = self.cycles();
        if cycles.is_empty() {
            return f.write_str("()");
        }
        for cycle in cycles {
            f.write_str("(")?;
            for (k, point) in cycle.iter().enumerate() {
                if k > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{point}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// Why a list of images, cycles or a point map is not a permutation.
///
/// # Example
///
/// ```
/// use kongming_search::symmetry::{Permutation, PermutationError};
///
/// let err = Permutation::from_images(vec![0, 5]).unwrap_err();
/// assert_eq!(
///     err,
///     PermutationError::ImageOutOfRange { point: 1, image: 5, degree: 2 }
/// );
/// assert_eq!(err.to_string(), "point 1 has image 5, which is not below the degree 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PermutationError {
    /// The image of `point` is not a point (not below `degree`).
    ImageOutOfRange {
        /// The point whose image is wrong.
        point: usize,
        /// Its image.
        image: usize,
        /// The number of points.
        degree: usize,
    },
    /// Two points have the same image.
    RepeatedImage {
        /// The shared image.
        image: usize,
        /// The first point sent to it.
        first: usize,
        /// The second point sent to it.
        second: usize,
    },
    /// A cycle names a point not below `degree`.
    PointOutOfRange {
        /// The point.
        point: usize,
        /// The number of points.
        degree: usize,
    },
    /// A point appears twice in the cycles.
    RepeatedPoint {
        /// The point.
        point: usize,
    },
    /// The domain of a point map lists the same value twice.
    RepeatedCell {
        /// The position of its first occurrence.
        first: usize,
        /// The position of its second occurrence.
        second: usize,
    },
    /// A point map sends the point at this position outside the domain.
    ImageNotInDomain {
        /// The position of the point in the domain.
        point: usize,
    },
}

impl fmt::Display for PermutationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ImageOutOfRange {
                point,
                image,
                degree,
            } => write!(
                f,
                "point {point} has image {image}, which is not below the degree {degree}"
            ),
            Self::RepeatedImage {
                image,
                first,
                second,
            } => write!(f, "points {first} and {second} both have image {image}"),
            Self::PointOutOfRange { point, degree } => {
                write!(f, "cycle point {point} is not below the degree {degree}")
            }
            Self::RepeatedPoint { point } => {
                write!(f, "point {point} appears twice in the cycles")
            }
            Self::RepeatedCell { first, second } => write!(
                f,
                "the domain lists the same point at positions {first} and {second}"
            ),
            Self::ImageNotInDomain { point } => write!(
                f,
                "the map sends the point at position {point} outside the domain"
            ),
        }
    }
}

impl Error for PermutationError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_cycles_rejects_bad_points() {
        assert_eq!(
            Permutation::from_cycles(3, [[0, 3]]),
            Err(PermutationError::PointOutOfRange {
                point: 3,
                degree: 3
            })
        );
        assert_eq!(
            Permutation::from_cycles(3, [vec![0, 1], vec![1, 2]]),
            Err(PermutationError::RepeatedPoint { point: 1 })
        );
    }

    #[test]
    fn from_map_rejects_repeated_cells_and_collisions() {
        assert_eq!(
            Permutation::from_map(&[1, 2, 1], |&x| x),
            Err(PermutationError::RepeatedCell {
                first: 0,
                second: 2
            })
        );
        assert_eq!(
            Permutation::from_map(&[1, 2], |_| 1),
            Err(PermutationError::RepeatedImage {
                image: 0,
                first: 0,
                second: 1
            })
        );
    }

    #[test]
    fn identity_of_degree_zero_displays_as_empty_cycle() {
        assert_eq!(Permutation::identity(0).to_string(), "()");
        assert!(Permutation::identity(0).cycles().is_empty());
    }
}
