//! The breadth-first machinery of the census: canonical forms from
//! per-byte lookup tables, the children and parents of a sorted level of
//! canonical positions, joins of one level with another, complements and
//! orbit sizes.
//!
//! A level is a sorted `Vec<u64>` of distinct canonical forms (least image
//! under a group of board symmetries). The symmetries distribute over XOR,
//! so the images of a child are the parent's images XOR the images of the
//! jump's three-hole mask, and the images of a complement are the images
//! of the position XOR the holes (every symmetry maps the holes onto
//! themselves).
//!
//! - [`lanes`]: a group's elements padded to a power of two (lanes).
//! - [`expander`]: the [`Expander`] and its loop over the neighbours of a
//!   level, which the modules below drive; [`minima`] takes the least of
//!   each neighbour's images.
//! - [`children`]: the next level (children gathered, sorted, distinct),
//!   in a [`dense`] bitmap where the level fits one, else repeats first
//!   thinned by a [`recent`] table and the rest sorted.
//! - [`among`]: the neighbours of a level that lie in another (the
//!   census's joins), behind a [`filter`], merged by [`sorted`].
//! - [`orbits`]: how many positions a canonical form stands for.
//! - [`index`]: the place of each position of a level, for the passes
//!   that carry a value per position.
//! - [`jumps`]: every jump from one level into another, for the passes
//!   that carry a count along them.
//! - [`parallel`]: jobs split between rayon's threads, their parts merged.

mod among;
mod children;
mod dense;
mod expander;
mod filter;
mod index;
mod jumps;
mod lanes;
mod minima;
mod orbits;
mod parallel;
mod recent;
mod sorted;

pub(crate) use expander::Expander;
pub(crate) use index::Index;
pub(crate) use jumps::Jumps;
pub(crate) use lanes::{MAX_LANES, hole_lanes, lane_images};
pub(crate) use parallel::parallel_part;
pub(crate) use sorted::{intersect, retain_flagged};

/// The board, an expander and the first `count + 1` levels (every
/// position reachable, canonical) of the English centre game: the levels
/// the unit tests of the joins work on.
#[cfg(test)]
pub(crate) fn english_levels(count: usize) -> (crate::board::Board, Expander, Vec<Vec<u64>>) {
    let board = crate::board::Board::english();
    let group = board.symmetries().clone();
    let centre = board.cell("d4").expect("the English board has d4").bit();
    let expander = Expander::new(&board, &group);
    let mut levels = vec![vec![expander.canonical(board.holes() & !centre)]];
    for _ in 0..count {
        let next = expander.children(levels.last().expect("one level"), u64::MAX);
        levels.push(next.expect("no room limit"));
    }
    (board, expander, levels)
}
