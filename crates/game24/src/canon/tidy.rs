//! Writing a canonical form back as an expression: its tidy form
//! ([`Canonical::to_expr`]). Chains are laid out by
//! [`super::rules::layout_key`] (the rule the
//! [`Solver`](crate::Solver) writes its forms by, too); the idle parts
//! of the pool follow the core, each in the one place that keeps the form
//! (`+x-x`, `+0`, `*1`), and what a `One` or `Zero` is made of is taken
//! from the pool as the form is written.

use super::rules::{Kind, layout_key};
use super::{Canonical, Node};
use crate::exact::Exact;
use crate::expr::{Expr, Op};

impl Canonical {
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
            pool.into_iter().partition(|x| x.kind() != Kind::Leaf);
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
        Node::Sum(_, terms) => chain(terms, Kind::Sum, pool),
        Node::Prod(_, factors) => chain(factors, Kind::Prod, pool),
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

/// A chain of `kind` written out: its parts in the order of
/// [`layout_key`], joined by the chain's operations.
fn chain(parts: &[(bool, Node)], kind: Kind, pool: &mut Vec<Node>) -> Option<Expr> {
    let (direct, inverse) = kind.ops()?;
    // Rendered first (a `One` takes a 1 of the pool if there is one, else
    // a pair `x/x`), then laid out by what they became.
    let mut rendered = Vec::with_capacity(parts.len());
    for (inv, n) in parts {
        let r = render(n, pool)?;
        let key = layout_key(*inv, matches!(r, Expr::Num(_)), n.value());
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
