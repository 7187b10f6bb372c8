//! [`Expander`]: canonical forms from per-byte lookup tables, and the
//! loop that finds the canonical neighbours (children, or parents) of
//! the positions of a level, a word of jump groups at a time.
//!
//! The other modules of [`levels`](super) build on this loop: they
//! gather neighbours into sorted levels ([`children`](super::children)),
//! keep those that lie in another level ([`among`](super::among)) and
//! count orbits ([`orbits`](super::orbits)); the least of a neighbour's
//! images comes from [`minima`](super::minima).

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, OnceLock};

use kongming_search::symmetry::Group;

use super::dense::{Dense, DenseSet, Layer};
use super::minima::least_image;
use super::orbits::OrbitSignatures;
use crate::board::Board;
use crate::lane_table::LaneTable;
use crate::radix::sort_dedup;
use crate::window::{Values, WINDOW_LANES, Window};
use crate::work::{CHUNK, Work};

/// Canonical forms under a group of board symmetries, as tables laid out
/// for the census loops: the group's order is padded to a power of two
/// (`lanes`) with copies of the identity, which leaves every least image
/// unchanged and lets the loops run over a fixed number of lanes.
pub(crate) struct Expander {
    pub(super) board: Board,
    pub(super) holes: u64,
    /// The group's order.
    pub(super) order: usize,
    /// Whether positions fit in the 52 fraction bits of an `f64`: then
    /// minima are taken as floating-point minima (see [`least_image`]).
    float: bool,
    /// The image under each lane of the holes set in each byte.
    pub(super) table: LaneTable,
    /// The quick test of orbit sizes: whether only the identity fixes a
    /// position.
    pub(super) signatures: OrbitSignatures,
    /// `jump * lanes + lane`: the image of the jump's mask under `lane`.
    jump_images: Vec<u64>,
    /// Spare buffers, kept so that the large ones are allocated (and their
    /// pages first touched) once per census rather than once per level;
    /// shared with the expander's [siblings](Expander::sibling).
    spare: Arc<Mutex<Vec<Vec<u64>>>>,
    /// Pagoda bounds every neighbour found must keep within: positions
    /// outside them are dropped before their canonical form is taken.
    window: Option<Window>,
    /// The budget of the census operation the expander works for (see
    /// [`Expander::metered`]): every loop over positions counts them and
    /// gives up once it has stopped, leaving what it made unfinished
    /// (callers check [`Work::check`] before using anything made).
    pub(super) work: Arc<Work>,
    /// The ranks of the board's positions and the bitmap the levels are
    /// gathered and joined in, when they fit (see [`dense`](super::dense)):
    /// made when a level first needs them (small censuses never do), and
    /// shared with the siblings; `None` inside when the board's positions
    /// do not rank.
    dense: Arc<OnceLock<Option<Dense>>>,
}

/// The fewest positions a job takes the dense sets for: below, the sorts
/// cost less than reading a bitmap back. (In the unit tests, every job,
/// so that the small boards they check against exhaustive play take
/// them too.)
const DENSE_LEAST: usize = if cfg!(test) { 1 } else { 1 << 12 };

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
        let signatures = OrbitSignatures::new(holes, (group.order(), lanes), |hole, lane| {
            elements.get(lane).map_or(hole, |perm| perm.apply(hole))
        });
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
            signatures,
            jump_images,
            spare: Arc::new(Mutex::new(Vec::new())),
            window: None,
            work: Arc::new(Work::unlimited()),
            dense: Arc::new(OnceLock::new()),
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
    /// taken). The census makes its windowed expanders as
    /// [siblings](Expander::sibling) of one without a window.
    #[cfg(test)]
    pub(crate) fn windowed(mut self, window: Option<Window>) -> Expander {
        self.window = window;
        self
    }

    /// The same tables, without dense sets: every level sorted, every
    /// join filtered and merged.
    #[cfg(test)]
    pub(crate) fn without_dense(mut self) -> Expander {
        self.dense = Arc::new(OnceLock::from(None));
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
            signatures: self.signatures.clone(),
            jump_images: self.jump_images.clone(),
            spare: Arc::clone(&self.spare),
            window,
            work: Arc::clone(&self.work),
            dense: Arc::clone(&self.dense),
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
    pub(super) fn images<const N: usize>(&self, pegs: u64) -> [u64; N] {
        self.table.sums::<N>(pegs)
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
    pub(super) fn for_each_neighbour(
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
    pub(super) fn for_each_neighbour_until(
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
        'positions: for (index, &pegs) in positions.iter().enumerate() {
            // The budget, a chunk of positions at a time.
            if index.is_multiple_of(CHUNK)
                && self.work.tick(CHUNK.min(positions.len() - index) as u64)
            {
                return;
            }
            // Every symmetry maps the holes onto themselves, so the images
            // of the flipped position are the images XOR the holes.
            let mut images = self.images::<N>(pegs);
            for image in &mut images {
                *image ^= flip;
            }
            // A jump can be played when its first two holes are full and
            // the third empty; it could have led to `pegs` when its first two
            // are empty and the third full. The jumps are found a word of
            // groups of parallel ones at a time, each neighbour's
            // canonical form computed as soon as its jump is found (the
            // jump toggles the same three holes either way).
            let values: Values = window.map_or([0; WINDOW_LANES], |w| w.values(pegs));
            let empty = self.holes & !pegs;
            // Where the jumps' `from` and `over` holes lie, and where their
            // `to` hole.
            let (takeoff, landing) = if backwards {
                (empty, pegs)
            } else {
                (pegs, empty)
            };
            for word in words {
                for jump in word.jumps(takeoff, landing).map(usize::from) {
                    // Not `is_some_and` with a closure: the closure is not
                    // always inlined, and this test runs for every jump.
                    if let Some(window) = window
                        && !window.admits_changed(&values, &changes[jump])
                    {
                        continue;
                    }
                    let neighbour = least_image::<N, FLOAT>(
                        &images,
                        &self.jump_images[jump * N..(jump + 1) * N],
                    );
                    if found(index, jump, neighbour).is_break() {
                        continue 'positions;
                    }
                }
            }
        }
    }

    /// The layer of the positions with `pegs` pegs of the class of
    /// `sample` (one of them, or of a level whose neighbours are taken),
    /// for a job on `positions` positions, when the dense sets may hold
    /// them: the job is large enough, the board's positions rank, the
    /// layer's bitmap is within the limit, and every symmetry keeps the
    /// class (a symmetry maps the invariant sets of holes onto sums of
    /// them, so it may move a class to another; it keeps the class of a
    /// position symmetric under it, as every start is under the
    /// census's symmetries, and then that of everything reachable from
    /// it). Canonical forms of neighbours of a level then all lie in one
    /// layer.
    pub(super) fn dense_layer(
        &self,
        sample: u64,
        pegs: u32,
        positions: usize,
    ) -> Option<(&Dense, Arc<Layer>)> {
        if positions < DENSE_LEAST || sample & !self.holes != 0 {
            return None;
        }
        let dense = self
            .dense
            .get_or_init(|| {
                // A position's class is kept by a symmetry that maps jumps
                // onto jumps (board symmetries do): else no dense sets.
                let masks: std::collections::HashSet<u64> =
                    self.board.jumps().iter().map(|jump| jump.mask()).collect();
                self.jump_images
                    .iter()
                    .all(|image| masks.contains(image))
                    .then(|| Dense::new(&self.board))
                    .flatten()
            })
            .as_ref()?;
        let class = dense.class(sample);
        let lanes = self.table.lanes();
        let kept = (0..lanes).all(|lane| dense.class(self.table.sum(sample, lane)) == class);
        let layer = kept.then(|| dense.layer(pegs, class)).flatten()?;
        Some((dense, layer))
    }

    /// Sets the bits of the canonical neighbours, one jump after
    /// (`backwards`: before), of every position of `positions` in `set`
    /// (the positions split between rayon's threads in parts of `split`,
    /// when given, with the `parallel` feature).
    pub(super) fn insert_neighbours(
        &self,
        set: &mut DenseSet<'_>,
        positions: &[u64],
        backwards: bool,
        split: Option<usize>,
    ) {
        match split {
            #[cfg(feature = "parallel")]
            Some(size) => {
                use rayon::prelude::*;
                let shared = &*set;
                positions.par_chunks(size).for_each(|chunk| {
                    self.for_each_neighbour(chunk, 0, backwards, |_, n| shared.insert_shared(n));
                });
            }
            _ => self.for_each_neighbour(positions, 0, backwards, |_, n| set.insert(n)),
        }
    }

    /// Whether every position of `level` lies on the board's holes with
    /// the peg count and class of its first (as every level of a search
    /// does): the dense sets take only such levels, and anything else
    /// (a level of no search) the sorts. Asked only after
    /// [`dense_layer`](Self::dense_layer) has made the tables (before,
    /// nothing is ruled out).
    pub(super) fn one_layer(&self, level: &[u64]) -> bool {
        let (Some(Some(dense)), Some(&first)) = (self.dense.get(), level.first()) else {
            return true;
        };
        if first & !self.holes != 0 {
            return false;
        }
        let (pegs, class) = (first.count_ones(), dense.class(first));
        level
            .iter()
            .all(|&x| x & !self.holes == 0 && x.count_ones() == pegs && dense.class(x) == class)
    }

    /// A spare buffer, or a new one.
    pub(super) fn buffer(&self) -> Vec<u64> {
        self.spare
            .lock()
            .ok()
            .and_then(|mut spare| spare.pop())
            .unwrap_or_default()
    }

    /// Keeps `buffer` for later (its contents are stale).
    pub(super) fn give_back(&self, buffer: Vec<u64>) {
        if let Ok(mut spare) = self.spare.lock() {
            spare.push(buffer);
        }
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

    /// The canonical forms of the complements of `positions`, in their
    /// order (fewer, if the budget stops first).
    pub(crate) fn complements_in_order(&self, positions: &[u64]) -> Vec<u64> {
        match self.table.lanes() {
            1 => self.complements_in::<1>(positions),
            2 => self.complements_in::<2>(positions),
            4 => self.complements_in::<4>(positions),
            8 => self.complements_in::<8>(positions),
            _ => self.complements_in::<16>(positions),
        }
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
                    .map(|&y| least_image::<N, false>(&self.images::<N>(y), &holes)),
            );
        }
        out
    }

    /// The bytes the tables hold on the heap (spare buffers left out).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.table.heap_bytes() + self.jump_images.capacity() * size_of::<u64>()
    }

    /// The canonical form of `pegs`.
    pub(crate) fn canonical(&self, pegs: u64) -> u64 {
        (0..self.table.lanes())
            .map(|lane| self.table.sum(pegs, lane))
            .min()
            .unwrap_or(pegs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pagoda::Pagoda;

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
}
