//! The propagation engine: it runs a [`Network`]'s arcs and global
//! constraints to a fixpoint, through the queues of its [`Propagator`].

use std::borrow::Borrow;

use super::constraint::Propagation;
use super::domain::Domain;
use super::network::{Arc, FEW_VALUES, IDLE, Network, Propagator, QUEUED, QUEUED_SINGLE};
use super::observer::{Cause, Observer, Reduction};
use super::store::Store;
use super::var::Var;

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
