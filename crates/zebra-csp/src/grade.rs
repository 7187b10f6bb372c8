//! Difficulty: the least solving effort that settles a puzzle.

use std::fmt;

use kongming_search::dfs::{Budget, StopReason};

use crate::effort::Allowance;
use crate::network;
use crate::puzzle::Puzzle;
use crate::solve::root_settles;

/// How hard a puzzle is, by the least solving effort that settles it.
///
/// # Example
///
/// ```
/// use kongming_zebra_csp::{Difficulty, grade};
/// assert_eq!(grade(&kongming_zebra_csp::einstein()), Difficulty::Propagation);
/// assert!(matches!(grade(&kongming_zebra_csp::life()), Difficulty::Singleton { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Difficulty {
    /// Propagation of the clues and categories alone fixes every value.
    Propagation,
    /// Singleton arc consistency is needed (and enough): it ruled out
    /// `removals` values.
    Singleton {
        /// Values ruled out by singleton tests.
        removals: u64,
    },
    /// Case splits are needed even with singleton consistency: the default
    /// search made `splits` of them to prove the solution unique.
    CaseSplits {
        /// Case splits of the default search (all solutions).
        splits: u64,
    },
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difficulty::Propagation => f.write_str("easy (propagation alone)"),
            Difficulty::Singleton { removals } => write!(
                f,
                "medium (singleton arc consistency, {removals} values ruled out)"
            ),
            Difficulty::CaseSplits { splits } => write!(f, "hard ({splits} case splits)"),
        }
    }
}

/// Grades a puzzle by the least effort that settles it (see [`Difficulty`]).
/// A puzzle without a unique solution is graded by the effort of its search.
///
/// # Example
///
/// See [`Difficulty`].
pub fn grade(puzzle: &Puzzle) -> Difficulty {
    grade_within(puzzle, &mut Allowance::new(&Budget::unlimited()))
        .expect("an unlimited budget never runs out")
}

/// [`grade`] within what is left of a generator's budget.
pub(crate) fn grade_within(
    puzzle: &Puzzle,
    allowance: &mut Allowance,
) -> Result<Difficulty, StopReason> {
    let network = network::build(puzzle);
    if root_settles(&network, false).0 {
        return Ok(Difficulty::Propagation);
    }
    let (settled, removals) = root_settles(&network, true);
    if settled {
        return Ok(Difficulty::Singleton { removals });
    }
    let (_, splits) = allowance.count(puzzle)?;
    Ok(Difficulty::CaseSplits { splits })
}
