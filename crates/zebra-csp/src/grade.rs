//! Difficulty: the least solving effort that settles a puzzle.

use std::fmt;
use std::sync::PoisonError;

use kongming_search::control::{Budget, Outcome, Progress, StopReason};

use crate::effort::{Effort, Tick};
use crate::network;
use crate::probe::{Watch, root_settles};
use crate::puzzle::Puzzle;
use crate::solve::SharedProgress;
#[cfg(doc)]
use crate::solve::Solver;

/// How hard a puzzle is, by the least solving effort that settles it
/// ([`Puzzle::difficulty`], [`Solver::rate`]), and its
/// [`grade`](Difficulty::grade).
///
/// # The measure
///
/// A puzzle is *settled* when every value has one house left. The grade is
/// the first of three efforts that settles it, with a count within each:
///
/// 1. [`Propagation`](Difficulty::Propagation) (shown "easy"): the root
///    propagation alone, every clue and every category's one value per
///    house propagated to generalised arc consistency (the fixpoint does
///    not depend on the order), settles the puzzle. A person needs only
///    the clues one at a time and "one value per house".
/// 2. [`Singleton { removals }`](Difficulty::Singleton) (medium to expert):
///    propagation does not settle it, singleton arc consistency at the
///    root does. Each value of each variable (by category, then value,
///    then house from the left) is supposed on a copy of the state; a
///    supposition whose propagation fails is ruled out and propagated, and
///    the passes repeat until one rules nothing out. `removals` counts the
///    values the suppositions rule out (not those propagation removes
///    after them). A person needs "suppose X, then a contradiction".
/// 3. [`CaseSplits { splits }`](Difficulty::CaseSplits) (expert): neither
///    settles it, or the puzzle has no solution or several. `splits` is
///    the number of case splits of the default search (propagation only,
///    dom/wdeg order, [`SolveStats::case_splits`](crate::SolveStats)) that
///    finds every solution, proving the solution unique. A person must
///    guess and backtrack.
///
/// The order ([`Ord`]) is this measure's: first by the effort (1 < 2 < 3),
/// then by the count within it (more values ruled out, or more case
/// splits, is harder). Nothing else is mixed in: there are no other
/// thresholds. Einstein's puzzle is `Propagation`; the 1962 Life puzzle,
/// `Singleton`.
///
/// # The grade
///
/// The family's [`Grade`] cuts the measure in four: `Propagation` is
/// easy; `Singleton` is medium while it rules out fewer than
/// [`HARD_REMOVALS`] values (a supposition or three), hard up to
/// [`EXPERT_REMOVALS`], and expert from there; `CaseSplits` is expert (a
/// person must guess and backtrack). The cuts are this crate's choice,
/// made so that the generator's puzzles of 4×4 and larger fall in every
/// grade but expert, and of 5×5 and larger in every grade; they are not a
/// measure of people: no published data rates logic-grid puzzles by
/// solvers' times.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::Difficulty;
/// use kongming_zebra_csp::Grade;
/// assert_eq!(kongming_zebra_csp::einstein().difficulty(), Difficulty::Propagation);
/// let life = kongming_zebra_csp::life().difficulty();
/// assert!(matches!(life, Difficulty::Singleton { .. }));
/// assert!(Difficulty::Propagation < life);
/// assert_eq!((Difficulty::Propagation.grade(), life.grade()), (Grade::Easy, Grade::Hard));
/// assert_eq!(Difficulty::CaseSplits { splits: 9 }.grade(), Grade::Expert);
/// assert_eq!(Difficulty::Propagation.to_string(), "easy (propagation alone)");
/// assert_eq!("hard".parse::<Grade>()?, Grade::Hard);
/// let unknown: kongming_zebra_csp::ParseGradeError = "hardest".parse::<Grade>().unwrap_err();
/// assert!(unknown.to_string().contains("hardest"));
/// # Ok::<(), kongming_zebra_csp::ParseGradeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Difficulty {
    /// Propagation of the clues and categories alone fixes every value.
    Propagation,
    /// Singleton arc consistency is needed (and enough): it ruled out
    /// `removals` values.
    Singleton {
        /// Values ruled out by singleton tests.
        removals: u64,
    },
    /// Case splits are needed even with singleton consistency: the default
    /// search made `splits` of them to prove the solution unique.
    CaseSplits {
        /// Case splits of the default search (all solutions).
        splits: u64,
    },
}

/// The fewest values singleton tests rule out in a [`Grade::Hard`]
/// puzzle: below them, a `Singleton` puzzle is [`Grade::Medium`].
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Difficulty, Grade, HARD_REMOVALS};
/// let removals = HARD_REMOVALS;
/// assert_eq!(Difficulty::Singleton { removals }.grade(), Grade::Hard);
/// ```
pub const HARD_REMOVALS: u64 = 4;

/// The fewest values singleton tests rule out in a [`Grade::Expert`]
/// puzzle that needs no case split.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Difficulty, Grade, EXPERT_REMOVALS};
/// let removals = EXPERT_REMOVALS;
/// assert_eq!(Difficulty::Singleton { removals }.grade(), Grade::Expert);
/// ```
pub const EXPERT_REMOVALS: u64 = 10;

impl Difficulty {
    /// The family's grade of this measure (see [`Difficulty`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_zebra_csp::{Difficulty, Grade};
    /// assert_eq!(Difficulty::Singleton { removals: 5 }.grade(), Grade::Hard);
    /// assert_eq!(Difficulty::CaseSplits { splits: 2 }.grade(), Grade::Expert);
    /// ```
    pub fn grade(&self) -> Grade {
        match self {
            Difficulty::Propagation => Grade::Easy,
            Difficulty::Singleton { removals } if *removals < HARD_REMOVALS => Grade::Medium,
            Difficulty::Singleton { removals } if *removals < EXPERT_REMOVALS => Grade::Hard,
            Difficulty::Singleton { .. } | Difficulty::CaseSplits { .. } => Grade::Expert,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grade = self.grade();
        match self {
            Difficulty::Propagation => write!(f, "{grade} (propagation alone)"),
            Difficulty::Singleton { removals } => write!(
                f,
                "{grade} (singleton arc consistency, {removals} values ruled out)"
            ),
            Difficulty::CaseSplits { splits } => write!(f, "{grade} ({splits} case splits)"),
        }
    }
}

pub use kongming_search::play::{Grade, ParseGradeError};

/// A difficulty, or why rating stopped first ([`Solver::rate`]).
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Difficulty, Outcome, Rating, Solver};
/// let puzzle = kongming_zebra_csp::einstein();
/// let rating = Solver::new(&puzzle).rate();
/// assert_eq!(rating, Rating::Rated(Difficulty::Propagation));
/// assert_eq!(rating.difficulty(), Some(Difficulty::Propagation));
/// assert_eq!(rating.outcome(), Outcome::Complete);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Rating {
    /// The puzzle's difficulty.
    Rated(Difficulty),
    /// The budget stopped the rating first.
    Stopped(StopReason),
}

impl Rating {
    /// The difficulty, if rating finished.
    ///
    /// # Example
    ///
    /// See [`Rating`].
    pub fn difficulty(self) -> Option<Difficulty> {
        match self {
            Rating::Rated(difficulty) => Some(difficulty),
            Rating::Stopped(_) => None,
        }
    }

    /// How rating ended.
    ///
    /// # Example
    ///
    /// See [`Rating`].
    pub fn outcome(self) -> Outcome {
        match self {
            Rating::Rated(_) => Outcome::Complete,
            Rating::Stopped(reason) => Outcome::Stopped(reason),
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rating::Rated(difficulty) => difficulty.fmt(f),
            Rating::Stopped(reason) => write!(f, "not rated ({reason})"),
        }
    }
}

/// Rates `puzzle` within `budget`, reporting the case splits of its search
/// to `progress` ([`Solver::rate`]).
pub(crate) fn grade_puzzle(
    puzzle: &Puzzle,
    budget: &Budget,
    progress: Option<SharedProgress<'_>>,
) -> Rating {
    let mut report = progress.map(|shared| {
        move |done: u64| {
            shared
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .report(&Progress::new((), done));
        }
    });
    let tick = report.as_mut().map(|r| r as &mut (dyn FnMut(u64) + Send));
    match grade_within(puzzle, &mut Effort::new(budget), tick) {
        Ok(difficulty) => Rating::Rated(difficulty),
        Err(reason) => Rating::Stopped(reason),
    }
}

/// Grades `puzzle` within what is left of `effort` (a generator's, or a
/// solver's), passing the case splits so far to `tick` during its search.
/// A puzzle without a unique solution is graded by the effort of its
/// search.
pub(crate) fn grade_within<'p>(
    puzzle: &'p Puzzle,
    effort: &mut Effort,
    tick: Tick<'p>,
) -> Result<Difficulty, StopReason> {
    if let Some(reason) = effort.spent() {
        return Err(reason);
    }
    let network = network::build(puzzle);
    if root_settles(&network, false, None).0 {
        return Ok(Difficulty::Propagation);
    }
    let mut watch = Watch::of(&effort.remaining());
    let (settled, removals) = root_settles(&network, true, watch.as_mut());
    if let Some(reason) = watch.as_ref().and_then(Watch::stopped) {
        // Cut short, the singleton tests prove nothing.
        return Err(reason);
    }
    if settled {
        return Ok(Difficulty::Singleton { removals });
    }
    let (_, splits) = effort.count(puzzle, tick)?;
    Ok(Difficulty::CaseSplits { splits })
}
