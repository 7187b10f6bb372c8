//! Solving: goals, invariants checked before searching (peg count,
//! position class, pagoda functions), the memoised depth-first search and
//! the fewest-moves search.

use std::error::Error;
use std::fmt;
use std::sync::{Arc, Mutex};

use kongming_search::control::{Budget, Meter, Outcome, Progress, ProgressFn, StopReason};
use kongming_search::dfs::{Keyed, MemoSearch, Problem, Stats};
use rustc_hash::FxBuildHasher;

use crate::board::{Board, Cell, Jump};
use crate::levels::{MAX_LANES as LANES, hole_lanes, lane_images};
use crate::pagoda::Pagoda;
use crate::position::{Position, Shift};
pub use crate::solution::Solution;
pub use crate::verdict::{Proof, Verdict};

mod beam;
mod fewest;

/// What a game should end with.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Goal, Solver, Verdict};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let verdict = Solver::new(&start).goal(Goal::OnePegAt(board.cell("d4")?)).solve()?;
/// assert!(matches!(verdict, Verdict::Solved(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Goal {
    /// One peg left, anywhere.
    OnePeg,
    /// One peg left, in this hole (a cell of the start's board).
    OnePegAt(Cell),
    /// Exactly these pegs left (a bitboard of the start's board).
    Pattern(u64),
    /// As few pegs as can be left.
    FewestPegs,
}

/// Why a solver could not run.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Goal, SolveError, Solver};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let error = Solver::new(&start).goal(Goal::Pattern(1 << 50)).solve().unwrap_err();
/// assert_eq!(error, SolveError::GoalOffBoard);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The goal names a hole the start's board does not have: a cell of
    /// another board, or a pattern with a bit that is no hole.
    GoalOffBoard,
    /// A pagoda function that is not one of the start's board (another
    /// number of weights, or a jump of this board that increases it).
    PagodaOffBoard,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SolveError::GoalOffBoard => "the goal names a hole that is not on the start's board",
            SolveError::PagodaOffBoard => {
                "a pagoda function is not one of the start's board (wrong length, or a jump increases it)"
            }
        })
    }
}

impl Error for SolveError {}

/// Finds a sequence of jumps from a start position to a [`Goal`].
///
/// Before searching it tries to prove the goal impossible: too many pegs,
/// another position class ([`Board::class`]), a pagoda function (those
/// given with [`pagoda`](Solver::pagoda), and the 0/1 ones grown from the
/// goal's holes, [`Pagoda::grown`], and for a goal of one hole, the one
/// whose weights grow by the golden ratio with each step towards it).
/// Then depth-first searches ([`MemoSearch`] of kongming-search) explore
/// the jumps, remembering dead positions up to the symmetries of the
/// board that keep the goal in place, and pruning with the pagoda
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
/// solves large boards' games that the depth-first orders wander in for
/// millions of nodes (the Wiegleb board's centre game: about 190,000
/// nodes). The [`budget`](Solver::budget) bounds the whole call: its node
/// limit counts the nodes of all of them, its time limit runs from the
/// start of the call, and the clock is read only when it has one.
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
struct Spend {
    meter: Meter,
    nodes: u64,
}

/// What counts as reaching the goal in one search.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// Exactly this many pegs.
    Count(u32),
    /// Exactly these pegs.
    Exact(u64),
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
        let mut spend = Spend {
            meter: self.budget.start(),
            nodes: 0,
        };
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
        self.run(Target::Exact(target), &[target], target, &[target], spend)
    }

    /// Checks the pagoda functions, then searches forwards; for an exact
    /// target, also backwards (see [`Solver::solve`]). `fixed`: the
    /// patterns the symmetries used for the memo must keep in place.
    fn run(
        &mut self,
        target: Target,
        patterns: &[u64],
        seeds: u64,
        fixed: &[u64],
        spend: &mut Spend,
    ) -> Result<Verdict, SolveError> {
        let board = self.start.board().clone();
        let pegs = self.start.pegs();
        let forward = match Setup::new(&board, pegs, patterns, seeds, fixed, &self.pagodas) {
            Ok(setup) => setup,
            Err(proof) => return Ok(Verdict::Impossible(proof)),
        };
        // A game from S to T played backwards is a game from the
        // complement of T to the complement of S with the same jumps in
        // reverse order. Unless that is the same game (the centre start
        // to the centre), it is searched too.
        let mut backward = None;
        if let Target::Exact(t) = target {
            let back_start = board.holes() & !t;
            let back_target = board.holes() & !pegs;
            if (back_start, back_target) != (pegs, t) {
                let fixed = [back_target];
                match Setup::new(&board, back_start, &fixed, back_target, &fixed, &[]) {
                    Ok(setup) => backward = Some((setup, back_target)),
                    Err(proof) => return Ok(Verdict::Impossible(proof)),
                }
            }
        }
        let mut searches = vec![(
            MemoSearch::with_hasher(forward.play(&board, target), FxBuildHasher),
            false,
        )];
        if let Some((setup, back_target)) = &backward {
            let play = setup.play(&board, Target::Exact(*back_target));
            searches.push((MemoSearch::with_hasher(play, FxBuildHasher), true));
        }
        Ok(self.portfolio(searches, spend))
    }

    /// Runs the searches in turn until one finds a solution or proves
    /// there is none, or the budget runs out. Each turn starts again from
    /// the start with one of [`ORDERS`] (in rotation) for a share of
    /// nodes that doubles after each rotation; a search keeps its dead
    /// positions from turn to turn, whatever the order (dead is dead).
    /// Orders take very different times on some games: a game that one
    /// order solves quickly costs less than four times (number of
    /// searches × orders) that (the shares double, and every other turn of
    /// the last rotation may spend up to twice it), and a goal proved
    /// impossible costs about one exhaustive search per direction.
    fn portfolio(
        &mut self,
        searches: Vec<(MemoSearch<Play<'_>, FxBuildHasher>, bool)>,
        spend: &mut Spend,
    ) -> Verdict {
        let mut searches: Vec<(Option<MemoSearch<Play<'_>, FxBuildHasher>>, bool)> = searches
            .into_iter()
            .map(|(search, reversed)| (Some(search), reversed))
            .collect();
        let total_limit = self.budget.node_limit();
        let mut turn = 0usize;
        loop {
            let rotation = turn / ORDERS.len();
            let round = FIRST_ROUND.saturating_mul(1 << rotation.min(63));
            // From the second rotation on, a beam search before each
            // rotation, its width doubling too (see [`beam`]).
            if turn.is_multiple_of(ORDERS.len()) && rotation > 0 {
                let width = BEAM_FIRST
                    .saturating_mul(1 << (rotation - 1).min(20))
                    .min(BEAM_MOST);
                let limits = beam::Limits {
                    nodes: total_limit.map_or(u64::MAX, |l| l.saturating_sub(spend.nodes)),
                    meter: &spend.meter,
                };
                // The forward search, back at its start after a turn that
                // stopped (a search that stops restores its problem).
                let search = searches[0].0.as_ref().expect("put back after each turn");
                debug_assert_eq!(search.problem().pegs, self.start.pegs());
                let (outcome, nodes) = beam::beam(search.problem(), width, &limits);
                spend.nodes += nodes;
                self.stats.nodes += nodes;
                self.report(
                    spend.nodes,
                    u64::from(matches!(outcome, beam::Beam::Found(_))),
                );
                match outcome {
                    beam::Beam::Found(path) => {
                        self.add_search_stats(&searches);
                        let board = self.start.board();
                        let jumps = path
                            .iter()
                            .map(|&j| board.jumps()[usize::from(j)])
                            .collect();
                        let solution =
                            Solution::new(&self.start, jumps).expect("the beam plays legal jumps");
                        return Verdict::Solved(solution);
                    }
                    beam::Beam::Stopped(reason) => {
                        self.add_search_stats(&searches);
                        return Verdict::Stopped(reason);
                    }
                    beam::Beam::Failed => {}
                }
            }
            for i in 0..searches.len() {
                let (slot, reversed) = &mut searches[i];
                let reversed = *reversed;
                // What is left of the call's budget (the time to its
                // deadline, its flag), at most a turn's share of nodes.
                let left = spend.meter.remaining(spend.nodes);
                let nodes = left.node_limit().map_or(round, |left| left.min(round));
                let budget = left.with_node_limit(nodes);
                let before = slot.as_ref().map_or(0, |s| s.stats().nodes);
                let mut resumed = slot
                    .take()
                    .expect("each search is put back after its turn")
                    .budget(budget);
                if let Some(progress) = &self.progress {
                    // The search's own count of nodes, as the call's.
                    let (progress, spent) = (Arc::clone(progress), spend.nodes);
                    resumed = resumed.on_progress(move |report| {
                        let done = spent + report.done.saturating_sub(before);
                        if let Ok(mut callback) = progress.lock() {
                            callback.report(&Progress::new((), done));
                        }
                    });
                }
                resumed.problem().order.set(turn % ORDERS.len());
                let search = slot.insert(resumed);
                let found = search.first().is_some();
                spend.nodes += search.stats().nodes - before;
                let outcome = search.outcome();
                let stopped = match outcome {
                    Some(Outcome::Stopped(reason))
                        if reason != StopReason::NodeLimit
                            || total_limit.is_some_and(|l| spend.nodes >= l) =>
                    {
                        Some(reason)
                    }
                    _ => None,
                };
                if found || outcome == Some(Outcome::Complete) || stopped.is_some() {
                    self.add_search_stats(&searches);
                    if let Some(reason) = stopped
                        && !found
                    {
                        return Verdict::Stopped(reason);
                    }
                    if found {
                        self.report(spend.nodes, 1);
                    }
                    let search = searches[i].0.as_ref().expect("put back");
                    return self.verdict(search, found, reversed);
                }
            }
            turn = turn.saturating_add(1);
        }
    }

    /// Adds the statistics of every search of a portfolio.
    fn add_search_stats(
        &mut self,
        searches: &[(Option<MemoSearch<Play<'_>, FxBuildHasher>>, bool)],
    ) {
        for (search, _) in searches {
            if let Some(search) = search {
                self.add_stats(search.stats());
            }
        }
    }

    fn add_stats(&mut self, stats: Stats) {
        self.stats.nodes += stats.nodes;
        self.stats.backtracks += stats.backtracks;
        self.stats.prunes += stats.prunes;
        self.stats.solutions += stats.solutions;
        self.stats.max_depth = self.stats.max_depth.max(stats.max_depth);
    }

    /// The verdict of a finished or stopped search; `reversed` if it ran
    /// backwards.
    fn verdict<S: std::hash::BuildHasher>(
        &self,
        search: &MemoSearch<Play<'_>, S>,
        found: bool,
        reversed: bool,
    ) -> Verdict {
        let board = self.start.board();
        if found {
            let mut jumps: Vec<Jump> = search
                .solution_path()
                .iter()
                .map(|&j| board.jumps()[usize::from(j)])
                .collect();
            if reversed {
                jumps.reverse();
            }
            let solution = Solution::new(&self.start, jumps).expect("the search plays legal jumps");
            return Verdict::Solved(solution);
        }
        match search.outcome() {
            Some(Outcome::Stopped(reason)) => Verdict::Stopped(reason),
            _ => Verdict::Impossible(Proof::Exhausted),
        }
    }
}

/// The set bits of `mask`, one at a time.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            bit
        })
    })
}

/// The node share of each turn of a search in the first rotation of
/// [`ORDERS`] (see [`Solver::portfolio`]).
const FIRST_ROUND: u64 = 256;

/// The width of the first beam search (before the second rotation of
/// [`ORDERS`]); it doubles with each rotation, up to [`BEAM_MOST`].
const BEAM_FIRST: usize = 16;

/// The widest beam: about 100 MB of levels on a 64-hole board.
const BEAM_MOST: usize = 1 << 16;

/// A rule for the order in which the jumps of a position are tried, the
/// same on every board. Each jump is scored by the position it leads to:
/// its moment (sum of squared distances) about the centre of mass of the
/// board or the goal's hole (jumps inwards first), plus a penalty for
/// each peg left with no peg next to it (it can move only after another
/// peg comes back to it) and minus a bonus per jump then possible (keep
/// options open); lowest score first. The weights were chosen by trials
/// on the English board (checked on the triangles); their units are the
/// same on every board.
#[derive(Clone, Copy, Debug)]
struct Order {
    /// Penalty per peg with no neighbour, in hundredths of one step
    /// squared.
    lonely: i64,
    /// Bonus per possible jump, in the same units.
    mobility: i64,
    /// The moment about the goal's hole (if the goal is one hole) rather
    /// than the centre of mass.
    towards: bool,
}

/// The orders a search takes in rotation (see [`Solver::portfolio`]).
const ORDERS: [Order; 3] = [
    Order {
        lonely: 460,
        mobility: 92,
        towards: false,
    },
    Order {
        lonely: 0,
        mobility: 0,
        towards: false,
    },
    Order {
        lonely: 230,
        mobility: 46,
        towards: true,
    },
];

/// What one search direction needs, owned.
struct Setup {
    pegs: u64,
    lanes: usize,
    images: [u64; LANES],
    jump_images: Vec<[u64; LANES]>,
    /// For each pagoda function pruning: its value at the start less the
    /// least value it must keep.
    slack: Vec<i64>,
    /// The change of each pagoda function's value made by each jump
    /// (`jump * slack.len() + pagoda`).
    jump_slack: Vec<i64>,
    /// The change in moment about the middle made by each jump.
    priority: Vec<i64>,
    /// The same about the goal's hole, if it is one hole.
    towards: Vec<i64>,
    /// One step squared, in the units of `priority`.
    unit: i64,
    /// (index offset `d`, the holes `h` such that `h + d` is a hole next
    /// to `h` on a line of jumps).
    adjacency: Vec<(Shift, u64)>,
}

/// The pagoda function shrinking by about the golden ratio with each
/// step away from the hole `seed`: weights `F(m - d + 1)` for a hole `d` steps from
/// the seed along lines of jumps, `m` the largest such distance and `F`
/// the Fibonacci numbers, so that a jump towards the seed keeps the
/// weight (`F(k) + F(k + 1) = F(k + 2)`) and any other loses. `None` if
/// the weights would overflow.
fn golden(board: &Board, seed: u64) -> Option<Pagoda> {
    // The holes next to each hole along lines of jumps.
    let mut next_to = vec![0u64; board.len()];
    for jump in board.jumps() {
        for (a, b) in [(jump.from(), jump.over()), (jump.over(), jump.to())] {
            next_to[a.index()] |= b.bit();
            next_to[b.index()] |= a.bit();
        }
    }
    let mut distance: Vec<Option<usize>> = vec![None; board.len()];
    let mut seen = seed & board.holes();
    let mut frontier = seen;
    let mut steps = 0;
    while frontier != 0 {
        let mut next = 0;
        for bit in bits(frontier) {
            let hole = bit.trailing_zeros() as usize;
            distance[hole] = Some(steps);
            next |= next_to[hole];
        }
        frontier = next & !seen;
        seen |= next;
        steps += 1;
    }
    let far = distance.iter().flatten().copied().max()?;
    // fib[k]: F(k + 1), k = 0..=far + 1.
    let mut fib = vec![1i32, 1];
    while fib.len() < far + 2 {
        let k = fib.len();
        fib.push(fib[k - 1].checked_add(fib[k - 2])?);
    }
    let weights: Vec<i32> = distance
        .iter()
        .map(|d| d.map_or(0, |d| fib[far - d]))
        .collect();
    Pagoda::new(board, &weights).ok()
}

impl Setup {
    /// Checks the pagoda functions at the start (an impossibility proof)
    /// and prepares the search from `pegs` to one of `patterns`, with the
    /// symmetries of the board that keep each of `fixed` in place.
    fn new(
        board: &Board,
        pegs: u64,
        patterns: &[u64],
        seeds: u64,
        fixed: &[u64],
        given: &[Pagoda],
    ) -> Result<Setup, Proof> {
        let mut pagodas = given.to_vec();
        if seeds != 0 {
            pagodas.push(Pagoda::grown(board, seeds));
            if seeds.count_ones() > 1 {
                pagodas.extend(bits(seeds).map(|bit| Pagoda::grown(board, bit)));
            }
            if seeds.count_ones() == 1 {
                pagodas.extend(golden(board, seeds));
            }
        }
        let mut slack = Vec::new();
        let mut jump_slack = Vec::new();
        for pagoda in pagodas {
            let need = patterns
                .iter()
                .map(|&p| pagoda.value(p))
                .min()
                .unwrap_or(i64::MIN);
            if pagoda.value(pegs) < need {
                return Err(Proof::Pagoda);
            }
            if need > 0 {
                slack.push(pagoda.value(pegs) - need);
                let w = |c: Cell| i64::from(pagoda.weights()[c.index()]);
                jump_slack.extend(
                    board
                        .jumps()
                        .iter()
                        .map(|j| w(j.to()) - w(j.from()) - w(j.over())),
                );
            }
        }
        // Laid out jump by jump.
        let k = slack.len();
        let jump_slack: Vec<i64> = (0..board.jumps().len())
            .flat_map(|j| (0..k).map(move |p| (j, p)))
            .map(|(j, p)| jump_slack[p * board.jumps().len() + j])
            .collect();
        // The symmetries keeping `fixed` in place form a subgroup; keys
        // are least images under them (any subset of them would still be
        // sound, merely merging fewer positions).
        let (lanes, holes) = hole_lanes(board, board.symmetries());
        let elements = board.symmetries().order().min(lanes);
        let fixed_images: Vec<_> = fixed.iter().map(|&p| lane_images(&holes, p)).collect();
        let kept: Vec<usize> = (0..elements)
            .filter(|&lane| {
                fixed
                    .iter()
                    .zip(&fixed_images)
                    .all(|(&p, images)| images[lane] == p)
            })
            .collect();
        let lanes_of = |bits: u64| {
            let all = lane_images(&holes, bits);
            let mut images = [0u64; LANES];
            for (image, &lane) in images.iter_mut().zip(&kept) {
                *image = all[lane];
            }
            images
        };
        let jump_images = board.jumps().iter().map(|j| lanes_of(j.mask())).collect();
        let moment = |mid: Vec<i64>| -> Vec<i64> {
            board
                .jumps()
                .iter()
                .map(|j| mid[j.to().index()] - mid[j.from().index()] - mid[j.over().index()])
                .collect()
        };
        let priority = moment(board.spread(None));
        let towards = match patterns {
            [one] if one.count_ones() == 1 => {
                let cell = board.cell_at(one.trailing_zeros() as usize);
                moment(board.spread(cell))
            }
            _ => priority.clone(),
        };
        let n = board.len() as i64;
        let mut adjacency: Vec<(Shift, u64)> = Vec::new();
        for jump in board.jumps() {
            let (from, over, to) = (jump.from(), jump.over(), jump.to());
            for (a, b) in [(from, over), (over, from), (over, to), (to, over)] {
                let offset = Shift::new(b.index() as i32 - a.index() as i32);
                match adjacency.iter_mut().find(|(o, _)| *o == offset) {
                    Some((_, holes)) => *holes |= a.bit(),
                    None => adjacency.push((offset, a.bit())),
                }
            }
        }
        Ok(Setup {
            pegs,
            lanes: kept.len(),
            images: lanes_of(pegs),
            jump_images,
            slack,
            jump_slack,
            priority,
            towards,
            unit: 4 * n * n,
            adjacency,
        })
    }

    fn play<'a>(&'a self, board: &'a Board, target: Target) -> Play<'a> {
        Play {
            board,
            pegs: self.pegs,
            count: self.pegs.count_ones(),
            lanes: self.lanes,
            images: self.images,
            jump_images: &self.jump_images,
            target,
            slack: self.slack.clone(),
            jump_slack: &self.jump_slack,
            orders: ORDERS.map(|order| Weights {
                priority: if order.towards {
                    &self.towards
                } else {
                    &self.priority
                },
                lonely: order.lonely * self.unit / 100,
                mobility: order.mobility * self.unit / 100,
            }),
            order: std::cell::Cell::new(0),
            adjacency: &self.adjacency,
        }
    }
}

/// The search state: pegs, their images under the symmetries kept, and
/// the pruning and ordering data.
struct Play<'a> {
    board: &'a Board,
    pegs: u64,
    /// The number of pegs.
    count: u32,
    /// The images of the pegs under the symmetries kept (zeros past
    /// `lanes`): toggled with each jump's images.
    lanes: usize,
    images: [u64; LANES],
    jump_images: &'a [[u64; LANES]],
    target: Target,
    /// As in [`Setup`], kept up to date: a position where one is
    /// negative is pruned.
    slack: Vec<i64>,
    jump_slack: &'a [i64],
    adjacency: &'a [(Shift, u64)],
    /// The orders of [`ORDERS`], and the one in use (it may change
    /// between turns of a search: any order explores the same positions).
    /// A `Cell`, because between turns the search gives only shared
    /// access to its problem (`MemoSearch::problem`), and the order is
    /// the one thing changed then.
    orders: [Weights<'a>; ORDERS.len()],
    order: std::cell::Cell<usize>,
}

/// An [`Order`] for one search: the moments, and the weights in their
/// units.
#[derive(Clone, Copy, Debug)]
struct Weights<'a> {
    priority: &'a [i64],
    lonely: i64,
    mobility: i64,
}

impl Play<'_> {
    /// Plays or takes back `jump` on the pegs and their images.
    #[inline]
    fn toggle(&mut self, jump: usize) {
        self.pegs ^= self.board.jumps()[jump].mask();
        let lanes = self.lanes.min(LANES);
        for (image, bits) in self.images[..lanes]
            .iter_mut()
            .zip(&self.jump_images[jump][..lanes])
        {
            *image ^= bits;
        }
    }

    /// The number of pegs of `pegs` with no peg next to them on a line of
    /// jumps.
    #[inline]
    fn lonely(&self, pegs: u64) -> u32 {
        let mut neighboured = 0;
        for &(offset, holes) in self.adjacency {
            neighboured |= holes & offset.apply(pegs);
        }
        (pegs & !neighboured).count_ones()
    }

    /// The score of a jump by the rule of [`Order`]: lowest first.
    #[inline]
    fn score(&self, weights: Weights<'_>, jump: u16) -> i64 {
        let jump = usize::from(jump);
        let pegs = self.pegs ^ self.board.jumps()[jump].mask();
        let lonely = i64::from(self.lonely(pegs));
        let mut mobility = 0;
        if weights.mobility != 0 {
            // The jumps from each hole (one per direction, at most 6)
            // counted in bit-sliced binary, then three population counts
            // rather than one per group.
            let (mut ones, mut twos, mut fours) = (0u64, 0u64, 0u64);
            let empty = self.board.holes() & !pegs;
            for group in self.board.jump_groups() {
                let from = group.from_mask & pegs & group.over.apply(pegs) & group.to.apply(empty);
                let carry = ones & from;
                ones ^= from;
                fours ^= twos & carry;
                twos ^= carry;
            }
            mobility = i64::from(ones.count_ones())
                + 2 * i64::from(twos.count_ones())
                + 4 * i64::from(fours.count_ones());
        }
        weights.priority[jump] + weights.lonely * lonely - weights.mobility * mobility
    }
}

impl Problem for Play<'_> {
    type Move = u16;
    type Solution = u64;

    #[inline]
    fn moves(&self, out: &mut Vec<u16>) {
        if let Target::Count(n) = self.target
            && self.count <= n
        {
            return;
        }
        let start = out.len();
        self.board.legal_jump_indices(self.pegs, out);
        let found = &mut out[start..];
        if found.len() < 2 {
            return;
        }
        let weights = self.orders[self.order.get() % ORDERS.len()];
        if weights.lonely == 0 && weights.mobility == 0 {
            found.sort_unstable_by_key(|&j| weights.priority[usize::from(j)]);
            return;
        }
        // Scores on the stack, sorted along with the jumps by insertion
        // (few jumps at a time); a long list is sorted by cached keys.
        let mut scores = [0i64; 32];
        if found.len() > scores.len() {
            found.sort_by_cached_key(|&j| self.score(weights, j));
            return;
        }
        for i in 0..found.len() {
            let (jump, score) = (found[i], self.score(weights, found[i]));
            let mut k = i;
            while k > 0 && scores[k - 1] > score {
                scores[k] = scores[k - 1];
                found[k] = found[k - 1];
                k -= 1;
            }
            scores[k] = score;
            found[k] = jump;
        }
    }

    #[inline]
    fn apply(&mut self, &jump: &u16) {
        let jump = usize::from(jump);
        self.toggle(jump);
        self.count -= 1;
        let k = self.slack.len();
        for (slack, delta) in self.slack.iter_mut().zip(&self.jump_slack[jump * k..]) {
            *slack += delta;
        }
    }

    #[inline]
    fn undo(&mut self, &jump: &u16) {
        let jump = usize::from(jump);
        self.toggle(jump);
        self.count += 1;
        let k = self.slack.len();
        for (slack, delta) in self.slack.iter_mut().zip(&self.jump_slack[jump * k..]) {
            *slack -= delta;
        }
    }

    fn solution(&self) -> Option<u64> {
        self.is_solution().then_some(self.pegs)
    }

    #[inline]
    fn is_solution(&self) -> bool {
        match self.target {
            Target::Count(n) => self.count == n,
            Target::Exact(t) => self.pegs == t,
        }
    }

    #[inline]
    fn prune(&self) -> bool {
        if let Target::Exact(t) = self.target
            && self.count <= t.count_ones()
            && self.pegs != t
        {
            return true;
        }
        self.slack.iter().any(|&slack| slack < 0)
    }
}

impl Keyed for Play<'_> {
    type Key = u64;

    #[inline]
    fn key(&self) -> u64 {
        self.images[..self.lanes.min(LANES)]
            .iter()
            .copied()
            .fold(u64::MAX, u64::min)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A beam from `start` to one peg in `end` on `board`, with the solver's
    /// pagoda functions and orders.
    fn beam_to(board: &Board, start: u64, end: u64, width: usize, nodes: u64) -> (beam::Beam, u64) {
        let setup = Setup::new(board, start, &[end], end, &[end], &[]);
        let Ok(setup) = setup else {
            return (beam::Beam::Failed, 0);
        };
        let play = setup.play(board, Target::Exact(end));
        let meter = Budget::unlimited().start();
        let limits = beam::Limits {
            nodes,
            meter: &meter,
        };
        beam::beam(&play, width, &limits)
    }

    #[test]
    fn a_beam_finds_only_legal_games_to_the_target_and_stops_at_its_limit() {
        let board = Board::triangular(5).unwrap();
        let mut found = 0;
        for empty in board.cells() {
            let start = board.start(empty).unwrap();
            for end in board.cells() {
                for width in [1, 4, 64] {
                    let (outcome, nodes) =
                        beam_to(&board, start.pegs(), end.bit(), width, u64::MAX);
                    if let beam::Beam::Found(path) = outcome {
                        let jumps: Vec<Jump> = path
                            .iter()
                            .map(|&j| board.jumps()[usize::from(j)])
                            .collect();
                        assert_eq!(start.replay(&jumps).unwrap().pegs(), end.bit());
                        assert!(nodes > 0);
                        found += 1;
                    }
                }
            }
        }
        // Some games are found, none of them wrong (the class and the
        // count of games were checked by the census tests).
        assert!(found > 50, "{found}");
        let board = Board::english();
        let centre = board.centre().unwrap().bit();
        let start = board.holes() & !centre;
        let (outcome, nodes) = beam_to(&board, start, centre, 64, 100);
        assert!(matches!(
            outcome,
            beam::Beam::Stopped(StopReason::NodeLimit)
        ));
        assert_eq!(nodes, 100);
    }

    #[test]
    fn golden_weights_are_pagoda_functions_peaking_at_the_seed() {
        for board in [
            Board::english(),
            Board::european(),
            Board::diamond(),
            Board::wiegleb(),
            Board::triangular(5).unwrap(),
        ] {
            for cell in board.cells() {
                let pagoda = golden(&board, cell.bit()).expect("weights fit");
                let top = pagoda.weights().iter().copied().max();
                assert_eq!(Some(pagoda.weights()[cell.index()]), top);
                assert!(pagoda.weights().iter().all(|&w| w > 0));
            }
        }
    }
}
