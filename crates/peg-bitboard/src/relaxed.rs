//! Relaxed games: the game seen through some holes exactly and the rest
//! only as counts of pegs in groups of holes. Every real jump is a jump
//! of the relaxed game, so a position whose relaxed state cannot reach
//! the target's cannot reach the target: a proof of a lost position that
//! one lookup checks, once the relaxed game's winning states are known.
//!
//! ```text
//! Relaxation::new(board, exact, groups)  (relaxation.rs: checked, error.rs)
//!        │ Layout (state_index.rs): lanes | combined value | high holes
//!        ▼
//! relaxed_jumps (jumps.rs) ── each real jump as seen, read backwards
//!        ▼
//! WinningStates::new (winning.rs): target's state, then fixed point by
//!        │ queue of blocks / sweeps, each step a pull (pull.rs)
//!        ▼
//! RelaxedTest (filter.rs): per relaxation, winning states + StateReader
//!        │ of the distinct images under the census's symmetries
//!        ▼
//! census level of positions ──retain──▶ positions no game rules out
//! ```

pub use error::RelaxationError;
pub(crate) use filter::RelaxedTest;
pub use relaxation::{PegCount, Relaxation};

mod error;
mod filter;
mod jumps;
mod pull;
mod relaxation;
mod state_index;
#[cfg(test)]
mod tests;
mod winning;

/// The most bits a relaxed state takes: tables of at most 2^26 states
/// (8 MiB).
pub(crate) const MAX_STATE_BITS: u32 = 26;

/// The most bits the groups' peg counts take side by side (each count
/// as wide as its group's size needs).
pub(crate) const MAX_COUNT_BITS: u32 = 16;

/// The most bits the groups' combined values take: each relaxed jump
/// lists its pairs of combinations, so this bounds the jumps' tables
/// (a few hundred KiB per jump at most) as the state bits bound the
/// table of states.
pub(crate) const MAX_COMBO_BITS: u32 = 12;

/// State bits read one word of the table at a time: the first six exact
/// holes (fewer when there are fewer, the rest of the six never set).
const LANE_BITS: u32 = 6;
