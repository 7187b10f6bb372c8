//! Peg solitaire on bitboards.
mod board;
mod count;
mod position;
mod solve;

pub use board::{Board, Cell, Grid, Jump, LayoutError, MAX_COLUMNS, MAX_HOLES, MAX_ROWS};
pub use count::{Census, CensusError, DEFAULT_LIMIT, LevelCounts, Progress, Stage};
pub use position::{IllegalJump, MoveError, Position, PositionError, ReplayError};
pub use solve::{Goal, Pagoda, PagodaError, Proof, Solution, SolveError, Solver, Verdict};
