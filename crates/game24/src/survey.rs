//! Surveys over many hands: [`Survey`], the runner that adds them up
//! under one budget, and what it reports ([`Tally`], [`HandReport`]).

use kongming_search::control::{Budget, Outcome, Progress, ProgressFn};

use crate::error::GameError;
use crate::expr::Expr;
use crate::game::MAX_NUMBERS;
use crate::solver::Solver;
use crate::verdict::Verdict;
use crate::{Equivalence, Ops, Rational};

/// How many hands pass between looks at the cancel flag and the clock
/// (each hand of the fast path takes well under a microsecond or two; a
/// hand of the general search is metered within).
const WATCH_EVERY: usize = 64;

/// What a survey found.
///
/// A survey stopped by its budget counts only the hands it finished: its
/// counts are lower bounds of the whole survey's, and `outcome` says so.
///
/// ```
/// use kongming_game24::{HandSize, hands, Outcome, survey_solvable};
///
/// let tally = survey_solvable(hands(HandSize::new(4)?, 1..=10), 24)?;
/// assert_eq!((tally.solvable, tally.hands), (566, 715));
/// assert_eq!(tally.outcome, Outcome::Complete);
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Tally {
    /// Hands looked at (to the end).
    pub hands: usize,
    /// Hands that make the target.
    pub solvable: usize,
    /// Distinct solutions in all (0 from [`Survey::solvable`]).
    pub solutions: usize,
    /// Whether every hand was looked at, or the budget ran out first.
    pub outcome: Outcome,
}

impl Default for Tally {
    /// Nothing looked at, nothing left to look at.
    fn default() -> Tally {
        Tally {
            hands: 0,
            solvable: 0,
            solutions: 0,
            outcome: Outcome::Complete,
        }
    }
}

/// One hand of a [`Survey::solutions`], given to its callback.
///
/// ```
/// use kongming_game24::{HandSize, hands, survey_solutions};
///
/// let mut best = (0, vec![]);
/// survey_solutions(hands(HandSize::new(4)?, 1..=6), 24, |report| {
///     if report.solutions.len() > best.0 {
///         best = (report.solutions.len(), report.hand.clone());
///     }
/// })?;
/// assert!(best.0 > 5);
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct HandReport {
    /// The hand.
    pub hand: Vec<i64>,
    /// Its distinct solutions, all of them (empty when it cannot make the
    /// target).
    pub solutions: Vec<Expr>,
    /// Hands done so far, this one included.
    pub done: usize,
}

/// A survey: yes/no or every distinct solution for hand after hand, with
/// one target, through one [`Solver`] (so hands share the work on their
/// small parts), under one [`Budget`] for the whole survey.
///
/// **Budget.** A node is one hand, and one move (two values combined by
/// one operation) of the general search for each hand the solver's fast
/// path does not cover (more than four numbers, …). The cancel flag and
/// the clock are looked at every few dozen hands, and every few thousand
/// nodes within a hand. A survey that stops keeps what it found: the
/// [`Tally`] of the hands finished, with the outcome; the hand it stopped
/// in is not counted (nor given to the callback).
///
/// **Progress.** The callback of [`on_progress`](Survey::on_progress) is
/// called after each hand, with the hands done (`done`), the number of
/// hands in all when the iterator knows it exactly (`total`: [`hands`](crate::hands)
/// does), and the solvable hands ([`Survey::solvable`]) or distinct
/// solutions ([`Survey::solutions`]) so far (`found`).
///
/// ```
/// use std::time::Duration;
/// use kongming_game24::{Budget, Outcome, Survey, HandSize, hands};
///
/// let mut bar = Vec::new();
/// let tally = Survey::new(24)
///     .budget(Budget::unlimited().with_time_limit(Duration::from_secs(60)))
///     .on_progress(|p| bar.push((p.done, p.total, p.found)))
///     .solvable(hands(HandSize::new(4)?, 1..=13))?;
/// assert_eq!((tally.solvable, tally.hands, tally.outcome), (1362, 1820, Outcome::Complete));
/// assert_eq!(bar.len(), 1820);
/// assert_eq!(bar.last(), Some(&(1820, Some(1820), 1362)));
///
/// let partial = Survey::new(24).budget(Budget::unlimited().with_node_limit(100)).solvable(hands(HandSize::new(4)?, 1..=13))?;
/// assert_eq!(partial.hands, 100);
/// assert!(!partial.outcome.is_complete());
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[must_use]
pub struct Survey<'a> {
    solver: Solver,
    budget: Budget,
    progress: Option<ProgressFn<'a>>,
}

impl std::fmt::Debug for Survey<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Survey")
            .field("solver", &self.solver)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl<'a> Survey<'a> {
    /// A survey for `target` with the four operations, without limits.
    ///
    /// ```
    /// use kongming_game24::{Survey, HandSize, hands};
    /// let tally = Survey::new(10).solvable(hands(HandSize::new(2)?, 1..=9))?;
    /// assert_eq!(tally.solvable, 6); // 1+9 2+8 3+7 4+6 5+5 2*5
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn new(target: impl Into<Rational>) -> Survey<'a> {
        Survey {
            solver: Solver::new(target),
            budget: Budget::unlimited(),
            progress: None,
        }
    }

    /// Allows only `ops`.
    ///
    /// ```
    /// use kongming_game24::{Ops, Survey, HandSize, hands};
    /// let tally = Survey::new(24).with_ops(Ops::ADD | Ops::MUL).solvable(hands(HandSize::new(4)?, 1..=13))?;
    /// assert!(tally.solvable < 1362);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn with_ops(mut self, ops: Ops) -> Survey<'a> {
        self.solver = self.solver.with_ops(ops);
        self
    }

    /// Lists solutions under `equivalence` (see [`Game::with_equivalence`](crate::Game::with_equivalence)).
    ///
    /// ```
    /// use kongming_game24::{Equivalence, Survey, HandSize, hands};
    /// let tally = Survey::new(24)
    ///     .with_equivalence(Equivalence::Structural)
    ///     .solutions(hands(HandSize::new(4)?, 1..=4), |_| {})?;
    /// assert!(tally.solutions > 52);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn with_equivalence(mut self, equivalence: Equivalence) -> Survey<'a> {
        self.solver = self.solver.with_equivalence(equivalence);
        self
    }

    /// Limits the whole survey; see [`Survey`] for what a node is.
    ///
    /// ```
    /// use kongming_game24::{Budget, CancelFlag, Outcome, StopReason, Survey, HandSize, hands};
    ///
    /// let flag = CancelFlag::new();
    /// flag.cancel();
    /// let mut survey = Survey::new(24).budget(Budget::unlimited().with_cancel_flag(flag));
    /// let tally = survey.solvable(hands(HandSize::new(4)?, 1..=13))?;
    /// assert_eq!(tally.hands, 0);
    /// assert_eq!(tally.outcome, Outcome::Stopped(StopReason::Cancelled));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> Survey<'a> {
        self.budget = budget;
        self
    }

    /// Calls `callback` after each hand; see [`Survey`] for what it is
    /// given. To stop from it, raise the budget's
    /// [`CancelFlag`](crate::CancelFlag).
    ///
    /// ```
    /// use kongming_game24::{Survey, HandSize, hands};
    ///
    /// let mut done = Vec::new();
    /// Survey::new(24).on_progress(|p| done.push(p.done)).solvable(hands(HandSize::new(2)?, 1..=2))?;
    /// assert_eq!(done, [1, 2, 3]);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + Send + 'a) -> Survey<'a> {
        self.progress = Some(ProgressFn::new(callback));
        self
    }

    /// Counts the hands that make the target.
    ///
    /// ```
    /// use kongming_game24::{Survey, HandSize, hands};
    ///
    /// let tally = Survey::new(24).solvable(hands(HandSize::new(4)?, 1..=13))?;
    /// assert_eq!((tally.solvable, tally.hands), (1362, 1820));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first error of a hand ([`GameError::TooManyNumbers`],
    /// [`GameError::NoNumbers`], [`GameError::NoOperations`]); the hands
    /// before it are lost with the tally.
    pub fn solvable(
        &mut self,
        hands: impl IntoIterator<Item = Vec<i64>>,
    ) -> Result<Tally, GameError> {
        let hands = hands.into_iter();
        let total = exact_len(&hands);
        let mut meter = self.budget.start();
        let mut nodes: u64 = 0;
        let mut tally = Tally::default();
        for hand in hands {
            if let Some(reason) = stop(&mut meter, nodes, tally.hands) {
                tally.outcome = Outcome::Stopped(reason);
                break;
            }
            if hand.len() > MAX_NUMBERS {
                return Err(GameError::TooManyNumbers(hand.len()));
            }
            nodes = nodes.saturating_add(1);
            let verdict = match self.solver.fast_solvable_of(&hand) {
                Some(answer) => Verdict::from_known(answer),
                None => {
                    let rest = meter.remaining(nodes);
                    let (verdict, used) = self.solver.general_verdict(&hand, &rest)?;
                    nodes = nodes.saturating_add(used);
                    verdict
                }
            };
            match verdict {
                Verdict::Stopped(reason) => {
                    tally.outcome = Outcome::Stopped(reason);
                    break;
                }
                known => tally.solvable += usize::from(known.known() == Some(true)),
            }
            tally.hands += 1;
            self.report(tally.hands, total, tally.solvable);
        }
        Ok(tally)
    }

    /// Lists the distinct solutions of every hand, calling `on_hand` after
    /// each (for output), and adds them up.
    ///
    /// ```
    /// use kongming_game24::{Survey, HandSize, hands};
    ///
    /// let mut lines = 0;
    /// let tally = Survey::new(24).solutions(hands(HandSize::new(4)?, 1..=13), |report| {
    ///     lines += usize::from(!report.solutions.is_empty());
    /// })?;
    /// assert_eq!((tally.solvable, tally.hands, tally.solutions), (1362, 1820, 3017));
    /// assert_eq!(lines, 1362);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first error of a hand ([`GameError::TooManyNumbers`],
    /// [`GameError::NoNumbers`], [`GameError::NoOperations`]); the hands
    /// before it were given to `on_hand`.
    pub fn solutions(
        &mut self,
        hands: impl IntoIterator<Item = Vec<i64>>,
        mut on_hand: impl FnMut(&HandReport),
    ) -> Result<Tally, GameError> {
        let hands = hands.into_iter();
        let total = exact_len(&hands);
        let mut meter = self.budget.start();
        let mut nodes: u64 = 0;
        let mut tally = Tally::default();
        for hand in hands {
            if let Some(reason) = stop(&mut meter, nodes, tally.hands) {
                tally.outcome = Outcome::Stopped(reason);
                break;
            }
            nodes = nodes.saturating_add(1);
            let solutions = match self.solver.fast_solutions_of(&hand) {
                Some(list) => list,
                None => {
                    let rest = meter.remaining(nodes);
                    let mut stream = self.solver.general_solutions_under(&hand, rest)?;
                    let list: Vec<Expr> = stream.by_ref().collect();
                    nodes = nodes.saturating_add(stream.nodes());
                    if let Some(Outcome::Stopped(reason)) = stream.outcome() {
                        tally.outcome = Outcome::Stopped(reason);
                        break;
                    }
                    list
                }
            };
            tally.hands += 1;
            tally.solvable += usize::from(!solutions.is_empty());
            tally.solutions += solutions.len();
            on_hand(&HandReport {
                hand,
                solutions,
                done: tally.hands,
            });
            self.report(tally.hands, total, tally.solutions);
        }
        Ok(tally)
    }

    fn report(&mut self, done: usize, total: Option<u64>, found: usize) {
        if let Some(progress) = &mut self.progress {
            let mut report = Progress::new((), done as u64).with_found(found as u64);
            if let Some(total) = total {
                report = report.with_total(total);
            }
            progress.report(&report);
        }
    }
}

/// Whether the survey must stop before its next hand: the node limit at
/// every hand, the flag and the clock every [`WATCH_EVERY`] hands (and
/// every few thousand nodes, by the meter).
fn stop(
    meter: &mut kongming_search::control::Meter,
    nodes: u64,
    hands: usize,
) -> Option<kongming_search::control::StopReason> {
    meter.exceeded(nodes).or_else(|| {
        hands
            .is_multiple_of(WATCH_EVERY)
            .then(|| meter.check_now())
            .flatten()
    })
}

/// The number of items left, when the iterator knows it exactly.
fn exact_len(items: &impl Iterator) -> Option<u64> {
    match items.size_hint() {
        (low, Some(high)) if low == high => u64::try_from(low).ok(),
        _ => None,
    }
}

/// Lists the distinct solutions of every hand, calling `on_hand` after each
/// (for output), and adds them up: [`Survey::solutions`] without limits.
///
/// ```
/// use kongming_game24::{HandSize, hands, survey_solutions};
///
/// let tally = survey_solutions(hands(HandSize::new(4)?, 1..=13), 24, |_| {})?;
/// assert_eq!((tally.solvable, tally.hands, tally.solutions), (1362, 1820, 3017));
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
///
/// # Errors
///
/// The first error of a hand ([`GameError::TooManyNumbers`], [`GameError::NoNumbers`]).
pub fn survey_solutions(
    hands: impl IntoIterator<Item = Vec<i64>>,
    target: i64,
    on_hand: impl FnMut(&HandReport),
) -> Result<Tally, GameError> {
    Survey::new(target).solutions(hands, on_hand)
}

/// Counts the hands that make `target`: [`Survey::solvable`] without
/// limits (a [`Survey`] also reports progress).
///
/// ```
/// use kongming_game24::{HandSize, hands, survey_solvable};
///
/// let tally = survey_solvable(hands(HandSize::new(4)?, 1..=13), 24)?;
/// assert_eq!((tally.solvable, tally.hands), (1362, 1820));
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
///
/// # Errors
///
/// The first error of a hand ([`GameError::TooManyNumbers`], [`GameError::NoNumbers`]).
pub fn survey_solvable(
    hands: impl IntoIterator<Item = Vec<i64>>,
    target: i64,
) -> Result<Tally, GameError> {
    Survey::new(target).solvable(hands)
}
