//! Depth-first search and backtracking over problems mutated in place.
//!
//! Implement [`Problem`] (moves, apply, undo, solution, optional pruning)
//! and drive it with a [`Search`]: a lazy iterator of solutions, `first`,
//! `count`, a [`Budget`] (nodes, time, a [`CancelFlag`]) that stops cleanly
//! with an [`Outcome`] telling a complete search from a stopped one, and
//! [`Stats`].

mod budget;
mod engine;
mod problem;

pub use budget::{Budget, CancelFlag, Outcome, Stats, StopReason};
pub use engine::{Search, Solutions, count, first};
pub use problem::Problem;
