//! [`Recent`]: a small table of the values seen lately, which drops most
//! repeated neighbours before they cost a place in a level's sort.

/// A filter in front of a level's children that drops a child seen
/// lately: the children of neighbouring parents (neighbours in the sorted
/// level, so much alike) are often the same, and about half of them
/// repeat one still in a small table of the last value seen per slot,
/// which costs less than sorting them out later.
pub(super) struct Recent {
    /// The last value seen per slot.
    seen: Vec<u64>,
    /// `64 - log2(slots)`: the hash's top bits pick the slot.
    shift: u32,
}

impl Recent {
    /// A table for the neighbours of `positions` positions: four slots
    /// each, at least 64 (so the shift stays below 64) and at most 65,536
    /// (512 KB, which stays in the second-level cache: a larger table
    /// misses it at every push, a smaller one catches fewer repeats).
    /// Slots start at `u64::MAX`, which no value pushed can
    /// be: a position one jump from another, or its complement, leaves
    /// some hole of the jump empty, and a board has at most 64 holes.
    pub(super) fn new(positions: usize) -> Recent {
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
    /// outcome to mispredict (and no staging buffer to copy out now and
    /// then, which costs more).
    #[inline(always)]
    pub(super) fn push(&mut self, value: u64, out: &mut Vec<u64>) {
        let slot = (value.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        let repeat = self.seen[slot] == value;
        self.seen[slot] = value;
        out.push(value);
        out.truncate(out.len() - usize::from(repeat));
    }
}
