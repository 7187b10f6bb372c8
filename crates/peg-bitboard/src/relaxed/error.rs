//! Why holes and groups do not make a relaxation of a board.

use std::error::Error;
use std::fmt;

/// Why holes and groups do not make a relaxation of a board.
///
/// # Example
///
/// ```
/// use kongming_peg_bitboard::{Board, PegCount, Relaxation, RelaxationError};
///
/// let board = "o o o".parse::<Board>()?;
/// let overlap = Relaxation::new(&board, 0b011, &[(0b110, PegCount::Exact)]);
/// assert_eq!(overlap.unwrap_err(), RelaxationError::Overlap { holes: 0b010 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RelaxationError {
    /// Bits that are not holes of the board.
    OffBoard {
        /// The bits.
        bits: u64,
    },
    /// Holes named twice (exact and in a group, or in two groups).
    Overlap {
        /// The holes.
        holes: u64,
    },
    /// A group counted modulo zero.
    ZeroModulus,
    /// More relaxed states than a table holds.
    TooManyStates {
        /// The most bits a state may take.
        limit: u32,
    },
    /// Group counts too wide to read side by side.
    CountsTooWide {
        /// The most bits the counts may take together.
        limit: u32,
    },
    /// More combinations of the groups' values than a relaxed jump
    /// tracks.
    TooManyCombinations {
        /// The most bits the combinations may take.
        limit: u32,
    },
}

impl fmt::Display for RelaxationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelaxationError::OffBoard { bits } => {
                write!(f, "bits {bits:#x} are not holes of the board")
            }
            RelaxationError::Overlap { holes } => {
                write!(f, "holes {holes:#x} are named more than once")
            }
            RelaxationError::ZeroModulus => f.write_str("a group is counted modulo zero"),
            RelaxationError::TooManyStates { limit } => {
                write!(f, "the relaxed game has more than 2^{limit} states")
            }
            RelaxationError::CountsTooWide { limit } => {
                write!(f, "the groups' counts take more than {limit} bits together")
            }
            RelaxationError::TooManyCombinations { limit } => {
                write!(f, "the groups' values combine in more than 2^{limit} ways")
            }
        }
    }
}

impl Error for RelaxationError {}
