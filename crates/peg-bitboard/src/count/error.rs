//! Why a census fails: [`CensusError`].

use std::error::Error;
use std::fmt;

use crate::pagoda::PagodaError;
use crate::position::PositionError;

/// Why a census failed.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, Census, CensusError};
///
/// let board = Board::english();
/// let start = board.start(board.cell("d4")?)?;
/// let mut census = Census::new(&start).with_limit(1000);
/// assert_eq!(census.reachable(), Err(CensusError::TooManyPositions { limit: 1000 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CensusError {
    /// More positions than the limit set with [`Census::with_limit`](crate::Census::with_limit).
    TooManyPositions {
        /// The limit.
        limit: u64,
    },
    /// Winnable positions, solutions and the fewest moves need a target
    /// ([`Census::with_target`](crate::Census::with_target)).
    NoTarget,
    /// The target is on another board.
    Position(PositionError),
    /// A count reached `u128::MAX`.
    Overflow,
    /// Weights given to [`Census::with_pagodas`](crate::Census::with_pagodas) that are not a pagoda
    /// function of the census's board.
    Pagoda(PagodaError),
    /// More pagoda functions than a census checks.
    TooManyPagodas {
        /// The most a census checks.
        limit: usize,
    },
    /// A pagoda function whose weights, in absolute value, add up to more
    /// than a census handles.
    PagodaTooHeavy {
        /// The largest total a census handles.
        limit: i64,
    },
    /// A relaxation given to [`Census::with_relaxations`](crate::Census::with_relaxations) of another
    /// board.
    RelaxationBoard,
}

impl fmt::Display for CensusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CensusError::TooManyPositions { limit } => {
                write!(f, "more than {limit} positions: raise the limit to go on")
            }
            CensusError::NoTarget => f.write_str("this needs a target position"),
            CensusError::Position(error) => write!(f, "bad target: {error}"),
            CensusError::Overflow => f.write_str("the count overflows u128"),
            CensusError::Pagoda(error) => write!(f, "bad pagoda function: {error}"),
            CensusError::TooManyPagodas { limit } => {
                write!(f, "a census checks at most {limit} pagoda functions")
            }
            CensusError::PagodaTooHeavy { limit } => write!(
                f,
                "a pagoda function's weights add up (in absolute value) to more than {limit}"
            ),
            CensusError::RelaxationBoard => f.write_str("a relaxation of another board"),
        }
    }
}

impl Error for CensusError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            CensusError::Position(error) => Some(error),
            CensusError::Pagoda(error) => Some(error),
            _ => None,
        }
    }
}
