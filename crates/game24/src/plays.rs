//! Whole-number play, the features of a hand's [`Difficulty`](crate::Difficulty):
//! how many ways of playing it through whole numbers reach the target,
//! and how large a number the gentlest of them needs.
//!
//! A *play* is a sequence of steps, each choosing two of the numbers
//! left (by position: two equal numbers are two choices) and one of the
//! *whole-number moves* on them: the sum, the product, the larger less
//! the smaller, and the quotient that is a whole number (the larger over
//! the smaller, or the other way; one move when the two are equal), each
//! kept only if the operation is allowed and the number it makes is a
//! whole number at least 0. A play of `n` numbers has `n - 1` steps; with
//! four moves counted for every pair, there are
//! `2^(n-1) · n! · (n-1)!` sequences ([`all_plays`]), 1152 for four
//! numbers, of which the whole-number plays are some.

use std::cmp::Ordering;

use rustc_hash::FxHashMap;

use crate::Rational;
use crate::exact::Exact;
use crate::expr::Op;
use crate::ops::Ops;

/// What whole-number play finds for a hand.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct WholePlays {
    /// How many whole-number plays end with the target.
    pub(crate) wins: u64,
    /// The least, over those plays, of the largest number a step makes
    /// before the last (0 when there is no step before the last); `None`
    /// when no play wins.
    pub(crate) largest: Option<Exact>,
}

/// `2^(n-1) · n! · (n-1)!`: the sequences of steps on `n` numbers with
/// four moves for every pair (`n` is at most [`MAX_NUMBERS`](crate::MAX_NUMBERS),
/// so it fits).
pub(crate) fn all_plays(n: usize) -> u64 {
    (2..=n as u64).map(|k| 2 * k * (k - 1)).product()
}

/// Counts the whole-number plays of `numbers` that make `target`.
pub(crate) fn whole_plays(numbers: &[Rational], target: Rational, ops: Ops) -> WholePlays {
    let mut values: Vec<Exact> = numbers.iter().map(|&n| Exact::Small(n)).collect();
    values.sort_by(canonical);
    let mut play = Play {
        target: Exact::Small(target),
        ops,
        memo: FxHashMap::default(),
    };
    let (wins, largest) = play.visit(values);
    WholePlays { wins, largest }
}

struct Play {
    target: Exact,
    ops: Ops,
    /// For a sorted multiset of values: its winning plays and their least
    /// largest number.
    memo: FxHashMap<Vec<Exact>, (u64, Option<Exact>)>,
}

impl Play {
    fn visit(&mut self, values: Vec<Exact>) -> (u64, Option<Exact>) {
        if let [only] = values.as_slice() {
            return if *only == self.target {
                (1, Some(Exact::Small(Rational::from_integer(0))))
            } else {
                (0, None)
            };
        }
        if let Some(known) = self.memo.get(&values) {
            return known.clone();
        }
        let mut wins = 0u64;
        let mut best: Option<Exact> = None;
        let mut made = Vec::with_capacity(4);
        for i in 0..values.len() {
            for j in i + 1..values.len() {
                made.clear();
                self.moves(&values[i], &values[j], &mut made);
                for v in made.drain(..) {
                    let mut next: Vec<Exact> = values
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != i && k != j)
                        .map(|(_, x)| x.clone())
                        .collect();
                    let last = next.is_empty();
                    next.push(v.clone());
                    next.sort_by(canonical);
                    let (w, largest) = self.visit(next);
                    // At most `all_plays(MAX_NUMBERS)`, far below `u64::MAX`.
                    wins += w;
                    if let Some(largest) = largest {
                        let needed = if last { largest } else { larger(v, largest) };
                        best = Some(match best {
                            Some(b) if numeric(&b, &needed) != Ordering::Greater => b,
                            _ => needed,
                        });
                    }
                }
            }
        }
        self.memo.insert(values, (wins, best.clone()));
        (wins, best)
    }

    /// The whole-number moves on `a` and `b` (see the module docs).
    fn moves(&self, a: &Exact, b: &Exact, out: &mut Vec<Exact>) {
        let allowed = |op: Op| self.ops.contains(Ops::from_op(op));
        let mut keep = |v: Result<Exact, _>| {
            if let Ok(v) = v
                && v.is_integer()
                && !v.is_negative()
            {
                out.push(v);
            }
        };
        if allowed(Op::Add) {
            keep(Exact::apply(Op::Add, a, b));
        }
        if allowed(Op::Mul) {
            keep(Exact::apply(Op::Mul, a, b));
        }
        if allowed(Op::Sub) {
            keep(Exact::apply(Op::Sub, a, b).map(|d| d.abs()));
        }
        if allowed(Op::Div) {
            if a == b {
                if !a.is_zero() {
                    keep(Ok(Exact::Small(Rational::from_integer(1))));
                }
            } else {
                // Both ways are whole only when `a == b`, so this is at
                // most one move.
                keep(Exact::apply(Op::Div, a, b));
                keep(Exact::apply(Op::Div, b, a));
            }
        }
    }
}

/// A total order that sorts multisets into one key (machine values before
/// big ones; not needed to be numeric across the two).
fn canonical(a: &Exact, b: &Exact) -> Ordering {
    match (a, b) {
        (Exact::Small(x), Exact::Small(y)) => x.cmp(y),
        (Exact::Small(_), Exact::Big(_)) => Ordering::Less,
        (Exact::Big(_), Exact::Small(_)) => Ordering::Greater,
        (Exact::Big(x), Exact::Big(y)) => x.cmp(y),
    }
}

/// The numeric order.
fn numeric(a: &Exact, b: &Exact) -> Ordering {
    match (a, b) {
        (Exact::Small(x), Exact::Small(y)) => x.cmp(y),
        _ => a.to_big().cmp(&b.to_big()),
    }
}

fn larger(a: Exact, b: Exact) -> Exact {
    if numeric(&a, &b) == Ordering::Less {
        b
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(numbers: &[i64]) -> Vec<Rational> {
        numbers.iter().map(|&n| Rational::from_integer(n)).collect()
    }

    #[test]
    fn all_plays_counts_four_moves_a_pair() {
        assert_eq!(all_plays(1), 1);
        assert_eq!(all_plays(2), 4);
        assert_eq!(all_plays(4), 1152);
        assert_eq!(all_plays(7), 232_243_200);
    }

    #[test]
    fn one_two_three_four() {
        // 4*3*2*1 and its reorderings, (1+2+3)*4, (1+3)*(2+4), ...
        let found = whole_plays(&hand(&[1, 2, 3, 4]), Rational::from_integer(24), Ops::all());
        assert!(found.wins > 0);
        assert!(found.largest.is_some());
    }

    #[test]
    fn fractions_only_has_no_whole_number_play() {
        let found = whole_plays(&hand(&[3, 3, 8, 8]), Rational::from_integer(24), Ops::all());
        assert_eq!(
            found,
            WholePlays {
                wins: 0,
                largest: None
            }
        );
    }

    #[test]
    fn two_numbers() {
        // 4*6 only (6-4, 6/4 and 4+6 miss).
        let found = whole_plays(&hand(&[4, 6]), Rational::from_integer(24), Ops::all());
        assert_eq!(found.wins, 1);
        assert_eq!(found.largest, Some(Exact::Small(Rational::from_integer(0))));
    }
}
