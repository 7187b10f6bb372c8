//! What a [`Solver`] answers for a hand, under its [`Budget`] and with its
//! progress callback: the entry points around the fast path
//! ([`super::solvable`], [`super::listing`]) and the general search of
//! [`Game`].

use kongming_search::control::{Budget, Progress};

use super::Solver;
use crate::Rational;
use crate::board::Mode;
use crate::equivalence::Equivalence;
use crate::error::GameError;
use crate::game::{Found, Game};
use crate::relay::relay;
use crate::stream::Solutions;
use crate::verdict::Verdict;

impl Solver {
    /// Limits the general search of each hand (each call starts the
    /// budget afresh): a node is one move, two values combined by one
    /// operation. The fast path (two to four numbers) is not metered: it
    /// answers at once, with less work than a few thousand nodes.
    ///
    /// ```
    /// use kongming_game24::{Budget, Solver, StopReason, Verdict};
    ///
    /// let mut solver = Solver::new(1000).budget(Budget::unlimited().with_node_limit(100));
    /// assert_eq!(solver.solvable(&[1, 1, 1, 1, 1, 1, 1])?, Verdict::Stopped(StopReason::NodeLimit));
    /// assert_eq!(solver.solvable(&[10, 10, 10])?, Verdict::Solvable); // fast path
    /// assert_eq!(solver.solvable(&[100, 10])?, Verdict::Solvable);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Solver {
        self.budget = budget;
        self
    }

    /// Calls `callback` every few thousand nodes of a hand's general
    /// search, with the nodes visited in that hand (`done`) and the
    /// solutions found (`found`: 0 or 1 for yes/no, the distinct
    /// solutions given for a [`Solutions`] stream). The fast path does not
    /// report. The callback is shared by every hand (and by the clones of
    /// the solver), hence `'static`. To stop from it, raise the budget's
    /// [`CancelFlag`](crate::CancelFlag).
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_game24::{Solver, Verdict};
    ///
    /// let reports = Arc::new(Mutex::new(Vec::new()));
    /// let log = Arc::clone(&reports);
    /// let mut solver = Solver::new(1000).on_progress(move |p| log.lock().unwrap().push(p.done));
    /// assert_eq!(solver.solvable(&[1, 2, 3, 4, 5, 6])?, Verdict::Unsolvable);
    /// assert_eq!(reports.lock().unwrap()[..2], [4096, 8192]);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + Send + 'static) -> Solver {
        self.progress = Some(relay(callback));
        self
    }

    /// The equivalence solutions are listed under.
    ///
    /// ```
    /// use kongming_game24::{Equivalence, Solver};
    /// assert_eq!(Solver::new(24).equivalence(), Equivalence::Standard);
    /// ```
    pub fn equivalence(&self) -> Equivalence {
        self.equivalence
    }

    /// The game of `numbers` under this solver's rules.
    fn game<T: Copy + Into<Rational>>(&self, numbers: &[T]) -> Result<Game, GameError> {
        Ok(Game::new(numbers, self.target())?
            .with_ops(self.ops())
            .with_equivalence(self.equivalence))
    }

    /// Whether `numbers` make the target (see [`Game::solvable`]), within
    /// the solver's budget: [`Verdict::Stopped`] when it ran out first.
    ///
    /// ```
    /// use kongming_game24::{Solver, Verdict};
    ///
    /// let mut solver = Solver::new(24);
    /// assert_eq!(solver.solvable(&[3, 3, 8, 8])?, Verdict::Solvable);
    /// assert_eq!(solver.solvable(&[1, 1, 1, 1])?, Verdict::Unsolvable);
    /// assert_eq!(solver.solvable(&[1, 1, 1, 11, 13])?.known(), Some(true)); // five: the general search
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoNumbers`], [`GameError::TooManyNumbers`] or
    /// [`GameError::NoOperations`], as [`Game::new`] and [`Game::solvable`].
    pub fn solvable<T: Copy + Into<Rational>>(
        &mut self,
        numbers: &[T],
    ) -> Result<Verdict, GameError> {
        if let Some(answer) = self.fast_solvable_of(numbers) {
            return Ok(Verdict::from_known(answer));
        }
        let budget = self.budget.clone();
        Ok(self.general_verdict(numbers, &budget)?.0)
    }

    /// The general search's answer under `budget`, and the nodes it took.
    pub(crate) fn general_verdict<T: Copy + Into<Rational>>(
        &self,
        numbers: &[T],
        budget: &Budget,
    ) -> Result<(Verdict, u64), GameError> {
        let first = self
            .game(numbers)?
            .first(Mode::Values, budget, self.progress.as_ref())?;
        let verdict = match first.found {
            Found::Solution(_) => Verdict::Solvable,
            Found::Nothing | Found::Overflowed => Verdict::Unsolvable,
            Found::Stopped(reason) => Verdict::Stopped(reason),
        };
        Ok((verdict, first.nodes))
    }

    /// The distinct solutions of `numbers` (see [`Game::solutions`]): the
    /// same classes, each written in its tidy form
    /// ([`Canonical::to_expr`](crate::Canonical::to_expr)), in an
    /// unspecified order. A hand of the fast path is listed at once; others
    /// are searched lazily, under the solver's budget and reporting to its
    /// progress callback. Collect the stream for a `Vec`, and ask its
    /// [`outcome`](Solutions::outcome) whether the list is complete.
    ///
    /// ```
    /// use kongming_game24::{Outcome, Solver};
    ///
    /// let mut solver = Solver::new(24);
    /// let all: Vec<String> = solver.iter_solutions(&[3, 3, 8, 8])?.map(|e| e.to_string()).collect();
    /// assert_eq!(all, ["8/(3-8/3)"]);
    /// let mut five = solver.iter_solutions(&[1, 2, 3, 4, 5])?;
    /// assert_eq!(five.by_ref().count(), 45);
    /// assert_eq!(five.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::NoNumbers`], [`GameError::TooManyNumbers`] or
    /// [`GameError::NoOperations`], as [`Game::new`] and [`Game::solutions`].
    pub fn iter_solutions<T: Copy + Into<Rational>>(
        &mut self,
        numbers: &[T],
    ) -> Result<Solutions<'static>, GameError> {
        if let Some(list) = self.fast_solutions_of(numbers) {
            return Ok(Solutions::listed(list));
        }
        let budget = self.budget.clone();
        self.general_solutions_under(numbers, budget)
    }

    /// The general search's stream under `budget`.
    pub(crate) fn general_solutions_under<T: Copy + Into<Rational>>(
        &self,
        numbers: &[T],
        budget: Budget,
    ) -> Result<Solutions<'static>, GameError> {
        let stream = self.game(numbers)?.iter_solutions()?.budget(budget);
        Ok(match &self.progress {
            Some(relay) => stream.with_relay(relay.clone()),
            None => stream,
        })
    }
}
