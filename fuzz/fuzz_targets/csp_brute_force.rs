//! Builds a small CSP from the input bytes and checks that the solver finds
//! exactly the solutions of a brute-force enumeration.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use kongming_search::csp::{Comparison, Model, SmallDomain, Solver, Var};
use libfuzzer_sys::fuzz_target;

/// Values are drawn from `0..VALUES`; at most `MAX_VARS` variables, so the
/// brute force visits at most 5^6 assignments.
const VALUES: u32 = 5;
const MAX_VARS: usize = 6;

enum Spec {
    Table {
        x: usize,
        y: usize,
        allowed: u32,
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

fn build(u: &mut Unstructured<'_>) -> arbitrary::Result<(Vec<Vec<u32>>, Vec<Spec>)> {
    let n = u.int_in_range(1..=MAX_VARS)?;
    let mut domains = Vec::with_capacity(n);
    for _ in 0..n {
        let mask = u.int_in_range(1u32..=(1 << VALUES) - 1)?;
        domains.push((0..VALUES).filter(|v| mask >> v & 1 == 1).collect());
    }
    let mut specs = Vec::new();
    for _ in 0..u.int_in_range(0..=6)? {
        let spec = match u.int_in_range(0..=2)? {
            0 => Spec::Table {
                x: u.choose_index(n)?,
                y: u.choose_index(n)?,
                allowed: u32::arbitrary(u)?,
            },
            1 => {
                let mut vars: Vec<usize> = (0..n)
                    .filter(|_| bool::arbitrary(u).unwrap_or(false))
                    .collect();
                vars.dedup();
                Spec::AllDifferent(vars)
            }
            _ => {
                let mut terms = Vec::new();
                for _ in 0..u.int_in_range(1..=4)? {
                    terms.push((u.int_in_range(-4i64..=4)?, u.choose_index(n)?));
                }
                let comparison =
                    *u.choose(&[Comparison::Equal, Comparison::AtMost, Comparison::AtLeast])?;
                Spec::Linear {
                    terms,
                    comparison,
                    rhs: u.int_in_range(-20i64..=20)?,
                }
            }
        };
        specs.push(spec);
    }
    Ok((domains, specs))
}

fn brute_force(domains: &[Vec<u32>], specs: &[Spec]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut values = vec![0; domains.len()];
    let mut index = vec![0usize; domains.len()];
    loop {
        for (i, d) in domains.iter().enumerate() {
            values[i] = d[index[i]];
        }
        if specs.iter().all(|s| s.holds(&values)) {
            out.push(values.clone());
        }
        // Next index vector (odometer).
        let mut i = 0;
        loop {
            if i == domains.len() {
                return out;
            }
            index[i] += 1;
            if index[i] < domains[i].len() {
                break;
            }
            index[i] = 0;
            i += 1;
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok((domains, specs)) = build(&mut u) else {
        return;
    };
    let mut model = Model::<SmallDomain>::new();
    let vars: Vec<Var> = domains
        .iter()
        .map(|d| {
            model
                .new_var_with_values(d.iter().copied())
                .expect("small values")
        })
        .collect();
    for spec in &specs {
        match spec {
            &Spec::Table { x, y, allowed } => {
                model.relation(vars[x], vars[y], move |a, b| {
                    allowed >> (a * VALUES + b) & 1 == 1
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
                let t: Vec<(i64, Var)> = terms.iter().map(|&(c, v)| (c, vars[v])).collect();
                model.linear(&t, *comparison, *rhs);
            }
        }
    }
    let mut found: Vec<Vec<u32>> = Solver::new(model)
        .solutions()
        .map(|s| vars.iter().map(|&v| s[v]).collect())
        .collect();
    found.sort();
    let mut expected = brute_force(&domains, &specs);
    expected.sort();
    assert_eq!(found, expected);
});
