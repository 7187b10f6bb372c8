//! The winning states of a relaxed game, the least fixed point of its
//! jumps read backwards: the target's state, then every state with a
//! jump to a state found. A queue of the blocks that changed drives the
//! [pulls](super::pull) while few blocks change, whole sweeps over all
//! jumps while most do. The census's test looks states up in it.

use std::collections::VecDeque;

use kongming_search::symmetry::Permutation;

use super::LANE_BITS;
use super::jumps::{RelaxedJump, relaxed_jumps};
use super::pull::{pull, pull_block};
use super::relaxation::Relaxation;
use super::state_index::{Layout, StateReader};
use crate::work::Work;

/// Blocks of states updated between two looks at the census's budget.
const BLOCKS_PER_POLL: usize = 1 << 10;

/// The winning states of a relaxed game: one bit per state, set when the
/// state can reach the target's.
pub(super) struct WinningStates {
    pub(super) layout: Layout,
    pub(super) words: Vec<u64>,
}

impl WinningStates {
    /// Found as a least fixed point: the target's state, then every state
    /// with a jump to a state found. The blocks of states (one value of
    /// the exact holes past the lanes) changed are kept in a queue, and
    /// the blocks that jump into one are updated when it is taken out;
    /// while the queue is long (most blocks changing), whole sweeps over
    /// all jumps cost less, until few blocks change. `None` if `work`
    /// stops first (the table would hold only some winning states).
    pub(super) fn new(relaxation: &Relaxation, target: u64, work: &Work) -> Option<WinningStates> {
        let layout = Layout::of(relaxation);
        let mut words = vec![0u64; 1 << (layout.state_bits() - LANE_BITS)];
        let identity = Permutation::identity(relaxation.board.len());
        let reader = StateReader::new(relaxation, layout, &[identity]);
        let index = reader.index_of(0, target);
        words[index >> LANE_BITS] |= 1 << (index & 63);
        let jumps = relaxed_jumps(relaxation, layout);
        let blocks = 1usize << layout.high_bits;
        let mut queue = Queue::new(blocks);
        queue.push(index >> (LANE_BITS + layout.combo_bits));
        let long = (blocks / 8).max(1);
        if !queue.drain(&mut words, layout, &jumps, long, work) {
            // Sweeps until few blocks change, then the queue again with
            // the blocks changed in the last sweep.
            queue.clear();
            let mut before = words.clone();
            loop {
                before.copy_from_slice(&words);
                for jump in &jumps {
                    if work.poll() {
                        return None;
                    }
                    pull(&mut words, layout, jump);
                }
                let block = layout.block();
                let changed = words
                    .chunks_exact(block)
                    .zip(before.chunks_exact(block))
                    .enumerate()
                    .filter(|(_, (now, then))| now != then);
                let mut count = 0;
                for (at, _) in changed {
                    queue.push(at);
                    count += 1;
                }
                if count * 16 < blocks * 3 {
                    break;
                }
                queue.clear();
            }
            queue.drain(&mut words, layout, &jumps, usize::MAX, work);
        }
        work.check().ok()?;
        Some(WinningStates { layout, words })
    }

    pub(super) fn wins(&self, index: usize) -> bool {
        self.words[index >> LANE_BITS] >> (index & 63) & 1 == 1
    }
}

/// Blocks of states waiting for the blocks that jump into them to be
/// updated, each at most once.
struct Queue {
    blocks: VecDeque<usize>,
    queued: Vec<bool>,
}

impl Queue {
    fn new(blocks: usize) -> Queue {
        Queue {
            blocks: VecDeque::new(),
            queued: vec![false; blocks],
        }
    }

    fn push(&mut self, block: usize) {
        if !self.queued[block] {
            self.queued[block] = true;
            self.blocks.push_back(block);
        }
    }

    fn clear(&mut self) {
        self.blocks.clear();
        self.queued.fill(false);
    }

    /// Updates, for each block taken out, the blocks jumping into it,
    /// queueing those that change; whether the queue emptied before
    /// growing past `long` (or `work` stopped: `true`, the table
    /// unfinished).
    fn drain(
        &mut self,
        words: &mut [u64],
        layout: Layout,
        jumps: &[RelaxedJump],
        long: usize,
        work: &Work,
    ) -> bool {
        let block = layout.block();
        let mut taken = 0usize;
        while let Some(after) = self.blocks.pop_front() {
            taken += 1;
            if taken.is_multiple_of(BLOCKS_PER_POLL) && work.poll() {
                return true;
            }
            if self.blocks.len() >= long {
                self.blocks.push_front(after);
                return false;
            }
            self.queued[after] = false;
            for jump in jumps {
                // The jump lands in `after` when its holes there are as
                // the jump leaves them.
                if after as u32 & jump.touched != jump.full ^ jump.touched {
                    continue;
                }
                let from = after ^ jump.touched as usize;
                if pull_block(words, (from * block, after * block), block, jump) {
                    self.push(from);
                }
            }
        }
        true
    }
}
