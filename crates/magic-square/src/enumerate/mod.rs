//! Enumerating and counting magic squares: the public [`Enumeration`],
//! and the general search behind it, a specialised backtracking problem
//! for the kongming-search dfs engine.
//!
//! An enumeration is an order, a [`Kind`], the given numbers and whether
//! to count up to symmetry. Its counts go to the specialised order-4
//! enumerator (`crate::order4`) or order-5 counter (`crate::order5`,
//! through `crate::parts`) where those apply, and to the general search
//! otherwise; its listings are a [`Squares`] iterator.
//!
//! The general search fills cells in a fixed order planned once per
//! enumeration. Each step chooses the number of one *branching* cell
//! (from the unused numbers that keep every line through it within reach
//! of its sum), then fills every cell that this forces; lines completed
//! along the way are checked, and so are the order conditions that break
//! the symmetries when counting up to symmetry. A cell is forced when the
//! line equations (and the sum of all cells) determine it from the cells
//! filled so far, so forced cells come from combinations of lines too. The
//! pieces, each in its own module:
//!
//! - `givens`: the order and the given numbers, checked
//!   ([`EnumerationError`], in `error`), as the root grid;
//! - `lines`: the lines a [`Kind`] asks for, as cells and sums;
//! - `elimination`: which blank cells the line equations determine
//!   (Gauss–Jordan elimination in integers);
//! - `plan`: the planner, which orders the cells and writes each step's
//!   bounds, forced cells and checks;
//! - `numbers`: sets of numbers as the bits of a word, and the word
//!   operations that filter candidates;
//! - `problem`: [`SquareProblem`], the search state and its moves, which
//!   carries out a plan;
//! - `squares`: the [`Squares`] iterator over the search's solutions (or
//!   the order-4 enumerator's), with the images of each standard form.

use std::sync::Arc;

use kongming_search::control::{Budget, Progress};

use crate::control::{Control, Stage};
use crate::count::Counted;
use crate::order4::Listing;
use crate::{Kind, PartialSquare};
use kongming_search::dfs::Stats;
use kongming_search::play::Count;

mod elimination;
mod error;
mod givens;
mod lines;
mod numbers;
mod plan;
mod problem;
mod squares;

pub use error::EnumerationError;
use givens::check_order;
pub(crate) use givens::validate;
use plan::{Plan, SymmetryBreaking};
pub use problem::SquareProblem;
pub use squares::Squares;

/// The largest order the enumerator handles (its numbers `1..=n²` live in
/// a 64-bit set). Completion through the CSP ([`crate::Completion`]) has
/// the same limit; construction has none.
pub const MAX_SEARCH_ORDER: usize = 8;

/// Which squares to enumerate or count: an order, a [`Kind`], optionally
/// some given numbers (a centre slice or a partly filled square), all
/// squares or one per class up to the eight symmetries of the square.
///
/// When no number is given off the centre, the search runs up to symmetry
/// (Frénicle standard forms only) even for the total: every square of
/// distinct numbers has exactly eight distinct images, so the total is
/// eight times the count up to symmetry, and [`squares`](Self::squares)
/// yields each standard form followed by its seven other images.
///
/// Every count and listing runs under the enumeration's
/// [`budget`](Self::budget) (unlimited by default) and reports to its
/// [`on_progress`](Self::on_progress) callback; counts answer a [`Count`]
/// with their [`Outcome`](crate::Outcome), listings end early with
/// [`Squares::outcome`] telling why.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Enumeration, Kind};
///
/// let order4 = Enumeration::new(4, Kind::MAGIC)?;
/// assert_eq!(order4.count().exact(), Some(7040));
/// assert_eq!(order4.clone().up_to_symmetry()?.count().exact(), Some(880));
/// assert_eq!(Enumeration::new(4, Kind::PANDIAGONAL)?.count().exact(), Some(384));
///
/// let mut squares = Enumeration::new(3, Kind::MAGIC)?.squares();
/// assert_eq!(squares.next().unwrap().to_string(), "2 7 6\n9 5 1\n4 3 8");
/// assert_eq!(squares.count(), 7);
/// # Ok::<(), kongming_magic_square::EnumerationError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Enumeration {
    order: usize,
    kind: Kind,
    given: Vec<u8>,
    up_to_symmetry: bool,
    control: Control,
}

impl Enumeration {
    /// All squares of `order` (1 to [`MAX_SEARCH_ORDER`]) and `kind`.
    ///
    /// # Errors
    ///
    /// [`EnumerationError::OrderOutOfRange`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(3, Kind::SEMI_MAGIC)?.count().exact(), Some(72));
    /// assert!(Enumeration::new(0, Kind::MAGIC).is_err());
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn new(order: usize, kind: Kind) -> Result<Self, EnumerationError> {
        // The order first: the empty grid has order² cells.
        check_order(order)?;
        let empty = PartialSquare::empty(order)
            .unwrap_or_else(|| unreachable!("orders 1..=8 have an empty grid"));
        Self::completing(&empty, kind)
    }

    /// The squares of `kind` that complete `partial` (all of them; counting
    /// up to symmetry needs the givens to be at most the centre).
    ///
    /// # Errors
    ///
    /// The order is out of range, or a given number is out of range or
    /// repeated.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind, PartialSquare};
    ///
    /// let partial: PartialSquare = "16 . . 13\n. . . .\n. . . .\n4 . . 1".parse()?;
    /// let completions = Enumeration::completing(&partial, Kind::MAGIC)?;
    /// assert!(completions.squares().all(|s| partial.matches(&s)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn completing(partial: &PartialSquare, kind: Kind) -> Result<Self, EnumerationError> {
        Ok(Self {
            order: partial.order(),
            kind,
            given: validate(partial)?,
            up_to_symmetry: false,
            control: Control::default(),
        })
    }

    /// Gives the centre cell (odd orders) the number `value`: a slice of
    /// the enumeration, invariant under the symmetries of the square.
    ///
    /// # Errors
    ///
    /// An even order, `value` outside `1..=n²`, or `value` already given
    /// elsewhere.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let order3 = Enumeration::new(3, Kind::MAGIC)?;
    /// assert_eq!(order3.clone().with_centre(5)?.count().exact(), Some(8));
    /// assert_eq!(order3.with_centre(1)?.count().exact(), Some(0));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn with_centre(mut self, value: u32) -> Result<Self, EnumerationError> {
        let n = self.order;
        if n.is_multiple_of(2) {
            return Err(EnumerationError::NoCentre { order: n });
        }
        let centre = n * n / 2;
        let mut cells: Vec<Option<u32>> = self
            .given
            .iter()
            .map(|&v| (v != 0).then_some(u32::from(v)))
            .collect();
        cells[centre] = Some(value);
        let partial = PartialSquare::from_cells(n, cells)
            .unwrap_or_else(|| unreachable!("the grid has n² cells"));
        self.given = validate(&partial)?;
        Ok(self)
    }

    /// Counts and enumerates one square per class under the eight
    /// symmetries of the square (its Frénicle standard form).
    ///
    /// # Errors
    ///
    /// [`EnumerationError::NotSymmetric`] if a number is given off the
    /// centre.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let order3 = Enumeration::new(3, Kind::MAGIC)?.up_to_symmetry()?;
    /// assert_eq!(order3.count().exact(), Some(1));
    /// assert!(order3.squares().all(|square| square.is_frenicle()));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn up_to_symmetry(mut self) -> Result<Self, EnumerationError> {
        if !self.is_symmetric() {
            return Err(EnumerationError::NotSymmetric);
        }
        self.up_to_symmetry = true;
        Ok(self)
    }

    /// The order of the squares.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(5, Kind::MAGIC)?.order(), 5);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn order(&self) -> usize {
        self.order
    }

    /// The kind of the squares.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(5, Kind::ASSOCIATIVE)?.kind(), Kind::ASSOCIATIVE);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Limits every count and listing of this enumeration; each starts the
    /// budget anew (a time limit runs from the start of each). A node is
    /// the unit of the work's [`Stage`]: a branching cell given a number in
    /// the general search, a choice of the four corners in the order-4
    /// enumerator, a pair of diagonals in the order-5 counter. The cancel
    /// flag and the clock are looked at every few thousand nodes of the
    /// search, and after every choice of corners or every twenty or so
    /// pairs of diagonals.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Enumeration, Kind, Outcome, StopReason};
    ///
    /// let order5 = Enumeration::new(5, Kind::PANDIAGONAL)?
    ///     .budget(Budget::unlimited().with_node_limit(1000));
    /// let count = order5.count();
    /// assert_eq!(count.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    /// let mut squares = order5.squares();
    /// assert!(squares.by_ref().all(|square| square.is(Kind::PANDIAGONAL)));
    /// assert_eq!(squares.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.control.budget = budget;
        self
    }

    /// Calls `callback` with [`Progress`] reports during every count and
    /// listing of this enumeration (see [`Stage`] for when each kind of
    /// work reports and what `done` counts); `found` is the squares found
    /// so far. Clones of the enumeration share the callback, and the
    /// threads of a parallel count call it one at a time (so it must not
    /// itself count or list with this enumeration or a clone). Raise the
    /// budget's [`CancelFlag`](crate::CancelFlag) from it to stop.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_magic_square::{Budget, Enumeration, Kind, Stage};
    ///
    /// let nodes = Arc::new(Mutex::new(Vec::new()));
    /// let seen = Arc::clone(&nodes);
    /// let semi = Enumeration::new(4, Kind::SEMI_MAGIC)?
    ///     .budget(Budget::unlimited().with_node_limit(10_000))
    ///     .on_progress(move |report| {
    ///         assert_eq!(report.stage, Stage::Search);
    ///         seen.lock().unwrap().push(report.done);
    ///     });
    /// let count = semi.count();
    /// assert_eq!(count.exact(), None); // stopped: at least count.count squares
    /// assert_eq!(*nodes.lock().unwrap(), [4096, 8192]);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress<Stage>) + Send + 'static) -> Self {
        self.control.observe(callback);
        self
    }

    /// Whether the givens are only (at most) the centre cell.
    fn is_symmetric(&self) -> bool {
        let n = self.order;
        self.given
            .iter()
            .enumerate()
            .all(|(i, &v)| v == 0 || (n % 2 == 1 && i == n * n / 2))
    }

    /// Whether the search runs on Frénicle forms only.
    fn searches_frenicle_forms(&self) -> bool {
        self.order >= 2 && self.is_symmetric()
    }

    /// The search as a dfs [`Problem`](kongming_search::dfs::Problem) (see [`SquareProblem`]); its
    /// solution count times [`multiplier`](Self::multiplier) is
    /// [`count`](Self::count).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    /// use kongming_search::dfs;
    ///
    /// let order4 = Enumeration::new(4, Kind::MAGIC)?;
    /// assert_eq!(dfs::count(order4.problem()) * order4.multiplier(), 7040);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn problem(&self) -> SquareProblem {
        let breaking = if self.searches_frenicle_forms() {
            SymmetryBreaking::Frenicle
        } else {
            SymmetryBreaking::None
        };
        self.search_problem(breaking)
    }

    /// The search that counts, and what its count is multiplied by: for
    /// order 5 kinds with diagonals (not pandiagonal) and no number given
    /// off the centre, one square per orbit of the group of 32
    /// transformations (see [`SymmetryBreaking::Order5Group`]), four Frénicle
    /// forms each; otherwise [`problem`](Self::problem) and
    /// [`multiplier`](Self::multiplier).
    pub(crate) fn counting_problem(&self) -> (SquareProblem, u64) {
        if self.order == 5
            && self.kind.has_diagonals()
            && !self.kind.is_pandiagonal()
            && self.searches_frenicle_forms()
        {
            let weight = if self.up_to_symmetry { 4 } else { 32 };
            (self.search_problem(SymmetryBreaking::Order5Group), weight)
        } else {
            (self.problem(), self.multiplier())
        }
    }

    /// The general search over the squares of this enumeration, with the
    /// order conditions of `breaking`.
    fn search_problem(&self, breaking: SymmetryBreaking) -> SquareProblem {
        let plan = Plan::new(self.order, self.kind, &self.given, breaking);
        SquareProblem::new(Arc::new(plan))
    }

    /// 8 when [`problem`](Self::problem) searches Frénicle forms for a count
    /// of all squares, 1 otherwise.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(4, Kind::MAGIC)?.multiplier(), 8);
    /// assert_eq!(Enumeration::new(4, Kind::MAGIC)?.up_to_symmetry()?.multiplier(), 1);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn multiplier(&self) -> u64 {
        if self.searches_frenicle_forms() && !self.up_to_symmetry {
            8
        } else {
            1
        }
    }

    /// Counts the squares, under the [`budget`](Self::budget): a stopped
    /// count is the squares found before the stop ([`Count::exact`] is
    /// then `None`).
    ///
    /// The normal magic squares of order 4 (no givens) are counted by a
    /// specialised enumerator (the corners, then the two centre pairs,
    /// then two independent halves joined where their numbers differ;
    /// progress [`Stage::Corners`]); the normal magic squares of order 5
    /// (no number given off the centre) by a specialised counter (the two
    /// diagonals, one pair per orbit of a group of 32, then two frames of
    /// four lines each, joined where their sets of numbers are
    /// complementary; [`Stage::Diagonals`]); everything else by the general
    /// search ([`Stage::Search`]). The order-5 kinds with both diagonals
    /// that are not pandiagonal search one square per orbit of that group
    /// too: their statistics count orbits, while the count is in Frénicle
    /// forms or squares as asked.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let count = Enumeration::new(4, Kind::ASSOCIATIVE)?.count();
    /// assert_eq!(count.exact(), Some(384));
    /// assert_eq!(count.to_string(), "384");
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn count(&self) -> Count {
        self.counted().split().0
    }

    /// [`count`](Self::count), and what its work did: the nodes (in the
    /// unit of its [`Stage`]) and the solutions (Frénicle forms, or orbits
    /// of the group of 32 for order-5 kinds with diagonals).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let (count, stats) = Enumeration::new(4, Kind::ASSOCIATIVE)?.count_with_stats();
    /// assert_eq!(count.exact(), Some(384));
    /// assert_eq!(stats.solutions, 48); // Frénicle forms, 8 squares each
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn count_with_stats(&self) -> (Count, Stats) {
        self.counted().split()
    }

    /// The count with its statistics.
    fn counted(&self) -> Counted {
        if self.is_plain_order_4() {
            return crate::order4::count(&self.control, self.multiplier());
        }
        if let Some(centre) = self.order5_slice() {
            return crate::parts::count_order5(centre, self.order5_orbit_weight(), &self.control);
        }
        let (problem, factor) = self.counting_problem();
        self.control.count_search(problem, factor)
    }

    /// The centre (`None`: not given) when this is a count of normal magic
    /// squares of order 5 with no number given off the centre, which the
    /// counts run on the specialised counter (`crate::order5`).
    fn order5_slice(&self) -> Option<Option<u32>> {
        if self.order != 5 || self.kind != Kind::MAGIC || !self.is_symmetric() {
            return None;
        }
        let centre = self.given.get(12).copied().unwrap_or(0);
        Some((centre != 0).then_some(u32::from(centre)))
    }

    /// What one orbit of the group of 32 counts for: four Frénicle forms,
    /// or 32 squares.
    fn order5_orbit_weight(&self) -> u64 {
        if self.up_to_symmetry {
            crate::order5::FORMS_PER_ORBIT
        } else {
            crate::order5::SQUARES_PER_ORBIT
        }
    }

    /// Whether this is the enumeration of all normal magic squares of
    /// order 4 (no givens), which [`count`](Self::count) and
    /// [`squares`](Self::squares) run on a specialised enumerator.
    fn is_plain_order_4(&self) -> bool {
        self.order == 4 && self.kind == Kind::MAGIC && self.given.iter().all(|&v| v == 0)
    }

    /// Counts on all cores (rayon): [`count_in_parts`](Self::count_in_parts),
    /// whose parts run in parallel with this feature.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// assert_eq!(Enumeration::new(4, Kind::MAGIC)?.par_count().exact(), Some(7040));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    #[cfg(feature = "parallel")]
    #[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
    pub fn par_count(&self) -> Count {
        self.count_in_parts()
    }

    /// Counts part by part, under the [`budget`](Self::budget) shared by
    /// all the parts: the search tree is split into subproblems (on all
    /// cores with the `parallel` feature), and the progress callback hears
    /// after each part ([`Stage::Parts`]) how many are done, of how many,
    /// and the count so far. The normal magic squares of order 5 (no
    /// number given off the centre) are counted by the order-5 counter,
    /// one part per centre and pair of corners of the main diagonal; a
    /// node is then a pair of diagonals. Every other count runs the general
    /// search (the order-4 magic squares too).
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_magic_square::{Enumeration, Kind, Stage};
    ///
    /// let last = Arc::new(Mutex::new(None));
    /// let seen = Arc::clone(&last);
    /// let order4 = Enumeration::new(4, Kind::MAGIC)?
    ///     .on_progress(move |report| *seen.lock().unwrap() = Some(*report));
    /// let report = order4.count_in_parts();
    /// assert_eq!(report.exact(), Some(7040));
    /// let last = last.lock().unwrap().unwrap();
    /// assert_eq!((last.stage, Some(last.done), last.found), (Stage::Parts, last.total, 7040));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn count_in_parts(&self) -> Count {
        self.counted_in_parts().split().0
    }

    /// [`count_in_parts`](Self::count_in_parts), and what its work did
    /// (summed over the parts).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let (count, stats) = Enumeration::new(4, Kind::MAGIC)?.count_in_parts_with_stats();
    /// assert_eq!(count.exact(), Some(7040));
    /// assert!(stats.nodes > 0);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn count_in_parts_with_stats(&self) -> (Count, Stats) {
        self.counted_in_parts().split()
    }

    /// The count part by part, with its statistics.
    fn counted_in_parts(&self) -> Counted {
        if let Some(centre) = self.order5_slice() {
            return crate::parts::count_order5_in_parts(
                centre,
                self.order5_orbit_weight(),
                &self.control,
            );
        }
        crate::parts::count_in_parts(self, &self.control)
    }

    /// The squares, lazily, in search order, under the
    /// [`budget`](Self::budget): when it runs out the iterator ends and
    /// [`Squares::outcome`] says it stopped.
    ///
    /// The normal magic squares of order 4 (no givens) come from a
    /// specialised enumerator, in its own order (a node is a choice of the
    /// four corners); every other enumeration runs the general search.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Enumeration, Kind};
    ///
    /// let squares: Vec<_> = Enumeration::new(4, Kind::PANDIAGONAL)?.squares().collect();
    /// assert_eq!(squares.len(), 384);
    /// assert!(squares.iter().all(|s| s.is(Kind::PANDIAGONAL)));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn squares(&self) -> Squares {
        let with_images = self.multiplier() == 8;
        if self.is_plain_order_4() {
            return Squares::from_order4(Listing::new(&self.control, with_images));
        }
        let found_per_solution = if with_images { 8 } else { 1 };
        Squares::from_search(
            self.control.search(self.problem(), found_per_solution),
            with_images,
        )
    }
}
