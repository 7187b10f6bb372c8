//! Every distinct solution: every tree of each subset that makes the
//! target, from the ways each table's values are made and the questions
//! asked of the larger subsets, one of each canonical form.

use rustc_hash::FxHashSet;

use super::table::{Made, Part};
use super::{Halt, Mask, Subsets, TABLE_LIMIT};
use crate::Rational;
use crate::canon::Canonical;
use crate::expr::Expr;

impl Subsets {
    /// Pushes onto `solutions` every distinct solution (one tree of each
    /// canonical form), fewest numbers first; those found before a stop
    /// stay.
    pub(crate) fn every(&mut self, target: i64, solutions: &mut Vec<Expr>) -> Result<(), Halt> {
        // The tables must keep every way of making each value.
        if !self.every_way {
            self.every_way = true;
            self.tables.iter_mut().for_each(|table| *table = None);
        }
        let mut forms: FxHashSet<Canonical> = FxHashSet::default();
        let mut trees = Vec::new();
        for mask in self.answering() {
            trees.clear();
            self.trees(mask, target, &mut trees)?;
            self.charge(trees.len() as u64)?;
            for tree in trees.drain(..) {
                let form = Canonical::of(&tree).map_err(|_| Halt::Overflow)?;
                if forms.insert(form) {
                    solutions.push(tree);
                }
            }
        }
        Ok(())
    }

    /// Pushes onto `out` every tree of exactly the numbers of `mask` that
    /// makes `value` (of `+` and `*`, one operand order).
    fn trees(&mut self, mask: Mask, value: i64, out: &mut Vec<Expr>) -> Result<(), Halt> {
        if value < 1 || value > self.ceiling {
            return Ok(());
        }
        let mask = self.canonical[mask as usize];
        if mask.count_ones() <= TABLE_LIMIT {
            if let Some(index) = self.table(mask)?.find(value) {
                self.part_trees(Part { mask, index }, out);
            }
            return Ok(());
        }
        self.charge(1)?;
        let splits = self.splits(mask);
        let mut needed_trees = Vec::new();
        let mut known_trees = Vec::new();
        for &(larger, smaller) in &splits.list[..splits.len] {
            let count = self.table(smaller)?.values.len();
            for index in 0..count {
                let part = Part {
                    mask: smaller,
                    index: index as u32,
                };
                let ways = self.needs(value, self.value(part));
                for &(op, needed, needed_on_left) in &ways.list[..ways.len] {
                    needed_trees.clear();
                    self.trees(larger, needed, &mut needed_trees)?;
                    if needed_trees.is_empty() {
                        continue;
                    }
                    known_trees.clear();
                    self.part_trees(part, &mut known_trees);
                    for needed in &needed_trees {
                        for known in &known_trees {
                            let (left, right) = if needed_on_left {
                                (needed.clone(), known.clone())
                            } else {
                                (known.clone(), needed.clone())
                            };
                            out.push(Expr::bin(op, left, right));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Pushes onto `out` every tree of a table's value, from every way of
    /// making it.
    fn part_trees(&self, part: Part, out: &mut Vec<Expr>) {
        let table = self.tables[part.mask as usize].as_ref().expect("built");
        for &made in table.ways_of(part.index) {
            match made {
                Made::Number => out.push(Expr::num(Rational::from_integer(
                    table.values[part.index as usize],
                ))),
                Made::Step { op, left, right } => {
                    let mut lefts = Vec::new();
                    let mut rights = Vec::new();
                    self.part_trees(left, &mut lefts);
                    self.part_trees(right, &mut rights);
                    for l in &lefts {
                        for r in &rights {
                            out.push(Expr::bin(op, l.clone(), r.clone()));
                        }
                    }
                }
            }
        }
    }
}
