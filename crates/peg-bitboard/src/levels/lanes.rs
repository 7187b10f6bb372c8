//! The lanes of a group of board symmetries: its elements, padded to a
//! power of two with copies of the identity, so that loops over a
//! position's images run over a fixed number of lanes (a padding lane
//! repeats the identity's image, which leaves every least image as it
//! is). [`Expander`](super::Expander) lays its tables out this way; the
//! solver's symmetry tables use [`hole_lanes`] and [`lane_images`].

use kongming_search::symmetry::Group;

use crate::board::Board;

/// The most lanes an [`Expander`](super::Expander) has: the twelve symmetries of the
/// triangular lattice, padded to a power of two.
pub(crate) const MAX_LANES: usize = 16;

/// The images of each hole under the lanes of `group` (its elements, then
/// copies of the identity up to the next power of two), as bits, and the
/// number of lanes.
pub(crate) fn hole_lanes(board: &Board, group: &Group) -> (usize, Vec<[u64; MAX_LANES]>) {
    let lanes = group.order().next_power_of_two().min(MAX_LANES);
    let elements = group.elements();
    let holes = (0..board.len())
        .map(|i| {
            let mut images = [0u64; MAX_LANES];
            for (lane, image) in images.iter_mut().enumerate().take(lanes) {
                *image = 1 << elements.get(lane).map_or(i, |perm| perm.apply(i));
            }
            images
        })
        .collect();
    (lanes, holes)
}

/// The images of `bits` under the lanes of [`hole_lanes`] (zeros past the
/// last lane).
pub(crate) fn lane_images(holes: &[[u64; MAX_LANES]], bits: u64) -> [u64; MAX_LANES] {
    let mut images = [0u64; MAX_LANES];
    let mut rest = bits;
    while rest != 0 {
        if let Some(hole) = holes.get(rest.trailing_zeros() as usize) {
            for (image, bit) in images.iter_mut().zip(hole) {
                *image |= bit;
            }
        }
        rest &= rest - 1;
    }
    images
}
