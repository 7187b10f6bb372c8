//! [`Dense`]: a level's positions as bits of a bitmap, each at its rank
//! among the positions that level could hold, in place of a sort (for
//! the children of a level) or of a filter, a sort and a merge (for the
//! joins).
//!
//! Every position of a level has the same number of pegs, and the same
//! class: a jump changes the pegs of three holes in a line, so it keeps
//! the parity of the pegs on every set of holes that meets each jump's
//! three holes an even number of times (four independent such sets on
//! the English board, so sixteen classes). The positions of one peg
//! count and one class rank densely, in the order of their values: the
//! rank of a position is a count kept per value of its high bits (for
//! the layer's peg count and class) plus the rank of its low bits among
//! the low parts of the same peg count and class. At the middle of the
//! English board that is 73 million positions, a bitmap of 9 MiB, where
//! the positions themselves would take 8 bytes each to sort. Its words
//! are atomic, so that the threads a level is split between set bits at
//! once (one thread sets and reads them as plain words).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::board::Board;

/// The bits of a position ranked by the low table.
const LOW_BITS: u32 = 17;

/// The most high bits: the count kept per value of them takes 4 bytes
/// each.
const MAX_HIGH_BITS: u32 = 17;

/// The most classes (invariants): a class is a byte.
const MAX_INVARIANTS: usize = 8;

/// The largest layer a bitmap is made for: 2^27 bits, 16 MiB.
const MAX_LAYER: u64 = 1 << 27;

/// How many layers' counts are kept for reuse (a search goes from one
/// level to the next, and each join looks at two).
const LAYERS_KEPT: usize = 3;

/// The ranks of a board's positions, and the one bitmap the census's
/// expanders share (all its bits clear between uses).
pub(crate) struct Dense {
    /// The class of each value of the high bits, and of the low bits.
    high_class: Vec<u8>,
    low_class: Vec<u8>,
    /// For each value of the low bits, its rank among the low values of
    /// its peg count and class.
    low_rank: Vec<u16>,
    /// The low values sorted by peg count, class and value, with
    /// `low_start[pegs][class]` the first of each peg count and class.
    low_sorted: Vec<u32>,
    low_start: Vec<Vec<u32>>,
    /// How many low values each peg count and class has.
    low_count: Vec<Vec<u32>>,
    low_bits: u32,
    /// The counts of the layers used last.
    layers: Mutex<Vec<Arc<Layer>>>,
    /// The bitmap, every bit clear when not in use (atomic words, so that
    /// threads may set bits of one level at once).
    bits: Mutex<Vec<AtomicU64>>,
}

/// The positions of one peg count and one class: the rank of each.
pub(crate) struct Layer {
    pegs: u32,
    class: u8,
    /// Per value of the high bits, the positions of the layer with lower
    /// high bits (one more entry: the layer's size).
    below: Vec<u32>,
}

impl Layer {
    /// How many positions the layer holds.
    fn len(&self) -> u64 {
        u64::from(*self.below.last().expect("one entry at least"))
    }
}

/// The parity of the pegs of `pegs` on each invariant set of holes.
fn class_of(invariants: &[u64], pegs: u64) -> u8 {
    invariants.iter().enumerate().fold(0, |class, (i, &set)| {
        class | (((pegs & set).count_ones() & 1) as u8) << i
    })
}

/// A basis of the sets of holes that meet every mask of `masks` an even
/// number of times (the null space over GF(2) of the masks as rows).
fn invariants(holes: u32, masks: &[u64]) -> Vec<u64> {
    // Gauss-Jordan elimination: each pivot column is cleared from every
    // other row.
    let mut rows = masks.to_vec();
    let mut pivots: Vec<u32> = Vec::new();
    for column in 0..holes {
        let Some(found) = (pivots.len()..rows.len()).find(|&r| rows[r] >> column & 1 == 1) else {
            continue;
        };
        let at = pivots.len();
        rows.swap(at, found);
        let pivot_row = rows[at];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != at && *row >> column & 1 == 1 {
                *row ^= pivot_row;
            }
        }
        pivots.push(column);
    }
    // One set per free column: its hole, and the pivot hole of each row
    // holding that column (which makes every row's sum even).
    (0..holes)
        .filter(|column| !pivots.contains(column))
        .map(|free| {
            pivots
                .iter()
                .enumerate()
                .filter(|&(r, _)| rows[r] >> free & 1 == 1)
                .fold(1u64 << free, |set, (_, &pivot)| set | 1 << pivot)
        })
        .collect()
}

impl Dense {
    /// The ranks of `board`'s positions, if its levels can be ranked
    /// within the limits (at most 34 holes and 8 invariants).
    pub(crate) fn new(board: &Board) -> Option<Dense> {
        let holes = board.len() as u32;
        let low_bits = holes.min(LOW_BITS);
        if holes - low_bits > MAX_HIGH_BITS {
            return None;
        }
        let masks: Vec<u64> = board.jumps().iter().map(|jump| jump.mask()).collect();
        let invariants = invariants(holes, &masks);
        if invariants.len() > MAX_INVARIANTS {
            return None;
        }
        let classes = 1 << invariants.len();
        let low_mask = (1u64 << low_bits) - 1;
        let low_invariants: Vec<u64> = invariants.iter().map(|set| set & low_mask).collect();
        let high_invariants: Vec<u64> = invariants.iter().map(|set| set >> low_bits).collect();
        let mut low_count = vec![vec![0u32; classes]; low_bits as usize + 1];
        let mut low_rank = Vec::with_capacity(1 << low_bits);
        let low_class: Vec<u8> = (0..=low_mask)
            .map(|low| class_of(&low_invariants, low))
            .collect();
        for low in 0..=low_mask {
            let count =
                &mut low_count[low.count_ones() as usize][usize::from(low_class[low as usize])];
            // At most C(17, 8) values of one peg count: a `u16`.
            low_rank.push(*count as u16);
            *count += 1;
        }
        let mut low_start = vec![vec![0u32; classes]; low_bits as usize + 1];
        let mut next = 0;
        for (pegs, counts) in low_count.iter().enumerate() {
            for (class, &count) in counts.iter().enumerate() {
                low_start[pegs][class] = next;
                next += count;
            }
        }
        let mut low_sorted = vec![0u32; 1 << low_bits];
        let mut fill = low_start.clone();
        for low in 0..=low_mask {
            let slot = &mut fill[low.count_ones() as usize][usize::from(low_class[low as usize])];
            low_sorted[*slot as usize] = low as u32;
            *slot += 1;
        }
        let high_class = (0..1u64 << (holes - low_bits))
            .map(|high| class_of(&high_invariants, high))
            .collect();
        Some(Dense {
            high_class,
            low_class,
            low_rank,
            low_sorted,
            low_start,
            low_count,
            low_bits,
            layers: Mutex::new(Vec::new()),
            bits: Mutex::new(Vec::new()),
        })
    }

    /// The class of `pegs` (a position on the board's holes).
    #[inline(always)]
    pub(crate) fn class(&self, pegs: u64) -> u8 {
        let low = (pegs & ((1 << self.low_bits) - 1)) as usize;
        self.high_class[(pegs >> self.low_bits) as usize] ^ self.low_class[low]
    }

    /// The layer of `pegs` pegs and class `class`, if its bitmap stays
    /// within the limit.
    pub(crate) fn layer(&self, pegs: u32, class: u8) -> Option<Arc<Layer>> {
        let mut kept = self.layers.lock().ok()?;
        if let Some(layer) = kept.iter().find(|l| l.pegs == pegs && l.class == class) {
            return Some(Arc::clone(layer));
        }
        let mut below = Vec::with_capacity(self.high_class.len() + 1);
        let mut total = 0u64;
        for (high, &high_class) in self.high_class.iter().enumerate() {
            below.push(total as u32);
            let used = high.count_ones();
            if let Some(rest) = pegs.checked_sub(used).filter(|&rest| rest <= self.low_bits) {
                total += u64::from(self.low_count[rest as usize][usize::from(class ^ high_class)]);
                if total > MAX_LAYER {
                    return None;
                }
            }
        }
        below.push(total as u32);
        let layer = Arc::new(Layer { pegs, class, below });
        if kept.len() == LAYERS_KEPT {
            kept.remove(0);
        }
        kept.push(Arc::clone(&layer));
        Some(layer)
    }

    /// The rank of `pegs` in `layer` (which must hold it).
    #[inline(always)]
    fn rank(&self, layer: &Layer, pegs: u64) -> usize {
        debug_assert_eq!(pegs.count_ones(), layer.pegs);
        debug_assert_eq!(self.class(pegs), layer.class);
        let low = (pegs & ((1 << self.low_bits) - 1)) as usize;
        layer.below[(pegs >> self.low_bits) as usize] as usize + usize::from(self.low_rank[low])
    }

    /// The bitmap for `layer`, all clear, unless another holds it.
    pub(crate) fn bits<'d>(&'d self, layer: &'d Layer) -> Option<DenseSet<'d>> {
        let mut words = self.bits.try_lock().ok()?;
        let len = layer.len().div_ceil(64) as usize;
        if words.len() < len {
            words.resize_with(len, || AtomicU64::new(0));
        }
        Some(DenseSet {
            dense: self,
            layer,
            words,
            len,
        })
    }
}

/// A set of positions of one layer in the shared bitmap; the bits it
/// sets are cleared when it is dropped (or as it is drained), so the
/// bitmap is all clear for the next.
pub(crate) struct DenseSet<'d> {
    dense: &'d Dense,
    layer: &'d Layer,
    words: std::sync::MutexGuard<'d, Vec<AtomicU64>>,
    /// The words of the layer.
    len: usize,
}

impl DenseSet<'_> {
    /// Adds `pegs`.
    #[inline(always)]
    pub(crate) fn insert(&mut self, pegs: u64) {
        let rank = self.dense.rank(self.layer, pegs);
        *self.words[rank / 64].get_mut() |= 1 << (rank % 64);
    }

    /// Adds `pegs`, from one of several threads adding at once.
    #[cfg(feature = "parallel")]
    #[inline(always)]
    pub(crate) fn insert_shared(&self, pegs: u64) {
        let rank = self.dense.rank(self.layer, pegs);
        self.words[rank / 64].fetch_or(1 << (rank % 64), Ordering::Relaxed);
    }

    /// Whether `pegs` is in the set.
    #[inline(always)]
    pub(crate) fn contains(&self, pegs: u64) -> bool {
        let rank = self.dense.rank(self.layer, pegs);
        self.words[rank / 64].load(Ordering::Relaxed) >> (rank % 64) & 1 == 1
    }

    /// Removes `pegs` and every other position of its word.
    #[inline(always)]
    pub(crate) fn clear_word_of(&mut self, pegs: u64) {
        let rank = self.dense.rank(self.layer, pegs);
        *self.words[rank / 64].get_mut() = 0;
    }

    /// Records that the set's bits are all clear already (its owner
    /// cleared those it set), so that dropping it clears nothing.
    pub(crate) fn forget(&mut self) {
        debug_assert!(
            self.words[..self.len]
                .iter()
                .all(|w| w.load(Ordering::Relaxed) == 0)
        );
        self.len = 0;
    }

    /// Appends the positions of the set to `out` in increasing order, up
    /// to `room` of them, and empties the set (whether or not all fit);
    /// whether they all fit. Nothing may be added after.
    pub(crate) fn drain_into(&mut self, out: &mut Vec<u64>, room: u64) -> bool {
        let (dense, layer, len) = (self.dense, self.layer, self.len);
        let words = &mut self.words[..len];
        let mut fit = true;
        let mut high = 0;
        let mut at = 0;
        while at < len {
            if *words[at].get_mut() == 0 {
                at += 1;
                continue;
            }
            // The high bits of the first position of this word, and the
            // ranks their positions take.
            let first = (at * 64) as u64 + u64::from(words[at].get_mut().trailing_zeros());
            while u64::from(layer.below[high + 1]) <= first {
                high += 1;
            }
            let (from, to) = (
                u64::from(layer.below[high]),
                u64::from(layer.below[high + 1]),
            );
            let rest = layer.pegs - high.count_ones();
            let class = usize::from(layer.class ^ dense.high_class[high]);
            let lows = &dense.low_sorted[dense.low_start[rest as usize][class] as usize..];
            let top = (high as u64) << dense.low_bits;
            // The words of this high value's ranks, from this one.
            while at < len && ((at * 64) as u64) < to {
                let base = (at * 64) as u64;
                let mut mine = u64::MAX;
                if to < base + 64 {
                    mine &= (1 << (to - base)) - 1;
                }
                if from > base {
                    mine &= !((1 << (from - base)) - 1);
                }
                let word = words[at].get_mut();
                let mut found = *word & mine;
                *word &= !mine;
                let left = *word;
                while found != 0 {
                    let rank = base + u64::from(found.trailing_zeros());
                    found &= found - 1;
                    if out.len() as u64 >= room {
                        fit = false;
                    } else {
                        out.push(top | u64::from(lows[(rank - from) as usize]));
                    }
                }
                if left != 0 {
                    // The next high value's ranks start in this word.
                    break;
                }
                at += 1;
            }
        }
        // All clear: nothing left for the drop to clear.
        self.len = 0;
        fit
    }
}

impl Drop for DenseSet<'_> {
    fn drop(&mut self) {
        let len = self.len;
        for word in &mut self.words[..len] {
            *word.get_mut() = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::Expander;

    #[test]
    fn dense_sets_and_sorts_agree_on_every_step_of_a_census() {
        // The children, the parents kept and the join at the middle, with
        // dense sets and without, on English levels 7 to 9 (2,757, 9,751
        // and 31,312 positions: jobs large enough for the dense sets
        // outside the unit tests too).
        let (board, dense, levels) = crate::levels::english_levels(9);
        let sorted = Expander::new(&board, board.symmetries()).without_dense();
        let level = |k: usize| -> &Vec<u64> { &levels[k] };
        let large = |level: &[u64]| {
            dense
                .dense_layer(level[0], level[0].count_ones(), level.len())
                .is_some()
        };
        assert!(large(level(8)) && large(level(9)));
        for k in [7, 8] {
            let (this, next) = (level(k), level(k + 1));
            assert_eq!(
                dense.children(next, u64::MAX),
                sorted.children(next, u64::MAX)
            );
            // Every other position of the next level as the winnable ones.
            let winnable: Vec<u64> = next.iter().copied().step_by(2).collect();
            let (mut a, mut b) = (this.clone(), this.clone());
            dense.retain_parents_of(&mut a, &winnable);
            sorted.retain_parents_of(&mut b, &winnable);
            assert!(!a.is_empty() && a.len() < this.len());
            assert_eq!(a, b);
            let (mut a, mut b) = (next.clone(), next.clone());
            let after: Vec<u64> = sorted
                .children(next, u64::MAX)
                .expect("no room limit")
                .into_iter()
                .step_by(2)
                .collect();
            dense.retain_with_child_among(&mut a, &after);
            sorted.retain_with_child_among(&mut b, &after);
            assert_eq!(a, b);
            // Children's complements among a level of the complements'
            // peg count.
            let complements = sorted.complements(&after);
            let flags = dense.neighbour_flags(next, true, &complements);
            assert!(
                flags
                    .as_ref()
                    .is_some_and(|f| f.contains(&true) && f.contains(&false))
            );
            assert_eq!(flags, sorted.neighbour_flags(next, true, &complements));
        }
        // Asked of levels of other peg counts, every answer is "none".
        let mut kept = level(7).clone();
        dense.retain_parents_of(&mut kept, level(9));
        assert!(kept.is_empty());
        let flags = dense
            .neighbour_flags(level(9), false, level(7))
            .expect("dense");
        assert!(flags.iter().all(|&f| !f));
        // Values off the board's holes first: the sorts answer, no panic.
        let off = [1u64 << 40, 1 << 41];
        let (mut a, mut b) = (off.to_vec(), off.to_vec());
        dense.retain_parents_of(&mut a, level(9));
        sorted.retain_parents_of(&mut b, level(9));
        assert_eq!(a, b);
        assert_eq!(
            dense.neighbour_flags(level(8), false, &off),
            sorted.neighbour_flags(level(8), false, &off)
        );
        assert_eq!(
            dense.neighbour_flags(&off, false, level(8)),
            sorted.neighbour_flags(&off, false, level(8))
        );
        // The bitmap is left clear: the same jobs again give the same.
        let mut again = level(8).clone();
        dense.retain_parents_of(&mut again, level(9));
        assert_eq!(again, *level(8));
    }

    #[test]
    fn the_english_board_has_four_invariants_and_every_jump_keeps_them() {
        let board = Board::english();
        let dense = Dense::new(&board).expect("33 holes rank");
        let masks: Vec<u64> = board.jumps().iter().map(|jump| jump.mask()).collect();
        let sets = invariants(33, &masks);
        assert_eq!(sets.len(), 4);
        assert_eq!(dense.low_count[0].len(), 16, "sixteen classes");
        for jump in board.jumps() {
            assert_eq!(dense.class(jump.mask()), 0);
            for &set in &sets {
                assert_eq!((jump.mask() & set).count_ones() % 2, 0);
            }
        }
    }

    #[test]
    fn ranks_are_the_order_of_a_layer_and_drain_gives_it_back() {
        // Every position of a small board, by peg count and class: the
        // ranks are 0, 1, 2, … in increasing order of value.
        for text in ["o o o o o\n".repeat(4), "o o o\no o o\no o o\n".to_string()] {
            let board: Board = text.parse().expect("a board");
            let dense = Dense::new(&board).expect("a small board ranks");
            let holes = board.len() as u32;
            let classes = dense.low_count[0].len() as u8;
            for pegs in 0..=holes {
                for class in 0..classes {
                    let layer = dense.layer(pegs, class).expect("small");
                    let members: Vec<u64> = (0..1u64 << holes)
                        .filter(|&x| x.count_ones() == pegs && dense.class(x) == class)
                        .collect();
                    assert_eq!(layer.len(), members.len() as u64);
                    for (expected, &x) in members.iter().enumerate() {
                        assert_eq!(dense.rank(&layer, x), expected);
                    }
                    // Every other member in a set, drained in order.
                    let mut set = dense.bits(&layer).expect("free");
                    let chosen: Vec<u64> = members.iter().copied().step_by(2).collect();
                    for &x in chosen.iter().rev() {
                        set.insert(x);
                    }
                    assert!(chosen.iter().all(|&x| set.contains(x)));
                    let mut out = Vec::new();
                    assert!(set.drain_into(&mut out, u64::MAX));
                    assert_eq!(out, chosen);
                    assert!(set.words.iter().all(|w| w.load(Ordering::Relaxed) == 0));
                }
            }
        }
    }

    #[test]
    fn ranks_split_a_position_within_the_tables_limits() {
        let rectangle = |rows: usize, short: bool| -> Board {
            let mut text = "o o o o o o o\n".repeat(rows);
            if short {
                text.push_str("o o o o o o\n");
            }
            text.parse().expect("a board")
        };
        let english = Dense::new(&Board::english()).expect("33 holes rank");
        assert_eq!(english.low_bits, 17);
        // 34 holes: 17 low bits and 17 high ones, the most of each.
        let board = rectangle(4, true);
        assert_eq!(board.len(), 34);
        assert_eq!(Dense::new(&board).map(|d| d.low_bits), Some(17));
        // 35 holes would need 18 high bits: no ranks.
        let board = rectangle(5, false);
        assert_eq!(board.len(), 35);
        assert!(Dense::new(&board).is_none());
    }

    /// The English board, its ranks and the centre game's start.
    fn english_start() -> (Board, Dense, u64) {
        let board = Board::english();
        let dense = Dense::new(&board).expect("33 holes rank");
        let start = board.holes() & !board.cell("d4").expect("d4").bit();
        (board, dense, start)
    }

    #[test]
    fn a_drain_past_its_room_stops_and_clears() {
        let (board, dense, start) = english_start();
        let layer = dense.layer(31, dense.class(start)).expect("a layer");
        let children: Vec<u64> = board
            .jumps()
            .iter()
            .filter(|j| start & j.mask() == j.from().bit() | j.over().bit())
            .map(|j| start ^ j.mask())
            .collect();
        assert_eq!(children.len(), 4);
        let mut set = dense.bits(&layer).expect("free");
        for &child in &children {
            set.insert(child);
        }
        let mut out = Vec::new();
        assert!(!set.drain_into(&mut out, 3));
        assert_eq!(out.len(), 3);
        drop(set);
        let set = dense.bits(&layer).expect("free again");
        assert!(children.iter().all(|&child| !set.contains(child)));
    }

    #[test]
    fn a_set_dropped_unfinished_leaves_the_bitmap_clear() {
        let (_, dense, x) = english_start();
        let layer = dense.layer(32, dense.class(x)).expect("a layer");
        let mut set = dense.bits(&layer).expect("free");
        set.insert(x);
        assert!(dense.bits(&layer).is_none(), "held");
        drop(set);
        assert!(!dense.bits(&layer).expect("free").contains(x));
    }
}
