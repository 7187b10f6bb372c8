//! The squares of an enumeration, lazily: the [`Squares`] iterator.
//!
//! Its standard forms come from one of two sources: the general search (a
//! kongming-search [`Search`] over a [`SquareProblem`]) or the specialised
//! order-4 enumerator ([`Listing`]). When the enumeration asks for all
//! squares but searches Frénicle forms only, each form is followed by its
//! seven other images under the symmetries of the square.

use kongming_search::control::Outcome;
use kongming_search::dfs::{Search, Stats};
use kongming_search::symmetry::SquareSymmetry;

use super::SquareProblem;
use crate::Square;
use crate::order4::Listing;

/// The squares of an [`Enumeration`](super::Enumeration), lazily (a fused iterator that ends
/// early when the enumeration's budget runs out).
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Enumeration, Kind};
///
/// let mut squares = Enumeration::new(3, Kind::MAGIC)?.squares();
/// assert!(squares.next().is_some());
/// # Ok::<(), kongming_magic_square::EnumerationError>(())
/// ```
#[derive(Debug)]
#[must_use = "an iterator does nothing until it is used"]
pub struct Squares {
    source: Source,
    /// Whether each standard form from a search is followed by its seven
    /// other images.
    with_images: bool,
    /// The standard form last yielded and the index in
    /// [`SquareSymmetry::ALL`] of its next image.
    image: Option<(Square, usize)>,
}

/// Where [`Squares`] takes its standard forms from.
#[derive(Debug)]
enum Source {
    /// The general search.
    Search(Box<Search<'static, SquareProblem>>),
    /// The specialised order-4 enumerator, with every standard form's
    /// images when all squares are asked for.
    Order4(Listing),
}

impl Source {
    /// The next square: a standard form, or with the order-4 enumerator
    /// also the images that follow it.
    fn next_square(&mut self) -> Option<Square> {
        match self {
            Self::Search(search) => search.next_solution(),
            Self::Order4(listing) => listing.next_square(),
        }
    }
}

impl Squares {
    /// The solutions of `search`, each followed by its seven other images
    /// when `with_images` is set.
    pub(super) fn from_search(search: Search<'static, SquareProblem>, with_images: bool) -> Self {
        Self {
            source: Source::Search(Box::new(search)),
            with_images,
            image: None,
        }
    }

    /// The squares of the specialised order-4 enumerator, which yields the
    /// images itself.
    pub(super) fn from_order4(listing: Listing) -> Self {
        Self {
            source: Source::Order4(listing),
            with_images: false,
            image: None,
        }
    }

    /// How the listing ended, once it has (`None` while running):
    /// [`Outcome::Complete`] when every square was yielded,
    /// [`Outcome::Stopped`] when the budget ran out first.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Enumeration, Kind, Outcome, StopReason};
    ///
    /// let mut squares = Enumeration::new(3, Kind::MAGIC)?.squares();
    /// assert_eq!(squares.outcome(), None);
    /// squares.by_ref().for_each(drop);
    /// assert!(squares.outcome().unwrap().is_complete());
    ///
    /// let order5 = Enumeration::new(5, Kind::MAGIC)?.budget(Budget::unlimited().with_node_limit(10_000));
    /// let mut squares = order5.squares();
    /// let some = squares.by_ref().count();
    /// assert!(some < 1000);
    /// assert_eq!(squares.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.source {
            Source::Search(search) => search.outcome(),
            Source::Order4(listing) => listing.outcome(),
        }
    }

    /// What the search has done so far.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let mut squares = Enumeration::new(3, Kind::MAGIC)?.squares();
    /// squares.by_ref().for_each(drop);
    /// assert!(squares.stats().nodes > 0);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn stats(&self) -> Stats {
        match &self.source {
            Source::Search(search) => search.stats(),
            Source::Order4(listing) => listing.stats(),
        }
    }
}

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if let Some((standard, index)) = &mut self.image {
            let image = standard.transformed(SquareSymmetry::ALL[*index]);
            *index += 1;
            if *index == SquareSymmetry::ALL.len() {
                self.image = None;
            }
            return Some(image);
        }
        let square = self.source.next_square()?;
        if self.with_images {
            self.image = Some((square.clone(), 1));
        }
        Some(square)
    }
}

impl std::iter::FusedIterator for Squares {}
