//! The search problem: a multiset of values with their expressions; a move
//! combines two of them with one operation.

use std::cell::Cell;

use kongming_search::dfs::{Keyed, Problem};

use crate::expr::{Expr, Op};
use crate::value::Value;
use crate::{MAX_NUMBERS, Ops, Rational};

#[derive(Clone, Copy, Debug)]
enum Node {
    Leaf(Rational),
    Bin(Op, u32, u32),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Item<V> {
    value: V,
    node: u32,
    /// The least position in the hand of a number this item is made of.
    first: u8,
}

/// Combine items `i < j` with `op`; `swap` puts item `j` on the left.
#[derive(Clone, Debug)]
pub(crate) struct Move<V> {
    i: u8,
    j: u8,
    op: Op,
    swap: bool,
    value: V,
    a: Item<V>,
    b: Item<V>,
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
    /// choosing between equal numbers of the hand), at least one of each
    /// class of the standard equivalence.
    Expressions,
    /// Like `Expressions`, but every tree: no pruning by the sign of a
    /// value (for [`Equivalence::Structural`](crate::Equivalence)).
    Trees,
}

impl Mode {
    /// Whether the search lists expressions (not only values).
    fn lists(self) -> bool {
        matches!(self, Mode::Expressions | Mode::Trees)
    }
}

/// The board: the values still to combine and the expressions that made
/// them. Values are checked machine rationals ([`Rational`]), or exact
/// values of any size ([`Exact`](crate::exact::Exact)) for a search that
/// overflowed.
#[derive(Debug)]
pub(crate) struct Board<V = Rational> {
    target: V,
    ops: Ops,
    mode: Mode,
    items: Vec<Item<V>>,
    arena: Vec<Node>,
    overflow: Cell<bool>,
    /// For each move applied, the least hand position among its operands.
    history: Vec<u8>,
    /// [`Board::finishers`] of each number of the hand, computed once.
    leaf_finishers: Vec<Option<[Option<V>; 6]>>,
    /// Skip subtractions with a negative result: every class of solutions
    /// has a member whose intermediate values are all at least zero when
    /// the numbers and the target are positive and addition is allowed
    /// (add the added terms first, then subtract). Off without addition
    /// (`6-((3-8)-3)` makes 14 from 3 8 3 6 with subtraction alone, and
    /// only through a negative value), and for a target of 1, where the
    /// tidy member of a class made of idle parts may not be in the class.
    nonnegative: bool,
}

impl<V: Value> Board<V> {
    pub(crate) fn new(numbers: &[Rational], target: Rational, ops: Ops, mode: Mode) -> Board<V> {
        let arena: Vec<Node> = numbers.iter().map(|&v| Node::Leaf(v)).collect();
        let items = numbers
            .iter()
            .enumerate()
            .map(|(k, value)| Item {
                value: V::from_rational(value),
                node: k as u32,
                first: k as u8,
            })
            .collect();
        let positive = |v: &Rational| *v.numer() > 0;
        let nonnegative = numbers.iter().all(positive)
            && positive(&target)
            && ops.contains(Ops::ADD)
            && mode != Mode::Trees
            && !(mode == Mode::Expressions && target == Rational::from_integer(1));
        let mut board = Board {
            target: V::from_rational(&target),
            ops,
            mode,
            items,
            arena,
            overflow: Cell::new(false),
            history: Vec::new(),
            leaf_finishers: Vec::new(),
            nonnegative,
        };
        board.leaf_finishers = numbers
            .iter()
            .map(|v| board.finishers(&V::from_rational(v)))
            .collect();
        board
    }

    /// Whether some candidate value overflowed `i64` (and was skipped): then
    /// the search is run again on exact values.
    pub(crate) fn overflowed(&self) -> bool {
        self.overflow.get()
    }

    fn expr(&self, node: u32) -> Expr {
        match self.arena[node as usize] {
            Node::Leaf(v) => Expr::Num(v),
            Node::Bin(op, l, r) => Expr::bin(op, self.expr(l), self.expr(r)),
        }
    }

    fn is_leaf(&self, item: &Item<V>) -> bool {
        matches!(self.arena[item.node as usize], Node::Leaf(_))
    }

    /// Whether items `a` and `b` are interchangeable: of the same value,
    /// and in `Expressions` mode both numbers of the hand (two compound
    /// items are never treated as interchangeable there), or the same item.
    fn interchangeable(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.items[a], &self.items[b]);
        V::same(&x.value, &y.value)
            && (a == b || !self.mode.lists() || (self.is_leaf(x) && self.is_leaf(y)))
    }

    fn push(&self, out: &mut Vec<Move<V>>, i: usize, j: usize, op: Op, swap: bool, last: &Last<V>) {
        let (a, b) = (&self.items[i], &self.items[j]);
        let (l, r) = if swap {
            (&b.value, &a.value)
        } else {
            (&a.value, &b.value)
        };
        if op == Op::Div && r.is_zero() {
            return;
        }
        match V::combine(op, l, r) {
            Ok(value) => {
                if self.mode == Mode::Integers && !value.is_integer() {
                    return;
                }
                if self.nonnegative && value.is_negative() {
                    return;
                }
                // Two values would be left: keep the move only if they can
                // make the target.
                if self.items.len() == 3 {
                    let k = 3 - i - j;
                    let finishes = match &last[k] {
                        Some(list) => list.iter().flatten().any(|u| V::same(u, &value)),
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
                    a: a.clone(),
                    b: b.clone(),
                });
            }
            Err(_) => self.overflow.set(true),
        }
    }

    /// The `(op, swap)` pairs to try on two items.
    fn combinations(&self, equal: bool) -> impl Iterator<Item = (Op, bool)> + '_ {
        let one_order = equal && !self.mode.lists();
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

    /// Whether `l op r` is the target; an overflow is remembered.
    fn hits(&self, l: &V, r: &V, op: Op) -> bool {
        V::hits(l, r, op, &self.target).unwrap_or_else(|| {
            self.overflow.set(true);
            false
        })
    }

    /// The moves from two items: only those that make the target (the
    /// first one only when values are all that matter).
    fn final_moves(&self, out: &mut Vec<Move<V>>) {
        let (a, b) = (&self.items[0], &self.items[1]);
        for (op, swap) in self.combinations(V::same(&a.value, &b.value)) {
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
                    value: self.target.clone(),
                    a: a.clone(),
                    b: b.clone(),
                });
                if !self.mode.lists() {
                    return;
                }
            }
        }
    }

    /// The values `v` that make the target with `z` (`v+z`, `v-z`, `z-v`,
    /// `v*z`, `v/z`, `z/v`, as allowed), or `None` when they are not a short
    /// list (`z` or the target is zero) or one overflowed.
    fn finishers(&self, z: &V) -> Option<[Option<V>; 6]> {
        let t = &self.target;
        if z.is_zero() || t.is_zero() {
            return None;
        }
        let mut list = [const { None }; 6];
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
                *slot = Some(V::combine(op, l, r).ok()?);
            }
        }
        Some(list)
    }

    /// Whether the two values `a` and `b` can make the target.
    fn can_finish(&self, a: &V, b: &V) -> bool {
        self.combinations(V::same(a, b)).any(|(op, swap)| {
            let (l, r) = if swap { (b, a) } else { (a, b) };
            self.hits(l, r, op)
        })
    }
}

/// For a state of three values: for each, the values that finish with it
/// (see [`Board::finishers`]).
type Last<V> = [Option<[Option<V>; 6]>; 3];

impl<V: Value> Problem for Board<V> {
    type Move = Move<V>;
    type Solution = Expr;

    fn moves(&self, out: &mut Vec<Move<V>>) {
        let n = self.items.len();
        if n < 2 {
            return;
        }
        if n == 2 {
            self.final_moves(out);
            return;
        }
        let mut last: Last<V> = [None, None, None];
        if n == 3 {
            for (slot, item) in last.iter_mut().zip(&self.items) {
                *slot = match self.leaf_finishers.get(item.node as usize) {
                    Some(cached) => cached.clone(),
                    None => self.finishers(&item.value),
                };
            }
        }
        // The pairs of items tried, to skip a pair interchangeable with one.
        let mut seen = [(0u8, 0u8); MAX_NUMBERS * (MAX_NUMBERS - 1) / 2];
        let mut len = 0;
        for i in 0..n {
            for j in i + 1..n {
                // Two merges that do not build on each other give the same
                // tree in either order: when listing, take them in order of
                // the least hand position they involve.
                if self.mode.lists()
                    && j != n - 1
                    && let Some(&previous) = self.history.last()
                    && self.items[i].first.min(self.items[j].first) < previous
                {
                    continue;
                }
                let tried = seen[..len].iter().any(|&(p, q)| {
                    let (p, q) = (usize::from(p), usize::from(q));
                    (self.interchangeable(i, p) && self.interchangeable(j, q))
                        || (self.interchangeable(i, q) && self.interchangeable(j, p))
                });
                if tried {
                    continue;
                }
                seen[len] = (i as u8, j as u8);
                len += 1;
                let equal = V::same(&self.items[i].value, &self.items[j].value);
                for (op, swap) in self.combinations(equal) {
                    self.push(out, i, j, op, swap, &last);
                }
            }
        }
    }

    fn apply(&mut self, m: &Move<V>) {
        let (l, r) = if m.swap { (&m.b, &m.a) } else { (&m.a, &m.b) };
        self.arena.push(Node::Bin(m.op, l.node, r.node));
        self.items.remove(m.j as usize);
        self.items.remove(m.i as usize);
        self.items.push(Item {
            value: m.value.clone(),
            node: (self.arena.len() - 1) as u32,
            first: m.a.first.min(m.b.first),
        });
        self.history.push(m.a.first.min(m.b.first));
    }

    fn undo(&mut self, m: &Move<V>) {
        self.history.pop();
        self.items.pop();
        self.arena.pop();
        self.items.insert(m.i as usize, m.a.clone());
        self.items.insert(m.j as usize, m.b.clone());
    }

    fn solution(&self) -> Option<Expr> {
        self.is_solution().then(|| self.expr(self.items[0].node))
    }

    fn is_solution(&self) -> bool {
        self.items.len() == 1 && V::same(&self.items[0].value, &self.target)
    }
}

impl<V: Value> Keyed for Board<V> {
    /// The values left, as a multiset.
    type Key = V::Key;

    fn key(&self) -> V::Key {
        V::key(self.items.iter().map(|item| &item.value))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::exact::Exact;

    fn rational() -> impl Strategy<Value = Rational> {
        prop_oneof![
            (-50i64..50, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            (any::<i64>(), 1i64..i64::MAX)
                .prop_filter("no MIN", |(n, _)| *n != i64::MIN)
                .prop_map(|(n, d)| Rational::new(n, d)),
            (i64::MAX - 3..=i64::MAX).prop_map(Rational::from_integer),
        ]
    }

    proptest! {
        #[test]
        fn finishing_test_agrees_with_trying(
            a in rational(), z in rational(), t in rational(), mask in 1u8..16,
        ) {
            let ops = Ops::from_bits_truncate(mask);
            let board = Board::<Rational>::new(&[a, z], t, ops, Mode::Expressions);
            let tried = board.can_finish(&a, &z);
            if let Some(list) = board.finishers(&z) {
                prop_assert_eq!(list.iter().flatten().any(|u| Rational::same(u, &a)), tried);
            }
            // Exact values: always a list (unless zero), always the same
            // answer as trying, and never less than the machine's.
            let board = Board::<Exact>::new(&[a, z], t, ops, Mode::Expressions);
            let (ea, ez) = (Exact::Small(a), Exact::Small(z));
            let exact = board.can_finish(&ea, &ez);
            prop_assert!(exact || !tried);
            if let Some(list) = board.finishers(&ez) {
                prop_assert_eq!(list.iter().flatten().any(|u| *u == ea), exact);
            }
        }
    }
}
