//! Pulling along one relaxed jump: marking the states from which the
//! jump reaches a marked state, a word of 64 lanes at a time. [`pull`]
//! sweeps the whole table; [`pull_block`] updates one block, for the
//! queue of the [winning states](super::winning). Blocks of at most
//! [`MAX_FAST_BLOCK`](super::jumps::MAX_FAST_BLOCK) words are pulled a
//! whole block at a time, larger ones pair of combinations by pair.

use super::jumps::{ComboMoves, Difference, RelaxedJump};
use super::state_index::Layout;

/// [`pull`] for one block of `block` words: whether any state was marked.
pub(super) fn pull_block(
    words: &mut [u64],
    (from, to): (usize, usize),
    block: usize,
    jump: &RelaxedJump,
) -> bool {
    let changed = match &jump.combos {
        ComboMoves::Same => (0..block).fold(0, |changed, c| {
            changed | pull_word(words, (from + c, to + c), jump.lanes, jump)
        }),
        ComboMoves::Pairs {
            pairs,
            by_difference,
        } => pull_combos(words, (from, to), block, jump, (pairs, by_difference)),
    };
    changed != 0
}

/// Marks the states of word `from`, among `lanes`, that `jump` takes to
/// marked states of word `to`; the states newly marked.
#[inline]
fn pull_word(words: &mut [u64], (from, to): (usize, usize), lanes: u64, jump: &RelaxedJump) -> u64 {
    let gained = (words[to] >> jump.right) << jump.left & lanes;
    let new = gained & !words[from];
    words[from] |= gained;
    new
}

/// Marks the states of the block at `from` that `jump` takes to marked
/// states of the block at `to`, combination by combination; the states
/// newly marked.
#[inline]
fn pull_combos(
    words: &mut [u64],
    (from, to): (usize, usize),
    block: usize,
    jump: &RelaxedJump,
    (pairs, by_difference): (&[(u32, u32)], &[Difference]),
) -> u64 {
    let blocks = (from, to);
    match block {
        1 => pull_combos_in::<1>(words, blocks, jump, by_difference),
        2 => pull_combos_in::<2>(words, blocks, jump, by_difference),
        4 => pull_combos_in::<4>(words, blocks, jump, by_difference),
        8 => pull_combos_in::<8>(words, blocks, jump, by_difference),
        16 => pull_combos_in::<16>(words, blocks, jump, by_difference),
        32 => pull_combos_in::<32>(words, blocks, jump, by_difference),
        64 => pull_combos_in::<64>(words, blocks, jump, by_difference),
        _ => pull_pairs(words, (from, to), pairs, jump),
    }
}

/// Marks the states of the block at `from` that `jump` takes to marked
/// states of the block at `to`, one pair of combinations at a time; the
/// states newly marked.
#[inline]
fn pull_pairs(
    words: &mut [u64],
    (from, to): (usize, usize),
    pairs: &[(u32, u32)],
    jump: &RelaxedJump,
) -> u64 {
    pairs.iter().fold(0, |changed, &(before, after)| {
        let (before, after) = (from + before as usize, to + after as usize);
        changed | pull_word(words, (before, after), jump.lanes, jump)
    })
}

/// [`pull_combos`] for blocks of `B` words: a whole block at a time, one
/// pass per difference between combinations.
#[inline]
fn pull_combos_in<const B: usize>(
    words: &mut [u64],
    (from, to): (usize, usize),
    jump: &RelaxedJump,
    by_difference: &[Difference],
) -> u64 {
    // The block after the jump, shifted to the source lanes, between
    // blocks of zeros: combination c - d is at `B - d + c`.
    let mut padded = [[0u64; B]; 3];
    for (shifted, &after) in padded[1].iter_mut().zip(&words[to..to + B]) {
        *shifted = (after >> jump.right) << jump.left;
    }
    let padded = padded.as_flattened();
    let mut gained = [0u64; B];
    for (start, lanes) in by_difference {
        let pulled: &[u64; B] = padded[*start..*start + B].try_into().expect("B words");
        let lanes: &[u64; B] = lanes[..].try_into().expect("B lanes");
        for c in 0..B {
            gained[c] |= pulled[c] & lanes[c];
        }
    }
    let mut changed = 0;
    for (word, gain) in words[from..from + B].iter_mut().zip(gained) {
        changed |= gain & !*word;
        *word |= gain;
    }
    changed
}

/// Marks the states from which `jump` reaches a marked state.
pub(super) fn pull(words: &mut [u64], layout: Layout, jump: &RelaxedJump) {
    let all = (1u32 << layout.high_bits) - 1;
    // The high values sharing the jump's pattern come in runs of
    // consecutive values below its lowest touched hole.
    let low = if jump.touched == 0 {
        layout.high_bits
    } else {
        jump.touched.trailing_zeros()
    };
    let run = 1usize << low;
    let free = all & !jump.touched & !((1u32 << low) - 1);
    let block = layout.block();
    let mut rest = 0u32;
    loop {
        let from = (rest | jump.full) as usize * block;
        let to = (rest | jump.full ^ jump.touched) as usize * block;
        match &jump.combos {
            ComboMoves::Same => pull_run(words, (from, to), run * block, jump),
            // Pair by pair: over the whole table, this costs less than a
            // block at a time.
            ComboMoves::Pairs { pairs, .. } => {
                for k in 0..run {
                    pull_pairs(words, (from + k * block, to + k * block), pairs, jump);
                }
            }
        }
        // The next subset of the free high holes.
        rest = rest.wrapping_sub(free) & free;
        if rest == 0 {
            break;
        }
    }
}

/// [`pull`] over `len` words from `to` into `from`, lane for lane.
#[inline]
fn pull_run(words: &mut [u64], (from, to): (usize, usize), len: usize, jump: &RelaxedJump) {
    let (right, left, lanes) = (jump.right, jump.left, jump.lanes);
    if from == to {
        for word in &mut words[from..from + len] {
            *word |= (*word >> right) << left & lanes;
        }
        return;
    }
    // The runs are apart: the touched holes differ by at least a run.
    let (sources, targets) = if from < to {
        let (low, high) = words.split_at_mut(to);
        (&mut low[from..from + len], &high[..len])
    } else {
        let (low, high) = words.split_at_mut(from);
        (&mut high[..len], &low[to..to + len])
    };
    for (word, &after) in sources.iter_mut().zip(targets) {
        *word |= (after >> right) << left & lanes;
    }
}
