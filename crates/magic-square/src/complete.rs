//! Completing a partly filled square with the kongming-search CSP.

use std::fmt;

use kongming_search::control::{Budget, Outcome, Progress};
use kongming_search::csp::{Assignment, Comparison, Model, SmallDomain, Solver, Var};
use kongming_search::play::Count;

use crate::enumerate::{EnumerationError, validate};
use crate::{Difficulty, Kind, PartialSquare, Puzzle, Square, Uniqueness, magic_constant};

/// The completions of a [`PartialSquare`] into normal magic squares of a
/// [`Kind`], found by constraint propagation: one variable per cell over
/// `1..=n²`, an all-different over all cells (matching-based, so Hall sets
/// are found), a linear sum per line, and MAC search with MRV.
///
/// Set it up, bound it ([`budget`](Self::budget)), then ask one question:
/// [`completions`](Self::completions) (the squares, lazily, a
/// [`Completions`] iterator), [`count`](Self::count) (how many, a
/// [`Count`]) or [`uniqueness`](Self::uniqueness) (whether the grid is a
/// puzzle). For counting many completions of a sparse grid,
/// [`Enumeration::completing`](crate::Enumeration::completing) is faster.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Completion, Kind, PartialSquare};
///
/// let partial: PartialSquare = "2 . .\n. . .\n. . 8".parse()?;
/// let mut squares: Vec<String> = Completion::new(&partial, Kind::MAGIC)?
///     .completions()
///     .map(|square| square.to_string())
///     .collect();
/// squares.sort();
/// // The Lo Shu and its mirror in the main diagonal.
/// assert_eq!(squares, ["2 7 6\n9 5 1\n4 3 8", "2 9 4\n7 5 3\n6 1 8"]);
/// assert_eq!(Completion::new(&partial, Kind::MAGIC)?.count().exact(), Some(2));
///
/// let stuck: PartialSquare = "1 . .\n. 2 .\n. . .".parse()?;
/// assert_eq!(Completion::new(&stuck, Kind::MAGIC)?.count().exact(), Some(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "a completion does nothing until it is asked a question"]
#[derive(Debug)]
pub struct Completion {
    search: Completions,
}

impl Completion {
    /// Sets up the completion of `partial` into squares of `kind`.
    ///
    /// # Errors
    ///
    /// The order is 0 or above [`MAX_SEARCH_ORDER`](crate::MAX_SEARCH_ORDER),
    /// or a given number is outside `1..=n²` or repeated.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Completion, EnumerationError, Kind, PartialSquare};
    ///
    /// let bad: PartialSquare = "1 1\n. .".parse()?;
    /// assert!(matches!(
    ///     Completion::new(&bad, Kind::MAGIC),
    ///     Err(EnumerationError::Repeated { row: 0, col: 1, value: 1 })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(partial: &PartialSquare, kind: Kind) -> Result<Self, EnumerationError> {
        let SquareModel { model, cells } = SquareModel::new(partial, kind)?;
        Ok(Self {
            search: Completions {
                solver: Solver::new(model),
                cells,
                order: partial.order(),
                grid: partial.clone(),
                kind,
            },
        })
    }

    /// Limits the search for completions: a node is a decision of the CSP
    /// search (a cell given a number, after propagation), and the cancel
    /// flag and the clock are looked at every few thousand of them. A
    /// stopped [`count`](Self::count) is a lower bound; a stopped
    /// [`completions`](Self::completions) iterator ends, and its
    /// [`outcome`](Completions::outcome) says so.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Completion, Kind, Outcome, PartialSquare, StopReason};
    ///
    /// let empty = PartialSquare::empty(6).expect("order 6");
    /// let mut completions = Completion::new(&empty, Kind::MAGIC)?
    ///     .budget(Budget::unlimited().with_node_limit(50))
    ///     .completions();
    /// assert!(completions.by_ref().all(|square| square.is(Kind::MAGIC)));
    /// assert_eq!(completions.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn budget(self, budget: Budget) -> Self {
        Self {
            search: Completions {
                solver: self.search.solver.budget(budget),
                ..self.search
            },
        }
    }

    /// Calls `callback` every few thousand nodes of the search (see
    /// [`budget`](Self::budget)) with the nodes so far (`done`) and the
    /// completions found (`found`). Raise the budget's
    /// [`CancelFlag`](crate::CancelFlag) from it to stop.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use kongming_magic_square::{Budget, Completion, Kind, PartialSquare};
    ///
    /// let calls = Arc::new(AtomicU64::new(0));
    /// let seen = Arc::clone(&calls);
    /// let empty = PartialSquare::empty(6).expect("order 6");
    /// let count = Completion::new(&empty, Kind::MAGIC)?
    ///     .budget(Budget::unlimited().with_node_limit(10_000))
    ///     .on_progress(move |_| {
    ///         seen.fetch_add(1, Ordering::Relaxed);
    ///     })
    ///     .count();
    /// assert!(!count.is_complete());
    /// assert!(calls.load(Ordering::Relaxed) >= 2);
    /// # Ok::<(), kongming_magic_square::EnumerationError>(())
    /// ```
    pub fn on_progress(self, callback: impl FnMut(&Progress) + Send + 'static) -> Self {
        Self {
            search: Completions {
                solver: self.search.solver.on_progress(callback),
                ..self.search
            },
        }
    }

    /// The completed squares, lazily (each `next` searches on from the
    /// last), under the [`budget`](Self::budget).
    ///
    /// # Example
    ///
    /// See [`Completion`].
    pub fn completions(self) -> Completions {
        self.search
    }

    /// How many completions the grid has, under the
    /// [`budget`](Self::budget): exact when complete, a lower bound (the
    /// completions read before the stop) when stopped.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, Completion, Kind, PartialSquare, StopReason};
    ///
    /// let empty = PartialSquare::empty(3).expect("order 3");
    /// assert_eq!(Completion::new(&empty, Kind::MAGIC)?.count().exact(), Some(8));
    ///
    /// let empty = PartialSquare::empty(6).expect("order 6");
    /// let limited = Completion::new(&empty, Kind::MAGIC)?.budget(Budget::unlimited().with_node_limit(10));
    /// assert_eq!(limited.count().outcome().stop_reason(), Some(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(self) -> Count {
        let mut search = self.search;
        let found = search.by_ref().count() as u64;
        Count::new(found, search.outcome().unwrap_or(Outcome::Complete))
    }

    /// Reads completions up to two (under the [`budget`](Self::budget)):
    /// whether the grid completes in exactly one way. If it does, the
    /// answer is the [`Puzzle`], with its [`Difficulty`]: the givens, and
    /// the nodes this search took to read every completion.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Completion, Kind, PartialSquare, Uniqueness};
    ///
    /// let grid: PartialSquare = "16 . . 13\n. . 11 .\n. 6 . .\n. . . .".parse()?;
    /// let Uniqueness::Unique(puzzle) = Completion::new(&grid, Kind::MAGIC)?.uniqueness() else {
    ///     panic!("Dürer's square, from four of its numbers")
    /// };
    /// assert_eq!(puzzle.solution().to_string(), "16  3  2 13\n 5 10 11  8\n 9  6  7 12\n 4 15 14  1");
    /// assert_eq!(puzzle.difficulty().givens, 4);
    ///
    /// let grid: PartialSquare = "16 . . 13\n. . . .\n. . . .\n. . . .".parse()?;
    /// assert!(matches!(Completion::new(&grid, Kind::MAGIC)?.uniqueness(), Uniqueness::Several(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn uniqueness(mut self) -> Uniqueness {
        self.search.read_uniqueness()
    }
}

/// The completions of a grid, lazily: see [`Completion::completions`].
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Completion, Kind, PartialSquare};
///
/// let full: PartialSquare = "2 7 6\n9 5 1\n4 3 8".parse()?;
/// let mut completions = Completion::new(&full, Kind::MAGIC)?.completions();
/// assert_eq!(completions.by_ref().count(), 1);
/// assert_eq!(completions.nodes(), 0); // the givens decide every cell
/// assert!(completions.outcome().unwrap().is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "an iterator does nothing until it is used"]
pub struct Completions {
    solver: Solver<SmallDomain>,
    cells: Vec<Var>,
    order: usize,
    grid: PartialSquare,
    kind: Kind,
}

impl fmt::Debug for Completions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Completions")
            .field("order", &self.order)
            .field("outcome", &self.solver.outcome())
            .finish_non_exhaustive()
    }
}

impl Completions {
    /// The decisions the search has made so far (a cell given a number,
    /// after propagation; the root's propagation is not one): the unit of
    /// the [`budget`](Completion::budget), and the measure of search in a
    /// puzzle's [`Difficulty`](crate::Difficulty).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Completion, Kind, PartialSquare};
    ///
    /// let empty = PartialSquare::empty(3).expect("order 3");
    /// let mut completions = Completion::new(&empty, Kind::MAGIC)?.completions();
    /// assert_eq!(completions.by_ref().count(), 8);
    /// assert!(completions.nodes() >= 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nodes(&self) -> u64 {
        self.solver.stats().nodes
    }

    /// How the search ended, once it has (`None` while it may find more).
    ///
    /// # Example
    ///
    /// See [`Completions`].
    pub fn outcome(&self) -> Option<Outcome> {
        self.solver.outcome()
    }

    /// Whether the grid completes in one way, reading up to two
    /// completions and keeping the search (for its
    /// [`nodes`](Self::nodes)).
    pub(crate) fn read_uniqueness(&mut self) -> Uniqueness {
        let Some(first) = self.next() else {
            return match self.outcome() {
                Some(Outcome::Stopped(reason)) => Uniqueness::Stopped(reason),
                _ => Uniqueness::NoCompletion,
            };
        };
        if let Some(second) = self.next() {
            return Uniqueness::Several(Box::new([first, second]));
        }
        if let Some(Outcome::Stopped(reason)) = self.outcome() {
            return Uniqueness::Stopped(reason);
        }
        let cells = self.grid.cells().len();
        let difficulty = Difficulty::new(cells - self.grid.blanks(), cells, self.nodes());
        Uniqueness::Unique(Puzzle::new(self.grid.clone(), self.kind, first, difficulty))
    }
}

impl Iterator for Completions {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        let assignment = self.solver.next_solution()?;
        SquareModel::square(&self.cells, self.order, &assignment)
    }
}

impl std::iter::FusedIterator for Completions {}

/// The CSP model of the completions of a partial square: one variable per
/// cell over `0..n²` (cell value minus one), the givens fixed, an
/// all-different over all cells, a linear sum per line of the kind, and
/// the centre-symmetric pairs of an associative kind. Shared by
/// [`Completion`] and the random draw of a square (`crate::puzzle::draw`).
pub(crate) struct SquareModel {
    pub(crate) model: Model<SmallDomain>,
    /// The variable of each cell, row by row.
    pub(crate) cells: Vec<Var>,
}

impl SquareModel {
    /// The model of the completions of `partial` into squares of `kind`.
    pub(crate) fn new(partial: &PartialSquare, kind: Kind) -> Result<Self, EnumerationError> {
        let given = validate(partial)?;
        let n = partial.order();
        let max = (n * n) as u32;
        let mut model = Model::<SmallDomain>::new();
        // Values are stored 0-based: cell value v is variable value v - 1.
        let cells = model
            .new_vars(n * n, 0, max - 1)
            .map_err(|_| EnumerationError::OrderOutOfRange { order: n })?;
        for (var, &value) in cells.iter().zip(&given) {
            if value != 0 {
                model.fix(*var, u32::from(value) - 1);
            }
        }
        model.all_different(&cells);
        let target = magic_constant(n).unwrap_or(0) as i64 - n as i64;
        let at = |r: usize, c: usize| cells[r * n + c];
        let mut lines: Vec<Vec<Var>> = Vec::new();
        for i in 0..n {
            lines.push((0..n).map(|j| at(i, j)).collect());
            lines.push((0..n).map(|j| at(j, i)).collect());
        }
        if kind.has_diagonals() {
            lines.push((0..n).map(|i| at(i, i)).collect());
            lines.push((0..n).map(|i| at(i, n - 1 - i)).collect());
        }
        if kind.is_pandiagonal() {
            for k in 1..n {
                lines.push((0..n).map(|i| at(i, (i + k) % n)).collect());
                lines.push((0..n).map(|i| at(i, (k + n - 1 - i) % n)).collect());
            }
        }
        for line in &lines {
            model.sum(line, Comparison::Equal, target);
        }
        if kind.is_associative() {
            let cells_count = n * n;
            for c in 0..cells_count {
                let mirror = cells_count - 1 - c;
                if c < mirror {
                    // (a + 1) + (b + 1) = n² + 1.
                    model.sum(
                        &[cells[c], cells[mirror]],
                        Comparison::Equal,
                        i64::from(max) - 1,
                    );
                } else if c == mirror {
                    model.fix(cells[c], max / 2);
                }
            }
        }
        Ok(Self { model, cells })
    }

    /// The square of a solution of the model.
    pub(crate) fn square(cells: &[Var], order: usize, assignment: &Assignment) -> Option<Square> {
        let values = cells.iter().map(|&var| assignment.value(var) + 1).collect();
        Square::from_cells(order, values)
    }
}
