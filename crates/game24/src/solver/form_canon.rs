//! The canonical form of the solver's interned forms ([`super::forms`]),
//! by the canonical form's own rules rather than a copy of them.
//!
//! - Order: [`FormTable`] is a [`FormTree`], so forms are compared by
//!   [`compare`](crate::canon::rules::compare), the definition
//!   [`Node`]s are ordered by.
//! - Writing: a form without idle parts is written as
//!   [`Canonical::to_expr`](crate::Canonical::to_expr) writes its class,
//!   each chain laid out by [`layout_key`] ([`FormTable::tidy`]).
//! - Idle parts: a form that may have some is settled by
//!   [`settle_sum`] and [`settle_product`] ([`FormTable::settle`]); a form
//!   is a flattened tree already, so each is settled once, from its parts'
//!   settled nodes, and shared between hands.

use super::forms::{FormTable, PartList, flagged};
use crate::Rational;
use crate::canon::rules::{FormTree, compare_parts, layout_key};
use crate::canon::{Kind, Node, settle_product, settle_sum};
use crate::exact::Exact;
use crate::expr::Expr;
use crate::fraction::apply_fast;

impl FormTree for FormTable {
    type Id = u32;
    type Value = Rational;

    #[inline]
    fn kind(&self, id: u32) -> Kind {
        self.forms[id as usize].kind
    }

    #[inline]
    fn value(&self, id: u32) -> Rational {
        self.forms[id as usize].value
    }

    /// A form's parts are kept sorted by id: sorted here in canonical
    /// order.
    fn parts(&self, id: u32) -> impl Iterator<Item = (bool, u32)> {
        let mut sorted = self.forms[id as usize].parts;
        let n = usize::from(sorted.len);
        sorted.ids[..n].sort_by(|&x, &y| compare_parts(self, flagged(x), flagged(y)));
        (0..n).map(move |k| flagged(sorted.ids[k]))
    }

    /// Equal ids are one form.
    #[inline]
    fn identical(&self, a: u32, b: u32) -> bool {
        a == b
    }
}

impl FormTable {
    /// The settled node of form `id` and the idle parts below it.
    fn settled(&mut self, id: u32) -> (Node, Vec<Node>) {
        if let Some(s) = self.settled.get(&id) {
            return s.clone();
        }
        let f = self.forms[id as usize];
        let settled = match f.kind {
            Kind::Leaf => (Node::Leaf(Exact::Small(f.value)), Vec::new()),
            kind => self.settle(kind, &f.parts, f.value),
        };
        self.settled.insert(id, settled.clone());
        settled
    }

    /// Settles a flattened chain of kind `kind` worth `value` made of
    /// `parts`: its core node and its idle parts.
    pub(super) fn settle(
        &mut self,
        kind: Kind,
        parts: &PartList,
        value: Rational,
    ) -> (Node, Vec<Node>) {
        let mut pool = Vec::new();
        let mut children = Vec::with_capacity(usize::from(parts.len));
        for &p in parts.as_slice() {
            let (inverted, id) = flagged(p);
            let (node, idle) = self.settled(id);
            pool.extend(idle);
            children.push((inverted, node));
        }
        let value = Exact::Small(value);
        let node = match kind {
            Kind::Sum => settle_sum(value, children, &mut pool),
            _ => settle_product(value, children, &mut pool),
        };
        (node, pool)
    }

    /// The tidy expression of a flattened chain without idle parts, as
    /// [`Canonical::to_expr`](crate::Canonical::to_expr) writes its class,
    /// with its value; `None` if a step overflows.
    pub(super) fn tidy(&self, kind: Kind, parts: &PartList) -> Option<(Expr, Rational)> {
        let (direct, inverse) = kind.ops()?;
        let mut order = *parts;
        let n = usize::from(order.len);
        let key = |p: u32| {
            let f = &self.forms[(p >> 1) as usize];
            layout_key(p & 1 == 1, f.kind == Kind::Leaf, f.value)
        };
        order.ids[..n].sort_by(|&x, &y| {
            key(x)
                .cmp(&key(y))
                .then_with(|| compare_parts(self, flagged(x), flagged(y)))
        });
        let mut acc: Option<(Expr, Rational)> = None;
        for &p in order.as_slice() {
            let (inverted, id) = flagged(p);
            let (e, v) = self.tidy_form(id)?;
            acc = Some(match acc {
                // Nothing direct comes first: no tidy form without a 1.
                None if inverted => return None,
                None => (e, v),
                Some((le, lv)) => {
                    let op = if inverted { inverse } else { direct };
                    let value = apply_fast(op, &lv, &v).ok()?;
                    (Expr::bin(op, le, e), value)
                }
            });
        }
        acc
    }

    fn tidy_form(&self, id: u32) -> Option<(Expr, Rational)> {
        let f = &self.forms[id as usize];
        match f.kind {
            Kind::Leaf => Some((Expr::Num(f.value), f.value)),
            kind => self.tidy(kind, &f.parts),
        }
    }
}
