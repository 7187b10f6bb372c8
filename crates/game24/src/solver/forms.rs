//! Interned flattened forms: the expressions the fast path lists, each
//! written once in a table and named by an id.
//!
//! A form is an expression flattened by the canonical form's own rule
//! ([`join_parts`]): a leaf, or a sum or product of flagged parts (ids of
//! other forms), sorted by id. Equal expressions up to grouping get one
//! id, so listing compares whole solutions by comparing a few ids, and
//! the forms of a sub-hand are shared between hands
//! ([`super::listing`]). Only positive hands come here, and every
//! intermediate value is at least zero, so no signs come out.
//!
//! A form records whether the canonical form's *idle* rules (a factor
//! worth 1, a part both added and subtracted, a whole worth 0, …) may
//! apply to it or to a part below it. Forms without idle parts are
//! equivalent exactly when they are equal; the others are settled by the
//! canonical form's own rules ([`super::form_canon`]).

use rustc_hash::FxHashMap;

use super::sub_hand::MAX_FAST_NUMBERS;
use crate::Rational;
use crate::canon::Kind;
use crate::canon::Node;
use crate::canon::rules::join_parts;
use crate::expr::{Expr, Op};

/// The parts of a flattened sum or product: `id << 1 | flag`, where the
/// flag marks a subtracted term or a divisor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct PartList {
    pub(super) ids: [u32; MAX_FAST_NUMBERS],
    pub(super) len: u8,
}

/// A part of a [`PartList`] as `(flag, id)`.
#[inline]
pub(super) fn flagged(part: u32) -> (bool, u32) {
    (part & 1 == 1, part >> 1)
}

impl PartList {
    const EMPTY: PartList = PartList {
        ids: [0; MAX_FAST_NUMBERS],
        len: 0,
    };

    pub(super) fn as_slice(&self) -> &[u32] {
        &self.ids[..usize::from(self.len)]
    }

    fn push(&mut self, (flag, id): (bool, u32)) {
        // A fast-path hand has at most MAX_FAST_NUMBERS numbers, hence
        // parts.
        self.ids[usize::from(self.len)] = id << 1 | u32::from(flag);
        self.len += 1;
    }

    fn sort(&mut self) {
        // Insertion sort: at most MAX_FAST_NUMBERS parts.
        let n = usize::from(self.len);
        for i in 1..n {
            let mut j = i;
            while j > 0 && self.ids[j - 1] > self.ids[j] {
                self.ids.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

impl Extend<(bool, u32)> for PartList {
    #[inline]
    fn extend<I: IntoIterator<Item = (bool, u32)>>(&mut self, parts: I) {
        for part in parts {
            self.push(part);
        }
    }
}

/// An interned flattened form.
#[derive(Clone, Copy, Debug)]
pub(super) struct Form {
    pub(super) kind: Kind,
    pub(super) value: Rational,
    pub(super) parts: PartList,
    /// Whether the form or a part at any depth has a factor worth 1 or a
    /// part both added and subtracted (multiplied and divided): then the
    /// idle rules of the canonical form may apply.
    idle: bool,
    /// One binary expression it came from (`op`, left, right): a tree
    /// whose every intermediate value is known to fit.
    origin: (Op, u32, u32),
}

/// A compound form as one number: its kind and its sorted parts, 24 bits
/// each (ids stay below the solver's limit on forms, far below
/// `1 << 23`).
pub(super) fn packed(kind: Kind, parts: &PartList) -> u128 {
    let rank = match kind {
        Kind::Leaf => 0,
        Kind::Sum => 1,
        Kind::Prod => 2,
    };
    parts
        .as_slice()
        .iter()
        .fold(rank, |k, &p| k << 24 | u128::from(p + 1))
}

/// Whether a compound form is worth 0 or is a product worth 1: then the
/// canonical form's rules for those apply to it (a zero absorbs; a sum
/// worth 0 or product worth 1 reads the same flipped), which its flattened
/// form alone does not show.
fn unit_or_zero(kind: Kind, value: &Rational) -> bool {
    *value.numer() == 0 || (kind == Kind::Prod && *value.numer() == 1 && *value.denom() == 1)
}

/// The forms a solver has made, interned.
#[derive(Clone, Debug, Default)]
pub(super) struct FormTable {
    pub(super) forms: Vec<Form>,
    interned: FxHashMap<u128, u32>,
    /// The leaf form of each number seen (by index), once made.
    leaves: Vec<Option<u32>>,
    /// The settled node of each form with idle parts, and the idle parts
    /// below it, once computed ([`super::form_canon`]).
    pub(super) settled: FxHashMap<u32, (Node, Vec<Node>)>,
}

impl FormTable {
    pub(super) fn len(&self) -> usize {
        self.forms.len()
    }

    pub(super) fn clear(&mut self) {
        self.forms.clear();
        self.interned.clear();
        self.leaves.clear();
        self.settled.clear();
    }

    /// Makes room for the forms of a survey (thousands), once.
    pub(super) fn reserve_once(&mut self) {
        if self.forms.capacity() == 0 {
            self.forms.reserve(1 << 12);
        }
    }

    /// The leaf form of the number of index `i` (worth `value`).
    pub(super) fn leaf(&mut self, i: u8, value: Rational) -> u32 {
        let i = usize::from(i);
        if self.leaves.len() <= i {
            self.leaves.resize(i + 1, None);
        }
        if let Some(id) = self.leaves[i] {
            return id;
        }
        let id = self.forms.len() as u32;
        self.forms.push(Form {
            kind: Kind::Leaf,
            value,
            parts: PartList::EMPTY,
            idle: false,
            origin: (Op::Add, id, id),
        });
        self.leaves[i] = Some(id);
        id
    }

    /// Adds form `id` to a chain of kind `kind` as the canonical form
    /// joins a part ([`join_parts`]), inverted if `inverted`.
    #[inline]
    fn join(&self, chain: &mut PartList, id: u32, kind: Kind, inverted: bool) {
        let f = &self.forms[id as usize];
        if f.kind == kind {
            join_parts(
                chain,
                inverted,
                f.parts.as_slice().iter().map(|&p| flagged(p)),
            );
        } else {
            chain.push((inverted, id));
        }
    }

    /// The flattened chain `l op r` (`l`, `r` form ids), its parts sorted
    /// by id, and whether the idle rules may apply to it.
    pub(super) fn flatten(&self, op: Op, l: u32, r: u32) -> (Kind, PartList, bool) {
        let (kind, inverted) = Kind::of_op(op);
        let mut parts = PartList::EMPTY;
        self.join(&mut parts, l, kind, false);
        self.join(&mut parts, r, kind, inverted);
        parts.sort();
        let ps = parts.as_slice();
        let mut idle = self.forms[l as usize].idle || self.forms[r as usize].idle;
        // A part both added and subtracted: `id << 1` next to `id << 1 | 1`.
        idle |= ps.windows(2).any(|w| w[0] & 1 == 0 && w[1] == w[0] | 1);
        if kind == Kind::Prod {
            let one = Rational::from_integer(1);
            idle |= ps
                .iter()
                .any(|&p| self.forms[(p >> 1) as usize].value == one);
        }
        (kind, parts, idle)
    }

    fn push(
        &mut self,
        kind: Kind,
        value: Rational,
        parts: PartList,
        idle: bool,
        origin: (Op, u32, u32),
    ) -> u32 {
        let id = self.forms.len() as u32;
        self.forms.push(Form {
            kind,
            value,
            parts,
            idle,
            origin,
        });
        id
    }

    /// The id of the form of `l op r` (worth `value`), made if new.
    pub(super) fn intern(&mut self, op: Op, l: u32, r: u32, value: Rational) -> u32 {
        let (kind, parts, idle) = self.flatten(op, l, r);
        let idle = idle || unit_or_zero(kind, &value);
        let key = packed(kind, &parts);
        if let Some(&id) = self.interned.get(&key) {
            return id;
        }
        let id = self.push(kind, value, parts, idle, (op, l, r));
        self.interned.insert(key, id);
        id
    }

    /// [`FormTable::intern`] for the forms of one value of one triple:
    /// they can only equal each other (their leaves are that triple's
    /// numbers, and the forms of one triple worth one value are made
    /// once), so they are told apart in `local` rather than in the table.
    #[inline]
    pub(super) fn intern_local(
        &mut self,
        op: Op,
        l: u32,
        r: u32,
        value: Rational,
        local: &mut Vec<(u128, u32)>,
    ) -> u32 {
        let (kind, parts, idle) = self.flatten(op, l, r);
        let idle = idle || unit_or_zero(kind, &value);
        let key = packed(kind, &parts);
        if let Some(&(_, id)) = local.iter().find(|e| e.0 == key) {
            return id;
        }
        let id = self.push(kind, value, parts, idle, (op, l, r));
        local.push((key, id));
        id
    }

    /// One expression of form `id`: the binary steps it was made by.
    pub(super) fn origin_expr(&self, id: u32) -> Expr {
        let f = &self.forms[id as usize];
        match f.kind {
            Kind::Leaf => Expr::Num(f.value),
            _ => {
                let (op, l, r) = f.origin;
                Expr::bin(op, self.origin_expr(l), self.origin_expr(r))
            }
        }
    }
}
