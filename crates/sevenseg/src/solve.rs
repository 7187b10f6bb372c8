//! Fixing an equation by moving, removing or adding sticks: the
//! [`Solver`], its lazy stream of [`Fixes`], and the collected
//! [`Solutions`].

use std::fmt;
use std::iter::FusedIterator;
use std::sync::OnceLock;

use kongming_search::control::{Budget, Outcome, Progress};
use kongming_search::dfs::{Problem, Search, Stats};

use crate::change::{Change, MAX_STICKS};
use crate::clue::Clue;
use crate::equation::{Equation, Rules};
use crate::fix::Fix;
use crate::grade::{Difficulty, Rating};
use crate::progress::SharedProgress;
use crate::search::{FixSearch, Table};

/// The fixes of an equation, with how the search ended: what
/// [`Solver::solve`] collects from [`Solver::fixes`].
///
/// When the search was stopped by its budget the fixes are those found
/// before the stop, and the list may be incomplete: only an
/// [`Outcome::Complete`] says there are no others.
///
/// Prints as its fixes, separated by commas, and the outcome in
/// parentheses. With the `serde` feature it is stored as a record of the
/// fixes, the outcome and the statistics.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Solver};
/// let eq: Equation = "9+5=9".parse()?;
/// let solutions = Solver::new(Change::Move(1)).solve(&eq)?;
/// assert!(solutions.outcome().is_complete());
/// let mut fixes: Vec<String> = solutions.fixes().iter().map(|f| f.to_string()).collect();
/// fixes.sort();
/// assert_eq!(fixes, ["3+5=8", "3+6=9"]);
/// assert_eq!(solutions.to_string(), "3+6=9, 3+5=8 (complete)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solutions {
    fixes: Vec<Fix>,
    outcome: Outcome,
    stats: Stats,
}

impl Solutions {
    /// The fixes, one per resulting equation, in search order.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let s = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?;
    /// assert_eq!(s.fixes().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fixes(&self) -> &[Fix] {
        &self.fixes
    }

    /// The fixes, by value.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let fixes = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?.into_fixes();
    /// assert_eq!(fixes[0].to_string(), "9-7=2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_fixes(self) -> Vec<Fix> {
        self.fixes
    }

    /// Whether the search was complete or stopped by its budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let s = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?;
    /// assert!(s.outcome().is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Search statistics. Nodes are the glyph changes the search applied:
    /// partial changes, with sticks still owed, and fixes; candidate
    /// equations that complete the stick counts are tested while the steps
    /// are listed and are not counted as nodes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let s = Solver::new(Change::Move(1)).solve(&"5+7=2".parse()?)?;
    /// assert_eq!(s.stats().solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// A hint from these fixes: a glyph to change, chosen as [`Clue`]
    /// says (changed by every fix when one is); `None` when there is no
    /// fix. When the search was stopped the hint is made from the fixes
    /// found, and does not claim that every fix changes its glyph.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let eq = "6-2=7".parse()?;
    /// let hint = Solver::new(Change::Move(1)).solve(&eq)?.clue().expect("fixes");
    /// // 9-2=7 and 5+2=7 both change the 6.
    /// assert_eq!(hint.position(), 0);
    /// assert!(hint.in_every_fix());
    /// assert!(Solver::new(Change::Move(1)).solve(&"1=7".parse()?)?.clue().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clue(&self) -> Option<Clue> {
        Clue::from_fixes(&self.fixes, self.outcome.is_complete())
    }
}

impl fmt::Display for Solutions {
    /// The fixes separated by `, ` (`no fix` when there is none), then the
    /// outcome in parentheses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.fixes.is_empty() {
            f.write_str("no fix")?;
        }
        for (i, fix) in self.fixes.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            fix.fmt(f)?;
        }
        write!(f, " ({})", self.outcome)
    }
}

/// Why a search could not start.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Solver, SolveError};
/// let err = Solver::new(Change::Move(9)).solve(&"1=1".parse()?).unwrap_err();
/// assert_eq!(err, SolveError::TooManySticks(9));
/// let err = Solver::new(Change::Move(0)).solve(&"1=1".parse()?).unwrap_err();
/// assert_eq!(err, SolveError::NoSticks(Change::Move(0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SolveError {
    /// A change of no sticks (`move 0`, `remove 0`, `add 0`): a puzzle
    /// asks for at least one.
    NoSticks(Change),
    /// More than [`MAX_STICKS`] sticks asked for.
    TooManySticks(usize),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NoSticks(change) => {
                write!(f, "`{change}` changes nothing: at least 1 stick is needed")
            }
            SolveError::TooManySticks(k) => {
                write!(f, "{k} sticks asked for, at most {MAX_STICKS} supported")
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// Finds every fix of an equation under a [`Change`] and [`Rules`].
///
/// The search runs on the `kongming-search` depth-first engine. Glyph
/// positions are fixed (a digit stays a digit, an operator an operator);
/// each step picks the next glyph to change and its new glyph, in
/// increasing position order, so each resulting equation is reached once.
/// Stick balance prunes it: a step may not take up or put down more sticks
/// than the change allows, and a branch stops when the glyphs to its right
/// cannot supply the sticks still owed. A step that completes the stick
/// counts is tested for truth when the steps are listed, so only fixes
/// become search nodes: [`Solutions::stats`] counts the partial changes
/// and the fixes, not every candidate equation tested.
///
/// [`fixes`](Solver::fixes) streams the fixes lazily, one at a time;
/// [`solve`](Solver::solve) collects them. A solver is built once and used
/// for any number of equations (its table of glyph alternatives is built
/// once); each search gets the whole [`budget`](Solver::budget).
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Change, Equation, Rules, Solver, Style};
///
/// let eq: Equation = "6+4=4".parse()?;
/// let rules = Rules::default().style(Style::default().nine_with_bottom(false));
/// let fixes = Solver::new(Change::Move(1)).rules(rules).solve(&eq)?.into_fixes();
/// let mut shown: Vec<String> = fixes.iter().map(|f| f.to_string()).collect();
/// shown.sort();
/// assert_eq!(shown, ["0+4=4", "5+4=9", "8-4=4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver<'a> {
    change: Change,
    rules: Rules,
    budget: Budget,
    progress: Option<SharedProgress<'a>>,
    /// The alternatives of each glyph under `rules` within `change`, built
    /// when first needed (so that setting the rules after [`Solver::new`]
    /// does not build it twice).
    table: OnceLock<Table>,
}

impl<'a> Solver<'a> {
    /// The alternatives table for the current rules and change.
    fn table(&self) -> &Table {
        self.table
            .get_or_init(|| Table::new(self.rules, self.change))
    }

    /// A solver for `change` under the default rules, with no budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let fixes = Solver::new(Change::Add(1)).solve(&"3+3=5".parse()?)?.into_fixes();
    /// assert!(fixes.iter().any(|f| f.to_string() == "3+3=6"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(change: Change) -> Solver<'a> {
        Solver {
            change,
            rules: Rules::default(),
            budget: Budget::unlimited(),
            progress: None,
            table: OnceLock::new(),
        }
    }

    /// Sets the rules.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Rules, Solver};
    /// let solver = Solver::new(Change::Move(1)).rules(Rules::default().keep_orientation(true));
    /// let fixes = solver.solve(&"6+4=4".parse()?)?.into_fixes();
    /// assert_eq!(fixes.len(), 1);
    /// assert_eq!(fixes[0].to_string(), "8-4=4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self.table = OnceLock::new();
        self
    }

    /// Limits each search (nodes, time, a cancel flag). A node is one
    /// glyph change the search applies: a partial change (sticks still
    /// owed) or a fix; the candidate equations that would complete the
    /// stick counts are tested while the steps are listed and are not
    /// nodes. Each call of [`fixes`](Solver::fixes), [`solve`](Solver::solve)
    /// or [`neighbours`](Solver::neighbours) gets the whole budget, its
    /// clock started at the first step. A stopped search keeps the fixes
    /// found so far and ends with an [`Outcome::Stopped`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Budget, Change, Outcome, Solver, StopReason};
    /// let solver = Solver::new(Change::Move(3)).budget(Budget::unlimited().with_node_limit(10));
    /// let s = solver.solve(&"12+34=56-78".parse()?)?;
    /// assert_eq!(s.outcome(), Outcome::Stopped(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Calls `callback` during each search, every 4 096 nodes (see
    /// [`budget`](Solver::budget)): `done` is the nodes so far, `found`
    /// the fixes so far, `total` unknown. Raise the budget's
    /// [`CancelFlag`](crate::CancelFlag) from it to stop the search.
    /// Clones of the solver report to the same callback.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let mut reports = Vec::new();
    /// let solver = Solver::new(Change::Move(3)).on_progress(|report| reports.push(report.done));
    /// let s = solver.solve(&"12+34-56=780".parse()?)?;
    /// assert_eq!(s.fixes().len(), 1);
    /// drop(solver);
    /// assert_eq!(reports, [4096, 8192]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + Send + 'a) -> Self {
        self.progress = Some(SharedProgress::new(callback));
        self
    }

    /// The change this solver applies.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// assert_eq!(Solver::new(Change::Add(2)).change(), Change::Add(2));
    /// ```
    pub fn change(&self) -> Change {
        self.change
    }

    /// The fixes of `equation`, found lazily: each call of
    /// [`next`](Iterator::next) searches only as far as the next fix, and
    /// nothing is kept but the search's own state, so an equation with
    /// millions of fixes is streamed in constant memory. The stream ends
    /// when the search is complete or its budget stops it; then
    /// [`Fixes::outcome`] tells which.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSticks`] for a change of 0 sticks,
    /// [`SolveError::TooManySticks`] for more than [`MAX_STICKS`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Equation, Outcome, Solver};
    /// let eq: Equation = "6-2=7".parse()?;
    /// let solver = Solver::new(Change::Move(1));
    /// let mut fixes = solver.fixes(&eq)?;
    /// let first = fixes.next().expect("6-2=7 has a fix");
    /// assert!(first.equation().is_true());
    /// assert_eq!(fixes.outcome(), None); // not over yet
    /// assert_eq!(fixes.by_ref().count(), 1);
    /// assert_eq!(fixes.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fixes<'s>(&'s self, equation: &'s Equation) -> Result<Fixes<'s>, SolveError> {
        self.change.check()?;
        let problem = Box::new(self.problem(equation, true));
        Ok(Fixes {
            search: self.run(problem, self.budget.clone()),
        })
    }

    /// Every fix of `equation`: the stream of [`fixes`](Solver::fixes),
    /// collected.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSticks`] for a change of 0 sticks,
    /// [`SolveError::TooManySticks`] for more than [`MAX_STICKS`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let s = Solver::new(Change::Move(1)).solve(&"6-2=7".parse()?)?;
    /// let mut fixes: Vec<String> = s.fixes().iter().map(|f| f.to_string()).collect();
    /// fixes.sort();
    /// assert_eq!(fixes, ["5+2=7", "9-2=7"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, equation: &Equation) -> Result<Solutions, SolveError> {
        self.change.check()?;
        // The same search as the stream's, its state kept here rather than
        // on the heap since it does not outlive the call.
        let mut problem = self.problem(equation, true);
        let mut search = self.run(&mut problem, self.budget.clone());
        let fixes: Vec<Fix> = std::iter::from_fn(|| search.next_solution()).collect();
        Ok(Solutions {
            fixes,
            outcome: search.outcome().unwrap_or(Outcome::Complete),
            stats: search.stats(),
        })
    }

    /// Every well-formed equation (under the rules) that this change makes
    /// from `equation`, true or not, lazily as [`fixes`](Solver::fixes)
    /// (and under the same budget). The generator uses it to find puzzles.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSticks`] for a change of 0 sticks,
    /// [`SolveError::TooManySticks`] for more than [`MAX_STICKS`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let eq = "8=8".parse()?;
    /// let solver = Solver::new(Change::Remove(1));
    /// let mut shown: Vec<String> = solver.neighbours(&eq)?.map(|f| f.to_string()).collect();
    /// shown.sort();
    /// assert_eq!(shown, ["0=8", "6=8", "8=0", "8=6", "8=9", "9=8"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn neighbours<'s>(&'s self, equation: &'s Equation) -> Result<Fixes<'s>, SolveError> {
        self.change.check()?;
        let problem = Box::new(self.problem(equation, false));
        Ok(Fixes {
            search: self.run(problem, self.budget.clone()),
        })
    }

    /// How hard `equation` is to fix with this change: its
    /// [`Difficulty`] from every candidate (the
    /// [`neighbours`](Solver::neighbours), true or not), or
    /// [`Rating::NoFix`], or [`Rating::Stopped`] when the budget stops the
    /// search for the candidates first (the budget's nodes are that
    /// search's, as for [`neighbours`](Solver::neighbours)).
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSticks`] for a change of 0 sticks,
    /// [`SolveError::TooManySticks`] for more than [`MAX_STICKS`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let grade = Solver::new(Change::Move(1)).rate(&"5+7=2".parse()?)?;
    /// let difficulty = grade.difficulty().expect("5+7=2 has a fix");
    /// assert_eq!(difficulty.fixes(), 1);
    /// assert!(difficulty.kind().through_operator);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate(&self, equation: &Equation) -> Result<Rating, SolveError> {
        self.change.check()?;
        let mut problem = self.problem(equation, false);
        let mut search = self.run(&mut problem, self.budget.clone());
        let difficulty = Difficulty::of(std::iter::from_fn(|| search.next_solution()));
        Ok(match search.outcome().and_then(Outcome::stop_reason) {
            Some(reason) => Rating::Stopped(reason),
            None => difficulty.map_or(Rating::NoFix, Rating::Rated),
        })
    }

    /// The search state for the fixes of `equation` (every equation the
    /// change makes when `only_true` is `false`). The change must have been
    /// checked.
    pub(crate) fn problem<'s>(&'s self, equation: &'s Equation, only_true: bool) -> FixSearch<'s> {
        FixSearch::new(equation, self.table(), self.rules, self.change, only_true)
    }

    /// The search over `problem` within `budget`, reporting to the
    /// solver's progress callback.
    pub(crate) fn run<'s, P: Problem<Solution = Fix>>(
        &'s self,
        problem: P,
        budget: Budget,
    ) -> Search<'s, P> {
        let mut search = Search::new(problem).budget(budget);
        if let Some(progress) = &self.progress {
            search = search.on_progress(move |report| progress.report(report));
        }
        search
    }
}

/// The fixes of an equation, found lazily: the iterator of
/// [`Solver::fixes`] (and of [`Solver::neighbours`]).
///
/// Each fix is a distinct equation. The stream ends when the search is
/// complete or stopped by the solver's budget; [`outcome`](Fixes::outcome)
/// then tells which (before the end it is `None`). Once ended it stays
/// ended.
///
/// # Example
///
/// ```
/// use kongming_sevenseg::{Budget, Change, Equation, Outcome, Solver, StopReason};
///
/// let eq: Equation = "12+34-56=780".parse()?;
/// let solver = Solver::new(Change::Move(3)).budget(Budget::unlimited().with_node_limit(100));
/// let mut fixes = solver.fixes(&eq)?;
/// assert_eq!(fixes.by_ref().count(), 0);
/// assert_eq!(fixes.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
/// assert_eq!(fixes.stats().nodes, 100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Fixes<'s> {
    search: Search<'s, Box<FixSearch<'s>>>,
}

impl Fixes<'_> {
    /// How the search ended: `None` while it goes on, then
    /// [`Outcome::Complete`] when every fix was given, or
    /// [`Outcome::Stopped`] when the budget stopped it.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Outcome, Solver};
    /// let eq = "5+7=2".parse()?;
    /// let solver = Solver::new(Change::Move(1));
    /// let mut fixes = solver.fixes(&eq)?;
    /// assert_eq!(fixes.outcome(), None);
    /// fixes.by_ref().for_each(drop);
    /// assert_eq!(fixes.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.search.outcome()
    }

    /// The search statistics so far (see [`Solutions::stats`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_sevenseg::{Change, Solver};
    /// let eq = "5+7=2".parse()?;
    /// let solver = Solver::new(Change::Move(1));
    /// let mut fixes = solver.fixes(&eq)?;
    /// assert_eq!(fixes.by_ref().count(), 1);
    /// assert_eq!(fixes.stats().solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl Iterator for Fixes<'_> {
    type Item = Fix;

    fn next(&mut self) -> Option<Fix> {
        self.search.next_solution()
    }
}

impl FusedIterator for Fixes<'_> {}

impl fmt::Debug for Fixes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fixes")
            .field("stats", &self.stats())
            .field("outcome", &self.outcome())
            .finish_non_exhaustive()
    }
}
