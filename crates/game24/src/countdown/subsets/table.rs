//! A subset's table: the values it makes with all its numbers, each with
//! how it is first made (and, to list every solution, every way), and an
//! open-addressing index of them by value.

use super::Mask;
use crate::expr::Op;

/// How a value of a table is made.
#[derive(Clone, Copy, Debug)]
pub(super) enum Made {
    /// It is the subset's one number.
    Number,
    /// `left op right`, each a value of another table.
    Step { op: Op, left: Part, right: Part },
}

/// A value of a table: the table's subset and the value's index in it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Part {
    pub(super) mask: Mask,
    pub(super) index: u32,
}

/// The values one subset makes with all its numbers, each once, with how
/// each is first made, and an open-addressing index of them by value.
#[derive(Debug, Default)]
pub(super) struct Table {
    pub(super) values: Vec<i64>,
    pub(super) made: Vec<Made>,
    /// The values sorted, with their indices, once the table is scanned.
    pub(super) sorted: Vec<(i64, u32)>,
    /// When every way of making each value is kept (to list every
    /// solution): value `i`'s ways are `ways[starts[i]..starts[i + 1]]`.
    pub(super) starts: Vec<u32>,
    pub(super) ways: Vec<Made>,
    /// Index + 1 of the value whose hash lands here, 0 for none; the
    /// length is a power of two at least twice the values the table can get.
    slots: Vec<u32>,
    shift: u32,
}

impl Table {
    /// An empty table for at most `capacity` values.
    pub(super) fn with_capacity(capacity: usize) -> Table {
        let slots = (2 * capacity).next_power_of_two().max(4);
        Table {
            values: Vec::with_capacity(capacity),
            made: Vec::with_capacity(capacity),
            sorted: Vec::new(),
            starts: Vec::new(),
            ways: Vec::new(),
            slots: vec![0; slots],
            shift: 64 - slots.trailing_zeros(),
        }
    }

    #[inline]
    fn slot(&self, value: i64) -> usize {
        // Fibonacci hashing: the high bits of the product spread nearby values.
        ((value as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The index of `value`, if the table has it.
    #[inline]
    pub(super) fn find(&self, value: i64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut slot = self.slot(value);
        loop {
            match self.slots[slot] {
                0 => return None,
                k if self.values[k as usize - 1] == value => return Some(k - 1),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Adds `value`, made as `made`, unless the table has it already;
    /// the value's index either way.
    #[inline]
    pub(super) fn insert(&mut self, value: i64, made: Made) -> u32 {
        let mask = self.slots.len() - 1;
        let mut slot = self.slot(value);
        loop {
            match self.slots[slot] {
                0 => {
                    self.values.push(value);
                    self.made.push(made);
                    self.slots[slot] = self.values.len() as u32;
                    return self.values.len() as u32 - 1;
                }
                k if self.values[k as usize - 1] == value => return k - 1,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Keeps `ways` (each value's index and one way of making it) as every
    /// way of making each value, grouped by value.
    pub(super) fn keep_ways(&mut self, ways: &[(u32, Made)]) {
        let mut starts = vec![0u32; self.values.len() + 1];
        for &(index, _) in ways {
            starts[index as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let mut next = starts.clone();
        let mut grouped = vec![Made::Number; ways.len()];
        for &(index, made) in ways {
            grouped[next[index as usize] as usize] = made;
            next[index as usize] += 1;
        }
        self.starts = starts;
        self.ways = grouped;
    }

    /// Every way of making value `index` (kept by [`keep_ways`](Self::keep_ways)).
    pub(super) fn ways_of(&self, index: u32) -> &[Made] {
        let i = index as usize;
        &self.ways[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}
