//! Bitboard moves by shifts: an index offset as a branch-free pair of
//! shifts ([`Shift`]), the set bits of a mask one at a time, and the
//! legal jumps of a position generated a group of parallel jumps at a
//! time. The board's jump groups, the census's jump words and the
//! solver's scores all shift this way.

use crate::board::Board;

/// An index offset `d` (in -63..=63) as two shift amounts, so that
/// [`Shift::apply`] moves bit `i + d` to bit `i` with both shifts (one of
/// them by zero) and no branch: the sign of `d` changes from one jump
/// group to the next, and a branch on it is mispredicted often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shift {
    right: u32,
    left: u32,
}

impl Shift {
    /// The shift bringing bit `i + offset` to bit `i`.
    pub(crate) fn new(offset: i32) -> Shift {
        Shift {
            right: offset.max(0).unsigned_abs(),
            left: offset.min(0).unsigned_abs(),
        }
    }

    /// The offset: bit `i` of [`apply`](Self::apply)'s result is bit
    /// `i + offset` of its argument.
    pub(crate) fn offset(self) -> i32 {
        self.right as i32 - self.left as i32
    }

    /// Bit `i` of the result is bit `i + offset` of `bits`.
    #[inline(always)]
    pub(crate) fn apply(self, bits: u64) -> u64 {
        (bits >> self.right) << self.left
    }
}

/// The set bits of `mask`, one at a time.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            bit
        })
    })
}

impl Board {
    /// Appends to `out` the indices (into [`Board::jumps`]) of the jumps
    /// legal with pegs `pegs`, generated a group of parallel jumps at a
    /// time by shifting the bitboard, the groups packed into a few words.
    #[inline]
    pub(crate) fn legal_jump_indices(&self, pegs: u64, out: &mut Vec<u16>) {
        let empty = self.holes() & !pegs;
        for word in self.jump_words() {
            out.extend(word.jumps(pegs, empty));
        }
    }
}
