//! Builds a small CSP from the input bytes and checks that the solver finds
//! exactly the solutions of a brute-force enumeration.
//!
//! Every constraint constructor of the model is used (tabulated relations,
//! relations from rows, a variable related to itself, `equal`,
//! `not_equal`, `all_different`, `linear`, `sum`), as are the domain edits
//! (`fix`, `restrict`, `exclude`), both domain types (values offset past 64
//! for `LargeDomain`) and every variable and value order.
#![no_main]

use arbitrary::Unstructured;
use kongming_search::csp::{
    Ascending, Comparison, Descending, DomWdeg, Domain, InputOrder, LargeDomain, Model, Mrv,
    Observer, SmallDomain, Solver, ValueOrder, Var, VariableOrder,
};
use libfuzzer_sys::fuzz_target;

/// Values are drawn from `base..base + VALUES`; at most `MAX_VARS`
/// variables, so the brute force visits at most 5^6 assignments.
const VALUES: u32 = 5;
const MAX_VARS: usize = 6;

#[derive(Debug)]
enum Spec {
    /// Allowed pairs as bits of a 25-bit table (`x == y` is a relation of
    /// a variable with itself).
    Table {
        x: usize,
        y: usize,
        allowed: u32,
    },
    /// The same table, given as rows.
    Rows {
        x: usize,
        y: usize,
        allowed: u32,
    },
    Equal(usize, usize),
    NotEqual(usize, usize),
    AllDifferent(Vec<usize>),
    Linear {
        terms: Vec<(i64, usize)>,
        comparison: Comparison,
        rhs: i64,
    },
    Sum {
        vars: Vec<usize>,
        comparison: Comparison,
        rhs: i64,
    },
    Fix(usize, u32),
    Restrict(usize, u32, u32),
    Exclude(usize, u32),
}

fn compare(sum: i64, comparison: Comparison, rhs: i64) -> bool {
    match comparison {
        Comparison::Equal => sum == rhs,
        Comparison::AtMost => sum <= rhs,
        Comparison::AtLeast => sum >= rhs,
    }
}

impl Spec {
    /// Whether the constraint holds; `values` are offsets from the base.
    fn holds(&self, values: &[u32], base: u32) -> bool {
        let table = |allowed: u32, a: u32, b: u32| allowed >> (a * VALUES + b) & 1 == 1;
        let value = |v: usize| i64::from(values[v] + base);
        match self {
            Spec::Table { x, y, allowed } | Spec::Rows { x, y, allowed } => {
                table(*allowed, values[*x], values[*y])
            }
            Spec::Equal(x, y) => values[*x] == values[*y],
            Spec::NotEqual(x, y) => values[*x] != values[*y],
            Spec::AllDifferent(vars) => (0..vars.len())
                .all(|i| (i + 1..vars.len()).all(|j| values[vars[i]] != values[vars[j]])),
            Spec::Linear {
                terms,
                comparison,
                rhs,
            } => compare(
                terms.iter().map(|&(c, v)| c * value(v)).sum(),
                *comparison,
                *rhs,
            ),
            Spec::Sum {
                vars,
                comparison,
                rhs,
            } => compare(vars.iter().map(|&v| value(v)).sum(), *comparison, *rhs),
            Spec::Fix(x, v) => values[*x] == *v,
            Spec::Restrict(x, lo, hi) => (*lo..=*hi).contains(&values[*x]),
            Spec::Exclude(x, v) => values[*x] != *v,
        }
    }
}

#[derive(Debug)]
struct Case {
    large: bool,
    base: u32,
    domains: Vec<Vec<u32>>,
    specs: Vec<Spec>,
    variable_order: u8,
    descending: bool,
}

fn build(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
    let large = u.arbitrary()?;
    let base = if large { *u.choose(&[0, 60, 200])? } else { 0 };
    let n = u.int_in_range(1..=MAX_VARS)?;
    let mut domains = Vec::with_capacity(n);
    for _ in 0..n {
        let mask = u.int_in_range(1u32..=(1 << VALUES) - 1)?;
        domains.push((0..VALUES).filter(|v| mask >> v & 1 == 1).collect());
    }
    let vars_subset = |u: &mut Unstructured<'_>| -> arbitrary::Result<Vec<usize>> {
        let mut vars = Vec::new();
        for v in 0..n {
            if u.arbitrary()? {
                vars.push(v);
            }
        }
        Ok(vars)
    };
    let comparisons = [Comparison::Equal, Comparison::AtMost, Comparison::AtLeast];
    let mut specs = Vec::new();
    for _ in 0..u.int_in_range(0..=7)? {
        let spec = match u.int_in_range(0..=9)? {
            0 => Spec::Table {
                x: u.choose_index(n)?,
                y: u.choose_index(n)?,
                allowed: u.arbitrary()?,
            },
            1 => Spec::Rows {
                x: u.choose_index(n)?,
                y: u.choose_index(n)?,
                allowed: u.arbitrary()?,
            },
            2 => Spec::Equal(u.choose_index(n)?, u.choose_index(n)?),
            3 => Spec::NotEqual(u.choose_index(n)?, u.choose_index(n)?),
            4 => Spec::AllDifferent(vars_subset(u)?),
            5 => {
                let mut terms = Vec::new();
                for _ in 0..u.int_in_range(1..=4)? {
                    terms.push((u.int_in_range(-4i64..=4)?, u.choose_index(n)?));
                }
                let offset: i64 = terms.iter().map(|&(c, _)| c * i64::from(base)).sum();
                Spec::Linear {
                    terms,
                    comparison: *u.choose(&comparisons)?,
                    rhs: offset + u.int_in_range(-20i64..=20)?,
                }
            }
            6 => {
                let vars = vars_subset(u)?;
                let offset = vars.len() as i64 * i64::from(base);
                Spec::Sum {
                    vars,
                    comparison: *u.choose(&comparisons)?,
                    rhs: offset + u.int_in_range(0i64..=20)?,
                }
            }
            7 => Spec::Fix(u.choose_index(n)?, u.int_in_range(0..=VALUES - 1)?),
            8 => {
                let lo = u.int_in_range(0..=VALUES - 1)?;
                Spec::Restrict(u.choose_index(n)?, lo, u.int_in_range(0..=VALUES)?)
            }
            _ => Spec::Exclude(u.choose_index(n)?, u.int_in_range(0..=VALUES - 1)?),
        };
        specs.push(spec);
    }
    Ok(Case {
        large,
        base,
        domains,
        specs,
        variable_order: u.int_in_range(0..=3)?,
        descending: u.arbitrary()?,
    })
}

fn brute_force(case: &Case) -> Vec<Vec<u32>> {
    let domains = &case.domains;
    let mut out = Vec::new();
    let mut values = vec![0; domains.len()];
    let mut index = vec![0usize; domains.len()];
    loop {
        for (i, d) in domains.iter().enumerate() {
            values[i] = d[index[i]];
        }
        if case.specs.iter().all(|s| s.holds(&values, case.base)) {
            out.push(values.iter().map(|v| v + case.base).collect());
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

fn model<D: Domain>(case: &Case) -> (Model<D>, Vec<Var>) {
    let base = case.base;
    let mut model = Model::<D>::new();
    let vars: Vec<Var> = case
        .domains
        .iter()
        .map(|d| {
            model
                .new_var_with_values(d.iter().map(|v| v + base))
                .expect("small values")
        })
        .collect();
    let table = move |allowed: u32, a: u32, b: u32| {
        // Values outside the base's range never pass.
        let (Some(a), Some(b)) = (a.checked_sub(base), b.checked_sub(base)) else {
            return false;
        };
        a < VALUES && b < VALUES && allowed >> (a * VALUES + b) & 1 == 1
    };
    for spec in &case.specs {
        match *spec {
            Spec::Table { x, y, allowed } => {
                model.relation(vars[x], vars[y], move |a, b| table(allowed, a, b));
            }
            Spec::Rows { x, y, allowed } => {
                model.relation_from_rows(vars[x], vars[y], move |a| {
                    let mut row = D::with_capacity(base + VALUES);
                    for b in (base..base + VALUES).filter(|&b| table(allowed, a, b)) {
                        row.insert(b);
                    }
                    row
                });
            }
            Spec::Equal(x, y) => {
                model.equal(vars[x], vars[y]);
            }
            Spec::NotEqual(x, y) => {
                model.not_equal(vars[x], vars[y]);
            }
            Spec::AllDifferent(ref vs) => {
                model.all_different(&vs.iter().map(|&v| vars[v]).collect::<Vec<_>>());
            }
            Spec::Linear {
                ref terms,
                comparison,
                rhs,
            } => {
                let t: Vec<(i64, Var)> = terms.iter().map(|&(c, v)| (c, vars[v])).collect();
                model.linear(&t, comparison, rhs);
            }
            Spec::Sum {
                vars: ref vs,
                comparison,
                rhs,
            } => {
                let vs: Vec<Var> = vs.iter().map(|&v| vars[v]).collect();
                model.sum(&vs, comparison, rhs);
            }
            Spec::Fix(x, v) => model.fix(vars[x], v + base),
            Spec::Restrict(x, lo, hi) => model.restrict(vars[x], lo + base, hi + base),
            Spec::Exclude(x, v) => model.exclude(vars[x], v + base),
        }
    }
    (model, vars)
}

fn all<D, V, W, O>(mut solver: Solver<D, V, W, O>, vars: &[Var]) -> Vec<Vec<u32>>
where
    D: Domain,
    V: VariableOrder<D>,
    W: ValueOrder<D>,
    O: Observer<D>,
{
    solver
        .solutions()
        .map(|s| vars.iter().map(|&v| s[v]).collect())
        .collect()
}

fn solve<D: Domain>(case: &Case) -> Vec<Vec<u32>> {
    let (model, vars) = model::<D>(case);
    let solver = Solver::new(model);
    let descending = case.descending;
    match case.variable_order {
        0 if descending => all(
            solver
                .with_variable_order(InputOrder)
                .with_value_order(Descending),
            &vars,
        ),
        0 => all(
            solver
                .with_variable_order(InputOrder)
                .with_value_order(Ascending),
            &vars,
        ),
        1 if descending => all(
            solver
                .with_variable_order(Mrv::default())
                .with_value_order(Descending),
            &vars,
        ),
        1 => all(solver.with_variable_order(Mrv::default()), &vars),
        2 if descending => all(
            solver
                .with_variable_order(Mrv::without_degree())
                .with_value_order(Descending),
            &vars,
        ),
        2 => all(solver.with_variable_order(Mrv::without_degree()), &vars),
        _ if descending => all(
            solver
                .with_variable_order(DomWdeg::default())
                .with_value_order(Descending),
            &vars,
        ),
        _ => all(solver.with_variable_order(DomWdeg::default()), &vars),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(case) = build(&mut u) else {
        return;
    };
    let mut found = if case.large {
        solve::<LargeDomain>(&case)
    } else {
        solve::<SmallDomain>(&case)
    };
    let count = found.len();
    found.sort();
    found.dedup();
    assert_eq!(found.len(), count, "a solution reported twice");
    let mut expected = brute_force(&case);
    expected.sort();
    assert_eq!(found, expected, "{case:?}");
});
