//! What a game should end with ([`Goal`], as the caller asks it), and
//! what one search counts as reaching it ([`Target`]): the solver turns
//! each goal into one target or, for the fewest pegs, one per peg count.

use crate::board::Cell;

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
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
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

/// What counts as reaching the goal in one search.
#[derive(Clone, Copy, Debug)]
pub(super) enum Target {
    /// Exactly this many pegs.
    Count(u32),
    /// Exactly these pegs.
    Exact(u64),
}
