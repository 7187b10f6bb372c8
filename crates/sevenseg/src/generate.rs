//! Puzzles with exactly one fix: the [`Generator`] and its lazy stream of
//! [`Puzzles`].

use std::collections::{BTreeSet, VecDeque};
use std::fmt;
use std::iter::FusedIterator;

use kongming_search::control::{Budget, Meter, Outcome, Progress, StopReason};
use kongming_search::play::GenerateError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::change::Change;
use crate::equation::{Equation, Rules};
use crate::glyph::{Glyph, Op};
use crate::grade::{Difficulty, Grade};
use crate::progress::SharedProgress;
use crate::puzzle::{Puzzle, PuzzleList};
use crate::solve::{SolveError, Solver};

/// Makes puzzles `a op b = c` with exactly one fix, graded.
///
/// Each puzzle comes from a true equation `a op b = c` (operands
/// `0..=max_operand`, result an integer in `0..=max_result`, operators
/// `+` and `-` by default) by the inverse change; it is kept when it is
/// false and its only fix is that true equation. Each kept puzzle is
/// graded ([`Puzzle::difficulty`], a [`Difficulty`]: the search for every
/// candidate the change makes from it); [`grade`](Generator::grade)
/// keeps only the puzzles of one [`Grade`].
///
/// [`generate`](Generator::generate) makes one puzzle from a seed, of
/// the grade asked for, or says why not ([`GenerateError`]);
/// [`generate_batch`](Generator::generate_batch) draws several at once;
/// [`puzzles`](Generator::puzzles) streams every puzzle lazily;
/// [`all`](Generator::all) collects them, sorted. A
/// [`budget`](Generator::budget) bounds each run and
/// [`on_progress`](Generator::on_progress) follows it.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Generator, Grade, Solver};
///
/// let generator = Generator::new(Change::Move(1))?.grade(Grade::Hard);
/// let puzzle = generator.generate(42)?;
/// assert_eq!(puzzle, generator.generate(42)?); // same seed, same puzzle
/// assert_eq!(puzzle.grade(), Grade::Hard);
/// let fixes = Solver::new(Change::Move(1)).solve(puzzle.equation())?.into_fixes();
/// assert_eq!(fixes.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator<'a> {
    change: Change,
    rules: Rules,
    max_operand: u32,
    max_result: u32,
    ops: Vec<Op>,
    grade: Option<Grade>,
    attempts: u32,
    budget: Budget,
    progress: Option<SharedProgress<'a>>,
}

impl<'a> Generator<'a> {
    /// The attempts [`generate`](Generator::generate) makes by default.
    pub const ATTEMPTS: u32 = 1_000;

    /// Puzzles for `change`, default rules, single digits, `+` and `-`,
    /// any grade, no budget.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSticks`] for a change of 0 sticks,
    /// [`SolveError::TooManySticks`] for more than
    /// [`MAX_STICKS`](crate::MAX_STICKS).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator, SolveError};
    /// assert!(!Generator::new(Change::Move(1))?.all().puzzles().is_empty());
    /// assert_eq!(Generator::new(Change::Add(0)).unwrap_err(), SolveError::NoSticks(Change::Add(0)));
    /// assert_eq!(Generator::new(Change::Move(7)).unwrap_err(), SolveError::TooManySticks(7));
    /// # Ok::<(), SolveError>(())
    /// ```
    pub fn new(change: Change) -> Result<Generator<'a>, SolveError> {
        change.check()?;
        Ok(Generator {
            change,
            rules: Rules::default(),
            max_operand: 9,
            max_result: 9,
            ops: vec![Op::Plus, Op::Minus],
            grade: None,
            attempts: Generator::ATTEMPTS,
            budget: Budget::unlimited(),
            progress: None,
        })
    }

    /// Sets the rules.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator, Rules};
    /// let g = Generator::new(Change::Move(1))?.rules(Rules::default().keep_orientation(true));
    /// assert!(!g.all().puzzles().is_empty());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    #[must_use]
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// The largest operand (default 9). Capped at 99, so that the true
    /// equations stay at most 40 000.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let g = Generator::new(Change::Move(1))?.max_operand(3).max_result(3);
    /// assert!(g.all().puzzles().iter().all(|p| p.fix().equation().len() == 5));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    #[must_use]
    pub fn max_operand(mut self, n: u32) -> Self {
        self.max_operand = n.min(99);
        self
    }

    /// The largest result (default 9). Capped at 9 999.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let g = Generator::new(Change::Move(1))?.max_result(18);
    /// assert!(g.true_equations().iter().any(|e| e.to_string() == "9+9=18"));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    #[must_use]
    pub fn max_result(mut self, n: u32) -> Self {
        self.max_result = n.min(9_999);
        self
    }

    /// The operators of the true equations (default `+` and `-`; `=` and
    /// repeats are ignored).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator, Op};
    /// let g = Generator::new(Change::Move(1))?.operators(&[Op::Times, Op::Times]);
    /// assert!(g.true_equations().iter().all(|e| e.to_string().contains('*')));
    /// // Single digits whose product is at most 9, each once.
    /// assert_eq!(g.true_equations().len(), 42);
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    #[must_use]
    pub fn operators(mut self, ops: &[Op]) -> Self {
        self.ops.clear();
        for &op in ops {
            if op != Op::Equals && !self.ops.contains(&op) {
                self.ops.push(op);
            }
        }
        self
    }

    /// Keeps only the puzzles of `grade` (by default every grade): the
    /// others are found and graded, then left out. The grade is the
    /// [`Difficulty::grade`] of the puzzle's effort under the generator's
    /// change and rules.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator, Grade};
    /// let hard = Generator::new(Change::Move(1))?.grade(Grade::Hard).generate_batch(5, 3);
    /// assert_eq!(hard.puzzles().len(), 3);
    /// assert!(hard.puzzles().iter().all(|p| p.grade() == Grade::Hard));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    #[must_use]
    pub fn grade(mut self, grade: Grade) -> Self {
        self.grade = Some(grade);
        self
    }

    /// How many true equations [`generate`](Generator::generate) tries
    /// for a grade before it gives up with
    /// [`GenerateError::GradeNotReached`] (default [`Generator::ATTEMPTS`];
    /// at least 1). Without a grade it tries them all if need be.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, GenerateError, Generator, Grade};
    /// // 1+1=2 and its like, with one try: no expert puzzle among them.
    /// let generator = Generator::new(Change::Move(1))?
    ///     .max_operand(1)
    ///     .grade(Grade::Expert)
    ///     .attempts(1);
    /// assert!(matches!(generator.generate(0), Err(GenerateError::GradeNotReached { attempts: 1, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn attempts(mut self, attempts: u32) -> Self {
        self.attempts = attempts.max(1);
        self
    }

    /// Limits each run ([`puzzles`](Generator::puzzles), [`all`](Generator::all),
    /// [`generate`](Generator::generate), [`puzzles_for`](Generator::puzzles_for)):
    /// a node is one node of the fix searches the run makes (see
    /// [`Solver::budget`]): the search for the equations the inverse
    /// change makes from each true equation, the search for the fixes
    /// of each of them, and the search for the candidates of each puzzle
    /// that grades it. Each run gets the whole budget, its clock started
    /// at its first step. A stopped run keeps the puzzles found so far
    /// (each checked to have exactly one fix) and ends with an
    /// [`Outcome::Stopped`].
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use kongming_sevenseg::{Budget, Change, Generator};
    /// let generator = Generator::new(Change::Move(1))?
    ///     .budget(Budget::unlimited().with_time_limit(Duration::from_secs(60)));
    /// assert!(generator.all().outcome().is_complete());
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Calls `callback` after each true equation a run works through (each
    /// draw, for [`generate`](Generator::generate)): `done` is the true
    /// equations (draws) so far, `total` the number of true equations
    /// ([`puzzles`](Generator::puzzles), [`all`](Generator::all),
    /// [`puzzles_for`](Generator::puzzles_for)) or unknown (`generate`),
    /// `found` the puzzles found so far. Raise the budget's
    /// [`CancelFlag`](crate::CancelFlag) from it to stop the run. Clones
    /// of the generator report to the same callback.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let mut last = None;
    /// let generator = Generator::new(Change::Move(1))?
    ///     .on_progress(|report| last = Some((report.done, report.total, report.found)));
    /// let all = generator.all();
    /// drop(generator);
    /// assert_eq!(last, Some((110, Some(110), all.puzzles().len() as u64)));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + Send + 'a) -> Self {
        self.progress = Some(SharedProgress::new(callback));
        self
    }

    /// Every true equation `a op b = c` the puzzles start from, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// // 55 sums and 55 differences of single digits.
    /// assert_eq!(Generator::new(Change::Move(1))?.true_equations().len(), 110);
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn true_equations(&self) -> Vec<Equation> {
        let mut out = Vec::new();
        for &op in &self.ops {
            for a in 0..=self.max_operand {
                for b in 0..=self.max_operand {
                    let c = match op {
                        Op::Plus => Some(a + b),
                        Op::Minus => a.checked_sub(b),
                        Op::Times => Some(a * b),
                        Op::Divide => (b != 0 && a % b == 0).then(|| a / b),
                        Op::Equals => None,
                    };
                    let Some(c) = c.filter(|&c| c <= self.max_result) else {
                        continue;
                    };
                    let mut glyphs = digits(a);
                    glyphs.push(Glyph::op(op));
                    glyphs.extend(digits(b));
                    glyphs.push(Glyph::op(Op::Equals));
                    glyphs.extend(digits(c));
                    if let Ok(eq) = self.rules.equation(glyphs) {
                        out.push(eq);
                    }
                }
            }
        }
        out
    }

    /// Every puzzle, lazily: true equation by true equation (in the order
    /// of [`true_equations`](Generator::true_equations)), the puzzles of
    /// each in search order. Nothing is kept but the true equations and
    /// the puzzles of the current one not yet given. The stream ends when
    /// every true equation is done or the budget stops it;
    /// [`Puzzles::outcome`] then tells which.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator, Outcome};
    /// let generator = Generator::new(Change::Move(1))?;
    /// let mut puzzles = generator.puzzles();
    /// let first = puzzles.next().expect("there are puzzles");
    /// assert!(!first.equation().is_true());
    /// assert_eq!(puzzles.by_ref().count() + 1, generator.all().puzzles().len());
    /// assert_eq!(puzzles.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn puzzles(&self) -> Puzzles<'a> {
        Puzzles {
            run: Run::new(self),
            truths: self.true_equations(),
            next_truth: 0,
            pending: VecDeque::new(),
            found: 0,
            stop: None,
            outcome: None,
        }
    }

    /// Every puzzle from every true equation, sorted by equation: the
    /// [`puzzles`](Generator::puzzles) stream collected.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let all = Generator::new(Change::Move(1))?.all();
    /// assert!(all.outcome().is_complete());
    /// assert!(all.puzzles().iter().any(|p| p.to_string() == "5+7=2"));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn all(&self) -> PuzzleList {
        let mut stream = self.puzzles();
        let mut puzzles: Vec<Puzzle> = stream.by_ref().collect();
        puzzles.sort_by(|a, b| a.equation.cmp(&b.equation));
        // Each puzzle has one fix, so it comes from one true equation:
        // there are no repeats to remove.
        PuzzleList::new(puzzles, stream.outcome().unwrap_or(Outcome::Complete))
    }

    /// Every puzzle whose only fix is `truth` (which should be true), in
    /// search order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let puzzles = Generator::new(Change::Move(1))?.puzzles_for(&"9-7=2".parse()?);
    /// assert!(puzzles.puzzles().iter().any(|p| p.to_string() == "5+7=2"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzles_for(&self, truth: &Equation) -> PuzzleList {
        let mut run = Run::new(self);
        let mut puzzles = VecDeque::new();
        let stop = run.puzzles_of(truth, &mut puzzles).err();
        if stop.is_none() {
            run.report(
                Progress::new((), 1)
                    .with_total(1)
                    .with_found(puzzles.len() as u64),
            );
        }
        PuzzleList::new(puzzles.into(), outcome_of(stop))
    }

    /// One puzzle drawn from `seed` (the same seed gives the same puzzle),
    /// of the grade asked for ([`grade`](Generator::grade); any grade
    /// without it), with exactly one fix; or why there is none.
    ///
    /// The true equations are tried in an order drawn from the seed
    /// (ChaCha8), up to [`attempts`](Generator::attempts) of them when a
    /// grade is asked for (all of them otherwise); the first that is the
    /// only fix of some puzzle of the grade gives the puzzle, one of its
    /// puzzles drawn from the seed. A node of the [`budget`](Generator::budget)
    /// is one of every search of the call, as for the other runs.
    ///
    /// # Errors
    ///
    /// - [`GenerateError::Stopped`] when the [`budget`](Generator::budget)
    ///   runs out first (no puzzle is given, not even an easier one);
    /// - [`GenerateError::GradeNotReached`] when the attempts all miss the
    ///   grade;
    /// - [`GenerateError::NoPuzzle`] when no grade was asked for, every
    ///   true equation was tried and none gives a puzzle.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Budget, Change, GenerateError, Generator, Grade, StopReason};
    ///
    /// let generator = Generator::new(Change::Move(1))?.grade(Grade::Easy);
    /// let puzzle = generator.generate(3)?;
    /// assert_eq!(puzzle.grade(), Grade::Easy);
    /// assert_eq!(puzzle.change(), Change::Move(1));
    ///
    /// let starved = generator.budget(Budget::unlimited().with_node_limit(5));
    /// assert_eq!(starved.generate(3), Err(GenerateError::Stopped(StopReason::NodeLimit)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate(&self, seed: u64) -> Result<Puzzle, GenerateError> {
        let mut run = Run::new(self);
        let mut truths = self.true_equations();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut puzzles = VecDeque::new();
        let mut tried = 0u32;
        // A partial Fisher-Yates shuffle: the order is drawn as it is used.
        for i in 0..truths.len() {
            // Without a grade any puzzle does, so every true equation may
            // be tried: then `NoPuzzle` is a complete answer.
            if self.grade.is_some() && tried == self.attempts {
                break;
            }
            let j = rng.random_range(i..truths.len());
            truths.swap(i, j);
            puzzles.clear();
            run.puzzles_of(&truths[i], &mut puzzles)
                .map_err(GenerateError::Stopped)?;
            tried += 1;
            run.report(Progress::new((), u64::from(tried)).with_found(0));
            if !puzzles.is_empty() {
                let pick = rng.random_range(0..puzzles.len());
                return Ok(puzzles
                    .swap_remove_back(pick)
                    .expect("the pick is in range"));
            }
        }
        match self.grade {
            Some(grade) => Err(GenerateError::GradeNotReached {
                grade,
                attempts: tried,
            }),
            None => Err(GenerateError::NoPuzzle),
        }
    }

    /// Up to `count` distinct puzzles drawn at random, in one run (for one
    /// puzzle of a grade, or the reason there is none, see
    /// [`generate`](Generator::generate)) (ChaCha8 seeded with
    /// `seed`: the same seed gives the same puzzles). Fewer when the true
    /// equations do not give that many: it gives up after `50 × count`
    /// fruitless draws, or once every true equation drawn has had all its
    /// puzzles drawn and every true equation has been drawn, so any
    /// `count` (even `usize::MAX`) ends, with at most every puzzle there
    /// is. A run stopped by the budget gives the puzzles drawn before the
    /// stop: the first of those the same seed gives without a budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator};
    /// let generated = Generator::new(Change::Move(2))?.generate_batch(3, 4);
    /// assert_eq!(generated.puzzles().len(), 4);
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn generate_batch(&self, seed: u64, count: usize) -> PuzzleList {
        let mut run = Run::new(self);
        let truths = self.true_equations();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        let mut misses = 0usize;
        let most_misses = count.max(1).saturating_mul(50);
        // The true equations whose puzzles have all been drawn (each puzzle
        // has one fix, so it comes from one true equation only).
        let mut exhausted = vec![false; truths.len()];
        let mut left = truths.len();
        let mut draws = 0u64;
        let mut puzzles = VecDeque::new();
        while out.len() < count && misses < most_misses && left > 0 {
            let drawn = rng.random_range(0..truths.len());
            puzzles.clear();
            if let Err(reason) = run.puzzles_of(&truths[drawn], &mut puzzles) {
                return PuzzleList::new(out, Outcome::Stopped(reason));
            }
            draws += 1;
            let fresh: Vec<&Puzzle> = puzzles
                .iter()
                .filter(|p| !seen.contains(&p.equation))
                .collect();
            if fresh.is_empty() {
                misses += 1;
                if !exhausted[drawn] {
                    exhausted[drawn] = true;
                    left -= 1;
                }
            } else {
                let pick = fresh[rng.random_range(0..fresh.len())].clone();
                seen.insert(pick.equation.clone());
                out.push(pick);
            }
            run.report(Progress::new((), draws).with_found(out.len() as u64));
        }
        PuzzleList::new(out, Outcome::Complete)
    }
}

/// The outcome of work that stopped for `stop`, if it did.
fn outcome_of(stop: Option<StopReason>) -> Outcome {
    stop.map_or(Outcome::Complete, Outcome::Stopped)
}

/// One run of a generator: the solvers for the inverse change (from a true
/// equation to the candidate puzzles) and for the change (back to their
/// fixes), built once per run, the run's budget, and the grade kept.
#[derive(Debug)]
struct Run<'a> {
    change: Change,
    rules: Rules,
    back: Solver<'static>,
    forth: Solver<'static>,
    grade: Option<Grade>,
    budget: Budget,
    /// Started at the run's first step.
    meter: Option<Meter>,
    /// The nodes of the searches finished so far.
    nodes: u64,
    progress: Option<SharedProgress<'a>>,
}

impl<'a> Run<'a> {
    /// The generator's change was checked when it was made.
    fn new(generator: &Generator<'a>) -> Self {
        Run {
            change: generator.change,
            rules: generator.rules,
            back: Solver::new(generator.change.inverse()).rules(generator.rules),
            forth: Solver::new(generator.change).rules(generator.rules),
            grade: generator.grade,
            budget: generator.budget.clone(),
            meter: None,
            nodes: 0,
            progress: generator.progress.clone(),
        }
    }

    fn report(&self, report: Progress) {
        if let Some(progress) = &self.progress {
            progress.report(&report);
        }
    }

    /// Appends every puzzle whose only fix is `truth` (of the grade kept)
    /// to `out`, graded, in search order; `Err` when the budget stops it,
    /// `out` then holding the puzzles found and graded before the stop.
    fn puzzles_of(
        &mut self,
        truth: &Equation,
        out: &mut VecDeque<Puzzle>,
    ) -> Result<(), StopReason> {
        let Run {
            change,
            rules,
            back,
            forth,
            grade,
            budget,
            meter,
            nodes,
            ..
        } = self;
        let meter = meter.get_or_insert_with(|| budget.start());
        let mut near = back.problem(truth, false);
        let mut candidates = back.run(&mut near, meter.remaining(*nodes));
        while let Some(candidate) = candidates.next_solution() {
            // The searches for the candidates' fixes spend nodes the search
            // for the candidates does not see.
            let spent = *nodes + candidates.stats().nodes;
            if let Some(reason) = meter.exceeded(spent) {
                *nodes = spent;
                return Err(reason);
            }
            let equation = candidate.equation();
            if equation.is_true() {
                continue;
            }
            let mut problem = forth.problem(equation, true);
            let mut fixes = forth.run(&mut problem, meter.remaining(spent));
            // A second fix settles it: the rest of the search is not needed.
            let (first, second) = (fixes.next_solution(), fixes.next_solution());
            *nodes += fixes.stats().nodes;
            if let Some(reason) = fixes.outcome().and_then(Outcome::stop_reason) {
                *nodes += candidates.stats().nodes;
                return Err(reason);
            }
            let Some(fix) = first.filter(|fix| second.is_none() && fix.equation() == truth) else {
                continue;
            };
            // The grade: every candidate of the puzzle.
            let spent = *nodes + candidates.stats().nodes;
            let mut near = forth.problem(equation, false);
            let mut grading = forth.run(&mut near, meter.remaining(spent));
            let difficulty = Difficulty::of(std::iter::from_fn(|| grading.next_solution()));
            *nodes += grading.stats().nodes;
            if let Some(reason) = grading.outcome().and_then(Outcome::stop_reason) {
                *nodes += candidates.stats().nodes;
                return Err(reason);
            }
            let difficulty = difficulty.expect("the fix is one of the candidates");
            if grade.is_none_or(|grade| difficulty.grade() == grade) {
                out.push_back(Puzzle {
                    equation: equation.clone(),
                    change: *change,
                    rules: *rules,
                    fix,
                    difficulty,
                });
            }
        }
        *nodes += candidates.stats().nodes;
        match candidates.outcome().and_then(Outcome::stop_reason) {
            Some(reason) => Err(reason),
            None => Ok(()),
        }
    }
}

/// Every puzzle of a [`Generator`], found lazily: the iterator of
/// [`Generator::puzzles`].
///
/// Puzzles come true equation by true equation; each has exactly one fix.
/// The stream ends when every true equation is done or the generator's
/// budget stops it; [`outcome`](Puzzles::outcome) then tells which
/// (before the end it is `None`). Once ended it stays ended.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Budget, Change, Generator, Outcome, StopReason};
///
/// let generator = Generator::new(Change::Move(1))?.budget(Budget::unlimited().with_node_limit(500));
/// let mut puzzles = generator.puzzles();
/// let some = puzzles.by_ref().count();
/// assert!(some > 0);
/// assert_eq!(puzzles.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
/// # Ok::<(), kongming_sevenseg::SolveError>(())
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Puzzles<'a> {
    run: Run<'a>,
    truths: Vec<Equation>,
    next_truth: usize,
    /// Puzzles of the true equations done, not yet given.
    pending: VecDeque<Puzzle>,
    /// Puzzles found so far (given or pending).
    found: u64,
    /// Why the work stopped, once it has; the pending puzzles are given
    /// before the stream ends.
    stop: Option<StopReason>,
    outcome: Option<Outcome>,
}

impl Puzzles<'_> {
    /// How the run ended: `None` while it goes on, then
    /// [`Outcome::Complete`] when every true equation was done, or
    /// [`Outcome::Stopped`] when the budget stopped it.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Generator, Outcome};
    /// let generator = Generator::new(Change::Move(1))?.max_operand(2).max_result(2);
    /// let mut puzzles = generator.puzzles();
    /// assert_eq!(puzzles.outcome(), None);
    /// puzzles.by_ref().for_each(drop);
    /// assert_eq!(puzzles.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), kongming_sevenseg::SolveError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

impl Iterator for Puzzles<'_> {
    type Item = Puzzle;

    fn next(&mut self) -> Option<Puzzle> {
        loop {
            if let Some(puzzle) = self.pending.pop_front() {
                return Some(puzzle);
            }
            if self.outcome.is_some() {
                return None;
            }
            if self.stop.is_some() || self.next_truth == self.truths.len() {
                self.outcome = Some(outcome_of(self.stop));
                return None;
            }
            let before = self.pending.len();
            let truth = &self.truths[self.next_truth];
            self.stop = self.run.puzzles_of(truth, &mut self.pending).err();
            self.found += (self.pending.len() - before) as u64;
            if self.stop.is_none() {
                self.next_truth += 1;
                self.run.report(
                    Progress::new((), self.next_truth as u64)
                        .with_total(self.truths.len() as u64)
                        .with_found(self.found),
                );
            }
        }
    }
}

impl FusedIterator for Puzzles<'_> {}

impl fmt::Debug for Puzzles<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Puzzles")
            .field("done", &self.next_truth)
            .field("total", &self.truths.len())
            .field("found", &self.found)
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}

fn digits(n: u32) -> Vec<Glyph> {
    n.to_string()
        .bytes()
        .filter_map(|b| Glyph::digit(b - b'0'))
        .collect()
}
