//! The depth-first search behind [`Countdown`](super::Countdown): combine
//! two values of the board into one, again and again, under the rules.

use kongming_search::control::{Meter, StopReason};
use rustc_hash::FxHashSet;

use super::rules::{NumberUse, Rules};
use super::value::{Overflow, StepValue};
use crate::Rational;
use crate::canon::Canonical;
use crate::expr::{Expr, Op};
use crate::ops::Ops;

/// The operations in the order tried, with whether each is tried in both
/// operand orders (`+` and `*` commute, `-` and `/` do not).
const ORDERS: [(Op, bool); 4] = [
    (Op::Add, false),
    (Op::Mul, false),
    (Op::Sub, true),
    (Op::Div, true),
];

/// What a search does with the boards and values it meets.
trait Visitor<V> {
    /// Whether to search on from this board (sorted values).
    fn enter(&mut self, board: &[V]) -> bool;
    /// A value that counts as an answer, made by node `id`; false to stop.
    fn found(&mut self, search: &Search<'_, V>, value: V, id: usize) -> Result<bool, Overflow>;
}

/// One search over a hand: the board of values left (each with the node of
/// the expression that made it) and the record of the steps played.
pub(crate) struct Search<'a, V> {
    leaves: &'a [Rational],
    rules: Rules,
    values: Vec<V>,
    ids: Vec<usize>,
    /// The steps of the current line of play; node `leaves.len() + k` is
    /// step `k`.
    steps: Vec<(Op, usize, usize)>,
    meter: Meter,
    nodes: u64,
    stop: Option<StopReason>,
}

impl<'a, V: StepValue> Search<'a, V> {
    /// A search of the hand `leaves` (as values `values`, the same
    /// numbers) under `rules`, metered by `meter`.
    pub(crate) fn new(leaves: &'a [Rational], values: Vec<V>, rules: Rules, meter: Meter) -> Self {
        Search {
            leaves,
            rules,
            ids: (0..values.len()).collect(),
            values,
            steps: Vec::new(),
            meter,
            nodes: 0,
            stop: None,
        }
    }

    /// The expression of node `id`.
    fn expr(&self, id: usize) -> Expr {
        match id.checked_sub(self.leaves.len()) {
            None => Expr::num(self.leaves[id]),
            Some(k) => {
                let (op, l, r) = self.steps[k];
                Expr::bin(op, self.expr(l), self.expr(r))
            }
        }
    }

    /// Why the search stopped early, if it did.
    pub(crate) fn stop(&self) -> Option<StopReason> {
        self.stop
    }

    /// The numbers of the hand themselves, when they count as answers:
    /// always under [`NumberUse::Any`], for a hand of one under
    /// [`NumberUse::All`]. False when the visitor stops.
    fn start(&mut self, visitor: &mut dyn Visitor<V>) -> Result<bool, Overflow> {
        if self.rules.number_use() == NumberUse::Any || self.values.len() == 1 {
            for id in 0..self.values.len() {
                if !visitor.found(self, self.values[id], id)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Every line of play from this board. False when the visitor or the
    /// budget stops the search.
    fn descend(&mut self, visitor: &mut dyn Visitor<V>) -> Result<bool, Overflow> {
        let n = self.values.len();
        if n < 2 {
            return Ok(true);
        }
        if n > 2 {
            let mut board = self.values.clone();
            board.sort_unstable();
            if !visitor.enter(&board) {
                return Ok(true);
            }
        }
        let any = self.rules.number_use() == NumberUse::Any;
        // Two pairs of equal values make the same boards: try each once.
        let mut tried: Vec<(V, V)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (self.values[i], self.values[j]);
                let pair = if a >= b { (a, b) } else { (b, a) };
                if tried.contains(&pair) {
                    continue;
                }
                tried.push(pair);
                for (op, both) in ORDERS {
                    if !self.rules.ops().contains(Ops::from_op(op)) {
                        continue;
                    }
                    for swap in [false, true] {
                        // With equal operands the swapped step is the same.
                        if swap && (!both || a == b) {
                            continue;
                        }
                        let (x, y, xi, yi) = if swap { (b, a, j, i) } else { (a, b, i, j) };
                        let Some(r) = V::combine(op, x, y)? else {
                            continue;
                        };
                        // A step giving back one of its operands wastes the
                        // other number: under "any subset" the same value is
                        // already on the board without it.
                        if any && (r == x || r == y) {
                            continue;
                        }
                        self.nodes = self.nodes.saturating_add(1);
                        if let Some(reason) = self.meter.exceeded(self.nodes) {
                            self.stop = Some(reason);
                            return Ok(false);
                        }
                        if !self.play(i, j, op, xi, yi, r, visitor)? {
                            return Ok(false);
                        }
                    }
                }
            }
        }
        Ok(true)
    }

    /// Plays `x op y = r` (the values at `xi` and `yi`, which are `i` and
    /// `j` in some order), reports `r`, searches on, and takes it back.
    #[allow(clippy::too_many_arguments)]
    fn play(
        &mut self,
        i: usize,
        j: usize,
        op: Op,
        xi: usize,
        yi: usize,
        r: V,
        visitor: &mut dyn Visitor<V>,
    ) -> Result<bool, Overflow> {
        let id = self.leaves.len() + self.steps.len();
        self.steps.push((op, self.ids[xi], self.ids[yi]));
        let (vi, ii) = (self.values[i], self.ids[i]);
        let (vj, ij) = (self.values[j], self.ids[j]);
        self.values[i] = r;
        self.ids[i] = id;
        self.values.swap_remove(j);
        self.ids.swap_remove(j);
        let counts = self.rules.number_use() == NumberUse::Any || self.values.len() == 1;
        let result = if counts && !visitor.found(self, r, id)? {
            Ok(false)
        } else {
            self.descend(visitor)
        };
        // Undo the swap_remove: the old last value went to `j`.
        self.values.push(vj);
        self.ids.push(ij);
        let last = self.values.len() - 1;
        self.values.swap(j, last);
        self.ids.swap(j, last);
        self.values[i] = vi;
        self.ids[i] = ii;
        self.steps.pop();
        result
    }
}

/// The best value found so far: its distance to the target, the value and
/// the expression that makes it.
pub(crate) struct Best<V> {
    pub(crate) distance: V,
    pub(crate) value: V,
    pub(crate) expr: Expr,
}

/// Looks for the target, keeping the closest value met.
struct Closest<V> {
    target: V,
    best: Option<Best<V>>,
    /// Boards already searched: another line of play reaching the same
    /// board can make nothing new.
    seen: FxHashSet<Vec<V>>,
}

impl<V: StepValue> Visitor<V> for Closest<V> {
    fn enter(&mut self, board: &[V]) -> bool {
        self.seen.insert(board.to_vec())
    }

    fn found(&mut self, search: &Search<'_, V>, value: V, id: usize) -> Result<bool, Overflow> {
        let distance = value.distance(self.target)?;
        if self.best.as_ref().is_none_or(|b| distance < b.distance) {
            self.best = Some(Best {
                distance,
                value,
                expr: search.expr(id),
            });
        }
        Ok(distance != V::default())
    }
}

/// The first solution, or the first value met at the least distance from
/// the target (`None` when the rules let the hand make nothing).
pub(crate) fn closest<V: StepValue>(
    search: &mut Search<'_, V>,
    target: V,
) -> Result<Option<Best<V>>, Overflow> {
    let mut visitor = Closest {
        target,
        best: None,
        seen: FxHashSet::default(),
    };
    if search.start(&mut visitor)? {
        search.descend(&mut visitor)?;
    }
    Ok(visitor.best)
}

/// Collects the distinct solutions.
struct Listing<V> {
    target: V,
    /// Trees already met (the same tree comes from steps played in
    /// another order), so each is put in canonical form once.
    trees: FxHashSet<Expr>,
    forms: FxHashSet<Canonical>,
    found: Vec<Expr>,
}

impl<V: StepValue> Visitor<V> for Listing<V> {
    fn enter(&mut self, _board: &[V]) -> bool {
        true
    }

    fn found(&mut self, search: &Search<'_, V>, value: V, id: usize) -> Result<bool, Overflow> {
        if value != self.target {
            return Ok(true);
        }
        let expr = search.expr(id);
        if self.trees.insert(expr.clone()) {
            let form = Canonical::of(&expr).map_err(|_| Overflow)?;
            if self.forms.insert(form) {
                self.found.push(expr);
            }
        }
        Ok(true)
    }
}

/// Every distinct solution (see the guide's "Countdown" section), in the
/// order first met.
pub(crate) fn listing<V: StepValue>(
    search: &mut Search<'_, V>,
    target: V,
) -> Result<Vec<Expr>, Overflow> {
    let mut visitor = Listing {
        target,
        trees: FxHashSet::default(),
        forms: FxHashSet::default(),
        found: Vec::new(),
    };
    if search.start(&mut visitor)? {
        search.descend(&mut visitor)?;
    }
    Ok(visitor.found)
}
