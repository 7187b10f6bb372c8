//! The constraint network and the propagation engine that runs it to a
//! fixpoint.

use std::borrow::Borrow;
use std::collections::VecDeque;
use std::sync::Arc as Shared;

use super::constraint::{Constraint, Propagation};
use super::domain::Domain;
use super::model::{Entry, Model};
use super::observer::{Cause, Observer, Reduction};
use super::relation::Relation;
use super::store::Store;
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
    rows: Vec<D>,
    /// For the variables laid out by target: `arc_at[x * n + t]` is the
    /// position, among the arcs out of `x`, of the arc into `t` (`n`
    /// variables, at most 64). Empty when no variable is.
    arc_at: Vec<u8>,
    /// Per variable, one more at the end: where its lists below start (a
    /// list of `x` ends where that of `x + 1` starts).
    vars: Vec<VarEntry>,
    /// The arcs to revise when a variable's domain changes.
    arcs: Vec<Arc>,
    /// The global constraints watching each variable.
    watchers: Vec<u32>,
    /// The constraints whose scope holds each variable.
    incident: Vec<ConstraintId>,
    /// Per constraint id: its scope.
    scope_vars: Vec<Var>,
    scope_starts: Vec<u32>,
    /// Per global constraint: its id.
    pub(crate) global_ids: Vec<ConstraintId>,
    pub(crate) global_idempotent: Vec<bool>,
}

/// Where a variable's arcs, watchers and incident constraints start in
/// their tables, and its block of rows.
#[derive(Clone, Copy, Debug, Default)]
struct VarEntry {
    arcs: u32,
    watchers: u32,
    incident: u32,
    /// Whether the rows of the arcs out of the variable are laid out
    /// value by value, from `rows` (see [`Network::rows`]); otherwise each
    /// arc's rows follow one another where its relation put them.
    laid_out: bool,
    /// Where the rows of the arcs out of the variable start.
    rows: u32,
    /// How many rows each value has in that block: one per arc, or one per
    /// variable when laid out by target.
    width: u32,
    /// When the rows are laid out by target: the targets of the arcs out
    /// of the variable, as bits (the model has at most 64 variables, and
    /// one arc into each target). Zero otherwise. The arcs into settled
    /// targets (see [`Store::settled`]) are then skipped.
    targets: u64,
    /// How many values have rows: one more than the largest value of the
    /// variable's domain when its relations were tabulated (its values
    /// only shrink from there).
    height: u32,
}

/// What scheduling a changed variable needs to know, in one place: three
/// static facts (kept next to the flag to save look-ups) and its queue.
#[derive(Clone, Copy, Debug, Default)]
struct VarInfo {
    /// The largest `conflicts` among the arcs out of the variable. With
    /// more values than that, no arc out of it can remove anything.
    most_conflicts: u32,
    /// Whether the variable is in a binary relation (has arcs out).
    has_arcs: bool,
    /// Whether a global constraint watches the variable.
    has_watchers: bool,
    /// [`IDLE`], [`QUEUED`] or [`QUEUED_SINGLE`].
    queued: u8,
}

/// One direction of a binary relation: when the variable at `side`
/// changes, the variable `target` is revised.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Arc {
    /// The relation's constraint id.
    id: ConstraintId,
    target: u32,
    /// See `Relation::conflicts`: with more values than this on the changed
    /// side, every target value keeps a support and revising is skipped.
    conflicts: u32,
    /// `rows[forward + a * stride]`, for `a < forward_len`: the target
    /// values supported by the changed variable's value `a`.
    forward: u32,
    forward_len: u32,
    stride: u32,
    /// `rows[backward + b * backward_stride]`, for `b < backward_len`: the
    /// changed-side values supported by the target's value `b` (the
    /// forward rows of the opposite arc).
    backward: u32,
    backward_len: u32,
    backward_stride: u32,
    /// `residues[backward_residues..][..backward_len]`: last supports found.
    residues: u32,
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
const IDLE: u8 = 0;
/// A variable in the queue of variables with several values.
const QUEUED: u8 = 1;
/// A variable in the queue of single-valued variables.
const QUEUED_SINGLE: u8 = 2;

/// With at most this many values left in a changed variable, the arcs out
/// of it are revised by the union of the rows of its values, every arc of
/// a chunk in one pass without branches.
const FEW_VALUES: u32 = 3;

/// The rows of the arcs out of a variable are laid out by value (see
/// [`Network::rows`]) when it has this many arcs or more: reading a value's
/// rows as one slice pays for its setup, and for copying the rows once
/// when the network is built, only over several arcs.
const LAID_OUT_MIN_ARCS: usize = 4;

impl<D: Domain> Network<D> {
    /// The target values of `arc` supported by some value of `from`.
    #[inline(always)]
    fn reach(&self, arc: &Arc, from: &D) -> D {
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
    fn revise(
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

/// The union of three rows: the values a variable with up to three
/// values supports in one target.
#[inline]
fn union_of_three<D: Domain>(a: &D, b: &D, c: &D) -> D {
    let mut union = a.clone();
    union.union_with(b);
    union.union_with(c);
    union
}

/// The arcs (as bits, in order) whose target loses a value when it keeps
/// only `reach`, the values supported on the changed side, which has
/// `from_len` values. Without branches.
#[inline(always)]
fn arcs_losing<'a, D: Domain>(
    arcs: impl Iterator<Item = (&'a Arc, D)>,
    domains: &[D],
    from_len: u32,
) -> u64 {
    let mut worth = 0u64;
    for (k, (arc, reach)) in arcs.enumerate() {
        let keeps = domains[arc.target as usize].is_subset(&reach);
        let useful = (from_len <= arc.conflicts) & !keeps;
        worth |= u64::from(useful) << k;
    }
    worth
}

/// The row of `arc`'s changed-side value `a` in `rows`: the target values
/// it supports. `a` must be a value of the changed variable: its domain
/// only shrinks from the one the relation was tabulated over, which has a
/// row for each value.
#[inline(always)]
fn forward_row<'r, D>(rows: &'r [D], arc: &Arc, a: u32) -> &'r D {
    debug_assert!(a < arc.forward_len, "a value the relation has a row for");
    &rows[arc.forward as usize + a as usize * arc.stride as usize]
}

impl<D> Network<D> {
    /// The rows of the arcs out of the variable of `entry` for its value
    /// `a`, side by side (see [`Network::rows`]); `None` for a value
    /// without rows.
    #[inline(always)]
    fn value_rows(&self, entry: &VarEntry, a: u32) -> Option<&[D]> {
        let len = entry.width as usize;
        let start = entry.rows as usize + a as usize * len;
        (a < entry.height)
            .then(|| self.rows.get(start..start + len))
            .flatten()
    }

    /// The row of `arc`'s changed-side value `a`, `None` for a value
    /// without one (it supports nothing).
    #[inline(always)]
    fn arc_row(&self, arc: &Arc, a: u32) -> Option<&D> {
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
    fn arcs_of(&self, x: u32) -> &[Arc] {
        let (start, end) = (self.vars[x as usize].arcs, self.vars[x as usize + 1].arcs);
        &self.arcs[start as usize..end as usize]
    }
}

/// A first-in first-out queue of variables, each at most once (the caller
/// keeps the "queued" flags), in a ring of at least one slot per variable:
/// a power of two, so that positions wrap by a mask.
#[derive(Clone, Debug)]
struct VarQueue {
    slots: Vec<u32>,
    /// Where the next variable is taken, and where the next one is put;
    /// both only grow (wrapping), positions are taken modulo the ring.
    head: usize,
    tail: usize,
}

impl VarQueue {
    fn new(vars: usize) -> Self {
        VarQueue {
            slots: vec![0; vars.max(1).next_power_of_two()],
            head: 0,
            tail: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, x: u32) {
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
    fn pop(&mut self) -> Option<u32> {
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
    residues: Vec<u32>,
    /// Changed variables: `queues[QUEUED as usize - 1]` those with several
    /// values, `queues[QUEUED_SINGLE as usize - 1]` those with one, revised
    /// first.
    queues: [VarQueue; 2],
    /// Per variable: see [`VarInfo`].
    info: Vec<VarInfo>,
    global_queue: VecDeque<u32>,
    global_queued: Vec<bool>,
    changes: Vec<(u32, D)>,
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
fn lay_out_rows<D: Domain>(vars: &mut [VarEntry], arcs: &mut [Arc], rows: &mut Vec<D>) -> Vec<u8> {
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
fn place<T>(table: &mut [T], cursor: &mut u32, item: T) {
    table[*cursor as usize] = item;
    *cursor += 1;
}

/// What one round of propagation works on: the network's tables, the
/// domains it narrows, the observer told of each reduction, whether it
/// wants them, and the search depth they happen at.
struct Round<'r, D: Domain, O> {
    network: &'r Network<D>,
    store: &'r mut Store<D>,
    depth: usize,
    observer: &'r mut O,
    report: bool,
}

impl<D: Domain> Propagator<D> {
    /// Schedules everything: used once at the root.
    pub(crate) fn schedule_all(&mut self, network: &Network<D>, store: &Store<D>) {
        for x in 0..self.info.len() as u32 {
            let single = store.domain(x).single_value().is_some();
            self.schedule_var(network, x, single, None);
        }
    }

    /// Schedules what must run after the domain of `x` changed; `single`
    /// tells whether it has one value left.
    #[inline(always)]
    fn schedule_var(&mut self, network: &Network<D>, x: u32, single: bool, except: Option<u32>) {
        let i = x as usize;
        let info = &mut self.info[i];
        let has_watchers = info.has_watchers;
        // A variable in no binary relation has no arcs out (nor in): there
        // is nothing to revise for it, so it skips the variable queues.
        if info.has_arcs {
            // A single-valued variable goes to the front queue even when it
            // waits in the other one already (that entry is then stale and
            // skipped): its arcs are the cheapest and prune the most. Once
            // single it cannot change again (but to empty, a conflict).
            // In one test, without branching on `single`: a variable is
            // queued unless it waits in its queue already.
            let state = &mut info.queued;
            if single {
                if *state != QUEUED_SINGLE {
                    *state = QUEUED_SINGLE;
                    self.queues[1].push(x);
                }
            } else if *state == IDLE {
                *state = QUEUED;
                self.queues[0].push(x);
            }
        }
        if has_watchers {
            let (start, end) = (network.vars[i].watchers, network.vars[i + 1].watchers);
            self.schedule_watchers(network, start as usize..end as usize, except);
        }
    }

    /// Queues the global constraints `watchers[range]`, but `except`.
    fn schedule_watchers(
        &mut self,
        network: &Network<D>,
        range: std::ops::Range<usize>,
        except: Option<u32>,
    ) {
        for k in range {
            let g = network.watchers[k];
            if Some(g) != except && !self.global_queued[g as usize] {
                self.global_queued[g as usize] = true;
                self.global_queue.push_back(g);
            }
        }
    }

    /// Reports the changes recorded in `store` to the observer and schedules
    /// the constraints they wake. `source` is the global constraint that made
    /// them, if it need not run again for its own changes.
    #[inline]
    fn dispatch<O: Observer<D>>(
        &mut self,
        network: &Network<D>,
        store: &mut Store<D>,
        cause: Cause,
        source: Option<u32>,
        depth: usize,
        observer: &mut O,
    ) {
        let mut changes = std::mem::take(&mut self.changes);
        store.take_changes(&mut changes);
        let report = observer.wants_reductions();
        for (x, before) in &changes {
            if report {
                observer.on_reduction(&Reduction {
                    var: Var(*x),
                    before,
                    after: store.domain(*x),
                    cause,
                    depth,
                });
            }
            let single = store.domain(*x).single_value().is_some();
            self.schedule_var(network, *x, single, source);
        }
        self.changes = changes;
    }

    /// Replaces the domain of `var` by `keep ∩ domain` on behalf of the
    /// caller, and propagates.
    pub(crate) fn restrict<O: Observer<D>>(
        &mut self,
        network: &Network<D>,
        store: &mut Store<D>,
        var: Var,
        keep: &D,
        depth: usize,
        observer: &mut O,
    ) -> Result<(), Cause> {
        let mut d = store.domain(var.0).clone();
        if d.intersect_with(keep) {
            if d.is_empty() {
                return Err(Cause::Caller);
            }
            store.set(var.0, d);
            self.dispatch(network, store, Cause::Caller, None, depth, observer);
        }
        self.run(network, store, depth, observer)
    }

    /// Assigns `var = value` (a decision) and propagates.
    pub(crate) fn decide<O: Observer<D>>(
        &mut self,
        network: &Network<D>,
        store: &mut Store<D>,
        var: Var,
        value: u32,
        depth: usize,
        observer: &mut O,
    ) -> Result<(), Cause> {
        let mut d = store.domain(var.0).clone();
        if !d.contains(value) {
            return Err(Cause::Decision);
        }
        if d.retain_range(value, value) {
            // Straight to the queues (one variable: no change list).
            if observer.wants_reductions() {
                let before = store.domain(var.0).clone();
                store.set_quietly(var.0, d);
                observer.on_reduction(&Reduction {
                    var,
                    before: &before,
                    after: store.domain(var.0),
                    cause: Cause::Decision,
                    depth,
                });
            } else {
                store.set_quietly(var.0, d);
            }
            self.schedule_var(network, var.0, true, None);
        }
        self.run(network, store, depth, observer)
    }

    /// Propagates until nothing changes, or a constraint fails.
    pub(crate) fn run<O: Observer<D>>(
        &mut self,
        network: &Network<D>,
        store: &mut Store<D>,
        depth: usize,
        observer: &mut O,
    ) -> Result<(), Cause> {
        let result = self.run_queues(network, store, depth, observer);
        if result.is_err() {
            self.clear_queues();
            store.discard_changes();
        }
        result
    }

    fn run_queues<O: Observer<D>>(
        &mut self,
        network: &Network<D>,
        store: &mut Store<D>,
        depth: usize,
        observer: &mut O,
    ) -> Result<(), Cause> {
        let report = observer.wants_reductions();
        let mut round = Round {
            network,
            store,
            depth,
            observer,
            report,
        };
        loop {
            // Cheap binary relations first, one changed variable at a time,
            // single-valued ones first.
            loop {
                if let Some(x) = self.queues[1].pop() {
                    self.info[x as usize].queued = IDLE;
                    if let Some(a) = round.store.domain(x).single_value() {
                        self.revise_from_single(&mut round, x, a)?;
                    }
                    continue;
                }
                let Some(x) = self.queues[0].pop() else {
                    break;
                };
                if self.info[x as usize].queued != QUEUED {
                    continue; // became single since, and was revised as such
                }
                self.info[x as usize].queued = IDLE;
                self.revise_from_several(&mut round, x)?;
            }
            // Then one global constraint, and back to the relations.
            let Some(g) = self.global_queue.pop_front() else {
                return Ok(());
            };
            self.global_queued[g as usize] = false;
            self.propagations += 1;
            let cause = Cause::Constraint(network.global_ids[g as usize]);
            let outcome = self.globals[g as usize].propagate(&mut Propagation::new(round.store));
            if outcome.is_err() {
                return Err(cause);
            }
            let source = network.global_idempotent[g as usize].then_some(g);
            self.dispatch(network, round.store, cause, source, depth, round.observer);
        }
    }

    /// Revises the arcs out of `x`, which has the single value `a`.
    #[inline(always)]
    fn revise_from_single<O: Observer<D>>(
        &mut self,
        round: &mut Round<'_, D, O>,
        x: u32,
        a: u32,
    ) -> Result<(), Cause> {
        let network = round.network;
        let entry = &network.vars[x as usize];
        if !entry.laid_out {
            // A few arcs, each with its own rows: the same two steps.
            let arcs = network.arcs_of(x);
            let mut worth = 0u64;
            let domains = round.store.domains();
            for (k, arc) in arcs.iter().take(64).enumerate() {
                let keeps = network
                    .arc_row(arc, a)
                    .is_some_and(|row| domains[arc.target as usize].is_subset(row));
                worth |= u64::from(!keeps) << k;
            }
            self.propagations += arcs.len() as u64;
            while worth != 0 {
                let arc = &arcs[worth.trailing_zeros() as usize];
                worth &= worth - 1;
                let mut next = round.store.domain(arc.target).clone();
                let changed = match network.arc_row(arc, a) {
                    Some(row) => next.intersect_with(row),
                    None => next.retain_range(1, 0), // no support
                };
                if changed {
                    self.narrow(round, arc, next)?;
                }
            }
            return Ok(());
        }
        // The rows of all arcs for `a`, side by side.
        let start = entry.rows as usize + a as usize * entry.width as usize;
        let rows = match network.rows.get(start..start + entry.width as usize) {
            Some(rows) if a < entry.height => rows,
            // A value without rows has no support (but the domains only
            // shrink from those the rows were made for).
            _ => match network.arcs_of(x).first() {
                Some(arc) => return Err(Cause::Constraint(arc.id)),
                None => return Ok(()),
            },
        };
        if entry.targets != 0 {
            let row = |t: usize| rows.get(t);
            return self.revise_by_target(round, x, true, row);
        }
        let arcs = network.arcs_of(x);
        // Each target keeps exactly its row. First, without branches, the
        // arcs whose target loses values; then those are narrowed (a
        // conflict, or a target reached twice, is checked again there).
        for (chunk, rows) in arcs.chunks(64).zip(rows.chunks(64)) {
            let mut worth = 0u64;
            let domains = round.store.domains();
            for (k, (arc, row)) in chunk.iter().zip(rows).enumerate() {
                let keeps = domains[arc.target as usize].is_subset(row);
                worth |= u64::from(!keeps) << k;
            }
            self.propagations += chunk.len() as u64;
            while worth != 0 {
                let k = worth.trailing_zeros() as usize;
                worth &= worth - 1;
                // `worth` has bits only below the chunk's length, and the
                // rows come one per arc.
                let (Some(arc), Some(row)) = (chunk.get(k), rows.get(k)) else {
                    unreachable!("a bit of `worth` past the chunk's arcs or rows");
                };
                let mut next = round.store.domain(arc.target).clone();
                if next.intersect_with(row) {
                    self.narrow(round, arc, next)?;
                }
            }
        }
        Ok(())
    }

    /// Revises the arcs out of `x`, laid out by target: `row(t)` gives the
    /// values that `x` supports in the variable `t` (its row for the value
    /// of `x`, or their union for a few values). Settles `x` first when it
    /// has a single value (`single`).
    ///
    /// Arcs into settled targets are skipped: when a variable `t` with the
    /// single value `b` is settled, the arcs out of it are revised, so that
    /// every value of each neighbour agrees with `b` (or the neighbour was
    /// settled already, with a value `a` whose own revision left `t` only
    /// values that agree with `a`). Domains only shrink along a branch,
    /// and the settled set is restored with them, so that `b` keeps a
    /// support in every neighbour: revising `t` removes nothing. Two
    /// single-valued variables that disagree are still caught: the one
    /// settled first revises the arc into the other, not settled yet, and
    /// empties it.
    #[inline]
    fn revise_by_target<O: Observer<D>, R: Borrow<D>>(
        &mut self,
        round: &mut Round<'_, D, O>,
        x: u32,
        single: bool,
        row: impl Fn(usize) -> Option<R>,
    ) -> Result<(), Cause> {
        let network = round.network;
        let open = network.vars[x as usize].targets & !round.store.settled();
        if single {
            round.store.settle(x);
        }
        // First, without branches on the data, the targets that lose values
        // (as bits, by variable); then those are narrowed.
        let domains = round.store.domains();
        let mut worth = 0u64;
        let mut rest = open;
        let mut revised = 0;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            revised += 1;
            if let (Some(target), Some(row)) = (domains.get(t), row(t)) {
                worth |= u64::from(!target.is_subset(row.borrow())) << t;
            }
        }
        self.propagations += revised;
        if worth == 0 {
            return Ok(());
        }
        let n = round.store.len();
        let arc_at = network.arc_at.get(x as usize * n..).unwrap_or(&[]);
        let arcs = network.arcs_of(x);
        while worth != 0 {
            let t = worth.trailing_zeros() as usize;
            worth &= worth - 1;
            // A bit of `worth` is a target with an arc from `x` (the laid
            // out variables' arcs go to distinct targets), so both exist.
            let (Some(&k), Some(row)) = (arc_at.get(t), row(t)) else {
                unreachable!("a target of `worth` without an arc from the variable");
            };
            let Some(arc) = arcs.get(k as usize) else {
                unreachable!("an arc index past the variable's arcs");
            };
            let mut next = round.store.domain(arc.target).clone();
            if next.intersect_with(row.borrow()) {
                self.narrow(round, arc, next)?;
            }
        }
        Ok(())
    }

    /// Revises the arcs out of `x`, which has several values.
    #[inline(always)]
    fn revise_from_several<O: Observer<D>>(
        &mut self,
        round: &mut Round<'_, D, O>,
        x: u32,
    ) -> Result<(), Cause> {
        let network = round.network;
        let from = round.store.domain(x).clone();
        let from_len = from.len();
        if from_len > self.info[x as usize].most_conflicts {
            return Ok(()); // every arc out of `x` keeps all its supports
        }
        if from_len <= FEW_VALUES && network.vars[x as usize].laid_out {
            return self.revise_from_few(round, x, &from);
        }
        for chunk in network.arcs_of(x).chunks(64) {
            // First, without branches (which way they would go depends on
            // the data, so they would often be mispredicted), the arcs
            // worth revising, as bits. An arc is not when every value of
            // the target keeps a support (`from_len > conflicts`), or when
            // the target has a single value: the queue of single-valued
            // variables is emptied before this one is popped, so such a
            // target was revised from as single already (and its arc back
            // made `x` agree with it; domains only shrink), or it waits in
            // that queue and its arc back will.
            let mut worth = 0u64;
            let domains = round.store.domains();
            for (k, arc) in chunk.iter().enumerate() {
                let several = domains[arc.target as usize].single_value().is_none();
                let useful = (from_len <= arc.conflicts) & several;
                worth |= u64::from(useful) << k;
            }
            while worth != 0 {
                let arc = &chunk[worth.trailing_zeros() as usize];
                worth &= worth - 1;
                self.propagations += 1;
                let revised = network.revise(
                    arc,
                    &mut self.residues,
                    &from,
                    from_len,
                    round.store.domain(arc.target),
                );
                if let Some(next) = revised {
                    self.narrow(round, arc, next)?;
                }
            }
        }
        Ok(())
    }

    /// Revises the arcs out of `x`, whose domain `from` has a few values
    /// (at most [`FEW_VALUES`]): each target keeps the union of their rows.
    #[inline(always)]
    fn revise_from_few<O: Observer<D>>(
        &mut self,
        round: &mut Round<'_, D, O>,
        x: u32,
        from: &D,
    ) -> Result<(), Cause> {
        let network = round.network;
        let entry = &network.vars[x as usize];
        // The rows of all arcs for each value, side by side; the last one
        // repeated to make three (a union does not mind).
        let mut values: [&[D]; FEW_VALUES as usize] = [&[]; FEW_VALUES as usize];
        let mut found = 0;
        for a in from.iter() {
            // A value without rows supports nothing (but the domains only
            // shrink from those the rows were made for).
            if let (Some(rows), Some(slot)) = (network.value_rows(entry, a), values.get_mut(found))
            {
                *slot = rows;
                found += 1;
            }
        }
        let Some(&last) = found.checked_sub(1).and_then(|i| values.get(i)) else {
            return match network.arcs_of(x).first() {
                Some(arc) => Err(Cause::Constraint(arc.id)),
                None => Ok(()),
            };
        };
        for slot in values.iter_mut().skip(found) {
            *slot = last;
        }
        let [r0, r1, r2] = values;
        if entry.targets != 0 {
            // The three slices have the width of the block.
            let width = r0.len().min(r1.len()).min(r2.len());
            let row = |t: usize| (t < width).then(|| union_of_three(&r0[t], &r1[t], &r2[t]));
            return self.revise_by_target(round, x, false, row);
        }
        let arcs = network.arcs_of(x);
        let from_len = from.len();
        let reach = |k: usize| union_of_three(&r0[k], &r1[k], &r2[k]);
        for start in (0..arcs.len()).step_by(64) {
            let end = arcs.len().min(start + 64);
            let chunk = &arcs[start..end];
            // First, without branches, the arcs whose target loses values.
            let domains = round.store.domains();
            let reaches = r0[start..end]
                .iter()
                .zip(&r1[start..end])
                .zip(&r2[start..end])
                .map(|((a, b), c)| union_of_three(a, b, c));
            let mut worth = arcs_losing(chunk.iter().zip(reaches), domains, from_len);
            self.propagations += chunk.len() as u64;
            while worth != 0 {
                let k = worth.trailing_zeros() as usize;
                worth &= worth - 1;
                let arc = &chunk[k];
                let mut next = round.store.domain(arc.target).clone();
                if next.intersect_with(&reach(start + k)) {
                    self.narrow(round, arc, next)?;
                }
            }
        }
        Ok(())
    }

    /// Replaces the domain of `arc`'s target by `next`, a strict subset
    /// found by revising `arc`, and schedules the target; fails when
    /// `next` is empty.
    #[inline(always)]
    fn narrow<O: Observer<D>>(
        &mut self,
        round: &mut Round<'_, D, O>,
        arc: &Arc,
        next: D,
    ) -> Result<(), Cause> {
        let network = round.network;
        let target = arc.target;
        let cause = Cause::Constraint(arc.id);
        if next.is_empty() {
            return Err(cause);
        }
        let single = next.single_value().is_some();
        if round.report {
            let before = round.store.domain(target).clone();
            round.store.set_quietly(target, next);
            round.observer.on_reduction(&Reduction {
                var: Var(target),
                before: &before,
                after: round.store.domain(target),
                cause,
                depth: round.depth,
            });
        } else {
            round.store.set_quietly(target, next);
        }
        self.schedule_var(network, target, single, None);
        Ok(())
    }

    fn clear_queues(&mut self) {
        while let Some(x) = self.queues[1].pop() {
            self.info[x as usize].queued = IDLE;
        }
        while let Some(x) = self.queues[0].pop() {
            self.info[x as usize].queued = IDLE;
        }
        for g in self.global_queue.drain(..) {
            self.global_queued[g as usize] = false;
        }
    }

    /// Whether the full assignment `values` satisfies every global
    /// constraint. (Relations need no check: once both variables have one
    /// value, revising leaves the target empty unless the pair is allowed.)
    pub(crate) fn check(&self, values: &[u32]) -> bool {
        self.globals.iter().all(|c| c.check(values))
    }
}
