//! Property tests on dense binary models: a random table relation between
//! most pairs of variables, so that every variable has arcs into most of
//! the others (the propagator lays their rows out by target and skips the
//! arcs into settled variables). Solutions agree with a brute-force
//! enumeration written here, under every variable order, with both domain
//! types: a search that did not restore on backtrack what it knows of the
//! settled variables would skip arcs it must revise, and find assignments
//! that break a relation.

use kongming_search::csp::{
    Descending, DomWdeg, Domain, InputOrder, LargeDomain, Model, Mrv, SmallDomain, Solver, Var,
};
use proptest::prelude::*;

mod common;
use common::solutions_of;

/// Values of every variable are drawn from `0..VALUES`.
const VALUES: u32 = 4;

/// A random dense model: domains, and relations as allowed pairs (bit
/// `a * VALUES + b` of `allowed` for `x = a, y = b`).
#[derive(Clone, Debug)]
struct Dense {
    domains: Vec<Vec<u32>>,
    relations: Vec<(usize, usize, u16)>,
    /// Variables under one all-different constraint (none when empty).
    all_different: Vec<usize>,
}

impl Dense {
    fn holds(&self, values: &[u32]) -> bool {
        self.relations
            .iter()
            .all(|&(x, y, allowed)| allowed >> (values[x] * VALUES + values[y]) & 1 == 1)
            && (0..self.all_different.len()).all(|i| {
                (i + 1..self.all_different.len())
                    .all(|j| values[self.all_different[i]] != values[self.all_different[j]])
            })
    }

    /// Every assignment that satisfies the model, by plain enumeration.
    fn brute_force(&self) -> Vec<Vec<u32>> {
        self.enumerate(vec![Vec::new(); self.domains.len()])
    }

    /// The same solutions by backtracking that checks each relation as
    /// soon as both its variables have values (for models too large to
    /// enumerate; dense random tables leave few partial assignments).
    fn backtrack(&self) -> Vec<Vec<u32>> {
        let mut closing = vec![Vec::new(); self.domains.len()];
        for &(x, y, allowed) in &self.relations {
            closing[x.max(y)].push((x, y, allowed));
        }
        self.enumerate(closing)
    }

    /// The assignments, in order, that satisfy every constraint, checking
    /// `closing[k]` (relations whose later variable is `k`) as soon as
    /// variable `k` has its value, and everything at the end.
    fn enumerate(&self, closing: Vec<Vec<(usize, usize, u16)>>) -> Vec<Vec<u32>> {
        let mut all = Vec::new();
        let mut values = vec![0; self.domains.len()];
        self.extend(0, &closing, &mut values, &mut all);
        all
    }

    fn extend(
        &self,
        k: usize,
        closing: &[Vec<(usize, usize, u16)>],
        values: &mut Vec<u32>,
        all: &mut Vec<Vec<u32>>,
    ) {
        if k == self.domains.len() {
            if self.holds(values) {
                all.push(values.clone());
            }
            return;
        }
        for &v in &self.domains[k] {
            values[k] = v;
            let fits = closing[k]
                .iter()
                .all(|&(x, y, allowed)| allowed >> (values[x] * VALUES + values[y]) & 1 == 1);
            if fits {
                self.extend(k + 1, closing, values, all);
            }
        }
    }

    fn model<D: Domain>(&self) -> (Model<D>, Vec<Var>) {
        let mut model = Model::<D>::new();
        let vars: Vec<Var> = self
            .domains
            .iter()
            .map(|d| {
                model
                    .new_var_with_values(d.iter().copied())
                    .expect("small values")
            })
            .collect();
        for &(x, y, allowed) in &self.relations {
            model.relation(vars[x], vars[y], move |a, b| {
                allowed >> (a * VALUES + b) & 1 == 1
            });
        }
        if !self.all_different.is_empty() {
            model.all_different(
                &self
                    .all_different
                    .iter()
                    .map(|&v| vars[v])
                    .collect::<Vec<_>>(),
            );
        }
        (model, vars)
    }
}

fn dense() -> impl Strategy<Value = Dense> {
    dense_in(4..=7, false)
}

/// Dense models of `sizes` variables; `loose` tables allow seven pairs of
/// values in eight (else three in four), so that large models keep some
/// solutions.
fn dense_in(sizes: std::ops::RangeInclusive<usize>, loose: bool) -> impl Strategy<Value = Dense> {
    sizes.prop_flat_map(move |n| {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|x| (x + 1..n).map(move |y| (x, y)))
            .collect();
        let count = pairs.len();
        (
            proptest::collection::vec(
                proptest::sample::subsequence((0..VALUES).collect::<Vec<_>>(), 1..=4),
                n,
            ),
            // Per pair: whether it has a relation (most do), which way
            // round, and its table (mostly permissive, so that searches go
            // deep).
            proptest::collection::vec(
                (
                    0u8..8,
                    any::<bool>(),
                    any::<u16>(),
                    any::<u16>(),
                    any::<u16>(),
                ),
                count,
            ),
            proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 0..=3),
            // Sometimes a second relation on the first pair.
            any::<bool>(),
        )
            .prop_map(move |(domains, per_pair, all_different, twice)| {
                let mut relations = Vec::new();
                for (&(x, y), &(keep, swap, a, b, c)) in pairs.iter().zip(&per_pair) {
                    if keep == 0 {
                        continue;
                    }
                    let (x, y) = if swap { (y, x) } else { (x, y) };
                    relations.push((x, y, if loose { a | b | c } else { a | b }));
                }
                if twice && let Some(&first) = relations.first() {
                    relations.push((first.0, first.1, first.2 | 0x5555));
                }
                let all_different = if all_different.len() >= 2 {
                    all_different
                } else {
                    Vec::new()
                };
                Dense {
                    domains,
                    relations,
                    all_different,
                }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn dense_models_agree_with_brute_force_for_every_order(p in dense()) {
        let expected = p.brute_force();
        let (model, vars) = p.model::<SmallDomain>();
        let mut solver = Solver::new(model.clone());
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected.clone());
        let mut solver = Solver::new(model.clone()).with_variable_order(Mrv::without_degree());
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected.clone());
        let mut solver = Solver::new(model.clone()).with_variable_order(DomWdeg::default());
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected.clone());
        let mut solver = Solver::new(model.clone())
            .with_variable_order(InputOrder)
            .with_value_order(Descending);
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected.clone());
        let mut solver = Solver::new(model).with_variable_order(InputOrder);
        prop_assert_eq!(solver.count(), expected.len() as u64);

        let (model, vars) = p.model::<LargeDomain>();
        let mut solver = Solver::new(model).with_variable_order(Mrv::without_degree());
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected);
    }

    #[test]
    fn large_dense_models_agree_with_backtracking(p in dense_in(12..=70, true)) {
        // Past 64 variables the settled variables are not recorded: both
        // sides of that limit.
        let expected = p.backtrack();
        let (model, vars) = p.model::<SmallDomain>();
        let mut solver = Solver::new(model.clone()).with_variable_order(Mrv::without_degree());
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected.clone());
        let mut solver = Solver::new(model).with_variable_order(DomWdeg::default());
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected.clone());
        let (model, vars) = p.model::<LargeDomain>();
        let mut solver = Solver::new(model).with_variable_order(InputOrder);
        prop_assert_eq!(solutions_of(&mut solver, &vars, 0), expected);
    }
}
