//! The constraint network and the propagation engine that runs it to a
//! fixpoint.

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
    /// The support rows of every relation, both directions, one after another.
    rows: Vec<D>,
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
/// their tables, and the most conflicts among its arcs.
#[derive(Clone, Copy, Debug, Default)]
struct VarEntry {
    arcs: u32,
    watchers: u32,
    incident: u32,
    /// The largest `conflicts` among the arcs out of the variable. With
    /// more values than that, no arc out of it can remove anything.
    most_conflicts: u32,
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
    /// `rows[forward..forward + forward_len]`: target values per changed value.
    forward: u32,
    forward_len: u32,
    /// `rows[backward..backward + backward_len]`: changed-side values per
    /// target value.
    backward: u32,
    backward_len: u32,
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
        backward: 0,
        backward_len: 0,
        residues: 0,
    };
}

impl<D: Domain> Network<D> {
    /// Revises `target` against `from` for `arc`: the values of `target`
    /// that keep a support among the values of `from`, or `None` when all
    /// of them do. Residues (the support each target value had last time)
    /// are checked first and updated. `from_len` is the number of values of
    /// `from`, at least one.
    #[inline]
    fn revise(
        &self,
        arc: &Arc,
        residues: &mut [u32],
        from: &D,
        from_len: u32,
        target: &D,
    ) -> Option<D> {
        // The row of changed-side value `a`: the target values it supports.
        let forward =
            |a: u32| (a < arc.forward_len).then(|| &self.rows[(arc.forward + a) as usize]);
        if from_len == 1 {
            let a = from.min().expect("one value");
            // One value left: its row is exactly the support.
            let mut next = target.clone();
            let changed = match forward(a) {
                Some(row) => next.intersect_with(row),
                None => next.retain_range(1, 0),
            };
            return changed.then_some(next);
        }
        debug_assert!(from_len >= 1, "an empty domain is never revised from");
        if from_len <= target.len() {
            // Few values left: the union of their rows.
            let mut reach = D::with_capacity(0);
            for row in from.iter().filter_map(forward) {
                reach.union_with(row);
            }
            let mut next = target.clone();
            return next.intersect_with(&reach).then_some(next);
        }
        // Many: check each target value, its residue first.
        let start = arc.residues as usize;
        let residues = &mut residues[start..start + arc.backward_len as usize];
        let backward =
            &self.rows[arc.backward as usize..(arc.backward + arc.backward_len) as usize];
        let mut next: Option<D> = None;
        for b in target.iter() {
            if from.contains(residues[b as usize]) {
                continue;
            }
            match backward
                .get(b as usize)
                .and_then(|row| row.first_common(from))
            {
                Some(a) => residues[b as usize] = a,
                None => {
                    next.get_or_insert_with(|| target.clone()).remove(b);
                }
            }
        }
        next
    }
}

impl<D> Network<D> {
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
/// keeps the "queued" flags), in a ring of one slot per variable.
#[derive(Clone, Debug)]
struct VarQueue {
    slots: Vec<u32>,
    head: usize,
    len: usize,
}

impl VarQueue {
    fn new(vars: usize) -> Self {
        VarQueue {
            slots: vec![0; vars.max(1)],
            head: 0,
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, x: u32) {
        debug_assert!(
            self.len < self.slots.len(),
            "a variable is queued at most once"
        );
        let mut tail = self.head + self.len;
        if tail >= self.slots.len() {
            tail -= self.slots.len();
        }
        self.slots[tail] = x;
        self.len += 1;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let x = self.slots[self.head];
        self.head += 1;
        if self.head == self.slots.len() {
            self.head = 0;
        }
        self.len -= 1;
        Some(x)
    }
}

/// The mutable half: global constraints (they may cache hints), residues,
/// queues.
#[derive(Clone, Debug)]
pub(crate) struct Propagator<D: Domain> {
    pub(crate) network: Shared<Network<D>>,
    pub(crate) globals: Vec<Box<dyn Constraint<D>>>,
    residues: Vec<u32>,
    var_queue: VarQueue,
    var_queued: Vec<bool>,
    global_queue: VecDeque<u32>,
    global_queued: Vec<bool>,
    changes: Vec<(u32, D)>,
    pub(crate) propagations: u64,
}

/// Builds the network and propagator from a model; returns the domains too.
pub(crate) fn build<D: Domain>(model: Model<D>) -> (Vec<D>, Propagator<D>) {
    let (domains, entries, rows) = model.into_parts();
    let n = domains.len();
    let offset = |len: usize| u32::try_from(len).expect("fewer than 2^32 items");
    // First pass: sizes, and each variable's list lengths (at `x + 1`), so
    // that every table is allocated once and filled in place.
    let mut vars = vec![VarEntry::default(); n + 1];
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
                    let most = &mut vars[v.index()].most_conflicts;
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
                for side in 0..2 {
                    let arc = Arc {
                        id,
                        target: ends[1 - side].0,
                        conflicts: conflicts[side],
                        forward: starts[side],
                        forward_len: lens[side],
                        backward: starts[1 - side],
                        backward_len: lens[1 - side],
                        residues: offset(residues.len()),
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
    let network = Network {
        rows,
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
        network: Shared::new(network),
        globals,
        residues,
        var_queue: VarQueue::new(n),
        var_queued: vec![false; n],
        global_queue: VecDeque::with_capacity(g),
        global_queued: vec![false; g],
        changes: Vec::new(),
        propagations: 0,
    };
    (domains, propagator)
}

/// Puts `item` at `table[*cursor]` and advances the cursor.
#[inline]
fn place<T>(table: &mut [T], cursor: &mut u32, item: T) {
    table[*cursor as usize] = item;
    *cursor += 1;
}

impl<D: Domain> Propagator<D> {
    /// Schedules everything: used once at the root.
    pub(crate) fn schedule_all(&mut self) {
        for x in 0..self.var_queued.len() as u32 {
            self.schedule_var(x, None);
        }
    }

    #[inline(always)]
    fn schedule_var(&mut self, x: u32, except: Option<u32>) {
        let i = x as usize;
        let (entry, next) = (self.network.vars[i], self.network.vars[i + 1]);
        // A variable in no binary relation has no arcs out (nor in): there
        // is nothing to revise for it, so it skips the variable queue.
        if entry.arcs != next.arcs && !self.var_queued[i] {
            self.var_queued[i] = true;
            self.var_queue.push(x);
        }
        if entry.watchers != next.watchers {
            self.schedule_watchers(entry.watchers as usize..next.watchers as usize, except);
        }
    }

    /// Queues the global constraints `watchers[range]`, but `except`.
    fn schedule_watchers(&mut self, range: std::ops::Range<usize>, except: Option<u32>) {
        for k in range {
            let g = self.network.watchers[k];
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
            self.schedule_var(*x, source);
        }
        self.changes = changes;
    }

    /// Replaces the domain of `var` by `keep ∩ domain` on behalf of the
    /// caller, and propagates.
    pub(crate) fn restrict<O: Observer<D>>(
        &mut self,
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
            self.dispatch(store, Cause::Caller, None, depth, observer);
        }
        self.run(store, depth, observer)
    }

    /// Assigns `var = value` (a decision) and propagates.
    pub(crate) fn decide<O: Observer<D>>(
        &mut self,
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
            store.set(var.0, d);
            self.dispatch(store, Cause::Decision, None, depth, observer);
        }
        self.run(store, depth, observer)
    }

    /// Propagates until nothing changes, or a constraint fails.
    pub(crate) fn run<O: Observer<D>>(
        &mut self,
        store: &mut Store<D>,
        depth: usize,
        observer: &mut O,
    ) -> Result<(), Cause> {
        let result = self.run_queues(store, depth, observer);
        if result.is_err() {
            self.clear_queues();
            store.discard_changes();
        }
        result
    }

    fn run_queues<O: Observer<D>>(
        &mut self,
        store: &mut Store<D>,
        depth: usize,
        observer: &mut O,
    ) -> Result<(), Cause> {
        let network = Shared::clone(&self.network);
        let report = observer.wants_reductions();
        loop {
            // Cheap binary relations first, one changed variable at a time.
            while let Some(x) = self.var_queue.pop() {
                self.var_queued[x as usize] = false;
                // Revising arcs out of `x` changes other variables only.
                let from_len = store.domain(x).len();
                if from_len > network.vars[x as usize].most_conflicts {
                    continue; // every arc out of `x` keeps all its supports
                }
                let from = store.domain(x).clone();
                for chunk in network.arcs_of(x).chunks(64) {
                    // First, without branches (which way they would go
                    // depends on the data, so they would often be
                    // mispredicted), the arcs worth revising, as bits. An
                    // arc is not when every value of the target keeps a
                    // support (`from_len > conflicts`), or when the target
                    // is settled: it has one value and has been revised
                    // since, so its own arc towards `x` made `x` agree with
                    // it then (or was skipped because `x` was single and
                    // settled the pair the same way), and domains only
                    // shrink. Revising below cannot unsettle a target (it
                    // could only empty it, which stops everything), so the
                    // bits stay right while they are worked through.
                    let mut worth = 0u64;
                    for (k, arc) in chunk.iter().enumerate() {
                        let target = arc.target;
                        let settled = !self.var_queued[target as usize]
                            & store.domain(target).single_value().is_some();
                        let useful = (from_len <= arc.conflicts) & !settled;
                        worth |= u64::from(useful) << k;
                    }
                    while worth != 0 {
                        let arc = &chunk[worth.trailing_zeros() as usize];
                        worth &= worth - 1;
                        let target = arc.target;
                        self.propagations += 1;
                        let revised = network.revise(
                            arc,
                            &mut self.residues,
                            &from,
                            from_len,
                            store.domain(target),
                        );
                        let Some(next) = revised else {
                            continue;
                        };
                        let cause = Cause::Constraint(arc.id);
                        if next.is_empty() {
                            return Err(cause);
                        }
                        if report {
                            let before = store.domain(target).clone();
                            store.set_quietly(target, next);
                            observer.on_reduction(&Reduction {
                                var: Var(target),
                                before: &before,
                                after: store.domain(target),
                                cause,
                                depth,
                            });
                        } else {
                            store.set_quietly(target, next);
                        }
                        self.schedule_var(target, None);
                    }
                }
            }
            // Then one global constraint, and back to the relations.
            let Some(g) = self.global_queue.pop_front() else {
                return Ok(());
            };
            self.global_queued[g as usize] = false;
            self.propagations += 1;
            let cause = Cause::Constraint(network.global_ids[g as usize]);
            let outcome = self.globals[g as usize].propagate(&mut Propagation::new(store));
            if outcome.is_err() {
                return Err(cause);
            }
            let source = network.global_idempotent[g as usize].then_some(g);
            self.dispatch(store, cause, source, depth, observer);
        }
    }

    fn clear_queues(&mut self) {
        while let Some(x) = self.var_queue.pop() {
            self.var_queued[x as usize] = false;
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
