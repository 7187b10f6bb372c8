//! The first step of the canonical form: flattening. Sums and products
//! become chains of flagged parts ([`Flat`]) joined by the rule of
//! [`join_parts`], and signs come out of the tree (a negative number, a
//! sum worth less than zero) into the flags of sum terms and the sign of
//! the whole ([`Signed`]). The result does not depend on how a chain was
//! grouped; [`super::settle`] takes it from here.

use super::rules::{Kind, join_parts};
use crate::error::EvalError;
use crate::exact::Exact;
use crate::expr::{Expr, Op};

/// The flattened expression: sums and products as lists of flagged parts
/// (no sum in a sum, no product in a product), values never negative.
pub(super) enum Flat {
    Leaf(Exact),
    Sum(Exact, Vec<(bool, Flat)>),
    Prod(Exact, Vec<(bool, Flat)>),
}

/// A flattened sub-expression and its sign.
pub(super) struct Signed {
    pub(super) negative: bool,
    pub(super) flat: Flat,
}

fn flat_value(f: &Flat) -> &Exact {
    match f {
        Flat::Leaf(v) | Flat::Sum(v, _) | Flat::Prod(v, _) => v,
    }
}

/// The flattened tree of `e` and its sign.
pub(super) fn flatten(e: &Expr) -> Result<Signed, EvalError> {
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
            match Kind::of_op(*op) {
                (Kind::Sum, subtract) => flatten_sum(l, r, subtract),
                (_, divide) => flatten_product(l, r, divide),
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
            Flat::Sum(_, ts) => join_parts(&mut terms, neg, ts),
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
            Flat::Prod(_, fs) => join_parts(&mut factors, invert, fs),
            flat => factors.push((invert, flat)),
        }
    }
    Ok(Signed {
        negative,
        flat: Flat::Prod(value, factors),
    })
}
