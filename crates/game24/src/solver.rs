//! [`Solver`]: one target, many hands, with the results for small
//! sub-hands shared between hands.
//!
//! The fast path (two to four positive numbers, a positive target) works
//! by dynamic programming over sub-multisets of the hand. For each
//! sub-hand of two or three numbers it keeps, once per solver:
//!
//! - six masks of 64 bits: bit `a` of mask `k` is set when the integer `a`
//!   makes the target with one of the sub-hand's values by final step `k`
//!   (`a + v`, `a - v`, `v - a`, `a * v`, `a / v`, `v / a`). A hand
//!   `{a} ∪ triple` with a small integer `a` is then answered by one bit
//!   test. The masks of each small integer value are computed once per
//!   solver; values are combined as unreduced fractions (integers always
//!   over 1), which is all the masks need.
//! - for pairs, the values (sorted, distinct) and their finishers, for
//!   splits into two pairs;
//! - for triples, every value made with its recipe (split, pair value,
//!   step), so that the forms of a value are built only when a hand asks
//!   for them;
//! - for listing, the expressions in flattened form (see below), interned
//!   so that equal forms share one id.
//!
//! The whole hand is then split into two sides in every way; the last step
//! is a lookup: for each value `x` of one side, the six values `y` with
//! `x op y = target` or `y op x = target` are searched among the other
//! side's values (by mask for small integers). Intermediate values stay at
//! least zero, as in the general search (every class of solutions has
//! such a member when the numbers and the target are positive).
//!
//! Flattened forms are the canonical form without its "idle" rules: sums
//! and products flattened into sorted lists of signed parts. Two solutions
//! whose forms have no factor worth 1 and no part that appears both added
//! and subtracted (or multiplied and divided) are equivalent exactly when
//! their forms are equal, so those are deduplicated by comparing forms; the
//! rest (a `×1`, an `x-x`, a part worth 0, a product worth 1, …) are
//! settled by the canonical form's own rules (`canon::settle_sum` and
//! `canon::settle_product`, each form once, shared between hands) and
//! written by [`Canonical::to_expr`], as the general search does.
//!
//! Anything the fast path does not cover (more numbers, a number or a
//! target that is not positive, a target of 1, a value that overflows)
//! goes to the general search, which gives the same answers.

use std::cmp::{Ordering, Reverse};

use rustc_hash::FxHashMap;

use std::fmt;

use kongming_search::control::Budget;

use crate::arith::apply_fast;
use crate::canon::{Canonical, Node, settle_product, settle_sum};
use crate::equivalence::Equivalence;
use crate::error::EvalError;
use crate::exact::Exact;
use crate::expr::{Expr, Op};
use crate::game::MAX_NUMBERS;
use crate::relay::Relay;
use crate::{Ops, Rational};

/// The most numbers a hand may have for the fast path.
const FAST: usize = 4;

/// Caches are emptied (between two hands) when they grow past these.
const MAX_NUMBERS_SEEN: usize = 255;
const MAX_FORMS: usize = 1 << 18;
/// The most sub-hands remembered before starting afresh: bounds the
/// memory of a solver fed many different hands (a survey of the hands of
/// four numbers from 1..13 keeps a few thousand).
const MAX_SUB_HANDS: usize = 1 << 14;

/// For an integer target `t > 0`, the integers `v >= 0` from this bound on
/// have no bits in their masks ([`add_bits`]): `t-v < 0`, `v+t`, `v-t`,
/// `v*t` and `v/t` are at least 64, and `t/v < 1`. For a fraction, 0.
fn mask_bound(t: K) -> usize {
    match (t.1, usize::try_from(t.0)) {
        (1, Ok(t)) => t.saturating_mul(64).max(t.saturating_add(64)),
        _ => 0,
    }
}

/// Sub-hands of two or three of the first 16 numbers seen are found in a
/// table ([`dense_slot`]) rather than a hash map.
const DENSE: usize = 16 * 16 * 16 + 16 * 16;

/// The slot of `sub` (two or three numbers) in the dense table, if its
/// numbers are among the first 16.
fn dense_slot(sub: Sub) -> Option<usize> {
    let [i, j, k, _] = sub.idx.map(usize::from);
    match sub.len {
        2 if j < 16 => Some(16 * 16 * 16 + i * 16 + j),
        3 if k < 16 => Some(i * 256 + j * 16 + k),
        _ => None,
    }
}

/// The integer values whose masks ([`add_bits`]) a solver remembers.
const MASK_TABLE: usize = 1 << 12;

/// A rational as (numerator, denominator) in lowest terms: equality of
/// keys is equality of values, and the key order is a cheap total order
/// (not the numeric one) for sorting and searching.
type K = (i64, i64);

fn key(r: &Rational) -> K {
    (*r.numer(), *r.denom())
}

/// A sub-hand: indices into the solver's table of numbers, sorted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
#[derive(Debug)]
struct Fallback;

impl From<EvalError> for Fallback {
    fn from(_: EvalError) -> Fallback {
        Fallback
    }
}

/// What a sub-hand of two or three numbers can make.
#[derive(Clone, Debug, Default)]
struct Info {
    /// The sub-hand.
    sub: Sub,
    /// Bit `a` of `masks[k]` is set when the integer `a` (below 64) makes
    /// the target with one of the values by final step `k`: when
    /// [`finishers`]`(a)[k]` is one of the values.
    masks: [u64; 6],
    /// The union of `masks`.
    any: u64,
    /// The values, sorted by key, distinct. Pairs: always; triples: only
    /// once asked for (`sorted`).
    vals: Vec<K>,
    sorted: bool,
    /// Triples: every value made, with how ([`recipe`]), in the order
    /// made; kept when listing (`has_made`).
    made: Vec<(K, u16)>,
    has_made: bool,
    /// Triples: the ways to split it into one number and a pair (the
    /// number's index, the pair's position in `infos`, whether the number
    /// is the left operand of an unswapped step), in the order of
    /// [`split_masks`].
    parts: [(u8, u32, bool); 3],
    nparts: u8,
    /// Triples (listing): the first of the values whose forms were asked
    /// for, plus one (0: none), in the solver's `asked` list.
    asked: u32,
    /// Pairs: the [`finishers`] of each value that is not a small integer
    /// (same order as `vals`; none for the others).
    fins: Vec<[Option<K>; 6]>,
    /// Pairs: the finishers that are not small integers of the values that
    /// are not small integers, sorted, distinct.
    far: Vec<K>,
    /// Pairs: bit `a` set when the integer `a` (below 64) is a value.
    low: u64,
    /// Pairs (listing): the forms of each value, once made: a range of
    /// the solver's `pair_ids` for each value.
    forms: Option<Vec<(u32, u32)>>,
}

/// How a triple made a value: the split (an index into its `parts`), the
/// pair's value (an index into its `vals`), the step (an index into
/// [`STEPS`]).
fn recipe(split: usize, value: usize, step: usize) -> u16 {
    (split << 8 | value << 3 | step) as u16
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
        // Insertion sort: at most FAST parts.
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
/// [`Game`](crate::Game) per hand. Answers are exactly those of
/// [`Game::solvable`](crate::Game::solvable) and
/// [`Game::solutions`](crate::Game::solutions) (the general search, which tests compare it with);
/// only the order of a list may differ. A value that overflows `i64` sends
/// the hand to the general search, which answers exactly.
///
/// The fast path covers two to four numbers, all positive (integers when
/// listing), and a positive target (other than 1 when listing, and the
/// standard equivalence); other
/// hands go to the general search. The memory it keeps is bounded (it
/// starts afresh past a limit on numbers, sub-hands and forms).
///
/// A [`Budget`](crate::Budget) ([`Solver::budget`]) and a progress
/// callback ([`Solver::on_progress`]) bound and watch the general search
/// of each hand; answers say how they ended ([`Verdict`](crate::Verdict),
/// [`Solutions::outcome`](crate::Solutions::outcome)).
///
/// ```
/// use kongming_game24::{Solver, hands};
///
/// let mut solver = Solver::new(24);
/// let mut solvable = 0;
/// let mut solutions = 0;
/// for hand in hands(4, 1, 13)? {
///     solvable += usize::from(solver.solvable(&hand)?.is_solvable());
///     solutions += solver.iter_solutions(&hand)?.count();
/// }
/// assert_eq!((solvable, solutions), (1362, 3017));
/// # Ok::<(), kongming_game24::GameError>(())
/// ```
#[derive(Clone)]
pub struct Solver {
    target: Rational,
    ops: Ops,
    pub(crate) equivalence: Equivalence,
    /// The budget of each hand's general search, and the callback of its
    /// progress ([`crate::solver_run`]).
    pub(crate) budget: Budget,
    pub(crate) progress: Option<Relay<'static>>,
    /// The numbers seen so far, their indices, and their finishers.
    numbers: Vec<Rational>,
    index: FxHashMap<K, u8>,
    number_fins: Vec<[Option<K>; 6]>,
    /// The masks of the integers below [`MASK_TABLE`] (see
    /// [`Solver::add_masks`]) and which are known, for an integer target.
    int_masks: Vec<[u64; 6]>,
    int_known: Vec<u64>,
    /// [`mask_bound`] of the target, once the table is made (0 before).
    int_bound: usize,
    /// What each sub-hand of two or three numbers makes: its position in
    /// `infos`, plus one, by [`dense_slot`]; or by [`Sub::key`] for the
    /// others.
    dense: Vec<u32>,
    info_of: FxHashMap<u32, u32>,
    /// The index plus one of each integer below 64 among the numbers.
    small_index: [u8; 64],
    /// The finishers of the integers below 64, and which are known.
    small_fins: Vec<[Option<K>; 6]>,
    small_known: u64,
    infos: Vec<Info>,
    /// The forms of triples worth the values asked for: ranges of
    /// `triple_ids`, in a list per triple (see [`Info::asked`]; the value,
    /// the range, the next of the list plus one).
    asked: Vec<(K, u32, u32, u32)>,
    triple_ids: Vec<u32>,
    /// The forms of pairs, grouped by pair and value (see [`Info::forms`]).
    pair_ids: Vec<u32>,
    forms: Vec<Form>,
    interned: FxHashMap<u128, u32>,
    /// The leaf form of each number seen (by index), once made.
    leaves: Vec<Option<u32>>,
    /// The settled node of each form with idle parts, and the idle parts
    /// below it, once computed.
    settled: FxHashMap<u32, (Node, Vec<Node>)>,
    /// Scratch space for one hand's listing.
    found: Vec<(Op, u32, u32)>,
    seen: Vec<u128>,
    seen_idle: Vec<Canonical>,
    local: Vec<(u128, u32)>,
    made_scratch: Vec<(K, u16)>,
    /// Whether the current hand is being listed (then triples keep their
    /// values).
    listing: bool,
    /// [`split_masks`] by [`equalities`] (a count of 0: not yet known).
    split_cache: [([u8; 7], u8); 40],
}

/// The target, the operations and how much is remembered; not the caches
/// themselves, which can be large.
impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("target", &self.target)
            .field("ops", &self.ops)
            .field("numbers_seen", &self.numbers.len())
            .field("sub_hands", &self.infos.len())
            .field("forms", &self.forms.len())
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// A solver for `target` with the four operations.
    ///
    /// ```
    /// use kongming_game24::{Rational, Solver};
    ///
    /// let mut solver = Solver::new(Rational::new(3, 2));
    /// assert!(solver.solvable(&[Rational::new(1, 2), Rational::from_integer(3)])?.is_solvable());
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn new(target: impl Into<Rational>) -> Solver {
        Solver {
            target: target.into(),
            ops: Ops::all(),
            equivalence: Equivalence::Standard,
            budget: Budget::unlimited(),
            progress: None,
            numbers: Vec::new(),
            index: FxHashMap::default(),
            number_fins: Vec::new(),
            int_masks: Vec::new(),
            int_known: Vec::new(),
            int_bound: 0,
            dense: Vec::new(),
            info_of: FxHashMap::default(),
            small_index: [0; 64],
            small_fins: Vec::new(),
            small_known: 0,
            infos: Vec::new(),
            asked: Vec::new(),
            triple_ids: Vec::new(),
            pair_ids: Vec::new(),
            forms: Vec::new(),
            interned: FxHashMap::default(),
            leaves: Vec::new(),
            settled: FxHashMap::default(),
            found: Vec::new(),
            seen: Vec::new(),
            seen_idle: Vec::new(),
            local: Vec::new(),
            made_scratch: Vec::new(),
            listing: false,
            split_cache: [([0; 7], 0); 40],
        }
    }

    /// Allows only `ops`.
    ///
    /// ```
    /// use kongming_game24::{Ops, Solver};
    ///
    /// let mut solver = Solver::new(24).with_ops(Ops::ADD | Ops::SUB | Ops::MUL);
    /// assert!(solver.solvable(&[3, 3, 8, 8])?.is_unsolvable());
    /// assert!(solver.solvable(&[1, 2, 3, 4])?.is_solvable());
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    #[must_use]
    pub fn with_ops(mut self, ops: Ops) -> Solver {
        self.ops = ops;
        self.clear();
        self
    }

    /// Lists solutions under `equivalence` (see [`Game::with_equivalence`](crate::Game::with_equivalence));
    /// the fast path lists under the standard one only, so other
    /// equivalences list through the general search.
    ///
    /// ```
    /// use kongming_game24::{Equivalence, Solver};
    ///
    /// let mut solver = Solver::new(24).with_equivalence(Equivalence::Structural);
    /// assert_eq!(solver.iter_solutions(&[1, 2, 3, 4])?.count(), 52);
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    #[must_use]
    pub fn with_equivalence(mut self, equivalence: Equivalence) -> Solver {
        self.equivalence = equivalence;
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
        self.number_fins.clear();
        self.int_known.clear();
        self.int_bound = 0;
        self.dense.clear();
        self.info_of.clear();
        self.small_index = [0; 64];
        self.small_known = 0;
        self.infos.clear();
        self.asked.clear();
        self.triple_ids.clear();
        self.pair_ids.clear();
        self.forms.clear();
        self.interned.clear();
        self.leaves.clear();
        self.settled.clear();
    }

    /// The hand as a sub-hand, if the fast path applies to it.
    fn fast_hand<T: Copy + Into<Rational>>(&mut self, numbers: &[T], listing: bool) -> Option<Sub> {
        let n = numbers.len();
        let positive = |v: &Rational| *v.numer() > 0;
        if !(2..=FAST).contains(&n)
            || self.ops.is_empty()
            || !positive(&self.target)
            || (listing && self.target == Rational::from_integer(1))
            || (listing && self.equivalence != Equivalence::Standard)
            // A class's tidy form may take an operation the game does not
            // allow; only the general search sees the forms it allows.
            || (listing && self.ops != Ops::all())
        {
            return None;
        }
        if self.numbers.len() + n > MAX_NUMBERS_SEEN
            || self.forms.len() > MAX_FORMS
            || self.triple_ids.len() > MAX_FORMS
            || self.infos.len() > MAX_SUB_HANDS
        {
            self.clear();
        }
        let mut hand = Sub {
            len: n as u8,
            ..Sub::default()
        };
        for (slot, &x) in hand.idx.iter_mut().zip(numbers) {
            let x: Rational = x.into();
            // Listing with fractions in the hand goes to the general search:
            // there, how a product with a cancelling pair is grouped can
            // change its canonical form, which the fast path's flattened
            // forms cannot see.
            if !positive(&x) || (listing && !x.is_integer()) {
                return None;
            }
            let k = key(&x);
            let small = small(k).map(|b| b as usize);
            if let Some(b) = small
                && self.small_index[b] != 0
            {
                *slot = self.small_index[b] - 1;
                continue;
            }
            *slot = match self.index.get(&k) {
                Some(&i) => i,
                None => {
                    let i = self.numbers.len() as u8;
                    if let Some(b) = small {
                        // Below MAX_NUMBERS_SEEN, so i + 1 fits.
                        self.small_index[b] = i + 1;
                    }
                    self.numbers.push(x);
                    self.index.insert(k, i);
                    self.number_fins
                        .push(finishers(key(&x), key(&self.target), self.ops));
                    i
                }
            };
        }
        hand.idx[..n].sort_unstable();
        Some(hand)
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

    // ---- what sub-hands make ---------------------------------------------

    /// The position in `infos` of what `sub` (two or three numbers) makes.
    fn info(&mut self, sub: Sub) -> Result<usize, Fallback> {
        let slot = dense_slot(sub);
        match slot {
            Some(d) => {
                if let Some(&at) = self.dense.get(d)
                    && at != 0
                {
                    return Ok(at as usize - 1);
                }
            }
            None => {
                if let Some(&at) = self.info_of.get(&sub.key()) {
                    return Ok(at as usize);
                }
            }
        }
        let info = if sub.len == 2 {
            self.pair_info(sub)?
        } else {
            self.triple_info(sub)?
        };
        let at = self.infos.len();
        self.infos.push(info);
        match slot {
            Some(d) => {
                if self.dense.is_empty() {
                    self.dense = vec![0; DENSE];
                }
                self.dense[d] = at as u32 + 1;
            }
            None => {
                self.info_of.insert(sub.key(), at as u32);
            }
        }
        Ok(at)
    }

    /// The [`finishers`] of the integer `a` (below 64), remembered.
    fn small_fins(&mut self, a: u32) -> [Option<K>; 6] {
        let a = a as usize % 64;
        if self.small_fins.is_empty() {
            self.small_fins = vec![[None; 6]; 64];
        }
        if self.small_known >> a & 1 == 0 {
            self.small_fins[a] = finishers((a as i64, 1), key(&self.target), self.ops);
            self.small_known |= 1 << a;
        }
        self.small_fins[a]
    }

    /// [`split_masks`] of `sub`, remembered by [`equalities`].
    fn splits(&mut self, sub: Sub) -> ([u8; 7], usize) {
        let e = equalities(sub);
        match self.split_cache.get(e) {
            Some(&(masks, count)) if count > 0 => (masks, usize::from(count)),
            _ => {
                let (masks, count) = split_masks(sub);
                if let Some(slot) = self.split_cache.get_mut(e) {
                    *slot = (masks, count as u8);
                }
                (masks, count)
            }
        }
    }

    /// The value of the number of index `i`, as a key.
    fn number(&self, i: u8) -> K {
        key(&self.numbers[usize::from(i)])
    }

    fn pair_info(&self, sub: Sub) -> Result<Info, Fallback> {
        let (x, y) = (self.number(sub.idx[0]), self.number(sub.idx[1]));
        let (t, ops) = (key(&self.target), self.ops);
        let mut vals = Vec::with_capacity(6);
        for &(op, swap, flag) in &STEPS {
            if !ops.contains(flag) {
                continue;
            }
            let (l, r) = if swap { (y, x) } else { (x, y) };
            match qop(op, l, r) {
                Ok(v) if v.0 >= 0 => vals.push(v),
                Ok(_) | Err(EvalError::DivisionByZero) => {}
                Err(_) => return Err(Fallback),
            }
        }
        vals.sort_unstable();
        vals.dedup();
        let mut info = Info {
            sub,
            sorted: true,
            ..Info::default()
        };
        for &v in &vals {
            add_bits(&mut info.masks, v, t, ops);
            // Only those of values that are not small integers are kept
            // (the masks answer for the others).
            let mut fins = [None; 6];
            if small(v).is_none() {
                fins = finishers(v, t, ops);
                info.far
                    .extend(fins.iter().flatten().filter(|f| small(**f).is_none()));
            }
            info.fins.push(fins);
            if let Some(bit) = small(v) {
                info.low |= 1 << bit;
            }
        }
        info.vals = vals;
        info.any = info.masks.iter().fold(0, |m, &b| m | b);
        info.far.sort_unstable();
        info.far.dedup();
        Ok(info)
    }

    fn triple_info(&mut self, sub: Sub) -> Result<Info, Fallback> {
        if self.int_known.is_empty() {
            self.int_bound = mask_bound(key(&self.target));
            let n = self.int_bound.min(MASK_TABLE);
            self.int_known = vec![0; n.div_ceil(64)];
            self.int_masks = vec![[0; 6]; n];
        }
        let mut info = Info {
            sub,
            ..Info::default()
        };
        let (masks, count) = self.splits(sub);
        for (split, &mask) in masks[..count].iter().enumerate() {
            let (a, b) = part(sub, mask);
            // The number is the left operand of an unswapped step when it
            // is the first side of the split.
            let (one, pair, first) = if a.len == 1 {
                (a, b, true)
            } else {
                (b, a, false)
            };
            let p = self.info(pair)?;
            info.parts[split] = (one.idx[0], p as u32, first);
        }
        info.nparts = count as u8;
        let mut masks = [0; 6];
        // The values themselves are only kept when listing (or when asked
        // for later: [`Solver::made`]).
        let mut made = std::mem::take(&mut self.made_scratch);
        made.clear();
        let keep = self.listing.then_some(&mut made);
        let done = self.triple_values(&info.parts[..count], Some(&mut masks), keep);
        // Kept at its size (a survey keeps hundreds).
        info.made = made.as_slice().to_vec();
        self.made_scratch = made;
        done?;
        info.masks = masks;
        info.any = masks.iter().fold(0, |m, &b| m | b);
        info.has_made = self.listing;
        Ok(info)
    }

    /// Every value a triple makes (given by its `parts`), at least zero:
    /// added to `masks`, and pushed to `made` with its recipe.
    fn triple_values(
        &mut self,
        parts: &[(u8, u32, bool)],
        mut masks: Option<&mut [u64; 6]>,
        mut made: Option<&mut Vec<(K, u16)>>,
    ) -> Result<(), Fallback> {
        let ops = self.ops;
        let all = ops == Ops::all();
        if let Some(made) = made.as_deref_mut() {
            made.reserve(3 * 6 * 5);
        }
        for (split, &(single, p, first)) in parts.iter().enumerate() {
            let s = self.number(single);
            // A pair makes at most six values.
            let mut pvals = [(0, 1); 6];
            let pn = self.infos[p as usize].vals.len();
            pvals[..pn].copy_from_slice(&self.infos[p as usize].vals);
            for (vi, &pv) in pvals[..pn].iter().enumerate() {
                let six = match (s.1, all) {
                    (1, true) => six_int(s.0, pv, first),
                    _ => None,
                };
                let six = match six {
                    Some(six) => six,
                    None => six_any(s, pv, first, ops)?,
                };
                for (step, v) in six.into_iter().enumerate() {
                    let Some(v) = v else { continue };
                    if v.0 >= 0 {
                        if let Some(masks) = masks.as_deref_mut() {
                            self.add_masks(masks, v);
                        }
                        if let Some(made) = made.as_deref_mut() {
                            made.push((v, recipe(split, vi, step)));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Makes sure the values of triple `at` are kept (`made`).
    fn made(&mut self, at: usize) -> Result<(), Fallback> {
        if self.infos[at].has_made {
            return Ok(());
        }
        let (parts, n) = (self.infos[at].parts, usize::from(self.infos[at].nparts));
        let mut made = Vec::new();
        self.triple_values(&parts[..n], None, Some(&mut made))?;
        let info = &mut self.infos[at];
        info.made = made;
        info.has_made = true;
        Ok(())
    }

    /// Adds the masks of value `v` (at least zero; see [`add_bits`]) to
    /// `masks`: remembered for small integers when the target is an
    /// integer.
    fn add_masks(&mut self, masks: &mut [u64; 6], v: K) {
        let (t, ops) = (key(&self.target), self.ops);
        if t.1 != 1 || self.int_bound == 0 {
            add_bits(masks, v, t, ops);
            return;
        }
        if v.1 != 1 {
            if v.0 > 0 {
                fraction_bits(masks, v.0, v.1, t.0, ops);
            }
            return;
        }
        // An integer at least zero.
        let i = v.0 as usize;
        if i >= self.int_bound {
            return;
        }
        if i >= self.int_masks.len() {
            add_bits(masks, v, t, ops);
            return;
        }
        if self.int_known[i / 64] >> (i % 64) & 1 == 0 {
            let mut m = [0; 6];
            add_bits(&mut m, v, t, ops);
            self.int_masks[i] = m;
            self.int_known[i / 64] |= 1 << (i % 64);
        }
        for (mask, bits) in masks.iter_mut().zip(self.int_masks[i]) {
            *mask |= bits;
        }
    }

    /// The values of sub-hand `at`, sorted by key, distinct.
    fn vals(&mut self, at: usize) -> Result<&[K], Fallback> {
        if !self.infos[at].sorted {
            self.made(at)?;
        }
        let info = &mut self.infos[at];
        if !info.sorted {
            info.vals = info.made.iter().map(|m| lowest(m.0)).collect();
            info.vals.sort_unstable();
            info.vals.dedup();
            info.sorted = true;
        }
        Ok(&info.vals)
    }

    /// Whether some value of pair `b` makes the target with some value of
    /// pair `a`.
    fn pairs_meet(&self, a: usize, b: usize) -> bool {
        let (ia, ib) = (&self.infos[a], &self.infos[b]);
        // A small integer value of one side meets the other side's masks
        // (the relation is symmetric: the target is not zero).
        if ia.low & ib.any != 0 || ib.low & ia.any != 0 {
            return true;
        }
        // Otherwise only two values that are not small integers can meet.
        ia.vals
            .iter()
            .any(|x| small(*x).is_none() && ib.far.binary_search(x).is_ok())
    }

    // ---- yes/no ----------------------------------------------------------

    fn fast_solvable(&mut self, hand: Sub) -> Result<bool, Fallback> {
        self.listing = false;
        let n = usize::from(hand.len);
        // Splits with a single number first: a mask or a few lookups.
        for k in 0..n {
            if k > 0 && hand.idx[k] == hand.idx[k - 1] {
                continue;
            }
            let mut rest = Sub {
                len: hand.len - 1,
                ..Sub::default()
            };
            for (m, &x) in hand.idx[..n].iter().enumerate() {
                if m != k {
                    rest.idx[m - usize::from(m > k)] = x;
                }
            }
            let one = hand.idx[k];
            let i = usize::from(one);
            if rest.len == 1 {
                let y = self.number(rest.idx[0]);
                if self.number_fins[i].contains(&Some(y)) {
                    return Ok(true);
                }
                continue;
            }
            let at = self.info(rest)?;
            let hit = match small(self.number(one)) {
                Some(bit) => self.infos[at].any >> bit & 1 == 1,
                None => {
                    let fins = self.number_fins[i];
                    let vals = self.vals(at)?;
                    fins.iter().flatten().any(|f| vals.binary_search(f).is_ok())
                }
            };
            if hit {
                return Ok(true);
            }
        }
        if n == FAST {
            // Two pairs (a pairing met twice is only tested twice).
            let h = hand.idx;
            for (p, q) in [(1, 2), (2, 1), (3, 1)] {
                // {0, p} and the other two.
                let r = 6 - p - q;
                let pair = |x: u8, y: u8| Sub {
                    idx: [x, y, 0, 0],
                    len: 2,
                };
                let (a, b) = (pair(h[0], h[p]), pair(h[q], h[r]));
                let (pa, pb) = (self.info(a)?, self.info(b)?);
                if self.pairs_meet(pa, pb) {
                    return Ok(true);
                }
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
        let idle = idle || unit_or_zero(kind, &value);
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

    /// [`Solver::intern`] for the forms of one value of one triple: they
    /// can only equal each other (their leaves are that triple's numbers,
    /// and the forms of one triple worth one value are made once), so
    /// they are told apart in `local` rather than in the solver's table.
    fn intern_local(
        &mut self,
        op: Op,
        l: u32,
        r: u32,
        value: Rational,
        local: &mut Vec<(u128, u32)>,
    ) -> u32 {
        let (kind, parts, idle) = self.combine(op, l, r);
        let idle = idle || unit_or_zero(kind, &value);
        let fk = pack(kind, &parts);
        if let Some(&(_, id)) = local.iter().find(|e| e.0 == fk) {
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
        local.push((fk, id));
        id
    }

    /// Makes the forms of pair `at` (grouped by value, in the order of its
    /// `vals`), once.
    fn pair_forms(&mut self, at: usize) -> Result<(), Fallback> {
        if self.infos[at].forms.is_some() {
            return Ok(());
        }
        let sub = self.infos[at].sub;
        let (x, y) = (self.number(sub.idx[0]), self.number(sub.idx[1]));
        let (lx, ly) = (self.leaf(sub.idx[0]), self.leaf(sub.idx[1]));
        let mut out: Vec<(usize, u32)> = Vec::with_capacity(6);
        for &(op, swap, flag) in &STEPS {
            if !self.ops.contains(flag) {
                continue;
            }
            let (l, r, lv, rv) = if swap { (ly, lx, y, x) } else { (lx, ly, x, y) };
            match qop(op, lv, rv) {
                Ok(v) if v.0 >= 0 => {
                    let id = self.intern(op, l, r, rational(v));
                    // Every such value is among the pair's values.
                    let g = self.infos[at]
                        .vals
                        .binary_search(&v)
                        .map_err(|_| Fallback)?;
                    out.push((g, id));
                }
                Ok(_) | Err(EvalError::DivisionByZero) => {}
                Err(_) => return Err(Fallback),
            }
        }
        out.sort_unstable();
        out.dedup();
        let groups = self.infos[at].vals.len();
        let base = self.pair_ids.len() as u32;
        let mut ranges = vec![(base, base); groups];
        for (k, &(g, id)) in out.iter().enumerate() {
            let k = base + k as u32;
            if ranges[g].1 == base {
                ranges[g].0 = k;
            }
            ranges[g].1 = k + 1;
            self.pair_ids.push(id);
        }
        self.infos[at].forms = Some(ranges);
        Ok(())
    }

    /// The forms of value number `g` of pair `at` (made by
    /// [`Solver::pair_forms`]): a range of `pair_ids`.
    fn pair_group(&self, at: usize, g: usize) -> std::ops::Range<usize> {
        match &self.infos[at].forms {
            Some(ranges) => {
                let (lo, hi) = ranges[g];
                lo as usize..hi as usize
            }
            None => 0..0,
        }
    }

    /// The forms of triple `at` worth `v` (a range of `triple_ids`), made
    /// the first time they are asked for, from the recipes of the values.
    fn triple_forms(&mut self, at: usize, v: K) -> Result<(usize, usize), Fallback> {
        let mut next = self.infos[at].asked;
        while let Some(&(k, lo, hi, after)) = self.asked.get((next as usize).wrapping_sub(1)) {
            if k == v {
                return Ok((lo as usize, hi as usize));
            }
            next = after;
        }
        self.made(at)?;
        let mut hits = [0u16; 3 * 6 * 6];
        let mut n = 0;
        let made = &self.infos[at].made;
        if v.1 == 1 {
            // Integers are always written over 1.
            for &(k, r) in made {
                if k == v {
                    hits[n] = r;
                    n += 1;
                }
            }
        } else {
            for &(k, r) in made {
                if same(k, v) {
                    hits[n] = r;
                    n += 1;
                }
            }
        }
        let value = rational(v);
        let start = self.triple_ids.len();
        let mut local = std::mem::take(&mut self.local);
        local.clear();
        let mut i = 0;
        while i < n {
            // A block: one split and one value of its pair, several steps.
            let block = hits[i] >> 3;
            let j = i + hits[i..n].iter().take_while(|&&h| h >> 3 == block).count();
            let (split, g) = (usize::from(block >> 5), usize::from(block & 31));
            let (single, pair, first) = self.infos[at].parts[split];
            let leaf = self.leaf(single);
            self.pair_forms(pair as usize)?;
            for yi in self.pair_group(pair as usize, g) {
                let y = self.pair_ids[yi];
                for &h in &hits[i..j] {
                    let (op, swap, _) = STEPS[usize::from(h & 7)];
                    let (l, r) = if swap == first { (y, leaf) } else { (leaf, y) };
                    let id = self.intern_local(op, l, r, value, &mut local);
                    self.triple_ids.push(id);
                }
            }
            i = j;
        }
        let ids = &mut self.triple_ids[start..];
        ids.sort_unstable();
        let mut kept = 0;
        for k in 0..ids.len() {
            if k == 0 || ids[k] != ids[kept - 1] {
                ids[kept] = ids[k];
                kept += 1;
            }
        }
        self.triple_ids.truncate(start + kept);
        self.local = local;
        let end = self.triple_ids.len();
        self.asked
            .push((v, start as u32, end as u32, self.infos[at].asked));
        self.infos[at].asked = self.asked.len() as u32;
        Ok((start, end))
    }

    /// Adds to `found` the final steps joining number `i` (leaf `x`) with
    /// the forms of sub-hand `at` (two or three numbers).
    fn join_number(
        &mut self,
        i: u8,
        at: usize,
        found: &mut Vec<(Op, u32, u32)>,
    ) -> Result<(), Fallback> {
        let x = self.leaf(i);
        let fins = self.number_fins[usize::from(i)];
        let bit = small(self.number(i));
        let pair = self.infos[at].sub.len == 2;
        for (k, f) in fins.iter().enumerate() {
            let Some(f) = *f else { continue };
            match bit {
                Some(bit) if self.infos[at].masks[k] >> bit & 1 == 0 => continue,
                Some(_) => {}
                None if self.vals(at)?.binary_search(&f).is_err() => continue,
                None => {}
            }
            if pair {
                self.pair_forms(at)?;
                let g = self.infos[at]
                    .vals
                    .binary_search(&f)
                    .map_err(|_| Fallback)?;
                for &y in &self.pair_ids[self.pair_group(at, g)] {
                    found.push(step_expr(k, x, y));
                }
            } else {
                let (lo, hi) = self.triple_forms(at, f)?;
                for &y in &self.triple_ids[lo..hi] {
                    found.push(step_expr(k, x, y));
                }
            }
        }
        Ok(())
    }

    /// Adds to `found` the final steps joining the forms of pairs `a`
    /// (outer) and `b` (inner).
    fn join_pairs(
        &mut self,
        a: usize,
        b: usize,
        found: &mut Vec<(Op, u32, u32)>,
    ) -> Result<(), Fallback> {
        if !self.pairs_meet(a, b) {
            return Ok(());
        }
        self.pair_forms(a)?;
        self.pair_forms(b)?;
        for g in 0..self.infos[a].vals.len() {
            let x = self.infos[a].vals[g];
            let bit = small(x);
            let fins = match bit {
                Some(bit) if self.infos[b].any >> bit & 1 == 0 => continue,
                Some(bit) => self.small_fins(bit),
                None => self.infos[a].fins[g],
            };
            let ib = &self.infos[b];
            for (k, f) in fins.iter().enumerate() {
                let Some(f) = f else { continue };
                let skip = match bit {
                    // `f` is a value of `b` exactly when its mask says so.
                    Some(bit) => ib.masks[k] >> bit & 1 == 0,
                    None => small(*f).is_some_and(|bit| ib.low >> bit & 1 == 0),
                };
                if skip {
                    continue;
                }
                let Ok(h) = ib.vals.binary_search(f) else {
                    continue;
                };
                let (ys, xs) = (self.pair_group(b, h), self.pair_group(a, g));
                for &y in &self.pair_ids[ys] {
                    for &x in &self.pair_ids[xs.clone()] {
                        found.push(step_expr(k, x, y));
                    }
                }
            }
        }
        Ok(())
    }

    fn fast_solutions(&mut self, hand: Sub) -> Result<Vec<Expr>, Fallback> {
        self.listing = true;
        let target = self.target;
        if self.forms.capacity() == 0 {
            // A survey makes thousands: start with room for some.
            self.forms.reserve(1 << 12);
        }
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        let mut seen_idle = std::mem::take(&mut self.seen_idle);
        seen_idle.clear();
        let mut out = Vec::new();
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        let (masks, count) = self.splits(hand);
        for &mask in &masks[..count] {
            let (a, b) = part(hand, mask);
            // The side with fewer numbers is the outer one.
            let (a, b) = if a.len <= b.len { (a, b) } else { (b, a) };
            match (a.len, b.len) {
                (1, 1) => {
                    let (x, y) = (self.leaf(a.idx[0]), self.leaf(b.idx[0]));
                    let yv = self.number(b.idx[0]);
                    let fins = self.number_fins[usize::from(a.idx[0])];
                    for (k, f) in fins.iter().enumerate() {
                        if *f == Some(yv) {
                            found.push(step_expr(k, x, y));
                        }
                    }
                }
                (1, _) => {
                    let at = self.info(b)?;
                    self.join_number(a.idx[0], at, &mut found)?;
                }
                _ => {
                    let (pa, pb) = (self.info(a)?, self.info(b)?);
                    self.join_pairs(pa, pb, &mut found)?;
                }
            }
        }
        // At most one solution per step found.
        out.reserve_exact(found.len());
        for &(op, l, r) in &found {
            let (kind, parts, idle) = self.combine(op, l, r);
            // Equal flattened forms are equivalent, idle or not: only the
            // first is looked at.
            let packed = pack(kind, &parts);
            if seen.contains(&packed) {
                continue;
            }
            seen.push(packed);
            if !idle {
                out.push(match self.tidy(kind, &parts) {
                    Some((e, v)) if v == target => e,
                    _ => Expr::bin(op, self.origin_expr(l), self.origin_expr(r)),
                });
            } else {
                let (core, pool) = self.settle(kind, &parts, target);
                let c = Canonical::finish(false, core, pool);
                if seen_idle.contains(&c) {
                    continue;
                }
                // The first of its class: written as the general search
                // writes it.
                out.push(match c.to_expr() {
                    Some(t) => t,
                    None => Expr::bin(op, self.origin_expr(l), self.origin_expr(r)),
                });
                seen_idle.push(c);
            }
        }
        self.seen = seen;
        self.seen_idle = seen_idle;
        self.found = found;
        Ok(out)
    }

    // ---- classes with idle parts ------------------------------------------
    //
    // Forms the idle rules may apply to are settled by the canonical form's
    // own rules (`canon::settle_sum`, `canon::settle_product`): a form is a
    // flattened tree already, so each is settled once, from its parts'
    // settled nodes, and shared between hands.

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

    /// Settles a flattened node of kind `kind` worth `value` made of
    /// `parts`.
    fn settle(&mut self, kind: Kind, parts: &Parts, value: Rational) -> (Node, Vec<Node>) {
        let mut pool = Vec::new();
        let mut children = Vec::with_capacity(usize::from(parts.len));
        for &p in parts.as_slice() {
            let (node, idle) = self.settled(p >> 1);
            pool.extend(idle);
            children.push((p & 1 == 1, node));
        }
        let value = Exact::Small(value);
        let node = match kind {
            Kind::Sum => settle_sum(value, children, &mut pool),
            _ => settle_product(value, children, &mut pool),
        };
        (node, pool)
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

/// Whether a compound form is worth 0 or is a product worth 1: then the
/// canonical form's rules for those apply to it (a zero absorbs; a sum
/// worth 0 or product worth 1 reads the same flipped), which its flattened
/// form alone does not show.
fn unit_or_zero(kind: Kind, value: &Rational) -> bool {
    *value.numer() == 0 || (kind == Kind::Prod && *value.numer() == 1 && *value.denom() == 1)
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
fn finishers(x: K, t: K, ops: Ops) -> [Option<K>; 6] {
    let nonzero = x.0 != 0;
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
            qop(op, l, r).ok()
        } else {
            None
        }
    })
}

/// `l op r` on keys, exactly as [`apply_fast`] computes it (the exact
/// value in lowest terms with a positive denominator), without building
/// [`Rational`]s; [`apply_fast`] itself only when a step of the direct
/// computation would overflow.
fn qop(op: Op, l: K, r: K) -> Result<K, EvalError> {
    let ((a, b), (c, d)) = (l, r);
    if op == Op::Div && c == 0 {
        return Err(EvalError::DivisionByZero);
    }
    if b == 1 && d == 1 {
        let v = match op {
            Op::Add => a.checked_add(c),
            Op::Sub => a.checked_sub(c),
            Op::Mul => a.checked_mul(c),
            Op::Div => match a.checked_rem(c) {
                Some(0) => a.checked_div(c),
                _ => return reduce(Some(a), Some(c)).map_or_else(|| slow(op, l, r), Ok),
            },
        };
        return v.map(|v| (v, 1)).ok_or(EvalError::Overflow);
    }
    let (n, m) = match op {
        Op::Add | Op::Sub => {
            let (x, y) = (a.checked_mul(d), c.checked_mul(b));
            let n = match (x, y, op) {
                (Some(x), Some(y), Op::Add) => x.checked_add(y),
                (Some(x), Some(y), _) => x.checked_sub(y),
                _ => None,
            };
            (n, b.checked_mul(d))
        }
        Op::Mul => (a.checked_mul(c), b.checked_mul(d)),
        Op::Div => (a.checked_mul(d), b.checked_mul(c)),
    };
    reduce(n, m).map_or_else(|| slow(op, l, r), Ok)
}

/// `l op r` as a fraction not always in lowest terms: an integer is
/// always written over 1 (so integers compare as keys do), other values
/// with a positive denominator that does not divide the numerator.
/// `Overflow` when a step does not fit (then [`qop`] reduces as it goes).
fn raw_op(op: Op, l: K, r: K) -> Result<K, EvalError> {
    let ((a, b), (c, d)) = (l, r);
    let o = EvalError::Overflow;
    if b == 1 && d == 1 && op != Op::Div {
        let v = match op {
            Op::Add => a.checked_add(c),
            Op::Sub => a.checked_sub(c),
            _ => a.checked_mul(c),
        };
        return v.map(|v| (v, 1)).ok_or(o);
    }
    let (n, m) = match op {
        Op::Add | Op::Sub => {
            let (x, y) = (a.checked_mul(d).ok_or(o)?, c.checked_mul(b).ok_or(o)?);
            let n = if op == Op::Add {
                x.checked_add(y)
            } else {
                x.checked_sub(y)
            };
            (n.ok_or(o)?, b.checked_mul(d).ok_or(o)?)
        }
        Op::Mul => (a.checked_mul(c).ok_or(o)?, b.checked_mul(d).ok_or(o)?),
        Op::Div => {
            if c == 0 {
                return Err(EvalError::DivisionByZero);
            }
            let (n, m) = (a.checked_mul(d).ok_or(o)?, b.checked_mul(c).ok_or(o)?);
            if m < 0 {
                (n.checked_neg().ok_or(o)?, m.checked_neg().ok_or(o)?)
            } else {
                (n, m)
            }
        }
    };
    match n.checked_rem(m) {
        Some(0) => Ok((n / m, 1)),
        Some(_) => Ok((n, m)),
        None => Err(o),
    }
}

/// The six values of [`STEPS`] joining the integer `s` and the value
/// `p` (at least zero), as [`raw_op`] makes them: `s` is the left operand
/// of the unswapped steps when `first`, the right one otherwise. `None`
/// where there is no value (division by zero) and, for the whole, when a
/// step overflows.
fn six_int(s: i64, p: K, first: bool) -> Option<[Option<K>; 6]> {
    let (pn, pd) = p;
    if s <= 0 || pn < 0 {
        // Not the fast path's case: the general code handles it.
        return None;
    }
    // `n/d` with `d > 0`, an integer over 1.
    let frac = |n: i64, d: i64| {
        if d == 1 {
            (n, 1)
        } else if n % d == 0 {
            (n / d, 1)
        } else {
            (n, d)
        }
    };
    let sp = s.checked_mul(pd)?;
    let add = (sp.checked_add(pn)?, pd);
    let mul = frac(s.checked_mul(pn)?, pd);
    let s_p = sp.checked_sub(pn)?;
    let (s_minus, minus_s) = ((s_p, pd), (s_p.checked_neg()?, pd));
    let s_over = (pn != 0).then(|| frac(sp, pn));
    let d = pd.checked_mul(s)?;
    let over_s = (d > 0).then(|| frac(pn, d));
    Some(if first {
        [
            Some(add),
            Some(mul),
            Some(s_minus),
            Some(minus_s),
            s_over,
            over_s,
        ]
    } else {
        [
            Some(add),
            Some(mul),
            Some(minus_s),
            Some(s_minus),
            over_s,
            s_over,
        ]
    })
}

/// [`six_int`] for any operands and operations: `None` where the
/// operation is not allowed or divides by zero; an error if a value does
/// not fit.
fn six_any(s: K, p: K, first: bool, ops: Ops) -> Result<[Option<K>; 6], Fallback> {
    let mut out = [None; 6];
    for (slot, &(op, swap, flag)) in out.iter_mut().zip(&STEPS) {
        if !ops.contains(flag) {
            continue;
        }
        let (l, r) = if swap == first { (p, s) } else { (s, p) };
        *slot = match raw_op(op, l, r) {
            Ok(v) => Some(v),
            Err(EvalError::DivisionByZero) => None,
            // Too large unreduced: reduce, or give up.
            Err(_) => match qop(op, l, r) {
                Ok(v) => Some(v),
                Err(EvalError::DivisionByZero) => None,
                Err(_) => return Err(Fallback),
            },
        };
    }
    Ok(out)
}

/// Whether two values made by [`raw_op`] or [`qop`] are equal.
fn same(x: K, y: K) -> bool {
    x == y
        || (x.1 != 1
            && y.1 != 1
            && i128::from(x.0) * i128::from(y.1) == i128::from(y.0) * i128::from(x.1))
}

/// A value made by [`raw_op`] in lowest terms (a key).
fn lowest(v: K) -> K {
    let g = gcd(v.0.unsigned_abs(), v.1.unsigned_abs());
    // The denominator is positive and not 1, so `1 <= g <= v.1`.
    match i64::try_from(g) {
        Ok(g) if g > 1 => (v.0 / g, v.1 / g),
        _ => v,
    }
}

/// `l op r` through [`apply_fast`].
fn slow(op: Op, l: K, r: K) -> Result<K, EvalError> {
    apply_fast(op, &rational(l), &rational(r)).map(|v| key(&v))
}

/// `n/m` (`m` not zero) in lowest terms with a positive denominator;
/// `None` if a part is missing or the result does not fit.
fn reduce(n: Option<i64>, m: Option<i64>) -> Option<K> {
    let (n, m) = (n?, m?);
    let g = gcd(n.unsigned_abs(), m.unsigned_abs());
    // `g` divides `m`, which is not zero, so `g` is at least 1; a `g`
    // of 2^63 (both parts i64::MIN) does not fit and falls back.
    let g = i64::try_from(g).ok()?;
    let (n, m) = (n / g, m / g);
    if m < 0 {
        Some((n.checked_neg()?, m.checked_neg()?))
    } else {
        Some((n, m))
    }
}

/// The greatest common divisor (binary method).
fn gcd(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// The rational of a key (already in lowest terms).
fn rational(k: K) -> Rational {
    Rational::new_raw(k.0, k.1)
}

/// Adds to `masks` (see [`Info::masks`]) the integers `a` in `0..64` that
/// make the target `t` (not zero) with the value `v`: bit `a` of
/// `masks[k]` when `finishers(a, t, ops)[k]` is `v`. Integer arithmetic
/// when the target is an integer. The value is at least zero and the
/// target above zero (as on the fast path); a fraction need not be in
/// lowest terms, but its denominator must not divide its numerator.
fn add_bits(masks: &mut [u64; 6], v: K, t: K, ops: Ops) {
    debug_assert!(v.0 >= 0 && t.0 > 0);
    let bit = |a: Option<i64>| match a {
        Some(a) if (0..64).contains(&a) => 1u64 << a,
        _ => 0,
    };
    // Products and quotients need `a` to be non-zero.
    let bit1 = |a: Option<i64>| match a {
        Some(a) if (1..64).contains(&a) => 1u64 << a,
        _ => 0,
    };
    if t.1 != 1 {
        let int = |r: Result<K, EvalError>| r.ok().filter(|k| k.1 == 1).map(|k| k.0);
        let back = [
            (Ops::ADD, Op::Sub, t, v),
            (Ops::SUB, Op::Add, v, t),
            (Ops::SUB, Op::Sub, v, t),
            (Ops::MUL, Op::Div, t, v),
            (Ops::DIV, Op::Mul, v, t),
            (Ops::DIV, Op::Div, v, t),
        ];
        for (k, &(flag, op, l, r)) in back.iter().enumerate() {
            if ops.contains(flag) && (k < 3 || v.0 != 0) {
                let a = int(qop(op, l, r));
                masks[k] |= if k < 3 { bit(a) } else { bit1(a) };
            }
        }
        return;
    }
    let ((n, d), t) = (v, t.0);
    if d == 1 {
        // With `0 <= n` and `0 < t`, `t-n` and `n-t` cannot overflow, and
        // `n+t` and `n*t` only matter (and are only computed) for `n < 64`.
        let bit = |a: i64| if (a as u64) < 64 { 1u64 << a } else { 0 };
        if ops.contains(Ops::ADD) {
            masks[0] |= bit(t - n);
        }
        if ops.contains(Ops::SUB) {
            if n < 64 && t < 64 {
                masks[1] |= bit(n + t);
            }
            masks[2] |= bit(n - t);
        }
        if n != 0 {
            if ops.contains(Ops::MUL) && t % n == 0 {
                masks[3] |= bit(t / n);
            }
            if ops.contains(Ops::DIV) {
                if n < 64 && t < 64 {
                    masks[4] |= bit(n * t);
                }
                if n % t == 0 {
                    masks[5] |= bit(n / t);
                }
            }
        }
    } else if n > 0 {
        fraction_bits(masks, n, d, t, ops);
    }
}

/// [`add_bits`] for a value `n/d` with `n > 0` and `d > 1` not dividing
/// `n`, and an integer target `t > 0`: `a = t±v` is no integer; only
/// `t/v = t*d/n` and `v*t = n*t/d` can be (`v/t = n/(d*t)` cannot), and
/// only below 64 when `t*d < 64*n` (`n*t < 64*d`).
#[inline]
fn fraction_bits(masks: &mut [u64; 6], n: i64, d: i64, t: i64, ops: Ops) {
    let below = |x: i64, y: i64| y.checked_mul(64).is_none_or(|y64| x < y64);
    if ops.contains(Ops::MUL)
        && let Some(td) = t.checked_mul(d)
        && below(td, n)
        && td % n == 0
    {
        masks[3] |= 1 << (td / n);
    }
    if ops.contains(Ops::DIV)
        && let Some(tn) = t.checked_mul(n)
        && below(tn, d)
        && tn % d == 0
    {
        masks[4] |= 1 << (tn / d);
    }
}

/// `v` if it is an integer in `0..64`.
fn small(v: K) -> Option<u32> {
    (v.1 == 1 && (0..64).contains(&v.0)).then_some(v.0 as u32)
}

/// The odd masks (the first number always on the first side) that split
/// a sub-hand of `n` numbers into two non-empty sides, in increasing order.
const MASKS: [&[u8]; FAST + 1] = [&[], &[], &[1], &[1, 3, 5], &[1, 3, 5, 7, 9, 11, 13]];

/// The ways to split a sub-hand of 2..=4 numbers into two non-empty
/// sub-hands, each unordered pair of sub-multisets once: the masks of
/// [`MASKS`] whose split was not met before.
fn split_masks(sub: Sub) -> ([u8; 7], usize) {
    let n = usize::from(sub.len).min(FAST);
    let mut out = [0; 7];
    let mut keys = [(0u32, 0u32); 7];
    let mut count = 0;
    for &mask in MASKS[n] {
        let (a, b) = part(sub, mask);
        let (ka, kb) = (a.key(), b.key());
        let pair = (ka.min(kb), ka.max(kb));
        if !keys[..count].contains(&pair) {
            keys[count] = pair;
            out[count] = mask;
            count += 1;
        }
    }
    (out, count)
}

/// Which adjacent numbers of a sub-hand (sorted) are equal, with its size:
/// [`split_masks`] depends on nothing else.
fn equalities(sub: Sub) -> usize {
    let n = usize::from(sub.len).min(FAST);
    let mut eq = 0;
    for k in 1..n {
        eq |= usize::from(sub.idx[k] == sub.idx[k - 1]) << (k - 1);
    }
    n << 3 | eq
}

/// For `n` numbers and a mask: the positions on the first side (padded
/// with 4), how many, and the same for the second side.
type Positions = ([usize; 4], u8, [usize; 4], u8);
const PARTS: [[Positions; 16]; FAST + 1] = [
    [
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
    ],
    [
        ([4, 4, 4, 4], 0, [0, 4, 4, 4], 1),
        ([0, 4, 4, 4], 1, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
    ],
    [
        ([4, 4, 4, 4], 0, [0, 1, 4, 4], 2),
        ([0, 4, 4, 4], 1, [1, 4, 4, 4], 1),
        ([1, 4, 4, 4], 1, [0, 4, 4, 4], 1),
        ([0, 1, 4, 4], 2, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
    ],
    [
        ([4, 4, 4, 4], 0, [0, 1, 2, 4], 3),
        ([0, 4, 4, 4], 1, [1, 2, 4, 4], 2),
        ([1, 4, 4, 4], 1, [0, 2, 4, 4], 2),
        ([0, 1, 4, 4], 2, [2, 4, 4, 4], 1),
        ([2, 4, 4, 4], 1, [0, 1, 4, 4], 2),
        ([0, 2, 4, 4], 2, [1, 4, 4, 4], 1),
        ([1, 2, 4, 4], 2, [0, 4, 4, 4], 1),
        ([0, 1, 2, 4], 3, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
        ([4, 4, 4, 4], 0, [4, 4, 4, 4], 0),
    ],
    [
        ([4, 4, 4, 4], 0, [0, 1, 2, 3], 4),
        ([0, 4, 4, 4], 1, [1, 2, 3, 4], 3),
        ([1, 4, 4, 4], 1, [0, 2, 3, 4], 3),
        ([0, 1, 4, 4], 2, [2, 3, 4, 4], 2),
        ([2, 4, 4, 4], 1, [0, 1, 3, 4], 3),
        ([0, 2, 4, 4], 2, [1, 3, 4, 4], 2),
        ([1, 2, 4, 4], 2, [0, 3, 4, 4], 2),
        ([0, 1, 2, 4], 3, [3, 4, 4, 4], 1),
        ([3, 4, 4, 4], 1, [0, 1, 2, 4], 3),
        ([0, 3, 4, 4], 2, [1, 2, 4, 4], 2),
        ([1, 3, 4, 4], 2, [0, 2, 4, 4], 2),
        ([0, 1, 3, 4], 3, [2, 4, 4, 4], 1),
        ([2, 3, 4, 4], 2, [0, 1, 4, 4], 2),
        ([0, 2, 3, 4], 3, [1, 4, 4, 4], 1),
        ([1, 2, 3, 4], 3, [0, 4, 4, 4], 1),
        ([0, 1, 2, 3], 4, [4, 4, 4, 4], 0),
    ],
];

/// The numbers of `sub` at the positions in `mask`, and the others.
fn part(sub: Sub, mask: u8) -> (Sub, Sub) {
    let n = usize::from(sub.len).min(FAST);
    let (fa, la, fb, lb) = PARTS[n][usize::from(mask & 15)];
    let ext = [sub.idx[0], sub.idx[1], sub.idx[2], sub.idx[3], 0];
    let side = |f: [usize; 4], len: u8| Sub {
        idx: f.map(|k| ext[k]),
        len,
    };
    (side(fa, la), side(fb, lb))
}

// `MAX_NUMBERS` bounds the general search; the fast path stays below it.
const _: () = assert!(FAST <= MAX_NUMBERS);

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::Game;
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
    fn fractions_with_a_cancelling_pair_list_as_the_general_search_does() {
        // Found by a differential review: with 1/3 in the hand and only
        // multiplication and division, the fast path once merged two
        // classes the general search keeps apart. Listing with fractions
        // now goes to the general search.
        let third = Rational::new(1, 3);
        let two = Rational::from_integer(2);
        let hand = [third, Rational::from_integer(1), two, two];
        let ops = Ops::MUL | Ops::DIV;
        let mut solver = Solver::new(3).with_ops(ops);
        let game = Game::new(&hand, 3).expect("a hand").with_ops(ops);
        assert_eq!(
            sorted_text(
                &solver
                    .iter_solutions(&hand)
                    .expect("exact")
                    .collect::<Vec<_>>()
            ),
            sorted_text(&game.solutions().expect("exact")),
        );
    }

    #[test]
    fn many_different_hands_keep_the_memory_bounded() {
        // 30,000 pseudo-random hands of four numbers from 1..=250 (fewer
        // distinct numbers than the number limit): far more sub-hands than
        // the limit; the solver starts afresh instead of growing.
        let mut solver = Solver::new(24);
        let mut state = 12_345u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 33) as i64 % 250 + 1
        };
        let mut most = 0;
        for _ in 0..30_000 {
            let hand = [next(), next(), next(), next()];
            assert!(solver.solvable(&hand).expect("exact").known().is_some());
            most = most.max(solver.infos.len());
        }
        // MAX_SUB_HANDS is 16,384; a hand adds at most 10 sub-hands.
        assert!(most <= 16_384 + 10, "{most} sub-hands kept");
    }

    #[test]
    fn debug_shows_sizes_not_caches() {
        let mut solver = Solver::new(24);
        for hand in hands(4, 1, 13).expect("a hand size a game takes") {
            assert!(solver.solvable(&hand).expect("exact").known().is_some());
        }
        let text = format!("{solver:?}");
        assert!(text.starts_with("Solver { target: "), "{text}");
        assert!(text.contains("numbers_seen: 13"), "{text}");
        assert!(text.len() < 200, "{text}");
    }

    #[test]
    fn fast_path_agrees_on_all_1820_hands() {
        let mut solver = Solver::new(24);
        let mut total = 0;
        for hand in hands(4, 1, 13).expect("a hand size a game takes") {
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
        fn one_solver_agrees_across_hands(
            hands in prop::collection::vec(prop::collection::vec(number(), 2..=4), 1..12),
            t in target(),
            listing_first in any::<bool>(),
        ) {
            // One solver for every hand: what it keeps from one hand (in
            // either mode) must not change the answers for the next.
            let mut solver = Solver::new(t);
            for hand in &hands {
                let game = Game::new(hand, t).expect("a hand");
                let yes = (!listing_first).then(|| solver.fast_solvable_of(hand));
                if let Some(fast) = solver.fast_solutions_of(hand) {
                    let general = game.general_solutions().expect("no overflow");
                    prop_assert_eq!(sorted_text(&fast), sorted_text(&general), "{}", game);
                }
                let yes = yes.unwrap_or_else(|| solver.fast_solvable_of(hand));
                if let Some(fast) = yes {
                    prop_assert_eq!(fast, game.general_solvable().expect("no overflow"));
                }
            }
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
        fn masks_agree_with_finishers(
            v in (0i64..200, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            t in prop_oneof![(1i64..100).prop_map(Rational::from_integer), (1i64..50, 1i64..7).prop_map(|(n, d)| Rational::new(n, d))],
            mask in 1u8..16,
        ) {
            // Bit `a` of `masks[k]` exactly when step `k` of `a` gives `v`.
            let ops = Ops::from_bits_truncate(mask);
            let (v, t) = (key(&v), key(&t));
            let mut masks = [0u64; 6];
            add_bits(&mut masks, v, t, ops);
            let mut want = [0u64; 6];
            for a in 0..64 {
                for (k, f) in finishers((a, 1), t, ops).iter().enumerate() {
                    if *f == Some(v) {
                        want[k] |= 1 << a;
                    }
                }
            }
            prop_assert_eq!(masks, want);
            // The same fraction not in lowest terms gives the same masks.
            if v.1 != 1 {
                for c in 2..5 {
                    let mut scaled = [0u64; 6];
                    add_bits(&mut scaled, (v.0 * c, v.1 * c), t, ops);
                    prop_assert_eq!(scaled, want);
                }
            }
        }

        #[test]
        fn six_values_agree_with_key_arithmetic(
            s in 1i64..40,
            p in (0i64..200, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            first in any::<bool>(),
        ) {
            let p = key(&p);
            let fast = six_int(s, p, first).expect("small operands");
            let general = six_any((s, 1), p, first, Ops::all()).expect("no overflow");
            prop_assert_eq!(fast, general);
        }

        #[test]
        fn key_arithmetic_agrees_with_ratio(
            a in (-300i64..300, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            b in (-300i64..300, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            op in prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)],
        ) {
            prop_assert_eq!(qop(op, key(&a), key(&b)), op.apply(&a, &b).map(|v| key(&v)));
        }

        #[test]
        fn unreduced_arithmetic_agrees_with_keys(
            a in (-300i64..300, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            b in (-300i64..300, 1i64..12).prop_map(|(n, d)| Rational::new(n, d)),
            op in prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)],
        ) {
            let (x, y) = (key(&a), key(&b));
            match (raw_op(op, x, y), qop(op, x, y)) {
                (Ok(raw), Ok(exact)) => {
                    prop_assert_eq!(lowest(raw), exact);
                    prop_assert!(same(raw, exact));
                    // Integers over 1; other denominators do not divide.
                    prop_assert!(raw.1 == 1 || (raw.1 > 1 && raw.0 % raw.1 != 0));
                    prop_assert_eq!(raw.1 == 1, exact.1 == 1);
                }
                (raw, exact) => prop_assert_eq!(raw, exact),
            }
        }

        #[test]
        fn key_arithmetic_overflows_like_ratio(
            a in prop_oneof![Just(i64::MAX), Just(i64::MIN), Just(i64::MAX / 3), Just(-1i64), Just(3)],
            b in prop_oneof![Just(i64::MAX), Just(i64::MIN), Just(2i64), Just(-1i64), Just(0)],
            op in prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)],
        ) {
            let (x, y) = (Rational::from_integer(a), Rational::from_integer(b));
            prop_assert_eq!(qop(op, key(&x), key(&y)), apply_fast(op, &x, &y).map(|v| key(&v)));
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
            assert_eq!(
                solver.solvable(hand).map(|v| v.known()),
                fresh.general_solvable().map(Some)
            );
            assert_eq!(
                sorted_text(
                    &solver
                        .iter_solutions(hand)
                        .expect("exact")
                        .collect::<Vec<_>>()
                ),
                sorted_text(&fresh.general_solutions().expect("exact"))
            );
        }
    }
}
