//! The second step of the canonical form: settling a flattened tree
//! ([`super::flatten`]) bottom-up into [`Node`]s. Idle parts — factors
//! worth 1, terms worth 0, both sides of a cancelling pair, what a zero
//! factor absorbs — leave the tree for one pool of the whole expression;
//! a part made only of idle parts stays as a `One` or `Zero`; a sum worth
//! 0 or a product worth 1 takes whichever of its two readings sorts first.
//! The parts of every chain are sorted in the canonical order
//! ([`super::rules::compare_parts`]).
//!
//! [`settle_sum`] and [`settle_product`] are also how the
//! [`Solver`](crate::Solver) settles its interned forms that have idle
//! parts, one chain at a time.

use super::Node;
use super::flatten::Flat;
use super::rules::join_parts;
use crate::exact::Exact;

/// Settles a flattened tree: its core node, its idle parts added to `pool`.
pub(super) fn settle(f: Flat, pool: &mut Vec<Node>) -> Node {
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
            Node::Sum(_, ts) => join_parts(&mut kept, negated, ts),
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
            Node::Prod(_, fs) => join_parts(&mut kept, inverted, fs),
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
