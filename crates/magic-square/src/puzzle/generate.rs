//! [`Generator`]: completion puzzles from a seed, of a chosen grade, one
//! at a time ([`Generator::generate`]) or as a lazy stream of complete
//! puzzles ([`Puzzles`]).

use std::fmt;
use std::iter::FusedIterator;
use std::ops::Range;

use kongming_search::control::{Budget, Meter, Outcome, Progress};
use kongming_search::play::GenerateError;
use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::draw::draw;
use super::{Difficulty, Grade, Puzzle, Uniqueness};
use crate::control::{Control, Stage};
use crate::{CheckError, Completion, Kind, MAX_SEARCH_ORDER, PartialSquare, Square};

/// How many attempts (a square and an order of blanking) a generator with
/// a wanted grade makes before it gives up with
/// [`GenerateError::GradeNotReached`].
pub const MAX_ATTEMPTS: u32 = 32;

/// Makes completion puzzles: grids with exactly one completion into a
/// square of a [`Kind`], graded ([`Grade`]).
///
/// For a seed it takes its square (the one given to
/// [`from_square`](Self::from_square), or one drawn at random from the
/// seed), then visits the cells in an order shuffled by the seed and
/// blanks each one if the grid still completes in exactly one way (counted
/// by the crate's [`Completion`], [`Completion::uniqueness`]) and, with a
/// wanted [`grade`](Self::grade), the puzzle is no harder than that grade.
/// What is left is a puzzle none of whose givens can be taken away (under
/// the wanted grade). With a wanted grade, an attempt that ends easier is
/// followed by another (a new square, a new order), up to
/// [`MAX_ATTEMPTS`]; if none reaches the grade the answer is
/// [`GenerateError::GradeNotReached`]. A budget that runs out gives
/// [`GenerateError::Stopped`], never a puzzle with fewer blanks or of
/// another grade. The same seed gives the same puzzle on every machine
/// (ChaCha8 random numbers).
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Completion, Generator, Grade, Kind};
///
/// let generator = Generator::new(4, Kind::MAGIC)?.grade(Grade::Hard);
/// let puzzle = generator.generate(42)?;
/// assert_eq!(puzzle.grade(), Grade::Hard);
/// // Exactly one completion, counted again.
/// let count = Completion::new(puzzle.grid(), Kind::MAGIC)?.count();
/// assert_eq!(count.exact(), Some(1));
/// assert_eq!(generator.generate(42)?, puzzle); // same seed, same puzzle
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use]
pub struct Generator {
    order: usize,
    kind: Kind,
    square: Option<Square>,
    wanted: Option<Grade>,
    control: Control,
}

impl Generator {
    /// A generator of puzzles of `order` (1 to
    /// [`MAX_SEARCH_ORDER`]) and `kind`, each from a square drawn from its
    /// seed; no wanted grade, no budget.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::OrderOutOfRange`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Kind, PuzzleError, Generator};
    ///
    /// let puzzle = Generator::new(3, Kind::MAGIC)?.generate(0)?;
    /// assert!(puzzle.solution().is(Kind::MAGIC));
    /// assert!(puzzle.grid().matches(puzzle.solution()));
    /// assert_eq!(
    ///     Generator::new(9, Kind::MAGIC).unwrap_err(),
    ///     PuzzleError::OrderOutOfRange { order: 9 }
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(order: usize, kind: Kind) -> Result<Self, PuzzleError> {
        if order == 0 || order > MAX_SEARCH_ORDER {
            return Err(PuzzleError::OrderOutOfRange { order });
        }
        Ok(Self {
            order,
            kind,
            square: None,
            wanted: None,
            control: Control::default(),
        })
    }

    /// A generator of puzzles from `square` (of `kind`, given or
    /// constructed), blanked in an order drawn from each seed.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::OrderOutOfRange`] above [`MAX_SEARCH_ORDER`],
    /// [`PuzzleError::NotOfKind`] if `square` is not a normal square of
    /// `kind`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Kind, Generator, Square, construct};
    ///
    /// let durer: Square = "16 3 2 13\n5 10 11 8\n9 6 7 12\n4 15 14 1".parse()?;
    /// let puzzle = Generator::from_square(&durer, Kind::MAGIC)?.generate(5)?;
    /// assert_eq!(puzzle.solution(), &durer);
    /// assert!(Generator::from_square(&construct(5)?, Kind::PANDIAGONAL).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_square(square: &Square, kind: Kind) -> Result<Self, PuzzleError> {
        let mut generator = Self::new(square.order(), kind)?;
        square
            .check(kind)
            .map_err(|error| PuzzleError::NotOfKind { kind, error })?;
        generator.square = Some(square.clone());
        Ok(generator)
    }

    /// Wants puzzles of `grade`: cells are blanked only while the puzzle
    /// stays no harder, and attempts go on until one ends at `grade` (up
    /// to [`MAX_ATTEMPTS`]; then [`GenerateError::GradeNotReached`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Grade, Kind, Generator};
    ///
    /// let easy = Generator::new(4, Kind::MAGIC)?.grade(Grade::Easy);
    /// let puzzle = easy.generate(1)?;
    /// assert_eq!(puzzle.grade(), Grade::Easy);
    /// assert_eq!(puzzle.difficulty().givens, 8); // half of the cells
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade(mut self, wanted: Grade) -> Self {
        self.wanted = Some(wanted);
        self
    }

    /// Limits each [`generate`](Self::generate) call, and each
    /// [`puzzles`](Self::puzzles) stream as a whole: a node is a decision
    /// of the generator's searches (the draw of a square, and each count
    /// of completions); the flag and the clock are also looked at before
    /// each cell is tried. A stopped generation is
    /// [`GenerateError::Stopped`]: no puzzle.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, GenerateError, Generator, Grade, Kind, StopReason};
    ///
    /// let generator = Generator::new(4, Kind::MAGIC)?
    ///     .grade(Grade::Expert)
    ///     .budget(Budget::unlimited().with_node_limit(50));
    /// assert_eq!(generator.generate(0), Err(GenerateError::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), kongming_magic_square::PuzzleError>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> Self {
        self.control.budget = budget;
        self
    }

    /// Calls `callback` as the work goes on: [`Stage::Drawing`] when a
    /// square is drawn (`done` its decisions), [`Stage::Removing`] after
    /// each cell tried (`done` the cells tried in this attempt, `total`
    /// all the cells, `found` the puzzles made so far). Raise the budget's
    /// [`CancelFlag`](crate::CancelFlag) from it to stop.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_magic_square::{Kind, Generator, Stage};
    ///
    /// let reports = Arc::new(Mutex::new(Vec::new()));
    /// let seen = Arc::clone(&reports);
    /// let generator = Generator::new(4, Kind::MAGIC)?
    ///     .on_progress(move |report| seen.lock().unwrap().push(*report));
    /// generator.generate(3)?;
    /// let reports = reports.lock().unwrap();
    /// assert_eq!(reports[0].stage, Stage::Drawing);
    /// let last = reports.last().unwrap();
    /// assert_eq!((last.stage, last.done, last.total), (Stage::Removing, 16, Some(16)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on_progress(mut self, callback: impl FnMut(&Progress<Stage>) + Send + 'static) -> Self {
        self.control.observe(callback);
        self
    }

    /// The order of its puzzles.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Kind, Generator};
    ///
    /// assert_eq!(Generator::new(5, Kind::MAGIC)?.order(), 5);
    /// # Ok::<(), kongming_magic_square::PuzzleError>(())
    /// ```
    pub fn order(&self) -> usize {
        self.order
    }

    /// The kind of its puzzles.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Kind, Generator};
    ///
    /// assert_eq!(Generator::new(5, Kind::PANDIAGONAL)?.kind(), Kind::PANDIAGONAL);
    /// # Ok::<(), kongming_magic_square::PuzzleError>(())
    /// ```
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The puzzle of `seed`, under the budget.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Stopped`] when the budget runs out first,
    /// [`GenerateError::NoPuzzle`] when no square of the order and kind
    /// exists (order 2), [`GenerateError::GradeNotReached`] when
    /// [`MAX_ATTEMPTS`] attempts all end at another grade than the wanted
    /// one.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_magic_square::{Budget, GenerateError, Generator, Kind, StopReason};
    ///
    /// assert_eq!(Generator::new(2, Kind::MAGIC)?.generate(0), Err(GenerateError::NoPuzzle));
    /// let tight = Generator::new(5, Kind::MAGIC)?.budget(Budget::unlimited().with_node_limit(10));
    /// assert_eq!(tight.generate(0), Err(GenerateError::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), kongming_magic_square::PuzzleError>(())
    /// ```
    pub fn generate(&self, seed: u64) -> Result<Puzzle, GenerateError> {
        let mut work = Work {
            meter: self.control.budget.start(),
            nodes: 0,
            found: 0,
        };
        self.run(seed, &mut work)
    }

    /// The puzzles of the seeds in `seeds`, in order, made one at a time
    /// as the stream is read, under one budget for the whole stream. A
    /// seed whose attempts all miss the wanted grade gives no puzzle and
    /// the stream goes on with the next seed.
    ///
    /// # Example
    ///
    /// See [`Puzzles`].
    pub fn puzzles(&self, seeds: Range<u64>) -> Puzzles<'_> {
        Puzzles {
            generator: self,
            seeds,
            work: Work {
                meter: self.control.budget.start(),
                nodes: 0,
                found: 0,
            },
            outcome: None,
        }
    }

    /// One generation, within `work`.
    fn run(&self, seed: u64, work: &mut Work) -> Result<Puzzle, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let attempts = if self.wanted.is_some() {
            MAX_ATTEMPTS
        } else {
            1
        };
        for _ in 0..attempts {
            let puzzle = self.attempt(&mut rng, work)?;
            if self.wanted.is_none_or(|wanted| puzzle.grade() == wanted) {
                work.found += 1;
                return Ok(puzzle);
            }
        }
        Err(GenerateError::GradeNotReached {
            grade: self.wanted.unwrap_or(Grade::Easy),
            attempts,
        })
    }

    /// One attempt: a square, then its cells blanked in a random order.
    fn attempt(&self, rng: &mut ChaCha8Rng, work: &mut Work) -> Result<Puzzle, GenerateError> {
        let square = match &self.square {
            Some(square) => square.clone(),
            None => {
                work.stop()?;
                let Ok(drawn) = draw(
                    self.order,
                    self.kind,
                    rng.next_u64(),
                    work.meter.remaining(work.nodes),
                ) else {
                    unreachable!("the generator checked the order");
                };
                work.nodes += drawn.nodes;
                self.control
                    .observer
                    .report(&Progress::new(Stage::Drawing, drawn.nodes).with_found(work.found));
                match (drawn.square, drawn.outcome) {
                    (Some(square), _) => square,
                    (None, Outcome::Stopped(reason)) => return Err(GenerateError::Stopped(reason)),
                    (None, Outcome::Complete) => return Err(GenerateError::NoPuzzle),
                }
            }
        };
        let cells = self.order * self.order;
        let mut grid = PartialSquare::from(&square);
        let mut puzzle = Puzzle::new(
            grid.clone(),
            self.kind,
            square,
            Difficulty::new(cells, cells, 0),
        );
        let mut visits: Vec<usize> = (0..cells).collect();
        visits.shuffle(rng);
        for (tried, &cell) in visits.iter().enumerate() {
            work.stop()?;
            let mut candidate = grid.clone();
            candidate.set(cell / self.order, cell % self.order, None);
            let Ok(completion) = Completion::new(&candidate, self.kind) else {
                unreachable!("the grid holds a square's numbers");
            };
            let mut completion = completion
                .budget(work.meter.remaining(work.nodes))
                .completions();
            let uniqueness = completion.read_uniqueness();
            work.nodes += completion.nodes();
            match uniqueness {
                Uniqueness::Unique(found)
                    if self.wanted.is_none_or(|wanted| found.grade() <= wanted) =>
                {
                    grid = candidate;
                    puzzle = found;
                }
                Uniqueness::Stopped(reason) => return Err(GenerateError::Stopped(reason)),
                _ => {}
            }
            self.control.observer.report(
                &Progress::new(Stage::Removing, tried as u64 + 1)
                    .with_total(cells as u64)
                    .with_found(work.found),
            );
        }
        Ok(puzzle)
    }
}

/// The started budget of a generation or a stream, and its counts.
#[derive(Debug)]
struct Work {
    meter: Meter,
    nodes: u64,
    found: u64,
}

impl Work {
    /// Stops when the budget says so.
    fn stop(&mut self) -> Result<(), GenerateError> {
        match self
            .meter
            .exceeded(self.nodes)
            .or_else(|| self.meter.check_now())
        {
            Some(reason) => Err(GenerateError::Stopped(reason)),
            None => Ok(()),
        }
    }
}

/// The complete puzzles of a range of seeds, lazily: see
/// [`Generator::puzzles`]. A seed whose attempts miss the wanted grade is
/// passed over. The stream ends early when the budget runs out (the
/// puzzle being made then is not given), or when no square of the order
/// and kind exists, and [`outcome`](Puzzles::outcome) says why.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Completion, Generator, Kind};
///
/// let generator = Generator::new(3, Kind::MAGIC)?;
/// let mut puzzles = generator.puzzles(0..5);
/// for puzzle in puzzles.by_ref() {
///     assert_eq!(Completion::new(puzzle.grid(), Kind::MAGIC)?.count().exact(), Some(1));
/// }
/// assert!(puzzles.outcome().unwrap().is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
#[must_use = "an iterator does nothing until it is used"]
pub struct Puzzles<'g> {
    generator: &'g Generator,
    seeds: Range<u64>,
    work: Work,
    outcome: Option<Outcome>,
}

impl Puzzles<'_> {
    /// How the stream ended, once it has (`None` while it may give more).
    ///
    /// # Example
    ///
    /// See [`Puzzles`].
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

impl Iterator for Puzzles<'_> {
    type Item = Puzzle;

    fn next(&mut self) -> Option<Puzzle> {
        while self.outcome.is_none() {
            let Some(seed) = self.seeds.next() else {
                self.outcome = Some(Outcome::Complete);
                break;
            };
            match self.generator.run(seed, &mut self.work) {
                Ok(puzzle) => return Some(puzzle),
                Err(GenerateError::Stopped(reason)) => {
                    self.outcome = Some(Outcome::Stopped(reason));
                }
                Err(GenerateError::GradeNotReached { .. }) => {}
                Err(_) => self.outcome = Some(Outcome::Complete),
            }
        }
        None
    }
}

impl FusedIterator for Puzzles<'_> {}

/// Why a [`Generator`] cannot be set up.
///
/// # Example
///
/// ```
/// use kongming_magic_square::{Kind, PuzzleError, Generator, Square};
///
/// let square: Square = "1 2\n3 4".parse()?;
/// let err = Generator::from_square(&square, Kind::MAGIC).unwrap_err();
/// assert!(matches!(err, PuzzleError::NotOfKind { .. }));
/// assert_eq!(err.to_string(), "the square is not magic: row 1 adds up to 3, not 5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The order is 0 or above [`MAX_SEARCH_ORDER`].
    OrderOutOfRange {
        /// The order asked for.
        order: usize,
    },
    /// The square given is not a normal square of the kind.
    NotOfKind {
        /// The kind asked for.
        kind: Kind,
        /// What fails.
        error: CheckError,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OrderOutOfRange { order } => write!(
                f,
                "order {order} is outside 1..={MAX_SEARCH_ORDER} for puzzles"
            ),
            Self::NotOfKind { kind, error } => write!(f, "the square is not {kind}: {error}"),
        }
    }
}

impl std::error::Error for PuzzleError {}
