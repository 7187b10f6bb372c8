//! The search problem: a multiset of values with their expressions; a move
//! combines two of them with one operation.

use std::cell::Cell;

use kongming_search::dfs::{Keyed, Problem};
use num_traits::Zero;

use crate::expr::{Expr, Op};
use crate::{Ops, Rational};

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
        Board {
            target,
            ops,
            mode,
            items,
            arena,
            overflow: Cell::new(false),
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
        match op.apply(l, r) {
            Ok(value) => {
                if self.mode == Mode::Integers && !value.is_integer() {
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
}

impl Problem for Board {
    type Move = Move;
    type Solution = Expr;

    fn moves(&self, out: &mut Vec<Move>) {
        let n = self.items.len();
        if n < 2 {
            return;
        }
        let mut seen: Vec<((Rational, usize), (Rational, usize))> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let (x, y) = (self.signature(i), self.signature(j));
                let pair = if x <= y { (x, y) } else { (y, x) };
                if seen.contains(&pair) {
                    continue;
                }
                seen.push(pair);
                let equal = self.items[i].value == self.items[j].value;
                let one_order = equal && self.mode != Mode::Expressions;
                if self.ops.contains(Ops::ADD) {
                    self.push(out, i, j, Op::Add, false);
                }
                if self.ops.contains(Ops::MUL) {
                    self.push(out, i, j, Op::Mul, false);
                }
                if self.ops.contains(Ops::SUB) {
                    self.push(out, i, j, Op::Sub, false);
                    if !one_order {
                        self.push(out, i, j, Op::Sub, true);
                    }
                }
                if self.ops.contains(Ops::DIV) {
                    self.push(out, i, j, Op::Div, false);
                    if !one_order {
                        self.push(out, i, j, Op::Div, true);
                    }
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
    type Key = Vec<Rational>;

    fn key(&self) -> Vec<Rational> {
        let mut key: Vec<Rational> = self.items.iter().map(|it| it.value).collect();
        key.sort_unstable();
        key
    }
}
