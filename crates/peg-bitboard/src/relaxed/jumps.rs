//! The jumps of a relaxed game, read backwards: for each real jump that
//! changes something a relaxation sees, which lanes it can be played in
//! and how it shifts them, which high exact holes it needs and changes,
//! and how it moves the groups' combined values. The
//! [pulls](super::pull) apply them to the table of states.

use super::LANE_BITS;
use super::relaxation::Relaxation;
use super::state_index::Layout;

/// One jump of the relaxed game, read backwards (a state wins when the
/// state after the jump does): for each word of source states, the
/// word of states after the jump, and how lanes move between them.
pub(super) struct RelaxedJump {
    /// High exact holes the jump needs full (before it).
    pub(super) full: u32,
    /// High exact holes the jump changes.
    pub(super) touched: u32,
    /// Lanes where the jump can be played.
    pub(super) lanes: u64,
    /// Source lane = after-jump lane shifted right by `right`, left by
    /// `left`.
    pub(super) right: u32,
    pub(super) left: u32,
    /// How the jump moves the groups' combined values.
    pub(super) combos: ComboMoves,
}

/// How a relaxed jump moves the groups' combined values.
pub(super) enum ComboMoves {
    /// Every combination stays as it is.
    Same,
    /// Pairs (source combination, combination after the jump); for
    /// blocks of at most [`MAX_FAST_BLOCK`] words, also by difference
    /// (for the [pull](super::pull) a whole block at a time): per
    /// difference `d`, `block - d` and the lanes pulled into each source
    /// combination.
    Pairs {
        pairs: Vec<(u32, u32)>,
        by_difference: Vec<Difference>,
    },
}

/// Pairs of combinations with one difference `d`: `block - d` and the
/// lanes pulled into each source combination.
pub(super) type Difference = (usize, Vec<u64>);

/// The largest block pulled a whole block at a time.
pub(super) const MAX_FAST_BLOCK: usize = 64;

/// The jumps of the relaxed game of `relaxation`, its states laid out by
/// `layout`: the image of each real jump that changes something seen,
/// with the lanes, high exact holes and combinations it moves.
pub(super) fn relaxed_jumps(relaxation: &Relaxation, layout: Layout) -> Vec<RelaxedJump> {
    let exact_at = |hole: usize| relaxation.exact.iter().position(|&h| h == hole);
    let group_of = |hole: usize| {
        relaxation
            .groups
            .iter()
            .position(|g| g.holes >> hole & 1 == 1)
    };
    let mut jumps = Vec::new();
    for jump in relaxation.board.jumps() {
        let (mut full, mut touched) = (0u32, 0u32);
        let (mut lane_need, mut lane_fixed, mut shift) = (0u64, 0u64, 0i64);
        let mut emptied = vec![0usize; relaxation.groups.len()];
        let mut filled = vec![0usize; relaxation.groups.len()];
        let holes = [
            (jump.from().index(), true),
            (jump.over().index(), true),
            (jump.to().index(), false),
        ];
        for (hole, was_full) in holes {
            if let Some(k) = exact_at(hole) {
                let bit = layout.exact_bit(k);
                if bit < LANE_BITS {
                    lane_fixed |= 1 << bit;
                    if was_full {
                        lane_need |= 1 << bit;
                        shift -= 1 << bit;
                    } else {
                        shift += 1 << bit;
                    }
                } else {
                    let high = 1u32 << (bit - LANE_BITS - layout.combo_bits);
                    touched |= high;
                    if was_full {
                        full |= high;
                    }
                }
            } else if let Some(g) = group_of(hole) {
                if was_full {
                    emptied[g] += 1;
                } else {
                    filled[g] += 1;
                }
            }
        }
        // The combinations before and after: each group's value moves as
        // the jump can move it for some number of pegs it may hold.
        let mut combos: Vec<(usize, usize)> = vec![(0, 0)];
        for (g, group) in relaxation.groups.iter().enumerate() {
            let size = group.holes.count_ones() as usize;
            let mut moves: Vec<(usize, usize)> = (emptied[g]..=size - filled[g])
                .map(|pegs| {
                    (
                        group.reads[pegs],
                        group.reads[pegs - emptied[g] + filled[g]],
                    )
                })
                .collect();
            moves.sort_unstable();
            moves.dedup();
            combos = combos
                .iter()
                .flat_map(|&(from, to)| {
                    moves
                        .iter()
                        .map(move |&(a, b)| (from * group.values + a, to * group.values + b))
                })
                .collect();
        }
        let unchanged = combos.len() == layout.combos && combos.iter().all(|&(a, b)| a == b);
        let exact_unchanged = touched == 0 && lane_fixed == 0;
        if unchanged {
            if exact_unchanged {
                continue; // nothing seen changes
            }
            combos.clear();
        } else if exact_unchanged {
            // A state pulling from itself gains nothing.
            combos.retain(|&(before, after)| before != after);
            if combos.is_empty() {
                continue;
            }
        }
        let lanes = (0..64u64)
            .filter(|&lane| lane & lane_fixed == lane_need)
            .fold(0, |all, lane| all | 1 << lane);
        let combos = if combos.is_empty() {
            ComboMoves::Same
        } else {
            let block = layout.block();
            let mut by_difference: Vec<Difference> = Vec::new();
            if block <= MAX_FAST_BLOCK {
                for &(before, after) in &combos {
                    let start = block + after - before;
                    let at = match by_difference.iter().position(|(s, _)| *s == start) {
                        Some(at) => at,
                        None => {
                            by_difference.push((start, vec![0; block]));
                            by_difference.len() - 1
                        }
                    };
                    by_difference[at].1[before] = lanes;
                }
            }
            let narrow = |c: usize| u32::try_from(c).expect("at most 2^12 combinations");
            ComboMoves::Pairs {
                pairs: combos
                    .iter()
                    .map(|&(a, b)| (narrow(a), narrow(b)))
                    .collect(),
                by_difference,
            }
        };
        jumps.push(RelaxedJump {
            full,
            touched,
            lanes,
            right: shift.max(0) as u32,
            left: (-shift).max(0) as u32,
            combos,
        });
    }
    jumps
}
