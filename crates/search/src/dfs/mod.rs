//! Depth-first search and backtracking over problems mutated in place.
//!
//! Implement [`Problem`] (moves, apply, undo, solution, optional pruning)
//! and drive it with a [`Search`]: a lazy iterator of solutions, `first`,
//! `count`, a [`Budget`] (nodes, time, a [`CancelFlag`]) that stops cleanly
//! with an [`Outcome`] telling a complete search from a stopped one, and
//! [`Stats`].

mod budget;
mod closure;
mod engine;
mod memo;
#[cfg(feature = "parallel")]
mod parallel;
mod problem;
mod split;

pub use budget::{Budget, CancelFlag, Outcome, Stats, StopReason};
pub use closure::{AllPaths, all_paths, count_simple_paths, find_path};
pub use engine::{Search, Solutions, count, first};
pub use memo::{Keyed, MemoCountError, MemoSearch, PathCounter, count_paths, first_with_memo};
#[cfg(feature = "parallel")]
pub use parallel::{par_count, par_count_auto, par_count_with_budget};
pub use problem::Problem;
pub use split::{CountReport, Replayed, Split, auto_split_depth, replay, split};
