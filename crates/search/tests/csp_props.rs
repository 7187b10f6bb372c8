//! Property tests: random small CSPs solved by the library agree with a
//! brute-force enumeration written here, under every variable order, with
//! both domain types.

use kongming_search::control::{Budget, Outcome, StopReason};
use kongming_search::csp::{
    Comparison, Descending, DomWdeg, Domain, InputOrder, LargeDomain, Model, Mrv, SmallDomain,
    Solver, Var,
};
use proptest::prelude::*;

mod common;
use common::solutions_of;

/// Values of every variable are drawn from `0..VALUES`.
const VALUES: u32 = 4;

/// A constraint as the test understands it, checked by the test's own code.
#[derive(Clone, Debug)]
enum Spec {
    /// Allowed pairs `(a, b)`: bit `a * VALUES + b` of the table.
    Table {
        x: usize,
        y: usize,
        allowed: u16,
    },
    AllDifferent(Vec<usize>),
    Linear {
        terms: Vec<(i64, usize)>,
        comparison: Comparison,
        rhs: i64,
    },
}

impl Spec {
    fn holds(&self, values: &[u32]) -> bool {
        match self {
            Spec::Table { x, y, allowed } => allowed >> (values[*x] * VALUES + values[*y]) & 1 == 1,
            Spec::AllDifferent(vars) => (0..vars.len())
                .all(|i| (i + 1..vars.len()).all(|j| values[vars[i]] != values[vars[j]])),
            Spec::Linear {
                terms,
                comparison,
                rhs,
            } => {
                let sum: i64 = terms.iter().map(|&(c, v)| c * i64::from(values[v])).sum();
                match comparison {
                    Comparison::Equal => sum == *rhs,
                    Comparison::AtMost => sum <= *rhs,
                    Comparison::AtLeast => sum >= *rhs,
                }
            }
        }
    }
}

#[derive(Clone, Debug)]
struct Problem {
    domains: Vec<Vec<u32>>,
    constraints: Vec<Spec>,
}

impl Problem {
    /// Every solution, by brute force over the cartesian product.
    fn brute_force(&self) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        let mut values = vec![0; self.domains.len()];
        self.extend(0, &mut values, &mut out);
        out
    }

    fn extend(&self, i: usize, values: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if i == self.domains.len() {
            if self.constraints.iter().all(|c| c.holds(values)) {
                out.push(values.clone());
            }
            return;
        }
        for &v in &self.domains[i] {
            values[i] = v;
            self.extend(i + 1, values, out);
        }
    }

    /// The library's model, with every value shifted by `offset` (to cross
    /// the 64-value boundary with `LargeDomain`).
    fn model<D: Domain>(&self, offset: u32) -> (Model<D>, Vec<Var>) {
        let mut model = Model::new();
        let vars: Vec<Var> = self
            .domains
            .iter()
            .map(|d| {
                model
                    .new_var_with_values(d.iter().map(|v| v + offset))
                    .expect("fits")
            })
            .collect();
        for spec in &self.constraints {
            match spec {
                &Spec::Table { x, y, allowed } => {
                    model.relation(vars[x], vars[y], move |a, b| {
                        allowed >> ((a - offset) * VALUES + (b - offset)) & 1 == 1
                    });
                }
                Spec::AllDifferent(vs) => {
                    model.all_different(&vs.iter().map(|&v| vars[v]).collect::<Vec<_>>());
                }
                Spec::Linear {
                    terms,
                    comparison,
                    rhs,
                } => {
                    let shift: i64 = terms.iter().map(|&(c, _)| c).sum::<i64>() * i64::from(offset);
                    let t: Vec<(i64, Var)> = terms.iter().map(|&(c, v)| (c, vars[v])).collect();
                    model.linear(&t, *comparison, rhs + shift);
                }
            }
        }
        (model, vars)
    }
}

fn spec(n: usize) -> impl Strategy<Value = Spec> {
    let var = 0..n;
    prop_oneof![
        (var.clone(), var.clone(), any::<u16>()).prop_map(|(x, y, allowed)| Spec::Table {
            x,
            y,
            allowed
        }),
        proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 2.min(n)..=n)
            .prop_map(Spec::AllDifferent),
        (
            proptest::collection::vec((-3i64..=3, var), 1..=4),
            prop_oneof![
                Just(Comparison::Equal),
                Just(Comparison::AtMost),
                Just(Comparison::AtLeast)
            ],
            -6i64..=12,
        )
            .prop_map(|(terms, comparison, rhs)| Spec::Linear {
                terms,
                comparison,
                rhs
            }),
    ]
}

fn problem() -> impl Strategy<Value = Problem> {
    (1usize..=7).prop_flat_map(|n| {
        (
            proptest::collection::vec(
                proptest::sample::subsequence((0..VALUES).collect::<Vec<_>>(), 1..=4),
                n,
            ),
            proptest::collection::vec(spec(n), 0..=6),
        )
            .prop_map(|(domains, constraints)| Problem {
                domains,
                constraints,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn solutions_equal_brute_force_for_every_order(p in problem()) {
        let expected = p.brute_force();
        let (model, vars) = p.model::<SmallDomain>(0);

        let mut by_mrv = Solver::new(model.clone());
        let found = solutions_of(&mut by_mrv, &vars, 0);
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(by_mrv.outcome(), Some(Outcome::Complete));
        for s in &found {
            prop_assert!(p.constraints.iter().all(|c| c.holds(s)));
        }

        let mut solver = Solver::new(model.clone()).with_variable_order(Mrv::without_degree());
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected.clone());
        let mut solver = Solver::new(model.clone()).with_variable_order(DomWdeg::default());
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected.clone());
        let mut solver = Solver::new(model.clone()).with_variable_order(InputOrder).with_value_order(Descending);
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected.clone());
        prop_assert_eq!(Solver::new(model).count(), expected.len() as u64);
    }

    #[test]
    fn large_domains_across_a_word_boundary_agree(p in problem()) {
        let expected = p.brute_force();
        let (model, vars) = p.model::<LargeDomain>(62);
        let mut solver = Solver::new(model);
        prop_assert_eq!(solutions_of(&mut solver, &vars, 62), expected);
    }

    #[test]
    fn a_node_budget_stops_cleanly_and_never_overcounts(p in problem(), limit in 0u64..20) {
        let expected = p.brute_force().len() as u64;
        let (model, _) = p.model::<SmallDomain>(0);
        let mut solver = Solver::new(model).budget(Budget::unlimited().with_node_limit(limit));
        let counted = solver.count();
        match solver.outcome() {
            Some(Outcome::Complete) => prop_assert_eq!(counted, expected),
            Some(Outcome::Stopped(StopReason::NodeLimit)) => prop_assert!(counted <= expected),
            other => prop_assert!(false, "unexpected outcome {:?}", other),
        }
    }
}

#[test]
fn relations_over_sparse_large_values_stay_small() {
    // Rows exist only for values in the domains, so two values far apart
    // cost two rows per side, not a table of 100,001 × 100,001 bits.
    let mut model = Model::<LargeDomain>::new();
    let x = model.new_var_with_values([0, 100_000]).expect("fits");
    let y = model.new_var_with_values([0, 100_000]).expect("fits");
    model.not_equal(x, y);
    let mut found: Vec<(u32, u32)> = Solver::new(model)
        .solutions()
        .map(|s| (s[x], s[y]))
        .collect();
    found.sort_unstable();
    assert_eq!(found, [(0, 100_000), (100_000, 0)]);
}
