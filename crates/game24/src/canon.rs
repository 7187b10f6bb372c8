//! Canonical forms: the equivalence under which two solutions are "the
//! same" (see the crate docs, "Distinct solutions").
//!
//! Two steps. First the expression is *flattened*: sums and products
//! become lists of signed parts, and signs come out (of the numbers, and of
//! sums worth less than zero); the flattened tree is the same however the
//! expression was grouped. Then it is *settled* bottom-up: idle parts
//! (factors worth 1, terms worth 0, cancelling pairs, what a zero factor
//! absorbs) go to one pool for the whole expression, and what is left is
//! the core. Both steps are functions of the expression's value structure
//! alone, so the form does not depend on how a sum or product is grouped.

use std::cmp::{Ordering, Reverse};

use crate::Rational;
use crate::error::EvalError;
use crate::exact::Exact;
use crate::expr::{Expr, Op};

/// A node of a canonical form. Values are never negative: signs live in
/// the flags of sum terms and in [`Canonical`]'s `negative`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Node {
    /// The absolute value of a number of the hand.
    Leaf(Exact),
    /// A flattened sum: `(subtracted, term)`, sorted; at least two terms,
    /// none a sum, none worth 0; a sum worth 0 takes the orientation (its
    /// terms or their opposites) that sorts first.
    Sum(Exact, Vec<(bool, Node)>),
    /// A flattened product: `(divided, factor)`, sorted; none a product,
    /// none worth 1 or 0; not a single multiplied factor; a product worth
    /// 1 takes the orientation (its factors or their inverses) that sorts
    /// first. It may have no multiplied factor (`1/x`).
    Prod(Exact, Vec<(bool, Node)>),
    /// A 1 made of idle parts (a 1 of the hand used as a term, `x/x`, …):
    /// the parts are in the pool.
    One,
    /// A 0 made of idle parts (`x-x`, a product with a zero factor, …).
    Zero,
}

impl Node {
    pub(crate) fn value(&self) -> Exact {
        match self {
            Node::Leaf(v) | Node::Sum(v, _) | Node::Prod(v, _) => v.clone(),
            Node::One => Exact::Small(Rational::from_integer(1)),
            Node::Zero => Exact::Small(Rational::from_integer(0)),
        }
    }

    /// Leaves, sums, products; `One` and `Zero` sort as the leaves 1 and 0
    /// (which never stand in a core).
    fn rank(&self) -> u8 {
        match self {
            Node::Leaf(_) | Node::One | Node::Zero => 0,
            Node::Sum(..) => 1,
            Node::Prod(..) => 2,
        }
    }

    fn parts(&self) -> &[(bool, Node)] {
        match self {
            Node::Sum(_, ps) | Node::Prod(_, ps) => ps,
            _ => &[],
        }
    }

    fn tiebreak(&self) -> u8 {
        match self {
            Node::One | Node::Zero => 0,
            _ => 1,
        }
    }
}

/// Kind, then value (numerically), then parts: the order the solver's
/// flattened forms are compared in too.
impl Ord for Node {
    fn cmp(&self, other: &Node) -> Ordering {
        self.rank()
            .cmp(&other.rank())
            .then_with(|| self.value().cmp(&other.value()))
            .then_with(|| self.parts().cmp(other.parts()))
            .then_with(|| self.tiebreak().cmp(&other.tiebreak()))
    }
}

impl PartialOrd for Node {
    fn partial_cmp(&self, other: &Node) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The canonical form of an expression: two expressions over the same
/// numbers are equivalent (the same solution) exactly when their
/// canonical forms are equal.
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
    /// Parts that do nothing, wherever they sat: factors worth 1, terms
    /// worth 0, both sides of each cancelling pair, what zero factors
    /// absorbed; sorted.
    idle: Vec<Node>,
}

/// The flattened expression: sums and products as lists of flagged parts
/// (no sum in a sum, no product in a product), values never negative.
enum Flat {
    Leaf(Exact),
    Sum(Exact, Vec<(bool, Flat)>),
    Prod(Exact, Vec<(bool, Flat)>),
}

/// A flattened sub-expression and its sign.
struct Signed {
    negative: bool,
    flat: Flat,
}

fn flat_value(f: &Flat) -> &Exact {
    match f {
        Flat::Leaf(v) | Flat::Sum(v, _) | Flat::Prod(v, _) => v,
    }
}

fn flatten(e: &Expr) -> Result<Signed, EvalError> {
    match e {
        Expr::Num(v) => {
            let v = Exact::Small(*v);
            Ok(Signed {
                negative: v.is_negative(),
                flat: Flat::Leaf(v.abs()),
            })
        }
        Expr::Bin(op, l, r) => {
            let (l, r) = (flatten(l)?, flatten(r)?);
            match op {
                Op::Add | Op::Sub => flatten_sum(l, r, *op == Op::Sub),
                Op::Mul | Op::Div => flatten_product(l, r, *op == Op::Div),
            }
        }
    }
}

fn signed_value(s: &Signed) -> Exact {
    let v = flat_value(&s.flat);
    if s.negative { v.neg() } else { v.clone() }
}

fn flatten_sum(l: Signed, r: Signed, subtract: bool) -> Result<Signed, EvalError> {
    let op = if subtract { Op::Sub } else { Op::Add };
    let value = Exact::apply(op, &signed_value(&l), &signed_value(&r))?;
    let mut terms = Vec::new();
    for (part, flip) in [(l, false), (r, subtract)] {
        let neg = part.negative ^ flip;
        match part.flat {
            Flat::Sum(_, ts) => terms.extend(ts.into_iter().map(|(n, t)| (n ^ neg, t))),
            flat => terms.push((neg, flat)),
        }
    }
    let negative = value.is_negative();
    if negative {
        for t in &mut terms {
            t.0 = !t.0;
        }
    }
    Ok(Signed {
        negative,
        flat: Flat::Sum(value.abs(), terms),
    })
}

fn flatten_product(l: Signed, r: Signed, divide: bool) -> Result<Signed, EvalError> {
    let op = if divide { Op::Div } else { Op::Mul };
    let value = Exact::apply(op, flat_value(&l.flat), flat_value(&r.flat))?;
    let negative = (l.negative ^ r.negative) && !value.is_zero();
    let mut factors = Vec::new();
    for (flat, invert) in [(l.flat, false), (r.flat, divide)] {
        match flat {
            Flat::Prod(_, fs) => factors.extend(fs.into_iter().map(|(i, f)| (i ^ invert, f))),
            flat => factors.push((invert, flat)),
        }
    }
    Ok(Signed {
        negative,
        flat: Flat::Prod(value, factors),
    })
}

/// Settles a flattened tree: its core node, its idle parts added to `pool`.
fn settle(f: Flat, pool: &mut Vec<Node>) -> Node {
    match f {
        Flat::Leaf(v) => Node::Leaf(v),
        Flat::Sum(v, ts) => {
            let terms = ts.into_iter().map(|(n, t)| (n, settle(t, pool))).collect();
            settle_sum(v, terms, pool)
        }
        Flat::Prod(v, fs) => {
            let factors = fs.into_iter().map(|(i, f)| (i, settle(f, pool))).collect();
            settle_product(v, factors, pool)
        }
    }
}

/// The settled sum of settled `terms` worth `value` (at least zero).
pub(crate) fn settle_sum(value: Exact, terms: Vec<(bool, Node)>, pool: &mut Vec<Node>) -> Node {
    let mut kept = Vec::with_capacity(terms.len());
    for (negated, node) in terms {
        match node {
            // A settled sum (a part that shrank to one) joins this one.
            Node::Sum(_, ts) => kept.extend(ts.into_iter().map(|(n, t)| (n ^ negated, t))),
            Node::Zero => {}
            node if node.value().is_zero() => pool.push(node),
            // A 1 of the hand used as a term is a 1 like any other made of
            // idle parts.
            node @ Node::Leaf(_) if node.value().is_one() => {
                pool.push(node);
                kept.push((negated, Node::One));
            }
            node => kept.push((negated, node)),
        }
    }
    cancel_pairs(&mut kept, pool);
    match kept.len() {
        0 => Node::Zero,
        // What is left is worth the sum, which is at least zero, so it is
        // added (a subtracted part would be worth 0, hence idle).
        1 => kept.pop().map(|p| p.1).unwrap_or(Node::Zero),
        _ => {
            kept.sort();
            if value.is_zero() {
                orient(&mut kept);
            }
            Node::Sum(value, kept)
        }
    }
}

/// The settled product of settled `factors` worth `value` (at least zero).
pub(crate) fn settle_product(
    value: Exact,
    factors: Vec<(bool, Node)>,
    pool: &mut Vec<Node>,
) -> Node {
    let mut kept = Vec::with_capacity(factors.len());
    for (inverted, node) in factors {
        match node {
            Node::Prod(_, fs) => kept.extend(fs.into_iter().map(|(i, f)| (i ^ inverted, f))),
            node => kept.push((inverted, node)),
        }
    }
    // A zero factor absorbs: the product is worth 0 whatever else it
    // holds; its zero factors are idle, and the numbers of the others.
    if kept.iter().any(|(inv, f)| !inv && f.value().is_zero()) {
        for (inv, f) in kept {
            if !inv && f.value().is_zero() {
                if f != Node::Zero {
                    pool.push(f);
                }
            } else {
                push_numbers(&f, pool);
            }
        }
        return Node::Zero;
    }
    kept.retain(|(_, f)| {
        let one = f.value().is_one();
        if one && *f != Node::One {
            pool.push(f.clone());
        }
        !one
    });
    cancel_pairs(&mut kept, pool);
    match kept.len() {
        0 => Node::One,
        1 if !kept[0].0 => kept.pop().map(|p| p.1).unwrap_or(Node::One),
        _ => {
            kept.sort();
            if value.is_one() {
                orient(&mut kept);
            }
            Node::Prod(value, kept)
        }
    }
}

/// The numbers of the hand in `node`, as leaves.
fn push_numbers(node: &Node, pool: &mut Vec<Node>) {
    match node {
        Node::Leaf(_) => pool.push(node.clone()),
        Node::Sum(_, ps) | Node::Prod(_, ps) => ps.iter().for_each(|p| push_numbers(&p.1, pool)),
        Node::One | Node::Zero => {}
    }
}

/// Removes the pairs `(false, x)`, `(true, x)` (an `x - x` or `x / x`),
/// both sides going to `pool` (a `One` is already there), as a multiset
/// operation.
fn cancel_pairs(parts: &mut Vec<(bool, Node)>, pool: &mut Vec<Node>) {
    if !parts.iter().any(|p| p.0) || parts.iter().all(|p| p.0) {
        return;
    }
    let mut k = 0;
    while k < parts.len() {
        let (flag, x) = (parts[k].0, &parts[k].1);
        if let Some(j) = parts.iter().position(|p| p.0 != flag && p.1 == *x) {
            let (hi, lo) = (k.max(j), k.min(j));
            let (_, x) = parts.swap_remove(hi);
            parts.swap_remove(lo);
            if x != Node::One {
                pool.push(x.clone());
                pool.push(x);
            }
            k = 0;
        } else {
            k += 1;
        }
    }
}

/// A sum worth 0 read with every sign flipped, or a product worth 1 with
/// every factor inverted, is the same: keep whichever sorts first.
fn orient(parts: &mut Vec<(bool, Node)>) {
    let mut flipped: Vec<(bool, Node)> = parts.iter().map(|(f, n)| (!f, n.clone())).collect();
    flipped.sort();
    if flipped < *parts {
        *parts = flipped;
    }
}

impl Canonical {
    /// The canonical form of `expr`; an error only if it divides by zero.
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
    ///
    /// # Errors
    ///
    /// [`EvalError::DivisionByZero`] when `expr` has no value. Values of
    /// any size are worked out exactly.
    pub fn of(expr: &Expr) -> Result<Canonical, EvalError> {
        let signed = flatten(expr)?;
        let mut pool = Vec::new();
        let core = settle(signed.flat, &mut pool);
        Ok(Canonical::finish(signed.negative, core, pool))
    }

    /// The form of a settled whole: a whole worth 0 (or 1) is itself an
    /// idle term (factor), so it joins the pool and the core is `Zero`
    /// (`One`).
    pub(crate) fn finish(negative: bool, core: Node, mut pool: Vec<Node>) -> Canonical {
        let value = core.value();
        let core = if value.is_zero() || (value.is_one() && !negative) {
            let placeholder = if value.is_zero() {
                Node::Zero
            } else {
                Node::One
            };
            if core != placeholder {
                pool.push(core);
            }
            placeholder
        } else {
            core
        };
        pool.sort();
        Canonical {
            negative: negative && !value.is_zero(),
            core,
            idle: pool,
        }
    }

    /// A tidy expression of this form: in sums the added terms come before
    /// the subtracted ones, in products the multiplied factors before the
    /// divisors, compound parts before numbers and larger before smaller;
    /// idle parts go last (`+x-x`, `+0`, then each part worth 1 as a
    /// factor).
    ///
    /// Returns `None` for a negative form (no expression without a unary
    /// minus has it), and when the tidy layout would not be of this form
    /// (some forms made only of idle parts). The numbers are the absolute
    /// values of the original's: for an expression with negative numbers
    /// the tidy one has other numbers, though it is of the same form.
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
        let mut pool = self.idle.clone();
        let mut e = render(&self.core, &mut pool)?;
        let absorbed_by_core = self.core == Node::Zero;
        // Compound idle parts first: a `One` in them takes a 1 of the pool.
        let (compound, mut leaves): (Vec<Node>, Vec<Node>) =
            pool.into_iter().partition(|x| x.rank() != 0);
        let mut rendered = Vec::with_capacity(compound.len() + leaves.len());
        for x in compound.into_iter().rev() {
            let r = render(&x, &mut leaves)?;
            rendered.push((x, r));
        }
        for x in leaves {
            let r = render_part(&x)?;
            rendered.push((x, r));
        }
        rendered.sort_by(|a, b| a.0.cmp(&b.0));
        let mut ones: Vec<(Node, Expr)> = Vec::new();
        let mut zeros = Vec::new();
        let mut pairs: Vec<(Node, Expr)> = Vec::new();
        let mut others = Vec::new();
        let mut k = 0;
        while k < rendered.len() {
            let (x, r) = &rendered[k];
            let v = x.value();
            if v.is_one() {
                ones.push((x.clone(), r.clone()));
                k += 1;
            } else if v.is_zero() {
                zeros.push(r.clone());
                k += 1;
            } else if k + 1 < rendered.len() && rendered[k + 1].0 == *x {
                pairs.push((x.clone(), r.clone()));
                k += 2;
            } else {
                others.push(r.clone());
                k += 1;
            }
        }
        if absorbed_by_core {
            // The numbers a zero absorbed multiply it.
            for x in others.drain(..) {
                e = Expr::bin(Op::Mul, e, x);
            }
        }
        if !others.is_empty() {
            // Absorbed by a zero among the idle parts, or one made of a pair.
            let mut z = match zeros.pop() {
                Some(z) => z,
                None => {
                    let pair = (1..ones.len()).find(|&j| ones[j].0 == ones[j - 1].0);
                    let r = match pair {
                        Some(j) => {
                            ones.remove(j);
                            ones.remove(j - 1).1
                        }
                        None => pairs.pop()?.1,
                    };
                    Expr::bin(Op::Sub, r.clone(), r)
                }
            };
            for x in others {
                z = Expr::bin(Op::Mul, z, x);
            }
            e = Expr::bin(Op::Add, e, z);
        }
        for (x, r) in pairs {
            // A sum cancels as `*x/x` (added, it would merge with the sum
            // around it); anything else as `+x-x`.
            let (up, down) = match x {
                Node::Sum(..) => (Op::Mul, Op::Div),
                _ => (Op::Add, Op::Sub),
            };
            e = Expr::bin(up, e, r.clone());
            e = Expr::bin(down, e, r);
        }
        for zero in zeros {
            e = Expr::bin(Op::Add, e, zero);
        }
        for (_, one) in ones {
            e = Expr::bin(Op::Mul, e, one);
        }
        (Canonical::of(&e).ok()? == *self).then_some(e)
    }
}

/// A node of the pool on its own (no `One` or `Zero` there).
fn render_part(n: &Node) -> Option<Expr> {
    render(n, &mut Vec::new())
}

/// Takes the first of `pool` that `want` accepts.
fn take(pool: &mut Vec<Node>, want: impl Fn(&Node) -> bool) -> Option<Node> {
    let at = pool.iter().position(want)?;
    Some(pool.remove(at))
}

/// Takes the least pair `x, x` of `pool`.
fn take_pair(pool: &mut Vec<Node>) -> Option<Node> {
    let at = (1..pool.len()).find(|&k| pool[k] == pool[k - 1])?;
    pool.remove(at);
    Some(pool.remove(at - 1))
}

/// Renders `n`, taking what a `One` or `Zero` is made of from `pool`.
fn render(n: &Node, pool: &mut Vec<Node>) -> Option<Expr> {
    match n {
        Node::Leaf(v) => Some(Expr::Num(v.to_rational()?)),
        Node::Sum(_, terms) => chain(terms, Op::Add, Op::Sub, pool),
        Node::Prod(_, factors) => chain(factors, Op::Mul, Op::Div, pool),
        Node::One => {
            if let Some(one) = take(pool, |x| *x == Node::Leaf(Exact::Small(1.into()))) {
                return render_part(&one);
            }
            if let Some(x) = take_pair(pool) {
                let r = render(&x, pool)?;
                return Some(Expr::bin(Op::Div, r.clone(), r));
            }
            let x = take(pool, |x| x.value().is_one())?;
            render(&x, pool)
        }
        Node::Zero => {
            if let Some(zero) = take(pool, |x| x.value().is_zero()) {
                return render(&zero, pool);
            }
            let x = take_pair(pool)?;
            let r = render(&x, pool)?;
            Some(Expr::bin(Op::Sub, r.clone(), r))
        }
    }
}

fn chain(parts: &[(bool, Node)], direct: Op, inverse: Op, pool: &mut Vec<Node>) -> Option<Expr> {
    // Rendered first (a `One` takes a 1 of the pool if there is one, else
    // a pair `x/x`), then laid out by what they became.
    let mut rendered = Vec::with_capacity(parts.len());
    for (inv, n) in parts {
        let r = render(n, pool)?;
        let key = (*inv, matches!(r, Expr::Num(_)), Reverse(n.value()));
        rendered.push((key, r));
    }
    rendered.sort_by(|a, b| a.0.cmp(&b.0));
    let mut e = match rendered.first() {
        Some(((false, ..), _)) => None,
        // Nothing multiplied: a 1 over the divisors.
        _ => Some(render(&Node::One, pool)?),
    };
    for ((inv, ..), r) in rendered {
        e = Some(match e {
            None => r,
            Some(l) => Expr::bin(if inv { inverse } else { direct }, l, r),
        });
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(text: &str) -> Canonical {
        Canonical::of(&text.parse::<Expr>().expect("parses")).expect("a value")
    }

    #[test]
    fn zero_sum_orientation_and_unit_products() {
        assert_eq!(form("4+1-3-2"), form("3+2-4-1"));
        assert_eq!(form("(3-2-1)*4"), form("(2+1-3)/4"));
        assert_eq!(form("3/(2+1)"), form("(2+1)/3"));
        assert_ne!(form("4/2+1-3"), form("4+1-3-2"));
    }
}
