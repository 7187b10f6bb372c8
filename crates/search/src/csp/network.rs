//! The constraint network and the propagation engine that runs it to a
//! fixpoint.

use std::collections::VecDeque;
use std::sync::Arc as Shared;

use super::constraint::Constraint;
use super::domain::Domain;
use super::model::{Entry, Model};
use super::relation::Relation;
use super::var::{ConstraintId, Var};

/// The static part of a model: relations, scopes and who watches whom.
/// Shared (not copied) between clones of a search.
#[derive(Debug)]
pub(crate) struct Network<D> {
    /// The support rows of every arc. For a variable `x` with at least
    /// [`LAID_OUT_MIN_ARCS`] arcs out, by value: the rows of those arcs
    /// for its value `a` lie side by side, in the order of the arcs, at
    /// `vars[x].rows + a * vars[x].width`, so that revising all of them
    /// from a single value reads one slice; or, when laid out by target
    /// (see [`VarEntry::targets`]), each at the index of its target. For
    /// other variables, where the relations put them, one arc's after
    /// another.
    pub(super) rows: Vec<D>,
    /// For the variables laid out by target: `arc_at[x * n + t]` is the
    /// position, among the arcs out of `x`, of the arc into `t` (`n`
    /// variables, at most 64). Empty when no variable is.
    pub(super) arc_at: Vec<u8>,
    /// Per variable, one more at the end: where its lists below start (a
    /// list of `x` ends where that of `x + 1` starts).
    pub(super) vars: Vec<VarEntry>,
    /// The arcs to revise when a variable's domain changes.
    pub(super) arcs: Vec<Arc>,
    /// The global constraints watching each variable.
    pub(super) watchers: Vec<u32>,
    /// The constraints whose scope holds each variable.
    pub(super) incident: Vec<ConstraintId>,
    /// Per constraint id: its scope.
    pub(super) scope_vars: Vec<Var>,
    pub(super) scope_starts: Vec<u32>,
    /// Per global constraint: its id.
    pub(crate) global_ids: Vec<ConstraintId>,
    pub(crate) global_idempotent: Vec<bool>,
}

/// Where a variable's arcs, watchers and incident constraints start in
/// their tables, and its block of rows.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct VarEntry {
    pub(super) arcs: u32,
    pub(super) watchers: u32,
    pub(super) incident: u32,
    /// Whether the rows of the arcs out of the variable are laid out
    /// value by value, from `rows` (see [`Network::rows`]); otherwise each
    /// arc's rows follow one another where its relation put them.
    pub(super) laid_out: bool,
    /// Where the rows of the arcs out of the variable start.
    pub(super) rows: u32,
    /// How many rows each value has in that block: one per arc, or one per
    /// variable when laid out by target.
    pub(super) width: u32,
    /// When the rows are laid out by target: the targets of the arcs out
    /// of the variable, as bits (the model has at most 64 variables, and
    /// one arc into each target). Zero otherwise. The arcs into settled
    /// targets (see [`Store::settled`]) are then skipped.
    pub(super) targets: u64,
    /// How many values have rows: one more than the largest value of the
    /// variable's domain when its relations were tabulated (its values
    /// only shrink from there).
    pub(super) height: u32,
}

/// What scheduling a changed variable needs to know, in one place: three
/// static facts (kept next to the flag to save look-ups) and its queue.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct VarInfo {
    /// The largest `conflicts` among the arcs out of the variable. With
    /// more values than that, no arc out of it can remove anything.
    pub(super) most_conflicts: u32,
    /// Whether the variable is in a binary relation (has arcs out).
    pub(super) has_arcs: bool,
    /// Whether a global constraint watches the variable.
    pub(super) has_watchers: bool,
    /// [`IDLE`], [`QUEUED`] or [`QUEUED_SINGLE`].
    pub(super) queued: u8,
}

/// One direction of a binary relation: when the variable at `side`
/// changes, the variable `target` is revised.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Arc {
    /// The relation's constraint id.
    pub(super) id: ConstraintId,
    pub(super) target: u32,
    /// See `Relation::conflicts`: with more values than this on the changed
    /// side, every target value keeps a support and revising is skipped.
    pub(super) conflicts: u32,
    /// `rows[forward + a * stride]`, for `a < forward_len`: the target
    /// values supported by the changed variable's value `a`.
    pub(super) forward: u32,
    pub(super) forward_len: u32,
    pub(super) stride: u32,
    /// `rows[backward + b * backward_stride]`, for `b < backward_len`: the
    /// changed-side values supported by the target's value `b` (the
    /// forward rows of the opposite arc).
    pub(super) backward: u32,
    pub(super) backward_len: u32,
    pub(super) backward_stride: u32,
    /// `residues[backward_residues..][..backward_len]`: last supports found.
    pub(super) residues: u32,
}

impl Arc {
    /// A placeholder, overwritten when the network is built.
    const UNSET: Arc = Arc {
        id: ConstraintId(0),
        target: 0,
        conflicts: 0,
        forward: 0,
        forward_len: 0,
        stride: 0,
        backward: 0,
        backward_len: 0,
        backward_stride: 0,
        residues: 0,
    };
}

/// A variable in no variable queue.
pub(super) const IDLE: u8 = 0;
/// A variable in the queue of variables with several values.
pub(super) const QUEUED: u8 = 1;
/// A variable in the queue of single-valued variables.
pub(super) const QUEUED_SINGLE: u8 = 2;

/// With at most this many values left in a changed variable, the arcs out
/// of it are revised by the union of the rows of its values, every arc of
/// a chunk in one pass without branches.
pub(super) const FEW_VALUES: u32 = 3;

/// The rows of the arcs out of a variable are laid out by value (see
/// [`Network::rows`]) when it has this many arcs or more: reading a value's
/// rows as one slice pays for its setup, and for copying the rows once
/// when the network is built, only over several arcs.
pub(super) const LAID_OUT_MIN_ARCS: usize = 4;

impl<D: Domain> Network<D> {
    /// The target values of `arc` supported by some value of `from`.
    #[inline(always)]
    pub(super) fn reach(&self, arc: &Arc, from: &D) -> D {
        let mut reach = D::with_capacity(0);
        for row in from.iter().filter_map(|a| self.arc_row(arc, a)) {
            reach.union_with(row);
        }
        reach
    }

    /// Revises `target` against `from` for `arc`: the values of `target`
    /// that keep a support among the values of `from`, or `None` when all
    /// of them do. Residues (the support each target value had last time)
    /// are checked first and updated. `from_len` is the number of values of
    /// `from`, more than one.
    #[inline]
    pub(super) fn revise(
        &self,
        arc: &Arc,
        residues: &mut [u32],
        from: &D,
        from_len: u32,
        target: &D,
    ) -> Option<D> {
        if from_len <= FEW_VALUES || from_len <= target.len() {
            // Few values, or fewer than the target: the union of their rows.
            let mut next = target.clone();
            return next.intersect_with(&self.reach(arc, from)).then_some(next);
        }
        // Many: check each target value, its residue first.
        let start = arc.residues as usize;
        let residues = &mut residues[start..start + arc.backward_len as usize];
        let backward = |b: u32| {
            (b < arc.backward_len).then(|| {
                &self.rows[arc.backward as usize + b as usize * arc.backward_stride as usize]
            })
        };
        let mut next: Option<D> = None;
        for b in target.iter() {
            if from.contains(residues[b as usize]) {
                continue;
            }
            match backward(b).and_then(|row| row.first_common(from)) {
                Some(a) => residues[b as usize] = a,
                None => {
                    next.get_or_insert_with(|| target.clone()).remove(b);
                }
            }
        }
        next
    }
}

/// The row of `arc`'s changed-side value `a` in `rows`: the target values
/// it supports. `a` must be a value of the changed variable: its domain
/// only shrinks from the one the relation was tabulated over, which has a
/// row for each value.
#[inline(always)]
pub(super) fn forward_row<'r, D>(rows: &'r [D], arc: &Arc, a: u32) -> &'r D {
    debug_assert!(a < arc.forward_len, "a value the relation has a row for");
    &rows[arc.forward as usize + a as usize * arc.stride as usize]
}

impl<D> Network<D> {
    /// The rows of the arcs out of the variable of `entry` for its value
    /// `a`, side by side (see [`Network::rows`]); `None` for a value
    /// without rows.
    #[inline(always)]
    pub(super) fn value_rows(&self, entry: &VarEntry, a: u32) -> Option<&[D]> {
        let len = entry.width as usize;
        let start = entry.rows as usize + a as usize * len;
        (a < entry.height)
            .then(|| self.rows.get(start..start + len))
            .flatten()
    }

    /// The row of `arc`'s changed-side value `a`, `None` for a value
    /// without one (it supports nothing).
    #[inline(always)]
    pub(super) fn arc_row(&self, arc: &Arc, a: u32) -> Option<&D> {
        (a < arc.forward_len).then(|| forward_row(&self.rows, arc, a))
    }

    /// The number of constraints.
    pub(crate) fn num_constraints(&self) -> usize {
        self.scope_starts.len() - 1
    }

    /// The scope of constraint `c`.
    pub(crate) fn scope(&self, c: ConstraintId) -> &[Var] {
        let (start, end) = (
            self.scope_starts[c.index()],
            self.scope_starts[c.index() + 1],
        );
        &self.scope_vars[start as usize..end as usize]
    }

    /// The constraints whose scope holds `x`.
    pub(crate) fn constraints_of(&self, x: Var) -> &[ConstraintId] {
        let (start, end) = (
            self.vars[x.index()].incident,
            self.vars[x.index() + 1].incident,
        );
        &self.incident[start as usize..end as usize]
    }

    #[inline]
    pub(super) fn arcs_of(&self, x: u32) -> &[Arc] {
        let (start, end) = (self.vars[x as usize].arcs, self.vars[x as usize + 1].arcs);
        &self.arcs[start as usize..end as usize]
    }
}

/// A first-in first-out queue of variables, each at most once (the caller
/// keeps the "queued" flags), in a ring of at least one slot per variable:
/// a power of two, so that positions wrap by a mask.
#[derive(Clone, Debug)]
pub(super) struct VarQueue {
    pub(super) slots: Vec<u32>,
    /// Where the next variable is taken, and where the next one is put;
    /// both only grow (wrapping), positions are taken modulo the ring.
    pub(super) head: usize,
    pub(super) tail: usize,
}

impl VarQueue {
    pub(super) fn new(vars: usize) -> Self {
        VarQueue {
            slots: vec![0; vars.max(1).next_power_of_two()],
            head: 0,
            tail: 0,
        }
    }

    #[inline(always)]
    pub(super) fn push(&mut self, x: u32) {
        debug_assert!(
            self.tail.wrapping_sub(self.head) < self.slots.len(),
            "a variable is queued at most once"
        );
        let mask = self.slots.len() - 1;
        if let Some(slot) = self.slots.get_mut(self.tail & mask) {
            *slot = x;
        }
        self.tail = self.tail.wrapping_add(1);
    }

    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<u32> {
        if self.head == self.tail {
            return None;
        }
        let mask = self.slots.len() - 1;
        let x = self.slots.get(self.head & mask).copied();
        self.head = self.head.wrapping_add(1);
        x
    }
}

/// The mutable half: global constraints (they may cache hints), residues,
/// queues.
#[derive(Clone, Debug)]
pub(crate) struct Propagator<D: Domain> {
    pub(crate) globals: Vec<Box<dyn Constraint<D>>>,
    pub(super) residues: Vec<u32>,
    /// Changed variables: `queues[QUEUED as usize - 1]` those with several
    /// values, `queues[QUEUED_SINGLE as usize - 1]` those with one, revised
    /// first.
    pub(super) queues: [VarQueue; 2],
    /// Per variable: see [`VarInfo`].
    pub(super) info: Vec<VarInfo>,
    pub(super) global_queue: VecDeque<u32>,
    pub(super) global_queued: Vec<bool>,
    pub(super) changes: Vec<(u32, D)>,
    pub(crate) propagations: u64,
}

/// Builds the network and propagator from a model; returns the domains too.
/// The propagator's methods take the network as an argument (kept apart,
/// it is borrowed while the propagator changes, without sharing it).
pub(crate) fn build<D: Domain>(model: Model<D>) -> (Vec<D>, Shared<Network<D>>, Propagator<D>) {
    let (domains, entries, relation_rows) = model.into_parts();
    let n = domains.len();
    let offset = |len: usize| u32::try_from(len).expect("fewer than 2^32 items");
    // First pass: sizes, and each variable's list lengths (at `x + 1`), so
    // that every table is allocated once and filled in place.
    let mut vars = vec![VarEntry::default(); n + 1];
    let mut info = vec![VarInfo::default(); n];
    let (mut residues_len, mut scope_len, mut globals_len) = (0, 0, 0);
    // The last global constraint that listed each variable (to skip repeats).
    let mut listed_by = vec![u32::MAX; n];
    for entry in &entries {
        match entry {
            Entry::Relation(r) => {
                scope_len += 2;
                vars[r.x.index() + 1].incident += 1;
                if r.x == r.y {
                    continue;
                }
                residues_len += r.lens[0] as usize + r.lens[1] as usize;
                vars[r.y.index() + 1].incident += 1;
                for (side, v) in [r.x, r.y].into_iter().enumerate() {
                    vars[v.index() + 1].arcs += 1;
                    let most = &mut info[v.index()].most_conflicts;
                    *most = (*most).max(r.conflicts[side]);
                }
            }
            Entry::Global(c) => {
                let g = offset(globals_len);
                scope_len += c.scope().len();
                globals_len += 1;
                for &x in c.scope() {
                    if listed_by[x.index()] != g {
                        listed_by[x.index()] = g;
                        vars[x.index() + 1].watchers += 1;
                        vars[x.index() + 1].incident += 1;
                    }
                }
            }
        }
    }
    for x in 0..n {
        let before = vars[x];
        let entry = &mut vars[x + 1];
        // Still the lengths of the lists of `x`, before they are summed.
        info[x].has_arcs = entry.arcs != 0;
        info[x].has_watchers = entry.watchers != 0;
        entry.arcs += before.arcs;
        entry.watchers += before.watchers;
        entry.incident += before.incident;
    }
    let totals = vars[n];
    let mut arcs = vec![Arc::UNSET; totals.arcs as usize];
    let mut watchers = vec![0u32; totals.watchers as usize];
    let mut incident = vec![ConstraintId(0); totals.incident as usize];
    let mut scope_vars = Vec::with_capacity(scope_len);
    let mut scope_starts = Vec::with_capacity(entries.len() + 1);
    let mut global_ids = Vec::with_capacity(globals_len);
    let mut global_idempotent = Vec::with_capacity(globals_len);
    let mut globals = Vec::with_capacity(globals_len);
    let mut residues = Vec::with_capacity(residues_len);
    // Second pass: each item goes to its variable's next free slot; the
    // starts serve as cursors and end up one variable ahead.
    listed_by.fill(u32::MAX);
    for (index, entry) in entries.into_iter().enumerate() {
        let id = ConstraintId(offset(index));
        scope_starts.push(offset(scope_vars.len()));
        match entry {
            Entry::Relation(relation) => {
                let Relation {
                    x,
                    y,
                    starts,
                    lens,
                    conflicts,
                } = relation;
                scope_vars.extend([x, y]);
                place(&mut incident, &mut vars[x.index()].incident, id);
                if x == y {
                    continue;
                }
                place(&mut incident, &mut vars[y.index()].incident, id);
                let ends = [x, y];
                let at = [vars[x.index()].arcs, vars[y.index()].arcs];
                for side in 0..2 {
                    // For now `forward` is where the rows start in
                    // `relation_rows` (they move to `rows` below) and
                    // `backward` where the opposite arc is.
                    let arc = Arc {
                        id,
                        target: ends[1 - side].0,
                        conflicts: conflicts[side],
                        forward: starts[side],
                        forward_len: lens[side],
                        backward: at[1 - side],
                        backward_len: lens[1 - side],
                        residues: offset(residues.len()),
                        ..Arc::UNSET
                    };
                    place(&mut arcs, &mut vars[ends[side].index()].arcs, arc);
                    residues.resize(residues.len() + lens[1 - side] as usize, u32::MAX);
                }
            }
            Entry::Global(constraint) => {
                let g = offset(globals.len());
                scope_vars.extend_from_slice(constraint.scope());
                for &x in constraint.scope() {
                    if listed_by[x.index()] != g {
                        listed_by[x.index()] = g;
                        place(&mut watchers, &mut vars[x.index()].watchers, g);
                        place(&mut incident, &mut vars[x.index()].incident, id);
                    }
                }
                global_ids.push(id);
                global_idempotent.push(constraint.is_idempotent());
                globals.push(constraint);
            }
        }
    }
    scope_starts.push(offset(scope_vars.len()));
    // The cursors stopped at the next variable's start: shift them back.
    for x in (1..=n).rev() {
        let before = vars[x - 1];
        let entry = &mut vars[x];
        (entry.arcs, entry.watchers, entry.incident) =
            (before.arcs, before.watchers, before.incident);
    }
    (vars[0].arcs, vars[0].watchers, vars[0].incident) = (0, 0, 0);
    let mut rows = relation_rows;
    let arc_at = lay_out_rows(&mut vars, &mut arcs, &mut rows);
    let network = Network {
        rows,
        arc_at,
        vars,
        arcs,
        watchers,
        incident,
        scope_vars,
        scope_starts,
        global_ids,
        global_idempotent,
    };
    let g = globals.len();
    let propagator = Propagator {
        globals,
        residues,
        queues: [VarQueue::new(n), VarQueue::new(n)],
        info,
        global_queue: VecDeque::with_capacity(g),
        global_queued: vec![false; g],
        changes: Vec::new(),
        propagations: 0,
    };
    (domains, Shared::new(network), propagator)
}

/// Moves the rows of the arcs out of each variable with at least
/// [`LAID_OUT_MIN_ARCS`] arcs into one block, value by value (see
/// [`Network::rows`]), appended to the relations' rows (their old places
/// are left empty), and points the arcs at their rows. On entry an arc's
/// `forward` is where its rows start in `rows` and its `backward` is the
/// position of the opposite arc. Returns the table `arc_at` (see
/// [`Network::arc_at`]).
pub(super) fn lay_out_rows<D: Domain>(
    vars: &mut [VarEntry],
    arcs: &mut [Arc],
    rows: &mut Vec<D>,
) -> Vec<u8> {
    let offset = |len: usize| u32::try_from(len).expect("fewer than 2^32 relation rows");
    let n = vars.len() - 1;
    let mut arc_at = Vec::new();
    for x in 0..n {
        let list = &mut arcs[vars[x].arcs as usize..vars[x + 1].arcs as usize];
        if list.len() < LAID_OUT_MIN_ARCS {
            for arc in list.iter_mut() {
                arc.stride = 1;
            }
            continue;
        }
        // By target when the block is at most twice as large and each
        // target has one arc: its position among the variables.
        let mut targets = 0u64;
        let by_target = n <= 64
            && n <= 2 * list.len()
            && list.iter().all(|arc| {
                let bit = 1u64 << arc.target;
                let fresh = targets & bit == 0;
                targets |= bit;
                fresh
            });
        let width = if by_target { n } else { list.len() };
        let slot = |k: usize, arc: &Arc| if by_target { arc.target as usize } else { k };
        // By target, the arc at each variable (none: past the list).
        let mut at = [u8::MAX; 64];
        if by_target {
            for (k, arc) in list.iter().enumerate() {
                at[arc.target as usize] = k as u8; // k < n <= 64
            }
        }
        let height = list.iter().map(|arc| arc.forward_len).max().unwrap_or(0);
        let block = offset(rows.len());
        for a in 0..height {
            for slot in 0..width {
                let k = if by_target {
                    at.get(slot).map_or(usize::MAX, |&k| usize::from(k))
                } else {
                    slot
                };
                let row = match list.get(k) {
                    Some(arc) if a < arc.forward_len => {
                        let from = &mut rows[(arc.forward + a) as usize];
                        std::mem::replace(from, D::with_capacity(0))
                    }
                    _ => D::with_capacity(0),
                };
                rows.push(row);
            }
        }
        let stride = offset(width);
        for (k, arc) in list.iter_mut().enumerate() {
            arc.forward = block + offset(slot(k, arc));
            arc.forward_len = height;
            arc.stride = stride;
        }
        if by_target {
            if arc_at.is_empty() {
                arc_at = vec![u8::MAX; n * n];
            }
            arc_at[x * n..][..n].copy_from_slice(&at[..n]);
        }
        let entry = &mut vars[x];
        (entry.laid_out, entry.rows, entry.height) = (true, block, height);
        (entry.width, entry.targets) = (stride, if by_target { targets } else { 0 });
    }
    offset(rows.len());
    // The backward rows of an arc are the forward rows of its opposite.
    for k in 0..arcs.len() {
        let other = arcs[arcs[k].backward as usize];
        arcs[k].backward = other.forward;
        arcs[k].backward_stride = other.stride;
    }
    arc_at
}

/// Puts `item` at `table[*cursor]` and advances the cursor.
#[inline]
pub(super) fn place<T>(table: &mut [T], cursor: &mut u32, item: T) {
    table[*cursor as usize] = item;
    *cursor += 1;
}
