//! The observer hook: every domain reduction is reported, with a cause that
//! is a decision or a constraint on that variable, and replaying the
//! reductions on the initial domains reproduces the solver's domains.

use kongming_search::csp::{Cause, Model, Observer, Reduction, SmallDomain, Solver, Var};

#[derive(Clone, Debug, PartialEq)]
struct Event {
    var: Var,
    before: u64,
    after: u64,
    cause: Cause,
    depth: usize,
}

#[derive(Clone, Default)]
struct Recorder {
    events: Vec<Event>,
    conflicts: usize,
    backtracks: usize,
}

impl Observer<SmallDomain> for Recorder {
    fn on_reduction(&mut self, r: &Reduction<'_, SmallDomain>) {
        self.events.push(Event {
            var: r.var,
            before: r.before.bits(),
            after: r.after.bits(),
            cause: r.cause,
            depth: r.depth,
        });
    }
    fn on_conflict(&mut self, _: Cause, _: usize) {
        self.conflicts += 1;
    }
    fn on_backtrack(&mut self, _: usize) {
        self.backtracks += 1;
    }
}

/// A small logic puzzle: 4 people in 4 houses, some clues as constraints.
fn puzzle() -> (Model<SmallDomain>, Vec<Var>) {
    let mut model = Model::new();
    let v = model.new_vars(4, 0, 3).expect("fits");
    model.all_different(&v);
    model.relation(v[0], v[1], |a, b| b == a + 1); // 1 lives just right of 0
    model.relation(v[2], v[3], |a, b| a.abs_diff(b) == 2);
    model.fix(v[1], 2);
    (model, v)
}

#[test]
fn root_reductions_replay_to_the_propagated_domains() {
    let (model, vars) = puzzle();
    let initial: Vec<u64> = vars.iter().map(|&v| model.domain(v).bits()).collect();
    let scopes_ok = |event: &Event| match event.cause {
        Cause::Decision => true,
        Cause::Constraint(c) => match c.index() {
            0 => true,
            1 => [vars[0], vars[1]].contains(&event.var),
            2 => [vars[2], vars[3]].contains(&event.var),
            _ => false,
        },
        _ => false,
    };
    let solver = Solver::new(model).with_observer(Recorder::default());
    let events = &solver.observer().events;
    assert!(!events.is_empty());
    let mut domains = initial;
    for e in events {
        assert_eq!(e.depth, 0);
        assert_eq!(
            domains[e.var.index()],
            e.before,
            "before matches the replayed domain"
        );
        assert_eq!(e.after & !e.before, 0, "a reduction only removes values");
        assert_ne!(e.after, e.before, "a reduction removes something");
        assert!(
            scopes_ok(e),
            "cause {:?} does not involve {}",
            e.cause,
            e.var
        );
        domains[e.var.index()] = e.after;
    }
    // Replaying every reported reduction gives the solver's root domains.
    let mac = solver.into_mac();
    let now: Vec<u64> = vars.iter().map(|&v| mac.domain(v).bits()).collect();
    assert_eq!(domains, now);
}

#[test]
fn search_reductions_are_reported_with_depth_and_backtracks() {
    let mut model = Model::<SmallDomain>::new();
    let v = model.new_vars(5, 0, 4).expect("fits");
    model.all_different(&v);
    let mut solver = Solver::new(model).with_observer(Recorder::default());
    assert_eq!(solver.count(), 120);
    let rec = solver.observer();
    assert!(
        rec.events
            .iter()
            .any(|e| e.cause == Cause::Decision && e.depth >= 1)
    );
    assert!(rec.events.iter().all(|e| e.after & !e.before == 0));
    assert_eq!(rec.backtracks as u64, solver.stats().backtracks);
    // Decisions reduce a domain to a single value.
    for e in rec.events.iter().filter(|e| e.cause == Cause::Decision) {
        assert_eq!(e.after.count_ones(), 1);
    }
}

#[test]
fn conflicts_are_reported() {
    let mut model = Model::<SmallDomain>::new();
    let v = model.new_vars(3, 0, 1).expect("fits");
    model.all_different(&v);
    let mut solver = Solver::new(model).with_observer(Recorder::default());
    assert_eq!(solver.count(), 0);
    assert_eq!(solver.observer().conflicts, 1);
    assert_eq!(solver.stats().failures, 1);
}

#[test]
fn an_empty_model_domain_is_a_counted_root_conflict() {
    let mut model = Model::<SmallDomain>::new();
    let x = model.new_var(0, 3).expect("fits");
    model.fix(x, 7);
    let mut solver = Solver::new(model).with_observer(Recorder::default());
    assert_eq!(solver.count(), 0);
    assert_eq!(solver.stats().failures, 1);
    assert_eq!(solver.observer().conflicts, 1);
}
