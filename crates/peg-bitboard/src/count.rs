//! Counting: reachable positions level by level, positions still winnable,
//! and the number of jump sequences that solve a game.

use std::error::Error;
use std::fmt;

use kongming_search::dfs::{Keyed, MemoCountError, PathCounter, Problem};
use kongming_search::symmetry::{BitboardGroup, BitboardImages, Group};
use rustc_hash::{FxBuildHasher, FxHashSet};

use crate::board::Board;
use crate::position::{Position, PositionError};

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
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::Reachable => "reachable",
            Stage::Winnable => "winnable",
            Stage::Solutions => "solutions",
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
/// let start = board.start(board.cell("d4")?);
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
    /// Winnable positions and solutions need a target
    /// ([`Census::with_target`]).
    NoTarget,
    /// The target is on another board.
    Position(PositionError),
    /// A count reached `u128::MAX`.
    Overflow,
}

impl fmt::Display for CensusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CensusError::TooManyPositions { limit } => {
                write!(f, "more than {limit} positions: raise the limit to go on")
            }
            CensusError::NoTarget => f.write_str("this count needs a target position"),
            CensusError::Position(error) => write!(f, "bad target: {error}"),
            CensusError::Overflow => f.write_str("the count overflows u128"),
        }
    }
}

impl Error for CensusError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            CensusError::Position(error) => Some(error),
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
/// let start = board.start(board.cell("c1")?);
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
/// that fix the start (and the target, if any), as their least image
/// ([`BitboardGroup`] of kongming-search), in one sorted vector per level:
/// eight bytes each, at most [`with_limit`](Census::with_limit) of them.
/// A child's canonical form comes from its parent's images XOR the images
/// of the jump, since symmetries distribute over XOR. The solution count
/// runs kongming-search's [`PathCounter`] over the winnable positions only.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Census};
///
/// // The 15-hole triangle, one corner empty, ending in that corner.
/// let board = Board::triangular(5)?;
/// let corner = board.cell("c1")?;
/// let start = board.start(corner);
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
    bitboard: BitboardGroup,
    limit: u64,
    progress: Option<ProgressFn>,
    levels: Option<Vec<Vec<u64>>>,
    winnable: Option<Vec<Vec<u64>>>,
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
        let bitboard = BitboardGroup::new(&group).expect("a subgroup of the board's symmetries");
        Census {
            start: start.clone(),
            target: None,
            group,
            bitboard,
            limit: DEFAULT_LIMIT,
            progress: None,
            levels: None,
            winnable: None,
        }
    }

    /// Sets the target of [`winnable`](Census::winnable) and
    /// [`solutions`](Census::solutions). The symmetries used become those
    /// fixing both start and target.
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
        self.bitboard =
            BitboardGroup::new(&self.group).expect("a subgroup of the board's symmetries");
        self.target = Some(target.clone());
        self.levels = None;
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
    /// let census = Census::new(&board.start(board.cell("d4")?));
    /// assert_eq!(census.symmetries().order(), 8);
    /// let census = Census::new(&board.start(board.cell("d1")?));
    /// assert_eq!(census.symmetries().order(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetries(&self) -> &Group {
        &self.group
    }

    fn report(&mut self, stage: Stage, level: usize, positions: u64) {
        let levels = self.start.peg_count().saturating_sub(1) as usize;
        if let Some(report) = &mut self.progress {
            report(&Progress {
                stage,
                level,
                levels,
                positions,
            });
        }
    }

    /// The images of every jump, flattened: `order` per jump.
    fn jump_images(&self) -> Vec<u64> {
        let order = self.bitboard.order();
        self.start
            .board()
            .jumps()
            .iter()
            .flat_map(|jump| (0..order).map(move |e| (jump.mask(), e)))
            .map(|(mask, e)| self.bitboard.image(e, mask))
            .collect()
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
    /// let start = board.start(board.cell("c1")?);
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
        let order = self.bitboard.order() as u64;
        LevelCounts {
            up_to_symmetry: levels.iter().map(|l| l.len() as u64).collect(),
            total: levels
                .iter()
                .map(|level| {
                    level
                        .iter()
                        .map(|&x| {
                            let fixed = (0..self.bitboard.order())
                                .filter(|&e| self.bitboard.image(e, x) == x)
                                .count() as u64;
                            order / fixed
                        })
                        .sum()
                })
                .collect(),
        }
    }

    fn compute_levels(&mut self) -> Result<(), CensusError> {
        if self.levels.is_none() {
            self.levels = Some(self.build_levels(usize::MAX)?);
        }
        Ok(())
    }

    /// The reachable levels `0..=last` (fewer if play stops earlier).
    fn build_levels(&mut self, last: usize) -> Result<Vec<Vec<u64>>, CensusError> {
        let jump_images = self.jump_images();
        let mut levels = vec![vec![self.bitboard.canonical(self.start.pegs())]];
        let mut stored = 1u64;
        self.report(Stage::Reachable, 0, stored);
        while levels.len() <= last {
            let current = levels.last().expect("the start level");
            let room = self.limit.saturating_sub(stored);
            let mut next = self
                .children(current, &jump_images, room)
                .ok_or(CensusError::TooManyPositions { limit: self.limit })?;
            if next.is_empty() {
                break;
            }
            stored += next.len() as u64;
            if stored > self.limit {
                return Err(CensusError::TooManyPositions { limit: self.limit });
            }
            next.shrink_to_fit();
            levels.push(next);
            self.report(Stage::Reachable, levels.len() - 1, stored);
        }
        Ok(levels)
    }

    /// The positions of `parents` with a child in `below`.
    fn keep_winning(
        &self,
        parents: &[u64],
        below: &FxHashSet<u64>,
        jump_images: &[u64],
    ) -> Vec<u64> {
        let board = self.start.board();
        let order = self.bitboard.order();
        let mut images = vec![0u64; order];
        let mut jumps = Vec::new();
        let mut kept = Vec::new();
        for &x in parents {
            for (e, image) in images.iter_mut().enumerate() {
                *image = self.bitboard.image(e, x);
            }
            jumps.clear();
            board.legal_jump_indices(x, &mut jumps);
            let wins = jumps.iter().any(|&j| {
                let base = usize::from(j) * order;
                let child = images
                    .iter()
                    .zip(&jump_images[base..base + order])
                    .fold(u64::MAX, |least, (a, b)| least.min(a ^ b));
                below.contains(&child)
            });
            if wins {
                kept.push(x);
            }
        }
        kept
    }

    /// The canonical forms of the complements of `positions`, unsorted.
    fn complements(&self, positions: &[u64], holes: u64) -> Vec<u64> {
        let bitboard = &self.bitboard;
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            if positions.len() > 1 << 14 {
                return positions
                    .par_iter()
                    .map(|&y| bitboard.canonical(holes & !y))
                    .collect();
            }
        }
        positions
            .iter()
            .map(|&y| bitboard.canonical(holes & !y))
            .collect()
    }

    /// The canonical forms of the children of `parents`, sorted and
    /// distinct; `None` once more than `room` of them are found.
    fn children(&self, parents: &[u64], jump_images: &[u64], room: u64) -> Option<Vec<u64>> {
        let (bitboard, board) = (&self.bitboard, self.start.board());
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            const CHUNK: usize = 1 << 14;
            if parents.len() > CHUNK {
                let parts: Option<Vec<Vec<u64>>> = parents
                    .par_chunks(CHUNK)
                    .map(|chunk| children_serial(bitboard, board, chunk, jump_images, room))
                    .collect();
                let mut all = parts?.concat();
                sort_dedup(&mut all, board.len() as u32);
                return (all.len() as u64 <= room).then_some(all);
            }
        }
        children_serial(bitboard, board, parents, jump_images, room)
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
    /// let mut census = Census::new(&board.start(centre)).with_target(&board.position(centre.bit())?)?;
    /// # let mut census = census.with_limit(10);
    /// # assert!(census.winnable().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winnable(&mut self) -> Result<LevelCounts, CensusError> {
        self.compute_winnable()?;
        let winnable = self.winnable.as_ref().expect("just computed");
        Ok(self.counts(winnable))
    }

    fn compute_winnable(&mut self) -> Result<(), CensusError> {
        if self.winnable.is_some() {
            return Ok(());
        }
        let target = self.target()?.pegs();
        let board = self.start.board().clone();
        let bits = board.len() as u32;
        let holes = board.holes();
        let jump_images = self.jump_images();
        let depth = self
            .start
            .peg_count()
            .checked_sub(target.count_ones())
            .map(|d| d as usize);
        let complementary = self.start.pegs() == holes & !target;
        let mut winnable: Vec<Vec<u64>>;
        if let Some(depth) = depth.filter(|_| complementary) {
            // The start is the complement of the target: a position x
            // after k jumps can still win exactly when the complement of x
            // is reachable in depth - k jumps (a game played backwards is a
            // game on the complements). So the middle level is the
            // intersection of a level with the complements of its mirror,
            // the levels above it follow backwards, and those below it are
            // the complements of those above: only the first half of the
            // reachable levels is needed.
            let half = depth / 2;
            let full = self.levels.take();
            let partial;
            let levels = match &full {
                Some(levels) => levels,
                None => {
                    partial = self.build_levels(depth - half)?;
                    &partial
                }
            };
            winnable = vec![Vec::new(); depth + 1];
            if let (Some(middle), Some(mirror)) = (levels.get(half), levels.get(depth - half)) {
                let mut complements = self.complements(mirror, holes);
                sort_dedup(&mut complements, bits);
                winnable[half] = intersect(middle, &complements);
                let mut found = winnable[half].len() as u64;
                self.report(Stage::Winnable, half, found);
                for level in (0..half).rev() {
                    let below: FxHashSet<u64> = winnable[level + 1].iter().copied().collect();
                    winnable[level] = self.keep_winning(&levels[level], &below, &jump_images);
                    found += winnable[level].len() as u64;
                    self.report(Stage::Winnable, level, found);
                }
                for level in half + 1..=depth {
                    let mut complements = self.complements(&winnable[depth - level], holes);
                    sort_dedup(&mut complements, bits);
                    found += complements.len() as u64;
                    winnable[level] = complements;
                    self.report(Stage::Winnable, level, found);
                }
            }
            self.levels = full;
        } else {
            self.compute_levels()?;
            let levels = self.levels.as_ref().expect("just computed");
            winnable = vec![Vec::new(); levels.len()];
            if let Some(depth) = depth.filter(|&d| d < levels.len()) {
                let canonical = self.bitboard.canonical(target);
                if levels[depth].binary_search(&canonical).is_ok() {
                    winnable[depth].push(canonical);
                }
                let mut found = winnable[depth].len() as u64;
                for level in (0..depth).rev() {
                    let below: FxHashSet<u64> = winnable[level + 1].iter().copied().collect();
                    if below.is_empty() {
                        break;
                    }
                    winnable[level] = self.keep_winning(&levels[level], &below, &jump_images);
                    found += winnable[level].len() as u64;
                }
                self.report(Stage::Winnable, 0, found);
            }
        }
        while winnable.last().is_some_and(Vec::is_empty) && winnable.len() > 1 {
            winnable.pop();
        }
        self.winnable = Some(winnable);
        Ok(())
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
        self.compute_winnable()?;
        let target = self.target()?.pegs();
        let winnable = self.winnable.as_ref().expect("just computed");
        let start_pegs = self.start.peg_count();
        // Winnable sets indexed by peg count.
        let mut by_pegs: Vec<FxHashSet<u64>> = vec![FxHashSet::default(); start_pegs as usize + 1];
        for (level, positions) in winnable.iter().enumerate() {
            by_pegs[start_pegs as usize - level] = positions.iter().copied().collect();
        }
        let board = self.start.board().clone();
        let jump_images: Vec<BitboardImages> = board
            .jumps()
            .iter()
            .map(|jump| self.bitboard.images(jump.mask()))
            .collect();
        let images = self.bitboard.images(self.start.pegs());
        let play = CountPlay {
            board: &board,
            pegs: self.start.pegs(),
            canonical: images.canonical(),
            images,
            jump_images: &jump_images,
            winnable: &by_pegs,
            target,
        };
        let mut counter = PathCounter::with_hasher(play, FxBuildHasher);
        let report = counter.count().map_err(|error| match error {
            MemoCountError::Overflow => CensusError::Overflow,
            _ => unreachable!("every jump removes a peg: no cycle"),
        });
        self.report(
            Stage::Solutions,
            winnable.len().saturating_sub(1),
            counter.memo_len() as u64,
        );
        Ok(report?.count)
    }
}

/// The canonical forms of the children of `parents`, sorted and distinct;
/// `None` once more than `room` of them are found.
fn children_serial(
    bitboard: &BitboardGroup,
    board: &Board,
    parents: &[u64],
    jump_images: &[u64],
    room: u64,
) -> Option<Vec<u64>> {
    let bits = board.len() as u32;
    let order = bitboard.order();
    let mut images = vec![0u64; order];
    let mut jumps = Vec::new();
    let mut next: Vec<u64> = Vec::new();
    let mut compacted = 0usize;
    for &x in parents {
        for (e, image) in images.iter_mut().enumerate() {
            *image = bitboard.image(e, x);
        }
        jumps.clear();
        board.legal_jump_indices(x, &mut jumps);
        for &j in &jumps {
            let base = usize::from(j) * order;
            let child = images
                .iter()
                .zip(&jump_images[base..base + order])
                .fold(u64::MAX, |least, (a, b)| least.min(a ^ b));
            next.push(child);
        }
        if next.len() >= 4 * compacted + (1 << 24) {
            sort_dedup(&mut next, bits);
            compacted = next.len();
            if compacted as u64 > room {
                return None;
            }
        }
    }
    sort_dedup(&mut next, bits);
    (next.len() as u64 <= room).then_some(next)
}

/// The sorted values present in both sorted slices.
fn intersect(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}

/// The state of the solution count: pegs, images, canonical form.
struct CountPlay<'a> {
    board: &'a Board,
    pegs: u64,
    images: BitboardImages,
    canonical: u64,
    jump_images: &'a [BitboardImages],
    winnable: &'a [FxHashSet<u64>],
    target: u64,
}

impl Problem for CountPlay<'_> {
    type Move = u16;
    type Solution = ();

    #[inline]
    fn moves(&self, out: &mut Vec<u16>) {
        self.board.legal_jump_indices(self.pegs, out);
    }

    #[inline]
    fn apply(&mut self, &jump: &u16) {
        let jump = usize::from(jump);
        self.pegs ^= self.board.jumps()[jump].mask();
        self.images.toggle(&self.jump_images[jump]);
        self.canonical = self.images.canonical();
    }

    #[inline]
    fn undo(&mut self, jump: &u16) {
        self.apply(jump);
    }

    fn solution(&self) -> Option<()> {
        self.is_solution().then_some(())
    }

    #[inline]
    fn is_solution(&self) -> bool {
        self.pegs == self.target
    }

    #[inline]
    fn prune(&self) -> bool {
        !self.winnable[self.pegs.count_ones() as usize].contains(&self.canonical)
    }
}

impl Keyed for CountPlay<'_> {
    type Key = u64;

    #[inline]
    fn key(&self) -> u64 {
        self.canonical
    }
}

/// Sorts and deduplicates positions of `bits` significant bits: a radix
/// sort (11-bit digits) for large vectors.
fn sort_dedup(values: &mut Vec<u64>, bits: u32) {
    if values.len() < 1 << 16 {
        values.sort_unstable();
    } else {
        const DIGIT: u32 = 11;
        let mut buffer = vec![0u64; values.len()];
        let passes = bits.div_ceil(DIGIT);
        for pass in 0..passes {
            let shift = pass * DIGIT;
            let mut counts = vec![0usize; 1 << DIGIT];
            for &v in values.iter() {
                counts[(v >> shift) as usize & ((1 << DIGIT) - 1)] += 1;
            }
            let mut total = 0;
            for count in &mut counts {
                let c = *count;
                *count = total;
                total += c;
            }
            for &v in values.iter() {
                let digit = (v >> shift) as usize & ((1 << DIGIT) - 1);
                buffer[counts[digit]] = v;
                counts[digit] += 1;
            }
            std::mem::swap(values, &mut buffer);
        }
    }
    values.dedup();
}
