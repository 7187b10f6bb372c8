//! Random puzzles with exactly one solution and no redundant clue, made in
//! a bounded number of bounded searches.

use std::sync::{Arc, Mutex, PoisonError};

use kongming_search::control::{Budget, Progress, ProgressFn, StopReason};
use kongming_search::play::{GenerateError, Grade};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::batch::Batch;
use crate::clue::{Clue, Term};
use crate::draw::{random_clue, theme};
use crate::effort::{Answer, Effort};
use crate::grade::{Difficulty, grade_within};
use crate::house::{House, Item};
use crate::puzzle::{MAX_CATEGORIES, MAX_POSITIONS, MIN_POSITIONS, Puzzle, PuzzleError};
use crate::solution::Solution;

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

/// How many puzzles [`Generator::generate`] makes, at most, to find one of
/// the grade asked for ([`Generator::grade`]): the seed given, then seeds
/// derived from it. When all of them end at another grade the answer is
/// [`GenerateError::GradeNotReached`].
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{GenerateError, Generator, Grade, GRADE_ATTEMPTS};
/// // Two houses and one category: every puzzle is settled by propagation.
/// let missed = Generator::new(2, 1)?.grade(Grade::Expert).generate(0);
/// assert_eq!(missed, Err(GenerateError::GradeNotReached { grade: Grade::Expert, attempts: GRADE_ATTEMPTS }));
/// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
/// ```
pub const GRADE_ATTEMPTS: u32 = 64;

/// A generated puzzle, its solution and its grade.
///
/// With the `serde` feature it is stored **without its solution**:
/// `{"seed":…,"puzzle":"<text>","difficulty":…,"undecided":…}`; loading it
/// solves the puzzle again and refuses a puzzle without exactly one
/// solution, and grades it again and refuses a difficulty that is not the
/// puzzle's (each within [`GAME_SPLITS`](crate::GAME_SPLITS) case splits).
/// [`with_answer`](Generated::with_answer) stores the solution too: loading
/// then also checks that every clue holds in it, so it is the puzzle's
/// only solution.
///
/// # Example
///
/// See [`Generator`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generated {
    /// The seed its solution and clues were drawn from: the seed given to
    /// [`Generator::generate`], or (with a grade asked for) one derived
    /// from it. A generator of the same size without a grade gives this
    /// puzzle back for this seed.
    pub seed: u64,
    /// The puzzle (exactly one solution; no redundant clue when
    /// [`undecided`](Generated::undecided) is 0).
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Solution,
    /// Its difficulty; [`Difficulty::grade`] is its grade.
    pub difficulty: Difficulty,
    /// The clues kept because the check whether the others imply them ran
    /// past the generator's effort limit for one check (they may be
    /// redundant). Zero on every seed the tests and measurements have
    /// tried up to 10 houses and 10 categories, and at 7 and 8 houses of 18
    /// categories.
    pub undecided: usize,
}

impl Generated {
    /// Its grade: [`Difficulty::grade`] of its difficulty.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Generator, Grade};
    /// let generated = Generator::new(4, 3)?.grade(Grade::Easy).generate(5)?;
    /// assert_eq!(generated.grade(), Grade::Easy);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade(&self) -> Grade {
        self.difficulty.grade()
    }

    /// The generated puzzle with its solution, for serde: what
    /// [`Generated`]'s own form leaves out.
    ///
    /// # Example
    ///
    /// ```
    /// let generated = kongming_zebra_csp::Generator::new(4, 3)?.generate(5)?;
    /// let answer = generated.with_answer();
    /// assert_eq!(answer.generated(), &generated);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_answer(&self) -> WithAnswer<'_> {
        WithAnswer(self)
    }
}

/// A [`Generated`] stored with its solution ([`Generated::with_answer`]):
/// with the `serde` feature it serializes as the generated puzzle plus a
/// `"solution"`, and `Generated` loads either form.
///
/// # Example
///
/// See [`Generated::with_answer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WithAnswer<'g>(pub(crate) &'g Generated);

impl<'g> WithAnswer<'g> {
    /// The generated puzzle.
    ///
    /// # Example
    ///
    /// See [`Generated::with_answer`].
    pub fn generated(&self) -> &'g Generated {
        self.0
    }
}

/// The stage of a generation, in the generator's
/// [progress reports](Generator::on_progress).
///
/// # Example
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use kongming_zebra_csp::{Generator, Progress, Stage};
/// let last = Arc::new(Mutex::new(None));
/// let seen = Arc::clone(&last);
/// let generator = Generator::new(4, 3)?
///     .on_progress(move |report: &Progress<Stage>| *seen.lock().unwrap() = Some(report.stage));
/// generator.generate(7)?;
/// assert_eq!(*last.lock().unwrap(), Some(Stage::Done));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Stage {
    /// Adding clues: they all hold in the solution, which is not yet known
    /// to be the only one.
    AddingClues,
    /// Dropping the clues the others imply.
    DroppingClues,
    /// Grading the finished puzzle.
    Grading,
    /// The puzzle is finished.
    Done,
}

/// A shared progress callback: [`Generator::generate`] takes `&self`, and
/// clones of a generator report to the same callback.
type SharedStageProgress<'a> = Arc<Mutex<ProgressFn<'a, Stage>>>;

/// Generates logic-grid puzzles from a seed: the same size, grade and seed
/// give the same puzzle on every machine (ChaCha8 random numbers).
///
/// `Generator::new(houses, categories)?.grade(g).budget(b).generate(seed)`
/// gives a [`Generated`] puzzle or a [`GenerateError`]: never a half-made
/// puzzle. Without [`grade`](Generator::grade) any grade is fine.
///
/// The solution is drawn at random. Then, while some other grid satisfies
/// the clues so far, a random true clue that this grid breaks is added (a
/// value's house, if 64 draws find none). Then each clue, in random order,
/// is dropped if no grid other than the solution satisfies the others
/// (one search for a grid where the others hold and the clue does not).
/// What is left has exactly one solution and no redundant clue. Last, the
/// puzzle is graded ([`Difficulty`]); with a grade asked for, puzzles of
/// other grades are thrown away and the next seed derived from the one
/// given is tried, up to [`GRADE_ATTEMPTS`] puzzles.
///
/// Every search is held to 20,000 case splits; one that needs more counts
/// as "not unique yet" while adding (so another clue is added) and keeps
/// its clue while dropping ([`Generated::undecided`] counts those). After
/// `4 × houses × categories` clues, only values' houses are added. So the
/// work per puzzle is bounded for every size; the crate docs give the
/// times measured per size. A [`budget`](Generator::budget) bounds it
/// further, and [`on_progress`](Generator::on_progress) reports it.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Generator, Grade};
/// let generator = Generator::new(5, 4)?;
/// let generated = generator.generate(7)?;
/// let puzzle = &generated.puzzle;
/// assert!(puzzle.uniqueness().unique() == Some(true));
/// assert_eq!(generated.undecided, 0);
/// for i in 0..puzzle.clues().len() {
///     assert_eq!(puzzle.without_clue(i).expect("a clue index").uniqueness().unique(), Some(false));
/// }
/// assert_eq!(generator.generate(7)?, generated);
///
/// let medium = generator.clone().grade(Grade::Medium).generate(7)?;
/// assert_eq!(medium.puzzle.grade(), Grade::Medium);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator<'a> {
    positions: usize,
    categories: usize,
    grade: Option<Grade>,
    budget: Budget,
    progress: Option<SharedStageProgress<'a>>,
}

impl<'a> Generator<'a> {
    /// A generator of puzzles with `positions` houses and `categories`
    /// categories, of any grade, with no budget and no progress callback.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::PositionCount`] for `positions` outside
    /// [`MIN_POSITIONS`]`..=`[`MAX_POSITIONS`] (2 to 16),
    /// [`PuzzleError::NoCategories`] or [`PuzzleError::TooManyCategories`]
    /// for `categories` outside `1..=`[`MAX_CATEGORIES`] (64).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Generator, PuzzleError};
    /// assert_eq!(Generator::new(1, 3).unwrap_err(), PuzzleError::PositionCount(1));
    /// assert_eq!(Generator::new(17, 3).unwrap_err(), PuzzleError::PositionCount(17));
    /// assert_eq!(Generator::new(5, 65).unwrap_err(), PuzzleError::TooManyCategories);
    /// assert!(Generator::new(16, 64).is_ok());
    /// let generator = Generator::new(6, 4)?;
    /// assert_eq!((generator.positions(), generator.categories()), (6, 4));
    /// # Ok::<(), PuzzleError>(())
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
            grade: None,
            budget: Budget::unlimited(),
            progress: None,
        })
    }

    /// The number of houses of its puzzles.
    ///
    /// # Example
    ///
    /// See [`Generator::new`].
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The number of categories of its puzzles.
    ///
    /// # Example
    ///
    /// See [`Generator::new`].
    pub fn categories(&self) -> usize {
        self.categories
    }

    /// Makes only puzzles of `grade` (by [`Difficulty::grade`]): up to
    /// [`GRADE_ATTEMPTS`] puzzles are made for one call, from the seed
    /// given and seeds derived from it, and the first of this grade is the
    /// answer. Small grids rarely need case splits: a hard or expert
    /// puzzle wants a grid of about 5 houses and 5 categories or more.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Generator, Grade};
    /// let easy = Generator::new(4, 4)?.grade(Grade::Easy).generate(1)?;
    /// assert_eq!(easy.puzzle.grade(), Grade::Easy);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn grade(mut self, grade: Grade) -> Self {
        self.grade = Some(grade);
        self
    }

    /// Limits the work: a node is a **case split** of any of the
    /// generator's searches (the checks for a second solution while adding
    /// clues, the checks whether a clue is needed, the grade's search).
    ///
    /// The budget applies to each [`generate`](Generator::generate) call
    /// (all its attempts), and to a whole
    /// [`generate_batch`](Generator::generate_batch) stream: its time limit
    /// runs from the call (from the stream's first puzzle), its cancel flag
    /// is watched. With enough budget the puzzle of a seed is the one an
    /// unlimited generator makes; when the budget runs out first the answer
    /// is [`GenerateError::Stopped`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Budget, GenerateError, Generator, StopReason};
    /// let tight = Generator::new(6, 6)?.budget(Budget::unlimited().with_node_limit(5));
    /// assert_eq!(tight.generate(1), Err(GenerateError::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), kongming_zebra_csp::PuzzleError>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Calls `callback` as the work goes on: after each check (a search
    /// for another grid), every few thousand case splits within one, and
    /// when a puzzle is done. A report's `stage` is where the current
    /// puzzle is, `done` the case splits so far (of the call, or of the
    /// whole batch), `found` the puzzles finished so far (of any grade).
    /// To stop from the callback, raise the budget's
    /// [`CancelFlag`](crate::CancelFlag). Clones of the generator report to
    /// the same callback.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::mpsc;
    /// use kongming_zebra_csp::{Generator, Progress, Stage};
    /// let (send, receive) = mpsc::channel();
    /// let generator = Generator::new(5, 5)?
    ///     .on_progress(move |report: &Progress<Stage>| send.send(*report).unwrap());
    /// generator.generate(3)?;
    /// drop(generator);
    /// let reports: Vec<Progress<Stage>> = receive.iter().collect();
    /// let last = reports.last().unwrap();
    /// assert_eq!((last.stage, last.found), (Stage::Done, 1));
    /// assert!(reports.iter().any(|r| r.stage == Stage::AddingClues));
    /// assert!(reports.windows(2).all(|w| w[0].done <= w[1].done));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress<Stage>) + Send + 'a) -> Self {
        self.progress = Some(Arc::new(Mutex::new(ProgressFn::new(callback))));
        self
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

    /// The puzzle of `seed` within the generator's budget, of the grade
    /// asked for if one is.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Stopped`] when the budget runs out first (nothing
    /// half-made is given), [`GenerateError::GradeNotReached`] when a grade
    /// is asked for and none of the [`GRADE_ATTEMPTS`] puzzles has it.
    ///
    /// # Example
    ///
    /// See [`Generator`].
    pub fn generate(&self, seed: u64) -> Result<Generated, GenerateError> {
        let mut effort = Effort::new(&self.budget);
        self.attempts(seed, &mut effort, 0)
    }

    /// The puzzles of the seeds in `seeds`, in order, one at a time as they
    /// are generated (nothing is made or reserved ahead): a lazy stream
    /// that ends early if the generator's budget (for the whole stream)
    /// runs out, with [`Batch::outcome`] saying why. Each puzzle is the one
    /// [`generate`](Generator::generate) gives for its seed; with a grade
    /// asked for, a seed whose attempts all miss it gives none.
    ///
    /// # Example
    ///
    /// See [`Batch`].
    pub fn generate_batch(&self, seeds: std::ops::Range<u64>) -> Batch<'_, 'a> {
        Batch::new(self, seeds)
    }

    /// The budget, for a batch to start.
    pub(crate) fn budget_ref(&self) -> &Budget {
        &self.budget
    }

    /// [`generate`](Generator::generate) within `effort`, `found` puzzles
    /// finished before it in this operation.
    pub(crate) fn attempts(
        &self,
        seed: u64,
        effort: &mut Effort,
        found: u64,
    ) -> Result<Generated, GenerateError> {
        let mut guard = self
            .progress
            .as_ref()
            .map(|p| p.lock().unwrap_or_else(PoisonError::into_inner));
        let Some(grade) = self.grade else {
            return self
                .run(seed, effort, guard.as_deref_mut(), found)
                .map_err(GenerateError::Stopped);
        };
        for attempt in 0..GRADE_ATTEMPTS {
            let drawn = attempt_seed(seed, attempt);
            let generated = self
                .run(
                    drawn,
                    effort,
                    guard.as_deref_mut(),
                    found + u64::from(attempt),
                )
                .map_err(GenerateError::Stopped)?;
            if generated.difficulty.grade() == grade {
                return Ok(generated);
            }
        }
        Err(GenerateError::GradeNotReached {
            grade,
            attempts: GRADE_ATTEMPTS,
        })
    }

    /// Generates the puzzle of `seed` within `effort`, `found` puzzles
    /// finished before it in this operation; why the budget stopped it, if
    /// it did.
    fn run(
        &self,
        seed: u64,
        effort: &mut Effort,
        progress: Option<&mut ProgressFn<'a, Stage>>,
        found: u64,
    ) -> Result<Generated, StopReason> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = self.positions;
        let houses: Vec<Vec<House>> = (0..self.categories)
            .map(|_| {
                let mut row: Vec<House> = (0..n).map(House::at).collect();
                row.shuffle(&mut rng);
                row
            })
            .collect();
        let blank = self.blank();
        let solution = Solution::new(&blank, houses);
        let mut run = Run {
            positions: self.positions,
            categories: self.categories,
            rng,
            effort,
            progress,
            found,
            stage: Stage::AddingClues,
            puzzle: blank,
            solution,
            undecided: 0,
        };
        let difficulty = run.build()?;
        run.stage = Stage::Done;
        run.found += 1;
        run.report();
        Ok(Generated {
            seed,
            puzzle: run.puzzle,
            solution: run.solution,
            difficulty,
            undecided: run.undecided,
        })
    }
}

/// The seed of attempt `attempt` for `seed`: the seed itself first, then
/// seeds mixed from both (SplitMix64's finaliser), so that nearby seeds do
/// not share their later attempts.
fn attempt_seed(seed: u64, attempt: u32) -> u64 {
    if attempt == 0 {
        return seed;
    }
    let mut z = seed ^ u64::from(attempt).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One generation in progress.
struct Run<'r, 'a> {
    positions: usize,
    categories: usize,
    rng: ChaCha8Rng,
    effort: &'r mut Effort,
    progress: Option<&'r mut ProgressFn<'a, Stage>>,
    /// Puzzles finished in this operation (this one too, once done).
    found: u64,
    stage: Stage,
    /// The clues so far.
    puzzle: Puzzle,
    solution: Solution,
    undecided: usize,
}

/// Passes the case splits of a search on to `progress` as reports of
/// `stage` with `found` puzzles.
fn forward<'t>(
    progress: Option<&'t mut ProgressFn<'_, Stage>>,
    stage: Stage,
    found: u64,
) -> Option<impl FnMut(u64) + Send + 't> {
    progress.map(move |p| move |done: u64| p.report(&Progress::new(stage, done).with_found(found)))
}

impl Run<'_, '_> {
    /// Adds clues, drops the redundant ones, grades; or stops (why) when
    /// the budget runs out, with `puzzle` as it was and `stage` where it
    /// was.
    fn build(&mut self) -> Result<Difficulty, StopReason> {
        self.stage = Stage::AddingClues;
        self.add_clues()?;
        self.stage = Stage::DroppingClues;
        self.drop_clues()?;
        self.stage = Stage::Grading;
        let difficulty = {
            let mut tick = forward(self.progress.as_deref_mut(), self.stage, self.found);
            let tick = tick.as_mut().map(|t| t as &mut (dyn FnMut(u64) + Send));
            grade_within(&self.puzzle, self.effort, tick)
        };
        self.report();
        difficulty
    }

    /// Reports where the generation is.
    fn report(&mut self) {
        if let Some(progress) = self.progress.as_deref_mut() {
            let done = self.effort.case_splits();
            progress.report(&Progress::new(self.stage, done).with_found(self.found));
        }
    }

    /// [`Effort::other_solution`] for the clues so far, reported.
    fn other_solution(&mut self, cap: u64) -> Result<Answer, StopReason> {
        let answer = {
            let mut tick = forward(self.progress.as_deref_mut(), self.stage, self.found);
            let tick = tick.as_mut().map(|t| t as &mut (dyn FnMut(u64) + Send));
            self.effort
                .other_solution(&self.puzzle, &self.solution, cap, tick)
        };
        self.report();
        answer
    }

    /// [`Effort::other_without`] for `clue` and the `others`, reported.
    fn other_without(
        &mut self,
        others: &[Clue],
        clue: &Clue,
        cap: u64,
    ) -> Result<Answer, StopReason> {
        let answer = {
            let mut tick = forward(self.progress.as_deref_mut(), self.stage, self.found);
            let tick = tick.as_mut().map(|t| t as &mut (dyn FnMut(u64) + Send));
            self.effort
                .other_without(&self.puzzle, others, clue, cap, tick)
        };
        self.report();
        answer
    }

    /// Adds true clues until the solution is the only one.
    fn add_clues(&mut self) -> Result<(), StopReason> {
        let (n, categories) = (self.positions, self.categories);
        let plenty = 4 * n * categories;
        loop {
            let witness = match self.other_solution(QUICK_SPLITS)? {
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
        let (n, categories) = (self.positions, self.categories);
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
        let (n, categories) = (self.positions, self.categories);
        let items =
            (0..categories).flat_map(|category| (0..n).map(move |value| Item::at(category, value)));
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
            0 => Item::at(0, 0),
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
            let pass_end = self.effort.case_splits().saturating_add(SLOW_PASS_SPLITS);
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
            let used = self.effort.case_splits();
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
            match self.other_without(&others, &all[i], cap) {
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
