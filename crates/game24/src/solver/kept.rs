//! The solvers a thread keeps for [`Game`](crate::Game): a user who makes
//! one game per hand gets the fast path with its tables already built, as
//! if one [`Solver`] answered every hand.
//!
//! A thread keeps a few solvers, one for each target and set of
//! operations met last, and drops the one used least recently to make
//! room for another; each solver bounds its own tables (it starts afresh
//! past limits tighter than a user's solver has), so the memory kept
//! stays bounded. The solvers are
//! the thread's own: no lock, no waiting between threads, and nothing
//! that needs threads (a `wasm32` build has one).

use std::cell::RefCell;

use super::{Limits, Solver};
use crate::{Ops, Rational};

/// How many solvers (one per target and operations) a thread keeps.
const KEPT_SOLVERS: usize = 4;

thread_local! {
    /// This thread's solvers, the one used last at the end.
    static KEPT: RefCell<Vec<Solver>> = const { RefCell::new(Vec::new()) };
}

/// `answer` from this thread's solver for `target` and `ops` (made when
/// the thread keeps none for them). `None` when `answer` gives none, or
/// when the solvers cannot be reached: while a call is already using
/// them, or while the thread is ending; the caller then takes the
/// general search.
pub(crate) fn with_kept_solver<R>(
    target: Rational,
    ops: Ops,
    answer: impl FnOnce(&mut Solver) -> Option<R>,
) -> Option<R> {
    KEPT.try_with(|kept| {
        let mut kept = kept.try_borrow_mut().ok()?;
        match kept
            .iter()
            .position(|s| s.target() == target && s.ops() == ops)
        {
            Some(at) => {
                let last = kept.len() - 1;
                kept[at..].rotate_left(1);
                debug_assert_eq!(kept[last].target(), target);
            }
            None => {
                if kept.len() == KEPT_SOLVERS {
                    kept.remove(0);
                }
                let mut solver = Solver::new(target).with_ops(ops);
                solver.limits = Limits::KEPT;
                kept.push(solver);
            }
        }
        let solver = kept.last_mut()?;
        answer(solver)
    })
    .ok()
    .flatten()
}

/// The targets and operations this thread keeps solvers for, the one used
/// last at the end.
#[cfg(test)]
pub(crate) fn kept_rules() -> Vec<(Rational, Ops)> {
    KEPT.with(|kept| {
        kept.borrow()
            .iter()
            .map(|s| (s.target(), s.ops()))
            .collect()
    })
}
