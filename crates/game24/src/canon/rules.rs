//! The rules of the canonical form that do not depend on how a tree is
//! stored, written once for every tree that follows them: the kinds of
//! node and the chain an operation builds ([`Kind`]), how a part joins a
//! chain ([`join_parts`]), the order of nodes ([`compare`],
//! [`compare_parts`]) and where a part goes when a chain is written out
//! ([`layout_key`]).
//!
//! Two trees follow them ([`FormTree`]): the canonical form's own
//! [`Node`]s ([`Nodes`]), and the [`Solver`](crate::Solver)'s interned
//! flattened forms, ids into its table of forms. Both are ordered by
//! [`compare`] alone, so the solver's forms sort, compare and lay out
//! exactly as the [`Node`]s of the same expressions would.

use std::cmp::{Ordering, Reverse};
use std::marker::PhantomData;

use super::Node;
use crate::exact::Exact;
use crate::expr::Op;

/// The kinds of node, in the order canonical forms sort them: numbers
/// (and the `One` and `Zero` made of idle parts), flattened sums,
/// flattened products.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Kind {
    Leaf,
    Sum,
    Prod,
}

impl Kind {
    /// The chain `l op r` builds, and whether `r` joins it inverted
    /// (subtracted, or a divisor); `l` always joins as it is.
    #[inline]
    pub(crate) fn of_op(op: Op) -> (Kind, bool) {
        match op {
            Op::Add => (Kind::Sum, false),
            Op::Sub => (Kind::Sum, true),
            Op::Mul => (Kind::Prod, false),
            Op::Div => (Kind::Prod, true),
        }
    }

    /// The operations that join a chain's parts: the direct one and the
    /// inverse one. `None` for a leaf.
    #[inline]
    pub(crate) fn ops(self) -> Option<(Op, Op)> {
        match self {
            Kind::Leaf => None,
            Kind::Sum => Some((Op::Add, Op::Sub)),
            Kind::Prod => Some((Op::Mul, Op::Div)),
        }
    }
}

/// Flattening: a child that is a chain of its parent's kind brings its
/// own `parts` into the parent's `chain`, each flag flipped when the
/// child is `inverted` (`a-(b-c)` is `a-b+c`, `a/(b/c)` is `a/b*c`). Any
/// other child is one part, flagged when inverted.
#[inline]
pub(crate) fn join_parts<P>(
    chain: &mut impl Extend<(bool, P)>,
    inverted: bool,
    parts: impl IntoIterator<Item = (bool, P)>,
) {
    chain.extend(
        parts
            .into_iter()
            .map(|(flag, part)| (flag ^ inverted, part)),
    );
}

/// A tree the canonical order applies to.
pub(crate) trait FormTree {
    /// A node: a reference, or an id into a table.
    type Id: Copy;
    /// A node's value, ordered numerically.
    type Value: Ord;

    fn kind(&self, node: Self::Id) -> Kind;

    fn value(&self, node: Self::Id) -> Self::Value;

    /// The `(inverted, part)` parts of a chain in canonical order
    /// ([`compare_parts`]); none for a leaf.
    fn parts(&self, node: Self::Id) -> impl Iterator<Item = (bool, Self::Id)>;

    /// Whether the node is a `One` or `Zero` made of idle parts: it sorts
    /// just before the number 1 or 0 it stands for.
    fn is_placeholder(&self, _node: Self::Id) -> bool {
        false
    }

    /// Whether two ids are known to be one node (a shortcut; `false` is
    /// always right).
    fn identical(&self, _a: Self::Id, _b: Self::Id) -> bool {
        false
    }
}

/// The canonical order of nodes: by kind ([`Kind`]), then value
/// (numerically), then parts in canonical order (each by
/// [`compare_parts`], a list that is a prefix of another first), then a
/// placeholder before the number it stands for.
pub(crate) fn compare<T: FormTree>(tree: &T, a: T::Id, b: T::Id) -> Ordering {
    if tree.identical(a, b) {
        return Ordering::Equal;
    }
    tree.kind(a)
        .cmp(&tree.kind(b))
        .then_with(|| tree.value(a).cmp(&tree.value(b)))
        .then_with(|| {
            let (mut xs, mut ys) = (tree.parts(a), tree.parts(b));
            loop {
                match (xs.next(), ys.next()) {
                    (Some(x), Some(y)) => {
                        let o = compare_parts(tree, x, y);
                        if o != Ordering::Equal {
                            return o;
                        }
                    }
                    (x, y) => return x.is_some().cmp(&y.is_some()),
                }
            }
        })
        .then_with(|| tree.is_placeholder(b).cmp(&tree.is_placeholder(a)))
}

/// The canonical order of the parts of a chain: direct parts (added,
/// multiplied) before inverse ones, then by [`compare`]. For [`Node`]s it
/// is the derived order of `(bool, Node)`, which settling sorts by.
pub(crate) fn compare_parts<T: FormTree>(
    tree: &T,
    (inverted_a, a): (bool, T::Id),
    (inverted_b, b): (bool, T::Id),
) -> Ordering {
    inverted_a
        .cmp(&inverted_b)
        .then_with(|| compare(tree, a, b))
}

/// Where a part goes when a chain is written out as an expression
/// ([`Canonical::to_expr`](crate::Canonical::to_expr)): direct parts
/// before inverse ones, then compound parts before numbers, then larger
/// before smaller. Parts alike in all three keep their canonical order.
#[inline]
pub(crate) fn layout_key<V: Ord>(
    inverted: bool,
    written_as_number: bool,
    value: V,
) -> (bool, bool, Reverse<V>) {
    (inverted, written_as_number, Reverse(value))
}

/// The canonical form's [`Node`]s as a [`FormTree`].
pub(crate) struct Nodes<'a>(PhantomData<&'a Node>);

impl Nodes<'_> {
    pub(crate) fn new() -> Self {
        Nodes(PhantomData)
    }
}

impl<'a> FormTree for Nodes<'a> {
    type Id = &'a Node;
    type Value = Exact;

    #[inline]
    fn kind(&self, node: &'a Node) -> Kind {
        node.kind()
    }

    #[inline]
    fn value(&self, node: &'a Node) -> Exact {
        node.value()
    }

    /// A node's parts are kept sorted.
    #[inline]
    fn parts(&self, node: &'a Node) -> impl Iterator<Item = (bool, &'a Node)> {
        node.parts()
            .iter()
            .map(|(inverted, part)| (*inverted, part))
    }

    #[inline]
    fn is_placeholder(&self, node: &'a Node) -> bool {
        matches!(node, Node::One | Node::Zero)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Canonical;
    use crate::expr::Expr;

    fn core(text: &str) -> Node {
        Canonical::of(&text.parse::<Expr>().expect("parses"))
            .expect("a value")
            .core
    }

    #[test]
    fn nodes_sort_by_kind_then_value_then_parts() {
        let (three, sum, product) = (core("3"), core("1+2"), core("2*3"));
        assert!(
            three < sum && sum < product,
            "{three:?} {sum:?} {product:?}"
        );
        // Same kind and value: the parts decide, added before subtracted.
        assert!(core("7+5") < core("13-1"));
        assert!(core("4+2") < core("3+3"));
        // A placeholder sorts just before the number it stands for.
        assert!(Node::One < Node::Leaf(Exact::Small(1.into())));
        assert!(Node::Leaf(Exact::Small(0.into())) < Node::One);
    }

    #[test]
    fn pairs_order_as_compare_parts() {
        let nodes = [
            core("3"),
            core("1+2"),
            core("2*3"),
            core("8/(3-8/3)"),
            core("6-2"),
        ];
        for a in &nodes {
            for b in &nodes {
                for (fa, fb) in [(false, false), (false, true), (true, false), (true, true)] {
                    assert_eq!(
                        (fa, a.clone()).cmp(&(fb, b.clone())),
                        compare_parts(&Nodes::new(), (fa, a), (fb, b))
                    );
                }
            }
        }
    }
}
