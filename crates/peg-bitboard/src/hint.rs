//! [`Hint`]: what to play next from a position and why, from a
//! [`Game`](crate::Game) ([`Game::hint`](crate::Game::hint)), a
//! [`WinnableSet`](crate::WinnableSet) ([`WinnableSet::hint`](crate::WinnableSet::hint))
//! or a [`Solver`] ([`Solver::hint`]).

use std::fmt;

use kongming_search::control::StopReason;

use crate::board::Jump;
use crate::solve::{SolveError, Solver};
use crate::verdict::Verdict;

/// What to do next from a position, and why: its [`Display`](fmt::Display)
/// says it in a plain English sentence (capitalised, ending in a full
/// stop, jumps counted from 1), with the jump in the crate's notation
/// (`from-to`, as [`Board::parse_jump`](crate::Board::parse_jump) reads
/// it).
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Hint};
///
/// let board = Board::english();
/// let jump = board.parse_jump("d2-d4")?;
/// let hint = Hint::Next { jump, solutions: Some(12) };
/// assert_eq!(
///     hint.to_string(),
///     "Jump d2-d4 (the peg on d2 over d3 into d4): it keeps the game winnable (12 solutions remain)."
/// );
/// assert_eq!(
///     Hint::Undo { jump, index: 2 }.to_string(),
///     "Take back jump 3 (d2-d4) and any jumps after it: the goal cannot be reached after it."
/// );
/// assert_eq!(Hint::DeadEnd.to_string(), "No jump keeps the game winnable: the game is lost.");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[must_use]
#[non_exhaustive]
pub enum Hint {
    /// The position is the goal: nothing is left to play.
    Solved,
    /// Play `jump`: the goal can still be reached after it.
    Next {
        /// The jump to play.
        jump: Jump,
        /// The number of jump sequences from the position after the jump
        /// to the goal, when known (from a
        /// [`WinnableSet`](crate::WinnableSet); a solver finds one, and
        /// does not count).
        solutions: Option<u128>,
    },
    /// A jump the player made lost the game: the goal could be reached
    /// before it and cannot since. Take it back, and the jumps after it
    /// (only a [`Game`](crate::Game) knows the jumps played, so only
    /// [`Game::hint`](crate::Game::hint) says this).
    Undo {
        /// The jump that lost the game.
        jump: Jump,
        /// Its place among the jumps played ([`Game::jumps`](crate::Game::jumps)),
        /// counting from 0; the sentence counts from 1, and so does the
        /// stored number (`"index": 1` for the first jump).
        #[cfg_attr(feature = "serde", serde(with = "kongming_search::play::one_based"))]
        index: usize,
    },
    /// No jump (and no sequence of jumps) reaches the goal, and no jump
    /// of the player's is to blame: the game is lost from its start (or,
    /// from an engine that does not know the jumps played, from here).
    DeadEnd,
    /// The solver's budget ran out before it found a jump or proved the
    /// game lost: nothing is known.
    Stopped(StopReason),
}

impl Hint {
    /// The jump to play, if there is one.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Hint, Position, Solver};
    ///
    /// let start: Position = "o o .".parse()?;
    /// let hint = Solver::new(&start).hint()?;
    /// assert_eq!(hint.jump().map(|j| j.name()), Some("a1-c1".to_string()));
    /// assert_eq!(Hint::Solved.jump(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jump(&self) -> Option<Jump> {
        match self {
            Hint::Next { jump, .. } => Some(*jump),
            _ => None,
        }
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Solved => f.write_str("Solved: the goal is reached, nothing is left to play."),
            Hint::Next { jump, solutions } => {
                write!(
                    f,
                    "Jump {} (the peg on {} over {} into {}): it keeps the game winnable",
                    jump.name(),
                    jump.from().name(),
                    jump.over().name(),
                    jump.to().name()
                )?;
                match solutions {
                    Some(1) => f.write_str(" (1 solution remains)."),
                    Some(n) => write!(f, " ({n} solutions remain)."),
                    None => f.write_str(" (a solution goes through it)."),
                }
            }
            Hint::Undo { jump, index } => write!(
                f,
                "Take back jump {} ({}) and any jumps after it: the goal cannot be reached after it.",
                index.saturating_add(1),
                jump.name()
            ),
            Hint::DeadEnd => f.write_str("No jump keeps the game winnable: the game is lost."),
            Hint::Stopped(reason) => write!(
                f,
                "No hint: the search stopped ({reason}) before it found a jump or proved the game lost."
            ),
        }
    }
}

impl Solver {
    /// What to play next from the solver's start towards its goal, found
    /// by [`solve`](Solver::solve) under the solver's budget (a node is
    /// what `solve` counts): the first jump of the solution found, with
    /// no count of solutions; [`Hint::Solved`] when the start is the
    /// goal, [`Hint::DeadEnd`] when the goal is proved out of reach,
    /// [`Hint::Stopped`] when the budget runs out first. For the goal
    /// [`FewestPegs`](crate::Goal::FewestPegs), "winnable" means "can
    /// still leave the fewest pegs the solver finds".
    ///
    /// # Errors
    ///
    /// [`SolveError`] as [`solve`](Solver::solve) gives it.
    ///
    /// # Example
    ///
    /// ```
    /// use kongming_peg_bitboard::{Board, Budget, Goal, Hint, Solver};
    ///
    /// let board = Board::english();
    /// let centre = board.cell("d4")?;
    /// let start = board.start(centre)?;
    /// let hint = Solver::new(&start).goal(Goal::OnePegAt(centre)).hint()?;
    /// let jump = hint.jump().ok_or("a hint")?;
    /// assert!(start.legal_jumps().contains(&jump));
    /// // Two pegs apart, nowhere to jump: lost.
    /// let lost = board.position(board.cell("a3")?.bit() | board.cell("g5")?.bit())?;
    /// assert_eq!(Solver::new(&lost).hint()?, Hint::DeadEnd);
    /// let stopped = Solver::new(&start).budget(Budget::unlimited().with_node_limit(1)).hint()?;
    /// assert!(matches!(stopped, Hint::Stopped(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&mut self) -> Result<Hint, SolveError> {
        Ok(match self.solve()? {
            Verdict::Solved(solution) => match solution.jumps().first() {
                Some(&jump) => Hint::Next {
                    jump,
                    solutions: None,
                },
                None => Hint::Solved,
            },
            Verdict::Impossible(_) => Hint::DeadEnd,
            Verdict::Stopped(reason) => Hint::Stopped(reason),
        })
    }
}
