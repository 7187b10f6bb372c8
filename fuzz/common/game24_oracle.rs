//! An independent model of the 24 game for the game24 targets: exact
//! fractions over `i128`, expression trees of its own, a naive evaluator
//! and a naive "can these numbers make the target" search.

#![allow(dead_code)]

use arbitrary::{Result, Unstructured};
use kongming_game24::{Expr, Op, Ops, Rational};

/// A fraction `n/d` in lowest terms, `d > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Q {
    pub n: i128,
    pub d: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// Components past this are "too large to be sure": the library works in
/// `i64` and its intermediate products of two such components still fit.
const SAFE: i128 = 1 << 31;

impl Q {
    pub fn new(n: i128, d: i128) -> Q {
        assert!(d != 0);
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        Q {
            n: s * n / g,
            d: s * d / g,
        }
    }
    pub fn int(n: i64) -> Q {
        Q::new(i128::from(n), 1)
    }
    pub fn of(r: Rational) -> Q {
        Q::new(i128::from(*r.numer()), i128::from(*r.denom()))
    }
    pub fn to_rational(self) -> Rational {
        Rational::new(
            i64::try_from(self.n).expect("small"),
            i64::try_from(self.d).expect("small"),
        )
    }
    /// Written as `num-rational` writes a ratio: `n`, or `n/d`.
    pub fn text(self) -> String {
        if self.d == 1 {
            self.n.to_string()
        } else {
            format!("{}/{}", self.n, self.d)
        }
    }
    pub fn is_safe(self) -> bool {
        self.n.abs() < SAFE && self.d < SAFE
    }
    /// `a op b`, `None` on a division by zero.
    pub fn apply(self, op: Op, b: Q) -> Option<Q> {
        Some(match op {
            Op::Add => Q::new(self.n * b.d + b.n * self.d, self.d * b.d),
            Op::Sub => Q::new(self.n * b.d - b.n * self.d, self.d * b.d),
            Op::Mul => Q::new(self.n * b.n, self.d * b.d),
            Op::Div => {
                if b.n == 0 {
                    return None;
                }
                Q::new(self.n * b.d, self.d * b.n)
            }
        })
    }
}

/// The outcome of evaluating a tree here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Exact(Q),
    DivisionByZero,
    /// Some intermediate value grew past [`SAFE`]: no verdict.
    TooLarge,
}

/// A tree built by the fuzzer.
#[derive(Clone, Debug)]
pub enum Tree {
    Num(Q),
    Bin(Op, Box<Tree>, Box<Tree>),
}

impl Tree {
    /// Evaluates bottom-up with `i128` fractions. A division by zero
    /// anywhere makes the whole undefined.
    pub fn value(&self) -> Value {
        match self {
            Tree::Num(q) => {
                if q.is_safe() {
                    Value::Exact(*q)
                } else {
                    Value::TooLarge
                }
            }
            Tree::Bin(op, l, r) => match (l.value(), r.value()) {
                (Value::Exact(a), Value::Exact(b)) => match a.apply(*op, b) {
                    Some(v) if v.is_safe() => Value::Exact(v),
                    Some(_) => Value::TooLarge,
                    None => Value::DivisionByZero,
                },
                (Value::TooLarge, _) | (_, Value::TooLarge) => Value::TooLarge,
                _ => Value::DivisionByZero,
            },
        }
    }

    pub fn leaves(&self, out: &mut Vec<Q>) {
        match self {
            Tree::Num(q) => out.push(*q),
            Tree::Bin(_, l, r) => {
                l.leaves(out);
                r.leaves(out);
            }
        }
    }

    pub fn uses_only(&self, ops: Ops) -> bool {
        match self {
            Tree::Num(_) => true,
            Tree::Bin(op, l, r) => {
                ops.contains(Ops::from_op(*op)) && l.uses_only(ops) && r.uses_only(ops)
            }
        }
    }

    pub fn to_expr(&self) -> Expr {
        match self {
            Tree::Num(q) => Expr::num(q.to_rational()),
            Tree::Bin(op, l, r) => Expr::bin(*op, l.to_expr(), r.to_expr()),
        }
    }

    /// The library's tree read back into this model.
    pub fn from_expr(e: &Expr) -> Tree {
        match e {
            Expr::Num(r) => Tree::Num(Q::of(*r)),
            Expr::Bin(op, l, r) => Tree::Bin(
                *op,
                Box::new(Tree::from_expr(l)),
                Box::new(Tree::from_expr(r)),
            ),
        }
    }

    /// A random tree whose leaves are exactly `numbers`, in a random order.
    pub fn over(u: &mut Unstructured<'_>, numbers: &[Q]) -> Result<Tree> {
        let mut pool: Vec<Tree> = numbers.iter().map(|&q| Tree::Num(q)).collect();
        // Shuffle the leaves, then join random neighbours until one is left.
        for i in (1..pool.len()).rev() {
            let j = u.int_in_range(0..=i)?;
            pool.swap(i, j);
        }
        while pool.len() > 1 {
            let at = u.int_in_range(0..=pool.len() - 2)?;
            let op = *u.choose(&Op::ALL)?;
            let right = pool.remove(at + 1);
            let left = std::mem::replace(&mut pool[at], Tree::Num(Q::int(0)));
            pool[at] = Tree::Bin(op, Box::new(left), Box::new(right));
        }
        Ok(pool.pop().expect("at least one number"))
    }
}

/// A hand number: mostly an integer 1..=13, sometimes 0, a negative
/// number or a fraction with a small denominator.
pub fn hand_number(u: &mut Unstructured<'_>) -> Result<Q> {
    Ok(match u.int_in_range(0..=15)? {
        0 => Q::int(0),
        1 => Q::int(-u.int_in_range(1..=13)?),
        2 => Q::new(u.int_in_range(1..=13)?, u.int_in_range(2..=7)?),
        _ => Q::int(u.int_in_range(1..=13)?),
    })
}

/// Whether `numbers` can make `target` with the operations `ops`, trying
/// every ordered pair and operation (naive; fine for four numbers).
pub fn naive_solvable(numbers: &[Q], target: Q, ops: Ops) -> bool {
    if numbers.len() == 1 {
        return numbers[0] == target;
    }
    for i in 0..numbers.len() {
        for j in 0..numbers.len() {
            if i == j {
                continue;
            }
            let rest: Vec<Q> = (0..numbers.len())
                .filter(|&k| k != i && k != j)
                .map(|k| numbers[k])
                .collect();
            for op in Op::ALL {
                if !ops.contains(Ops::from_op(op)) {
                    continue;
                }
                if let Some(v) = numbers[i].apply(op, numbers[j]) {
                    let mut next = rest.clone();
                    next.push(v);
                    if naive_solvable(&next, target, ops) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The multiset of numbers, sorted.
pub fn sorted(mut numbers: Vec<Q>) -> Vec<Q> {
    numbers.sort();
    numbers
}
