//! [`Solutions`]: the distinct solutions of a hand, found one at a time.

use std::fmt;
use std::iter::FusedIterator;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use kongming_search::control::{Budget, Meter, Outcome, Progress};
use kongming_search::dfs::Search;
use rustc_hash::FxHashSet;

use crate::board::{Board, Mode};
use crate::check::first_forbidden_op;
use crate::equivalence::{Class, Equivalence};
use crate::exact::Exact;
use crate::expr::Expr;
use crate::relay::{Relay, forward, relay};
use crate::value::Value;
use crate::{Ops, Rational};

/// The distinct solutions of a hand, found lazily: one expression for each
/// class of the game's [`Equivalence`], the first found of each (written
/// in its tidy form, [`Canonical::to_expr`](crate::Canonical::to_expr),
/// when it has one that uses the hand's numbers and the game's
/// operations).
///
/// Made by [`Game::iter_solutions`](crate::Game::iter_solutions) and
/// [`Solver::iter_solutions`](crate::Solver::iter_solutions);
/// [`Game::solutions`](crate::Game::solutions) collects one. The search
/// explores only as far as the next new class, so taking the first few
/// solutions of a large hand is quick.
///
/// **Budget.** A node is one move of the search: two values combined by
/// one operation. When the budget runs out the stream ends early;
/// [`outcome`](Solutions::outcome) then says why, and every solution it
/// gave stays valid and distinct, but the list is not known to be
/// complete. A search in which some value overflowed `i64` goes on with
/// exact values of any size, with what is left of the budget, and gives
/// only the classes not given yet.
///
/// **Progress.** The callback of [`on_progress`](Solutions::on_progress)
/// is called every few thousand nodes with the nodes visited so far
/// (`done`) and the distinct solutions given so far (`found`).
///
/// ```
/// use std::time::Duration;
/// use kongming_game24::{Budget, Check, Game, Outcome, StopReason};
///
/// let game: Game = "4 4 10 10".parse()?;
/// let mut all = game.iter_solutions()?;
/// assert_eq!(all.next().map(|e| e.to_string()).as_deref(), Some("(10*10-4)/4"));
/// assert_eq!(all.next(), None);
/// assert_eq!(all.outcome(), Some(Outcome::Complete));
///
/// // Seven numbers have thousands of solutions: take them for a moment.
/// let game: Game = "1 2 3 4 5 6 7".parse()?;
/// let mut some = game
///     .iter_solutions()?
///     .budget(Budget::unlimited().with_node_limit(20_000));
/// let found: Vec<_> = some.by_ref().collect();
/// assert!(!found.is_empty());
/// assert_eq!(some.outcome(), Some(Outcome::Stopped(StopReason::NodeLimit)));
/// for e in &found {
///     assert_eq!(game.check_answer(&e.to_string()), Check::Solved);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Solutions<'a> {
    state: State<'a>,
    /// What a general search needs; `None` for a list made at once.
    general: Option<Box<General<'a>>>,
    given: u64,
    outcome: Option<Outcome>,
}

/// The hand and the rules of a general search, its budget and progress
/// callback, and the classes given.
struct General<'a> {
    numbers: Vec<Rational>,
    target: Rational,
    ops: Ops,
    equivalence: Equivalence,
    /// The numbers, sorted: a tidy form must use exactly these.
    sorted: Vec<Rational>,
    classes: FxHashSet<Class>,
    budget: Budget,
    /// The budget started, when it has limits (for what is left of it).
    meter: Option<Meter>,
    progress: Option<Relay<'a>>,
    /// Distinct solutions given, shared with the progress callback.
    found: Option<Arc<AtomicU64>>,
    /// Nodes of the searches that have ended.
    nodes_done: u64,
}

impl<'a> General<'a> {
    fn mode(&self) -> Mode {
        match self.equivalence {
            Equivalence::Standard => Mode::Expressions,
            Equivalence::Structural => Mode::Trees,
        }
    }

    /// A search on `V` values under `budget`, reporting to the callback.
    fn search<V: Value>(&self, budget: Budget) -> Box<Search<'a, Board<V>>> {
        let board = Board::new(&self.numbers, self.target, self.ops, self.mode());
        let mut search = Search::new(board).budget(budget);
        if let Some(relay) = &self.progress {
            search = search.on_progress(forward(relay, self.nodes_done, self.found.clone()));
        }
        Box::new(search)
    }
}

enum State<'a> {
    /// The search starts at the first call to `next`.
    Ready,
    Machine(Box<Search<'a, Board<Rational>>>),
    Exact(Box<Search<'a, Board<Exact>>>),
    /// A list made at once (a [`Solver`](crate::Solver)'s fast path).
    Listed(std::vec::IntoIter<Expr>),
    Done,
}

/// What one step of a search gave.
enum Step {
    Found(Expr),
    /// The search ended: how, whether some value overflowed, its nodes.
    Ended(Outcome, bool, u64),
}

fn step<V: Value>(search: &mut Search<'_, Board<V>>) -> Step {
    match search.next_solution() {
        Some(e) => Step::Found(e),
        None => Step::Ended(
            search.outcome().unwrap_or(Outcome::Complete),
            search.problem().overflowed(),
            search.stats().nodes,
        ),
    }
}

/// Whether `budget` has any limit.
pub(crate) fn limited(budget: &Budget) -> bool {
    budget.node_limit().is_some() || budget.time_limit().is_some() || budget.cancel_flag().is_some()
}

impl<'a> Solutions<'a> {
    /// A stream over the general search of a hand (checked by the caller:
    /// operations allowed when there are two numbers or more).
    pub(crate) fn general(
        numbers: Vec<Rational>,
        target: Rational,
        ops: Ops,
        equivalence: Equivalence,
    ) -> Solutions<'a> {
        let mut sorted = numbers.clone();
        sorted.sort();
        Solutions {
            state: State::Ready,
            general: Some(Box::new(General {
                numbers,
                target,
                ops,
                equivalence,
                sorted,
                classes: FxHashSet::default(),
                budget: Budget::unlimited(),
                meter: None,
                progress: None,
                found: None,
                nodes_done: 0,
            })),
            given: 0,
            outcome: None,
        }
    }

    /// A stream over a list already made, distinct and complete.
    pub(crate) fn listed(list: Vec<Expr>) -> Solutions<'a> {
        Solutions {
            state: State::Listed(list.into_iter()),
            general: None,
            given: 0,
            outcome: None,
        }
    }

    /// Limits the search: a node is one move, two values combined by one
    /// operation. The clock of a time limit starts at the first call to
    /// `next`. Set it before that; set later, it bounds the rest of the
    /// work, its node limit counting the nodes visited so far. A stream
    /// that a [`Solver`](crate::Solver) listed at once (its fast path) has
    /// no work left to bound.
    ///
    /// ```
    /// use kongming_game24::{Budget, CancelFlag, Game, Outcome, StopReason};
    ///
    /// let flag = CancelFlag::new();
    /// flag.cancel();
    /// let game = Game::new(&[1, 2, 3, 4, 5], 24)?;
    /// let mut none = game.iter_solutions()?.budget(Budget::unlimited().with_cancel_flag(flag));
    /// assert_eq!(none.next(), None);
    /// assert_eq!(none.outcome(), Some(Outcome::Stopped(StopReason::Cancelled)));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> Solutions<'a> {
        // A list made at once has no work left to bound.
        let Some(general) = &mut self.general else {
            return self;
        };
        general.budget = budget.clone();
        self.state = match std::mem::replace(&mut self.state, State::Done) {
            State::Machine(search) => State::Machine(Box::new(search.budget(budget))),
            State::Exact(search) => State::Exact(Box::new(search.budget(budget))),
            other => other,
        };
        self
    }

    /// Calls `callback` every few thousand nodes with the nodes visited
    /// (`done`) and the distinct solutions given so far (`found`). To stop
    /// from the callback, raise the budget's
    /// [`CancelFlag`](crate::CancelFlag).
    ///
    /// ```
    /// use kongming_game24::{Budget, Game};
    ///
    /// let mut reports = Vec::new();
    /// let game = Game::new(&[1, 2, 3, 4, 5, 6, 7], 24)?;
    /// let count = game
    ///     .iter_solutions()?
    ///     .budget(Budget::unlimited().with_node_limit(10_000))
    ///     .on_progress(|p| reports.push((p.done, p.found)))
    ///     .count();
    /// assert_eq!(reports.len(), 2);
    /// assert_eq!((reports[0].0, reports[1].0), (4096, 8192));
    /// assert!(reports[0].1 <= reports[1].1 && reports[1].1 as usize <= count);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn on_progress(self, callback: impl FnMut(&Progress) + Send + 'a) -> Solutions<'a> {
        self.with_relay(relay(callback))
    }

    /// Reports to a callback shared with other work (a solver's).
    pub(crate) fn with_relay(mut self, relay: Relay<'a>) -> Solutions<'a> {
        // A list made at once does no work to report.
        let Some(general) = &mut self.general else {
            return self;
        };
        let found = Arc::new(AtomicU64::new(self.given));
        let nodes = general.nodes_done;
        self.state = match std::mem::replace(&mut self.state, State::Done) {
            State::Machine(search) => State::Machine(Box::new(search.on_progress(forward(
                &relay,
                nodes,
                Some(found.clone()),
            )))),
            State::Exact(search) => State::Exact(Box::new(search.on_progress(forward(
                &relay,
                nodes,
                Some(found.clone()),
            )))),
            other => other,
        };
        general.progress = Some(relay);
        general.found = Some(found);
        self
    }

    /// How the stream ended: `None` while it has not, then
    /// [`Outcome::Complete`] when every solution was given, or
    /// [`Outcome::Stopped`] when the budget ran out first (the solutions
    /// given are valid and distinct, but there may be more).
    ///
    /// ```
    /// use kongming_game24::{Game, Outcome};
    ///
    /// let mut all = Game::new(&[1, 1, 1, 1], 24)?.iter_solutions()?;
    /// assert_eq!(all.outcome(), None);
    /// assert_eq!(all.next(), None);
    /// assert_eq!(all.outcome(), Some(Outcome::Complete)); // proved: none
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Nodes visited so far, by the searches that ended and the one running.
    pub(crate) fn nodes(&self) -> u64 {
        let running = match &self.state {
            State::Machine(search) => search.stats().nodes,
            State::Exact(search) => search.stats().nodes,
            _ => 0,
        };
        let done = self.general.as_ref().map_or(0, |g| g.nodes_done);
        done.saturating_add(running)
    }

    fn start_machine(&mut self) {
        let Some(general) = &mut self.general else {
            self.finish(Outcome::Complete);
            return;
        };
        if limited(&general.budget) {
            general.meter = Some(general.budget.start());
        }
        self.state = State::Machine(general.search(general.budget.clone()));
    }

    /// Goes on with exact values, with what is left of the budget.
    fn start_exact(&mut self) {
        let Some(general) = &self.general else {
            self.finish(Outcome::Complete);
            return;
        };
        let budget = match &general.meter {
            Some(meter) => meter.remaining(general.nodes_done),
            None => general.budget.clone(),
        };
        self.state = State::Exact(general.search(budget));
    }

    fn finish(&mut self, outcome: Outcome) {
        self.state = State::Done;
        self.outcome = Some(outcome);
    }

    /// The solution to give for `e`, if its class is new.
    fn keep(&mut self, e: Expr) -> Option<Expr> {
        let general = self.general.as_mut()?;
        let class = general
            .equivalence
            .class(&e)
            .expect("a solution has a value");
        if general.classes.contains(&class) {
            return None;
        }
        // The tidy form of the class (when it has one), unless it takes
        // other numbers (negative numbers come out of it) or an operation
        // the game does not allow (it writes `0*1` for the class of `0/1`).
        let tidy = match &class {
            Class::Standard(c) => c.to_expr().filter(|t| {
                let mut used = t.numbers();
                used.sort();
                used == general.sorted && first_forbidden_op(t, general.ops).is_none()
            }),
            Class::Structural(_) => None,
        };
        general.classes.insert(class);
        Some(tidy.unwrap_or(e))
    }

    fn give(&mut self, e: Expr) -> Expr {
        self.given += 1;
        if let Some(found) = self.general.as_ref().and_then(|g| g.found.as_ref()) {
            found.store(self.given, Ordering::Relaxed);
        }
        e
    }
}

impl Iterator for Solutions<'_> {
    type Item = Expr;

    fn next(&mut self) -> Option<Expr> {
        loop {
            let (taken, exact) = match &mut self.state {
                State::Done => return None,
                State::Ready => {
                    self.start_machine();
                    continue;
                }
                State::Listed(list) => match list.next() {
                    Some(e) => {
                        self.given += 1;
                        return Some(e);
                    }
                    None => {
                        self.finish(Outcome::Complete);
                        return None;
                    }
                },
                State::Machine(search) => (step(search), false),
                State::Exact(search) => (step(search), true),
            };
            match taken {
                Step::Found(e) => {
                    if let Some(e) = self.keep(e) {
                        return Some(self.give(e));
                    }
                }
                Step::Ended(outcome, overflowed, nodes) => {
                    if let Some(general) = &mut self.general {
                        general.nodes_done = general.nodes_done.saturating_add(nodes);
                    }
                    if outcome.is_complete() && overflowed && !exact {
                        // Some value overflowed, so a class may have been
                        // missed: look again on exact values.
                        self.start_exact();
                    } else {
                        self.finish(outcome);
                    }
                }
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.state {
            State::Listed(list) => list.size_hint(),
            State::Done => (0, Some(0)),
            _ => (0, None),
        }
    }
}

impl FusedIterator for Solutions<'_> {}

impl fmt::Debug for Solutions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = match &self.state {
            State::Ready => "ready",
            State::Machine(_) => "searching",
            State::Exact(_) => "searching on exact values",
            State::Listed(_) => "listed",
            State::Done => "done",
        };
        f.debug_struct("Solutions")
            .field("state", &state)
            .field("given", &self.given)
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}
