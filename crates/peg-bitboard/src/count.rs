//! Counting: reachable positions level by level, positions still winnable,
//! and the number of jump sequences that solve a game.

use std::error::Error;
use std::fmt;

use kongming_search::symmetry::Group;

use crate::levels::{Expander, Index, intersect, retain_flagged};
use crate::moves::FewestMoves;
use crate::pagoda::{Pagoda, PagodaError};
use crate::position::{Position, PositionError};
use crate::relaxed::{Relaxation, RelaxedTest};
use crate::solve::Solution;
use crate::window::{WINDOW_LANES, WINDOW_WEIGHT, Window, absolute_total};

/// What a [`Census`] is computing, for progress reports.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::Stage;
///
/// assert_eq!(Stage::Reachable.to_string(), "reachable");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stage {
    /// Positions reachable from the start, one level (jump) at a time.
    Reachable,
    /// Reachable positions that can still reach the target, from the last
    /// level back.
    Winnable,
    /// Jump sequences from the start to the target.
    Solutions,
    /// The fewest moves from each winnable position to the target, from
    /// the last level back.
    FewestMoves,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::Reachable => "reachable",
            Stage::Winnable => "winnable",
            Stage::Solutions => "solutions",
            Stage::FewestMoves => "fewest moves",
        })
    }
}

/// A progress report from a [`Census`]: one per level done.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Census, Position};
/// use std::sync::{Arc, Mutex};
///
/// let start: Position = "o o o . o".parse()?;
/// let seen = Arc::new(Mutex::new(Vec::new()));
/// let log = Arc::clone(&seen);
/// let mut census = Census::new(&start).with_progress(move |p| log.lock().unwrap().push(p.level));
/// census.reachable()?;
/// assert!(!seen.lock().unwrap().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// What is being computed.
    pub stage: Stage,
    /// The level just finished (number of jumps from the start).
    pub level: usize,
    /// The number of levels the stage will go through, when known (the
    /// most jumps possible: the start's pegs minus one).
    pub levels: usize,
    /// Positions (up to symmetry) found so far in this stage.
    pub positions: u64,
}

/// Why a census failed.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Census, CensusError};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let mut census = Census::new(&start).with_limit(1000);
/// assert_eq!(census.reachable(), Err(CensusError::TooManyPositions { limit: 1000 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CensusError {
    /// More positions than the limit set with [`Census::with_limit`].
    TooManyPositions {
        /// The limit.
        limit: u64,
    },
    /// Winnable positions, solutions and the fewest moves need a target
    /// ([`Census::with_target`]).
    NoTarget,
    /// The target is on another board.
    Position(PositionError),
    /// A count reached `u128::MAX`.
    Overflow,
    /// Weights given to [`Census::with_pagodas`] that are not a pagoda
    /// function of the census's board.
    Pagoda(PagodaError),
    /// More pagoda functions than a census checks.
    TooManyPagodas {
        /// The most a census checks.
        limit: usize,
    },
    /// A pagoda function whose weights, in absolute value, add up to more
    /// than a census handles.
    PagodaTooHeavy {
        /// The largest total a census handles.
        limit: i64,
    },
    /// A relaxation given to [`Census::with_relaxations`] of another
    /// board.
    RelaxationBoard,
}

impl fmt::Display for CensusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CensusError::TooManyPositions { limit } => {
                write!(f, "more than {limit} positions: raise the limit to go on")
            }
            CensusError::NoTarget => f.write_str("this needs a target position"),
            CensusError::Position(error) => write!(f, "bad target: {error}"),
            CensusError::Overflow => f.write_str("the count overflows u128"),
            CensusError::Pagoda(error) => write!(f, "bad pagoda function: {error}"),
            CensusError::TooManyPagodas { limit } => {
                write!(f, "a census checks at most {limit} pagoda functions")
            }
            CensusError::PagodaTooHeavy { limit } => write!(
                f,
                "a pagoda function's weights add up (in absolute value) to more than {limit}"
            ),
            CensusError::RelaxationBoard => f.write_str("a relaxation of another board"),
        }
    }
}

impl Error for CensusError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            CensusError::Position(error) => Some(error),
            CensusError::Pagoda(error) => Some(error),
            _ => None,
        }
    }
}

/// Position counts by level (the number of jumps played), up to symmetry
/// and in all.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Census};
///
/// let board = Board::triangular(5)?;
/// let start = board.start(board.cell("c1")?)?;
/// let counts = Census::new(&start).reachable()?;
/// assert_eq!(counts.total()[..3], [1, 2, 8]);
/// assert_eq!(counts.up_to_symmetry()[..3], [1, 1, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelCounts {
    up_to_symmetry: Vec<u64>,
    total: Vec<u64>,
}

impl LevelCounts {
    /// From (up to symmetry, in all) per level.
    fn from_counts(counts: &[(u64, u64)]) -> LevelCounts {
        LevelCounts {
            up_to_symmetry: counts.iter().map(|c| c.0).collect(),
            total: counts.iter().map(|c| c.1).collect(),
        }
    }

    /// Per level, the number of positions up to the symmetries kept by the
    /// census (see [`Census::symmetries`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.up_to_symmetry(), &[1, 1, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn up_to_symmetry(&self) -> &[u64] {
        &self.up_to_symmetry
    }

    /// Per level, the number of positions.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.total(), &[1, 2, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn total(&self) -> &[u64] {
        &self.total
    }

    /// The sum of [`up_to_symmetry`](Self::up_to_symmetry).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.sum_up_to_symmetry(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sum_up_to_symmetry(&self) -> u64 {
        self.up_to_symmetry.iter().sum()
    }

    /// The sum of [`total`](Self::total).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Census::new(&start).reachable()?.sum(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sum(&self) -> u64 {
        self.total.iter().sum()
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

type ProgressFn = Box<dyn FnMut(&Progress) + Send>;

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
/// assert_eq!(census.solutions()?, 6_816);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Census {
    start: Position,
    target: Option<Position>,
    group: Group,
    limit: u64,
    progress: Option<ProgressFn>,
    /// The pagoda functions bounding winnable positions; `None`: those of
    /// [`Pagoda::known`].
    pagodas: Option<Vec<Pagoda>>,
    /// The relaxed games ruling out positions that cannot win; `None`:
    /// those of [`Relaxation::known`].
    relaxations: Option<Vec<Relaxation>>,
    levels: Option<Vec<Vec<u64>>>,
    winnable: Option<Meet>,
}

impl fmt::Debug for Census {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Census")
            .field("start", &self.start)
            .field("target", &self.target)
            .field("symmetries", &self.group.order())
            .field("limit", &self.limit)
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
            progress: None,
            pagodas: None,
            relaxations: None,
            levels: None,
            winnable: None,
        }
    }

    /// Sets the target of [`winnable`](Census::winnable),
    /// [`solutions`](Census::solutions) and
    /// [`fewest_moves`](Census::fewest_moves). The symmetries used become
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
    /// assert_eq!(Census::new(&start).with_target(&end)?.solutions()?, 1);
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
    /// assert_eq!(census.solutions()?, 6_816);
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

    /// Stops with [`CensusError::TooManyPositions`] past `positions`
    /// stored positions (default [`DEFAULT_LIMIT`]).
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

    /// Calls `report` after each level of each stage.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// let mut census = Census::new(&start).with_progress(|p| println!("{} level {}", p.stage, p.level));
    /// census.reachable()?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_progress(mut self, report: impl FnMut(&Progress) + Send + 'static) -> Census {
        self.progress = Some(Box::new(report));
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

    fn report(&mut self, stage: Stage, level: usize, positions: u64) {
        report_to(&mut self.progress, &self.start, stage, level, positions);
    }

    /// The positions reachable from the start, per level.
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
        self.compute_levels()?;
        let levels = self.levels.as_ref().expect("just computed");
        Ok(self.counts(levels))
    }

    fn counts(&self, levels: &[Vec<u64>]) -> LevelCounts {
        let expander = Expander::new(self.start.board(), &self.group);
        let counts: Vec<(u64, u64)> = levels.iter().map(|l| level_count(&expander, l)).collect();
        LevelCounts::from_counts(&counts)
    }

    fn compute_levels(&mut self) -> Result<(), CensusError> {
        if self.levels.is_none() {
            let expander = Expander::new(self.start.board(), &self.group);
            let start = self.start.pegs();
            self.levels = Some(self.build_levels(&expander, start, usize::MAX, 0, None)?);
        }
        Ok(())
    }

    /// The levels `0..=last` reachable from `start` (fewer if play stops
    /// earlier) that `relaxed` admits (all without one), counting `stored`
    /// positions already held against the limit.
    fn build_levels(
        &mut self,
        expander: &Expander,
        start: u64,
        last: usize,
        stored: u64,
        mut relaxed: Option<&mut LazyRelaxedTest>,
    ) -> Result<Vec<Vec<u64>>, CensusError> {
        let mut levels = vec![vec![expander.canonical(start)]];
        let mut stored = stored + 1;
        self.report(Stage::Reachable, 0, stored);
        while levels.len() <= last {
            let current = levels.last().expect("the start level");
            let room = self.limit.saturating_sub(stored);
            let next = expander
                .children_kept(current, room, |children| {
                    if let Some(relaxed) = relaxed.as_deref_mut() {
                        relaxed.retain(children);
                    }
                })
                .ok_or(CensusError::TooManyPositions { limit: self.limit })?;
            if next.is_empty() {
                break;
            }
            stored += next.len() as u64;
            if stored > self.limit {
                return Err(CensusError::TooManyPositions { limit: self.limit });
            }
            levels.push(next);
            self.report(Stage::Reachable, levels.len() - 1, stored);
        }
        Ok(levels)
    }

    fn target(&self) -> Result<&Position, CensusError> {
        self.target.as_ref().ok_or(CensusError::NoTarget)
    }

    /// The positions reachable from the start from which the target can
    /// still be reached, per level.
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
        self.compute_winnable()?;
        let meet = self.winnable.as_ref().expect("just computed");
        let expander = Expander::new(self.start.board(), &self.group);
        // Up to the middle, the winnable levels; past it, the complements
        // of the backward levels, whose orbits are the same in number and
        // size (the symmetries commute with taking complements). When
        // both searches are one, the backward levels are forward ones.
        // The middle level holds the complements of the backward level
        // of the remaining jumps too.
        let middle = meet.middle;
        let ahead: Vec<(u64, u64)> = meet.levels[..middle]
            .iter()
            .map(|l| level_count(&expander, l))
            .collect();
        let mut counts = ahead.clone();
        for level in middle..=meet.depth {
            let back = meet.depth - level;
            counts.push(match ahead.get(back) {
                Some(&known) if meet.complementary => known,
                _ => level_count(&expander, &meet.backward()[back]),
            });
        }
        while counts.last() == Some(&(0, 0)) && counts.len() > 1 {
            counts.pop();
        }
        Ok(LevelCounts::from_counts(&counts))
    }

    fn compute_winnable(&mut self) -> Result<(), CensusError> {
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
            self.winnable = Some(Meet::new(0, false));
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
        let mut reached = self.reach(&meet, forward, backward)?;
        // From here on, neighbours are found without the window: each is
        // joined with a level kept within it, which drops what the window
        // would have. (Checking the window as well cost the English centre
        // game 17 ms at the middle, and 6 % of the parents below it.)
        let unbounded = expander.sibling(None);
        meet.join(&mut reached, &expander, &unbounded);
        // The middle level's positions are the complements of the joined
        // ones (the complements of distinct orbits are distinct orbits).
        let (middle, there_level) = (meet.middle, meet.there_level());
        let mut found = meet.backward()[there_level].len() as u64;
        self.report(Stage::Winnable, middle, found);
        // Each level's winnable positions are kept in its vector of
        // reachable ones, which nothing needs after.
        for level in (0..middle).rev() {
            // One search: the backward level of the same number of jumps
            // is this level's winnable positions, just found.
            if !(complementary && level == there_level) {
                let mut kept = take_level(&mut reached.forward, level);
                winnable_before(&unbounded, &mut kept, &meet.levels[level + 1]);
                meet.levels[level] = kept;
            }
            found += meet.levels[level].len() as u64;
            self.report(Stage::Winnable, level, found);
        }
        if !complementary {
            for back in (0..there_level).rev() {
                let mut kept = take_level(&mut reached.backward, back);
                winnable_before(&unbounded, &mut kept, &meet.backward[back + 1]);
                meet.backward[back] = kept;
            }
        }
        // The levels past the middle are the complements of the backward
        // levels: counted from those, never listed.
        for back in 0..there_level {
            found += meet.backward()[back].len() as u64;
            self.report(Stage::Winnable, depth - back, found);
        }
        self.winnable = Some(meet);
        Ok(())
    }

    /// The winnable positions with every level up to the middle made
    /// (see [`Meet::make_middle`]), and the census's expander without a
    /// window.
    fn compute_every_winnable_level(&mut self) -> Result<Expander, CensusError> {
        self.compute_winnable()?;
        let expander = Expander::new(self.start.board(), &self.group);
        let meet = self.winnable.as_mut().expect("just computed");
        meet.make_middle(&expander);
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
    ) -> Result<Reached, CensusError> {
        let last = meet.forward_last();
        // Levels already counted in full are only narrowed to the window.
        let forward = match &self.levels {
            Some(levels) => levels[..levels.len().min(last + 1)]
                .iter()
                .map(|level| {
                    let mut kept = forward.expander.within_window(level);
                    forward.relaxed.retain(&mut kept);
                    kept
                })
                .collect(),
            None => {
                let relaxed = Some(&mut forward.relaxed);
                self.build_levels(forward.expander, forward.start, last, 0, relaxed)?
            }
        };
        let backward = match backward {
            None => Vec::new(),
            Some(mut backward) => {
                let stored = forward.iter().map(|l| l.len() as u64).sum();
                let (last, relaxed) = (meet.there_level(), Some(&mut backward.relaxed));
                self.build_levels(backward.expander, backward.start, last, stored, relaxed)?
            }
        };
        Ok(Reached {
            forward,
            backward,
            complementary: meet.complementary,
        })
    }

    /// A game from the start to the target in the fewest moves, a chain
    /// of jumps by one peg counting as one move (its
    /// [`move_count`](Solution::move_count)); `None` if there is none.
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
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o .".parse()?;
    /// // a1-c1, then c1-e1 by the same peg: two jumps, one move.
    /// let end = start.board().position(0b10000)?;
    /// let game = Census::new(&start).with_target(&end)?.fewest_moves()?;
    /// let game = game.expect("solvable");
    /// assert_eq!((game.jumps().len(), game.move_count()), (2, 1));
    /// // No game ends with one peg in a1.
    /// let end = start.board().position(0b00001)?;
    /// assert!(Census::new(&start).with_target(&end)?.fewest_moves()?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fewest_moves(&mut self) -> Result<Option<Solution>, CensusError> {
        let expander = self.compute_every_winnable_level()?;
        let board = self.start.board().clone();
        let meet = self.winnable.as_ref().expect("just computed");
        // Past the middle, the complements of the backward levels.
        let past: Vec<Vec<u64>> = (meet.middle + 1..=meet.depth)
            .map(|level| expander.complements(&meet.backward()[meet.depth - level]))
            .collect();
        let levels: Vec<&[u64]> = meet.levels[..=meet.middle]
            .iter()
            .chain(&past)
            .map(Vec::as_slice)
            .collect();
        // Reported as each level is done.
        let (progress, start) = (&mut self.progress, &self.start);
        let fewest = FewestMoves::new(&board, &expander, &levels, |level, positions| {
            report_to(progress, start, Stage::FewestMoves, level, positions);
        });
        let game = fewest.game(self.start.pegs());
        Ok(game
            .map(|jumps| Solution::new(&self.start, jumps).expect("the census plays legal jumps")))
    }

    /// The number of distinct jump sequences from the start to the target.
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
    /// assert_eq!(Census::new(&start).with_target(&end)?.solutions()?, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&mut self) -> Result<u128, CensusError> {
        let expander = self.compute_every_winnable_level()?;
        let meet = self.winnable.as_ref().expect("just computed");
        let middle = meet.middle;
        let Some(here) = meet.levels.get(middle).filter(|l| !l.is_empty()) else {
            self.report(Stage::Solutions, 0, 0);
            return Ok(0);
        };
        // Paths into each orbit of kept positions, level by level, from
        // both ends to the middle: the total number of solutions is the
        // sum over the middle positions x of (paths from the start to x)
        // times (paths from x to the target), the latter being the paths
        // from the complement of the target to the complement of x.
        let ahead = path_counts(&expander, &meet.levels[..=middle])?;
        let behind_levels = meet.backward();
        let behind_owned;
        let behind = if meet.complementary && behind_levels.len() <= ahead.len() {
            &ahead[..behind_levels.len()]
        } else {
            behind_owned = path_counts(&expander, behind_levels)?;
            &behind_owned[..]
        };
        let there = behind_levels.last().expect("one level at least");
        let there_counts = behind.last().expect("one level at least");
        let here_counts = ahead.last().expect("one level at least");
        let holes = self.start.board().holes();
        let mut total = 0u128;
        for (&x, &into_orbit) in here.iter().zip(here_counts) {
            let complement = expander.canonical(holes & !x);
            let Ok(at) = there.binary_search(&complement) else {
                continue;
            };
            // Paths into one position of the complement's orbit: the orbit
            // total shared out over its (equally reached) members.
            let orbit = u128::from(expander.orbit_size(complement));
            let onward = there_counts[at] / orbit;
            total = into_orbit
                .checked_mul(onward)
                .and_then(|paths| total.checked_add(paths))
                .ok_or(CensusError::Overflow)?;
        }
        self.report(Stage::Solutions, middle, here.len() as u64);
        Ok(total)
    }
}

/// Reports the progress of a census from `start` to `progress`, if set.
fn report_to(
    progress: &mut Option<ProgressFn>,
    start: &Position,
    stage: Stage,
    level: usize,
    positions: u64,
) {
    if let Some(report) = progress {
        report(&Progress {
            stage,
            level,
            // The most jumps possible.
            levels: start.peg_count().saturating_sub(1) as usize,
            positions,
        });
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
/// level 10, 7.1 against 5.0).
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

/// The relaxed games of one search, their winning states found when a
/// level first holds one position per [`STATES_PER_POSITION`] relaxed
/// states: smaller censuses do without them.
struct LazyRelaxedTest {
    relaxations: Vec<Relaxation>,
    /// Their states in all.
    states: u64,
    target: u64,
    group: Group,
    test: Option<RelaxedTest>,
}

/// Relaxed states per position of a level from which a census rules out
/// positions by relaxed games: finding the winning states costs about as
/// much as a few hundred positions per thousand states.
const STATES_PER_POSITION: u64 = 512;

impl LazyRelaxedTest {
    fn new(relaxations: &[Relaxation], target: u64, group: &Group) -> LazyRelaxedTest {
        LazyRelaxedTest {
            relaxations: relaxations.to_vec(),
            states: relaxations.iter().map(Relaxation::states).sum(),
            target,
            group: group.clone(),
            test: None,
        }
    }

    /// Drops the positions of `level` the relaxed games rule out, once
    /// levels are large enough.
    fn retain(&mut self, level: &mut Vec<u64>) {
        let large = level.len() as u64 * STATES_PER_POSITION >= self.states;
        if self.test.is_none() && large && !self.relaxations.is_empty() {
            self.test = Some(RelaxedTest::new(
                &self.relaxations,
                self.target,
                &self.group,
            ));
        }
        if let Some(test) = &self.test {
            test.retain(level);
        }
    }
}

/// One of a census's two searches: from `start`, within the window of
/// `expander`, its relaxed games played towards its own target.
struct Search<'a> {
    expander: &'a Expander,
    start: u64,
    relaxed: LazyRelaxedTest,
}

/// The levels two searches reached, each within its window, out of
/// which [`Meet`] keeps the winnable positions (in place: each level is
/// taken once).
struct Reached {
    /// From the start, up to the level before the middle.
    forward: Vec<Vec<u64>>,
    /// From the complement of the target, up to the middle; none when
    /// both searches are one (see [`Reached::backward`]).
    backward: Vec<Vec<u64>>,
    /// Whether both searches are one.
    complementary: bool,
}

impl Reached {
    /// The backward search's level `level`, if it was reached: when both
    /// searches are one, the forward level of as many jumps.
    fn backward(&self, level: usize) -> Option<&Vec<u64>> {
        if self.complementary {
            self.forward.get(level)
        } else {
            self.backward.get(level)
        }
    }

    /// Takes the backward search's level `level` (see
    /// [`Reached::backward`]), empty if it was not reached.
    fn take_backward(&mut self, level: usize) -> Vec<u64> {
        if self.complementary {
            take_level(&mut self.forward, level)
        } else {
            take_level(&mut self.backward, level)
        }
    }
}

/// Takes level `level` of `levels`, empty if there is none.
fn take_level(levels: &mut [Vec<u64>], level: usize) -> Vec<u64> {
    levels
        .get_mut(level)
        .map(std::mem::take)
        .unwrap_or_default()
}

/// The winnable positions of a census, found from both ends.
struct Meet {
    /// Per level (jumps from the start) up to the middle, the positions
    /// reachable and still winnable (the middle level empty until
    /// [`Meet::make_middle`] when [`Meet::middle_made_later`]).
    levels: Vec<Vec<u64>>,
    /// Per level from the complement of the target, the complements of
    /// the winnable positions (level `j` holds the complements of
    /// `levels[depth - j]`), from 0 to the middle; none when both
    /// searches are one (see [`Meet::backward`]).
    backward: Vec<Vec<u64>>,
    /// The level where the two searches meet.
    middle: usize,
    /// The number of jumps from the start to the target.
    depth: usize,
    /// Whether the start is the complement of the target (so both sides
    /// are one search).
    complementary: bool,
}

impl Meet {
    /// The backward levels: when both searches are one, the forward
    /// levels of as many jumps (not copied).
    fn backward(&self) -> &[Vec<u64>] {
        if self.complementary {
            &self.levels[..=self.there_level()]
        } else {
            &self.backward
        }
    }

    /// The backward level `level`, to be set: when both searches are
    /// one, the forward level of as many jumps.
    fn backward_mut(&mut self, level: usize) -> &mut Vec<u64> {
        if self.complementary {
            &mut self.levels[level]
        } else {
            &mut self.backward[level]
        }
    }

    /// The levels of a census of `depth` jumps, all empty, and where its
    /// searches meet.
    ///
    /// The forward search stops one level short of the middle: the
    /// middle level is the children of the level before it that are
    /// complements of the backward search's last level. When both
    /// searches are one (`complementary`), the forward levels must cover
    /// the backward ones.
    fn new(depth: usize, complementary: bool) -> Meet {
        let middle = if complementary && depth > 0 {
            depth / 2 + 1
        } else {
            depth - depth / 2
        };
        Meet {
            levels: vec![Vec::new(); middle + 1],
            // One search: its backward levels are its forward ones (see
            // `Meet::backward`).
            backward: vec![Vec::new(); if complementary { 0 } else { depth - middle + 1 }],
            middle,
            depth,
            complementary,
        }
    }

    /// The last level the forward search reaches: the one before the
    /// middle.
    fn forward_last(&self) -> usize {
        self.middle.saturating_sub(1)
    }

    /// The backward search's last level (in jumps from the complement of
    /// the target), whose complements are the middle level.
    fn there_level(&self) -> usize {
        self.depth - self.middle
    }

    /// Joins the two searches at the middle: sets the middle level (unless
    /// it is [made later](Meet::middle_made_later)) and the backward
    /// search's last level to their winnable positions. When the join
    /// flags the positions of that level in place, its vector is taken
    /// from `reached`. `unbounded` finds neighbours without a window,
    /// `expander` takes complements.
    fn join(&mut self, reached: &mut Reached, expander: &Expander, unbounded: &Expander) {
        let (middle, there_level) = (self.middle, self.there_level());
        let (Some(here), Some(there)) = (
            reached.forward.get(self.forward_last()),
            reached.backward(there_level),
        ) else {
            return;
        };
        // The complements of the middle level's winnable positions: the
        // complements of the children of the forward search's last level
        // that the backward search reached, found as the positions of the
        // backward search's last level with a child whose complement the
        // forward search's last level holds.
        let joined = if middle == 0 {
            intersect(&expander.complements(here), there)
        } else {
            match unbounded.neighbour_flags(there, true, here) {
                Some(flags) => {
                    // The backward search's last level is not needed past
                    // the join: its vector keeps what joins.
                    let mut joined = reached.take_backward(there_level);
                    retain_flagged(&mut joined, &flags);
                    joined
                }
                None => unbounded.child_complements_among(here, there),
            }
        };
        if !self.middle_made_later() {
            self.levels[middle] = expander.complements(&joined);
        }
        *self.backward_mut(there_level) = joined;
    }

    /// Whether the middle level is left out until the solutions or the
    /// fewest moves need it ([`Meet::make_middle`]): when both searches
    /// are one and the level before the
    /// middle is the last backward level, no level below is found from
    /// the middle one, and its counts are that level's.
    fn middle_made_later(&self) -> bool {
        self.complementary && self.middle > 0 && self.middle - 1 == self.there_level()
    }

    /// Makes the middle level if it was left for later: the complements
    /// of the last backward level.
    fn make_middle(&mut self, expander: &Expander) {
        if self.middle_made_later() && self.levels[self.middle].is_empty() {
            let last = &self.backward()[self.there_level()];
            self.levels[self.middle] = expander.complements(last);
        }
    }
}

/// For each level of kept positions, the number of jump sequences from
/// level 0 into the orbit of each position (through kept positions only;
/// level 0 holds one position fixed by the symmetries). Pushed forwards:
/// the paths into an orbit are the sum, over the positions of the level
/// before and their jumps into the orbit, of the paths into theirs.
fn path_counts(expander: &Expander, levels: &[Vec<u64>]) -> Result<Vec<Vec<u128>>, CensusError> {
    let mut counts: Vec<Vec<u128>> = Vec::with_capacity(levels.len());
    counts.push(vec![1; levels.first().map_or(0, Vec::len)]);
    for pair in levels.windows(2) {
        let (parents, children) = (&pair[0], &pair[1]);
        let index = Index::new(children);
        let from = counts.last().expect("level 0");
        let next = push_counts(expander, parents, from, &index, children.len())?;
        counts.push(next);
    }
    Ok(counts)
}

/// The paths into each orbit of the next level pushed from `parents`
/// (with `from` paths into theirs); with the `parallel` feature, large
/// levels are split between rayon's threads and their sums added.
fn push_counts(
    expander: &Expander,
    parents: &[u64],
    from: &[u128],
    index: &Index,
    len: usize,
) -> Result<Vec<u128>, CensusError> {
    let serial = |parents: &[u64], from: &[u128]| {
        let mut next = vec![0u128; len];
        let mut overflow = false;
        expander.for_each_child(parents, |parent, child| {
            if let Some(at) = index.get(child) {
                let slot = &mut next[at];
                match slot.checked_add(from[parent]) {
                    Some(sum) => *slot = sum,
                    None => overflow = true,
                }
            }
        });
        if overflow {
            Err(CensusError::Overflow)
        } else {
            Ok(next)
        }
    };
    #[cfg(feature = "parallel")]
    if parents.len() > 1 << 14 {
        use rayon::prelude::*;
        let size = parents.len().div_ceil(rayon::current_num_threads().max(1));
        let parts: Vec<Vec<u128>> = parents
            .par_chunks(size)
            .zip(from.par_chunks(size))
            .map(|(parents, from)| serial(parents, from))
            .collect::<Result<_, _>>()?;
        let mut total = vec![0u128; len];
        for part in parts {
            for (sum, add) in total.iter_mut().zip(part) {
                *sum = sum.checked_add(add).ok_or(CensusError::Overflow)?;
            }
        }
        return Ok(total);
    }
    serial(parents, from)
}
