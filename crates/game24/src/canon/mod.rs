//! Canonical forms: the equivalence under which two solutions are "the
//! same" (see the crate docs, "Distinct solutions").
//!
//! Two steps. First the expression is *flattened* ([`flatten`]): sums and
//! products become lists of signed parts, and signs come out (of the
//! numbers, and of sums worth less than zero); the flattened tree is the
//! same however the expression was grouped. Then it is *settled*
//! bottom-up ([`settle`]): idle parts (factors worth 1, terms worth 0,
//! cancelling pairs, what a zero factor absorbs) go to one pool for the
//! whole expression, and what is left is the core. Both steps are
//! functions of the expression's value structure alone, so the form does
//! not depend on how a sum or product is grouped.
//!
//! The rules that order nodes, join a part into a chain and lay a chain
//! out are written once, in [`rules`], over any tree ([`rules::FormTree`]):
//! this module's [`Node`]s and the [`Solver`](crate::Solver)'s interned
//! flattened forms use the same definitions, and the solver settles its
//! forms with [`settle`]'s own functions. [`tidy`] writes a form back as
//! an expression ([`Canonical::to_expr`]).

mod flatten;
pub(crate) mod rules;
mod settle;
mod tidy;

use std::cmp::Ordering;

use crate::Rational;
use crate::error::EvalError;
use crate::exact::Exact;
use crate::expr::Expr;

pub(crate) use rules::Kind;
pub(crate) use settle::{settle_product, settle_sum};

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
    fn kind(&self) -> Kind {
        match self {
            Node::Leaf(_) | Node::One | Node::Zero => Kind::Leaf,
            Node::Sum(..) => Kind::Sum,
            Node::Prod(..) => Kind::Prod,
        }
    }

    fn parts(&self) -> &[(bool, Node)] {
        match self {
            Node::Sum(_, ps) | Node::Prod(_, ps) => ps,
            _ => &[],
        }
    }
}

/// The canonical order ([`rules::compare`]): kind, then value
/// (numerically), then parts.
impl Ord for Node {
    fn cmp(&self, other: &Node) -> Ordering {
        rules::compare(&rules::Nodes::new(), self, other)
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
        let signed = flatten::flatten(expr)?;
        let mut pool = Vec::new();
        let core = settle::settle(signed.flat, &mut pool);
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
