//! The search problem: a multiset of values with their expressions; a move
//! combines two of them with one operation.

use std::cell::Cell;

use kongming_search::dfs::{Keyed, Problem};
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
            })
            .collect();
        let positive = |v: &Rational| *v.numer() > 0;
        let nonnegative = numbers.iter().all(positive)
            && positive(&target)
            && !(mode == Mode::Expressions && target == Rational::from_integer(1));
        Board {
            target,
            ops,
            mode,
            items,
            arena,
            overflow: Cell::new(false),
            nonnegative,
        }
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
    fn signature(&self, k: usize) -> (Rational, usize) {
        let item = &self.items[k];
        if self.mode != Mode::Expressions || self.is_leaf(item) {
            (item.value, usize::MAX)
        } else {
            (item.value, k)
        }
    }

    fn push(&self, out: &mut Vec<Move>, i: usize, j: usize, op: Op, swap: bool) {
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
                if self.items.len() == 3 && !self.can_finish(&value, &self.items[3 - i - j].value) {
                    return;
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
        for (op, swap) in self.combinations(a.value == b.value) {
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

    /// Whether the two values `a` and `b` can make the target.
    fn can_finish(&self, a: &Rational, b: &Rational) -> bool {
        self.combinations(a == b).any(|(op, swap)| {
            let (l, r) = if swap { (b, a) } else { (a, b) };
            self.hits(l, r, op)
        })
    }
}

/// `l op r`, with a shortcut when both are integers (no gcd needed except
/// for an inexact division).
fn apply_fast(op: Op, l: &Rational, r: &Rational) -> Result<Rational, EvalError> {
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
        type Sig = (Rational, usize);
        let none: (Sig, Sig) = ((Rational::zero(), 0), (Rational::zero(), 0));
        let mut seen = [none; MAX_NUMBERS * (MAX_NUMBERS - 1) / 2];
        let mut len = 0;
        for i in 0..n {
            for j in i + 1..n {
                let (x, y) = (self.signature(i), self.signature(j));
                let pair = if x <= y { (x, y) } else { (y, x) };
                if seen[..len].contains(&pair) {
                    continue;
                }
                seen[len] = pair;
                len += 1;
                let equal = self.items[i].value == self.items[j].value;
                for (op, swap) in self.combinations(equal) {
                    self.push(out, i, j, op, swap);
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
        });
    }

    fn undo(&mut self, m: &Move) {
        self.items.pop();
        self.arena.pop();
        self.items.insert(m.i as usize, m.a);
        self.items.insert(m.j as usize, m.b);
    }

    fn solution(&self) -> Option<Expr> {
        self.is_solution().then(|| self.expr(self.items[0].node))
    }

    fn is_solution(&self) -> bool {
        self.items.len() == 1 && self.items[0].value == self.target
    }
}

impl Keyed for Board {
    /// The values left, sorted (unused slots zero), and how many there are.
    type Key = ([Rational; MAX_NUMBERS], u8);

    fn key(&self) -> Self::Key {
        let mut key = [Rational::zero(); MAX_NUMBERS];
        let n = self.items.len();
        for (slot, item) in key.iter_mut().zip(&self.items) {
            *slot = item.value;
        }
        key[..n].sort_unstable();
        (key, n as u8)
    }
}
