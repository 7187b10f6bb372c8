//! A batch of generated puzzles as a lazy stream: [`Batch`].

use std::fmt;
use std::iter::FusedIterator;
use std::ops::Range;

use kongming_search::control::Outcome;

use crate::effort::Effort;
use kongming_search::play::GenerateError;

use crate::generate::{Generated, Generator};

/// The puzzles of a range of seeds, generated one at a time as they are
/// asked for ([`Generator::generate_batch`]).
///
/// Nothing is generated or reserved ahead, so a range of any length costs
/// only what is taken from it. The generator's budget holds for the whole
/// stream (its clock starts at the first puzzle): when it runs out the
/// stream ends and [`outcome`](Batch::outcome) says why; the puzzle it cut
/// short is not given. The puzzles are the ones [`Generator::generate`]
/// makes for those seeds; with a grade asked for, a seed whose
/// [`GRADE_ATTEMPTS`](crate::GRADE_ATTEMPTS) attempts all miss it is
/// skipped.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Budget, Generator, Outcome, StopReason};
/// let generator = Generator::new(4, 3)?;
/// let mut batch = generator.generate_batch(10..13);
/// let puzzles: Vec<_> = batch.by_ref().collect();
/// assert_eq!(puzzles.len(), 3);
/// assert_eq!(batch.outcome(), Some(Outcome::Complete));
/// assert_eq!(puzzles[1].seed, 11);
/// assert_eq!(Ok(&puzzles[1]), generator.generate(11).as_ref());
///
/// // A range far too long to hold, cut by a budget: only what was made.
/// let bounded = Generator::new(4, 3)?.budget(Budget::unlimited().with_node_limit(200));
/// let mut batch = bounded.generate_batch(0..u64::MAX);
/// let made = batch.by_ref().count();
/// assert!(made > 0);
/// assert_eq!(batch.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "a stream of puzzles does nothing unless it is iterated"]
pub struct Batch<'g, 'a> {
    generator: &'g Generator<'a>,
    seeds: Range<u64>,
    /// The budget, started at the first puzzle.
    effort: Option<Effort>,
    found: u64,
    outcome: Option<Outcome>,
}

impl<'g, 'a> Batch<'g, 'a> {
    /// The stream of `generator`'s puzzles of `seeds`.
    pub(crate) fn new(generator: &'g Generator<'a>, seeds: Range<u64>) -> Self {
        Batch {
            generator,
            seeds,
            effort: None,
            found: 0,
            outcome: None,
        }
    }

    /// How the stream ended, once it has: [`Outcome::Complete`] after the
    /// last seed, or why the budget stopped it; `None` while it can go on.
    ///
    /// # Example
    ///
    /// See [`Batch`].
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The case splits of the stream's searches so far.
    ///
    /// # Example
    ///
    /// ```
    /// let generator = kongming_zebra_csp::Generator::new(5, 5)?;
    /// let mut batch = generator.generate_batch(0..2);
    /// assert_eq!(batch.case_splits(), 0);
    /// let first = batch.next().unwrap();
    /// assert!(batch.case_splits() > 0);
    /// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
    /// ```
    pub fn case_splits(&self) -> u64 {
        self.effort.as_ref().map_or(0, Effort::case_splits)
    }
}

impl fmt::Debug for Batch<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Batch")
            .field("seeds", &self.seeds)
            .field("found", &self.found)
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}

impl Iterator for Batch<'_, '_> {
    type Item = Generated;

    fn next(&mut self) -> Option<Generated> {
        while self.outcome.is_none() {
            let Some(seed) = self.seeds.next() else {
                self.outcome = Some(Outcome::Complete);
                return None;
            };
            let generator = self.generator;
            let effort = self
                .effort
                .get_or_insert_with(|| Effort::new(generator.budget_ref()));
            match generator.attempts(seed, effort, self.found) {
                Ok(generated) => {
                    self.found += 1;
                    return Some(generated);
                }
                Err(GenerateError::Stopped(reason)) => {
                    self.outcome = Some(Outcome::Stopped(reason));
                }
                // This seed has no puzzle of the grade: the next one.
                Err(_) => {}
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        if self.outcome.is_some() {
            return (0, Some(0));
        }
        // It may stop early, on the budget.
        (0, self.seeds.size_hint().1)
    }
}

impl FusedIterator for Batch<'_, '_> {}
