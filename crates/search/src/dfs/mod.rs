//! Depth-first search and backtracking over problems mutated in place.
//!
//! Implement [`Problem`] (moves, apply, undo, solution, optional pruning)
//! and drive it with a [`Search`]: a lazy iterator of solutions, `first`,
//! `count`, a [`Budget`](crate::control::Budget) (nodes, time, a [`CancelFlag`](crate::control::CancelFlag)) that stops cleanly
//! with an [`Outcome`](crate::control::Outcome) telling a complete search from a stopped one, and
//! [`Stats`].
//!
//! Around the engine:
//!
//! - **Splitting** — [`split()`] cuts the tree at a depth into independent
//!   subproblems (move prefixes) plus the solutions above the cut;
//!   [`replay`] a prefix onto a copy of the problem to search one subproblem
//!   on another thread or machine. [`Split::count`] adds them all up.
//! - **Parallel counting** (feature `parallel`) — `par_count`,
//!   `par_count_auto` and `ParCount` (split depth and budget chosen) count the subproblems on
//!   all cores with rayon.
//! - **Transposition memos** for problems whose states have a key
//!   ([`Keyed`]) — [`MemoSearch`] / [`first_with_memo`] skip states already
//!   proved dead, and [`PathCounter`] / [`count_paths`] count the solution
//!   paths of DAG-shaped spaces in time proportional to the distinct states
//!   (exact `u128`, overflow reported).
//! - **Closure entry points** — [`find_path`], [`all_paths`] and
//!   [`count_simple_paths`] search simple paths given a successor function,
//!   without implementing [`Problem`].
//!
//! # Example
//!
//! ```
//! use kongming_search::dfs::{self, Problem, Search};
//!
//! /// Ways to place `n` non-attacking queens, one row at a time.
//! struct Queens { n: usize, cols: Vec<usize> }
//! impl Problem for Queens {
//!     type Move = usize;
//!     type Solution = Vec<usize>;
//!     fn moves(&self, out: &mut Vec<usize>) {
//!         if self.cols.len() == self.n { return; }
//!         let row = self.cols.len();
//!         out.extend((0..self.n).filter(|&c| {
//!             self.cols.iter().enumerate().all(|(r, &q)| q != c && q.abs_diff(c) != row - r)
//!         }));
//!     }
//!     fn apply(&mut self, &c: &usize) { self.cols.push(c) }
//!     fn undo(&mut self, _: &usize) { self.cols.pop(); }
//!     fn solution(&self) -> Option<Vec<usize>> {
//!         (self.cols.len() == self.n).then(|| self.cols.clone())
//!     }
//! }
//!
//! let mut queens = Queens { n: 8, cols: vec![] };
//! assert_eq!(Search::new(&mut queens).count(), 92);
//!
//! // The same count, from 8 independent subproblems.
//! let split = dfs::split(&mut queens, 1);
//! assert_eq!(split.len(), 8);
//! let total: u64 = split
//!     .prefixes
//!     .iter()
//!     .map(|prefix| Search::new(dfs::replay(&mut queens, prefix)).count())
//!     .sum();
//! assert_eq!(total, 92);
//! assert!(queens.cols.is_empty());
//! ```

mod closure;
mod engine;
mod keyed;
mod memo;
#[cfg(feature = "parallel")]
mod parallel;
mod paths;
mod problem;
mod reporter;
mod split;
mod stack;
mod stats;

pub use closure::{AllPaths, all_paths, count_simple_paths, find_path};
pub use engine::{Search, Solutions, count, first};
pub use keyed::Keyed;
pub use memo::{MemoSearch, first_with_memo};
#[cfg(feature = "parallel")]
pub use parallel::{ParCount, par_count, par_count_auto};
pub use paths::{MemoCountError, PathCounter, count_paths};
pub use problem::Problem;
pub use split::{CountReport, Replayed, Split, SplitCount, auto_split_depth, replay, split};
pub use stats::Stats;
