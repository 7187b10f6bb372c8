//! The children of a level: every canonical child of its positions,
//! gathered into a spare buffer, compacted by sorts as it grows, and
//! returned sorted and distinct (the next level of a breadth-first
//! search). Where the level fits a [`dense`](super::dense) bitmap, each
//! child sets its bit (with the `parallel` feature, from rayon's threads
//! at once) and the level is read back from it in order; otherwise a
//! [`Recent`] table drops most repeats before they reach the buffer, and
//! with the `parallel` feature large levels are split between rayon's
//! threads and their parts merged ([`parallel`](super::parallel)).

use super::Expander;
#[cfg(feature = "parallel")]
use super::parallel::merge_distinct;
use super::parallel::parallel_part;
use super::recent::Recent;
use crate::radix::sort_dedup_with;
use crate::work::CHUNK;

impl Expander {
    /// The canonical children of `parents`, sorted and distinct; `None`
    /// once more than `room` are found. With the `parallel` feature, large
    /// levels are split between rayon's threads.
    #[cfg(test)]
    pub(crate) fn children(&self, parents: &[u64], room: u64) -> Option<Vec<u64>> {
        self.children_kept(parents, room, |_| {})
    }

    /// The canonical children of `parents`, sorted and distinct, less
    /// those that `keep` drops from them (keeping their order); `None`
    /// once more than `room` are found, counting them all. With the
    /// `parallel` feature, large levels are split between rayon's threads.
    ///
    /// The children are found in a spare buffer, and only those kept are
    /// copied out: the pages of a new level cost about as much as the
    /// copy, and the relaxed games often drop a large share of the
    /// children, whose pages are then never touched.
    pub(crate) fn children_kept(
        &self,
        parents: &[u64],
        room: u64,
        keep: impl FnOnce(&mut Vec<u64>),
    ) -> Option<Vec<u64>> {
        let split = parallel_part(parents.len());
        let found = self.dense_children(parents, room, split);
        #[cfg(feature = "parallel")]
        if found.is_none()
            && let Some(size) = split
        {
            use rayon::prelude::*;
            let lists: Option<Vec<Vec<u64>>> = parents
                .par_chunks(size)
                .map(|chunk| {
                    let (children, fit) = self.children_sorted(chunk, room);
                    let copy = fit.then(|| children.to_vec());
                    self.give_back(children);
                    copy
                })
                .collect();
            let mut all = merge_distinct(&lists?, &self.work);
            if all.len() as u64 > room {
                return None;
            }
            keep(&mut all);
            return Some(all);
        }
        let (mut children, fit) = found.unwrap_or_else(|| self.children_sorted(parents, room));
        let kept = fit.then(|| {
            keep(&mut children);
            children.to_vec()
        });
        self.give_back(children);
        kept
    }

    /// The canonical children of `parents`, sorted and distinct, in the
    /// dense bitmap when the level fits it: every child sets its bit (the
    /// parents split between rayon's threads in parts of `split`, when
    /// given), and the level is read back in order into a spare buffer,
    /// with whether they number at most `room` (if not, the buffer holds
    /// some of them).
    fn dense_children(
        &self,
        parents: &[u64],
        room: u64,
        split: Option<usize>,
    ) -> Option<(Vec<u64>, bool)> {
        let &first = parents.first()?;
        let pegs = first.count_ones().checked_sub(1)?;
        let (dense, layer) = self.dense_layer(first, pegs, parents.len())?;
        if !self.one_layer(parents) {
            return None;
        }
        let mut set = dense.bits(&layer)?;
        self.insert_neighbours(&mut set, parents, false, split);
        let mut found = self.buffer();
        found.clear();
        let fit = set.drain_into(&mut found, room);
        // Unfinished if stopped: the caller drops it.
        Some((found, fit && self.work.stopped().is_none()))
    }

    /// The canonical children of `parents` without the dense bitmap, as
    /// [`dense_children`](Self::dense_children) gives them: repeats
    /// thinned by the repeat table, the rest sorted.
    fn children_sorted(&self, parents: &[u64], room: u64) -> (Vec<u64>, bool) {
        let mut recent = Recent::new(parents.len());
        self.gather_sorted(parents, room, |chunk, next| {
            self.for_each_child(chunk, |_, child| recent.push(child, next));
        })
    }

    /// What `gather(chunk, found)` pushes onto `found` for the chunks of
    /// `positions`, sorted and distinct in a spare buffer, and whether it
    /// numbers at most `room` (if not, the buffer holds some of it).
    ///
    /// The buffer is compacted (sorted, repeats dropped) whenever it has
    /// grown past twice its length at the last compaction plus 2^22
    /// values, so that repeats never pile up past a few times the
    /// distinct values, and the gathering stops at the first compaction
    /// that leaves more than `room`. (Sorting only what was found since
    /// the last compaction and merging it with what was kept sorts less,
    /// but needs two more buffers, which raise the peak memory without
    /// saving time.)
    pub(super) fn gather_sorted(
        &self,
        positions: &[u64],
        room: u64,
        mut gather: impl FnMut(&[u64], &mut Vec<u64>),
    ) -> (Vec<u64>, bool) {
        // In the census's spare buffers: the pages of a fresh vector of
        // this size cost about as much to touch as the sort itself.
        let mut found = self.buffer();
        found.clear();
        let mut spread = self.buffer();
        let bits = self.board.len() as u32;
        let mut compacted = 0usize;
        let mut over = false;
        for chunk in positions.chunks(CHUNK) {
            gather(chunk, &mut found);
            if self.work.stopped().is_some() {
                // Unfinished: the caller drops it.
                over = true;
                break;
            }
            if found.len() >= 2 * compacted + (1 << 22) {
                sort_dedup_with(&mut found, bits, &mut spread, &self.work);
                compacted = found.len();
                if compacted as u64 > room {
                    over = true;
                    break;
                }
            }
        }
        if !over {
            sort_dedup_with(&mut found, bits, &mut spread, &self.work);
        }
        self.give_back(spread);
        let fit = !over && found.len() as u64 <= room;
        (found, fit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn gathering_stops_only_past_its_room() {
        // One chunk gathers 2^22 values, each twice: the compaction after
        // it leaves 2^22, which fit a room of exactly that many.
        let board: Board = "o o o o o\n".repeat(5).parse().expect("a board");
        let expander = Expander::new(&board, board.symmetries());
        let values = 1u64 << 22;
        let gather = |_: &[u64], found: &mut Vec<u64>| {
            found.extend((0..values).rev());
            found.extend(0..values);
        };
        for (room, fits) in [(values, true), (values - 1, false)] {
            let (found, fit) = expander.gather_sorted(&[0], room, gather);
            assert_eq!(fit, fits, "room {room}");
            assert_eq!(found.len() as u64, values);
            assert!(found.windows(2).all(|pair| pair[0] < pair[1]));
            expander.give_back(found);
        }
    }
}
