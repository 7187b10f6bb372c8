//! The breadth-first machinery of the census: canonical forms from
//! per-byte lookup tables, the children and parents of a sorted level of
//! canonical positions, complements, and a radix sort.
//!
//! A level is a sorted `Vec<u64>` of distinct canonical forms (least image
//! under a group of board symmetries). The symmetries distribute over XOR,
//! so the images of a child are the parent's images XOR the images of the
//! jump's three-hole mask, and the images of a complement are the images
//! of the position XOR the holes (every symmetry maps the holes onto
//! themselves).

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use kongming_search::symmetry::Group;

use crate::board::Board;
use crate::lane_table::LaneTable;
use crate::radix::{sort_by_bits_from, sort_dedup, sort_dedup_with};
use crate::window::{Values, WINDOW_LANES, Window};
use crate::work::{CHUNK, Work};

/// The most lanes an [`Expander`] has: the twelve symmetries of the
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

/// Canonical forms under a group of board symmetries, as tables laid out
/// for the census loops: the group's order is padded to a power of two
/// (`lanes`) with copies of the identity, which leaves every least image
/// unchanged and lets the loops run over a fixed number of lanes.
pub(crate) struct Expander {
    board: Board,
    holes: u64,
    /// The group's order.
    order: usize,
    /// Whether positions fit in the 52 fraction bits of an `f64`: then
    /// minima are taken as floating-point minima (see [`Expander::least`]).
    float: bool,
    /// The image under each lane of the holes set in each byte.
    table: LaneTable,
    /// `jump * lanes + lane`: the image of the jump's mask under `lane`.
    jump_images: Vec<u64>,
    /// Spare buffers, kept so that the large ones are allocated (and their
    /// pages first touched) once per census rather than once per level;
    /// shared with the expander's [siblings](Expander::sibling).
    spare: Arc<Mutex<Vec<Vec<u64>>>>,
    /// Pagoda bounds every neighbour found must keep within (see
    /// [`Expander::windowed`]).
    window: Option<Window>,
    /// The budget of the census operation the expander works for (see
    /// [`Expander::metered`]): every loop over positions counts them and
    /// gives up once it has stopped, leaving what it made unfinished
    /// (callers check [`Work::check`] before using anything made).
    work: Arc<Work>,
}

impl Expander {
    /// Tables for `group`, a group of symmetries of `board`.
    pub(crate) fn new(board: &Board, group: &Group) -> Expander {
        let lanes = group.order().next_power_of_two();
        let elements = group.elements();
        let holes = board.len();
        // The image of each hole under each lane (lanes past the group's
        // order repeat the identity).
        let hole_images: Vec<Vec<u64>> = (0..lanes)
            .map(|lane| {
                (0..holes)
                    .map(|i| 1u64 << elements.get(lane).map_or(i, |perm| perm.apply(i)))
                    .collect()
            })
            .collect();
        let image = |lane: usize, bits: u64| -> u64 {
            let mut out = 0;
            let mut rest = bits & board.holes();
            while rest != 0 {
                out |= hole_images[lane][rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            out
        };
        // Images of distinct holes are distinct bits: their sum is their
        // union.
        let table = LaneTable::new(holes, lanes, |hole, lane| hole_images[lane][hole]);
        let jump_images = board
            .jumps()
            .iter()
            .flat_map(|jump| (0..lanes).map(move |lane| (jump.mask(), lane)))
            .map(|(mask, lane)| image(lane, mask))
            .collect();
        Expander {
            board: board.clone(),
            holes: board.holes(),
            order: group.order(),
            float: board.len() <= 52,
            table,
            jump_images,
            spare: Arc::new(Mutex::new(Vec::new())),
            window: None,
            work: Arc::new(Work::unlimited()),
        }
    }

    /// The same tables, their loops metered by `work` (unlimited until
    /// set).
    pub(crate) fn metered(mut self, work: &Arc<Work>) -> Expander {
        self.work = Arc::clone(work);
        self
    }

    /// The budget the loops are metered by.
    pub(crate) fn work(&self) -> &Work {
        &self.work
    }

    /// The same tables, finding only the neighbours within `window`
    /// (positions outside it are dropped before their canonical form is
    /// taken).
    pub(crate) fn windowed(mut self, window: Option<Window>) -> Expander {
        self.window = window;
        self
    }

    /// The same tables and spare buffers, with `window` in place of this
    /// one's: for the other search of a census.
    pub(crate) fn sibling(&self, window: Option<Window>) -> Expander {
        Expander {
            board: self.board.clone(),
            holes: self.holes,
            order: self.order,
            float: self.float,
            table: self.table.clone(),
            jump_images: self.jump_images.clone(),
            spare: Arc::clone(&self.spare),
            window,
            work: Arc::clone(&self.work),
        }
    }

    /// The positions of a sorted level that lie within the window (all of
    /// them without one).
    pub(crate) fn within_window(&self, positions: &[u64]) -> Vec<u64> {
        match &self.window {
            Some(window) => positions
                .iter()
                .copied()
                .filter(|&x| window.admits(x))
                .collect(),
            None => positions.to_vec(),
        }
    }

    /// The images of `pegs` under the `N` lanes.
    #[inline]
    fn images<const N: usize>(&self, pegs: u64) -> [u64; N] {
        self.table.sums::<N>(pegs)
    }

    /// The least of `images` XOR `mask`. With `FLOAT` (values of at most
    /// 52 bits), as floating-point minima: with the exponent bits of
    /// 2^52 added, a value `v` is the bit pattern of the double 2^52 + v,
    /// so the doubles are ordered as the values, and the target's
    /// baseline vector instructions take minima of two doubles at once
    /// (they have no 64-bit integer minimum). Eight lanes on x86-64 go
    /// through [`least_of_eight`], which names those instructions.
    #[inline]
    fn least<const N: usize, const FLOAT: bool>(images: &[u64; N], mask: &[u64]) -> u64 {
        let mask: &[u64; N] = mask.try_into().expect("N lanes per jump");
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        if FLOAT && let (Ok(images), Ok(mask)) = (images[..].try_into(), mask[..].try_into()) {
            #[allow(unsafe_code)]
            // SAFETY: `least_of_eight` only needs SSE2, which this build
            // enables (the `cfg` above): every x86-64 processor has it.
            return unsafe { least_of_eight(images, mask) };
        }
        if FLOAT {
            return float_least(images, mask);
        }
        let mut values = [0u64; N];
        for lane in 0..N {
            values[lane] = images[lane] ^ mask[lane];
        }
        if N == 8 {
            // Spelled out so that it compiles to scalar compare-and-move
            // pairs: the vectorised loop below emulates the missing 64-bit
            // unsigned minimum slowly.
            let min = |a: u64, b: u64| if b < a { b } else { a };
            let (a, b) = (min(values[0], values[4]), min(values[1], values[5]));
            let (c, d) = (min(values[2], values[6]), min(values[3], values[7]));
            return min(min(a, c), min(b, d));
        }
        tree_min(values)
    }

    /// Calls `found(index, child)` for every canonical child of every
    /// position of `parents` (its index in `parents` and the child's
    /// canonical form).
    pub(crate) fn for_each_child(&self, parents: &[u64], found: impl FnMut(usize, u64)) {
        self.for_each_neighbour(parents, 0, false, found);
    }

    /// Calls `found(index, neighbour)` for the canonical form, holes of
    /// `flip` toggled, of every position one jump after (`backwards`:
    /// before) each of `positions`.
    fn for_each_neighbour(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        mut found: impl FnMut(usize, u64),
    ) {
        self.for_each_neighbour_until(positions, flip, backwards, |index, neighbour| {
            found(index, neighbour);
            ControlFlow::Continue(())
        });
    }

    /// [`for_each_neighbour`](Self::for_each_neighbour), moving on to the
    /// next position as soon as `found` breaks.
    fn for_each_neighbour_until(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        mut found: impl FnMut(usize, u64) -> ControlFlow<()>,
    ) {
        self.neighbours(
            positions,
            flip,
            backwards,
            &mut |index, _jump, neighbour| found(index, neighbour),
        );
    }

    /// Calls `found(index, jump, child)` for every canonical child of
    /// every position of `parents`: its index in `parents`, the index of
    /// the jump played (into [`Board::jumps`]) and the child's canonical
    /// form.
    pub(crate) fn for_each_child_by_jump(
        &self,
        parents: &[u64],
        mut found: impl FnMut(usize, usize, u64),
    ) {
        self.neighbours(parents, 0, false, &mut |index, jump, child| {
            found(index, jump, child);
            ControlFlow::Continue(())
        });
    }

    /// Calls `found(index, jump, neighbour)` as
    /// [`for_each_neighbour_until`](Self::for_each_neighbour_until) does,
    /// with the index of the jump (into [`Board::jumps`]) as well.
    fn neighbours(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        found: &mut impl FnMut(usize, usize, u64) -> ControlFlow<()>,
    ) {
        if self.window.is_some() {
            self.neighbours_by_lanes::<true>(positions, flip, backwards, found);
        } else {
            self.neighbours_by_lanes::<false>(positions, flip, backwards, found);
        }
    }

    fn neighbours_by_lanes<const WINDOW: bool>(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        found: &mut impl FnMut(usize, usize, u64) -> ControlFlow<()>,
    ) {
        let args = (positions, flip, backwards);
        match self.table.lanes() {
            1 => self.neighbours_in::<1, false, WINDOW>(args, found),
            2 => self.neighbours_in::<2, false, WINDOW>(args, found),
            4 => self.neighbours_in::<4, false, WINDOW>(args, found),
            8 if self.float => self.neighbours_in::<8, true, WINDOW>(args, found),
            8 => self.neighbours_in::<8, false, WINDOW>(args, found),
            _ => self.neighbours_in::<16, false, WINDOW>(args, found),
        }
    }

    #[inline]
    fn neighbours_in<const N: usize, const FLOAT: bool, const WINDOW: bool>(
        &self,
        (positions, flip, backwards): (&[u64], u64, bool),
        found: &mut impl FnMut(usize, usize, u64) -> ControlFlow<()>,
    ) {
        debug_assert_eq!(N, self.table.lanes());
        let words = self.board.jump_words();
        let window = self.window.as_ref().filter(|_| WINDOW);
        let changes = window.map_or(&[][..], |w| w.changes(backwards));
        'positions: for (index, &x) in positions.iter().enumerate() {
            // The budget, a chunk of positions at a time.
            if index.is_multiple_of(CHUNK)
                && self.work.tick(CHUNK.min(positions.len() - index) as u64)
            {
                return;
            }
            // Every symmetry maps the holes onto themselves, so the images
            // of the flipped position are the images XOR the holes.
            let mut images = self.images::<N>(x);
            for image in &mut images {
                *image ^= flip;
            }
            // A jump can be played when its first two holes are full and
            // the third empty; it could have led to `x` when its first two
            // are empty and the third full. The jumps are found a word of
            // groups of parallel ones at a time, each neighbour's
            // canonical form computed as soon as its jump is found (the
            // jump toggles the same three holes either way).
            let values: Values = window.map_or([0; WINDOW_LANES], |w| w.values(x));
            let empty = self.holes & !x;
            let (near, far) = if backwards { (empty, x) } else { (x, empty) };
            for word in words {
                for j in word.jumps(near, far).map(usize::from) {
                    // Not `is_some_and` with a closure: once, that closure
                    // was not inlined, and cost the census 10 %.
                    if let Some(window) = window
                        && !window.admits_changed(&values, &changes[j])
                    {
                        continue;
                    }
                    let neighbour =
                        Self::least::<N, FLOAT>(&images, &self.jump_images[j * N..(j + 1) * N]);
                    if found(index, j, neighbour).is_break() {
                        continue 'positions;
                    }
                }
            }
        }
    }

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
    /// copy, and the English centre game's relaxed games keep 1.8 of its
    /// 3.1 million children up to the middle (2,600 page faults fewer).
    pub(crate) fn children_kept(
        &self,
        parents: &[u64],
        room: u64,
        keep: impl FnOnce(&mut Vec<u64>),
    ) -> Option<Vec<u64>> {
        #[cfg(feature = "parallel")]
        if let Some(size) = parallel_part(parents.len()) {
            use rayon::prelude::*;
            let lists: Option<Vec<Vec<u64>>> = parents
                .par_chunks(size)
                .map(|chunk| {
                    let (children, fit) = self.children_serial(chunk, room);
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
        let (mut children, fit) = self.children_serial(parents, room);
        let kept = fit.then(|| {
            keep(&mut children);
            children.to_vec()
        });
        self.give_back(children);
        kept
    }

    /// The canonical children of `parents`, sorted and distinct, in a
    /// spare buffer, and whether they number at most `room` (if not, the
    /// buffer holds some of them).
    fn children_serial(&self, parents: &[u64], room: u64) -> (Vec<u64>, bool) {
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
    /// that leaves more than `room`. (Sorting only
    /// what was found since the last compaction and merging it with what
    /// was kept sorts less, but needs two more buffers: 40 % more memory
    /// at the peak for no time measurably saved.)
    fn gather_sorted(
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

    /// A spare buffer, or a new one.
    fn buffer(&self) -> Vec<u64> {
        self.spare
            .lock()
            .ok()
            .and_then(|mut spare| spare.pop())
            .unwrap_or_default()
    }

    /// Keeps `buffer` for later (its contents are stale).
    fn give_back(&self, buffer: Vec<u64>) {
        if let Ok(mut spare) = self.spare.lock() {
            spare.push(buffer);
        }
    }

    /// The canonical complements of the children of `parents` that are
    /// in `among` (sorted), sorted and distinct.
    pub(crate) fn child_complements_among(&self, parents: &[u64], among: &[u64]) -> Vec<u64> {
        self.neighbours_among(parents, self.holes, false, among)
    }

    /// The positions of `positions` (in order) with a child in `among`
    /// (sorted): the same as the [parents](Self::parents_among) of
    /// `among` that are in `positions`, when both are sorted, found from
    /// the other side (see [`neighbour_flags`](Self::neighbour_flags)).
    #[cfg(test)]
    pub(crate) fn with_child_among(&self, positions: &[u64], among: &[u64]) -> Vec<u64> {
        let mut kept = positions.to_vec();
        self.retain_with_child_among(&mut kept, among);
        kept
    }

    /// The positions of `positions` (in order) with a child whose
    /// canonical complement is in `among` (sorted): the same as the
    /// [complements of the children](Self::child_complements_among) of
    /// `among` that are in `positions`, when both are sorted: the choice
    /// the census's join at the middle makes.
    #[cfg(test)]
    pub(crate) fn with_child_complement_among(&self, positions: &[u64], among: &[u64]) -> Vec<u64> {
        match self.neighbour_flags(positions, true, among) {
            Some(flags) => {
                let mut kept = positions.to_vec();
                retain_flagged(&mut kept, &flags);
                kept
            }
            None => self.child_complements_among(among, positions),
        }
    }

    /// Keeps the positions of `kept` (sorted) with a child in `among`
    /// (sorted), in place, found children first when
    /// [`neighbour_flags`](Self::neighbour_flags) takes that way, else
    /// from the parents of `among`.
    pub(crate) fn retain_with_child_among(&self, kept: &mut Vec<u64>, among: &[u64]) {
        match self.neighbour_flags(kept, false, among) {
            Some(flags) => retain_flagged(kept, &flags),
            None => self.retain_parents_of(kept, among),
        }
    }

    /// Whether each of `positions` has a child whose canonical form
    /// (`complement`: of its complement) is in `among` (sorted), found
    /// children first; `None` when that way is not taken, and the
    /// caller makes the neighbours of `among` instead.
    ///
    /// Each position's children are tried until the first that a
    /// [`Filter`] of `among` may hold; that child, packed with the
    /// position's index below it, is then checked against `among` with
    /// the others by one sort and a merge. The few positions whose first
    /// child was a false alarm have every child the filter may hold
    /// checked the same way. A position with such a child usually stops
    /// at its first child or second, where the other way every
    /// neighbour of every position of `among` is made and those the
    /// filter keeps sorted (on the English centre game's join at the
    /// middle: 3.7 million children made and 0.35 million sorted,
    /// against 5.5 and 1.5 million).
    ///
    /// The other way is left to the caller when a child and a position's
    /// index do not fit one word together (boards of more than about 45
    /// holes), and when the filter would pass the budget (see
    /// [`neighbours_among_within`](Self::neighbours_among_within)).
    pub(crate) fn neighbour_flags(
        &self,
        positions: &[u64],
        complement: bool,
        among: &[u64],
    ) -> Option<Vec<bool>> {
        if positions.is_empty() || among.is_empty() {
            return Some(vec![false; positions.len()]);
        }
        // Many positions are split between threads, in parts of `part`.
        let split = parallel_part(positions.len());
        let part = split.unwrap_or(positions.len());
        // The bits of the index of a position in a part.
        let index_bits = usize::BITS - (part - 1).leading_zeros();
        if self.board.len() as u32 + index_bits > 64 {
            return None;
        }
        let filter = Filter::within(among, FILTER_BUDGET)?;
        let flip = if complement { self.holes } else { 0 };
        let kept_in =
            |chunk: &[u64]| self.with_neighbour_in(chunk, index_bits, flip, &filter, among);
        #[cfg(feature = "parallel")]
        if let Some(part) = split {
            use rayon::prelude::*;
            let parts: Vec<Vec<bool>> = positions.par_chunks(part).map(kept_in).collect();
            return Some(parts.concat());
        }
        Some(kept_in(positions))
    }

    /// [`neighbour_flags`](Self::neighbour_flags) for at most
    /// `2^index_bits` positions (`index_bits` plus the board's holes at
    /// most 64), the children's holes of `flip` toggled.
    fn with_neighbour_in(
        &self,
        positions: &[u64],
        index_bits: u32,
        flip: u64,
        filter: &Filter,
        among: &[u64],
    ) -> Vec<bool> {
        debug_assert!(positions.len() <= 1 << index_bits);
        let bits = self.board.len() as u32 + index_bits;
        let pack = |child: u64, index: usize| child << index_bits | index as u64;
        let mut candidates = self.buffer();
        candidates.clear();
        let mut spread = self.buffer();
        // Whether each position has a child in `among`: `None` until one
        // of its children has passed the filter.
        let mut found: Vec<Option<bool>> = vec![None; positions.len()];
        let mut check = |candidates: &mut Vec<u64>, found: &mut [Option<bool>]| {
            sort_by_bits_from(candidates, index_bits, bits, &mut spread, &self.work);
            let mut members = among.iter().copied().peekable();
            for (at, &packed) in candidates.iter().enumerate() {
                if at.is_multiple_of(MERGED_PER_POLL) && self.work.poll() {
                    break;
                }
                let child = packed >> index_bits;
                while members.next_if(|&member| member < child).is_some() {}
                let index = (packed & ((1 << index_bits) - 1)) as usize;
                let hit = members.peek() == Some(&child);
                found[index] = Some(found[index] == Some(true) || hit);
            }
        };
        self.for_each_neighbour_until(positions, flip, false, |index, child| {
            if filter.may_hold(child) {
                candidates.push(pack(child, index));
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if self.work.stopped().is_none() {
            check(&mut candidates, &mut found);
        }
        // Every child the filter may hold, of the positions whose first
        // was not in `among`.
        let again: Vec<usize> = (0..positions.len())
            .filter(|&i| found[i] == Some(false))
            .collect();
        if !again.is_empty() && self.work.stopped().is_none() {
            let retried: Vec<u64> = again.iter().map(|&i| positions[i]).collect();
            candidates.clear();
            self.for_each_neighbour(&retried, flip, false, |k, child| {
                if filter.may_hold(child) {
                    candidates.push(pack(child, again[k]));
                }
            });
            check(&mut candidates, &mut found);
        }
        self.give_back(candidates);
        self.give_back(spread);
        found.iter().map(|&found| found == Some(true)).collect()
    }

    /// The positions of `among` (sorted) one jump before some of
    /// `positions`, sorted.
    #[cfg(test)]
    pub(crate) fn parents_among(&self, positions: &[u64], among: &[u64]) -> Vec<u64> {
        self.neighbours_among(positions, 0, true, among)
    }

    /// Keeps the positions of `kept` (sorted) one jump before some of
    /// `positions`, in place: their parents are made, those a [`Filter`]
    /// of `kept` may hold sorted, and `kept` merged with them.
    pub(crate) fn retain_parents_of(&self, kept: &mut Vec<u64>, positions: &[u64]) {
        if positions.is_empty() {
            kept.clear();
        }
        if kept.is_empty() {
            return;
        }
        let filter = Filter::within(kept, FILTER_BUDGET);
        self.with_sorted_neighbours(positions, 0, true, filter.as_ref(), |found| {
            retain_present(kept, found, &self.work);
        });
    }

    /// The canonical forms, holes of `flip` toggled, of the positions one
    /// jump after (`backwards`: before) some of `positions` that are in
    /// `among` (sorted), sorted and distinct.
    fn neighbours_among(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        among: &[u64],
    ) -> Vec<u64> {
        self.neighbours_among_within(positions, flip, backwards, among, FILTER_BUDGET)
    }

    /// [`neighbours_among`](Self::neighbours_among), with a filter of
    /// `among` when it takes at most `budget` bits.
    ///
    /// Most neighbours found are not in `among`, and a [`Filter`] of it
    /// drops most of those as they are found, before they cost a place in
    /// the sort, as long as it stays in the caches. On the English centre
    /// game the filters take at most 2 MiB (level 15), and the join at
    /// the middle went from 123 to 101 ms, the parents of the winnable
    /// levels from 150 to 123 ms (least of five runs). Larger filters,
    /// as when neither pagoda functions nor relaxed games narrow the
    /// levels, read memory at every neighbour and cost more than the sort
    /// they spare (that English centre game's join: 0.46 s without the
    /// filter, 0.85–0.98 s with one of 16 MiB), so past the budget the
    /// repeat table drops what it can in its place (0.43 s). (In front of
    /// the repeat table instead of in its place, the filter was slower.)
    fn neighbours_among_within(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        among: &[u64],
        budget: usize,
    ) -> Vec<u64> {
        if positions.is_empty() || among.is_empty() {
            return Vec::new();
        }
        let filter = Filter::within(among, budget);
        self.with_sorted_neighbours(positions, flip, backwards, filter.as_ref(), |found| {
            intersect(found, among, &self.work)
        })
    }

    /// [`sorted_neighbours`](Self::sorted_neighbours); with the
    /// `parallel` feature, many positions are split between rayon's
    /// threads and their parts' neighbours merged before `finish`.
    fn with_sorted_neighbours<R>(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        filter: Option<&Filter>,
        finish: impl FnOnce(&[u64]) -> R,
    ) -> R {
        #[cfg(feature = "parallel")]
        if let Some(size) = parallel_part(positions.len()) {
            use rayon::prelude::*;
            let lists: Vec<Vec<u64>> = positions
                .par_chunks(size)
                .map(|chunk| {
                    self.sorted_neighbours(chunk, flip, backwards, filter, <[u64]>::to_vec)
                })
                .collect();
            return finish(&merge_distinct(&lists, &self.work));
        }
        self.sorted_neighbours(positions, flip, backwards, filter, finish)
    }

    /// `finish` of the canonical forms, holes of `flip` toggled, of the
    /// positions one jump after (`backwards`: before) each of `positions`
    /// that `filter` may hold, sorted and distinct; without a filter, all
    /// of them, the repeat table dropping what it can before the sort.
    fn sorted_neighbours<R>(
        &self,
        positions: &[u64],
        flip: u64,
        backwards: bool,
        filter: Option<&Filter>,
        finish: impl FnOnce(&[u64]) -> R,
    ) -> R {
        // The repeat table, used without a filter (the least one with).
        let mut recent = Recent::new(if filter.is_some() { 0 } else { positions.len() });
        let (found, _) = self.gather_sorted(positions, u64::MAX, |chunk, found| match filter {
            Some(filter) => self.for_each_neighbour(chunk, flip, backwards, |_, neighbour| {
                // Pushed, and taken off again when the filter lacks it:
                // no branch on the outcome to mispredict.
                found.push(neighbour);
                found.truncate(found.len() - usize::from(!filter.may_hold(neighbour)));
            }),
            None => self.for_each_neighbour(chunk, flip, backwards, |_, neighbour| {
                recent.push(neighbour, found);
            }),
        });
        let finished = finish(&found);
        self.give_back(found);
        finished
    }

    /// The canonical parents of `positions` (positions one jump before
    /// them), sorted and distinct.
    #[cfg(test)]
    pub(crate) fn parents(&self, positions: &[u64]) -> Vec<u64> {
        self.sorted_neighbours(positions, 0, true, None, <[u64]>::to_vec)
    }

    /// The canonical forms of the complements of `positions`, sorted
    /// (unfinished if the budget stops first).
    pub(crate) fn complements(&self, positions: &[u64]) -> Vec<u64> {
        let mut out: Vec<u64> = match self.table.lanes() {
            1 => self.complements_in::<1>(positions),
            2 => self.complements_in::<2>(positions),
            4 => self.complements_in::<4>(positions),
            8 => self.complements_in::<8>(positions),
            _ => self.complements_in::<16>(positions),
        };
        sort_dedup(&mut out, self.board.len() as u32, &self.work);
        out
    }

    /// The canonical complements of `positions`, unsorted (fewer, if the
    /// budget stops first).
    fn complements_in<const N: usize>(&self, positions: &[u64]) -> Vec<u64> {
        let holes = [self.holes; N];
        let mut out = Vec::with_capacity(positions.len());
        for part in positions.chunks(1 << 16) {
            if self.work.poll() {
                break;
            }
            out.extend(
                part.iter()
                    .map(|&y| Self::least::<N, false>(&self.images::<N>(y), &holes)),
            );
        }
        out
    }

    /// The number of distinct images of `pegs`.
    pub(crate) fn orbit_size(&self, pegs: u64) -> u64 {
        let fixed = match self.table.lanes() {
            1 => 1,
            2 => self.fixed_in::<2>(pegs),
            4 => self.fixed_in::<4>(pegs),
            8 => self.fixed_in::<8>(pegs),
            _ => self.fixed_in::<16>(pegs),
        };
        (self.order / fixed) as u64
    }

    /// The number of symmetries (not counting the padding) fixing `pegs`.
    #[inline]
    fn fixed_in<const N: usize>(&self, pegs: u64) -> usize {
        // Counted over every lane, in one vector comparison, then less the
        // padding lanes: copies of the identity, which fix every position.
        let images = self.images::<N>(pegs);
        let mut fixed = 0;
        for image in images {
            fixed += usize::from(image == pegs);
        }
        fixed - (N - self.order)
    }

    /// The number of distinct images of the positions of `level`, in all.
    pub(crate) fn orbit_sizes(&self, level: &[u64]) -> u64 {
        match self.table.lanes() {
            1 => level.len() as u64,
            2 => self.orbit_sizes_in::<2>(level),
            4 => self.orbit_sizes_in::<4>(level),
            8 => self.orbit_sizes_in::<8>(level),
            _ => self.orbit_sizes_in::<16>(level),
        }
    }

    /// [`orbit_sizes`](Self::orbit_sizes) with `N` lanes: a position's
    /// orbit is the group's order over the number of symmetries fixing it,
    /// looked up in a table made once per level rather than divided per
    /// position.
    fn orbit_sizes_in<const N: usize>(&self, level: &[u64]) -> u64 {
        let orbit_of_fixed: [u64; MAX_LANES + 1] =
            std::array::from_fn(|fixed| (self.order / fixed.max(1)) as u64);
        level
            .iter()
            .map(|&pegs| orbit_of_fixed[self.fixed_in::<N>(pegs)])
            .sum()
    }

    /// The canonical form of `pegs`.
    pub(crate) fn canonical(&self, pegs: u64) -> u64 {
        (0..self.table.lanes())
            .map(|lane| self.table.sum(pegs, lane))
            .min()
            .unwrap_or(pegs)
    }
}

/// With the `parallel` feature, the size of the parts a job over `len`
/// positions is split into between rayon's threads (four per thread),
/// when there are enough to be worth it (more than 2^14); `None`: the
/// job runs whole.
#[cfg(feature = "parallel")]
pub(crate) fn parallel_part(len: usize) -> Option<usize> {
    (len > 1 << 14).then(|| len.div_ceil(4 * rayon::current_num_threads().max(1)))
}

/// Without the `parallel` feature, every job runs whole.
#[cfg(not(feature = "parallel"))]
pub(crate) fn parallel_part(_len: usize) -> Option<usize> {
    None
}

/// The most bits a filter in front of a join takes: 2 MiB (see
/// [`Expander::neighbours_among_within`]).
const FILTER_BUDGET: usize = 1 << 24;

/// A filter in front of a level's children that drops a child seen
/// lately: the children of neighbouring parents (neighbours in the sorted
/// level, so much alike) are often the same, and about half of them
/// repeat one still in a small table of the last value seen per slot,
/// which costs less than sorting them out later.
struct Recent {
    /// The last value seen per slot.
    seen: Vec<u64>,
    /// `64 - log2(slots)`: the hash's top bits pick the slot.
    shift: u32,
}

impl Recent {
    /// A table for the neighbours of `positions` positions: four slots
    /// each, at least 64 (so the shift stays below 64) and at most 65,536
    /// (512 KB, in the second-level cache; more measured slower, fewer
    /// catch fewer). Slots start at `u64::MAX`, which no value pushed can
    /// be: a position one jump from another, or its complement, leaves
    /// some hole of the jump empty, and a board has at most 64 holes.
    fn new(positions: usize) -> Recent {
        let slots = positions
            .saturating_mul(4)
            .clamp(1 << 6, 1 << 16)
            .next_power_of_two();
        Recent {
            seen: vec![u64::MAX; slots],
            shift: 64 - slots.trailing_zeros(),
        }
    }

    /// Pushes `value` onto `out` unless its slot holds it. The value is
    /// pushed either way and a repeat taken off again: no branch on the
    /// outcome to mispredict (measured faster than a staging buffer
    /// copied out now and then: 1.3 % fewer instructions in the English
    /// winnable set).
    #[inline(always)]
    fn push(&mut self, value: u64, out: &mut Vec<u64>) {
        let slot = (value.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        let repeat = self.seen[slot] == value;
        self.seen[slot] = value;
        out.push(value);
        out.truncate(out.len() - usize::from(repeat));
    }
}

/// A set of values that may answer "maybe" for a value it lacks (about
/// one time in sixty) but never "no" for one it holds: a table of 16 to
/// 32 bits per value, 2 to 4 bytes against 8 for the value itself, in
/// which each value sets two bits of one 64-bit word, both picked by its
/// hash. (One bit per value, the filter answered "maybe" about one time
/// in sixteen, for the same time a query.)
pub(crate) struct Filter {
    words: Vec<u64>,
    shift: u32,
}

impl Filter {
    /// The bits a filter of `values` values takes.
    pub(crate) fn bits_for(values: usize) -> usize {
        values.saturating_mul(16).next_power_of_two().max(128)
    }

    /// A filter holding `values` if it takes at most `budget` bits.
    pub(crate) fn within(values: &[u64], budget: usize) -> Option<Filter> {
        (Filter::bits_for(values.len()) <= budget).then(|| Filter::new(values))
    }

    /// A filter holding `values`.
    pub(crate) fn new(values: &[u64]) -> Filter {
        let words = Filter::bits_for(values.len()) / 64;
        let mut filter = Filter {
            words: vec![0; words],
            // The hash's top bits pick the word (at least one bit: there
            // are at least two words).
            shift: 64 - words.trailing_zeros(),
        };
        for &value in values {
            let (word, bits) = filter.place(value);
            filter.words[word] |= bits;
        }
        filter
    }

    /// The word `value` sets bits of, and those bits: the hash's top bits
    /// pick the word, and the next two groups of six bits the bits (the
    /// top bits of a product are the well mixed ones).
    #[inline]
    fn place(&self, value: u64) -> (usize, u64) {
        let hash = value.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let word = (hash >> self.shift) as usize;
        let below = hash << (64 - self.shift);
        (word, 1 << (below >> 58) | 1 << (below >> 52 & 63))
    }

    /// Whether `value` may be held (always, if it is).
    #[inline]
    pub(crate) fn may_hold(&self, value: u64) -> bool {
        let (word, bits) = self.place(value);
        self.words[word] & bits == bits
    }
}

/// The index of each value of a level: open addressing with linear
/// probing, at most half full, keys and indices side by side; in front of
/// it, a [`Filter`].
///
/// Most values looked up (the children of a level's positions) are not in
/// the level, and the filter, a fraction of the table's size, answers
/// most of those without touching the table.
pub(crate) struct Index {
    /// `(value, index)`, the index `usize::MAX` marking an empty slot.
    slots: Vec<(u64, usize)>,
    shift: u32,
    filter: Filter,
}

impl Index {
    /// Indexes `values` (distinct), unless `work` stops first: then only
    /// some of them (the caller drops it).
    pub(crate) fn new(values: &[u64], work: &Work) -> Index {
        let size = (values.len() * 2).next_power_of_two().max(16);
        let mut index = Index {
            slots: vec![(0, usize::MAX); size],
            shift: 64 - size.trailing_zeros(),
            filter: Filter::new(values),
        };
        let mask = size - 1;
        for (i, &value) in values.iter().enumerate() {
            // Each insertion misses the caches: a look at the budget now
            // and then costs nothing measurable.
            if i.is_multiple_of(1 << 16) && work.poll() {
                break;
            }
            let mut slot = index.home(value);
            while index.slots[slot].1 != usize::MAX {
                slot = (slot + 1) & mask;
            }
            index.slots[slot] = (value, i);
        }
        index
    }

    #[inline]
    fn home(&self, value: u64) -> usize {
        (value.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The index of `value`, if present.
    #[inline]
    pub(crate) fn get(&self, value: u64) -> Option<usize> {
        if !self.filter.may_hold(value) {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut slot = self.home(value);
        loop {
            let (key, at) = self.slots[slot];
            if at == usize::MAX {
                return None;
            }
            if key == value {
                return Some(at);
            }
            slot = (slot + 1) & mask;
        }
    }
}

/// The exponent bits of 2^52: ORed into a value of at most 52 bits, they
/// make the bit pattern of the double 2^52 plus the value.
const FLOAT_EXPONENT: u64 = 0x4330_0000_0000_0000;

/// [`Expander::least`] of eight lanes of at most 52 bits, as four SSE2
/// minima of two doubles each (and one of a single double).
///
/// The portable code takes the same minima as a comparison and a blend,
/// five instructions a pair: the compiler does not turn them into one
/// `minpd` here. Naming the instructions cut the English winnable set's
/// instructions by 4.4 % (5.82G to 5.56G) and its least of fourteen whole
/// runs from 496 to 471 ms. Besides the call (this function is compiled
/// for SSE2, which the caller's build enables), the loads of two lanes
/// at a time take `unsafe`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "sse2")]
#[allow(unsafe_code)]
fn least_of_eight(images: &[u64; 8], mask: &[u64; 8]) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_castsi128_pd, _mm_cvtsd_f64, _mm_loadu_si128, _mm_min_pd, _mm_min_sd,
        _mm_or_si128, _mm_set1_epi64x, _mm_unpackhi_pd, _mm_xor_si128,
    };
    let exponent = _mm_set1_epi64x(FLOAT_EXPONENT as i64);
    let two_lanes = |lanes: &[u64; 8], lane: usize| {
        let two: &[u64; 2] = lanes[lane..lane + 2].try_into().expect("two lanes");
        // SAFETY: `two` is 16 readable bytes, and the load takes them
        // unaligned.
        unsafe { _mm_loadu_si128(two.as_ptr().cast::<__m128i>()) }
    };
    // Lanes `lane` and `lane + 1` as two doubles.
    let pair = |lane: usize| {
        let values = _mm_xor_si128(two_lanes(images, lane), two_lanes(mask, lane));
        _mm_castsi128_pd(_mm_or_si128(values, exponent))
    };
    let least = _mm_min_pd(_mm_min_pd(pair(0), pair(4)), _mm_min_pd(pair(2), pair(6)));
    let least = _mm_min_sd(least, _mm_unpackhi_pd(least, least));
    _mm_cvtsd_f64(least).to_bits() & !FLOAT_EXPONENT
}

/// The least of `images` XOR `mask` (values of at most 52 bits) as a
/// floating-point minimum, with no named instructions: see
/// [`Expander::least`].
#[inline]
fn float_least<const N: usize>(images: &[u64; N], mask: &[u64; N]) -> u64 {
    let mut values = [0f64; N];
    for lane in 0..N {
        values[lane] = f64::from_bits((images[lane] ^ mask[lane]) | FLOAT_EXPONENT);
    }
    tree_min(values).to_bits() & !FLOAT_EXPONENT
}

/// The least of `values` (`N` a power of two), by a pairwise tree of
/// minima: short dependency chains, and vector minima where the target
/// has them.
#[inline]
fn tree_min<T: PartialOrd + Copy, const N: usize>(mut values: [T; N]) -> T {
    let mut width = N;
    while width > 1 {
        width /= 2;
        for lane in 0..width {
            let (a, b) = (values[lane], values[lane + width]);
            values[lane] = if b < a { b } else { a };
        }
    }
    values[0]
}

/// The union of sorted, distinct `lists`, sorted and distinct, merged on
/// rayon's threads: the range of values is cut at quantiles of the longest
/// list, and each thread merges the parts of every list in its ranges
/// (unfinished if `work` stops first).
#[cfg(feature = "parallel")]
fn merge_distinct(lists: &[Vec<u64>], work: &Work) -> Vec<u64> {
    use rayon::prelude::*;
    let Some(longest) = lists
        .iter()
        .max_by_key(|list| list.len())
        .filter(|l| !l.is_empty())
    else {
        return Vec::new();
    };
    let ranges = (8 * rayon::current_num_threads()).max(1);
    // Range r holds the values in [bounds[r], bounds[r + 1]); the first
    // bound is 0 and the last is past every value.
    let mut bounds: Vec<u64> = (1..ranges)
        .map(|r| longest[r * longest.len() / ranges])
        .collect();
    bounds.dedup();
    let parts: Vec<Vec<u64>> = (0..=bounds.len())
        .into_par_iter()
        .map(|r| {
            let start = r.checked_sub(1).map(|at| bounds[at]);
            let end = bounds.get(r).copied();
            // The parts of every list in the range, already sorted:
            // merged one after another.
            let mut part = Vec::new();
            let mut merged = Vec::new();
            for list in lists {
                // Unfinished once work stops: the caller drops it.
                if work.poll() {
                    break;
                }
                let from = start.map_or(0, |v| list.partition_point(|&x| x < v));
                let to = end.map_or(list.len(), |v| list.partition_point(|&x| x < v));
                merged.clear();
                merge_union(&part, &list[from..to], &mut merged);
                std::mem::swap(&mut part, &mut merged);
            }
            part
        })
        .collect();
    if work.poll() {
        return Vec::new();
    }
    parts.concat()
}

/// Appends to `out` the values of the sorted, distinct slices `a` and `b`,
/// sorted and distinct.
#[cfg(feature = "parallel")]
fn merge_union(a: &[u64], b: &[u64], out: &mut Vec<u64>) {
    out.reserve(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        out.push(x.min(y));
        i += usize::from(x <= y);
        j += usize::from(y <= x);
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

/// Keeps the values of `kept` whose flag is set, in order.
pub(crate) fn retain_flagged(kept: &mut Vec<u64>, flags: &[bool]) {
    debug_assert_eq!(kept.len(), flags.len());
    let mut out = 0;
    for at in 0..kept.len().min(flags.len()) {
        kept[out] = kept[at];
        out += usize::from(flags[at]);
    }
    kept.truncate(out);
}

/// Values merged between two looks at the budget.
const MERGED_PER_POLL: usize = 1 << 16;

/// Keeps the values of `kept` (sorted) that `found` (sorted) holds
/// (unfinished if `work` stops first).
fn retain_present(kept: &mut Vec<u64>, found: &[u64], work: &Work) {
    let (mut out, mut j) = (0, 0);
    for at in 0..kept.len() {
        if at.is_multiple_of(MERGED_PER_POLL) && work.poll() {
            break;
        }
        let x = kept[at];
        while j < found.len() && found[j] < x {
            j += 1;
        }
        kept[out] = x;
        out += usize::from(found.get(j) == Some(&x));
    }
    kept.truncate(out);
}

/// The sorted values present in both sorted slices (fewer, if `work`
/// stops first).
pub(crate) fn intersect(a: &[u64], b: &[u64], work: &Work) -> Vec<u64> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    let mut steps = 0usize;
    while i < a.len() && j < b.len() {
        steps += 1;
        if steps.is_multiple_of(MERGED_PER_POLL) && work.poll() {
            break;
        }
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::pagoda::Pagoda;
    use crate::test_rules::can_play;

    /// The canonical forms, holes of `flip` toggled, of the positions one
    /// jump after (`backwards`: before) those of `level`, sorted and
    /// distinct. An oracle: it plays the board's jumps one by one by the
    /// plain rule and takes each result's least image from the per-lane
    /// tables (`canonical`), not through the jump groups and image XORs
    /// of the census loops.
    fn played_by_rules(
        board: &Board,
        expander: &Expander,
        level: &[u64],
        backwards: bool,
        flip: u64,
    ) -> Vec<u64> {
        let mut out: Vec<u64> = level
            .iter()
            .flat_map(|&x| board.jumps().iter().map(move |jump| (x, jump)))
            .filter(|&(x, jump)| can_play(jump, x, backwards))
            .map(|(x, jump)| expander.canonical((x ^ jump.mask()) ^ flip))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    #[test]
    fn a_window_keeps_exactly_the_neighbours_within_it() {
        // The English board's known pagoda functions are closed under its
        // symmetries, so whether a position is within the window does not
        // depend on the image tested.
        let board = Board::english();
        let group = board.symmetries().clone();
        let centre = board.cell("d4").unwrap().bit();
        let start = board.holes() & !centre;
        let pagodas = Pagoda::known(&board);
        let window = || Window::new(&board, &pagodas, start, centre);
        let plain = Expander::new(&board, &group);
        let windowed = Expander::new(&board, &group).windowed(window());
        let inside = window().unwrap();
        let within = |values: Vec<u64>| -> Vec<u64> {
            values.into_iter().filter(|&x| inside.admits(x)).collect()
        };
        let mut level = vec![plain.canonical(start)];
        let mut dropped = (0, 0);
        for _ in 0..7 {
            let children = plain.children(&level, u64::MAX).unwrap();
            let kept = windowed.children(&level, u64::MAX).unwrap();
            assert_eq!(kept, within(children.clone()));
            dropped.0 += children.len() - kept.len();
            let parents = plain.parents(&children);
            let kept_parents = windowed.parents(&children);
            assert_eq!(kept_parents, within(parents.clone()));
            dropped.1 += parents.len() - kept_parents.len();
            assert_eq!(windowed.within_window(&children), kept);
            let complements = windowed.child_complements_among(&level, &plain.complements(&kept));
            assert_eq!(complements, plain.complements(&kept));
            level = children;
        }
        // The window drops some of each (else this test could not fail).
        assert!(dropped.0 > 0 && dropped.1 > 0, "{dropped:?}");
    }

    #[test]
    fn joined_neighbours_are_the_neighbours_in_the_level_joined() {
        // English levels 8 and 9 (12,526 and 39,520 positions: past the
        // size at which the `parallel` feature splits the work).
        let board = Board::english();
        let group = board.symmetries().clone();
        let centre = board.cell("d4").unwrap().bit();
        let expander = Expander::new(&board, &group);
        let mut levels = vec![vec![expander.canonical(board.holes() & !centre)]];
        for _ in 0..9 {
            let next = expander.children(levels.last().unwrap(), u64::MAX).unwrap();
            levels.push(next);
        }
        let (eight, nine) = (&levels[8], &levels[9]);
        assert!(nine.len() > 1 << 14);
        // Joined with every third position of a level and some that are
        // no position at all (odd values above the board's holes).
        let sample = |level: &[u64]| -> Vec<u64> {
            let mut among: Vec<u64> = level.iter().copied().step_by(3).collect();
            among.extend((0..5_000u64).map(|i| (i << 33) | 1));
            among.sort_unstable();
            among
        };
        let played = |level: &[u64], backwards: bool, flip: u64| {
            played_by_rules(&board, &expander, level, backwards, flip)
        };
        let among = sample(eight);
        let parents = intersect(&played(nine, true, 0), &among, &Work::unlimited());
        let complements = played(eight, false, board.holes());
        let among_complements = sample(&complements);
        let joined_complements = intersect(&complements, &among_complements, &Work::unlimited());
        assert!(parents.len() > 1_000 && joined_complements.len() > 1_000);
        // With a filter and without one (no bits to spare).
        for budget in [FILTER_BUDGET, 0] {
            let found = expander.neighbours_among_within(nine, 0, true, &among, budget);
            assert_eq!(found, parents, "budget {budget}");
            let flipped = expander.neighbours_among_within(
                eight,
                board.holes(),
                false,
                &among_complements,
                budget,
            );
            assert_eq!(flipped, joined_complements, "budget {budget}");
        }
        // The same join from the other side: the positions with a child
        // whose complement is in a level, with `among` all of level 8 and
        // every third position of it (more false alarms per position kept).
        let there = &among_complements;
        assert_eq!(
            expander.with_child_complement_among(there, eight),
            joined_complements
        );
        let thinned = intersect(
            &played(&among, false, board.holes()),
            there,
            &Work::unlimited(),
        );
        assert!(thinned.len() > 1_000 && thinned.len() < joined_complements.len());
        assert_eq!(expander.with_child_complement_among(there, &among), thinned);
        // And the parents the same way: the positions of a level with a
        // child in the next, with `among` the next level in full and every
        // third position of it.
        assert_eq!(expander.with_child_among(&among, nine), parents);
        let nine_sample = sample(nine);
        let thinned_parents = intersect(&played(&nine_sample, true, 0), eight, &Work::unlimited());
        assert!(thinned_parents.len() > 1_000);
        assert_eq!(
            expander.with_child_among(eight, &nine_sample),
            thinned_parents
        );
        assert!(expander.with_child_complement_among(&[], eight).is_empty());
        assert!(expander.with_child_complement_among(there, &[]).is_empty());
        assert!(expander.parents_among(&[], &among).is_empty());
        assert!(expander.parents_among(nine, &[]).is_empty());
    }

    #[test]
    fn orbit_sizes_match_the_distinct_images_under_a_group_of_twelve() {
        // A hexagon of side 3 on the triangular lattice: 19 holes, 12
        // symmetries (16 lanes, 4 of them padding).
        let board: Board = "  o o o\n o o o o\no o o o o\n o o o o\n  o o o"
            .parse()
            .expect("a board");
        let group = board.symmetries().clone();
        assert_eq!(group.order(), 12);
        let expander = Expander::new(&board, &group);
        // The search crate's orbits, from its own permutation of bits.
        let distinct = |pegs: u64| group.orbit_size(&pegs) as u64;
        let centre = 1 << 9;
        let ring = board.holes() & !centre & !0b111 & !(0b111 << 16);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut level: Vec<u64> = vec![0, board.holes(), centre, board.holes() & !centre, ring];
        level.extend((0..200).map(|_| rng.random::<u64>() & board.holes()));
        // Some fixed by all twelve, some by fewer, most by none.
        assert!(level.iter().any(|&x| distinct(x) == 1));
        assert!(level.iter().any(|&x| distinct(x) == 12));
        for &pegs in &level {
            assert_eq!(expander.orbit_size(pegs), distinct(pegs), "{pegs:019b}");
        }
        let total: u64 = level.iter().map(|&x| distinct(x)).sum();
        assert_eq!(expander.orbit_sizes(&level), total);
    }

    #[test]
    fn index_finds_every_value_and_nothing_else() {
        let values: Vec<u64> = (0..5_000u64).map(|i| i * i * 7 + 3).collect();
        let index = Index::new(&values, &Work::unlimited());
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(index.get(v), Some(i));
            assert_eq!(index.get(v + 1), None);
        }
        let work = Work::unlimited();
        assert_eq!(Index::new(&[], &work).get(0), None);
        assert_eq!(Index::new(&[u64::MAX], &work).get(u64::MAX), Some(0));
    }

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

    #[test]
    fn retaining_in_place_keeps_the_values_flagged_or_found() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..200 {
            let mut kept: Vec<u64> = (0..rng.random_range(0..60))
                .map(|_| rng.random_range(0..100))
                .collect();
            kept.sort_unstable();
            kept.dedup();
            let mut found: Vec<u64> = (0..rng.random_range(0..60))
                .map(|_| rng.random_range(0..100))
                .collect();
            found.sort_unstable();
            found.dedup();
            let flags: Vec<bool> = kept.iter().map(|_| rng.random_bool(0.5)).collect();
            let mut flagged = kept.clone();
            retain_flagged(&mut flagged, &flags);
            let expected: Vec<u64> = kept
                .iter()
                .zip(&flags)
                .filter(|(_, flag)| **flag)
                .map(|(&x, _)| x)
                .collect();
            assert_eq!(flagged, expected);
            let mut present = kept.clone();
            retain_present(&mut present, &found, &Work::unlimited());
            assert_eq!(present, intersect(&kept, &found, &Work::unlimited()));
        }
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn merging_sorted_lists_gives_their_sorted_union() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut next = move || rng.random::<u64>();
        for (lists, len, bits) in [(8, 30_000, 33), (3, 1_000, 12), (5, 0, 20), (1, 50_000, 64)] {
            let lists: Vec<Vec<u64>> = (0..lists)
                .map(|_| {
                    let mut list: Vec<u64> = (0..len).map(|_| next() >> (64 - bits)).collect();
                    list.sort_unstable();
                    list.dedup();
                    list
                })
                .collect();
            let mut expected = lists.concat();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(merge_distinct(&lists, &Work::unlimited()), expected);
        }
        assert!(merge_distinct(&[], &Work::unlimited()).is_empty());
    }

    #[test]
    fn a_filter_holds_its_values_and_rejects_most_others() {
        // 20,000 values (32,768 words, 26 bits a value), asked about
        // values next to them and about unrelated ones.
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut random = move || rng.random::<u64>();
        let values: Vec<u64> = (0..20_000u64).map(|i| i * 7_919 + 13).collect();
        let filter = Filter::new(&values);
        assert!(values.iter().all(|&v| filter.may_hold(v)));
        let neighbours = (0..20_000u64).map(|i| i * 7_919 + 14);
        let unrelated = (0..20_000).map(|_| random());
        for (queries, kind) in [
            (neighbours.collect::<Vec<_>>(), "next"),
            (unrelated.collect(), "random"),
        ] {
            let false_alarms = queries.iter().filter(|&&v| filter.may_hold(v)).count();
            // Two bits set per value in a 64-bit word: about one in 150
            // at 26 bits a value (one bit per value: one in 26).
            assert!(false_alarms < 20_000 / 60, "{false_alarms} {kind}");
        }
        let random_values: Vec<u64> = (0..20_000).map(|_| random()).collect();
        let filter = Filter::new(&random_values);
        assert!(random_values.iter().all(|&v| filter.may_hold(v)));
        assert!(!Filter::new(&[]).may_hold(0));
    }

    #[test]
    fn joins_on_boards_too_wide_to_pack_an_index_take_the_other_way() {
        // 60 holes, so that 16 positions' indices fit beside a child (4
        // bits) and 17 or 100 positions' do not (5 or 7 bits). The board
        // has no symmetry but the identity, so that the children's top
        // bits are as often set as not (a least image would clear them).
        let rows = ["o o o o o o o o o o"; 5].join("\n") + "\no o o o o o o o o\no";
        let board: Board = rows.parse().unwrap();
        assert_eq!((board.len(), board.symmetries().order()), (60, 1));
        let group = board.symmetries().clone();
        let expander = Expander::new(&board, &group);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut random_position = || expander.canonical(rng.random::<u64>() & board.holes());
        for count in [16, 17, 100] {
            let mut positions: Vec<u64> = (0..count).map(|_| random_position()).collect();
            positions.sort_unstable();
            positions.dedup();
            // Every other child of the first half of the positions, and
            // every other complement of one, as the levels joined (so
            // that most of the second half have none).
            let first_half = &positions[..positions.len() / 2];
            let played = |flip: u64| played_by_rules(&board, &expander, first_half, false, flip);
            for (flip, complement) in [(0, false), (board.holes(), true)] {
                let among: Vec<u64> = played(flip).into_iter().step_by(2).collect();
                let expected: Vec<u64> = positions
                    .iter()
                    .copied()
                    .filter(|&x| {
                        board.jumps().iter().any(|jump| {
                            can_play(jump, x, false)
                                && among
                                    .binary_search(&expander.canonical((x ^ jump.mask()) ^ flip))
                                    .is_ok()
                        })
                    })
                    .collect();
                assert!(!expected.is_empty() && expected.len() < positions.len());
                let found = if complement {
                    expander.with_child_complement_among(&positions, &among)
                } else {
                    expander.with_child_among(&positions, &among)
                };
                assert_eq!(
                    found, expected,
                    "{count} positions, complement {complement}"
                );
            }
        }
    }

    #[test]
    fn floating_point_minima_agree_with_integer_minima() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        // Fewer under Miri, which runs the SSE2 minimum's `unsafe` code
        // (`cargo +nightly miri test -p kongming-peg-bitboard --lib
        // floating_point`, in `.ci/run` when Miri is installed).
        let rounds = if cfg!(miri) { 400 } else { 10_000 };
        for round in 0..rounds {
            let mut lanes = [0u64; 8];
            let mut mask = [0u64; 8];
            for (image, bit) in lanes.iter_mut().zip(&mut mask) {
                let state = rng.random::<u64>();
                // Values of up to 52 bits, some sharing their high bits.
                *image = state >> (12 + round % 40);
                *bit = (state >> 3) & 0xff;
            }
            let least = (0..8).map(|l| lanes[l] ^ mask[l]).min();
            assert_eq!(Some(Expander::least::<8, true>(&lanes, &mask)), least);
            assert_eq!(Some(Expander::least::<8, false>(&lanes, &mask)), least);
            // The portable floating-point path, which x86-64 builds
            // otherwise skip for eight lanes.
            assert_eq!(Some(float_least(&lanes, &mask)), least);
            assert_eq!(
                Some(Expander::least::<4, false>(
                    &lanes[..4].try_into().unwrap(),
                    &mask[..4]
                )),
                (0..4).map(|l| lanes[l] ^ mask[l]).min()
            );
        }
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn merge_union_keeps_each_value_once_in_order() {
        let mut out = vec![99];
        merge_union(&[1, 3, 5, 7], &[2, 3, 4, 7, 8, 9], &mut out);
        assert_eq!(out, [99, 1, 2, 3, 4, 5, 7, 8, 9]);
        out.clear();
        merge_union(&[], &[4, 6], &mut out);
        merge_union(&[1], &[], &mut out);
        assert_eq!(out, [4, 6, 1]);
    }
}
