//! A peg puzzle as a player is given it: [`Puzzle`], a start and a goal.

use std::fmt;

use kongming_search::control::{Budget, Meter, StopReason};
use kongming_search::play::Grade;

use crate::position::Position;
use crate::solve::Goal;

use super::analysis::{Analysis, targets};
use super::difficulty::{Difficulty, Rating};
use super::error::PlayError;

/// A peg puzzle: a start position and a goal (one peg anywhere, one peg
/// at a hole, or a pattern of pegs). Made by a
/// [`Generator`](crate::Generator) or by hand; played in a
/// [`Game`](crate::Game).
///
/// Its [`Display`](fmt::Display) is the goal, then the start drawn with
/// column letters and row numbers. With the `serde` feature it is stored
/// as `{"start": <layout>, "goal": "one peg at d4"}`: the goal in its
/// text form ([`Board::goal_name`](crate::Board::goal_name)), read back
/// on the start's board.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Goal, Grade, Puzzle};
///
/// let board = Board::triangular(5)?;
/// let top = board.cell("c1")?;
/// let puzzle = Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?;
/// assert!(puzzle.to_string().starts_with("goal: one peg at c1\n"));
/// assert_eq!(puzzle.grade()?, Some(Grade::Expert));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    start: Position,
    goal: Goal,
}

impl Puzzle {
    /// The puzzle of reaching `goal` from `start`.
    ///
    /// # Errors
    ///
    /// [`PlayError::Goal`] for [`Goal::FewestPegs`], a hole of another
    /// board, or a pattern with a bit that is no hole of the board.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Goal, PlayError, Puzzle};
    ///
    /// let board = Board::english();
    /// let start = board.start(board.cell("d4")?)?;
    /// assert!(Puzzle::new(start.clone(), Goal::OnePeg).is_ok());
    /// let elsewhere = Board::triangular(5)?.cell("c1")?;
    /// assert_eq!(Puzzle::new(start, Goal::OnePegAt(elsewhere)), Err(PlayError::Goal));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(start: Position, goal: Goal) -> Result<Puzzle, PlayError> {
        let board = start.board();
        let fits = match goal {
            Goal::OnePeg => true,
            Goal::OnePegAt(cell) => board.contains(cell),
            Goal::Pattern(pegs) => pegs & !board.holes() == 0,
            Goal::FewestPegs => false,
        };
        if fits {
            Ok(Puzzle { start, goal })
        } else {
            Err(PlayError::Goal)
        }
    }

    /// The start.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o .".parse()?;
    /// assert_eq!(Puzzle::new(start.clone(), Goal::OnePeg)?.start(), &start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The goal.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o .".parse()?;
    /// assert_eq!(Puzzle::new(start, Goal::OnePeg)?.goal(), Goal::OnePeg);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// Whether `position` is the goal: one peg (in the goal's hole), or
    /// exactly the pattern's pegs.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let puzzle = Puzzle::new(start.clone(), Goal::OnePeg)?;
    /// assert!(!puzzle.is_goal(&start));
    /// assert!(puzzle.is_goal(&start.board().position(0b100)?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_goal(&self, position: &Position) -> bool {
        position.board() == self.start.board()
            && match self.goal {
                Goal::OnePeg => position.peg_count() == 1,
                Goal::OnePegAt(cell) => position.pegs() == cell.bit(),
                Goal::Pattern(pegs) => position.pegs() == pegs,
                Goal::FewestPegs => false,
            }
    }

    /// The puzzle's [`Difficulty`], measured under `budget`: a census
    /// builds the winnable positions for each hole the goal allows (one
    /// for a given hole; for one peg anywhere, each hole the class
    /// invariant leaves), then the chance of a random player flows
    /// through them. The time limit and the cancel flag bound the whole
    /// call; the node limit bounds each census (a node is a position
    /// expanded) and the rating pass (a node is a position rated).
    ///
    /// # Errors
    ///
    /// [`PlayError::Census`] when a census fails: past its position limit
    /// ([`DEFAULT_LIMIT`](crate::DEFAULT_LIMIT)), the board is too large
    /// to rate.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Budget, Goal, Puzzle, Rating, StopReason};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// let puzzle = Puzzle::new(board.start(centre)?, Goal::OnePegAt(centre))?;
    /// let rating = puzzle.rate(Budget::unlimited().with_node_limit(1_000))?;
    /// assert_eq!(rating, Rating::Stopped(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate(&self, budget: Budget) -> Result<Rating, PlayError> {
        let mut meter = budget.start();
        let mut nodes = 0;
        self.rate_metered(&mut meter, &mut nodes)
    }

    /// [`rate`](Puzzle::rate) under what is left of `meter`'s budget
    /// after `nodes`, adding the positions rated to `nodes`.
    pub(crate) fn rate_metered(
        &self,
        meter: &mut Meter,
        nodes: &mut u64,
    ) -> Result<Rating, PlayError> {
        let analysis = match self.analysis(&meter.remaining(*nodes))? {
            Ok(analysis) => analysis,
            Err(reason) => return Ok(Rating::Stopped(reason)),
        };
        Ok(match analysis.difficulty(&self.start, meter, nodes) {
            Ok(Some(difficulty)) => Rating::Rated(difficulty),
            Ok(None) => Rating::NotWinnable,
            Err(reason) => Rating::Stopped(reason),
        })
    }

    /// The winnable sets behind the puzzle's answers, built under
    /// `budget` (its time limit and cancel flag bound them all).
    pub(crate) fn analysis(
        &self,
        budget: &Budget,
    ) -> Result<Result<Analysis, StopReason>, PlayError> {
        let targets = targets(&self.start, self.goal).ok_or(PlayError::Goal)?;
        Ok(Analysis::build(&self.start, &targets, &budget.start())?)
    }

    /// The puzzle's [`Difficulty`] with no budget ([`rate`](Puzzle::rate)
    /// unbounded); `None` when it is not winnable.
    ///
    /// # Errors
    ///
    /// As [`rate`](Puzzle::rate).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Goal, Position, Puzzle};
    ///
    /// let start: Position = "o o . o o".parse()?;
    /// assert_eq!(Puzzle::new(start, Goal::OnePeg)?.difficulty()?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn difficulty(&self) -> Result<Option<Difficulty>, PlayError> {
        Ok(self.rate(Budget::unlimited())?.difficulty())
    }

    /// The puzzle's [`Grade`] ([`Difficulty::grade`]); `None` when it is
    /// not winnable.
    ///
    /// # Errors
    ///
    /// As [`rate`](Puzzle::rate).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Goal, Grade, Position, Puzzle};
    ///
    /// let start: Position = "o o .".parse()?;
    /// assert_eq!(Puzzle::new(start, Goal::OnePeg)?.grade()?, Some(Grade::Easy));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade(&self) -> Result<Option<Grade>, PlayError> {
        Ok(self.difficulty()?.map(|difficulty| difficulty.grade()))
    }
}

impl fmt::Display for Puzzle {
    /// `goal: one peg at d4`, then the start drawn.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "goal: {}", self.start.board().goal_name(self.goal))?;
        f.write_str(&self.start.render())
    }
}
