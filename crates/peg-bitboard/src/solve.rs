//! Solving: the [`Solver`] and its builder, and the invariants checked
//! before any search (peg count, position class); the searches
//! themselves are in the modules below.
//!
//! ```text
//! start Position + Goal
//!    │ Solver::solve: peg count, class ─────────────────▶ Impossible
//!    ▼ one Target (goal.rs), or one per peg count
//! Solver::run (portfolio.rs)
//!    │ Setup::new per direction (setup.rs): pagoda slacks ─▶ Impossible
//!    │   lanes of the symmetries kept, moments, adjacency
//!    ▼ Setup::play ─▶ Play (play.rs), forwards and backwards
//! Solver::portfolio: turns of MemoSearch<Play>, jump order of order.rs
//!    │ between rotations: beam (beam.rs) on the forward Play
//!    ▼
//! Verdict: Solved(Solution) | Impossible(Exhausted) | Stopped(reason)
//! ```
//!
//! - [`goal`]: what a game should end with, and one search's target.
//! - [`error`]: why a solver cannot run.
//! - [`portfolio`]: the searches of one target, in turns, and the verdict.
//! - [`setup`]: what one search direction needs, worked out once.
//! - [`play`]: the search problem of one direction (apply, undo, prune,
//!   key).
//! - [`order`]: the rules that order a position's jumps.
//! - [`beam`]: a beam search that finds games on large boards.
//! - [`fewest`]: the fewest moves, breadth-first over positions.

use std::sync::{Arc, Mutex};

use kongming_search::control::{Budget, Meter, Outcome, Progress, ProgressFn, StopReason};
use kongming_search::dfs::Stats;

use crate::count::Census;
use crate::pagoda::Pagoda;
use crate::position::{Position, bits};
pub use crate::solution::Solution;
pub use crate::verdict::{Proof, Verdict};
pub use error::SolveError;
pub use goal::Goal;
use goal::Target;

mod beam;
mod error;
mod fewest;
mod goal;
mod order;
mod play;
mod portfolio;
mod setup;

/// Finds a sequence of jumps from a start position to a [`Goal`].
///
/// Before searching it tries to prove the goal impossible: too many pegs,
/// another position class ([`Board::class`](crate::Board::class)), a pagoda function (those
/// given with [`pagoda`](Solver::pagoda), and the 0/1 ones grown from the
/// goal's holes, [`Pagoda::grown`], and for a goal of one hole, the one
/// whose weights grow by the golden ratio with each step towards it).
/// Then depth-first searches
/// ([`MemoSearch`](kongming_search::dfs::MemoSearch) of kongming-search)
/// explore the jumps, remembering dead positions up to the symmetries of
/// the board that keep the goal in place, and pruning with the pagoda
/// functions. Jumps are tried in an order chosen by general rules
/// (towards the middle of the board or the goal's hole, leaving few pegs
/// with no neighbour, keeping many jumps possible); the search starts
/// again with another such order after a share of nodes that doubles
/// over the turns, keeping the dead positions it found. For an exact goal
/// a second search runs backwards in alternate turns (a game played
/// backwards is a game between the complements), and the first to finish
/// answers. From the second round of orders on, a beam search runs before
/// each round (level by level, keeping the best 16, then 32, … distinct
/// positions by the same score): it proves nothing when it fails, but it
/// solves large boards' games, such as the Wiegleb board's centre game,
/// in far fewer nodes than the depth-first orders wander through before
/// they find one. The [`budget`](Solver::budget) bounds the whole call:
/// its node limit counts the nodes of all of them, its time limit runs
/// from the start of the call, and the clock is read only when it has
/// one.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Goal, Solver};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let verdict = Solver::new(&start).goal(Goal::OnePeg).solve()?;
/// let solution = verdict.solution().expect("the English board is solvable");
/// assert_eq!(solution.end().peg_count(), 1);
/// assert_eq!(start.replay(solution.jumps())?, *solution.end());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    start: Position,
    goal: Goal,
    budget: Budget,
    /// The progress callback, shared by the searches of a call (and by
    /// the clones of the solver).
    progress: Option<Arc<Mutex<ProgressFn<'static>>>>,
    pagodas: Vec<Pagoda>,
    stats: Stats,
}

/// The budget of one call of [`Solver::solve`], started, and the nodes
/// spent so far.
/// The nodes of the first, short search for an exact goal, before a
/// census is tried.
const FIRST_SEARCH: u64 = 200_000;

/// The positions a census may expand to prove an exact goal lost.
const CENSUS_POSITIONS: u64 = 4_000_000;

struct Spend {
    meter: Meter,
    nodes: u64,
    /// The node limit of the budget the meter runs, if any.
    limit: Option<u64>,
}

impl Spend {
    fn new(budget: &Budget) -> Self {
        Spend {
            meter: budget.start(),
            nodes: 0,
            limit: budget.node_limit(),
        }
    }
}

impl Solver {
    /// A solver from `start` to [`Goal::OnePeg`] with no budget.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solver};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// assert!(Solver::new(&start).solve()?.solution().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(start: &Position) -> Solver {
        Solver {
            start: start.clone(),
            goal: Goal::OnePeg,
            budget: Budget::unlimited(),
            progress: None,
            pagodas: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// Sets the goal.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Goal, Position, Solver};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// let verdict = Solver::new(&start).goal(Goal::FewestPegs).solve()?;
    /// assert_eq!(verdict.solution().unwrap().end().peg_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn goal(mut self, goal: Goal) -> Solver {
        self.goal = goal;
        self
    }

    /// Bounds each call of [`solve`](Solver::solve) and
    /// [`fewest_moves`](Solver::fewest_moves) (the default is unlimited).
    /// A node of `solve` is a jump played by its depth-first searches or
    /// a position made by its beam searches, all of them counted together
    /// (for [`Goal::FewestPegs`], over every peg count tried); a node of
    /// `fewest_moves` is a position it stores (so the node limit bounds
    /// its memory). The time limit runs from the start of the call; a
    /// stop is [`Verdict::Stopped`].
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Budget, Solver, StopReason, Verdict};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let verdict = Solver::new(&start).budget(Budget::unlimited().with_node_limit(5)).solve()?;
    /// assert_eq!(verdict, Verdict::Stopped(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Solver {
        self.budget = budget;
        self
    }

    /// Calls `report` as a call works: for [`solve`](Solver::solve),
    /// every few thousand jumps of its depth-first searches and after
    /// each beam search, `done` the nodes of the call so far (see
    /// [`budget`](Solver::budget)); for
    /// [`fewest_moves`](Solver::fewest_moves), after each move of the
    /// breadth-first search, `done` the positions stored. `found` is 1
    /// once a solution is found. To stop from the callback, raise the
    /// budget's [`CancelFlag`](crate::CancelFlag).
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_peg_bitboard::{Board, Solver};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let seen = Arc::new(Mutex::new(Vec::new()));
    /// let log = Arc::clone(&seen);
    /// let mut solver = Solver::new(&start).on_progress(move |p| log.lock().unwrap().push(p.done));
    /// solver.solve()?;
    /// let seen = seen.lock().unwrap();
    /// assert!(seen.windows(2).all(|pair| pair[0] <= pair[1]));
    /// assert!(seen.last().is_some_and(|&done| done <= solver.stats().nodes));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, report: impl FnMut(&Progress) + Send + 'static) -> Solver {
        self.progress = Some(Arc::new(Mutex::new(ProgressFn::new(report))));
        self
    }

    /// Reports `done` nodes (and `found` solutions) to the callback, if
    /// any.
    fn report(&self, done: u64, found: u64) {
        if let Some(progress) = &self.progress
            && let Ok(mut callback) = progress.lock()
        {
            callback.report(&Progress::new((), done).with_found(found));
        }
    }

    /// Adds a pagoda function to prune with.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Goal, Pagoda, Position, Proof, Solver, Verdict};
    ///
    /// let start: Position = "o o . . . .".parse()?;
    /// let board = start.board();
    /// // Fibonacci weights: each is at most the sum of the two before it.
    /// let pagoda = Pagoda::new(board, &[0, 1, 1, 2, 3, 5])?;
    /// let goal = Goal::OnePegAt(board.cell("f1")?); // same class as c1
    /// assert_eq!(pagoda.value(start.pegs()), 1);
    /// assert_eq!(Solver::new(&start).goal(goal).pagoda(pagoda).solve()?, Verdict::Impossible(Proof::Pagoda));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pagoda(mut self, pagoda: Pagoda) -> Solver {
        self.pagodas.push(pagoda);
        self
    }

    /// What the last [`solve`](Solver::solve) did.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Position, Solver};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// let mut solver = Solver::new(&start);
    /// solver.solve()?;
    /// assert!(solver.stats().nodes >= 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Solves: a solution, a proof of impossibility, or the budget's stop.
    ///
    /// # Errors
    ///
    /// [`SolveError`] if the goal or a pagoda function does not fit the
    /// board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Goal, Proof, Solver, Verdict};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let off_class = Goal::OnePegAt(board.cell("c1")?);
    /// assert_eq!(Solver::new(&start).goal(off_class).solve()?, Verdict::Impossible(Proof::Class));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self) -> Result<Verdict, SolveError> {
        let board = self.start.board().clone();
        // A pagoda function of another board with as many holes may
        // increase along a jump of this one: it would prove wrong things.
        if self
            .pagodas
            .iter()
            .any(|p| Pagoda::new(&board, p.weights()).is_err())
        {
            return Err(SolveError::PagodaOffBoard);
        }
        self.stats = Stats::default();
        let mut spend = Spend::new(&self.budget);
        let spend = &mut spend;
        let pegs = self.start.pegs();
        match self.goal {
            Goal::OnePeg => {
                let finishes = board
                    .single_peg_finishes(pegs)
                    .fold(0u64, |set, c| set | c.bit());
                if pegs == 0 {
                    return Ok(Verdict::Impossible(Proof::PegCount));
                }
                if finishes == 0 {
                    return Ok(Verdict::Impossible(Proof::Class));
                }
                let patterns: Vec<u64> = bits(finishes).collect();
                self.run(Target::Count(1), &patterns, finishes, &[], spend)
            }
            Goal::OnePegAt(cell) => {
                if !board.contains(cell) {
                    return Err(SolveError::GoalOffBoard);
                }
                self.exact(cell.bit(), spend)
            }
            Goal::Pattern(target) => {
                if target & !board.holes() != 0 {
                    return Err(SolveError::GoalOffBoard);
                }
                self.exact(target, spend)
            }
            Goal::FewestPegs => {
                let least = if board.single_peg_finishes(pegs).next().is_some() {
                    1
                } else {
                    2
                };
                for count in least.min(pegs.count_ones())..=pegs.count_ones() {
                    match self.run(Target::Count(count), &[], 0, &[], spend)? {
                        Verdict::Impossible(_) => {}
                        other => return Ok(other),
                    }
                }
                // Unreachable: the start itself has `pegs` pegs.
                Ok(Verdict::Impossible(Proof::Exhausted))
            }
        }
    }

    fn exact(&mut self, target: u64, spend: &mut Spend) -> Result<Verdict, SolveError> {
        let board = self.start.board().clone();
        let pegs = self.start.pegs();
        if target.count_ones() > pegs.count_ones()
            || (target.count_ones() == pegs.count_ones() && target != pegs)
        {
            return Ok(Verdict::Impossible(Proof::PegCount));
        }
        if board.class(target) != board.class(pegs) {
            return Ok(Verdict::Impossible(Proof::Class));
        }
        // A lost position costs the search every game from it, a census
        // (both ends meeting in the middle, pagoda windows) a fraction of
        // that: after a first short search, a census of a bounded number
        // of positions decides loss; a win is still found by the search.
        let first = spend.meter.remaining(spend.nodes);
        let cut = first.node_limit().is_none_or(|left| left > FIRST_SEARCH);
        let mut short = Spend::new(&if cut {
            first.with_node_limit(FIRST_SEARCH)
        } else {
            first
        });
        let verdict = self.run(
            Target::Exact(target),
            &[target],
            target,
            &[target],
            &mut short,
        )?;
        spend.nodes += short.nodes;
        match verdict {
            Verdict::Stopped(StopReason::NodeLimit) if cut => {}
            decided => return Ok(decided),
        }
        let census_budget = spend.meter.remaining(spend.nodes);
        let census_budget = match census_budget.node_limit() {
            Some(left) if left < CENSUS_POSITIONS => census_budget,
            _ => census_budget.with_node_limit(CENSUS_POSITIONS),
        };
        let goal = board
            .position(target)
            .map_err(|_| SolveError::GoalOffBoard)?;
        if let Ok(census) = Census::new(&self.start).with_target(&goal) {
            let mut census = census.budget(census_budget);
            if let Ok(counts) = census.winnable()
                && counts.outcome() == Outcome::Complete
                && counts.total().first() == Some(&0)
            {
                return Ok(Verdict::Impossible(Proof::Exhausted));
            }
        }
        self.run(Target::Exact(target), &[target], target, &[target], spend)
    }
}
