//! Counting: reachable positions level by level, positions still winnable,
//! the number of jump sequences that solve a game, a game of the fewest
//! moves, and every game.
//!
//! [`Census`] holds the settings and what its calls completed; each stage
//! has a module of its own, in the order data flows through them:
//!
//! - [`reachable`]: levels from a start, one jump at a time (all of them
//!   for [`Census::reachable`]; each search of the stages below builds
//!   its levels the same way).
//! - [`searches`]: the two searches of the winnable positions to the
//!   middle, forward from the start and backward from the complement of
//!   the target, within pagoda windows and narrowed by relaxed games;
//!   [`both_ways`] holds their levels and knows whether they are one.
//! - [`meet`]: where they meet: the join at the middle, and the winnable
//!   positions of every level, counted and looked up.
//! - [`winnable`]: the stage that drives the three above
//!   ([`Census::winnable`]), from the middle outwards.
//! - [`solutions`] (with [`paths`]), [`fewest_moves`], [`games`],
//!   [`winnable_set`]: what the winnable positions give.
//! - [`report`] and [`error`]: what the calls return.

mod both_ways;
mod error;
mod fewest_moves;
mod games;
mod meet;
mod paths;
mod reachable;
mod report;
mod searches;
mod solutions;
mod winnable;
mod winnable_set;

use std::fmt;
use std::sync::Arc;

use kongming_search::control::{Budget, Progress, ProgressFn, StopReason};
use kongming_search::symmetry::Group;

pub use error::CensusError;
pub use games::Games;
pub use report::{LevelCounts, Stage};

use crate::levels::Expander;
use crate::pagoda::Pagoda;
use crate::position::{Position, PositionError};
use crate::relaxed::Relaxation;
use crate::window::{WINDOW_LANES, WINDOW_WEIGHT, absolute_total};
use crate::work::Work;
use meet::Meet;

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
/// [`Count`](kongming_search::play::Count)), [`Verdict::Stopped`](crate::Verdict::Stopped) for the fewest moves. What a
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
    /// use kongming_peg_bitboard::{Board, Census, PegCount, Relaxation};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// let target = board.position(centre.bit())?;
    /// let census = Census::new(&board.start(centre)?).with_target(&target)?;
    /// let triangle = "o o o".parse::<Board>()?;
    /// let elsewhere = Relaxation::new(&triangle, 0b001, &[(0b110, PegCount::Exact)])?;
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

    /// The target, which the winnable positions and what they give need.
    fn target(&self) -> Result<&Position, CensusError> {
        self.target.as_ref().ok_or(CensusError::NoTarget)
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
