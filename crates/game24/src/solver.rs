//! [`Solver`]: one target, many hands, with the results for small
//! sub-hands shared between hands.
//!
//! The fast path (two to four positive numbers, a positive target) works
//! by dynamic programming over sub-multisets of the hand. For each
//! sub-hand of two or three numbers it keeps, once per solver:
//!
//! - for yes/no, the set of values it can make (sorted, distinct);
//! - for listing, the set of expressions it can make, each in flattened
//!   form (see below), interned so that equal forms share one id.
//!
//! The whole hand is then split into two sides in every way; the last step
//! is a lookup: for each value `x` of one side, the six values `y` with
//! `x op y = target` or `y op x = target` are searched among the other
//! side's values. Intermediate values stay at least zero, as in the
//! general search (every class of solutions has such a member when the
//! numbers and the target are positive).
//!
//! Flattened forms are the canonical form without its "idle" rules: sums
//! and products flattened into sorted lists of signed parts. Two solutions
//! whose forms have no factor worth 1 and no part that appears both added
//! and subtracted (or multiplied and divided) are equivalent exactly when
//! their forms are equal, so those are deduplicated by comparing forms; the
//! rest (a `×1`, an `x-x`, …) go through [`Canonical::of`] like the general
//! search does.
//!
//! Anything the fast path does not cover (more numbers, a number or a
//! target that is not positive, a target of 1, a value that overflows)
//! goes to the general search, which gives the same answers.

use std::cmp::{Ordering, Reverse};

use rustc_hash::FxHashMap;

use crate::board::apply_fast;
use crate::canon::Canonical;
use crate::error::{EvalError, GameError};
use crate::expr::{Expr, Op};
use crate::game::{Game, MAX_NUMBERS};
use crate::{Ops, Rational};

/// The most numbers a hand may have for the fast path.
const FAST: usize = 4;

/// Caches are emptied (between two hands) when they grow past these.
const MAX_NUMBERS_SEEN: usize = 255;
const MAX_FORMS: usize = 1 << 18;

/// A rational as (numerator, denominator) in lowest terms: equality of
/// keys is equality of values, and the key order is a cheap total order
/// (not the numeric one) for sorting and searching.
type K = (i64, i64);

fn key(r: &Rational) -> K {
    (*r.numer(), *r.denom())
}

/// A sub-hand: indices into the solver's table of numbers, sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sub {
    idx: [u8; FAST],
    len: u8,
}

impl Sub {
    fn slice(&self) -> &[u8] {
        &self.idx[..usize::from(self.len)]
    }

    /// The sub-hand as one number: its indices plus one, a byte each.
    fn key(&self) -> u32 {
        self.slice()
            .iter()
            .fold(0, |k, &i| k << 8 | (u32::from(i) + 1))
    }
}

/// Why the fast path handed a hand to the general search.
struct Fallback;

impl From<EvalError> for Fallback {
    fn from(_: EvalError) -> Fallback {
        Fallback
    }
}

/// What a sub-hand of two or three numbers can make (yes/no).
#[derive(Clone, Debug)]
struct ValueSet {
    /// Its values, sorted by key, distinct.
    vals: Vec<Rational>,
    /// Bit `a` set when the integer `a` (below 64) makes the target with
    /// one of the values.
    mask: u64,
    /// The values that make the target with one of its values, sorted by
    /// key, distinct (kept for sub-hands of two numbers only).
    fins: Vec<K>,
}

/// The forms of one value in a [`FormList`].
#[derive(Clone, Copy, Debug)]
struct Group {
    value: Rational,
    start: u32,
    end: u32,
    /// [`finishers`] of the value, as keys (sub-hands of at most two
    /// numbers only).
    fin: [Option<K>; 6],
}

/// What a sub-hand can make (listing).
#[derive(Clone, Debug, Default)]
struct FormList {
    /// Form ids, grouped by value.
    ids: Vec<u32>,
    /// The values, sorted by key.
    groups: Vec<Group>,
    /// The groups' keys (searched).
    keys: Vec<K>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Leaf,
    Sum,
    Prod,
}

impl Kind {
    fn rank(self) -> u8 {
        match self {
            Kind::Leaf => 0,
            Kind::Sum => 1,
            Kind::Prod => 2,
        }
    }
}

/// The parts of a flattened sum or product: `id << 1 | flag`, where the
/// flag marks a subtracted term or a divisor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Parts {
    ids: [u32; FAST],
    len: u8,
}

impl Parts {
    const EMPTY: Parts = Parts {
        ids: [0; FAST],
        len: 0,
    };

    fn as_slice(&self) -> &[u32] {
        &self.ids[..usize::from(self.len)]
    }

    fn push(&mut self, p: u32) {
        // A fast-path hand has at most FAST numbers, hence parts.
        self.ids[usize::from(self.len)] = p;
        self.len += 1;
    }

    fn sort(&mut self) {
        let n = usize::from(self.len);
        self.ids[..n].sort_unstable();
    }
}

/// An interned flattened form.
#[derive(Clone, Copy, Debug)]
struct Form {
    kind: Kind,
    value: Rational,
    parts: Parts,
    /// Whether the form or a part at any depth has a factor worth 1 or a
    /// part both added and subtracted (multiplied and divided): then the
    /// idle rules of the canonical form may apply.
    idle: bool,
    /// One binary expression it came from (`op`, left, right): a tree
    /// whose every intermediate value is known to fit.
    origin: (Op, u32, u32),
}

/// A node of the canonical form (`canon::Node`), interned: parts as
/// `id << 1 | flag`, in the canonical form's order.
#[derive(Clone, Copy, Debug)]
struct CNode {
    kind: Kind,
    value: Rational,
    parts: Parts,
}

/// `canon::Part` over interned canonical nodes: the node, its sign, and
/// the idle parts met below it (a multiset, sorted by id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct CPart {
    node: u32,
    negative: bool,
    idle: Parts,
}

/// A compound form as one number: its kind and its sorted parts, 24 bits
/// each (ids stay below [`MAX_FORMS`], far below `1 << 23`).
fn pack(kind: Kind, parts: &Parts) -> u128 {
    parts
        .as_slice()
        .iter()
        .fold(u128::from(kind.rank()), |k, &p| k << 24 | u128::from(p + 1))
}

/// Every (op, swap) the final step or a combination may use, with the
/// flag of the operation.
const STEPS: [(Op, bool, Ops); 6] = [
    (Op::Add, false, Ops::ADD),
    (Op::Mul, false, Ops::MUL),
    (Op::Sub, false, Ops::SUB),
    (Op::Sub, true, Ops::SUB),
    (Op::Div, false, Ops::DIV),
    (Op::Div, true, Ops::DIV),
];

/// A solver for one target that answers for many hands, remembering what
/// small parts of the hands (two or three numbers) can make, so that hands
/// sharing those parts share the work.
///
/// Use one for a survey or any batch of hands with the same target and
/// operations: for the 1820 hands of four numbers from 1..13 it answers
/// yes/no and lists every distinct solution several times faster than a
/// [`Game`] per hand. Answers are exactly those of [`Game::solvable`] and
/// [`Game::solutions`] (the general search, which tests compare it with);
/// only the order of a list may differ.
///
/// The fast path covers two to four numbers, all positive, and a positive
/// target (other than 1 when listing); other hands go to the general
/// search. The memory it keeps is bounded (it starts afresh past a limit).
///
/// ```
/// use kongming_game24::{Solver, hands};
///
/// let mut solver = Solver::new(24);
/// let mut solvable = 0;
/// let mut solutions = 0;
/// for hand in hands(4, 1, 13) {
///     solvable += usize::from(solver.solvable(&hand)?);
///     solutions += solver.solutions(&hand)?.len();
/// }
/// assert_eq!((solvable, solutions), (1362, 3017));
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    target: Rational,
    ops: Ops,
    /// The numbers seen so far, and their indices.
    numbers: Vec<Rational>,
    index: FxHashMap<K, u8>,
    /// What each sub-hand (by [`Sub::key`]) can make: its position in
    /// `sets`, and in `lists`.
    set_of: FxHashMap<u32, u32>,
    sets: Vec<ValueSet>,
    list_of: FxHashMap<u32, u32>,
    lists: Vec<FormList>,
    forms: Vec<Form>,
    interned: FxHashMap<u128, u32>,
    /// The leaf form of each number seen (by index), once made.
    leaves: Vec<Option<u32>>,
    /// The canonical form's part for each form (see [`CPart`]), once
    /// computed.
    cparts: Vec<Option<CPart>>,
    /// Canonical nodes, interned.
    cnodes: Vec<CNode>,
    cinterned: FxHashMap<(Kind, Parts, K), u32>,
    /// Scratch space for one hand's listing.
    found: Vec<(Op, u32, u32)>,
    seen: Vec<u128>,
}

impl Solver {
    /// A solver for `target` with the four operations.
    ///
    /// ```
    /// use kongming_game24::{Rational, Solver};
    ///
    /// let mut solver = Solver::new(Rational::new(3, 2));
    /// assert!(solver.solvable(&[Rational::new(1, 2), Rational::from_integer(3)])?);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn new(target: impl Into<Rational>) -> Solver {
        Solver {
            target: target.into(),
            ops: Ops::all(),
            numbers: Vec::new(),
            index: FxHashMap::default(),
            set_of: FxHashMap::default(),
            sets: Vec::new(),
            list_of: FxHashMap::default(),
            lists: Vec::new(),
            forms: Vec::new(),
            interned: FxHashMap::default(),
            leaves: Vec::new(),
            cparts: Vec::new(),
            cnodes: Vec::new(),
            cinterned: FxHashMap::default(),
            found: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Allows only `ops`.
    ///
    /// ```
    /// use kongming_game24::{Ops, Solver};
    ///
    /// let mut solver = Solver::new(24).with_ops(Ops::ADD | Ops::SUB | Ops::MUL);
    /// assert!(!solver.solvable(&[3, 3, 8, 8])?);
    /// assert!(solver.solvable(&[1, 2, 3, 4])?);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    #[must_use]
    pub fn with_ops(mut self, ops: Ops) -> Solver {
        self.ops = ops;
        self.clear();
        self
    }

    /// The target.
    ///
    /// ```
    /// use kongming_game24::{Rational, Solver};
    /// assert_eq!(Solver::new(10).target(), Rational::from_integer(10));
    /// ```
    pub fn target(&self) -> Rational {
        self.target
    }

    /// The operations allowed.
    ///
    /// ```
    /// use kongming_game24::{Ops, Solver};
    /// assert_eq!(Solver::new(24).ops(), Ops::all());
    /// ```
    pub fn ops(&self) -> Ops {
        self.ops
    }

    fn clear(&mut self) {
        self.numbers.clear();
        self.index.clear();
        self.set_of.clear();
        self.sets.clear();
        self.list_of.clear();
        self.lists.clear();
        self.forms.clear();
        self.interned.clear();
        self.leaves.clear();
        self.cparts.clear();
        self.cnodes.clear();
        self.cinterned.clear();
    }

    fn game<T: Copy + Into<Rational>>(&self, numbers: &[T]) -> Result<Game, GameError> {
        Ok(Game::new(numbers, self.target)?.with_ops(self.ops))
    }

    /// The hand as a sub-hand, if the fast path applies to it.
    fn fast_hand<T: Copy + Into<Rational>>(&mut self, numbers: &[T], listing: bool) -> Option<Sub> {
        let n = numbers.len();
        let positive = |v: &Rational| *v.numer() > 0;
        if !(2..=FAST).contains(&n)
            || self.ops.is_empty()
            || !positive(&self.target)
            || (listing && self.target == Rational::from_integer(1))
        {
            return None;
        }
        if self.numbers.len() + n > MAX_NUMBERS_SEEN || self.forms.len() > MAX_FORMS {
            self.clear();
        }
        let mut hand = Sub {
            idx: [0; FAST],
            len: n as u8,
        };
        for (slot, &x) in hand.idx.iter_mut().zip(numbers) {
            let x: Rational = x.into();
            if !positive(&x) {
                return None;
            }
            *slot = match self.index.get(&key(&x)) {
                Some(&i) => i,
                None => {
                    let i = self.numbers.len() as u8;
                    self.numbers.push(x);
                    self.index.insert(key(&x), i);
                    i
                }
            };
        }
        hand.idx[..n].sort_unstable();
        Some(hand)
    }

    /// Whether `numbers` make the target; see [`Game::solvable`].
    ///
    /// ```
    /// use kongming_game24::Solver;
    ///
    /// let mut solver = Solver::new(24);
    /// assert!(solver.solvable(&[3, 3, 8, 8])?);
    /// assert!(!solver.solvable(&[1, 1, 1, 1])?);
    /// assert!(solver.solvable(&[1, 1, 1, 11, 13])?); // five: the general search
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn solvable<T: Copy + Into<Rational>>(&mut self, numbers: &[T]) -> Result<bool, GameError> {
        match self.fast_solvable_of(numbers) {
            Some(answer) => Ok(answer),
            None => self.game(numbers)?.general_solvable(),
        }
    }

    /// The fast path's answer, if it applies.
    pub(crate) fn fast_solvable_of<T: Copy + Into<Rational>>(
        &mut self,
        numbers: &[T],
    ) -> Option<bool> {
        let hand = self.fast_hand(numbers, false)?;
        self.fast_solvable(hand).ok()
    }

    /// The fast path's list, if it applies.
    pub(crate) fn fast_solutions_of<T: Copy + Into<Rational>>(
        &mut self,
        numbers: &[T],
    ) -> Option<Vec<Expr>> {
        let hand = self.fast_hand(numbers, true)?;
        self.fast_solutions(hand).ok()
    }

    /// Every distinct solution of `numbers`; see [`Game::solutions`]. The
    /// same classes of solutions, each written in its tidy form
    /// ([`Canonical::to_expr`]); the order of the list is unspecified.
    ///
    /// ```
    /// use kongming_game24::Solver;
    ///
    /// let mut solver = Solver::new(24);
    /// let all: Vec<String> = solver.solutions(&[3, 3, 8, 8])?.iter().map(|e| e.to_string()).collect();
    /// assert_eq!(all, ["8/(3-8/3)"]);
    /// assert_eq!(solver.solutions(&[1, 2, 3, 4])?.len(), 3);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn solutions<T: Copy + Into<Rational>>(
        &mut self,
        numbers: &[T],
    ) -> Result<Vec<Expr>, GameError> {
        match self.fast_solutions_of(numbers) {
            Some(list) => Ok(list),
            None => self.game(numbers)?.general_solutions(),
        }
    }

    // ---- yes/no ----------------------------------------------------------

    /// The position in `sets` of what `sub` (two or more numbers) makes.
    fn set(&mut self, sub: Sub) -> Result<usize, Fallback> {
        if let Some(&at) = self.set_of.get(&sub.key()) {
            return Ok(at as usize);
        }
        let mut vals = Vec::new();
        let (list, count) = splits(sub);
        for &(a, b) in &list[..count] {
            let va = self.values(a)?;
            let vb = self.values(b)?;
            for x in &va {
                for y in &vb {
                    for &(op, swap, flag) in &STEPS {
                        if !self.ops.contains(flag) {
                            continue;
                        }
                        let (l, r) = if swap { (y, x) } else { (x, y) };
                        match apply_fast(op, l, r) {
                            Ok(v) if *v.numer() >= 0 => vals.push(v),
                            Ok(_) | Err(EvalError::DivisionByZero) => {}
                            Err(_) => return Err(Fallback),
                        }
                    }
                }
            }
        }
        vals.sort_unstable_by_key(key);
        vals.dedup_by_key(|v| key(v));
        let mut mask = 0u64;
        let mut fins = Vec::new();
        for v in &vals {
            mask |= small_mask(v, &self.target, self.ops);
            if sub.len == 2 {
                for f in finishers(v, &self.target, self.ops).iter().flatten() {
                    fins.push(key(f));
                }
            }
        }
        fins.sort_unstable();
        fins.dedup();
        let at = self.sets.len();
        self.sets.push(ValueSet { vals, mask, fins });
        self.set_of.insert(sub.key(), at as u32);
        Ok(at)
    }

    /// The values `sub` makes (a copy, to combine two of them).
    fn values(&mut self, sub: Sub) -> Result<Vec<Rational>, Fallback> {
        if sub.len == 1 {
            return Ok(vec![self.numbers[usize::from(sub.idx[0])]]);
        }
        let at = self.set(sub)?;
        Ok(self.sets[at].vals.clone())
    }

    fn fast_solvable(&mut self, hand: Sub) -> Result<bool, Fallback> {
        let (list, count) = splits(hand);
        // Splits with a single number first: a mask or a few lookups.
        for &(a, b) in &list[..count] {
            let (one, rest) = match (a.len, b.len) {
                (1, _) => (a, b),
                (_, 1) => (b, a),
                _ => continue,
            };
            let x = self.numbers[usize::from(one.idx[0])];
            if rest.len == 1 {
                let y = key(&self.numbers[usize::from(rest.idx[0])]);
                if finishers(&x, &self.target, self.ops)
                    .iter()
                    .flatten()
                    .any(|f| key(f) == y)
                {
                    return Ok(true);
                }
                continue;
            }
            let at = self.set(rest)?;
            let set = &self.sets[at];
            let hit = match small(&x) {
                Some(bit) => set.mask >> bit & 1 == 1,
                None => finishers(&x, &self.target, self.ops)
                    .iter()
                    .flatten()
                    .any(|f| set.vals.binary_search_by_key(&key(f), key).is_ok()),
            };
            if hit {
                return Ok(true);
            }
        }
        for &(a, b) in &list[..count] {
            if a.len == 1 || b.len == 1 {
                continue;
            }
            let (two, other) = if a.len == 2 { (a, b) } else { (b, a) };
            let (at, bt) = (self.set(two)?, self.set(other)?);
            let fins = &self.sets[at].fins;
            if self.sets[bt]
                .vals
                .iter()
                .any(|y| fins.binary_search(&key(y)).is_ok())
            {
                return Ok(true);
            }
        }
        Ok(false)
    }

    // ---- listing ---------------------------------------------------------

    /// The leaf form of the number of index `i`.
    fn leaf(&mut self, i: u8) -> u32 {
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
            value: self.numbers[i],
            parts: Parts::EMPTY,
            idle: false,
            origin: (Op::Add, id, id),
        });
        self.leaves[i] = Some(id);
        id
    }

    /// Adds the parts of form `id` to a flattened node of kind `kind`,
    /// flipping their flags if `flip`.
    fn splice(&self, out: &mut Parts, id: u32, kind: Kind, flip: bool) {
        let f = &self.forms[id as usize];
        if f.kind == kind {
            for &p in f.parts.as_slice() {
                out.push(p ^ u32::from(flip));
            }
        } else {
            out.push(id << 1 | u32::from(flip));
        }
    }

    /// The flattened node `l op r` (`l`, `r` form ids) and whether the idle
    /// rules may apply to it.
    fn combine(&self, op: Op, l: u32, r: u32) -> (Kind, Parts, bool) {
        let kind = match op {
            Op::Add | Op::Sub => Kind::Sum,
            Op::Mul | Op::Div => Kind::Prod,
        };
        let flip = matches!(op, Op::Sub | Op::Div);
        let mut parts = Parts::EMPTY;
        self.splice(&mut parts, l, kind, false);
        self.splice(&mut parts, r, kind, flip);
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

    fn intern(&mut self, op: Op, l: u32, r: u32, value: Rational) -> u32 {
        let (kind, parts, idle) = self.combine(op, l, r);
        let fk = pack(kind, &parts);
        if let Some(&id) = self.interned.get(&fk) {
            return id;
        }
        let id = self.forms.len() as u32;
        self.forms.push(Form {
            kind,
            value,
            parts,
            idle,
            origin: (op, l, r),
        });
        self.interned.insert(fk, id);
        id
    }

    /// The position in `lists` of the forms `sub` makes.
    fn list(&mut self, sub: Sub) -> Result<usize, Fallback> {
        if let Some(&at) = self.list_of.get(&sub.key()) {
            return Ok(at as usize);
        }
        let mut out: Vec<(K, u32)> = Vec::new();
        if sub.len == 1 {
            let v = self.numbers[usize::from(sub.idx[0])];
            let id = self.leaf(sub.idx[0]);
            out.push((key(&v), id));
        } else {
            let (list, count) = splits(sub);
            for &(a, b) in &list[..count] {
                let la = self.list(a)?;
                let lb = self.list(b)?;
                out.reserve(6 * self.lists[la].ids.len() * self.lists[lb].ids.len());
                for i in 0..self.lists[la].ids.len() {
                    let x = self.lists[la].ids[i];
                    for j in 0..self.lists[lb].ids.len() {
                        let y = self.lists[lb].ids[j];
                        let (xv, yv) = (self.forms[x as usize].value, self.forms[y as usize].value);
                        for &(op, swap, flag) in &STEPS {
                            if !self.ops.contains(flag) {
                                continue;
                            }
                            let (l, r, lv, rv) = if swap { (y, x, yv, xv) } else { (x, y, xv, yv) };
                            match apply_fast(op, &lv, &rv) {
                                Ok(v) if *v.numer() >= 0 => {
                                    let id = self.intern(op, l, r, v);
                                    out.push((key(&v), id));
                                }
                                Ok(_) | Err(EvalError::DivisionByZero) => {}
                                Err(_) => return Err(Fallback),
                            }
                        }
                    }
                }
            }
            out.sort_unstable();
            out.dedup();
        }
        let mut list = FormList::default();
        let mut k = 0;
        while k < out.len() {
            let end = k + out[k..].iter().take_while(|e| e.0 == out[k].0).count();
            let value = self.forms[out[k].1 as usize].value;
            let fin = if sub.len <= 2 {
                finishers(&value, &self.target, self.ops).map(|f| f.as_ref().map(key))
            } else {
                [None; 6]
            };
            list.groups.push(Group {
                value,
                start: k as u32,
                end: end as u32,
                fin,
            });
            k = end;
        }
        list.ids = out.into_iter().map(|e| e.1).collect();
        list.keys = list.groups.iter().map(|g| key(&g.value)).collect();
        let at = self.lists.len();
        self.lists.push(list);
        self.list_of.insert(sub.key(), at as u32);
        Ok(at)
    }

    fn fast_solutions(&mut self, hand: Sub) -> Result<Vec<Expr>, Fallback> {
        let target = self.target;
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        let mut seen_idle: Vec<CPart> = Vec::new();
        let mut out = Vec::new();
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        let (list, count) = splits(hand);
        for &(a, b) in &list[..count] {
            // The side with fewer numbers is the outer one (it has the
            // finishers of its values).
            let (a, b) = if a.len <= b.len { (a, b) } else { (b, a) };
            let (la, lb) = (self.list(a)?, self.list(b)?);
            let (outer, inner) = (&self.lists[la], &self.lists[lb]);
            for g in &outer.groups {
                for (step, f) in g.fin.iter().enumerate() {
                    let Some(f) = f else { continue };
                    let Ok(at) = inner.keys.binary_search(f) else {
                        continue;
                    };
                    let h = &inner.groups[at];
                    for &y in &inner.ids[h.start as usize..h.end as usize] {
                        for &x in &outer.ids[g.start as usize..g.end as usize] {
                            found.push(step_expr(step, x, y));
                        }
                    }
                }
            }
        }
        for &(op, l, r) in &found {
            let (kind, parts, idle) = self.combine(op, l, r);
            if !idle {
                let packed = pack(kind, &parts);
                if seen.contains(&packed) {
                    continue;
                }
                seen.push(packed);
                out.push(match self.tidy(kind, &parts) {
                    Some((e, v)) if v == target => e,
                    _ => Expr::bin(op, self.origin_expr(l), self.origin_expr(r)),
                });
            } else {
                let (pl, pr) = (self.cpart(l)?, self.cpart(r)?);
                let c = self.cbin(op, pl, pr)?;
                if seen_idle.contains(&c) {
                    continue;
                }
                seen_idle.push(c);
                // The first of its class: written as the general search
                // writes it.
                let e = Expr::bin(op, self.origin_expr(l), self.origin_expr(r));
                let c = Canonical::of(&e)?;
                let tidy = c
                    .to_expr()
                    .filter(|t| t.eval() == Ok(target) && Canonical::of(t).as_ref() == Ok(&c));
                out.push(tidy.unwrap_or(e));
            }
        }
        self.seen = seen;
        self.found = found;
        Ok(out)
    }

    // ---- the canonical form on interned nodes ----------------------------
    //
    // A mirror of `canon.rs` (`norm`, `sum`, `product`, `cancel_pairs`) over
    // interned nodes, so that a part is computed once per form and shared
    // between hands. Only used for forms the idle rules may apply to; a
    // test checks that it sorts solutions into the same classes as
    // `Canonical::of`.

    fn cleaf(&mut self, v: Rational) -> u32 {
        self.cintern(Kind::Leaf, Parts::EMPTY, v)
    }

    fn cintern(&mut self, kind: Kind, parts: Parts, value: Rational) -> u32 {
        let leaf = if kind == Kind::Leaf {
            key(&value)
        } else {
            (0, 0)
        };
        if let Some(&id) = self.cinterned.get(&(kind, parts, leaf)) {
            return id;
        }
        let id = self.cnodes.len() as u32;
        self.cnodes.push(CNode { kind, value, parts });
        self.cinterned.insert((kind, parts, leaf), id);
        id
    }

    /// `canon::Node`'s derived order.
    fn ccmp(&self, a: u32, b: u32) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (na, nb) = (&self.cnodes[a as usize], &self.cnodes[b as usize]);
        na.kind
            .rank()
            .cmp(&nb.kind.rank())
            .then_with(|| na.value.cmp(&nb.value))
            .then_with(|| {
                let (pa, pb) = (na.parts.as_slice(), nb.parts.as_slice());
                for (x, y) in pa.iter().zip(pb) {
                    let o = self.cmp_part(*x, *y);
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                pa.len().cmp(&pb.len())
            })
    }

    /// The order of `(flag, node)` pairs.
    fn cmp_part(&self, x: u32, y: u32) -> Ordering {
        (x & 1)
            .cmp(&(y & 1))
            .then_with(|| self.ccmp(x >> 1, y >> 1))
    }

    fn csort(&self, parts: &mut Parts) {
        let n = usize::from(parts.len);
        parts.ids[..n].sort_by(|&x, &y| self.cmp_part(x, y));
    }

    fn cvalue(&self, id: u32) -> Rational {
        self.cnodes[id as usize].value
    }

    /// The part of form `id` (`canon::norm` of its origin tree).
    fn cpart(&mut self, id: u32) -> Result<CPart, Fallback> {
        if let Some(Some(p)) = self.cparts.get(id as usize) {
            return Ok(*p);
        }
        let f = self.forms[id as usize];
        let part = if f.kind == Kind::Leaf {
            CPart {
                node: self.cleaf(f.value),
                negative: false,
                idle: Parts::EMPTY,
            }
        } else {
            let (op, l, r) = f.origin;
            let (pl, pr) = (self.cpart(l)?, self.cpart(r)?);
            self.cbin(op, pl, pr)?
        };
        if self.cparts.len() <= id as usize {
            self.cparts.resize(self.forms.len(), None);
        }
        self.cparts[id as usize] = Some(part);
        Ok(part)
    }

    fn cbin(&mut self, op: Op, l: CPart, r: CPart) -> Result<CPart, Fallback> {
        let mut idle = l.idle;
        for &x in r.idle.as_slice() {
            idle.push(x);
        }
        match op {
            Op::Add | Op::Sub => self.csum(l, r, op == Op::Sub, idle),
            Op::Mul | Op::Div => self.cproduct(l, r, op == Op::Div, idle),
        }
    }

    fn csplice(&self, out: &mut Parts, node: u32, kind: Kind, flip: bool) {
        let n = &self.cnodes[node as usize];
        if n.kind == kind {
            for &p in n.parts.as_slice() {
                out.push(p ^ u32::from(flip));
            }
        } else {
            out.push(node << 1 | u32::from(flip));
        }
    }

    fn csum(
        &mut self,
        l: CPart,
        r: CPart,
        subtract: bool,
        mut idle: Parts,
    ) -> Result<CPart, Fallback> {
        let signed = |p: &CPart| {
            let v = self.cvalue(p.node);
            if p.negative { -v } else { v }
        };
        let op = if subtract { Op::Sub } else { Op::Add };
        let value = apply_fast(op, &signed(&l), &signed(&r))?;
        let mut terms = Parts::EMPTY;
        self.csplice(&mut terms, l.node, Kind::Sum, l.negative);
        self.csplice(&mut terms, r.node, Kind::Sum, r.negative ^ subtract);
        let negative = *value.numer() < 0;
        if negative {
            for t in &mut terms.ids[..usize::from(terms.len)] {
                *t ^= 1;
            }
        }
        self.ccancel(&mut terms, &mut idle, false);
        idle.sort();
        if terms.len == 1 {
            let t = terms.ids[0];
            return Ok(CPart {
                node: t >> 1,
                negative: negative ^ (t & 1 == 1),
                idle,
            });
        }
        self.csort(&mut terms);
        if *value.numer() == i64::MIN {
            return Err(Fallback);
        }
        let node = self.cintern(Kind::Sum, terms, if negative { -value } else { value });
        Ok(CPart {
            node,
            negative,
            idle,
        })
    }

    fn cproduct(
        &mut self,
        l: CPart,
        r: CPart,
        divide: bool,
        mut idle: Parts,
    ) -> Result<CPart, Fallback> {
        let op = if divide { Op::Div } else { Op::Mul };
        let value = apply_fast(op, &self.cvalue(l.node), &self.cvalue(r.node))?;
        let negative = (l.negative ^ r.negative) && *value.numer() != 0;
        let mut factors = Parts::EMPTY;
        self.csplice(&mut factors, l.node, Kind::Prod, false);
        self.csplice(&mut factors, r.node, Kind::Prod, divide);
        let one = Rational::from_integer(1);
        let is_one = |p: u32| self.cvalue(p >> 1) == one;
        let fs = factors.as_slice();
        let others_on_top = fs.iter().filter(|&&p| p & 1 == 0 && !is_one(p)).count();
        if fs.iter().any(|&p| is_one(p)) {
            let mut ones = Parts::EMPTY;
            let mut rest = Parts::EMPTY;
            for &p in fs {
                if is_one(p) {
                    ones.push(p >> 1);
                } else {
                    rest.push(p);
                }
            }
            factors = rest;
            let mut ones = ones.as_slice().to_vec();
            if others_on_top == 0 {
                ones.sort_by(|&x, &y| self.ccmp(x, y));
                let mut keep = ones.remove(0);
                for x in &mut idle.ids[..usize::from(idle.len)] {
                    if self.cvalue(*x) == one && self.ccmp(*x, keep) == Ordering::Less {
                        std::mem::swap(x, &mut keep);
                    }
                }
                factors.push(keep << 1);
            }
            for x in ones {
                idle.push(x);
            }
        }
        self.ccancel(&mut factors, &mut idle, true);
        idle.sort();
        let node = if factors.len == 1 && factors.ids[0] & 1 == 0 {
            factors.ids[0] >> 1
        } else {
            self.csort(&mut factors);
            self.cintern(Kind::Prod, factors, value)
        };
        Ok(CPart {
            node,
            negative,
            idle,
        })
    }

    /// `canon::cancel_pairs`: pairs `(false, x)`, `(true, x)` go idle, as
    /// a multiset operation; if nothing (nothing direct, with
    /// `keep_direct`) would be left, the least pair stays.
    fn ccancel(&self, parts: &mut Parts, idle: &mut Parts, keep_direct: bool) {
        let ps = parts.as_slice();
        let direct = ps.iter().filter(|&&p| p & 1 == 0).count();
        // (node, how many pairs), distinct nodes.
        let mut pairs = [(0u32, 0usize); FAST];
        let mut count = 0;
        for &p in ps {
            let x = p >> 1;
            if p & 1 == 0 || pairs[..count].iter().any(|q| q.0 == x) {
                continue;
            }
            let up = ps.iter().filter(|&&q| q == x << 1).count();
            let down = ps.iter().filter(|&&q| q == x << 1 | 1).count();
            if up.min(down) > 0 {
                pairs[count] = (x, up.min(down));
                count += 1;
            }
        }
        let pairs = &mut pairs[..count];
        let total: usize = pairs.iter().map(|p| p.1).sum();
        if total == 0 {
            return;
        }
        let left = if keep_direct {
            direct - total
        } else {
            ps.len() - 2 * total
        };
        if left == 0 {
            pairs.sort_by(|a, b| self.ccmp(a.0, b.0));
            pairs[0].1 -= 1;
        }
        for &mut (x, k) in pairs {
            for flag in [0, 1] {
                for _ in 0..k {
                    let n = usize::from(parts.len);
                    if let Some(at) = parts.ids[..n].iter().position(|&q| q == x << 1 | flag) {
                        parts.ids.copy_within(at + 1..n, at);
                        // Unused slots stay zero: parts compare whole.
                        parts.ids[n - 1] = 0;
                        parts.len -= 1;
                    }
                }
            }
            for _ in 0..k {
                idle.push(x);
                idle.push(x);
            }
        }
    }

    fn origin_expr(&self, id: u32) -> Expr {
        let f = &self.forms[id as usize];
        match f.kind {
            Kind::Leaf => Expr::Num(f.value),
            _ => {
                let (op, l, r) = f.origin;
                Expr::bin(op, self.origin_expr(l), self.origin_expr(r))
            }
        }
    }

    /// The order of the canonical form's nodes (`Node`'s derived order:
    /// leaves, sums, products; then value; then parts in canonical order).
    fn cmp_canon(&self, a: u32, b: u32) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (fa, fb) = (&self.forms[a as usize], &self.forms[b as usize]);
        fa.kind
            .rank()
            .cmp(&fb.kind.rank())
            .then_with(|| fa.value.cmp(&fb.value))
            .then_with(|| {
                let (pa, pb) = (self.canon_parts(&fa.parts), self.canon_parts(&fb.parts));
                let (pa, pb) = (pa.as_slice(), pb.as_slice());
                for (x, y) in pa.iter().zip(pb) {
                    let o = (x & 1)
                        .cmp(&(y & 1))
                        .then_with(|| self.cmp_canon(x >> 1, y >> 1));
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                pa.len().cmp(&pb.len())
            })
    }

    fn canon_parts(&self, parts: &Parts) -> Parts {
        let mut p = *parts;
        let n = usize::from(p.len);
        p.ids[..n].sort_by(|x, y| {
            (x & 1)
                .cmp(&(y & 1))
                .then_with(|| self.cmp_canon(x >> 1, y >> 1))
        });
        p
    }

    /// The tidy expression of a flattened node, as [`Canonical::to_expr`]
    /// writes it, with its value; `None` if a step overflows.
    fn tidy(&self, kind: Kind, parts: &Parts) -> Option<(Expr, Rational)> {
        let (direct, inverse) = match kind {
            Kind::Leaf => return None,
            Kind::Sum => (Op::Add, Op::Sub),
            Kind::Prod => (Op::Mul, Op::Div),
        };
        let mut order = *parts;
        let n = usize::from(order.len);
        let display = |p: &u32| {
            let f = &self.forms[(p >> 1) as usize];
            (p & 1, f.kind == Kind::Leaf, Reverse(f.value))
        };
        order.ids[..n].sort_by(|x, y| {
            display(x)
                .cmp(&display(y))
                .then_with(|| self.cmp_canon(x >> 1, y >> 1))
        });
        let mut acc: Option<(Expr, Rational)> = None;
        for &p in order.as_slice() {
            let (e, v) = self.tidy_form(p >> 1)?;
            acc = Some(match acc {
                None if p & 1 == 1 => return None,
                None => (e, v),
                Some((le, lv)) => {
                    let op = if p & 1 == 1 { inverse } else { direct };
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

/// The final step number `step` (an index into [`finishers`]'s list) as a
/// binary step on form ids: `x` is the outer side's, `y` the inner's.
fn step_expr(step: usize, x: u32, y: u32) -> (Op, u32, u32) {
    match step {
        0 => (Op::Add, x, y),
        1 => (Op::Sub, x, y),
        2 => (Op::Sub, y, x),
        3 => (Op::Mul, x, y),
        4 => (Op::Div, x, y),
        _ => (Op::Div, y, x),
    }
}

/// The values `y` with `x op y = t` or `y op x = t`, in the order of
/// [`step_expr`]: `t-x`, `x-t`, `t+x`, `t/x`, `x/t`, `t*x`. `None` where
/// the operation is not allowed, has no such `y` (`x` zero for a product
/// or quotient), or the value does not fit (then no value of a side can
/// equal it).
fn finishers(x: &Rational, t: &Rational, ops: Ops) -> [Option<Rational>; 6] {
    let nonzero = *x.numer() != 0;
    let want = [
        (Ops::ADD, Op::Sub, t, x, true),
        (Ops::SUB, Op::Sub, x, t, true),
        (Ops::SUB, Op::Add, t, x, true),
        (Ops::MUL, Op::Div, t, x, nonzero),
        (Ops::DIV, Op::Div, x, t, nonzero),
        (Ops::DIV, Op::Mul, t, x, nonzero),
    ];
    want.map(|(flag, op, l, r, ok)| {
        if ok && ops.contains(flag) {
            apply_fast(op, l, r).ok()
        } else {
            None
        }
    })
}

/// The integers `a` in `0..64` among [`finishers`]`(v, t, ops)`, as bits;
/// integer arithmetic when the target is an integer.
fn small_mask(v: &Rational, t: &Rational, ops: Ops) -> u64 {
    if *t.denom() != 1 {
        return finishers(v, t, ops)
            .iter()
            .flatten()
            .filter_map(small)
            .fold(0, |m, bit| m | 1 << bit);
    }
    let (t, n, d) = (*t.numer(), *v.numer(), *v.denom());
    let bit = |a: Option<i64>| match a {
        Some(a) if (0..64).contains(&a) => 1u64 << a,
        _ => 0,
    };
    let mut mask = 0;
    if d == 1 {
        if ops.contains(Ops::ADD) {
            mask |= bit(t.checked_sub(n));
        }
        if ops.contains(Ops::SUB) {
            mask |= bit(n.checked_sub(t)) | bit(t.checked_add(n));
        }
        if n != 0 {
            if ops.contains(Ops::MUL) && t.checked_rem(n) == Some(0) {
                mask |= bit(t.checked_div(n));
            }
            if ops.contains(Ops::DIV) {
                if t != 0 && n.checked_rem(t) == Some(0) {
                    mask |= bit(n.checked_div(t));
                }
                mask |= bit(t.checked_mul(n));
            }
        }
    } else if n != 0 {
        // n/d in lowest terms, d > 1: only t*d/n and t*n/d can be integers
        // (v/t = n/(d t) cannot).
        if ops.contains(Ops::MUL)
            && let Some(td) = t.checked_mul(d)
            && td.checked_rem(n) == Some(0)
        {
            mask |= bit(td.checked_div(n));
        }
        if ops.contains(Ops::DIV)
            && let Some(tn) = t.checked_mul(n)
            && tn % d == 0
        {
            mask |= bit(Some(tn / d));
        }
    }
    mask
}

/// `v` if it is an integer in `0..64`.
fn small(v: &Rational) -> Option<u32> {
    (*v.denom() == 1 && (0..64).contains(v.numer())).then(|| *v.numer() as u32)
}

/// The ways to split a sub-hand of 2..=4 numbers into two non-empty
/// sub-hands, each unordered pair of sub-multisets once.
fn splits(sub: Sub) -> ([(Sub, Sub); 7], usize) {
    let n = usize::from(sub.len);
    let empty = Sub {
        idx: [0; FAST],
        len: 0,
    };
    let mut out = [(empty, empty); 7];
    let mut count = 0;
    for mask in (1u32..(1 << n) - 1).step_by(2) {
        let (mut a, mut b) = (empty, empty);
        for (k, &i) in sub.slice().iter().enumerate() {
            let side = if mask >> k & 1 == 1 { &mut a } else { &mut b };
            side.idx[usize::from(side.len)] = i;
            side.len += 1;
        }
        let (ka, kb) = (a.key(), b.key());
        let new = out[..count].iter().all(|(c, d)| {
            let (kc, kd) = (c.key(), d.key());
            !((ka == kc && kb == kd) || (ka == kd && kb == kc))
        });
        if new {
            out[count] = (a, b);
            count += 1;
        }
    }
    (out, count)
}

// `MAX_NUMBERS` bounds the general search; the fast path stays below it.
const _: () = assert!(FAST <= MAX_NUMBERS);

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::hands;

    fn sorted_text(list: &[Expr]) -> Vec<String> {
        let mut text: Vec<String> = list.iter().map(|e| e.to_string()).collect();
        text.sort();
        text
    }

    fn number() -> impl Strategy<Value = Rational> {
        prop_oneof![
            6 => (1i64..=13).prop_map(Rational::from_integer),
            1 => (1i64..=13, 1i64..=5).prop_map(|(n, d)| Rational::new(n, d)),
            1 => (-3i64..=0).prop_map(Rational::from_integer),
        ]
    }

    fn target() -> impl Strategy<Value = Rational> {
        prop_oneof![
            4 => (0i64..=40).prop_map(Rational::from_integer),
            1 => (1i64..=30, 1i64..=6).prop_map(|(n, d)| Rational::new(n, d)),
        ]
    }

    /// The fast path's answers and the general search's, side by side.
    fn agree(hand: &[Rational], t: Rational, ops: Ops) -> Result<(), TestCaseError> {
        let game = Game::new(hand, t).expect("a hand").with_ops(ops);
        let mut solver = Solver::new(t).with_ops(ops);
        if let Some(fast) = solver.fast_solvable_of(hand) {
            prop_assert_eq!(fast, game.general_solvable().expect("no overflow"));
        }
        if let Some(fast) = solver.fast_solutions_of(hand) {
            let general = game.general_solutions().expect("no overflow");
            prop_assert_eq!(sorted_text(&fast), sorted_text(&general), "{}", game);
        }
        Ok(())
    }

    #[test]
    fn fast_path_agrees_on_all_1820_hands() {
        let mut solver = Solver::new(24);
        let mut total = 0;
        for hand in hands(4, 1, 13) {
            let game = Game::new(&hand, 24).expect("a hand");
            let fast = solver.fast_solutions_of(&hand).expect("fast path");
            assert_eq!(
                sorted_text(&fast),
                sorted_text(&game.general_solutions().expect("exact")),
                "{hand:?}"
            );
            let yes = solver.fast_solvable_of(&hand).expect("fast path");
            assert_eq!(yes, !fast.is_empty(), "{hand:?}");
            total += fast.len();
        }
        assert_eq!(total, 3017);
    }

    proptest! {
        #[test]
        fn fast_path_agrees_with_general_search(
            hand in prop::collection::vec(number(), 2..=4),
            t in target(),
            mask in 1u8..16,
        ) {
            agree(&hand, t, Ops::from_bits_truncate(mask))?;
        }

        #[test]
        fn fast_path_agrees_on_small_integers(
            hand in prop::collection::vec(1i64..=6, 2..=4),
            t in 2i64..=30,
        ) {
            let hand: Vec<Rational> = hand.into_iter().map(Rational::from_integer).collect();
            agree(&hand, Rational::from_integer(t), Ops::all())?;
        }

        #[test]
        fn small_mask_agrees_with_finishers(
            v in (0i64..200, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            t in prop_oneof![(1i64..100).prop_map(Rational::from_integer), (1i64..50, 1i64..7).prop_map(|(n, d)| Rational::new(n, d))],
            mask in 1u8..16,
        ) {
            let ops = Ops::from_bits_truncate(mask);
            let generic = finishers(&v, &t, ops)
                .iter()
                .flatten()
                .filter_map(small)
                .fold(0u64, |m, bit| m | 1 << bit);
            prop_assert_eq!(small_mask(&v, &t, ops), generic);
        }
    }

    #[test]
    fn one_solver_many_targets_and_sizes() {
        // A solver reused across hands of different sizes gives the same
        // answers as fresh ones.
        let mut solver = Solver::new(10);
        for hand in [
            &[1, 2, 3, 4][..],
            &[5, 5],
            &[2, 3, 5],
            &[1, 1, 1, 1, 1],
            &[4, 6, 7],
        ] {
            let fresh = Game::new(hand, 10).expect("a hand");
            assert_eq!(solver.solvable(hand), fresh.general_solvable());
            assert_eq!(
                sorted_text(&solver.solutions(hand).expect("exact")),
                sorted_text(&fresh.general_solutions().expect("exact"))
            );
        }
    }
}
