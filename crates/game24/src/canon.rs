//! Canonical forms: the equivalence under which two solutions are "the
//! same" (see the crate docs, "Distinct solutions").

use std::cmp::Reverse;

use num_traits::{One, Signed, Zero};

use crate::Rational;
use crate::error::EvalError;
use crate::expr::{Expr, Op};

/// A node of a canonical form, storing its value. A sum is never negative
/// (its sign is pulled out to the parent); a product is negative only
/// through a negative number of the hand, which keeps its sign.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Node {
    /// A number from the hand.
    Leaf(Rational),
    /// A flattened sum: `(negated, term)`, sorted, at least two terms, no
    /// term a sum.
    Sum(Rational, Vec<(bool, Node)>),
    /// A flattened product: `(inverted, factor)`, sorted, at least two
    /// factors or one inverted one, no factor a product.
    Prod(Rational, Vec<(bool, Node)>),
}

impl Node {
    fn value(&self) -> Rational {
        match self {
            Node::Leaf(v) | Node::Sum(v, _) | Node::Prod(v, _) => *v,
        }
    }
}

/// The canonical form of an expression: two expressions are equivalent
/// (the same solution) exactly when their canonical forms are equal.
///
/// Build one with [`Canonical::of`]; compare, hash or order them, and turn
/// one back into a tidy expression with [`Canonical::to_expr`].
///
/// ```
/// use kongming_game24::{Canonical, Expr};
///
/// let a = Canonical::of(&"(3+2+1)*4".parse::<Expr>()?)?;
/// let b = Canonical::of(&"4*(1+(2+3))".parse::<Expr>()?)?;
/// let c = Canonical::of(&"4*3*2*1".parse::<Expr>()?)?;
/// assert_eq!(a, b);
/// assert_ne!(a, c);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Canonical {
    negative: bool,
    core: Node,
    /// Parts that do nothing: factors worth 1 (`×1`, `/1`, `×(3-2)`), and
    /// each side of an `x-x` or `x/x` that cancels; sorted.
    idle: Vec<Node>,
}

struct Part {
    node: Node,
    negative: bool,
    idle: Vec<Node>,
}

fn abs(v: Rational) -> Result<Rational, EvalError> {
    if *v.numer() == i64::MIN {
        return Err(EvalError::Overflow);
    }
    Ok(v.abs())
}

fn norm(e: &Expr) -> Result<Part, EvalError> {
    match e {
        Expr::Num(v) => Ok(Part {
            node: Node::Leaf(*v),
            negative: false,
            idle: Vec::new(),
        }),
        Expr::Bin(op, l, r) => {
            let l = norm(l)?;
            let r = norm(r)?;
            match op {
                Op::Add | Op::Sub => sum(l, r, *op == Op::Sub),
                Op::Mul | Op::Div => product(l, r, *op == Op::Div),
            }
        }
    }
}

fn signed(p: &Part) -> Rational {
    if p.negative {
        -p.node.value()
    } else {
        p.node.value()
    }
}

fn splice_sum(terms: &mut Vec<(bool, Node)>, part: Part, negate: bool) {
    let neg = part.negative ^ negate;
    match part.node {
        Node::Sum(_, ts) => terms.extend(ts.into_iter().map(|(n, t)| (n ^ neg, t))),
        node => terms.push((neg, node)),
    }
}

fn sum(l: Part, r: Part, subtract: bool) -> Result<Part, EvalError> {
    let op = if subtract { Op::Sub } else { Op::Add };
    let value = op.apply(&signed(&l), &signed(&r))?;
    let mut idle = l.idle;
    idle.extend(r.idle);
    let mut terms = Vec::with_capacity(4);
    splice_sum(
        &mut terms,
        Part {
            node: l.node,
            negative: l.negative,
            idle: Vec::new(),
        },
        false,
    );
    splice_sum(
        &mut terms,
        Part {
            node: r.node,
            negative: r.negative,
            idle: Vec::new(),
        },
        subtract,
    );
    let negative = value.is_negative();
    if negative {
        for t in &mut terms {
            t.0 = !t.0;
        }
    }
    // `x - x` cancels (as long as some term is left): both sides idle.
    cancel_pairs(&mut terms, &mut idle, false);
    if terms.len() == 1 {
        let (flip, node) = terms.pop().expect("one term");
        return Ok(Part {
            node,
            negative: negative ^ flip,
            idle,
        });
    }
    terms.sort();
    Ok(Part {
        node: Node::Sum(abs(value)?, terms),
        negative,
        idle,
    })
}

/// Removes the pairs `(false, x)`, `(true, x)` (an `x - x` or `x / x`)
/// into `idle`, as a multiset operation (the result does not depend on the
/// order of `parts`). At least one part stays, a non-flagged one if
/// `keep_direct`: if all would go, the least pair stays.
fn cancel_pairs(parts: &mut Vec<(bool, Node)>, idle: &mut Vec<Node>, keep_direct: bool) {
    parts.sort();
    let direct = parts.iter().filter(|p| !p.0).count();
    let mut pairs: Vec<(Node, usize)> = Vec::new();
    for (flag, x) in parts.iter() {
        if !*flag || pairs.last().is_some_and(|(y, _)| y == x) {
            continue;
        }
        let up = parts.iter().filter(|p| !p.0 && p.1 == *x).count();
        let down = parts.iter().filter(|p| p.0 && p.1 == *x).count();
        if up.min(down) > 0 {
            pairs.push((x.clone(), up.min(down)));
        }
    }
    let total: usize = pairs.iter().map(|p| p.1).sum();
    if total == 0 {
        return;
    }
    let left = if keep_direct {
        direct - total
    } else {
        parts.len() - 2 * total
    };
    if left == 0 {
        pairs.sort();
        pairs[0].1 -= 1;
    }
    for (x, k) in pairs {
        for flag in [false, true] {
            for _ in 0..k {
                if let Some(at) = parts.iter().position(|p| p.0 == flag && p.1 == x) {
                    parts.remove(at);
                }
            }
        }
        for _ in 0..k {
            idle.push(x.clone());
            idle.push(x.clone());
        }
    }
}

fn splice_product(factors: &mut Vec<(bool, Node)>, node: Node, invert: bool) {
    match node {
        Node::Prod(_, fs) => factors.extend(fs.into_iter().map(|(i, f)| (i ^ invert, f))),
        node => factors.push((invert, node)),
    }
}

fn product(l: Part, r: Part, divide: bool) -> Result<Part, EvalError> {
    let op = if divide { Op::Div } else { Op::Mul };
    let value = op.apply(&l.node.value(), &r.node.value())?;
    let negative = (l.negative ^ r.negative) && !value.is_zero();
    let mut idle = l.idle;
    idle.extend(r.idle);
    let mut factors = Vec::with_capacity(4);
    splice_product(&mut factors, l.node, false);
    splice_product(&mut factors, r.node, divide);

    // A factor worth 1 (`×1`, `/1`, `×(3-2)`, `/(13-12)`) is idle, as long
    // as some factor worth something else stays on top of the fraction bar
    // (otherwise one of them stays, a literal 1 first: `1/2` keeps its 1).
    let others_on_top = factors
        .iter()
        .filter(|(inv, f)| !inv && !f.value().is_one())
        .count();
    if factors.iter().any(|(_, f)| f.value().is_one()) {
        let mut ones = Vec::new();
        factors.retain(|(_, f)| {
            let one = f.value().is_one();
            if one {
                ones.push(f.clone());
            }
            !one
        });
        if others_on_top == 0 {
            // One of them stays: the least of these and of the idle parts
            // worth 1 met so far (idle parts can sit anywhere).
            ones.sort();
            let mut keep = ones.remove(0);
            for x in idle.iter_mut() {
                if x.value().is_one() && *x < keep {
                    std::mem::swap(x, &mut keep);
                }
            }
            factors.push((false, keep));
        }
        idle.extend(ones);
    }
    // `x / x` cancels (as long as some factor stays on top): both sides idle.
    cancel_pairs(&mut factors, &mut idle, true);
    let node = if factors.len() == 1 && !factors[0].0 {
        factors
            .pop()
            .map(|t| t.1)
            .unwrap_or(Node::Leaf(Rational::one()))
    } else {
        factors.sort();
        Node::Prod(value, factors)
    };
    Ok(Part {
        node,
        negative,
        idle,
    })
}

impl Canonical {
    /// The canonical form of `expr`; an error if it has no value.
    ///
    /// ```
    /// use kongming_game24::{Canonical, Expr};
    ///
    /// // x*1, x/1 and a cancelling pair anywhere are "idle" and all alike.
    /// let a = Canonical::of(&"8*3+1-1".parse::<Expr>()?)?;
    /// let b = Canonical::of(&"(8*1)*(3/1)".parse::<Expr>()?)?;
    /// let c = Canonical::of(&"(8+1-1)*3".parse::<Expr>()?)?;
    /// assert_eq!(a, b);
    /// assert_eq!(a, c);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(expr: &Expr) -> Result<Canonical, EvalError> {
        let part = norm(expr)?;
        let mut core = part.node;
        let mut idle = part.idle;
        // When the whole is worth 1, it and the idle parts worth 1 are all
        // "a factor worth 1": the least of them is the core.
        if !part.negative && core.value().is_one() {
            for x in idle.iter_mut() {
                if x.value().is_one() && *x < core {
                    std::mem::swap(x, &mut core);
                }
            }
        }
        // When the whole is one cancelling pair (`x-x`, `x/x`), it and the
        // idle pairs are alike: the least pair is the core.
        if let Node::Sum(_, ps) | Node::Prod(_, ps) = &core
            && ps.len() == 2
            && ps[0].0 != ps[1].0
            && ps[0].1 == ps[1].1
        {
            idle.sort();
            let x = ps[0].1.clone();
            if let Some(y) = idle
                .windows(2)
                .find(|w| w[0] == w[1] && w[0] < x)
                .map(|w| w[0].clone())
            {
                let at = idle.iter().position(|z| *z == y).expect("found");
                idle.drain(at..at + 2);
                idle.push(x.clone());
                idle.push(x);
                let pair = vec![(false, y.clone()), (true, y)];
                core = match core {
                    Node::Sum(v, _) => Node::Sum(v, pair),
                    Node::Prod(v, _) => Node::Prod(v, pair),
                    leaf => leaf,
                };
            }
        }
        idle.sort();
        Ok(Canonical {
            negative: part.negative,
            core,
            idle,
        })
    }

    /// A tidy expression of this form: in sums the added terms come before
    /// the subtracted ones, in products the multiplied factors before the
    /// divisors, compound parts before numbers and larger before smaller;
    /// idle parts go last (`+x-x`, then each part worth 1 as a factor).
    ///
    /// Returns `None` for a negative form, which has no expression without
    /// a unary minus in this layout. The tidy expression has the same value,
    /// but since it regroups, evaluating it may overflow `i64` where the
    /// original did not.
    ///
    /// ```
    /// use kongming_game24::{Canonical, Expr};
    ///
    /// let c = Canonical::of(&"1*(1+1)*12".parse::<Expr>()?)?;
    /// assert_eq!(c.to_expr().unwrap().to_string(), "(1+1)*12*1");
    /// let c = Canonical::of(&"(1-1)+3*8".parse::<Expr>()?)?;
    /// assert_eq!(c.to_expr().unwrap().to_string(), "8*3*1*1");
    /// let c = Canonical::of(&"(7-7)+3*8".parse::<Expr>()?)?;
    /// assert_eq!(c.to_expr().unwrap().to_string(), "8*3+7-7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_expr(&self) -> Option<Expr> {
        if self.negative {
            return None;
        }
        let mut e = render(&self.core)?;
        let mut ones = Vec::new();
        let mut k = 0;
        while k < self.idle.len() {
            let x = &self.idle[k];
            if x.value().is_one() {
                ones.push(render(x)?);
                k += 1;
            } else if k + 1 < self.idle.len() && self.idle[k + 1] == *x {
                // A sum cancels as `*x/x` (added, it would merge with the
                // sum around it); anything else as `+x-x`.
                let (up, down) = match x {
                    Node::Sum(..) => (Op::Mul, Op::Div),
                    _ => (Op::Add, Op::Sub),
                };
                let r = render(x)?;
                e = Expr::bin(up, e, r.clone());
                e = Expr::bin(down, e, r);
                k += 2;
            } else {
                return None;
            }
        }
        for one in ones {
            e = Expr::bin(Op::Mul, e, one);
        }
        Some(e)
    }
}

/// Display order of the parts of a sum or product: compound before leaf,
/// then larger value first.
fn display_key(n: &Node) -> (bool, Reverse<Rational>) {
    (matches!(n, Node::Leaf(_)), Reverse(n.value()))
}

fn render(n: &Node) -> Option<Expr> {
    match n {
        Node::Leaf(v) => Some(Expr::Num(*v)),
        Node::Sum(_, terms) => chain(terms, Op::Add, Op::Sub),
        Node::Prod(_, factors) => chain(factors, Op::Mul, Op::Div),
    }
}

fn chain(parts: &[(bool, Node)], direct: Op, inverse: Op) -> Option<Expr> {
    let mut order: Vec<&(bool, Node)> = parts.iter().collect();
    order.sort_by_key(|(inv, n)| (*inv, display_key(n)));
    let mut it = order.into_iter();
    let (inv, first) = it.next()?;
    if *inv {
        return None;
    }
    let mut e = render(first)?;
    for (inv, n) in it {
        let op = if *inv { inverse } else { direct };
        e = Expr::bin(op, e, render(n)?);
    }
    Some(e)
}
