//! Counting: reachable positions level by level, positions still winnable,
//! and the number of jump sequences that solve a game.

mod error;
mod games;
mod meet;
mod paths;
mod report;

use std::fmt;
use std::sync::Arc;

use kongming_search::control::{Budget, Outcome, Progress, ProgressFn, StopReason};
use kongming_search::symmetry::Group;

pub use error::CensusError;
pub use games::Games;
pub use report::{LevelCounts, SolutionCount, Stage};

use crate::levels::Expander;
use crate::moves::FewestMoves;
use crate::pagoda::Pagoda;
use crate::position::{Position, PositionError};
use crate::relaxed::Relaxation;
use crate::solve::{Proof, Solution, Verdict};
use crate::window::{WINDOW_LANES, WINDOW_WEIGHT, Window, absolute_total};
use crate::work::{CHUNK, Work};
use meet::{LazyRelaxedTest, Meet, Reached, Search, take_level};
use paths::path_counts;

/// Why a piece of a census's work ended early: a stop (what it made is
/// dropped, what was finished before kept) or an error.
#[derive(Debug)]
enum Halt {
    Stopped(StopReason),
    Failed(CensusError),
}

impl From<StopReason> for Halt {
    fn from(reason: StopReason) -> Halt {
        Halt::Stopped(reason)
    }
}

impl From<CensusError> for Halt {
    fn from(error: CensusError) -> Halt {
        Halt::Failed(error)
    }
}

/// What the calls of a census that stopped were working with (levels,
/// counts, indices, spare buffers): kept until the census's next call
/// starts, or the census is dropped, so that a stopped call returns
/// without waiting for gigabytes to be given back to the system.
#[derive(Default)]
struct Leftovers(Vec<Box<dyn Send>>);

impl Leftovers {
    /// Keeps `value` for later.
    fn keep(&mut self, value: impl Send + 'static) {
        self.0.push(Box::new(value));
    }
}

/// The default for [`Census::with_limit`]: 200 million positions, about
/// 1.6 GB of stored positions (plus the children of one level while it is
/// built).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::DEFAULT_LIMIT;
///
/// // The English board's 23,475,688 positions fit.
/// assert!(DEFAULT_LIMIT > 23_475_688);
/// ```
pub const DEFAULT_LIMIT: u64 = 200_000_000;

/// Counts about every game from a start: positions reachable after each
/// number of jumps, those that can still reach a target, and the number of
/// jump sequences that reach it.
///
/// Positions are stored once per orbit under the symmetries of the board
/// that fix the start (and the target, if any), as their least image, in
/// one sorted vector per level: eight bytes each, at most
/// [`with_limit`](Census::with_limit) of them. A child's canonical form
/// comes from its parent's images XOR the images of the jump, since
/// symmetries distribute over XOR.
///
/// Winnable positions and solutions meet in the middle: a game from S to
/// T played backwards is a game from the complement of T to the
/// complement of S, so one breadth-first search runs from S and one from
/// the complement of T, each to about half the depth, and the middle level
/// is their intersection (one search only when S is the complement of T,
/// as in every single-vacancy game ending in its starting hole). The other
/// winnable levels come from the parents of the level next to them. The
/// solutions are counted level by level over the winnable positions, from
/// both ends, and joined at the middle.
///
/// Both searches keep only positions within a window of pagoda functions
/// ([`with_pagodas`](Census::with_pagodas); by default those of
/// [`Pagoda::known`]): no jump increases a pagoda function, so a position
/// weighing more than the start cannot be reached, and one weighing less
/// than the target cannot win. On the English board's centre game this
/// halves the positions stored on the way to the middle (3.4 million
/// instead of 6.3 million).
///
/// Once a level is large, they also drop the positions that a relaxed
/// game proves cannot reach their target
/// ([`with_relaxations`](Census::with_relaxations); by default those of
/// [`Relaxation::known`]). On the English centre game this halves them
/// again (1.8 million).
///
/// # Bounding, stopping, observing
///
/// Each call that computes ([`reachable`](Census::reachable),
/// [`winnable`](Census::winnable), [`solutions`](Census::solutions),
/// [`fewest_moves`](Census::fewest_moves), [`games`](Census::games))
/// runs under the census's [`budget`](Census::budget), started afresh by
/// the call; a node is a position expanded (its children or parents
/// made, in any stage). The loops meter themselves a few thousand
/// positions at a time, and sorts and the relaxed games' tables look at
/// the flag and the clock as they go, so a stop comes soon after the
/// limit (on the English board, well within a tenth of a second of a time
/// limit). A stopped call returns what it finished, with its
/// [`Outcome`](crate::Outcome) saying why it stopped: the levels counted
/// so far ([`LevelCounts`]), the sequences counted so far (a lower bound,
/// [`SolutionCount`]), [`Verdict::Stopped`] for the fewest moves. What a
/// call completed stays in the census for the next call (the reachable
/// levels, the winnable positions); what a stop cut short is dropped.
///
/// The [position limit](Census::with_limit) is not part of the budget: it
/// bounds the memory a census may take, and a census that needs more
/// fails with [`CensusError::TooManyPositions`] whatever the time given,
/// so it is an error (like a board too large), not a stop.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Census};
///
/// // The 15-hole triangle, one corner empty, ending in that corner.
/// let board = Board::triangular(5)?;
/// let corner = board.cell("c1")?;
/// let start = board.start(corner)?;
/// let end = board.position(corner.bit())?;
/// let mut census = Census::new(&start).with_target(&end)?;
/// assert_eq!(census.reachable()?.sum(), 3_016);
/// assert_eq!(census.solutions()?.count(), 6_816);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Census {
    start: Position,
    target: Option<Position>,
    group: Group,
    limit: u64,
    budget: Budget,
    progress: Option<ProgressFn<'static, Stage>>,
    /// The pagoda functions bounding winnable positions; `None`: those of
    /// [`Pagoda::known`].
    pagodas: Option<Vec<Pagoda>>,
    /// The relaxed games ruling out positions that cannot win; `None`:
    /// those of [`Relaxation::known`].
    relaxations: Option<Vec<Relaxation>>,
    levels: Option<Vec<Vec<u64>>>,
    winnable: Option<Meet>,
    leftovers: Leftovers,
}

impl fmt::Debug for Census {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Census")
            .field("start", &self.start)
            .field("target", &self.target)
            .field("symmetries", &self.group.order())
            .field("limit", &self.limit)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl Census {
    /// A census from `start`, with no target.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.total(), &[1, 1, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(start: &Position) -> Census {
        let group = start.board().symmetries_fixing(&[start.pegs()]);
        Census {
            start: start.clone(),
            target: None,
            group,
            limit: DEFAULT_LIMIT,
            budget: Budget::unlimited(),
            progress: None,
            pagodas: None,
            relaxations: None,
            levels: None,
            winnable: None,
            leftovers: Leftovers::default(),
        }
    }

    /// Sets the target of [`winnable`](Census::winnable),
    /// [`solutions`](Census::solutions),
    /// [`fewest_moves`](Census::fewest_moves) and
    /// [`games`](Census::games). The symmetries used become
    /// those fixing both start and target.
    ///
    /// # Errors
    ///
    /// [`CensusError::Position`] if the target is on another board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// let end = start.board().position(0b0010)?; // a1-c1 then d1-b1
    /// assert_eq!(Census::new(&start).with_target(&end)?.solutions()?.count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_target(mut self, target: &Position) -> Result<Census, CensusError> {
        if target.board() != self.start.board() {
            return Err(CensusError::Position(PositionError::OtherBoard));
        }
        self.group = self
            .start
            .board()
            .symmetries_fixing(&[self.start.pegs(), target.pegs()]);
        self.target = Some(target.clone());
        self.levels = None;
        self.winnable = None;
        Ok(self)
    }

    /// Sets the pagoda functions that bound the positions kept while
    /// finding winnable positions and solutions, in place of those of
    /// [`Pagoda::known`] (an empty list: none). No jump increases a pagoda
    /// function, so a position of a game from the start to the target
    /// weighs no more than the start and no less than the target; the
    /// census drops every other position as soon as it is found. The
    /// counts do not change, only the time and memory they take.
    ///
    /// # Errors
    ///
    /// [`CensusError::Pagoda`] if one is not a pagoda function of this
    /// board, [`CensusError::TooManyPagodas`] past 16,
    /// [`CensusError::PagodaTooHeavy`] if one's weights add up, in
    /// absolute value, to more than 16,383.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census, Pagoda};
    ///
    /// let board = Board::triangular(5)?;
    /// let corner = board.cell("c1")?;
    /// let start = board.start(corner)?;
    /// let end = board.position(corner.bit())?;
    /// // The holes from which a peg can reach the corner, weighing one each.
    /// let pagoda = Pagoda::grown(&board, corner.bit());
    /// let mut census = Census::new(&start).with_target(&end)?.with_pagodas(&[pagoda])?;
    /// assert_eq!(census.solutions()?.count(), 6_816);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_pagodas(mut self, pagodas: &[Pagoda]) -> Result<Census, CensusError> {
        if pagodas.len() > WINDOW_LANES {
            return Err(CensusError::TooManyPagodas {
                limit: WINDOW_LANES,
            });
        }
        let board = self.start.board();
        for pagoda in pagodas {
            Pagoda::new(board, pagoda.weights()).map_err(CensusError::Pagoda)?;
            if absolute_total(pagoda) > WINDOW_WEIGHT {
                return Err(CensusError::PagodaTooHeavy {
                    limit: WINDOW_WEIGHT,
                });
            }
        }
        self.pagodas = Some(pagodas.to_vec());
        self.winnable = None;
        Ok(self)
    }

    /// Sets the relaxed games that rule out positions while finding
    /// winnable positions and solutions, in place of those of
    /// [`Relaxation::known`] (an empty list: none). Once a level of a
    /// search holds a position per 512 relaxed states (2^15 positions for
    /// 2^24 states), the census finds the winning states of each relaxed
    /// game (for that search's target) and from then on drops every
    /// position with an image, under the census's symmetries, whose
    /// relaxed state cannot win. The counts do not change, only the time
    /// and memory they take.
    ///
    /// # Errors
    ///
    /// [`CensusError::RelaxationBoard`] for a relaxation of another board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census, Count, Relaxation};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// let target = board.position(centre.bit())?;
    /// let census = Census::new(&board.start(centre)?).with_target(&target)?;
    /// let triangle = "o o o".parse::<Board>()?;
    /// let elsewhere = Relaxation::new(&triangle, 0b001, &[(0b110, Count::Exact)])?;
    /// assert!(census.with_relaxations(&[elsewhere]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_relaxations(mut self, relaxations: &[Relaxation]) -> Result<Census, CensusError> {
        if relaxations
            .iter()
            .any(|relaxation| relaxation.board() != self.start.board())
        {
            return Err(CensusError::RelaxationBoard);
        }
        self.relaxations = Some(relaxations.to_vec());
        self.winnable = None;
        Ok(self)
    }

    /// Fails with [`CensusError::TooManyPositions`] past `positions`
    /// stored positions (default [`DEFAULT_LIMIT`]): a bound on memory,
    /// eight bytes a position (see [Bounding, stopping,
    /// observing](Census#bounding-stopping-observing) for why it is an
    /// error and not a stop).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// assert!(Census::new(&start).with_limit(1).reachable().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_limit(mut self, positions: u64) -> Census {
        self.limit = positions;
        self
    }

    /// Bounds each call that computes (see [Bounding, stopping,
    /// observing](Census#bounding-stopping-observing)): its node limit
    /// counts the positions expanded (their children or parents made),
    /// its time limit runs from the start of the call, and its cancel
    /// flag stops the call at the next chunk of positions. The default is
    /// unlimited.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use kongming_peg_bitboard::{Board, Budget, Census, Outcome, StopReason};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// let budget = Budget::unlimited().with_time_limit(Duration::from_millis(5));
    /// let mut census = Census::new(&start).budget(budget);
    /// let counts = census.reachable()?; // 23 million positions: not in 5 ms
    /// assert_eq!(counts.outcome(), Outcome::Stopped(StopReason::TimeLimit));
    /// assert_eq!(counts.total()[0], 1); // level 0 is counted
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Census {
        self.budget = budget;
        self
    }

    /// Calls `report` at the end of each level of each stage: its
    /// [`stage`](Progress::stage), `done` the levels finished in the
    /// stage so far, `total` the levels the stage goes through (at most:
    /// play may end earlier), `found` the positions (up to symmetry)
    /// found so far (for the reachable levels of both searches: stored,
    /// as the [limit](Census::with_limit) counts them). To stop from the
    /// callback, raise the budget's [`CancelFlag`](crate::CancelFlag).
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use kongming_peg_bitboard::{Census, Position, Stage};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// let seen = Arc::new(Mutex::new(Vec::new()));
    /// let log = Arc::clone(&seen);
    /// let mut census = Census::new(&start).on_progress(move |p| log.lock().unwrap().push((p.stage, p.done, p.total)));
    /// census.reachable()?;
    /// assert_eq!(*seen.lock().unwrap(), [(Stage::Reachable, 1, Some(3)), (Stage::Reachable, 2, Some(3)), (Stage::Reachable, 3, Some(3))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn on_progress(mut self, report: impl FnMut(&Progress<Stage>) + Send + 'static) -> Census {
        self.progress = Some(ProgressFn::new(report));
        self
    }

    /// The symmetries the counts are reduced by: those of the board that
    /// fix the start and the target.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::english();
    /// let census = Census::new(&board.start(board.cell("d4")?)?);
    /// assert_eq!(census.symmetries().order(), 8);
    /// let census = Census::new(&board.start(board.cell("d1")?)?);
    /// assert_eq!(census.symmetries().order(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetries(&self) -> &Group {
        &self.group
    }

    /// Reports progress in `stage`: `done` levels finished of at most
    /// `total`, `found` positions.
    fn report(&mut self, stage: Stage, done: usize, total: usize, found: u64) {
        report_to(&mut self.progress, stage, done, total, found);
    }

    /// The running budget of one call, its clock started now (after
    /// what stopped calls left is given back).
    fn start_work(&mut self) -> Arc<Work> {
        self.leftovers = Leftovers::default();
        Arc::new(Work::start(&self.budget))
    }

    /// The census's expander (no window), metered by `work`.
    fn expander(&self, work: &Arc<Work>) -> Expander {
        Expander::new(self.start.board(), &self.group).metered(work)
    }

    /// The positions reachable from the start, per level.
    ///
    /// Stopped by the [budget](Census::budget), the counts hold the levels
    /// finished (level 0 at least), their outcome says why; complete, the
    /// levels are kept for the next calls.
    ///
    /// # Errors
    ///
    /// [`CensusError::TooManyPositions`] past the limit.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::triangular(5)?;
    /// let start = board.start(board.cell("c1")?)?;
    /// let counts = Census::new(&start).reachable()?;
    /// assert_eq!(counts.total().len(), 14); // down to one peg
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reachable(&mut self) -> Result<LevelCounts, CensusError> {
        let work = self.start_work();
        let expander = self.expander(&work);
        if let Some(levels) = &self.levels {
            let counts: Vec<(u64, u64)> =
                levels.iter().map(|l| level_count(&expander, l)).collect();
            return Ok(LevelCounts::complete(&counts));
        }
        let mut levels = Vec::new();
        let mut counts = Vec::new();
        let start = self.start.pegs();
        let total = self.start.peg_count() as usize;
        let built = self.build_levels(
            (&expander, start, usize::MAX),
            (Stage::Reachable, total, 0),
            None,
            &mut levels,
            Some(&mut counts),
        );
        let outcome = match built {
            Ok(()) => {
                self.levels = Some(levels);
                Outcome::Complete
            }
            Err(Halt::Stopped(reason)) => {
                self.leftovers.keep((levels, expander));
                Outcome::Stopped(reason)
            }
            Err(Halt::Failed(error)) => return Err(error),
        };
        Ok(LevelCounts::new(&counts, vec![true; counts.len()], outcome))
    }

    /// Builds the levels `0..=last` reachable from `start` (fewer if
    /// play stops earlier) that `relaxed` admits (all without one) into
    /// `levels`, and counts them into `counts` if given, reporting each
    /// in `stage` (of at most `total` levels), counting `stored`
    /// positions already held against the limit. Stopped, `levels` and
    /// `counts` hold the levels finished.
    fn build_levels(
        &mut self,
        (expander, start, last): (&Expander, u64, usize),
        (stage, total, stored): (Stage, usize, u64),
        mut relaxed: Option<&mut LazyRelaxedTest>,
        levels: &mut Vec<Vec<u64>>,
        mut counts: Option<&mut Vec<(u64, u64)>>,
    ) -> Result<(), Halt> {
        let work = expander.work();
        let first = vec![expander.canonical(start)];
        if let Some(counts) = counts.as_deref_mut() {
            counts.push(level_count(expander, &first));
        }
        levels.push(first);
        let mut stored = stored + 1;
        self.report(stage, 1, total, stored);
        while levels.len() <= last {
            let current = levels.last().expect("the start level");
            let room = self.limit.saturating_sub(stored);
            let next = expander.children_kept(current, room, |children| {
                if let Some(relaxed) = relaxed.as_deref_mut() {
                    relaxed.retain(children, work);
                }
            });
            // A stop leaves the level unfinished, and reads as no room.
            work.check_now()?;
            let next = next.ok_or(CensusError::TooManyPositions { limit: self.limit })?;
            if next.is_empty() {
                break;
            }
            stored += next.len() as u64;
            if stored > self.limit {
                return Err(CensusError::TooManyPositions { limit: self.limit }.into());
            }
            if let Some(counts) = counts.as_deref_mut() {
                counts.push(level_count(expander, &next));
            }
            levels.push(next);
            self.report(stage, levels.len(), total, stored);
        }
        Ok(())
    }

    fn target(&self) -> Result<&Position, CensusError> {
        self.target.as_ref().ok_or(CensusError::NoTarget)
    }

    /// The positions reachable from the start from which the target can
    /// still be reached, per level.
    ///
    /// Stopped by the [budget](Census::budget) before the winnable
    /// positions are all found, the counts hold the levels finished
    /// (from the middle outwards: see
    /// [`is_counted`](LevelCounts::is_counted)), their outcome says why;
    /// complete, the winnable positions are kept for the next calls.
    ///
    /// # Errors
    ///
    /// [`CensusError::NoTarget`] without a target,
    /// [`CensusError::TooManyPositions`] past the limit.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// let mut census = Census::new(&board.start(centre)?).with_target(&board.position(centre.bit())?)?;
    /// # let mut census = census.with_limit(10);
    /// # assert!(census.winnable().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winnable(&mut self) -> Result<LevelCounts, CensusError> {
        let work = self.start_work();
        let expander = self.expander(&work);
        let mut partial = Vec::new();
        match self.compute_winnable(&work, true, &mut partial) {
            Ok(()) => {}
            Err(Halt::Stopped(reason)) => {
                // The levels counted before the stop (none, if it came
                // before the middle level was found).
                let counts: Vec<(u64, u64)> = partial.iter().map(|c| c.unwrap_or((0, 0))).collect();
                let counted = partial.iter().map(Option::is_some).collect();
                return Ok(LevelCounts::new(&counts, counted, Outcome::Stopped(reason)));
            }
            Err(Halt::Failed(error)) => return Err(error),
        }
        let meet = self.winnable.as_mut().expect("just computed");
        // Counted as they were found, unless another call found them:
        // then counted now, a level at a time.
        let mut outcome = Outcome::Complete;
        for level in 0..meet.counts.len() {
            if meet.counts[level].is_none()
                && let Err(reason) = work.check_now()
            {
                outcome = Outcome::Stopped(reason);
                break;
            }
            meet.tally(level, &expander);
        }
        let (counts, counted) = meet.counted();
        Ok(LevelCounts::new(&counts, counted, outcome))
    }

    /// Finds the winnable positions (kept in `self.winnable`), counting
    /// each level as it is found when `tally`; stopped, the counts of the
    /// levels found so far are left in `partial`.
    fn compute_winnable(
        &mut self,
        work: &Arc<Work>,
        tally: bool,
        partial: &mut Vec<Option<(u64, u64)>>,
    ) -> Result<(), Halt> {
        if self.winnable.is_some() {
            return Ok(());
        }
        let target = self.target()?.pegs();
        let board = self.start.board().clone();
        let start = self.start.pegs();
        let Some(depth) = start
            .count_ones()
            .checked_sub(target.count_ones())
            .map(|d| d as usize)
        else {
            // The target has more pegs: no position can reach it.
            let mut meet = Meet::new(0, false);
            meet.counts[0] = Some((0, 0));
            self.winnable = Some(meet);
            return Ok(());
        };
        // A game from S to T played backwards is a game from the
        // complement of T to the complement of S. So a position x after k
        // jumps can still win exactly when the complement of x is
        // reachable from the complement of T in depth - k jumps: the
        // winnable positions of the middle level are the positions
        // reachable from S there whose complements are reachable from the
        // complement of T in the remaining jumps. Both searches stop at
        // the middle; the levels on either side keep the positions with a
        // child kept (found from the parents of the kept positions).
        let back_start = board.holes() & !target;
        let complementary = back_start == start;
        let mut meet = Meet::new(depth, complementary);
        // Every position kept lies within the pagoda window between start
        // and target (the backward search: between the complements of
        // target and start).
        let known;
        let pagodas = match &self.pagodas {
            Some(given) => given.as_slice(),
            None => {
                known = Pagoda::known(&board);
                known.as_slice()
            }
        };
        let expander = Expander::new(&board, &self.group)
            .metered(work)
            .windowed(Window::new(&board, pagodas, start, target));
        let relaxations = match &self.relaxations {
            Some(given) => given.clone(),
            None => Relaxation::known(&board),
        };
        let forward = Search {
            expander: &expander,
            start,
            relaxed: LazyRelaxedTest::new(&relaxations, target, &self.group),
        };
        // The backward search, when it is another search.
        let back_target = board.holes() & !start;
        let back_expander = (!complementary)
            .then(|| expander.sibling(Window::new(&board, pagodas, back_start, back_target)));
        let backward = back_expander.as_ref().map(|back_expander| Search {
            expander: back_expander,
            start: back_start,
            relaxed: LazyRelaxedTest::new(&relaxations, back_target, &self.group),
        });
        let mut reached = Reached {
            forward: Vec::new(),
            backward: Vec::new(),
            complementary,
        };
        // From here on, neighbours are found without the window: each is
        // joined with a level kept within it, which drops what the window
        // would have. (Checking the window as well cost the English centre
        // game 17 ms at the middle, and 6 % of the parents below it.)
        let unbounded = expander.sibling(None);
        let found = self
            .reach(&meet, forward, backward, &mut reached)
            .and_then(|()| Ok(self.keep_winnable(&mut meet, &mut reached, &unbounded, tally)?));
        if let Err(halt) = found {
            *partial = std::mem::take(&mut meet.counts);
            self.leftovers.keep((reached, meet, unbounded));
            return Err(halt);
        }
        self.winnable = Some(meet);
        Ok(())
    }

    /// Keeps the winnable positions of the levels `reached`, in `meet`:
    /// the middle level's first (the join), then the others from the
    /// middle outwards, each counted as it is found when `tally`.
    fn keep_winnable(
        &mut self,
        meet: &mut Meet,
        reached: &mut Reached,
        unbounded: &Expander,
        tally: bool,
    ) -> Result<(), StopReason> {
        let work = unbounded.work();
        meet.join(reached, unbounded, unbounded);
        work.check_now()?;
        // The middle level's positions are the complements of the joined
        // ones (the complements of distinct orbits are distinct orbits).
        let (middle, there_level, depth) = (meet.middle, meet.there_level(), meet.depth);
        let mut progress = (0, 0);
        self.winnable_found(meet, middle, (unbounded, tally), &mut progress);
        // Each level's winnable positions are kept in its vector of
        // reachable ones, which nothing needs after.
        for level in (0..middle).rev() {
            // One search: the backward level of the same number of jumps
            // is this level's winnable positions, just found.
            if !(meet.complementary && level == there_level) {
                let mut kept = take_level(&mut reached.forward, level);
                winnable_before(unbounded, &mut kept, &meet.levels[level + 1]);
                // Kept in place even if stopped (then unfinished): `meet`
                // goes to the leftovers.
                meet.levels[level] = kept;
                work.check_now()?;
            }
            self.winnable_found(meet, level, (unbounded, tally), &mut progress);
        }
        // The levels past the middle are the complements of the backward
        // levels: counted from those, never listed.
        for back in (0..there_level).rev() {
            if !meet.complementary {
                let mut kept = take_level(&mut reached.backward, back);
                winnable_before(unbounded, &mut kept, &meet.backward[back + 1]);
                meet.backward[back] = kept;
                work.check_now()?;
            }
            self.winnable_found(meet, depth - back, (unbounded, tally), &mut progress);
        }
        Ok(())
    }

    /// Records that the winnable positions of `level` are found: counted
    /// (by `expander`) if `tally`, reported with `progress` (levels and
    /// positions found before) brought up to date.
    fn winnable_found(
        &mut self,
        meet: &mut Meet,
        level: usize,
        (expander, tally): (&Expander, bool),
        progress: &mut (usize, u64),
    ) {
        if tally {
            meet.tally(level, expander);
        }
        progress.0 += 1;
        progress.1 += meet.level_len(level) as u64;
        self.report(Stage::Winnable, progress.0, meet.depth + 1, progress.1);
    }

    /// The winnable positions with every level up to the middle made
    /// (see [`Meet::make_middle`]), and the census's expander without a
    /// window, metered by `work`.
    fn compute_every_winnable_level(&mut self, work: &Arc<Work>) -> Result<Expander, Halt> {
        self.compute_winnable(work, false, &mut Vec::new())?;
        let expander = self.expander(work);
        let meet = self.winnable.as_mut().expect("just computed");
        meet.make_middle(&expander)?;
        Ok(expander)
    }

    /// The levels reachable by the two searches `meet` sets out, the
    /// relaxed games dropping what they rule out: `forward` up to the
    /// level before the middle, and `backward` (when it is another
    /// search) up to the middle.
    fn reach(
        &mut self,
        meet: &Meet,
        mut forward: Search<'_>,
        backward: Option<Search<'_>>,
        reached: &mut Reached,
    ) -> Result<(), Halt> {
        let last = meet.forward_last();
        let work = forward.expander.work();
        // Levels already counted in full are only narrowed to the window.
        let forward_levels = &mut reached.forward;
        match &self.levels {
            Some(levels) => {
                for level in &levels[..levels.len().min(last + 1)] {
                    let mut kept = forward.expander.within_window(level);
                    forward.relaxed.retain(&mut kept, work);
                    work.check_now()?;
                    forward_levels.push(kept);
                }
            }
            None => {
                let relaxed = Some(&mut forward.relaxed);
                let search = (forward.expander, forward.start, last);
                let stage = (Stage::Reachable, last + 1, 0);
                self.build_levels(search, stage, relaxed, forward_levels, None)?;
            }
        }
        if let Some(mut backward) = backward {
            let stored = reached.forward.iter().map(|l| l.len() as u64).sum();
            let last = meet.there_level();
            let search = (backward.expander, backward.start, last);
            let stage = (Stage::Backward, last + 1, stored);
            let relaxed = Some(&mut backward.relaxed);
            self.build_levels(search, stage, relaxed, &mut reached.backward, None)?;
        }
        Ok(())
    }

    /// A game from the start to the target in the fewest moves, a chain
    /// of jumps by one peg counting as one move (its
    /// [`move_count`](Solution::move_count)): [`Verdict::Solved`], or
    /// [`Verdict::Impossible`] when no game reaches the target, or
    /// [`Verdict::Stopped`] when the [budget](Census::budget) ran out
    /// first.
    ///
    /// The fewest moves are found for every winnable position, from the
    /// target back, following chains only through winnable positions: on
    /// the English board's centre game, the 18 moves of Bergholt's game
    /// (1912), which Beasley proved to be the fewest (1964), in about
    /// 1.2 s after the winnable set. Games with fewer symmetries take
    /// longer (each position is its own orbit more often). On top of the
    /// census's winnable positions, each level is indexed: about 30 to 60
    /// bytes per winnable position, whose number the census's
    /// [limit](Census::with_limit) bounds. With the `parallel` feature,
    /// the positions of a level are shared between rayon's threads. For
    /// small boards without a target in mind,
    /// [`Solver::fewest_moves`](crate::Solver::fewest_moves) searches
    /// every position instead.
    ///
    /// # Errors
    ///
    /// [`CensusError::NoTarget`] without a target,
    /// [`CensusError::TooManyPositions`] past the limit.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position, Proof, Verdict};
    ///
    /// let start: Position = "o o . o .".parse()?;
    /// // a1-c1, then c1-e1 by the same peg: two jumps, one move.
    /// let end = start.board().position(0b10000)?;
    /// let verdict = Census::new(&start).with_target(&end)?.fewest_moves()?;
    /// let game = verdict.solution().expect("solvable");
    /// assert_eq!((game.jumps().len(), game.move_count()), (2, 1));
    /// // No game ends with one peg in a1.
    /// let end = start.board().position(0b00001)?;
    /// let verdict = Census::new(&start).with_target(&end)?.fewest_moves()?;
    /// assert_eq!(verdict, Verdict::Impossible(Proof::Exhausted));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fewest_moves(&mut self) -> Result<Verdict, CensusError> {
        let work = self.start_work();
        match self.find_fewest_moves(&work) {
            Ok(verdict) => Ok(verdict),
            Err(Halt::Stopped(reason)) => Ok(Verdict::Stopped(reason)),
            Err(Halt::Failed(error)) => Err(error),
        }
    }

    fn find_fewest_moves(&mut self, work: &Arc<Work>) -> Result<Verdict, Halt> {
        let expander = self.compute_every_winnable_level(work)?;
        let board = self.start.board().clone();
        let meet = self.winnable.as_ref().expect("just computed");
        // Past the middle, the complements of the backward levels.
        let mut past: Vec<Vec<u64>> = Vec::with_capacity(meet.depth - meet.middle);
        for level in meet.middle + 1..=meet.depth {
            past.push(expander.complements(&meet.backward()[meet.depth - level]));
            if let Err(reason) = work.check_now() {
                self.leftovers.keep((past, expander));
                return Err(reason.into());
            }
        }
        let levels: Vec<&[u64]> = meet.levels[..=meet.middle]
            .iter()
            .chain(&past)
            .map(Vec::as_slice)
            .collect();
        // Reported as each level is done.
        let (progress, total) = (&mut self.progress, levels.len());
        let fewest = FewestMoves::new(&board, &expander, &levels, |done, positions| {
            report_to(
                progress,
                Stage::FewestMoves,
                done as usize,
                total,
                positions,
            );
        });
        let fewest = match fewest {
            Ok(fewest) => fewest,
            Err((reason, unfinished)) => {
                self.leftovers.keep((unfinished, past, expander));
                return Err(reason.into());
            }
        };
        Ok(match fewest.game(self.start.pegs()) {
            Some(jumps) => Verdict::Solved(
                Solution::new(&self.start, jumps).expect("the census plays legal jumps"),
            ),
            None if self.start.peg_count() < self.target()?.peg_count() => {
                Verdict::Impossible(Proof::PegCount)
            }
            None => Verdict::Impossible(Proof::Exhausted),
        })
    }

    /// The number of distinct jump sequences from the start to the
    /// target: exact when its [outcome](SolutionCount::outcome) is
    /// complete, else (the [budget](Census::budget) ran out) a lower
    /// bound.
    ///
    /// # Errors
    ///
    /// [`CensusError::NoTarget`] without a target,
    /// [`CensusError::TooManyPositions`] past the limit,
    /// [`CensusError::Overflow`] if the count does not fit a `u128`.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// // Two pegs either side of a hole, one peg to be left at the end.
    /// let start: Position = "o o . o o".parse()?;
    /// let end = start.board().position(0b00100)?;
    /// assert_eq!(Census::new(&start).with_target(&end)?.solutions()?.exact(), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&mut self) -> Result<SolutionCount, CensusError> {
        let work = self.start_work();
        let mut total = 0;
        match self.count_solutions(&work, &mut total) {
            Ok(()) => Ok(SolutionCount::new(total, Outcome::Complete)),
            Err(Halt::Stopped(reason)) => Ok(SolutionCount::new(total, Outcome::Stopped(reason))),
            Err(Halt::Failed(error)) => Err(error),
        }
    }

    /// Adds the solutions to `total` (stopped, those counted so far).
    fn count_solutions(&mut self, work: &Arc<Work>, total: &mut u128) -> Result<(), Halt> {
        let expander = self.compute_every_winnable_level(work)?;
        let meet = self.winnable.as_ref().expect("just computed");
        let middle = meet.middle;
        let Some(here) = meet.levels.get(middle).filter(|l| !l.is_empty()) else {
            report_to(&mut self.progress, Stage::Solutions, 0, 0, 0);
            return Ok(());
        };
        // Paths into each orbit of kept positions, level by level, from
        // both ends to the middle: the total number of solutions is the
        // sum over the middle positions x of (paths from the start to x)
        // times (paths from x to the target), the latter being the paths
        // from the complement of the target to the complement of x.
        let behind_levels = meet.backward();
        let shared = meet.complementary && behind_levels.len() <= middle + 1;
        let levels = middle + 1 + if shared { 0 } else { behind_levels.len() };
        let progress = &mut self.progress;
        let (mut done, mut found) = (0, 0);
        let mut level_done = |positions: u64| {
            done += 1;
            found += positions;
            report_to(progress, Stage::Solutions, done, levels, found);
        };
        let mut ahead = Vec::new();
        let mut behind_owned = Vec::new();
        let leftovers = &mut self.leftovers;
        let counted = path_counts(
            &expander,
            &meet.levels[..=middle],
            &mut level_done,
            &mut ahead,
            leftovers,
        )
        .and_then(|()| match shared {
            true => Ok(()),
            false => path_counts(
                &expander,
                behind_levels,
                &mut level_done,
                &mut behind_owned,
                leftovers,
            ),
        });
        if let Err(halt) = counted {
            self.leftovers.keep((ahead, behind_owned, expander));
            return Err(halt);
        }
        let behind = if shared {
            &ahead[..behind_levels.len()]
        } else {
            &behind_owned[..]
        };
        let there = behind_levels.last().expect("one level at least");
        let there_counts = behind.last().expect("one level at least");
        let here_counts = ahead.last().expect("one level at least");
        let holes = self.start.board().holes();
        for (at, (&x, &into_orbit)) in here.iter().zip(here_counts).enumerate() {
            if at.is_multiple_of(CHUNK)
                && let Err(reason) = work.check_now()
            {
                self.leftovers.keep((ahead, behind_owned, expander));
                return Err(reason.into());
            }
            let complement = expander.canonical(holes & !x);
            let Ok(at) = there.binary_search(&complement) else {
                continue;
            };
            // Paths into one position of the complement's orbit: the orbit
            // total shared out over its (equally reached) members.
            let orbit = u128::from(expander.orbit_size(complement));
            let onward = there_counts[at] / orbit;
            *total = into_orbit
                .checked_mul(onward)
                .and_then(|paths| total.checked_add(paths))
                .ok_or(CensusError::Overflow)?;
        }
        Ok(())
    }

    /// Every game from the start to the target (every distinct jump
    /// sequence that [`solutions`](Census::solutions) counts), one at a
    /// time: a lazy [`Games`] stream.
    ///
    /// The call finds the winnable positions first (unless an earlier
    /// call did); the stream then walks only through them, so that each
    /// jump it tries leads to a position that can still win and each
    /// game costs a few lookups per jump, whatever the number of games
    /// (the English centre game has 40,861,647,040,079,968). The games
    /// come in the order of their jumps (by index in
    /// [`Board::jumps`](crate::Board::jumps)). The census's
    /// [budget](Census::budget) bounds the call and the stream together
    /// (its clock starts with the call; a node is a position expanded,
    /// before the stream, then a jump tried): stopped, the stream ends
    /// early and its [`outcome`](Games::outcome) says why.
    ///
    /// # Errors
    ///
    /// [`CensusError::NoTarget`] without a target,
    /// [`CensusError::TooManyPositions`] past the limit.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census, Outcome};
    ///
    /// let board = Board::triangular(5)?;
    /// let corner = board.cell("c1")?;
    /// let start = board.start(corner)?;
    /// let end = board.position(corner.bit())?;
    /// let mut census = Census::new(&start).with_target(&end)?;
    /// let mut games = census.games()?;
    /// let first = games.next().expect("the triangle is solvable");
    /// assert_eq!(start.replay(first.jumps())?, end);
    /// assert_eq!(games.outcome(), None); // not over yet
    /// assert_eq!(1 + games.by_ref().count(), 6_816);
    /// assert_eq!(games.outcome(), Some(Outcome::Complete));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn games(&mut self) -> Result<Games<'_>, CensusError> {
        let work = self.start_work();
        let target = self.target()?.clone();
        let expander = match self.compute_every_winnable_level(&work) {
            Ok(expander) => expander,
            Err(Halt::Stopped(reason)) => return Ok(Games::stopped(&self.start, reason)),
            Err(Halt::Failed(error)) => return Err(error),
        };
        let meet = self.winnable.as_ref().expect("just computed");
        Ok(Games::new(&self.start, &target, meet, expander, work))
    }
}

/// Reports `done` levels finished of at most `total` in `stage`, `found`
/// positions, to `progress`, if set.
fn report_to(
    progress: &mut Option<ProgressFn<'static, Stage>>,
    stage: Stage,
    done: usize,
    total: usize,
    found: u64,
) {
    if let Some(report) = progress {
        report.report(
            &Progress::new(stage, done as u64)
                .with_total(total as u64)
                .with_found(found),
        );
    }
}

/// Keeps the positions of `kept` (a level) with a child in `winnable`
/// (the next level's winnable positions), in place: the parents of
/// `winnable` that `kept` holds, or the positions of `kept` with a child
/// in `winnable`, whichever makes fewer neighbours. The parents of each
/// winnable position are made, and many are found again and again (a
/// position that can win has several children that can); a position's children
/// are made until one is found, but all of those of a position that
/// cannot win. The parents cost less while `winnable` is at most about
/// 0.7 times as large as `kept` (the English centre game, least of six
/// runs per level: level 14, 34 ms against 40; level 11, 13 against 11;
/// level 10, 7.1 against 5.0). Stopped by the expander's budget, `kept`
/// is unfinished.
fn winnable_before(expander: &Expander, kept: &mut Vec<u64>, winnable: &[u64]) {
    if 10 * winnable.len() > 7 * kept.len() {
        expander.retain_with_child_among(kept, winnable);
    } else {
        expander.retain_parents_of(kept, winnable);
    }
}

/// The number of positions of `level` (up to symmetry) and of their
/// images (in all).
fn level_count(expander: &Expander, level: &[u64]) -> (u64, u64) {
    let total = expander.orbit_sizes(level);
    (level.len() as u64, total)
}
