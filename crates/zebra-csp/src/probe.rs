//! The search state: MAC on the puzzle's CSP, with singleton arc consistency
//! at every node when asked, and the watch that lets a budget's clock and
//! cancel flag stop singleton tests (much slower than case splits).

use kongming_search::control::{Budget, Meter, StopReason};
use kongming_search::csp::{
    Ascending, Assignment, Decision, DomWdeg, Domain, Mac, Model, NoObserver, Observer,
    SmallDomain, Var,
};
use kongming_search::dfs::Problem;

use crate::network::Network;

/// The MAC state this crate searches with. dom/wdeg rather than MRV: with
/// MRV, placing one value of a category shrinks its siblings' domains, so
/// the search fills whole categories first and meets a contradiction among
/// other values once per arrangement of those categories; dom/wdeg learns
/// from the first failures to branch on the values involved.
pub(crate) type Core<O> = Mac<SmallDomain, DomWdeg, Ascending, O>;

/// Builds the MAC state of `model` with `observer` (root propagation done).
pub(crate) fn core<O: Observer<SmallDomain>>(model: Model<SmallDomain>, observer: O) -> Core<O> {
    Mac::with_parts(model, DomWdeg::default(), Ascending, observer)
}

/// A budget's time limit and cancel flag, looked at while singleton tests
/// run: one test (a copy of the state and a propagation) costs far more
/// than a case split, so they are counted as units of their own, and the
/// clock and the flag are read every few thousand of them. The node limit
/// stays with the case splits.
#[derive(Clone, Debug)]
pub(crate) struct Watch {
    meter: Meter,
    tests: u64,
    stopped: Option<StopReason>,
}

impl Watch {
    /// The watch of `budget`, or `None` when it has neither a time limit nor
    /// a cancel flag (nothing to look at).
    pub(crate) fn of(budget: &Budget) -> Option<Watch> {
        let mut watched = Budget::unlimited();
        if let Some(limit) = budget.time_limit() {
            watched = watched.with_time_limit(limit);
        }
        if let Some(flag) = budget.cancel_flag() {
            watched = watched.with_cancel_flag(flag.clone());
        }
        (budget.time_limit().is_some() || budget.cancel_flag().is_some()).then(|| Watch {
            meter: watched.start(),
            tests: 0,
            stopped: None,
        })
    }

    /// Counts one test; why the work must stop, if it must (once
    /// stopped, it stays stopped).
    pub(crate) fn tick(&mut self) -> Option<StopReason> {
        if self.stopped.is_none() {
            self.tests += 1;
            self.stopped = self.meter.exceeded(self.tests);
        }
        self.stopped
    }

    /// Why the watch stopped the tests, if it did.
    pub(crate) fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }
}

/// Singleton arc consistency at the current node of `mac`, to a fixpoint:
/// each value of each variable is tried on a clone; a value whose
/// propagation fails is excluded for real ([`Mac::exclude`], which observers
/// see as `Cause::Caller`). Returns the number of values excluded.
///
/// When `watch` says stop, the pass ends where it is: the state is sound
/// (every value removed is impossible), only less reduced.
pub(crate) fn singleton_consistency<O: Observer<SmallDomain> + Clone>(
    mac: &mut Core<O>,
    vars: &[Var],
    mut watch: Option<&mut Watch>,
) -> u64 {
    let mut removed = 0;
    let mut changed = true;
    while changed && !mac.is_failed() {
        changed = false;
        for &var in vars {
            let domain = *mac.domain(var);
            if domain.len() < 2 {
                continue;
            }
            for value in domain.iter() {
                if !mac.domain(var).contains(value) {
                    continue;
                }
                if watch.as_mut().is_some_and(|w| w.tick().is_some()) {
                    return removed;
                }
                let mut probe = mac.clone();
                if !probe.assign(var, value) {
                    removed += 1;
                    changed = true;
                    if !mac.exclude(var, value) {
                        return removed;
                    }
                }
            }
        }
    }
    removed
}

/// MAC search, with singleton consistency after each decision when asked.
#[derive(Clone)]
pub(crate) struct Probe {
    /// Boxed: a solver moves its probe a few times as it starts, and the
    /// state is large.
    mac: Box<Core<NoObserver>>,
    vars: Vec<Var>,
    singleton: bool,
    /// Values removed by singleton consistency.
    pub(crate) removed: u64,
    /// The budget's clock and flag, for the singleton tests.
    pub(crate) watch: Option<Watch>,
}

impl Probe {
    /// Propagates `network` at the root, with singleton consistency if
    /// asked (watched by `watch`): the search state and the variables.
    pub(crate) fn compile(
        network: Network,
        singleton: bool,
        watch: Option<Watch>,
    ) -> (Vec<Vec<Var>>, Probe) {
        let mut all: Vec<Var> = Vec::with_capacity(network.vars.iter().map(Vec::len).sum());
        all.extend(network.vars.iter().flatten());
        let mut probe = Probe {
            mac: Box::new(core(network.model, NoObserver)),
            vars: all,
            singleton,
            removed: 0,
            watch,
        };
        probe.reduce();
        (network.vars, probe)
    }

    /// Singleton consistency at the current node, when it is on and the
    /// watch has not stopped it.
    fn reduce(&mut self) {
        let stopped = self.watch.as_ref().is_some_and(|w| w.stopped().is_some());
        if self.singleton && !stopped && !self.mac.is_failed() {
            self.removed += singleton_consistency(&mut self.mac, &self.vars, self.watch.as_mut());
        }
    }
}

impl Problem for Probe {
    type Move = Decision;
    type Solution = Assignment;

    fn moves(&self, out: &mut Vec<Decision>) {
        self.mac.moves(out);
    }

    fn apply(&mut self, mv: &Decision) {
        self.mac.apply(mv);
        self.reduce();
    }

    fn undo(&mut self, mv: &Decision) {
        self.mac.undo(mv);
    }

    fn solution(&self) -> Option<Assignment> {
        self.mac.solution()
    }

    fn is_solution(&self) -> bool {
        self.mac.is_solution()
    }

    fn prune(&self) -> bool {
        self.mac.prune()
    }
}

/// Whether the root propagation alone (with singleton consistency if
/// asked, watched by `watch`) fixes every value; used to grade puzzles.
/// Also the values singleton consistency removed.
pub(crate) fn root_settles(
    network: &Network,
    singleton: bool,
    watch: Option<&mut Watch>,
) -> (bool, u64) {
    let mut mac = core(network.model.clone(), NoObserver);
    let mut removed = 0;
    if singleton && !mac.is_failed() {
        let all: Vec<Var> = network.vars.iter().flatten().copied().collect();
        removed = singleton_consistency(&mut mac, &all, watch);
    }
    let settled = !mac.is_failed() && mac.domains().iter().all(|d| d.len() == 1);
    (settled, removed)
}
