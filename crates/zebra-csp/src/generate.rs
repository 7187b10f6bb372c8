//! Random puzzles with exactly one solution and no redundant clue, made in
//! a bounded number of bounded searches.

use kongming_search::dfs::{Budget, Outcome, StopReason};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::draw::{random_clue, theme};
use crate::effort::{Allowance, Answer};
use crate::grade::{Difficulty, grade_within};
use crate::puzzle::{
    Clue, Item, MAX_CATEGORIES, MAX_POSITIONS, MIN_POSITIONS, Puzzle, PuzzleError, Solution, Term,
};

/// The most case splits of one check in the first pass over the clues.
/// A check that needs more is undecided: while adding clues, the puzzle
/// counts as not yet unique (another clue follows); while dropping them,
/// the clue waits for the second pass.
const QUICK_SPLITS: u64 = 1_000;

/// The most case splits of one check in the second pass (the clues the
/// first pass left undecided).
const SLOW_SPLITS: u64 = 20_000;

/// The most case splits of the whole second pass; the clues still
/// unchecked then are kept. With the caps above, this bounds the work per
/// puzzle.
const SLOW_PASS_SPLITS: u64 = 200_000;

/// How many random clues are drawn, at most, to find one that rules out
/// the current second solution; then a value is placed instead.
const DRAWS: u32 = 64;

/// A generated puzzle, its solution and its grade.
///
/// # Example
///
/// See [`Generator`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generated {
    /// The puzzle (exactly one solution; no redundant clue when
    /// [`undecided`](Generated::undecided) is 0).
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Solution,
    /// Its grade.
    pub difficulty: Difficulty,
    /// The clues kept because the check whether the others imply them ran
    /// past the generator's effort limit for one check (they may be
    /// redundant). Zero on every seed the tests and measurements have
    /// tried.
    pub undecided: usize,
}

/// How far a generation got (see [`Generation`]).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Generator, Stage};
/// assert_eq!(Generator::new(4, 3)?.generate_within(7, &Default::default()).stage, Stage::Done);
/// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stage {
    /// Adding clues: they all hold in the solution, which is not yet known
    /// to be the only one.
    AddingClues,
    /// Dropping the clues that the others imply: the solution is the only
    /// one; clues not yet checked may be redundant.
    DroppingClues,
    /// Grading the finished puzzle (unique; every clue checked, and needed
    /// unless undecided).
    Grading,
    /// Finished.
    Done,
}

/// A generation under a [`Budget`] ([`Generator::generate_within`]): how it
/// ended, and what it had then.
///
/// # Example
///
/// ```
/// use kongming_search::dfs::{Budget, Outcome, StopReason};
/// use kongming_zebra_csp::{Generator, Stage};
/// let generator = Generator::new(6, 6)?;
/// let stopped = generator.generate_within(1, &Budget::unlimited().with_node_limit(5));
/// assert_eq!(stopped.outcome, Outcome::Stopped(StopReason::NodeLimit));
/// assert_ne!(stopped.stage, Stage::Done);
/// // What it had: clues that all hold in the solution.
/// assert!(stopped.solution.satisfies(&stopped.puzzle));
/// assert!(stopped.into_generated().is_none());
///
/// let done = generator.generate_within(1, &Budget::unlimited());
/// assert_eq!((done.outcome, done.stage), (Outcome::Complete, Stage::Done));
/// assert_eq!(done.into_generated(), Some(generator.generate(1)));
/// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generation {
    /// The clues so far (all hold in [`solution`](Generation::solution)).
    pub puzzle: Puzzle,
    /// The solution drawn first.
    pub solution: Solution,
    /// [`Outcome::Complete`], or why the budget stopped it.
    pub outcome: Outcome,
    /// The stage it was in when it ended ([`Stage::Done`] when complete).
    pub stage: Stage,
    /// The grade, once done.
    pub difficulty: Option<Difficulty>,
    /// As [`Generated::undecided`], so far.
    pub undecided: usize,
    /// The case splits of all its searches.
    pub case_splits: u64,
}

impl Generation {
    /// The finished puzzle, if the generation is complete.
    ///
    /// # Example
    ///
    /// See [`Generation`].
    pub fn into_generated(self) -> Option<Generated> {
        let difficulty = self.difficulty?;
        (self.outcome == Outcome::Complete).then_some(Generated {
            puzzle: self.puzzle,
            solution: self.solution,
            difficulty,
            undecided: self.undecided,
        })
    }
}

/// Generates logic-grid puzzles from a seed: the same size and seed give
/// the same puzzle on every machine (ChaCha8 random numbers).
///
/// The solution is drawn at random. Then, while some other grid satisfies
/// the clues so far, a random true clue that this grid breaks is added (a
/// value's house, if 64 draws find none). Then each clue, in random order,
/// is dropped if no grid other than the solution satisfies the others
/// (one search for a grid where the others hold and the clue does not).
/// What is left has exactly one solution and no redundant clue.
///
/// Every search is held to 20,000 case splits; one that needs more counts
/// as "not unique yet" while adding (so another clue is added) and keeps
/// its clue while dropping ([`Generated::undecided`] counts those). After
/// `4 × houses × categories` clues, only values' houses are added. So the
/// work per puzzle is bounded for every size; the crate docs give the
/// times measured per size. [`generate_within`](Generator::generate_within)
/// also takes a [`Budget`] (case splits over all searches, time, a cancel
/// flag) and reports how far it got.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Generator;
/// let generated = Generator::new(5, 4)?.generate(7);
/// let puzzle = &generated.puzzle;
/// assert!(puzzle.uniqueness().is_unique());
/// assert_eq!(generated.undecided, 0);
/// for i in 0..puzzle.clues().len() {
///     assert!(!puzzle.without_clue(i).expect("a clue index").uniqueness().is_unique());
/// }
/// assert_eq!(Generator::new(5, 4)?.generate(7), generated);
/// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    positions: usize,
    categories: usize,
}

impl Generator {
    /// A generator of puzzles with `positions` houses and `categories`
    /// categories.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::PositionCount`] outside `2..=16`,
    /// [`PuzzleError::NoCategories`] or [`PuzzleError::TooManyCategories`]
    /// outside `1..=16`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Generator, PuzzleError};
    /// assert_eq!(Generator::new(1, 3).unwrap_err(), PuzzleError::PositionCount(1));
    /// ```
    pub fn new(positions: usize, categories: usize) -> Result<Self, PuzzleError> {
        if !(MIN_POSITIONS..=MAX_POSITIONS).contains(&positions) {
            return Err(PuzzleError::PositionCount(positions));
        }
        if categories == 0 {
            return Err(PuzzleError::NoCategories);
        }
        if categories > MAX_CATEGORIES {
            return Err(PuzzleError::TooManyCategories);
        }
        Ok(Generator {
            positions,
            categories,
        })
    }

    /// The empty puzzle (names, no clue) this generator fills.
    fn blank(&self) -> Puzzle {
        let themes: Vec<(String, Vec<String>)> = (0..self.categories)
            .map(|c| theme(c, self.positions))
            .collect();
        let spec: Vec<(&str, &[String])> = themes
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_slice()))
            .collect();
        Puzzle::new(&spec).expect("the built-in names are valid")
    }

    /// Generates the puzzle of `seed`.
    ///
    /// # Example
    ///
    /// See [`Generator`].
    #[must_use]
    pub fn generate(&self, seed: u64) -> Generated {
        self.generate_within(seed, &Budget::unlimited())
            .into_generated()
            .expect("an unlimited budget never runs out")
    }

    /// Generates the puzzle of `seed` within `budget`: its node limit
    /// counts the case splits of all the generator's searches, its time
    /// limit runs from the call, its cancel flag is watched. With enough
    /// budget the puzzle is the one [`generate`](Generator::generate)
    /// makes.
    ///
    /// # Example
    ///
    /// See [`Generation`].
    pub fn generate_within(&self, seed: u64, budget: &Budget) -> Generation {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = self.positions;
        let houses: Vec<Vec<usize>> = (0..self.categories)
            .map(|_| {
                let mut row: Vec<usize> = (0..n).collect();
                row.shuffle(&mut rng);
                row
            })
            .collect();
        let blank = self.blank();
        let solution = Solution::new(&blank, houses);
        let mut run = Run {
            generator: self,
            rng,
            allowance: Allowance::new(budget),
            puzzle: blank,
            solution,
            undecided: 0,
        };
        let (stage, outcome, difficulty) = match run.build() {
            Ok(difficulty) => (Stage::Done, Outcome::Complete, Some(difficulty)),
            Err((stage, reason)) => (stage, Outcome::Stopped(reason), None),
        };
        Generation {
            puzzle: run.puzzle,
            solution: run.solution,
            outcome,
            stage,
            difficulty,
            undecided: run.undecided,
            case_splits: run.allowance.case_splits(),
        }
    }

    /// Generates the puzzles of the seeds in `seeds`, in order, calling
    /// `progress(done, total)` after each (for a progress bar).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::Generator;
    /// let generator = Generator::new(4, 3)?;
    /// let mut calls = 0;
    /// let batch = generator.generate_batch(10..13, |done, total| {
    ///     calls += 1;
    ///     assert!(done <= total && total == 3);
    /// });
    /// assert_eq!((batch.len(), calls), (3, 3));
    /// assert_eq!(batch[1], generator.generate(11));
    /// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
    /// ```
    pub fn generate_batch(
        &self,
        seeds: std::ops::Range<u64>,
        mut progress: impl FnMut(u64, u64),
    ) -> Vec<Generated> {
        let total = seeds.end.saturating_sub(seeds.start);
        // Grown one puzzle at a time: a range's length says nothing about
        // how many puzzles the caller will wait for, so none is reserved.
        let mut batch = Vec::new();
        for (done, seed) in (1..).zip(seeds) {
            batch.push(self.generate(seed));
            progress(done, total);
        }
        batch
    }
}

/// One generation in progress.
struct Run<'g> {
    generator: &'g Generator,
    rng: ChaCha8Rng,
    allowance: Allowance,
    /// The clues so far.
    puzzle: Puzzle,
    solution: Solution,
    undecided: usize,
}

impl Run<'_> {
    /// Adds clues, drops the redundant ones, grades; or stops (the stage and
    /// why) when the budget runs out, with `puzzle` as it was.
    fn build(&mut self) -> Result<Difficulty, (Stage, StopReason)> {
        self.add_clues().map_err(|r| (Stage::AddingClues, r))?;
        self.drop_clues().map_err(|r| (Stage::DroppingClues, r))?;
        grade_within(&self.puzzle, &mut self.allowance).map_err(|r| (Stage::Grading, r))
    }

    /// Adds true clues until the solution is the only one.
    fn add_clues(&mut self) -> Result<(), StopReason> {
        let (n, categories) = (self.generator.positions, self.generator.categories);
        let plenty = 4 * n * categories;
        loop {
            let witness =
                match self
                    .allowance
                    .other_solution(&self.puzzle, &self.solution, QUICK_SPLITS)?
                {
                    Answer::Only => return Ok(()),
                    Answer::Other(other) => Some(other),
                    Answer::Undecided => None,
                };
            let drawn = if self.puzzle.clues.len() < plenty {
                self.draw_against(witness.as_ref())
            } else {
                None
            };
            let clue = drawn.unwrap_or_else(|| self.placing_clue(witness.as_ref()));
            self.puzzle.clues.push(clue);
        }
    }

    /// A new random clue that holds in the solution and not in `witness`
    /// (any new one without a witness), if one of [`DRAWS`] draws is.
    fn draw_against(&mut self, witness: Option<&Solution>) -> Option<Clue> {
        let (n, categories) = (self.generator.positions, self.generator.categories);
        for _ in 0..DRAWS {
            let clue = random_clue(&mut self.rng, &self.solution, categories, n);
            debug_assert!(
                self.holds_in(&clue, &self.solution),
                "a false clue was drawn"
            );
            let useful = witness.is_none_or(|w| !self.holds_in(&clue, w));
            if useful
                && !self.puzzle.clues.contains(&clue)
                && self.puzzle.validate_clue(&clue).is_ok()
            {
                return Some(clue);
            }
        }
        None
    }

    /// A value's house: one where `witness` has it elsewhere, or (without a
    /// witness) one not yet placed by a clue.
    fn placing_clue(&mut self, witness: Option<&Solution>) -> Clue {
        let (n, categories) = (self.generator.positions, self.generator.categories);
        let items =
            (0..categories).flat_map(|category| (0..n).map(move |value| Item { category, value }));
        let candidates: Vec<Item> = match witness {
            Some(w) => items
                .filter(|&item| w.house_of(item) != self.solution.house_of(item))
                .collect(),
            None => items
                .filter(|&item| {
                    let placed =
                        Clue::Same(Term::Value(item), Term::House(self.solution.house_of(item)));
                    !self.puzzle.clues.contains(&placed)
                })
                .collect(),
        };
        // Without a witness some value is unplaced: were all placed,
        // propagation alone would settle the puzzle and the check would
        // have been decided.
        let item = match candidates.len() {
            0 => Item {
                category: 0,
                value: 0,
            },
            len => candidates[self.rng.random_range(0..len)],
        };
        Clue::Same(Term::Value(item), Term::House(self.solution.house_of(item)))
    }

    fn holds_in(&self, clue: &Clue, grid: &Solution) -> bool {
        clue.holds(|t| match t {
            Term::Value(item) => grid.house_of(item),
            Term::House(h) => h,
        })
    }

    /// Drops, in random order, each clue that the others imply: a quick
    /// pass over all clues, then a slower one over those it left undecided.
    fn drop_clues(&mut self) -> Result<(), StopReason> {
        let all = self.puzzle.clues.clone();
        let mut order: Vec<usize> = (0..all.len()).collect();
        order.shuffle(&mut self.rng);
        let mut keep = vec![true; all.len()];
        let mut undecided = Vec::new();
        let result = self.drop_pass(&all, &order, &mut keep, &mut undecided, QUICK_SPLITS, None);
        let result = result.and_then(|()| {
            let retry = std::mem::take(&mut undecided);
            let pass_end = self
                .allowance
                .case_splits()
                .saturating_add(SLOW_PASS_SPLITS);
            self.drop_pass(
                &all,
                &retry,
                &mut keep,
                &mut undecided,
                SLOW_SPLITS,
                Some(pass_end),
            )
        });
        self.undecided = undecided.len();
        self.puzzle.clues = all
            .iter()
            .zip(&keep)
            .filter(|&(_, &k)| k)
            .map(|(c, _)| *c)
            .collect();
        result
    }

    /// Checks the clues `order` (indices into `all`) one by one, each within
    /// `cap` case splits, and until the run's splits reach `pass_end`:
    /// clears `keep` for those the others imply, lists the undecided ones.
    /// On a stop, the clue under check and the unchecked ones stay kept.
    fn drop_pass(
        &mut self,
        all: &[Clue],
        order: &[usize],
        keep: &mut [bool],
        undecided: &mut Vec<usize>,
        cap: u64,
        pass_end: Option<u64>,
    ) -> Result<(), StopReason> {
        for (done, &i) in order.iter().enumerate() {
            let used = self.allowance.case_splits();
            if pass_end.is_some_and(|end| used >= end) {
                undecided.extend_from_slice(&order[done..]);
                return Ok(());
            }
            let cap = pass_end.map_or(cap, |end| cap.min(end - used));
            keep[i] = false;
            let others: Vec<Clue> = all
                .iter()
                .zip(keep.iter())
                .filter(|&(_, &k)| k)
                .map(|(c, _)| *c)
                .collect();
            match self
                .allowance
                .other_without(&self.puzzle, &others, &all[i], cap)
            {
                Ok(Answer::Only) => {}
                Ok(Answer::Other(_)) => keep[i] = true,
                Ok(Answer::Undecided) => {
                    keep[i] = true;
                    undecided.push(i);
                }
                Err(reason) => {
                    keep[i] = true;
                    return Err(reason);
                }
            }
        }
        Ok(())
    }
}
