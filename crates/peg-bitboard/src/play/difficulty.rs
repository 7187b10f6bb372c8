//! How hard a peg puzzle is: [`Difficulty`], the chance that a player
//! picking jumps at random wins, and its [`Grade`] band; [`Rating`], a
//! difficulty measured under a budget.

use std::fmt;

use kongming_search::control::{Outcome, StopReason};
use kongming_search::play::Grade;

/// The least win chance of each grade but the last, from easy down:
/// a puzzle is easy when a player picking jumps at random wins at least
/// this often, medium above the next, hard above the last, expert below.
///
/// Calibrated on the built-in boards' classic games and on generated
/// puzzles. The classic games are expert: a random player wins the
/// English board's centre game once in about 74 million games, the
/// 15-hole triangle's game from its top back to its top once in about
/// 4,000; ending anywhere, the triangle's game from its top is hard (once
/// in 146). Puzzles of a few jumps are easy (a single jump always wins),
/// and the generator's puzzles of the 15-hole triangle are mostly
/// medium, of the 21-hole triangle mostly hard.
pub const GRADE_BANDS: [f64; 3] = [0.25, 0.05, 0.001];

/// The grade of a puzzle that a player picking jumps uniformly at random
/// wins with probability `chance`, by [`GRADE_BANDS`].
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Grade, grade_of_win_chance};
///
/// assert_eq!(grade_of_win_chance(1.0), Grade::Easy);
/// assert_eq!(grade_of_win_chance(0.1), Grade::Medium);
/// assert_eq!(grade_of_win_chance(0.01), Grade::Hard);
/// assert_eq!(grade_of_win_chance(0.0), Grade::Expert);
/// ```
pub fn grade_of_win_chance(chance: f64) -> Grade {
    let [easy, medium, hard] = GRADE_BANDS;
    if chance >= easy {
        Grade::Easy
    } else if chance >= medium {
        Grade::Medium
    } else if chance >= hard {
        Grade::Hard
    } else {
        Grade::Expert
    }
}

/// How hard a winnable peg puzzle is: the chance that a player who picks
/// each jump uniformly among the legal ones reaches the goal (a player
/// with no plan; the fewer of the jumps keep the game winnable, and the
/// longer the game, the smaller it is), with the number of winning jump
/// sequences and of jumps to play. Computed exactly over the puzzle's
/// winnable positions (see [`Puzzle::rate`](crate::Puzzle::rate)).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Goal, Grade, Position, Puzzle};
///
/// // Two jumps, and only one legal jump at each step.
/// let start: Position = "o o . o".parse()?;
/// let puzzle = Puzzle::new(start, Goal::OnePeg)?;
/// let difficulty = puzzle.difficulty()?.ok_or("winnable")?;
/// assert_eq!(difficulty.win_chance(), 1.0);
/// assert_eq!((difficulty.solutions(), difficulty.jumps()), (1, 2));
/// assert_eq!(difficulty.grade(), Grade::Easy);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Difficulty {
    win_chance: f64,
    solutions: u128,
    jumps: u32,
}

impl Difficulty {
    /// A difficulty of `win_chance`, `solutions` and `jumps`.
    pub(crate) fn new(win_chance: f64, solutions: u128, jumps: u32) -> Difficulty {
        Difficulty {
            win_chance,
            solutions,
            jumps,
        }
    }

    /// The chance, from 0 to 1, that a player picking each jump uniformly
    /// among the legal ones wins.
    ///
    /// # Example
    ///
    /// See [`Difficulty`].
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Goal, Puzzle};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let puzzle = Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?;
    /// let chance = puzzle.difficulty()?.ok_or("winnable")?.win_chance();
    /// assert!(chance > 0.0 && chance < 0.05);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn win_chance(&self) -> f64 {
        self.win_chance
    }

    /// The number of jump sequences from the start to the goal
    /// (saturating at `u128::MAX`).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Goal, Puzzle};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let puzzle = Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?;
    /// assert_eq!(puzzle.difficulty()?.ok_or("winnable")?.solutions(), 6_816);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self) -> u128 {
        self.solutions
    }

    /// The number of jumps a winning game takes.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Goal, Puzzle};
    ///
    /// let board = Board::triangular(5)?;
    /// let top = board.cell("c1")?;
    /// let puzzle = Puzzle::new(board.start(top)?, Goal::OnePegAt(top))?;
    /// assert_eq!(puzzle.difficulty()?.ok_or("winnable")?.jumps(), 13);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jumps(&self) -> u32 {
        self.jumps
    }

    /// The grade band of the win chance ([`grade_of_win_chance`]).
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Goal, Grade, Position, Puzzle};
    ///
    /// let puzzle = Puzzle::new("o o .".parse::<Position>()?, Goal::OnePeg)?;
    /// assert_eq!(puzzle.difficulty()?.ok_or("winnable")?.grade(), Grade::Easy);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade(&self) -> Grade {
        grade_of_win_chance(self.win_chance)
    }
}

impl fmt::Display for Difficulty {
    /// `hard: a player jumping at random wins 1 game in 146 (29760
    /// solutions, 13 jumps)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: u128, one: &str| {
            if n == 1 {
                format!("1 {one}")
            } else {
                format!("{n} {one}s")
            }
        };
        write!(f, "{}: a player jumping at random ", self.grade())?;
        if self.win_chance >= 1.0 {
            f.write_str("always wins")?;
        } else if self.win_chance > 0.0 {
            write!(f, "wins 1 game in {:.0}", 1.0 / self.win_chance)?;
        } else {
            f.write_str("never wins")?;
        }
        write!(
            f,
            " ({}, {})",
            plural(self.solutions, "solution"),
            plural(u128::from(self.jumps), "jump")
        )
    }
}

/// A puzzle's difficulty measured under a budget
/// ([`Puzzle::rate`](crate::Puzzle::rate)).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Budget, Goal, Position, Puzzle, Rating};
///
/// let start: Position = "o o . o o".parse()?;
/// let rating = Puzzle::new(start, Goal::OnePeg)?.rate(Budget::unlimited())?;
/// assert_eq!(rating, Rating::NotWinnable);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[must_use]
#[non_exhaustive]
pub enum Rating {
    /// The puzzle is winnable, and this hard.
    Rated(Difficulty),
    /// No game from the start reaches the goal.
    NotWinnable,
    /// The budget ran out first: nothing is known.
    Stopped(StopReason),
}

impl Rating {
    /// The difficulty, when rated.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Budget, Goal, Position, Puzzle};
    ///
    /// let puzzle = Puzzle::new("o o .".parse::<Position>()?, Goal::OnePeg)?;
    /// assert!(puzzle.rate(Budget::unlimited())?.difficulty().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn difficulty(&self) -> Option<Difficulty> {
        match self {
            Rating::Rated(difficulty) => Some(*difficulty),
            _ => None,
        }
    }

    /// [`Outcome::Complete`] unless the budget ran out.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Budget, Goal, Outcome, Position, Puzzle};
    ///
    /// let puzzle = Puzzle::new("o o .".parse::<Position>()?, Goal::OnePeg)?;
    /// assert_eq!(puzzle.rate(Budget::unlimited())?.outcome(), Outcome::Complete);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            Rating::Stopped(reason) => Outcome::Stopped(*reason),
            _ => Outcome::Complete,
        }
    }
}
