//! Listing every distinct solution of a hand of the fast path.
//!
//! The hand is split into two sides in every way ([`SubHand::distinct_splits`]);
//! for each split the final steps that make the target are found from the
//! table of sub-hands ([`super::sub_hands`]: masks, finishers, values),
//! and only then are the forms of the values they use built
//! ([`super::forms`]): a pair's forms once per pair, a triple's forms
//! worth one value once per triple and value, from the recipes of its
//! values. Each final step is then one flattened form; equal forms are
//! one solution. Forms without idle parts are written by
//! [`FormTable::tidy`](super::forms::FormTable); the others are settled
//! by the canonical form's rules and compared as [`Canonical`]s
//! ([`super::form_canon`]), as the general search does.

use super::Fallback;
use super::Solver;
use super::forms::packed;
use super::masks::small_integer;
use super::steps::{STEPS, final_step};
use super::sub_hand::SubHand;
use super::sub_hands::{block_split_and_value, recipe_block, recipe_step};
use crate::canon::Canonical;
use crate::error::EvalError;
use crate::expr::{Expr, Op};
use crate::fraction::{Fraction, checked_op, same_value, to_rational};

/// The forms of one value of a triple, once asked for: a range of the
/// triple forms, and the next value asked for of the same triple (plus
/// one; 0: none).
#[derive(Clone, Copy, Debug)]
struct AskedValue {
    value: Fraction,
    start: u32,
    end: u32,
    next: u32,
}

/// The forms of sub-hands built for listing, and scratch space for one
/// hand's list.
#[derive(Clone, Debug, Default)]
pub(super) struct Listing {
    /// The forms of pairs, grouped by pair and value (see the
    /// `form_ranges` of a pair).
    pair_forms: Vec<u32>,
    /// The forms of triples worth the values asked for, in a list per
    /// triple (see its `first_asked`).
    asked: Vec<AskedValue>,
    triple_forms: Vec<u32>,
    /// Scratch space for one hand: the final steps found, the flattened
    /// forms seen, the classes with idle parts seen, and the forms of one
    /// triple's value.
    found: Vec<(Op, u32, u32)>,
    seen: Vec<u128>,
    seen_idle: Vec<Canonical>,
    local: Vec<(u128, u32)>,
}

impl Listing {
    pub(super) fn clear(&mut self) {
        self.asked.clear();
        self.triple_forms.clear();
        self.pair_forms.clear();
    }

    /// How many triple forms are kept.
    pub(super) fn triple_form_count(&self) -> usize {
        self.triple_forms.len()
    }
}

impl Solver {
    /// The leaf form of the number of index `i`.
    fn leaf(&mut self, i: u8) -> u32 {
        self.forms.leaf(i, self.table.number_value(i))
    }

    /// Makes the forms of pair `at` (grouped by value, in the order of its
    /// `values`), once.
    fn pair_forms(&mut self, at: usize) -> Result<(), Fallback> {
        if self.table.infos[at].form_ranges.is_some() {
            return Ok(());
        }
        let sub = self.table.infos[at].sub;
        let (x, y) = (
            self.table.number(sub.indices[0]),
            self.table.number(sub.indices[1]),
        );
        let (lx, ly) = (self.leaf(sub.indices[0]), self.leaf(sub.indices[1]));
        let mut out: Vec<(usize, u32)> = Vec::with_capacity(6);
        for &(op, swap, flag) in &STEPS {
            if !self.ops.contains(flag) {
                continue;
            }
            let (l, r, lv, rv) = if swap { (ly, lx, y, x) } else { (lx, ly, x, y) };
            match checked_op(op, lv, rv) {
                Ok(v) if v.0 >= 0 => {
                    let id = self.forms.intern(op, l, r, to_rational(v));
                    // Every such value is among the pair's values.
                    let group = self.table.infos[at]
                        .values
                        .binary_search(&v)
                        .map_err(|_| Fallback)?;
                    out.push((group, id));
                }
                Ok(_) | Err(EvalError::DivisionByZero) => {}
                Err(_) => return Err(Fallback),
            }
        }
        out.sort_unstable();
        out.dedup();
        let groups = self.table.infos[at].values.len();
        let base = self.listing.pair_forms.len() as u32;
        let mut ranges = vec![(base, base); groups];
        for (slot, &(group, id)) in out.iter().enumerate() {
            let slot = base + slot as u32;
            if ranges[group].1 == base {
                ranges[group].0 = slot;
            }
            ranges[group].1 = slot + 1;
            self.listing.pair_forms.push(id);
        }
        self.table.infos[at].form_ranges = Some(ranges);
        Ok(())
    }

    /// The forms of value number `g` of pair `at` (made by
    /// [`Solver::pair_forms`]): a range of the pair forms.
    fn pair_group(&self, at: usize, group: usize) -> std::ops::Range<usize> {
        match &self.table.infos[at].form_ranges {
            Some(ranges) => {
                let (lo, hi) = ranges[group];
                lo as usize..hi as usize
            }
            None => 0..0,
        }
    }

    /// The forms of triple `at` worth `v` (a range of the triple forms),
    /// made the first time they are asked for, from the recipes of the
    /// values.
    fn triple_forms(&mut self, at: usize, v: Fraction) -> Result<(usize, usize), Fallback> {
        let mut next = self.table.infos[at].first_asked;
        while let Some(&asked) = self.listing.asked.get((next as usize).wrapping_sub(1)) {
            if asked.value == v {
                return Ok((asked.start as usize, asked.end as usize));
            }
            next = asked.next;
        }
        self.table.keep_made(at)?;
        let mut hits = [0u16; 3 * 6 * 6];
        let mut n = 0;
        let made = &self.table.infos[at].made;
        if v.1 == 1 {
            // Integers are always written over 1.
            for &(value_made, recipe_made) in made {
                if value_made == v {
                    hits[n] = recipe_made;
                    n += 1;
                }
            }
        } else {
            for &(value_made, recipe_made) in made {
                if same_value(value_made, v) {
                    hits[n] = recipe_made;
                    n += 1;
                }
            }
        }
        let value = to_rational(v);
        let start = self.listing.triple_forms.len();
        let mut local = std::mem::take(&mut self.listing.local);
        local.clear();
        let mut i = 0;
        while i < n {
            // A block: one split and one value of its pair, several steps.
            let block = recipe_block(hits[i]);
            let j = i + hits[i..n]
                .iter()
                .take_while(|&&recipe| recipe_block(recipe) == block)
                .count();
            let (split, group) = block_split_and_value(block);
            let (single, pair, first) = self.table.infos[at].splits[split];
            let leaf = self.leaf(single);
            self.pair_forms(pair as usize)?;
            for yi in self.pair_group(pair as usize, group) {
                let y = self.listing.pair_forms[yi];
                for &recipe in &hits[i..j] {
                    let (op, swap, _) = STEPS[recipe_step(recipe)];
                    let (l, r) = if swap == first { (y, leaf) } else { (leaf, y) };
                    let id = self.forms.intern_local(op, l, r, value, &mut local);
                    self.listing.triple_forms.push(id);
                }
            }
            i = j;
        }
        let ids = &mut self.listing.triple_forms[start..];
        ids.sort_unstable();
        let mut kept = 0;
        for k in 0..ids.len() {
            if k == 0 || ids[k] != ids[kept - 1] {
                ids[kept] = ids[k];
                kept += 1;
            }
        }
        self.listing.triple_forms.truncate(start + kept);
        self.listing.local = local;
        let end = self.listing.triple_forms.len();
        self.listing.asked.push(AskedValue {
            value: v,
            start: start as u32,
            end: end as u32,
            next: self.table.infos[at].first_asked,
        });
        self.table.infos[at].first_asked = self.listing.asked.len() as u32;
        Ok((start, end))
    }

    /// Adds to `found` the final steps joining number `i` with the forms
    /// of sub-hand `at` (two or three numbers).
    fn join_number(
        &mut self,
        i: u8,
        at: usize,
        found: &mut Vec<(Op, u32, u32)>,
    ) -> Result<(), Fallback> {
        let x = self.leaf(i);
        let to_target = self.table.number_finishers(i);
        let bit = small_integer(self.table.number(i));
        let pair = self.table.infos[at].sub.len == 2;
        for (step, wanted) in to_target.iter().enumerate() {
            let Some(wanted) = *wanted else { continue };
            match bit {
                Some(bit) if self.table.infos[at].masks[step] >> bit & 1 == 0 => continue,
                Some(_) => {}
                None if self.table.values(at)?.binary_search(&wanted).is_err() => continue,
                None => {}
            }
            if pair {
                self.pair_forms(at)?;
                let group = self.table.infos[at]
                    .values
                    .binary_search(&wanted)
                    .map_err(|_| Fallback)?;
                for &y in &self.listing.pair_forms[self.pair_group(at, group)] {
                    found.push(final_step(step, x, y));
                }
            } else {
                let (lo, hi) = self.triple_forms(at, wanted)?;
                for &y in &self.listing.triple_forms[lo..hi] {
                    found.push(final_step(step, x, y));
                }
            }
        }
        Ok(())
    }

    /// Adds to `found` the final steps joining the forms of pairs `a`
    /// (outer) and `b` (inner).
    fn join_pairs(
        &mut self,
        a: usize,
        b: usize,
        found: &mut Vec<(Op, u32, u32)>,
    ) -> Result<(), Fallback> {
        if !self.table.pairs_meet(a, b) {
            return Ok(());
        }
        self.pair_forms(a)?;
        self.pair_forms(b)?;
        for group in 0..self.table.infos[a].values.len() {
            let x = self.table.infos[a].values[group];
            let bit = small_integer(x);
            let to_target = match bit {
                Some(bit) if self.table.infos[b].any_mask >> bit & 1 == 0 => continue,
                Some(bit) => self.table.small_finishers(bit),
                None => self.table.infos[a].finishers[group],
            };
            let inner = &self.table.infos[b];
            for (step, wanted) in to_target.iter().enumerate() {
                let Some(wanted) = wanted else { continue };
                let skip = match bit {
                    // `wanted` is a value of `b` exactly when its mask says so.
                    Some(bit) => inner.masks[step] >> bit & 1 == 0,
                    None => {
                        small_integer(*wanted).is_some_and(|bit| inner.small_values >> bit & 1 == 0)
                    }
                };
                if skip {
                    continue;
                }
                let Ok(inner_group) = inner.values.binary_search(wanted) else {
                    continue;
                };
                let (inner_forms, outer_forms) =
                    (self.pair_group(b, inner_group), self.pair_group(a, group));
                for &y in &self.listing.pair_forms[inner_forms] {
                    for &x in &self.listing.pair_forms[outer_forms.clone()] {
                        found.push(final_step(step, x, y));
                    }
                }
            }
        }
        Ok(())
    }

    /// Every distinct solution of `hand` (two to four integers), each
    /// written as the general search writes its class.
    pub(super) fn fast_solutions(&mut self, hand: SubHand) -> Result<Vec<Expr>, Fallback> {
        self.table.keep_made = true;
        let target = self.target;
        self.forms.reserve_once();
        let mut seen = std::mem::take(&mut self.listing.seen);
        seen.clear();
        let mut seen_idle = std::mem::take(&mut self.listing.seen_idle);
        seen_idle.clear();
        let mut out = Vec::new();
        let mut found = std::mem::take(&mut self.listing.found);
        found.clear();
        let (masks, count) = self.table.splits(hand);
        for &mask in &masks[..count] {
            let (a, b) = hand.split(mask);
            // The side with fewer numbers is the outer one.
            let (a, b) = if a.len <= b.len { (a, b) } else { (b, a) };
            match (a.len, b.len) {
                (1, 1) => {
                    let (x, y) = (self.leaf(a.indices[0]), self.leaf(b.indices[0]));
                    let yv = self.table.number(b.indices[0]);
                    let to_target = self.table.number_finishers(a.indices[0]);
                    for (step, wanted) in to_target.iter().enumerate() {
                        if *wanted == Some(yv) {
                            found.push(final_step(step, x, y));
                        }
                    }
                }
                (1, _) => {
                    let at = self.table.info(b)?;
                    self.join_number(a.indices[0], at, &mut found)?;
                }
                _ => {
                    let (pa, pb) = (self.table.info(a)?, self.table.info(b)?);
                    self.join_pairs(pa, pb, &mut found)?;
                }
            }
        }
        // At most one solution per step found.
        out.reserve_exact(found.len());
        for &(op, l, r) in &found {
            let (kind, parts, idle) = self.forms.flatten(op, l, r);
            // Equal flattened forms are equivalent, idle or not: only the
            // first is looked at.
            let key = packed(kind, &parts);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            if !idle {
                out.push(match self.forms.tidy(kind, &parts) {
                    Some((e, v)) if v == target => e,
                    _ => Expr::bin(op, self.forms.origin_expr(l), self.forms.origin_expr(r)),
                });
            } else {
                let (core, pool) = self.forms.settle(kind, &parts, target);
                let c = Canonical::finish(false, core, pool);
                if seen_idle.contains(&c) {
                    continue;
                }
                // The first of its class: written as the general search
                // writes it.
                out.push(match c.to_expr() {
                    Some(t) => t,
                    None => Expr::bin(op, self.forms.origin_expr(l), self.forms.origin_expr(r)),
                });
                seen_idle.push(c);
            }
        }
        self.listing.seen = seen;
        self.listing.seen_idle = seen_idle;
        self.listing.found = found;
        Ok(out)
    }
}
