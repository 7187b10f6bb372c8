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

/// The most values a board holds (the most numbers a game takes).
const MAX_BOARD: usize = super::game::MAX_COUNTDOWN_NUMBERS;

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
    /// Whether a value made by the last step of a line of play is worth
    /// recording (a cheap test before the step is played out).
    fn wants(&self, value: V) -> bool;
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
    /// The numbers of the hand behind each value, as a bit mask.
    masks: Vec<u16>,
    /// Whether steps that do not build on each other are played in one
    /// order only (see `descend`).
    ordered: bool,
    /// The node and mask of the last step's result.
    last: Option<(usize, u16)>,
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
            masks: (0..values.len()).map(|i| 1u16 << i).collect(),
            ordered: false,
            last: None,
            values,
            steps: Vec::new(),
            meter,
            nodes: 0,
            stop: None,
        }
    }

    /// Counts `nodes` already spent of the budget (by another search of
    /// the same game) before this one starts.
    pub(crate) fn spend(&mut self, nodes: u64) {
        self.nodes = self.nodes.saturating_add(nodes);
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
            let mut board = [V::default(); MAX_BOARD];
            board[..n].copy_from_slice(&self.values);
            board[..n].sort_unstable();
            if !visitor.enter(&board[..n]) {
                return Ok(true);
            }
        }
        let any = self.rules.number_use() == NumberUse::Any;
        // Two pairs of equal values make the same boards: try each once
        // (not when steps are ordered, where the two pairs' leaves order
        // the steps after them differently).
        let mut tried = [(V::default(), V::default()); MAX_BOARD * (MAX_BOARD - 1) / 2];
        let mut tried_len = 0;
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (self.values[i], self.values[j]);
                if self.ordered {
                    // Two steps that do not build on each other make the
                    // same trees in either order: play them in the order
                    // of their lowest number of the hand. The order that
                    // always plays the lowest-keyed step available passes
                    // this test, so no tree is lost.
                    if let Some((last_id, last_mask)) = self.last {
                        let builds = self.ids[i] == last_id || self.ids[j] == last_id;
                        let key = (self.masks[i] | self.masks[j]).trailing_zeros();
                        if !builds && key < last_mask.trailing_zeros() {
                            continue;
                        }
                    }
                } else {
                    let pair = if a >= b { (a, b) } else { (b, a) };
                    if tried[..tried_len].contains(&pair) {
                        continue;
                    }
                    tried[tried_len] = pair;
                    tried_len += 1;
                }
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
                        // With two values left the step ends the line: play
                        // it out only if its value is wanted.
                        if n == 2 && !visitor.wants(r) {
                            continue;
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
        let (vi, ii, mi) = (self.values[i], self.ids[i], self.masks[i]);
        let (vj, ij, mj) = (self.values[j], self.ids[j], self.masks[j]);
        let last = self.last.replace((id, mi | mj));
        self.values[i] = r;
        self.ids[i] = id;
        self.masks[i] = mi | mj;
        self.values.swap_remove(j);
        self.ids.swap_remove(j);
        self.masks.swap_remove(j);
        let counts = self.rules.number_use() == NumberUse::Any || self.values.len() == 1;
        // No early return before the board is put back: a caller that
        // meets an error still undoes its own step.
        let result = match counts.then(|| visitor.found(self, r, id)) {
            Some(Ok(false)) => Ok(false),
            Some(Err(overflow)) => Err(overflow),
            Some(Ok(true)) | None => self.descend(visitor),
        };
        // Undo the swap_remove: the old last value went to `j`.
        self.values.push(vj);
        self.ids.push(ij);
        self.masks.push(mj);
        let end = self.values.len() - 1;
        self.values.swap(j, end);
        self.ids.swap(j, end);
        self.masks.swap(j, end);
        self.values[i] = vi;
        self.ids[i] = ii;
        self.masks[i] = mi;
        self.last = last;
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
    /// board can make nothing new. At most `remember` of them: past that,
    /// boards are searched again rather than remembered, so that memory
    /// stays bounded however long the budget lets the search run.
    seen: FxHashSet<Board<V>>,
    remember: usize,
}

/// The most boards a search for the closest value remembers (some tens
/// of megabytes: a board is a few machine words per value).
const MAX_REMEMBERED_BOARDS: usize = 1 << 18;

/// A board as a key: its length and its values sorted, padded.
type Board<V> = (usize, [V; MAX_BOARD]);

impl<V: StepValue> Visitor<V> for Closest<V> {
    fn wants(&self, value: V) -> bool {
        match (&self.best, value.distance(self.target)) {
            (Some(best), Ok(d)) => d < best.distance,
            // An overflow is reported when the step is played out.
            _ => true,
        }
    }

    fn enter(&mut self, board: &[V]) -> bool {
        let mut key = [V::default(); MAX_BOARD];
        key[..board.len()].copy_from_slice(board);
        if self.seen.len() >= self.remember {
            return !self.seen.contains(&(board.len(), key));
        }
        self.seen.insert((board.len(), key))
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
    closest_remembering(search, target, MAX_REMEMBERED_BOARDS)
}

/// [`closest`], remembering at most `remember` boards.
fn closest_remembering<V: StepValue>(
    search: &mut Search<'_, V>,
    target: V,
    remember: usize,
) -> Result<Option<Best<V>>, Overflow> {
    let mut visitor = Closest {
        target,
        best: None,
        seen: FxHashSet::default(),
        remember,
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
    fn wants(&self, value: V) -> bool {
        value == self.target
    }

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
    search.ordered = true;
    if search.start(&mut visitor)? {
        search.descend(&mut visitor)?;
    }
    Ok(visitor.found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kongming_search::control::Budget;

    /// A search that remembers few boards finds the same closest value
    /// (it only searches some boards again): 900 for 875 from
    /// 25 50 1 1 2 2, the published example of a target 25 away at best.
    #[test]
    fn remembering_few_boards_changes_no_answer() {
        let hand = [25i64, 50, 1, 1, 2, 2];
        let leaves: Vec<Rational> = hand.iter().map(|&n| n.into()).collect();
        for remember in [8, MAX_REMEMBERED_BOARDS] {
            let mut search = Search::new(
                &leaves,
                hand.to_vec(),
                Rules::countdown(),
                Budget::unlimited().start(),
            );
            let best = closest_remembering(&mut search, 875, remember)
                .expect("no overflow")
                .expect("some value");
            assert_eq!(best.distance, 25, "remembering {remember}");
            assert_eq!(best.expr.eval(), Ok(best.value.into()));
        }
    }
}
