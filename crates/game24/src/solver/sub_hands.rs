//! The dynamic programme over sub-hands: what each sub-hand of two or
//! three numbers can make, computed once per solver and shared by every
//! hand that contains it.
//!
//! [`SubHandTable`] interns the numbers a solver meets (an index each,
//! with their [`finishers`]) and keeps, for each sub-hand of two or three
//! of them, a [`SubHandInfo`]:
//!
//! - six finishing masks ([`super::masks`]) over all its values;
//! - for a pair: its values (sorted, distinct) and their finishers, for
//!   splits of a hand into two pairs;
//! - for a triple: how it splits into a number and a pair, and when asked
//!   for (listing, or a number that is not a small integer), every value
//!   it makes with its recipe (split, pair value, step), so that the
//!   forms of a value are only built when a hand asks for them
//!   ([`super::listing`]).
//!
//! A triple is made from its pairs, a pair from its numbers: the
//! programme runs from small sub-hands to large ones on demand. Values
//! are [`Fraction`]s; those of a triple are kept as
//! [`unreduced_op`](crate::fraction::unreduced_op) makes them (integers
//! over 1), which is all the masks need, and reduced when sorted.

use rustc_hash::FxHashMap;

use super::Fallback;
use super::masks::{
    MASK_TABLE_SIZE, add_finishing_bits, add_fraction_bits, mask_bound, small_integer,
};
use super::steps::{STEPS, finishers, six_steps, six_steps_with_integer};
use super::sub_hand::{DENSE_SLOTS, MAX_FAST_NUMBERS, SubHand};
use crate::error::EvalError;
use crate::fraction::{Fraction, checked_op, fraction, lowest_terms};
use crate::{Ops, Rational};

/// How a triple made a value: the split (an index into its `splits`),
/// the pair's value (an index into its `values`), the step (an index
/// into [`STEPS`]).
pub(super) fn recipe(split: usize, value: usize, step: usize) -> u16 {
    (split << 8 | value << 3 | step) as u16
}

/// The split and the pair's value of a [`recipe`] as one number: the
/// recipes of one split and pair value differ only in their step.
pub(super) fn recipe_block(recipe: u16) -> u16 {
    recipe >> 3
}

/// The split and the pair's value of a [`recipe_block`].
pub(super) fn block_split_and_value(block: u16) -> (usize, usize) {
    (usize::from(block >> 5), usize::from(block & 31))
}

/// The step of a [`recipe`].
pub(super) fn recipe_step(recipe: u16) -> usize {
    usize::from(recipe & 7)
}

/// The values, finishers and masks of the numbers a solver has seen, and
/// what each sub-hand of two or three of them makes.
#[derive(Clone, Debug)]
pub(super) struct SubHandTable {
    target: Fraction,
    ops: Ops,
    /// The numbers seen so far, and their indices.
    numbers: Vec<Rational>,
    number_index: FxHashMap<Fraction, u8>,
    /// The index plus one of each integer below 64 among the numbers.
    small_number_index: [u8; 64],
    /// The [`finishers`] of each number seen (by index).
    number_finishers: Vec<[Option<Fraction>; 6]>,
    /// The masks of the integers below [`MASK_TABLE_SIZE`] (see
    /// [`SubHandTable::add_masks`]) and which are known, for an integer
    /// target.
    integer_masks: Vec<[u64; 6]>,
    integer_masks_known: Vec<u64>,
    /// [`mask_bound`] of the target, once the table is made (0 before).
    integer_mask_bound: usize,
    /// The finishers of the integers below 64, and which are known.
    small_finishers: Vec<[Option<Fraction>; 6]>,
    small_finishers_known: u64,
    /// Where each sub-hand of two or three numbers is in `infos`, plus
    /// one, by [`SubHand::dense_slot`]; or by [`SubHand::packed`] for the
    /// others.
    dense_slots: Vec<u32>,
    sparse_slots: FxHashMap<u32, u32>,
    pub(super) infos: Vec<SubHandInfo>,
    /// [`SubHand::distinct_splits`] by [`SubHand::equal_neighbours`] (a
    /// count of 0: not yet known).
    split_cache: [([u8; 7], u8); 40],
    made_scratch: Vec<(Fraction, u16)>,
    /// Whether triples keep their values as they are made (while listing).
    pub(super) keep_made: bool,
}

/// What a sub-hand of two or three numbers can make.
#[derive(Clone, Debug, Default)]
pub(super) struct SubHandInfo {
    /// The sub-hand.
    pub(super) sub: SubHand,
    /// Bit `a` of `masks[k]` is set when the integer `a` (below 64) makes
    /// the target with one of the values by final step `k`: when
    /// [`finishers`]`(a)[k]` is one of the values.
    pub(super) masks: [u64; 6],
    /// The union of `masks`.
    pub(super) any_mask: u64,
    /// The values, sorted, distinct. Pairs: always; triples: only once
    /// asked for (`values_known`).
    pub(super) values: Vec<Fraction>,
    values_known: bool,
    /// Triples: every value made, with how ([`recipe`]), in the order
    /// made; kept when listing (`made_known`).
    pub(super) made: Vec<(Fraction, u16)>,
    made_known: bool,
    /// Triples: the ways to split it into one number and a pair (the
    /// number's index, the pair's position in `infos`, whether the number
    /// is the left operand of an unswapped step), in the order of
    /// [`SubHand::distinct_splits`].
    pub(super) splits: [(u8, u32, bool); 3],
    split_count: u8,
    /// Pairs: the [`finishers`] of each value that is not a small integer
    /// (same order as `values`; none for the others).
    pub(super) finishers: Vec<[Option<Fraction>; 6]>,
    /// Pairs: the finishers that are not small integers of the values that
    /// are not small integers, sorted, distinct.
    large_finishers: Vec<Fraction>,
    /// Pairs: bit `a` set when the integer `a` (below 64) is a value.
    pub(super) small_values: u64,
    /// Listing ([`super::listing`]), pairs: the forms of each value, once
    /// made: a range of the solver's pair forms for each value.
    pub(super) form_ranges: Option<Vec<(u32, u32)>>,
    /// Listing, triples: the first of the values whose forms were asked
    /// for, plus one (0: none), in the solver's list of them.
    pub(super) first_asked: u32,
}

impl SubHandTable {
    pub(super) fn new(target: Fraction, ops: Ops) -> SubHandTable {
        SubHandTable {
            target,
            ops,
            numbers: Vec::new(),
            number_index: FxHashMap::default(),
            small_number_index: [0; 64],
            number_finishers: Vec::new(),
            integer_masks: Vec::new(),
            integer_masks_known: Vec::new(),
            integer_mask_bound: 0,
            small_finishers: Vec::new(),
            small_finishers_known: 0,
            dense_slots: Vec::new(),
            sparse_slots: FxHashMap::default(),
            infos: Vec::new(),
            split_cache: [([0; 7], 0); 40],
            made_scratch: Vec::new(),
            keep_made: false,
        }
    }

    /// Forgets every number and sub-hand (and the operations, if `ops`
    /// is new).
    pub(super) fn clear(&mut self, ops: Ops) {
        self.ops = ops;
        self.numbers.clear();
        self.number_index.clear();
        self.number_finishers.clear();
        self.integer_masks_known.clear();
        self.integer_mask_bound = 0;
        self.dense_slots.clear();
        self.sparse_slots.clear();
        self.small_number_index = [0; 64];
        self.small_finishers_known = 0;
        self.infos.clear();
    }

    pub(super) fn numbers_seen(&self) -> usize {
        self.numbers.len()
    }

    /// The number of index `i`.
    pub(super) fn number_value(&self, i: u8) -> Rational {
        self.numbers[usize::from(i)]
    }

    /// The number of index `i`, as a pair.
    pub(super) fn number(&self, i: u8) -> Fraction {
        fraction(&self.numbers[usize::from(i)])
    }

    /// The [`finishers`] of the number of index `i`.
    pub(super) fn number_finishers(&self, i: u8) -> [Option<Fraction>; 6] {
        self.number_finishers[usize::from(i)]
    }

    /// The hand as a sub-hand, its numbers given indices as they are met;
    /// `None` if a number is not positive, or (when `listing`) not an
    /// integer.
    pub(super) fn hand<T: Copy + Into<Rational>>(
        &mut self,
        numbers: &[T],
        listing: bool,
    ) -> Option<SubHand> {
        let n = numbers.len();
        let mut hand = SubHand {
            len: n as u8,
            ..SubHand::default()
        };
        for (slot, &x) in hand.indices.iter_mut().zip(numbers) {
            let x: Rational = x.into();
            // Listing with fractions in the hand goes to the general search:
            // there, how a product with a cancelling pair is grouped can
            // change its canonical form, which the fast path's flattened
            // forms cannot see.
            if *x.numer() <= 0 || (listing && !x.is_integer()) {
                return None;
            }
            let k = fraction(&x);
            let small = small_integer(k).map(|b| b as usize);
            if let Some(b) = small
                && self.small_number_index[b] != 0
            {
                *slot = self.small_number_index[b] - 1;
                continue;
            }
            *slot = match self.number_index.get(&k) {
                Some(&i) => i,
                None => {
                    let i = self.numbers.len() as u8;
                    if let Some(b) = small {
                        // Below the solver's limit on numbers, so i + 1 fits.
                        self.small_number_index[b] = i + 1;
                    }
                    self.numbers.push(x);
                    self.number_index.insert(k, i);
                    self.number_finishers
                        .push(finishers(k, self.target, self.ops));
                    i
                }
            };
        }
        hand.indices[..n].sort_unstable();
        Some(hand)
    }

    /// The position in `infos` of what `sub` (two or three numbers) makes.
    pub(super) fn info(&mut self, sub: SubHand) -> Result<usize, Fallback> {
        let slot = sub.dense_slot();
        match slot {
            Some(d) => {
                if let Some(&at) = self.dense_slots.get(d)
                    && at != 0
                {
                    return Ok(at as usize - 1);
                }
            }
            None => {
                if let Some(&at) = self.sparse_slots.get(&sub.packed()) {
                    return Ok(at as usize);
                }
            }
        }
        let info = if sub.len == 2 {
            self.pair_info(sub)?
        } else {
            self.triple_info(sub)?
        };
        let at = self.infos.len();
        self.infos.push(info);
        match slot {
            Some(d) => {
                if self.dense_slots.is_empty() {
                    self.dense_slots = vec![0; DENSE_SLOTS];
                }
                self.dense_slots[d] = at as u32 + 1;
            }
            None => {
                self.sparse_slots.insert(sub.packed(), at as u32);
            }
        }
        Ok(at)
    }

    /// The [`finishers`] of the integer `a` (below 64), remembered.
    pub(super) fn small_finishers(&mut self, a: u32) -> [Option<Fraction>; 6] {
        let a = a as usize % 64;
        if self.small_finishers.is_empty() {
            self.small_finishers = vec![[None; 6]; 64];
        }
        if self.small_finishers_known >> a & 1 == 0 {
            self.small_finishers[a] = finishers((a as i64, 1), self.target, self.ops);
            self.small_finishers_known |= 1 << a;
        }
        self.small_finishers[a]
    }

    /// [`SubHand::distinct_splits`] of `sub`, remembered by
    /// [`SubHand::equal_neighbours`].
    pub(super) fn splits(&mut self, sub: SubHand) -> ([u8; 7], usize) {
        let e = sub.equal_neighbours();
        match self.split_cache.get(e) {
            Some(&(masks, count)) if count > 0 => (masks, usize::from(count)),
            _ => {
                let (masks, count) = sub.distinct_splits();
                if let Some(slot) = self.split_cache.get_mut(e) {
                    *slot = (masks, count as u8);
                }
                (masks, count)
            }
        }
    }

    fn pair_info(&self, sub: SubHand) -> Result<SubHandInfo, Fallback> {
        let (x, y) = (self.number(sub.indices[0]), self.number(sub.indices[1]));
        let (t, ops) = (self.target, self.ops);
        let mut values = Vec::with_capacity(6);
        for &(op, swap, flag) in &STEPS {
            if !ops.contains(flag) {
                continue;
            }
            let (l, r) = if swap { (y, x) } else { (x, y) };
            match checked_op(op, l, r) {
                Ok(v) if v.0 >= 0 => values.push(v),
                Ok(_) | Err(EvalError::DivisionByZero) => {}
                Err(_) => return Err(Fallback),
            }
        }
        values.sort_unstable();
        values.dedup();
        let mut info = SubHandInfo {
            sub,
            values_known: true,
            ..SubHandInfo::default()
        };
        for &v in &values {
            add_finishing_bits(&mut info.masks, v, t, ops);
            // Only those of values that are not small integers are kept
            // (the masks answer for the others).
            let mut to_target = [None; 6];
            if small_integer(v).is_none() {
                to_target = finishers(v, t, ops);
                info.large_finishers.extend(
                    to_target
                        .iter()
                        .flatten()
                        .filter(|f| small_integer(**f).is_none()),
                );
            }
            info.finishers.push(to_target);
            if let Some(bit) = small_integer(v) {
                info.small_values |= 1 << bit;
            }
        }
        info.values = values;
        info.any_mask = info.masks.iter().fold(0, |m, &b| m | b);
        info.large_finishers.sort_unstable();
        info.large_finishers.dedup();
        Ok(info)
    }

    fn triple_info(&mut self, sub: SubHand) -> Result<SubHandInfo, Fallback> {
        if self.integer_masks_known.is_empty() {
            self.integer_mask_bound = mask_bound(self.target);
            let n = self.integer_mask_bound.min(MASK_TABLE_SIZE);
            self.integer_masks_known = vec![0; n.div_ceil(64)];
            self.integer_masks = vec![[0; 6]; n];
        }
        let mut info = SubHandInfo {
            sub,
            ..SubHandInfo::default()
        };
        let (masks, count) = self.splits(sub);
        for (split, &mask) in masks[..count].iter().enumerate() {
            let (a, b) = sub.split(mask);
            // The number is the left operand of an unswapped step when it
            // is the first side of the split.
            let (one, pair, first) = if a.len == 1 {
                (a, b, true)
            } else {
                (b, a, false)
            };
            let p = self.info(pair)?;
            info.splits[split] = (one.indices[0], p as u32, first);
        }
        info.split_count = count as u8;
        let mut masks = [0; 6];
        // The values themselves are only kept when listing (or when asked
        // for later: [`SubHandTable::keep_made`]).
        let mut made = std::mem::take(&mut self.made_scratch);
        made.clear();
        let keep = self.keep_made.then_some(&mut made);
        let done = self.triple_values(&info.splits[..count], Some(&mut masks), keep);
        // Kept at its size (a survey keeps hundreds).
        info.made = made.as_slice().to_vec();
        self.made_scratch = made;
        done?;
        info.masks = masks;
        info.any_mask = masks.iter().fold(0, |m, &b| m | b);
        info.made_known = self.keep_made;
        Ok(info)
    }

    /// Every value a triple makes (given by its `splits`), at least zero:
    /// added to `masks`, and pushed to `made` with its recipe.
    fn triple_values(
        &mut self,
        splits: &[(u8, u32, bool)],
        mut masks: Option<&mut [u64; 6]>,
        mut made: Option<&mut Vec<(Fraction, u16)>>,
    ) -> Result<(), Fallback> {
        let ops = self.ops;
        let all = ops == Ops::all();
        if let Some(made) = made.as_deref_mut() {
            made.reserve(3 * 6 * 5);
        }
        for (split, &(single, pair, first)) in splits.iter().enumerate() {
            let s = self.number(single);
            // A pair makes at most six values.
            let mut pair_values = [(0, 1); 6];
            let pair_count = self.infos[pair as usize].values.len();
            pair_values[..pair_count].copy_from_slice(&self.infos[pair as usize].values);
            for (value_index, &pair_value) in pair_values[..pair_count].iter().enumerate() {
                let six = match (s.1, all) {
                    (1, true) => six_steps_with_integer(s.0, pair_value, first),
                    _ => None,
                };
                let six = match six {
                    Some(six) => six,
                    None => six_steps(s, pair_value, first, ops)?,
                };
                for (step, v) in six.into_iter().enumerate() {
                    let Some(v) = v else { continue };
                    if v.0 >= 0 {
                        if let Some(masks) = masks.as_deref_mut() {
                            self.add_masks(masks, v);
                        }
                        if let Some(made) = made.as_deref_mut() {
                            made.push((v, recipe(split, value_index, step)));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Makes sure the values of triple `at` are kept (`made`).
    pub(super) fn keep_made(&mut self, at: usize) -> Result<(), Fallback> {
        if self.infos[at].made_known {
            return Ok(());
        }
        let (splits, n) = (
            self.infos[at].splits,
            usize::from(self.infos[at].split_count),
        );
        let mut made = Vec::new();
        self.triple_values(&splits[..n], None, Some(&mut made))?;
        let info = &mut self.infos[at];
        info.made = made;
        info.made_known = true;
        Ok(())
    }

    /// Adds the masks of value `v` (at least zero; see
    /// [`add_finishing_bits`]) to `masks`: remembered for small integers
    /// when the target is an integer.
    fn add_masks(&mut self, masks: &mut [u64; 6], v: Fraction) {
        let (t, ops) = (self.target, self.ops);
        if t.1 != 1 || self.integer_mask_bound == 0 {
            add_finishing_bits(masks, v, t, ops);
            return;
        }
        if v.1 != 1 {
            if v.0 > 0 {
                add_fraction_bits(masks, v.0, v.1, t.0, ops);
            }
            return;
        }
        // An integer at least zero.
        let i = v.0 as usize;
        if i >= self.integer_mask_bound {
            return;
        }
        if i >= self.integer_masks.len() {
            add_finishing_bits(masks, v, t, ops);
            return;
        }
        if self.integer_masks_known[i / 64] >> (i % 64) & 1 == 0 {
            let mut m = [0; 6];
            add_finishing_bits(&mut m, v, t, ops);
            self.integer_masks[i] = m;
            self.integer_masks_known[i / 64] |= 1 << (i % 64);
        }
        for (mask, bits) in masks.iter_mut().zip(self.integer_masks[i]) {
            *mask |= bits;
        }
    }

    /// The values of sub-hand `at`, sorted, distinct.
    pub(super) fn values(&mut self, at: usize) -> Result<&[Fraction], Fallback> {
        if !self.infos[at].values_known {
            self.keep_made(at)?;
        }
        let info = &mut self.infos[at];
        if !info.values_known {
            info.values = info.made.iter().map(|m| lowest_terms(m.0)).collect();
            info.values.sort_unstable();
            info.values.dedup();
            info.values_known = true;
        }
        Ok(&info.values)
    }

    /// Whether some value of pair `b` makes the target with some value of
    /// pair `a`.
    pub(super) fn pairs_meet(&self, a: usize, b: usize) -> bool {
        let (first, second) = (&self.infos[a], &self.infos[b]);
        // A small integer value of one side meets the other side's masks
        // (the relation is symmetric: the target is not zero).
        if first.small_values & second.any_mask != 0 || second.small_values & first.any_mask != 0 {
            return true;
        }
        // Otherwise only two values that are not small integers can meet.
        first
            .values
            .iter()
            .any(|x| small_integer(*x).is_none() && second.large_finishers.binary_search(x).is_ok())
    }
}

// `MAX_NUMBERS` bounds the general search; the fast path stays below it.
const _: () = assert!(MAX_FAST_NUMBERS <= crate::MAX_NUMBERS);
