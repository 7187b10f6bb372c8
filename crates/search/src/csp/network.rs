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
    pub(crate) relations: Vec<Relation<D>>,
    /// Per variable: the arcs to revise when its domain changes.
    pub(crate) arcs: Vec<Vec<Arc>>,
    /// Per variable: the global constraints watching it.
    pub(crate) watchers: Vec<Vec<u32>>,
    /// Per constraint id: its scope.
    pub(crate) scopes: Vec<Vec<Var>>,
    /// Per variable: the constraints whose scope holds it.
    pub(crate) constraints_of: Vec<Vec<ConstraintId>>,
    /// Per relation: its id.
    pub(crate) relation_ids: Vec<ConstraintId>,
    /// Per global constraint: its id.
    pub(crate) global_ids: Vec<ConstraintId>,
    pub(crate) global_idempotent: Vec<bool>,
}

/// One direction of a binary relation: when the variable at `side`
/// changes, the variable `target` is revised.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Arc {
    relation: u32,
    side: u8,
    target: u32,
    /// See [`Relation::conflicts`]: below this many values at `side`, revise.
    conflicts: u32,
    /// Where this arc's residues (one per target value) start.
    residues: u32,
    /// How many residues it has.
    residues_len: u32,
}

/// The mutable half: global constraints (they may cache hints), residues,
/// queues.
#[derive(Clone, Debug)]
pub(crate) struct Propagator<D: Domain> {
    pub(crate) network: Shared<Network<D>>,
    pub(crate) globals: Vec<Box<dyn Constraint<D>>>,
    residues: Vec<u32>,
    var_queue: VecDeque<u32>,
    var_queued: Vec<bool>,
    global_queue: VecDeque<u32>,
    global_queued: Vec<bool>,
    changes: Vec<(u32, D)>,
    pub(crate) propagations: u64,
}

/// Builds the network and propagator from a model; returns the domains too.
pub(crate) fn build<D: Domain>(model: Model<D>) -> (Vec<D>, Propagator<D>) {
    let (domains, entries) = model.into_parts();
    let n = domains.len();
    let mut network = Network {
        relations: Vec::new(),
        arcs: vec![Vec::new(); n],
        watchers: vec![Vec::new(); n],
        scopes: Vec::new(),
        constraints_of: vec![Vec::new(); n],
        relation_ids: Vec::new(),
        global_ids: Vec::new(),
        global_idempotent: Vec::new(),
    };
    let mut globals = Vec::new();
    let mut residues = Vec::new();
    for (index, entry) in entries.into_iter().enumerate() {
        let id = ConstraintId(index as u32);
        match entry {
            Entry::Relation(relation) => {
                let r = network.relations.len() as u32;
                let (x, y) = (relation.x, relation.y);
                network.scopes.push(vec![x, y]);
                network.constraints_of[x.index()].push(id);
                if x != y {
                    for side in 0..2u8 {
                        let from = relation.var(usize::from(side));
                        let target_values = relation.supports[1 - usize::from(side)].len();
                        network.arcs[from.index()].push(Arc {
                            relation: r,
                            side,
                            target: relation.var(1 - usize::from(side)).0,
                            conflicts: relation.conflicts[usize::from(side)],
                            residues: u32::try_from(residues.len()).expect("residues fit u32"),
                            residues_len: u32::try_from(target_values).expect("values fit u32"),
                        });
                        residues.resize(residues.len() + target_values, u32::MAX);
                    }
                    network.constraints_of[y.index()].push(id);
                }
                network.relations.push(relation);
                network.relation_ids.push(id);
            }
            Entry::Global(constraint) => {
                let g = globals.len() as u32;
                let mut scope = constraint.scope().to_vec();
                network.scopes.push(scope.clone());
                scope.sort_unstable();
                scope.dedup();
                for &x in &scope {
                    network.watchers[x.index()].push(g);
                    network.constraints_of[x.index()].push(id);
                }
                network.global_ids.push(id);
                network.global_idempotent.push(constraint.is_idempotent());
                globals.push(constraint);
            }
        }
    }
    let g = globals.len();
    let propagator = Propagator {
        network: Shared::new(network),
        globals,
        residues,
        var_queue: VecDeque::with_capacity(n),
        var_queued: vec![false; n],
        global_queue: VecDeque::with_capacity(g),
        global_queued: vec![false; g],
        changes: Vec::new(),
        propagations: 0,
    };
    (domains, propagator)
}

impl<D: Domain> Propagator<D> {
    /// Schedules everything: used once at the root.
    pub(crate) fn schedule_all(&mut self) {
        for x in 0..self.var_queued.len() as u32 {
            self.schedule_var(x, None);
        }
    }

    #[inline]
    fn schedule_var(&mut self, x: u32, except: Option<u32>) {
        if !self.var_queued[x as usize] {
            self.var_queued[x as usize] = true;
            self.var_queue.push_back(x);
        }
        for &g in &self.network.watchers[x as usize] {
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
            while let Some(x) = self.var_queue.pop_front() {
                self.var_queued[x as usize] = false;
                // Revising arcs out of `x` changes other variables only.
                let from = store.domain(x).clone();
                let from_len = from.len();
                for arc in &network.arcs[x as usize] {
                    if from_len > arc.conflicts {
                        continue; // every value of the target keeps a support
                    }
                    let relation = &network.relations[arc.relation as usize];
                    let target = arc.target;
                    self.propagations += 1;
                    let start = arc.residues as usize;
                    let target_domain = store.domain(target);
                    let residues = &mut self.residues[start..start + arc.residues_len as usize];
                    let Some(next) =
                        relation.revise(usize::from(arc.side), &from, target_domain, residues)
                    else {
                        continue;
                    };
                    let cause = Cause::Constraint(network.relation_ids[arc.relation as usize]);
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
        for x in self.var_queue.drain(..) {
            self.var_queued[x as usize] = false;
        }
        for g in self.global_queue.drain(..) {
            self.global_queued[g as usize] = false;
        }
    }

    /// Whether the full assignment `values` satisfies every constraint.
    pub(crate) fn check(&self, values: &[u32]) -> bool {
        self.network
            .relations
            .iter()
            .all(|r| r.allows(values[r.x.index()], values[r.y.index()]))
            && self.globals.iter().all(|c| c.check(values))
    }
}
