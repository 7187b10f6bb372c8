//! [`Solver`]: one target, many hands, with the results for small
//! sub-hands shared between hands.
//!
//! The fast path (two to four positive numbers, a positive target) is a
//! dynamic programme over the sub-hands of two and three numbers, kept
//! once per solver; hands are answered from it, and listed with forms
//! that are interned and shared between hands. Anything it does not
//! cover (more numbers, a number or a target that is not positive, a
//! target of 1 when listing, a value that overflows) goes to the general
//! search, which gives the same answers. The modules, in the order data
//! flows through them:
//!
//! - [`sub_hand`]: sub-hands as sorted indices of the numbers seen, and
//!   their splits into two sides;
//! - [`steps`]: the six steps joining two values, and the six finishers
//!   that make the target with a value;
//! - [`masks`]: which small integers finish a value to the target, as
//!   bits;
//! - [`sub_hands`]: the dynamic programme — what each sub-hand makes
//!   (masks, values, recipes), from its pairs;
//! - [`solvable`]: yes/no for a hand, by lookups over its splits;
//! - [`listing`]: every distinct solution of a hand, by final steps over
//!   its splits and the forms of the values they use;
//! - [`forms`]: interned flattened forms (the canonical form's flattening,
//!   on ids);
//! - [`form_canon`]: their order, their tidy writing and their settling,
//!   by the canonical form's own rules ([`crate::canon::rules`],
//!   [`crate::canon`]'s settling);
//! - [`run`]: the entry points, under a budget and with a progress
//!   callback, around the fast path and the general search;
//! - [`kept`]: the few solvers each thread keeps for
//!   [`Game`](crate::Game)'s answers.
//!
//! Values are machine rationals as pairs ([`crate::fraction`]), checked:
//! an overflow sends the hand to the general search, which is exact.

mod form_canon;
mod forms;
pub(crate) mod kept;
mod listing;
mod masks;
mod run;
mod solvable;
mod steps;
mod sub_hand;
mod sub_hands;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;
use std::fmt;

use kongming_search::control::Budget;

use crate::equivalence::Equivalence;
use crate::error::EvalError;
use crate::expr::Expr;
use crate::fraction::fraction;
use crate::relay::Relay;
use crate::{Ops, Rational};
use forms::FormTable;
pub(crate) use kept::with_kept_solver;
use listing::Listing;
use sub_hand::{MAX_FAST_NUMBERS, SubHand};
use sub_hands::SubHandTable;

/// How much a solver remembers: its caches are emptied (between two
/// hands) when they grow past these.
#[derive(Clone, Copy, Debug)]
struct Limits {
    numbers_seen: usize,
    forms: usize,
    sub_hands: usize,
}

impl Limits {
    /// A solver of the user's: the most sub-hands bound the memory of a
    /// solver fed many different hands (a survey of the hands of four
    /// numbers from 1..13 keeps a few hundred).
    const SOLVER: Limits = Limits {
        numbers_seen: 255,
        forms: 1 << 18,
        sub_hands: 1 << 14,
    };

    /// A solver a thread keeps for games ([`kept`]): a few are kept for as
    /// long as the thread runs, unasked, so each remembers less.
    const KEPT: Limits = Limits {
        numbers_seen: 255,
        forms: 1 << 15,
        sub_hands: 1 << 11,
    };
}

/// Whether the fast path covers a hand of `n` numbers under these rules
/// (its numbers are checked as they are read: all positive, integers when
/// `listing`).
pub(crate) fn fast_rules(
    n: usize,
    target: Rational,
    ops: Ops,
    equivalence: Equivalence,
    listing: bool,
) -> bool {
    (2..=MAX_FAST_NUMBERS).contains(&n)
        && !ops.is_empty()
        // The tables hold values of at least zero, which reach every
        // solution only when addition can stand in for subtracting a
        // negative value (or there is no subtraction).
        && (ops.contains(Ops::ADD) || !ops.contains(Ops::SUB))
        && *target.numer() > 0
        && !(listing
            && (target == Rational::from_integer(1)
                || equivalence != Equivalence::Standard
                // A class's tidy form may take an operation the game does
                // not allow; only the general search sees the forms it
                // allows.
                || ops != Ops::all()))
}

/// Why the fast path handed a hand to the general search.
#[derive(Debug)]
struct Fallback;

impl From<EvalError> for Fallback {
    fn from(_: EvalError) -> Fallback {
        Fallback
    }
}

/// A solver for one target that answers for many hands, remembering what
/// small parts of the hands (two or three numbers) can make, so that hands
/// sharing those parts share the work.
///
/// Use one for a survey or any batch of hands with the same target and
/// operations, under a [`Budget`](crate::Budget) or with a progress
/// callback. (A [`Game`](crate::Game) per hand answers through a solver
/// its thread keeps, so it shares the tables too.) Answers are exactly
/// those of the general search, which tests compare it with; only the
/// order of a list may differ (the fast path's lists are sorted, the
/// same for a hand whatever the solver answered before). A value that
/// overflows `i64` sends the hand to the general search, which answers
/// exactly.
///
/// The fast path covers two to four numbers, all positive (integers when
/// listing), and a positive target (other than 1 when listing, and the
/// standard equivalence), with addition allowed or subtraction not; other
/// hands go to the general search. The memory it keeps is bounded (it
/// starts afresh past a limit on numbers, sub-hands and forms).
///
/// A [`Budget`](crate::Budget) ([`Solver::budget`]) and a progress
/// callback ([`Solver::on_progress`]) bound and watch the general search
/// of each hand; answers say how they ended ([`Verdict`](crate::Verdict),
/// [`Solutions::outcome`](crate::Solutions::outcome)).
///
/// ```
/// use kongming_game24::{Solver, HandSize, hands};
///
/// let mut solver = Solver::new(24);
/// let mut solvable = 0;
/// let mut solutions = 0;
/// for hand in hands(HandSize::new(4)?, 1..=13) {
///     solvable += usize::from(solver.solvable(&hand)?.known() == Some(true));
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
    /// progress ([`run`]).
    pub(crate) budget: Budget,
    pub(crate) progress: Option<Relay<'static>>,
    /// The numbers seen and what their sub-hands make ([`sub_hands`]).
    table: SubHandTable,
    /// The forms made for listing ([`forms`]), and the lists of the forms
    /// of sub-hands ([`listing`]).
    forms: FormTable,
    listing: Listing,
    limits: Limits,
}

/// The target, the operations and how much is remembered; not the caches
/// themselves, which can be large.
impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("target", &self.target)
            .field("ops", &self.ops)
            .field("numbers_seen", &self.table.numbers_seen())
            .field("sub_hands", &self.table.infos.len())
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
    /// assert_eq!(solver.solvable(&[Rational::new(1, 2), Rational::from_integer(3)])?.known(), Some(true));
    /// # Ok::<(), kongming_game24::GameError>(())
    /// ```
    pub fn new(target: impl Into<Rational>) -> Solver {
        let target = target.into();
        Solver {
            target,
            ops: Ops::all(),
            equivalence: Equivalence::Standard,
            budget: Budget::unlimited(),
            progress: None,
            table: SubHandTable::new(fraction(&target), Ops::all()),
            forms: FormTable::default(),
            listing: Listing::default(),
            limits: Limits::SOLVER,
        }
    }

    /// Allows only `ops`.
    ///
    /// ```
    /// use kongming_game24::{Ops, Solver, Verdict};
    ///
    /// let mut solver = Solver::new(24).with_ops(Ops::ADD | Ops::SUB | Ops::MUL);
    /// assert_eq!(solver.solvable(&[3, 3, 8, 8])?, Verdict::Unsolvable);
    /// assert_eq!(solver.solvable(&[1, 2, 3, 4])?.known(), Some(true));
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
        self.table.clear(self.ops);
        self.forms.clear();
        self.listing.clear();
    }

    /// The hand as a sub-hand, if the fast path applies to it.
    fn fast_hand<T: Copy + Into<Rational>>(
        &mut self,
        numbers: &[T],
        listing: bool,
    ) -> Option<SubHand> {
        let n = numbers.len();
        if !fast_rules(n, self.target, self.ops, self.equivalence, listing) {
            return None;
        }
        let limits = self.limits;
        if self.table.numbers_seen() + n > limits.numbers_seen
            || self.forms.len() > limits.forms
            || self.listing.triple_form_count() > limits.forms
            || self.table.infos.len() > limits.sub_hands
        {
            self.clear();
        }
        self.table.hand(numbers, listing)
    }

    /// The fast path's answer, if it applies.
    pub(crate) fn fast_solvable_of<T: Copy + Into<Rational>>(
        &mut self,
        numbers: &[T],
    ) -> Option<bool> {
        let hand = self.fast_hand(numbers, false)?;
        self.table.solvable(hand).ok()
    }

    /// The fast path's list, if it applies.
    pub(crate) fn fast_solutions_of<T: Copy + Into<Rational>>(
        &mut self,
        numbers: &[T],
    ) -> Option<Vec<Expr>> {
        let hand = self.fast_hand(numbers, true)?;
        let mut list = self.fast_solutions(hand).ok()?;
        // Found in an order that follows the order the solver met the
        // numbers in; sorted, a hand's list is the same whatever the
        // solver answered before.
        list.sort_unstable_by(structural_order);
        Some(list)
    }
}

/// An order of expressions by their trees: numbers before operations,
/// numbers by value, operations by [`Op`](crate::Op) and then by their
/// operands.
fn structural_order(a: &Expr, b: &Expr) -> Ordering {
    match (a, b) {
        (Expr::Num(x), Expr::Num(y)) => x.cmp(y),
        (Expr::Num(_), Expr::Bin(..)) => Ordering::Less,
        (Expr::Bin(..), Expr::Num(_)) => Ordering::Greater,
        (Expr::Bin(p, l, r), Expr::Bin(q, m, s)) => p
            .cmp(q)
            .then_with(|| structural_order(l, m))
            .then_with(|| structural_order(r, s)),
    }
}
