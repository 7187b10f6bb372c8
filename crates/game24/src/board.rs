//! The search problem: a multiset of values with their expressions; a move
//! combines two of them with one operation.

use std::cell::Cell;

use kongming_search::dfs::{Keyed, Problem};
use num_integer::Integer;
use num_traits::Zero;

use crate::error::EvalError;
use crate::expr::{Expr, Op};
use crate::{MAX_NUMBERS, Ops, Rational};

#[derive(Clone, Copy, Debug)]
enum Node {
    Leaf(Rational),
    Bin(Op, u32, u32),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Item {
    value: Rational,
    node: u32,
    /// The least position in the hand of a number this item is made of.
    first: u8,
}

/// Combine items `i < j` with `op`; `swap` puts item `j` on the left.
#[derive(Clone, Debug)]
pub(crate) struct Move {
    i: u8,
    j: u8,
    op: Op,
    swap: bool,
    value: Rational,
    a: Item,
    b: Item,
}

/// What the search is for, which decides which moves may be skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Only whether the target can be reached: pairs of equal values are
    /// tried once, and `a-b` / `b-a` once when `a == b`.
    Values,
    /// Like `Values`, but every intermediate value must be an integer.
    Integers,
    /// Every expression (up to swapping the operands of `+` and `*`, and
    /// choosing between equal numbers of the hand).
    Expressions,
}

/// The board: the values still to combine and the expressions that made
/// them.
#[derive(Debug)]
pub(crate) struct Board {
    target: Rational,
    ops: Ops,
    mode: Mode,
    items: Vec<Item>,
    arena: Vec<Node>,
    overflow: Cell<bool>,
    /// For each move applied, the least hand position among its operands.
    history: Vec<u8>,
    /// [`Board::finishers`] of each number of the hand, computed once.
    leaf_finishers: Vec<Option<[Option<Rational>; 6]>>,
    /// Skip subtractions with a negative result: every class of solutions
    /// has a member whose intermediate values are all at least zero when
    /// the numbers and the target are positive (add the added terms first,
    /// then subtract). Off for a target of 1, where the tidy member of a
    /// class made of idle parts may not be in the class.
    nonnegative: bool,
}

impl Board {
    pub(crate) fn new(numbers: &[Rational], target: Rational, ops: Ops, mode: Mode) -> Board {
        let arena: Vec<Node> = numbers.iter().map(|&v| Node::Leaf(v)).collect();
        let items = numbers
            .iter()
            .enumerate()
            .map(|(k, &value)| Item {
                value,
                node: k as u32,
                first: k as u8,
            })
            .collect();
        let positive = |v: &Rational| *v.numer() > 0;
        let nonnegative = numbers.iter().all(positive)
            && positive(&target)
            && !(mode == Mode::Expressions && target == Rational::from_integer(1));
        let mut board = Board {
            target,
            ops,
            mode,
            items,
            arena,
            overflow: Cell::new(false),
            history: Vec::new(),
            leaf_finishers: Vec::new(),
            nonnegative,
        };
        board.leaf_finishers = numbers.iter().map(|v| board.finishers(v)).collect();
        board
    }

    /// Whether some candidate value overflowed `i64` (and was skipped).
    pub(crate) fn overflowed(&self) -> bool {
        self.overflow.get()
    }

    fn expr(&self, node: u32) -> Expr {
        match self.arena[node as usize] {
            Node::Leaf(v) => Expr::Num(v),
            Node::Bin(op, l, r) => Expr::bin(op, self.expr(l), self.expr(r)),
        }
    }

    fn is_leaf(&self, item: &Item) -> bool {
        matches!(self.arena[item.node as usize], Node::Leaf(_))
    }

    /// What makes an item interchangeable with another: its value, or in
    /// `Expressions` mode its value if it is a number of the hand (two
    /// compound items are never treated as interchangeable there).
    fn signature(&self, k: usize) -> (i64, i64, usize) {
        let item = &self.items[k];
        let (n, d) = (*item.value.numer(), *item.value.denom());
        if self.mode != Mode::Expressions || self.is_leaf(item) {
            (n, d, usize::MAX)
        } else {
            (n, d, k)
        }
    }

    fn push(&self, out: &mut Vec<Move>, i: usize, j: usize, op: Op, swap: bool, last: &Last) {
        let (a, b) = (self.items[i], self.items[j]);
        let (l, r) = if swap {
            (&b.value, &a.value)
        } else {
            (&a.value, &b.value)
        };
        if op == Op::Div && r.is_zero() {
            return;
        }
        match apply_fast(op, l, r) {
            Ok(value) => {
                if self.mode == Mode::Integers && !value.is_integer() {
                    return;
                }
                if self.nonnegative && *value.numer() < 0 {
                    return;
                }
                // Two values would be left: keep the move only if they can
                // make the target.
                if self.items.len() == 3 {
                    let k = 3 - i - j;
                    let finishes = match &last[k] {
                        Some(list) => list.iter().flatten().any(|u| same(u, &value)),
                        None => self.can_finish(&value, &self.items[k].value),
                    };
                    if !finishes {
                        return;
                    }
                }
                out.push(Move {
                    i: i as u8,
                    j: j as u8,
                    op,
                    swap,
                    value,
                    a,
                    b,
                });
            }
            Err(_) => self.overflow.set(true),
        }
    }

    /// The `(op, swap)` pairs to try on two items.
    fn combinations(&self, equal: bool) -> impl Iterator<Item = (Op, bool)> + '_ {
        let one_order = equal && self.mode != Mode::Expressions;
        [
            (Op::Add, false),
            (Op::Mul, false),
            (Op::Sub, false),
            (Op::Sub, true),
            (Op::Div, false),
            (Op::Div, true),
        ]
        .into_iter()
        .filter(move |&(op, swap)| self.ops.contains(Ops::from_op(op)) && !(swap && one_order))
    }

    /// Whether `l op r` is the target. Cross-multiplies in `i128` and
    /// falls back on checked rational arithmetic if that overflows.
    fn hits(&self, l: &Rational, r: &Rational, op: Op) -> bool {
        if l.is_integer() && r.is_integer() && self.target.is_integer() {
            let (a, b, t) = (*l.numer(), *r.numer(), *self.target.numer());
            let exact = match op {
                Op::Add => a.checked_add(b).map(|v| v == t),
                Op::Sub => a.checked_sub(b).map(|v| v == t),
                Op::Mul => a.checked_mul(b).map(|v| v == t),
                Op::Div => {
                    if b == 0 {
                        return false;
                    }
                    t.checked_mul(b).map(|v| v == a)
                }
            };
            if let Some(hit) = exact {
                return hit;
            }
        }
        let (ln, ld) = (i128::from(*l.numer()), i128::from(*l.denom()));
        let (rn, rd) = (i128::from(*r.numer()), i128::from(*r.denom()));
        let (tn, td) = (
            i128::from(*self.target.numer()),
            i128::from(*self.target.denom()),
        );
        let fast = match op {
            Op::Add | Op::Sub => {
                let (a, b) = (ln.checked_mul(rd), rn.checked_mul(ld));
                let top = match (a, b) {
                    (Some(a), Some(b)) if op == Op::Add => a.checked_add(b),
                    (Some(a), Some(b)) => a.checked_sub(b),
                    _ => None,
                };
                top.and_then(|t| t.checked_mul(td))
                    .zip(ld.checked_mul(rd).and_then(|d| d.checked_mul(tn)))
            }
            Op::Mul => ln
                .checked_mul(rn)
                .and_then(|t| t.checked_mul(td))
                .zip(ld.checked_mul(rd).and_then(|d| d.checked_mul(tn))),
            Op::Div => {
                if rn == 0 {
                    return false;
                }
                ln.checked_mul(rd)
                    .and_then(|t| t.checked_mul(td))
                    .zip(ld.checked_mul(rn).and_then(|d| d.checked_mul(tn)))
            }
        };
        match fast {
            Some((x, y)) => x == y,
            None => match op.apply(l, r) {
                Ok(v) => v == self.target,
                Err(_) => {
                    self.overflow.set(true);
                    false
                }
            },
        }
    }

    /// The moves from two items: only those that make the target (the
    /// first one only when values are all that matter).
    fn final_moves(&self, out: &mut Vec<Move>) {
        let (a, b) = (self.items[0], self.items[1]);
        for (op, swap) in self.combinations(same(&a.value, &b.value)) {
            let (l, r) = if swap {
                (&b.value, &a.value)
            } else {
                (&a.value, &b.value)
            };
            if self.hits(l, r, op) {
                out.push(Move {
                    i: 0,
                    j: 1,
                    op,
                    swap,
                    value: self.target,
                    a,
                    b,
                });
                if self.mode != Mode::Expressions {
                    return;
                }
            }
        }
    }

    /// The values `v` that make the target with `z` (`v+z`, `v-z`, `z-v`,
    /// `v*z`, `v/z`, `z/v`, as allowed), or `None` when they are not a short
    /// list (`z` or the target is zero) or one overflowed.
    fn finishers(&self, z: &Rational) -> Option<[Option<Rational>; 6]> {
        let t = &self.target;
        if z.is_zero() || t.is_zero() {
            return None;
        }
        let mut list = [None; 6];
        let wanted = [
            (Ops::ADD, Op::Sub, t, z),
            (Ops::SUB, Op::Add, t, z),
            (Ops::SUB, Op::Sub, z, t),
            (Ops::MUL, Op::Div, t, z),
            (Ops::DIV, Op::Mul, t, z),
            (Ops::DIV, Op::Div, z, t),
        ];
        for (slot, (allowed, op, l, r)) in list.iter_mut().zip(wanted) {
            if self.ops.contains(allowed) {
                *slot = Some(apply_fast(op, l, r).ok()?);
            }
        }
        Some(list)
    }

    /// Whether the two values `a` and `b` can make the target.
    fn can_finish(&self, a: &Rational, b: &Rational) -> bool {
        self.combinations(same(a, b)).any(|(op, swap)| {
            let (l, r) = if swap { (b, a) } else { (a, b) };
            self.hits(l, r, op)
        })
    }
}

/// For a state of three values: for each, the values that finish with it
/// (see [`Board::finishers`]).
type Last = [Option<[Option<Rational>; 6]>; 3];

/// `l op r`, with a shortcut when both are integers (no gcd needed except
/// for an inexact division).
pub(crate) fn apply_fast(op: Op, l: &Rational, r: &Rational) -> Result<Rational, EvalError> {
    if l.is_integer() && r.is_integer() {
        let (a, b) = (*l.numer(), *r.numer());
        let v = match op {
            Op::Add => a.checked_add(b),
            Op::Sub => a.checked_sub(b),
            Op::Mul => a.checked_mul(b),
            Op::Div => {
                if b == 0 {
                    return Err(EvalError::DivisionByZero);
                }
                match a.checked_rem(b) {
                    Some(0) => a.checked_div(b),
                    _ => return op.apply(l, r),
                }
            }
        };
        return v.map(Rational::from_integer).ok_or(EvalError::Overflow);
    }
    let (a, b, c, d) = (*l.numer(), *l.denom(), *r.numer(), *r.denom());
    let raw = match op {
        Op::Add => a
            .checked_mul(d)
            .zip(c.checked_mul(b))
            .and_then(|(x, y)| x.checked_add(y))
            .zip(b.checked_mul(d)),
        Op::Sub => a
            .checked_mul(d)
            .zip(c.checked_mul(b))
            .and_then(|(x, y)| x.checked_sub(y))
            .zip(b.checked_mul(d)),
        Op::Mul => a.checked_mul(c).zip(b.checked_mul(d)),
        Op::Div => {
            if c == 0 {
                return Err(EvalError::DivisionByZero);
            }
            a.checked_mul(d).zip(b.checked_mul(c))
        }
    };
    if let Some((n, m)) = raw
        && n != i64::MIN
        && m != i64::MIN
    {
        let g = n.gcd(&m);
        if g != 0 {
            let (n, m) = (n / g, m / g);
            return Ok(if m < 0 {
                Rational::new_raw(-n, -m)
            } else {
                Rational::new_raw(n, m)
            });
        }
    }
    op.apply(l, r)
}

impl Problem for Board {
    type Move = Move;
    type Solution = Expr;

    fn moves(&self, out: &mut Vec<Move>) {
        let n = self.items.len();
        if n < 2 {
            return;
        }
        if n == 2 {
            self.final_moves(out);
            return;
        }
        let mut last: Last = [None, None, None];
        if n == 3 {
            for (slot, item) in last.iter_mut().zip(&self.items) {
                *slot = match self.leaf_finishers.get(item.node as usize) {
                    Some(cached) => *cached,
                    None => self.finishers(&item.value),
                };
            }
        }
        type Sig = (i64, i64, usize);
        let none: (Sig, Sig) = ((0, 0, 0), (0, 0, 0));
        let mut seen = [none; MAX_NUMBERS * (MAX_NUMBERS - 1) / 2];
        let mut len = 0;
        for i in 0..n {
            for j in i + 1..n {
                // Two merges that do not build on each other give the same
                // tree in either order: when listing, take them in order of
                // the least hand position they involve.
                if self.mode == Mode::Expressions
                    && j != n - 1
                    && let Some(&previous) = self.history.last()
                    && self.items[i].first.min(self.items[j].first) < previous
                {
                    continue;
                }
                let (x, y) = (self.signature(i), self.signature(j));
                let pair = if x <= y { (x, y) } else { (y, x) };
                if seen[..len].contains(&pair) {
                    continue;
                }
                seen[len] = pair;
                len += 1;
                let equal = same(&self.items[i].value, &self.items[j].value);
                for (op, swap) in self.combinations(equal) {
                    self.push(out, i, j, op, swap, &last);
                }
            }
        }
    }

    fn apply(&mut self, m: &Move) {
        let (l, r) = if m.swap { (m.b, m.a) } else { (m.a, m.b) };
        self.arena.push(Node::Bin(m.op, l.node, r.node));
        self.items.remove(m.j as usize);
        self.items.remove(m.i as usize);
        self.items.push(Item {
            value: m.value,
            node: (self.arena.len() - 1) as u32,
            first: m.a.first.min(m.b.first),
        });
        self.history.push(m.a.first.min(m.b.first));
    }

    fn undo(&mut self, m: &Move) {
        self.history.pop();
        self.items.pop();
        self.arena.pop();
        self.items.insert(m.i as usize, m.a);
        self.items.insert(m.j as usize, m.b);
    }

    fn solution(&self) -> Option<Expr> {
        self.is_solution().then(|| self.expr(self.items[0].node))
    }

    fn is_solution(&self) -> bool {
        self.items.len() == 1 && same(&self.items[0].value, &self.target)
    }
}

impl Keyed for Board {
    /// The values left as (numerator, denominator), sorted (unused slots
    /// zero), and how many there are.
    type Key = ([(i64, i64); MAX_NUMBERS], u8);

    fn key(&self) -> Self::Key {
        let mut key = [(0, 0); MAX_NUMBERS];
        let n = self.items.len();
        for (slot, item) in key.iter_mut().zip(&self.items) {
            *slot = (*item.value.numer(), *item.value.denom());
        }
        key[..n].sort_unstable();
        (key, n as u8)
    }
}

/// Equality of two rationals in lowest terms (cheaper than `Ratio`'s `==`,
/// which compares through continued fractions).
fn same(a: &Rational, b: &Rational) -> bool {
    a.numer() == b.numer() && a.denom() == b.denom()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn rational() -> impl Strategy<Value = Rational> {
        prop_oneof![
            (-50i64..50, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            (any::<i64>(), 1i64..i64::MAX)
                .prop_filter("no MIN", |(n, _)| *n != i64::MIN)
                .prop_map(|(n, d)| Rational::new(n, d)),
            (i64::MAX - 3..=i64::MAX).prop_map(Rational::from_integer),
        ]
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)]
    }

    proptest! {
        #[test]
        fn fast_arithmetic_agrees_with_ratio(a in rational(), b in rational(), op in op()) {
            let fast = apply_fast(op, &a, &b);
            prop_assert_eq!(fast, op.apply(&a, &b));
            if let Ok(v) = fast {
                // Lowest terms, positive denominator, like `Ratio` keeps them.
                prop_assert!(*v.denom() > 0);
                prop_assert_eq!(v.numer().gcd(v.denom()), 1);
            }
        }

        #[test]
        fn finishing_test_agrees_with_trying(
            a in rational(), z in rational(), t in rational(), mask in 1u8..16,
        ) {
            let ops = Ops::from_bits_truncate(mask);
            let board = Board::new(&[a, z], t, ops, Mode::Expressions);
            let tried = board.can_finish(&a, &z);
            if let Some(list) = board.finishers(&z) {
                prop_assert_eq!(list.iter().flatten().any(|u| same(u, &a)), tried);
            }
        }
    }
}
