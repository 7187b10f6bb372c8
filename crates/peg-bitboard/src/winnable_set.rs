//! [`WinnableSet`]: the positions of a game, from its start, that can
//! still reach its target, with the number of jump sequences left from
//! each; built by [`Census::winnable_set`](crate::Census::winnable_set)
//! and asked one position at a time.

mod counts;

use std::fmt;

use kongming_search::control::{Outcome, StopReason};
use kongming_search::symmetry::Group;

use crate::board::Jump;
use crate::hint::Hint;
use crate::levels::Expander;
use crate::position::{Position, PositionError};
use counts::Counts;

/// Every position reachable from a start that can still reach a target,
/// each with the number of jump sequences from it to the target: built
/// once by [`Census::winnable_set`](crate::Census::winnable_set), then
/// asked, in microseconds, whether a position is winnable
/// ([`is_winnable`](WinnableSet::is_winnable)), which jumps keep it so
/// ([`winnable_jumps`](WinnableSet::winnable_jumps)), how many solutions
/// remain ([`solutions_left`](WinnableSet::solutions_left)) and what to
/// play next ([`hint`](WinnableSet::hint)).
///
/// # What it holds, and what it answers
///
/// The set is the census's: positions are kept once per orbit under the
/// symmetries fixing start and target, as their least image, in one
/// sorted vector per level (a level being a number of jumps from the
/// start); past the middle level the vectors hold the complements of the
/// positions (a game played backwards is a game on the complement), and
/// when the start is the complement of the target (every single-vacancy
/// game ending in its starting hole), a level and the level as far from
/// the end share one vector. Each position of each level has its count
/// of solutions in eight bytes (a side table holds the counts past
/// `u64::MAX`, exactly). So a winnable position takes 16 bytes, or
/// about 12 when levels share their vectors:
/// [`bytes_per_position`](WinnableSet::bytes_per_position) tells.
///
/// The answers are about the game from the set's start: a position that
/// cannot be reached from the start is not in the set, so the set calls
/// it not winnable, with no jump keeping it so and no solution left, even
/// if the target could be reached from it in another game (ask a
/// [`Solver`](crate::Solver) about those). A position of another board is
/// refused with [`PositionError::OtherBoard`].
///
/// Not serialized: the set is a cache derived from its start and target,
/// rebuilt by a census in about the time it would take to read it back
/// and check it.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Census};
///
/// let board = Board::triangular(5)?;
/// let top = board.cell("c1")?;
/// let start = board.start(top)?;
/// let mut census = Census::new(&start).with_target(&board.position(top.bit())?)?;
/// let set = census.winnable_set()?.set().ok_or("stopped")?;
/// assert!(set.is_winnable(&start)?);
/// assert_eq!(set.solutions_left(&start)?, 6_816);
/// let jump = set.winnable_jumps(&start)?[0];
/// let next = start.play(jump)?;
/// assert!(set.is_winnable(&next)?);
/// assert_eq!(set.solutions_left(&next)?, 3_408);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct WinnableSet {
    start: Position,
    target: Position,
    /// Canonical forms under the census's symmetries.
    expander: Expander,
    /// Sorted canonical forms, one vector per level or per pair of
    /// levels sharing it.
    keys: Vec<Vec<u64>>,
    /// Per level (jumps from the start), its positions and their counts.
    levels: Vec<LevelKeys>,
}

/// One level of a [`WinnableSet`]: which vector of keys holds its
/// positions, whether as their complements, and each one's solutions.
pub(crate) struct LevelKeys {
    keys: usize,
    complement: bool,
    counts: Counts,
}

impl LevelKeys {
    /// A level whose positions (their complements when `complement`) are
    /// the set's key vector `keys`, with `counts` solutions each.
    pub(crate) fn new(keys: usize, complement: bool, counts: &[u128]) -> LevelKeys {
        LevelKeys {
            keys,
            complement,
            counts: Counts::new(counts),
        }
    }
}

impl fmt::Debug for WinnableSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WinnableSet")
            .field("start", &self.start)
            .field("target", &self.target)
            .field("positions", &self.len())
            .finish_non_exhaustive()
    }
}

impl WinnableSet {
    /// The set of a census from `start` to `target` under `group`: key
    /// vectors and levels as [`LevelKeys`] describes them.
    pub(crate) fn new(
        start: Position,
        target: Position,
        group: &Group,
        keys: Vec<Vec<u64>>,
        levels: Vec<LevelKeys>,
    ) -> WinnableSet {
        let expander = Expander::new(start.board(), group);
        WinnableSet {
            start,
            target,
            expander,
            keys,
            levels,
        }
    }

    /// The start of the set's game.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o".parse()?;
    /// let end = start.board().position(0b0010)?;
    /// let set = Census::new(&start).with_target(&end)?.winnable_set()?.set().ok_or("stopped")?;
    /// assert_eq!(set.start(), &start);
    /// assert_eq!(set.target(), &end);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The target of the set's game.
    ///
    /// # Example
    ///
    /// See [`start`](WinnableSet::start).
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let end = start.board().position(0b100)?;
    /// let set = Census::new(&start).with_target(&end)?.winnable_set()?.set().ok_or("stopped")?;
    /// assert_eq!(set.target(), &end);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn target(&self) -> &Position {
        &self.target
    }

    /// The number of winnable positions, up to symmetry (a level sharing
    /// its vector with another counted with each).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// // a1-c1 then d1-b1: three positions, each its own orbit.
    /// let start: Position = "o o . o".parse()?;
    /// let end = start.board().position(0b0010)?;
    /// let set = Census::new(&start).with_target(&end)?.winnable_set()?.set().ok_or("stopped")?;
    /// assert_eq!(set.len(), 3);
    /// assert!(!set.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> u64 {
        self.levels
            .iter()
            .map(|level| self.keys[level.keys].len() as u64)
            .sum()
    }

    /// Whether no position is winnable (the start cannot reach the
    /// target).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// let end = start.board().position(0b00100)?;
    /// let set = Census::new(&start).with_target(&end)?.winnable_set()?.set().ok_or("stopped")?;
    /// assert!(set.is_empty());
    /// assert!(!set.is_winnable(&start)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes the set holds on the heap: its key vectors, its counts
    /// and its tables of symmetries.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let start = board.start(top)?;
    /// let mut census = Census::new(&start).with_target(&board.position(top.bit())?)?;
    /// let set = census.winnable_set()?.set().ok_or("stopped")?;
    /// // The keys and counts, and more: the tables of symmetries.
    /// assert!(set.heap_bytes() as f64 >= set.bytes_per_position() * set.len() as f64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        let keys: usize = self
            .keys
            .iter()
            .map(|k| k.capacity() * size_of::<u64>())
            .sum();
        let counts: usize = self.levels.iter().map(|l| l.counts.heap_bytes()).sum();
        keys + self.keys.capacity() * size_of::<Vec<u64>>()
            + counts
            + self.levels.capacity() * size_of::<LevelKeys>()
            + self.expander.heap_bytes()
    }

    /// The bytes the key vectors and the counts take per winnable
    /// position (16 when no vector is shared, less when levels share
    /// theirs; the tables of symmetries left out).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let start = board.start(top)?;
    /// let mut census = Census::new(&start).with_target(&board.position(top.bit())?)?;
    /// let set = census.winnable_set()?.set().ok_or("stopped")?;
    /// // The start is the complement of the target: levels share keys.
    /// assert!(set.bytes_per_position() < 16.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bytes_per_position(&self) -> f64 {
        let keys: usize = self.keys.iter().map(Vec::len).sum();
        let bytes = 8 * keys + 8 * self.len() as usize;
        bytes as f64 / (self.len().max(1) as f64)
    }

    /// Where `position` is in the set: its level and its index there.
    fn locate(&self, position: &Position) -> Result<Option<(usize, usize)>, PositionError> {
        if position.board() != self.start.board() {
            return Err(PositionError::OtherBoard);
        }
        let pegs = position.pegs();
        let Some(level) = self.start.peg_count().checked_sub(pegs.count_ones()) else {
            return Ok(None);
        };
        let Some(keys) = self.levels.get(level as usize) else {
            return Ok(None);
        };
        let form = if keys.complement {
            position.board().holes() & !pegs
        } else {
            pegs
        };
        let key = self.expander.canonical(form);
        Ok(self.keys[keys.keys]
            .binary_search(&key)
            .ok()
            .map(|at| (level as usize, at)))
    }

    /// Whether `position` is reachable from the start and can still
    /// reach the target.
    ///
    /// # Errors
    ///
    /// [`PositionError::OtherBoard`] for a position of another board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let start = board.start(top)?;
    /// let mut census = Census::new(&start).with_target(&board.position(top.bit())?)?;
    /// let set = census.winnable_set()?.set().ok_or("stopped")?;
    /// assert!(set.is_winnable(&start)?);
    /// // Both first jumps keep it winnable.
    /// for jump in start.legal_jumps() {
    ///     assert!(set.is_winnable(&start.play(jump)?)?);
    /// }
    /// // One peg in a corner: the end of no game from this start.
    /// assert!(!set.is_winnable(&board.position(board.cell("a5")?.bit())?)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_winnable(&self, position: &Position) -> Result<bool, PositionError> {
        Ok(self.locate(position)?.is_some())
    }

    /// The number of jump sequences from `position` to the target
    /// (exact; 0 when the position is not in the set).
    ///
    /// # Errors
    ///
    /// [`PositionError::OtherBoard`] for a position of another board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let start = board.start(top)?;
    /// let mut census = Census::new(&start).with_target(&board.position(top.bit())?)?;
    /// let set = census.winnable_set()?.set().ok_or("stopped")?;
    /// assert_eq!(set.solutions_left(&start)?, 6_816);
    /// assert_eq!(set.solutions_left(set.target())?, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions_left(&self, position: &Position) -> Result<u128, PositionError> {
        Ok(self
            .locate(position)?
            .map_or(0, |(level, at)| self.levels[level].counts.get(at)))
    }

    /// The legal jumps from `position` after which the position is still
    /// winnable, in the order of [`Position::legal_jumps`] (none when
    /// `position` is not in the set).
    ///
    /// # Errors
    ///
    /// [`PositionError::OtherBoard`] for a position of another board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let mut census = Census::new(&board.start(top)?).with_target(&board.position(top.bit())?)?;
    /// let set = census.winnable_set()?.set().ok_or("stopped")?;
    /// let position = set.start().replay(&board.parse_jumps("b3-c1 d3-b3")?)?;
    /// let keeping = set.winnable_jumps(&position)?;
    /// for jump in position.legal_jumps() {
    ///     assert_eq!(keeping.contains(&jump), set.is_winnable(&position.play(jump)?)?);
    /// }
    /// assert_eq!(set.winnable_jumps(&position)?.len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winnable_jumps(&self, position: &Position) -> Result<Vec<Jump>, PositionError> {
        Ok(self
            .winnable_jumps_with_counts(position)?
            .into_iter()
            .map(|(jump, _)| jump)
            .collect())
    }

    /// The jumps of [`winnable_jumps`](WinnableSet::winnable_jumps), each
    /// with the solutions left after it.
    ///
    /// # Errors
    ///
    /// [`PositionError::OtherBoard`] for a position of another board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let start = board.start(top)?;
    /// let mut census = Census::new(&start).with_target(&board.position(top.bit())?)?;
    /// let set = census.winnable_set()?.set().ok_or("stopped")?;
    /// let after: u128 = set.winnable_jumps_with_counts(&start)?.iter().map(|&(_, n)| n).sum();
    /// assert_eq!(after, set.solutions_left(&start)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winnable_jumps_with_counts(
        &self,
        position: &Position,
    ) -> Result<Vec<(Jump, u128)>, PositionError> {
        if self.locate(position)?.is_none() {
            return Ok(Vec::new());
        }
        let mut kept = Vec::new();
        for jump in position.legal_jumps() {
            let next = position.play(jump).expect("a legal jump");
            if let Some((level, at)) = self.locate(&next)? {
                kept.push((jump, self.levels[level].counts.get(at)));
            }
        }
        Ok(kept)
    }

    /// What to play next from `position`: the jump that keeps the game
    /// winnable with the most solutions left (the first in the order of
    /// [`Position::legal_jumps`] among equals), [`Hint::Solved`] at the
    /// target (when the start reaches it), [`Hint::DeadEnd`] when no jump
    /// keeps it winnable (or `position` is not in the set, the target of
    /// an empty set included).
    ///
    /// # Errors
    ///
    /// [`PositionError::OtherBoard`] for a position of another board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Census, Hint};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let start = board.start(top)?;
    /// let mut census = Census::new(&start).with_target(&board.position(top.bit())?)?;
    /// let set = census.winnable_set()?.set().ok_or("stopped")?;
    /// let mut position = start.clone();
    /// while let Hint::Next { jump, .. } = set.hint(&position)? {
    ///     position = position.play(jump)?;
    /// }
    /// assert_eq!(set.hint(&position)?, Hint::Solved);
    /// assert_eq!(&position, set.target());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self, position: &Position) -> Result<Hint, PositionError> {
        // The target is solved only as the end of a winning game: when the
        // start cannot reach it, the set is empty and so is every hint.
        if position.board() == self.target.board() && position == &self.target {
            return Ok(if self.is_winnable(position)? {
                Hint::Solved
            } else {
                Hint::DeadEnd
            });
        }
        let mut best: Option<(Jump, u128)> = None;
        for (jump, left) in self.winnable_jumps_with_counts(position)? {
            if best.is_none_or(|(_, most)| left > most) {
                best = Some((jump, left));
            }
        }
        Ok(match best {
            Some((jump, solutions)) => Hint::Next {
                jump,
                solutions: Some(solutions),
            },
            None => Hint::DeadEnd,
        })
    }
}

/// How [`Census::winnable_set`](crate::Census::winnable_set) ended: the
/// set, or a stop of the census's budget (and no set: nothing cut short
/// is reported).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Budget, Built, Census, Outcome, StopReason};
///
/// let board = Board::english();
/// let centre = board.cell("d4")?;
/// let mut census = Census::new(&board.start(centre)?)
///     .with_target(&board.position(centre.bit())?)?
///     .budget(Budget::unlimited().with_node_limit(1_000));
/// let built = census.winnable_set()?;
/// assert_eq!(built.outcome(), Outcome::Stopped(StopReason::NodeLimit));
/// assert!(built.set().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
#[must_use]
#[non_exhaustive]
pub enum Built {
    /// Every winnable position, counted (boxed: the set's header is
    /// large next to a stop reason).
    Complete(Box<WinnableSet>),
    /// The budget ran out first.
    Stopped(StopReason),
}

impl Built {
    /// The set, if complete.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Position};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let end = start.board().position(0b100)?;
    /// assert!(Census::new(&start).with_target(&end)?.winnable_set()?.set().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set(self) -> Option<WinnableSet> {
        match self {
            Built::Complete(set) => Some(*set),
            Built::Stopped(_) => None,
        }
    }

    /// [`Outcome::Complete`] with the set, else why the build stopped.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Census, Outcome, Position};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let end = start.board().position(0b100)?;
    /// let built = Census::new(&start).with_target(&end)?.winnable_set()?;
    /// assert_eq!(built.outcome(), Outcome::Complete);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            Built::Complete(_) => Outcome::Complete,
            Built::Stopped(reason) => Outcome::Stopped(*reason),
        }
    }
}
